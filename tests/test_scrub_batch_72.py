"""Batch 72 of the real-threads corpus (stop 51): its tune part held to what was measured, and
texts of the shape of its tune miss that name nobody, kept as they are.

Batch 72 (``tests/outside_corpus/real_threads.py``, ``_RAW_STOP72``) is a collection of threads
from a source no batch took before: the environment reports bug templates ask for (``npx
envinfo``, ``react-native info``, ``ansible --version``, ``brew config``, ``mvn -v``, ``gradle
--version``, ``cargo --version --verbose``, ``bazel info``, ``nvm debug``, ``pipenv --support``,
``jupyter troubleshoot``, ``php -i``, ``winget --info``, Chocolatey's log). It was scored blind
under scrubber 1.32.0 (``docs/benchmarks.md``, "Stop 51, batch 72, blind") and no rule was
changed for it. Its tune part has one miss and no damage (``tests/outside_corpus/SOURCE.md``,
"The stop-72 collection"):

* a login glued after Bazel's output-root prefix, ``/private/var/tmp/_blaze_<login>/<md5>/…``
  (``bazel info execution_root``; ``_bazel_<login>`` in newer releases, under
  ``~/.cache/bazel/`` on Linux): the segment is not a home, so no home rule reads it, and the
  bench counts it a name elsewhere, as ``_`` precedes it (1 label).

A rule for it would have to keep the texts below, the same shape naming nobody (the root and CI
accounts, ``$USER`` and placeholders, Bazel's own trees), and the environment-report lines of
this batch's shapes that name nobody (1.32.0 keeps every one).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score

SAME_SHAPES_THAT_NAME_NOBODY = [
    # Bazel's per-user output root for root, CI accounts, $USER and placeholders
    "$ bazel info execution_root\n"
    "/private/var/tmp/_bazel_root/048dc339e919adf019cd498aa08795ff/execroot/__main__\n",
    "ERROR: The output base [/home/runner/.cache/bazel/_bazel_runner/"
    "55e3c28bac5650f266581ec62924e366] cannot be a subdirectory of the --disk_cache directory"
    " [/home/runner/.cache/bazel]\n",
    "the output base defaults back to ~/.cache/bazel/_bazel_$USER/.\n",
    "On MacOS 10.15.2, Bazel is using `/private/var/tmp/_bazel_$USER/`\n",
    "output_base: /private/var/tmp/_bazel_<username>/<md5 of workspace path>\n",
    "$ bazel info output_base\n/tmp/_bazel_root/ba6e2a4e2e4fb4e0a0f7b0c0f9f0e7e1\n",
    "$ ./output/bazel info install_base\n"
    "/private/var/tmp/_blaze_user/install/048dc339e919adf019cd498aa08795ff\n",
    "/apollo/.cache/bazel/_bazel_root/cache/repos/v1\n",
    "(...)/execroot/github3055/bazel-out/local-fastbuild/bin\n",
    "bazel-bin/external/bazel_tools/tools/jdk/singlejar\n",
    # environment reports of this batch's shapes naming nobody
    "$HOME: /home/runner\n$NVM_DIR: '$HOME/.nvm'\n",
    "${HOME}: /Users/runner\n",
    "  config file = /etc/ansible/ansible.cfg\n"
    "  configured module search path = ['/root/.ansible/plugins/modules',"
    " '/usr/share/ansible/plugins/modules']\n",
    "userdeMacBook-Pro:~ user$ npm install -g expo-cli\n",
    "gitpod@ws-c61895d2-1215-424b-94ac-5e50617110cf /workspace/envinfo (main)> npx envinfo\n",
    "    RubyGems: 3.0.9 - /home/gitpod/.rvm/rubies/ruby-2.6.6/bin/gem\n",
    'Attempting to create directory "C:\\Users\\Administrator\\AppData\\Local\\Temp\\chocolatey'
    '\\ChocolateyPackageCache".\n',
    "user@host $ ./gradlew --version\n",
    "Daemon JVM:    /Library/Java/JavaVirtualMachines/temurin-11.jdk/Contents/Home"
    " (no JDK specified, using current Java home)\n",
    "Logs: %LOCALAPPDATA%\\Packages\\Microsoft.DesktopAppInstaller_8wekyb3d8bbwe\\LocalState"
    "\\DiagOutputDir\n",
    "Ruby: /usr/local/bin/ruby => /usr/local/Cellar/ruby/2.3.1/bin/ruby\n",
    "Scan this dir for additional .ini files => /etc/php.d\n",
    "    Node: 14.16.0 - ~/.nvm/versions/node/v14.16.0/bin/node\n",
    "$HOME/.rustup/toolchains/1.78.0-aarch64-apple-darwin/bin/rustc -vV\n",
    "uname -a: 'Darwin 19.6.0 Darwin Kernel Version 19.6.0: Sun Jul 5 00:43:10 PDT 2020;"
    " root:xnu-6153.141.1~9/RELEASE_X86_64 x86_64'\n",
]


@pytest.mark.parametrize("text", SAME_SHAPES_THAT_NAME_NOBODY)
def test_texts_of_the_tune_miss_shape_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_batch_72_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 72's tune part under scrubber 1.32.0, blind, no rule changed after it: paths
    28/28, elsewhere 6/7, no e-mail or secret, 0 of 47 keep spans damaged, 27/27 library tails,
    0 of 8 clean changed, no JSON or YAML (figures moved by 1.34.0 are noted where they are
    asserted)."""
    score = tune_score(engine, 72, tmp_path)
    assert score.docs == 19
    assert [score.total[c] for c in CLASSES] == [28, 7, 0, 0]
    # scrubber 1.34.0, knowingly: the login after Bazel's _blaze_ output root is found
    # (user_names.yaml's bazel_output_root): elsewhere 6 -> 7/7
    assert [score.found[c] for c in CLASSES] == [28, 7, 0, 0]
    assert score.missed == []
    assert score.keeps == 47
    assert score.damage == []
    assert score.clean_touched == []
    assert score.clean_docs == 8
    assert score.tails_kept == score.tails == 27
    assert score.parses == score.structured == 0
    assert score.not_idempotent == [] and score.check_findings == [] and score.clashes == []
