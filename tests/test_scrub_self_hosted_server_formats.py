# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Self-hosted servers' masks, placeholders and user listings (stop 52, scrubber 1.39.0; issue 35).

The damage of batch 86's tune part (``tests/outside_corpus/SOURCE.md``, "The stop-86
collection"), each fixed by a general rule (``scrubbers/allow.yaml``):

* ``nextcloud_sensitive_value``: Nextcloud's own mask ``***REMOVED SENSITIVE VALUE***``
  (``OCP\\IConfig::SENSITIVE_VALUE``, printed by ``occ config:list`` in place of every sensitive
  value) stays under any key; a real value beside it still goes;
* ``default_passwords``: a password of placeholder words that say it is the password written
  out (``clear_text_pwd``, ``plain_password``) stays, as ``your_password`` did;
* ``placeholder_email``: documentation's unknown person (``johndoe@``, ``jane.doe@``), the
  first person's or reader's mail (``myemail@``, ``yourmail@``), ``something@`` and a local part
  of mask runs only (``xxx.xxx@``) stay at any domain; real addresses at the same domains go.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only public material), which must stay as they are;
``STILL_GO`` holds the private values beside them, each gone from the whole text.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

_MASK = "***REMOVED SENSITIVE VALUE***"

NEXTCLOUD_MASK_NOBODY = [
    f'        "secret": "{_MASK}",\n',
    f'        "dbpassword": "{_MASK}",\n',
    f'        "dbuser": "{_MASK}",\n        "dbname": "{_MASK}",\n',
    f'        "mail_smtppassword": "{_MASK}",\n',
    f"  'dbpassword' => '{_MASK}',\n",
    f"  'redis' => array ('host' => 'localhost', 'password' => '{_MASK}'),\n",
    f'{{"system": {{"secret": "{_MASK}", "passwordsalt": "{_MASK}", "installed": true}}}}\n',
    f"password: {_MASK}\n",
    f"  - objectstore: {{ arguments: {{ secret: {_MASK} }} }}\n",
    f'"license-key": "{_MASK}"\n',
    f'"token": "{_MASK}", "apiKey": "{_MASK}"\n',
]

PLACEHOLDER_PASSWORD_NOBODY = [
    "{'broker': '192.168.1.XXX', 'password': 'clear_text_pwd', 'port': 1883, 'username': 'clear_text_userid'}\n",
    "  password: clear_text_password\n",
    "  password: plain_text_password\n",
    "password = plaintextpassword\n",
    "MQTT_PASSWORD=cleartext_pass\n",
    "'password': 'your_password'\n",
    "  password: plain_password\n",
    "DB_PASSWORD=my_plain_password\n",
    '"password": "clear-text-pwd"\n',
    "mqtt_pass: plaintext_pwd\n",
]

PLACEHOLDER_ADDRESS_NOBODY = [
    "[2022-08-29 18:45:43,906] [DEBUG] [paperless_mail] Processing mail account johndoe@gmail.com\n",
    "Error while retrieving mailbox jane.doe@outlook.com: socket error: EOF\n",
    "User name: xxx.xxx@gmail.com\n",
    "User name: XXXX@yahoo.com\n",
    "from = myemail@gmail.com\n",
    'email = "my.email@outlook.com"\n',
    "certbot certonly --email yourmail@gmail.com -d example.org\n",
    "remoteuser = something@disroot.org\n",
    "user xxxx@mailbox.org\n",
    "login: ***.***@gmail.com\n",
    "account john_doe@hotmail.com\n",
    "smtp_user = mymail@gmx.de\n",
]

# (text, the secret or login that must be gone from the whole text)
STILL_GO = [
    (
        f'"dbpassword": "{_MASK}",\n"secret": "W7gQDN1YyCz/i0JaGUGAGuy0lQwwCtdozIaGHAY362Ol2A73",\n',
        "W7gQDN1YyCz",
    ),
    ("  password: clear_text_pwd7Qx\n", "clear_text_pwd7Qx"),
    ("  password: plainhunter2\n", "plainhunter2"),
    ("Processing mail account johndoe1987@gmail.com\n", "johndoe1987"),
    ("from = john.doe.kowalski@gmail.com\n", "kowalski"),
    ("User name: xxx.kowalski@gmail.com\n", "kowalski"),
    ("remoteuser = marta.nowak@disroot.org\n", "marta.nowak"),
    ("email = myemailkasia@gmail.com\n", "myemailkasia"),
]


@pytest.mark.parametrize(
    "text",
    NEXTCLOUD_MASK_NOBODY + PLACEHOLDER_PASSWORD_NOBODY + PLACEHOLDER_ADDRESS_NOBODY,
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_private_values_beside_them_still_go(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower()
    if _MASK in text:
        assert _MASK in out  # the mask beside it stays
