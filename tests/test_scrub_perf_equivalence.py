"""The scrubber's fast path finds exactly what stock Presidio finds.

``Scrubber(fast=True)`` (the default) runs the registry's pattern recognizers through
``FastPatternRecognizer.analyze`` (no per-match ``AnalysisExplanation``, no per-recognizer
``remove_duplicates``) and shortens the engine's context step when it cannot change anything.
``Scrubber(fast=False)`` runs Presidio's own ``PatternRecognizer.analyze`` and the stock
``AnalyzerEngine._enhance_using_context``. Both must give the same analyzer results (type, span,
score, order), the same findings and the same scrubbed text, on the labelled corpus (planted
values and decoys) and on random mixes of its pieces.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from presidio_analyzer import PatternRecognizer

from intake.scrub import Scrubber
from intake.scrub.recognizers import FastPatternRecognizer
from tests.scrub_corpus import build_corpus, kind_values


@pytest.fixture(scope="module")
def fast() -> Scrubber:
    return Scrubber(fast=True)


@pytest.fixture(scope="module")
def stock() -> Scrubber:
    return Scrubber(fast=False)


def _raw(scrubber: Scrubber, text: str) -> list[tuple[str, int, int, float]]:
    return [(r.entity_type, r.start, r.end, r.score) for r in scrubber._analyze(text, "$")]


def test_the_two_engines_really_differ_in_path(fast: Scrubber, stock: Scrubber) -> None:
    """All pattern recognizers are FastPatternRecognizer; only the stock one defers to Presidio."""
    for scrubber, stock_flag in ((fast, False), (stock, True)):
        recognizers = scrubber.analyzer.registry.recognizers
        assert recognizers
        for rec in recognizers:
            assert isinstance(rec, FastPatternRecognizer)
            assert rec.stock_analysis is stock_flag
    # The YAML `type: custom` entries were plain PatternRecognizer instances before the swap.
    custom = [r for r in fast.analyzer.registry.recognizers if r.name.startswith("intake_")]
    assert custom and all(type(r) is FastPatternRecognizer for r in custom)
    text = kind_values()["github_token"]
    rec = next(r for r in fast.analyzer.registry.recognizers if r.name == "intake_github_token")
    stock_results = PatternRecognizer.analyze(rec, text, ["GITHUB_TOKEN"])
    assert stock_results and stock_results[0].analysis_explanation is not None  # stock builds one
    fast_results = rec.analyze(text, ["GITHUB_TOKEN"])
    assert [(r.start, r.end, r.score) for r in fast_results] == [
        (r.start, r.end, r.score) for r in stock_results
    ]
    assert fast_results[0].analysis_explanation is None
    assert fast_results[0].recognition_metadata == stock_results[0].recognition_metadata


def test_labelled_corpus_same_results(fast: Scrubber, stock: Scrubber) -> None:
    corpus = build_corpus(300_000, seed=31)
    raw_fast = _raw(fast, corpus.text)
    assert len(raw_fast) > len(corpus.planted)
    assert raw_fast == _raw(stock, corpus.text)
    assert fast.find(corpus.text) == stock.find(corpus.text)
    assert fast.scrub_text(corpus.text).text == stock.scrub_text(corpus.text).text


def test_every_kind_same_results(fast: Scrubber, stock: Scrubber) -> None:
    for kind, text in kind_values(seed=5).items():
        assert _raw(fast, text) == _raw(stock, text), kind
        assert fast.scrub_text(text).text == stock.scrub_text(text).text, kind


def test_chunked_fast_path_matches_stock_whole_text(stock: Scrubber) -> None:
    """Small chunks on the fast path give what one stock Presidio call over the text gives."""
    corpus = build_corpus(60_000, seed=41)
    chunked = Scrubber(chunk_chars=4096, chunk_margin=2048)
    assert chunked.find(corpus.text) == stock.find(corpus.text)


PIECES = list(kind_values(seed=9).values()) + [
    " ",
    "\n",
    "see /usr/bin/env and ./src/a.py",
    "sha512-" + "Ab3+" * 20,
    "commit 0123456789abcdef0123456789abcdef01234567",
    "password=${{ secrets.X }}",
    "id 123e4567-e89b-12d3-a456-426614174000",
    "mail a@b.example.com and lodash@4.17.21",
]


@settings(
    deadline=None, max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=12), st.integers(0, 2**16))
def test_random_mixes_same_results(
    fast: Scrubber, stock: Scrubber, parts: list[str], seed: int
) -> None:
    rng = random.Random(seed)
    text = "".join(p + rng.choice(["", " ", "\n", "=", "/", ":", "@"]) for p in parts)
    assert _raw(fast, text) == _raw(stock, text)
    assert fast.scrub_text(text).text == stock.scrub_text(text).text
