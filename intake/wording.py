"""How a count reads in output: ``1 file``, ``2 files``, ``0 files``."""

from __future__ import annotations

__all__ = ["counted", "verb"]


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` with its noun in the right number (``plural`` for irregular nouns)."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


def verb(n: int, singular: str, plural: str) -> str:
    """The verb that agrees with ``n`` (``has``/``have``, ``appears``/``appear``)."""
    return singular if n == 1 else plural
