"""Hypothesis properties of the scrubber, on one session-scoped pattern-only engine."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from intake.scrub import Scrubber

SETTINGS = settings(
    deadline=None, max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


TOKENS = st.one_of(
    st.from_regex(r"\Agh[pousr]_[A-Za-z0-9]{36}\Z"),
    st.from_regex(r"\AAKIA[A-Z2-7]{16}\Z"),
    st.from_regex(r"\Axoxb-[0-9]{10,12}-[A-Za-z0-9]{24}\Z"),
    st.from_regex(r"\AAIza[0-9A-Za-z_-]{35}\Z"),
    st.from_regex(r"\Ahf_[A-Za-z0-9]{34}\Z"),
    st.from_regex(r"\Ask_live_[A-Za-z0-9]{24}\Z"),
    st.from_regex(r"\Anpm_[A-Za-z0-9]{36}\Z"),
    st.from_regex(r"\Ask-ant-api03-[A-Za-z0-9_-]{40}\Z"),
    st.from_regex(r"\AGOCSPX-[A-Za-z0-9_-]{28}\Z"),
).filter(lambda t: "FAKE" not in t and len(set(t[-20:])) > 2)
"""Generated tokens; a body of one character repeated (``gho_000…``, ``AIzaaaa…``) is a mask,
kept by design (``masked_tokens`` in ``scrubbers/allow.yaml``), so it is not generated."""

PATHS = st.builds(
    "/home/{}/{}/{}".format,
    st.from_regex(r"\A[a-z][a-z0-9_]{1,10}\Z"),
    st.from_regex(r"\A[A-Za-z0-9_-]{1,12}\Z"),
    st.from_regex(r"\A[A-Za-z0-9_-]{1,12}\.[a-z]{1,4}\Z"),
).filter(lambda p: not p.startswith("/home/user/"))

EMAILS = st.builds(
    "{}@{}.{}".format,
    st.from_regex(r"\A[a-z][a-z0-9._-]{0,15}[a-z0-9]\Z"),
    st.from_regex(r"\A[a-z][a-z0-9-]{1,15}[a-z0-9]\Z"),
    st.sampled_from(["com", "io", "org", "de", "co.uk", "dev"]),
).filter(lambda e: ".." not in e and not e.split("@")[1].startswith("example."))

FILLER = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=80)
PLANTED = st.one_of(TOKENS, PATHS, EMAILS)


@pytest.mark.slow
@SETTINGS
@given(before=FILLER, secret=PLANTED, after=FILLER)
def test_planted_value_never_survives(
    engine: Scrubber, before: str, secret: str, after: str
) -> None:
    text = f"{before} {secret} {after}"
    result = engine.scrub_text(text)
    assert secret not in result.text


@pytest.mark.slow
@SETTINGS
@given(parts=st.lists(st.one_of(FILLER, PLANTED), max_size=8))
def test_scrub_is_idempotent_and_leaves_nothing_to_find(engine: Scrubber, parts: list[str]) -> None:
    text = " ".join(parts)
    once = engine.scrub_text(text).text
    assert engine.scrub_text(once).text == once
    assert engine.find(once) == []


@SETTINGS
@given(text=st.text(max_size=300), secret=PLANTED)
def test_spans_stay_in_bounds_and_ordered(engine: Scrubber, text: str, secret: str) -> None:
    full = text + " " + secret + " " + text
    findings = engine.scrub_text(full).findings
    last_end = 0
    for f in findings:
        assert 0 <= f.start < f.end <= len(full)
        assert f.start >= last_end
        last_end = f.end


@SETTINGS
@given(secret=PLANTED, other=PLANTED, sep=st.sampled_from([" ", "\n", " and ", ", "]))
def test_same_value_maps_to_same_fixture(
    engine: Scrubber, secret: str, other: str, sep: str
) -> None:
    if secret == other or secret in other or other in secret:
        return
    out = engine.scrub_text(sep.join([secret, other, secret])).text.split(sep)
    assert len(out) == 3
    assert out[0] == out[2]
    assert out[0] != out[1]
