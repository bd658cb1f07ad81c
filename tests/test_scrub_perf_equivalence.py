"""The scrubber's fast path finds exactly what stock Presidio finds.

``Scrubber(fast=True)`` (the default) runs the registry's pattern recognizers through
``FastPatternRecognizer.analyze`` (no per-match ``AnalysisExplanation``, no per-recognizer
``remove_duplicates``) and, with no spaCy model, Presidio's steps through ``LeanAnalyzer``.
``Scrubber(fast=False)`` runs Presidio's own ``PatternRecognizer.analyze`` and
``AnalyzerEngine``. Both must give the same analyzer results (type, span,
score, order), the same findings and the same scrubbed text, on the labelled corpus (planted
values and decoys) and on random mixes of its pieces.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from presidio_analyzer import PatternRecognizer

from intake.scrub import Scrubber
from intake.scrub.recognizers import FastPatternRecognizer, _public_suffix_end
from tests.support.scrub_corpus import build_corpus, kind_values


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


@pytest.mark.slow
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


_FORWARD_EMAIL = regex.compile(
    r"[\w.+-](?<![\w.+-][\w.+-])[\w.+-]*+@[\p{L}\p{N}][\p{L}\p{N}-]*+(?:\.[\p{L}\p{N}-]++)++",
    regex.DOTALL | regex.MULTILINE,
)
"""Scrubber 1.5's e-mail pattern, which started at the local part (tried at every letter)."""


def _forward_email_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    for m in _FORWARD_EMAIL.finditer(text):
        start, end = m.span()
        local = text[start:end].rpartition("@")[0]
        if not local.strip(".+-"):
            continue
        while text[start] in ".+-":
            start += 1
        at = text.rfind("@", start, end)
        cut = _public_suffix_end(text[at + 1 : end], 253)
        if cut is not None:
            spans.append((start, at + 1 + cut))
    return spans


@pytest.mark.parametrize(
    "text",
    [
        "mail a@b.c@d.e@f.com or .@x.com, alice@acme.io.pdf and -bob.smith+tag@corp.co.uk.",
        "@@a@@b.com x@y@z.org ..@a.com +@b.com a.b-@c.com ümlaut.ß@straße.de",
        "x a@b.com@c.org y alice@acme.io@bob.dev",
        "a" * 3000 + "@example.com " + "b." * 500 + "c@acme.com",
    ],
)
def test_the_at_anchored_email_scan_finds_what_the_forward_scan_found(
    fast: Scrubber, stock: Scrubber, text: str
) -> None:
    for engine in (fast, stock):
        assert _email_spans(engine, text) == _forward_email_spans(text)


def _email_spans(engine: Scrubber, text: str) -> list[tuple[int, int]]:
    rec = next(r for r in engine.analyzer.registry.recognizers if r.name == "IntakeEmailRecognizer")
    return sorted((r.start, r.end) for r in rec.analyze(text, ["EMAIL_ADDRESS"]))


def test_the_at_anchored_email_scan_agrees_on_the_corpus(fast: Scrubber) -> None:
    text = build_corpus(200_000, seed=5).text
    found = _email_spans(fast, text)
    assert found == _forward_email_spans(text)
    assert len(found) > 50


def _assigned(engine: Scrubber) -> Any:
    return next(
        r
        for r in engine.analyzer.registry.recognizers
        if r.name == "IntakeAssignedSecretRecognizer"
    )


@pytest.mark.parametrize(
    "text",
    [
        "passkeytoken=1 keykey: 2 secretsecret_token='x' tokentoken",
        "my_password_hash = pass; auth_token_key := k; sessionid sid=sig",
        "",
        "key",
    ],
)
def test_stem_positions_give_the_matches_finditer_gives(fast: Scrubber, text: str) -> None:
    rec = _assigned(fast)
    low = text.lower()
    assert [m.span() for m in rec.stem_matches(low)] == [
        m.span() for m in rec._name_rx.finditer(low)
    ]


def test_stem_positions_agree_with_finditer_on_the_corpus_and_the_matrix(fast: Scrubber) -> None:
    from tests.support.scrub_matrix import build_matrix

    rec = _assigned(fast)
    texts = [build_corpus(200_000, seed=6).text] + [c.text for c in build_matrix()[:400]]
    for text in texts:
        low = text.lower()
        assert [m.span() for m in rec.stem_matches(low)] == [
            m.span() for m in rec._name_rx.finditer(low)
        ]


_FORWARD_URL_PASSWORD = regex.compile(
    r"\b[A-Za-z][A-Za-z0-9+.-]*+://[^\s:/@\"'`<>]*+:\K[^\s/@\"'`<>]++(?=@[A-Za-z0-9\[])",
    regex.DOTALL | regex.MULTILINE,
)
"""Scrubber 1.5's URL-password pattern, which tried a scheme at every word."""


def test_the_url_password_pattern_that_starts_at_the_scheme_separator_agrees(
    fast: Scrubber,
) -> None:
    from tests.support.scrub_matrix import build_matrix

    rec = next(
        r for r in fast.analyzer.registry.recognizers if r.name == "IntakeUrlCredentialsRecognizer"
    )
    now = regex.compile(rec.patterns[0].regex, regex.DOTALL | regex.MULTILINE)
    tricky = "x-1https://u:p@h a://b://c:d@e 1http://u:pw@host _ftp://a:b@c é-http://u:p@h"
    texts = [tricky, build_corpus(200_000, seed=8).text] + [c.text for c in build_matrix()]
    for text in texts:
        assert [m.span() for m in now.finditer(text)] == [
            m.span() for m in _FORWARD_URL_PASSWORD.finditer(text)
        ]


@pytest.mark.parametrize(
    ("pattern", "literal"),
    [
        (r"\bghp_[A-Za-z0-9]{36}", "ghp_"),
        (r"\bpk\.(?!x)[A-Za-z]{8}", "pk."),
        (r"SharedAccessKey=\K[A-Za-z0-9+/]{42}", "SharedAccessKey="),
        (r"\bxoxbs?-[0-9]+", "xoxb"),  # s? makes the s optional, not the b
        (r"\bxox[baprs]-[0-9]+", "xox"),
        (r"\bghp_x|\bgho_y", None),  # an alternation at the top: a branch may start otherwise
        (r"(?:ghp|gho)_[a-z]{8}", None),
        (r"(?i)\bghp_[a-z]{8}", None),
        (r"\bAT(?!x)[A-Z]{8}", None),  # too short to be worth a look-up
        (r"(?<![A-Z])AKIA[A-Z0-9]{16}", None),
        (r"\bab+cdef", None),  # "b" repeats: "ab" then... fewer than 3 characters
        (r"\babcd*ef", "abc"),
        (r"[|]abc|", None),
        (r"abc[|]def", "abc"),
    ],
)
def test_the_literal_a_pattern_needs(pattern: str, literal: str | None) -> None:
    from intake.scrub.recognizers import required_literal

    assert required_literal(pattern, regex.DOTALL | regex.MULTILINE) == literal
    assert required_literal(pattern, regex.IGNORECASE) is None


def test_every_pattern_matches_only_where_its_literal_is(fast: Scrubber) -> None:
    """Soundness of the skip: on the corpus, the matrix and short values, a pattern with a
    known literal never matches a text that lacks it."""
    from intake.scrub.recognizers import required_literal
    from tests.support.scrub_matrix import build_matrix

    texts = [build_corpus(200_000, seed=9).text] + [c.text for c in build_matrix()]
    checked = 0
    for rec in fast.analyzer.registry.recognizers:
        for pattern in getattr(rec, "patterns", None) or []:
            flags = rec.global_regex_flags or 0
            literal = required_literal(pattern.regex, flags)
            if literal is None:
                continue
            rx = regex.compile(pattern.regex, flags)
            for text in texts:
                if literal not in text:
                    assert rx.search(text) is None, (pattern.name, literal)
            checked += 1
    assert checked > 100


_FORWARD_DOTTED = regex.compile(
    r"(?<![A-Za-z0-9+/=_.-])[A-Za-z0-9_-]{2,}+(?:\.[A-Za-z0-9_-]{2,}+){1,6}+"
    r"(?![A-Za-z0-9+/=_.-])",
    regex.DOTALL | regex.MULTILINE,
)
"""The dotted-token pattern read forward from the first segment (tried at every character)."""


def test_the_dot_anchored_dotted_token_scan_finds_what_the_forward_scan_found(
    fast: Scrubber, stock: Scrubber
) -> None:
    from tests.support.scrub_matrix import build_matrix

    tricky = (
        "a.b aa.bb ATMyOTQ4MTN5OTU5MTDwMEcxNg.GSwJyi.sbaw8msOR3Wi6vPUzeIWy_P0vJbB0UuRVjH8l8 "
        "x+Xk2mQ9vLp3RtZ8wN.b7Yc4FhJ2kLm9PqR5sT8vW1xZ3a6Cd .Xk2mQ9vLp3RtZ8wN.b7Yc4FhJ2kLm9PqR5s "
        "a.b.c.d.e.f.g.h Xk2mQ9vLp3RtZ8wN.b7Yc4FhJ2kLm9PqR5sT8vW1xZ3a6Cd. end"
    )
    texts = [tricky, build_corpus(200_000, seed=10).text] + [c.text for c in build_matrix()]
    for engine in (fast, stock):
        rec = next(
            r
            for r in engine.analyzer.registry.recognizers
            if r.name == "IntakeDottedTokenRecognizer"
        )
        for text in texts:
            found = sorted((r.start, r.end) for r in rec.analyze(text, ["HIGH_ENTROPY_SECRET"]))
            forward = [
                m.span()
                for m in _FORWARD_DOTTED.finditer(text)
                if rec.random_segments(m.group()) >= rec.MIN_RANDOM_SEGMENTS
            ]
            assert found == forward
