# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""The account in session, event and open-file listings (stop 61, scrubber 1.157.0; issue 35).

A class rule, ``session_listing_login`` (``scrubbers/user_names.yaml``), read from the tools'
documented formats, not from any batch's names:

* Windows Security events as Event Viewer prints them (Microsoft Learn, events 4624, 4625,
  4648, 4720): ``Account Name:`` under a block's ``Security ID:`` (``Subject:``, ``New
  Logon:``, ``Account For Which Logon Failed:``, ``New Account:``), under ``Account Whose
  Credentials Were Used:`` or as ``Attributes:``' ``SAM Account Name:``; the event data's
  ``TargetUserName``/``SubjectUserName`` in XML, ``Get-WinEvent``'s ``Name : value`` or JSON;
* Samba's ``smbstatus`` process rows (smbstatus(1): ``PID Username Group Machine …``);
* ``lsof``'s rows (lsof(8): ``COMMAND PID [TID TASKCMD] USER FD TYPE DEVICE SIZE/OFF NODE
  NAME``);
* ``fuser -v``'s rows (fuser(1): ``USER PID ACCESS COMMAND``);
* Windows ``net session`` rows and ``net session \\\\<computer>``'s ``User name``, and
  ``openfiles /query``'s rows (``ID Accessed By Type Open File``).

``NOBODY`` is the harm hunt the rule was attacked with before it was kept (texts of the same
shapes that name nobody, which must stay whole); ``GO`` the real-shaped values that must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

EV4624 = "An account was successfully logged on.\r\n\r\nSubject:\r\n\tSecurity ID:\t\tSYSTEM\r\n\tAccount Name:\t\tDESKTOP-ABC$\r\n\tAccount Domain:\t\tWORKGROUP\r\n\tLogon ID:\t\t0x3E7\r\n\r\nLogon Information:\r\n\tLogon Type:\t\t{t}\r\n\r\nNew Logon:\r\n\tSecurity ID:\t\t{sid}\r\n\tAccount Name:\t\t{u}\r\n\tAccount Domain:\t\t{d}\r\n\tLogon ID:\t\t0x1A2B3C\r\n"
LSOF = "COMMAND     PID     USER   FD   TYPE DEVICE SIZE/OFF    NODE NAME\n"
SMB = "Samba version 4.15.13-Ubuntu\nPID     Username     Group        Machine                                   Protocol Version  Encryption           Signing\n----------------------------------------------------------------------------------------------------------------------------------------\n"
FUSER = "                     USER        PID ACCESS COMMAND\n"
NETSESS = "Computer               User name            Client Type       Opens Idle time\n\n-------------------------------------------------------------------------------\n"
OPENF = "Files Opened Remotely via local share points:\n---------------------------------------------\n\nID       Accessed By          Type       Open File (Path\\executable)\n======== ==================== ========== =====================================\n"

NOBODY = [
    # Windows Security events: built-in, machine, window-manager and font-driver accounts
    EV4624.format(t=5, sid="SYSTEM", u="SYSTEM", d="NT AUTHORITY"),
    EV4624.format(t=5, sid="LOCAL SERVICE", u="LOCAL SERVICE", d="NT AUTHORITY"),
    EV4624.format(t=5, sid="NETWORK SERVICE", u="NETWORK SERVICE", d="NT AUTHORITY"),
    EV4624.format(t=3, sid="ANONYMOUS LOGON", u="ANONYMOUS LOGON", d="NT AUTHORITY"),
    EV4624.format(t=2, sid="Window Manager\\DWM-1", u="DWM-1", d="Window Manager"),
    EV4624.format(t=2, sid="Font Driver Host\\UMFD-0", u="UMFD-0", d="Font Driver Host"),
    EV4624.format(t=3, sid="CORP\\FILESRV01$", u="FILESRV01$", d="CORP"),
    EV4624.format(t=2, sid="DESKTOP-ABC\\Administrator", u="Administrator", d="DESKTOP-ABC"),
    "An account failed to log on.\n\nSubject:\n\tSecurity ID:\t\tNULL SID\n\tAccount Name:\t\t-\n\tAccount Domain:\t\t-\n\tLogon ID:\t\t0x0\n\nAccount For Which Logon Failed:\n\tSecurity ID:\t\tNULL SID\n\tAccount Name:\t\tGuest\n\tAccount Domain:\t\tDESKTOP-ABC\n",
    "A logon was attempted using explicit credentials.\n\nAccount Whose Credentials Were Used:\n\tAccount Name:\t\tDESKTOP-ABC$\n\tAccount Domain:\t\tWORKGROUP\n",
    "A user account was created.\n\nNew Account:\n\tSecurity ID:\t\tCORP\\krbtgt\n\tAccount Name:\t\tkrbtgt\n\tAccount Domain:\t\tCORP\n\nAttributes:\n\tSAM Account Name:\tkrbtgt\n",
    # event data: XML, Get-WinEvent, JSON
    '<Data Name="SubjectUserName">DESKTOP-ABC$</Data>\n<Data Name="TargetUserName">SYSTEM</Data>\n<Data Name="TargetDomainName">NT AUTHORITY</Data>\n',
    '<Data Name="TargetUserName">-</Data>\n<Data Name="SubjectUserName">-</Data>\n',
    '<Data Name="TargetUserName">DWM-2</Data>\n',
    '<Data Name="TargetUserName">ANONYMOUS LOGON</Data>\n',
    "SubjectUserName  : WIN-SRV01$\nTargetUserName   : LOCAL SERVICE\n",
    "TargetUserName   : -\n",
    '{"SubjectUserName": "DC01$", "TargetUserName": "SYSTEM"}\n',
    '"TargetUserName": "UMFD-1",\n',
    # prose and unrelated fields
    "Storage account\nAccount Name: mystorageacct\nAccount Key: (hidden)\n",
    "Check the TargetUserName field of event 4625 for the account.\n",
    # smbstatus: guest and service rows, the lock table's uid numbers
    SMB
    + "12345   nobody       nogroup      192.168.1.20 (ipv4:192.168.1.20:51234)    SMB3_11           -                    partial(AES-128-CMAC)\n",
    SMB
    + "12346   root         root         10.0.0.7 (ipv4:10.0.0.7:49822)           SMB3_11           -                    -\n",
    "Locked files:\nPid          User(ID)   DenyMode   Access      R/W        Oplock           SharePath   Name   Time\n--------------------------------------------------------------------------------------------------\n12345        1000       DENY_NONE  0x100081    RDONLY     NONE             /srv/share   .   Sun Dec  6 18:00:01 2026\n",
    "Service      pid     Machine       Connected at                     Encryption   Signing\n---------------------------------------------------------------------------------------------\nshare        12345   192.168.1.20  Sun Dec  6 18:00:01 2026 UTC     -            -\n",
    # lsof: shared and daemon accounts, uid numbers (lsof -l), the header alone
    LSOF + "systemd       1     root  cwd    DIR  253,1     4096       2 /\n",
    LSOF + "nginx      1235 www-data    6u  IPv4  23456      0t0     TCP *:80 (LISTEN)\n",
    LSOF + "postgres    812 postgres    7u  IPv6  19876      0t0     TCP [::1]:5432 (LISTEN)\n",
    LSOF + "dnsmasq     990   nobody    4u  IPv4  17654      0t0     UDP *:53\n",
    LSOF
    + "python3   12345     1000  cwd    DIR  253,1     4096 1234567 /srv/app\npython3   12345     1000    3u  IPv4 123456      0t0     TCP *:8000 (LISTEN)\n",
    "COMMAND     PID   TID TASKCMD       USER   FD      TYPE DEVICE SIZE/OFF NODE NAME\nmysqld      901   933 ib_io_wr     mysql   12u     IPv6  21345      0t0  TCP *:3306 (LISTEN)\n",
    LSOF
    + "sshd        700     root    3u  IPv4  15123      0t0  TCP *:22 (LISTEN)\nredis-ser   742    redis    6u  IPv4  16002      0t0  TCP 127.0.0.1:6379 (LISTEN)\n",
    LSOF
    + "avahi-dae   611    avahi   12u  IPv4  15321      0t0  UDP *:5353\nsystemd-r   598 systemd-resolve   13u  IPv4  15201      0t0  UDP 127.0.0.53:53\n",
    # fuser -v: root, the kernel, daemon accounts
    FUSER + "/srv/data:           root       1234 ..c.. bash\n",
    FUSER
    + "80/tcp:              root       1233 F.... nginx\n                     www-data   1235 F.... nginx\n",
    FUSER + "/mnt:                root     kernel mount /mnt\n",
    FUSER + "5432/tcp:            postgres    812 F.... postgres\n",
    # net session / openfiles: no user column, a client type in an empty user column, built-ins
    NETSESS
    + "\\\\192.168.1.20                              Windows 10 Ent    0 00:00:12\nThe command completed successfully.\n",
    NETSESS
    + "\\\\192.168.1.21         ADMINISTRATOR                              1 00:03:10\nThe command completed successfully.\n",
    "There are no entries in the list.\n",
    "User name       Administrator\nComputer        192.168.1.20\nGuest logon     No\n",
    OPENF + "12       ADMINISTRATOR        Windows    C:\\Shares\\Reports\\\n",
    OPENF + "No shared open files found.\n",
    "INFO: No shared open files found.\n",
]

GO = [
    # (text, the login that must go, context that must stay)
    (
        EV4624.format(t=2, sid="S-1-5-21-1-2-3-1001", u="kvorlund", d="DESKTOP-ABC"),
        "kvorlund",
        "DESKTOP-ABC$",
    ),
    (
        EV4624.format(t=10, sid="CORP\\tmerrow", u="tmerrow", d="CORP"),
        "tmerrow",
        "Account Domain:\t\tCORP",
    ),
    (
        "An account failed to log on.\n\nAccount For Which Logon Failed:\n\tSecurity ID:\t\tNULL SID\n\tAccount Name:\t\tkvorlund\n\tAccount Domain:\t\tCORP\n\nFailure Information:\n\tFailure Reason:\t\tUnknown user name or bad password.\n",
        "kvorlund",
        "Unknown user name or bad password.",
    ),
    (
        "A logon was attempted using explicit credentials.\n\nAccount Whose Credentials Were Used:\n\tAccount Name:\t\tkvorlund\n\tAccount Domain:\t\tCORP\n",
        "kvorlund",
        "Account Domain:\t\tCORP",
    ),
    (
        "A user account was created.\n\nNew Account:\n\tSecurity ID:\t\tS-1-5-21-1-2-3-1105\n\tAccount Name:\t\tkvorlund\n\tAccount Domain:\t\tCORP\n\nAttributes:\n\tSAM Account Name:\tkvorlund\n",
        "kvorlund",
        "SAM Account Name:",
    ),
    (
        '<Data Name="TargetUserName">kvorlund</Data>\n<Data Name="TargetDomainName">CORP</Data>\n',
        "kvorlund",
        "TargetDomainName",
    ),
    ('<Data Name="SubjectUserName">tmerrow</Data>\n', "tmerrow", '"SubjectUserName"'),
    (
        "TargetUserName   : kvorlund\nTargetDomainName : CORP\n",
        "kvorlund",
        "TargetDomainName : CORP",
    ),
    ('{"event_id": 4625, "TargetUserName": "kvorlund"}\n', "kvorlund", '"TargetUserName"'),
    (
        SMB
        + "12345   kvorlund     kvorlund     192.168.1.20 (ipv4:192.168.1.20:51234)    SMB3_11           -                    partial(AES-128-CMAC)\n",
        "kvorlund",
        "(ipv4:192.168.1.20:51234)",
    ),
    (
        SMB
        + "23456   CORP\\tmerrow  CORP\\domain users  laptop-7 (ipv4:10.1.2.3:50112)    SMB3_11   -   -\n",
        "tmerrow",
        "(ipv4:10.1.2.3:50112)",
    ),
    (
        LSOF
        + "python3   12345 kvorlund  cwd    DIR  253,1     4096 1234567 /srv/app\npython3   12345 kvorlund    3u  IPv4 123456      0t0     TCP *:8000 (LISTEN)\n",
        "kvorlund",
        "TCP *:8000 (LISTEN)",
    ),
    (
        "node      4321 tmerrow   22u  IPv6 0x1a2b3c4d      0t0  TCP *:3000 (LISTEN)\n",
        "tmerrow",
        "TCP *:3000 (LISTEN)",
    ),
    (FUSER + "/srv/data:           kvorlund   1234 ..c.. bash\n", "kvorlund", "..c.. bash"),
    (
        FUSER
        + "/dev/snd/pcmC0D0p:   root        812 F...m pulseaudio\n                     tmerrow    2345 F...m pulseaudio\n",
        "tmerrow",
        "F...m pulseaudio",
    ),
    (
        NETSESS
        + "\\\\192.168.1.20         kvorlund                                   2 00:00:12\nThe command completed successfully.\n",
        "kvorlund",
        "2 00:00:12",
    ),
    (
        "User name       TMERROW\nComputer        192.168.1.20\nGuest logon     No\n",
        "TMERROW",
        "Computer        192.168.1.20",
    ),
    (
        OPENF + "12       KVORLUND             Windows    C:\\Shares\\Reports\\\n",
        "KVORLUND",
        "Windows    C:\\Shares\\Reports\\",
    ),
]


@pytest.mark.parametrize("text", NOBODY)
def test_session_listings_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "login", "kept"), GO)
def test_the_account_in_a_session_listing_goes(
    engine: Scrubber, text: str, login: str, kept: str
) -> None:
    gone_and_kept(engine, text, login, kept, any_case=True)


def test_the_learned_login_goes_elsewhere_too(engine: Scrubber) -> None:
    gone_and_kept(
        engine,
        LSOF
        + "python3   12345 kvorlund  cwd    DIR  253,1     4096 1234567 /srv/app\n\nkvorlund's job keeps the port open\n",
        "kvorlund",
        "'s job keeps the port open",
    )
