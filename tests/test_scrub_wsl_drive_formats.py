# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""A Windows home through a drive's folder, and WSL's own distribution roots (stop 58,
scrubber 1.109.0; issue 35).

Batch 154's tune miss and damage (``tests/outside_corpus/SOURCE.md``, "The stop-154
collection"), fixed by two general rules:

* ``windows_home_by_drive_folder`` (``scrubbers/recognizers.yaml``): a shell prompt's working
  folder trimmed to its trailing folders starts at the drive's letter with no leading slash:
  zsh's ``%<N>~`` (zshmisc(1), "Prompt Sequences"), starship's directory module
  (``truncation_length``, default 3) and bash's ``PROMPT_DIRTRIM`` (bash(1): the removed
  folders become ``...``) show WSL's ``/mnt/c/Users/<u>`` as ``c/Users/<u>``,
  ``mnt/c/Users/<u>`` or ``.../c/Users/<u>``. Read after the ellipsis, after a prompt arrow at
  a line's start, or alone at a line's start above a two-line theme's prompt line; also the
  lower-case ``/mnt/c/users/<u>`` and ``/cygdrive/c/users/<u>`` (NTFS names are
  case-insensitive). The other spellings of the class (``/c/Users/x``, ``/cygdrive/c/Users/x``,
  ``C:/Users/x``, ``/mnt/c/Users/x``, ``C:\\Users\\x``) were found before and still are
  (``DRIVE_SPELLINGS``).
* ``wsl_unc`` (``scrubbers/user_names.yaml``): WSL's own servers ``\\\\wsl$\\``,
  ``\\\\wsl.localhost\\`` and ``\\\\wsl\\`` (WSL release notes, builds 20175 and 21354) with a
  distribution's name and nothing after it (``wslpath -w /``) are a distribution's root, not
  a private share; a real server's share is still replaced.

``DRIVE_FOLDER_NOBODY`` and ``WSL_ROOT_NOBODY`` are the harm hunts the rules were attacked with
before they were kept: texts of the same shape that name nobody, which must keep what they
hold.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

DRIVE_FOLDER_NOBODY = [
    # system profiles and placeholders in a trimmed prompt folder (zsh, starship, bash)
    "c/Users/Public\n➜ echo $WSL_INTEROP\n/run/WSL/1587_interop\n",
    "c/Users/Default\n❯ ls\n",
    "➜  c/Users/Administrator git:(main) ls\n",
    "c/Users/All Users\n➜ ls\n",
    "c/Users/WDAGUtilityAccount on  main\n❯ ls\n",
    "c/Users/defaultuser0\n➜ ls\n",
    "c/Users/$USER\n➜ ls\n",
    "c/Users/%USERNAME%\n➜ ls\n",
    "c/Users/<username>\n➜ ls\n",
    "mnt/c/Users/Public\n❯ ls\n",
    "build@ci:.../c/Users/Public$ ls\n",
    "build@ci:.../c/Users/Default/AppData$ ls\n",
    # the drive and its users folder alone, other folders of the drive
    "c/Users\n➜ ls /run/WSL\n",
    "mnt/c/Users\n➜ ls\n",
    "c/Windows/System32\n➜ echo $WSL_INTEROP\n",
    "c/Program Files/Docker\n❯ ls\n",
    "d/projects/website\n➜ ls\n",
    ".../c/Windows/System32\n",
    # project paths with a Users folder, not a drive or not at a prompt
    "src/Users/UserList.tsx\n",
    "app/Users/Index.cshtml\n",
    "c/Users/UserList.tsx\nc/Users/UserCard.tsx\n",
    "$ git ls-files\nc/Users/UserList.tsx\n$ ls\n",
    "diff --git a/Users/UserService.cs b/Users/UserService.cs\n--- a/Users/UserService.cs\n+++ b/Users/UserService.cs\n",
    "see c/Users/Index for the view\n",
    "modules/a/Users/list.py\n",
    # lower-case users folders of nobody, and web routes
    "/mnt/c/users/public/Documents\n",
    "/mnt/c/users/default/NTUSER.DAT\n",
    "/cygdrive/c/users/administrator/Desktop\n",
    "GET /v/users/42 HTTP/1.1\n",
    "https://example.com/a/users/settings\n",
]

WSL_ROOT_NOBODY = [
    "$ wslpath -w /\n\\\\wsl\\Ubuntu-18.04\\\n",
    "DESKTOP-9HQH8JN@*$ wslpath -w /\n\\\\wsl$\\Ubuntu-20.04\\\n",
    "\\\\wsl.localhost\\Ubuntu\\\n",
    "\\\\wsl$\\docker-desktop-data\\\n",
    "explorer.exe \\\\wsl$\\Ubuntu\n",
    "net use Z: \\\\wsl.localhost\\Debian\n",
    "\\\\wsl$\\Ubuntu\\home\\\n",
    "\\\\wsl.localhost\\Ubuntu-22.04\\etc\\wsl.conf\n",
    "\\\\wsl\\kali-linux\\usr\\share\n",
    "//wsl$/Ubuntu-20.04/home\n",
    '{"path": "\\\\\\\\wsl$\\\\Ubuntu\\\\"}\n',
]

DRIVE_FOLDER_GO = [
    # (text, the login that must go, context that must stay)
    (
        "c/Users/Tamsin\n➜ echo $WSL_INTEROP\n/run/WSL/1587_interop\n",
        "Tamsin",
        "➜ echo $WSL_INTEROP",
    ),
    ("c/Users/Oriel on  main via 🐍 v3.11.4\n❯ ls\n", "Oriel", " on  main via "),
    ("➜  c/Users/Bexley git:(master) ✗ code .\n", "Bexley", " git:(master) ✗ code ."),
    ("mnt/c/Users/Quill\n➜ ls\n", "Quill", "mnt/c/Users/"),
    ("c/Users/Tamsin Hale\n❯ ls\n", "Tamsin", "❯ ls"),
    ("kvale@DESKTOP-M4AP3T8:.../c/Users/Kvaleh$ ls\n", "Kvaleh", "@DESKTOP-M4AP3T8:.../c/Users/"),
    ("λ .../mnt/c/Users/Brannoc/AppData\n", "Brannoc", "/AppData"),
    ("$ cd /mnt/c/users/wrenfold/Documents\n", "wrenfold", "/Documents"),
    ("/cygdrive/c/users/tesmer/.bashrc: line 3: syntax error\n", "tesmer", "/.bashrc: line 3"),
]

DRIVE_SPELLINGS = [
    "/c/Users/Corvane/projects",
    "/cygdrive/c/Users/Corvane/x",
    "C:/Users/Corvane/x",
    "c:/users/Corvane/x",
    "/mnt/c/Users/Corvane/x",
    "/mnt/c/Users/Corvane",
    "/C/Users/Corvane/x",
    "C:\\Users\\Corvane\\x",
    "file:///C:/Users/Corvane/x",
    "\\\\wsl$\\Ubuntu\\mnt\\c\\Users\\Corvane\\x",
]

SHARES_GO = [
    ("\\\\fileserver\\deploy\\\n", "deploy"),
    ("\\\\buildsrv\\tamsin\\\n", "tamsin"),
    ("\\\\wsl-build\\drops\\\n", "wsl-build"),
    ("\\\\wslhost\\Ubuntu\\\n", "wslhost"),
]


@pytest.mark.parametrize("text", DRIVE_FOLDER_NOBODY + WSL_ROOT_NOBODY)
def test_drive_folders_and_wsl_roots_of_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "login", "kept"), DRIVE_FOLDER_GO)
def test_a_home_through_a_drive_folder_goes(
    engine: Scrubber, text: str, login: str, kept: str
) -> None:
    gone_and_kept(engine, text, login, kept)


@pytest.mark.parametrize("text", DRIVE_SPELLINGS)
def test_every_drive_spelling_of_a_windows_home_goes(engine: Scrubber, text: str) -> None:
    gone_and_kept(engine, text, "Corvane")


@pytest.mark.parametrize(("text", "private"), SHARES_GO)
def test_a_real_servers_share_still_goes(engine: Scrubber, text: str, private: str) -> None:
    gone_and_kept(engine, text, private)


def test_a_home_below_a_wsl_root_goes_and_the_root_stays(engine: Scrubber) -> None:
    gone_and_kept(
        engine,
        "$ wslpath \\\\wsl\\Ubuntu\\home\\tamsin\\website\n/home/tamsin/website\n",
        "tamsin",
        "\\\\wsl\\Ubuntu\\home\\",
    )
