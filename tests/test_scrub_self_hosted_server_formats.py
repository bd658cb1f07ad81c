# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Self-hosted servers' masks, placeholders and user listings (stop 52, scrubber 1.39.0; issue 35).

The damage of batch 86's tune part (``tests/outside_corpus/SOURCE.md``, "The stop-86
collection"), each fixed by a general rule (``scrubbers/allow.yaml``):

* ``nextcloud_sensitive_value``: Nextcloud's own mask ``***REMOVED SENSITIVE VALUE***``
  (``OCP\\IConfig::SENSITIVE_VALUE``, printed by ``occ config:list`` in place of every sensitive
  value) stays under any key; a real value beside it still goes;
* ``default_passwords``: a password of placeholder words that say it is the password written
  out (``clear_text_pwd``, ``plain_password``) stays, as ``your_password`` did;
* ``placeholder_email``: documentation's unknown person as one word (``johndoe@``), the
  first person's or reader's mail (``myemail@``, ``yourmail@``), ``something@`` and a local part
  of mask runs only (``xxx.xxx@``) stay at any domain; real addresses at the same domains go.

The login misses of batch 86's tune part, each found by a rule read from its tool's documented
format (``scrubbers/user_names.yaml``):

* ``occ_user_list_row``: Nextcloud's ``occ user:list`` rows ``  - <uid>: <display name>``, under
  an ``occ user:list`` or ``occ user:info`` command line only (``occ app:list`` prints the same
  rows for apps);
* ``ocs_user_data``: the OCS API's user answer, ``<id>`` beside ``<display-name>`` or
  ``<email>`` inside ``<ocs>``'s ``<data>``;
* ``gitea_failed_authentication``: Gitea's ``log.Info("Failed authentication attempt for %s
  from %s", …)`` (``routers/web/auth/auth.go``).

Role accounts (``admin``, ``root``), placeholders and masks (``XXX``, ``**_user_**``) stay.

And a secret by its place (``scrubbers/recognizers.yaml``, ``pihole_debug_token``): Pi-hole's
debug token, the key to an uploaded ``pihole -d`` log, after ``tricorder.pi-hole.net/``, after
``Your debug token is:`` (``piholeDebug.sh``) or on the answer line under the issue template's
``Debug token provided by …`` (letters and digits both there); ``N/A`` and words stay.
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
    "User name: xxx.xxx@gmail.com\n",
    "User name: XXXX@yahoo.com\n",
    "from = myemail@gmail.com\n",
    'email = "my.email@outlook.com"\n',
    "certbot certonly --email yourmail@gmail.com -d example.org\n",
    "remoteuser = something@disroot.org\n",
    "user xxxx@mailbox.org\n",
    "login: ***.***@gmail.com\n",
    "smtp_user = mymail@gmx.de\n",
]

OCC_USER_LIST_NOBODY = [
    "sudo -u www-data php occ user:list\n  - admin: admin\n",
    "sudo -u www-data php occ app:list\nEnabled:\n  - activity: 2.8.2\n  - calendar: 1.6.4\n  - files_pdfviewer: 1.4.0\n",
    "php occ app:list\nEnabled:\n  - contacts: 4.0.3\n  - mail: 1.11.0\n  - richdocuments: 5.0.3\n",
    "Enabled:\n  - activity: 2.8.2\n  - calendar: 1.6.4\n",
    "php occ user:list\n  - admin: admin\n  - root: root\n",
    "occ user:info admin\n  - user_id: admin\n  - display_name: admin\n  - email: \n  - enabled: true\n  - backend: Database\n",
    "docker exec --user www-data nextcloud-aio-nextcloud php -f /var/www/html/occ user:list\n  - admin: admin\n",
    "php occ user:list\n  - <uid>: <display name>\n",
    "php occ user:list\n  - XXX: XXX\n",
    "php occ config:list\n  - system: array\n",
    "services:\n  - web: nginx\n  - db: postgres\n",
    "occ user:list --output=json\n{}\n",
]

OCS_USER_NOBODY = [
    "<ocs>\n <meta><status>ok</status></meta>\n <data>\n  <id>admin</id>\n  <display-name>admin</display-name>\n  <email>no-response@domain.tld</email>\n </data>\n</ocs>\n",
    "<ocs>\n <data>\n  <id>115</id>\n  <share_type>3</share_type>\n  <uid_owner>admin</uid_owner>\n </data>\n</ocs>\n",
    "<ocs>\n <data>\n  <id>root</id>\n  <display-name>root</display-name>\n </data>\n</ocs>\n",
    "<ocs>\n <data>\n  <id>XXX</id>\n  <display-name>XXX</display-name>\n </data>\n</ocs>\n",
    "<ocs>\n <data>\n  <id>&lt;userid&gt;</id>\n  <display-name>Display Name</display-name>\n </data>\n</ocs>\n",
    "<ocs>\n <data>\n  <id>42</id>\n  <display-name>Meeting room</display-name>\n  <email/>\n </data>\n</ocs>\n",
    "<feed>\n <entry>\n  <id>tag:github.com,2008:Repository/1</id>\n  <title>x</title>\n </entry>\n</feed>\n",
    "<item>\n  <id>stefan</id>\n  <name>stefan</name>\n</item>\n",
    "<ocs>\n <data>\n  <users>\n   <element>admin</element>\n  </users>\n </data>\n</ocs>\n",
    "<ocs>\n <data>\n  <id>user</id>\n  <display-name>User</display-name>\n </data>\n</ocs>\n",
]

GITEA_NOBODY = [
    "...ers/web/auth/auth.go:206:SignInPost() [I] [645256b1] Failed authentication attempt for **_user_** from **_ip_**: user does not exist [uid: 2, name: **_user_**, keyid: 0]\n",
    "2023/02/25 20:26:14 modules/ssh/ssh.go:281:sshConnectionFailed() [W] [63fa641c-19] Failed authentication attempt from 192.0.2.4:57094\n",
    'pattern: "^%{GITEA_CUSTOMDATE:timestamp}.*?Failed authentication attempt for %{GITEA_CUSTOMUSER:username} from %{IP:remote_ip}:%{NUMBER:remote_port}.*?"\n',
    "web/user/auth.go:181:SignInPost() [I] Failed authentication attempt for XXX from 100.127.0.3:56620\n",
    "ers/web/auth/auth.go:206:SignInPost() [I] Failed authentication attempt for admin from 10.0.0.5:57086: user's password is invalid [uid: 1, name: admin]\n",
    "Failed authentication attempt for root from 192.168.1.2:40022: user's password is invalid\n",
    "Failed authentication attempt for <username> from <ip>\n",
    'log.Info("Failed authentication attempt for %s from %s", ctx.Doer.Name, ctx.RemoteAddr())\n',
    "Failed authentication attempt for xxxxx from a.b.c.d:0: user does not exist\n",
    "Failed authentication attempt for user from 10.0.0.1:1234\n",
    "sshd[123]: Failed password for invalid user from 203.0.113.9 port 22 ssh2\n",
]

_PIHOLE_TEMPLATE = (
    "**Debug token provided by [uploading `pihole -d` log]"
    "(https://discourse.pi-hole.net/t/the-pihole-command-with-examples/738#debug):**\n\n"
)

PIHOLE_TOKEN_NOBODY = [
    f"{_PIHOLE_TEMPLATE}`N/A`\n",
    f"{_PIHOLE_TEMPLATE}n/a\n",
    f"{_PIHOLE_TEMPLATE}none\n",
    f"{_PIHOLE_TEMPLATE}`unavailable`\n",
    f"{_PIHOLE_TEMPLATE}I could not upload the log, it times out\n",
    f"{_PIHOLE_TEMPLATE}`XXXXXXXXXX`\n",
    "tricorder=$(nc -w 10 tricorder.pi-hole.net 9999 < /var/log/pihole_debug.log)\n",
    "Upload the log to https://tricorder.pi-hole.net/ and post the link\n",
    'log_write "${TICK} Your debug token is: ${COL_LIGHT_GREEN}${tricorder_token}${COL_NC}"\n',
    "[2021-02-17 17:17:22.031 6M] FTL commit: 2999e2b5\n",
    "[✗] There was an error uploading your debug log.\n",
    "Your debug token is: <token>\n",
]

# (text, the secret or login that must be gone from the whole text)
STILL_GO = [
    (f"{_PIHOLE_TEMPLATE}`k3vqz81tpa`\n\n[2017-12-13 14:02:44.633] Notice: x\n", "k3vqz81tpa"),
    (f"{_PIHOLE_TEMPLATE}https://tricorder.pi-hole.net/wq7rbd2mxe\n", "wq7rbd2mxe"),
    ("[✓] Your debug token is: https://tricorder.pi-hole.net/6ZPx0Hm4/\n", "6ZPx0Hm4"),
    ("::: Your debug token is : hq4tz7pm0c\n", "hq4tz7pm0c"),
    ("[i] Your debug token is: \x1b[1;32mnq2k8vwe5r\x1b[0m\n", "nq2k8vwe5r"),
    (
        f'"dbpassword": "{_MASK}",\n"secret": "W7gQDN1YyCz/i0JaGUGAGuy0lQwwCtdozIaGHAY362Ol2A73",\n',
        "W7gQDN1YyCz",
    ),
    ("  password: clear_text_pwd7Qx\n", "clear_text_pwd7Qx"),
    ("  password: plainhunter2\n", "plainhunter2"),
    ("Processing mail account johndoe1987@gmail.com\n", "johndoe1987"),
    ("from = john.doe.kowalski@gmail.com\n", "kowalski"),
    # documentation's unknown person dotted or underscored stays an address (allow.yaml's
    # placeholder_email: how a real address is shown); the harm hunt's first version kept
    # them, and tests/test_check_legacy.py's jane.doe@realcorp.com is a real address
    ("Error while retrieving mailbox jane.doe@outlook.com: socket error: EOF\n", "jane.doe"),
    ("account john_doe@hotmail.com\n", "john_doe"),
    ("User name: xxx.kowalski@gmail.com\n", "kowalski"),
    ("remoteuser = marta.nowak@disroot.org\n", "marta.nowak"),
    ("email = myemailkasia@gmail.com\n", "myemailkasia"),
    ("php occ user:list\n  - admin: admin\n  - kwalden: Kim Walden\n", "kwalden"),
    ("php occ user:list\n  - admin: admin\n  - kwalden: Kim Walden\n", "Walden"),
    (
        "occ user:info kwalden\n  - user_id: kwalden\n  - display_name: Kim Walden\n  - email: \n  - enabled: true\n",
        "Walden",
    ),
    ("sudo -u www-data php occ user:info admin\n\n- admin: admin\n- Marek Nowak: Marek\n", "Nowak"),
    (
        "<ocs>\n <data>\n  <id>mtorres</id>\n  <display-name>MTorres82</display-name>\n  <email>no-response@domain.tld</email>\n </data>\n</ocs>\n",
        "mtorres",
    ),
    (
        "<ocs>\n <data>\n  <id>mtorres</id>\n  <display-name>MTorres82</display-name>\n </data>\n</ocs>\n",
        "MTorres82",
    ),
    (
        "ers/web/auth/auth.go:206:SignInPost() [I] Failed authentication attempt for tmorrow from 10.1.6.2:57086: user does not exist [uid: 0, name: xxxxx, keyid: 0]\n",
        "tmorrow",
    ),
    (
        "#line: 2023/10/05 16:48:46 ...ers/web/auth/auth.go:206:SignInPost() [I] Failed authentication attempt for kwalden from a.b.c.d:0: user's password is invalid\n",
        "kwalden",
    ),
]


@pytest.mark.parametrize(
    "text",
    NEXTCLOUD_MASK_NOBODY
    + PLACEHOLDER_PASSWORD_NOBODY
    + PLACEHOLDER_ADDRESS_NOBODY
    + OCC_USER_LIST_NOBODY
    + OCS_USER_NOBODY
    + GITEA_NOBODY
    + PIHOLE_TOKEN_NOBODY,
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_private_values_beside_them_still_go(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower()
    if _MASK in text:
        assert _MASK in out  # the mask beside it stays
