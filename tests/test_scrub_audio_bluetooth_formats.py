# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Audio servers' and BlueZ's output (stop 55, scrubber 1.67.0; issue 35).

The tune damage of batch 116 (``tests/outside_corpus/SOURCE.md``, "The stop-116 collection"),
fixed by two general rules:

* ``xpra`` in ``scrubbers/words.yaml``'s ``system_accounts``: xpra's packages create the system
  group ``xpra`` (its Debian ``postinst``: ``addgroup --system xpra``) and its container images
  run the server as the user ``xpra`` (``runuser -l xpra -c "… xpra start …"``), so
  ``/home/xpra/.config/pulse/cookie``, an ``ls -l`` owner ``xpra xpra`` and the prompt
  ``root@xpra-server-s1:/home/xpra#`` name the program, no one; a person's
  ``/home/<u>/.config/pulse/cookie`` still goes, also beside xpra's own lines;
* ``_DBUS_OBJECT_PATH`` (``intake/scrub/recognizers.py``): a D-Bus object path (the D-Bus
  Specification, "Valid Object Paths": elements of ``[A-Za-z0-9_]`` joined by ``/``) under
  ``/org`` or ``/com`` is a path, not a random token, also after ``key=``: PulseAudio's
  ``module-bluez5-device`` argument ``path=/org/bluez/hci0/dev_04_52_C7_11_22_33`` (BlueZ's
  device object path, doc/org.bluez.Device.rst: ``[variable prefix]/{hci0,hci1,...}/dev_XX_XX_XX_XX_XX_XX``).
  A random token after ``path=`` that is no such path still goes.

``XPRA_NOBODY`` and ``DBUS_NOBODY`` are the harm hunts the rules were attacked with before
they were kept: texts of the same shape that name nobody, which must keep what they hold;
``PERSON_GOES`` and ``TOKEN_GOES`` the real values in the same places, which must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

XPRA_NOBODY = [
    "W: [pulseaudio] authkey.c: Failed to open cookie file '/home/xpra/.config/pulse/cookie': No such file or directory\n",
    "W: [pulseaudio] authkey.c: Failed to load authentication key '/home/xpra/.pulse-cookie': No such file or directory\n",
    "root@xpra-server-s1:/home/xpra# ls -la .config/pulse/cookie\n-rw------- 1 xpra xpra 256 Sep 17 14:33 .config/pulse/cookie\n",
    "root@xpra-server-s1:/home/xpra# xpra --version\nxpra v4.2.2-r0\n",
    "2021-09-17 14:33:42,316  '/run/user/1000/xpra/pulse-80/pulse/native'\nW: [pulseaudio] authkey.c: Failed to open cookie file '/home/xpra/.config/pulse/cookie': No such file or directory\n",
    "xpra@xpra-server-s1:~$ xpra start :100 --start=xterm\n",
    "Using display number provided by xvfb: :0\n  xpra is ready.\n  xpra X11 seamless server version 4.2.2-r0\n  uid=1000 (xpra), gid=1000 (xpra)\n",
    'runuser -l xpra -c "XPRA_PASSWORD=$XPRA_PASSWORD /usr/bin/xpra start --daemon=no"\n',
    "drwxr-xr-x 3 xpra xpra 4096 Sep 17 14:33 /home/xpra\n",
    "srwxrwx--- 1 root xpra 0 Sep 17 14:33 /run/xpra/system\n",
    "cat /home/xpra/.xpra/xpra.conf\n",
    "W: [pulseaudio] authkey.c: Failed to open cookie file '/var/lib/pulse/.config/pulse/cookie': No such file or directory\n",
    "W: [pulseaudio] authkey.c: Failed to open cookie file '/home/pulse/.config/pulse/cookie': No such file or directory\n",
    "su: warning: cannot change directory to /var/lib/saned: No such file or directory\n",
    "drwx------ 2 colord colord 4096 Mar  3 10:12 /var/lib/colord\n",
]

PERSON_GOES = [
    (
        "W: [pulseaudio] authkey.c: Failed to open cookie file '/home/qurlix/.config/pulse/cookie': No such file or directory\n",
        "qurlix",
        "/.config/pulse/cookie",
    ),
    (
        "root@xpra-server-s1:/home/tanvell# ls -la .config/pulse/cookie\n-rw------- 1 tanvell tanvell 256 Sep 17 14:33 .config/pulse/cookie\n",
        "tanvell",
        "root@xpra-server-s1:/home/",
    ),
    (
        "2021-09-17 14:33:42,316  '/run/user/1000/xpra/pulse-80/pulse/native'\nW: [pulseaudio] authkey.c: Failed to open cookie file '/home/moravek/.config/pulse/cookie': No such file or directory\n",
        "moravek",
        "/run/user/1000/xpra/",
    ),
    ("cat /home/odalric/.xpra/xpra.conf\n", "odalric", "/.xpra/xpra.conf"),
]

DBUS_NOBODY = [
    "Argument: path=/org/bluez/hci0/dev_04_52_C7_11_22_33 autodetect_mtu=0 output_rate_refresh_interval_ms=500 avrcp_absolute_volume=1\n",
    "Argument: path=/org/bluez/hci1/dev_00_11_22_33_44_55 autodetect_mtu=0\n",
    "Argument: path=/org/bluez/hci0/dev_04_52_C7_11_22_33/sep1/fd0\n",
    "load-module module-bluez5-device path=/org/bluez/hci0/dev_10_94_97_21_43_65\n",
    "object_path=/org/freedesktop/NetworkManager/ActiveConnection/12\n",
    "path=/org/freedesktop/UPower/devices/battery_BAT0\n",
    "path /org/bluez/hci0/dev_04_52_C7_11_22_33\n",
    "Device=/org/freedesktop/login1/seat/seat0\n",
    "[NEW] Endpoint /org/bluez/hci1/dev_00_1B_66_E8_CB_52/sep8\n",
    "bluetoothd[4711]: profiles/audio/sink.c:sink_init() /org/bluez/hci0/dev_94_DB_56_EA_BA_2A\n",
    "Name: bluez_sink.04_52_C7_11_22_33.a2dp_sink\n",
]

TOKEN_GOES = [
    ("path=Zx8kP2mQ7vR4tW9yB3nL6cF1hJ5sD0gA\n", "Zx8kP2mQ7vR4tW9yB3nL6cF1hJ5sD0gA"),
    ("path=/Zx8kP2mQ7vR4tW9yB3nL6cF1hJ5sD0gA+e/\n", "Zx8kP2mQ7vR4tW9yB3nL6cF1hJ5sD0gA"),
    (
        "auth-cookie=Zx8kP2mQ7vR4tW9yB3nL6cF1hJ5sD0gA path=/org/bluez/hci0\n",
        "Zx8kP2mQ7vR4tW9yB3nL6cF1hJ5sD0gA",
    ),
]


@pytest.mark.parametrize("text", XPRA_NOBODY)
def test_xpra_account_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "name", "kept"), PERSON_GOES)
def test_a_person_beside_xpra_goes(engine: Scrubber, text: str, name: str, kept: str) -> None:
    gone_and_kept(engine, text, name, kept)


@pytest.mark.parametrize("text", DBUS_NOBODY)
def test_dbus_object_path_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "token"), TOKEN_GOES)
def test_a_token_after_path_goes(engine: Scrubber, text: str, token: str) -> None:
    assert token not in scrubbed(engine, text)
