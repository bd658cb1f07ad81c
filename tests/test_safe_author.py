"""One safe-author rule (``intake.store.suite.safe_author``) for every name intake stores.

The name comes from the ``author`` setting, ``$GITHUB_ACTOR`` or git config: untrusted text,
a login or a display name. The record's ``author`` and ``drafter``, the promotion stamp's
``by`` and the rejection's actor are all decided by this one function.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.config import load_settings
from intake.drafting.tail import DraftPlan, new_record_source, write_draft
from intake.store.suite import AUTHOR_MAX_CHARS, safe_author
from tests.support.sessions import session_scenario

EMAIL = "alice.smith@gmail.com"

KEPT = [
    ("renovate[bot]", "renovate[bot]"),  # an app's login
    ("a--b", "a--b"),  # not a GitHub login, but harmless text (a git user.name)
    ("Eve Engineer", "Eve Engineer"),  # git's user.name, a display name
    ("Zoë Ångström", "Zoë Ångström"),  # letters beyond ASCII are text
    ("  eve  ", "eve"),
    ("Eve\tEngineer\n", "Eve Engineer"),  # whitespace runs become one space
    ("a" * AUTHOR_MAX_CHARS, "a" * AUTHOR_MAX_CHARS),
]

HIDDEN = [
    "eve\x1b[31m",  # ESC: a terminal colour
    "\x1b]8;;https://evil.example\x07eve\x1b]8;;\x07",  # OSC 8 hyperlink
    "eve\x9b31m",  # C1 CSI, one byte
    "eve\x07",  # BEL
    "eve\x00",  # NUL
    "ev\u202eenilno",  # bidi override
    "ev\u2066e",  # bidi isolate
    "ev\u200be",  # zero-width space
    "ev\u200de",  # zero-width joiner between letters
    "ev\u00ade",  # soft hyphen
    "eve\U000e0041\U000e0042",  # tag characters (read by models, not by people)
    "eve\ufe0f\ufe01",  # a run of variation selectors
    "eve\u3164",  # Hangul filler: printable, renders as nothing
    "ev\u034fe",  # combining grapheme joiner
    "\ufeffeve",  # BOM
    "eve\ud83d",  # a lone surrogate (a cut emoji)
    "eve\ue000",  # private use
]


@pytest.fixture
def settings(suite: Path):  # type: ignore[no-untyped-def]
    return load_settings(suite)


@pytest.mark.parametrize(("name", "kept"), KEPT)
def test_a_login_or_a_display_name_is_recorded(settings, name: str, kept: str) -> None:
    assert safe_author(settings, name) == (kept, None)


@pytest.mark.parametrize("name", HIDDEN)
def test_a_control_or_hidden_character_withholds_the_name(settings, name: str) -> None:
    recorded, note = safe_author(settings, name)
    assert recorded is None and note is not None
    assert "holds control or hidden characters" in note
    assert name.strip() not in note


def test_an_overlong_name_is_withheld(settings) -> None:
    recorded, note = safe_author(settings, "a" * (AUTHOR_MAX_CHARS + 1))
    assert recorded is None and note is not None
    assert f"holds more than {AUTHOR_MAX_CHARS} characters" in note
    assert "a" * 20 not in note


@pytest.mark.parametrize("name", [None, "", "   ", "\n\t"])
def test_no_name_is_no_author_and_nothing_to_say(settings, name: str | None) -> None:
    assert safe_author(settings, name) == (None, None)


def test_a_name_the_scrubber_finds_something_in_is_withheld(settings) -> None:
    recorded, note = safe_author(settings, f"Alice Smith <{EMAIL}>")
    assert recorded is None and note is not None
    assert "holds EMAIL_ADDRESS" in note and EMAIL not in note


@pytest.mark.parametrize(
    ("name", "kept"),
    [
        ("renovate[bot]", "renovate[bot]"),
        ("a--b", "a--b"),
        ("eve\u3164", None),
        ("x" * (AUTHOR_MAX_CHARS + 1), None),
        ("ev\u202ee", None),
    ],
)
def test_the_draft_records_what_the_rule_decides(
    suite: Path, monkeypatch: pytest.MonkeyPatch, name: str, kept: str | None
) -> None:
    """The record's ``author`` and its ``drafter`` list follow the same rule as promotion."""
    monkeypatch.setenv("INTAKE_AUTHOR", name)
    monkeypatch.delenv("GITHUB_ACTOR", raising=False)
    settings = load_settings(suite)
    source = new_record_source("session", "gaia-session:abc")
    plan = DraftPlan(session_scenario("session_abc", "what is in the file?"), {}, source)
    result = write_draft(settings, plan)
    assert result.record.author == kept
    assert result.record.drafter == ([kept] if kept else [])
    written = result.record_path.read_text(encoding="utf-8")
    if kept is None:
        assert name not in written
