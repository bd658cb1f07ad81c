# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""The login in Unix and Windows account and accounting commands' output (stop 62, scrubber
1.162.0; issue 35).

A class rule, ``account_command_login`` and ``account_command_name``
(``scrubbers/user_names.yaml``), read from the tools' documented formats, not from any batch's
names:

* sudo(8)'s ``sudo -l`` (``Matching Defaults entries for <u> on <host>:``, ``User <u> may run
  the following commands on <host>:``, ``Sorry, user <u> may not run sudo on <host>.``);
* passwd(1)'s ``passwd -S`` status line, only an account with a usable password (``P``,
  Red Hat's ``PS``): a locked or password-less one is a service's;
* quota(1)'s ``Disk quotas for user <u> (uid <n>):`` and repquota(8)'s rows under ``*** Report
  for user quotas``;
* loginctl(1)'s ``show-user``/``show-session`` properties (``UID=``, ``GID=``, ``Name=``;
  ``User=``, ``Name=``) and ``user-status``/``session-status`` headings (``<u> (<uid>)``,
  ``<id> - <u> (<uid>)`` over ``Since:``); systemd-logind's scope and slice descriptions
  (``Session <id> of User <u>``, the older ``User Slice of <u>``);
* finger(1)'s ``Login: <u>  Name: <full name>`` and pinky(1)'s ``Login name: <u>  In real life:
  <full name>``; groups(1)'s ``<u> : <u> <group>…``; chage(1)'s command line;
* PowerShell's ``Get-LocalUser`` table, ``net localgroup <group>``'s members and ``wmic
  useraccount get name,fullname``'s rows.

``NOBODY`` is the harm hunt the rule was attacked with before it was kept (texts of the same
shapes that name nobody, which must stay whole); ``GO`` the real-shaped values that must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

REPQ = "*** Report for user quotas on device /dev/sda1\nBlock grace time: 7days; Inode grace time: 7days\n                        Block limits                File limits\nUser            used    soft    hard  grace    used  soft  hard  grace\n----------------------------------------------------------------------\n"
REPQ_G = REPQ.replace("user quotas", "group quotas").replace("User  ", "Group ")
LOCALUSER = "Name               Enabled Description\n----               ------- -----------\n"
LOCALGROUP = "Alias name     administrators\nComment        Administrators have complete and unrestricted access to the computer/domain\n\nMembers\n\n-------------------------------------------------------------------------------\n"
WMIC = "FullName        Name\r\r\n"
DONE = "The command completed successfully.\n"

NOBODY = [
    # sudo -l: root, placeholders, variables
    "Matching Defaults entries for root on myhost:\n    env_reset, mail_badpass\n\nUser root may run the following commands on myhost:\n    (ALL : ALL) ALL\n",
    "User <username> may run the following commands on <hostname>:\n",
    "User $USER may run the following commands on $(hostname):\n",
    "User username may run the following commands on host:\n",
    "Sorry, user jenkins may not run sudo on build-01.\n",
    "Sorry, user www-data is not allowed to execute '/bin/systemctl restart nginx' as root on web01.\n",
    "Sorry, user ubuntu may not run sudo on ip-10-0-0-5.\n",
    # passwd -S: system accounts, locked and password-less accounts (services)
    "root P 12/06/2026 0 99999 7 -1\n",
    "daemon L 08/06/2024 0 99999 7 -1\nbin L 08/06/2024 0 99999 7 -1\nsshd L 08/06/2024 0 99999 7 -1\n",
    "nagios L 11/02/2025 0 99999 7 -1\nsonarr NP 11/02/2025 0 99999 7 -1\n",
    "postgres LK 2026-12-06 -1 -1 -1 -1 (Password locked.)\n",
    "user P 12/06/2026 0 99999 7 -1\n",
    # quota and repquota: root, nobody, daemon and service rows, uid numbers, group reports
    "Disk quotas for user root (uid 0): none\n",
    "Disk quotas for group docker (gid 998): none\n",
    "Disk quotas for user username (uid 1000):\n",
    REPQ
    + "root      --  1234568       0       0          12345     0     0       \nwww-data  --     2048       0       0             12     0     0       \npostgres  --   812345       0       0           2345     0     0       \n#1001     --      120       0       0              4     0     0       \n",
    REPQ
    + "systemd-coredump --     8   0   0     2     0     0\nlibvirt-qemu --   4096  0   0     1     0     0\nnagios    --     16       0       0              3     0     0       \n",
    REPQ_G
    + "root      --  1234568       0       0          12345     0     0       \nresearch  --   450000  500000  550000           1234     0     0       \ndevelopers +-  560000  500000  550000  6days    1234     0     0       \n",
    # loginctl and systemd: root, gdm's greeter, uid-only descriptions
    "UID=0\nGID=0\nName=root\nTimestamp=Sun 2026-12-06 18:00:01 UTC\nRuntimePath=/run/user/0\nService=user@0.service\nSlice=user-0.slice\n",
    "UID=120\nGID=125\nName=gdm\nRuntimePath=/run/user/120\n",
    "Id=c1\nUser=120\nName=gdm\nTimestamp=Sun 2026-12-06 17:58:11 UTC\nService=gdm-launch-environment\nClass=greeter\n",
    "Name=Example\nExec=/usr/bin/example\n",
    "gdm (120)\n           Since: Sun 2026-12-06 17:58:11 UTC; 7min ago\n           State: active\n        Sessions: c1\n            Unit: user-120.slice\n",
    "c1 - gdm (120)\n           Since: Sun 2026-12-06 17:58:11 UTC; 7min ago\n          Leader: 1201 (gdm-session-wor)\n",
    "● user-1000.slice - User Slice of UID 1000\n     Loaded: loaded\n● user@1000.service - User Manager for UID 1000\n",
    "Dec 06 18:00:01 myhost systemd[1]: Started Session c1 of User gdm.\nDec 06 18:00:02 myhost systemd[1]: Started session-2.scope - Session 2 of User root.\n",
    "Dec 06 18:00:01 myhost systemd[1]: Started Session 4 of user lightdm.\nDec 06 18:00:01 myhost systemd[1]: Started Session 5 of User sddm.\n",
    "Started Session 3 of User $USER.\n",
    # finger and pinky: root, daemons, placeholders
    "Login: root           \t\t\tName: root\nDirectory: /root                    \tShell: /bin/bash\nNever logged in.\nNo mail.\nNo Plan.\n",
    "Login: root           \t\t\tName: System Administrator\nDirectory: /var/root                \tShell: /bin/sh\n",
    "Login: gdm            \t\t\tName: Gnome Display Manager\nDirectory: /var/lib/gdm3             \tShell: /bin/false\n",
    "Login: username       \t\t\tName: Your Name\n",
    "Login name: root                        In real life:  root\nDirectory: /root                        Shell:  /bin/bash\n",
    "Login name: nobody                      In real life:  nobody\n",
    # groups: a service's and root's
    "root : root\n",
    "www-data : www-data\n",
    "postgres : postgres ssl-cert\n",
    "note : this is not a groups answer\n",
    # chage: root's, a variable's, a placeholder's command line
    "$ sudo chage -l root\nLast password change\t\t\t\t\t: Dec 06, 2026\n",
    "$ sudo chage -l $USER\n",
    "$ sudo chage -l <username>\n",
    "$ sudo chage -M 90 username\n",
    # Get-LocalUser, net localgroup, wmic: built-in accounts and groups
    LOCALUSER
    + "Administrator      False   Built-in account for administering the computer/domain\nDefaultAccount     False   A user account managed by the system.\nGuest              False   Built-in account for guest access to the computer/domain\nWDAGUtilityAccount False   A user account managed and used by the system for Windows Defender A...\n",
    "IsPublic IsSerial Name                                     BaseType\n-------- -------- ----                                     --------\nTrue     True     String                                   System.Object\n",
    LOCALGROUP + "Administrator\nCORP\\Domain Admins\nNT AUTHORITY\\INTERACTIVE\n" + DONE,
    "Alias name     Remote Desktop Users\nComment        Members in this group are granted the right to logon remotely\n\nMembers\n\n-------------------------------------------------------------------------------\n"
    + DONE,
    LOCALGROUP + "Administrator\n" + DONE + "\nebrasko was added by hand later\n",
    WMIC
    + "                Administrator\r\r\n                DefaultAccount\r\r\n                Guest\r\r\n                WDAGUtilityAccount\r\r\n",
]

GO = [
    # (text, the value that must go, context that must stay)
    (
        "Matching Defaults entries for ebrasko on myhost:\n    env_reset, mail_badpass\n\nUser ebrasko may run the following commands on myhost:\n    (ALL : ALL) ALL\n",
        "ebrasko",
        "may run the following commands on myhost:",
    ),
    ("Sorry, user ebrasko may not run sudo on myhost.\n", "ebrasko", "may not run sudo on myhost."),
    (
        "Sorry, user ebrasko is not allowed to execute '/usr/bin/apt update' as root on myhost.\n",
        "ebrasko",
        "is not allowed to execute '/usr/bin/apt update' as root",
    ),
    ("ebrasko P 12/06/2026 0 99999 7 -1\n", "ebrasko", " P 12/06/2026 0 99999 7 -1"),
    (
        "ebrasko PS 2026-12-06 0 99999 7 -1 (Password set, SHA512 crypt.)\n",
        "ebrasko",
        "(Password set, SHA512 crypt.)",
    ),
    (
        "Disk quotas for user ebrasko (uid 1000): \n     Filesystem  blocks   quota   limit   grace   files   quota   limit   grace\n      /dev/sda1  123456  500000  550000            1234       0       0        \n",
        "ebrasko",
        "(uid 1000)",
    ),
    (
        REPQ
        + "root      --  1234568       0       0          12345     0     0       \nebrasko   +-  560000  500000  550000  6days    1234     0     0       \n",
        "ebrasko",
        "root      --  1234568",
    ),
    (
        "UID=1000\nGID=1000\nName=ebrasko\nTimestamp=Sun 2026-12-06 18:00:01 UTC\nRuntimePath=/run/user/1000\nService=user@1000.service\nSlice=user-1000.slice\n",
        "ebrasko",
        "Slice=user-1000.slice",
    ),
    ("Id=3\nUser=1000\nName=ebrasko\nRemote=yes\nService=sshd\n", "ebrasko", "Service=sshd"),
    (
        "ebrasko (1000)\n           Since: Sun 2026-12-06 18:00:01 UTC; 5min ago\n           State: active\n        Sessions: *3\n            Unit: user-1000.slice\n",
        "ebrasko",
        "Unit: user-1000.slice",
    ),
    (
        "3 - ebrasko (1000)\n           Since: Sun 2026-12-06 18:00:01 UTC; 5min ago\n          Leader: 1201 (sshd)\n",
        "ebrasko",
        "Leader: 1201 (sshd)",
    ),
    (
        "● session-3.scope - Session 3 of User ebrasko\n     Loaded: loaded (/run/systemd/transient/session-3.scope; transient)\n",
        "ebrasko",
        "session-3.scope - Session 3 of User ",
    ),
    (
        "Dec 06 18:00:01 myhost systemd[1]: Started Session 3 of user ebrasko.\n",
        "ebrasko",
        "Started Session 3 of user ",
    ),
    (
        "● user-1000.slice - User Slice of ebrasko\n   Loaded: loaded (/run/systemd/transient/user-1000.slice; transient)\n",
        "ebrasko",
        "User Slice of ",
    ),
    (
        "Login: ebrasko        \t\t\tName: Ottilie Vranck\nDirectory: /srv/people/x        \tShell: /bin/bash\nOn since Sun Dec  6 18:00 (UTC) on pts/0 from 192.168.1.20\nNo mail.\nNo Plan.\n",
        ["ebrasko", "Ottilie", "Vranck"],
        "No Plan.",
    ),
    (
        "Login name: ebrasko                     In real life:  Ottilie Vranck\nDirectory: /home/ebrasko                Shell:  /bin/bash\n",
        ["ebrasko", "Ottilie", "Vranck"],
        "In real life:",
    ),
    ("ebrasko : ebrasko adm sudo docker\n", "ebrasko", " adm sudo docker"),
    (
        "$ sudo chage -l ebrasko\nLast password change\t\t\t\t\t: Dec 06, 2026\nPassword expires\t\t\t\t\t: never\n",
        "ebrasko",
        "$ sudo chage -l ",
    ),
    (
        LOCALUSER
        + "Administrator      False   Built-in account for administering the computer/domain\nebrasko            True\nGuest              False   Built-in account for guest access to the computer/domain\n",
        "ebrasko",
        "Administrator      False",
    ),
    (LOCALGROUP + "Administrator\nebrasko\n" + DONE, "ebrasko", "Administrator\n"),
    (LOCALGROUP + "Administrator\nCORP\\ebrasko\n" + DONE, "ebrasko", "CORP\\"),
    (
        WMIC
        + "                Administrator\r\r\nOttilie Vranck  ebrasko\r\r\n                Guest\r\r\n",
        ["ebrasko", "Ottilie", "Vranck"],
        "Administrator",
    ),
]


@pytest.mark.parametrize("text", NOBODY)
def test_account_command_output_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), GO)
def test_the_login_in_account_command_output_goes(
    engine: Scrubber, text: str, gone: str | list[str], kept: str
) -> None:
    gone_and_kept(engine, text, gone, kept)


def test_the_learned_login_goes_elsewhere_too(engine: Scrubber) -> None:
    gone_and_kept(
        engine,
        "ebrasko P 12/06/2026 0 99999 7 -1\n\nThen I ran: cp -r ~ebrasko/notes /tmp\n",
        "ebrasko",
        "Then I ran: cp -r ~",
    )


def test_a_one_word_name_of_an_account_that_names_nobody_stays(engine: Scrubber) -> None:
    # batch 60's tune part: a lab's shared account, its finger entry's Name: one role word
    text = "$ finger student\nLogin: student Name: Learner\nDirectory: /home/student Shell: /bin/bash\nNever logged in.\nNo mail.\nNo Plan.\n"
    assert scrubbed(engine, text) == text
