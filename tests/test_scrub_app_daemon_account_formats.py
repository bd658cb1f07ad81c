# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""The accounts self-hosted home-automation, DNS, media and printer servers' own installers,
packages or modules create for their daemon, which name no one (stop 58, scrubber 1.114.0;
issue 35).

The tune damage of batch 161 (``tests/outside_corpus/SOURCE.md``, "The stop-161 collection"):
a Node ``process.env`` dump's ``PWD: '/home/iobroker'``, ``LOGNAME: 'iobroker'`` and ``HOME:
'/home/iobroker'`` taught ``iobroker`` as a login and became ``user1`` three times. Fixed as a
class by data, ``scrubbers/words.yaml``'s ``system_accounts``, each word with its installer's,
package's or module's line: ``iobroker`` (ioBroker's ``installer.sh``: ``IOB_USER="iobroker"``,
``useradd -m -s /usr/sbin/nologin``), ``pihole`` (Pi-hole's ``basic-install.sh``: ``useradd -r
--no-user-group -g pihole -s /usr/sbin/nologin pihole``), ``openhab`` (openhab-linuxpkg's
``preinst``: "openhab runtime user", home ``/var/lib/openhab``), ``openhabian`` (openHABian's
image login, its docs), ``jellyfin`` (jellyfin-packaging's ``postinst``: "Jellyfin default
user"), ``octoprint`` (NixOS's ``services.octoprint.user`` default). Home Assistant's
``homeassistant``, Plex's ``plex``, Frappe's ``frappe``, Mastodon's ``mastodon``, Nextcloud's
``www-data`` and OctoPi's ``pi`` were listed already and are kept here as the class's
witnesses.

``DAEMON_ACCOUNTS_NOBODY`` is the harm hunt the rule was attacked with before it was kept (14
of its 29 texts changed under 1.110.0, none under 1.114.0); ``DAEMON_ACCOUNTS_GO`` holds real
people's logins in the same places (a person's ``HOME``/``LOGNAME``/``PWD``, a person's home
listed beside the daemon's, a person's prompt on an OctoPi), which must go under both.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

DAEMON_ACCOUNTS_NOBODY = [
    # ioBroker (batch 161's shape, and the installer's account elsewhere)
    "$ NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/SSL_CA.crt node 'test.js'\n{\n  NODE_EXTRA_CA_CERTS: '/usr/local/share/ca-certificates/SSL_CA.crt',\n  SHELL: '/bin/bash',\n  PWD: '/home/iobroker',\n  LOGNAME: 'iobroker',\n  HOME: '/home/iobroker',\n  LANG: 'en_GB.UTF-8',\n",
    "HOME=/home/iobroker\nLOGNAME=iobroker\nUSER=iobroker\n",
    "npm ERR! A complete log of this run can be found in:\nnpm ERR!     /home/iobroker/.npm/_logs/2024-01-05T10_11_12_345Z-debug-0.log\n",
    "iobroker@raspberrypi:/opt/iobroker $ iob diag\n",
    "sudo -H -u iobroker npm install iobroker.zigbee --production\n",
    "drwxr-xr-x  5 iobroker iobroker 4096 Jan  5 10:11 /opt/iobroker\n",
    # Pi-hole
    "pihole   1234  0.3  1.2 123456 12345 ?  Ssl  10:11   0:05 /usr/bin/pihole-FTL -f\n",
    "-rw-rw-r-- 1 pihole pihole 1048576 Jan  5 10:11 /etc/pihole/pihole-FTL.db\n",
    "Jan 05 10:11:12 pi pihole-FTL[123]: Running as user pihole\nsudo -u pihole pihole-FTL --config\n",
    "HOME=/home/pihole\nUSER=pihole\n",
    # openHAB and openHABian
    "openhabian@openhabian:~ $ sudo openhab-cli info\n",
    "openhabian@openhabian:/etc/openhab $ ls -l /home/openhabian/.ssh\n",
    "-rw-r--r-- 1 openhab openhab 1234 Jan  5 10:11 /var/lib/openhab/etc/users.properties\n",
    "sudo -u openhab /usr/share/openhab/runtime/bin/client\n",
    "LOGNAME=openhab\nHOME=/var/lib/openhab\nUSER=openhab\n",
    "cp -r /home/openhab/backup /etc/openhab\n",
    # Jellyfin
    "jellyfin  987  2.1  8.0 /usr/lib/jellyfin/bin/jellyfin --webdir=/usr/share/jellyfin/web\n",
    "[10:11:12] [ERR] Access to the path '/home/jellyfin/.local/share/jellyfin' is denied.\n",
    "sudo -u jellyfin ls /mnt/media\nchown -R jellyfin:jellyfin /var/lib/jellyfin\n",
    "  PWD: '/home/jellyfin',\n  LOGNAME: 'jellyfin',\n  HOME: '/home/jellyfin',\n",
    # OctoPrint (its own account) and OctoPi (the image's pi)
    "octoprint@octopi:~ $ ~/oprint/bin/octoprint serve\n",
    '  File "/home/octoprint/OctoPrint/venv/lib/python3.11/site-packages/octoprint/server/__init__.py", line 12, in <module>\n',
    "USER=octoprint\nHOME=/var/lib/octoprint\n",
    'pi@octopi:~ $ ~/oprint/bin/pip install OctoPrint-Foo\n  File "/home/pi/oprint/lib/python3.9/site-packages/octoprint/cli/server.py", line 3\n',
    # the class's accounts listed before this stop, in the same places
    "homeassistant@raspberrypi:/srv/homeassistant $ source bin/activate\n  PWD: '/home/homeassistant',\n  LOGNAME: 'homeassistant',\n  HOME: '/home/homeassistant',\n",
    "frappe@erp:~/frappe-bench$ bench migrate\nLOGNAME=frappe\nHOME=/home/frappe\n",
    "  PWD: '/home/mastodon/live',\n  LOGNAME: 'mastodon',\n  HOME: '/home/mastodon',\n",
    "HOME=/var/www\nLOGNAME=www-data\nUSER=www-data\nsudo -u www-data php /var/www/nextcloud/occ status\n",
    "plex  555 /usr/lib/plexmediaserver/Plex Media Server\nHOME=/var/lib/plexmediaserver\nLOGNAME=plex\n",
]

DAEMON_ACCOUNTS_GO = [
    (
        "  PWD: '/home/kwieland',\n  LOGNAME: 'kwieland',\n  HOME: '/home/kwieland',\n",
        "kwieland",
        ("  PWD: '/home/", "  LOGNAME: '"),
    ),
    ("HOME=/home/mbauer\nLOGNAME=mbauer\n", "mbauer", ("HOME=/home/", "LOGNAME=")),
    (
        # a person's home listed beside the daemon's
        "iobroker@raspberrypi:~ $ ls /home\niobroker  tkessler\niobroker@raspberrypi:~ $ ls /home/tkessler/backup\n",
        "tkessler",
        ("iobroker@raspberrypi:~ $ ls /home\niobroker  ", "/backup"),
    ),
    (
        "LOGNAME=jschulte\nHOME=/home/jschulte\nsudo -u jellyfin ls /home/jschulte/Videos\n",
        "jschulte",
        ("sudo -u jellyfin ls /home/", "/Videos"),
    ),
    (
        # a person's checkout named after the program
        "  PWD: '/home/dfranke/iobroker-dev',\n  LOGNAME: 'dfranke',\n  HOME: '/home/dfranke',\n",
        "dfranke",
        "/iobroker-dev',",
    ),
    (
        # a person's prompt on an OctoPi
        'rkoenig@octopi:~ $ ~/oprint/bin/octoprint serve\n  File "/home/rkoenig/oprint/lib/python3.9/site-packages/octoprint/server/__init__.py"\n',
        "rkoenig",
        (
            "@octopi:~ $ ~/oprint/bin/octoprint serve",
            "/oprint/lib/python3.9/site-packages/octoprint/",
        ),
    ),
    (
        "USER=lhartmann\nHOME=/home/lhartmann\n/home/lhartmann/pihole-backup.tar.gz\n",
        "lhartmann",
        "/pihole-backup.tar.gz",
    ),
    (
        "openhabian@openhabian:~ $ sudo -u openhab cp /home/swagner/items/*.items /etc/openhab/items/\n",
        "swagner",
        ("openhabian@openhabian:~ $ sudo -u openhab cp /home/", "/etc/openhab/items/"),
    ),
]


@pytest.mark.parametrize("text", DAEMON_ACCOUNTS_NOBODY)
def test_app_daemon_accounts_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), DAEMON_ACCOUNTS_GO)
def test_logins_beside_app_daemon_accounts_go(
    engine: Scrubber, text: str, value: str, kept: str | tuple[str, ...]
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
