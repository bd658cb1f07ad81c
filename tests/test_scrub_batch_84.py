"""Batch 84 of the real-threads corpus (stop 52): its tune part held to what was measured, and
texts of the shapes of its tune misses and damage, and of its tune part's public values, that
name nobody, kept as they are.

Batch 84 (``tests/outside_corpus/real_threads.py``, ``_RAW_STOP84``) is a collection of threads
of browsers' and Electron desktop apps' logs (``chrome://version``, Puppeteer and Selenium
launches with a user data folder, Firefox profiles, Discord, Slack, Signal, Element, Teams for
Linux, Notion, Bitwarden, Flow Launcher, VS Code and Cursor). It was scored blind under scrubber
1.37.0 (``docs/benchmarks.md``, "Stop 52, batch 84, blind") and no rule was changed for it. Every
home under ``/home``, ``/Users`` and ``C:\\Users`` of its tune part is found with its tail (also
JSON-escaped, an 8.3 short user folder, inside one long JSON line, inside a JS ``stack:``
string), and so are the logins of the Ubuntu prompts ``<u>@<u>-<model>:~$`` and openSUSE's
``<u>@localhost:/opt>``. Its tune misses and damage (``tests/outside_corpus/SOURCE.md``, "The
stop-84 collection") are three classes:

* a learned login glued to the start of a host name outside macOS's default prompt: a zsh
  theme's ``<u>deiMac :: ~/Downloads »`` (a Chinese-locale Mac's name ``<u>的iMac``, a two-letter
  login; 5 labels, the homes are replaced but the host keeps the name);
* the same in a bash prompt whose host is the login and a suffix with no separator,
  ``<u>@<u>LT:~$`` (7 labels; the prompt's login and the homes are replaced, the host keeps it);
* damage: coredumpctl's ``UID: 1000 (USERNAME-CENSORED)`` (3 spans; the clean document changes):
  the account in parentheses is read as a login, and a redaction placeholder built of upper-case
  words joined by a hyphen is not known as one.

A rule for each would have to keep the texts below, the same shapes naming nobody (1.37.0 keeps
every one).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score

SAME_SHAPES_THAT_NAME_NOBODY = [
    # prompts whose host names no login: a Mac's own model names, a placeholder, role accounts
    "iMac :: ~/Downloads » ls /Applications/Google\\ Chrome.app\n",
    "MacBook-Pro :: ~/Downloads » ls /Users/Shared/Library/Application\\ Support/Google/Chrome\n",
    "userdeiMac :: ~/Downloads » ls /Users/user/Library/Application\\ Support/Google/Chrome\n",
    "root@rootLT:~# ls /root/snap/signal-desktop/456/.config\n",
    "ubuntu@ubuntuLT:~$ env BAMF_DESKTOP_FILE_HINT=/var/lib/snapd/desktop/applications"
    "/signal-desktop_signal-desktop.desktop signal-desktop\n",
    "user@userLT:~$ ls /home/user/snap/signal-desktop/456/.config\n",
    "admin@adminPC:~$ signal-desktop\n",
    # coredumpctl's fields that name nobody: placeholders kept by 1.37.0, system accounts
    "      Hostname: HOSTNAME-CENSORED\n",
    "  Command Line: $'/usr/lib/electron/electron --disable-dev-mode --profile --enable-crashpad"
    " /usr/lib/element/app.asar PROFILENAME-CENSORED'\n",
    "           UID: 1000 (USER)\n",
    "           UID: 1000 (USERNAME)\n",
    "           UID: 1000 ([REDACTED])\n",
    "           UID: 1000 (<username>)\n",
    "           UID: 1000 (***)\n",
    "           UID: 0 (root)\n           GID: 0 (root)\n",
    "     Owner UID: 65534 (nobody)\n",
    "           PID: 4998 (electron)\n        Signal: 5 (TRAP)\n",
    # public values of the tune part: no user folder, placeholders, system and snap paths
    "panic: open /Users/Shared/Library/Application Support/Google/Chrome/Default/History: no such"
    " file or directory\n",
    'Error: Command failed: "/Applications/uTools.app/Contents/Resources/search_darwin"'
    ' -p="/Users/Shared/Library/Application Support/Google/Chrome/Default" -q='
    " -t=/var/folders/r8/2txzxbxn6gd7l4jf00c5sl880000gn/T/\n",
    "main.main()\n\t/go/src/utools/chrome-history/search/main.go:29 +0x52e\n",
    "mkdir: cannot create directory '/run/user/0': Permission denied\n",
    "/snap/signal-desktop/456/gnome-platform/command-chain/desktop-launch: line 268:"
    " /root/snap/signal-desktop/456/.config/user-dirs.dirs: No such file or directory\n",
    "Can't create dir /home/user/snap/signal-desktop/456/Schreibtisch\n",
]


@pytest.mark.parametrize("text", SAME_SHAPES_THAT_NAME_NOBODY)
def test_texts_of_the_tune_misses_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_batch_84_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 84's tune part under scrubber 1.37.0, blind: paths 26/35, elsewhere 3/6, no e-mail
    or secret, 3 of 50 keep spans damaged, 35/35 library tails, 1 of 7 clean changed, no JSON
    or YAML; under 1.38.0 every name is found (35/35, 6/6), no keep span is damaged and no clean
    document changed."""
    score = tune_score(engine, 84, tmp_path)
    assert score.docs == 22
    assert [score.total[c] for c in CLASSES] == [35, 6, 0, 0]
    # scrubber 1.38.0 (stop 52): a learned login glued to a host name's start outside macOS's
    # default prompt is found (bash's `<u>@<u>LT:`, engine.glued_host_logins; a zsh theme's
    # `<u>deiMac ::`, a two-letter home's name learned on a Mac host made from it,
    # engine._short_login): 26/35 and 3/6 before, no miss left
    assert [score.found[c] for c in CLASSES] == [35, 6, 0, 0]
    assert score.missed == []
    assert score.keeps == 50
    # scrubber 1.38.0 (stop 52): coredumpctl's `UID: 1000 (USERNAME-CENSORED)` is a redaction
    # placeholder (user_names.yaml's placeholder_name), no longer read as the account's login:
    # the 3 damaged spans and the 1 clean document changed are gone
    assert score.damage == []
    assert score.clean_touched == []
    assert score.clean_docs == 7
    assert score.tails_kept == score.tails == 35
    assert score.parses == score.structured == 0
    assert score.not_idempotent == [] and score.check_findings == [] and score.clashes == []
