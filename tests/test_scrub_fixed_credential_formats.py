# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Credentials and accounts that a tool or registry fixes and that name nobody (stop 58,
scrubber 1.112.0; issue 35).

The tune damage of batches 157 and 160 (``tests/outside_corpus/SOURCE.md``, "The stop-157
collection", "The stop-160 collection"), one class, fixed by general rules:

* ``words.yaml``'s ``login_not_user``: the user names package registries fix for a token login,
  written in an index URL's userinfo before the token: Google Artifact Registry's
  ``oauth2accesstoken`` (cloud.google.com, artifact-registry/docs/python/authentication:
  ``https://oauth2accesstoken:$ACCESS_TOKEN@LOCATION-python.pkg.dev/…``), AWS CodeArtifact's
  ``aws`` (docs.aws.amazon.com, codeartifact/latest/ug/python-configure-pip.html: ``aws
  codeartifact login --tool pip`` sets ``index-url`` to ``https://aws:<token>@<domain>-<owner>.d.
  codeartifact.<region>.amazonaws.com/pypi/<repo>/simple/``; uv's AWS guide: "Username must be
  aws"), Azure Artifacts' ``VssSessionToken`` (microsoft/artifacts-credprovider,
  VstsCredentialProvider.cs: ``private const string Username = "VssSessionToken"``): the
  registry's, no one's, also before ``****``, ``$TOKEN`` or no password; a person's login in the
  same place still goes, and so does the token beside a fixed user name;
* ``words.yaml``'s ``system_accounts``: the accounts Terraform automation servers' images run
  as: Atlantis' ``atlantis`` (runatlantis/atlantis, Dockerfile: ``adduser -u 100 -S -G atlantis
  atlantis``, ``useradd … --create-home … atlantis``, ``USER atlantis``; its home
  ``/home/atlantis``), Spacelift's runner images' ``spacelift`` (spacelift-io/runner-terraform,
  Dockerfile: ``adduser --disabled-password --uid=1983 spacelift``), HashiCorp's
  ``tfc-agent`` (hashicorp/tfc-agent's image: ``USER tfc-agent``, its hooks under
  ``/home/tfc-agent/.tfc-agent/hooks``), as ``runner`` and ``jenkins`` are CI's;
* ``allow.yaml``'s ``atlas_token_placeholder``: a Terraform Cloud/Enterprise API token is
  ``<14 chars>.atlasv1.<60+ chars>`` of base62 (providers.yaml's ``terraform_cloud_token``);
  ``xxx.atlasv1.yyy``, ``abc.atlasv1.def``, ``xxxxxx.atlasv1.zzzzzzzzzzzzz``: each part one letter
  repeated or an alphabet run is a poster's placeholder in the token's shape;
* ``engine._demonstration_url_password``: a demonstration password (the closed vocabulary of
  documentation's passwords, ``secret``, ``password``, ``pass``, ``hunter2``, ``changeme``,
  ``letmein``, with a ``super``/``top``/``my`` lead, digits for letters and up to three digits
  after: ``supers3cret``, ``s3cret``, ``passw0rd1``) on a host reserved for documentation
  (RFC 2606 section 3 and RFC 6761 section 6.5: ``example.com``, ``example.net``,
  ``example.org`` and names under them; the top-level ``.example``) is kept: both at once.
  Any other password on such a host (a poster may have put ``example.com`` over their own host
  and left the password) goes, and so does a demonstration word on any other host, also one
  that merely holds ``example`` (``example.com.evil.io``, ``myexample.com``,
  ``pypi.example.company.com``) or ``.test``/``.localhost`` (local development hosts, whose
  passwords are real ones).

The ``*_NOBODY`` lists are the harm hunts the rules were attacked with before they were kept.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

REGISTRY_LOGIN_NOBODY = [
    "export UV_PIP_EXTRA_INDEX_URL=https://oauth2accesstoken:my_secret_token@europe-python.pkg.dev/my-project/my-repo/simple/\n",
    "TRACE Fetching metadata for requests from https://oauth2accesstoken:****@europe-python.pkg.dev/my-project/my-repo/simple/requests/\n",
    "pip install --extra-index-url https://oauth2accesstoken:$TOKEN@us-central1-python.pkg.dev/proj/repo/simple/ pkg\n",
    "pip install --extra-index-url https://oauth2accesstoken@us-central1-python.pkg.dev/proj/repo/simple/ pkg\n",
    "pip install --extra-index-url https://oauth2accesstoken:${ACCESS_TOKEN}@us-central1-python.pkg.dev/proj/repo/simple/ pkg\n",
    "Looking in indexes: https://pypi.org/simple, https://aws:****@my-domain-111122223333.d.codeartifact.us-east-1.amazonaws.com/pypi/my-repo/simple/\n",
    "registry=https://aws:****@my-domain-111122223333.d.codeartifact.us-east-1.amazonaws.com/npm/repo/\n",
    "[global]\nindex-url = https://aws:${CODEARTIFACT_AUTH_TOKEN}@my_domain-111122223333.d.codeartifact.eu-west-1.amazonaws.com/pypi/my_repo/simple/\n",
    "Looking in indexes: https://VssSessionToken:****@pkgs.dev.azure.com/org/_packaging/feed/pypi/simple/\n",
    "pip install -i https://VssSessionToken:${AZURE_ARTIFACTS_PAT}@pkgs.dev.azure.com/contoso/_packaging/feed/pypi/simple/ lib\n",
    "Looking in indexes: https://__token__:****@gitlab.example.com/api/v4/projects/1/packages/pypi/simple\n",
    "Looking in indexes: https://gitlab-ci-token:****@gitlab.com/api/v4/projects/1/packages/pypi/simple\n",
    "pip install --index-url https://oauth2accesstoken:$(gcloud auth print-access-token)@us-python.pkg.dev/p/r/simple/ x\n",
    "Looking in indexes: https://:****@pkgs.dev.azure.com/org/_packaging/feed/pypi/simple/\n",
]

REGISTRY_LOGIN_GO = [
    (
        "Looking in indexes: https://jsmithers:****@pkgs.dev.azure.com/org/_packaging/feed/pypi/simple/\n",
        "jsmithers",
        [
            "Looking in indexes: https://",
            ":****@pkgs.dev.azure.com/org/_packaging/feed/pypi/simple/",
        ],
    ),
    (
        "Looking in indexes: https://kmoreau:****@us-central1-python.pkg.dev/proj/repo/simple/\n",
        "kmoreau",
        ":****@us-central1-python.pkg.dev/proj/repo/simple/",
    ),
    (
        "Looking in indexes: https://rvanoss:****@my-domain-111122223333.d.codeartifact.us-east-1.amazonaws.com/pypi/my-repo/simple/\n",
        "rvanoss",
        ":****@my-domain-111122223333.d.codeartifact.us-east-1.amazonaws.com/pypi/my-repo/simple/",
    ),
    (
        "export PIP_INDEX_URL=https://oauth2accesstoken:ya29.a0AfB_byC7qL9kTz3mX2vNw8RpYs4uHd6JeGi1oQ5tF0@us-python.pkg.dev/p/r/simple/\n",
        "ya29.a0AfB_byC7qL9kTz3mX2vNw8RpYs4uHd6JeGi1oQ5tF0",
        "https://oauth2accesstoken:",
    ),
    (
        "index-url = https://aws:eyJ2ZXIiOjEsImlzdSI6MTcwMDAwMDAwMCwiZW5jIjoiQTEyOEdDTSJ9Qm9n@d-111122223333.d.codeartifact.us-east-1.amazonaws.com/pypi/r/simple/\n",
        "eyJ2ZXIiOjEsImlzdSI6MTcwMDAwMDAwMCwiZW5jIjoiQTEyOEdDTSJ9Qm9n",
        "https://aws:",
    ),
]

RUNNER_ACCOUNT_NOBODY = [
    "2021/04/20 10:11:12 [INFO] Attempting to open CLI config file: /home/atlantis/.terraformrc\n2021/04/20 10:11:12 [DEBUG] File doesn't exist, but doesn't need to. Ignoring.\n",
    "atlantis server --repo-config=/home/atlantis/repos.yaml --data-dir=/home/atlantis/.atlantis\n",
    "[atlantis@7f3c2b1a0d9e ~]$ ls /home/atlantis/.atlantis/repos\n",
    "Attempting to open CLI config file: /home/spacelift/.terraformrc\n",
    "spacelift@4b2d9c0e1f3a:/mnt/workspace/source$ terraform init\n",
    "2024-01-10T08:00:00.000Z [INFO]  core: Running pre-plan hook: /home/tfc-agent/.tfc-agent/hooks/terraform-pre-plan\n",
    "Attempting to open CLI config file: /root/.terraformrc\n",
    "Attempting to open CLI config file: /home/runner/.terraformrc\n",
]

RUNNER_ACCOUNT_GO = [
    (
        "Attempting to open CLI config file: /home/okafor/.terraformrc\n[atlantis@host ~]$ atlantis version\n",
        "okafor",
        ["/.terraformrc", "[atlantis@host ~]$ atlantis version"],
    ),
    (
        "jvandamme@laptop:~$ cat /home/jvandamme/.terraform.d/credentials.tfrc.json\n",
        "jvandamme",
        "/.terraform.d/credentials.tfrc.json",
    ),
]

ATLAS_PLACEHOLDER_NOBODY = [
    'credentials "app.terraform.io" {\n  token = "xxx.atlasv1.yyy"\n}\n',
    'credentials "app.terraform.io" {\n  token = "abc.atlasv1.def"\n}\n',
    'credentials "app.terraform.io" {\n  token = "xxxxxx.atlasv1.zzzzzzzzzzzzz"\n}\n',
    'credentials "tfe.example.com" {\n  token = "ABC.atlasv1.XYZ"\n}\n',
    "export TF_TOKEN_app_terraform_io=aaaa.atlasv1.bbbbbbbb\n",
    '{\n  "credentials": {\n    "app.terraform.io": {\n      "token": "abcdef.atlasv1.uvwxyz"\n    }\n  }\n}\n',
    'credentials "app.terraform.io" {\n  token = "xxxxxxxxxxxxxx.atlasv1.xxxxxxxxxxxxxxxxxxxx"\n}\n',
    'credentials "app.terraform.io" {\n  token = "<your-token>"\n}\n',
]

ATLAS_TOKEN_GO = [
    (
        'credentials "app.terraform.io" {\n  token = "Xq7LmN2pR9sT4v.atlasv1.Hk3Jd8Fq2Wz7Lp4Nx9Rb6Tc1Vm5Ys8Ge2Ua7Oi3Pq6Zw9Ej4Rk1Nh5Bf8Cy2Dt7Gs0Lx"\n}\n',
        "Hk3Jd8Fq2Wz7Lp4Nx9Rb6Tc1Vm5Ys8Ge2Ua7Oi3Pq6Zw9Ej4Rk1Nh5Bf8Cy2Dt7Gs0Lx",
        'credentials "app.terraform.io" {',
    ),
    (
        'credentials "app.terraform.io" {\n  token = "xxx.atlasv1.Hk3Jd8Fq2Wz7Lp4Nx9Rb6Tc1Vm5Ys8Ge2Ua7Oi3Pq6Zw9Ej4Rk1Nh5Bf8Cy2Dt7Gs0Lx"\n}\n',
        "Hk3Jd8Fq2Wz7Lp4Nx9Rb6Tc1Vm5Ys8Ge2Ua7Oi3Pq6Zw9Ej4Rk1Nh5Bf8Cy2Dt7Gs0Lx",
        "token = ",
    ),
    (
        'credentials "app.terraform.io" {\n  token = "Kq7Zt2.atlasv1.Rb6Tc1"\n}\n',
        "Kq7Zt2.atlasv1.Rb6Tc1",
        "token = ",
    ),
]

DEMO_PASSWORD_NOBODY = [
    "Ignoring indexes: https://user:supers3cret@pypi.example.com/root/ci/+simple/\n",
    "Ignoring indexes: https://user:s3cret@pypi.example.com/root/ci/+simple/\n",
    "Ignoring indexes: https://user:hunter2@pypi.example.net/simple/\n",
    "pip install -i https://admin:passw0rd1@nexus.example.org:8443/repository/pypi/simple/ pkg\n",
    "git clone https://me:changeme@git.corp.example/team/app.git\n",
    "Ignoring indexes: https://user:password@pypi.example.com/simple/\n",
    "Ignoring indexes: https://user:****@pypi.example.com/simple/\n",
    "Looking in indexes: https://USERNAME:PASSWORD@artifactory.example.com/api/pypi/simple\n",
]

DEMO_PASSWORD_GO = [
    (
        "Ignoring indexes: https://user:Zx81qPw7vR@pypi.example.com/simple/\n",
        "Zx81qPw7vR",
        "@pypi.example.com/simple/",
    ),
    (
        "Ignoring indexes: https://user:supers3cret@pypi.mycorp.com/simple/\n",
        "supers3cret",
        "@pypi.mycorp.com/simple/",
    ),
    (
        "Ignoring indexes: https://user:supers3cret@example.com.evil.io/simple/\n",
        "supers3cret",
        "@example.com.evil.io/simple/",
    ),
    (
        "Ignoring indexes: https://user:supers3cret@pypi.example.company.com/simple/\n",
        "supers3cret",
        "@pypi.example.company.com/simple/",
    ),
    (
        "Ignoring indexes: https://user:supers3cret@myexample.com/simple/\n",
        "supers3cret",
        "@myexample.com/simple/",
    ),
    (
        "DATABASE_URL=https://app:hunter2@db.shop.test:8443/\n",
        "hunter2",
        "@db.shop.test:8443/",
    ),
    (
        "Ignoring indexes: https://user:supers3cretQ7x@pypi.example.com/simple/\n",
        "supers3cretQ7x",
        "@pypi.example.com/simple/",
    ),
]


@pytest.mark.parametrize("text", REGISTRY_LOGIN_NOBODY)
def test_registry_fixed_login_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), REGISTRY_LOGIN_GO)
def test_person_or_token_at_a_registry_goes(
    engine: Scrubber, text: str, value: str, kept: str | list[str]
) -> None:
    gone_and_kept(engine, text, value, kept)


@pytest.mark.parametrize("text", RUNNER_ACCOUNT_NOBODY)
def test_automation_runner_account_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), RUNNER_ACCOUNT_GO)
def test_person_beside_a_runner_goes(
    engine: Scrubber, text: str, value: str, kept: str | list[str]
) -> None:
    gone_and_kept(engine, text, value, kept)


@pytest.mark.parametrize("text", ATLAS_PLACEHOLDER_NOBODY)
def test_atlas_token_placeholder_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), ATLAS_TOKEN_GO)
def test_atlas_token_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


@pytest.mark.parametrize("text", DEMO_PASSWORD_NOBODY)
def test_demonstration_password_on_a_documentation_host_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), DEMO_PASSWORD_GO)
def test_other_url_password_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)
