# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Logins by their tool's documented format, and placeholder identities and defaults kept
(stop 51, scrubber 1.33.0; issue 35).

The login misses of batches 69, 70 and 71's tune parts (``tests/outside_corpus/SOURCE.md``,
"The stop-69 collection", "The stop-70 collection", "The stop-71 collection"), each found by a
general rule read from its tool's format (``scrubbers/user_names.yaml``):

* ``gh_hosts_user``: the GitHub CLI's ``hosts.yml`` and hub's ``~/.config/hub`` (a dotted host
  key, then ``user:`` or gh 2.40's ``users:`` map keyed by login, or hub's ``- user:``), read
  over the file's whole text also when it is scrubbed as YAML (``engine.file_grammar_logins``);
* ``domain_login``: ``DOMAIN\\<login>`` in a process table's account column, after sshd's
  ``valid user`` and in sudo's ``[sudo] password for``;
* ``cifs_login``: a CIFS mount's ``user=``/``username=`` option and mount.cifs's prompt
  ``Password for <login>@//<host>/<share>:``;
* ``smbclient_user``: Samba's ``smbclient -U <login>[%<password>]`` (the password is
  ``recognizers.yaml``'s ``smbclient_password``);
* ``pg_hba_user``: a ``pg_hba.conf`` record's user column.

And three harms: ``Foo Bar`` (the metasyntactic words of RFC 3092, "Etymology of Foo", joined as
a name) is a placeholder identity (``placeholder_name``), a sequential-digit default behind a
``$`` (``"$123456789"``) is the default it spells (``allow.yaml``'s ``default_passwords``), and
``myname``/``my.name``, the first person's twin of ``yourname``, is a placeholder address's
local part (``allow.yaml``'s ``placeholder_email``).

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody, which must stay as they are. ``LOGINS`` lose the login (and a
password beside it) and keep the rest; ``STILL_GO`` are the texts a too-wide keep would leak.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from intake.scrub.files import scrub_file_text
from tests.support.scrubbing import scrubbed

_PS = " 952   2800  powershell.exe   x64   1        "
_SSHD = "4140 2020-02-28 17:16:48.147 debug2: userauth_pubkey: valid user "

DOMAIN_NOBODY = [
    f"{_PS}NT AUTHORITY\\SYSTEM           C:\\Windows\\System32\\vds.exe\n",
    f"{_PS}BUILTIN\\Administrators        C:\\Windows\\explorer.exe\n",
    f"{_PS}WORKGROUP\\Administrator       C:\\Windows\\explorer.exe\n",
    f"{_PS}DOMAIN\\user                  C:\\Windows\\explorer.exe\n",
    f"{_PS}ZZZZZZZZZZ\\Administrator     C:\\Windows\\explorer.exe\n",
    " 952   2800  dwm.exe          x64   1        Window Manager\\DWM-1         C:\\Windows\\System32\\dwm.exe\n",
    " 952   2800  fontdrvhost.exe  x64   1        Font Driver Host\\UMFD-1      C:\\Windows\\System32\\fontdrvhost.exe\n",
    " 952   2800  lsass.exe        x64   0        CORP\\DC01$                   C:\\Windows\\System32\\lsass.exe\n",
    " 4   0   System   x64   0      C:\\Windows\\System32\\drivers\\etc\\hosts   loaded\n",
    f"{_SSHD}DOMAIN\\\\\\\\username querying public key rsa-sha2-512 [preauth]\n",
    "debug2: userauth_pubkey: valid user WORKGROUP\\\\administrator attempting public key ssh-ed25519 [preauth]\n",
    "[sudo] password for DOMAIN\\user:\n",
    "[sudo] password for NT AUTHORITY\\SYSTEM:\n",
]

MOUNT_NOBODY = [
    "$ sudo mount -t cifs -o user=guest //server/share /mnt\n",
    "$ sudo mount -t cifs -o username=USERNAME,domain=DOMAIN //server/share /mnt\n",
    "$ sudo mount -t cifs -o user=nobody,domain=WORKGROUP //nas.local/public /mnt\n",
    "Password for guest@//server/share:\n",
    "//server/share /mnt/share cifs username=$SMB_USER,password=$SMB_PASS,uid=1000 0 0\n",
    "$ sudo mount -t cifs -o credentials=/root/.smbcred,uid=1000 //nas/share /mnt\n",
    "mount -o user=root /dev/sdb1 /mnt\n",
    "the cifs module: user=admin is the default in the docs\n",
    "Password for user@//server/share:\n",
    'smbclient -U "user1%pass123" //server/share\n',
    "smbclient -U guest% //server/public\n",
    'smbclient -U "$SMB_USER%$SMB_PASS" //server/share\n',
    "smbclient --user=<username> //server/share\n",
    "smbclient -U administrator //server/c$\n",
    "smbclient -N -L //192.168.1.10\n",
    "smbclient //server/share -U DOMAIN\\\\user%XXXXX\n",
]

PG_HBA_NOBODY = [
    "host all all 0.0.0.0/0 md5\n",
    "host all postgres 127.0.0.1/32 trust\n",
    "host replication replicator 10.0.0.0/8 md5\n",
    "local all all peer\n",
    "host all +admins 10.0.0.0/8 scram-sha-256\n",
    "host all @admins.txt 10.0.0.0/8 md5\n",
    "hostssl all all ::1/128 scram-sha-256 clientcert=verify-full\n",
    "host all all 127.0.0.1/32 sspi include_realm=0\n",
    "local sameuser all peer\n",
    "host all samerole 0.0.0.0/0 md5\n",
    "host mydb app_user,report_user 10.0.0.0/8 md5\n",
    "local all postgres ident map=omicron\n",
    "the host name local user then trust the md5\n",
]

# scrubbed as YAML files (``hosts.yml``), and the same texts as plain text
GH_NOBODY = [
    "github.com:\n    git_protocol: https\n",
    "github.com:\n    user: ghost\n    git_protocol: ssh\n",
    "github.com:\n    users:\n        octocat:\n    user: octocat\n    git_protocol: https\n",
    "github.com:\n    user: USERNAME\n    oauth_token: YOUR_TOKEN\n",
    "github.com:\n- user: <your-github-username>\n  oauth_token: <your-token>\n  protocol: https\n",
    "github.com:\n    user: $GITHUB_USER\n    git_protocol: https\n",
    "github.com:\n    user: YOUR_GITHUB_USERNAME\n    git_protocol: ssh\n",
    "servers:\n  web01:\n    user: deploy\n    protocol: ssh\n",
    "example.com:\n  users:\n    admin:\n      role: owner\n  protocol: https\n",
    "database:\n  user: postgres\n  protocol: tcp\n",
    "docs.github.com:\n  title: GitHub\n  protocol: https\n  users:\n    description: the users page\n",
]

PLACEHOLDER_NOBODY = [
    "git config user.name 'Foo Bar'\n",
    "Author: Foo Bar <foo@bar.com>\n",
    "$ git config user.name 'Foo Bar'\n2016-09-19 16:45 Foo Bar o [master] Changed username\n",
    '        root-password: "$123456789"\n        password: "$123456789"\n',
    'mysql_root_password: "$123456"\n',
    # the first person's placeholder address (allow.yaml's placeholder_email)
    "Postponed publickey for myname@mydomain.net from 10.0.0.2 port 50522 ssh2 [preauth]\n"
    "debug1: userauth-request for user myname@mydomain.net service ssh-connection method publickey [preauth]\n"
    "debug2: userauth_pubkey: valid user myname@mydomain.net querying public key rsa-sha2-512 [preauth]\n",
    "git config --global user.email my.name@company.com\n",
    "git config --global user.email MyName@contoso.com\n",
]

# (text, the login that must be gone); everything but the login (and a password) stays
LOGINS = [
    (
        "4140 2020-02-28 17:16:48.147 debug2: userauth_pubkey: valid user redmond\\\\\\\\jobrek querying public key rsa-sha2-512 [preauth]\n",
        "jobrek",
    ),
    (
        "$ sudo mount -t cifs -o user=admin-teodor,domain=dev.local //ubuntu.dev.local/Ubuntu-Public /mnt\n",
        "admin-teodor",
    ),
    ("[sudo] password for DEV\\admin-teodor:\n", "admin-teodor"),
    ("Password for admin-teodor@//ubuntu.dev.local/Ubuntu-Public:  ****\n", "admin-teodor"),
    (f"{_PS}EN2012\\rcollins               C:\\Windows\\System32\\conhost.exe\n", "rcollins"),
    ("host all city-ad/kbrandl 127.0.0.1/32 sspi include_realm=0\n", "kbrandl"),
    (
        '`smbclient \\\\\\\\server\\\\tamres -U “gideon.ferreira%XXXXX" -c "ls"`\n',
        "gideon.ferreira",
    ),
    ("$ sudo mount -t cifs -o username=mkowal //nas/share /mnt\n", "mkowal"),
    ("local all mwhite peer\n", "mwhite"),
    ("hostssl mydb pjones 10.0.0.0/8 scram-sha-256\n", "pjones"),
    ("host all CORP\\rmiller 10.0.0.0/8 gss include_realm=0\n", "rmiller"),
    ("smbclient //server/share -U jdoe%S3cretPw9 -c ls\n", "S3cretPw9"),
]

GH_LOGINS = [
    ('github.com:\n    user: "0x6d6e71"\n    git_protocol: https\n', ["0x6d6e71"]),
    (
        "github.com:\n    git_protocol: ssh\n    users:\n        53Kavita:\n        kavity:\n    user: kavity\n",
        ["53kavita", "kavity"],
    ),
    (
        "github.com:\n- user: JoPerlak\n  oauth_token: [token generated from https://github.com/settings/tokens]\n  protocol: https\n",
        ["joperlak"],
    ),
    (
        'ghe.example.org:\n    users:\n        "3918264":\n            oauth_token: gho_oPXQrNuIPK8luJgqYISdTqogbvTQOhep0iPT\n    user: "3918264"\n',
        ["3918264", "gho_oPXQ"],
    ),
]

STILL_GO = [
    ("git config user.name 'Mira Kowal'\n", "Mira Kowal"),
    ("git config user.name 'Foo Barrett'\n", "Barrett"),
    ("git config user.name 'Baz Luhrmann'\n", "Luhrmann"),
    ("Author: Bart Fooks <bart.fooks@fooks-lab.com>\n", "Fooks"),
    ('root-password: "$98127634"\n', "98127634"),
    ('password: "$1234567x9"\n', "1234567x9"),
    ('password: "$1234598"\n', "1234598"),
    ("smbclient -U 'jdoe%Tr0ub4dor' //server/share\n", "Tr0ub4dor"),
    ("contact mina.myers@gmail.com\n", "mina.myers"),
    ("Author: Ana Reyes <mynah@birds.org>\n", "mynah"),
    ("send to amyname@corp.com\n", "amyname"),
    ("send to myname2024x@gmail.com\n", "myname2024x"),
    ("send to mynames@corp.com\n", "mynames"),
]


def _yaml(engine: Scrubber, text: str) -> str:
    out = scrub_file_text(Path("hosts.yml"), text, scrubber=engine).text
    assert scrub_file_text(Path("hosts.yml"), out, scrubber=engine).text == out
    return out


@pytest.mark.parametrize(
    "text", DOMAIN_NOBODY + MOUNT_NOBODY + PG_HBA_NOBODY + GH_NOBODY + PLACEHOLDER_NOBODY
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize("text", GH_NOBODY)
def test_a_hosts_file_naming_nobody_stays_as_yaml(engine: Scrubber, text: str) -> None:
    assert _yaml(engine, text) == text


@pytest.mark.parametrize(("text", "login"), LOGINS)
def test_a_login_by_its_format_goes(engine: Scrubber, text: str, login: str) -> None:
    out = scrubbed(engine, text)
    assert login.lower() not in out.lower()
    # only the login's span changed: the line keeps its other words
    assert out.split()[0] == text.split()[0] and out.count("\n") == text.count("\n")


@pytest.mark.parametrize(("text", "gone"), GH_LOGINS)
def test_a_hosts_file_login_goes_as_yaml_and_as_text(
    engine: Scrubber, text: str, gone: list[str]
) -> None:
    for out in (_yaml(engine, text), scrubbed(engine, text)):
        assert not [g for g in gone if g in out.lower() or g in out]
        assert out.splitlines()[0] == text.splitlines()[0]
        assert [line.split(":")[0] for line in out.splitlines() if "user:" in line] == [
            line.split(":")[0] for line in text.splitlines() if "user:" in line
        ]


@pytest.mark.parametrize(("text", "gone"), STILL_GO)
def test_a_person_or_a_password_beside_the_placeholders_still_goes(
    engine: Scrubber, text: str, gone: str
) -> None:
    assert gone not in scrubbed(engine, text)
