"""The ``scrubbers/`` folder: where it is, its configuration hash, its YAML, the allow-list.

Everything that decides *what* is private is data there (a Presidio recognizer-registry YAML,
allow-lists, fixture formats); this module reads it. YAML is read as
``intake.contract.yamlio.load_data`` reads it (ruamel's safe loader, YAML 1.2); a plain file
(``plain_yaml``) is read by libyaml without importing ruamel.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import regex

from intake.errors import ConfigError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


SCRUBBER_VERSION = "1.167.0"
"""Bumped whenever the code changes what is found or how it is replaced."""

SECRET_PRIORITY = 60
"""Entity types with a priority at or above this are secrets (widened, never trimmed)."""


def packaged_scrubbers_dir() -> Path:
    """The ``scrubbers/`` folder: inside the installed package, else at the repository root."""
    here = Path(__file__).resolve().parent.parent  # the intake package
    inside = here / "scrubbers"
    return inside if inside.is_dir() else here.parent / "scrubbers"


def _scrubber_files(scrubbers_dir: Path) -> list[Path]:
    return sorted(
        p for p in scrubbers_dir.iterdir() if p.is_file() and p.suffix in {".yaml", ".yml"}
    )


def scrubber_config_hash(scrubbers_dir: Path | None = None) -> str:
    """``sha256:…`` over every file of the scrubber configuration (names and bytes)."""
    folder = scrubbers_dir or packaged_scrubbers_dir()
    digest = hashlib.sha256()
    digest.update(f"intake-scrubber {SCRUBBER_VERSION}\n".encode())
    for path in _scrubber_files(folder):
        data = path.read_bytes()
        digest.update(f"{path.name}\0{len(data)}\0".encode())
        digest.update(data)
    return "sha256:" + digest.hexdigest()


_PLAIN_INT = regex.compile(r"-?(?:0|[1-9][0-9]*)")
_PLAIN_FLOAT = regex.compile(r"-?[0-9]+\.[0-9]+")
_PLAIN: dict[str, bool | None] = {
    **dict.fromkeys(("", "~", "null", "Null", "NULL")),
    **dict.fromkeys(("true", "True", "TRUE"), True),
    **dict.fromkeys(("false", "False", "FALSE"), False),
}
# Where ruamel's other implicit types (numbers, dates, `<<`, `=`) start; YAML 1.1's `yes`, `no`,
# `on`, `off` are strings in YAML 1.2 (a `%YAML 1.1` directive is left to ruamel).
_MAYBE_TYPED = regex.compile(r"[-+0-9.~<=]")


class _NotPlain(Exception):
    """The text uses YAML that only ruamel's loader reads as ``load_data`` does."""


def plain_yaml(text: str) -> Any:
    """The data ruamel's safe YAML 1.2 loader (``load_data``) reads from ``text``.

    One document of mappings, lists and untagged strings (plain, quoted or block), decimal
    integers, ``1.5``-style floats, ``true``/``false`` and nulls is read from libyaml's parser
    events by the YAML 1.2 rules for those forms (so ``no`` and ``on`` stay strings). Anything
    else (a directive, a tag, a merge key, a duplicate key, another number or date form, a
    line break YAML 1.1 and 1.2 read differently, any error) is read by ``load_data`` itself:
    the same data and the same errors, ruamel imported only then. An anchor names its value
    and an alias repeats it (a piece of a pattern written once in a scrubbers file); an alias
    of an anchor not yet complete (a recursive collection) or never set is left to ruamel.
    ``tests/test_scrub_start.py`` compares both on every packaged file and on those forms.
    """
    import yaml

    loader = getattr(yaml, "CSafeLoader", None)
    if loader is not None and not regex.search(r"[\t\x85\u2028\u2029\ufeff]|^%", text, regex.M):
        try:
            events = iter(yaml.parse(text, Loader=loader))
            if not isinstance(next(events), yaml.StreamStartEvent):
                raise _NotPlain
            start = next(events)
            if isinstance(start, yaml.StreamEndEvent):
                return None
            if not isinstance(start, yaml.DocumentStartEvent) or start.version or start.tags:
                raise _NotPlain
            data = _plain_value(next(events), events, yaml, {})
            if not isinstance(next(events), yaml.DocumentEndEvent):
                raise _NotPlain
            if not isinstance(next(events), yaml.StreamEndEvent):
                raise _NotPlain  # a second document
            return data
        except (_NotPlain, yaml.YAMLError):
            pass
    from intake.contract.yamlio import load_data

    return load_data(text)


def _plain_value(event: Any, events: Any, yaml: Any, anchors: dict[str, Any]) -> Any:
    """The value that starts with ``event`` by ``plain_yaml``'s rules (``anchors``: the values
    named so far); ``_NotPlain`` else."""
    if isinstance(event, yaml.AliasEvent):
        if event.anchor not in anchors:
            raise _NotPlain  # never set, or its collection not yet complete
        return anchors[event.anchor]
    if getattr(event, "tag", None) is not None:
        raise _NotPlain
    anchor = getattr(event, "anchor", None)
    if anchor is not None:
        anchors.pop(anchor, None)  # redefined: an alias inside names the new, unfinished one
    if isinstance(event, yaml.ScalarEvent):
        value = _plain_scalar(event.value) if not event.style else event.value  # quoted: text
    else:
        value = _plain_collection(event, events, yaml, anchors)
    if anchor is not None:
        anchors[anchor] = value
    return value


def _plain_collection(event: Any, events: Any, yaml: Any, anchors: dict[str, Any]) -> Any:
    """The list or mapping that starts with ``event`` (``_plain_value``'s rules)."""
    if isinstance(event, yaml.SequenceStartEvent):
        items = []
        while not isinstance(event := next(events), yaml.SequenceEndEvent):
            items.append(_plain_value(event, events, yaml, anchors))
        return items
    if not isinstance(event, yaml.MappingStartEvent):
        raise _NotPlain
    data: dict[Any, Any] = {}
    while not isinstance(event := next(events), yaml.MappingEndEvent):
        if not isinstance(event, yaml.ScalarEvent):
            raise _NotPlain  # a collection or an alias as a key
        key = _plain_value(event, events, yaml, anchors)
        if key in data:
            raise _NotPlain  # ruamel refuses a duplicate key
        data[key] = _plain_value(next(events), events, yaml, anchors)
    return data


def _plain_scalar(value: str) -> Any:
    """An untagged plain scalar's value by YAML 1.2; ``_NotPlain`` for forms left to ruamel."""
    if value in _PLAIN:
        return _PLAIN[value]
    if _PLAIN_INT.fullmatch(value):
        return int(value)
    if _PLAIN_FLOAT.fullmatch(value):
        return float(value)
    if _MAYBE_TYPED.match(value):
        raise _NotPlain
    return value


def load_scrubber_yaml(path: Path) -> Any:
    """A configuration file of the scrubbers folder as data (``plain_yaml``); a missing or
    unreadable one is a ``ConfigError``."""
    try:
        return plain_yaml(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ConfigError("scrubber configuration file is missing", where=str(path)) from exc
    except Exception as exc:
        raise ConfigError(
            f"scrubber configuration is invalid: {type(exc).__name__}", where=str(path)
        ) from exc


T = TypeVar("T", bound="DataclassInstance")


def configured(cls: type[T], data: object, **convert: Callable[[Any], Any]) -> T:
    """The dataclass ``cls`` from a mapping of a scrubbers file, parsed once where it is read:
    each field the mapping names, as ``convert[name]`` makes it (text when none is given); a
    field it does not name keeps its default, and a key that is no field is ignored.
    ``TypeError`` (or the conversion's error) when it is not a mapping or a value does not fit.
    """
    if not isinstance(data, Mapping):
        raise TypeError(f"a mapping was expected, not {type(data).__name__}")
    given = [f.name for f in fields(cls) if f.name in data]
    return cls(**{name: convert.get(name, str)(data[name]) for name in given})


@dataclass(frozen=True)
class WordLists:
    """The word lists of ``scrubbers/words.yaml`` (see that file for what each holds)."""

    word_logins: frozenset[str] = frozenset()
    type_words: frozenset[str] = frozenset()
    not_a_password: frozenset[str] = frozenset()
    role_name_words: frozenset[str] = frozenset()
    not_user_names: frozenset[str] = frozenset()
    system_accounts: frozenset[str] = frozenset()
    login_not_user: frozenset[str] = frozenset()
    not_secret_words: frozenset[str] = frozenset()
    code_objects: frozenset[str] = frozenset()
    shared_profiles: frozenset[str] = frozenset()
    placeholder_first_words: frozenset[str] = frozenset()
    auth_headers: frozenset[str] = frozenset()
    field_names: frozenset[str] = frozenset()
    placeholder_credentials: frozenset[str] = frozenset()
    name_particles: frozenset[str] = frozenset()


def _words(items: object) -> frozenset[str]:
    if not isinstance(items, list) or not all(isinstance(w, str) for w in items):
        raise TypeError("a list of words was expected")
    return frozenset(w.lower() for w in items)


def load_word_lists(path: Path) -> WordLists:
    """Read ``words.yaml`` into ``WordLists``; a missing or malformed file (a list that is no
    list of words, no mapping) is a ``ConfigError`` naming it."""
    try:
        lists = {f.name: _words for f in fields(WordLists)}
        return configured(WordLists, load_scrubber_yaml(path) or {}, **lists)
    except TypeError as exc:
        raise ConfigError(f"word lists are invalid: {exc}", where=str(path)) from exc


@cache
def word_lists() -> WordLists:
    """The packaged ``words.yaml``, read the first time a rule needs it."""
    return load_word_lists(packaged_scrubbers_dir() / "words.yaml")


def top_level_alternatives(source: str) -> list[str]:
    """``source`` cut at its top-level ``|`` (none inside a group, a set or after a ``\\``)."""
    parts, depth, start, i, in_set = [], 0, 0, 0, False
    while i < len(source):
        c = source[i]
        if c == "\\":
            i += 1  # the escaped character is no operator
        elif in_set:
            in_set = c != "]"
        elif c == "[":
            in_set = True
            i += source.startswith("^", i + 1)  # a set's first ``]`` (after ``^``) is literal
            i += source.startswith("]", i + 1)
        elif c in "()":
            depth += 1 if c == "(" else -1
        elif c == "|" and depth == 0:
            parts.append(source[start:i])
            start = i + 1
        i += 1
    return [*parts, source[start:]]


@dataclass(frozen=True)
class UserNameRule:
    """A rule of ``scrubbers/user_names.yaml`` (see that file for what each finds).

    Its pattern is compiled the first time a text needs it: the regex module's parser takes
    about 2 ms a pattern, and a text holding none of a rule's ``when`` strings never runs it
    (a one-line file runs a handful of the 220). A pattern that is no regex is a
    ``ConfigError`` naming ``where`` then; every packaged rule is compiled by the tests."""

    source: str
    when: tuple[str, ...] = ()
    """Strings one of which a text must hold for ``learn_user_names`` to try the pattern; none
    for a pattern only an account rule reads."""
    markers: tuple[str, ...] = ()
    """Strings one of which a text must hold for the account rule that reads the pattern."""
    where: str = ""
    """The file the rule was read from."""

    @cached_property
    def pattern(self) -> regex.Pattern[str]:
        """The rule's pattern, compiled once."""
        return self._compile(self.source)

    @cached_property
    def alternatives(self) -> tuple[regex.Pattern[str], ...]:
        """The pattern's top-level alternatives, each compiled alone (with the pattern's
        flags); none when it has one."""
        parts = top_level_alternatives(self.source)
        if len(parts) < 2:
            return ()
        return tuple(self._compile(part, self.pattern.flags) for part in parts)

    def _compile(self, source: str, flags: int = 0) -> regex.Pattern[str]:
        try:
            return regex.compile(source, flags)
        except regex.error as exc:
            raise ConfigError(f"user-name rules are invalid: {exc}", where=self.where) from exc

    def finditer(self, text: str) -> list[regex.Match[str]]:
        """``pattern.finditer(text)``'s matches, found by each alternative's own search.

        Joined by ``|``, a rule's alternatives lose the regex module's fast scan for their
        literal starts (``login_record``'s fifteen: 10.5 s on GAIA's tree joined, 4.1 s apart).
        The joined pattern's matches are the leftmost, and at one start the first alternative
        that matches; after a match the scan goes on from its end: so are these, and each is the
        joined pattern's own match at its start (groups numbered and named as in the rule). An
        empty match (where the two could differ) hands the text back to the joined pattern."""
        if len(self.alternatives) < 2:
            return list(self.pattern.finditer(text))
        ahead = [alt.search(text) for alt in self.alternatives]
        found: list[regex.Match[str]] = []
        pos = 0
        while True:
            best = None
            for i, m in enumerate(ahead):
                if m is not None and m.start() < pos:
                    m = ahead[i] = self.alternatives[i].search(text, pos)
                if m is not None and (best is None or m.start() < best.start()):
                    best = m
            if best is None:
                return found
            # the joined pattern's own match there: its groups numbered as the callers know them
            joined = self.pattern.match(text, best.start())
            if joined is None or joined.end() == joined.start():
                return list(self.pattern.finditer(text))
            found.append(joined)
            pos = joined.end()


def load_user_name_rules(path: Path) -> dict[str, UserNameRule]:
    """Read ``user_names.yaml`` into its rules by name, in file order; a missing or malformed
    file (no list of rules, a rule without a name or pattern, a pattern piece that is no text)
    is a ``ConfigError`` naming it, and so is a pattern that is no regex, when it is compiled."""
    try:
        return {
            str(rule["name"]): _user_name_rule(rule, str(path))
            for rule in load_scrubber_yaml(path)["rules"]
        }
    except (KeyError, TypeError, AttributeError) as exc:
        raise ConfigError(f"user-name rules are invalid: {exc}", where=str(path)) from exc


def _user_name_rule(rule: Mapping[str, Any], where: str) -> UserNameRule:
    return UserNameRule(
        "".join(rule["pattern"]),
        tuple(map(str, rule.get("when", ()))),
        tuple(map(str, rule.get("markers", ()))),
        where,
    )


@cache
def user_name_rules() -> dict[str, UserNameRule]:
    """The packaged ``user_names.yaml``, read the first time a rule needs it."""
    return load_user_name_rules(packaged_scrubbers_dir() / "user_names.yaml")


@dataclass(frozen=True)
class _AllowRule:
    name: str
    entities: frozenset[str]
    pattern: regex.Pattern[str]

    def applies(self, entity_type: str) -> bool:
        return "*" in self.entities or entity_type in self.entities


def load_allow_rules(path: Path) -> list[_AllowRule]:
    match load_scrubber_yaml(path) or {}:
        case {"rules": list(listed)}:
            pass
        case dict(data) if "rules" not in data:
            listed = []
        case _:
            raise ConfigError("the allow-list is no mapping with a list of rules", where=str(path))
    rules = []
    for i, rule in enumerate(listed):
        try:
            given = {"name": f"rule{i}", **rule}  # TypeError when the rule is no mapping
            rules.append(
                _AllowRule(
                    name=str(given["name"]),
                    entities=frozenset(given["entities"]),
                    pattern=regex.compile(given["regex"], regex.V0),
                )
            )
        except (KeyError, TypeError, regex.error) as exc:
            raise ConfigError(f"allow-list rule {i} is invalid: {exc}", where=str(path)) from exc
    return rules
