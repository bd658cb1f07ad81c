"""``intake log``: the ledger history of one scenario, or the latest events."""

from __future__ import annotations

import re
from typing import Any

import typer

from intake.cli.console import emit_json, out, settings
from intake.cli.options import Format, counted, format_option
from intake.errors import UsageError
from intake.ghoutput import datum


def register(app: typer.Typer) -> None:

    @app.command("log")
    def log_cmd(
        ctx: typer.Context,
        scenario_id: str = typer.Argument(None, help="A scenario or draft id (or prefix)."),
        limit: int = typer.Option(200, "--limit", min=1, help="Most events shown."),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """History from the ledger: one scenario's events, or the latest overall.

        Text: one line per event (when, what, which scenario, by whom) and its details as
        `key: value` pairs below it; `--format json` gives every event whole.
        """
        from intake.store.history import count_history
        from intake.store.ledger import Ledger

        cfg = settings(ctx)
        if not cfg.ledger.exists():
            if fmt is Format.json:
                emit_json({"command": "log", "events": []})
            else:
                out(f"no events: no ledger yet at {cfg.ledger_path.as_posix()}")
                kept = count_history(cfg)
                if kept:
                    out(
                        f"{cfg.history_dir.as_posix()} holds {counted(kept, 'event')}: "
                        "`intake ledger rebuild` brings them into the ledger"
                    )
            return
        with Ledger.open_readonly(cfg.ledger) as ledger:
            events = ledger.history(scenario_id, limit=limit)
        if scenario_id and not events:
            raise UsageError(f"no events for {shown_id(cfg, scenario_id)} in the ledger")
        if fmt is Format.json:
            emit_json({"command": "log", "events": [e.to_dict() for e in events]})
            return
        if not events:
            out("no events")
        for event in events:
            who = f" by {event.actor}" if event.actor else ""
            scenario = datum(event.scenario_id or "-")
            out(f"{event.at}  {event.kind:<12} {scenario}{datum(who)}")
            if event.detail:
                out(f"    {datum(readable(event.detail))}")


_HASH = re.compile(r"\b(sha256|hmac-sha256):([0-9a-f]{12})[0-9a-f]+")


def readable(detail: object) -> str:
    """An event's detail as one line a person reads (``--format json`` keeps it whole):
    ``key: value`` pairs, lists joined, nested details in parentheses, hashes cut to 12 digits,
    long text cut at 120 characters."""
    if isinstance(detail, dict):
        parts = [
            f"{k.replace('_', ' ')}: {f'({readable(v)})' if isinstance(v, dict) else readable(v)}"
            for k, v in detail.items()
            if v not in (None, "", [], {})
        ]
        return "; ".join(parts) if parts else "-"
    if isinstance(detail, list):
        shown = [readable(v) for v in detail[:10]]
        if len(detail) > 10:
            shown.append(f"… {len(detail) - 10} more")
        if any(isinstance(v, dict) for v in detail):
            return "(" + "), (".join(shown) + ")"
        return ", ".join(shown)
    if isinstance(detail, bool):
        return "yes" if detail else "no"
    text = _HASH.sub(r"\1:\2…", " ".join(str(detail).split()))
    return text if len(text) <= 120 else text[:119] + "…"


def shown_id(cfg: Any, given: str) -> str:
    """``given`` quoted when it is an id the scrubber clears, else a description: an id typed
    by mistake (a token pasted into the wrong place) must not end up in a CI log."""
    from intake.contract.plain import ID_PATTERN
    from intake.store.suite import finding_types

    if re.fullmatch(ID_PATTERN, given) and len(given) <= 120 and not finding_types(cfg, given):
        return repr(given)
    return "the id given (not shown: it is not a plain intake id)"
