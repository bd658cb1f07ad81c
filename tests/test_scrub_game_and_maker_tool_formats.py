# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Game launchers' and maker tools' formats (stop 52, scrubber 1.41.0; issue 35).

The damage of batches 88 and 89's tune parts (``tests/outside_corpus/SOURCE.md``, "The stop-88
collection", "The stop-89 collection"), each fixed by a general rule:

* ``posix_home`` (``scrubbers/recognizers.yaml``): a home's user segment may hold spaces
  (``/Users/First Last/x``), but a word that is an upper-case variable's name and its ``=``
  (``PROTON_LOG_DIR=/home/<u> LEGENDARY_CONFIG_PATH=/home/<u>/…``, Heroic's environment) starts
  the next ``NAME=value``, not the user's surname;
* ``ark`` (``scrubbers/words.yaml``'s ``not_user_names``): ArkOS's documented default account
  (``ark``/``ark``: christianhaitian/arkos issue 980), beside SteamOS's ``deck`` and Raspberry
  Pi OS's ``pi``;
* ``copyright_notice_address`` (``scrubbers/recognizers.yaml``, kept public material): an
  address inside a copyright notice,
  ``(c) <year> <Name> <addr>`` or ``Copyright (c) <year> <Name> <addr>`` (esptool's banner), is
  published by its author; a bare address, a git author, a mail header stay private.

The login misses of batch 89's tune part, each read by its tool's documented format
(``scrubbers/user_names.yaml``):

* ``modlauncher_username``: ModLauncher's ``ModLauncher running: args [--username, <name>, …]``
  (``cpw.mods.modlauncher.Launcher``: ``Arrays.toString`` of the launch arguments);
* ``minecraft_user`` (1.30.0's, extended): the client's ``Setting user: <name>`` also as old
  FML's STDOUT copy, ``[INFO] [STDOUT] Setting user: <name>, `` (a trailing ``, ``);
* ``crash_report_player``: a crash report's ``All players: N total; [<class>['<name>'/<id>, …``
  and the player entity classes' ``EntityPlayerMP['<name>'/…`` (``Level.fillReportDetails``);
* ``LOGNAME=``/``USER=`` (``engine._short_login``): a two-letter login whose home the document
  holds (``/home/jt/…``) is learned when an environment dump names it too (``LOGNAME=jt``), as a
  prompt already made it; longer logins were learned from the home already.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only public material), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

ENV_NAME_AFTER_HOME_NOBODY = [
    "PROTON_LOG_DIR=/home/deck LEGENDARY_CONFIG_PATH=/home/deck/.config/heroic/legendaryConfig/legendary\n",
    "STEAM_COMPAT_CLIENT_INSTALL_PATH=/home/deck/.steam/steam STEAM_COMPAT_DATA_PATH=/home/deck/Games/Heroic/Prefixes/default/Game\n",
    "HOME=/home/user PATH=/usr/local/bin:/usr/bin\n",
    "WINEPREFIX=/home/USER/Games/Prefixes/x DXVK_ASYNC=1 WINEDEBUG=-all\n",
    "PROTON_LOG_DIR=/home/pi STEAM_COMPAT_DATA_PATH=/home/pi/.steam/steam/steamapps/compatdata/1\n",
    "Launch Command: HOME=/home/deck XDG_CONFIG_HOME=/home/deck/.config /usr/bin/heroic\n",
    "HOME=/home/ubuntu LOGNAME=ubuntu SHELL=/bin/bash\n",
    "XDG_DATA_HOME=/home/deck/.local/share XDG_CACHE_HOME=/home/deck/.cache\n",
    "PROTON_LOG_DIR=/home/<user> LEGENDARY_CONFIG_PATH=/home/<user>/.config/heroic/legendaryConfig/legendary\n",
    "export HOME=/home/vagrant PATH=/home/vagrant/.local/bin:$PATH\n",
    "env HOME=/root USER=root /usr/bin/wine game.exe\n",
    "PROTON_LOG_DIR=/var/log/proton LEGENDARY_CONFIG_PATH=/opt/heroic/legendaryConfig/legendary\n",
]

ARK_NOBODY = [
    '[INFO] [Config]: Loading config: "/home/ark/.config/retroarch/retroarch.cfg".\n',
    '[INFO] [Core]: Loading dynamic libretro core from: "/home/ark/.config/retroarch/cores/fceumm_libretro.so"\n',
    "ark@rg351mp:/roms$ sudo dd if=/dev/zero of=/roms/swap bs=1M count=512\n",
    "ark@rg353v:~$ ls /home/ark/.emulationstation\n",
    "ark@192.168.1.147's password: \n",
    "ssh ark@192.168.1.147\n",
    "LOGNAME=ark\nHOME=/home/ark\n",
    "/home/ark/.config/retroarch/retroarch.cfg\n",
    "[libretro INFO] Save directory: /home/ark/.config/retroarch/saves\n",
    "cp /home/ark/.emulationstation/es_systems.cfg /home/ark/es_systems.cfg.bak\n",
]

COPYRIGHT_NOTICE_KEPT = [
    "esptool v0.4.9 - (c) 2014 Ch. Klippel <ck@atelier-klippel.de>\n",
    "esptool v0.4.13 - (c) 2014 Ch. Klippel ck@atelier-klippel.de\n",
    "\tesptool v0.4.9 - (c) 2014 Ch. Klippel <ck@atelier-klippel.de>\n\tsetting board to nodemcu\n\tsetting baudrate from 115200 to 115200\n",
    "avrdude: Version 6.3, compiled on Jan 17 2017 at 12:00:53\n         Copyright (c) 2000-2005 Brian Dean, http://www.bdmicro.com/\n",
    "Copyright (c) 2016 Jane Maker <jane@makers-lab.de>\n",
    "dfu-util 0.9\n\nCopyright 2005-2009 Weston Schmidt, Harald Welte and OpenMoko Inc.\n",
    "(C) 2019 Mira Holt <mh@holt-elektronik.de>\n",
    "Copyright (C) 2012-2020 Ana Souza Lima <ana@souza.com.br>\n",
    "# (c) 2020 K. Walden <kwalden@walden.net>\n",
    "copyright (c) 2008, 2014 Fred Maker <fred@fredmaker.net>\n",
]

MODLAUNCHER_NOBODY = [
    "[21:20:04] [main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher running: args [--username, Dev, --version, MOD_DEV, --gameDir, ., --assetsDir, C:\\Users\\*\\.gradle\\caches\\forge_gradle\\assets, --assetIndex, 1.19, --uuid, 00000000000000000000000000000000, --accessToken, ????????, --userType, mojang]\n",
    "[main/INFO] [cpw.mods.modlauncher.Launcher/MODLAUNCHER]: ModLauncher running: args [--gameDir, ., --launchTarget, fmlserver, --fml.forgeVersion, 32.0.108, --fml.mcpVersion, 20200625.160719, --fml.mcVersion, 1.16.1, --fml.forgeGroup, net.minecraftforge, nogui]\n",
    "[main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher running: args [--launchTarget, forgeserver, --fml.forgeVersion, 47.4.10, --fml.mcVersion, 1.20.1, --nogui]\n",
    "[main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher running: args [--username, , --version, 1.20.1, --accessToken, ????????]\n",
    "[main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher running: args [--username, ${auth_player_name}, --version, ${version_name}]\n",
    "[main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher running: args [--username, Player, --version, 1.18.2]\n",
    "[main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher running: args [--username, Player419, --version, 1.18.2]\n",
    "[main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher running: args [--username, <username>, --version, 1.18.2]\n",
    "[main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher running: args [--username, ********, --version, 1.18.2]\n",
    "[main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher running: args [--username, Dev, --version, MOD_DEV, --gameDir, ., --accessToken, ????????, --userType, mojang]\n",
    "  --username  --version 1.20.1 --gameDir C:/MultiMC/instances/1.20.1/.minecraft --assetIndex 5 --uuid  --accessToken  --userType  --versionType release\n",
    "[main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher 10.0.8+10.0.8+main.0ef7e830 starting: java version 17.0.3 by Microsoft\n",
]

SETTING_USER_NOBODY = [
    "[17:50:13] [Client thread/INFO]: Setting user: Player419\n",
    "[17:50:13] [Client thread/INFO]: (Session ID is token:0:Player419)\n",
    "2012-11-17 23:24:37 [INFO] [STDOUT] Setting user: Player803, \n",
    "2012-11-17 23:24:37 [INFO] [STDOUT] Setting user: Dev\n",
    "[12:01:02] [Render thread/INFO]: Setting user: Dev\n",
    "[12:01:02] [Render thread/INFO]: Setting user: Player\n",
    "[12:01:02] [Render thread/INFO]: Setting user: ${auth_player_name}\n",
    "[12:01:02] [Render thread/INFO]: Setting user: <username>\n",
    "[12:01:02] [Render thread/INFO]: Setting user: \n",
    "2012-11-17 23:24:37 [INFO] [STDOUT] 208 recipes\n",
    "Error setting user: connection refused\n",
]

CRASH_REPORT_NOBODY = [
    "\tAll players: 0 total; []\n",
    "\tForced entities: 1 total; [class_1531['Armor Stand'/87, l='ClientLevel', x=-380.50, y=64.00, z=-210.50]]\n",
    "\tEntities: [class_1542['Dirt'/112, l='ClientLevel', x=-385.13, y=64.00, z=-213.88]]\n",
    "\tRetry entities: 0 total; []\n",
    "\tLevel name: MpServer\n\tAll players: 0 total; []\n\tChunk stats: 121, 25\n",
    "\tAll players: 1 total; [class_746['Player419'/91, l='ClientLevel', x=-380.50, y=64.00, z=-210.50]]\n",
    "\tAll players: 1 total; [EntityPlayerSP['Dev'/154, l='MpServer', x=8.50, y=65.00, z=8.50]]\n",
    "\tEntity Type: minecraft:zombie (net.minecraft.world.entity.monster.Zombie)\n\tEntity's Exact location: 1.50, 64.00, 2.50\n",
    "\tForced entities: 2 total; [EntityItem['item.item.rottenFlesh'/3, l='MpServer', x=1.13, y=64.00, z=2.88], EntityZombie['Zombie'/5, l='MpServer', x=3.50, y=64.00, z=4.50]]\n",
    "\tChunk stats: 121, 25\n\tServer brand: fabric\n\tServer type: Integrated singleplayer server\n",
]

LOGNAME_NOBODY = [
    "[umu.__main__:78] DEBUG: LOGNAME=root\n",
    "[umu.__main__:78] DEBUG: LOGNAME=deck\n[umu.__main__:78] DEBUG: HOME=/home/deck\n",
    "[umu.__main__:78] DEBUG: LESSOPEN=| /usr/bin/lesspipe %s\n",
    "[umu.__main__:78] DEBUG: USER=pi\n[umu.__main__:78] DEBUG: HOME=/home/pi\n",
    "LOGNAME=$USER\nUSER=${USER}\n",
    "[umu.__main__:78] DEBUG: LOGNAME=me\n",
    "LOGNAME=gdm\nPWD=/var/lib/gdm3\n",
    "USER=ci\nHOME=/home/ci\n",
    "[umu.__main__:78] DEBUG: LD_LIBRARY_PATH=/app/net.lutris.Lutris/data/lutris/runtime/steam/amd64/lib:/usr/lib/extensions/vulkan/gamescope/lib\n",
    "LOGNAME=steam\nHOME=/home/steam\n",
]

# (text, the login or address that must be gone from the whole text)
STILL_GO = [
    # a home before a variable's name: the user segment still goes, the name stays
    (
        "PROTON_LOG_DIR=/home/kwalden LEGENDARY_CONFIG_PATH=/home/kwalden/.config/heroic/legendaryConfig/legendary\n",
        "kwalden",
    ),
    ("/Users/Ana Souza/Library/Arduino15/packages\n", "Souza"),
    ("HOME=/home/tmorrow PATH=/usr/bin\n", "tmorrow"),
    # a name beside ArkOS's folders
    (
        '[INFO] [Config]: Loading config: "/home/arkadiusz/.config/retroarch/retroarch.cfg".\n',
        "arkadiusz",
    ),
    # an address outside a copyright notice stays private
    ("Author: Ch. Klippel <ckl@klippel-home.de>\n", "ckl@klippel-home.de"),
    ("From: Tobias Vogt <tobias.vogt@posteo.de>\n", "tobias.vogt@posteo.de"),
    ("contact me at kwalden@posteo.de (c) 2014\n", "kwalden@posteo.de"),
    ("user.email=jsmith42@posteo.de\n", "jsmith42@posteo.de"),
    ("Signed-off-by: Ana Souza <ana.souza@posteo.de>\n", "ana.souza@posteo.de"),
    ("(c) 2014 esptool flashed by kwalden@posteo.de yesterday\n", "kwalden@posteo.de"),
    # the logins of the tools' formats
    (
        "[21:20:04] [main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher running: args [--username, Vrelt_92, --version, 1.20.1, --gameDir, C:\\Users\\*\\AppData\\Roaming\\.minecraft]\n",
        "Vrelt_92",
    ),
    ("2012-11-17 23:24:37 [INFO] [STDOUT] Setting user: XxkwaldenxX, \n", "XxkwaldenxX"),
    ("[12:01:02] [Render thread/INFO]: Setting user: Moon_Owl538\n", "Moon_Owl538"),
    (
        "\tAll players: 1 total; [class_746['Moonlight_Owl538'/91, l='ClientLevel', x=-380.50, y=64.00, z=-210.50]]\n",
        "Moonlight_Owl538",
    ),
    (
        "\tPlayer Count: 2 / 20; [EntityPlayerMP['kwalden'/257, l='world', x=1.50, y=64.00, z=2.50], EntityPlayerMP['Tmorrow_7'/258, l='world', x=3.50, y=64.00, z=4.50]]\n",
        "Tmorrow_7",
    ),
    (
        "[umu.__main__:78] DEBUG: LOGNAME=jt\n[umu.__main__:78] DEBUG: LD_LIBRARY_PATH=/home/jt/.var/app/net.lutris.Lutris/data/lutris/runtime\n",
        "LOGNAME=jt",
    ),
]


@pytest.mark.parametrize(
    "text",
    ENV_NAME_AFTER_HOME_NOBODY
    + ARK_NOBODY
    + COPYRIGHT_NOTICE_KEPT
    + MODLAUNCHER_NOBODY
    + SETTING_USER_NOBODY
    + CRASH_REPORT_NOBODY
    + LOGNAME_NOBODY,
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_the_names_and_addresses_still_go(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower()


def test_a_home_before_a_variable_keeps_the_variable(engine: Scrubber) -> None:
    text = "PROTON_LOG_DIR=/home/kwalden LEGENDARY_CONFIG_PATH=/home/kwalden/.config/heroic/x\n"
    out = scrubbed(engine, text)
    assert " LEGENDARY_CONFIG_PATH=/home/" in out
    assert out.startswith("PROTON_LOG_DIR=/home/") and out.endswith("/.config/heroic/x\n")
