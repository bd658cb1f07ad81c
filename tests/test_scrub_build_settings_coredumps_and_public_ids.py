# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Logins by their tool's documented format, and public ids kept (stop 51, scrubber 1.35.0;
issue 35).

The login misses of batches 75, 76 and 77's tune parts (``tests/outside_corpus/SOURCE.md``,
"The stop-75 collection", "The stop-76 collection", "The stop-77 collection"), each found by a
general rule read from its tool's format (``scrubbers/user_names.yaml``):

* ``xcode_build_owner``: Xcode's ``xcodebuild -showBuildSettings``, whose ``ALTERNATE_OWNER``,
  ``INSTALL_OWNER``, ``USER`` and ``LOGNAME`` default to ``$(USER)``: ``KEY = value`` under
  ``Build settings for action …`` and ``-json``'s ``"KEY" : "value"`` under ``"buildSettings"``;
* ``coredump_account``: ``coredumpctl info``'s ``UID: <n> (<login>)``, ``GID:`` and ``Owner
  UID:`` lines, the login a person's when its number is a person's (1000 and up, not 65534);
* ``homed_avc_name``: the ``name=`` of an SELinux AVC denial raised by ``systemd-homed`` or its
  worker on a folder (``tclass=dir``): the home's name (``.#<login><hex>`` its work folder);
* ``mail_comma_name``: a mail header's display name cut from its address by an unquoted comma
  (``Cc: First Last, ORG <addr>``, as Outlook writes it).

And four harms: a GNOME Shell extension's uuid (``name@domain.tld``) under
``…/gnome-shell/extensions/``, after ``gnome-extensions`` or in an ``enabled-extensions`` list is
a public id, not an address; GitHub's notification addresses (``<reason>@noreply.github.com``,
``<repo>@noreply.github.com``, ``reply+…@reply.github.com``) name nobody (``allow.yaml``'s
``github_notification_address``), while ``<id>+<login>@users.noreply.github.com`` does; Git
Credential Manager's ``User: PersonalAccessToken`` is no login; a UNC path whose host is an IP
address or ``localhost`` and whose share is a plain word (``net use``'s rows) names nobody.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody, which must stay as they are. ``LOGINS`` lose the login and keep
the rest; ``STILL_GO`` are the texts a too-wide keep would leak.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from intake.scrub.files import scrub_file_text
from tests.support.scrubbing import scrubbed

_XC = 'Build settings for action build and target "mZone Poker":\n'
_XJ = '[\n  {\n    "action" : "build",\n    "buildSettings" : {\n'

XCODE_NOBODY = [
    f"{_XC}    ALTERNATE_GROUP = staff\n    ALTERNATE_OWNER = root\n    ALTERNATE_PERMISSIONS_FILES = \n",
    f"{_XC}    ALTERNATE_OWNER = runner\n    INSTALL_OWNER = runner\n",
    f"{_XC}    ALTERNATE_OWNER = _xcsbuildd\n",
    f"{_XC}    ALTERNATE_OWNER = jenkins\n",
    f"{_XC}    ALTERNATE_OWNER = $(USER)\n    INSTALL_OWNER = $(USER)\n",
    f"{_XC}    ALTERNATE_OWNER = $(INSTALL_OWNER)\n",
    f"{_XC}    INSTALL_OWNER = root\n    INSTALL_GROUP = wheel\n",
    f"{_XC}    USER = runner\n    HOME = /Users/runner\n    LOGNAME = runner\n",
    f"{_XC}    USER = distiller\n    LOGNAME = distiller\n",
    f"{_XC}    USER = vagrant\n    HOME = /Users/vagrant\n",
    f"{_XC}    USER = builder\n",
    'Build settings for action build and target "Hello World":\n    PRODUCT_NAME = Hello World\n    TARGET_NAME = Hello World\n',
    f'{_XJ}      "ALTERNATE_OWNER" : "runner",\n      "ALTERNATE_GROUP" : "staff",\n',
    f'{_XJ}      "ALTERNATE_OWNER" : "root",\n      "INSTALL_OWNER" : "$(USER)",\n',
    f'{_XJ}      "USER" : "runner",\n      "LOGNAME" : "runner",\n',
    f'{_XJ}      "TARGET_NAME" : "Hello World",\n      "PRODUCT_NAME" : "Hello World",\n',
]

COREDUMP_NOBODY = [
    "           PID: 15706 (drkonqi-coredum)\n           UID: 0 (root)\n           GID: 0 (root)\n        Signal: 11 (SEGV)\n",
    "           UID: 1000 (user)\n           GID: 1000 (user)\n",
    "           UID: 1000 (deck)\n           GID: 1000 (deck)\n     Owner UID: 1000 (deck)\n      Hostname: steamdeck\n",
    "           UID: 1000 (ubuntu)\n           GID: 1000 (ubuntu)\n",
    "           UID: 1000 (liveuser)\n     Owner UID: 1000 (liveuser)\n",
    "           UID: 65534 (nobody)\n           GID: 65534 (nogroup)\n",
    "           UID: 42 (gdm)\n           GID: 42 (gdm)\n     Owner UID: 42 (gdm)\n",
    "           PID: 8723 (http.so)\n           UID: 1000 (<user>)\n",
    "           UID: 1000\n           GID: 1000\n     Owner UID: 1000\n",
    "           PID: 1234 (systemd-resolve)\n           UID: 193 (systemd-resolve)\n           GID: 193 (systemd-resolve)\n",
    "           PID: 812 (polkitd)\n           UID: 998 (polkitd)\n           GID: 996 (polkitd)\n",
    "           UID: 1000 (pi)\n           GID: 100 (users)\n",
    "           UID: 1000 (vagrant)\n           GID: 1000 (vagrant)\n",
    "           PID: 4411 (firefox)\n       Message: Process 4411 (firefox) of user 1000 dumped core.\n",
]

_AVC = (
    'AVC avc:  denied  {{ {perm} }} for  pid=911 comm="{comm}" name="{name}" '
    "scontext=system_u:system_r:systemd_homed_t:s0 "
    "tcontext=system_u:object_r:systemd_homed_cache_t:s0 tclass={tclass} permissive=1\n"
)

AVC_NOBODY = [
    _AVC.format(perm="write", comm="systemd-homed", name="home", tclass="dir"),
    _AVC.format(perm="add_name", comm="systemd-homed", name="root", tclass="dir"),
    _AVC.format(perm="add_name", comm="systemd-homed", name="testuser", tclass="dir"),
    _AVC.format(perm="create", comm="systemd-homed", name="user", tclass="dir"),
    _AVC.format(
        perm="add_name", comm="systemd-homewor", name=".#lock7c61b494c6f1bd9c", tclass="dir"
    ),
    _AVC.format(perm="search", comm="systemd-homed", name="systemd", tclass="dir"),
    _AVC.format(perm="search", comm="systemd-homed", name="cache", tclass="dir"),
    _AVC.format(perm="read", comm="systemd-homed", name="mkfs.btrfs", tclass="file"),
    _AVC.format(perm="create", comm="systemd-homewor", name="meridian.home", tclass="file"),
    _AVC.format(perm="add_name", comm="sshd", name="meridian", tclass="dir"),
    'avc:  denied  { remove_name } for  pid=152473 comm=systemd-user-ru name=user dev="tmpfs" ino=43 scontext=system_u:system_r:systemd_user_runtimedir_t:s0 tclass=file permissive=0\n',
    'type=AVC msg=audit(1575483708.024:147): avc:  denied  { search } for  pid=376 comm="sed" name="selinux" dev="dm-0" ino=131370 scontext=system_u:system_r:resolvconf_t:s0 tcontext=system_u:object_r:selinux_config_t:s0 tclass=dir permissive=0\n',
]

MAIL_NOBODY = [
    "From: GitHub <noreply@github.com>\nSent: 11 May 2020 16:50\n",
    "Cc: Support, ACME <support@example.com>\nSubject: Re: x\n",
    "To: Dev Team, ACME <dev-team@example.org>\nSubject: Re: x\n",
    "From: Microsoft Docs, Microsoft <noreply@microsoft.com>\nSent: 11 May 2020 16:50\n",
    "Cc: Your Name, ACME <you@example.com>\nSubject: Re: x\n",
    "Cc: John Doe, ACME <john@example.com>\nSubject: Re: x\n",
    "To: Release Team, Python <release@example.org>\nSubject: Re: x\n",
    "Cc: Build Bot, CI <ci@example.org>\nSubject: Re: x\n",
    "To: Security Team, ACME <security@example.com>\nSubject: Re: x\n",
    "From: Foo Bar, Baz <foo@example.com>\nSubject: Re: x\n",
    "Thanks, Louis, FCMI <lb@example.com>\n",
    "Subject: Re: [octo-org/octo-repo] Crash on start, again (#12)\n",
]

PUBLIC_IDS = [
    "_refreshDiskSpace/<@/home/username/.local/share/gnome-shell/extensions/system-monitor-next@paradoxxx.zero.gmail.com/extension.js:1201:23\n",
    "JS ERROR: x@/usr/share/gnome-shell/extensions/ubuntu-dock@ubuntu.com/appIcons.js:42:21\n",
    "$ gnome-extensions enable dash-to-dock@micxgx.gmail.com\n",
    "$ gnome-extensions disable ding@rastersoft.com\n",
    "$ gsettings get org.gnome.shell enabled-extensions\n['ubuntu-dock@ubuntu.com', 'ding@rastersoft.com', 'user-theme@gnome-shell-extensions.gcampax.github.com']\n",
    "To: microsoft/terminal <terminal@noreply.github.com>\n",
    "Cc: Subscribed <subscribed@noreply.github.com>\n",
    "Cc: Mention <mention@noreply.github.com>; Author <author@noreply.github.com>\n",
    "Reply-To: octo-org/octo-repo <reply+ABCDEF0123456789@reply.github.com>\n",
    "    Target: LegacyGeneric:target=git:https://github.com\n    Type: Generic\n    User: PersonalAccessToken\n    Local machine persistence\n",
    "Unavailable  I:        \\\\192.168.0.10\\Documentos Microsoft Windows Network\n",
    "OK           J:        \\\\192.168.68.110\\Desenvolvimento\n",
    "C:\\> net use Z: \\\\10.0.0.5\\Documents\n",
    "C:\\> net use \\\\localhost\\c$\n",
    "C:\\> dir \\\\127.0.0.1\\public\n",
]

# (text, the login that must be gone); everything else stays
LOGINS = [
    (
        'Build settings for action clean and target "mZone Poker":\n    ALTERNATE_OWNER = Kestrel\n',
        "Kestrel",
    ),
    (f"{_XC}    INSTALL_OWNER = mbrandt\n    USER = mbrandt\n", "mbrandt"),
    (f'{_XJ}      "ALTERNATE_OWNER" : "gordonfrey",\n', "gordonfrey"),
    (f'{_XJ}      "LOGNAME" : "ajoshi",\n      "USER" : "ajoshi",\n', "ajoshi"),
    (
        "           UID: 1000 (tamsinr)\n           GID: 1000 (tamsinr)\n     Owner UID: 1000 (tamsinr)\n",
        "tamsinr",
    ),
    ("           UID: 1001 (okello)\n", "okello"),
    (_AVC.format(perm="add_name", comm="systemd-homed", name="meridian", tclass="dir"), "meridian"),
    (
        _AVC.format(
            perm="add_name", comm="systemd-homewor", name=".#meridian7c61b494c6f1bd9c", tclass="dir"
        ),
        "meridian",
    ),
    (
        "From: Ana Reyes <notifications@github.com>\nSent: 11 May 2020 16:50\nCc: Louis Martel, FCMI <lmartel@corp.example.net>\n",
        "Louis Martel",
    ),
    (
        "To: Priya Raman, Contoso <praman@contoso.net>; Author <author@noreply.github.com>\nSubject: Re: x\n",
        "Priya Raman",
    ),
]

STILL_GO = [
    ("Cc: 12345+okello@users.noreply.github.com\n", "okello"),
    ("Cc: okello@noreply.github.company.com\n", "okello@"),
    ("JS ERROR: contact marta.kowal@gmail.com about extensions/\n", "marta.kowal"),
    ("see /home/okello/.local/share/gnome-shell/extensions/ding@rastersoft.com/app.js\n", "okello"),
    ("net use Z: \\\\fileserver\\okello$\n", "okello"),
    ("    User: okello\n", "okello"),
]


@pytest.mark.parametrize("text", XCODE_NOBODY + COREDUMP_NOBODY + AVC_NOBODY + MAIL_NOBODY)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def _settings(key_values: str) -> str:
    """``xcodebuild -showBuildSettings -json``'s shape around ``key_values``."""
    return f'[\n  {{\n    "action" : "build",\n    "buildSettings" : {{\n{key_values}    }},\n    "target" : "App"\n  }}\n]\n'


def _json(engine: Scrubber, text: str) -> str:
    out = scrub_file_text(Path("settings.json"), text, scrubber=engine).text
    assert scrub_file_text(Path("settings.json"), out, scrubber=engine).text == out
    return out


XCODE_JSON_NOBODY = [
    '      "ALTERNATE_OWNER" : "runner",\n      "ALTERNATE_GROUP" : "staff",\n',
    '      "ALTERNATE_OWNER" : "root",\n      "INSTALL_OWNER" : "$(USER)",\n',
    '      "USER" : "distiller",\n      "LOGNAME" : "distiller",\n',
    '      "TARGET_NAME" : "Hello World",\n      "PRODUCT_NAME" : "Hello World"\n',
]


@pytest.mark.parametrize("key_values", XCODE_JSON_NOBODY)
def test_build_settings_naming_nobody_stay_as_json(engine: Scrubber, key_values: str) -> None:
    text = _settings(key_values)
    assert _json(engine, text) == text


def test_a_build_settings_owner_goes_as_json(engine: Scrubber) -> None:
    text = _settings('      "ALTERNATE_OWNER" : "gordonfrey",\n      "SYMROOT" : "/tmp/b"\n')
    out = _json(engine, text)
    assert "gordonfrey" not in out
    assert out.replace("user1", "gordonfrey") == text


@pytest.mark.parametrize("text", PUBLIC_IDS)
def test_public_ids_and_role_addresses_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "login"), LOGINS)
def test_a_login_by_its_format_goes(engine: Scrubber, text: str, login: str) -> None:
    out = scrubbed(engine, text)
    assert login.lower() not in out.lower()
    # only the login's span changed: the lines keep their keys
    assert [line.split()[0] for line in out.splitlines()] == [
        line.split()[0] for line in text.splitlines()
    ]


@pytest.mark.parametrize(("text", "gone"), STILL_GO)
def test_a_person_beside_the_public_ids_still_goes(engine: Scrubber, text: str, gone: str) -> None:
    assert gone not in scrubbed(engine, text)
