"""Every batch's tune part of the real-threads corpus holds what was measured, and every text of
the shapes of its tune misses and damage that names nobody stays as it is.

The records are ``tests/outside_corpus/measured.py``'s ``MEASURED``, one a batch (its story in
``tests/outside_corpus/SOURCE.md``, "The stop-NN collection"). A rule that moves a batch's
figure updates its record knowingly, with a comment saying which version moved it and why.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from intake.scrub.files import scrub_file_text
from tests.outside_corpus.measured import MEASURED, Measured
from tests.support.scrubbing import CLASSES, scrubbed, tune_score

TEXTS = [
    pytest.param(record, text, id=f"batch-{record.batch}-{i}")
    for record in MEASURED
    for i, text in enumerate(record.texts)
]
FILES = [
    pytest.param(suffix, text, id=f"batch-{record.batch}-file-{i}")
    for record in MEASURED
    for i, (suffix, text) in enumerate(record.files)
]


@pytest.mark.parametrize("record", MEASURED, ids=lambda r: f"batch-{r.batch}")
def test_a_batchs_tune_part_holds_what_was_measured(
    engine: Scrubber, tmp_path: Path, record: Measured
) -> None:
    score = tune_score(engine, record.batch, tmp_path)
    assert score.docs == record.docs
    assert tuple(score.total[c] for c in CLASSES) == record.total
    assert tuple(score.found[c] for c in CLASSES) == record.found
    assert tuple(sorted(score.missed)) == record.missed
    assert score.keeps == record.keeps
    assert tuple(sorted(score.damage)) == record.damage
    assert tuple(sorted(score.clean_touched)) == record.clean_changed
    assert score.clean_docs == record.clean_docs
    assert (score.tails_kept, score.tails) == record.tails
    assert (score.parses, score.structured) == record.parses


@pytest.mark.parametrize(("record", "text"), TEXTS)
def test_a_same_shaped_text_that_names_nobody_stays(
    engine: Scrubber, request: pytest.FixtureRequest, record: Measured, text: str
) -> None:
    assert scrubbed(engine, text) == text
    if record.texts_as_files:  # a folder only where used (batch 66), not for all 652 texts
        tmp_path: Path = request.getfixturevalue("tmp_path")
        assert scrub_file_text(tmp_path / "doc.txt", text, scrubber=engine).text == text


@pytest.mark.parametrize(("suffix", "text"), FILES)
def test_a_same_shaped_file_that_names_nobody_stays(
    engine: Scrubber, tmp_path: Path, suffix: str, text: str
) -> None:
    assert scrub_file_text(tmp_path / f"doc{suffix}", text, scrubber=engine).text == text
