"""``health`` keeps each verdict it makes in the run index (table ``memo``, ``fn`` ``verdict``)
between processes, keyed by what decides it (the runs counted alike: ``_alike``; the
thresholds; ``pass_k``) under ``answers_version`` (the posterior's rules and health's own
file): a later process reads them instead of deciding again (and then reads none of the
posterior's kept answers), with the same report in every format; a verdict is never read
under other thresholds or another version."""

from __future__ import annotations

import sqlite3
import zlib
from datetime import UTC, datetime
from pathlib import Path

from intake.config import Settings, load_settings
from intake.lifecycle.runs import store
from intake.report import health, posterior
from intake.report.health import HealthInput, answers_version, health_of, render
from tests.support.env import SUITE_PYPROJECT
from tests.support.health_generator import generate

NOW = datetime(2026, 6, 1, tzinfo=UTC)
FORMATS = ("json", "text", "markdown", "github")


def _new_process() -> None:
    """Forget what this process made or read (as a new ``intake health`` starts)."""
    posterior.learned()
    for cache in [*posterior._MEMO.values(), *posterior._KEPT.values()]:
        cache.clear()
    for kept in (health._VERDICTS, health._KEPT_VERDICTS, health._VERDICT_JSON):
        kept.clear()
    health._rate.cache_clear()
    health._line.cache_clear()


def _report(settings: Settings, inputs: list[HealthInput]) -> dict[str, str]:
    report = health_of(settings, inputs, (), NOW)
    return {fmt: render(report, fmt) for fmt in FORMATS}


def _kept(settings: Settings) -> list[tuple[str, str, str]]:
    db = sqlite3.connect(store.index_path(settings))
    try:
        return db.execute(
            "SELECT version, args, value FROM memo WHERE fn = 'verdict' ORDER BY args"
        ).fetchall()
    finally:
        db.close()


def _suite(suite: Path, extra: str = "") -> Settings:
    """The suite's settings (its pyproject with ``extra``), with a run store."""
    if not suite.exists():  # another suite, whose index keeps no verdict yet
        suite.mkdir()
        (suite / "pyproject.toml").write_text(SUITE_PYPROJECT, encoding="utf-8")
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(extra)
    settings = load_settings(suite)
    store.store_dir(settings).mkdir(parents=True, exist_ok=True)
    return settings


def test_kept_verdicts_give_the_report_made_without_them(suite: Path) -> None:
    settings = _suite(suite)
    inputs = generate(seed=7, nights=14, per_class=6).inputs()
    _new_process()
    made = _report(settings, inputs)
    kept = _kept(settings)
    assert len(kept) == len(health._VERDICTS) > 20  # one a distinct key, each made once
    assert {version for version, _, _ in kept} == {answers_version()}

    _new_process()
    assert _report(settings, inputs) == made
    assert _kept(settings) == kept

    # scenarios whose verdicts are all kept (no fix, no control, one judge): none is made, and
    # the posterior's kept answers are not even read; the report is the one made without them
    plain = [
        i
        for i in inputs
        if i.fixed_at is None
        and not i.controls
        and len({r.judge_model for r in i.runs} - {None}) <= 1
    ]
    assert 20 < len(plain) < len(inputs)
    _new_process()
    shown = _report(settings, plain)
    assert all(not cache for cache in posterior._KEPT.values())
    assert posterior.learned() == []
    _new_process()
    assert shown == _report(_suite(suite.parent / "alone"), plain)


def test_a_kept_verdict_is_read_under_its_key_and_version_only(suite: Path) -> None:
    settings = _suite(suite)
    inputs = generate(seed=99, nights=17, per_class=6).inputs()
    _new_process()
    made = _report(settings, inputs)
    db = sqlite3.connect(store.index_path(settings))
    with db:  # every kept verdict says something else: a report that reads them says so too
        db.execute(
            "UPDATE memo SET value = replace(value, ' at ', ' (kept) at ') WHERE fn = ?",
            (health.VERDICT,),
        )
    db.close()
    _new_process()
    read = _report(settings, inputs)
    assert read != made and "(kept) at" in read["text"]
    assert read["text"].replace("(kept) at", "at") == made["text"]

    (suite / "pyproject.toml").write_text(
        (suite / "pyproject.toml").read_text(encoding="utf-8") + "health_confidence = 0.8\n",
        encoding="utf-8",
    )
    other = load_settings(suite)  # other thresholds: none of the kept verdicts is theirs
    _new_process()
    fresh = _report(other, inputs)
    assert "(kept)" not in fresh["text"]
    _new_process()
    assert fresh == _report(_suite(suite.parent / "alone", "health_confidence = 0.8\n"), inputs)

    source = Path(health.__file__).read_bytes()
    assert answers_version() == (
        f"{posterior.VERSION}{zlib.crc32(source):08x}{zlib.adler32(source):08x}"
    )
    assert store.remembered_answers(settings, posterior.VERSION, only=health.VERDICT) == []


def test_a_damaged_kept_verdict_is_made_again(suite: Path) -> None:
    """A kept verdict that does not read as one (not three lines, not JSON, the wrong shape)
    is made again, as a cache that cannot be read is: the report is the one made afresh."""
    settings = _suite(suite)
    inputs = generate(seed=7, nights=14, per_class=6).inputs()
    _new_process()
    made = _report(settings, inputs)
    damaged = (
        "not a verdict",
        "[1, 2]\n{}\n{}",
        '["x"]\n\n',
        "[1,2,3,4,5,6,7,8,9,10,11,12,13]\n\n",
    )
    db = sqlite3.connect(store.index_path(settings))
    with db:
        rows = db.execute("SELECT rowid FROM memo WHERE fn = ?", (health.VERDICT,)).fetchall()
        for n, (rowid,) in enumerate(rows):
            db.execute("UPDATE memo SET value = ? WHERE rowid = ?", (damaged[n % 4], rowid))
    db.close()
    _new_process()
    assert _report(settings, inputs) == made
