"""What a command body needs from the CLI: ``out``, ``err``, ``emit_json`` and ``shown`` (the
only writes to stdout and stderr, every text made safe for a terminal and a CI log) and
``settings`` (the effective settings of this invocation).

Command modules import these from here; ``intake.cli`` itself (the app, the error translation)
imports them too, so no command reaches back into the package that registers it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from intake.config import Settings


@dataclass(frozen=True)
class Globals:
    """The root's own options (``intake --debug --root DIR``): the context's object, set
    before any command runs and found by every context below it."""

    debug: bool = False
    root: Path | None = None

    @classmethod
    def of(cls, ctx: typer.Context | None) -> Globals:
        """The options ``ctx`` or a context above it holds (the defaults before they are set)."""
        found = ctx.find_object(cls) if ctx is not None else None
        return found if found is not None else cls()


def _stdout(text: str, *, nl: bool = True) -> None:
    """The one write to stdout; a reader that went away is ``BrokenPipeError`` on every
    platform (Windows says ``OSError`` EINVAL: ``intake.portable.reader_left``)."""
    from intake.portable import reader_left

    try:
        typer.echo(text, nl=nl)
    except OSError as exc:
        if reader_left(exc) and not isinstance(exc, BrokenPipeError):
            raise BrokenPipeError(exc.errno, exc.strerror) from None
        raise


def out(text: str = "", *, nl: bool = True) -> None:
    """Results on stdout, safe for a terminal and a CI log (see ``shown``)."""
    _stdout(shown(text), nl=nl)


def err(text: str) -> None:
    """A diagnostic line on stderr, safe for a terminal and a CI log (see ``shown``)."""
    typer.echo(shown(text), err=True)


def shown(text: str) -> str:
    """``text`` as it may reach a terminal: every control character and hidden character
    replaced by a visible form (ESC as ␛, U+202E as ``<U+202E>``; ``intake.contract.untrusted``).

    Every text the CLI prints goes through here, so nothing from data (an issue title, a
    session message, a file name in an error) can start an escape sequence (OSC 8 links,
    OSC 52 clipboard writes, OSC 1337), ring the bell or reorder the line, nor become a
    workflow command in a CI log (``intake.ghoutput.inert``: only a ``Command`` intake built
    starts with ``::``). Checkout strings inside a line go through ``ghoutput.datum`` too.
    """
    from intake.contract.untrusted import terminal_safe
    from intake.ghoutput import Command, inert

    if isinstance(text, Command):
        return text
    return terminal_safe(inert(text))


def emit_json(document: Mapping[str, object]) -> None:
    """One JSON document on stdout (versioned envelope)."""
    import json

    _stdout(json.dumps({"intake_result_version": 1, **document}, indent=2, default=str))


def settings(ctx: typer.Context, *, suiteless: bool = False, **overrides: Any) -> Settings:
    """Effective settings for this invocation (flag > env > file > defaults); a command not
    in ``SUITELESS_COMMANDS`` needs a suite, unless it says this call does not (``suiteless``:
    ``report`` on named files)."""
    from intake.config import load_settings

    loaded = load_settings(Globals.of(ctx).root, overrides)
    if ctx.info_name not in SUITELESS_COMMANDS and not suiteless:
        from intake.config import unconfigured_problem

        problem = unconfigured_problem(loaded)
        if problem is not None:
            raise problem
    return loaded


SUITELESS_COMMANDS = frozenset({"validate", "scrub", "sessions", "demo", "config", "init", "log"})
"""Commands that work on files or sources without a suite; every other one needs a suite."""
