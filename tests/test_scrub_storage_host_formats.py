# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Virtualisation hosts' and storage servers' formats (stop 54, scrubber 1.57.0; issue 35).

The tune misses and damage of batch 104 (``tests/outside_corpus/SOURCE.md``, "The stop-104
collection"), each fixed by a general rule:

* a Proxmox VE API token (Proxmox VE's API documentation, "API Tokens": the header
  ``Authorization: PVEAPIToken=USER@REALM!TOKENID=UUID``; ``pveum user token add`` prints the
  ``full-tokenid`` ``<userid>@<realm>!<tokenid>`` and a UUID ``value``) is no single secret:
  only the UUID after ``=`` is (``_PVE_TOKEN``, ``intake/scrub/context.py``); a token id with
  no ``=`` holds none, and a value there that is a word (the poster's
  ``mytokenicreatedusingthegui``) or a placeholder UUID (all zeros, ``xxxxxxxx-…``) stays. The
  user before ``@<realm>!`` is a login (``proxmox_token_id``, ``scrubbers/user_names.yaml``),
  judged as every login is (``root``, ``dev``, ``terraform-prov`` stay);
* a credential-ish key holding a state word of a closed vocabulary (Incus's and LXD's REST API
  ``GET /1.0``: ``auth`` is ``trusted`` or ``untrusted``; the common authentication states) is
  no credential (``not_secret_words``, ``scrubbers/words.yaml``);
* a ZFS dataset (zfs(8), zfsprops(7): ``<pool>/<dataset>/…``, no leading slash) under
  ``<pool>/…/home/<u>`` followed by a home's dot-folder, or Ubuntu zsys's per-user dataset
  ``<pool>/USERDATA/<u>_<id>``, names a login (``zfs_home_dataset``, ``zsys_user_dataset``);
* an illumos/Solaris ksh prompt with its history number, ``<u>@<host> <cwd> [<n>] ;`` at a
  line's start, names a login (``history_number_prompt``).

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was written: texts
of the same shape that name nobody (or hold only public material), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

PVE_TOKEN_NOBODY = [
    "export PROXMOX_VE_APITOKEN='dev@pve!TOKENID=mytokenicreatedusingthegui'\n",
    "export PROXMOX_VE_APITOKEN='dev@pve!mytokenicreatedusingthegui'\n",
    "invalid value for api_token (Must be a valid API token, e.g. 'USER@REALM!TOKENID=UUID')\n",
    'pm_api_token_id = "username@pam!xxxxxxxxxxxxxx"\n',
    "Authorization: PVEAPIToken=root@pam!monitoring=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx\n",
    'PROXMOX_VE_API_TOKEN="root@pam!terraform=00000000-0000-0000-0000-000000000000"\n',
    "export PROXMOX_VE_APITOKEN='root@pam!terraform'\n",
    "curl -H 'Authorization: PVEAPIToken=USER@REALM!TOKENID=UUID' https://pve:8006/api2/json/nodes\n",
    "api_token: root@pam!sometoken=uuid\n",
    "no such token 'TOKENID' for user 'dev@pve'\n",
    "pveum user token list terraform-prov@pve\n",
    'pm_api_token_id = "terraform-prov@pve!mytoken"\n',
    "PVE_TOKEN=admin@pve!ci=your-token-secret-here\n",
    "Email me at bob@example.com! Thanks.\n",
    "HEAD@{1}: checkout: moving from main to dev\n",
]

AUTH_STATE_NOBODY = [
    "auth: trusted\n",
    "auth: untrusted\n",
    "config: {}\napi_extensions: []\napi_status: stable\nauth: trusted\nauth_user_method: tls\n",
    '{"auth": "untrusted", "public": false}\n',
    "auth_user_method: tls\n",
    "token: expired\n",
    "Auth: authenticated\n",
    "auth: unauthenticated\n",
    "authentication: failed\n",
    "auth_status: denied\n",
    "auth = granted\n",
    "token_status: revoked\n",
]

ZFS_NOBODY = [
    "NAME        USED  AVAIL  REFER  MOUNTPOINT\nrpool/home   96K   100G   96K    /home\n",
    "rpool/home/root/.cache  used  12K  -\n",
    "rpool/home/user/.cache  used  12K  -\n",
    "rpool/home/ubuntu/.cache  logicalused  1.2M  -\n",
    "tank/home/username/.cache  used  12K  -\n",
    "zhome/home  mountpoint  /home  local\n",
    "rpool/ROOT/ubuntu_8juuya  mountpoint  /  local\n",
    "bpool/BOOT/ubuntu_8juuya  mountpoint  /boot  local\n",
    "rpool/USERDATA/root_8juuya  mountpoint  /root  local\n",
    "rpool/var/lib/docker  used  1G  -\n",
    "zfs snapshot tank/svn@night\n",
    "homes/home@autosnap_2024-01-01_00:00:00_daily  0B  -\n",
    "zdata/admin  mountpoint  /Users/admin  local\n",
    "/home/runner/work/zfs/zfs/tests/home/.cache\n",
    "cp -r skel/home/.config /etc/skel/\n",
]

PROMPT_NOBODY = [
    "root@fs2 ~ [504] ; zpool status pool0\n",
    "user@host ~ [1] ; ls\n",
    "admin@nas ~ [12] ; zfs list\n",
    "ubuntu@ip-10-0-0-1 ~ [3] ; uptime\n",
    "See [504] ; the next line\n",
    "git@github.com:org/repo [1] ; done\n",
    "- [x] done; [1] ; see\n",
    "Contact: info@example.com [1] ; fax\n",
    "  ref [3] ; user@host names nobody\n",
    "root@omnios:~# zpool status\n",
]


@pytest.mark.parametrize("text", PVE_TOKEN_NOBODY + AUTH_STATE_NOBODY + ZFS_NOBODY + PROMPT_NOBODY)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


# (text, what must be gone from the whole text, what must stay)
STILL_GO = [
    (
        "export PROXMOX_VE_APITOKEN='tmarlow@pam!ci=4d9f7a2c-1b3e-4c5d-9e8f-0a1b2c3d4e5f'\n",
        "tmarlow",
        "@pam!ci=",
    ),
    (
        "export PROXMOX_VE_APITOKEN='tmarlow@pam!ci=4d9f7a2c-1b3e-4c5d-9e8f-0a1b2c3d4e5f'\n",
        "4d9f7a2c-1b3e-4c5d-9e8f-0a1b2c3d4e5f",
        "@pam!ci=",
    ),
    (
        "Authorization: PVEAPIToken=root@pam!monitoring=4d9f7a2c-1b3e-4c5d-9e8f-0a1b2c3d4e5f\n",
        "4d9f7a2c-1b3e-4c5d-9e8f-0a1b2c3d4e5f",
        "PVEAPIToken=root@pam!monitoring=",
    ),
    (
        'pm_api_token_secret = "4d9f7a2c-1b3e-4c5d-9e8f-0a1b2c3d4e5f"\npm_api_token_id = "kvornby@pve!terraform"\n',
        "kvornby",
        "@pve!terraform",
    ),
    ("secret: tk@pve!ci=mypassphrase\n", "mypassphrase", "secret: "),
    ('password: "p@ssw0rd!abc"\n', "p@ssw0rd!abc", "password: "),
    ("DB_PASSWORD=hunter@pve!x=abc123Q9\n", "abc123Q9", "DB_PASSWORD="),
    ("auth: 8fJ2kq9ZxLw3RtYv\n", "8fJ2kq9ZxLw3RtYv", "auth: "),
    ('password: "trustedXq93Lk"\n', "trustedXq93Lk", "password: "),
    ("rpool/home/tmarlow/.cache  used  12K  -\n", "tmarlow", "rpool/home/"),
    (
        "NAME                       PROPERTY  VALUE\nrpool/home/kvornby/.cache  type      filesystem\n",
        "kvornby",
        "/.cache  type",
    ),
    ("rpool/USERDATA/tmarlow_8juuya  used  1.2G  -\n", "tmarlow", "rpool/USERDATA/"),
    ("kmt@fs2 ~ [504] ; zpool status pool0\n", "kmt", "@fs2 ~ [504] ; zpool status"),
    ("duskwren@zfs-box /export/home [12] ; zfs list\n", "duskwren", " [12] ; zfs list"),
]


@pytest.mark.parametrize(("text", "value", "kept"), STILL_GO)
def test_logins_and_secrets_still_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


def test_a_proxmox_token_keeps_all_but_its_secret(engine: Scrubber) -> None:
    text = "Authorization: PVEAPIToken=root@pam!monitoring=4d9f7a2c-1b3e-4c5d-9e8f-0a1b2c3d4e5f\n"
    out = scrubbed(engine, text)
    assert out.startswith("Authorization: PVEAPIToken=root@pam!monitoring="), out
    assert out != text
