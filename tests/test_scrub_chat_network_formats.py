# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Chat networks' clients', servers' and bots' formats (stop 53, scrubber 1.52.0; issue 35).

The damage of batch 99's tune part (``tests/outside_corpus/SOURCE.md``, "The stop-99
collection"), each fixed by a general rule:

* a library tail is never rewritten by a learned name (``user_name_spans`` and
  ``_home_fixture``, ``intake/scrub/engine.py``): a folder after ``site-packages/``,
  ``dist-packages/`` or ``node_modules/`` is a package's name (PEP 376 / the ``site`` module's
  install folders; npm's ``node_modules``), even when a person's login is spelt the same
  (``/home/rich/…/site-packages/rich/console.py`` keeps ``rich`` in the tail, the home goes);
* ``not_user_names`` (``scrubbers/words.yaml``): Synapse's and its bridges' service accounts
  (``matrix-synapse``, the Debian package's system user; ``synapse``, ``matrix`` and
  ``mautrix``, the accounts Synapse's and mautrix's installation guides run them as) are system
  accounts, as ``node`` is;
* an IRC ident at a host (RFC 2812, 2.3.1: a prefix is ``nick [ "!" user ] "@" host``) in a
  ``/who`` row (``352`` RPL_WHOREPLY) or a rendered whois (``311`` RPL_WHOISUSER) is a login at a
  host, never an e-mail address, and a network service's address
  (``NickServ@services.libera.chat``) is the service's, kept.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only public material), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

# (text, the login that must be gone from the home, the library tail that must stay)
TAIL_KEPT = [
    (
        '  File "/home/rich/.local/lib/python3.10/site-packages/rich/console.py", line 4, in print\n',
        "/home/rich/",
        "/site-packages/rich/console.py",
    ),
    (
        '  File "/home/click/venv/lib/python3.11/site-packages/click/core.py", line 1078, in main\n',
        "/home/click/",
        "/site-packages/click/core.py",
    ),
    (
        "/home/black/.cache/pypoetry/virtualenvs/x-py3.10/lib/python3.10/site-packages/black/__init__.py\n",
        "/home/black/",
        "/site-packages/black/__init__.py",
    ),
    (
        '  File "/home/flask/app/venv/lib/python3.9/site-packages/flask/app.py", line 2, in wsgi_app\n',
        "/home/flask/",
        "/site-packages/flask/app.py",
    ),
    (
        "    at Object.<anonymous> (/home/chalk/bot/node_modules/chalk/source/index.js:10:3)\n",
        "/home/chalk/",
        "/node_modules/chalk/source/index.js",
    ),
    (
        '  File "/usr/lib/python3/dist-packages/apt/cache.py", line 3\n  File "/home/apt/x.py", line 1\n',
        "/home/apt/",
        "/dist-packages/apt/cache.py",
    ),
    (
        '  File "C:\\Users\\arrow\\AppData\\Local\\Programs\\Python\\Python311\\Lib\\site-packages\\arrow\\api.py", line 4\n',
        "\\Users\\arrow\\",
        "\\site-packages\\arrow\\api.py",
    ),
    (
        '  File "/home/attrs/env/lib/python3.8/site-packages/attr/_make.py", line 4\n  File "/home/attrs/env/lib/python3.8/site-packages/attrs/__init__.py", line 1\n',
        "/home/attrs/",
        "/site-packages/attrs/__init__.py",
    ),
    (
        "/Users/sh/.nvm/versions/node/v18.0.0/lib/node_modules/sh/index.js\n/Users/sh/x\n",
        "/Users/sh/",
        "/node_modules/sh/index.js",
    ),
    (
        '  File "/home/jsmith/env/lib/python3.8/site-packages/jsmith/app/x.py", line 4, in main\n',
        "/home/jsmith/",
        "/site-packages/jsmith/app/x.py",
    ),
    (
        '  File "/home/tmarlow/.local/lib/python3.10/site-packages/requests/api.py", line 4\nRequestsWarning in /home/tmarlow/x\n',
        "/home/tmarlow/",
        "/site-packages/requests/api.py",
    ),
]

SERVICE_HOME_NOBODY = [
    '  File "/home/synapse/env/lib/python3.8/site-packages/synapse/app/homeserver.py", line 4, in main\n',
    "/home/mautrix/mautrix-telegram/mautrix_telegram/__main__.py\n",
    "Jan 01 10:00:00 host python3[123]: /home/matrix/mautrix-telegram-0.7.1/mautrix_telegram/user.py:12: UserWarning\n",
    "/home/matrix-synapse/env/bin/python -m synapse.app.homeserver -c /home/matrix-synapse/homeserver.yaml\n",
    "sudo -u matrix-synapse /home/matrix-synapse/env/bin/register_new_matrix_user -c homeserver.yaml\n",
    "cd /home/synapse/synapse && source env/bin/activate\n",
    "/home/mautrix/mautrix-whatsapp/mautrix-whatsapp -c config.yaml\n",
    "ExecStart=/home/matrix/mautrix-telegram/.venv/bin/python -m mautrix_telegram\n",
    "/home/node/node_modules/@discordjs/rest/dist/index.js:748\n",
    "/opt/synapse/lib/python3.11/site-packages/mautrix/appservice/api.py\n",
    "/var/lib/matrix-synapse/venv/lib/python3.9/site-packages/synapse/storage/database.py\n",
]

IDENT_AT_HOST_NOBODY = [
    "NickServ is NickServ@services.libera.chat * Nickname Services\n",
    "ChanServ is ChanServ@services.libera.chat * Channel Services\n",
    "NickServ is NickServ@services.oftc.net * Nickname Services\n",
    "* bot  H  0  ec2-user@i.love.plan9.bell-labs.com [EC2 Default User]\n",
    "* root  H  0  root@localhost [root]\n",
    "* bot  H  0  ubuntu@ip-10-0-0-12.ec2.internal [Ubuntu]\n",
    "#chan NickServ  H  0  NickServ@services. [Nickname Services]\n",
    "* ChanServ  H*  0  ChanServ@services.libera.chat [Channel Services]\n",
    "nick is ~user@host * realname\n",
    "MemoServ is MemoServ@services.rizon.net * Memo Services\n",
    "* bot  G  0  pi@raspberrypi.example.com [Raspberry]\n",
]


@pytest.mark.parametrize("text", SERVICE_HOME_NOBODY + IDENT_AT_HOST_NOBODY)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "home", "tail"), TAIL_KEPT)
def test_a_library_tail_is_kept_when_the_home_goes(
    engine: Scrubber, text: str, home: str, tail: str
) -> None:
    gone_and_kept(engine, text, home, tail)


# (text, what must be gone from the whole text, what must stay)
STILL_GO = [
    ("/home/synapsefan/.cache/pip\n", "synapsefan", "/.cache/pip"),
    ("/home/matrixon/mautrix-telegram/x.py\n", "matrixon", "/mautrix-telegram/x.py"),
    (
        "* tmarlow  H  0  tmarl@i.love.plan9.bell-labs.com [Tom Marlow]\n",
        "tmarl",
        "@i.love.plan9.bell-labs.com [",
    ),
    (
        "okello is ~okel@gateway/web/cloak * Okello\nokello is using modes +iw\nokello End of /WHOIS list.\n",
        "okel",
        "@gateway/web/cloak * ",
    ),
    (
        "10:01 #ops kvorn  G  1  kvornd@198.51.100.7 [kvorn]\n",
        "kvorn",
        "@198.51.100.7 [",
    ),
]


@pytest.mark.parametrize(("text", "value", "kept"), STILL_GO)
def test_logins_still_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


IRC_GRAMMAR_NOBODY = [
    "1433026617.23\tNICK nick\n",
    "1433026617.23\tNICK NickServ\n",
    "NICK YourNick\nUSER user 0 * :Real Name\n",
    "<< NICK Sopel\n<< USER sopel 0 * :Sopel: https://sopel.chat/\n",
    "NICK phenny\nUSER phenny +iw phenny :Phenny Palmersbot, http://inamidst.com/phenny/\n",
    ":irc.libera.chat 433 * nick :Nickname is already in use\n",
    ":irc.libera.chat 001 Guest4821 :Welcome to the Libera.Chat Internet Relay Chat Network Guest4821\n",
    ":irc.libera.chat 451 * :You have not registered\n",
    ":irc.libera.chat CAP * LS :account-notify away-notify sasl\n",
    ":irc.libera.chat CAP * ACK :sasl\n",
    ":irc.libera.chat NOTICE * :*** Checking Ident\n",
    ":tolkien.freenode.net 372 * :- Welcome to freenode\n",
    "10:00 -!- Nick YourNick is already in use\n",
    "/whois nick\n/who #channel\n",
    "08:48 <freenode> Welcome to the freenode Internet Relay Chat Network Guest88\n",
    "Welcome to the Internet Relay Network nick!user@host\n",
    "12:00:01 >> :irc.example.net 311 nick nick ~user host.example.net * :realname\n",
    "CAP REQ :sasl\nCAP END\nAUTHENTICATE PLAIN\n",
    "The server replies 433 when the nick is taken.\n",
    "USER guest 0 * :Ronnie Reagan\n",
    "NICK :nick\n",
    "* Now talking on #linux\n* Topic for #linux is: Welcome to the #linux channel. Read the rules.\n",
]

IRC_GRAMMAR_GO = [
    (
        "1433026617.23\tNICK korvalmoth\n1433026617.23\tUSER korvalmoth +iw korvalmoth :klm-bot, based on jenni\n",
        "korvalmoth",
        "\tNICK ",
    ),
    ("<< USER tmarlow 0 * :Tom\n", "tmarlow", "<< USER "),
    (
        "1433026627.27\t:orwell.freenode.net 904 silvrafox :SASL authentication failed\n",
        "silvrafox",
        " 904 ",
    ),
    (
        ":irc.libera.chat 001 okello :Welcome to the Libera.Chat Internet Relay Chat Network okello\n",
        "okello",
        " 001 ",
    ),
    (":irc.libera.chat 433 * kvorn :Nickname is already in use\n", "kvorn", " 433 * "),
    (":orwell.freenode.net CAP duskwren ACK :multi-prefix sasl\n", "duskwren", " CAP "),
    (
        "08:48 <freenode> Welcome to the freenode Internet Relay Chat Network hollowmere\n",
        "hollowmere",
        "Internet Relay Chat Network ",
    ),
    (
        "/nick Pemberly\n13:28 -!- Nick Pemberly is already in use\n",
        "Pemberly",
        "is already in use",
    ),
    ("/who Wimblestock\n", "Wimblestock", "/who "),
    (":irc.example.net 906 tmarlow_ :SASL authentication aborted\n", "tmarlow_", " 906 "),
]


@pytest.mark.parametrize("text", IRC_GRAMMAR_NOBODY)
def test_irc_lines_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), IRC_GRAMMAR_GO)
def test_irc_nicks_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


MATRIX_NOBODY = [
    '2024-11-14 08:51:02,738 - synapse.access.http.8008 - 473 - INFO - GET-1925- 127.0.0.1 - 8008 - {@user:example.org} Processed request: 0.017sec/-0.000sec 412B 200 "GET /_matrix/client/v3/sync HTTP/1.0"\n',
    '2024-11-14 08:51:02,738 - synapse.access.http.8008 - 473 - INFO - GET-1925- 127.0.0.1 - 8008 - {@telegrambot:matrix.example.org} Processed request: 0.004sec/-0.000sec 2B 200 "GET /_matrix/client/versions HTTP/1.0"\n',
    '2024-11-14 08:51:02,738 - synapse.access.http.8008 - 473 - INFO - PUT-12- ::1 - 8008 - {@telegram_123456789:matrix.example.org} Processed request: 0.004sec/-0.000sec 2B 200 "PUT /_matrix/client/v3/profile HTTP/1.0"\n',
    '2024-11-14 08:51:02,738 - synapse.access.http.8008 - 473 - INFO - GET-1- 127.0.0.1 - 8008 - {None} Processed request: 0.001sec/-0.000sec 2B 200 "GET /health HTTP/1.0"\n',
    "[2020-05-05 23:18:30,891] [ERROR@mau.user.@admin:example.com] Failed to automatically enable custom puppet\n",
    "[2020-05-05 23:18:30,891] [DEBUG@mau.as.api] Request PUT /_matrix/client/r0/profile user_id=@telegrambot:example.com\n",
    "New user localpart [root]: matrix\n",
    "New user localpart [root]: test\n",
    "New user localpart [ubuntu]: \n",
    "register_new_matrix_user -u admin -p secret -a -c /etc/matrix-synapse/homeserver.yaml http://localhost:8008\n",
    "register_new_matrix_user -u <username> -c homeserver.yaml\n",
    "Invite @user:matrix.org to the room, or #room:matrix.org.\n",
    "New user localpart [root]: YOUR_USERNAME\n",
]

MATRIX_GO = [
    (
        '2024-11-14 08:51:02,738 - synapse.access.http.8008 - 473 - INFO - GET-1925- 37.97.106.xx - 8008 - {@okello:matrix.mydomain.com} Processed request: 30.017sec/0.002sec 412B 200 "GET /_matrix/client/v3/sync HTTP/1.0"\n',
        "okello",
        "} Processed request",
    ),
    (
        "[2020-05-05 23:18:30,891] [ERROR@mau.user.@kvorn:example.com] Failed to automatically enable custom puppet\n",
        "kvorn",
        ":example.com]",
    ),
    (
        "New user localpart [root]: pemberly\nPassword: \n",
        "pemberly",
        "New user localpart [root]: ",
    ),
    (
        "root@host ~ # register_new_matrix_user -c /etc/matrix-synapse/homeserver.yaml https://127.0.0.1:8008\nNew user localpart [root]: Tolkwin\n",
        "Tolkwin",
        "New user localpart [root]: ",
    ),
    (
        "register_new_matrix_user -u tmarlow -c homeserver.yaml http://localhost:8008\n",
        "tmarlow",
        "register_new_matrix_user -u ",
    ),
    (
        "register_new_matrix_user --user hliao -c homeserver.yaml\n",
        "hliao",
        "register_new_matrix_user --user ",
    ),
]


@pytest.mark.parametrize("text", MATRIX_NOBODY)
def test_matrix_lines_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), MATRIX_GO)
def test_matrix_localparts_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


TELEGRAM_NOBODY = [
    '"via_bot":{"id":6077343007,"is_bot":true,"first_name":"23452345234_bot","username":"ervtwevrvwercvtsrerybnrty_bot"}\n',
    '{"ok":true,"result":{"id":123456789,"is_bot":true,"first_name":"My Shop Bot","username":"my_shop_bot","can_join_groups":true}}\n',
    '"from":{"id":777000,"is_bot":false,"first_name":"Telegram"}\n',
    '"first_name":"","last_name":"","username":""\n',
    '"chat":{"id":-1001234567890,"title":"\\u0427\\u0430\\u0442","type":"supergroup"}\n',
    "first_name = update.message.from_user.first_name\n",
    '$firstName = $update["message"]["from"]["first_name"];\n',
    '"from":{"id":123456789,"is_bot":false,"first_name":"\\u0422\\u0435\\u0441\\u0442","language_code":"ru"}\n',
    '{"id": 777000, "is_bot": false, "first_name": "Telegram"}\n',
]

TELEGRAM_GO = [
    (
        '{"update_id":1,"message":{"message_id":5,"from":{"id":412345678,"is_bot":false,"first_name":"\\u0410\\u043d\\u043d\\u0430","last_name":"\\u041a\\u0438\\u0440\\u043e\\u0432\\u0430","username":"annkirova","language_code":"ru"},"chat":{"id":412345678,"first_name":"\\u0410\\u043d\\u043d\\u0430","last_name":"\\u041a\\u0438\\u0440\\u043e\\u0432\\u0430","username":"annkirova","type":"private"},"date":1,"text":"/start"}}\n',
        "\\u041a\\u0438\\u0440\\u043e\\u0432\\u0430",
        '"type":"private"',
    ),
    (
        '"from": {"id": 412345678, "is_bot": false, "first_name": "Okello", "last_name": "Mwangi", "username": "okmwangi"}\n',
        "Mwangi",
        '"is_bot": false',
    ),
]


@pytest.mark.parametrize("text", TELEGRAM_NOBODY)
def test_telegram_objects_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), TELEGRAM_GO)
def test_telegram_names_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
