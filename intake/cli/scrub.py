"""``intake scrub``: scrub files in place, or ``--check`` them (type and file:line only)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from intake.cli.console import emit_json, err, out, settings
from intake.cli.options import Format, by_option, counted, format_option
from intake.errors import EXIT_FINDINGS, UsageError
from intake.ghoutput import datum

if TYPE_CHECKING:
    from intake.config import Settings
    from intake.scrub import FileFinding, FileOutcome, Scrubber


def register(app: typer.Typer) -> None:

    @app.command()
    def scrub(
        ctx: typer.Context,
        paths: list[Path] = typer.Argument(
            ...,
            metavar="PATH...",
            help="Files (any text file) or folders (*.yaml, *.json, *.md, *.txt…, recursive); "
            "`-` alone: standard input, scrubbed to standard output.",
        ),
        check: bool = typer.Option(
            False, "--check", help="Change nothing; list findings as TYPE file:line; exit 1 if any."
        ),
        restore: str | None = typer.Option(
            None,
            "--restore",
            metavar="HASH",
            help="Give back the restorable replacement with this hash (as `intake show` lists "
            "it) in the one DRAFT named: recorded with --reason, then drafted again from its "
            "local source.",
        ),
        reason: str | None = typer.Option(
            None, "--reason", help="Why the replacement is restored (required with --restore)."
        ),
        db: Path | None = typer.Option(
            None, "--db", help="With --restore: the session store to draft again from."
        ),
        by: str | None = by_option(),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """Replace private data (paths, e-mails, keys, tokens) with consistent fake values.

        Every file is read first; an unreadable one (binary, not UTF-8, too large) stops the
        run before anything is written. Each file is then rewritten in place, atomically; a
        file that cannot be scrubbed cleanly is left as it was while the others are written,
        and the command then fails naming it and why. YAML and JSON keep their layout and
        comments. Nothing ever prints an original value.

        `intake scrub -` reads standard input as text and writes the scrubbed text to standard
        output (with --check: the findings, nothing written), a filter for a pipe.

        With --restore HASH --reason TEXT DRAFT, a restorable replacement (a name, an entropy
        or a context rule) is given back: bound to the salted hash of its value, recorded in
        the draft's record with who and why, and the draft is drafted again from its source.
        """
        from intake.scrub import scan_paths, scrub_paths, scrubber_for

        cfg = settings(ctx)
        if restore is not None:
            _restore(cfg, paths, restore, reason, db, fmt, by)
            return
        if reason is not None or db is not None or by is not None:
            raise UsageError("--reason, --db and --by go with --restore", where="--reason")
        scrubber = scrubber_for(cfg)
        if Path("-") in paths:
            if len(paths) != 1:
                raise UsageError(
                    "`-` (standard input) goes alone, without other paths", where="PATH"
                )
            _stdin(scrubber, check, fmt)
            return
        if check:
            _checked(scan_paths(paths, scrubber=scrubber), fmt)
            return
        outcomes = scrub_paths(paths, scrubber=scrubber)
        if fmt is Format.json:
            emit_json({"command": "scrub", "check": False, "files": [_done(o) for o in outcomes]})
            return
        for o in outcomes:
            out(_said(datum(str(o.path)), o))
        changed = sum(o.changed for o in outcomes)
        out(f"{counted(len(outcomes), 'file')}, {changed} scrubbed")


def _done(outcome: FileOutcome, **extra: object) -> dict[str, object]:
    """One scrubbed file in ``--format json`` (``extra`` before its report)."""
    report = outcome.report.model_dump(mode="json")
    return {"file": str(outcome.path), "changed": outcome.changed, **extra, "report": report}


def _said(shown: str, outcome: FileOutcome) -> str:
    """One scrubbed file in text: what was replaced, by type, or ``clean``."""
    if not outcome.changed:
        return f"{shown}: clean"
    return f"{shown}: scrubbed ({', '.join(f'{k} {v}' for k, v in outcome.report.counts.items())})"


def _checked(findings: list[FileFinding], fmt: Format) -> None:
    """``--check``'s output: each finding as ``TYPE file:line`` (or JSON); exit 1 if any."""
    if fmt is Format.json:
        emit_json({"command": "scrub", "check": True, "findings": [f.to_dict() for f in findings]})
    else:
        for f in findings:
            out(f"{f.entity_type} {datum(f.file)}:{f.line}")
        err(counted(len(findings), "finding") if findings else "clean: nothing to scrub")
    if findings:
        raise typer.Exit(EXIT_FINDINGS)


def _stdin(scrubber: Scrubber, check: bool, fmt: Format) -> None:
    """``intake scrub -``: standard input scrubbed as text to standard output; ``--check``
    lists the findings (type and line, never the value) and exits 1 if any."""
    import sys

    from intake.limits import MAX_INPUT_BYTES
    from intake.scrub.files import decode_text, scan_text, scrub_file_text

    raw = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
    if len(raw) > MAX_INPUT_BYTES:
        raise UsageError(f"standard input is over the {MAX_INPUT_BYTES:,}-byte limit", where="-")
    text = decode_text(raw, where="-")
    if check:
        _checked(scan_text(Path("-"), "-", text, scrubber), fmt)
        return
    done = scrub_file_text(Path("-"), text, scrubber=scrubber)
    if fmt is Format.json:
        emit_json({"command": "scrub", "check": False, **_done(done, text=done.text)})
        return
    sys.stdout.write(done.text)
    sys.stdout.flush()
    err(_said("-", done))


def _restore(
    cfg: Settings,
    paths: list[Path],
    value_hash: str,
    reason: str | None,
    db: Path | None,
    fmt: Format,
    by: str | None,
) -> None:
    """``--restore``: one draft, a reason, then the library does the rest."""
    from intake.drafting.restore import restore_replacement
    from intake.paths import display_path

    if len(paths) != 1:
        raise UsageError("--restore takes exactly one DRAFT (its id or path)", where="DRAFT")
    done = restore_replacement(cfg, str(paths[0]), value_hash, reason or "", db=db, by=by)
    for note in done.notes:
        err(note)
    shown = display_path(done.path, cfg.root)
    if fmt is Format.json:
        emit_json(
            {
                "command": "scrub",
                "restore": value_hash.strip(),
                "draft": shown,
                "entity_type": done.entity_type,
                "replacements": done.replacements,
                "restores": len(done.record.restores),
            }
        )
        return
    out(
        f"restored {value_hash.strip()} ({done.entity_type}, "
        f"{counted(done.replacements, 'replacement')}) in {shown}: drafted again"
    )
