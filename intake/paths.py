"""How intake shows a path: relative, never an absolute path that could name a person.

Every message, record, ledger row and report shows paths through ``display_path``. An absolute path
outside the suite (``/home/alice/…``) would put a user name into output that is shared, so a
path is shown relative to the suite root, else to the working folder, else as ``~/…`` below
the home folder, else by its file name alone.

A shown path always has forward slashes, on Windows too (``eval/scenarios/x.yaml``, never
``eval\\scenarios\\x.yaml``): the same file reads the same in ``init``, ``validate``, ``check``
and ``report``, in a CI log and in a committed record, whichever machine wrote it. Paths built
for display go through ``display_path``, ``shown_below`` or ``relative_shown``, never through
``str(path)`` or ``os.path.join``.
"""

from __future__ import annotations

import os
import posixpath
from pathlib import Path, PurePath


def _relative(path: Path, base: Path) -> str | None:
    return path.relative_to(base).as_posix() if path.is_relative_to(base) else None


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


def shown_below(shown: str, relative: str) -> str:
    """``relative`` (a native path below a folder) joined to ``shown`` (that folder as
    ``display_path`` shows it): forward slashes, no ``.`` or ``..`` parts."""
    return posixpath.normpath(posixpath.join(shown, PurePath(relative).as_posix()))


def relative_shown(path: Path | str, base: Path) -> str:
    """``path`` relative to ``base`` as it is written (links not followed), forward slashes:
    for naming a path that resolves elsewhere, where ``display_path`` would show the target."""
    return PurePath(os.path.relpath(path, base)).as_posix()


def shown_where(where: str) -> str:
    """An error's ``(where)`` as a path is shown: an absolute path through ``display_path``
    (never absolute), and on Windows, where a backslash in a file name can only be a
    separator, a relative path with forward slashes (``str(path)`` of a typed path there)."""
    if os.path.isabs(where):
        return display_path(Path(where))
    if os.sep == "\\" and os.sep in where:
        return where.replace(os.sep, "/")
    return where


def inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` lies in ``folder`` (or is it) once links are followed: the one
    containment rule."""
    return path.resolve().is_relative_to(folder.resolve())


def repo_path(top: Path, path: Path, *, contained: bool = True) -> str | None:
    """``path``'s name in the repository at ``top`` (``/``-separated), the one rule for every
    caller: as written below the top, a link in it named, not followed (git's tree names the
    link), else with links resolved (a top reached through a link, ``/tmp`` on macOS); None
    outside. ``contained`` (the default): None too unless the file lies in ``top`` once links
    are followed, so a link pointing out of the repository never makes a file count as inside
    (reading it at the base, its authors, a review's binding). Only ``check.commit``, which
    reads nothing through the name and looks for the links in it, passes False."""
    real_top = top.resolve()
    if contained and not inside(path, real_top):
        return None
    for candidate in (Path(os.path.abspath(path)), path.resolve()):
        if candidate.is_relative_to(real_top):
            return candidate.relative_to(real_top).as_posix()
    return None
