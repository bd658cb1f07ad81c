"""Writing files so that a crash never leaves half of one: the one atomic write.

A temporary file in the target's folder, flushed and synced, given the mode the file should
have, then renamed over the target; the folder is synced so the rename is durable.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

__all__ = ["atomic_write", "atomic_write_all", "file_mode", "fsync_dir"]


def file_mode(path: Path) -> int:
    """The mode a rewritten file should keep: its current one, else what the umask allows.

    ``mkstemp`` creates private (0600) files; a draft or a report is meant to be shared.
    """
    try:
        return path.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def atomic_write(path: Path, text: str | bytes) -> None:
    """Write via a temporary file in the same folder and ``os.replace``: never half a file."""
    atomic_write_all([(path, text)])


def atomic_write_all(files: Sequence[tuple[Path, str | bytes]]) -> None:
    """Write every file to a temporary beside it first, then rename each into place in order.

    Nothing is renamed until every temporary is written and synced, so a failure part-way
    leaves the targets as they were (a draft and its record: record first, then the draft).
    """
    temps: list[tuple[str, Path]] = []
    try:
        for path, content in files:
            path.parent.mkdir(parents=True, exist_ok=True)
            data = content.encode("utf-8") if isinstance(content, str) else content
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            temps.append((tmp, path))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(tmp, file_mode(path))
        for tmp, path in temps:
            os.replace(tmp, path)
    finally:
        for tmp, _ in temps:
            with contextlib.suppress(OSError):
                if os.path.exists(tmp):
                    os.unlink(tmp)
    for folder in dict.fromkeys(path.parent for path, _ in files):
        fsync_dir(folder)


def fsync_dir(folder: Path) -> None:
    """Make a rename durable (best effort on platforms without directory fsync)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
