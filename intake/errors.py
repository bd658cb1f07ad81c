"""One exception hierarchy, mapped to the exit codes of the CLI contract in one place.

Findings (validation problems, scrub findings, unmet gates) are data returned by the library;
these exceptions are for failures. Messages name *locations* (file:line, session id, issue
number, JSON path) and never the text that was matched, so they are safe to print.
"""

from __future__ import annotations

import os
from pathlib import Path

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
        where = self.where
        if where and os.path.isabs(where):
            # a file named by its absolute path is shown as every path is (never absolute)
            from intake.paths import display_path

            where = display_path(Path(where))
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
