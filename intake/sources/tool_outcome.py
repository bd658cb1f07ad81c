"""Whether a stored tool call succeeded, judged from what GAIA really writes.

GAIA's Agent UI saves nearly every tool step with ``success: true`` (its ``tool_end`` event
always says so), so the flag alone is useless. The outcome is read from the result summary
(GAIA's ``_summarize_tool_result`` shapes, kept as data in ``tool_failures.json`` so a new
shape is a one-line change), the shell's ``return_code``, and the steps that follow the call
(an ``error`` step, a ``policy_alert`` step). Each verdict names the rule that decided it.
The same file holds GAIA's error fallbacks, the answers GAIA writes when a turn failed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from intake.contract.models import ToolOutcome
from intake.textcut import cut_at_space

MAX_EVIDENCE_CHARS = 2_000
"""Longest arguments or result text kept per tool call in the record."""
MAX_REASON_CHARS = 500
"""Longest reason kept per tool call."""

RULE_FLAG = "flag"
"""The store's own success flag said the call failed."""
RULE_RETURN_CODE = "return_code"
"""``commandOutput.return_code`` was not 0."""
RULE_ERROR_STEP = "error_step"
"""An ``error`` step followed the call."""
RULE_POLICY_ALERT = "policy_alert"
"""A ``policy_alert`` step followed the call (or stood alone)."""
RULE_NO_RESULT = "no_result"
"""No result and no flag were stored: the outcome is unknown."""
RULE_NO_FLAG = "no_flag"
"""A result but no flag (GAIA always writes both): treated as unknown."""
RULE_NO_FAILURE = "no_failure_sign"
"""Nothing in the step or after it says the call failed."""


_SHAPE_OUTCOMES = (ToolOutcome.ok, ToolOutcome.failed, ToolOutcome.blocked)


@dataclass(frozen=True)
class Shape:
    """One failure shape: a rule name, the outcome it means, and its pattern."""

    rule: str
    outcome: ToolOutcome
    pattern: re.Pattern[str]
    why: str


def _shapes(data: Any, key: str) -> tuple[Shape, ...]:
    entries = data.get(key) if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise ValueError(f"tool_failures.json: {key} is not a list")
    shapes = []
    for entry in entries:
        outcome = entry["outcome"]
        if outcome not in _SHAPE_OUTCOMES:
            raise ValueError(f"tool_failures.json: unknown outcome {outcome!r}")
        shapes.append(
            Shape(
                str(entry["rule"]),
                ToolOutcome(outcome),
                re.compile(entry["pattern"], re.DOTALL),
                str(entry["why"]),
            )
        )
    return tuple(shapes)


@lru_cache(maxsize=1)
def _data() -> Any:
    text = resources.files("intake.sources").joinpath("tool_failures.json").read_text("utf-8")
    return json.loads(text)


@lru_cache(maxsize=1)
def shapes() -> tuple[tuple[Shape, ...], tuple[Shape, ...]]:
    """The result shapes (matched at the start) and repr shapes (found anywhere)."""
    return _shapes(_data(), "result_shapes"), _shapes(_data(), "repr_shapes")


@lru_cache(maxsize=1)
def fallback_shapes() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """GAIA's error fallbacks, ``(kind, pattern)`` in the order tried (``failure_kind``)."""
    return tuple(
        (str(e["kind"]), re.compile(e["pattern"], re.IGNORECASE if e.get("ignore_case") else 0))
        for e in _data()["fallback_shapes"]
    )


def result_shape(result: str) -> Shape | None:
    """The first result shape ``result`` (a GAIA result summary) starts with."""
    for shape in shapes()[0]:
        if shape.pattern.match(result):
            return shape
    return None


def repr_shape(summary: str) -> Shape | None:
    """The first repr shape found in ``summary`` (memory.db keeps ``str(result)``)."""
    for shape in shapes()[1]:
        if shape.pattern.search(summary):
            return shape
    return None


def capped(text: str | None, limit: int = MAX_EVIDENCE_CHARS) -> tuple[str | None, bool]:
    """``text`` cut at ``limit`` characters, and whether it was cut."""
    if text is None or len(text) <= limit:
        return text, False
    return cut_at_space(text, limit), True


def as_text(value: Any) -> tuple[str | None, str | None]:
    """A stored value as text, and a note when it was not text (JSON of another type)."""
    if value is None or isinstance(value, str):
        return value, None
    try:
        shown = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    except (TypeError, ValueError, RecursionError):
        shown = repr(value)
    return shown, f"a JSON {type(value).__name__} where text was expected; kept as JSON"
