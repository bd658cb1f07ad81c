"""Named points in the writing commands where the crash tests stop a process.

Production code calls ``reached(step)`` between two writes; nothing happens unless code
running in the same process installed an observer with ``observe``. No setting, argument or
environment variable does: the tests' child processes install an observer that sends
``SIGKILL`` to themselves at one step (see ``tests/support/crash_harness.py``).
"""

from __future__ import annotations

from collections.abc import Callable

_observer: Callable[[str], None] | None = None


def observe(observer: Callable[[str], None] | None) -> None:
    """Call ``observer(step)`` at every crash point from now on (``None``: stop)."""
    global _observer
    _observer = observer


def reached(step: str) -> None:
    """Mark a point between two writes (``<command>:<step>``)."""
    if _observer is not None:
        _observer(step)
