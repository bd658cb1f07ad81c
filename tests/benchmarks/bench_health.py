"""Benchmark: `intake health` over the run store, beside a plain SQL anchor in the same run.

Run: python tests/benchmarks/bench_health.py [SCENARIOS] [NIGHTS ...]
Default: 1,000 scenarios, 30 / 90 / 365 nights, two models a night (issue 38 item 7: health
within 3x the plain SQL query over the same runs and under 150 MB peak; `runs import` linear in
results and within 3x writing the same rows durably).

The suite is generated in a temporary folder: adopted-shaped scenarios with a record each, and
the run store as `intake runs import` writes it (one file per night and model, GAIA's statuses
in a realistic mix). Measured, medians of 3:

* `health` (library, `make_health`, cold index: the index is built from the files first, then
  timed warm) and the whole command (interpreter start-up included), each with its peak
  memory (the child's max RSS);
* the anchor: one SQL `GROUP BY` over the same index (judged runs and passes per scenario,
  tier and hash, in the window), in a child process so its RSS is comparable;
* the same `GROUP BY` reading the window through the start index (``INDEXED BY
  runs_by_start``): the plan SQLite picks for the first one walks the scenario index over
  the whole year, so this is the plain query at its best;
* `intake runs import` of one more night at 1,000, 3,000 and 10,000 results: the first night
  (no scenario file's facts cached yet), the command on later nights (median of 3), and
  ``import_results`` alone in a child (interpreter and imports left out, median of 3), against
  writing the same rows durably into SQLite (one transaction, synchronous=FULL); and the
  exponent of the library time in the results (1.00 is linear).
"""

from __future__ import annotations

import json
import math
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from intake.config import load_settings  # noqa: E402
from intake.contract.models import Adoption, Record, RecordSource, SourceType  # noqa: E402
from intake.contract.yamlio import parse_checked  # noqa: E402
from intake.lifecycle.runs.store import StoredRun, index_path, rebuild_index, write_run  # noqa: E402
from intake.store.records import (  # noqa: E402
    content_hash,
    dump_record,
    record_path,
    runnable_hash,
)

STRONG, LOCAL = "claude-opus-4", "qwen3-4b-local"
SCENARIO = """\
id: {id}
name: Generated case {n}
category: {category}
persona: casual_user
setup:
  index_documents: []
turns:
  - turn: 1
    objective: Ask about the figures in the quarterly report, case {n}.
    success_criteria: Answers with the right figure.
"""
PYPROJECT = f"""[tool.intake]
scenarios_dir = "scenarios"
drafts_dir = "drafts"
strong_models = ["{STRONG}"]
local_models = ["{LOCAL}"]
"""
BASE = datetime(2026, 1, 1, 2, tzinfo=UTC)
ANCHOR = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
newest = db.execute("SELECT MAX(started) FROM runs").fetchone()[0]
rows = db.execute(
    "SELECT scenario_id, tier, runnable_hash, COUNT(*), SUM(status = 'PASS') FROM runs "
    "WHERE status IN ('PASS', 'FAIL', 'BLOCKED_BY_ARCHITECTURE') "
    "AND started >= strftime('%Y-%m-%dT%H:%M:%S+00:00', ?, '-13 days', '-23 hours') "
    "GROUP BY scenario_id, tier, runnable_hash", (newest,)).fetchall()
print(len(rows))
"""
ANCHOR_BY_START = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
newest = db.execute("SELECT MAX(started) FROM runs").fetchone()[0]
since = db.execute("SELECT strftime('%Y-%m-%dT%H:%M:%S+00:00', ?, '-13 days', '-23 hours')",
                   (newest,)).fetchone()[0]
rows = db.execute(
    "SELECT scenario_id, tier, runnable_hash, COUNT(*), SUM(status = 'PASS') "
    "FROM runs INDEXED BY runs_by_start "
    "WHERE status IN ('PASS', 'FAIL', 'BLOCKED_BY_ARCHITECTURE') AND started >= ? "
    "GROUP BY scenario_id, tier, runnable_hash", (since,)).fetchall()
print(len(rows))
"""


def build(root: Path, count: int, nights: int) -> list[str]:
    rng = random.Random(38)
    (root / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (root / "drafts").mkdir()
    hashes = []
    for n in range(count):
        sid = f"case_{n:05d}"
        category = f"cat_{n % 10}"
        path = root / "scenarios" / category / f"{sid}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(SCENARIO.format(id=sid, n=n, category=category), encoding="utf-8")
        hashes.append(runnable_hash(parse_checked(path.read_bytes()).data))
        record = Record(
            id=sid,
            source=RecordSource(kind=SourceType.hand, locator=f"adopted:{sid}",
                                captured_at=BASE, intake_version="bench"),
            adoption=Adoption(at=BASE, by="alice", content_hash=content_hash(path),
                              path=f"scenarios/{category}/{sid}.yaml"),
        )
        record_path(path).write_text(dump_record(record), encoding="utf-8")
    settings = load_settings(root)
    rates = [(rng.random(), rng.random()) for _ in range(count)]
    for night in range(nights):
        at = BASE + timedelta(days=night)
        for tier, model in enumerate((STRONG, LOCAL)):
            results = tuple(
                (f"case_{n:05d}", "PASS" if rng.random() < rates[n][tier] else
                 ("FAIL" if rng.random() < 0.95 else "TIMEOUT"), 7.0, None, hashes[n],
                 "scorecard")
                for n in range(count))
            write_run(settings, StoredRun(f"eval-{at:%Y%m%d}-02{tier}000", model,
                                          "strong" if tier == 0 else "local",
                                          "claude-sonnet-4-6", f"{night:08x}",
                                          f"ci-{night % 3}", at + timedelta(minutes=tier), at,
                                          results))
    return hashes


def night_folder(root: Path, count: int, model: str, day: int) -> Path:
    at = BASE + timedelta(days=day)
    folder = root / "eval" / "new" / f"eval-{at:%Y%m%d}-03000{0 if model == STRONG else 1}"
    folder.mkdir(parents=True)
    scenarios = [{"scenario_id": f"case_{n:05d}", "category": f"cat_{n % 10}",
                  "status": "PASS", "overall_score": 8.0, "turns": []} for n in range(count)]
    (folder / "scorecard.json").write_text(json.dumps({
        "run_id": folder.name, "timestamp": at.isoformat(),
        "config": {"model": "claude-sonnet-4-6"}, "summary": {}, "scenarios": scenarios,
    }), encoding="utf-8")
    (folder / "meta.json").write_text(json.dumps({"model": model, "commit": "a1b2c3d4",
                                                  "machine": "ci-1"}), encoding="utf-8")
    return folder


WRAP = """
import atexit, resource, runpy, sys
atexit.register(lambda: sys.stderr.write(
    "PEAK %d\\n" % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))
target, sys.argv = sys.argv[1], sys.argv[1:]
if target.endswith(".py"):
    runpy.run_path(target, run_name="__main__")
else:
    runpy.run_module(target, run_name="__main__", alter_sys=True)
"""


def child(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds and peak RSS (MB, the child's own) of ``python -c WRAP TARGET ARGS``."""
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", WRAP, *args], capture_output=True, env=env,
                          text=True, check=False)
    elapsed = time.perf_counter() - start
    peaks = [int(line.split()[1]) for line in proc.stderr.splitlines()
             if line.startswith("PEAK ")]
    if proc.returncode != 0 or not peaks:
        raise SystemExit(proc.stderr)
    return elapsed, peaks[-1] / 1024


def median_child(args: list[str], env: dict[str, str], repeat: int = 3) -> tuple[float, float]:
    runs = [child(args, env) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs)


LIBRARY = """
import resource, sys, time
from intake.config import load_settings
from intake.report.health import make_health
settings = load_settings(__import__('pathlib').Path(sys.argv[1]))
start = time.perf_counter()
report = make_health(settings)
print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


IMPORT_LIBRARY = """
import sys, time
from pathlib import Path
from intake.config import load_settings
from intake.lifecycle.runs.nightly import import_results
settings = load_settings(Path(sys.argv[1]))
start = time.perf_counter()
import_results(settings, [Path(sys.argv[2])])
print(time.perf_counter() - start)
"""


def import_command(root: Path, results: int, day: int, env: dict[str, str]) -> float:
    """Seconds of ``intake runs import`` of one night of ``results`` results."""
    folder = night_folder(root, results, STRONG, day)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "intake", "--root", str(root), "runs", "import",
                    str(folder)], check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def durable_rows(folder: Path, count: int) -> float:
    """Seconds to write ``count`` result rows into SQLite durably, one transaction."""
    db = sqlite3.connect(folder / "anchor.db")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS runs (run_id, model, scenario_id, status, score, "
               "runnable_hash)")
    start = time.perf_counter()
    with db:
        db.executemany("INSERT INTO runs VALUES (?, ?, ?, ?, ?, ?)",
                       [("eval-x", STRONG, f"case_{n:05d}", "PASS", 8.0, "sha256:x")
                        for n in range(count)])
    elapsed = time.perf_counter() - start
    db.close()
    return elapsed


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 1000
    nights_list = [int(a) for a in argv[1:]] or [30, 90, 365]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    print(f"{'scenarios x nights x 2 models':<32}{'runs':>10}{'health s':>10}{'MB':>8}"
          f"{'command s':>11}{'MB':>8}{'SQL s':>8}{'MB':>7}{'ratio':>7}{'SQL/start s':>13}"
          f"{'ratio':>7}")
    for nights in nights_list:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "suite"
            root.mkdir()
            build(root, count, nights)
            settings = load_settings(root)
            env["INTAKE_LEDGER_PATH"] = str(root / ".intake" / "ledger.db")
            rebuild_index(settings)
            lib = [subprocess.run([sys.executable, "-c", LIBRARY, str(root)], check=True,
                                  capture_output=True, env=env, text=True).stdout.split()
                   for _ in range(3)]
            lib_s = statistics.median(float(x[0]) for x in lib)
            lib_mb = max(float(x[1]) for x in lib)
            cmd_s, cmd_mb = median_child(["intake", "--root", str(root), "health", "--format",
                                          "json"], env)
            anchor = Path(tmp) / "anchor.py"
            anchor.write_text(ANCHOR, encoding="utf-8")
            sql_s, sql_mb = median_child([str(anchor), str(index_path(settings))], env)
            by_start = Path(tmp) / "anchor_by_start.py"
            by_start.write_text(ANCHOR_BY_START, encoding="utf-8")
            fast_s, _ = median_child([str(by_start), str(index_path(settings))], env)
            print(f"{f'{count:,} x {nights} x 2':<32}{count * nights * 2:>10,}{lib_s:>10.2f}"
                  f"{lib_mb:>8.0f}{cmd_s:>11.2f}{cmd_mb:>8.0f}{sql_s:>8.2f}{sql_mb:>7.0f}"
                  f"{cmd_s / sql_s:>7.1f}{fast_s:>13.2f}{cmd_s / fast_s:>7.1f}")
    print("")
    print(f"{'runs import, one night':<24}{'results':>8}{'first s':>9}{'command s':>11}"
          f"{'library s':>11}{'durable s':>11}{'lib ratio':>11}{'cmd ratio':>11}")
    library: dict[int, float] = {}
    for results in (1000, 3000, 10000):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "suite"
            root.mkdir()
            build(root, results, 1)
            env["INTAKE_LEDGER_PATH"] = str(root / ".intake" / "ledger.db")
            first = import_command(root, results, 2, env)  # no file's facts cached yet
            imported = statistics.median(import_command(root, results, day, env)
                                         for day in (3, 4, 5))
            library[results] = statistics.median(float(subprocess.run(
                [sys.executable, "-c", IMPORT_LIBRARY, str(root),
                 str(night_folder(root, results, STRONG, day))], check=True,
                capture_output=True, env=env, text=True).stdout) for day in (6, 7, 8))
            durable = statistics.median(durable_rows(Path(tmp), results) for _ in range(3))
            print(f"{'':<24}{results:>8,}{first:>9.2f}{imported:>11.2f}"
                  f"{library[results]:>11.3f}{durable:>11.3f}"
                  f"{library[results] / durable:>11.1f}{imported / durable:>11.0f}")
    slope = math.log(library[10000] / library[1000]) / math.log(10)
    print(f"library time ~ results^{slope:.2f} from 1,000 to 10,000 (1.00 is linear)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
