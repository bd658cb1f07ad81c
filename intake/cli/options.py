"""What several commands share: one ``Format``, the ``--format``, ``--base``, ``--by`` and ``--db``
options, scrub counts."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import typer

from intake.wording import counted as counted

DB_HELP = (
    "An Agent UI database (gaia_chat.db, sessions.db), an agent memory.db, a session JSON "
    "file, or the Agent UI's JSON or Markdown export of a session; the kind is detected from "
    "the content. Default: agent_ui_db from the configuration."
)
"""``--db`` of ``sessions`` and ``from-session``."""


class Format(StrEnum):
    """Every output format; each command accepts the subset it can render."""

    text = "text"
    json = "json"
    markdown = "markdown"
    html = "html"
    github = "github"


def format_option(
    *allowed: Format, default: Format | None = Format.text, help: str = "Output format."
) -> Any:
    """``--format`` accepting only ``allowed`` (a usage error, exit 2, for anything else)."""
    names = [f.value for f in allowed]

    def only_allowed(value: Format | None) -> Format | None:
        if value is not None and value not in allowed:
            raise typer.BadParameter(
                f"{value.value!r} is not one of {', '.join(repr(n) for n in names)}."
            )
        return value

    return typer.Option(
        default,
        "--format",
        help=help,
        metavar=f"[{'|'.join(names)}]",
        show_choices=False,
        callback=only_allowed,
    )


def base_option() -> Any:
    """``--base REV`` of the readers of the run store (``health``, ``report``): the run files
    the change adds or edits against it count nowhere."""
    return typer.Option(
        None,
        "--base",
        metavar="REV",
        help="Leave out the run files the change adds or edits against this revision "
        "(default: $GITHUB_BASE_REF, else the remote's default branch, as intake check).",
    )


def by_option() -> Any:
    """``--by LOGIN`` of every command that changes the suite: who makes the change
    (``intake.store.suite.change_actor``; unknown or withheld is a usage error)."""
    return typer.Option(
        None,
        "--by",
        metavar="LOGIN",
        help="Who makes the change (default: the author setting, $GITHUB_ACTOR, git config).",
    )


def scrub_counts(counts: dict[str, int]) -> str:
    """``TYPE n, …`` of a scrub's findings per entity type, or ``nothing found``."""
    if not counts:
        return "nothing found"
    return ", ".join(f"{kind} {n}" for kind, n in sorted(counts.items()))
