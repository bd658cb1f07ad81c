"""The scrubbers folder's own YAML (fixture formats, allow-list) is parsed once where it is read
into typed objects (``scrub.definitions.configured``): a key left out keeps its default, and a
value that does not fit is one ``ConfigError`` naming the file."""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

from intake.errors import ConfigError
from intake.scrub.definitions import SECRET_PRIORITY, load_allow_rules
from intake.scrub.fixtures import FixtureSpec, load_fixture_config


def test_fixture_formats_left_out_keep_their_defaults(tmp_path: Path) -> None:
    path = tmp_path / "fixtures.yaml"
    path.write_text(
        "marker: MOCK\n"
        "entities:\n"
        "  GITHUB_TOKEN: {keep_prefix: '^ghp_', url_encoded: true}\n"
        "  USER_NAME: {style: template, template: 'user{n}'}\n"
        "priority: {GITHUB_TOKEN: 90}\n",
        encoding="utf-8",
    )
    config = load_fixture_config(path)
    assert config.marker == "MOCK"
    assert config.default == FixtureSpec()
    token = config.spec("GITHUB_TOKEN")
    assert token.keep_prefix is not None and token.keep_prefix.pattern == "^ghp_"
    assert (token.style, token.url_encoded, token.keep_suffix) == ("token", True, None)
    assert config.spec("USER_NAME") == FixtureSpec(style="template", template="user{n}")
    assert config.spec("EMAIL_ADDRESS") is config.default
    assert (config.rank("GITHUB_TOKEN"), config.rank("EMAIL_ADDRESS")) == (90, SECRET_PRIORITY)


def test_an_empty_fixture_file_is_every_default(tmp_path: Path) -> None:
    path = tmp_path / "fixtures.yaml"
    path.write_text("# nothing\n", encoding="utf-8")
    config = load_fixture_config(path)
    assert (config.marker, config.default, config.entities, config.priority) == (
        "FAKE",
        FixtureSpec(),
        {},
        {},
    )


@pytest.mark.parametrize(
    "text",
    [
        "- a list\n",
        "default: [token]\n",
        "default: null\n",
        "entities: {GITHUB_TOKEN: plain}\n",
        "entities: {GITHUB_TOKEN: {keep_prefix: '(unclosed'}}\n",
        "priority: {GITHUB_TOKEN: many}\n",
        "priority: [GITHUB_TOKEN]\n",
    ],
)
def test_fixture_formats_that_do_not_fit_are_a_config_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fixtures.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match="fixture formats are invalid") as caught:
        load_fixture_config(path)
    assert caught.value.where == str(path)


def test_allow_rules_are_named_by_position_when_unnamed(tmp_path: Path) -> None:
    path = tmp_path / "allow.yaml"
    path.write_text(
        "rules:\n"
        "  - {name: fakes, entities: ['*'], regex: 'FAKE\\d+'}\n"
        "  - {entities: [USER_NAME], regex: '^user\\d+$'}\n",
        encoding="utf-8",
    )
    first, second = load_allow_rules(path)
    assert (first.name, second.name) == ("fakes", "rule1")
    assert first.applies("ANYTHING") and second.applies("USER_NAME")
    assert not second.applies("EMAIL_ADDRESS")
    assert second.pattern.flags & regex.V0 and second.pattern.search("user7")


@pytest.mark.parametrize(
    "rule",
    ["{regex: x}", "{entities: [X]}", "{entities: [X], regex: '('}", "just text"],
)
def test_allow_rules_that_do_not_fit_are_a_config_error(tmp_path: Path, rule: str) -> None:
    path = tmp_path / "allow.yaml"
    path.write_text(f"rules:\n  - {rule}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="allow-list rule 0 is invalid"):
        load_allow_rules(path)


@pytest.mark.parametrize("text", ["- a list\n", "rules: null\n", "rules: {a: b}\n"])
def test_an_allow_list_without_a_list_of_rules_is_a_config_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "allow.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match="no mapping with a list of rules"):
        load_allow_rules(path)


def test_an_allow_list_naming_no_rules_has_none(tmp_path: Path) -> None:
    path = tmp_path / "allow.yaml"
    for text in ("# nothing\n", "masked: []\n", "rules: []\n"):
        path.write_text(text, encoding="utf-8")
        assert load_allow_rules(path) == []
