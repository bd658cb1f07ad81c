# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Account database lines as people paste them (stop 60, scrubber 1.142.0, a class rule; issue 35).

``getent passwd <u>``, ``cat /etc/passwd``, ``getent group docker``, ``/etc/group``,
``/etc/shadow`` excerpts, ``/etc/subuid``/``/etc/subgid``, macOS's ``dscl . -read /Users/<u>``
and Python's ``pwd.struct_passwd(…)``, each read by its documented format:

* ``passwd`` (``scrubbers/user_names.yaml``, extended; ``engine._persons_entry``): passwd(5)'s
  ``login:password:UID:GID:GECOS:home:shell``; a person's uid (login.defs(5)'s UID_MIN 1000 up
  to 60000, or a directory's) now also teaches its login and the GECOS field's full name when
  the home is under no home root and the shell is a login shell (``/srv/<x>`` with
  ``/bin/bash``), and the same entry as Python's pwd module prints it (the Python docs' pwd
  module: ``pw_name``, ``pw_passwd``, ``pw_uid``, ``pw_gid``, ``pw_gecos``, ``pw_dir``,
  ``pw_shell``);
* ``account_file_logins`` (new): group(5)'s member list (``group_name:password:GID:user_list``),
  shadow(5)'s login beside a crypt hash, subuid(5)/subgid(5)'s login with login.defs(5)'s
  default range (SUB_UID_MIN 100000, SUB_UID_COUNT 65536);
* ``dscl_user`` (new): dscl(1)'s ``-read`` of a user record, ``RealName`` and ``RecordName``
  beside ``PrimaryGroupID`` 20 and a person's ``UniqueID``.

All of them judged as a passwd line's login already was: no system, service, role, image or
placeholder account (``root``, ``nobody``, ``www-data``, ``ubuntu``, ``user``, ``username``), no
role full name (``Linux User``). The shadow line's hash was already found (recognizers'
``crypt_hash_digest``, also yescrypt's ``$y$``).

The ``*_NOBODY`` lists are the harm hunt the rules were attacked with before they were kept.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

PASSWD_NOBODY = [
    # Debian's base accounts and a few services: uids below UID_MIN, nobody's 65534
    "$ cat /etc/passwd\nroot:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\nbin:x:2:2:bin:/bin:/usr/sbin/nologin\nsys:x:3:3:sys:/dev:/usr/sbin/nologin\nsync:x:4:65534:sync:/bin:/bin/sync\nwww-data:x:33:33:www-data:/var/www:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\nsystemd-network:x:100:102:systemd Network Management,,,:/run/systemd:/usr/sbin/nologin\nmessagebus:x:103:106::/nonexistent:/usr/sbin/nologin\nsshd:x:105:65534::/run/sshd:/usr/sbin/nologin\n",
    "$ getent passwd ollama\nollama:x:998:998::/usr/share/ollama:/bin/false\n",
    # services given a person's uid, their home a service's folder named for them
    "$ getent passwd odoo\nodoo:x:1001:1001:Odoo,,,:/opt/odoo:/bin/bash\n",
    "minecraft:x:1001:1001:Minecraft Server,,,:/srv/minecraft:/bin/bash\n",
    "jenkins:x:1002:1002:Jenkins,,,:/var/lib/jenkins:/bin/bash\n",
    "steam:x:1003:1003::/usr/lib/steam:/usr/sbin/nologin\n",
    # image, role and placeholder accounts, role GECOS words
    "ubuntu:x:1000:1000:Ubuntu:/home/ubuntu:/bin/bash\n",
    "ec2-user:x:1000:1000:EC2 Default User:/home/ec2-user:/bin/bash\n",
    "pi:x:1000:1000:,,,:/home/pi:/bin/bash\n",
    "user:x:1000:1000:Linux User,,,:/srv/user:/bin/bash\n",
    "admin:x:1000:1000:System Administrator,,,:/srv/admin:/bin/bash\n",
    "username:x:1001:1001:,,,:/data/username:/bin/bash\n",
    # a low-uid daemon with a login shell, and a person's uid with no login shell and no home root
    "postgres:x:114:120:PostgreSQL administrator,,,:/var/lib/postgresql:/bin/bash\n",
    "backupd:x:1005:1005::/var/backups/data:/usr/sbin/nologin\n",
    # Python's pwd module for system accounts
    "pwd.struct_passwd(pw_name='root', pw_passwd='x', pw_uid=0, pw_gid=0, pw_gecos='root', pw_dir='/root', pw_shell='/bin/bash')\n",
    "pwd.struct_passwd(pw_name='nobody', pw_passwd='x', pw_uid=65534, pw_gid=65534, pw_gecos='nobody', pw_dir='/nonexistent', pw_shell='/usr/sbin/nologin')\n",
    ">>> pwd.getpwnam('username')\nKeyError: \"getpwnam(): name not found: 'username'\"\n",
]

GROUP_NOBODY = [
    "$ getent group docker\ndocker:x:998:\n",
    "$ cat /etc/group\nroot:x:0:\nadm:x:4:syslog,ubuntu\nsudo:x:27:ubuntu\nwheel:x:10:root\nusers:x:100:\nnogroup:x:65534:\n",
    "docker:x:999:username\n",
    "docker:x:999:user,vagrant\n",
    "libvirt:x:119:$USER\n",
    # look-alikes that are no group line
    "inet6 fe80::1:abcd prefixlen 64\n",
    "Started at 12:30:45\nimage ubuntu:22.04\nredis:6379:0\n",
]

SHADOW_NOBODY = [
    "$ sudo cat /etc/shadow\nroot:*:19876:0:99999:7:::\ndaemon:*:19876:0:99999:7:::\nwww-data:*:19876:0:99999:7:::\nsshd:!:19876::::::\nsystemd-coredump:!*:19876::::::\nubuntu:!:19876:0:99999:7:::\n",
    "username:!:19876:0:99999:7:::\n",
]

SUBUID_NOBODY = [
    "$ cat /etc/subuid\nusername:100000:65536\n",
    "$ cat /etc/subgid\nuser:100000:65536\npodman:165536:65536\n",
    "1000:100000:65536\n",
    "containers:2147483647:2147483648\n",
    "root:100000:65536\n",
    "$ grep $USER /etc/subuid\n",
]

DSCL_NOBODY = [
    "$ dscl . -read /Users/_www\nNFSHomeDirectory: /Library/WebServer\nPrimaryGroupID: 70\nRealName:\n World Wide Web Server\nRecordName: _www www\nRecordType: dsRecTypeStandard:Users\nUniqueID: 70\nUserShell: /usr/bin/false\n",
    "$ dscl . -read /Users/daemon\nNFSHomeDirectory: /var/root\nPrimaryGroupID: 1\nRealName:\n System Services\nRecordName: daemon\nRecordType: dsRecTypeStandard:Users\nUniqueID: 1\nUserShell: /usr/bin/false\n",
]

NOBODY = PASSWD_NOBODY + GROUP_NOBODY + SHADOW_NOBODY + SUBUID_NOBODY + DSCL_NOBODY

GO = [
    # a person's passwd line whose home is under no home root
    (
        "$ getent passwd mkowalczyk\nmkowalczyk:x:1000:1000:Marek Kowalczyk,,,:/srv/mk:/bin/bash\n",
        ["mkowalczyk", "Marek Kowalczyk"],
        ["$ getent passwd ", ":x:1000:1000:", ",,,:/srv/mk:/bin/bash"],
    ),
    (
        "$ tail -2 /etc/passwd\nsshd:x:105:65534::/run/sshd:/usr/sbin/nologin\ntnowak:x:1001:1001:Tomasz Nowak:/data/t01:/usr/bin/zsh\n",
        ["tnowak", "Tomasz Nowak"],
        ["sshd:x:105:65534::/run/sshd:/usr/sbin/nologin", ":x:1001:1001:"],
    ),
    # a group's member list
    (
        "$ getent group docker\ndocker:x:998:mkowalczyk,tnowak\n$ ls -l /home/mkowalczyk\n",
        ["mkowalczyk", "tnowak"],
        ["docker:x:998:", "$ getent group docker"],
    ),
    (
        "$ grep sudo /etc/group\nsudo:x:27:ubuntu,bkrawiec\n",
        ["bkrawiec"],
        ["sudo:x:27:ubuntu,"],
    ),
    # a shadow line: its login, and its hash (already found)
    (
        "$ sudo grep mkowalczyk /etc/shadow\nmkowalczyk:$y$j9T$Jm3PpQ2o0bUzK8a7sLx9v.$8N0n2bP1qR7sT4uV6wX8yZ0aB2cD4eF6gH8iJ0kL1mN:19876:0:99999:7:::\n",
        ["mkowalczyk", "8N0n2bP1qR7sT4uV6wX8yZ0aB2cD4eF6gH8iJ0kL1mN"],
        [":19876:0:99999:7:::"],
    ),
    # subordinate ids
    (
        "$ cat /etc/subuid\npodman:100000:65536\nmkowalczyk:165536:65536\n",
        ["mkowalczyk"],
        ["podman:100000:65536", ":165536:65536"],
    ),
    # Python's pwd module
    (
        ">>> pwd.getpwuid(os.getuid())\npwd.struct_passwd(pw_name='mkowalczyk', pw_passwd='x', pw_uid=1000, pw_gid=1000, pw_gecos='Marek Kowalczyk,,,', pw_dir='/srv/mk', pw_shell='/bin/bash')\n",
        ["mkowalczyk", "Marek Kowalczyk"],
        ["pwd.struct_passwd(pw_name='", "pw_uid=1000"],
    ),
    # macOS dscl
    (
        "$ dscl . -read /Users/mkowalczyk\nNFSHomeDirectory: /Users/mkowalczyk\nPrimaryGroupID: 20\nRealName:\n Marek Kowalczyk\nRecordName: mkowalczyk\nRecordType: dsRecTypeStandard:Users\nUniqueID: 501\nUserShell: /bin/zsh\n",
        ["mkowalczyk", "Marek Kowalczyk"],
        ["RealName:\n ", "UniqueID: 501", "PrimaryGroupID: 20"],
    ),
]


@pytest.mark.parametrize("text", NOBODY)
def test_account_lines_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), GO)
def test_a_persons_account_line_goes(
    engine: Scrubber, text: str, gone: list[str], kept: list[str]
) -> None:
    gone_and_kept(engine, text, gone, kept)
