"""Hashes over parsed YAML never crash on what YAML allows and JSON does not.

A ground truth such as ``{1: 2024 revenue, total: 14.2}`` (keys of mixed types) or a date in
``setup`` made ``runnable_hash`` and ``criteria_hash`` raise ``TypeError`` inside
``json.dumps(sort_keys=True)``: ``intake show`` and the gates stopped with exit 4.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.lifecycle.promote import criteria_hash
from intake.store.records import canonical_json, runnable_hash
from tests.support.promote_helpers import FINAL_YAML, write_pair

MIXED = FINAL_YAML + "    ground_truth:\n      1: Q3 revenue\n      total: 14.2\n"


def test_documents_json_can_write_keep_their_hash() -> None:
    doc = {"persona": "p", "turns": [{"turn": 1, "ground_truth": {"10": 1, "2": [True, None]}}]}
    assert (
        canonical_json(doc)
        == '{"persona":"p","turns":[{"ground_truth":{"10":1,"2":[true,null]},"turn":1}]}'
    )
    # the value stored in records before this change, for this document
    assert runnable_hash({"persona": "p", "turns": [{"turn": 1}]}) == (
        "sha256:16b422bf56e115de1de3155545e6684d787b2dbf30444c627d8b7ed385652dc5"
    )


def test_mixed_keys_and_dates_hash_and_stay_distinct() -> None:
    mixed = {"turns": [{"ground_truth": {1: "a", "b": "c"}}]}
    text_keys = {"turns": [{"ground_truth": {"1": "a", "b": "c"}}]}
    assert runnable_hash(mixed) != runnable_hash(text_keys)
    assert canonical_json({1: "a", "1": "b"}) != canonical_json({"1": "a", 1: "b"})
    assert runnable_hash(mixed) == runnable_hash({"turns": [{"ground_truth": {"b": "c", 1: "a"}}]})
    dated = {"setup": {"as_of": datetime.date(2026, 1, 2)}}
    assert runnable_hash(dated) != runnable_hash({"setup": {"as_of": "2026-01-02"}})
    assert criteria_hash({"turns": [{"turn": 1, "ground_truth": {1: "a", "b": "c"}}]})


@pytest.mark.parametrize("fmt", ["markdown", "json"])
def test_show_a_draft_whose_ground_truth_mixes_key_types(
    suite: Path, runner: CliRunner, fmt: str
) -> None:
    write_pair(suite / "drafts", text=MIXED)
    result = runner.invoke(app, ["show", "pdf_summary_loop", "--format", fmt])
    assert result.exit_code in (0, 1), result.output
    assert "internal error" not in result.output
