# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Business web applications on shared hosts (stop 60, scrubber 1.132.0; issue 35).

The tune misses of batch 174 (``tests/outside_corpus/SOURCE.md``, "The stop-174 collection"),
fixed by general rules of ``scrubbers/user_names.yaml``:

* ``shared_host_home``: a shared web host's account home that is not ``/home/<u>/``, Hetzner's
  web hosting ``/usr/www/users/<login>/`` and cPanel's numbered home partitions
  ``/home2/<u>/``, ``/home3/<u>/`` … (WHM's ``HOMEMATCH``): the folder right under that root is
  the account's login, learned, whatever application's error names the path (OpenCart,
  WordPress, Magento, Laravel, a cron line);
* ``dolibarr_session_login``: Dolibarr's syslog ``_SESSION['dol_login']=<login>`` (htdocs/
  main.inc.php, htdocs/cashdesk/deconnexion.php), a login that may hold spaces;
* ``home_segment`` (the same file): on Cloudways the folder after ``/home/`` is a server's name
  (``/home/<server>.cloudwaysapps.com/<app>/``) or the platform's ``master`` account
  (``/home/master/applications/<app>/``); the application folder after it is the account-like
  value (the application's SFTP and database user), so that one goes and the server's name stays;
* ``yunohost_admin_choice``: YunoHost's install question ``Choose an administrator user for
  this app [<u> | <u>] (default: <u>)``, whose choices are the server's users.

The ``*_NOBODY`` lists are the harm hunts the rules were attacked with before they were kept:
texts of the same shapes that name nobody (placeholders, role accounts, other tools' web roots
and numbered folders that are no home, the domain question's choices), which must keep what
they hold; the ``*_GO`` lists hold real-shaped values in the same places, which must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

SHARED_HOST_HOME_NOBODY = [
    "Warning: fopen(/storage/logs/error.log): failed to open stream: No such file or directory in /usr/www/users/USERNAME/system/library/log.php on line 22\n",
    "Warning: fwrite() expects parameter 1 to be resource, boolean given in /usr/www/users/username/system/library/log.php on line 31\n",
    "Warning: session_start(): Cannot send session cache limiter in /home3/username/public_html/system/library/session.php on line 12\n",
    "define('DIR_ROOT'           , '/home3/username/public_html/');\n",
    "PHP Fatal error:  Uncaught Error in /home2/xxxxxxxx/public_html/wp-includes/load.php:155\n",
    "PHP Warning:  include(/home2/user/public_html/wp-config.php): failed to open stream in /home2/user/public_html/index.php on line 17\n",
    "#0 /home4/yourusername/public_html/vendor/laravel/framework/src/Illuminate/Foundation/Application.php(1234): handle()\n",
    "PHP Warning:  require(/var/www/html/magento2/app/etc/env.php): failed to open stream in /var/www/html/magento2/app/bootstrap.php on line 12\n",
    "Fatal error: Uncaught Exception in /srv/www/users/site/htdocs/index.php:12\n",
    "rsync -a /backup/home2/ /mnt/home3/\n",
    "ls /home2 /home3\n",
    "Filesystem      Size  Used Avail Use% Mounted on\n/dev/sdb1       1.8T  1.2T  600G  67% /home2\n/dev/sdc1       1.8T  400G  1.4T  23% /home3\n",
    "PHP Warning: file_get_contents(/usr/www/users/index.php): failed to open stream\n",
    "Document root: /usr/www/users/<username>/public_html\n",
    "PHP Warning:  include(/home2/public_html/config.php): failed to open stream\n",
    "tail -f /home3/logs/error_log /home3/www/index.php\n",
]

SHARED_HOST_HOME_GO = [
    (
        "Warning: fopen(/storage/logs/error.log): failed to open stream: No such file or directory in /usr/www/users/pmvbtlqrsa/system/library/log.php on line 22 Warning: Cannot modify header information - headers already sent by (output started at /usr/www/users/pmvbtlqrsa/system/library/log.php:22) in /usr/www/users/pmvbtlqrsa/system/framework.php on line 108\n",
        "pmvbtlqrsa",
        "/system/library/log.php on line 22",
    ),
    (
        "Warning: fopen(/home3/w4t8c2n6/public_html/system/storage/logs/error.log): failed to open stream: No such file or directory in /home3/w4t8c2n6/public_html/system/library/log.php on line 6\ndefine('DIR_ROOT'           , '/home3/w4t8c2n6/public_html/');\n",
        "w4t8c2n6",
        "/public_html/system/library/log.php on line 6",
    ),
    (
        "PHP Fatal error:  Uncaught Error: Call to undefined function in /home2/kelbrook/public_html/wp-content/plugins/woocommerce/includes/class-wc-install.php:512\n",
        "kelbrook",
        "/public_html/wp-content/plugins/woocommerce/",
    ),
    (
        "#0 /home5/dravenly/shop.example.org/vendor/magento/framework/App/Bootstrap.php(261): Magento\\Framework\\App\\Http->launch()\n",
        "dravenly",
        "/shop.example.org/vendor/magento/framework/App/Bootstrap.php",
    ),
]

DOLIBARR_SESSION_NOBODY = [
    "2017-09-04 08:52:23 DEBUG   81.105.86.182   - This is an already logged session. _SESSION['dol_login']=admin _SESSION['dol_entity']=1\n",
    "2021-03-01 10:00:00 DEBUG   127.0.0.1   - This is an already logged session. _SESSION['dol_login']=superadmin _SESSION['dol_entity']=1\n",
    "2021-03-01 10:00:00 DEBUG   127.0.0.1   - This is an already logged session. _SESSION['dol_login']= _SESSION['dol_entity']=1\n",
    "Start session name=DOLSESSID_abc Session id()=xyz, _SESSION['dol_login']=admin, 1440\n",
    "if (! empty($_SESSION['dol_login'])) { $login = $_SESSION['dol_login']; }\n",
    "2017-09-04 08:52:22 INFO    81.105.86.182   --- End access to /htdocs/ecommerceng/index.php\n",
]

DOLIBARR_SESSION_GO = [
    (
        "2017-09-04 08:52:23 DEBUG   81.105.86.182   - This is an already logged session. _SESSION['dol_login']=Quiet Harbor Crafts _SESSION['dol_entity']=1\n",
        "Quiet Harbor Crafts",
        "_SESSION['dol_entity']=1",
    ),
    (
        "2020-11-12 14:01:09 DEBUG   10.0.0.5   - This is an already logged session. _SESSION['dol_login']=mbrevard _SESSION['dol_entity']=1\n",
        "mbrevard",
        "This is an already logged session. _SESSION['dol_login']=",
    ),
    (
        "Start session name=DOLSESSID_abc Session id()=xyz, _SESSION['dol_login']=tquillan, 1440\n",
        "tquillan",
        ", 1440",
    ),
]

YUNOHOST_CHOICE_NOBODY = [
    "Choose the domain where this app should be installed [this-is-my-domain.nohost.me] (default: this-is-my-domain.nohost.me): this-is-my-domain.nohost.me\n",
    "Choose the domain where this app should be installed [example.org | cloud.example.org] (default: example.org):\n",
    "Choose an administrator user for this app [admin] (default: admin):\n",
    "Should this app be exposed to anonymous visitors? [yes | no] (default: no): yes\n",
    "Who should have access to this app? (This can later be changed) [all_users | visitors | admins]: all_users\n",
    "Select a default language [fr | en | es | de] (default: fr):\n",
    "Choose an administrator user for this app []:\n",
    "Choose an administrator user for this app [johndoe] (default: johndoe): \n",
    "Choose an administrator user for this app [alice | bob] (default: alice): alice\n",
]

YUNOHOST_CHOICE_GO = [
    (
        "sudo yunohost app install dolibarr\nChoose the domain where this app should be installed [this-is-my-domain.nohost.me] (default: this-is-my-domain.nohost.me): this-is-my-domain.nohost.me\nChoose an administrator user for this app [maelys | gaspard] (default: maelys):\nInfo: Installing dolibarr...\n",
        ("maelys", "gaspard"),
        ("this-is-my-domain.nohost.me", "Choose an administrator user for this app ["),
    ),
    (
        "Choose an administrator user for this app [ravenna | tobiasz | quillon]: tobiasz\nShould this app be exposed to anonymous visitors? [yes | no]: yes\n",
        ("ravenna", "tobiasz", "quillon"),
        "[yes | no]: yes",
    ),
]


@pytest.mark.parametrize("text", SHARED_HOST_HOME_NOBODY)
def test_shared_host_home_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), SHARED_HOST_HOME_GO)
def test_shared_host_home_login_goes(engine: Scrubber, text: str, gone: str, kept: str) -> None:
    gone_and_kept(engine, text, gone, kept)


@pytest.mark.parametrize("text", DOLIBARR_SESSION_NOBODY)
def test_dolibarr_session_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), DOLIBARR_SESSION_GO)
def test_dolibarr_session_login_goes(engine: Scrubber, text: str, gone: str, kept: str) -> None:
    gone_and_kept(engine, text, gone, kept)


@pytest.mark.parametrize("text", YUNOHOST_CHOICE_NOBODY)
def test_yunohost_choice_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), YUNOHOST_CHOICE_GO)
def test_yunohost_choice_users_go(
    engine: Scrubber, text: str, gone: tuple[str, ...], kept: str | tuple[str, ...]
) -> None:
    gone_and_kept(engine, text, gone, kept)


CLOUDWAYS_NOBODY = [
    "cd /home/master/applications/xxxxxxxxxx/public_html/\n",
    "cd /home/master/applications/your_app_name/public_html/\n",
    "#0 /home/1234567.cloudwaysapps.com/xxxxxxxxxx/public_html/vendor/magento/framework/App/Http.php(1): launch()\n",
    "PHP Warning:  require(/var/www/html/magento2/app/etc/env.php): failed to open stream\n",
]

CLOUDWAYS_GO = [
    (
        "#0 /home/51234-67890.cloudwaysapps.com/tvzqkrmwpb/public_html/vendor/magento/framework/Interception/Interceptor.php(142): aroundDispatch()\n",
        "tvzqkrmwpb",
        "/home/51234-67890.cloudwaysapps.com/",
    ),
    (
        "PHP Fatal error:  Uncaught Error in /home/master/applications/hjwpxcqzle/public_html/wp-settings.php:12\n",
        "hjwpxcqzle",
        "/home/master/applications/",
    ),
]


@pytest.mark.parametrize("text", CLOUDWAYS_NOBODY)
def test_cloudways_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), CLOUDWAYS_GO)
def test_cloudways_application_goes(engine: Scrubber, text: str, gone: str, kept: str) -> None:
    gone_and_kept(engine, text, gone, kept)
