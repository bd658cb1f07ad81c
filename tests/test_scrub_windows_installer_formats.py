# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Windows Installer's verbose logs (stop 54, scrubber 1.63.0; issue 35).

The tune miss of batch 110 (``tests/outside_corpus/SOURCE.md``, "The stop-110 collection"),
fixed by a general rule:

* ``msi_logon_user`` (``scrubbers/user_names.yaml``): Windows Installer's ``LogonUser``
  property, "the user name for the currently logged on user" (Microsoft Learn, Windows
  Installer, "LogonUser property"), as a ``msiexec /l*v`` log dumps it
  (``Property(S): LogonUser = u``, ``Property(C)``, ``Property(N)``) or sets it
  (``PROPERTY CHANGE: Adding LogonUser property. Its value is 'u'.``), is a login, learned; the
  learned name then goes wherever the log repeats it, also in a machine name made of it
  (``ComputerName = <U>-VM``), as the learned-name replacement already reaches;
* ``roaming_profile`` (the same file): the folder after a UNC path's ``profiles`` or
  ``profiles$`` share is a roaming profile's user folder (Microsoft Learn, "Deploy Roaming User
  Profiles": the profile path is a share's ``%USERNAME%`` folder, made ``<u>.V6``), learned; ``Default``,
  ``Public`` and ``%USERNAME%`` stay, and the UNC rule replaces the path itself as before.

``LOGON_USER_NOBODY`` and ``ROAMING_PROFILE_NOBODY`` are the harm hunts the rules were attacked
with before they were kept: texts of the same shape that name nobody (built-in, system and setup
accounts, machine names made of no login, the dump's machine-wide folders, a profile share's
``Default``, ``Public`` and ``%USERNAME%`` folders, Firefox's ``Profiles``, other shares), which
must keep what they hold.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

LOGON_USER_NOBODY = [
    "Property(S): LogonUser = SYSTEM\n",
    "Property(C): LogonUser = Administrator\n",
    "Property(N): LogonUser = SYSTEM\n",
    "Property(S): LogonUser = defaultuser0\n",
    "Property(S): LogonUser = Administrator\nProperty(S): DesktopFolder = C:\\Users\\Administrator\\Desktop\\\nProperty(S): ComputerName = ADMIN-VM\n",
    "Property(S): LogonUser = SYSTEM\nProperty(S): UserSID = S-1-5-18\nProperty(S): ComputerName = WIN10-VM\n",
    "MSI (s) (A4:B8) [12:00:01:234]: PROPERTY CHANGE: Adding LogonUser property. Its value is 'SYSTEM'.\n",
    "MSI (c) (2C:30) [09:14:02:118]: PROPERTY CHANGE: Adding LogonUser property. Its value is 'Administrator'.\n",
    "MSI (s) (A4:B8) [12:00:01:234]: PROPERTY CHANGE: Adding LogonUser property. Its value is 'defaultuser0'.\n",
    "MSI (s) (A4:B8) [12:00:01:235]: PROPERTY CHANGE: Adding UserSID property. Its value is 'S-1-5-18'.\n",
    "Property(S): ComputerName = BUILD-VM\nProperty(S): USERNAME = Windows User\nProperty(S): COMPANYNAME = Contoso\n",
    "Property(S): StartMenuFolder = C:\\ProgramData\\Microsoft\\Windows\\Start Menu\\\nProperty(S): DesktopFolder = C:\\Users\\Public\\Desktop\\\n",
    "Property(S): AdminUser = 1\nProperty(S): MsiTrueAdminUser = 1\nProperty(S): LogonUser = Administrator\nProperty(S): Privileged = 1\n",
    "The LogonUser property holds the user name for the currently logged on user.\n",
    "[LogonUser]\n",
]

LOGON_USER_GO = [
    (
        "Property(S): LogonUser = Tolkwin\nProperty(S): UserSID = S-1-5-21-1004336348-1177238915-682003330-1001\nProperty(S): ComputerName = TOLKWIN-VM\n",
        "Tolkwin",
        "Property(S): UserSID = S-1-5-21-",
    ),
    (
        "Property(C): LogonUser = hliao\nProperty(C): ProductName = 7-Zip\n",
        "hliao",
        "Property(C): LogonUser = ",
    ),
    ("Property(N): LogonUser = okmwangi\n", "okmwangi", "Property(N): LogonUser = "),
    (
        "MSI (s) (A4:B8) [12:00:01:234]: PROPERTY CHANGE: Adding LogonUser property. Its value is 'pemberly'.\nMSI (s) (A4:B8) [12:00:01:235]: PROPERTY CHANGE: Adding UserSID property. Its value is 'S-1-5-21-1-2-3-1001'.\n",
        "pemberly",
        "Adding LogonUser property. Its value is '",
    ),
    (
        "Property(S): LogonUser = tmarlow\r\nProperty(S): TempFolder = C:\\Users\\tmarlow\\AppData\\Local\\Temp\\\r\n",
        "tmarlow",
        "\\AppData\\Local\\Temp\\",
    ),
]


@pytest.mark.parametrize("text", LOGON_USER_NOBODY)
def test_logon_user_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), LOGON_USER_GO)
def test_logon_user_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


# A roaming profile's folder on a profiles share (``roaming_profile``): the UNC rule replaces the
# path itself whatever its folder (as before 1.63.0); what the rule may not do is learn a
# folder that names nobody and so replace the word where the text repeats it.
ROAMING_PROFILE_NOBODY = [
    (
        "Property(S): StartMenuFolder = \\\\192.168.200.6\\profiles\\Default\\Startmenu\\\nDefault settings kept\n",
        "Default settings kept",
    ),
    (
        "Property(S): DesktopFolder = \\\\fileserver\\profiles$\\Public\\Desktop\\\nPublic desktop\n",
        "Public desktop",
    ),
    (
        "Profile path: \\\\fileserver\\profiles$\\%USERNAME%\nset per user by %USERNAME%\n",
        "set per user by %USERNAME%",
    ),
    (
        "\\\\dc01\\profiles\\Administrator.V6\\Desktop\\\nLogged on as Administrator\n",
        "Logged on as Administrator",
    ),
    ("\\\\fs1\\Profiles\\admin\\Desktop\\\nthe admin account\n", "the admin account"),
    ("\\\\fs1\\profiles\\user\\AppData\\\nper user\n", "per user"),
    ("\\\\fs1\\profiles\\Default.V6\\NTUSER.DAT\nDefault.V6 copied\n", "Default.V6 copied"),
    (
        "C:\\Users\\Public\\AppData\\Roaming\\Mozilla\\Firefox\\Profiles\\abcd.default-release\\prefs.js\n",
        "\\Firefox\\Profiles\\abcd.default-release\\prefs.js",
    ),
    (
        '"path": "C:\\\\ProgramData\\\\Mozilla\\\\Firefox\\\\Profiles\\\\release\\\\x"\n',
        "\\\\Profiles\\\\release\\\\x",
    ),
    (
        "\\\\192.168.200.6\\software\\7zip\\7z1900-x64.msi\nsoftware install of 7zip\n",
        "software install of 7zip",
    ),
    (
        "\\\\fileserver\\deploy\\profiles\\settings\\x.xml\nsettings applied\n",
        "settings applied",
    ),
]

ROAMING_PROFILE_GO = [
    (
        "Property(S): StartMenuFolder = \\\\192.168.200.6\\profiles\\Tolkwin\\Startmenu\\\nProperty(S): ComputerName = TOLKWIN-VM\n",
        "Tolkwin",
        "Property(S): ComputerName = ",
    ),
    ("\\\\fs01\\profiles$\\hliao.V6\\Desktop\\\nhliao logged on\n", "hliao", " logged on"),
]


@pytest.mark.parametrize(("text", "kept"), ROAMING_PROFILE_NOBODY)
def test_roaming_profile_naming_nobody_stays(engine: Scrubber, text: str, kept: str) -> None:
    assert kept in scrubbed(engine, text)


@pytest.mark.parametrize(("text", "value", "kept"), ROAMING_PROFILE_GO)
def test_roaming_profile_folder_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
