"""Drafts are byte-identical to what the code before the typed scenario wrote.

``tests/data/draft_goldens/`` was written by ``main`` at 3a5754a (the scenario still a mapping
from the builders to the writer) with ``python -m tests.support.draft_goldens``: every session
and issue fixture's draft, and its record's observations, evidence and scrub counts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.draft_goldens import GOLDENS, draft_all


@pytest.mark.slow
def test_drafts_from_fixtures_are_byte_identical_to_main(tmp_path: Path) -> None:
    written = draft_all(tmp_path)
    golden = {p.name: p.read_bytes() for p in sorted(GOLDENS.iterdir())}
    assert sorted(written) == sorted(golden)
    changed = [name for name in golden if written[name] != golden[name]]
    assert changed == []
