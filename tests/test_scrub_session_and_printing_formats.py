# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Printing's, login records' and audio servers' own formats read as formats (stop 53,
scrubber 1.50.0; issue 35).

The misses of batch 98's tune part (``tests/outside_corpus/SOURCE.md``, "The stop-98
collection"), each fixed by a general rule read from the tool's documented format:

* CUPS's scheduler log (``error_log``): the IPP operation attribute ``requesting-user-name``
  (RFC 8011, 5.1.2: the name of the end user who submits the request) as cupsd logs it, quoted
  (``requesting-user-name = '<u>'`` in 1.1, ``requesting-user-name="<u>"`` since 1.4), and the
  job's owner in cupsd's ``Job <n> queued on '<printer>' by '<u>'.`` (1.x, ``scheduler/ipp.c``)
  and ``[Job <n>] Queued on "<printer>" by "<u>".`` (2.x) (``cups_requesting_user``,
  ``cups_job_owner``);
* ``lpstat -o`` and ``lpstat -l -o`` (lpstat(1)): one job a line, ``<destination>-<job id>``,
  the owner, the size in bytes and the date (``lpstat_job_owner``);
* ``utmpdump`` (utmpdump(1), utmp(5)): each record as bracketed fields ``[type] [pid] [id]
  [user] [line] [host] [addr] [time]``; in a type-7 (USER_PROCESS) record the user field is a
  login (``utmpdump_user``); the pseudo-users of types 1, 2, 6 and 8 (``runlevel``,
  ``shutdown``, ``reboot``, ``LOGIN``, empty) are no one's;
* ``pactl info`` (PulseAudio's ``pactl``): ``User Name: <u>`` followed by ``Host Name:``, the
  account that runs the sound server (``pactl_user_name``).

In every one, ``root``, ``anonymous``, ``guest``, ``lp``, ``pulse``, ``gdm``, ``user``, ``pi``,
role logins (``support``) and placeholders stay (``words.yaml``'s ``login_not_user`` and the
placeholder rules, as for every login).

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was written (texts of
the same shape that name nobody, which must stay as they are); ``STILL_GO`` holds the private
values of the same shapes, which must be replaced everywhere.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

CUPS_NOBODY = [
    "D [25/Apr/2014:10:01:02 +0200] check_quotas: requesting-user-name = 'root'\n",
    "D [25/Apr/2014:10:01:02 +0200] print_job: requesting-user-name = 'anonymous'\n",
    'D [10/Mar/2010:09:12:40 +0100] add_job: requesting-user-name="root"\n',
    'D [10/Mar/2010:09:12:40 +0100] add_job: requesting-user-name="guest"\n',
    "I [25/Apr/2014:10:01:02 +0200] Job 1 queued on 'laser' by 'root'.\n",
    'I [05/Dec/2020:10:01:02 +0000] [Job 39] Queued on "lpd" by "support".\n',
    'I [05/Dec/2020:10:01:02 +0000] [Job 40] Queued on "HP_LaserJet" by "anonymous".\n',
    'D [05/Dec/2020:10:01:02 +0000] [Job 41] File of type application/pdf queued by "lp".\n',
    "D [25/Apr/2014:10:01:02 +0200] print_job: requesting-user-name = 'user'\n",
    'add_job: requesting-user-name="$USER"\n',
    "E [25/Apr/2014:10:01:02 +0200] print_job: requesting-user-name = '<username>'\n",
    'I [05/Dec/2020:10:01:02 +0000] [Job 42] Queued on "office" by "username".\n',
    "ipptool: requesting-user-name is missing\n",
    "The requesting-user-name attribute names the user who submits the job.\n",
    "lp -d laser -U root file.pdf\nrequest id is laser-12 (1 file(s))\n",
]

LPSTAT_NOBODY = [
    "jscnews-17746           root         1557504   Fri Apr 25 10:01:02 2014\n",
    "laser-12                anonymous      12288   Fri Apr 25 10:01:02 2014\n",
    "HP_LaserJet-3           user            1024   Sat 05 Dec 2020 10:01:02 AM UTC\n",
    "office-7                guest          40960   Mon Jan  4 09:00:00 2021\n"
    "\tAlerts: job-printing\n\tqueued for office\n",
    "lpd-39                  support        51200   Tue 01 Jun 2021 12:00:00 PM CEST\n",
    "printer laser is idle.  enabled since Fri Apr 25 10:01:02 2014\n",
    "request id is laser-12 (1 file(s))\n",
    "no entries\n",
    "laser-12                lp              1024   Fri Apr 25 10:01:02 2014\n",
    "PDF-1                   root            2048   Fri 25 Apr 2014 10:01:02 AM CEST\n",
]

UTMPDUMP_NOBODY = [
    "[2] [00000] [~~  ] [reboot  ] [~           ] [5.15.0-89-generic   ] [0.0.0.0        ] [2023-08-20T09:01:02,000000+00:00]\n",
    "[1] [00000] [~~  ] [runlevel] [~           ] [5.15.0-89-generic   ] [0.0.0.0        ] [2023-08-20T09:01:04,000000+00:00]\n",
    "[1] [00000] [~~  ] [shutdown] [~~          ] [5.15.0-89-generic   ] [0.0.0.0        ] [2023-08-20T19:01:04,000000+00:00]\n",
    "[6] [00812] [tty1] [LOGIN   ] [tty1        ] [                    ] [0.0.0.0        ] [2023-08-20T09:01:05,000000+00:00]\n",
    "[8] [02266] [    ] [        ] [:0          ] [                    ] [0.0.0.0        ] [2023-08-20T12:00:00,000000+00:00]\n",
    "[7] [01234] [ts/0] [root    ] [pts/0       ] [192.0.2.4           ] [192.0.2.4      ] [2023-08-20T09:10:00,000000+00:00]\n",
    "[7] [01235] [ts/1] [user    ] [pts/1       ] [XXX                 ] [0.0.0.0        ] [2023-08-20T09:11:00,000000+00:00]\n",
    "[7] [01236] [ts/2] [XXX     ] [pts/2       ] [XXX                 ] [0.0.0.0        ] [2023-08-20T09:12:00,000000+00:00]\n",
    "[7] [01237] [    ] [gdm     ] [:0          ] [                    ] [0.0.0.0        ] [2023-08-20T09:13:00,000000+00:00]\n",
    "[5] [00700] [si  ] [        ] [            ] [                    ] [0.0.0.0        ] [2023-08-20T09:01:03,000000+00:00]\n",
    "Utmp dump of /var/log/wtmp\n",
    "[7] [01238] [ts/3] [<user>  ] [pts/3       ] [host                ] [0.0.0.0        ] [2023-08-20T09:14:00,000000+00:00]\n",
]

PACTL_NOBODY = [
    "Server String: unix:/run/user/1000/pulse/native\nLibrary Protocol Version: 35\nServer Protocol Version: 35\nIs Local: yes\nClient Index: 12\nTile Size: 65472\nUser Name: root\nHost Name: raspberrypi\n",
    "User Name: pulse\nHost Name: server\nServer Name: pulseaudio\n",
    "User Name: user\nHost Name: localhost\n",
    "User Name: pi\nHost Name: raspberrypi\nServer Name: PulseAudio (on PipeWire 0.3.65)\n",
    "User Name: gdm\nHost Name: desktop\n",
    "Server Name: PulseAudio (on PipeWire 1.0.5)\nServer Version: 15.0.0\nDefault Sample Specification: float32le 2ch 48000Hz\n",
    "User Name: $USER\nHost Name: $HOSTNAME\n",
    "Please enter your User Name: and password\n",
    "User Name: Administrator\nPassword: \n",
    "User Name: <username>\nHost Name: <hostname>\n",
]

_TOP = "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"

PROCESS_TABLE_NOBODY = [
    _TOP + "      1 root      20   0  167744  11648   8320 S   0.0   0.1   0:02.11 systemd\n",
    _TOP + "    812 polkitd   20   0 2596120  23440  17536 S   0.0   0.1   0:00.31 polkitd\n",
    _TOP + "    790 avahi     20   0    8652   3968   3584 S   0.0   0.0   0:00.40 avahi-daemon\n",
    _TOP + "    791 dbus      20   0   10496   6144   4224 S   0.0   0.0   0:01.02 dbus-daemon\n",
    _TOP
    + "    655 systemd+  20   0   25524  13056   9088 S   0.0   0.1   0:00.20 systemd-resolve\n",
    _TOP + "   1501 www-data  20   0  203312  12160   6912 S   0.0   0.1   0:00.00 apache2\n",
    _TOP + "   2201 _apt      20   0   12345   4096   3072 S   0.0   0.0   0:00.01 http\n",
    _TOP + "   2202 nobody    20   0    7212   2048   1792 S   0.0   0.0   0:00.00 dnsmasq\n",
    _TOP + "   1102 gdm       20   0 3962360 184112 114560 S   0.0   1.1   0:03.50 gnome-shell\n",
    _TOP + "    900 rtkit     21   1  154000   2944   2688 S   0.0   0.0   0:00.02 rtkit-daemon\n",
    _TOP + "   3001 user      20   0  245000  13000  10000 S   0.0   0.1   0:00.05 bash\n",
    _TOP
    + "   3002 tlog      20   0  245000  13000  10000 S   0.0   0.1   0:00.05 tlog-rec-session\n",
    _TOP + "   3003 geoclue   20   0  245000  13000  10000 S   0.0   0.1   0:00.05 geoclue\n",
    _TOP + "   3004 mysql     20   0 1745000 400000  30000 S   1.0   2.4   3:10.05 mysqld\n",
    _TOP + "   3005 postgres  20   0  215000  30000  28000 S   0.0   0.2   0:00.50 postgres\n",
    "    PID USER     COMMAND\n      1 root     /sbin/init\n    412 messagebus dbus-daemon --system\n",
    "UID          PID    PPID  C STIME TTY          TIME CMD\nroot           1       0  0 09:01 ?        00:00:02 /sbin/init\n",
    "  PID TTY          TIME CMD\n 4242 pts/0    00:00:00 bash\n",
]

STILL_GO = [
    ("D [25/Apr/2014:10:01:02 +0200] check_quotas: requesting-user-name = 'kvelmar'\n", "kvelmar"),
    ('D [10/Mar/2010:09:12:40 +0100] add_job: requesting-user-name="jtorvo"\n', "jtorvo"),
    ("I [25/Apr/2014:10:01:02 +0200] Job 1 queued on 'laser' by 'mbrandt'.\n", "mbrandt"),
    ('I [05/Dec/2020:10:01:02 +0000] [Job 39] Queued on "lpd" by "ahlqvist".\n', "ahlqvist"),
    (
        "jscnews-17746           dgr4831         1557504   Fri Apr 25 10:01:02 2014\n"
        "\tAlerts: job-printing\n\tqueued for jscnews\n",
        "dgr4831",
    ),
    (
        "[7] [02266] [    ] [fenwick ] [:0          ] [:0                  ] [0.0.0.0        ] [2023-08-20T09:13:00,000000+00:00]\n",
        "fenwick",
    ),
    ("User Name: ozymandr\nHost Name: ozymandr-desktop\n", "ozymandr"),
    (
        _TOP + "   4242 hvellan   20   0 4123456 301234  98765 S   3.0   1.9   1:02.33 firefox\n"
        "   4243 hvellan   20   0  812345  91234  45678 S   0.3   0.6   0:04.10 gnome-terminal-\n",
        "hvellan",
    ),
    (
        "    PID USER     %CPU COMMAND\n   2911 trosk     0.3 /usr/bin/pipewire\n      1 root      0.0 /sbin/init\n",
        "trosk",
    ),
]


@pytest.mark.parametrize(
    "text",
    CUPS_NOBODY + LPSTAT_NOBODY + UTMPDUMP_NOBODY + PACTL_NOBODY + PROCESS_TABLE_NOBODY,
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_logins_of_the_session_and_printing_formats_go(
    engine: Scrubber, text: str, value: str
) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower()
