"""Leak checks that also catch transformed and partial forms of a planted secret.

Looking only for the exact original misses the ways importers used to leak: a title slugged
into an id (lowercased, ``.``/``@`` turned into ``_``), a token cut in half before scrubbing,
an e-mail whose local part survives. ``assert_no_leak`` searches every file written under a
folder (names included), the ledger rows and any extra text (stdout, stderr) for all of them.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from pathlib import Path

FRAGMENT = 12
"""Any run of this many characters of a planted token counts as a leak."""


def _squash(text: str) -> str:
    """Lowercase, every run of other characters as one ``_`` (how ids and slugs look)."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower())


def private_part(secret: str) -> str:
    """What of a planted value is private: of a home path, its user's name (the scrubber keeps
    the rest of the path since 1.8, issue 35: ``/home/olga/Documents/q3.md`` becomes
    ``/home/user1/Documents/q3.md``); of anything else, all of it."""
    from intake.scrub.engine import home_segment

    if re.match(r"(?:/|~|[A-Za-z]:[\\/])", secret):
        seg = home_segment(secret)
        if seg is not None:
            return secret[seg[0] : seg[1]]
    return secret


def leak_forms(secret: str, *, fragments: bool = True) -> set[str]:
    """The original, its lowercased and slugged forms, 12-character pieces, e-mail local part
    (of a home path: of its user's name, ``private_part``)."""
    secret = private_part(secret)
    forms = {secret.lower(), _squash(secret).strip("_")}
    if fragments and len(secret) > FRAGMENT:
        forms |= {secret[i : i + FRAGMENT].lower() for i in range(len(secret) - FRAGMENT + 1)}
    if "@" in secret:
        local = secret.split("@", 1)[0]
        forms |= {local.lower(), _squash(local).strip("_")}
    return {f for f in forms if len(f) >= 5}


def written_text(root: Path, *, skip: Iterable[Path] = ()) -> str:
    """Every file's path and content under ``root`` and every ledger row, as one text."""
    skipped = {p.resolve() for p in skip}
    chunks: list[str] = []
    for path in sorted(root.rglob("*")):
        if path.resolve() in skipped:
            continue
        chunks.append(str(path.relative_to(root)))
        if path.is_file():
            chunks.append(path.read_bytes().decode("utf-8", "ignore"))
    ledger = root / ".intake" / "ledger.db"
    if ledger.exists():
        conn = sqlite3.connect(ledger)
        try:
            query = "SELECT name FROM sqlite_master WHERE type='table'"
            tables = [r[0] for r in conn.execute(query)]
            for table in tables:
                chunks.extend(str(row) for row in conn.execute(f'SELECT * FROM "{table}"'))
        finally:
            conn.close()
    return "\n".join(chunks)


def leaks(secrets: Iterable[str], haystack: str, *, fragments: bool = True) -> list[str]:
    """The forms of ``secrets`` found in ``haystack`` (case-insensitive; empty means none)."""
    low = haystack.lower()
    squashed = _squash(haystack)
    found = []
    for secret in secrets:
        for form in sorted(leak_forms(secret, fragments=fragments)):
            if form in low or form in squashed:
                found.append(f"{form!r} (from {secret[:4]}…)")
    return found


def assert_no_leak(
    secrets: Iterable[str],
    root: Path,
    *texts: str,
    skip: Iterable[Path] = (),
    fragments: bool = True,
) -> None:
    """No form of any secret in the files under ``root``, its ledger, or ``texts``."""
    haystack = "\n".join([written_text(root, skip=skip), *texts])
    found = leaks(list(secrets), haystack, fragments=fragments)
    assert not found, f"leaked: {found}"
