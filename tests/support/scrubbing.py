"""The scrubber as the scrub tests use it: one engine a session (``engine``, a fixture
registered in tests/conftest.py's ``pytest_plugins``) and ``scrubbed``, a scrub that must be
final (a second pass changes nothing and ``check`` finds nothing in the output)."""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber, get_scrubber


@pytest.fixture(scope="session")
def engine() -> Scrubber:
    return get_scrubber()


def scrubbed(engine: Scrubber, text: str) -> str:
    out = engine.scrub_text(text).text
    assert engine.scrub_text(out).text == out, "a second pass changed the text"
    assert engine.find(out) == [], "check finds something in scrubbed output"
    return out
