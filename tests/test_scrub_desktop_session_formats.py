# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""A login in Linux desktop sessions' own log lines (stop 62, scrubber 1.163.0; issue 35).

Batch 185's tune classes (``tests/outside_corpus/SOURCE.md``, "The stop-185 collection"), each
read from the tool's source or manual, not from the batch's names:

* GDM's debug lines (GNOME/gdm, daemon/gdm-session.c: ``GdmSession: Set up service %s for
  username %s on session (%p)``, ``GdmSession: selecting user '%s' for session '%s' (%p)``;
  daemon/gdm-session-worker.c: ``GdmSessionWorker: initializing PAM; service=%s username=%s
  seat=%s``, ``GdmSessionWorker: authenticating user %s``), also cut after the login;
* IBus's per-user socket folder (ibus/ibus, src/ibusshare.c ``ibus_get_socket_path``:
  ``/tmp/ibus-%s/ibus-%s-%s.%s`` with ``ibus_get_user_name ()``; IBus 1.1's ibus/common.py
  ``unix:path=/tmp/ibus-%s/ibus-%s``), also when a pasted line breaks right after
  ``/tmp/ibus-``;
* ``ps``'s user column cut by procps to seven characters and ``+`` (procps-ng,
  src/ps/output.c ``do_pr_name``; ps(1): "If the length of the username is greater than the
  width of the display column, the username will be truncated");
* SDDM's daemon naming its helper after ``Auth:`` (sddm/sddm, src/auth/Auth.cpp:
  ``Auth: sddm-helper (%s) crashed (exit code %d)``): no credential.

``NOBODY`` is the harm hunt the rules were attacked with before they were kept (texts of the
same shapes that name nobody, which must stay whole); ``GO`` the real-shaped values that must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

PS_EF = "UID          PID    PPID  C STIME TTY          TIME CMD\n"
PS_AUX = "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n"

NOBODY = [
    # GDM's own accounts, root, a placeholder, (null), the neighbouring lines
    "GdmSession: Set up service gdm-password for username gdm\n",
    "GdmSession: Set up service gdm-launch-environment for username gdm on session (0x55d1c8a0e0a0)\n",
    "GdmSession: selecting user 'gdm-greeter'\n",
    "GdmSession: selecting user 'gdm' for session 'c1' (0x55d1c8a0e0a0)\n",
    "GdmSessionWorker: initializing PAM; service=gdm-launch-environment username=gdm seat=seat0\n",
    "GdmSessionWorker: initializing PAM; service=gdm-password username=(null) seat=seat0\n",
    "GdmSessionWorker: initializing PAM; service=gdm-fingerprint username=(null) seat=(null)\n",
    "GdmSessionWorker: using PAM profile /usr/lib/pam.d/gdm-password\n",
    "GdmSessionWorker: authenticating user root\n",
    "GdmSessionWorker: authenticating user gdm\n",
    "GdmSessionWorker: 1 new messages received from PAM\n",
    "GdmSessionWorker: received pam message of type 1 with payload 'Password: '\n",
    "GdmSession: Set up service gdm-password for username <user>\n",
    "GdmSession: selecting user '<username>'\n",
    "GdmSessionWorker: authenticating user $USER\n",
    "Jun 10 09:15:43 fedora gdm-launch-environment][1402]: GdmSessionWorker: authenticating user gdm-greeter\n",
    "The session worker logs 'authenticating user' before PAM asks for the password.\n",
    # IBus: system and placeholder accounts, variables, a mask, a build tree, the registry
    "(ibus-daemon:22945): IBUS-WARNING **: Connect to unix:path=/tmp/ibus-root/ibus-unix-0 failed\n",
    "Failed to connect to socket /tmp/ibus-$USER/ibus-unix-0: Connection refused.\n",
    "Connect to unix:path=/tmp/ibus-\n$USER/ibus-unix-0 failed\n",
    "Connect to unix:path=/tmp/ibus-\n${USER}/ibus--0.0 failed\n",
    "unix:path=/tmp/ibus-XXXXXXXX/ibus-unix-0\n",
    "unix:path=/tmp/ibus-<user>/ibus--0.0\n",
    "$ cd /tmp/ibus-1.5.29 && ./configure --prefix=/usr\n",
    "$ ls /tmp/ibus-build/src/ibus-daemon\n",
    "$ rm -rf /tmp/ibus-master/\n",
    'access("/usr/var/cache/ibus/bus/registry", F_OK) = -1 ENOENT (No such file or directory)\n',
    "IBUS_ADDRESS=unix:abstract=/tmp/dbus-Xk3jQ2aZ,guid=4f2c1e0b9d8a7c6b5a4f3e2d1c0b9a88\n",
    # ps: system accounts, whole and cut by ps
    PS_EF + "root           1       0  0 09:20 ?        00:00:02 /sbin/init splash\n"
    "systemd+     712       1  0 09:20 ?        00:00:00 /lib/systemd/systemd-resolved\n"
    "message+     905       1  0 09:20 ?        00:00:01 /usr/bin/dbus-daemon --system --address=systemd: --nofork\n"
    "avahi-a+     911       1  0 09:20 ?        00:00:00 avahi-autoipd: [wlp2s0] sleeping\n"
    "polkitd      988       1  0 09:20 ?        00:00:00 /usr/lib/polkit-1/polkitd --no-debug\n"
    "colord      1344       1  0 09:20 ?        00:00:00 /usr/libexec/colord\n"
    "rtkit       1012       1  0 09:20 ?        00:00:00 /usr/libexec/rtkit-daemon\n"
    "gdm         1533    1521  0 09:27 tty1     00:00:00 /usr/libexec/ibus-daemon --panel disable\n",
    PS_EF + "gnome-i+    1490    1402  0 09:20 tty1     00:00:00 /usr/libexec/gnome-initial-setup\n"
    "speech-+    1603       1  0 09:20 ?        00:00:00 /usr/bin/speech-dispatcher -s -t 0\n"
    "libvirt+    2101    2100  0 09:21 ?        00:00:00 /usr/sbin/dnsmasq --conf-file=/var/lib/libvirt/dnsmasq/default.conf\n"
    "fwupd-r+    2210       1  0 09:22 ?        00:00:00 /usr/libexec/fwupd/fwupd\n"
    "kernoops    1201       1  0 09:20 ?        00:00:00 /usr/sbin/kerneloops\n"
    "whoopsie    1202       1  0 09:20 ?        00:00:00 /usr/bin/whoopsie -f\n"
    "nm-open+    3301    1100  0 09:30 ?        00:00:00 /usr/sbin/openvpn --remote vpn.example.com\n"
    "Debian-+    1290    1284  0 09:20 tty1     00:00:00 /usr/lib/gdm3/gdm-x-session dbus-run-session -- gnome-session\n"
    "nvidia-+     888       1  0 09:20 ?        00:00:00 /usr/bin/nvidia-persistenced --user nvidia-persistenced\n"
    "gnome-r+    1760       1  0 09:20 ?        00:00:00 /usr/libexec/gnome-remote-desktop-daemon --system\n"
    "clickho+    4100       1  2 09:40 ?        00:01:12 /usr/bin/clickhouse-server --config=/etc/clickhouse-server/config.xml\n",
    PS_EF + "cups-br+    1402       1  0 09:20 ?        00:00:00 /usr/sbin/cups-browsed\n"
    "cockpit+    5120       1  0 09:41 ?        00:00:00 /usr/libexec/cockpit-ws --for-tls-proxy --port=0\n"
    "setroub+    2201       1  0 09:21 ?        00:00:02 /usr/bin/python3 -Es /usr/sbin/setroubleshootd -f\n"
    "libstor+     990       1  0 09:20 ?        00:00:00 /usr/bin/lsmd -d\n"
    "cassand+    3001       1  9 09:30 ?        00:12:01 /usr/bin/java -Xloggc:/var/log/cassandra/gc.log\n"
    "sonarqu+    3100       1  4 09:31 ?        00:03:10 java -jar lib/sonar-application-10.4.jar\n"
    "node_ex+    3200       1  0 09:31 ?        00:00:05 /usr/local/bin/node_exporter\n"
    "gdm-gre+    1533    1521  0 09:27 tty1     00:00:00 /usr/bin/gnome-shell\n",
    "GdmSession: selecting user 'gdm-greeter-2' for session 'c3' (0x55d1c8a0e0a0)\n",
    PS_AUX
    + "systemd+     712  0.0  0.1  25540 13056 ?        Ss   09:20   0:00 /lib/systemd/systemd-resolved\n"
    "message+     905  0.0  0.0   9764  6016 ?        Ss   09:20   0:01 /usr/bin/dbus-daemon --system\n"
    "avahi-a+     911  0.0  0.0   2500   112 ?        S    09:20   0:00 avahi-autoipd: [wlp2s0] sleeping\n",
    # prose and other `+` columns
    "systemd+ is how ps shows systemd-resolve when the column is too narrow.\n",
    "c++      1234  0.0  0.0  12345  678 ?  S  09:20  0:00 c++ -O2 main.cpp\n",
    # SDDM: its helper after Auth:, and Auth: headers that stay a secret's name
    "Nov 28 11:36:26 titan sddm[798]: Auth: sddm-helper (--socket /tmp/sddm-auth213d44a2-c2ad-43b4-8585-7b2abeab7794 --id 2 --start /usr/bin/sddm-greeter --socket /tmp/sddm--EztQtY --theme /usr/share/sddm/themes/sugar-light --user sddm --display-server weston --shell=fullscreen-shell.so --greeter) crashed (exit code 1)\n",
    "Nov 28 11:36:26 titan sddm[798]: Auth: sddm-helper exited with 15\n",
    "Nov 28 11:36:26 titan sddm[798]: Auth: sddm-helper exited successfully\n",
    'Nov 28 11:36:26 titan sddm[798]: Error from greeter session: "Process crashed"\n',
    "sddm[812]: Auth: sddm-helper (--socket /tmp/sddm-auth-0f3c --id 1 --start /usr/bin/startplasma-wayland --user sddm --greeter) crashed (exit code 1)\n",
]

GO = [
    # GDM: the four lines, whole and as a journal prints them
    (
        "GdmSession: Set up service gdm-password for username kvorlund\n",
        "kvorlund",
        "GdmSession: Set up service gdm-password for username ",
    ),
    (
        "gdm[1402]: GdmSession: Set up service gdm-password for username kvorlund on session (0x55d1c8a0e0a0)\n",
        "kvorlund",
        " on session (0x55d1c8a0e0a0)",
    ),
    ("GdmSession: selecting user 'tmerrow'\n", "tmerrow", "GdmSession: selecting user '"),
    (
        "GdmSession: selecting user 'tmerrow' for session 'c2' (0x55d1c8a0e0a0)\n",
        "tmerrow",
        "' for session 'c2' (0x55d1c8a0e0a0)",
    ),
    (
        "GdmSessionWorker: initializing PAM; service=gdm-password username=kvorlund seat=seat0\n",
        "kvorlund",
        "service=gdm-password username=",
    ),
    (
        "Jun 10 09:15:43 fedora gdm-session-wor[2215]: GdmSessionWorker: authenticating user tmerrow\n",
        "tmerrow",
        "GdmSessionWorker: authenticating user ",
    ),
    # IBus: the socket folder, whole, quoted and broken after /tmp/ibus-
    (
        "(ibus-daemon:22945): IBUS-WARNING **: Connect to unix:path=/tmp/ibus-kvorlund/ibus-unix-0 failed\n",
        "kvorlund",
        "/ibus-unix-0 failed",
    ),
    (
        "Connect to unix:path=/tmp/ibus-\ntmerrow/ibus-unix-0 failed: Failed to connect to socket /tmp/ibus-tmerrow/ibus-\nunix-0: Connection refused.\n",
        "tmerrow",
        "/ibus-unix-0 failed",
    ),
    (
        "Connect to unix:path=/tmp/ibus-\ntmerrow/ibus--0.0 failed\n",
        "tmerrow",
        "/ibus--0.0 failed",
    ),
    ('connect("/tmp/ibus-kvorlund/ibus--0.0") failed\n', "kvorlund", "/ibus--0.0"),
    # ps: a person's login cut to seven characters and +
    (
        PS_EF
        + "kvorlun+    7252    4622  0 09:27 pts/3    00:00:00 ibus-daemon --verbose --panel disable\n"
        "kvorlun+    7275    4622  0 09:27 pts/3    00:00:00 grep --colour=auto ibus\n",
        "kvorlun",
        "+    7252    4622  0 09:27 pts/3",
    ),
    (
        "% ps -ef | grep ibus\nt_merro+  7260     1  0 09:27 tty8     00:00:00 /usr/lib/ibus/ibus-portal\n",
        "t_merro",
        "+  7260     1  0 09:27 tty8",
    ),
    (
        "t_merro+  7260     1  0 Dec06 ?        1-02:03:04 /usr/lib/ibus/ibus-portal\n",
        "t_merro",
        "+  7260     1  0 Dec06 ?",
    ),
    (
        PS_AUX
        + "kvorlun+    7252  0.3  0.1 321456 12345 pts/3    Sl   09:27   0:00 ibus-daemon --xim\n",
        "kvorlun",
        "+    7252  0.3  0.1",
    ),
    # the whole login elsewhere: a cut row goes with it (no full ps row needed)
    (
        "$ ls -d /home/kvorlund.dev\n/home/kvorlund.dev\n$ ps -ef | grep ibus\nkvorlun+  7252  4622 ibus-daemon\n",
        "kvorlun",
        "+  7252  4622 ibus-daemon",
    ),
]


@pytest.mark.parametrize("text", NOBODY)
def test_desktop_session_lines_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "login", "kept"), GO)
def test_the_login_in_a_desktop_session_line_goes(
    engine: Scrubber, text: str, login: str, kept: str
) -> None:
    gone_and_kept(engine, text, login, kept)


def test_the_learned_login_goes_elsewhere_too(engine: Scrubber) -> None:
    gone_and_kept(
        engine,
        "GdmSessionWorker: authenticating user kvorlund\n\nkvorlund's session never starts\n",
        "kvorlund",
        "'s session never starts",
    )
    gone_and_kept(
        engine,
        "kvorlun+  7252  4622  0 09:27 pts/3    00:00:00 ibus-daemon\n\nkvorlun is the start of my login\n",
        "kvorlun",
        " is the start of my login",
    )
