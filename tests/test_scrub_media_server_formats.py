# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Home media servers' and media automation tools' own accounts, default passwords and
announced session passwords (stop 61, scrubber 1.149.0; issue 35).

Batch 181's tune miss and damage (``tests/outside_corpus/SOURCE.md``, "The stop-181
collection"), fixed by class rules:

* ``words.yaml``'s ``system_accounts``: the service accounts the media apps' packages and
  installers create (Sonarr v2's ``nzbdrone``, the *arr family's ``sonarr``, ``radarr``,
  ``lidarr``, ``readarr``, ``prowlarr``, ``whisparr``, ``bazarr``, Emby's ``emby``,
  ``plexmediaserver``, ``qbittorrent-nox``, Debian's ``debian-transmission`` and
  ``debian-deluged``, Deluge's guide's ``deluge``, ``sabnzbd``, ``nzbget``; ``plex`` and
  ``jellyfin`` were there): a home of theirs is the service's, and the program's own name in
  it is never learned as a login. A person's home beside these programs still goes.
* ``words.yaml``'s ``login_not_user``: Deluge's ``localclient``, the account the daemon writes
  into its own auth file.
* ``allow.yaml``'s ``media_download_client_default_passwords``: Deluge's ``deluge``,
  qBittorrent's old ``adminadmin``, NZBGet's ``tegbzn6789``, the whole value only.
* ``recognizers.yaml``'s ``IntakeAnnouncedPasswordRecognizer``: a password a program announces
  it made up (qBittorrent's ``A temporary password is provided for this session: <pw>``).

``*_NOBODY`` are the harm hunts the rules were attacked with before they were kept: texts of
the same shape, from several tools of the class, that name nobody and must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

SERVICE_HOME_NOBODY = [
    "su nzbdrone -c 'mono --debug /opt/NzbDrone/NzbDrone.exe'\n[Info] Bootstrap: Starting NzbDrone - /opt/NzbDrone/NzbDrone.exe - Version 2.0.0.5344\n[Debug] Router: Data source=/home/nzbdrone/.config/NzbDrone/nzbdrone.db;Cache Size=-10485760\n[Info] ProcessProvider: Found 0 processes with the name: NzbDrone.Console\n",
    "/home/nzbdrone/.config/NzbDrone/config.xml\n",
    "/home/sonarr/.config/NzbDrone/config.xml\nsudo systemctl restart sonarr\n",
    "[Info] AppFolderInfo: Data directory is being overridden to [/home/radarr/.config/Radarr]\n/opt/Radarr/Radarr -nobrowser -data=/home/radarr/.config/Radarr\n",
    "Database: /home/lidarr/.config/Lidarr/lidarr.db\n",
    "Database: /home/readarr/.config/Readarr/readarr.db\n",
    "[Info] Bootstrap: Starting Prowlarr - /opt/Prowlarr/Prowlarr\nData directory: /home/prowlarr/.config/Prowlarr\n",
    "/home/whisparr/.config/Whisparr/whisparr.db\n",
    'File "/home/bazarr/bazarr/bazarr/main.py", line 12, in <module>\n',
    "Info: Emby Server: Program data path: /home/emby/.config/emby-server\n",
    "/home/plexmediaserver/Library/Application Support/Plex Media Server/Logs\n",
    "/home/plex/Library/Application Support/Plex Media Server/Preferences.xml\n",
    "[INF] Config directory path: /home/jellyfin/.config/jellyfin\n",
    "(N) 2024-01-01T00:00:00 - qBittorrent v4.6.2 started\nProfile: /home/qbittorrent-nox/.config/qBittorrent/qBittorrent.conf\n",
    "Saving resume data in /home/qbittorrent/.local/share/qBittorrent/BT_backup\n",
    "Couldn't read /home/debian-transmission/.config/transmission-daemon/settings.json\n",
    "/home/transmission/Downloads/ubuntu.iso\n",
    "[INFO    ] Deluge ng 2.1.1\n[INFO    ] Starting daemon on port 58846\nConfig: /home/deluge/.config/deluge/core.conf\n",
    "/home/debian-deluged/.config/deluge/auth\n",
    "/home/sabnzbd/.sabnzbd/sabnzbd.ini\n",
    "nzbget -c /home/nzbget/nzbget.conf -D\n",
    "chown -R nzbdrone:nzbdrone /opt/NzbDrone\n",
]

SERVICE_HOME_GO = [
    (
        "data source=/home/tkowalik/.config/NzbDrone/nzbdrone.db\n",
        "tkowalik",
        "/.config/NzbDrone/nzbdrone.db",
    ),
    (
        "/home/mreyes/.config/deluge/plugins/Label.egg\n",
        "mreyes",
        "/.config/deluge/plugins/Label.egg",
    ),
    (
        "/home/hbrandt/.config/qBittorrent/qBittorrent.conf\n",
        "hbrandt",
        "/.config/qBittorrent/qBittorrent.conf",
    ),
    (
        "C:\\Users\\Oyelaran\\AppData\\Roaming\\Radarr\\radarr.db\n",
        "Oyelaran",
        "\\AppData\\Roaming\\Radarr\\radarr.db",
    ),
]


@pytest.mark.parametrize("text", SERVICE_HOME_NOBODY)
def test_media_service_home_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), SERVICE_HOME_GO)
def test_person_home_beside_media_apps_goes(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


DELUGE_NOBODY = [
    "deluge:\n  host: 127.0.0.1\n  port: 58846\n  username: localclient\n  password: deluge\n",
    "  client: deluge\n  host: 127.0.0.1:58846\n  username: localclient\n  password: deluge\n",
    "DELUGE_RPC_USERNAME=localclient\nDELUGE_RPC_PASSWORD=deluge\n",
    "localclient:deluge:10\n",
    "The default password is deluge and serves http://localhost:8112 web page.\n",
    "WebUI\\Password=adminadmin\n",
    "The Web UI administrator password has not been changed from the default: adminadmin\n",
    "ControlUsername=nzbget\nControlPassword=tegbzn6789\n",
]

DELUGE_GO = [
    (
        "  username: localclient\n  password: 6f2b9e1c0d4a8b7e3f5c2a1d9e8b7c6a5f4e3d2c\n",
        "6f2b9e1c0d4a8b7e3f5c2a1d9e8b7c6a5f4e3d2c",
        "username: localclient",
    ),
    ("  username: okafor\n  password: deluge7Q\n", ["okafor", "deluge7Q"], "  username: "),
    (
        "ControlUsername=nzbget\nControlPassword=tegbzn67890\n",
        "tegbzn67890",
        "ControlUsername=nzbget",
    ),
    ("WebUI\\Password=adminadmin2\n", "adminadmin2", "WebUI\\Password="),
]


@pytest.mark.parametrize("text", DELUGE_NOBODY)
def test_download_client_defaults_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), DELUGE_GO)
def test_download_client_real_credentials_go(
    engine: Scrubber, text: str, value: str | list[str], kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)


ANNOUNCED_PASSWORD_NOBODY = [
    "The WebUI administrator username is: admin\nThe WebUI administrator password was not set. A temporary password is provided for this session: ********\n",
    "A temporary password is provided for this session: <redacted>\n",
    "A temporary password is provided for this session: [REDACTED]\n",
    "A temporary password is provided for this session: xxxxxxxxx\n",
    "A temporary password is provided for this session: $QBT_PASSWORD\n",
    "You should set your own password in program preferences.\n",
    "WebUI will be started shortly after internal preparations. Please wait...\n",
    'docker logs qbittorrent 2>&1 | grep -A1 "WebUI administrator username is"\n',
    "The temporary password: see the log\n",
    "Initial password: none\n",
    "User 'admin' initialized with randomly generated password: <hidden>\n",
    "generated password length: 16\n",
]

ANNOUNCED_PASSWORD_GO = [
    (
        "The WebUI administrator username is: admin\nThe WebUI administrator password was not set. A temporary password is provided for this session: Rq7mWx2Tb\nYou should set your own password in program preferences.\n",
        "Rq7mWx2Tb",
        "A temporary password is provided for this session: ",
    ),
    (
        "qbittorrent  | A temporary password is provided for this session: hGtkPwaNz\n",
        "hGtkPwaNz",
        "provided for this session: ",
    ),
    (
        "2025/01/01 00:00:00 User 'admin' initialized with randomly generated password: t2mVq9XbLr4KpZ8s\n",
        "t2mVq9XbLr4KpZ8s",
        "initialized with randomly generated password: ",
    ),
]


@pytest.mark.parametrize("text", ANNOUNCED_PASSWORD_NOBODY)
def test_announced_password_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), ANNOUNCED_PASSWORD_GO)
def test_announced_password_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)
