# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Homes and prompts by their shape (stop 51, scrubber 1.36.0; issue 35).

The home and prompt misses of batches 80 and 81's tune parts (``tests/outside_corpus/SOURCE.md``,
"The stop-80 collection", "The stop-81 collection"), each found by a general rule:

* ``posix_home`` (``scrubbers/recognizers.yaml``): a Windows users root written with the drive
  in capitals as the first folder, ``/C/Users/<u>/`` (Sublime Text's console on Windows);
* ``posix_home_under_a_cluster_home`` (``recognizers.yaml``, with ``home_segment``'s
  ``homes``): a home under a cluster mount's ``home``/``homes``/``users`` folder with a home's
  own dot-folder right under it (``/mnt/beegfs/home/<u>/.spack/…``);
* ``bracketed_two_at_prompt`` (``scrubbers/user_names.yaml``): ``[<login>@<host>@<dir>]$``;
* ``engine.mac_host_logins``: a learned login glued to the start of the host name in macOS's
  default prompt (``<Login>uoMBP329:~ <login>$``).

And two harms of batches 79 and 81's tune parts: CI images' default accounts (Veertu Anka's
``anka``, Homebrew's ``brew`` and ``linuxbrew``: ``words.yaml``'s ``system_accounts``) name no
one, and a kubeconfig's user nickname for a role at the cluster's own domain (``users: - name:
qa@k8s.work`` beside ``server: https://k8s-api.v.k8s.work:6443``: ``engine._kubeconfig_role_user``)
is no address.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody, which must stay as they are. ``HOMES`` lose the login
everywhere and keep the rest.
"""

from __future__ import annotations

import pytest
import regex

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

DRIVE_ROOT_NOBODY = [
    "/C/Users/Public/Documents/x.txt\n",
    "/D/Users/Public/Desktop/shortcut.lnk\n",
    "/C/Users/Default/AppData/Local/Temp/x\n",
    "/C/Users/Administrator/AppData/Roaming/Sublime Text 3/Packages\n",
    "/C/Users/runneradmin/AppData/Local/Temp/x\n",
    "/C/Users/<user>/AppData/Roaming/Sublime Text 3/Packages\n",
    "/C/Users/USERNAME/AppData/Roaming/x\n",
    "/C/Users/%USERNAME%/AppData/Roaming/x\n",
    "/C/Users/user/AppData/Roaming/x\n",
    "/C/Users/\n",
    "https://example.com/C/Users/docs\n",
    "see tree/C/Users/x for the layout\n",
]

CLUSTER_HOME_NOBODY = [
    "/mnt/beegfs/home/shared/.spack/stage/x\n",
    "/mnt/beegfs/home/root/.cache/pip\n",
    "/mnt/beegfs/home/$USER/.spack/stage\n",
    "/mnt/beegfs/home/<user>/.spack/stage\n",
    "/mnt/beegfs/home/spack/.spack/config.yaml\n",
    "/mnt/nfs/homes/USERNAME/.cache/x\n",
    "/mnt/nfs/homes/shared/.cache/x\n",
    "/srv/home/jenkins/.cache/x\n",
    "/var/lib/home/xy/.cache/x\n",
    "/opt/app/home/data/.cache/x\n",
    "/mnt/beegfs/home/x/.spack/x\n",
    "https://host/a/home/b/.cache\n",
    "/srv/homes/team/project/x\n",
    "  >> 242    $user_cache_path/stage/spack-stage-xpmem/spack-src/kernel/xpmem_main.c:32:10: fatal error\n",
]

PROMPT_NOBODY = [
    "[root@headnode@vpf-tools]$ stack build\n",
    "[user@host@dir]$ ls\n",
    "[ubuntu@ip-10-0-0-1@app]$ ls\n",
    "[admin@server@tmp]# ls\n",
    "[<user>@<host>@<dir>]$ ls\n",
    "[pkg@1.2.3] added 1 package\n",
    "Mac-mini:~ admin$ ls\n",
    "developers-iMac:~ dev$ ls\n",
    "MacBook-Pro:~ root# ls\n",
    "runnersMBP:~ runner$ ls\n",
    "admin-MBP:~ admin$ ls\n",
    "userMBP:~ user$ ls\n",
]

BUILD_ACCOUNTS_NOBODY = [
    "  /usr/bin/tar xz -C /Users/anka/actions-runner/_work/_temp/88d7 -f /Users/anka/actions-runner/_work/_temp/084f\n",
    "anka@Anka-VM ~ % ./run.sh\n",
    "USER=anka\nHOME=/Users/anka\n",
    "  warning: /Users/brew/Library/org.swift.swiftpm/configuration is not accessible or not writable\n",
    "  NSFilePath=/Users/brew/Library/Caches/org.swift.swiftpm/manifests\n",
    "==> /Users/brew/Library/Caches/Homebrew/downloads/x--1.0.tar.gz\n",
    "/home/linuxbrew/.linuxbrew/bin/brew install gcc\n",
    "/home/linuxbrew/.cache/Homebrew/downloads/x.tar.gz\n",
    "linuxbrew@3f2a9c1d0e4b:~$ brew doctor\n",
    "USER=linuxbrew\n",
]

_KUBE = """apiVersion: v1
clusters:
- cluster:
    certificate-authority: /etc/kubernetes/ca.pem
    server: https://k8s-api.v.{domain}:6443
  name: prd1002
contexts:
- context:
    cluster: prd1002
    namespace: identity
    user: {user}
  name: prd1002
current-context: prd1002
kind: Config
preferences: {{}}
users:
- name: {user}
  user:
    auth-provider:
      config:
        client-id: gangway
        id-token: <redacted>
      name: oidc
"""

KUBE_ROLES_NOBODY = [
    _KUBE.format(user="qa@k8s.work", domain="k8s.work"),
    _KUBE.format(user="dev@k8s.work", domain="k8s.work"),
    _KUBE.format(user="ops@cluster.internal", domain="cluster.internal"),
    _KUBE.format(user="admin@prod.k8s.work", domain="prod.k8s.work"),
    _KUBE.format(user="readonly@k8s.work", domain="k8s.work"),
    _KUBE.format(user="ci@k8s.work", domain="k8s.work"),
    _KUBE.format(user="developer@kube.lan", domain="kube.lan"),
    _KUBE.format(user="viewer@k8s.work", domain="k8s.work"),
    _KUBE.format(user="sre@platform.io", domain="platform.io"),
    _KUBE.format(user="staging@k8s.work", domain="k8s.work"),
]

# (text, what must be gone): a person beside the kept accounts and roles
STILL_GO = [
    ("/Users/ankara/Desktop/x.txt\n", "ankara"),
    ("/Users/brewster/Library/Caches/x\n", "brewster"),
    (_KUBE.format(user="okello@k8s.work", domain="k8s.work"), "okello@k8s.work"),
    (_KUBE.format(user="qa@gmail.com", domain="k8s.work"), "qa@gmail.com"),
    (_KUBE.format(user="qa@k8s.work", domain="other.example.io"), "qa@k8s.work"),
]

# (text, the login that must be gone from the whole text)
HOMES = [
    (
        "packages path: /C/Users/okello/AppData/Roaming/Sublime Text 3/Packages\nstate path: /C/Users/okello/AppData/Roaming/Sublime Text 3/Local\n",
        "okello",
    ),
    ("/D/Users/Tamsin/Documents/notes.txt\n", "Tamsin"),
    (
        "  >> 242    /mnt/beegfs/home/gordonfrey/.spack/stage/spack-stage-xpmem/spack-src/kernel/xpmem_main.c:32:10: fatal error\n",
        "gordonfrey",
    ),
    ("/gpfs/fs1/home/mbrandt/.cache/pip/wheels\n", "mbrandt"),
    ("/mnt/nfs/homes/ajoshi/.conda/envs/x/bin/python\n", "ajoshi"),
    ("[meridian@headnode@vpf-tools]$ stack build\n", "meridian"),
    (
        "```\nKestreluoMBP329:~ kestrel$ ps aux | grep pylance\nkestrel          60057   0.0  0.0 34121332    656 s002  S+    1:04AM   0:00.00 grep pylance\n```\n",
        "kestrel",
    ),
    ("okelloMBP:~ okello$ ls\n", "okello"),
]


@pytest.mark.parametrize(
    "text", DRIVE_ROOT_NOBODY + CLUSTER_HOME_NOBODY + PROMPT_NOBODY + BUILD_ACCOUNTS_NOBODY
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "login"), HOMES)
def test_a_home_or_prompt_by_its_shape_loses_its_login(
    engine: Scrubber, text: str, login: str
) -> None:
    out = scrubbed(engine, text)
    assert login.lower() not in out.lower()
    # only the login changed: put it back for its fixture and the text is whole
    fixtures = set(regex.findall(r"user[0-9]++", out))
    assert len(fixtures) == 1
    assert out.replace(fixtures.pop(), login).lower() == text.lower()


@pytest.mark.parametrize("text", KUBE_ROLES_NOBODY)
def test_a_kubeconfig_role_at_its_clusters_domain_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone"), STILL_GO)
def test_a_person_beside_the_kept_accounts_still_goes(
    engine: Scrubber, text: str, gone: str
) -> None:
    assert gone not in scrubbed(engine, text)
