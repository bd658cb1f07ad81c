"""One exception hierarchy, mapped to the exit codes of the CLI contract in one place.

Findings (validation problems, scrub findings, unmet gates) are data returned by the library;
these exceptions are for failures. Messages name *locations* (file:line, session id, issue
number, JSON path) and never the text that was matched, so they are safe to print.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

from intake.paths import display_path, shown_where
from intake.portable import file_size_limited

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_SOURCE = 3
EXIT_INTERNAL = 4
EXIT_INTERRUPTED = 130


class IntakeError(Exception):
    """Base of every error intake raises on purpose; ``exit_code`` picks the CLI's exit code."""

    exit_code: int = EXIT_INTERNAL

    def __init__(self, message: str, *, where: str | None = None, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where
        self.hint = hint

    def one_line(self) -> str:
        """The message as one line: ``<what> (<where>)``; newlines are folded."""
        where = shown_where(self.where) if self.where else self.where
        text = self.message if not where else f"{self.message} ({where})"
        return " ".join(text.split())


class UsageError(IntakeError):
    """The user asked for something that cannot be done as asked (bad argument, unknown id)."""

    exit_code = EXIT_USAGE


class ConfigError(UsageError):
    """The configuration (``[tool.intake]``, ``INTAKE_*``) is invalid."""


class InputError(UsageError):
    """An input file cannot be read as what it should be (not UTF-8, not YAML, too large)."""


class SourceError(IntakeError):
    """A source (a session store, GitHub) failed: unreadable, locked, unreachable, refused."""

    exit_code = EXIT_SOURCE


class NetworkError(SourceError):
    """A network request failed (connection, timeout, HTTP error, rate limit)."""


class LedgerError(IntakeError):
    """The ledger could not be opened, migrated or written."""

    exit_code = EXIT_SOURCE


class ScrubError(IntakeError):
    """Scrubbing could not complete; the scrubber fails closed and nothing is written."""

    exit_code = EXIT_FINDINGS


class PromotionBlocked(IntakeError):
    """At least one promotion gate is unmet."""

    exit_code = EXIT_FINDINGS


class Conflict(IntakeError):
    """Another process holds the same draft (a concurrent promote, say)."""

    exit_code = EXIT_FINDINGS


class DraftBusy(IntakeError):
    """Another intake process is drafting the same case; nothing was written."""

    exit_code = EXIT_SOURCE


class UntrustedState(IntakeError):
    """State on disk that intake did not write, or reached through a link it did not make
    (a journal carried by a checkout, a planted lock or temporary folder): refused, never used."""

    exit_code = EXIT_SOURCE


class EnvironmentFailure(IntakeError):
    """The machine refused a read or write: no space left, file too large, read-only, denied."""

    exit_code = EXIT_SOURCE


_CAUSES = {
    errno.ENOSPC: "no space left on the device",
    errno.EFBIG: "file too large (a file size limit)",
    errno.EROFS: "read-only file system",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted",
    errno.EDQUOT: "disk quota exceeded",
    errno.EIO: "input/output error",
    errno.EMFILE: "too many open files",
    errno.ENAMETOOLONG: "file name too long",
}

_SQLITE_CAUSES = (
    ("database or disk is full", "no space left on the device"),
    ("readonly database", "read-only (the ledger or its folder cannot be written)"),
    ("unable to open database file", "cannot open the file (missing folder, read-only or denied)"),
    ("disk i/o error", "disk input/output error (a full disk or a read-only folder)"),
)


def environment_failure(exc: BaseException, root: Path | None = None) -> EnvironmentFailure | None:
    """An ``OSError`` or ``sqlite3`` error the machine caused, as one line naming path and cause.

    ``None`` for errors that are no environment failure (they stay internal errors). The path is
    shown as every path is (``display_path``), never absolute.
    """
    if isinstance(exc, OSError) and exc.errno in _CAUSES:
        name = exc.filename if isinstance(exc.filename, str | os.PathLike) else None
        where = display_path(Path(os.fspath(name)), root) if name is not None else None
        return EnvironmentFailure(f"cannot read or write a file: {_CAUSES[exc.errno]}", where=where)
    if isinstance(exc, sqlite3.Error):
        text = str(exc).lower()
        if "disk i/o error" in text and file_size_limited():
            return EnvironmentFailure("cannot use the ledger: file too large (a file size limit)")
        for needle, cause in _SQLITE_CAUSES:
            if needle in text:
                return EnvironmentFailure(f"cannot use the ledger: {cause}")
    return None
