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
    from intake.lifecycle.runs.record import drop_run, record_run
    from intake.lifecycle.runs.results import MAX_SCORECARD_BYTES, classify, read_result

__all__ = ["MAX_SCORECARD_BYTES", "classify", "drop_run", "read_result", "record_run"]


_READER = frozenset({"MAX_SCORECARD_BYTES", "classify", "read_result"})


def __getattr__(name: str) -> Any:
    if name in _READER:
        return getattr(importlib.import_module("intake.lifecycle.runs.results"), name)
    if name in __all__:
        return getattr(importlib.import_module("intake.lifecycle.runs.record"), name)
    raise AttributeError(f"module 'intake.lifecycle.runs' has no attribute {name!r}")
