# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Web hosting's and PHP's formats (stop 53, scrubber 1.45.0; issue 35).

The damage of batches 93's and 95's tune parts (``tests/outside_corpus/SOURCE.md``, "The
stop-93 collection", "The stop-95 collection"), each fixed by a general rule:

* ``not_user_names`` (``scrubbers/words.yaml``): the LNMP one-click installer's web root
  ``/home/wwwroot/`` (its ``lnmp.conf``: ``Default_Website_Dir='/home/wwwroot/default'``, a
  site a folder under it) and its log folder ``/home/wwwlogs/`` (its ``nginx.conf``'s
  ``access_log /home/wwwlogs/access.log``) are a web stack's folders under ``/home``, as
  ``/home/www/`` is, not homes; ``/home/<login>/wwwroot/`` is still a home, and a login that
  merely starts with ``www`` (``wwwilson``) still goes;
* ``role_login`` (``scrubbers/user_names.yaml``): a login of ``sys`` glued to a role word
  (``syslocal``, ``sysadmin``, ``sysop``, ``sysbackup``): a device's or a service's account, as
  ``svc-backup`` is, in an ssh target as anywhere; a login that merely starts with ``sys``
  (``sysoev``) still goes;
* ``_ssh_destination`` (``intake/scrub/engine.py``): ssh's destination argument
  (``ssh [options] [user@]hostname``, ssh(1)) is a login at a host, never an e-mail address,
  even when the host has a public suffix (``root@router.asus.com``): the login is judged as a
  login (learned when a person's), the host kept;
* the placeholder words (``scrubbers/words.yaml``): ``some_user``, ``someuser``, ``some-user``
  (JGit's ``C:\\Users\\some_user\\…``) are a poster's placeholder, as ``your_user`` is, and an
  address on it (``<some_user@mail.org>``) is kept as ``placeholder_email`` keeps it; a real
  login that holds the word (``someuser1984``, ``handsome_user``) still goes.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only public material), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

LNMP_NOBODY = [
    "   at /home/wwwroot/default/vendor/laravel/framework/src/Illuminate/Foundation/Application.php:1014)\n",
    "/home/wwwroot/lnmp01/index.php\n",
    "tail -f /home/wwwlogs/access.log\n",
    '2023/05/01 10:00:00 [error] 1234#0: *5 FastCGI sent in stderr: "PHP message: PHP Warning:  include(/home/wwwroot/default/phpmyadmin/index.php): failed to open stream"\n',
    "open_basedir=/home/wwwroot/default/:/tmp/:/proc/\n",
    "    root  /home/wwwroot/example.com/public;\n",
    "    access_log  /home/wwwlogs/example.com.log;\n",
    "PHP Fatal error:  Uncaught Error: Class 'Redis' not found in /home/wwwroot/default/wp-content/object-cache.php:12\n",
    "ls -la /home/wwwroot/default/.user.ini\n",
    "-rw-r--r-- 1 www www 1024 May  1 10:00 /home/wwwlogs/nginx_error.log\n",
    "chown -R www:www /home/wwwroot/default\n",
    "/home/www/wwwroot/site/index.php\n",
]

SERVICE_LOGIN_NOBODY = [
    "ssh -vvvv syslocal@securenet-rtr\n",
    "BELC02XK7PQH3RM:~ user$ ssh -vvvv syslocal@securenet-rtr\n",
    "ssh sysadmin@core-switch\n",
    "ssh -p 2222 sysop@nas\n",
    "scp firmware.bin sysuser@router:/tmp/\n",
    "ssh sys_admin@10.0.0.1\n",
    "ssh -o StrictHostKeyChecking=no sysbackup@backup-nas\n",
    "ssh admin@192.168.1.1\n",
    "ssh -v root@router.asus.com\n",
    "ssh -i ~/.ssh/id_ed25519 git@github.com\n",
    "ssh -l admin 192.168.1.1\n",
    "ssh backup@nas.local\n",
    "ssh -vvv ubuntu@ec2-3-91-12-7.compute-1.amazonaws.com\n",
    "mosh root@vps.example.com\n",
]

PLACEHOLDER_LOGIN_NOBODY = [
    "C:\\Users\\some_user\\AppData\\Local\\Programs\\gnupg\\bin\\gpg.exe -bsau <some_user@mail.org>\n",
    "C:\\Users\\someuser\\AppData\\Roaming\\gnupg\n",
    "C:\\Users\\some-user\\AppData\\Roaming\\gnupg\n",
    "/home/someuser/.cache/pip\n",
    "/Users/some_user/Library/Caches/pip\n",
    '  File "/home/some_user/.local/lib/python3.10/site-packages/x/y.py", line 4, in f\n',
    "C:\\Users\\SomeUser\\AppData\\Local\\Temp\\x.log\n",
    "git config user.email some_user@mail.org\n",
    "C:\\Users\\username\\AppData\\Local\\Programs\\gnupg\\bin\\gpg.exe -bsau <user@example.com>\n",
    "C:\\Users\\your_user\\AppData\\Local\\Programs\\gnupg\\bin\\gpg.exe\n",
]

MYSQL_LOGIN_NOBODY = [
    "ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)\n",
    "SQLSTATE[HY000] [1045] Access denied for user 'root'@'127.0.0.1' (using password: NO)\n",
    "Fatal error: Uncaught mysqli_sql_exception: Access denied for user 'admin'@'localhost' (using password: YES) in C:\\xampp\\htdocs\\index.php:5\n",
    "#1045 - Access denied for user 'pma'@'localhost' (using password: NO)\n",
    "[2023-05-01 10:00:00] production.ERROR: SQLSTATE[HY000] [1045] Access denied for user 'forge'@'127.0.0.1' (using password: YES)\n",
    "Access denied for user 'wordpress'@'172.18.0.3' (using password: YES)\n",
    "Access denied for user 'username'@'localhost' (using password: YES)\n",
    "Access denied for user 'database username'@'localhost' (using password: YES)\n",
    "Warning: mysqli_connect(): (HY000/1045): Access denied for user 'db_user'@'localhost' (using password: YES)\n",
    "Access denied for user 'db login'@'localhost'\n",
    "ERROR 1045 (28000): Access denied for user 'ODBC'@'localhost' (using password: NO)\n",
    "ERROR 1045 (28000): Access denied for user ''@'localhost' (using password: NO)\n",
    "Access denied for user 'debian-sys-maint'@'localhost' (using password: YES)\n",
    "Access denied for user 'phpmyadmin'@'localhost' (using password: YES)\n",
    "Access denied for user 'homestead'@'192.168.10.10' (using password: YES)\n",
    "Access denied for user 'sail'@'172.19.0.5' (using password: YES)\n",
    "Access denied for user 'mysql.session'@'localhost' (using password: NO)\n",
    "Access denied for user 'dbuser'@'localhost' (using password: YES)\n",
    "java.sql.SQLException: Access denied for user 'XXXX_user'@'10.0.0.2' (using password: YES)\n",
    "Access denied for user 'xxx-username'@'localhost' (using password: YES)\n",
    "Access denied for user 'user'@'%' (using password: YES)\n",
    "Access denied for user 'your_username'@'localhost' (using password: YES)\n",
    "#0 C:\\xampp\\htdocs\\db.php(3): mysqli_connect('localhost', 'root', '', 'test')\n",
    "$conn = mysqli_connect('127.0.0.1', 'db_user', Object(SensitiveParameterValue), 'app');\n",
    "$mysqli = new mysqli('localhost', 'your_username', 'your_password', 'your_db');\n",
    "$pdo = new PDO('mysql:host=localhost;dbname=test', 'root', '');\n",
    "#1 /var/www/html/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php(65): PDO->__construct('mysql:host=127....', 'forge', Object(SensitiveParameterValue), Array)\n",
    "#0 /var/www/html/db.php(4): mysqli->__construct('localhost', 'admin', Object(SensitiveParameterValue), 'shop')\n",
    "$link = mysqli_connect($host, $user, $pass, $db);\n",
    "$pdo = new PDO($dsn, $username, $password, $options);\n",
]

SHARED_HOST_NOBODY = [
    "/www/htdocs/index.php\n",
    "PHP Warning:  require(/www/htdocs/wp-config.php): failed to open stream\n",
    "DocumentRoot /www/htdocs/example.com\n",
    "/www/htdocs/www.example.de/unmark/index.php\n",
    "open_basedir restriction in effect. File(/www/htdocs/xxxxxxxx/www.example.de/x.php) is not within the allowed path(s): (/www/htdocs/xxxxxxxx:/tmp)\n",
    "/www/htdocs/html/index.php\n",
    "/var/www/html/index.php\n",
    "/srv/www/htdocs/w0a1b2c3/index.php\n",
    "/www/htdocs/w0xxxxxx/www.example.de/index.php\n",
    "/www/htdocs/wordpress/wp-admin/install.php\n",
    "/www/htdocs/w0123456789/index.php\n",
    "/www/htdocs/web01/index.php\n",
]

# (text, the login that must be gone from the whole text, what must stay)
STILL_GO = [
    ("/home/wwwilson/.cache/pip\n", "wwwilson", "/.cache/pip"),
    ("/home/kvorn/wwwroot/index.php\n", "kvorn", "/wwwroot/index.php"),
    ("/home/wwwroot2k/.cache/pip\n", "wwwroot2k", "/.cache/pip"),
    ("ssh -v jsmith@securenet-rtr\n", "jsmith", "@securenet-rtr"),
    ("ssh sysoev@build-host\n", "sysoev", "@build-host"),
    ("ssh -v tmarlow@router.asus.com\n", "tmarlow", "@router.asus.com"),
    ("mosh okello@vps.example.com\n", "okello", "@vps.example.com"),
    ("C:\\Users\\someuser1984\\AppData\\Roaming\\gnupg\n", "someuser1984", "\\AppData\\Roaming"),
    ("/home/handsome_user/.cache/pip\n", "handsome_user", "/.cache/pip"),
    ("/home/pmartin/.cache/pip\n", "pmartin", "/.cache/pip"),
    (
        "Warning: file_exists(): open_basedir restriction in effect. File(/www/htdocs/w0a1b2c3/www.example.de/x.php) is not within the allowed path(s): (/www/htdocs/w0a1b2c3:/tmp:/usr/share/php) in /www/htdocs/w0a1b2c3/www.example.de/unmark/index.php on line 3\n",
        "w0a1b2c3",
        "/www.example.de/unmark/index.php on line 3",
    ),
    ("cd /www/htdocs/w019ff2e/shop && php artisan migrate\n", "w019ff2e", "/shop && php artisan"),
    ("Access denied for user 'xxxavier'@'localhost'\n", "xxxavier", "'@'localhost'"),
    (
        "Access denied for user 'forgeron'@'localhost' (using password: YES)\n",
        "forgeron",
        "'@'localhost'",
    ),
    (
        "Access denied for user 'sailor42'@'10.0.0.9' (using password: NO)\n",
        "sailor42",
        "'@'10.0.0.9'",
    ),
    (
        "mysqli_connect('localhost', 'dbuser_kim', $pw)\n",
        "dbuser_kim",
        "mysqli_connect('localhost', '",
    ),
    (
        "ERROR 1045 (28000): Access denied for user 'tmarlow'@'localhost' (using password: YES)\n",
        "tmarlow",
        "'@'localhost' (using password: YES)",
    ),
    (
        "SQLSTATE[HY000] [1045] Access denied for user 'okello'@'10.0.0.4' (using password: YES) (SQL: select * from users)\n",
        "okello",
        "SQLSTATE[HY000] [1045] Access denied for user '",
    ),
    (
        "Fatal error: Uncaught mysqli_sql_exception: Access denied for user 'kvorn'@'localhost' (using password: YES) in C:\\xampp\\htdocs\\db.php:3\n",
        "kvorn",
        "C:\\xampp\\htdocs\\db.php:3",
    ),
    (
        "Warning: mysqli::__construct(): (HY000/1045): Access denied for user 'ravindr'@'localhost' (using password: YES)\n",
        "ravindr",
        "(HY000/1045): Access denied for user '",
    ),
    (
        "#0 C:\\xampp\\htdocs\\db.php(3): mysqli_connect('localhost', 'jbrandt', Object(SensitiveParameterValue), 'shop')\n",
        "jbrandt",
        "mysqli_connect('localhost', '",
    ),
    ('$pdo = new PDO("mysql:host=db;dbname=app", "mkovacs", $pw);\n', "mkovacs", "new PDO("),
    (
        "#1 /var/www/html/Connector.php(65): PDO->__construct('mysql:host=127....', 'hliao', Object(SensitiveParameterValue), Array)\n",
        "hliao",
        "PDO->__construct('mysql:host=127....', '",
    ),
    (
        "#0 /var/www/html/db.php(4): mysqli->__construct('localhost', 'gsolano', Object(SensitiveParameterValue), 'shop')\n",
        "gsolano",
        "mysqli->__construct('localhost', '",
    ),
]


@pytest.mark.parametrize(
    "text",
    LNMP_NOBODY
    + SERVICE_LOGIN_NOBODY
    + PLACEHOLDER_LOGIN_NOBODY
    + MYSQL_LOGIN_NOBODY
    + SHARED_HOST_NOBODY,
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), STILL_GO)
def test_logins_still_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
