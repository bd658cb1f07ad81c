"""The scrubber as the scrub tests use it: one engine a session (``engine``, a fixture
registered in tests/conftest.py's ``pytest_plugins``) and ``scrubbed``, a scrub that must be
final (a second pass changes nothing and ``check`` finds nothing in the output)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from intake.scrub import Scrubber, get_scrubber

if TYPE_CHECKING:
    from tests.benchmarks.bench_scrub_real import Score


@pytest.fixture(scope="session")
def engine() -> Scrubber:
    return get_scrubber()


def scrubbed(engine: Scrubber, text: str) -> str:
    out = engine.scrub_text(text).text
    assert engine.scrub_text(out).text == out, "a second pass changed the text"
    assert engine.find(out) == [], "check finds something in scrubbed output"
    return out


CLASSES = ("user (path)", "user (elsewhere)", "email", "secret")
"""The label classes of ``bench_scrub_real``, in its order."""


def tune_score(engine: Scrubber, batch: int, folder: Path) -> Score:
    """A batch's tune part of the real-threads corpus scored as ``bench_scrub_real`` scores it
    (the figures a batch's tests hold after its fixes)."""
    from tests.benchmarks.bench_scrub_real import Score, score_document
    from tests.outside_corpus.real_threads import documents

    score = Score()
    for doc in documents(batch):
        if not doc.held_out:
            score_document(engine, doc, score, folder)
    return score
