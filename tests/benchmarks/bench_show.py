"""Benchmark: the reviewer's card (`intake show`) and the job summary's cards. Prints a table.

Run: python tests/benchmarks/bench_show.py [DRAFTS]
No target is set by the issue; these figures say what a reviewer and a CI job wait for. The
suite is generated in a temporary folder: DRAFTS drafts (default 200), each with three turns
and a record carrying evidence (five tool calls per turn, ~400-character arguments and results,
one failed and one blocked call per turn), two runs and a review. Times are medians of several
runs; a shared machine makes them noisy.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from intake.check.gate import run_check
from intake.check.summary import summary_cards
from intake.config import load_settings
from intake.contract.models import (
    Evidence,
    Record,
    RecordSource,
    Review,
    ReviewDecision,
    Run,
    ScrubReport,
    SourceType,
    ToolCallEvidence,
    ToolOutcome,
    TurnEvidence,
)
from intake.contract.plain import RunTier
from intake.contract.yamlio import load_roundtrip
from intake.report.card import card_markdown, load_card
from intake.store.records import content_hash, dump_record, record_path, runnable_hash

PYPROJECT = '[project]\nname = "bench"\nversion = "0"\n\n[tool.intake]\nauthor = "drafter"\n'
T0 = datetime(2026, 11, 1, tzinfo=UTC)

SCENARIO = """\
id: {id}
name: Generated case {n}
category: captured
description: The agent loops on search_file instead of reading the named report.
persona: casual_user
source:
  type: session
  link: gaia-session:{n:08d}-0000-4000-8000-000000000000
setup:
  index_documents: []
turns:
{turns}"""

TURN = """\
  - turn: {t}
    objective: Ask for figure {t} of the quarterly report
    user_message: What does the quarterly report say about figure {t}? Compare it with last year.
    expected_tools:
      - search_file
      - query_specific_file
    success_criteria: States figure {t} and the comparison, citing the report.
"""


def _call(n: int, outcome: ToolOutcome) -> ToolCallEvidence:
    return ToolCallEvidence(
        tool=["search_file", "query_specific_file", "read_file", "send_email", "run_shell"][n % 5],
        arguments=('{"query": "quarterly report figure", "folder": "/home/user/project1"} ' * 6),
        result="Found 3 matching passages in quarterly_report.md: revenue grew 12% ... " * 5,
        outcome=outcome,
        stored_success=outcome is not ToolOutcome.blocked,
        reason="policy refused outbound e-mail" if outcome is ToolOutcome.blocked else None,
        latency_ms=120.0 + n,
    )


def build(root: Path, count: int) -> None:
    (root / "scenarios").mkdir(parents=True)
    drafts = root / "drafts"
    drafts.mkdir()
    (root / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    outcomes = [
        ToolOutcome.ok,
        ToolOutcome.ok,
        ToolOutcome.failed,
        ToolOutcome.blocked,
        ToolOutcome.ok,
    ]
    for n in range(count):
        sid = f"case_{n:05d}"
        path = drafts / f"{sid}.yaml"
        turns = "".join(TURN.format(t=t) for t in (1, 2, 3))
        path.write_text(SCENARIO.format(id=sid, n=n, turns=turns), encoding="utf-8")
        data = load_roundtrip(path.read_text(encoding="utf-8"))
        evidence = Evidence(
            turns=[
                TurnEvidence(
                    turn=t,
                    user_message=f"What does the quarterly report say about figure {t}?",
                    answer="According to the report, the figure grew 12% year on year. " * 4,
                    tools=[_call(i, outcomes[i]) for i in range(5)],
                )
                for t in (1, 2, 3)
            ]
        )
        at = T0 + timedelta(minutes=n)
        runs = [
            Run(
                tier=tier,
                run_id=f"eval-{n}-{tier.value}",
                status=status,
                score=7.5,
                model=model,
                judge_model="claude-sonnet-4-6",
                runnable_hash=runnable_hash(dict(data)),
                at=at,
                recorded_at=at,
            )
            for tier, status, model in (
                (RunTier.strong, "PASS", "claude-opus-4"),
                (RunTier.local, "FAIL", "Gemma-4-E4B-it-GGUF"),
            )
        ]
        record = Record(
            id=sid,
            source=RecordSource(
                kind=SourceType.session,
                locator=f"gaia-session:{n}",
                captured_at=at,
                intake_version="0.1.0",
            ),
            author="drafter",
            scrub=ScrubReport(
                scrubber_version="bench",
                config_hash="sha256:" + "0" * 64,
                counts={"EMAIL_ADDRESS": 2, "FILE_PATH": 3},
            ),
            evidence=evidence,
            reviews=[
                Review(
                    reviewer="bob",
                    decision=ReviewDecision.approve,
                    content_hash=content_hash(path),
                    at=at,
                )
            ],
            runs=runs,
        )
        record_path(path).write_text(dump_record(record), encoding="utf-8")


def median_time(fn: object, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "suite"
        build(root, count)
        os.chdir(root)
        settings = load_settings(root)
        load_card(settings, "case_00000")  # warm: Presidio and the re-scan engine
        card = load_card(settings, "case_00000")
        from intake.cli.show import render_text

        build_s = median_time(lambda: load_card(settings, "case_00000"))
        md_s = median_time(lambda: card_markdown(card), repeat=50)
        text_s = median_time(lambda: render_text(card), repeat=10)
        report = run_check(settings)
        cards_s = median_time(lambda: summary_cards(report, settings), repeat=3)
        summary = summary_cards(report, settings)
        shown = summary.count("<details>")
        brief = summary.count("only its gates are shown")
        env = {**os.environ, "INTAKE_ROOT": str(root)}
        cli = []
        for _ in range(3):
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "intake", "show", "case_00000"],
                env=env,
                check=True,
                capture_output=True,
            )
            cli.append(time.perf_counter() - start)
        size = len(card_markdown(card).encode())
        print(f"**Reviewer's card** (`bench_show.py`, {count} drafts, 3 turns x 5 tool calls each)")
        print()
        print("| measure | result |")
        print("| --- | --- |")
        warm = "gates and re-scan included, warm"
        print(f"| load_card, one draft ({warm}) | {build_s * 1000:.1f} ms |")
        print(f"| card_markdown, one card ({size / 1024:.1f} KiB) | {md_s * 1000:.2f} ms |")
        print(f"| text card (rich, 100 columns) | {text_s * 1000:.1f} ms |")
        print(f"| summary_cards, all {count} drafts (no git: every draft) | {cards_s:.2f} s |")
        print(
            f"| cards in the 1 MiB summary: whole / gates only / left out | {shown - brief} / "
            f"{brief} / {count - shown} |"
        )
        print(f"| summary size | {len(summary.encode()) / 1024:.0f} KiB |")
        print(f"| `intake show` as a new process | {statistics.median(cli):.2f} s |")


if __name__ == "__main__":
    main()
