"""How intake shows a path: relative, never an absolute path that could name a person.

Every message, record, ledger row and report shows paths through ``display_path``. An absolute path
outside the suite (``/home/alice/…``) would put a user name into output that is shared, so a
path is shown relative to the suite root, else to the working folder, else as ``~/…`` below
the home folder, else by its file name alone.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["inside", "display_path"]


def _relative(path: Path, base: Path) -> str | None:
    try:
        return path.relative_to(base).as_posix()
    except ValueError:
        return None


def display_path(path: Path, root: Path | None = None) -> str:
    """``path`` for output, records and the ledger (see the module's rule); never absolute."""
    resolved = path.resolve()
    bases = [root.resolve()] if root is not None else []
    bases.append(Path.cwd().resolve())
    for base in bases:
        rel = _relative(resolved, base)
        if rel is not None:
            return rel or "."
    home = os.path.expanduser("~")
    if home not in ("", "~", "/"):
        rel = _relative(resolved, Path(home).resolve())
        if rel is not None:
            return f"~/{rel}" if rel else "~"
    return path.name or "."


def inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` resolves to somewhere below ``folder``."""
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True
