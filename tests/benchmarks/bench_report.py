"""Benchmark: `intake report` over 10,000 scenarios with records. Prints a table.

Run: python tests/benchmarks/bench_report.py [COUNT]
Target (issue 7): under 3 s wall-clock for 10,000 scenarios with records on a 2-core machine,
whole command (interpreter start-up included). The suite is generated in a temporary folder:
realistic ~2 KB scenarios (three turns, GAIA's shape, a ``source`` and a rationale, every
eighth a legacy file without ``source``), a record beside each (scrub report, reviews, runs on
both tiers, a promotion stamp), 500 drafts with records and a ledger of 2,000 events.
Times are medians of several runs; a shared machine makes them noisy.
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

from intake.contract.models import (
    Promotion,
    Record,
    RecordSource,
    Review,
    ReviewDecision,
    Run,
    ScrubReport,
    SourceType,
)
from intake.contract.plain import RunTier
from intake.store.ledger import Event, Ledger
from intake.store.records import dump_record, record_path

SCENARIO = """\
id: {id}
name: Generated case {n}
category: {category}
description: |
  A user asks about figures in the quarterly report and then follows up on the comparison
  with the previous quarter, which needs a second fact from another page.
persona: casual_user
agent_type: doc
{source}difficulty_rationale: Needs two facts from different pages of one document.
severity: medium
setup:
  index_documents:
    - corpus_doc: acme_q3_report
      path: eval/corpus/documents/acme_q3_report.md
turns:
  - turn: 1
    objective: Ask for the Q3 revenue figure
    user_message: What was our Q3 revenue? I need it for the board slides this afternoon.
    ground_truth:
      doc_id: acme_q3_report
      fact_id: q3_revenue
      expected_answer: $14.2 million
    success_criteria: States $14.2 million and cites the report by name
  - turn: 2
    objective: Ask how it compares with Q2
    user_message: And how does that compare with the second quarter?
    ground_truth:
      doc_id: acme_q3_report
      fact_ids: [q2_revenue, growth]
      expected_answer: Up 8% from $13.1 million
    success_criteria: Gives the growth rate and the Q2 figure from the report
  - turn: 3
    objective: Ask for the main driver of growth
    user_message: What drove the increase?
    ground_truth:
      expected_behavior: Names the enterprise segment as the driver, citing the report
    success_criteria: Names the enterprise segment and does not invent other drivers
"""

CATEGORIES = ("rag_quality", "memory", "tool_selection", "real_world", "captured")
KINDS = ("issue", "session", "hand", "synthetic")
BASE = datetime(2025, 1, 1, tzinfo=UTC)


def record(scenario_id: str, n: int, kind: str, promoted: bool) -> Record:
    captured = BASE + timedelta(hours=n * 5)
    return Record(
        id=scenario_id,
        source=RecordSource(
            kind=SourceType(kind),
            locator=f"github:acme/agent#{n}",
            link=f"https://github.com/acme/agent/issues/{n}",
            captured_at=captured,
            intake_version="0.1.0",
            details={"labels": ["bug", "eval"], "model": "Qwen3-0.6B"},
        ),
        author="drafter",
        scrub=ScrubReport(
            scrubber_version="1",
            config_hash="sha256:" + "0" * 64,
            counts={"EMAIL_ADDRESS": 1, "PERSON": 2},
            scrubbed_at=captured,
        ),
        observations={"captured_answers": ["It was $14.2 million."], "failed_tools": []},
        reviews=[
            Review(
                reviewer="reviewer",
                decision=ReviewDecision.approve,
                content_hash="sha256:" + "1" * 64,
                at=captured + timedelta(days=2),
            )
        ],
        runs=[
            Run(
                tier=RunTier(tier),
                run_id=f"eval-{n}-{tier}",
                status="PASS" if tier == "strong" else "FAIL",
                score=9.0 if tier == "strong" else 3.5,
                model=f"{tier}-model",
                judge_model="claude-sonnet-4-6",
                runnable_hash="sha256:" + "2" * 64,
                at=captured + timedelta(days=3),
                recorded_at=captured + timedelta(days=3),
                scorecard="scorecard.json",
            )
            for tier in ("strong", "local")
        ],
        promotion=Promotion(
            at=captured + timedelta(days=6),
            by="reviewer",
            gates={"schema": "met", "review": "met", "strong": "met", "local": "met"},
            content_hash="sha256:" + "1" * 64,
            from_path=f"drafts/{scenario_id}.yaml",
            to_path=f"scenarios/x/{scenario_id}.yaml",
        )
        if promoted
        else None,
    )


def make_suite(root: Path, count: int) -> None:
    (root / "pyproject.toml").write_text("[tool.intake]\n", encoding="utf-8")
    for n in range(count):
        scenario_id = f"case_{n:05d}"
        category = CATEGORIES[n % len(CATEGORIES)]
        kind = KINDS[n % len(KINDS)]
        legacy = n % 8 == 0
        source = "" if legacy else f"source:\n  type: {kind}\n  link: github:acme/agent#{n}\n"
        path = root / "scenarios" / category / f"{scenario_id}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(SCENARIO.format(id=scenario_id, n=n, category=category, source=source))
        if not legacy:
            record_path(path).write_text(dump_record(record(scenario_id, n, kind, True)))
    for n in range(500):
        scenario_id = f"draft_{n:04d}"
        path = root / "drafts" / f"{scenario_id}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        source = f"source:\n  type: session\n  link: gaia-session:{n}\n"
        path.write_text(SCENARIO.format(id=scenario_id, n=n, category="memory", source=source))
        record_path(path).write_text(dump_record(record(scenario_id, n, "session", False)))
    with Ledger.open(root / ".intake" / "ledger.db") as ledger:
        for n in range(500):
            ledger.append(Event("import", scenario_id=f"gone_{n:04d}"))
            ledger.append(Event("scrub", scenario_id=f"gone_{n:04d}"))
            ledger.append(Event("review", scenario_id=f"gone_{n:04d}"))
            ledger.append(
                Event("rejection", scenario_id=f"gone_{n:04d}", detail={"reason": "duplicate"})
            )


def wall(argv: list[str], cwd: Path, repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(argv, cwd=cwd, check=False, capture_output=True)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            raise SystemExit(f"{argv} failed: {done.stderr.decode()[-500:]}")
    return statistics.median(times), min(times)


def in_process(root: Path) -> list[tuple[str, float]]:
    """Where the time goes, measured inside one process."""
    from intake.config import load_settings
    from intake.report.html import render_report as render
    from intake.report.model import build_report
    from intake.report.read import read_drafts, read_events, read_scenarios

    settings = load_settings(root)
    steps: list[tuple[str, float]] = []
    start = time.perf_counter()
    scenarios = read_scenarios([settings.scenarios], root)
    steps.append(("read scenarios + records", time.perf_counter() - start))
    start = time.perf_counter()
    drafts = read_drafts(settings.drafts, root)
    events = read_events(settings.ledger)
    steps.append(("read drafts + ledger", time.perf_counter() - start))
    start = time.perf_counter()
    report = build_report(scenarios, drafts, events, target=settings.provenance_target)
    steps.append(("build_report (pure)", time.perf_counter() - start))
    for fmt in ("text", "json", "markdown", "html"):
        start = time.perf_counter()
        render(report, fmt)
        steps.append((f"render {fmt}", time.perf_counter() - start))
    return steps


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    repeat = 5
    intake = [sys.executable, "-m", "intake", "report"]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        start = time.perf_counter()
        make_suite(root, count)
        took = time.perf_counter() - start
        print(
            f"generated {count:,} scenarios (+ records, 500 drafts, 2,000 ledger events) "
            f"in {took:.1f} s"
        )
        size = sum(p.stat().st_size for p in (root / "scenarios").rglob("*.yaml")) / count
        print(f"mean scenario file: {size:,.0f} bytes")
        rows = []
        for fmt in ("text", "json", "markdown", "html"):
            out = root / f"report.{fmt}"
            median, best = wall([*intake, "--format", fmt, "--output", str(out)], root, repeat)
            verdict = "ok" if median < 3.0 else "OVER"
            rows.append((f"intake report --format {fmt}", median, best, verdict))
        median, best = wall([sys.executable, "-c", "import intake.cli"], root, repeat)
        rows.append(("python -c 'import intake.cli' (start-up)", median, best, ""))
        width = max(len(r[0]) for r in rows)
        print()
        print(f"{'command':<{width}}  {'median':>8}  {'best':>8}  target <3 s")
        print(f"{'-' * width}  {'-' * 8}  {'-' * 8}  -----------")
        for name, med, low, verdict in rows:
            print(f"{name:<{width}}  {med:>7.2f}s  {low:>7.2f}s  {verdict}")
        print()
        print(f"in one process ({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}):")
        for name, seconds in in_process(root):
            print(f"  {name:<26} {seconds:>6.2f}s")


if __name__ == "__main__":
    main()
