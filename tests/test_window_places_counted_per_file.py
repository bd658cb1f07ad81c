"""The window's runs per GAIA commit and machine (``store.window_counts``' ``places``, what
``health`` says it mixed) are summed per run file, each file's place read from its first row:
they equal the runs of the window counted one by one, when run files share a start but not a
commit or machine, when a file holds no result, and with a claimed file left out."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

from intake.config import load_settings
from intake.lifecycle.runs import store
from intake.lifecycle.runs.store import Claimed, StoredResult, StoredRun

START = datetime(2026, 5, 1, 2, 0, tzinfo=UTC)


def _run(night: int, model: str, commit: str | None, machine: str | None, n: int) -> StoredRun:
    started = START + timedelta(days=night)
    return StoredRun(
        run_id=f"eval-{night}-{model}",
        model=model,
        tier="strong" if model == "big" else "local",
        judge="judge-a",
        commit=commit,
        machine=machine,
        started=started,
        recorded_at=started + timedelta(hours=1),
        results=tuple(
            StoredResult(f"case_{i}", "PASS" if i % 2 else "FAIL", None, None, "h1", "hand")
            for i in range(n)
        ),
    )


def test_the_places_summed_per_file_are_the_runs_counted_one_by_one(suite: Path) -> None:
    settings = load_settings(suite)
    written = []
    for night in range(6):
        # both models' files start together, on different commits and machines
        for model, machine in (("big", f"box-{night % 2}"), ("small", None)):
            run = _run(night, model, f"c0ffee{night}" if model == "big" else None, machine, 3)
            assert store.write_run(settings, run)
            written.append(run)
    assert store.write_run(settings, _run(5, "empty", "c0ffee9", "box-9", 0))  # no result
    claimed_one = store.file_of(settings, written[-1]).relative_to(store.store_dir(settings))

    for left_out in (None, Claimed(frozenset({claimed_one.as_posix()}), "base")):
        counts = store.window_counts(settings, nights=3, left_out=left_out)
        rows, _ = store.window_rows(settings, nights=3, left_out=left_out)
        one_by_one = Counter((r.gaia_commit, r.machine) for runs in rows.values() for r in runs)
        assert counts.places, "nothing counted"
        assert dict(((c, m), n) for c, m, n in counts.places) == dict(one_by_one)
        assert [n for _, _, n in counts.places].count(0) == 0
    # the claimed file's place (night 5's small model, no commit, no machine) is its only run
    # file of that place in the window but for nights 3 and 4's: it counts 3 fewer
    assert dict(((c, m), n) for c, m, n in counts.places)[None, None] == 2 * 3
