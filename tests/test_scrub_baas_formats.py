# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Headless CMSs' and backend-as-a-service servers' pastes (stop 60, scrubber 1.135.0; issue 35).

The tune misses and damage of batch 177 (``tests/outside_corpus/SOURCE.md``, "The stop-177
collection"), fixed by rules for the classes, each read from the tool's documented format:

* ``[openssl, key]`` (``scrubbers/secret_names.yaml``'s pairs): a key named for the cipher
  library that encrypts with it is an encryption key, a secret whatever its shape. Appwrite's
  ``_APP_OPENSSL_KEY_V1`` ("your server private secret key that is used to encrypt all
  sensitive data", its self-hosting docs' environment variables) in ``vars``, ``.env`` and
  compose form; its published default ``your-secret-key``, empty values, and the names of key
  files and sizes stay;
* ``mail_job_recipient_name`` (``scrubbers/user_names.yaml``): the ``"name"`` of a mail job's
  payload beside its ``"recipient"`` address (appwrite/appwrite, app/workers/mails.php:
  ``$mail->addAddress($recipient, $name)``) names the recipient, learned; project and platform
  names in nested objects, empty names, a name that is the recipient's domain and role names stay;
* ``ghost`` (``scrubbers/words.yaml``'s system_accounts): Ghost-CLI's own system user
  (TryGhost/Ghost-CLI, extensions/linux/index.js: "a ghost system user", ``useradd --system
  --user-group ghost``), as misskey's, mastodon's and peertube's accounts already were; a real
  login at the same prompt still goes;
* ``withheld_address_local_part`` (``scrubbers/allow.yaml``): an address whose whole local part
  says it was withheld (``personal@email.com``, ``redacted@…``, ``private.email@…``) names
  nobody; real addresses with such a word inside a longer local part, or at such a domain, go.

Not fixed: ``/home/siteList`` beside Ghost-CLI's prompt stays read as a home (see
docs/scrubber.md, stop 60, 1.135.0): nothing in a path tells a folder under /home from a login.

The ``*_NOBODY`` lists are the harm hunts the rules were attacked with before they were kept:
texts of the same shape, from the same tool and others of its class, that name nobody.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

OPENSSL_KEY_NOBODY = [
    "- _APP_OPENSSL_KEY_V1=your-secret-key\n- _APP_DOMAIN=localhost\n- _APP_USAGE_STATS=enabled\n",
    "_APP_OPENSSL_KEY_V1=\n_APP_REDIS_PASS=\n_APP_SMTP_PASSWORD=\n_APP_CONSOLE_WHITELIST_EMAILS=\n",
    "      _APP_OPENSSL_KEY_V1: your-secret-key\n      _APP_DB_USER: user\n      _APP_DB_PASS: password\n",
    "_APP_OPENSSL_KEY_V1=${_APP_OPENSSL_KEY_V1}\n_APP_DB_ROOT_PASS=rootsecretpassword\n",
    "_APP_OPENSSL_KEY_V1=<your-key>\n",
    "_APP_OPENSSL_KEY_V1=xxxxxxxxxx\n",
    "OPENSSL_KEY_FILE=/etc/ssl/private/server.key\n",
    "openssl_key_path: /etc/ssl/private/server.key\nopenssl_key_size=2048\n",
    "$ openssl genrsa -out key.pem 2048\nGenerating RSA private key, 2048 bit long modulus\n",
    "OpenSSL key generation failed: error:0909006C:PEM routines:get_name:no start line\n",
    "The OpenSSL key is not loaded.\n",
]

OPENSSL_KEY_GO = [
    (
        "- _APP_OPENSSL_KEY_V1=lanternfox@5581\n- _APP_DOMAIN=localhost\n",
        "lanternfox@5581",
        "- _APP_DOMAIN=localhost",
    ),
    ("_APP_OPENSSL_KEY_V1=Qw7zR2kLm9\n", "Qw7zR2kLm9", "_APP_OPENSSL_KEY_V1="),
    (
        "      _APP_OPENSSL_KEY_V1: tidepool-88\n      _APP_ENV: production\n",
        "tidepool-88",
        "_APP_ENV: production",
    ),
    ('OPENSSL_KEY="copperkettle31"\n', "copperkettle31", "OPENSSL_KEY="),
]


@pytest.mark.parametrize("text", OPENSSL_KEY_NOBODY)
def test_openssl_key_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), OPENSSL_KEY_GO)
def test_openssl_key_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


_PROJECT = '{"$id":"console","name":"Appwrite","$collection":"projects","platforms":[{"$collection":"platforms","name":"Localhost","type":"web","hostname":"localhost"}]}'

MAIL_RECIPIENT_NOBODY = [
    f'[critical] (Job{{v1-mails}} | MailsV1 | [{{"project":{_PROJECT},"user":{{"$id":"","$collection":"users"}},"payload":[],"recipient":"team@appwrite.io","url":"http:\\/\\/localhost\\/recover","locale":"en","type":"recovery","name":"","team":null}}])\n',
    '{"project":{"name":"Appwrite"},"recipient":"team@appwrite.io","type":"recovery","name":"Appwrite"}\n',
    '{"recipient":"admin@example.com","name":"Admin","type":"recovery"}\n',
    '{"recipient":"test@test.com","name":"Test User","type":"verification"}\n',
    '{"recipient":"user@example.com","name":"User","type":"recovery"}\n',
    '{"recipient":"{{user.email}}","name":"{{user.name}}"}\n',
    '{"name":"Newsletter","recipient":"news@example.com"}\n',
    '{"recipient":"ops@example.com","team":{"name":"Ops"},"name":"Billing"}\n',
    '{"mode":"noreply","to":[{"name":"John Doe 1","email":"john1@doe"}],"subject":"Hey !"}\n',
]

MAIL_RECIPIENT_GO = [
    (
        f'[critical] (Job{{v1-mails}} | MailsV1 | [{{"project":{_PROJECT},"payload":[],"recipient":"brantley1968@gmail.com","url":"http:\\/\\/10.0.0.5\\/recover?userId=63ac&secret=abc","locale":"en","type":"recovery","name":"brant","team":null}}]) has failed\n',
        ["brant", "brantley1968"],
        '"type":"recovery","name":"',
    ),
    (
        '{"recipient":"m.okafor@example.org","name":"Miriam Okafor","subject":"Verify"}\nHello Miriam Okafor,\n',
        "Okafor",
        '"subject":"Verify"',
    ),
]


@pytest.mark.parametrize("text", MAIL_RECIPIENT_NOBODY)
def test_mail_recipient_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), MAIL_RECIPIENT_GO)
def test_mail_recipient_name_goes(
    engine: Scrubber, text: str, value: str | list[str], kept: str
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


GHOST_ACCOUNT_NOBODY = [
    "ghost@VM-34-185-ubuntu:/var/www/ghost$ ghost install\nSome features of Ghost-CLI may not work without additional configuration.\n",
    "ghost@localhost:/var/www/ghost$ ghost doctor\n",
    "ghost@ubuntu:/var/www/ghost$ ghost restart\n",
    "root@host:/var/www/ghost# sudo -u ghost ghost ls\n",
    "ubuntu@ip-172-31-0-10:/var/www/ghost$ ghost install\n",
    "Ghost-CLI Version: 1.24.0\nGhost Version (at /var/www/ghost): 5.0.0\n",
    'ghost_1  | [2023-01-01 00:00:00] ERROR "POST /ghost/api/admin/session/" 500 12ms\n',
    "mastodon@social:~/live$ RAILS_ENV=production bundle exec rake db:migrate\n",
    "peertube@vps:/var/www/peertube$ sudo -u peertube npm run parse-log\n",
]

GHOST_ACCOUNT_GO = [
    ("maelis@vps-1:/home/maelis/blog.ghost$ ghost install\n", "maelis", "ghost install"),
    ("corvin@droplet:/var/www/ghost$ ghost start\n", "corvin", "/var/www/ghost$ ghost start"),
]


@pytest.mark.parametrize("text", GHOST_ACCOUNT_NOBODY)
def test_ghost_account_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), GHOST_ACCOUNT_GO)
def test_login_at_ghost_prompt_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


WITHHELD_ADDRESS_NOBODY = [
    'supabase-auth| {"auth_event":{"action":"user_invited","actor_username":"service_role","traits":{"user_email":"personal@email.com"}},"remote_addr":"178.143.xx.xx"}\n',
    '"user_email":"personal@email.com"\n',
    "Recipient: redacted@company.com\n",
    "git log: Author: REDACTED <redacted@redacted.com>\n",
    '{"email":"private@gmail.com","status":"bounced"}\n',
    "From: hidden@domain.com\n",
    "user=private.email@outlook.com login failed\n",
    "Sending to my_personal_email@yahoo.com\n",
    "to: censored@censored.org\n",
]

WITHHELD_ADDRESS_GO = [
    ("Sending to personal.kowalski@gmail.com\n", "personal.kowalski", "Sending to "),
    ("From: privatejet@gmail.com\n", "privatejet", "From: "),
    ("user=hidden1987@outlook.com login failed\n", "hidden1987", " login failed"),
    ('"user_email":"anna@personal.com"\n', "anna@personal.com", '"user_email":"'),
]


@pytest.mark.parametrize("text", WITHHELD_ADDRESS_NOBODY)
def test_withheld_address_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), WITHHELD_ADDRESS_GO)
def test_real_address_with_such_a_word_goes(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)
