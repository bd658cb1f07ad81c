"""One decision per value whatever the entry point (issue 35 items 4-5): a plain-text document
scrubbed as a file (``scrub_file_text`` on ``doc.txt``, ``.log``, ``.md`` or a name with no
suffix) and as text (``Scrubber.scrub_text``) gives the same text, and that text is final (a
re-scan finds nothing in it).

The two entry points share their decisions by design: a plain-text file is planned like a text
(``files._plan``: the same ``detect_many``, the same fixtures), and the file's ``settle`` (a
fail-closed re-scan that turns whatever is found again into a generic ``FAKE…`` fixture) only
acts on what the first pass left non-final. So the two agree exactly when ``scrub_text``'s
output re-scans clean; when it did not, the file entry point hid the defect behind a
secret-shaped replacement. Batch 66 found two such classes in the real corpus (2 of 943
plain-text documents disagreed under 1.28.0, 1 under 1.29.0, none since):

* a home fixture's digit (``/Users/user1/…``) made a path whose folders mix cases and digits
  only between them (Xcode's ``DerivedData/Core-gsugaskgvvljlsbbrlqwgexjknrz/…``) a
  high-entropy secret on the re-scan: the file became ``FAKE000….xctest/Frameworks`` (1.29.0's
  build folder names keep that folder). Under a login with a digit such a path was a secret on
  the first pass too, its library tail lost in both entry points (R's
  ``C:/Users/<u>/…/RtmpyASPgj/devtools<hex>/…``, still under 1.29.0). A path into a home none
  of whose folders mixes like a random token is a path (``recognizers._home_path``);
* a login after ``token:`` in prose (GitHub Desktop's ``doesn't have a token: <login>``) became
  its name fixture ``user1``, which the re-scan read as a token assigned to ``token``: the file
  became ``FAKE1``. A whole value that is a name's fixture is a scrubbed name, not a secret,
  in text as under a structured file's secret key (``Scrubber.is_name_fixture``).

Batch 87 (stop 52) found a third, in a held-out mail client's log: the base64 of a CRAM-MD5
answer (``<address> <hex digest>``) became the base64 of ``user1@example.com <digest>``, which
the re-scan judged a random-looking secret (only a ``FAKE…`` fixture inside was known to be
ours), so the file became ``FAKE000…``. Base64 of clean text holding a name's fixture is
scrubbed text too (``Scrubber._encoded_fixture_span``).

Not compared: JSON, JSONL and YAML files, which are read as formats (each decoded string judged
on its own and by its key, written back in its own escaping; ``tests/test_scrub_structured.py``
and ``tests/test_scrub_final.py`` hold them); plain text saved under those suffixes parses as
one YAML scalar or not at all, so its outcome is the format's.
"""

from __future__ import annotations

import base64
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from intake.scrub import Scrubber
from intake.scrub.files import scrub_file_text
from tests.outside_corpus.real_threads import documents
from tests.support.scrub_matrix import build_matrix, pasted_cells

PLAIN_SUFFIXES = (".txt", ".log", ".md", "")
"""Names a plain-text file is scrubbed under (``format_of`` reads none of them as a format)."""

STRUCTURED = (".json", ".jsonl", ".yaml", ".yml")


def _as_file(engine: Scrubber, folder: Path, text: str, suffix: str = ".txt") -> str:
    return scrub_file_text(folder / f"doc{suffix}", text, scrubber=engine).text


def _disagreeing(engine: Scrubber, folder: Path, text: str, suffix: str = ".txt") -> str | None:
    """Why the two entry points disagree on ``text`` (or its text is not final), else None."""
    as_text = engine.scrub_text(text).text
    if _as_file(engine, folder, text, suffix) != as_text:
        return f"doc{suffix} and scrub_text differ"
    if engine.find(as_text):
        return "scrub_text's output re-scans"
    return None


_D = "/Library/Developer/Xcode/DerivedData/Core-gsugaskgvvljlsbbrlqwgexjknrz/Build/Products"
_QT = "/OneDrive/Documents/PersonalBudget/build/Desktop_Qt_6_8_1_MinGW_64_bit-Debug"
_R = "/AppData/Local/Temp/RtmpyASPgj/devtools1c0c75c81609/r-lib-xml2-bb6efb2"
_SIM = "Debug-iphonesimulator"

# (text, the login in it): the shapes batch 66 (and 64) found, under logins with and without
# digits; each tail after the user's folder must stay
NAMED_SHAPES = [
    *(
        pytest.param(
            f'rsync -auv "a.dylib" "/Users/{u}{_D}/{_SIM}/CoreTests.xctest/Frameworks"\n',
            u,
            id=f"xcode-{u}",
        )
        for u in ("arlen", "john2", "mlee07")
    ),
    *(
        pytest.param(f"CMAKE_CACHEFILE_DIR:INTERNAL=c:/Users/{u}{_QT}\n", u, id=f"qt-{u}")
        for u in ("ashley", "ashley0524")
    ),
    *(
        pytest.param(
            f'  "C:/Users/{u}{_R}"\n',
            u,
            id=f"r-devtools-{u}",
        )
        for u in ("milan", "jdoe42")
    ),
    *(
        pytest.param(
            f"2019-01-04T03:47:13.395Z - info: [ui] [AppStore] found account: {u} (Haruki Wu)\n"
            f"Error: Cannot update an account which doesn't have a token: {u}\n",
            u,
            id=f"token-login-{u}",
        )
        for u in ("redkappa", "kappa1999")
    ),
]


@pytest.mark.parametrize("suffix", PLAIN_SUFFIXES)
@pytest.mark.parametrize(("text", "login"), NAMED_SHAPES)
def test_the_shapes_batch_66_found_get_one_decision(
    engine: Scrubber, tmp_path: Path, text: str, login: str, suffix: str
) -> None:
    as_text = engine.scrub_text(text).text
    assert _as_file(engine, tmp_path, text, suffix) == as_text
    assert engine.find(as_text) == [], "the first pass is not final"
    assert login not in as_text
    assert "FAKE" not in as_text, "a name or a path was replaced as a secret"
    # only the user's folder is replaced: every folder after it stays
    for tail in (_D, _QT, _R):
        if tail in text:
            assert tail in as_text


@pytest.mark.parametrize(
    "text",
    [
        # a random folder in a home is still a secret, and its path with it
        "cat /home/alice/aB3dEfGh7JkLmN0pQrStUvWxYz12345/x\n",
        # a real token after ``token:`` is still a token
        "Error: Cannot update an account which doesn't have a token: "
        "gho_aB3dEfGh7JkLmN0pQrStUvWxYz1234567\n",
    ],
)
def test_what_the_fixes_do_not_keep(engine: Scrubber, tmp_path: Path, text: str) -> None:
    as_text = engine.scrub_text(text).text
    assert "FAKE" in as_text
    assert _as_file(engine, tmp_path, text) == as_text
    assert engine.find(as_text) == []


def test_a_names_fixture_under_a_secret_name_is_one_decision_in_text_and_yaml(
    engine: Scrubber, tmp_path: Path
) -> None:
    """``user1`` is what a login becomes: under ``token``/``password`` it is kept in a YAML
    value (judged by its key) and in text alike, so a second scrub changes nothing."""
    for line in ("token: user1\n", "password: user1\n", "api_key: user1@example.com\n"):
        assert engine.scrub_text(line).text == line
        assert _as_file(engine, tmp_path, line) == line
        assert _as_file(engine, tmp_path, line, ".yaml") == line


_CELLS = build_matrix() + pasted_cells(random.Random(50))


@settings(
    deadline=None, max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(index=st.integers(0, len(_CELLS) - 1), suffix=st.sampled_from(PLAIN_SUFFIXES))
def test_matrix_cells_get_one_decision_as_file_and_text(
    engine: Scrubber, tmp_path: Path, index: int, suffix: str
) -> None:
    assert _disagreeing(engine, tmp_path, _CELLS[index].text, suffix) is None


@pytest.mark.parametrize("suffix", PLAIN_SUFFIXES)
@pytest.mark.parametrize(
    "answer",
    [
        "zelda@kestrel-mail.com 3f6c1a9e0b7d42c58e91f0a2b4c6d8e7",
        "zelda@kestrel-mail.com 3F6C1A9E0B7D42C58E91F0A2B4C6D8E7",
        "zelda.moor@kestrel-mail.com 0a1b2c3d4e5f60718293a4b5c6d7e8f9",
    ],
)
def test_the_base64_of_a_cram_md5_answer_gets_one_decision(
    engine: Scrubber, tmp_path: Path, answer: str, suffix: str
) -> None:
    """An SMTP or IMAP ``AUTH CRAM-MD5`` exchange (RFC 2195: the client answers the base64 of
    its user name, a space and the HMAC-MD5 digest in hex): the address inside is replaced and
    the answer re-encoded, the same as text and as a file, and the output re-scans clean."""
    encoded = base64.b64encode(answer.encode()).decode()
    challenge = "PDE4OTYuNjk3MTcwOTUyQHBvc3RvZmZpY2UuZXhhbXBsZS5uZXQ+"  # RFC 2195's example
    text = f"C: AUTH CRAM-MD5\nS: 334 {challenge}\nC: {encoded}\n"
    assert _disagreeing(engine, tmp_path, text, suffix) is None
    out = engine.scrub_text(text).text
    decoded = base64.b64decode(out.split()[-1]).decode()
    assert "zelda" not in decoded and decoded.startswith("user")
    assert decoded.split()[1] == answer.split()[1]


@pytest.mark.slow
def test_every_matrix_cell_gets_one_decision_as_file_and_text(
    engine: Scrubber, tmp_path: Path
) -> None:
    """The whole generated matrix and a draw of the pasted classes (2,634 cells)."""
    bad = [
        f"{c.kind}/{c.context}: {why}"
        for c in _CELLS
        if (why := _disagreeing(engine, tmp_path, c.text)) is not None
    ]
    assert bad == []


@pytest.mark.slow
def test_every_plain_text_document_of_the_real_corpus_gets_one_decision(
    engine: Scrubber, tmp_path: Path
) -> None:
    """The real-threads corpus' plain-text documents, held-out and tune (943 through batch 67,
    969 with batch 68; under 1.28.0 two disagreed, batch 66's Xcode path and GitHub Desktop's
    ``token: <login>``, under 1.29.0 the second). The corpus only grows: fewer documents means
    it was not read whole."""
    plain = [d for d in documents() if d.suffix not in STRUCTURED]
    assert len(plain) >= 969
    bad = [
        f"{d.doc.name}: {why}"
        for d in plain
        if (why := _disagreeing(engine, tmp_path, d.doc.text)) is not None
    ]
    assert bad == []
