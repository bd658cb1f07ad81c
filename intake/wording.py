"""How a count reads in output: ``1 file``, ``2 files``, ``0 files``."""

from __future__ import annotations


def counted(n: int, singular: str) -> str:
    """``n`` with its noun in the right number (a regular plural: ``s`` added)."""
    return f"{n} {singular if n == 1 else singular + 's'}"


def verb(n: int, singular: str, plural: str) -> str:
    """The verb that agrees with ``n`` (``has``/``have``, ``appears``/``appear``)."""
    return singular if n == 1 else plural
