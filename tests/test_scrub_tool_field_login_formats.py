# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""A login a tool prints in a documented field of its own output (stop 61, scrubber 1.154.0;
issue 35).

A class rule, ``tool_field_login`` (``scrubbers/user_names.yaml``), read from the tools'
documented formats, not from any batch's names:

* Perforce (Helix Core Command-Line Reference): ``p4 info``'s ``User name: <u>``, ``p4
  login``'s ``User <u> logged in.`` and ``p4 login -s``'s ``User <u> ticket expires in …``,
  ``p4 users``' rows ``<u> <<email>> (<Full Name>) accessed <date>``;
* OpenSSH: ``ssh-keygen -l[f]`` and ``ssh-add -l`` print ``<bits> <fingerprint> <comment>
  (<TYPE>)``, and ``ssh-keygen`` on creating a key ``The key fingerprint is:`` then
  ``<fingerprint> <comment>``; the default comment is ``user@hostname`` (ssh-keygen(1), ``-C``);
* crontab(5)'s ``MAILTO=<login>`` (cron mails that user);
* Grafana's request logger's fields ``userId=<n> orgId=<n> uname=<login>``
  (pkg/services/contexthandler), in logfmt or JSON;
* HashiCorp Vault: ``vault token lookup``'s ``display_name <mount>-<user>`` (the auth method's
  default mount, ``userpass``, ``ldap``, ``oidc``, ``jwt``, ``github``, ``okta``, ``radius``,
  ``kerberos``, and the user name) and ``vault login``'s ``token_meta_username <u>``;
* a Windows shell printing the user variable: ``PS C:\\> $env:USERNAME`` or ``C:\\> echo
  %USERNAME%`` and the next line alone.

``NOBODY`` is the harm hunt the rule was attacked with before it was kept (texts of the same
shapes that name nobody, which must stay whole); ``GO`` the real-shaped values that must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

FP = "SHA256:Wf1e0mKk9kW2v6bJv0zQ2XxZb3aQf+5g1cYlq8mG0ks"

NOBODY = [
    # Perforce: the super user of its examples, shared accounts, placeholders
    "$ p4 info\nUser name: super\nClient name: super-ws\nClient host: build-07\nServer address: perforce:1666\n",
    "User name: root\n",
    "User name: admin\n",
    "User name: user\n",
    "User name: <unknown>\nClient name: *unknown*\n",
    "User name: $P4USER\n",
    "User name: Enter your Perforce user name\n",
    "$ p4 login\nUser super logged in.\n",
    "User admin ticket expires in 11 hours 59 minutes.\n",
    "User root logged in.\n",
    "super <super@perforce> (super) accessed 2024/01/05\nadmin <admin@example.com> (Administrator) accessed 2024/01/05\n",
    "root <root@buildhost> (root) accessed 2024/01/05\n",
    # OpenSSH key listings: default and tool comments, shared accounts, no comment
    f"256 {FP} root@buildhost (ED25519)\n",
    f"2048 {FP} rsa-key-20240101 (RSA)\n",
    f"256 {FP} ansible-generated on web01 (ED25519)\n",
    f"256 {FP} github-actions (ED25519)\n",
    f"256 {FP} deploy@ci (ED25519)\n",
    f"256 {FP} no comment (ED25519)\n",
    f"256 {FP} user@example.com (ED25519)\n",
    f"256 {FP} your_email@example.com (ED25519)\n",
    f"3072 {FP} runner@fv-az123-456 (RSA)\n",
    f"256 {FP} ubuntu@ip-10-0-0-12 (ECDSA)\n",
    f"256 {FP} git@github.com (ED25519)\n",
    f"256 {FP} /root/.ssh/id_ed25519 (ED25519)\n",
    f"The key fingerprint is:\n{FP} root@buildhost\n",
    "The agent has no identities.\n",
    # crontab(5): empty, root's and roles' MAILTO, a variable
    'MAILTO=""\n0 3 * * * /usr/local/bin/backup.sh\n',
    "MAILTO=root\n",
    'MAILTO="root"\n',
    "MAILTO=admin\n",
    "MAILTO=nobody\n",
    "MAILTO=\n",
    "MAILTO=$ADMIN_EMAIL\n",
    "MAILTO=cron\n",
    "MAILTO=user\n",
    # Grafana: the admin, an anonymous request's empty uname, a role's demo login, uname(1)
    'logger=context userId=1 orgId=1 uname=admin t=2024-01-05T10:11:12Z level=info msg="Request Completed"\n',
    'logger=context userId=0 orgId=0 uname= t=2024-01-05T10:11:12Z level=info msg="Request Completed" method=GET path=/login status=200\n',
    '{"logger":"context","userId":1,"orgId":1,"uname":"admin","msg":"Request Completed"}\n',
    "logger=context userId=2 orgId=1 uname=viewer t=x level=info\n",
    "$ uname -a\nLinux web01 5.15.0-91-generic #101-Ubuntu SMP x86_64 GNU/Linux\n",
    # Vault: root, token and approle display names, other mounts, shared accounts
    "display_name        root\n",
    "display_name        token\n",
    "display_name        approle\n",
    "display_name        token-ci-bot\n",
    "display_name        github-actions\n",
    "display_name        userpass-admin\n",
    "display_name        ldap-user\n",
    "display_name        oidc-\n",
    '"display_name": "root",\n',
    "token_meta_username    admin\n",
    "token_meta_role_name  deploy\n",
    # Windows shells: built-in accounts, an empty or unset variable
    "PS C:\\> $env:USERNAME\nAdministrator\nPS C:\\>\n",
    "PS C:\\> $env:USERNAME\nSYSTEM\n",
    "PS C:\\> $env:USERNAME\nPS C:\\>\n",
    "C:\\> echo %USERNAME%\n%USERNAME%\n",
    "C:\\> echo %USERNAME%\nuser\n",
    "C:\\> echo %USERNAME%\nrunneradmin\n",
    "PS C:\\> $env:USERNAME\nWDAGUtilityAccount\n",
]

GO = [
    # (text, the login that must go, context that must stay)
    (
        "$ p4 info\nUser name: tvarnell\nClient name: tvarnell-ws\nClient host: build-07\nServer address: perforce:1666\n",
        "tvarnell",
        "Client host: build-07",
    ),
    ("$ p4 login\nEnter password:\nUser kalvik logged in.\n", "kalvik", " logged in."),
    (
        "$ p4 login -s\nUser kalvik ticket expires in 11 hours 59 minutes.\n",
        "kalvik",
        " ticket expires in ",
    ),
    (
        "$ p4 users\nmoravec <moravec@corp.example> (Ilsa Moravec) accessed 2024/02/11\n",
        "moravec",
        ") accessed 2024/02/11",
    ),
    (
        f"$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 {FP} quenby@quenby-laptop (ED25519)\n",
        "quenby",
        "(ED25519)",
    ),
    (f"$ ssh-add -l\n3072 {FP} orrin@workstation (RSA)\n", "orrin", "@workstation (RSA)"),
    (
        f"Your public key has been saved in /tmp/k.pub\nThe key fingerprint is:\n{FP} orrin@workstation\n",
        "orrin",
        "@workstation",
    ),
    ("MAILTO=halvard\n0 3 * * * /usr/local/bin/backup.sh\n", "halvard", "/usr/local/bin/backup.sh"),
    ('MAILTO="halvard"\n', "halvard", "MAILTO="),
    (
        't=2024-01-05T10:11:12+0000 lvl=info msg="Request Completed" logger=context userId=3 orgId=1 uname=pellow method=GET path=/api/search status=200\n',
        "pellow",
        "orgId=1 uname=",
    ),
    (
        '{"logger":"context","userId":3,"orgId":1,"uname":"pellow","msg":"Request Completed"}\n',
        "pellow",
        '"uname":',
    ),
    (
        "$ vault token lookup\nKey                 Value\n---                 -----\ndisplay_name        ldap-ferrant\npolicies            [default]\n",
        "ferrant",
        "display_name        ldap-",
    ),
    ("display_name        userpass-ferrant\n", "ferrant", "userpass-"),
    ("display_name        oidc-ferrant\n", "ferrant", "oidc-"),
    ("token_policies [default]\ntoken_meta_username ferrant\n", "ferrant", "token_meta_username "),
    ("PS C:\\> $env:USERNAME\nbrisco\nPS C:\\>\n", "brisco", "$env:USERNAME"),
    ("C:\\> echo %USERNAME%\nbrisco\n", "brisco", "echo %USERNAME%"),
]


@pytest.mark.parametrize("text", NOBODY)
def test_tool_fields_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "login", "kept"), GO)
def test_a_login_in_a_tools_field_goes(engine: Scrubber, text: str, login: str, kept: str) -> None:
    gone_and_kept(engine, text, login, kept)


def test_the_learned_login_goes_elsewhere_too(engine: Scrubber) -> None:
    gone_and_kept(
        engine,
        "User name: tvarnell\nClient root: /srv/p4/tvarnell-ws\nworkspace tvarnell-ws saved\n",
        "tvarnell",
        "Client root: /srv/p4/",
    )
