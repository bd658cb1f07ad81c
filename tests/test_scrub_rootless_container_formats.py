# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Rootless containers and dev-container boxes (stop 58, scrubber 1.108.0; issue 35).

The tune misses and damage of batch 153 (``tests/outside_corpus/SOURCE.md``, "The stop-153
collection"), fixed by general rules:

* ``words.yaml``'s ``not_user_names``: the accounts that rootless container images and
  installers create to run the engine, a role's and nobody's login: the Podman image's
  ``podman`` (containers/image_build, podman/Containerfile: ``useradd podman``, its
  ``/etc/subuid`` ``podman:1:999``/``podman:1001:64535``), docker:dind-rootless's ``rootless``
  (docker-library/docker, dind-rootless/Dockerfile: ``adduser -h /home/rootless -g 'Rootless'
  -D -u 1000 rootless``), the ``dockeruser`` of konstruktoid's Ansible role for rootless Docker
  (its defaults: ``docker_user: dockeruser``), the ``moby`` account of rootless Docker's early
  guides (RootlessKit's and dockerd-rootless.sh's traces at ``[moby@host bin]$``), beside
  ``docker`` and buildah's ``build``; and the placeholder ``myself`` (``/var/home/myself/``),
  as ``me`` and ``you`` are. Not learned, the engine's own command (``podman info``) never
  becomes the substitute;
* ``toolbox_user`` (``user_names.yaml``): Toolbx's verbose ``checking if /etc/subgid and
  /etc/subuid have entries for user <u>`` (toolbox 0.0.x, the shell script: ``$USER``) and
  ``Looking for sub-GID and sub-UID ranges for user <u>`` (Toolbx 0.1, cmd/root.go:
  ``currentUser.Username``) name the invoking login; a two-letter login is learned when a
  prompt ``[<u>@host ~]$`` names it too (``engine._short_login``);
* ``posix_home_on_afs`` (``recognizers.yaml``) and ``home_segment``: an AFS cell's home
  ``/afs/<cell>/user/<initial>/<login>/…`` (OpenAFS's and CERN's documented layout, the
  login's first letter as a folder; CERN's workspace ``/afs/cern.ch/work/<initial>/<login>``),
  the login read only when it starts with that letter; the cell's software and public trees
  (``/afs/cern.ch/sw/…``, ``/afs/cern.ch/work/public/…``) name nobody.

The ``*_NOBODY`` lists are the harm hunts the rules were attacked with before they were kept.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

SERVICE_ACCOUNT_NOBODY = [
    "[podman@e0a8e0e6a81a /]$ podman info\nhost:\n  arch: amd64\n  hostname: e0a8e0e6a81a\n",
    "podman@3f2e1d0c9b8a:~$ podman run --rm docker.io/library/alpine echo hi\nhi\n",
    "store:\n  graphRoot: /home/podman/.local/share/containers/storage\n  volumePath: /home/podman/.local/share/containers/storage/volumes\n",
    "$ cat /etc/subuid\npodman:1:999\npodman:1001:64535\n$ podman unshare cat /proc/self/uid_map\n",
    "dockeruser@server:~$ systemctl --user status docker\n     Loaded: loaded (/home/dockeruser/.config/systemd/user/docker.service; enabled)\n",
    "+ [ -d /home/dockeruser ]\n+ rootlesskit=rootlesskit\n",
    "[moby@eci-dev bin]$ /home/moby/bin/dockerd-rootless.sh --experimental --storage-driver vfs\n+ '[' -w /home/moby ']'\n",
    "rootless@5c7b2d1e9f00:~$ docker info\n Docker Root Dir: /home/rootless/.local/share/docker\n",
    "$ grep rootless /etc/subuid\nrootless:100000:65536\n",
    "[build@container] $ buildah images\ngraphRoot: /home/build/.local/share/containers/storage\n",
    "[root@0123abcd4567 /]$ podman info\n",
    "docker@host:~$ docker ps\n",
    'WARN[0000] Failed to decode the keys ["storage.options.ostree_repo"] from "/var/home/myself/.config/containers/storage.conf"\n',
    "/home/myself/projects/app/main.py\n",
    'WARN[0000] Failed to decode the keys ["storage.options.ostree_repo"] from "/etc/containers/storage.conf"\n',
]

SERVICE_ACCOUNT_GO = [
    (
        "[kmoreau@fedora ~]$ podman info\n  graphRoot: /home/kmoreau/.local/share/containers/storage\n",
        "kmoreau",
        ["$ podman info", "/.local/share/containers/storage"],
    ),
    (
        "tvalente@server:~$ systemctl --user status docker\n     Loaded: loaded (/home/tvalente/.config/systemd/user/docker.service; enabled)\n",
        "tvalente",
        ["systemctl --user status docker", "/.config/systemd/user/docker.service"],
    ),
    (
        "/var/home/oyelaran/.config/containers/storage.conf\n",
        "oyelaran",
        "/.config/containers/storage.conf",
    ),
]

TOOLBOX_NOBODY = [
    "toolbox: checking if /etc/subgid and /etc/subuid have entries for user root\n",
    "toolbox: checking if /etc/subgid and /etc/subuid have entries for user core\n[core@localhost ~]$ toolbox enter\n",
    "toolbox: checking if /etc/subgid and /etc/subuid have entries for user builder\n",
    "toolbox: checking if /etc/subgid and /etc/subuid have entries for user $USER\n",
    'level=debug msg="Looking for sub-GID and sub-UID ranges for user core"\n',
    "[root@toolbox ~]$ dnf install gcc\n",
    "[core@localhost ~]$ toolbox --verbose enter\ntoolbox: running as real user ID 1000\n",
    "toolbox: checking if container fedora-toolbox-31 exists\ntoolbox: base image is fedora-toolbox:31\n",
    "db@box:~$ ls\ntoolbox: checking if /etc/subgid and /etc/subuid have entries for user root\n",
]

TOOLBOX_GO = [
    (
        "[qz@puff-lan ~]$ toolbox --verbose enter\ntoolbox: running as real user ID 1001\ntoolbox: checking if /etc/subgid and /etc/subuid have entries for user qz\ntoolbox: starting container fedora-toolbox-31\n[qz@puff-lan ~]$ \n",
        ["[qz@", "user qz"],
        ["toolbox: starting container fedora-toolbox-31", "@puff-lan ~]$"],
    ),
    (
        'level=debug msg="Looking for sub-GID and sub-UID ranges for user hongwei"\n',
        "hongwei",
        'level=debug msg="Looking for sub-GID and sub-UID ranges for user ',
    ),
    (
        "toolbox: checking if /etc/subgid and /etc/subuid have entries for user dkarlsson\n",
        "dkarlsson",
        "toolbox: checking if /etc/subgid and /etc/subuid have entries for user ",
    ),
]

AFS_NOBODY = [
    "source /afs/cern.ch/sw/lcg/releases/LCG_88/ROOT/6.08.06/x86_64-slc6-gcc49-opt/bin/thisroot.sh\n",
    "cp /afs/cern.ch/work/public/ntuples/sample.root .\n",
    "/cvmfs/cernvm-prod.cern.ch/cvm3\n",
    "/afs/cern.ch/user/c/\n",
    "ls /afs/cern.ch/project/eos/installation/\n",
    "/afs/ipp-garching.mpg.de/common/soft/modules\n",
    "/afs/cern.ch/user/a/bin/setup.sh\n",
    "export PATH=/afs/cern.ch/user/x/$USER/bin:$PATH\n",
]

AFS_GO = [
    (
        "FATAL:   container creation failed: mount /afs/cern.ch/user/r/rvanoss/a/d->/afs/cern.ch/user/r/rvanoss/a/d error\n",
        "rvanoss",
        ["/afs/cern.ch/user/r/", "/a/d->/afs/cern.ch/user/r/"],
    ),
    (
        "/afs/desy.de/user/m/mtaborda/analysis/run.sh\n",
        "mtaborda",
        ["/afs/desy.de/user/m/", "/analysis/run.sh"],
    ),
    ("cd /afs/cern.ch/work/k/kpetrov/public/x\n", "kpetrov", ["/afs/cern.ch/work/k/", "/public/x"]),
]


@pytest.mark.parametrize("text", SERVICE_ACCOUNT_NOBODY)
def test_service_account_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), SERVICE_ACCOUNT_GO)
def test_person_beside_the_engine_goes(
    engine: Scrubber, text: str, value: str, kept: str | list[str]
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


@pytest.mark.parametrize("text", TOOLBOX_NOBODY)
def test_toolbox_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), TOOLBOX_GO)
def test_toolbox_user_goes(
    engine: Scrubber, text: str, value: str | list[str], kept: str | list[str]
) -> None:
    gone_and_kept(engine, text, value, kept)


@pytest.mark.parametrize("text", AFS_NOBODY)
def test_afs_tree_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), AFS_GO)
def test_afs_home_goes(engine: Scrubber, text: str, value: str, kept: list[str]) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
