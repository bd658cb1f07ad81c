# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""PHP CMS and web-app admin command lines (stop 59, scrubber 1.119.0; issue 35).

The tune misses and damage of batch 164 (``tests/outside_corpus/SOURCE.md``, "The stop-164
collection"), fixed by general rules:

* ``occ_user_argument`` (``scrubbers/user_names.yaml``): the user id Nextcloud's and ownCloud's
  ``occ`` commands take as their positional argument (the admin manual's "Using the occ
  command": ``files:scan [user_id1] ... [user_idN]``, ``user:lastseen <uid>``, ``user:info``,
  ``user:delete``, ``user:resetpassword``, ``files:transfer-ownership <source-user>
  <destination-user>``, ``trashbin:cleanup``, ``versions:cleanup``, ``twofactorauth:*``), and
  the id their output repeats (``Starting scan for user N out of M (<uid>)``, ``<uid>`s last
  login:``, ``User <uid> has never logged in, yet.``, ``Unknown user N <uid>``);
* ``php_fpm_pool_user``: a php-fpm pool's run-as account, ``user = <login>`` in a ``[<pool>]``
  section that has php-fpm's own ``listen``/``pm`` directives, and its start-up error ``[pool
  <name>] cannot get uid for user '<login>'`` (php-src, sapi/fpm/fpm/fpm_unix.c); an account
  that is its pool's own name (``[client_acme]`` run as ``client_acme``) stays;
* ``comma_argv_password`` (``scrubbers/recognizers.yaml``): a password option in an argv that a
  log joined with commas (Bitnami's nami-utils, lib/os/run-program.js: ``[runProgram]
  Executing: ${program} ${args}``, a JavaScript array printed as its comma-joined items), so
  ``--db-password,<v>`` is ``--db-password=<v>``;
* ``system_accounts`` (``scrubbers/words.yaml``): the accounts self-hosted PHP web apps' install
  packages create for the app itself, named after it (YunoHost's ``[resources.system_user]``:
  "The username is exactly equal to the app id"), as ``nextcloud`` already was.

The ``*_NOBODY`` lists are the harm hunt the rules were attacked with before they were kept:
texts of the same shapes that name nobody, which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

OCC_NOBODY = [
    "sudo -u www-data php occ files:scan admin\nStarting scan for user 1 out of 1 (admin)\n",
    "sudo -u www-data php occ files:scan --all\nStarting scan for user 1 out of 2 (admin)\nStarting scan for user 2 out of 2 (Test1)\n",
    'sudo -u www-data php occ files:scan --path="/admin/files/Music"\n',
    "chown -R www-data:www-data /var/www/nextcloud/data/admin/files\n",
    "sudo -u www-data php occ user:lastseen admin\nadmin`s last login: 09.01.2015 18:46\n",
    "php occ files:scan USERNAME\n",
    "root@odroid:/var/www/owncloud# ./occ files:scan --all\nUnknown user\n",
    "sudo -u www-data php occ user:resetpassword <user>\n",
    "docker exec -u www-data nextcloud php occ user:info $USER\n",
    "sudo -u www-data php occ files:scan -v --all --unscanned\n",
    "sudo -u www-data php occ user:report\n",
    "I then ran php occ files:scan for all users\n",
    "Running sudo -u www-data php occ files:scan for the user again\n",
    "sudo -u www-data php occ files:scan --all 2>&1 | tee scan.log\n",
    'sudo -u www-data php occ user:add --display-name="Test User" --group="users" testuser\n',
    "sudo nextcloud.occ files:scan --all\n",
    "sudo -u www-data php occ trashbin:cleanup --all-users\n",
    "sudo -u www-data php /var/www/nextcloud/occ user:disable {uid}\n",
    "User admin has never logged in, yet.\n",
    "sudo -u www-data php occ twofactorauth:disable admin totp\n",
    "sudo -u www-data php occ files:scan-app-data\n",
    "sudo -u www-data php occ files:scan --path=/admin/files/Photos --shallow\n",
    "sudo -u www-data php occ user:setting admin core lang en\n",
    "php occ files:scan ${USER}\n",
    "sudo -u www-data php occ files:scan --all -v > /tmp/scan.log\n",
    "docker exec -u 33 nextcloud php occ files:scan --all\nStarting scan for user 1 out of 1 (admin)\n+---------+-------+--------------+\n| Folders | Files | Elapsed time |\n",
    "Does occ files:scan work on a user with a space in the name?\n",
    "php artisan user:delete 5\nwp user delete 2 --reassign=1\n",
]

OCC_GO = [
    (
        "chown -R www-data:www-data /var/lib/docker/volumes/nextcloud_aio_nextcloud_data/_data/okwame/files\nsudo docker exec --user www-data -it 3c1f0a9e2b7d php occ files:scan okwame\n",
        "okwame",
        "/files\n",
    ),
    (
        "sudo -u www-data php occ files:scan -v hjansen --shallow\nStarting scan for user 1 out of 1 (hjansen)\n",
        "hjansen",
        "Starting scan for user 1 out of 1 (",
    ),
    (
        "$ sudo -u www-data php occ user:lastseen mbeaulieu\nmbeaulieu`s last login: 03.01.2015 11:04\n",
        "mbeaulieu",
        "`s last login: 03.01.2015 11:04",
    ),
    (
        "Starting scan for user 1 out of 2 (aduarte)\nStarting scan for user 2 out of 2 (admin)\n",
        "aduarte",
        "out of 2 (admin)",
    ),
    (
        "root@odroid:/var/www/owncloud# ./occ files:scan kpetrova\nUnknown user 1 kpetrova\n",
        "kpetrova",
        "./occ files:scan ",
    ),
    (
        "sudo -u www-data php occ user:resetpassword lmorel\nEnter a new password:\nSuccessfully reset password for lmorel\n",
        "lmorel",
        "Enter a new password:",
    ),
    (
        "sudo -u www-data php /var/www/nextcloud/occ files:transfer-ownership rfaulkner jsoto\n",
        "rfaulkner",
        "files:transfer-ownership ",
    ),
    (
        "sudo -u www-data php /var/www/nextcloud/occ files:transfer-ownership rfaulkner jsoto\n",
        "jsoto",
        "files:transfer-ownership ",
    ),
    ("User vnakamura has never logged in, yet.\n", "vnakamura", " has never logged in, yet."),
    (
        "sudo -u www-data php occ trashbin:cleanup emoreau jdufresne\n",
        "jdufresne",
        "trashbin:cleanup ",
    ),
    ("sudo nextcloud.occ user:lastseen pbrandt\n", "pbrandt", "sudo nextcloud.occ user:lastseen "),
]

FPM_NOBODY = [
    "[www]\nuser = www-data\ngroup = www-data\nlisten = /run/php/php8.2-fpm.sock\nlisten.owner = www-data\nlisten.group = www-data\npm = dynamic\n",
    "[www]\nuser = nginx\ngroup = nginx\nlisten = 127.0.0.1:9000\n",
    "[example.com]\nuser = nobody\ngroup = nogroup\nlisten = /var/run/php-fpm-example.sock\npm = ondemand\n",
    "[client_acme]\nuser = client_acme\ngroup = client_acme\nlisten = 127.0.0.1:9002\npm = dynamic\n\n[01-May-2017 20:22:22] ERROR: [pool client_acme] cannot get uid for user 'client_acme'\n",
    "[26-Sep-2021 05:05:58] ERROR: [pool www] cannot get uid for user 'www-data'\n",
    "[26-Sep-2021 05:05:58] ERROR: [pool gitea] cannot get uid for user 'git'\n",
    "[26-Sep-2021 05:05:58] ERROR: [pool wifiadmin] cannot get uid for user 'admin'\n",
    "[26-Sep-2021 05:05:58] ERROR: [pool synapse] cannot get uid for user 'synapse'\n",
    "_www                    70\nnobody                  -2\ndaemon                  1\n",
    "[www]\nuser = $pool\ngroup = $pool\nlisten = /run/php/$pool.sock\n",
    "[mysqld]\nuser = mysql\nport = 3306\n",
    "[www]\n;user = nobody\nlisten = 9000\n",
    "[wordpress]\nuser = wordpress\ngroup = wordpress\nlisten = /run/php/wordpress.sock\n",
    "[www]\nuser = apache\ngroup = apache\nlisten = 127.0.0.1:9000\n",
    "[www]\nuser = _www\ngroup = _www\nlisten = 127.0.0.1:9000\n",
    "[program:php-fpm]\ncommand=/usr/sbin/php-fpm -F\nuser=root\n",
    "[26-Sep-2021 05:05:58] WARNING: [pool ***removed***.com] server reached max_children setting (8), consider raising it\n",
    "[global]\npid = /run/php/php8.2-fpm.pid\nerror_log = /var/log/php8.2-fpm.log\n\n[www]\nuser = www-data\ngroup = www-data\nlisten = /run/php/php8.2-fpm.sock\n",
    '[07-Jan-2024 10:00:00] WARNING: [pool www] child 1234 said into stderr: "NOTICE: PHP message: PHP Warning:  Undefined variable $user"\n',
    "[uwsgi]\nuid = www-data\ngid = www-data\nsocket = /run/uwsgi/app.sock\n",
    "[client]\nuser = root\nhost = localhost\n",
]

FPM_GO = [
    (
        "[client_ines]\n\n; Unix user/group of processes\nuser = poolines\ngroup = pools\n\nlisten = 127.0.0.1:9001\npm = dynamic\n\npoolines               510\n\n[01-May-2017 20:22:22] ERROR: [pool client_ines] cannot get uid for user 'poolines'\n",
        "poolines",
        "cannot get uid for user '",
    ),
    (
        "[mysite]\nlisten = /run/php/mysite.sock\nuser = dkowalski\ngroup = www-data\nlisten.owner = www-data\npm = ondemand\n",
        "dkowalski",
        "listen.owner = www-data",
    ),
    (
        "[17-Mar-2020 10:01:02] ERROR: [pool blog] cannot get uid for user 'ghartmann'\n[17-Mar-2020 10:01:02] ERROR: FPM initialization failed\n",
        "ghartmann",
        "ERROR: [pool blog] cannot get uid for user '",
    ),
]

ARGV_NOBODY = [
    "php     TRACE [runProgram] Executing: /opt/bitnami/php/bin/php magento,setup:install,--db-host,<my-db-ip>:3306,--db-name,bitnami,--db-user,bn_magento,--db-password,******,--admin-firstname,FirstName,--admin-lastname,LastName,--admin-email,user@example.com,--admin-user,user,--admin-password,******,--language,en_US\n",
    "php     TRACE [runProgram] Executing: /opt/bitnami/php/bin/php magento,setup:install,--db-user,bn_magento,--db-password,,--admin-user,user,--admin-password,,--language,en_US\n",
    "php     TRACE [runProgram] Executing: /opt/bitnami/php/bin/php magento,setup:install,--db-password,<db-password>,--admin-password,<admin-password>,--use-secure,0\n",
    "mariadb TRACE [runProgram] Executing: null ./bin/mysqld --defaults-file=/opt/bitnami/mariadb/conf/my.cnf\n",
    "php     TRACE [runProgram] Executing: /opt/bitnami/php/bin/php magento,setup:install,--db-password,$MAGENTO_DATABASE_PASSWORD,--admin-password,${MAGENTO_PASSWORD}\n",
    "Options accepted: --user,--password,--host,--port\n",
    "The flags --db-password, --admin-password and --admin-user are required.\n",
    "php     TRACE [runProgram] Executing: /opt/bitnami/php/bin/php admin/cli/install.php,--bypass,true,--lang,en\n",
]

ARGV_GO = [
    (
        "php     TRACE [runProgram] Executing: /opt/bitnami/php/bin/php magento,setup:install,-v,--db-host,mariadb:3306,--db-name,bitnami_magento,--db-user,bn_magento,--db-password,Qm7tRw2xLp94,--admin-user,user,--admin-password,hN4vK8sYz2,--language,en_US\n",
        "Qm7tRw2xLp94",
        "--db-user,bn_magento,--db-password,",
    ),
    (
        "php     TRACE [runProgram] Executing: /opt/bitnami/php/bin/php magento,setup:install,-v,--db-host,mariadb:3306,--db-name,bitnami_magento,--db-user,bn_magento,--db-password,Qm7tRw2xLp94,--admin-user,user,--admin-password,hN4vK8sYz2,--language,en_US\n",
        "hN4vK8sYz2",
        ",--admin-user,user,--admin-password,",
    ),
    (
        "php     TRACE [runProgram] Executing: /opt/bitnami/php/bin/php admin/cli/install.php,--lang,en,--dbuser,bn_moodle,--dbpass,Zp3kW9qLm2x,--adminuser,user,--adminpass,T7vB2nQx9r\n",
        "Zp3kW9qLm2x",
        ",--dbuser,bn_moodle,--dbpass,",
    ),
    (
        "php     TRACE [runProgram] Executing: /opt/bitnami/php/bin/php admin/cli/install.php,--lang,en,--dbuser,bn_moodle,--dbpass,Zp3kW9qLm2x,--adminuser,user,--adminpass,T7vB2nQx9r\n",
        "T7vB2nQx9r",
        ",--adminuser,user,--adminpass,",
    ),
]

APP_ACCOUNT_NOBODY = [
    "owncloud@zentyal:~/owncloud$ php occ ldap:show-config\n",
    "HOME=/home/owncloud\nPWD=/home/owncloud/owncloud\n",
    "matomo@analytics:/var/www/matomo$ ./console core:archive --url=https://stats.example.org\n",
    "magento@shop:~/public_html$ bin/magento cache:flush\n",
    "nextcloud@server:~$ php /var/www/nextcloud/occ status\n",
    "roundcube@mail:~$ bin/update.sh\n",
    "root@zentyal:~# sudo -u www-data php /var/www/owncloud/occ ldap:show-config\n",
]

APP_ACCOUNT_GO = [
    (
        "jvalois@zentyal:~/owncloud$ php occ ldap:show-config\n",
        "jvalois",
        "@zentyal:~/owncloud$ php occ ldap:show-config",
    ),
]


@pytest.mark.parametrize("text", OCC_NOBODY)
def test_occ_user_argument_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), OCC_GO)
def test_occ_user_argument_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower(), out
    assert kept in out, out


@pytest.mark.parametrize("text", FPM_NOBODY)
def test_php_fpm_pool_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), FPM_GO)
def test_php_fpm_pool_user_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower(), out
    assert kept in out, out


@pytest.mark.parametrize("text", ARGV_NOBODY)
def test_comma_argv_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), ARGV_GO)
def test_comma_argv_password_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert value not in out, out
    assert kept in out, out


@pytest.mark.parametrize("text", APP_ACCOUNT_NOBODY)
def test_web_app_service_account_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), APP_ACCOUNT_GO)
def test_person_at_web_app_host_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert value not in out, out
    assert kept in out, out
