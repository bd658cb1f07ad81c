"""Options several commands share: one ``Format`` and the ``--format`` option built from it."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import typer

__all__ = ["Format", "format_option"]


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
