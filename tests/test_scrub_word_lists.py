"""The scrubber's word lists are data (``scrubbers/words.yaml``, issue 36 item 5): read typed at
the boundary, a malformed file named in one error, and the rules reading them as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.errors import ConfigError
from intake.scrub import get_scrubber
from intake.scrub.definitions import (
    load_user_name_rules,
    load_word_lists,
    packaged_scrubbers_dir,
    user_name_rules,
    word_lists,
)


def test_the_packaged_word_lists_are_read() -> None:
    """Each list is a set of lower-case words, with the words the rules were written with
    (``the`` and ``developer`` no login, ``optional`` a type, ``null`` no password: a quoted
    YAML word stays a word)."""
    words = word_lists()
    assert words == load_word_lists(packaged_scrubbers_dir() / "words.yaml")
    assert {"the", "developer", "read-only"} <= words.word_logins
    assert {"optional", "vec", "null"} <= words.type_words
    assert {"null", "true", "false", "none", "incorrect"} <= words.not_a_password
    assert {"user", "server", "bench"} <= words.role_name_words
    listed_all = (words.word_logins, words.type_words, words.not_a_password, words.role_name_words)
    for listed in listed_all:
        assert listed and all(w == w.lower() and " " not in w for w in listed)


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ("word_logins: the developer\n", "a list of words was expected"),
        ("type_words: [str, [int]]\n", "a list of words was expected"),
        ("not_a_password: [none, null]\n", "a list of words was expected"),
        ("role_name_words: [user, [server]]\n", "a list of words was expected"),
        ("- word_logins\n", "a mapping was expected"),
    ],
)
def test_a_malformed_word_list_is_a_config_error(tmp_path: Path, body: str, problem: str) -> None:
    """A list that is no list of words (a sentence, a nested list, an unquoted ``null`` that
    YAML reads as nothing) or a file that is no mapping: one ``ConfigError`` naming the file."""
    path = tmp_path / "words.yaml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_word_lists(path)
    assert problem in str(caught.value) and caught.value.where == str(path)


def test_a_missing_word_list_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        load_word_lists(tmp_path / "words.yaml")
    assert caught.value.where == str(tmp_path / "words.yaml")


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("The console output at 14:02 showed nothing.\n", True),  # word_logins
        ("password: incorrect\n", True),  # not_a_password
        ("api_token: Optional[str]\n", True),  # type_words
        ("password: Xq7#vR2!pLm9\n", False),
    ],
)
def test_the_rules_read_the_lists(text: str, kept: bool) -> None:
    """The three rules that read the lists keep what they kept when the lists were code, and a
    password is still replaced."""
    assert (get_scrubber().scrub_text(text).text == text) is kept


def test_a_words_file_in_a_scrubbers_folder_is_not_read(tmp_path: Path) -> None:
    """The word lists are intake's shipped rules, read from the installed package only: a
    ``words.yaml`` in a configured ``scrubbers_dir`` (a suite's, a pull request's) that empties
    a list changes nothing the scrubber keeps (``docs/trust.md``)."""
    import shutil

    from intake.scrub import Scrubber

    folder = tmp_path / "scrubbers"
    shutil.copytree(packaged_scrubbers_dir(), folder)
    (folder / "words.yaml").write_text(
        "word_logins: []\ntype_words: []\nnot_a_password: []\n", encoding="utf-8"
    )
    text = "password: incorrect\napi_token: Optional[str]\n"
    assert Scrubber(folder).scrub_text(text).text == text


def test_the_packaged_user_name_rules_are_read() -> None:
    """The user-name patterns are data too (``scrubbers/user_names.yaml``): each rule a regex
    by name, the learners with the strings that let them run, and the rules read them as
    before (a prompt's login is learned and replaced everywhere; a listing's ``root`` is not)."""
    rules = user_name_rules()
    again = load_user_name_rules(packaged_scrubbers_dir() / "user_names.yaml")
    assert {k: (r.pattern.pattern, r.pattern.flags, r.when) for k, r in rules.items()} == {
        k: (r.pattern.pattern, r.pattern.flags, r.when) for k, r in again.items()
    }
    assert rules["prompt"].when == ("@",) and rules["passwd"].when == ()
    assert rules["env"].pattern.search("USER=alice").group(1) == "alice"  # type: ignore[union-attr]
    text = "alice@box:~$ ls\nsee alice's notes\n"
    assert "alice" not in get_scrubber().scrub_text(text).text
    listing = "drwxr-xr-x  7 root  staff  238 Dec 30 12:00 root's files\n"
    assert get_scrubber().scrub_text(listing).text == listing


@pytest.mark.parametrize(
    "body",
    [
        "rules: [{name: x}]\n",  # no pattern
        "rules: [{pattern: 'a'}]\n",  # no name
        "rules: [{name: x, pattern: '(unclosed'}]\n",  # no regex
        "rules: [{name: x, pattern: [a, [b]]}]\n",  # a piece that is no text
        "- rules\n",  # no mapping
    ],
)
def test_a_malformed_user_name_rule_is_a_config_error(tmp_path: Path, body: str) -> None:
    path = tmp_path / "user_names.yaml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        for rule in load_user_name_rules(path).values():
            assert rule.pattern  # a pattern is compiled when first used
    assert caught.value.where == str(path)


def test_a_user_names_file_in_a_scrubbers_folder_is_not_read(tmp_path: Path) -> None:
    """The user-name patterns are shipped rules too: a ``user_names.yaml`` in a configured
    ``scrubbers_dir`` that lists no rule changes nothing the scrubber learns (``docs/trust.md``)."""
    import shutil

    from intake.scrub import Scrubber

    folder = tmp_path / "scrubbers"
    shutil.copytree(packaged_scrubbers_dir(), folder)
    (folder / "user_names.yaml").write_text("rules: []\n", encoding="utf-8")
    text = "alice@box:~$ ls\nsee alice's notes\n"
    assert "alice" not in Scrubber(folder).scrub_text(text).text
