"""What chsh and passwd print for an account, and a capitalised account at a Mac's prompt (stop 54).

Batch 54 (``tests/outside_corpus/SOURCE.md``, "The stop-54 collection") was scored blind with
scrubber 1.19.0; its tune part's misses, listed after that figure was committed, were one class
in one document (``monfresh-laptop-issues-34``, 4 labels): a macOS session whose account is a
capitalised word, seen only at the default bash prompt ``Host:~ <Login>$`` (``mac_prompt``
reads lower-case logins only) and in ``chsh``'s ``Changing shell for <Login>.``. Scrubber 1.20.0
reads both by shape (``scrubbers/user_names.yaml``'s ``login_record``; ``docs/scrubber.md``,
"Stop 54"):

* ``chsh``, ``passwd`` and ``chfn`` name the account they change at a line's end: ``Changing
  shell for <login>.``, ``Changing password for [user] <login>.``, ``Changing the login shell
  for <login>``, ``Changing the user information for <login>``;
* macOS's default bash prompt on a Mac's default host name (``…MacBook…``, ``…iMac…``,
  ``Mac-mini``…) with a capitalised account name: ``Ryans-MacBook-Pro:~ <Login>$``.

Both go through the login record's filters (``engine._record_login``, ``_service_account``):
English and role words, system, service, test and placeholder accounts teach nothing. The
``*_NOBODY`` texts below name nobody and were each unchanged by 1.19.0; as first written the
prompt rule changed two of them (``Demo``, ``Anaconda``), fixed by shape with it (one role word
of ``role_name_words`` is no record's login; the conda distribution's folder names are no
one's), so all stay. The ``PERSONS`` were each left by 1.19.0 and are found now. Bash's own
``Password for <x>:`` prompt is not read: ``Password for keystore:`` and ``Password for
wallet:`` are as common, and ``chsh`` prints its ``Changing shell for`` line first anyway.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score


def _gone(login: str, out: str) -> bool:
    return regex.search(rf"(?i)(?<![\p{{L}}\p{{N}}]){regex.escape(login)}", out) is None


PERSONS = [
    # batch 54 (monfresh/laptop#34, a substitute shape): the prompt and chsh's line
    ("Ryans-MacBook-Pro:~ Brackett$ ls\nChanging shell for Brackett.\n", "Brackett"),
    ("(base) Toms-iMac:Desktop Halvorsen$ pip list\n", "Halvorsen"),
    ("Anas-MacBook-Air:~ Quillon$ brew doctor\n", "Quillon"),
    ("Changing shell for dkowal.\nPassword for dkowal: \n", "dkowal"),
    ("Changing password for user mjansen.\nCurrent password: \n", "mjansen"),
    ("Changing shell for Dorrance.\n", "Dorrance"),
    ("Changing the login shell for qorvik\nEnter the new value\n", "qorvik"),
]

MAC_PROMPT_NOBODY = [
    "MacBook-Pro-15:~ Admin$ which git\n/usr/local/bin/git\n",
    "Office-iMac:~ Guest$ ls\nDesktop Documents\n",
    "Mac-mini:~ Shared$ pwd\n/Users/Shared\n",
    "MacBook-Air:~ User$ pwd\n",
    "MacBook-Pro:~ USER$ brew doctor\n",
    "MacBook-Pro:~ Username$ brew doctor\n",
    "MacBook-Pro:project YourName$ npm install\n",
    "iMac:Desktop Administrator$ sudo -s\n",
    "MacBook-Pro:~ Root$ id\n",
    "Mac-Studio:project Developer$ make\n",
    "MacBook-Pro:~ Test$ echo ok\n",
    "MacBook-Pro:~ Demo$ ls\n",
    "MacBook-Pro:~ Owner$ ls\n",
    "MacBook-Pro:~ Me$ ls\n",
    "MacOS:10.15 Catalina$\n",
    "Macintosh-HD:Users Shared$ ls\n",
    "(base) MacBook-Pro:~ Anaconda$ conda info\n",
    "MacBook-Pro:~ Jenkins$ ./build.sh\n",
    "MacBook-Pro:~ Vagrant$ ls\n",
    "| Mac:price USD$ | 5 |\n",
    "MacBook-Pro:~ MyName$ ls\n",
    "MacBook-Pro:~ Name$ ls\n",
    "MacBook-Pro:~ Ubuntu$ ls\n",
    "macbook:~ Staff$ ls\n",
    "MacBook-Pro:~ Kiosk$ ls\n",
    "MacBook-Pro:~ Miniconda$ ls\n",
    "MacBook-Pro:~ Anaconda3$ ls\n",
    "MacBook-Pro:~ Guest$ ls\n",
]

CHSH_NOBODY = [
    "Changing shell for root.\nPassword for root: \n",
    "Changing password for user.\n",
    "Changing password for the account.\n",
    "Changing password for user root.\nNew password: \n",
    "Password for 'https://github.com': \n",
    "Password for user: \n",
    "Changing shell for username.\n",
    "Changing password for admin.\n",
    "Password for admin:\n",
    "Changing the login shell for root\nEnter the new value, or press ENTER for the default\n",
    "Password for your account:\n",
    "Changing password for testuser.\n",
    "Password for postgres:\n",
    "Password for vagrant: \n",
    "Changing shell for ubuntu.\n",
    "Changing password for this user.\n",
    "Password for jenkins:\n",
    "Password for USERNAME: \n",
    "Password for <user>: \n",
    "Password for $USER: \n",
    "Changing password for ${USER}.\n",
    "Password for the keystore:\n",
    "Password for keystore: \n",
    "Password for database: \n",
    "Password for Kerberos: \n",
    "Password for sa: \n",
    "Password for wallet: \n",
    "Changing shell for everyone.\n",
    "Changing password for local accounts.\n",
    "Password for encryption: \n",
    "Password for decryption:\n",
    "Password for ssh-key: \n",
    "Password for mysql: \n",
    "Enter Password for redis: \n",
    "Password for Default: \n",
    "Password for Guest: \n",
    "Changing shell for demo.\n",
    "Changing password for users.\n",
    "Changing password for user %s.\n",
    "Changing the user information for root\n",
    "Changing password for user 1001.\n",
    "Changing password for guest.\n",
]


@pytest.mark.parametrize(("text", "login"), PERSONS)
def test_chsh_and_a_mac_prompts_account_goes(engine: Scrubber, text: str, login: str) -> None:
    out = scrubbed(engine, text)
    assert _gone(login, out)
    assert "Changing" in out or "$ " in out, "the command's words stay"


@pytest.mark.parametrize("text", MAC_PROMPT_NOBODY + CHSH_NOBODY)
def test_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_batch_54_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 54's tune part after scrubber 1.20.0 (blind under 1.19.0: paths 26/26, elsewhere
    4/8, 0 of 34 keep spans damaged, 0 of 8 clean changed)."""
    score = tune_score(engine, 54, tmp_path)
    assert score.docs == 22
    totals = [score.total[c] for c in CLASSES]
    assert totals == [26, 8, 0, 0]
    assert score.missed == []
    assert score.damage == []
    assert score.keeps == 34
    assert (len(score.clean_touched), score.clean_docs) == (0, 8)
    assert score.tails_kept == score.tails == 24
    assert score.parses == score.structured == 0
