# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Test accounts, 8.3 short names and daemons' own accounts (stop 53, scrubber 1.49.0; issue 35).

The damage of batches 97's and 98's tune parts (``tests/outside_corpus/SOURCE.md``, "The
stop-97 collection", "The stop-98 collection"), each fixed by a general rule:

* ``placeholder_name`` (``scrubbers/user_names.yaml``): a login made of a generic word and
  ``user``, perhaps a counter (``newuser``, ``vncuser1``, ``auser``, ``anyuser``,
  ``otheruser2``): an article or quantifier (``a``, ``an``, ``any``, ``some``, ``every``), a word
  that says the account is new, another or temporary (``new``, ``other``, ``another``,
  ``temp``, ``tmp``, ``guest``, ``local``), or the name of the remote-access tool the account
  is made for (``vnc``, ``ssh``, ``rdp``, ``sftp``, ``ftp``): what ``useradd``'s and TigerVNC's
  examples and a poster's test VM call an account, as ``myuser`` and ``testuser`` already are;
  any other letters before ``user`` (``dauser``, ``hauser``, ``kuser``) or after it
  (``newuserx``, ``yusers``) keep it a login;
* ``_short_name_of_nobody`` (``intake/scrub/engine.py``): a Windows 8.3 short name (six
  characters, ``~``, a digit, perhaps a ``.EXT``: Microsoft's short-name generation, which
  ``%TEMP%`` keeps) whose six characters start a role or default account's folder longer than
  eight characters (``Administrator``, ``DefaultUser0``, ``All Users``, the account lists) is
  that account's folder; a short name of a person's folder (``JSMITH~1``) still goes;
* ``_daemon_account`` (``intake/scrub/engine.py``): ``ps``'s USER column is not learned when
  the row runs a program named after the account (``tlog … -tlog-rec-session``, ``geoclue …
  /usr/libexec/geoclue``, ``chrony … /usr/sbin/chronyd``): a service's account, nobody's.
  A learned login is still replaced inside ``<login>-<word>`` (``ana@ana-laptop``).

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody, which must stay as they are; ``STILL_GO`` the same shapes
naming someone.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

TEST_ACCOUNT_NOBODY = [
    "newuser:x:1001:1001::/home/newuser:/bin/bash\n",
    "uid=1001(newuser) gid=1001(newuser) groups=1001(newuser)\n",
    "[root@fedora ~]# su - newuser\n",
    "XAUTHORITY=/home/vncuser1/.Xauthority\n",
    "vncuser1  2345  0.0  0.1 123456  7890 ?        Ss   10:00   0:00 /usr/bin/Xvnc :1 -auth /home/vncuser1/.Xauthority\n",
    '  "java.home" : "/home/auser/src/git/jdk/build/linux-x64/images/jdk",\n',
    "-Dapplication.home=/home/auser/src/git/jdk/build/linux-x64/images/jdk\n",
    "/home/anyuser/.config/app/settings.conf\n",
    "/home/otheruser2/.cache/pip/http\n",
    "/home/sshuser/.ssh/known_hosts\n",
    "C:\\Users\\tempuser\\AppData\\Local\\Temp\\setup.log\n",
    "/home/guestuser/Desktop/notes.txt\n",
    "uid=1002(tmpuser) gid=1002(tmpuser) groups=1002(tmpuser)\n",
    "uid=1003(someuser3) gid=1003(someuser3) groups=1003(someuser3)\n",
]

SHORT_NAME_NOBODY = [
    "    java.io.tmpdir = C:\\Users\\ADMINI~1\\AppData\\Local\\Temp\\\n",
    "set TEMP=C:\\Users\\ADMINI~1\\AppData\\Local\\Temp\n",
    "C:\\Users\\ADMINI~2\\AppData\\Local\\Temp\\2\\jna-1234\\jna5678.dll\n",
    "C:\\Users\\admini~1\\AppData\\Local\\Temp\\hsperfdata_Administrator\n",
    "C:\\Users\\DEFAUL~1\\AppData\\Local\\Temp\\\n",
    "C:\\Users\\DEFAUL~1\\NTUSER.DAT\n",
    "C:\\DOCUME~1\\ALLUSE~1\\APPLIC~1\\Microsoft\\x.dat\n",
    "C:\\Users\\ADMINI~1.WIN\\AppData\\Local\\Temp\\\n",
    "Temp directory: C:\\Users\\ADMINI~1\\AppData\\Local\\Temp\\gradle.tmp\n",
    "java.io.tmpdir = C:\\Users\\ADMINI~1\\AppData\\Local\\Temp\\\njava.library.path = C:\\Program Files\\Java\\bin;C:\\Users\\Administrator\\AppData\\Local\\Microsoft\\WindowsApps;.\n",
]

DAEMON_NOBODY = [
    "tlog      9357  0.0  0.1 123456  7890 pts/0    S    10:00   0:00  \\_ -tlog-rec-session\n",
    "tlog      9357  0.0  0.1 123456  7890 pts/0    S    10:00   0:00  \\_ -tlog-rec-session\nnewuser:x:1001:1001::/home/newuser:/usr/bin/tlog-rec-session\n",
    "geoclue   1500  0.0  0.2 345678 12345 ?        Ssl  10:00   0:00 /usr/libexec/geoclue\n",
    "chrony     700  0.0  0.0  81234  2345 ?        S    10:00   0:00 /usr/sbin/chronyd -F 2\n",
    "mosquitto  900  0.0  0.1  12345  4567 ?        Ss   10:00   0:01 /usr/sbin/mosquitto -c /etc/mosquitto/mosquitto.conf\n",
    "unbound    901  0.0  0.3  56789 23456 ?        Ss   10:00   0:00 /usr/sbin/unbound -d -p\n",
    "colord    1600  0.0  0.2 234567 12345 ?        Ssl  10:00   0:00 /usr/libexec/colord\n",
    "grafana   1700  0.1  1.2 987654 98765 ?        Ssl  10:00   0:05 /usr/share/grafana/bin/grafana server --config=/etc/grafana/grafana.ini\n",
    "kanidm    1800  0.0  0.4 123456 34567 ?        Ssl  10:00   0:00 /usr/sbin/kanidmd server -c /etc/kanidm/server.toml\n",
    "clickhouse 1900 0.5  2.0 999999 88888 ?        Ssl  10:00   1:00 /usr/bin/clickhouse-server --config=/etc/clickhouse-server/config.xml\n",
]

EXTENSION_UUID_NOBODY = [
    "JS ERROR: Extension system-monitor-next@paradoxxx.zero.gmail.com: Error: Requiring GTop, version none: Typelib file for namespace 'GTop' (any version) not found\n",
    "Jan 10 10:00:00 fernbridge gnome-shell[2178]: JS ERROR: Extension dash-to-dock@micxgx.gmail.com: TypeError: this._box is null\n",
    "JS ERROR: Extension clipboard-indicator@tudmotu.com: ReferenceError: Meta is not defined\n",
    "gnome-shell[1234]: JS ERROR: Extension appindicatorsupport@rgcjonas.gmail.com: Error: Argument 'name' (type utf8) may not be null\n",
    'JS ERROR: Extension caffeine@patapon.info: TypeError: can\'t access property "connect", this._settings is undefined\n',
    "JS ERROR: Extension user-theme@gnome-shell-extensions.gcampax.github.com: Error: No valid stylesheet found\n",
    'JS WARNING: Extension openweather-extension@jenslody.de: reference to undefined property "_weather"\n',
    "Sep 02 09:12:44 host gnome-shell[987]: JS ERROR: Extension Vitals@CoreCoding.com: Error: Gio.IOErrorEnum: Operation not supported\n",
    "JS ERROR: Extension gsconnect@andyholmes.github.io: Error: Failed to launch service\n",
    "JS ERROR: Extension blur-my-shell@aunetx: TypeError: actor is null\n",
    "JS ERROR: Extension system-monitor-next@paradoxxx.zero.gmail.com: Error\n    _init@/home/user/.local/share/gnome-shell/extensions/system-monitor-next@paradoxxx.zero.gmail.com/extension.js:42:21\n",
]

LOST_FOUND_NOBODY = [
    "drwx------   2 root root 16384 Jan  1 10:00 /home/lost+found\n",
    "ls: cannot open directory '/home/lost+found': Permission denied\n",
    "du: cannot read directory '/home/lost+found': Permission denied\n",
    "find: '/home/lost+found': Permission denied\n",
    "16K\t/home/lost+found\n",
    'rsync: opendir "/home/lost+found" failed: Permission denied (13)\n',
    "tar: /home/lost+found: Cannot open: Permission denied\n",
    "chown: cannot read directory '/home/lost+found': Permission denied\n",
    "getfacl: /home/lost+found: Permission denied\n",
    "  File: /home/lost+found\n  Size: 16384     \tBlocks: 32         IO Block: 4096   directory\n",
]

STILL_GO = [
    ("du -sh /home/*\n16K\t/home/lost+found\n2.1G\t/home/orsolya\n", "orsolya", "/home/lost+found"),
    ("C:\\Users\\john+doe\\AppData\\Local\\x.log\n", "john+doe", "AppData"),
    (
        "JS ERROR: Error: could not send to jane.kowalski@gmail.com: timeout\n",
        "jane.kowalski@gmail.com",
        "JS ERROR:",
    ),
    ("Extension owner: jane.kowalski@gmail.com\n", "jane.kowalski@gmail.com", "Extension owner:"),
    (
        "JS ERROR: Extension foo@bar.example: mail jane.kowalski@gmail.com failed\n",
        "jane.kowalski@gmail.com",
        "JS ERROR: Extension",
    ),
    ("/home/dauser/.bashrc\n", "dauser", ".bashrc"),
    ("/home/hauser/.ssh/config\n", "hauser", ".ssh/config"),
    ("/home/mauser/projects/app/main.py\n", "mauser", "main.py"),
    ("/home/kuser/.local/share/x.txt\n", "kuser", ".local"),
    ("/home/yusers/.cache/pip\n", "yusers", ".cache"),
    ("/home/newuserx/src/app.py\n", "newuserx", "app.py"),
    ("/home/kleinuser/.bashrc\n", "kleinuser", ".bashrc"),
    ("/home/seuser/notes/a.txt\n", "seuser", "a.txt"),
    ("C:\\Users\\JSMITH~1\\AppData\\Local\\Temp\\x.txt\n", "jsmith", "AppData"),
    ("java.io.tmpdir = C:\\Users\\FIRSTL~1\\AppData\\Local\\Temp\\\n", "firstl", "java.io.tmpdir"),
    ("C:\\Users\\KOWALS~1\\AppData\\Local\\Temp\\\n", "kowals", "Temp"),
    (
        "jdoe      4242  0.0  0.1 123456  7890 pts/0    S+   10:00   0:00 /usr/bin/python3 app.py\n",
        "jdoe",
        "app.py",
    ),
    (
        "ana       4242  0.0  0.1 123456  7890 pts/0    S+   10:00   0:00 bash\nana@ana-laptop:~$ hostname\nana-laptop\n",
        "ana",
        "hostname",
    ),
    (
        "mark      4242  0.0  0.1 123456  7890 pts/0    S+   10:00   0:00 /usr/bin/markdown README.md\n",
        "mark ",
        "README.md",
    ),
]


@pytest.mark.parametrize(
    "text",
    TEST_ACCOUNT_NOBODY
    + SHORT_NAME_NOBODY
    + DAEMON_NOBODY
    + EXTENSION_UUID_NOBODY
    + LOST_FOUND_NOBODY,
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), STILL_GO)
def test_logins_still_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
