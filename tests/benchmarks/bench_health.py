"""Benchmark: `intake health` over 1,000 scenarios × 30 nights (two models a night). Prints a table.

Run: python tests/benchmarks/bench_health.py [SCENARIOS] [NIGHTS]
Target (issue 31): seconds, not minutes, on a 2-core machine. The suite is generated in a
temporary folder: adopted-shaped scenarios in ten categories with a record each holding
NIGHTS × 2 imported runs (a strong and a local model, GAIA's statuses in a realistic mix, one
scenario in ten edited half-way so half its runs are of an older hash). Measured: the whole
command (`intake health --format json`, interpreter start-up included), the library call
(`make_health`) alone, and one more night imported through `intake runs import` (GAIA-shaped
scorecards, one journal unit per scenario). Times are medians; a shared machine makes them noisy.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from intake.config import load_settings
from intake.contract.models import (
    Adoption,
    Record,
    RecordSource,
    RunTier,
    SourceType,
    SuiteRun,
)
from intake.contract.yamlio import parse_checked
from intake.report.health import make_health
from intake.store.records import content_hash, dump_record, record_path, runnable_hash

STRONG, LOCAL = "claude-opus-4", "qwen3-4b-local"
SCENARIO = """\
id: {id}
name: Generated case {n}
category: {category}
persona: casual_user
source:
  type: {kind}
  link: "adopted:scenarios/{category}/{id}.yaml"
setup:
  index_documents: []
turns:
  - turn: 1
    objective: Ask about the figures in the quarterly report, case {n}.
    success_criteria: Answers with the right figure.
  - turn: 2
    objective: Follow up on the comparison with the previous quarter.
    success_criteria: Compares both quarters correctly.
"""
PYPROJECT = f"""[tool.intake]
scenarios_dir = "scenarios"
drafts_dir = "drafts"
strong_models = ["{STRONG}"]
local_models = ["{LOCAL}"]
"""


def build(root: Path, count: int, nights: int) -> None:
    rng = random.Random(31)
    (root / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (root / "drafts").mkdir()
    base = datetime(2026, 5, 1, 2, tzinfo=UTC)
    statuses = ["PASS"] * 6 + ["FAIL"] * 3 + ["TIMEOUT"]
    for n in range(count):
        sid = f"case_{n:05d}"
        category = f"cat_{n % 10}"
        kind = ("session", "issue", "hand", "synthetic")[n % 4]
        path = root / "scenarios" / category / f"{sid}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(SCENARIO.format(id=sid, n=n, category=category, kind=kind),
                        encoding="utf-8")
        current = runnable_hash(parse_checked(path.read_bytes()).data)
        runs = []
        for night in range(nights):
            at = base + timedelta(days=night)
            edited = n % 10 == 0 and night < nights // 2
            for model, tier in ((STRONG, RunTier.strong), (LOCAL, RunTier.local)):
                runs.append(SuiteRun(
                    run_id=f"eval-{at:%Y%m%d}-020{0 if tier is RunTier.strong else 1}00",
                    status=rng.choice(statuses), score=7.0, model=model, tier=tier,
                    judge_model="claude-sonnet-4-6",
                    runnable_hash="sha256:" + "e" * 64 if edited else current,
                    gaia_commit="a1b2c3d4", machine="ci-1", at=at, recorded_at=at,
                ))
        record = Record(
            id=sid,
            source=RecordSource(kind=SourceType(kind), locator=f"adopted:{sid}",
                                captured_at=base, intake_version="bench"),
            adoption=Adoption(at=base, by="alice", content_hash=content_hash(path),
                              path=f"scenarios/{category}/{sid}.yaml"),
            suite_runs=runs,
        )
        record_path(path).write_text(dump_record(record), encoding="utf-8")


def night_folder(root: Path, count: int, model: str) -> Path:
    folder = root / "eval" / "results" / f"eval-20260701-02000{0 if model == STRONG else 1}"
    folder.mkdir(parents=True)
    scenarios = [{"scenario_id": f"case_{n:05d}", "category": f"cat_{n % 10}",
                  "status": "PASS", "overall_score": 8.0, "turns": []} for n in range(count)]
    (folder / "scorecard.json").write_text(json.dumps({
        "run_id": folder.name, "timestamp": "2026-07-01T02:00:00+00:00",
        "config": {"model": "claude-sonnet-4-6"}, "summary": {}, "scenarios": scenarios,
    }), encoding="utf-8")
    (folder / "meta.json").write_text(json.dumps({"model": model, "commit": "a1b2c3d4",
                                                  "machine": "ci-1"}), encoding="utf-8")
    return folder


def timed(fn: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 1000
    nights = int(argv[1]) if len(argv) > 1 else 30
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "suite"
        root.mkdir()
        start = time.perf_counter()
        build(root, count, nights)
        built = time.perf_counter() - start
        env = {**os.environ, "INTAKE_LEDGER_PATH": str(root / ".intake" / "ledger.db")}
        command = [sys.executable, "-m", "intake", "--root", str(root), "health",
                   "--format", "json"]

        def whole() -> None:
            subprocess.run(command, check=True, capture_output=True, env=env)

        settings = load_settings(root)
        health = make_health(settings)
        classes = {k: v["total"] for k, v in
                   json.loads(subprocess.run(command, check=True, capture_output=True,
                                             env=env).stdout)["counts"].items()}
        cli = timed(whole, 3)
        library = timed(lambda: make_health(settings), 3)
        strong = night_folder(root, count, STRONG)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "intake", "--root", str(root), "runs", "import",
                        str(strong)], check=True, capture_output=True, env=env)
        imported = time.perf_counter() - start
    runs = count * nights * 2
    print(f"suite: {count:,} scenarios x {nights} nights x 2 models = {runs:,} runs "
          f"(generated in {built:.1f} s)")
    print(f"classes: {', '.join(f'{k} {v}' for k, v in classes.items() if v)}")
    print(f"scenarios classified: {len(health.scenarios):,}")
    print("")
    print(f"{'measure':<46}{'median s':>10}")
    print(f"{'intake health --format json (whole command)':<46}{cli:>10.2f}")
    print(f"{'make_health (library, warm)':<46}{library:>10.2f}")
    print(f"{'intake runs import, one more night, one model':<46}{imported:>10.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
