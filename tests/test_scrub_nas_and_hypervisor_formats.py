# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Virtualization hosts' and NAS appliances' command lines and logs (stop 59, scrubber 1.118.0;
issue 35).

The tune misses and damage of batch 163 (``tests/outside_corpus/SOURCE.md``, "The stop-163
collection"), fixed by rules for their classes:

* ``user_then_password_flag`` (``scrubbers/recognizers.yaml``): a password given with ``-p
  <value>`` right after the account of ``-u <user>``, ``--user`` or ``--username`` on one command
  line, the pair account-taking CLIs document (COT's ``cot deploy``: COT/commands/deploy.py's
  ``-u, --username`` "Server login username" and ``-p, --password`` "Server login password";
  ``oc login``, ``az login``, ``twine upload``, rabbitmqadmin, cqlsh, PsExec, rdesktop,
  evil-winrm). Where ``-p`` is no password it stays: a port or PID, a file, a URL, a variable,
  placeholder or mask, the account's own name again, a sudo prompt; and in mysql's family
  (``-p`` glues its password, so ``mysql -u root -p wordpress`` names a database), p4 (a port),
  edquota, sudo, runuser, python's ``-u`` and vim's ``-u``.
* ``posix_home_on_a_nas`` (``scrubbers/recognizers.yaml``) and its ``home_segment`` alternative
  (``scrubbers/user_names.yaml``): a home at a NAS appliance's documented per-user home root,
  with a tail or alone: Synology DSM's ``/var/services/homes/<login>`` (and
  ``/volume<N>/homes/<login>``), QNAP's ``/share/homes/<login>`` (also under
  ``/share/CACHEDEV<N>_DATA``). Alone, a folder with no dot.
* ``omv_user_mgmt_user`` and ``omv_user_record`` (``scrubbers/user_names.yaml``,
  ``engine._user_record_login``): OpenMediaVault's ``omv-engined`` RPC trace of a UserMgmt
  user method: the user object's ``name`` (the login, two letters too when the object's own
  ``comment`` is a full name) and ``comment`` (the GECOS full name, JSON escapes kept).
* ``words.yaml``'s ``system_accounts``: Home Assistant's own accounts ``hass`` (its command, the
  old All-in-One installer's account), ``home-assistant`` and ``esphome`` (Gentoo's acct-user
  packages) name the program, no one.

The ``*_NOBODY`` lists are the harm hunts the rules were attacked with before they were kept:
texts of the same shapes, from other tools of each class, that name nobody.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

PASSWORD_FLAG_NOBODY = [
    "$ cot deploy -s '172.25.1.4/iSVC-DC/host/172.25.1.101' -P -u administrator@vsphere.local -p ******** -n \"CSR205\" esxi x.ova",
    "$ cot deploy -s '10.0.0.5/DC1/host/10.0.0.11' -u administrator@vsphere.local -p PASSWORD esxi csr1000v.ova",
    "$ cot deploy -s vcenter.example.com/DC/host/esx1 -u root -p '<password>' esxi csr1000v.ova",
    '$ cot deploy -s vcenter/DC/host/esx1 -u administrator@vsphere.local -p "$VC_PASSWORD" esxi csr1000v.ova',
    "oc login -u developer -p developer https://api.crc.testing:6443",
    "cqlsh 10.0.0.5 -u cassandra -p cassandra",
    "-u admin -p admin",
    "-u root -p yourpassword",
    "-u <user> -p <password>",
    "-u USERNAME -p PASSWORD",
    "-u admin -p ${PASS}",
    "-u admin -p %PASSWORD%",
    "-u admin -p xxxxxxxx",
    "-u admin -p ****",
    "./pywerview.py get-netgroupmember -w DOMAIN.lan -u administrator -p p@ssw0rd --dc-ip 192.168.1.1",
    # `-p` that holds no password: a port, a PID, a file, a URL, a prompt, a database
    "docker run -d -p 8080:80 -p 443:443 nginx",
    "docker run -u 1000:1000 -p 8080:80 nginx",
    "docker run --user root -p 127.0.0.1:80:80 nginx",
    'docker run -u root -p "8080:80" img',
    "docker run -u $(id -u) -p 8888:8888 jupyter/base-notebook",
    "ssh -p 2222 root@192.168.1.20",
    "mkdir -p /volume1/docker/appdata/plex",
    "mysql -u root -p",
    "mysql -u root -p wordpress < dump.sql",
    "docker exec -it db mysql -u root -p mydb",
    "memcached -u memcache -p 11211",
    "mosquitto_sub -h broker -u sensor -p 1883 -t x",
    "p4 -u bruno -p perforce:1666 sync",
    "p4 -u bruno -p perforce sync",
    "ps -u root -p 1234",
    "top -u www -p 1234,5678",
    "lsof -u nginx -p 4242",
    "strace -u nobody -p 991",
    "gunicorn -u nobody -p gunicorn.pid app:app",
    "gunicorn -u www-data -p /run/gunicorn.pid app:app",
    "start-stop-daemon --start -u www-data -p /var/run/app.pid --exec /usr/bin/app",
    "sudo -u root -p 'Password for %u: ' ls",
    "sudo -u postgres -p prompt psql",
    "python -u train.py -p params.yaml",
    "python3 -B -u main.py -p myproject",
    "vim -u NONE -p Makefile README",
    "edquota -u bob -p alice",
    "patch -u -p1 < fix.diff",
    "diff -u -p a.c b.c",
    "rsync -u -p src/ dst/",
    "netstat -t -u -p -n",
    'sqlmap -u "http://x/?id=1" -p username',
    "curl -u admin:admin -p -x proxy:3128 http://x",
    "ab -u put.json -p post.json http://localhost/",
    "check_pve.py '-u' 'monitoring@pve' '-p' 'password'",
    "rdesktop -u ‘USERNAME’ -p ‘PASSWORD’ 10.0.0.9",
    "Opening VI target: vi://administrator%40vsphere.local@172.25.1.4:443/iSVC-DC/host/172.25.1.101",
]

PASSWORD_FLAG_GO = [
    (
        "$ cot deploy -s '172.25.1.4/iSVC-DC/host/172.25.1.101' -P -u administrator@vsphere.local -p KTpw_mun407 -n \"CSR205\" esxi x.ova",
        "KTpw_mun407",
        "-u administrator@vsphere.local -p ",
    ),
    (
        "oc login -u kubeadmin -p Xq7Rt-9aLpz-KmW2e-tY4vB https://api.crc.testing:6443",
        "Xq7Rt-9aLpz-KmW2e-tY4vB",
        "https://api.crc.testing:6443",
    ),
    ("rabbitmqadmin -u monitor -p Rb7q2xkw list queues", "Rb7q2xkw", " list queues"),
    ("cqlsh 10.0.0.5 -u appuser -p 'Kq8s!pw2'", "Kq8s!pw2", "-u appuser -p '"),
    ("psexec \\\\srv01 -u CORP\\admin -p Winter2023 cmd", "Winter2023", " cmd"),
    ('evil-winrm -i 10.10.10.5 -u svc_backup -p "Zx9#kLm2"', "Zx9#kLm2", '-p "'),
    ("rdesktop -u jsmith -p Tr0ub4dor 10.0.0.9", "Tr0ub4dor", " 10.0.0.9"),
    ("az login --username ops -p Hunter2Pass!", "Hunter2Pass!", "az login --username ops -p "),
    ("sudo cot deploy -u admin@corp.local -p Kz8_wq12 esxi x.ova", "Kz8_wq12", " esxi x.ova"),
    ("rdesktop -u ‘jsmith’ -p ‘Tr0ub4dor’ 10.0.0.9", "Tr0ub4dor", "’ 10.0.0.9"),
]


@pytest.mark.parametrize("text", PASSWORD_FLAG_NOBODY)
def test_password_flag_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), PASSWORD_FLAG_GO)
def test_password_after_user_flag_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


NAS_HOME_NOBODY = [
    "Could not chdir to home directory /var/services/homes/admin: No such file or directory",
    "su: warning: cannot change directory to /var/services/homes/docker: Permission denied",
    "Could not chdir to home directory /var/services/homes/*************: No such file or directory",
    "Could not chdir to home directory /var/services/homes/<user>: No such file or directory",
    "Could not chdir to home directory /var/services/homes/root: No such file or directory",
    "Could not chdir to home directory /var/services/homes/$USER: No such file or directory",
    "Could not chdir to home directory /var/services/homes/guest: No such file or directory",
    "mkdir: cannot create directory '/var/services/homes': File exists",
    "root@MySynology:~# cd /var/services/homes/\n-ash: cd: /var/services/homes/: No such file or directory",
    "ls /volume1/homes/backup.tar /volume1/homes/@eaDir /volume1/homes/#recycle",
    "/share/homes/admin/speedtest.sh",
    "Could not chdir to home directory /share/homes/${USER}: No such file",
    "/var/services/homes/homeassistant",
    "/var/services/homes/hass",
]

NAS_HOME_GO = [
    (
        "错误:Could not chdir to home directory /var/services/homes/qzmt: No such file or directory",
        "qzmt",
        ": No such file or directory",
    ),
    (
        "su: warning: cannot change directory to /var/services/homes/bkowal: No such file or directory",
        "bkowal",
        "/var/services/homes/",
    ),
    ("cd /var/services/homes/bkowal/scripts && ./run.sh", "bkowal", "/scripts && ./run.sh"),
    ("/var/services/homes/bkowal/.ssh/authorized_keys", "bkowal", "/.ssh/authorized_keys"),
    (
        "Could not chdir to home directory /share/homes/bkowal: No such file or directory",
        "bkowal",
        "/share/homes/",
    ),
    ("/share/CACHEDEV1_DATA/homes/bkowal/x.sh", "bkowal", "/x.sh"),
    (
        "Could not chdir to home directory /volume1/homes/bkowal: No such file or directory",
        "bkowal",
        "/volume1/homes/",
    ),
    ("home directory is /var/services/homes/bkowal.", "bkowal", "home directory is "),
]


@pytest.mark.parametrize("text", NAS_HOME_NOBODY)
def test_nas_home_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), NAS_HOME_GO)
def test_nas_home_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


OMV_USER_NOBODY = [
    '    Executing RPC (service=UserMgmt, method=setUser, params={"name":"admin","comment":"","email":"","password":"","shell":"\\/bin\\/sh","disallowusermod":false,"groups":["users"],"sshpubkeys":[]}, context={"username":"admin","role":1}) ...',
    '    Executing RPC (service=UserMgmt, method=getUserList, params={"start":0,"limit":25,"sortfield":"name","sortdir":"ASC"}, context={"username":"admin","role":1}) ...',
    '    Executing RPC (service=ShareMgmt, method=set, params={"name":"backup","comment":"Home directories","mntentref":"a65246e0-29a9-4ad2-8090-0e4905ca01a2","reldirpath":"homes\\/"}, context={"username":"admin","role":1}) ...',
    '    RPC response (service=UserMgmt, method=setGroup): {"response":{"name":"users","comment":"","members":["admin"]},"error":null}',
    '    RPC response (service=UserMgmt, method=setGroup): {"response":{"name":"family","comment":"Family Members","members":["admin"]},"error":null}',
    '    RPC response (service=UserMgmt, method=setUser): {"response":{"uuid":"a65246e0-29a9-4ad2-8090-0e4905ca01a2","name":"openmediavault-webgui","email":"","comment":"openmediavault WebGUI","shell":"\\/usr\\/sbin\\/nologin","groups":["openmediavault-admin"]},"error":null}',
    '    RPC response (service=UserMgmt, method=getUser): {"response":{"name":"backupuser","comment":"Backup User"},"error":null}',
    '    RPC response (service=UserMgmt, method=getUser): {"response":{"name":"nobody","comment":"Nobody"},"error":null}',
    "    Child process forked (pid=29418)\n    SIGCHLD received ...\n    Child (pid=29418) terminated with exit code 0",
]

OMV_USER_GO = [
    (
        '    Child process forked (pid=29418)\n    Executing RPC (service=UserMgmt, method=setUser, params={"name":"tk","comment":"Wiebrand K\\u00f6nner","email":"","password":"wexo381","shell":"\\/bin\\/sh","disallowusermod":false,"groups":["users"],"sshpubkeys":[]}, context={"username":"admin","role":1}) ...\n    RPC response (service=UserMgmt, method=setUser): {"response":{"uuid":"a65246e0-29a9-4ad2-8090-0e4905ca01a2","name":"tk","email":"","disallowusermod":false,"sshpubkeys":[],"comment":"Wiebrand K\\u00f6nner","password":"wexo381","shell":"\\/bin\\/sh","groups":["users"]},"error":null}\n',
        ['"tk"', "Wiebrand", "K\\u00f6nner"],
        ['context={"username":"admin","role":1}', '"groups":["users"]'],
    ),
    (
        '    Executing RPC (service=UserMgmt, method=setUser, params={"name":"bkowalski","comment":"Bartek Kowalski","email":"","password":"Zq81kwp","shell":"\\/bin\\/sh"}, context={"username":"admin","role":1}) ...',
        ["bkowalski", "Bartek", "Kowalski"],
        ['context={"username":"admin","role":1}'],
    ),
    (
        '    RPC response (service=UserMgmt, method=getUserList): {"response":{"total":1,"data":[{"name":"jmarek","uid":1000,"comment":"Jana Marek","dir":"\\/home\\/jmarek"}]},"error":null}',
        ["jmarek", "Jana Marek"],
        ['"uid":1000'],
    ),
]


@pytest.mark.parametrize("text", OMV_USER_NOBODY)
def test_omv_user_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "values", "kept"), OMV_USER_GO)
def test_omv_user_login_and_name_go(
    engine: Scrubber, text: str, values: list[str], kept: list[str]
) -> None:
    gone_and_kept(engine, text, values, kept)


APP_ACCOUNT_NOBODY = [
    "Args=[USER=hass,TYPE=passwd,IS_KNOWN_DEVICE=no]",
    "[13132][PRE][weblogin][MAIN]\nScripts=[secure_login_logger,synocgi-plugin-weblogin];\nArgs=[USER=hass,TYPE=passwd,IS_KNOWN_DEVICE=no]",
    "USER=hass",
    "username: hass",
    "/home/hass/.homeassistant/configuration.yaml",
    "hass@raspberrypi:~ $ hass --open-ui",
    "/home/home-assistant/.cache/pip",
    "/home/esphome/.platformio/packages",
    "Args=[USER=admin,TYPE=passwd,IS_KNOWN_DEVICE=no]",
    "Args=[USER=guest,TYPE=passwd,IS_KNOWN_DEVICE=no]",
]


@pytest.mark.parametrize("text", APP_ACCOUNT_NOBODY)
def test_home_assistant_accounts_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_a_person_beside_the_app_account_still_goes(engine: Scrubber) -> None:
    gone_and_kept(
        engine,
        "Args=[USER=wkonner,TYPE=passwd,IS_KNOWN_DEVICE=no]\n/home/wkonner/.homeassistant/x.yaml",
        "wkonner",
        "/.homeassistant/x.yaml",
    )
