"""A home path keeps every folder but the private ones; a name joined to a digest is public.

Batch 54's held-out part (``tests/outside_corpus/SOURCE.md``, "The stop-54 collection") lost a
library tail: ``git config --show-origin`` on Windows prints GitHub Desktop's bundled git as
``C:\\Users\\<u>\\AppData\\Local\\GitHub\\PortableGit_<40 hex>\\mingw32/etc/gitconfig``. Two
rules were at fault, and each is fixed as a class (scrubber 1.21.0; docs/scrubber.md, "Stop
48"), so the batch-54 held-out figure after them is no longer blind for those two spans:

* A name joined to a hex digest by ``_`` or ``-`` (``PortableGit_<sha>``, ``Build-<sha>``) read
  as a random token once the name had a capital (``recognizers._named_digest``): the digest is
  a git SHA or a content hash, public. A credential's word in the name (``key-<32 hex>``,
  Mailgun's shape; ``ApiKey_``, ``AuthToken-``) keeps it a secret, and a name joined to a
  random base62 string is still one. A hex folder in a path is a path's word too.
* A home path holding any finding other than the user's name was replaced whole
  (``C:\\Users\\user\\project1\\gitconfig``). Issue 35 item 1: only the private segment goes.
  Each other finding inside the path is now replaced where it stands by its own fixture and
  the folders after it stay (``engine.Scrubber._home_fixture``), in every escaping; only a
  finding that reaches into the user's folder still replaces the folders.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

HEX = "f02737a78695063deace08e96d5042710d3e32db"
TOKEN = "ghp_" + "R7x2Kq9LmN4pW8vT1sY6bJ3cH5dF0gA2eU7i"
RANDOM = "Xq7LmN4pW8vT1sY6bJ3cH5dF0gA2eU7iR7x2Kq9"


def _windows(sep: str, leaf: str) -> tuple[str, str]:
    """A Windows home path under GitHub Desktop's folder in one escaping: (path, its tail)."""
    tail = sep.join(["", "AppData", "Local", "GitHub", leaf, "mingw32", "etc", "gitconfig"])
    return f"C:{sep}Users{sep}Howard{tail}", tail


@pytest.mark.parametrize("sep", ["\\", "\\\\", "\\\\\\\\"], ids=["plain", "json", "json-in-json"])
def test_a_digest_named_folder_stays_and_only_the_user_goes(engine: Scrubber, sep: str) -> None:
    path, tail = _windows(sep, f"PortableGit_{HEX}")
    out = scrubbed(engine, f'file:"{path}"   alias.c=commit\n')
    assert "howard" not in out.lower()
    assert tail in out


@pytest.mark.parametrize("sep", ["\\", "\\\\", "\\\\\\\\"], ids=["plain", "json", "json-in-json"])
def test_a_token_inside_a_home_path_goes_and_the_folders_after_it_stay(
    engine: Scrubber, sep: str
) -> None:
    path, tail = _windows(sep, TOKEN)
    out = scrubbed(engine, f'file:"{path}"   alias.c=commit\n')
    assert "howard" not in out.lower()
    assert TOKEN not in out
    assert tail.split(TOKEN)[1] in out  # \mingw32\etc\gitconfig, in its escaping
    assert tail.split(TOKEN)[0] in out  # \AppData\Local\GitHub\


def test_a_token_in_a_posix_home_path_goes_and_the_file_stays(engine: Scrubber) -> None:
    out = scrubbed(engine, f"cat /home/mlindqvist/.config/gh/{TOKEN}/hosts.yml\n")
    assert "mlindqvist" not in out and TOKEN not in out
    assert out.startswith("cat /home/user1/.config/gh/") and out.endswith("/hosts.yml\n")


def test_two_paths_with_one_token_share_its_fixture(engine: Scrubber) -> None:
    text = (
        f"C:\\Users\\Howard\\AppData\\Local\\Temp\\{TOKEN}\\cmd\\git.exe\n"
        f"C:\\Users\\Howard\\AppData\\Local\\Temp\\{TOKEN}\\mingw32\\etc\\gitconfig\n"
    )
    first, second = scrubbed(engine, text).splitlines()
    assert first.endswith("\\cmd\\git.exe") and second.endswith("\\mingw32\\etc\\gitconfig")
    assert first.split("\\")[:7] == second.split("\\")[:7]  # one fixture for one token


PUBLIC = [
    f"PortableGit_{HEX}",
    f"Build-{HEX[:12]}",
    f"LayerCache_{HEX.upper()}",
    f"GitHub/{HEX}/bin",
    f"Local/GitHub/PortableGit_{HEX}/cmd",
]
SECRETS = [
    f"ApiKey_{HEX.upper()}",
    f"AuthToken-{HEX.upper()}",
    f"ClientSecret_{HEX.upper()}",
    f"key-{HEX[:32]}",
    f"PortableGit_{RANDOM}",
    TOKEN,
]


@pytest.mark.parametrize("text", PUBLIC)
def test_a_name_with_a_digest_is_public(engine: Scrubber, text: str) -> None:
    assert engine.find(f"installed in {text} today\n") == []


@pytest.mark.parametrize("text", SECRETS)
def test_a_credential_word_or_a_random_tail_stays_a_secret(engine: Scrubber, text: str) -> None:
    assert text not in scrubbed(engine, f"installed in {text} today\n")
