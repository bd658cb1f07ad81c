# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Apple fleet management's output (stop 59, scrubber 1.126.0; issue 35).

The tune misses and damage of batch 169 (``tests/outside_corpus/SOURCE.md``, "The stop-169
collection"), fixed by rules that read the tools' documented formats:

* ``jamf_policy_user`` (``scrubbers/user_names.yaml``): the jamf binary's ``Checking for
  policies triggered by "<trigger>" for user "<login>"...`` names the console user, learned, so
  it goes also in the host made of it (``<login>’s MacBook Pro``);
* ``munki_pkginfo_created_by``: makepkginfo's ``_metadata`` ``created_by`` (munki/munki,
  ``pkginfolib.py``: ``NSUserName()``), as a dict repr and as a pkginfo plist;
* ``osquery_line_username``: the ``username`` column of a ``users`` row in ``osqueryi --line``;
* a value cut by a tool's trailing ellipsis (``context._token_before_ellipsis``): a whole
  random token before ``...`` is the value (a Jamf Cloud Distribution URL's signed ``token=``,
  a CDN's ``Signature=``), a prefix and an ellipsis stays a placeholder;
* a property list's ``<key>`` holds no secret (``context._PLIST_KEY``);
* a file name of words and a date may start with a computer name or asset tag
  (``recognizers._STAMPED_NAME``), so only the home's user goes;
* macOS's own folders under ``/Users`` (``Shared``, ``Guest``, ``Deleted Users``) and its
  underscore-prefixed system accounts (``_mbsetupuser``) are no one's, nor is a numbered copy
  of a role's home (``admin_1``) (``engine._a_name``).

``APPLE_FLEET_NOBODY`` is the harm hunt the rules were attacked with before they were kept:
texts of the same shapes, from Jamf, Munki and AutoPkg, osquery, dockutil and other tools of the
same classes, that name nobody and must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

APPLE_FLEET_NOBODY = [
    # the jamf binary's policy check naming a root, setup, role or placeholder account
    'Tue Jul 04 11:04:03 MacBook-Pro jamf[14319]: Checking for policies triggered by "recurring check-in" for user "root"...\n',
    'Checking for policies triggered by "enrollmentComplete" for user "_mbsetupuser"...\n',
    'Checking for policies triggered by "recurring check-in" for user "admin"...\n',
    'sudo jamf policy -event depnotify\nChecking for policies triggered by "depnotify" for user "toadmin"...\nExecuting Policy 02 Install DEPNotify\n',
    'Checking for policies triggered by "login" for user "jamfadmin"...\n',
    'Thu Feb 21 11:16:41 mavel-mojave jamf[8051]: Checking for policies triggered by "recurring check-in" for user "testuser"...\n',
    "user@Macbook ~ % sudo jamf policy -trigger office365 verbose\nChecking for policies triggered by “office365” for user “user”…\n",
    '*"Checking for policies triggered by \\"enrollmentComplete\\" for user \\"${loggedInUser}\\"..." ) policyStatus="yes" ;;\n',
    'Checking for policies triggered by "recurring check-in" for computer "MacBook-Pro-COMPTA"...\n',
    'Tue Jul 04 11:04:03 iMac jamf[14319]: Checking for policies triggered by "recurring check-in"...\nTue Jul 04 11:04:05 Mac-mini jamf[14319]: Executing Policy 3_Security_Remediation.sh\n',
    'Tue Jul 04 11:04:03 VM-01-Test’s Mac jamf[1431]: Checking for policies triggered by "recurring check-in" for user "vm-01-test"...\n',
    # Munki's _metadata made by a root, CI, role or tool account, and other tools' created_by
    "'munki_info': {'_metadata': {'created_by': 'root',\n               'creation_date': datetime.datetime(2021, 5, 10, 18, 52, 50),\n               'munki_version': '5.3.0.4335'},\n",
    "{'_metadata': {'created_by': 'runner', 'creation_date': datetime.datetime(2023, 1, 2, 3, 4, 5), 'munki_version': '6.3.1', 'os_version': '13.4'}}\n",
    "'_metadata': {'created_by': 'admin', 'munki_version': '5.3.0'}\n'_metadata': {'created_by': 'autopkg', 'munki_version': '5.3.0'}\n",
    "<dict>\n\t<key>_metadata</key>\n\t<dict>\n\t\t<key>created_by</key>\n\t\t<string>runner</string>\n\t\t<key>munki_version</key>\n\t\t<string>6.3.1</string>\n\t</dict>\n\t<key>autoremove</key>\n\t<false/>\n</dict>\n",
    "<key>_metadata</key>\n<dict>\n<key>created_by</key>\n<string>root</string>\n</dict>\n<key>_installer_type</key>\n<string>nopkg</string>\n",
    '{"id": 12, "created_by": 4, "status": "done"}\n',
    "created_by: system\nupdated_by: system\n",
    # osquery's --line rows of system accounts, and key = value lines of other tools
    "osquery> select * from users;\n                   uid = 201\n                   gid = 201\n              username = Guest\n           description = Guest User\n             directory = /Users/Guest\n                 shell = /bin/bash\n",
    "         uid = 0\n         gid = 0\n    username = root\n   directory = /var/root\n",
    "         uid = 248\n         gid = 248\n    username = _mbsetupuser\n   directory = /var/setup\n",
    "         uid = -2\n         gid = -2\n    username = nobody\n\n         uid = 1\n         gid = 1\n    username = daemon\n",
    "[pypi]\nusername = __token__\npassword = <your token>\n",
    "[client]\nuser = root\nusername = admin\n",
    "  pid = 412\n  uid = 501\n name = Finder\n path = /System/Library/CoreServices/Finder.app/Contents/MacOS/Finder\n",
    # a tool's trailing ellipsis after a placeholder, a mask or a public value
    "Downloading https://euc1-jcds.services.jamfcloud.com//download/31b7f1de8e854985af9094f0e8ce0e51/CME_logos.pkg...\n",
    "Downloading https://euc1-jcds.services.jamfcloud.com//download/31b7f1de8e854985af9094f0e8ce0e51/CME_logos.pkg?token=<token>...\n",
    "Downloading https://use1-jcds.services.jamfcloud.com/download/31b7f1de8e854985af9094f0e8ce0e51/x.pkg?token=YOUR_TOKEN...\n",
    "export ANTHROPIC_API_KEY=sk-ant-api03-... \n",
    "token=ghp_abcdefghij... (cut)\n",
    "Downloading https://d111111abcdef8.cloudfront.net/image.jpg?Expires=1700000000...\n",
    "Collecting requests\n  Downloading https://files.pythonhosted.org/packages/70/8e/0e2d847013cb52cd35b38c009bb167a1a26b2ce6cd6965bf26b47bc0bf44/requests-2.31.0-py3-none-any.whl...\n",
    # a property list's keys
    "<key>_installer_type</key>\n<string>nopkg</string>\n<key>_metadata</key>\n<dict/>\n",
    "<key>api_key_name</key>\n<string>production</string>\n",
    # files named by a computer name or asset tag and a date, outside a person's home
    "Report Location: /Users/Shared/LHP937D7F4-Volume-Usage-2024-09-10-081911.txt\n",
    "/var/tmp/MBP-C02XK1ABJGH5-Report-2024-09-10_081911.log written\n",
    "User clicked Continue\n",
    # macOS's own folders under /Users and a role's second home
    "[file:///Users/Deleted%20Users/, file:///Users/_mbsetupuser/, file:///Users/.localized, file:///Users/Shared/, file:///Users/root/]\n/Users/Deleted Users/Library/Preferences\n/Users/_mbsetupuser/Library/Preferences\n/Users/Shared/Library/Preferences\n",
    "processing /Users/_mbsetupuser/Library/Preferences/com.apple.dock.plist\n",
    "ls /Users\nDeleted Users\tGuest\tShared\n/Users/Guest/Library/Preferences\n",
    "/Users/admin_1/Desktop/report.txt\n",
    "/Users/Deleted Users/olduser.dmg\n",
]

APPLE_FLEET_GO = [
    (
        'Tue Jul 04 11:04:03 t5ak’s MacBook Pro jamf[14319]: Checking for policies triggered by "recurring check-in" for user "t5ak"...\nTue Jul 04 11:04:05 t5ak’s MacBook Pro jamf[14319]: Executing Policy 3_Security_Remediation.sh\n',
        "t5ak",
        ["’s MacBook Pro jamf[14319]: Checking for policies triggered by", "Executing Policy"],
    ),
    (
        "Checking for policies triggered by “office365” for user “mkowalski”…\nExecuting Policy Microsoft Office\n",
        "mkowalski",
        "Checking for policies triggered by “office365” for user “",
    ),
    (
        'Wed Apr 29 12:40:46 hgruber\'s Mac jamf[87148]: Checking for policies triggered by "login" for user "hgruber"...\n',
        "hgruber",
        "'s Mac jamf[87148]",
    ),
    (
        "            'munki_info': {'_metadata': {'created_by': 'ned',\n                                         'creation_date': datetime.datetime(2021, 5, 10, 18, 52, 50),\n                                         'munki_version': '5.3.0.4335',\n",
        "'ned'",
        "'munki_info': {'_metadata': {'created_by': '",
    ),
    (
        "<dict>\n\t<key>_metadata</key>\n\t<dict>\n\t\t<key>created_by</key>\n\t\t<string>fbaumann</string>\n\t\t<key>creation_date</key>\n\t\t<date>2021-05-10T18:52:50Z</date>\n\t</dict>\n</dict>\n",
        "fbaumann",
        ["<key>_metadata</key>", "<key>created_by</key>"],
    ),
    (
        "osquery> select * from users join account_policy_data using (uid);\n                   uid = 501\n                   gid = 20\n            uid_signed = 501\n            gid_signed = 20\n              username = rkessel\n",
        "rkessel",
        "              username = ",
    ),
    (
        "Downloading https://euc1-jcds.services.jamfcloud.com//download/31b7f1de8e854985af9094f0e8ce0e51/CME_logos.pkg?token=8a1f04c2be9d4713a06e5f2c9b7d31e4k2r8vx0p6m3q9t1n7j5w4hc2yd8sfa0l...\nVerifying package integrity...\n",
        "8a1f04c2be9d4713a06e5f2c9b7d31e4k2r8vx0p6m3q9t1n7j5w4hc2yd8sfa0l",
        "/download/31b7f1de8e854985af9094f0e8ce0e51/CME_logos.pkg?token=",
    ),
    (
        "Downloading https://storage.googleapis.com/b/o.pkg?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature=3c9e1f27ab84d6052e7b9a1c4f8d2e60b5a7c3d91e2f4a6b8c0d2e4f6a8b0c2d...\n",
        "3c9e1f27ab84d6052e7b9a1c4f8d2e60b5a7c3d91e2f4a6b8c0d2e4f6a8b0c2d",
        "X-Goog-Signature=",
    ),
    (
        "Report Location: /Users/d71302 /Users/d71302/Desktop/LHP937D7F4-Volume-Usage-2024-09-10-081911.txt\n",
        "d71302",
        "/Desktop/LHP937D7F4-Volume-Usage-2024-09-10-081911.txt",
    ),
    (
        "saved /Users/kpatel/Desktop/MBP-C02XK1ABJGH5-Report-2024-09-10_081911.log\n",
        "kpatel",
        "/Desktop/MBP-C02XK1ABJGH5-Report-2024-09-10_081911.log",
    ),
]


@pytest.mark.parametrize("text", APPLE_FLEET_NOBODY)
def test_apple_fleet_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), APPLE_FLEET_GO)
def test_apple_fleet_value_goes(
    engine: Scrubber, text: str, value: str, kept: str | list[str]
) -> None:
    gone_and_kept(engine, text, value, kept)
