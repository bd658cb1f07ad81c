"""One pass is final (issue 35 item 5): over the scrubber's own generated matrix and formats
corpus, a scrubbed file scrubs to itself, ``scrub --check`` (``scan_paths``) finds nothing in
it, and no two originals share a fixture. Since stop 42 the matrix holds the pasted classes
(``pasted_cells``: logins from prompts and addresses, names in job names and home paths, homes
under cluster shares, token lists in plain text, key ids at any boundary, SigV4 scopes,
signing key ids, placeholders), drawn here with new invented values on every example."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from intake.scrub import Scrubber
from intake.scrub.files import scan_paths, scrub_file_text
from intake.scrub.fixtures import FixtureMap
from tests.outside_corpus.pasted import Document, documents
from tests.support.formats_corpus import FORMATS, _decoys, _secrets
from tests.support.scrub_matrix import Cell, build_matrix, pasted_cells

SETTINGS = settings(
    deadline=None, max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


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


def _pasted_cell_holds(engine: Scrubber, cell: Cell) -> None:
    """What must go is gone, what must stay is there byte for byte and in order, and one
    pass is final."""
    out = engine.scrub_text(cell.text).text
    assert not [cell.text[s:e] for s, e in cell.spans if cell.text[s:e] in out], cell.kind
    pos = 0
    for s, e in cell.keep:
        pos = out.find(cell.text[s:e], pos)
        assert pos >= 0, (cell.kind, cell.text[s:e])
        pos += e - s
    _final(engine, "cell.txt", cell.text)


@pytest.mark.parametrize("cell", [c for c in _CELLS if c.family == "pasted"], ids=lambda c: c.kind)
def test_matrix_pasted_classes_keep_all_but_the_private_value(engine: Scrubber, cell: Cell) -> None:
    """The matrix's pasted classes (its fixed seed): each private value replaced, every other
    character kept (a home's library tail, a scope's date and region, a URL's host)."""
    _pasted_cell_holds(engine, cell)


@pytest.mark.slow
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_pasted_classes_one_pass_is_final(engine: Scrubber, seed: int) -> None:
    """Every pasted class with freshly invented logins, names and tokens (see
    ``_pasted_cell_holds``); all the cells in one text share one mapping without a clash."""
    cells = pasted_cells(random.Random(seed))
    for cell in cells:
        _pasted_cell_holds(engine, cell)
    text = "".join(c.text for c in cells)
    mapping = FixtureMap()
    mapping.reserve([text])
    engine.scrub_text(text, mapping=mapping)
    by_fixture: dict[str, str] = {}
    for original in mapping.originals():
        fixture = mapping.get(original, lambda m: "")
        assert by_fixture.setdefault(fixture, original) == original, "two originals, one fixture"
