"""A user-name rule's matches are found by its alternatives' own searches (speed, issue 35 item
6): the same matches, in the same order, with the same name, as the joined pattern's ``finditer``.

Joined by ``|``, the alternatives lose the regex module's fast scan for their literal starts;
``UserNameRule.finditer`` searches each alone and takes, as the joined pattern does, the
leftmost match, the first alternative at one start, and goes on from the match's end.
"""

from __future__ import annotations

import functools
import random

import pytest

from intake.scrub.definitions import UserNameRule, top_level_alternatives, user_name_rules
from tests.outside_corpus import pasted, real_threads
from tests.support.scrub_matrix import PASTED_PLACEHOLDERS


def _rule(source: str) -> UserNameRule:
    return UserNameRule(source)


Seen = list[tuple[tuple[int, int], tuple[str | None, ...], dict[str, str | None]]]


def _joined(rule: UserNameRule, text: str) -> Seen:
    return [(m.span(), m.groups(), m.groupdict()) for m in rule.pattern.finditer(text)]


def _apart(rule: UserNameRule, text: str) -> Seen:
    """Every group, by number and by name, as the joined pattern numbers them."""
    return [(m.span(), m.groups(), m.groupdict()) for m in rule.finditer(text)]


@pytest.mark.parametrize(
    ("source", "parts"),
    [
        ("a|b", ["a", "b"]),
        ("(a|b)c", ["(a|b)c"]),
        (r"a\|b|c", [r"a\|b", "c"]),
        ("[|]x|y", ["[|]x", "y"]),
        ("[]|]x|y", ["[]|]x", "y"]),
        ("[^]|]x|y", ["[^]|]x", "y"]),
        (r"[\]|]x|y", [r"[\]|]x", "y"]),
        (r"(?m)^a(?:b|c)|(?<=[|(])d|\(e", ["(?m)^a(?:b|c)", "(?<=[|(])d", r"\(e"]),
        ("(?P<k>x)(?P=k)|", ["(?P<k>x)(?P=k)", ""]),
    ],
)
def test_a_pattern_is_cut_only_at_its_top_level_bars(source: str, parts: list[str]) -> None:
    assert top_level_alternatives(source) == parts


def test_every_packaged_rule_is_its_alternatives_joined() -> None:
    """Cut and joined again, each rule is its own source, and its alternatives hold between
    them exactly the pattern's groups (no cut inside a group or a set)."""
    for name, rule in user_name_rules().items():
        parts = top_level_alternatives(rule.pattern.pattern)
        assert "|".join(parts) == rule.pattern.pattern, name
        if rule.alternatives:
            assert len(rule.alternatives) == len(parts) > 1, name
            assert sum(a.groups for a in rule.alternatives) == rule.pattern.groups, name
        else:
            assert len(parts) == 1, name


@functools.cache
def _texts() -> tuple[str, ...]:
    """Real pasted text (every document of both outside corpora), the matrix's placeholder
    texts, and lines of all of them shuffled together, so matches of different alternatives
    stand next to each other and overlap (built once a process)."""
    docs = [d.doc.text for d in real_threads.documents()] + [d.text for d in pasted.documents()]
    docs += list(PASTED_PLACEHOLDERS.values())
    lines = [line for doc in docs for line in doc.splitlines(keepends=True)]
    rng = random.Random(35)
    mixed = ["".join(rng.sample(lines, 40)) for _ in range(300)]
    return (*docs, *mixed)


_ALTERNATED = sorted(
    name for name, rule in user_name_rules().items() if len(top_level_alternatives(rule.source)) > 1
)
"""The packaged rules with alternatives, one test each (so the workers share them)."""


def test_the_rules_with_alternatives_are_many() -> None:
    assert len(_ALTERNATED) >= 10


def _texts_it_runs_on(rule: UserNameRule) -> list[str]:
    """The texts the scrubber runs ``rule`` on: those holding one of its ``when`` strings (a
    text holding none never runs it: ``engine._rule_names``), with their lines shuffled together
    as above; every text for a rule with none (an account rule's, run where its caller says)."""
    if not rule.when:
        return list(_texts())
    held = [text for text in _texts() if any(t in text for t in rule.when)]
    lines = [line for text in held for line in text.splitlines(keepends=True)]
    rng = random.Random(35)
    mixed = ["".join(rng.sample(lines, min(40, len(lines)))) for _ in range(60)] if lines else []
    return held + mixed


@pytest.mark.parametrize("name", _ALTERNATED)
def test_each_rule_finds_what_its_joined_pattern_finds(name: str) -> None:
    """On every text the scrubber runs it on: the same spans, in the same order, with the same
    groups (by number and by name), for every packaged rule that has alternatives."""
    rule = user_name_rules()[name]
    assert rule.alternatives
    texts = _texts_it_runs_on(rule)
    assert texts, name  # the corpus holds texts every rule runs on
    for text in texts:
        assert _apart(rule, text) == _joined(rule, text), (name, text[:200])


@pytest.mark.parametrize(
    ("source", "text"),
    [
        # at one start the first alternative wins, even when a later one is longer
        ("ab|abc", "abc abc"),
        ("abc|ab", "abc ab"),
        # a match of one alternative hides another's that starts inside it
        ("a.c|bcd|d", "abcd bcd d"),
        # lookbehind sees the text before the scan's position
        (r"(?<=x)y|xy", "xyxy"),
        # groups: numbered and named across the alternatives as the joined pattern numbers them
        (r"u=(\w+)|(\w+)@h|v=(?P<v>(\w)\w*)", "u=ann bob@h v=cid"),
        # an empty match hands the text back to the joined pattern
        ("a|(?=b)", "abab"),
        (r"(?m)^x|y$", "x\ny\nxy"),
    ],
)
def test_the_joined_patterns_order_of_matches_is_kept(source: str, text: str) -> None:
    rule = _rule(source)
    assert rule.alternatives
    assert _apart(rule, text) == _joined(rule, text)


def test_the_rules_a_text_calls_for_are_those_with_a_when_string_it_holds() -> None:
    """``learn_user_names`` runs the rules whose ``when`` strings a text holds, found through
    the strings' first characters and an index from string to rules (speed, issue 35 item 6):
    on every text, the same rules in the same order as trying each rule's strings in turn."""
    from intake.scrub.engine import _held_rules

    rules = list(user_name_rules().values())
    texts = [*_texts(), "", "x", "\u00e9\u00e9 caf\u00e9 @", "Host \u00e9"]
    for text in texts:
        naive = [r for r in rules if r.when and any(t in text for t in r.when)]
        assert _held_rules(text) == naive, text[:200]


def test_every_character_str_isdigit_calls_a_digit_opens_the_digit_login_search() -> None:
    """``_digit_logins`` searches only a text with five digits in a row (speed, issue 35 item
    6); every character ``str.isdigit`` accepts (decimal digits of every script, superscripts,
    circled digits) counts, so no digits-only login it found before is skipped."""
    import sys

    from intake.scrub.engine import _FIVE_DIGITS

    digits = [c for c in map(chr, range(sys.maxunicode + 1)) if c.isdigit()]
    assert len(digits) > 700
    assert all(_FIVE_DIGITS.fullmatch(c * 5) for c in digits)
    assert _FIVE_DIGITS.search("User 1234") is None
    assert _FIVE_DIGITS.search("User \u00b9\u00b2\u00b3\u2074\u2075") is not None
