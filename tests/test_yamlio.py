"""Round-trip YAML keeps a person's comments, order and block scalars."""

from __future__ import annotations

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
