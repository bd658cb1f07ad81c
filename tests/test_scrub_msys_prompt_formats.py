# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""MSYS2's, Git for Windows' and Cygwin's default prompt without the MSYSTEM word (stop 58,
scrubber 1.113.0; issue 35).

The tune miss of batch 158 (``tests/outside_corpus/SOURCE.md``, "The stop-158 collection"),
fixed by general rules:

* ``msys_prompt`` (``scrubbers/user_names.yaml``): the prompt Git for Windows' and MSYS2's
  default ``PS1`` prints, a line of its own before the ``$ `` line: Git for Windows'
  ``/etc/profile.d/git-prompt.sh`` builds ``\\n`` ``\\u@\\h `` ``$MSYSTEM `` ``\\w``
  [``__git_ps1``] ``\\n`` ``$ ``, MSYS2's ``/etc/bash.bashrc`` ``\\n\\u@\\h $MSYSTEM \\w\\n\\$ ``:
  with ``MSYSTEM`` empty (older builds, a shell started without it) the line is
  ``<login>@<host>  <path>``, two spaces; Cygwin's ``/etc/bash.bashrc`` (``\\n\\u@\\h
  \\w\\n\\$ ``) and Git for Windows 1.x's, without the word, one. The login is learned (Windows
  logins keep their capitals, as in the ``git_bash`` rule's ``MINGW64`` form).
* ``msys_host_prompt`` (read by ``engine.glued_host_logins``): a host made of that prompt's own
  learned login and a suffix starting with a digit or a capital (``<u>0-w``, ``<u>PC``,
  ``<u>-PC`` already went as a word), in the two-space form and in the ``MINGW64`` form, whose
  login was learned before but not its host.

``MSYS_PROMPT_NOBODY`` is the harm hunt the rules were attacked with before they were kept:
texts of the same shape that name nobody (built-in, CI, container, image and role accounts,
placeholders, hosts made of such an account), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

MSYS_PROMPT_NOBODY = [
    # the two-space form (no MSYSTEM word) for Windows' built-in, CI, container and role accounts
    "Administrator@WIN-BUILD01  /c/work/bazel\n$ bazel info output_base\n",
    "runneradmin@fv-az123-456  /d/a/project/project\n$ bazel version\n",
    "ContainerAdministrator@3f2a1b4c5d6e  /c/src\n$ bazel info output_base\n",
    "SYSTEM@BUILD-AGENT-07  /c/agent/_work/1/s\n$ bazel test //...\n",
    "vagrant@WIN10-VM  /c/vagrant\n$ bazel info\n",
    "jenkins@win-agent-2  /c/jenkins/workspace/bazel\n$ bazel info output_base\n",
    "root@localhost  /c/work\n$ bazel clean --expunge\n",
    "ubuntu@ip-10-0-0-12  ~\n$ bazel info release\nrelease 7.1.0\n",
    "user@DESKTOP-ABC123  /c/work/bazel\n$ bazel info output_base\n",
    # a host made of the account itself, glued (what the host rule follows for a person)
    "Administrator@Administrator0-w  /c/work/bazel\n$ bazel info\n",
    "runneradmin@runneradmin01  /d/a/x/x\n$ make\n",
    "vagrant@vagrant10  /c/vagrant\n$ make\n",
    "jenkins@jenkins0-w  /c/jenkins\n$ make\n",
    "root@root0-w  /c\n$ make\n",
    "user@user0-w  /c/work\n$ make\n",
    "ubuntu@ubuntu2204  ~\n$ make\n",
    "SYSTEM@SYSTEM-PC  /c/Windows/System32\n$ whoami\nnt authority\\system\n",
    # the MINGW64 form for the same accounts, with a glued host
    "Administrator@Administrator0-w MINGW64 /c/work/bazel\n$ bazel info\n",
    "runneradmin@fv-az123-456 MINGW64 /d/a/project/project (main)\n$ bazel build //...\n",
    "user@user0-w MINGW64 ~/src\n$ bazel --version\nbazel 6.4.0\n",
    "ContainerAdministrator@CONTAINER01 MINGW64 /c/src\n$ make\n",
    # Cygwin's one-space form and an 8.3 short home of a built-in account beside the prompt
    "vagrant@WIN10-VM ~\n$ uname -a\n",
    "Administrator@ADMIN-PC /cygdrive/c/Users/Administrator\n$ ls\n",
    "Cannot terminate server process with PID 6024\n.\nC:/Users/ADMINI~1/AppData/Local/Temp/Bazel/8Bsuo2Uq\n\nAdministrator@ADMIN-PC  /c/work/bazel\n$ bazel info\n",
    # lines of the same letters that are no prompt: a package and its folder, a placeholder
    "my-app@1.0.0 /c/work/my-app\n$ npm ls\n",
    "<user>@<host>  /c/work\n$ make\n",
    "The prompt shows user@host  /c/path and then $ on the next line.\n",
]

MSYS_PROMPT_GO = [
    (
        "C:/Users/DORINB~1/AppData/Local/Temp/Bazel/8Bsuo2Uq\n\ndorinbelvaku@dorinbelvaku0-w  /c/work/bazel\n$ bazel info output_base\n",
        "dorinbelvaku",
        ["0-w  /c/work/bazel\n$ bazel info output_base", "/AppData/Local/Temp/Bazel"],
    ),
    (
        "tmarlow@TMARLOW01  /c/Users/tmarlow/src\n$ cmake --build .\n",
        "tmarlow",
        ["01  /c/Users/", "/src\n$ cmake --build ."],
    ),
    (
        "Hliao@Hliao-PC  ~/projects\n$ ninja\nninja: no work to do.\n",
        "hliao",
        ["-PC  ~/projects\n$ ninja"],
    ),
    (
        "okmwangi@okmwangi0-w MINGW64 /c/src/app (main)\n$ git status\n",
        "okmwangi",
        ["0-w MINGW64 /c/src/app (main)"],
    ),
    (
        "pemberly@PEMBERLYX1 ~\n$ uname -a\nCYGWIN_NT-10.0 PEMBERLYX1 3.4.9 x86_64 Cygwin\n",
        "pemberly",
        ["X1 ~\n$ uname -a", "CYGWIN_NT-10.0 "],
    ),
]


@pytest.mark.parametrize("text", MSYS_PROMPT_NOBODY)
def test_msys_prompt_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), MSYS_PROMPT_GO)
def test_msys_prompt_goes(engine: Scrubber, text: str, value: str, kept: list[str]) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
