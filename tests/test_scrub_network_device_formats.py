# ruff: noqa: E501  (devices' lines are kept whole, as they are written)
"""Network devices', routers' and firewalls' formats (stop 54, scrubber 1.55.0; issue 35).

The tune misses and damage of batch 102 (``tests/outside_corpus/SOURCE.md``, "The stop-102
collection"), each fixed by a general rule:

* a vendor's published default credential is no secret and its default account no person
  (``default_passwords``, ``scrubbers/allow.yaml``; ``not_user_names``,
  ``scrubbers/words.yaml``): Cisco's ``cisco``/``cisco`` (the factory configuration's Cisco
  CP banner: "the one-time use of the username "cisco" with the password "cisco" … these
  publicly-known credentials") and Ubiquiti's ``ubnt``/``ubnt`` (UniFi and airOS devices'
  factory login), as ``admin``/``admin`` already is;
* a Cisco type 5, 8 or 9 secret (an MD5-crypt ``$1$<salt>$<22>``, PBKDF2 ``$8$<14>$<43>``,
  scrypt ``$9$<14>$<43>``) is a password hash wherever it stands (``enable secret 5 …``,
  ``username <u> secret 9 …``, ``/etc/shadow``): its digest goes;
* the UniFi API browser's ``error_log('failed login attempt for user ' . $user_name)`` and
  ``'successful login for user '`` lines (Art-of-WiFi/UniFi-API-browser, login.php) and
  pfSense's ``Successful login for user '%1$s' from: %2$s`` and ``webConfigurator
  authentication error for user '%1$s' from: %2$s`` (src/etc/inc/auth.inc) name the login a
  person typed.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only public material), which must stay as they are;
each ``*_GO`` list holds the same shapes with a private value, which must still go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

DEFAULT_CREDENTIALS_NOBODY = [
    "device = {\n    'device_type': 'cisco_ios',\n    'host': '10.10.20.48',\n    'username': 'cisco',\n    'password': 'cisco',\n    'secret': 'cisco',\n}\n",
    "device = {'device_type': 'cisco_ios', 'host': 'sandbox-iosxe-latest-1.cisco.com', 'username': 'cisco', 'password': 'cisco'}\n",
    "net_connect = ConnectHandler(device_type='cisco_ios', host='10.1.1.1', username='cisco', password='cisco', secret='cisco')\n",
    "    'username': 'ubnt',\n    'password': 'ubnt',\n",
    "sshpass -p ubnt ssh ubnt@192.168.1.20\n",
    "  password: cisco\n",
    "enable password cisco\n",
    "username cisco privilege 15 password 0 cisco\n",
    "line vty 0 4\n password cisco\n login\n",
    "ansible_user: cisco\nansible_password: cisco\nansible_network_os: ios\n",
    "[Tue Feb 25 06:46:01 2020] failed login attempt for user cisco\n",
    "User Access Verification\n\nUsername: cisco\nPassword:\n% Login invalid\n",
]

# real-looking passwords beside the vendors' default accounts, and the vendors' words with more
# after them: each still a password
DEFAULT_CREDENTIALS_GO = [
    (
        "    'username': 'cisco',\n    'password': 'Cisc0Lab!2024',\n",
        "Cisc0Lab!2024",
        "'username': 'cisco'",
    ),
    (
        "    'username': 'cisco',\n    'password': 'cisco123x',\n",
        "cisco123x",
        "'username': 'cisco'",
    ),
    ("    'username': 'ubnt',\n    'password': 'Ub1qT7vRz',\n", "Ub1qT7vRz", "'username': 'ubnt'"),
    ("    'password': 'cisco1',\n", "cisco1", "'password': '"),
    ("    'password': 'ciscoKq7v',\n", "ciscoKq7v", "'password': '"),
    ("    'password': 'Cisco',\n", "Cisco", "'password': '"),
    ("    'password': 'ubnt2',\n", "ubnt2", "'password': '"),
    ("username cisco privilege 15 password 0 Kq7vLm2xT\n", "Kq7vLm2xT", "username cisco"),
    (
        "ConnectHandler(device_type='cisco_ios', host='10.1.1.1', username='cisco', password='Tr0ub4dor&3')\n",
        "Tr0ub4dor&3",
        "device_type='cisco_ios'",
    ),
    ("sshpass -p wv8Qx2Lr ssh ubnt@192.168.1.20\n", "wv8Qx2Lr", "ssh ubnt@192.168.1.20"),
    ("ansible_user: cisco\nansible_password: Zq4mW9pLx\n", "Zq4mW9pLx", "ansible_user: cisco"),
    ("    'username': 'tmarlow',\n    'password': 'cisco1234x',\n", "cisco1234x", "'username': '"),
]


@pytest.mark.parametrize("text", DEFAULT_CREDENTIALS_NOBODY)
def test_vendor_default_credentials_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), DEFAULT_CREDENTIALS_GO)
def test_passwords_beside_default_accounts_go(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    out = scrubbed(engine, text)
    assert f"'{value}'" not in out and f" {value}\n" not in out and f"={value} " not in out, out
    assert kept in out, out


CISCO_SECRET_NOBODY = [
    "enable secret 5 <removed>\n",
    "enable secret 5 $1$xxxx$xxxxxxxxxxxxxxxxxxxxxx\n",
    "enable secret 5 $1$<salt>$<hash>\n",
    "enable secret 5 ********\n",
    "enable secret 5 $PASS$\n",
    "enable secret class\n",
    "username admin password 5 <secret hidden>  role network-admin\n",
    "username admin privilege 15 secret 9 $9$XXXXXXXXXXXXXX$XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\n",
    "enable algorithm-type scrypt secret <password>\n",
    'echo "$1$2$3"\n',
    "awk '{print $1$2}' file.txt\n",
    "perl -pe 's/(\\w+)-(\\w+)/$1$2/'\n",
    "sed -E 's/^(.*)$/\\1/'; price=$1$USD\n",
    "enable secret 5 $1$abcd$\n",
    "service password-encryption\nenable secret 8 <redacted>\n",
    "username admin password 0 <password>\n",
    "username {{ item.name }} privilege 15 secret 0 {{ item.password }}\n",
    "enable secret 0 $ENABLE_SECRET\n",
    "username admin password 0 cisco role network-admin\n",
    "enable password 7 ****\n",
    "root:$6$rounds=5000$:19000:0:99999:7:::\n",
    "passlib.hash.sha512_crypt.hash(pw)  # -> '$6$rounds=656000$<salt>$<digest>'\n",
    "echo '$5$$' | openssl passwd -5 -stdin\n",
]

CISCO_SECRET_GO = [
    (
        "enable secret 5 $1$8IxQ$jCzumMqMjHCkoaJQAaiFxw\n",
        "jCzumMqMjHCkoaJQAaiFxw",
        "enable secret 5 $1$",
    ),
    (
        "!\nusername okello privilege 15 secret 5 $1$ZRnW$sTDBaN94Vr0EVXGexUJ8eD\n!\n",
        "sTDBaN94Vr0EVXGexUJ8eD",
        "privilege 15 secret 5 $1$",
    ),
    (
        "enable secret 5 $1$VzbU$AA6PORfEs.s2c6rxgc5Guw\nenable password 7 0822455D0A16\n",
        "AA6PORfEs.s2c6rxgc5Guw",
        "enable secret 5 ",
    ),
    (
        "DEBUG:netmiko:read_channel: enable secret 5 $1$tmkP$cr3i/f7CSoFVAq9rad1VPf\r\n",
        "cr3i/f7CSoFVAq9rad1VPf",
        "DEBUG:netmiko:read_channel: ",
    ),
    (
        "daemon:$1$.rNotwH6$QBH3X7hAN19p4H91G31/RA:18000:0:99999:7:::\n",
        "QBH3X7hAN19p4H91G31/RA",
        ":18000:0:99999:7:::",
    ),
    (
        '"enable secret 5 $1$1LPQSlCs$bPjU7z1jvLWOH2xmpse1yJ\\n!\\n"\n',
        "bPjU7z1jvLWOH2xmpse1yJ",
        "enable secret 5 ",
    ),
    (
        "username admin privilege 15 secret 8 $8$IJTl/SeG0CKeCv$Ago/22IEPgdoKTU/Uh.9VoLKAjHm2gLUMavUDxBmO69\n",
        "Ago/22IEPgdoKTU/Uh.9VoLKAjHm2gLUMavUDxBmO69",
        "secret 8 $8$",
    ),
    (
        "enable secret 9 $9$Z5GKE6kqlidQe/$iz2NVMaRo0O4dj4/DRKsq2SP0iIK1mliYmU9Vd8PNwf\n",
        "iz2NVMaRo0O4dj4/DRKsq2SP0iIK1mliYmU9Vd8PNwf",
        "enable secret 9 $9$",
    ),
    (
        "username admin password 5 $5$ACF5iPwSavWZeslf$gRtVIBrZR/FBg51MnpQnk4tbWlelPoy9dE3rA85OBqH  role network-admin\n",
        "gRtVIBrZR/FBg51MnpQnk4tbWlelPoy9dE3rA85OBqH",
        "  role network-admin",
    ),
    (
        "okello:$6$dI7omg6SHFiRywgv$h.7nbtMgYP7ewHuVlWlQJZtVwNBcNsiD14xZHvRKmTIxp1SbWSwRQNm52wMWEoKDE36pu7G/b3kC6JGvFVbGgX:19000:0:99999:7:::\n",
        "QNm52wMWEoKDE36pu7G/b3kC6JGvFVbGgX",
        ":19000:0:99999:7:::",
    ),
    (
        "$6$rounds=656000$iVFdQ/g/3zepLfra$3ePbIH/ZeWr0nS8k8M3MbASVUkMxkgArO.lNLBlPD5mPsPiniSrcPjpYJiqWADw8EzpTBY8IwPb5Gm8VIbnSxY\n",
        "lNLBlPD5mPsPiniSrcPjpYJiqWADw8EzpTBY8IwPb5Gm8VIbnSxY",
        "$6$rounds=656000$",
    ),
    ("enable password 7 0822455D0A16\n", "0822455D0A16", "enable password 7 "),
    (
        "username okello privilege 15 password 0 Kq7vLm2xT\n",
        "Kq7vLm2xT",
        "privilege 15 password 0 ",
    ),
    ("enable secret 0 Tr0ub4dor&3\n", "Tr0ub4dor&3", "enable secret 0 "),
    (
        "username netops secret 9 $9$nod4UF13pICA4/$vQWYvmANC2CHVsOIWhE.mJ0k5N/lTY35.NePK/rzV33\n",
        "vQWYvmANC2CHVsOIWhE.mJ0k5N/lTY35.NePK/rzV33",
        " secret 9 $9$",
    ),
]


@pytest.mark.parametrize("text", CISCO_SECRET_NOBODY)
def test_cisco_secrets_naming_nothing_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), CISCO_SECRET_GO)
def test_cisco_secret_digests_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


LOGIN_LOG_NOBODY = [
    "[Wed Oct 14 17:14:23 2020] successful login for user admin\n",
    "[Tue Feb 25 06:46:01 2020] failed login attempt for user admin\n",
    "[Tue Feb 25 06:46:01 2020] failed login attempt for user root\n",
    "[Tue Feb 25 06:46:01 2020] failed login attempt for user ubnt\n",
    "[Tue Feb 25 06:46:01 2020] failed login attempt for user <username>\n",
    "[Tue Feb 25 06:46:01 2020] failed login attempt for user USERNAME\n",
    "[Tue Feb 25 06:46:01 2020] failed login attempt for user \n",
    "error_log('failed login attempt for user ' . $user_name);\n",
    "error_log('successful login for user ' . $user_name);\n",
    'logger.warning(f"Failed login attempt for user: {username}")\n',
    'Console.WriteLine($"Failed login attempt for user {user.email}, suspend count = {user.suspend}");\n',
    "3 failed login attempts for user admin in the last hour\n",
    "/index.php: Successful login for user 'admin' from: 192.168.1.10 (Local Database)\n",
    "/index.php: webConfigurator authentication error for user 'admin' from: 192.168.1.10\n",
    "log_auth(sprintf(gettext(\"Successful login for user '%1$s' from: %2$s\"), $username, $ip));\n",
    "Dec  5 10:00:01 pfSense php-fpm[345]: /index.php: webConfigurator authentication error for user 'root' from: 10.0.0.2\n",
]

LOGIN_LOG_GO = [
    (
        "[Tue Feb 25 06:46:01 2020] failed login attempt for user tmarlow\n",
        "tmarlow",
        "failed login attempt for user ",
    ),
    (
        "[Wed Oct 14 17:14:23 2020] successful login for user okello\n",
        "okello",
        "successful login for user ",
    ),
    (
        "[Tue Feb 25 06:46:01 2020] failed login attempt for user Pemberly\r\n",
        "Pemberly",
        "failed login attempt for user ",
    ),
    (
        "PHP message: failed login attempt for user kvorn.x\n",
        "kvorn.x",
        "failed login attempt for user ",
    ),
    (
        "/index.php: Successful login for user 'duskwren' from: 192.168.1.5 (Local Database)\n",
        "duskwren",
        "Successful login for user '",
    ),
    (
        "/index.php: webConfigurator authentication error for user 'hliao' from: 10.0.0.7\n",
        "hliao",
        "authentication error for user '",
    ),
    (
        "[Tue Feb 25 06:46:01 2020] failed login attempt for user silvrafox\n[Tue Feb 25 06:46:09 2020] successful login for user silvrafox\nC:\\Users\\silvrafox\\Desktop\n",
        "silvrafox",
        "successful login for user ",
    ),
]


@pytest.mark.parametrize("text", LOGIN_LOG_NOBODY)
def test_login_log_lines_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), LOGIN_LOG_GO)
def test_login_log_logins_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


CONNECT_PASSWORD_NOBODY = [
    "#0 C:\\wamp64\\www\\test1.php(9): PEAR2\\Net\\RouterOS\\Client->__construct('192.168.88.1', 'admin', '')\n",
    "#0 C:\\wamp64\\www\\test1.php(9): PEAR2\\Net\\RouterOS\\Client->__construct('192.168.0.240', 'admin', '***')\n",
    "#0 /var/www/html/test.php(5): PEAR2\\Net\\RouterOS\\Client->__construct('host', 'user', 'password')\n",
    "#0 C:\\wamp64\\www\\test1.php(9): PEAR2\\Net\\RouterOS\\Client->__construct('192.168.0.240', 'admin', 'admin')\n",
    "$client = new RouterOS\\Client('192.168.88.1', 'admin', 'password');\n",
    "$client = new RouterOS\\Client($host, $user, $pass);\n",
    "#0 /var/www/app/db.php(4): mysqli_connect('127.0.0.1', 'db_user', Object(SensitiveParameterValue), 'app')\n",
    "$conn = mysqli_connect($servername, $username, $password, $dbname);\n",
    '$conn = new mysqli("localhost", "root", "", "test");\n',
    "$link = mysqli_connect('localhost', 'root', 'root', 'wordpress');\n",
    "$link = mysqli_connect('localhost', 'my_user', 'my_password', 'my_db');\n",
    "$dbh = new PDO('mysql:host=localhost;dbname=test', $user, $pass);\n",
    "api = librouteros.connect(host='192.168.88.1', username='admin', password='')\n",
    "api = librouteros.connect('192.168.88.1', 'admin', getpass())\n",
    "#1 {main}\n  thrown in /var/www/html/vendor/pear2/net_routeros/src/PEAR2/Net/RouterOS/Client.php on line 155\n",
    "new Client('https://api.example.com', 'v2', 'json')\n",
]

CONNECT_PASSWORD_GO = [
    (
        "#0 C:\\wamp64\\www\\test1.php(9): PEAR2\\Net\\RouterOS\\Client->__construct('192.168.88.1', 'admin', 'admin947')\n",
        "admin947",
        "Client->__construct('192.168.88.1', 'admin', '",
    ),
    (
        "#0 /var/www/html/db.php(4): mysqli_connect('localhost', 'appuser', 'Qw7rTz9vLk')\n",
        "Qw7rTz9vLk",
        "mysqli_connect('localhost', 'appuser', '",
    ),
    (
        '$conn = new mysqli("localhost", "appuser", "Qw7rTz9vLk", "db");\n',
        "Qw7rTz9vLk",
        '"appuser", "',
    ),
    (
        "#0 /srv/app/index.php(12): mysqli->__construct('db.internal', 'shop', 'Zx8pLq2wRtYb5nM...', 'shop')\n",
        "Zx8pLq2wRt",
        "mysqli->__construct('db.internal', '",
    ),
    (
        "$dbh = new PDO('mysql:host=localhost;dbname=shop', 'shop', 'Vb3nMk8qTz');\n",
        "Vb3nMk8qTz",
        "new PDO('mysql:host=localhost;dbname=",
    ),
    (
        "$client = new RouterOS\\Client('10.0.0.1', 'netops', 'r0uter!Pw');\n",
        "r0uter!Pw",
        "new RouterOS\\Client('10.0.0.1', 'netops', '",
    ),
    (
        "api = librouteros.connect('192.168.88.1', 'admin', 'Kq7vLm2x')\n",
        "Kq7vLm2x",
        "librouteros.connect('192.168.88.1', 'admin', '",
    ),
]


@pytest.mark.parametrize("text", CONNECT_PASSWORD_NOBODY)
def test_connection_calls_naming_nothing_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), CONNECT_PASSWORD_GO)
def test_connection_call_passwords_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)
