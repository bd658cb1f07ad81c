# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Where Windows documents a value as an account name (stop 57, scrubber 1.106.0; issue 35).

The tune misses of batch 147 (``tests/outside_corpus/SOURCE.md``, "The stop-147 collection"),
fixed by general rules read from the tools' documented formats:

* ``windows_account_name`` (``scrubbers/user_names.yaml``): the SAM account name where a
  Windows tool prints one: a local group member or principal ``<MACHINE-or-DOMAIN>\\<login>``
  given to ``Add-/Get-/Remove-LocalGroupMember -Member`` and repeated by PowerShell's
  ``PrincipalNotFound`` error (``Principal … was not found.``, ``ObjectNotFound: (…:String)``;
  Microsoft Learn, Microsoft.PowerShell.LocalAccounts, ``Get-LocalGroupMember``: "-Member
  Specifies a user or group … by name"); Windows ``klist``'s ``Client: <login> @ <REALM>``
  (Microsoft Learn, "klist": the ticket's client principal, name then `` @ `` and the realm);
  a ``wmic useraccount get name,sid`` row (``Win32_UserAccount``'s ``Name`` then its ``SID``,
  a relative id of 1000 or more: RIDs 500-504 are the built-in accounts); rpcclient's and
  enum4linux-ng's account listing (``user:[<login>] rid:[0x…]``, ``queryuser``'s ``User
  Name :`` / ``Full Name :``, enum4linux-ng's ``'<rid>':`` / ``username:`` / ``name:``);
  osquery's ``logged_in_users`` row (``"user"`` beside ``"tty"``: osquery's schema,
  specs/windows/logged_in_users.table and specs/posix/logged_in_users.table);
* ``graph_user_names`` (the same file): a Microsoft Graph ``user`` resource's ``givenName``,
  ``surname`` and ``displayName`` (Microsoft Learn, Microsoft Graph v1.0, "user resource
  type"), in an object of ``"@odata.type": "#microsoft.graph.user"`` or holding
  ``userPrincipalName``; ``displayName`` only where the object holds a given name or surname
  (a room's or a role's account holds neither);
* ``placeholder_name`` learns ``mylogin`` / ``yourlogin`` as a poster's stand-in, like
  ``myusername``; allow.yaml's placeholder address and ``role_login`` keep a training tenant's
  ``trainingUser0`` as they keep ``testuser2``.

The ``*_NOBODY`` lists are the harm hunt the rules were attacked with before they were kept:
texts of the same shape that name nobody (built-in accounts by RID 500-504, ``krbtgt``,
``BUILTIN\\…``, ``NT AUTHORITY\\…``, a machine account ``WIN10$``, an empty ``Client: @``, rooms
and roles), from at least two tools of each class; each stays unchanged under 1.100.0 and under
1.106.0. The ``*_GO`` lists were each missed under 1.100.0 and go under 1.106.0.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

ACCOUNT_NOBODY = [
    # PowerShell's LocalAccounts cmdlets: built-in accounts, groups, authorities, machine accounts
    "DEBU Running 'Get-LocalGroupMember -Name crc-users -Member 'DESKTOP-J8H86J0\\Administrator''",
    "Add-LocalGroupMember -Group 'Administrators' -Member 'WIN-3K2J1\\Guest'",
    "Remove-LocalGroupMember -Group 'Users' -Member \"CONTOSO\\krbtgt\"",
    "Get-LocalGroupMember : Principal BUILTIN\\Administrators was not found.",
    "    + CategoryInfo          : ObjectNotFound: (NT AUTHORITY\\SYSTEM:String) [Get-LocalGroupMember], PrincipalNotFound",
    "Add-LocalGroupMember -Group 'Remote Desktop Users' -Member 'CONTOSO\\Domain Users'",
    "Add-LocalGroupMember -Group 'Hyper-V Administrators' -Member 'CORP\\WIN10$'",
    "Get-LocalGroupMember : Principal DESKTOP-J8H86J0\\DefaultAccount was not found.",
    "ObjectNotFound: (WIN-3K2J1\\WDAGUtilityAccount:String) [Add-LocalGroupMember], PrincipalNotFound",
    "Add-LocalGroupMember -Group docker-users -Member $env:USERDOMAIN\\$env:USERNAME",
    "Add-LocalGroupMember -Group docker-users -Member 'DOMAIN\\username'",
    # Windows klist: built-in, service and machine accounts, an empty client
    "#0>     Client: Administrator @ CONTOSO.COM\n        Server: krbtgt/CONTOSO.COM @ CONTOSO.COM\n",
    "#1>     Client: WIN10$ @ CORP.LOCAL\n        Server: cifs/dc01.corp.local @ CORP.LOCAL\n",
    "#0>     Client: @\n        Server: krbtgt/\n        Kdc Called:\n",
    "#0>\tClient: krbtgt @ EXAMPLE.COM\n\tServer: krbtgt/EXAMPLE.COM @ EXAMPLE.COM\n",
    # a Client: header of other tools (an HTTP client, a mail client)
    "Client: curl @ 7.81.0\nServer: nginx\n",
    # wmic useraccount and other SID tables: built-in RIDs, groups, well-known SIDs
    "C:\\WINDOWS\\system32>WMIC useraccount get name,sid\nName SID\nAdministrator S-1-5-21-290147011-3877661701-2869888396-500\nDefaultAccount S-1-5-21-290147011-3877661701-2869888396-503\nGuest S-1-5-21-290147011-3877661701-2869888396-501\nWDAGUtilityAccount S-1-5-21-290147011-3877661701-2869888396-504\n",
    "C:\\>wmic group get name,sid\nName SID\ndocker-users S-1-5-21-290147011-3877661701-2869888396-1002\nHelpLibraryUpdaters S-1-5-21-290147011-3877661701-2869888396-1003\n",
    "PS C:\\> Get-LocalGroup | Select Name,SID\nName SID\nORA_DBA S-1-5-21-1-2-3-1005\n",
    # rpcclient and enum4linux-ng: the built-in accounts a domain ships with
    "'500':\n  username: Administrator\n  name: (null)\n  acb: '0x00000210'\n",
    "'501':\n  username: Guest\n  name: (null)\n  acb: '0x00000215'\n",
    "'502':\n  username: krbtgt\n  name: (null)\n  description: Key Distribution Center Service Account\n",
    "rpcclient $> enumdomusers\nuser:[Administrator] rid:[0x1f4]\nuser:[Guest] rid:[0x1f5]\nuser:[krbtgt] rid:[0x1f6]\n",
    "rpcclient $> queryuser 500\n\tUser Name   :\tAdministrator\n\tFull Name   :\t\n\tHome Drive  :\t\n",
    "groups:\n  '512':\n    groupname: Domain Admins\n  '513':\n    groupname: Domain Users\n",
    # osquery: system accounts, and a "user" key of other tools' JSON
    '{"host":"","pid":"-1","sid":"S-1-5-18","tty":"Console","type":"active","user":"SYSTEM"}',
    '{"host":"","pid":"812","tty":"pts/0","type":"user","user":"root"}',
    '{"level":"info","user":"deploy","msg":"started"}',
    '{"type":"push","user":"alice-bot","ref":"main"}',
]

ACCOUNT_GO = [
    # PowerShell's LocalAccounts cmdlets and their PrincipalNotFound error
    (
        "DEBU Running 'Get-LocalGroupMember -Name crc-users -Member 'DESKTOP-AB12CD3\\tkowal''\nDEBU stderr: Get-LocalGroupMember : Principal DESKTOP-AB12CD3\\tkowal was not found.\n",
        "tkowal",
        "Get-LocalGroupMember -Name crc-users -Member 'DESKTOP-AB12CD3\\",
    ),
    (
        "Add-LocalGroupMember -Group 'docker-users' -Member \"CONTOSO\\jbrennan\"\n",
        "jbrennan",
        '-Member "CONTOSO\\',
    ),
    (
        "    + CategoryInfo          : ObjectNotFound: (LAPTOP-9\\mfarouk:String) [Get-LocalGroupMember], PrincipalNotFound\n",
        "mfarouk",
        "ObjectNotFound: (LAPTOP-9\\",
    ),
    # Windows klist
    (
        "#0>     Client: okafor @ HOME.LAB\n        Server: krbtgt/HOME.LAB @ HOME.LAB\n#1>     Client: okafor @ HOME.LAB\n",
        "okafor",
        "Server: krbtgt/HOME.LAB @ HOME.LAB",
    ),
    # wmic useraccount get name,sid
    (
        "C:\\WINDOWS\\system32>wmic useraccount get name,sid\nName SID\nAdministrator S-1-5-21-1-2-3-500\nlhartley S-1-5-21-1-2-3-1001\n",
        "lhartley",
        "Administrator S-1-5-21-1-2-3-500",
    ),
    # rpcclient and enum4linux-ng
    (
        "'1146':\n  username: nwhitaker\n  name: Nora Whitaker\n  acb: '0x00000210'\n",
        ["nwhitaker", "Nora Whitaker"],
        "acb: '0x00000210'",
    ),
    (
        "rpcclient $> enumdomusers\nuser:[Administrator] rid:[0x1f4]\nuser:[pdelacroix] rid:[0x44f]\n",
        "pdelacroix",
        "user:[Administrator] rid:[0x1f4]",
    ),
    (
        "rpcclient $> queryuser 0x44f\n\tUser Name   :\tpdelacroix\n\tFull Name   :\tPaul Delacroix\n\tHome Drive  :\t\n",
        ["pdelacroix", "Paul Delacroix"],
        "Home Drive",
    ),
    # osquery's logged_in_users
    (
        '{"host":"","pid":"-1","sid":"S-1-5-21-1-2-3","time":"1661317774","tty":"Console","type":"active","user":"rbaxley"}',
        "rbaxley",
        '"tty":"Console"',
    ),
]


@pytest.mark.parametrize("text", ACCOUNT_NOBODY)
def test_account_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), ACCOUNT_GO)
def test_account_goes(engine: Scrubber, text: str, gone: str | list[str], kept: str) -> None:
    gone_and_kept(engine, text, gone, kept, any_case=True)


GRAPH_USER_NOBODY = [
    '{"@odata.type": "#microsoft.graph.user", "id": "00000000-0000-0000-0000-000000000000", "businessPhones": [], "displayName": "Conference Room A", "givenName": null, "surname": null}',
    '{"@odata.type": "#microsoft.graph.user", "businessPhones": [], "displayName": "Global Administrator", "jobTitle": "Automation Guru", "officeLocation": "US"}',
    '{"@odata.type": "#microsoft.graph.group", "displayName": "Sales Team", "mailNickname": "sales"}',
    '{"displayName": "Microsoft Graph PowerShell", "appId": "14d82eec-204b-4c2f-b7e8-296a70dab67e"}',
    '{"@odata.type": "#microsoft.graph.user", "displayName": "trainingUser0", "userPrincipalName": "trainingUser0@contoso.onmicrosoft.com"}',
    '{"@odata.type": "#microsoft.graph.user", "displayName": "Test User", "givenName": "Test", "surname": "User", "userPrincipalName": "testuser2@contoso.onmicrosoft.com"}',
]

GRAPH_USER_GO = [
    (
        '{"@odata.type": "#microsoft.graph.user", "id": "1", "businessPhones": [], "displayName": "Ingrid Solberg", "givenName": "Ingrid", "jobTitle": "Automation Guru", "surname": "Solberg", "userPrincipalName": "isolberg@contoso.onmicrosoft.com"}',
        ["Ingrid", "Solberg"],
        '"jobTitle": "Automation Guru"',
    ),
    (
        '{"value": [{"businessPhones": [], "displayName": "Tomasz Wrona", "givenName": "Tomasz", "surname": "Wrona", "userPrincipalName": "twrona@fabrikam.com", "id": "2"}]}',
        ["Tomasz", "Wrona"],
        '"businessPhones": []',
    ),
]


@pytest.mark.parametrize("text", GRAPH_USER_NOBODY)
def test_graph_user_naming_nobody_keeps_its_names(engine: Scrubber, text: str) -> None:
    out = scrubbed(engine, text)
    for name in (
        "Conference Room A",
        "Global Administrator",
        "Sales Team",
        "Microsoft Graph",
        "trainingUser0",
        "Test User",
    ):
        assert text.count(name) == out.count(name), out


@pytest.mark.parametrize(("text", "gone", "kept"), GRAPH_USER_GO)
def test_graph_user_goes(engine: Scrubber, text: str, gone: list[str], kept: str) -> None:
    gone_and_kept(engine, text, gone, kept)


PLACEHOLDER_HOMES = [
    "PS C:\\Users\\mylogin> Get-AdUser -Identity bckadmin",
    "C:\\Users\\yourlogin\\AppData\\Local\\Temp\\x.log",
    "PS C:\\Users\\Administrator> Get-AdUser -Identity bckadmin",
    "PS C:\\Users\\Public> Get-ADUser -Filter *",
]


@pytest.mark.parametrize("text", PLACEHOLDER_HOMES)
def test_a_placeholder_home_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_a_person_login_home_goes(engine: Scrubber) -> None:
    gone_and_kept(engine, "PS C:\\Users\\mlogan> Get-AdUser", "mlogan", "PS C:\\Users\\")


# A Kerberos principal ``<account>@<REALM>`` (RFC 4120 section 6.1: a realm is written as a DNS
# domain in upper case) read as an address: a role's or built-in account stays and only the realm
# is replaced (``engine.kerberos_role_account``); a person's login goes whole, as before.
KERBEROS_NOBODY = [
    "    Jul 27 16:35:27 2017  Jul 28 02:35:27 2017  krbtgt/EXAMPLE.COM@EXAMPLE.COM",
    "Ticket cache: FILE:/tmp/krb5cc_0\nDefault principal: admin@EXAMPLE.COM\n",
    '    $ ./xfreerdp /v:win2016dc /u:administrator /p:"password"',
    "kinit Administrator@EXAMPLE.ORG\n",
]

KERBEROS_ROLE = [
    (
        "ccselect module realm chose cache FILE:/tmp/krb5cc_1000 with client principal administrator@FR.OLIVIER.TECH for server principal TERMSRV/winolivier.fr.olivier.tech@FR.OLIVIER.TECH\n",
        ["OLIVIER"],
        "client principal administrator@",
    ),
    (
        "Ticket cache: FILE:/tmp/krb5cc_0\nDefault principal: Administrator@AD.KOWALCZYK.NET\n",
        ["KOWALCZYK"],
        "Default principal: Administrator@",
    ),
    (
        "Default principal: jbarnaby@CORP.BARNABY.IO\n",
        ["jbarnaby", "BARNABY"],
        "Default principal: ",
    ),
]


@pytest.mark.parametrize("text", KERBEROS_NOBODY)
def test_kerberos_principal_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), KERBEROS_ROLE)
def test_kerberos_role_principal_keeps_its_account(
    engine: Scrubber, text: str, gone: list[str], kept: str
) -> None:
    gone_and_kept(engine, text, gone, kept, any_case=True)
