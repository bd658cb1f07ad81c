# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Backup tools' logins and credentials (stop 61, scrubber 1.150.0; issue 35).

Batch 182's tune misses and damage (``tests/outside_corpus/SOURCE.md``, "The stop-182
collection"), fixed by rules for their classes:

* ``home_segment`` (``scrubbers/user_names.yaml``): a domain account's home has the domain
  first and the login second, winbind's ``template homedir = /home/%D/%U`` (smb.conf(5): %D the
  NetBIOS domain name) and SSSD's AD provider's ``fallback_homedir = /home/%d/%u`` (sssd-ad(5)):
  where the login's folder holds a home's own folders, the login is the user's folder and the
  domain is kept, not learned.
* ``authid`` (``scrubbers/secret_names.yaml``'s ``words``): Duplicati's AuthID, the credential
  its OAuth login service issues, in a backend URL (``?authid=``) or as ``--authid``; its
  placeholders stay (``authid`` in ``words.yaml``'s ``not_secret_words``, ``allow.yaml``'s
  ``mask_led_placeholder``: ``xxx-any token-xxx``).
* ``compose_environment_user`` (``scrubbers/user_names.yaml``, also read over a YAML file's
  whole text): the POSIX ``USER``/``LOGNAME`` a Compose ``environment:`` mapping sets; the
  service's own name stays (``engine._compose_service_account``), and so does Kopia's own
  account (``kopia``, its server's default ``--server-username``).
* ``timemachine`` (``words.yaml``'s ``not_user_names``): the Samba Time Machine images' documented
  account (mbentley/timemachine's ``TM_USERNAME``, willtho89's and default50's ``TM_USER``).

The ``*_NOBODY`` lists are the harm hunts the rules were attacked with before they were kept:
texts of the same shape, from more than one tool of each class, that name nobody.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber, scrub_file_text
from tests.support.scrubbing import gone_and_kept, scrubbed

DOMAIN_HOME_NOBODY = [
    # the templates themselves, service and placeholder homes, a built-in account under a domain
    "template homedir = /home/%D/%U\n",
    "fallback_homedir = /home/%d/%u\n",
    "override_homedir = /home/%d/%u\n",
    "Failed to process path: /home/%D/%U/.config/Duplicati/UWVLTBPPDV.sqlite\n",
    "Failed to process path: /root/.config/Duplicati/XJETXAYCAH.sqlite-journal\n",
    "Failed to process path: /var/lib/duplicati/.config/Duplicati/X.sqlite-journal\n",
    "Failed to process path: /home/AD/administrator/.config/Duplicati/X.sqlite\n",
    "Failed to process path: /home/CORP/root/.cache/x\n",
    "/home/linuxbrew/.linuxbrew/Cellar/duplicati/2.0.1/lib/Duplicati.sqlite\n",
    "/home/USER/Documents/.config/x\n",
    "/home/USERNAME/projects/.cache/pre-commit\n",
    "/home/ABC/Linux/x86_64/lib/libfoo.so\n",
    "/home/user/.config/rustic/rustic.toml\n",
    "Nextcloud: /home/%D/%U/.local/share/Nextcloud/nextcloud.log\n",
]


@pytest.mark.parametrize("text", DOMAIN_HOME_NOBODY)
def test_a_domain_home_naming_nobody_is_kept(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(
    ("text", "login", "domain"),
    [
        # Duplicati's warning under winbind's /home/%D/%U (the batch's shape, invented values)
        (
            "Failed to process path: /home/CAMPUS2/qorvt/.config/Duplicati/AKEFGHUPQW.sqlite-journal\n",
            "qorvt",
            "CAMPUS2",
        ),
        # SSSD's AD provider's /home/%d/%u: rustic's cache, an ssh key, Firefox's profile
        (
            "using cache at /home/ad.example.com/jdoek/.cache/rustic/4b3c\n",
            "jdoek",
            "ad.example.com",
        ),
        (
            "Identity file /home/corp.local/mwozniak/.ssh/id_ed25519 not accessible\n",
            "mwozniak",
            "corp.local",
        ),
        (
            "/home/EXAMPLE-AD/tkarlsen/.mozilla/firefox/abc.default/prefs.js\n",
            "tkarlsen",
            "EXAMPLE-AD",
        ),
        ("rsync: /home/CAMPUS2/qorvt/Documents/thesis.tex\n", "qorvt", "CAMPUS2"),
    ],
)
def test_a_domain_home_loses_its_login_and_keeps_its_domain(
    engine: Scrubber, text: str, login: str, domain: str
) -> None:
    gone_and_kept(engine, text, login, domain)


def test_a_dotted_login_is_no_domain(engine: Scrubber) -> None:
    """``john.smith`` (a dotted login, two labels and no domain's suffix) is the user's folder,
    not a domain before a project folder."""
    gone_and_kept(
        engine, "/home/wkowalsk.nowak/myrepo/.cache/x\n", "wkowalsk.nowak", "myrepo/.cache/x"
    )


AUTHID_NOBODY = [
    'Duplicati.CommandLine.exe backup "googledrive://remote_folder?authid=AUTHID" C:\\local_folder --no-encryption\n',
    'backup "hubic://BACKUP?authid=xxx-any token-xxx" E:\\TEMP\n',
    'backup "onedrivev2://Backup?authid=<authid>" /data\n',
    'backup "amzcd://Backup?authid=***" "D:\\Data\\"\n',
    "--authid=YOUR_AUTHID\n",
    "--authid=${AUTHID}\n",
    "--authid=%AUTHID%\n",
    "--authid=your-authid-here\n",
    "The AuthID field is required\n",
    "Get an authid from https://duplicati-oauth-handler.appspot.com and paste it here\n",
    "Duplicati.CommandLine.exe backup file://D:\\Backup C:\\Data --passphrase=*** --use-block-cache=false\n",
    # the mask-led placeholder under other credentials
    "https://api.example.com/v1?token=xxx-your-token\n",
    "password=***-secret-***\n",
]


@pytest.mark.parametrize("text", AUTHID_NOBODY)
def test_an_authid_placeholder_is_kept(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            'backup "amzcd://Backups/x?authid=3c8f21ab09d4e7c56:Yq_9!k" --passphrase=***\n',
            "3c8f21ab09d4e7c56:Yq_9!k",
        ),
        (
            'backup "googledrive://Backup?authid=5d0e7a1c2b3f4e6a9:Kp3_wq8L" /data\n',
            "5d0e7a1c2b3f4e6a9:Kp3_wq8L",
        ),
        (
            '"onedrivev2://Backup?authid=a91c3e5f7b2d4068c%3AzQ7_mv2R&x=1"\n',
            "a91c3e5f7b2d4068c%3AzQ7_mv2R",
        ),
        (
            "Duplicati.CommandLine.exe backup dropbox://x --authid=7f1e2d3c4b5a69788:Rt5_Lm2p\n",
            "7f1e2d3c4b5a69788:Rt5_Lm2p",
        ),
        # a poster's word after a mask is still a password when it holds a digit or capital
        ("password=xxx-Tr0ub4dor\n", "Tr0ub4dor"),
    ],
)
def test_an_authid_goes(engine: Scrubber, text: str, secret: str) -> None:
    gone_and_kept(engine, text, secret)


COMPOSE_USER_NOBODY = [
    'environment:\n    KOPIA_PASSWORD: "foobar"\n    USER: "root"\n    TZ: America/New_York\n',
    "environment:\n    USER: kopia\n    TZ: Europe/Berlin\n",
    'environment:\n    USER: "${USER}"\n    PUID: "1000"\n    PGID: "1000"\n',
    "environment:\n  USER: runner\n",
    "environment:\n  LOGNAME: www-data\n",
    # the service's own name (its key, its container's name, its image's repository)
    "services:\n  duplicati:\n    image: lscr.io/linuxserver/duplicati:latest\n    environment:\n      USER: duplicati\n",
    "services:\n  backup:\n    container_name: resticker\n    environment:\n      USER: resticker\n",
    "services:\n  kopia:\n    environment:\n      - USER=kopia\n",
    # a USER that is no environment's
    "USER: kevin\n",
    "CONNECTION FOR USER: root\n",
]


@pytest.mark.parametrize("text", COMPOSE_USER_NOBODY)
def test_a_compose_user_naming_nobody_is_kept(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(
    "text",
    [
        'services:\n  kopia:\n    environment:\n      KOPIA_PASSWORD: "foobar"\n      USER: "qorvin"\n',
        "services:\n  app:\n    image: qorvin/app\n    environment:\n      USER: qorvin\n",
        "environment:\n  LOGNAME: 'qorvin'\n  HOME: /data\n",
    ],
)
def test_a_compose_user_goes(engine: Scrubber, text: str) -> None:
    gone_and_kept(engine, text, "qorvin")


def test_a_compose_file_teaches_its_user(engine: Scrubber, tmp_path: Path) -> None:
    """A YAML file's values are scanned one by one: the rule reads its whole text, and the
    login goes in every value (the snapshot source ``<u>@desktop``)."""
    text = (
        "services:\n  kopia:\n    image: kopia/kopia:latest\n    container_name: kopia\n"
        '    environment:\n      KOPIA_PASSWORD: "foobar"\n      USER: "qorvin"\n'
        '    command:\n      - --description="qorvin@desktop:/data"\n'
    )
    out = scrub_file_text(tmp_path / "docker-compose.yaml", text, scrubber=engine)
    assert "qorvin" not in out.text, out.text
    assert "kopia/kopia:latest" in out.text and "container_name: kopia" in out.text, out.text


TIME_MACHINE_NOBODY = [
    "24-10-13 22:05:39.300 TimeMach    Attempting to mount 'smb://timemachine@192.168.1.60/TimeMachine'\n"
    "Bonjour took 0.1 seconds to resolve 'smb://timemachine._smb._tcp.local./TimeMachine' to 'smb://timemachine.local/TimeMachine'\n",
    "sudo tmutil setdestination smb://timemachine:***@192.168.1.60/TimeMachine\n",
    "Attempting to mount 'afp://timemachine@nas.local/TimeMachine'\n",
    "docker run -d -e TM_USER=timemachine -e TM_PW=timemachine willtho/samba-timemachine\n",
    '-e TM_USERNAME="timemachine" -e SHARE_NAME="TimeMachine"\n',
]


@pytest.mark.parametrize("text", TIME_MACHINE_NOBODY)
def test_a_time_machine_image_account_is_kept(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_a_person_on_a_time_machine_share_goes(engine: Scrubber) -> None:
    gone_and_kept(
        engine,
        "TimeMach    Attempting to mount 'smb://qorvin@192.168.1.60/TimeMachine'\n",
        "qorvin",
        "/TimeMachine'",
    )
