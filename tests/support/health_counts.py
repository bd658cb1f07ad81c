"""Health's inputs in the shapes the run index gives them, for the tests and benchmarks that
check every shape decides alike: each run as ``store.Run`` (``as_stored``), and the window's
runs counted as ``store.window_counts`` counts them in SQL (``as_grouped``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from intake.lifecycle.runs import store
from intake.report.health import HealthInput


def as_stored(item: HealthInput) -> HealthInput:
    """The same scenario with its runs as the run store's index gives them (``store.Run``)."""
    return item._replace(
        runs=tuple(
            store.Run(
                r.run_id,
                r.status,
                r.score,
                r.failure_category,
                r.model,
                r.tier.value,
                r.judge_model,
                r.runnable_hash,
                r.gaia_commit,
                r.machine,
                r.at,
                r.recorded_at,
                r.kind,
            )
            for r in item.runs
        ),
    )


def as_grouped(item: HealthInput, start: datetime | None) -> HealthInput:
    """The scenario as ``store.window_counts`` gives it: its runs in the window (from
    ``start``) grouped by hash, model, tier, judge and status (``Run.n``, ``Run.first``, the
    latest's start), with the runs per commit and machine; the runs before the
    window one by one. A scenario with a fix or two judges is read one by one (as
    ``read_health`` does)."""
    if item.fixed_at is not None or len({r.judge_model for r in item.runs} - {None}) > 1:
        return as_stored(item)
    rows = as_stored(item).runs
    inside = [r for r in rows if start is None or r.at >= start]
    groups: dict[tuple[Any, ...], list[store.Run]] = {}
    mix: dict[tuple[str | None, str | None], int] = {}
    for r in inside:
        key = (r.runnable_hash, r.model, r.tier, r.judge_model, r.status)
        groups.setdefault(key, []).append(r)
        mix[(r.gaia_commit, r.machine)] = mix.get((r.gaia_commit, r.machine), 0) + 1
    grouped = []
    for (rhash, model, tier, judge, status), runs in groups.items():
        last = max(runs, key=lambda r: (r.at, r.run_id))
        first = min(r.at for r in runs)
        grouped.append(
            store.Run(
                "", status, None, None, model, tier, judge, rhash, None, None,
                last.at, last.at, "", len(runs), first,
            )
        )  # fmt: skip
    return item._replace(
        runs=(*(r for r in rows if r not in inside), *grouped),
        mix=tuple((c, m, n) for (c, m), n in mix.items()),
    )


def moved_to(run: Any, at: datetime) -> Any:
    """The run (either shape) started at ``at``, one run."""
    return (
        run._replace(at=at, first=None)
        if hasattr(run, "_replace")
        else run.model_copy(update={"at": at})
    )


__all__ = ["as_grouped", "as_stored", "moved_to"]
