"""A structured file's strings analysed in batches find what each analysed alone finds.

``Scrubber`` joins the short strings of a JSON, JSONL or YAML file (``_batched_raw``) and runs
one analysis per batch (issue 35 item 6); ``Scrubber(batch_chars=0)`` analyses every string on
its own, as before. On the formats corpus and on the scrubber's generated matrix (every secret
kind and decoy in every context, each cell's text a string among other cells' strings, so a
rule that read across a separator would find something else), both give the same analyzer
results per string, the same ``scrub --check`` findings and the same scrubbed files.
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from intake.scrub import Scrubber, get_scrubber
from intake.scrub.files import expand_paths, scan_paths, scrub_file_text
from tests.support.formats_corpus import build_documents
from tests.support.scrub_matrix import build_matrix

SETTINGS = settings(
    deadline=None, max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

_CELLS = build_matrix()
_DOCUMENTS = build_documents(per_format=4)


@pytest.fixture(scope="module")
def batched() -> Scrubber:
    return get_scrubber()


@pytest.fixture(scope="module")
def alone() -> Scrubber:
    return Scrubber(batch_chars=0)


def _same_in_files(batched: Scrubber, alone: Scrubber, name: str, text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_text(text, encoding="utf-8", newline="")
        assert scan_paths([path], scrubber=batched) == scan_paths([path], scrubber=alone)
        one = scrub_file_text(path, text, scrubber=batched)
        other = scrub_file_text(path, text, scrubber=alone)
        assert one.text == other.text
        assert one.report == other.report


def _analyses(scrubber: Scrubber, texts: list[tuple[str, str]]) -> int:
    calls: list[int] = []
    original = scrubber._analyze

    def counting(text: str, where: str) -> list[Any]:
        calls.append(len(text))
        return original(text, where)

    scrubber._analyze = counting  # type: ignore[method-assign]
    try:
        scrubber._batched_raw(texts)
    finally:
        del scrubber._analyze
    return len(calls)


def test_the_batched_scrubber_batches(batched: Scrubber, alone: Scrubber) -> None:
    """The comparisons below are not of one path with itself: the default scrubber makes one
    analysis for many strings, the reference one per string."""
    texts = [("$", cell.text) for cell in _CELLS[:200] if cell.text.strip()]
    batched._memo.clear()
    assert _analyses(alone, texts) == len(texts)
    assert _analyses(batched, texts) <= len(texts) // 20


@pytest.mark.parametrize("doc", _DOCUMENTS, ids=lambda d: d.name)
def test_formats_corpus_batched_equals_alone(
    batched: Scrubber, alone: Scrubber, doc: object
) -> None:
    _same_in_files(batched, alone, doc.name, doc.text)  # type: ignore[attr-defined]


def test_a_folder_of_files_scanned_together_equals_each_alone(
    batched: Scrubber, alone: Scrubber, tmp_path: Path
) -> None:
    """``scan_paths`` analyses the strings of many files together (``Scrubber.prepare``):
    the findings of the whole corpus in one call are those of each file on its own."""
    for doc in _DOCUMENTS:
        (tmp_path / doc.name).write_text(doc.text, encoding="utf-8", newline="")
    batched._memo.clear()
    together = scan_paths([tmp_path], scrubber=batched)
    files = expand_paths([tmp_path])
    each = [f for path in files for f in scan_paths([path], scrubber=alone)]
    assert together == each
    assert together  # the corpus plants values: the comparison is not of two empty lists


@pytest.mark.slow
@SETTINGS
@given(
    picks=st.lists(st.integers(0, len(_CELLS) - 1), min_size=2, max_size=40),
    suffix=st.sampled_from([".json", ".yaml", ".jsonl"]),
)
def test_matrix_cells_as_strings_batched_equals_alone(
    batched: Scrubber, alone: Scrubber, picks: list[int], suffix: str
) -> None:
    """Cells of the matrix as the string values of one file (keys named after their
    contexts), each next to other cells in the batch."""
    cells = [_CELLS[i] for i in picks]
    if suffix == ".jsonl":
        text = "".join(json.dumps({"k": c.kind, "v": c.text}) + "\n" for c in cells)
    else:
        data = [{"context": c.context, "text": c.text} for c in cells]
        text = json.dumps(data, indent=1) if suffix == ".json" else _yaml(data)
    _same_in_files(batched, alone, "doc" + suffix, text)


@pytest.mark.slow
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(2, 200))
def test_raw_results_per_string_are_those_of_each_string_alone(
    batched: Scrubber, seed: int, size: int
) -> None:
    """The analyzer's results mapped back to each string equal that string's own analysis,
    whatever strings stand around it (cells and pieces of cells, cut anywhere)."""
    rng = random.Random(seed)
    texts = []
    for _ in range(size):
        text = rng.choice(_CELLS).text
        if rng.random() < 0.3:
            a, b = sorted(rng.randrange(len(text) + 1) for _ in range(2))
            text = text[a:b]
        texts.append(("$", text))
    batched._memo.clear()  # every string analysed here, beside these neighbours
    got = batched._batched_raw(texts)
    assert got == [batched._raw_candidates(t, w) for w, t in texts]


def _yaml(data: object) -> str:
    from ruamel.yaml import YAML

    yaml = YAML()
    yaml.width = 4096
    with tempfile.TemporaryFile("w+", encoding="utf-8") as f:
        yaml.dump(data, f)
        f.seek(0)
        return f.read()
