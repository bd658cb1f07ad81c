"""Batch 77 of the real-threads corpus (stop 51): its tune part held to what was measured, and
texts of the shape of its tune miss, and of its tune part's public values, that name nobody,
kept as they are.

Batch 77 (``tests/outside_corpus/real_threads.py``, ``_RAW_STOP77``) is a collection of threads
of Apple and mobile crash and build reports as people paste them (``xcodebuild
-showBuildSettings`` as text and JSON, crash reports, a kernel panic, CocoaPods, ``fastlane
env``, Crashlytics, Flutter's ``adb`` and Gradle's debug lines). It was scored blind under
scrubber 1.32.0 with commit 1e55f1d's unversioned rules (``docs/benchmarks.md``, "Stop 51, batch
77, blind") and no rule was changed for it. Its tune part has one miss and no damage
(``tests/outside_corpus/SOURCE.md``, "The stop-77 collection"):

* a login as the value of Xcode's ``ALTERNATE_OWNER`` build setting, in
  ``xcodebuild -showBuildSettings``' text form (``    ALTERNATE_OWNER = <login>``) with no home
  elsewhere in the excerpt to teach the name (1 label). The same setting in the JSON form
  (``"ALTERNATE_OWNER" : "<login>"``) is found in its document only because a ``SYMROOT`` under
  ``/Users/<login>`` teaches the name; alone, either form stays.

A rule for it would have to keep the texts below, the same shapes naming nobody (service and
CI accounts, build variables, the settings beside it), and the public values the tune part
keeps (crash report identifiers, a 40-hex ``CrashReporter Key``, Crashlytics' IID, a masked
``/Users/USER``, a CocoaPods specs commit); 1.32.0 keeps every one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score

SAME_SHAPES_THAT_NAME_NOBODY = [
    # Xcode's owner and group settings with service, CI and variable values
    "    ALTERNATE_OWNER = root\n",
    "    ALTERNATE_OWNER = runner\n",
    "    ALTERNATE_OWNER = _xcsbuildd\n",
    "    ALTERNATE_OWNER = jenkins\n",
    "    ALTERNATE_OWNER = $(USER)\n",
    "    ALTERNATE_OWNER = $(INSTALL_OWNER)\n",
    "    INSTALL_OWNER = root\n",
    "    INSTALL_GROUP = staff\n",
    "    ALTERNATE_GROUP = staff\n    ALTERNATE_MODE = u+w,go-w,a+rX\n",
    "    ALWAYS_SEARCH_USER_PATHS = NO\n",
    "    USER = runner\n    HOME = /Users/runner\n",
    '      "ALTERNATE_OWNER" : "runner",\n',
    '      "ALTERNATE_OWNER" : "root",\n',
    '      "ALTERNATE_GROUP" : "staff",\n',
    'Build settings for action clean and target "mZone Poker":\n    ACTION = clean\n',
    'Build settings for action build and target "Hello World":\n    ACTION = build\n',
    "    ARCHS = armv7 arm64\n    AVAILABLE_PLATFORMS = appletvos appletvsimulator iphoneos"
    " iphonesimulator macosx watchos watchsimulator\n",
    # crash report headers and frames
    "Incident Identifier: 3C1F0B2A-7D44-4E19-9A5B-1F2E3D4C5B6A\n"
    "CrashReporter Key:   9f2c4e7a1b3d5f60718293a4b5c6d7e8f9012345\n"
    "Hardware Model:      iPhone10,3\n",
    "2   CoreFoundation                  0x0000000181d9e218 0x181cc0000 + 909848"
    " (<redacted> + 200)\n",
    "Path:                  /Users/USER/Downloads/Example.app/Contents/MacOS/Example\n"
    "User ID:               501\n",
    "Anonymous UUID:        0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9\n",
    # Crashlytics on Android, CocoaPods' stack, fastlane's lane log
    "10-21 11:23:46.150 29176 29213 D FirebaseCrashlytics: Found matching FID, using Crashlytics"
    " IID: 0f1e2d3c4b5a69788796a5b4c3d2e1f0\n",
    "10-21 11:23:46.144 29176 29176 D FirebaseCrashlytics: Mapping file ID is:"
    " 00000000000000000000000000000000\n",
    "Repositories : master - https://github.com/CocoaPods/Specs.git @"
    " 0123456789abcdef0123456789abcdef01234567\n",
    "   CocoaPods : 1.0.1\n        Host : Mac OS X 10.12 (16A323)\n       Xcode : 8.0 (8A218a)\n",
    "[10:05:17]: rvm_bin_path=/usr/local/rvm/bin\n",
    "[10:05:17]: Driving the lane 'test_framework' 🚀\n",
]


@pytest.mark.parametrize("text", SAME_SHAPES_THAT_NAME_NOBODY)
def test_texts_of_the_tune_miss_shape_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_batch_77_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 77's tune part under scrubber 1.32.0 with 1e55f1d's rules, blind, no rule changed
    after it: paths 18/18, elsewhere 3/4, no e-mail or secret, 0 of 28 keep spans damaged, 17/17
    library tails, 0 of 4 clean changed, no JSON or YAML. The figures
    scrubber 1.35.0's rules moved are marked below."""
    score = tune_score(engine, 77, tmp_path)
    assert score.docs == 10
    assert [score.total[c] for c in CLASSES] == [18, 4, 0, 0]
    # since 1.35.0 (stop 51): xcodebuild's ALTERNATE_OWNER = <login> is read by Xcode's
    # -showBuildSettings format (user_names.yaml's xcode_build_owner): elsewhere 3/4 -> 4/4
    assert [score.found[c] for c in CLASSES] == [18, 4, 0, 0]
    assert score.missed == []
    assert score.keeps == 28
    assert score.damage == []
    assert score.clean_touched == []
    assert score.clean_docs == 4
    assert score.tails_kept == score.tails == 17
    assert score.parses == score.structured == 0
    assert score.not_idempotent == [] and score.check_findings == [] and score.clashes == []
