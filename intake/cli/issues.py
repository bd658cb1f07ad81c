"""Commands of this group (registered by ``intake.cli``)."""

import typer


def register(app: typer.Typer) -> None:
    """Add this group's commands to the app."""
