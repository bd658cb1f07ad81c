# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""A poster's stand-in phrase for a name, a refusal or mask word where a key goes, and a game
save file's name (stop 61, scrubber 1.147.0; issue 35).

Batch 179's tune damage (``tests/outside_corpus/SOURCE.md``, "The stop-179 collection"), fixed
by three general rules:

* ``placeholder_name`` (``scrubbers/user_names.yaml``) also reads a poster's stand-in phrase
  for their own name: a negation or a fake/anonymous/hidden word before a name word, or a name
  word before a redaction word (``notmyrealname``, ``notmyname``, ``not_my_real_name``,
  ``fakename``, ``anonymous-user``, ``realnamehidden``), as it reads ``REDACTED`` and
  ``myusername``: MultiMC's ``C:/Users/notmyrealname/…`` stays.
* ``refusal_or_mask_word`` (``scrubbers/allow.yaml``): a word that says a value was refused or
  hidden (``NOPE``, ``not set``, ``WITHHELD``, ``SCRUBBED``) where a key or a password goes is
  none, beside the words the ``placeholders`` rule reads (``REDACTED``, ``HIDDEN``):
  Wabbajack's ``apikey: NOPE`` stays.
* ``creation_engine_save_name`` (``scrubbers/allow.yaml``): Skyrim Special Edition's save file
  name (clayne/NQS_NamedQuicksaves' README, "Save Structure") in SKSE64's ``save name is …``.

The ``*_NOBODY`` lists are the harm hunts (texts of the same shapes from other tools, naming
nobody, which must stay as they are); the ``*_GO`` lists are real values in the same places,
which must still go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

STAND_IN_NOBODY = [
    # MultiMC's, Prism Launcher's and UltimMC's launch headers
    "Minecraft folder is:\nC:/Users/notmyrealname/Downloads/MultiMC/instances/1.8.9/.minecraft\n",
    "Minecraft folder is:\nC:/Users/notmyname/Downloads/MultiMC/instances/1.12.2/.minecraft\n",
    "Java path is:\nC:/Users/NotMyRealName/Downloads/PrismLauncher/java/bin/javaw.exe\n",
    "Native path:\nC:/Users/not_my_real_name/Downloads/UltimMC/instances/Forge/natives\n",
    # BepInEx's, Mod Organizer 2's and Vortex's lines
    "[Info   :   Console] Logs at C:/Users/fakename/AppData/LocalLow/Studio/Game/Player.log\n",
    "data path: C:/Users/fake_user/AppData/Local/ModOrganizer/SkyrimSE\n",
    "[gamebryo-plugin-management] pluginsPath=C:\\Users\\anonymous-user\\AppData\\Local\\Fallout4\n",
    # shells, an OpenSSH trace and a Python traceback
    'File "/home/notreal/.local/lib/python3.11/site-packages/requests/api.py", line 59, in request\n',
    "anonuser@laptop:~/src/app$ make\n",
    "PS C:\\Users\\realnamehidden> npm install\n",
    "debug1: identity file /Users/hiddenname/.ssh/id_ed25519 type 3\n",
    "/home/username_removed/Steam/logs/stderr.txt\n",
    "C:\\Users\\NOTMYNAME\\Documents\\My Games\\Skyrim Special Edition\\SKSE\\skse64.log\n",
]

STAND_IN_GO = [
    (
        "Minecraft folder is:\nC:/Users/notaro/Downloads/MultiMC/instances/1.8.9/.minecraft\n",
        "notaro",
        "/Downloads/MultiMC/instances/1.8.9/.minecraft",
    ),
    (
        "Java path is:\nC:/Users/Notman/Downloads/PrismLauncher/java/bin/javaw.exe\n",
        "Notman",
        "/Downloads/PrismLauncher/java/bin/javaw.exe",
    ),
    (
        "[Info   :   Console] Logs at C:/Users/fakhri/AppData/LocalLow/Studio/Game/Player.log\n",
        "fakhri",
        "/AppData/LocalLow/Studio/Game/Player.log",
    ),
    (
        "data path: C:/Users/anonna/AppData/Local/ModOrganizer/SkyrimSE\n",
        "anonna",
        "/AppData/Local/ModOrganizer/SkyrimSE",
    ),
    ("PS C:\\Users\\nottelmann> npm install\n", "nottelmann", "> npm install"),
    ("/home/notmeyer/Steam/logs/stderr.txt\n", "notmeyer", "/Steam/logs/stderr.txt"),
]


@pytest.mark.parametrize("text", STAND_IN_NOBODY)
def test_stand_in_name_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), STAND_IN_GO)
def test_login_beside_stand_in_shape_goes(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)


REFUSAL_NOBODY = [
    # Wabbajack's Nexus header dump, a curl -v request, an .env and a YAML config
    "Nexus call failed: Method: GET, RequestUri: 'https://api.nexusmods.com/v1/users/validate.json', Version: 1.1, Content: <null>, Headers:\n{\n  User-Agent: Wabbajack/0.9.18.0\n  apikey: NOPE\n  Application-Name: Wabbajack\n}\n",
    "> GET /v1/games/skyrimspecialedition/mods/3863.json HTTP/1.1\n> Host: api.nexusmods.com\n> apikey: Nope\n",
    "THUNDERSTORE_TOKEN=WITHHELD\nCURSEFORGE_API_KEY=NOT_SET\n",
    "steam:\n  username: anonymous\n  password: SCRUBBED\n",
    "api_key: KEY_WITHHELD\n",
    "x-api-key: not-shown\n",
    "token: OBFUSCATED\n",
]

REFUSAL_GO = [
    (
        "  apikey: a8F3kPq9ZxL2mN7vB4cR6tY1wE5uJ0sD\n",
        "a8F3kPq9ZxL2mN7vB4cR6tY1wE5uJ0sD",
        "apikey: ",
    ),
    ("password: nope2024!\n", "nope2024!", "password: "),
    ("api_key=Withheld9x7Q\n", "Withheld9x7Q", "api_key="),
]


@pytest.mark.parametrize("text", REFUSAL_NOBODY)
def test_refusal_or_mask_word_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), REFUSAL_GO)
def test_key_beside_refusal_shape_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


SAVE_NAME_NOBODY = [
    "SKSE64 runtime: initialize (version = 2.0.8 010400E0 01D3EB1E8AC0B2E1, os = 6.2 (9200))\nsave name is Quicksave0_497A45B9_1_4C697A_WhiterunBreezehome_000448_20180513145834_13_1\n",
    "full save path: C:\\Users\\user\\Documents\\My Games\\Skyrim Special Edition\\Saves\\\\Save3_0C2D58E2_0_507269736F6E6572_Tamriel_000002_20180503063315_4_1.skse\n",
    "loading save Autosave1_8A1C44F0_0_4A6F6E_RiverwoodExterior_001203_20210102030405_27_1\n",
    "Exitsave2_0F2C9A1B_1_4172697961_Solitude_010532_20221231235959_48_2.ess\n",
    "save name is Quicksave0\n",
    "save name is Quicksave0_497A45B9_1\n",
]

SAVE_NAME_GO = [
    (
        "token: Save3_0C2D58E2_0_507269736F6E6572_Tamriel_000002_20180503063315_4_1xK9qLm2\n",
        "Save3_0C2D58E2_0_507269736F6E6572_Tamriel_000002_20180503063315_4_1xK9qLm2",
        "token: ",
    ),
    (
        "api_key=Autosave1_8f3kPq9ZxL2mN7vB4cR6tY1wE5uJ0sD\n",
        "Autosave1_8f3kPq9ZxL2mN7vB4cR6tY1wE5uJ0sD",
        "api_key=",
    ),
]


@pytest.mark.parametrize("text", SAVE_NAME_NOBODY)
def test_save_name_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), SAVE_NAME_GO)
def test_token_beside_save_name_shape_goes(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)
