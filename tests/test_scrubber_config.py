"""The scrubbers folder's own YAML (fixture formats, allow-list) is parsed once where it is read
into typed objects (``scrub.definitions.configured``): a key left out keeps its default, and a
value that does not fit is one ``ConfigError`` naming the file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import regex

from intake.errors import ConfigError
from intake.scrub import Scrubber, packaged_scrubbers_dir
from intake.scrub.context import load_secret_names
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


def test_secret_names_left_out_are_empty_and_every_name_is_lowercased(tmp_path: Path) -> None:
    path = tmp_path / "secret_names.yaml"
    path.write_text(
        "stems: [Pass]\nwords: [PassWord, 7]\npairs: [[API, Key]]\npatterns: ['^X_[0-9]+$']\n",
        encoding="utf-8",
    )
    names = load_secret_names(path)
    assert (names.stems, names.words, names.pairs) == (
        ("pass",),
        frozenset({"password", "7"}),
        (("api", "key"),),
    )
    assert names.suffixes == names.shaped_suffixes == names.shaped_pairs == ()
    assert names.not_after == names.not_before == names.not_names == names.shaped == frozenset()
    assert names.is_secret_name("x_12") and names.is_secret_name("db_api_key")
    assert not names.is_secret_name("username")


@pytest.mark.parametrize(
    "text",
    [
        "words: [password]\n",  # no stems
        "- stems\n",  # a list, not a mapping
        "stems: [pass]\nwords: [password]\nsuffixes: 3\n",  # not a list
        "stems: [pass]\nwords: [password]\npatterns: ['(']\n",  # not a regex
        "stems: [pass]\nwords: [password]\nfamous: [x]\n",  # a key that is no field: ignored
    ],
)
def test_malformed_secret_names_are_one_config_error_naming_the_file(
    tmp_path: Path, text: str
) -> None:
    path = tmp_path / "secret_names.yaml"
    path.write_text(text, encoding="utf-8")
    if "famous" in text:
        assert load_secret_names(path).words == frozenset({"password"})
        return
    with pytest.raises(ConfigError, match="secret names are invalid") as info:
        load_secret_names(path)
    assert info.value.where == str(path)


@pytest.mark.parametrize(
    "rule",
    [
        "  - token: {entity: GITHUB_TOKEN, prefix: 'zq_', body: '[a-z0-9]', length: 12}\n",
        "  - checked: {entity: BEARER_TOKEN, patterns: [[b, 'zq_[a-z]+', 0.8]]}\n",
        "  - name: NoEntity\n    checked: {patterns: [[b, 'zq_[a-z]+', 0.8]]}\n",
        "  - name: NoScore\n    checked: {entity: BEARER_TOKEN, patterns: [[b, 'zq_[a-z]+']]}\n",
        "  - name: NoCheck\n    checked: {check: IntakeNoSuchRecognizer, entity: BEARER_TOKEN,"
        " patterns: [[b, 'zq_[a-z]+', 0.8]]}\n",
    ],
)
def test_a_token_rule_without_a_name_is_a_config_error_naming_the_registry(
    tmp_path: Path, rule: str
) -> None:
    """A ``token`` or ``checked`` rule is parsed with its entry (``scrub.presidio.RegistryEntry``):
    without the ``name`` the recognizer is built under, or a field the rule needs, or with a
    ``check`` that names no checked recognizer, the registry is refused, not built unnamed or
    half."""
    folder = tmp_path / "scrubbers"
    shutil.copytree(packaged_scrubbers_dir(), folder)
    registry = folder / "recognizers.yaml"
    text = registry.read_text(encoding="utf-8")
    registry.write_text(text.replace("recognizers:\n", "recognizers:\n" + rule, 1))
    with pytest.raises(ConfigError, match="recognizer registry cannot be loaded") as info:
        Scrubber(folder)
    assert info.value.where == str(registry)
