# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Session and login daemons' logs, per-user socket names and a one-letter home mask (stop 59,
scrubber 1.117.0; issue 35).

The tune misses and damage of batch 162 (``tests/outside_corpus/SOURCE.md``, "The stop-162
collection"), fixed by general rules:

* ``session_daemon_login`` (``scrubbers/user_names.yaml``): the account a session or login
  daemon names in its own log line, in each tool's fixed wording: xrdp-sesman's
  ``session_get_bydata: search policy <n> U <u> W …``, ``++ created session (access granted):
  username <u>, ip …`` (and 0.6's ``… - user <u>, ip …``), ``Starting session: … user name <u>``,
  0.10's ``Received system login request from <peer> for user: <u> IP: …`` and ``Access
  permitted for user: <u>``; NoMachine's ``nxserver.log`` (and Foreman's production log)
  ``User '<u>' logged in from '…'`` and ``User '<u>' from '…' logged out.``; systemd-logind's
  ``New session <id> of user <u>.`` and systemd's ``Session <id> of User <u>.`` unit;
  util-linux login(1)'s ``LOGIN ON <tty> BY <u>``; LightDM's ``Started with service '<svc>',
  username '<u>'`` and ``Greeter start authentication for <u>``; SDDM's ``Authentication for
  user  "<u>"  successful``; sshd's ``Disconnected from user <u> <addr> port <n>``.
* ``per_user_socket`` (``scrubbers/user_names.yaml``): a login a tool puts into a per-user
  socket or temporary folder name: Chrome Remote Desktop's
  ``/tmp/chromoting.<u>.ssh_auth_sock``, GNU screen's ``/run/screen/S-<u>``, Qt's
  ``/tmp/runtime-<u>`` fallback for ``XDG_RUNTIME_DIR``, HotSpot's ``/tmp/hsperfdata_<u>``.
* a home under ``/home/`` named by one capital letter (``/home/Y/.vnc/…``) is a poster's mask,
  as ``X`` already was (``engine.user_bearing``).

``*_NOBODY`` are the harm hunt the rules were attacked with before they were kept: texts of the
same shapes that name nobody (system, image, placeholder and the tools' own accounts), which
must stay as they are; ``*_GO`` are real logins in the same places, which must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

SESSION_LOGIN_NOBODY = [
    # xrdp-sesman 0.9 with system, image and placeholder accounts
    "[20220506-18:17:46] [DEBUG] session_get_bydata: search policy 0 U root W 1792 H 1120 bpp 32 T 2 IP ::ffff:10.xxx.xx.xx:58301 - socket: 12\n",
    "[20220506-18:17:46] [INFO ] ++ created session (access granted): username ubuntu, ip ::ffff:10.0.0.5:58301 - socket: 12\n",
    "Jul 15 09:10:39 pi-desktop xrdp-sesman[887]: [INFO ] ++ created session (access granted): username pi, ip ::ffff:192.168.1.192:60372 - socket: 12\n",
    "[20200501-19:24:37] [INFO ] ++ created session (access granted): username vagrant, ip ::ffff:192.168.101.101:58711 - socket: 12\n",
    "[20200501-19:24:37] [INFO ] ++ created session (access granted): username admin, ip ::ffff:192.168.101.101:58711 - socket: 12\n",
    "[20200501-19:24:37] [INFO ] ++ created session (access granted): username xrdp, ip ::ffff:192.168.101.101:58711 - socket: 12\n",
    "[20200501-19:24:37] [INFO ] ++ created session (access granted): username test, ip ::ffff:192.168.101.101:58711 - socket: 12\n",
    "[20200501-19:24:37] [INFO ] ++ created session (access granted): username <user>, ip ::ffff:192.168.101.101:58711 - socket: 12\n",
    "[20200501-19:24:37] [INFO ] ++ created session (access granted): username username, ip ::ffff:192.168.101.101:58711 - socket: 12\n",
    "[20200501-19:24:37] [INFO ] ++ created session (access granted): username myuser, ip IPADDRMASKED - socket: 12\n",
    "[20200501-19:24:37] [INFO ] ++ created session (access granted): username Administrator, ip ::ffff:10.0.0.2:3389 - socket: 12\n",
    "[20211029-01:18:31] [INFO ] Starting session: session_pid 906, display :10.0, width 1024, height 768, bpp 24, client ip ::ffff:192.168.1.188:38410 - socket: 12, user name root\n",
    "[2023-01-01T10:00:00.000+0000] [INFO ] Received system login request from xrdp for user: root IP: ::ffff:10.0.0.3\n",
    "[2023-01-01T10:00:00.000+0000] [INFO ] Access permitted for user: ubuntu\n",
    "[2023-01-01T10:00:00.000+0000] [INFO ] Normal access permitted for user: user\n",
    "xrdp-sesman logs `++ created session (access granted): username %s, ip %s` for every session.\n",
    # NoMachine's nxserver.log and Foreman's production log
    "59089 59089 2022-03-19 08:35:54 406.534 NXSERVER User 'root' logged in from '192.168.1.11' using authentication method NX-password.\n",
    "59089 59089 2022-03-19 08:35:58 170.045 NXSERVER User 'nx' from '192.168.1.11' logged out.\n",
    "59089 59089 2022-03-19 08:35:54 406.534 NXSERVER User 'user' logged in from '192.168.1.11' using authentication method NX-password.\n",
    "59089 59089 2022-03-19 08:35:54 406.534 NXSERVER User 'ubuntu' logged in from '10.0.0.9' using authentication method NX-private-key.\n",
    "59089 59089 2022-03-19 08:35:54 406.534 NXSERVER User 'admin' logged in from '10.0.0.9' using authentication method NX-password.\n",
    "59089 59089 2022-03-19 08:35:54 406.534 NXSERVER User 'nxuser' logged in from '10.0.0.9' using authentication method NX-password.\n",
    "59089 59089 2022-03-19 08:35:54 406.534 NXSERVER User '<username>' logged in from '10.0.0.9' using authentication method NX-password.\n",
    "2024-01-10T10:00:00 [app] [I] User 'admin' logged in from '10.0.0.7'\n",
    "The log says User 'someone' logged in from somewhere.\n",
    "44165 44165 2022-03-19 08:35:54 646.651 NXSERVER WARNING! Cannot check WM on display :0 EEXIST\n",
    # systemd-logind and systemd
    "Mar 01 10:00:00 host systemd-logind[500]: New session c1 of user lightdm.\n",
    "Mar 01 10:00:00 host systemd-logind[500]: New session 1 of user gdm.\n",
    "Mar 01 10:00:00 host systemd-logind[500]: New session 2 of user root.\n",
    "Mar 01 10:00:00 host systemd-logind[500]: New session 5 of user sddm.\n",
    "Mar 01 10:00:00 host systemd[1]: Started Session 2 of User root.\n",
    "Mar 01 10:00:00 host systemd[1]: Started session-c1.scope - Session c1 of User lightdm.\n",
    "Mar 01 10:00:00 host systemd[1]: Started Session 3 of user pi.\n",
    "Mar 01 10:00:00 host systemd-logind[500]: Removed session 3.\nMar 01 10:00:00 host systemd[1]: Starting User Manager for UID 1000...\n",
    "Mar 01 10:00:00 host systemd[1]: Stopped User Manager for UID 1000.\nMar 01 10:00:00 host systemd[1]: Removed slice User Slice of UID 1000.\n",
    "A new session of user data is opened for each request.\n",
    # login(1)
    "Mar  1 10:00:00 host login[999]: ROOT LOGIN  on '/dev/tty1'\n",
    "Mar  1 10:00:00 host login[999]: LOGIN ON tty1 BY root\n",
    "Mar  1 10:00:00 host login[999]: LOGIN ON ttyS0 BY pi FROM 10.0.0.4\n",
    # LightDM and SDDM
    "[+0.52s] DEBUG: Session pid=1234: Started with service 'lightdm-greeter', username 'lightdm'\n",
    "[+0.52s] DEBUG: Session pid=1234: Started with service 'lightdm-autologin', username 'pi'\n",
    "[+2.15s] DEBUG: Greeter start authentication for ubuntu\n",
    "[+2.15s] DEBUG: Greeter start authentication\n",
    '[08:00:00.000] (II) DAEMON: Authentication for user  "sddm"  successful\n',
    '[08:00:00.000] (II) DAEMON: Authentication for user  "root"  successful\n',
    # sshd's connection id
    "Mar  1 10:00:00 host sshd[123]: Disconnected from user root 10.0.0.5 port 5555\n",
    "Mar  1 10:00:00 host sshd[123]: Disconnected from user vagrant 10.0.2.2 port 50312\n",
    "Mar  1 10:00:00 host sshd[123]: Disconnected from invalid user oracle 203.0.113.9 port 40222 [preauth]\n",
    "Mar  1 10:00:00 host sshd[123]: Disconnected from 203.0.113.9 port 40222 [preauth]\n",
]

SESSION_LOGIN_GO = [
    (
        "[20220506-18:17:46] [DEBUG] session_get_bydata: search policy 0 U okwabena W 1792 H 1120 bpp 32 T 2 IP ::ffff:10.xxx.xx.xx:58301 - socket: 12\n",
        "okwabena",
        "session_get_bydata: search policy 0 U ",
    ),
    (
        "[20190204-20:12:27] [INFO ] ++ created session (access granted): username divernick, ip ::ffff:10.1.1.90:7548 - socket: 12\n[20190204-20:12:27] [INFO ] starting Xorg session...\n",
        "divernick",
        "++ created session (access granted): username ",
    ),
    (
        "xrdp-sesman[10471]: (10471)(140145709626688)[INFO ] ++ created session (access granted) - user hmarlowe, ip 192.168.222.1\n",
        "hmarlowe",
        "(access granted) - user ",
    ),
    (
        "[20211029-01:18:31] [INFO ] Starting session: session_pid 906, display :10.0, width 1024, height 768, bpp 24, client ip ::ffff:192.168.1.188:38410 - socket: 12, user name tbrennig\n",
        "tbrennig",
        ", user name ",
    ),
    (
        "[2023-01-01T10:00:00.000+0000] [INFO ] Received system login request from xrdp for user: jkowalczyk IP: ::ffff:10.1.2.3\n[2023-01-01T10:00:00.000+0000] [INFO ] Access permitted for user: jkowalczyk\n",
        "jkowalczyk",
        "Access permitted for user: ",
    ),
    (
        "[2023-01-01T10:00:00.000+0000] [INFO ] Admin access permitted for user: Rfontaine\n",
        "Rfontaine",
        "Admin access permitted for user: ",
    ),
    (
        "59089 59089 2022-03-19 08:35:54 406.534 NXSERVER User 'lindqvist' logged in from '192.168.1.11' using authentication method NX-password.\n59089 59089 2022-03-19 08:35:58 170.045 NXSERVER User 'lindqvist' from '192.168.1.11' logged out.\n",
        "lindqvist",
        "' logged in from '192.168.1.11'",
    ),
    (
        "2024-01-10T10:00:00 [app] [I] User 'pvandamme' logged in from '10.0.0.7'\n",
        "pvandamme",
        "' logged in from '10.0.0.7'",
    ),
    (
        "Mar 01 10:00:00 host systemd-logind[500]: New session 3 of user ghallorann.\nMar 01 10:00:00 host systemd[1]: Started Session 3 of User ghallorann.\n",
        "ghallorann",
        "New session 3 of user ",
    ),
    (
        "Mar 01 10:00:00 host systemd[1]: Started session-7.scope - Session 7 of User mbeaulieu.\n",
        "mbeaulieu",
        "Session 7 of User ",
    ),
    (
        "Mar  1 10:00:00 host login[999]: LOGIN ON tty1 BY skarimova\n",
        "skarimova",
        "LOGIN ON tty1 BY ",
    ),
    (
        "Mar  1 10:00:00 host login[999]: LOGIN ON pts/1 BY dquennell FROM 10.0.0.4\n",
        "dquennell",
        " FROM 10.0.0.4",
    ),
    (
        "[+0.52s] DEBUG: Session pid=1234: Started with service 'lightdm', username 'avoskuijlen'\n",
        "avoskuijlen",
        "Started with service 'lightdm', username '",
    ),
    (
        "[+2.15s] DEBUG: Greeter start authentication for tnakashima\n",
        "tnakashima",
        "Greeter start authentication for ",
    ),
    (
        '[08:00:00.000] (II) DAEMON: Authentication for user  "wcarraway"  successful\n',
        "wcarraway",
        "Authentication for user  ",
    ),
    (
        "Mar  1 10:00:00 host sshd[123]: Disconnected from user eabernathy 10.0.0.5 port 5555\n",
        "eabernathy",
        "Disconnected from user ",
    ),
]

SOCKET_NOBODY = [
    "2024-02-17 23:37:32,869:INFO:['/opt/google/chrome-remote-desktop/chrome-remote-desktop-host', '--host-config=-', '--audio-pipe-name=/run/user/1000/crd_audio#1eM0NjT2sY/fifo_output', '--ssh-auth-sockname=/tmp/chromoting.root.ssh_auth_sock', '--signal-parent']\n",
    "--ssh-auth-sockname=/tmp/chromoting.${USER}.ssh_auth_sock\n",
    "SSH_AUTH_SOCK=/tmp/chromoting.$USER.ssh_auth_sock\n",
    "--ssh-auth-sockname=/tmp/chromoting.ubuntu.ssh_auth_sock\n",
    "--ssh-auth-sockname=/tmp/chromoting.admin.ssh_auth_sock\n",
    "--ssh-auth-sockname=/tmp/chromoting.user.ssh_auth_sock\n",
    "--audio-pipe-name=/run/user/1000/crd_audio#1eM0NjT2sY/fifo_output\n",
    "No Sockets found in /run/screen/S-root.\n",
    "There is a screen on:\n\t1234.pts-0.host\t(Detached)\n1 Socket in /var/run/screen/S-pi.\n",
    "QStandardPaths: XDG_RUNTIME_DIR not set, defaulting to '/tmp/runtime-root'\n",
    "QStandardPaths: XDG_RUNTIME_DIR not set, defaulting to '/tmp/runtime-www-data'\n",
    "Error: Could not create /tmp/hsperfdata_root/12345\n",
    "Warning: /tmp/hsperfdata_jenkins is not a secure directory\n",
    "drwxr-xr-x 2 hdfs hdfs 4096 Jan 1 10:00 /tmp/hsperfdata_hdfs\n",
    "Java HotSpot(TM) 64-Bit Server VM warning: Insufficient space for shared memory file: /tmp/hsperfdata_elasticsearch/1\n",
    "/tmp/tmux-1000/default\n",
    "/tmp/.X11-unix/X0\n",
]

SOCKET_GO = [
    (
        "2024-02-17 23:37:32,869:INFO:['/nix/store/gnbbnxr66qslxzfylirfckamgflffp13-chrome-remote-desktop/opt/google/chrome-remote-desktop/chrome-remote-desktop-host', '--host-config=-', '--ssh-auth-sockname=/tmp/chromoting.okwabena.ssh_auth_sock', '--signal-parent']\n",
        "okwabena",
        "/tmp/chromoting.",
    ),
    ("SSH_AUTH_SOCK=/tmp/chromoting.mhartley.ssh_auth_sock\n", "mhartley", ".ssh_auth_sock"),
    (
        "There is a screen on:\n\t1234.pts-0.host\t(Detached)\n1 Socket in /run/screen/S-tvranescu.\n",
        "tvranescu",
        "/run/screen/S-",
    ),
    (
        "QStandardPaths: XDG_RUNTIME_DIR not set, defaulting to '/tmp/runtime-lbergstrom'\n",
        "lbergstrom",
        "/tmp/runtime-",
    ),
    (
        "Error: Could not create /tmp/hsperfdata_cdelacroix/12345\n",
        "cdelacroix",
        "/tmp/hsperfdata_",
    ),
]

ONE_LETTER_HOME_NOBODY = [
    "SessionManager: Starting new TurboVNC session on host XXX\nSessionManager: Log file is /home/Y/.vnc/X-pi1:2.log\nSessionManager: Generating one-time password for session XXX:2\n",
    "Log file is /home/Y/.vnc/host:1.log\n",
    "cd /home/A/projects/app\n",
    "/home/Z/.config/app/settings.json\n",
    "/home/X/.vnc/passwd\n",
    "/home/x/.vnc/passwd\n",
    "/home/USER/.vnc/passwd\n",
    "/home/<user>/.vnc/passwd\n",
    "/home/xxx/.vnc/passwd\n",
    "/root/.vnc/xstartup\n",
]

ONE_LETTER_HOME_GO = [
    ("/home/k/.npm/_logs/debug.log\n", "/home/k/", "/.npm/_logs/debug.log"),
    ("Error: /home/q/app/index.js\n", "/home/q/", "/app/index.js"),
    ("Log file is /home/y/.vnc/host:1.log\n", "/home/y/", "/.vnc/host:1.log"),
    ("from /Users/Q/Library/Python/3.9/lib\n", "/Users/Q/", "/Library/Python/3.9/lib"),
    ("C:\\Users\\K\\AppData\\Local\\Temp\n", "\\Users\\K\\", "\\AppData\\Local\\Temp"),
]


@pytest.mark.parametrize("text", SESSION_LOGIN_NOBODY)
def test_session_login_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), SESSION_LOGIN_GO)
def test_session_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower(), out
    assert kept in out, out


@pytest.mark.parametrize("text", SOCKET_NOBODY)
def test_per_user_socket_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), SOCKET_GO)
def test_per_user_socket_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower(), out
    assert kept in out, out


@pytest.mark.parametrize("text", ONE_LETTER_HOME_NOBODY)
def test_one_capital_letter_home_under_home_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), ONE_LETTER_HOME_GO)
def test_one_letter_login_elsewhere_goes(engine: Scrubber, text: str, gone: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert gone not in out, out
    assert kept in out, out
