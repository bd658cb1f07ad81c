"""Round-trip YAML keeps a person's comments, order and block scalars."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from intake.contract.yamlio import dump_roundtrip, load_roundtrip, parse_checked

DRAFT = """\
# Draft from a session; reviewed by ann.
id: session_1234abcd_pdf   # keep this id
category: captured
persona: casual_user
description: |
  A multi-line description
  kept as a block scalar.
setup:
  index_documents: []
turns:
  - turn: 1
    objective: 'Ask about the PDF'  # quoted on purpose
    success_criteria: >-
      Folded criteria
      on two lines.
"""


def test_round_trip_is_byte_identical() -> None:
    assert dump_roundtrip(load_roundtrip(DRAFT), like=DRAFT) == DRAFT
    flush = DRAFT.replace("  - turn", "- turn").replace("\n    ", "\n  ")
    assert dump_roundtrip(load_roundtrip(flush), like=flush) == flush


def test_an_edit_changes_only_its_line() -> None:
    data = load_roundtrip(DRAFT)
    data["turns"][0]["objective"] = "Ask about the report"
    edited = dump_roundtrip(data, like=DRAFT)
    changed = [
        (a, b) for a, b in zip(DRAFT.splitlines(), edited.splitlines(), strict=True) if a != b
    ]
    assert len(changed) == 1
    assert changed[0][1].startswith("    objective: 'Ask about the report'")
    assert changed[0][1].endswith("# quoted on purpose")


def test_checked_parse_gives_plain_data_and_lines() -> None:
    parsed = parse_checked(DRAFT.encode())
    assert parsed.data["turns"][0]["turn"] == 1
    assert parsed.data["description"].endswith("block scalar.\n")
    assert parsed.line_of(("turns", 0, "success_criteria")) == 13
    assert parsed.line_of(("turns", 0, "missing", "deeper")) == 11


# A dump reads back as written (a draft's turn is what the person typed): ruamel's emitter
# folds a long double-quoted scalar, and a fold after an escaped backslash or after a tab
# changes the value it reads back as (a space inserted, the tab dropped).

_TEXT_CHARS = "ab Z09:#'\"\\\t\u00e9\u4e2d\u0007-/."


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=_TEXT_CHARS, min_size=0, max_size=400), st.integers(0, 120))
def test_a_dumped_text_reads_back_as_written(text: str, pad: int) -> None:
    value = "x" * pad + text
    dumped = dump_roundtrip({"turns": [{"role": "user", "content": value}]})
    assert load_roundtrip(dumped)["turns"][0]["content"] == value


@pytest.mark.parametrize("pad", range(0, 100, 7))
@pytest.mark.parametrize(
    "text",
    [
        "\tC:\\Users\\bob\\AppData\\Local\\Temp\\x\\y\\z fails " + "w " * 30,
        ' "C:\\\\Users\\\\bob\\\\AppData" fails \u0007' + "w " * 30,
        " a\tb " + "w " * 60,
    ],
)
def test_the_folds_that_change_a_value_are_not_made(text: str, pad: int) -> None:
    value = "x" * pad + text
    dumped = dump_roundtrip({"content": value})
    assert load_roundtrip(dumped)["content"] == value


def test_a_long_text_that_folds_safely_is_still_folded() -> None:
    """Only a dump that would read back otherwise is written unfolded: long prose still wraps at
    the width every draft was written at."""
    value = "a long turn " * 20
    dumped = dump_roundtrip({"content": value})
    assert len(dumped.splitlines()) > 1
    assert max(len(line) for line in dumped.splitlines()) < 120  # a fold near column 100
    assert load_roundtrip(dumped)["content"] == value
