"""Runs of a draft: recording GAIA runner results (``record``) and driving the runner (``run``).

``intake run-record`` and ``intake run`` record through the same function,
``intake.lifecycle.runs.record.record_run``; ``intake runs`` lists and drops through ``record`` too.
"""

from __future__ import annotations

from intake.lifecycle.runs.record import (
    KNOWN_STATUSES,
    MAX_SCORECARD_BYTES,
    ScenarioResult,
    check_is_this_draft,
    check_name,
    check_tier,
    classify,
    drop_run,
    model_under_test,
    read_result,
    record_run,
    safe_name,
)

__all__ = [
    "KNOWN_STATUSES",
    "MAX_SCORECARD_BYTES",
    "ScenarioResult",
    "check_is_this_draft",
    "check_name",
    "check_tier",
    "classify",
    "drop_run",
    "model_under_test",
    "read_result",
    "record_run",
    "safe_name",
]
