"""The run index keeps each kind of run (scenario, runnable hash, model, tier, judge, status)
counted per start with a running total (``kinds``, ``nights``, index shape 5), and
``store.window_counts`` reads the window's counts from them (one seek a kind) instead of
grouping the window's runs: the kept counts follow run files added late for an old night, files
sharing a start on two machines, an older hash, a file removed or rewritten by hand, and equal
the counts built again from the files (``rebuild_index``); the window read from them is the
window counted run by run, and the report is the same in every format."""

from __future__ import annotations

import sqlite3
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.config import Settings, load_settings
from intake.lifecycle.runs import store
from intake.lifecycle.runs.store import Claimed, StoredResult, StoredRun
from intake.report.health import health_of, read_health, render
from tests.support.nightly_helpers import (
    CI_VARIABLES,
    LOCAL,
    PYPROJECT_EXTRA,
    STRONG,
    night,
    write_scenario,
)

IDS = ("alpha_case", "beta_case", "gamma_case")
FORMATS = ("json", "text", "markdown", "github")


def _suite(suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Settings, str]:
    """Three adopted scenarios (their current runnable hash) and a window of four nights."""
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA + "health_window_nights = 4\n")
    for sid in IDS:
        write_scenario(suite, sid)
        result = runner.invoke(
            app,
            ["adopt", f"scenarios/rag_quality/{sid}.yaml", "--source", "hand", "--reviewer", "a"],
        )
        assert result.exit_code == 0, result.output
    path = suite / "scenarios" / "rag_quality" / "alpha_case.yaml"
    current = store.read_facts(path.read_bytes()).runnable_hash
    assert current is not None
    return load_settings(suite), current


def _run(
    day: float, tier: int, rhash: str, machine: str = "m1", iterations: int = 1, tag: str = ""
) -> StoredRun:
    """A night's run of one model: each scenario ``iterations`` times, its outcome by night."""
    started = night(1) + timedelta(days=day)
    statuses = ("PASS", "FAIL", "PASS", "TIMEOUT", "BLOCKED_BY_ARCHITECTURE")
    return StoredRun(
        run_id=f"eval-{started:%Y%m%d-%H%M%S}{tag}",
        model=(STRONG, LOCAL)[tier],
        tier=("strong", "local")[tier],
        judge="claude-sonnet-4-6",
        commit=f"c0ffee{int(day):02d}",
        machine=machine,
        started=started,
        recorded_at=started + timedelta(hours=1),
        results=tuple(
            StoredResult(sid, statuses[(n + int(day) + tier) % 5], 7.0, None, rhash, "hand")
            for n, sid in enumerate(IDS)
            for _ in range(iterations)
        ),
    )


def _kept(settings: Settings) -> list[tuple[Any, ...]]:
    """The kept counts by the names they count (the integers differ between two builds)."""
    db = sqlite3.connect(store.index_path(settings))
    try:
        return db.execute(
            "SELECT s.name, h.name, r.name, status, at, n, before, total, last FROM kinds "
            "JOIN nights ON kind = kinds.id JOIN names s ON s.id = scenario "
            "JOIN names h ON h.id = hash JOIN names r ON r.id = series ORDER BY 1, 2, 3, 4, 5"
        ).fetchall()
    finally:
        db.close()


def _one_by_one(settings: Settings, nights: int, left_out: Claimed | None = None) -> Counter[Any]:
    """The window's runs counted run by run, keyed as ``window_counts`` groups them."""
    rows, _ = store.window_rows(settings, nights=nights, left_out=left_out)
    found: Counter[Any] = Counter()
    for sid, runs in rows.items():
        for r in runs:
            found[sid, r.runnable_hash, r.model, r.tier, r.judge_model, r.status] += 1
    return found


def _grouped(settings: Settings, nights: int, left_out: Claimed | None = None) -> Counter[Any]:
    counts = store.window_counts(settings, nights=nights, left_out=left_out)
    rows, _ = store.window_rows(settings, nights=nights, left_out=left_out)
    found: Counter[Any] = Counter()
    for sid, groups in counts.groups.items():
        for g in groups:
            found[sid, g.runnable_hash, g.model, g.tier, g.judge_model, g.status] += g.n
            alike = [
                r.at
                for r in rows[sid]
                if (r.runnable_hash, r.model, r.tier, r.status)
                == (g.runnable_hash, g.model, g.tier, g.status)
            ]
            assert (g.first, g.at) == (min(alike), max(alike)), (sid, g)
    return found


def _same_windows(settings: Settings, left_out: Claimed | None = None) -> None:
    for nights in (0, 1, 2, 4, 30):
        one_by_one = _one_by_one(settings, nights, left_out)
        assert _grouped(settings, nights, left_out) == one_by_one, nights
        assert one_by_one or nights == 0


def _every_format(settings: Settings, grouped: bool = True) -> dict[str, str]:
    items, notes = read_health(settings, grouped=grouped)
    report = health_of(settings, items, notes, night(30))
    return {fmt: render(report, fmt) for fmt in FORMATS}


def test_counts_kept_per_night_follow_every_change_and_equal_a_rebuild(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings, current = _suite(suite, runner, monkeypatch)
    for day in (1, 2, 3, 5, 6):  # imported night by night: each read moves the kept counts
        for tier in (0, 1):
            assert store.write_run(settings, _run(day, tier, current))
        _same_windows(settings)
    incremental = _kept(settings)
    assert {row[5] for row in incremental} == {1}
    # late files: a night before every one, a night between two, the same start on another
    # machine (one row of two runs), three iterations, and runs of an older hash
    late = [
        _run(0, 0, current),
        _run(4, 1, current, iterations=3),
        _run(2, 0, current, machine="m2", tag="-m2"),
        _run(5.5, 0, "sha256:older"),
    ]
    for run in late:
        assert store.write_run(settings, run)
    _same_windows(settings)
    kept = _kept(settings)
    assert max(row[5] for row in kept) == 3 and kept != incremental
    report = _every_format(settings)
    assert report == _every_format(settings, grouped=False)

    # a file removed by hand and one rewritten with other results: their runs leave the counts
    store.file_of(settings, late[1]).unlink()
    rewritten = store.file_of(settings, _run(6, 1, current))
    rewritten.unlink()
    assert store.write_run(settings, _run(6, 1, current, iterations=2), rewritten)
    _same_windows(settings)
    moved = _kept(settings)
    claimed = Claimed(frozenset({rewritten.relative_to(store.store_dir(settings)).as_posix()}))
    _same_windows(settings, claimed)  # claimed files counted nowhere (the grouped window)
    changed = _every_format(settings)
    assert changed != report and changed == _every_format(settings, grouped=False)

    assert store.rebuild_index(settings) == 13  # counted again from the files, all at once
    assert _kept(settings) == moved
    assert _every_format(settings) == changed


def test_the_window_is_read_from_the_kept_counts(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``window_counts`` reads each kind's runs from ``kinds`` and ``nights`` (not from the
    window's runs): a kept total moved by hand moves the report's count, and a kept count of
    runs before the window moves it the other way; with a claimed file (which the kept counts
    hold) the window's runs are grouped instead."""
    settings, current = _suite(suite, runner, monkeypatch)
    for day in range(1, 8):
        for tier in (0, 1):
            assert store.write_run(settings, _run(day, tier, current))
    counted = _grouped(settings, 4)
    assert counted == _one_by_one(settings, 4)
    db = sqlite3.connect(store.index_path(settings))
    with db:
        kind = db.execute(
            "SELECT kinds.id FROM kinds JOIN names ON names.id = scenario "
            "WHERE name = 'alpha_case' AND status = 'PASS' ORDER BY kinds.id LIMIT 1"
        ).fetchone()[0]
        db.execute("UPDATE kinds SET total = total + 5 WHERE id = ?", (kind,))
    db.close()
    moved = store.window_counts(settings, nights=4).groups["alpha_case"]
    assert sum(g.n for g in moved) == sum(n for k, n in counted.items() if k[0] == "alpha_case") + 5
    left_out = Claimed(frozenset({"nothing/claimed.json"}), "base")
    assert _grouped(settings, 4, left_out) == counted  # grouped from the runs: not moved
    db = sqlite3.connect(store.index_path(settings))
    with db:
        db.execute("UPDATE kinds SET total = total - 5 WHERE id = ?", (kind,))
        db.execute("UPDATE nights SET before = before + 1 WHERE kind = ?", (kind,))
    db.close()
    assert sum(g.n for g in store.window_counts(settings, nights=4).groups["alpha_case"]) == (
        sum(n for k, n in counted.items() if k[0] == "alpha_case") - 1
    )
