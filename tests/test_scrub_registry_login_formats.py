# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Package and container registries' login runs (stop 55, scrubber 1.75.0; issue 35).

The tune misses and damage of batch 122 (``tests/outside_corpus/SOURCE.md``, "The stop-122
collection"), each by a general rule:

* ``docker_login_username`` (``scrubbers/user_names.yaml``): ``docker login -u <u> [<server>]``,
  ``--username <u>``, ``--username=<u>`` (Docker's CLI reference, "docker login": ``-u,
  --username string  Username``; docker/cli's cli/command/registry/login.go; podman-login(1)
  takes the same flags) teaches the registry account's login, so it also goes in the pushed
  image's namespace (``<host>:5000/<u>/nginx``); the registries' documented fixed logins
  (``AWS``, ``_json_key``, ``oauth2accesstoken``, ``gitlab-ci-token``, ACR's all-zero GUID,
  ``iamapikey``, ``nologin``, ``oauth``, ``iam``, ``json_key``, ``kubeadmin``, ``_``), variables,
  placeholders, upper-case words, digits, robots' ``org+name`` and prose words stay;
* damage: a home spelled ``my``/``your`` + a generic word naming the machine or the account's
  kind + ``user`` (``/home/mylocaluser/``, ``mypcuser``) is a placeholder (``user_names.yaml``'s
  ``placeholder_name``, beside ``myuser`` and ``my_local_user``); any other letters
  (``Myrnauser``) keep it a login;
* damage: a drive's label directly under ``/media`` (``/media/ext/``, ``hdd``, ``ssd``,
  ``usbstick``) is no login (``words.yaml``'s ``not_user_names``, beside ``usb``, ``disk``,
  ``external``);
* damage: a credential's name in capital words with spaces where its value goes
  (``"rubygems_api_key":"API KEY"``, ``YOUR API KEY``, ``PASSWORD HERE``) is a placeholder
  (``allow.yaml``'s ``spaced_credential_name``).

``NOBODY`` is the harm hunt the rules were attacked with before they were kept: texts of the
same shapes that name nobody, which must stay as they are. ``GO`` holds invented values in the
same places, which must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

NOBODY = [
    # docker login's fixed, service, variable and placeholder logins
    "root@ubuntu:~# docker login -u admin 192.168.1.188:5000\nPassword: \nLogin Succeeded",
    "$ aws ecr get-login-password | docker login -u AWS --password-stdin $ECR_REGISTRY\nLogin Succeeded",
    "$ docker login -u _json_key --password-stdin https://gcr.io",
    "$ cat key.json | docker login -u _json_key_base64 --password-stdin https://us-docker.pkg.dev",
    "$ docker login -u oauth2accesstoken --password-stdin https://us-docker.pkg.dev",
    "$ docker login -u gitlab-ci-token -p $CI_JOB_TOKEN $CI_REGISTRY",
    "$ docker login -u $CI_REGISTRY_USER -p $CI_REGISTRY_PASSWORD $CI_REGISTRY",
    'run: echo "${{ secrets.DOCKER_PASSWORD }}" | docker login -u "${{ secrets.DOCKER_USERNAME }}" --password-stdin',
    "$ docker login -u 00000000-0000-0000-0000-000000000000 myregistry.azurecr.io",
    "$ docker login -u iamapikey us.icr.io",
    "$ docker login -u <username> <registry>:5000",
    "$ docker login -u USERNAME ghcr.io --password-stdin",
    "$ docker login -u token registry.example.com",
    "$ docker login -u AZURE myregistry.azurecr.io",
    "$ docker login --username oauth --password $TOKEN cr.yandex",
    "$ docker login --username iam --password $IAM cr.yandex",
    '$ docker login rg.fr-par.scw.cloud/myns -u nologin --password-stdin <<< "$SCW_SECRET_KEY"',
    "$ docker login nvcr.io --username '$oauthtoken' --password $NGC_API_KEY",
    "$ docker login -u 'myorg+deployer' quay.io",
    "$ docker login -u 'robot$proj+ci' harbor.example.com",
    "$ docker login --username=100012345678 ccr.ccs.tencentyun.com",
    "$ docker login -u myusername",
    "$ docker login -u your-dockerhub-username",
    "$ docker login -u user",
    "$ docker login -u testuser localhost:5000",
    "$ docker login -u kubeadmin -p $(oc whoami -t) default-route-openshift-image-registry.apps-crc.testing",
    "$ podman login -u developer -p $(oc whoami -t) default-route-openshift-image-registry.apps-crc.testing",
    "$ docker login -u openshift -p $(oc whoami -t) registry",
    "$ docker login -u serviceaccount -p $(oc whoami -t) registry",
    "$ docker login -u unused -p $(oc whoami -t) image-registry.openshift-image-registry.svc:5000",
    "$ docker login -u dockerhub registry",
    "docker login -u your_docker_id",
    "docker login -u my_docker_id",
    "docker login -u yourdockerid",
    "docker login -u ${{ github.actor }} -p ${{ secrets.GITHUB_TOKEN }} ghcr.io",
    "docker login -u $(whoami) registry",
    'docker login -u "$(oc whoami)" -p "$(oc whoami -t)" registry',
    "Use docker login -u and -p to log in",
    "You can pass docker login --username and --password-stdin",
    "docker login -u with your Docker ID",
    "Usage:  docker login [OPTIONS] [SERVER]\n  -u, --username string   Username\n  -p, --password string   Password",
    # another command's -u after docker login, and -u outside docker login
    "$ docker login && docker run -u postgres -it pg bash",
    "$ docker login; docker exec -u www-data app ls",
    "$ docker run -u 1000:1000 --rm alpine id",
    "$ docker exec -u nginx web cat /etc/hosts",
    # a pushed image's project, organisation or official namespace
    "$ docker push 192.168.1.188:80/lskc/lskc-csf:201706070000\nThe push refers to a repository [192.168.1.188:80/lskc/lskc-csf]",
    "The push refers to repository [docker.io/bitnami/nginx]\n3c0285ad7db9: Preparing \ndenied: requested access to the resource is denied",
    # placeholder homes and drive labels under /media
    "7 silly cache add   spec: '/media/ext/mnt/home/mylocaluser/dev/code/js/clidom',",
    "8 verbose addLocalDirectory /home/mylocaluser/.npm/clidom/0.1.3/package.tgz not in flight; packing",
    "/home/mypcuser/dev",
    "/home/yourlocaluser/dev",
    "/home/mylocalusername/dev",
    "C:\\Users\\mylocaluser\\AppData\\Roaming\\npm-cache\\_logs\\",
    "/home/myuser/dev/code/js/clidom",
    "ls /media/usb/backup/",
    "mount /dev/sdb1 /media/data/photos",
    "/media/hdd/work/app",
    "/media/ssd/projects/app",
    "/media/usbstick/files/",
    "/media/external/projects/app",
    # a credential's name spelt in capitals where its value goes
    ':rubygems_api_key: ! \'{"rubygems_api_key":"API KEY"}\'',
    '{"rubygems_api_key":"YOUR API KEY"}',
    'api_key: "API KEY"',
    '"password": "PASSWORD HERE"',
    'token = "ACCESS TOKEN"',
    'SECRET_KEY = "SECRET KEY"',
    ":rubygems_api_key: YOUR_API_KEY",
    "Enter your username: __token__\nEnter your password: ",
]

GO = [
    (
        "root@pre-prod:~# docker login -u prakash 192.89.9.90:5000\nPassword: \nLogin Succeeded\nroot@pre-prod:~# docker push 192.89.9.90:5000/prakash/nginx:latest\nThe push refers to repository [192.89.9.90:5000/prakash/nginx]",
        ("prakash",),
        "The push refers to repository [192.89.9.90:5000/",
    ),
    (
        "$ docker login --username tkowalczyk registry.example.org",
        ("tkowalczyk",),
        "registry.example.org",
    ),
    ("$ docker login --username=hbrightwater", ("hbrightwater",), "docker login --username="),
    (
        "$ docker login registry.gitlab.com -u okmwangi -p glpat",
        ("okmwangi",),
        "registry.gitlab.com -u ",
    ),
    ("Run `docker login -u jdelacroix` first", ("jdelacroix",), "` first"),
    (
        'PS C:\\> docker.exe login -u "mfernandes" myacr.azurecr.io',
        ("mfernandes",),
        "myacr.azurecr.io",
    ),
    ("$ podman login -u lvasquez quay.io", ("lvasquez",), "quay.io"),
    (
        "$ docker login -u tkowalczyk\nPassword:\nLogin Succeeded\n$ docker tag app tkowalczyk/app:1.0\n$ docker push tkowalczyk/app:1.0\nThe push refers to repository [docker.io/tkowalczyk/app]",
        ("tkowalczyk",),
        "[docker.io/",
    ),
    # real logins that start with ``my`` or sit under /media stay logins
    ("/home/myles/.npm/_logs/debug.log", ("myles",), "/.npm/_logs/debug.log"),
    ("/home/mykola/dev/app", ("mykola",), "/dev/app"),
    ("/home/myrnauser/.ssh/config", ("myrnauser",), "/.ssh/config"),
    ("/media/okello/Seagate/work", ("okello",), "/Seagate/work"),
    ("/media/exton/dev/code", ("exton",), "/dev/code"),
    # a real key beside the placeholders stays a secret
    ('api_key: "API KEY 7"', ("API KEY 7",), "api_key: "),
    ('password = "MY BLUE KEY"', ("MY BLUE KEY",), "password = "),
    ('password: "HUNTER TWO"', ("HUNTER TWO",), "password: "),
]


@pytest.mark.parametrize("text", NOBODY)
def test_registry_login_text_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "values", "kept"), GO)
def test_registry_login_value_goes(
    engine: Scrubber, text: str, values: tuple[str, ...], kept: str
) -> None:
    gone_and_kept(engine, text, values, kept, any_case=True)


# Since 1.76.0 (stop 55): a flag that reads the password from standard input takes no value
# (docker login's documented `--password-stdin`; `secret_names.yaml`'s `not_after` gains
# `stdin`), so the registry or argument after it stays; 1.75.0 replaced it as the password in
# three of these six.
PASSWORD_STDIN_NOBODY = [
    "aws ecr get-login-password --region us-east-1 | docker login --username AWS --password-stdin 123456789012.dkr.ecr.us-east-1.amazonaws.com\n",
    "cat ~/pw.txt | docker login --password-stdin registry.fly.io -u x\n",
    "echo $YC_TOKEN | docker login --username oauth --password-stdin cr.yandex\n",
    "echo $PASS | podman login --password-stdin -u $USER quay.io\n",
    "echo $TOKEN | helm registry login registry-1.docker.io --username u --password-stdin\n",
    "  run: echo ${{ secrets.GITHUB_TOKEN }} | docker login ghcr.io -u ${{ github.actor }} --password-stdin\n",
]

PASSWORD_STDIN_GO = [
    ("docker login --password s3cr3tPassw0rd registry.example.org\n", "s3cr3tPassw0rd"),
    ("docker login --password=Xk9vR2mT7qL4 registry.example.org -u bob\n", "Xk9vR2mT7qL4"),
]


@pytest.mark.parametrize("text", PASSWORD_STDIN_NOBODY)
def test_the_argument_after_password_stdin_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), PASSWORD_STDIN_GO)
def test_a_password_given_on_the_command_line_still_goes(
    engine: Scrubber, text: str, value: str
) -> None:
    assert value not in scrubbed(engine, text)


# Since 1.77.0 (stop 55): `docker login -p <password>` (Docker's CLI reference: `-p,
# --password`; podman's, nerdctl's and buildah's `login` the same), read only in a `login`
# command, so `docker run -p 8080:80` and `docker compose -p <project>` stay; 1.76.0 left the
# password in every GO text below.
REGISTRY_P_NOBODY = [
    "docker run -p 8080:80 nginx\n",
    "docker compose -p myproj up -d\n",
    "docker login -u $USER -p $TOKEN ghcr.io\n",
    'docker login -u gitlab-ci-token -p "$CI_JOB_TOKEN" $CI_REGISTRY\n',
    'docker login -u admin -p "<password>" registry.local\n',
    "docker login -u admin -p 'password' registry.local\n",
    "docker login -u admin -p ****** registry.local\n",
    "podman login -u admin -p ${REGISTRY_PASSWORD} quay.io\n",
    "docker login -p\n",
]

REGISTRY_P_GO = [
    ("docker login -p Xk9vR2mT7qL4 registry.example.org -u admin\n", "Xk9vR2mT7qL4"),
    ('docker login -u admin -p "Xk9v R2mT7qL4" registry.example.org\n', "R2mT7qL4"),
    ("podman login -u admin -p 'Qw7#zLp2Vb' quay.io\n", "Qw7#zLp2Vb"),
    ("C:\\> docker.exe login -u admin -p hunter2hunter2 myregistry.azurecr.io\n", "hunter2hunter2"),
]


@pytest.mark.parametrize("text", REGISTRY_P_NOBODY)
def test_a_port_project_or_placeholder_after_p_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), REGISTRY_P_GO)
def test_a_registry_login_password_after_p_goes(engine: Scrubber, text: str, value: str) -> None:
    assert value not in scrubbed(engine, text)
