"""Runs of a draft: recording GAIA runner results (``record``) and driving the runner (``run``).

``intake run-record`` and ``intake run`` record through the same function,
``intake.lifecycle.runs.record.record_run``, reading GAIA's results through
``intake.lifecycle.runs.results`` (as ``runs import`` does); ``intake runs`` lists and drops
through ``record`` too.
The names below are loaded on first use (PEP 562): ``intake.lifecycle.runs.store``, which
``health`` reads, does not pull in the recording machinery (the scrubber) with it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from intake.lifecycle.runs.record import (
        check_is_this_draft,
        check_tier,
        drop_run,
        model_under_test,
        record_run,
    )
    from intake.lifecycle.runs.results import (
        KNOWN_STATUSES,
        MAX_SCORECARD_BYTES,
        ScenarioResult,
        check_name,
        classify,
        read_result,
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


_READER = frozenset(
    {
        "KNOWN_STATUSES",
        "MAX_SCORECARD_BYTES",
        "ScenarioResult",
        "check_name",
        "classify",
        "read_result",
        "safe_name",
    }
)


def __getattr__(name: str) -> Any:
    if name in _READER:
        return getattr(importlib.import_module("intake.lifecycle.runs.results"), name)
    if name in __all__:
        return getattr(importlib.import_module("intake.lifecycle.runs.record"), name)
    raise AttributeError(f"module 'intake.lifecycle.runs' has no attribute {name!r}")
