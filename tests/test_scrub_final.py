"""One pass is final (issue 35 item 5): over the scrubber's own generated matrix and formats
corpus, a scrubbed file scrubs to itself, ``scrub --check`` (``scan_paths``) finds nothing in
it, and no two originals share a fixture."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from intake.scrub import Scrubber, get_scrubber
from intake.scrub.files import scan_paths, scrub_file_text
from intake.scrub.fixtures import FixtureMap
from tests.outside_corpus.pasted import Document, documents
from tests.support.formats_corpus import FORMATS, _decoys, _secrets
from tests.support.scrub_matrix import build_matrix

SETTINGS = settings(
    deadline=None, max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture(scope="module")
def engine() -> Scrubber:
    return get_scrubber()


def _final(engine: Scrubber, name: str, text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        once = scrub_file_text(path, text, scrubber=engine).text
        assert scrub_file_text(path, once, scrubber=engine).text == once, "a rescrub changed it"
        path.write_text(once, encoding="utf-8", newline="")
        assert scan_paths([path], scrubber=engine) == [], "--check finds something"


@SETTINGS
@given(fmt=st.sampled_from(sorted(FORMATS)), seed=st.integers(0, 2**32 - 1))
def test_formats_corpus_one_pass_is_final(engine: Scrubber, fmt: str, seed: int) -> None:
    rng = random.Random(seed)
    doc = FORMATS[fmt](rng, _secrets(rng), _decoys(rng))
    _final(engine, f"doc{doc.suffix}", doc.text)


_CELLS = build_matrix()


@SETTINGS
@given(index=st.integers(0, len(_CELLS) - 1))
def test_matrix_one_pass_is_final(engine: Scrubber, index: int) -> None:
    cell = _CELLS[index]
    _final(engine, "cell.txt", cell.text)


@pytest.mark.parametrize("doc", documents(), ids=lambda d: d.name)
def test_pasted_corpus_one_pass_is_final(engine: Scrubber, doc: Document) -> None:
    from tests.benchmarks.bench_scrub_pasted import SUFFIX

    _final(engine, "doc" + SUFFIX.get(doc.name, ".txt"), doc.text)


@SETTINGS
@given(fmt=st.sampled_from(sorted(FORMATS)), seed=st.integers(0, 2**32 - 1))
def test_no_two_originals_share_a_fixture(engine: Scrubber, fmt: str, seed: int) -> None:
    rng = random.Random(seed)
    doc = FORMATS[fmt](rng, _secrets(rng), _decoys(rng))
    texts = [doc.text, *(c.text for c in _CELLS[seed % len(_CELLS) :][:3])]
    mapping = FixtureMap()
    mapping.reserve(texts)
    for text in texts:
        engine.scrub_text(text, mapping=mapping)
    issued = {o: mapping.get(o, lambda m: "") for o in mapping.originals()}
    by_fixture: dict[str, str] = {}
    for original, fixture in issued.items():
        assert by_fixture.setdefault(fixture, original) == original, "two originals, one fixture"
