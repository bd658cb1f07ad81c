# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""macOS bash's default prompt on any host (stop 57, scrubber 1.99.0; issue 35).

The tune miss of batch 141 (``tests/outside_corpus/SOURCE.md``, "The stop-141 collection"),
fixed by a general rule:

* ``mac_bash_prompt`` (``scrubbers/user_names.yaml``, read by ``engine._account_logins``):
  bash's default prompt on macOS is ``PS1='\\h:\\W \\u\\$ '`` (macOS's ``/etc/bashrc``; bash(1),
  PROMPTING: ``\\h`` the host name up to the first ``.``, ``\\W`` the basename of the working
  folder, ``~`` at home, ``\\u`` the login, ``\\$`` a ``$`` for a non-root user), so at a line's
  start ``<host>:<folder> <Login>$ <command>`` names the login whatever the host is called
  (``MBPro``, ``192``, ``skynet``). ``mac_prompt`` reads a lower-case login on any host and
  ``login_record`` a capitalised one on a Mac's default host name (``Ryans-MacBook-Pro``);
  this reads a capitalised one on any host, only before a command (a ``$`` at a line's end
  after a capitalised word is as often a version's or a price's). The login goes through the
  login record's filters (``engine._record_login``, ``_service_account``): role, CI, image and
  placeholder accounts (``Admin``, ``Root``, ``Runner``, ``Jenkins``, ``User``) teach nothing.
* ``mac_prompt`` no longer reads a login that begins with ``_``: on macOS such an account is a
  system one (Xcode Server's ``_xcsbuildd``, ``_www``, ``_mysql``), never a person's.

``MAC_BASH_PROMPT_NOBODY`` is the harm hunt the rule was attacked with before it was kept,
each text unchanged by 1.94.0 but ``localhost:ios _xcsbuildd$``, which 1.94.0 replaced.
"""

from __future__ import annotations

import pytest
import regex

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

MAC_BASH_PROMPT_NOBODY = [
    "MBPro:skeleton root$ bundle exec fastlane match --verbose\n",
    "MacBook-Pro:ios admin$ pod install\n",
    "Mac-mini:App runner$ bundle exec fastlane beta\n",
    "MBPro:~ user$ fastlane env\n",
    "ci-mac:project jenkins$ bundle exec fastlane gym\n",
    "MBPro:fastlane ec2-user$ bundle exec fastlane match\n",
    "MBPro:skeleton $ bundle exec fastlane match --verbose\n",
    "bash-3.2$ bundle exec fastlane match --verbose\n",
    "localhost:ios _xcsbuildd$ xcodebuild -scheme App\n",
    "MBPro:skeleton Root$ bundle exec fastlane match\n",
    "buildbox:App Admin$ pod install\n",
    "mini-ci:project Runner$ bundle exec fastlane beta\n",
    "ci-mac:project Jenkins$ bundle exec fastlane gym\n",
    "MBPro:~ User$ fastlane env\n",
    "MBPro:~ Guest$ ls\n",
    "skynet:~ Administrator$ sudo -s\n",
    "devbox:project Developer$ make\n",
    "MBPro:~ Test$ echo ok\n",
    "MBPro:project YourName$ npm install\n",
    "MBPro:~ USER$ brew doctor\n",
    "MacOS:10.15 Catalina$\n",
    "Version:10.15 Catalina$\n",
    "Total:monthly USD$ 5\n",
    "Price:total Cost$ 12\n",
    "See https://example.com Pay$ now\n",
    "https://example.com/pay Pay$ now\n",
    "12:30:45 Build$ done\n",
    "key: value Name$ cmd\n",
    "| Mac:price USD$ | 5 |\n",
    "(base) MBPro:~ Anaconda$ conda info\n",
    "MBPro:~ Vagrant$ ls\n",
    "MBPro:~ Ubuntu$ ls\n",
]

MAC_BASH_PROMPT_GO = [
    (
        "MBPro:skeleton Dominik$ bundle exec fastlane match --verbose\n",
        "Dominik",
        "MBPro:skeleton ",
    ),
    (
        "skynet:~ Halvard$ brew doctor\nWarning: /Users/Shared is not writable\n",
        "Halvard",
        "skynet:~ ",
    ),
    ("192:ios Marisol$ pod install\nAnalyzing dependencies\n", "Marisol", "192:ios "),
    ("(base) MBPro:Desktop Tiberius$ python3 train.py\n", "Tiberius", "(base) MBPro:Desktop "),
    ("mbp-work:app Quentin$ ./gradlew assemble\nQuentin's build\n", "Quentin", "mbp-work:app "),
]


@pytest.mark.parametrize("text", MAC_BASH_PROMPT_NOBODY)
def test_mac_bash_prompt_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), MAC_BASH_PROMPT_GO)
def test_mac_bash_prompt_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert regex.search(rf"(?i)(?<![\p{{L}}]){value}", out) is None, out
    assert kept in out, out
