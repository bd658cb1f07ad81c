# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""A Mac's local host name in its other forms, and Vim's and Neovim's ``Compiled by`` line (stop
57, scrubber 1.103.0; issue 35).

The tune misses of batches 146 and 149 (``tests/outside_corpus/SOURCE.md``, "The stop-146
collection" and "The stop-149 collection"), fixed by rules that read each format as documented:

* ``mac_host_forms`` (``scrubbers/user_names.yaml``) and ``engine._MAC_HOST``: macOS makes the
  local host name from the computer name, which it sets up from the account's full name
  (Apple Support, "Change your Mac's name or local hostname": ``<Name>'s MacBook Pro``,
  ``<Name>s-MacBook-Pro.local``); owners add a word (``<Name>'s Work MacBook Pro``, so
  ``<Name>s-Work-MacBook-Pro``, a nix-darwin flake's ``.#<host>`` attribute), and a host set
  by hand or by a network drops the hyphens (``<u>@<Name>sMacBookPro:~$``). ``mac_host`` and
  ``mac_host_handle`` read the hyphenated ``<Name>s-<Model>`` only; the name of these forms is
  learned as theirs is, and a learned name goes in any of them;
* ``compiled_by`` (the same file): the ``Compiled by <user>@<host>`` line of ``nvim --version``
  and Vim's ``:version`` (Neovim's ``version.c`` prints ``Compiled by `` ``compiled_user``
  ``@`` ``compiled_sys``, which its build takes from ``$USER`` and the host name; Vim's
  ``pathdef.c`` from ``whoami`` and ``hostname`` unless ``--with-compiledby``): the login of
  whoever built it, unless a build farm's, a CI's or a packager's account did.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts
of the same shape that name nobody (placeholders, role and default accounts, build accounts,
other tools' lines of the same class), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

MAC_HOST_FORMS_NOBODY = [
    "admin@MacBookPro:~$ gopls version\n",
    "root@MacBookPro:~# ls\n",
    "dev@WorkMacBookPro:~$ go env\n",
    "ci@BuildMacBookPro:~$ make\n",
    "user@StudioMacBookPro:~$ ls\n",
    "HOME=/Users/admin\nLOGNAME=admin\n",
    "sudo darwin-rebuild switch --flake .#simple\n",
    "sudo darwin-rebuild switch --flake .#Work-MacBook-Pro\n",
    "darwin-rebuild switch --flake ~/.config/nix-darwin#MacBook-Pro\n",
    "nix run nix-darwin -- switch --flake .#mbp\n",
    "nixos-rebuild switch --flake '.#algae'\n",
    "nix build .#darwinConfigurations.simple.system\n",
    "ssh: connect to host Work-MacBook-Pro.local port 22: Connection refused\n",
    "ssh: connect to host Users-Work-MacBook-Pro.local port 22: Connection refused\n",
    "user@users-Work-MacBook-Pro ~ % ls\n",
    "tests@TestsMacBookPro:~$ ls\n",
    "admin@AdminsMacBookPro:~$ ls\n",
    "if (ThisMacBookPro) { return; }\n",
    "const isMacBookPro = model.startsWith('MacBookPro');\n",
    "hw.model: MacBookPro18,3\n",
    "Model Identifier: MacBookPro16,1\n",
    " -------------- celery@MacBook-Pro-2.local v5.3.1 (emerald-rush)\n",
    "[I 10:00:00 NotebookApp] http://MacBookAir.local:8888/?token=...\n",
    "Host: Personal-MacBook-Air.local\n",
    'darwinConfigurations."Office-iMac" = nix-darwin.lib.darwinSystem {\n',
]

MAC_HOST_FORMS_GO = [
    (
        "marisol@MarisolsMacBookPro:~$ gopls version\nHOME=/Users/marisol\n",
        "marisol",
        ["@", "sMacBookPro:~$ gopls version", "HOME=/Users/"],
    ),
    (
        "sudo darwin-rebuild switch --flake .#Tarows-Work-MacBook-Pro\nwarning: Git tree '/Users/kpelling/src' is dirty\n",
        "Tarow",
        ["--flake .#", "s-Work-MacBook-Pro"],
    ),
    (
        "ssh: connect to host Brannocks-Personal-MacBook-Air.local port 22: Connection refused\n",
        "Brannock",
        ["s-Personal-MacBook-Air.local port 22"],
    ),
    (
        "jdoe@EsmesWorkMacBookPro ~ % ls\n",
        "Esme",
        ["sWorkMacBookPro ~ % ls"],
    ),
    (
        "dev@quietrivers-Work-MacBook-Pro ~ % mix test\n",
        "quietriver",
        ["s-Work-MacBook-Pro ~ % mix test"],
    ),
]

COMPILED_BY_NOBODY = [
    "NVIM v0.10.0\nBuild type: Release\nLuaJIT 2.1.1713484068\nCompiled by runner@fv-az1234-567\n",
    "NVIM v0.9.5\nBuild type: Release\nCompiled by root@buildkitsandbox\n",
    "NVIM v0.9.4\nBuild type: Release\nCompiled by nixbld@localhost\n",
    "NVIM v0.6.1\nBuild type: Release\nCompiled by buildd@lcy02-amd64-080\n",
    "NVIM v0.4.3\nCompiled by abuild@build-x86_64\n",
    "NVIM v0.3.0\nCompiled by travis@travis-job-4f2a9c\n",
    "NVIM v0.8.0\nCompiled by builder@localhost\n",
    "NVIM v0.8.0\nCompiled by brew@Mac-mini.local\n",
    "NVIM v0.7.2\nCompiled by builduser\n",
    "NVIM v0.9.0\nCompiled by mockbuild@buildvm-x86-12\n",
    "NVIM v0.9.0\nCompiled by portage@localhost\n",
    "NVIM v0.9.0\nCompiled by user@host\n",
    "VIM - Vi IMproved 9.1\nCompiled by Arch Linux\n",
    "VIM - Vi IMproved 9.1\nCompiled by Homebrew\n",
    "Compiled by gcc@9.3.0\n",
    "Compiled by GCC 13.2.0\n",
    "python: Compiled by clang 15.0.0\n",
    "Compiled by: root@localhost\n",
]

COMPILED_BY_GO = [
    (
        "NVIM v0.3.0-1016-gb94b59e4e\nBuild type: Release\nCompiled by tovrik@dev-os.local\n\nFeatures: +acl +iconv +jemalloc +tui\n",
        "tovrik",
        ["Compiled by ", "@dev-os.local", "Features: +acl"],
    ),
    (
        "VIM - Vi IMproved 9.0 (2022 Jun 28, compiled Jan 12 2024 10:00:00)\nCompiled by halvard@thinkpad\n",
        "halvard",
        ["Compiled by ", "@thinkpad"],
    ),
]


@pytest.mark.parametrize("text", MAC_HOST_FORMS_NOBODY + COMPILED_BY_NOBODY)
def test_mac_host_forms_and_compiled_by_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), MAC_HOST_FORMS_GO + COMPILED_BY_GO)
def test_mac_host_forms_and_compiled_by_go(
    engine: Scrubber, text: str, gone: str, kept: list[str]
) -> None:
    gone_and_kept(engine, text, gone, kept, any_case=True)
