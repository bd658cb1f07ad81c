# ruff: noqa: E501  (servers' lines are kept whole, as they are written)
"""Game servers' logs and their managers' accounts (stop 55, scrubber 1.69.0; issue 35).

The tune misses and damage of batch 117 (``tests/outside_corpus/SOURCE.md``, "The stop-117
collection"), fixed by general rules:

* ``game_server_player`` (``scrubbers/user_names.yaml``): a player's name in a game server's
  own log line is a user name, learned: CraftBukkit's and Paper's ``<P> issued server command:``
  (PlayerConnection: ``player.getName() + " issued server command: " + message``) and the
  vanilla server's ``joined the game``, ``left the game``, ``lost connection:``, ``logged in
  with entity id``, ``UUID of player <P> is``, after the log's ``]: ``; authlib's printed
  ``GameProfile@…[id=…,name=<P>,…]`` (commons-lang's ToStringBuilder) or ``GameProfile[id=…,
  name=<P>, …]``; Valheim's ``Got character ZDOID from <P> : <id>`` (``ZNet.RPC_CharacterID``);
  Palworld's ``[LOG] <P> joined|left the server. (User id: …)`` and ``[LOG] <P> <ip> connected
  the server.``; jammsen's Palworld image's ``Player <P> has joined|left the server.`` and its
  broadcast ``<time>-Player-<P>-has-joined-the-server`` (includes/playerdetection.sh).
* ``capitalised_zsh_prompt`` (``scrubbers/user_names.yaml``): macOS's zsh prompt ``%n@%m %1~ %#``
  with a capitalised login (``Jo@192 ~ %``); a two-letter one only beside its own home
  ``/Users/Jo/`` (``engine._short_login``'s second piece of evidence).
* ``words.yaml``'s ``system_accounts``: LinuxGSM's per-game accounts (``<shortname>server``,
  its lgsm/data/serverlist.csv: ``arkserver``, ``csgoserver``, ``vhserver``, …) and
  Pterodactyl's ``container`` (its images' ``useradd -m -d /home/container container``) name a
  game server, not a person.

``GAME_SERVER_NOBODY`` is the harm hunt the rules were attacked with before they were kept:
texts of the same shape that name nobody (the console, RCON, a profile before login, Steam ids
only, placeholders, the managers' accounts), which must stay as they are; under 1.64.0 the six
LinuxGSM and Pterodactyl home texts among them were changed (the damage class), the rest stayed.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

GAME_SERVER_NOBODY = [
    "[19:31:48 INFO]: CONSOLE issued server command: /op @a\n",
    "[19:31:48 INFO]: > CONSOLE issued server command: /whitelist add\n",
    "[19:32:41 INFO]: [Rcon: Saved the game]\n",
    "[12:00:01] [Server thread/INFO]: Server issued server command: /save-all\n",
    "[Server thread/INFO]: /127.0.0.1:38894 lost connection: Disconnected\n",
    "[Server thread/INFO]: com.mojang.authlib.GameProfile@7c1a7ab0[id=<null>,name=<null>,properties={},legacy=false] (/127.0.0.1:38894) lost connection: Disconnected\n",
    "[Server thread/INFO]: Disconnecting GameProfile[id=null, name=null, properties={}] (/10.0.0.5:51234): Took too long to log in\n",
    "[Server thread/INFO]: Player joined the game\n",
    'Caused by: java.lang.NullPointerException: Cannot invoke "com.mojang.authlib.GameProfile.getName()" because "profile" is null\n',
    "03/12/2021 13:42:48: Got connection SteamID 76561197987220805\n03/12/2021 13:42:49: Got handshake from client 76561197987220805\n",
    "03/12/2021 13:43:57: Closing socket 76561197987220805\n03/12/2021 13:43:17: Peer 76561197987220805 has wrong password\n",
    '02/20/2021 19:27:59: Player connection lost server "Dedicated" that has join code 123456, now 0 player(s)\n',
    "[2024-04-21 15:53:45] [LOG] RCON executed the command. ShowPlayers\n[2024-04-21 15:53:46] [LOG] RCON executed the command. Save\n",
    "[2024-04-19 19:26:37] [LOG] <redacted> joined the server. (User id: steam_<redacted>)\n",
    "[2024-04-19 19:26:37] [LOG] Foobar joined the server. (User id: steam_76561198000000000, Player id: 00000000000000000000000000000000)\n",
    "palworld-dedicated-server  | 14:40:53: Player Foobar has joined the server.\npalworld-dedicated-server  | > RCON: Broadcasted: 14:40:53-Player-Foobar-has-joined-the-server\n",
    "palworld-dedicated-server  | 14:40:53: Player 00000000 has left the server.\n",
    "palworld-dedicated-server  | > RCON: Broadcasted: Server-will-restart-in-60-seconds\npalworld-dedicated-server  | > RCON: Broadcasted: 14:39:53-Saving-world\n",
    "palworld-dedicated-server  | > RCON: Broadcasted: 14:39:53-AUTOMATIC-RESTART-IN-5-MINUTES\npalworld-server  | Broadcasted: Backup_complete\n",
    "admin@192 ~ % mcrcon -H localhost -P 25575 -p password list\nConnection failed.\nError 61: Connection refused\n",
    "Admin@MacBook-Pro ~ % ls /Users/Shared/mcrcon-0.7.2/\n",
    "Jo@192 ~ % /Users/Shared/mcrcon-0.7.2/mcrcon.command ; exit;\n",
    "User@192 ~ % cd Desktop\n",
    "/home/steam/ARK/ShooterGame/Binaries/Linux/ShooterGameServer TheIsland?listen\n",
    "> /home/arkserver/serverfiles/ShooterGame/Saved/Config/LinuxServer/GameUserSettings.ini\n> /home/arkserver/lgsm/config-lgsm/arkserver/arkserver.cfg\n",
    "[ FAIL ] Starting csgoserver: executable was not found\n* /home/csgoserver/serverfiles/srcds_run\nCheck log files: /home/csgoserver/log\n",
    "vhserver@ubuntu:~$ ./vhserver start\n[  OK  ] Starting vhserver: Valheim\n/home/vhserver/lgsm/config-lgsm/vhserver/vhserver.cfg\n",
    "root@tattoine:~# su - rustserver\nrustserver@tattoine:~$ ./rustserver details\n",
    "/home/pzserver/Zomboid/Logs/DebugLog-server.txt\n/home/mcserver/serverfiles/server.properties\n",
    "[Pterodactyl Daemon]: Checking server disk space usage, this could take a few seconds...\ncontainer@pterodactyl~ Server marked as starting...\n[Pterodactyl Daemon]: Pulling Docker container image, this could take a few minutes to complete...\n",
    ":/home/container$ ./bedrock_server\n/entrypoint.sh: line 12: /home/container/alpine/opt/cfx-server/ld-musl-x86_64.so.1: No such file or directory\n",
    "root@mint ~/csgosl $ ./csgosl.sh\n",
    "The player issued server command: /op, then joined the game.\n",
]

GAME_SERVER_GO = [
    (
        "[19:31:48 INFO]: > Quimbly issued server command: /op: somecommand\n",
        "Quimbly",
        "issued server command: /op: somecommand",
    ),
    (
        "[12:01:02] [Server thread/INFO]: Xandr_07 joined the game\n[12:05:00] [Server thread/INFO]: Xandr_07 left the game\n",
        "Xandr_07",
        "joined the game",
    ),
    (
        "[12:01:02] [Server thread/INFO]: Tovarisch[/192.168.1.20:51532] logged in with entity id 312 at (10.5, 64.0, -3.2)\n",
        "Tovarisch",
        "logged in with entity id 312",
    ),
    (
        "[12:01:01] [User Authenticator #1/INFO]: UUID of player Pelinor is 0f3c2a7e-1b2d-4c5e-8f90-a1b2c3d4e5f6\n",
        "Pelinor",
        "UUID of player ",
    ),
    (
        "[12:09:44] [Server thread/INFO]: Pelinor lost connection: Disconnected\n",
        "Pelinor",
        "lost connection: Disconnected",
    ),
    (
        "[Server thread/INFO]: com.mojang.authlib.GameProfile@7c1a7ab0[id=USERID,name=Hollyk,properties={textures=[com.mojang.authlib.properties.Property@6e3a96c5]},legacy=false] (/HOMEIP:38894) lost connection: Disconnected\n",
        "Hollyk",
        "id=USERID,name=",
    ),
    (
        "Disconnecting GameProfile[id=4566e69f-c907-48ee-8d71-d7ba5aa00d20, name=Hollyk, properties={}] (/10.0.0.5:51234): Took too long to log in\n",
        "Hollyk",
        "GameProfile[id=",
    ),
    (
        "03/12/2021 13:43:17: Got character ZDOID from Sigrunn : -1245460760:1\n03/12/2021 13:50:02: Got character ZDOID from Sigrunn : 0:0\n",
        "Sigrunn",
        "Got character ZDOID from ",
    ),
    (
        "[2024-04-19 19:26:37] [LOG] Brennick joined the server. (User id: steam_<redacted>)\n[2024-04-19 19:26:50] [LOG] Brennick left the server. (User id: steam_<redacted>)\n",
        "Brennick",
        "(User id: steam_<redacted>)",
    ),
    (
        "[2024-07-17 17:36:56] [LOG] Brennick 203.0.113.7 connected the server. (User id: steam_76561197989637791)\n",
        "Brennick",
        "203.0.113.7 connected the server.",
    ),
    (
        "[2024-04-19 19:26:37] [LOG] Tomasz Wierzba joined the server. (User id: steam_76561198012345678, Player id: 1A2B3C4D000000000000000000000000)\n",
        "Wierzba",
        "joined the server. (User id: ",
    ),
    (
        "palworld-dedicated-server  | 14:40:53: Player Corvax99 has left the server.\n",
        "Corvax99",
        "has left the server.",
    ),
    (
        "palworld-dedicated-server  | > RCON: Broadcasted: 14:39:53-Player-Corvax99-has-joined-the-server\n",
        "Corvax99",
        "-has-joined-the-server",
    ),
    (
        "Jo@192 ~ % /Users/Jo/Desktop/mcrcon-0.7.2/mcrcon.command ; exit;\n",
        "Jo",
        "/Desktop/mcrcon-0.7.2/mcrcon.command",
    ),
    ("Marten@Martens-MacBook-Air ~ % brew install mcrcon\n", "Marten", "brew install mcrcon"),
    (
        "[ FAIL ] Starting csgoserver: executable was not found\n* /home/tkessler/serverfiles/srcds_run\n",
        "tkessler",
        "/serverfiles/srcds_run",
    ),
]


@pytest.mark.parametrize("text", GAME_SERVER_NOBODY)
def test_game_server_text_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), GAME_SERVER_GO)
def test_game_server_player_or_login_goes(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
