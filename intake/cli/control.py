"""``intake control``: the captured failure replayed to GAIA's judge, recorded as controls."""

from __future__ import annotations

import typer

from intake.cli.console import emit_json, err, out, settings
from intake.cli.options import Format, format_option
from intake.cli.run import show_notes, show_runner_tail
from intake.ghoutput import datum
from intake.paths import display_path


def register(app: typer.Typer) -> None:

    @app.command("control")
    def control_cmd(
        ctx: typer.Context,
        draft: str = typer.Argument(..., help="The draft: its id or its path under drafts/."),
        iterations: int = typer.Option(1, "--iterations", min=1, help="Runs of the replay."),
        timeout: int = typer.Option(
            None,
            "--timeout",
            min=1,
            help="Seconds per iteration before the runner is stopped (default: run_timeout).",
        ),
        judge: str = typer.Option(
            None, "--judge", help="GAIA's judge and simulator (its --model; default: judge_model)."
        ),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """Replay the draft's captured answers to GAIA's judge and record each verdict.

        intake serves the captured session as an Agent UI backend on 127.0.0.1:<replay_port>
        (default 4200, where GAIA's eval tools always call; a port in use is exit 3: stop the
        Agent UI first). The k-th user message is answered with turn k's captured answer and
        tool steps; /api/system/status reports model_loaded "replay:<id>". GAIA's runner then
        runs the draft alone, as `intake run` does (same refusals, exit 1), and each verdict
        is recorded under `controls` in the record. The control gate needs a judged FAIL and
        no PASS on the current turns. A draft with no captured answer is exit 2.
        """
        from intake.lifecycle.control import control_draft
        from intake.lifecycle.runs.run import RunnerFailed

        cfg = settings(ctx)
        try:
            result = control_draft(
                cfg,
                draft,
                iterations=iterations,
                judge=judge,
                timeout=timeout,
                show=lambda line: err(f"  | {line}"),
            )
        except RunnerFailed as exc:
            show_runner_tail(exc)
            raise
        show_notes(result.notes, result.controls)
        where = display_path(result.draft, cfg.root)
        if fmt is Format.json:
            emit_json(
                {
                    "draft": where,
                    "judge": result.judge,
                    "runner_exit": result.runner_exit,
                    "replay_port": result.replay_port,
                    "answered": result.answered,
                    "controls": [c.model_dump(mode="json") for c in result.controls],
                    "gate": result.gate.to_dict(),
                }
            )
            return
        for control in result.controls:
            score = f" score {control.score:g}" if control.score is not None else ""
            out(
                f"recorded: control {control.run_id} {control.status}{score} judge "
                f"{control.judge_model or '-'} (iteration {control.iteration}/"
                f"{result.iterations})"
            )
        mark = "met" if result.gate.met else "UNMET"
        out(f"control gate of {datum(where)}: {mark}: {result.gate.detail}")
