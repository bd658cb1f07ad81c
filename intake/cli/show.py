"""``intake show``: the reviewer's card of a draft or scenario (text, Markdown or JSON).

The library builds the card (``intake.report.card``); the terminal rendering uses rich, which
only the CLI imports. Every value goes in as a rich ``Text`` (no markup, no emoji codes), so a
scrubbed message can never restyle the terminal output.
"""

from __future__ import annotations

import io
import shutil
from typing import TYPE_CHECKING

import typer

from intake.cli.console import emit_json, out, settings, shown
from intake.cli.options import Format, format_option, scrub_counts

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from intake.contract.models import ToolCallEvidence
    from intake.report.card import Card, TurnCard

WIDTH = 100
"""The text card is laid out for at most this many columns."""


def render_text(card: Card, width: int | None = None) -> str:
    """The card as plain text for the terminal, laid out by rich within ``width`` columns."""
    from rich.console import Console

    columns = width or min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns)
    console = Console(
        width=columns,
        no_color=True,
        highlight=False,
        emoji=False,
        markup=False,
        force_terminal=False,
        record=True,
        file=io.StringIO(),
    )
    for item in _renderables(card):
        console.print(item)
    return "".join(line.rstrip() + "\n" for line in console.export_text().splitlines())


def _text(value: str) -> Text:
    """A rich ``Text`` of data: no markup, no emoji codes, controls shown (``cli.shown``),
    so the layout is measured on what the terminal will really print."""
    from rich.text import Text

    return Text(shown(value))


def _grid(*rows: tuple[str, str | None]) -> Table:
    """Two columns: a label that never wraps, and its value folded to fit; one row per
    ``(label, value)``, a row whose value is None left out."""
    from rich.table import Table

    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    for label, value in rows:
        if value is not None:
            grid.add_row(_text(label), _text(value))
    return grid


def _replacement_items(card: Card) -> list[RenderableType]:
    """Every replacement in context with its rule and tier (those inside what the case
    measures first, flagged), then the restores with who and why."""
    from rich.rule import Rule
    from rich.table import Table

    if not card.replacements and not card.restores:
        return []
    items: list[RenderableType] = [Rule(_text("replacements"), align="left")]
    measured = [r for r in card.replacements if r.measures]
    if measured:
        items.append(
            _text(
                f"review: {len(measured)} replacement(s) inside the ground truth, criteria or "
                "expected tools change what this case measures"
            )
        )
    if card.replacements:
        table = Table(show_edge=False, pad_edge=False)
        for name in ("where", "rule", "tier", "context", "restore with"):
            table.add_column(_text(name), overflow="fold")
        for r in measured + [r for r in card.replacements if not r.measures]:
            table.add_row(
                _text(r.json_path + (" (measured)" if r.measures else "")),
                _text(r.rule),
                _text(r.tier),
                _text(r.context or ""),
                _text(r.value_hash if r.value_hash and r.tier == "restorable" else ""),
            )
        items.append(table)
    for restore in card.restores:
        items.append(
            _text(
                f"restored {restore.value_hash} ({restore.rule}) by {restore.by} at "
                f"{restore.at}: {restore.reason}"
            )
        )
    return items


def _renderables(card: Card) -> list[RenderableType]:
    from rich.rule import Rule
    from rich.table import Table

    from intake.report.card import card_summary_line

    items: list[RenderableType] = [
        Rule(_text(card_summary_line(card)), align="left"),
        _text(card.path),
    ]
    if card.private:
        items.append(
            _text("Private: drafted from a session marked private; its content is not shown.")
        )
    else:
        if card.masked:
            items.append(_text(f"WARNING: {card.masked}"))
        if card.unreadable:
            items.append(_text("WARNING: the file does not parse as YAML (see gate 1)"))
        items.append(
            _grid(
                ("name", card.name or "none"),
                ("category", card.category or "none"),
                ("description", card.description or "none"),
                ("rationale", card.difficulty_rationale or "none"),
                ("placeholders", str(len(card.placeholders))),
            )
        )
        items += [_text(f"HIDDEN: {line}") for line in card.hidden]
        items += [_text(f"JUDGE TEXT: {line}") for line in card.judge_text]
        if card.evidence_note:
            items.append(_text(f"evidence: {card.evidence_note}"))
        elif card.evidence == "none":
            items.append(_text("evidence: the record holds no captured evidence"))
        for turn in card.turns:
            items += _turn_items(turn)
        items += _record_part(card)
    items.append(Rule(_text("gates"), align="left"))
    gates = Table(box=None, pad_edge=False, expand=True)
    gates.add_column("gate", no_wrap=True)
    gates.add_column("", no_wrap=True)
    gates.add_column("detail / to do", overflow="fold")
    for gate in card.gates:
        detail = gate.detail + (f"\nto do: {gate.todo}" if gate.todo and not gate.met else "")
        mark = "n/a" if not gate.applicable else "met" if gate.met else "UNMET"
        gates.add_row(_text(f"{gate.number} {gate.name}"), _text(mark), _text(detail))
    items.append(gates)
    return items


def _flagged(turn: TurnCard) -> tuple[str, str | None]:
    """The row of the turn's flagged fallback: infrastructure, else the agent's, else none."""
    if turn.infrastructure:
        return "INFRA", (
            f"infrastructure failure flagged: {turn.error_fallback or ''} (not the model's "
            "failure; the control gate refuses it)"
        )
    if turn.error_fallback:
        return "FALLBACK", f"error fallback flagged: {turn.error_fallback}"
    return "", None


def _turn_items(turn: TurnCard) -> list[RenderableType]:
    """One turn: what the scenario asks beside what happened, its calls, then its checks."""
    from rich.rule import Rule

    from intake.contract.plain import PLACEHOLDER_MARK

    answer = turn.answer
    block = _grid(
        ("HIDDEN", turn.hidden or None),
        *(("JUDGE TEXT", line) for line in turn.judge_text),
        ("objective", turn.objective or ""),
        ("user", turn.user_message),
        ("answer", None if answer is None else f"(evidence, not the criterion)\n{answer}"),
        _flagged(turn),
    )
    missing = ", ".join(turn.missing_tools)
    checks = _grid(
        ("expected tools", ", ".join(turn.expected_tools) or "none"),
        ("called ok", None if turn.observed_ok is None else ", ".join(turn.observed_ok) or "none"),
        ("MISMATCH", f"expected, never called successfully: {missing}" if missing else None),
        *(("criterion (TODO)" if PLACEHOLDER_MARK in c else "criterion", c) for c in turn.criteria),
        *(("note", note) for note in turn.notes),
    )
    calls = [_call_block(number, call) for number, call in enumerate(turn.tools, start=1)]
    return [Rule(_text(f"turn {turn.turn}"), align="left"), block, *calls, checks]


def _call_block(number: int, call: ToolCallEvidence) -> RenderableType:
    """One tool call: a head line (number, tool, outcome) and its arguments, result, reason."""
    from rich.console import Group

    outcome = call.outcome if call.outcome == "ok" else call.outcome.upper()
    head = f"call {number}: {call.tool}  {outcome}"
    if call.latency_ms is not None:
        head += f" ({call.latency_ms:g} ms)"
    block = _grid(
        ("    arguments", call.arguments or None),
        ("    result", call.result or None),
        ("    reason", call.reason or None),
        ("    note", "cut at the evidence size limit" if call.truncated else None),
    )
    return Group(_text("  " + head), block)


def _record_part(card: Card) -> list[RenderableType]:
    from rich.rule import Rule
    from rich.table import Table

    items: list[RenderableType] = [Rule(_text("provenance"), align="left")]
    promoted = card.promoted
    source = f"{card.source_type or 'unknown'}, {card.source_link or card.locator or 'no link'}"
    imported = f"{card.captured_at or 'unknown'} by {card.author or 'unknown'}"
    items.append(
        _grid(
            ("source", source),
            ("imported", f"{imported} (intake {card.intake_version or '?'})"),
            ("promoted", f"{promoted.at} by {promoted.by}" if promoted else None),
            ("scrubbed", scrub_counts(card.scrub_counts)),
        )
    )
    items += _replacement_items(card)
    items.append(Rule(_text("reviews"), align="left"))
    if not card.reviews:
        items.append(_text("no review recorded"))
    for review in card.reviews:
        note = f": {review.note}" if review.note else ""
        items.append(
            _text(f"{review.reviewer}: {review.decision} ({review.at}, {review.via}){note}")
        )
    items.append(Rule(_text("runs"), align="left"))
    if not card.runs:
        items.append(_text("no run recorded"))
    else:
        runs = Table(box=None, pad_edge=False, expand=True)
        for name in ("tier", "model", "judge", "status", "score", "run", "current"):
            runs.add_column(name, overflow="fold")
        for run in card.runs:
            runs.add_row(
                _text(run.tier),
                _text(run.model),
                _text(run.judge or ""),
                _text(run.status),
                _text(f"{run.score:g}" if run.score is not None else ""),
                _text(run.run_id),
                _text("yes" if run.current else "stale"),
            )
        items.append(runs)
        for tier in card.tiers:
            rate = f"{tier.pass_rate:.0%}" if tier.pass_rate is not None else "no judged run"
            items.append(_text(f"{tier.tier.value}: pass rate {rate} ({tier.passes}/{tier.runs})"))
    return items


def register(app: typer.Typer) -> None:

    @app.command("show")
    def show_cmd(
        ctx: typer.Context,
        draft: str = typer.Argument(..., help="A draft or promoted scenario: its id or its path."),
        fmt: Format = format_option(Format.text, Format.markdown, Format.json),
    ) -> None:
        """The reviewer's card: what happened in the captured case, and what is still open.

        Turn by turn: the user message, the captured answer (evidence, not the criterion),
        every tool call with its arguments and result, failed and policy-blocked calls with
        their reason, flagged error fallbacks; the objective, criteria and expected tools
        beside what was observed; then provenance, scrub counts by type, reviews, runs and
        the gates with what to do. A private draft's card shows only that it is private and
        its gates. Reads only.
        """
        from intake.report.card import card_markdown, load_card

        card = load_card(settings(ctx), draft)
        if fmt is Format.json:
            emit_json({"command": "show", "card": card.to_dict()})
        elif fmt is Format.markdown:
            out(card_markdown(card, collapsed=False), nl=False)
        else:
            out(render_text(card), nl=False)
