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
from tests.outside_corpus import real_threads
from tests.outside_corpus.pasted import Document, documents
from tests.support.formats_corpus import FORMATS, _decoys, _secrets
from tests.support.scrub_matrix import Cell, build_matrix, pasted_cells
from tests.support.scrubbing import tune_score

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


@pytest.mark.slow
@pytest.mark.parametrize("batch", real_threads.batches())
def test_every_real_tune_part_is_scrubbed_in_one_final_pass(
    engine: Scrubber, tmp_path: Path, batch: int
) -> None:
    """Every batch's tune part of the real-threads corpus: a rescrub of each document's output
    changes nothing, ``scrub --check`` on it finds nothing, no two originals share a fixture
    (the fast tier's record tests hold each batch's first pass only: ``tune_score``)."""
    score = tune_score(engine, batch, tmp_path, final=True)
    assert score.docs > 0
    assert (score.not_idempotent, score.check_findings, score.clashes) == ([], [], [])


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
    # the plain scrub is final too, not only a file's (which settles what re-scans): since
    # 1.120.0, a URL whose password is its login (``user1:user1``) made ``user1:FAKE1``
    assert engine.scrub_text(out).text == out, cell.kind
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


# Since 1.120.0 (stop 59, batch 165's record): a URL's userinfo whose password is its login. One
# original has one fixture, so the password got the login's ``user1``, which a second scrub
# read as a password (``user1:user1@…`` -> ``user1:FAKE1@…``; a file's scrub settled it in one
# pass, a plain scrub did not), and a password too short to be judged stayed beside its
# replaced login (``user1:bob@…``). Every scheme and form: the same login and password, a
# different password, a login learned elsewhere as another account's password, and the
# default accounts that stay whole (an image's ``airflow:airflow``, ``postgres:postgres``).
_URL_SCHEMES = (
    "postgresql",
    "postgresql+psycopg2",
    "postgres",
    "mysql",
    "mysql+pymysql",
    "mongodb",
    "mongodb+srv",
    "redis",
    "mssql",
    "https",
    "ftp",
    "amqp",
)
_URL_DEFAULTS = ("airflow:airflow", "postgres:postgres", "guest:guest", "root:root")
_URL_HOSTS = ("db.corp-dev.io:5432", "postgres", "10.0.0.4", "mongo.corp-dev.io")
_URL_PREFIXES = ("", "AIRFLOW__CORE__SQL_ALCHEMY_CONN=", "DATABASE_URL: ", "url = '")


@st.composite
def _url_userinfo_text(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A text of URLs (and a home that teaches a login) and the values that must go."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    scheme = draw(st.sampled_from(_URL_SCHEMES))
    login = draw(st.sampled_from(("bob", "jdoe", "mfoley", "tnakamura", "kqz", "Rvance")))
    login += str(rng.randrange(10)) if rng.random() < 0.3 else ""
    other = "Q" + "".join(rng.choice("abcdefghjkmnpqrstuvwxyz23456789") for _ in range(9))
    form = draw(st.sampled_from(("same", "different", "learned", "default")))
    host = draw(st.sampled_from(_URL_HOSTS))
    if form == "same":
        url, gone = f"{scheme}://{login}:{login}@{host}/app", [f"{login}:", f":{login}@"]
    elif form == "different":
        url, gone = f"{scheme}://{login}:{other}@{host}/app", [f":{other}@"]
    elif form == "learned":
        url, gone = f"cd /home/{login}x/src\n{scheme}://deploy:{login}x@{host}/app", [f":{login}x@"]
    else:
        default = draw(st.sampled_from(_URL_DEFAULTS))
        url, gone = f"{scheme}://{default}@{host}/app", []
    prefix = draw(st.sampled_from(_URL_PREFIXES))
    return prefix + url + "\n", gone


@SETTINGS
@given(case=_url_userinfo_text())
def test_url_userinfo_one_pass_is_final(engine: Scrubber, case: tuple[str, list[str]]) -> None:
    """Scrubbed once, plainly or as a file, the text scrubs to itself both ways; the login and
    a password of its own are gone; a default account's URL stays whole."""
    text, gone = case
    once = engine.scrub_text(text).text
    assert engine.scrub_text(once).text == once, "a plain rescrub changed it"
    for value in gone:
        assert value not in once, once
    if not gone:
        assert once == text, once
    _final(engine, "url.txt", text)
