"""The scrubber as the scrub tests use it: one engine a session (``engine``, a fixture
registered in tests/conftest.py's ``pytest_plugins``) and ``scrubbed``, a scrub that must be
final (a second pass changes nothing and ``check`` finds nothing in the output), and
``gone_and_kept``, that scrub checked for the values that must go and the context that stays."""

from __future__ import annotations

from collections.abc import Iterable
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


def gone_and_kept(
    engine: Scrubber,
    text: str,
    gone: str | Iterable[str],
    kept: str | Iterable[str] = (),
    *,
    any_case: bool = False,
) -> str:
    """``scrubbed(engine, text)`` checked the way the scrub tests check a value that must go:
    each value of ``gone`` is absent from the output (in any case when ``any_case``), each
    string of ``kept`` is in it as it stands; a lone string is one value. Each assertion's
    message is the output, which is returned."""
    out = scrubbed(engine, text)
    for value in [gone] if isinstance(gone, str) else gone:
        if any_case:
            assert value.lower() not in out.lower(), out
        else:
            assert value not in out, out
    for piece in [kept] if isinstance(kept, str) else kept:
        assert piece in out, out
    return out


CLASSES = ("user (path)", "user (elsewhere)", "email", "secret")
"""The label classes of ``bench_scrub_real``, in its order."""


def tune_score(engine: Scrubber, batch: int, folder: Path, *, final: bool = False) -> Score:
    """A batch's tune part of the real-threads corpus scored as ``bench_scrub_real`` scores it
    (the figures a batch's tests hold after its fixes), its first pass only unless ``final``:
    whether that pass is final is the slow tier's (``test_scrub_final.py``, every batch's tune
    part)."""
    from tests.benchmarks.bench_scrub_real import Score, score_document
    from tests.outside_corpus.real_threads import documents

    score = Score()
    for doc in documents(batch):
        if not doc.held_out:
            score_document(engine, doc, score, folder, final=final)
    return score
