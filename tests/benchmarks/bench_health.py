"""Benchmark: `intake health` over the run store, beside a plain SQL anchor in the same run.

Run: python tests/benchmarks/bench_health.py [SCENARIOS] [NIGHTS ...] [--checkout DIR]
[--health-only]
     python tests/benchmarks/bench_health.py --import-only   (the runs-import table alone)
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
  tier and hash, in the window), in a child process so its RSS is comparable; the command,
  the anchor and (``--checkout``) the code before run in turn, 7 rounds (``interleaved``), and
  each ratio is taken round by round, then its median;
* the same `GROUP BY` reading the window through the start index (``INDEXED BY
  runs_by_start``): the plan SQLite picks for the first one walks the scenario index over
  the whole year, so this is the plain query at its best;
* `intake runs import` of one more night at 1,000, 3,000 and 10,000 results: the first night
  (no scenario file's facts cached yet), the command on later nights (median of 3), and
  ``import_results`` alone in a child (interpreter and imports left out, median of 5), against
  writing the same rows durably into SQLite (one transaction, synchronous=FULL) in the same
  child just before and after it (the ratio is taken child by child, then its median), and
  the floor of the import's way of seeing a scenario file edited in place, one ``os.stat`` a
  scenario file in the same child (``stat ratio``: its ratio to the anchor, the same way), and
  the import's CPU seconds beside the anchor's (``lib cpu``, ``cpu ratio``); with
  ``--checkout`` the code before is measured the same way on the same suite, its library
  children in turn with ours; and the exponent
  of the library time in the results (1.00 is linear).
"""

from __future__ import annotations

import json
import math
import os
import random
import shutil
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
            source=RecordSource(
                kind=SourceType.hand,
                locator=f"adopted:{sid}",
                captured_at=BASE,
                intake_version="bench",
            ),
            adoption=Adoption(
                at=BASE,
                by="alice",
                content_hash=content_hash(path),
                path=f"scenarios/{category}/{sid}.yaml",
            ),
        )
        record_path(path).write_text(dump_record(record), encoding="utf-8")
    settings = load_settings(root)
    rates = [(rng.random(), rng.random()) for _ in range(count)]
    for night in range(nights):
        at = BASE + timedelta(days=night)
        for tier, model in enumerate((STRONG, LOCAL)):
            results = tuple(
                (
                    f"case_{n:05d}",
                    "PASS"
                    if rng.random() < rates[n][tier]
                    else ("FAIL" if rng.random() < 0.95 else "TIMEOUT"),
                    7.0,
                    None,
                    hashes[n],
                    "scorecard",
                )
                for n in range(count)
            )
            write_run(
                settings,
                StoredRun(
                    f"eval-{at:%Y%m%d}-02{tier}000",
                    model,
                    "strong" if tier == 0 else "local",
                    "claude-sonnet-4-6",
                    f"{night:08x}",
                    f"ci-{night % 3}",
                    at + timedelta(minutes=tier),
                    at,
                    results,
                ),
            )
    return hashes


def night_folder(root: Path, count: int, model: str, day: int) -> Path:
    at = BASE + timedelta(days=day)
    folder = root / "eval" / "new" / f"eval-{at:%Y%m%d}-03000{0 if model == STRONG else 1}"
    folder.mkdir(parents=True)
    scenarios = [
        {
            "scenario_id": f"case_{n:05d}",
            "category": f"cat_{n % 10}",
            "status": "PASS",
            "overall_score": 8.0,
            "turns": [],
        }
        for n in range(count)
    ]
    (folder / "scorecard.json").write_text(
        json.dumps(
            {
                "run_id": folder.name,
                "timestamp": at.isoformat(),
                "config": {"model": "claude-sonnet-4-6"},
                "summary": {},
                "scenarios": scenarios,
            }
        ),
        encoding="utf-8",
    )
    (folder / "meta.json").write_text(
        json.dumps({"model": model, "commit": "a1b2c3d4", "machine": "ci-1"}), encoding="utf-8"
    )
    return folder


WRAP = """
import atexit, resource, runpy, sys
atexit.register(lambda: sys.stderr.write(
    "PEAK %d\\n" % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))
target, sys.argv = sys.argv[1], sys.argv[1:]
if target.endswith(".py"):
    runpy.run_path(target, run_name="__main__")
elif target == "-c":
    sys.argv = sys.argv[1:]
    exec(sys.argv[0])
else:
    runpy.run_module(target, run_name="__main__", alter_sys=True)
"""


NEUTRAL = tempfile.gettempdir()
"""Where children start: ``python -c`` puts its working folder first on ``sys.path``, so a child
started in a checkout would import that checkout's intake whatever ``PYTHONPATH`` says."""


def child(
    args: list[str], env: dict[str, str], out: Path | None = None
) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak RSS (MB, the child's own) of
    ``python -c WRAP TARGET ARGS`` (stdout to ``out`` when given)."""
    import resource  # POSIX only (docs/windows.md): the benchmark runs where it is

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", WRAP, *args],
        capture_output=True,
        env=env,
        text=True,
        check=False,
        cwd=NEUTRAL,
    )
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    peaks = [int(line.split()[1]) for line in proc.stderr.splitlines() if line.startswith("PEAK ")]
    if proc.returncode != 0 or not peaks:
        raise SystemExit(proc.stderr)
    if out is not None:
        out.write_text(proc.stdout, encoding="utf-8")
    return elapsed, cpu, peaks[-1] / 1024


def median_child(
    args: list[str], env: dict[str, str], repeat: int = 3, out: Path | None = None
) -> tuple[float, float, float]:
    """Medians of wall and CPU seconds, and the largest peak RSS, of ``repeat`` children."""
    runs = [child(args, env, out) for _ in range(repeat)]
    return (
        statistics.median(r[0] for r in runs),
        statistics.median(r[1] for r in runs),
        max(r[2] for r in runs),
    )


ROUNDS = 7


def interleaved(
    runs: list[tuple[list[str], dict[str, str], Path | None]],
) -> list[tuple[float, float, float, float, float]]:
    """``ROUNDS`` rounds, each running every child once in turn (the command, the anchor, the
    code before), so that all see the same moments of a shared machine: per child the medians
    of wall and CPU seconds, its largest peak RSS, and the medians of its wall and CPU ratios
    to the second child (the anchor) round by round."""
    rounds = [[child(args, env, out) for args, env, out in runs] for _ in range(ROUNDS)]
    found = []
    for i in range(len(runs)):
        mine = [r[i] for r in rounds]
        found.append(
            (
                statistics.median(m[0] for m in mine),
                statistics.median(m[1] for m in mine),
                max(m[2] for m in mine),
                statistics.median(r[i][0] / r[1][0] for r in rounds),
                statistics.median(r[i][1] / r[1][1] for r in rounds),
            )
        )
    return found


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
import os, sqlite3, sys, time
from pathlib import Path
from intake.config import load_settings
from intake.lifecycle.runs.nightly import import_results
root, folder, count = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
settings = load_settings(root)

def durable():  # the anchor: the same rows into SQLite, one transaction, synchronous=FULL
    db = sqlite3.connect(root.parent / "anchor.db")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS runs "
               "(run_id, model, scenario_id, status, score, runnable_hash)")
    rows = [("eval-x", "m", f"case_{n:05d}", "PASS", 8.0, "sha256:x") for n in range(count)]
    start, cpu = time.perf_counter(), time.process_time()
    with db:
        db.executemany("INSERT INTO runs VALUES (?, ?, ?, ?, ?, ?)", rows)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    db.close()
    return elapsed, cpu

def stats():  # the floor: one stat a scenario file, to see a file edited in place
    start = time.perf_counter()
    for path in files:
        os.stat(path)
    return time.perf_counter() - start

files = sorted(str(p) for p in (root / "scenarios").rglob("*.yaml"))
first = durable()
start, cpu = time.perf_counter(), time.process_time()
import_results(settings, [folder])
library, cpu = time.perf_counter() - start, time.process_time() - cpu
last = durable()
print(library, (first[0] + last[0]) / 2, stats(), cpu, (first[1] + last[1]) / 2)
"""
"""``import_results`` alone (interpreter and imports left out) between two runs of the anchor
in the same process, so that each ratio compares the two at the same moment of a shared,
loaded machine: wall seconds (what the target compares), then the import's and the anchor's
CPU seconds (which a loaded machine moves less; the anchor's leave out its waits for the
disk)."""


def import_command(root: Path, results: int, day: int, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of ``intake runs import`` of one night of ``results`` results."""
    folder = night_folder(root, results, STRONG, day)
    wall, cpu, _ = child(["intake", "--root", str(root), "runs", "import", str(folder)], env)
    return wall, cpu


def same_report(a: Path, b: Path) -> bool:
    """Two ``health --format json`` outputs equal but for when they were generated."""
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in (a, b)]
    for doc in docs:
        doc.pop("generated_at", None)
    return docs[0] == docs[1]


def health_table(
    count: int, nights_list: list[int], env: dict[str, str], before: dict[str, str] | None
) -> None:
    print(
        f"{'scenarios x nights x 2 models':<30}{'runs':>9}{'lib s':>7}{'MB':>5}"
        f"{'cmd s':>7}{'cpu s':>7}{'MB':>5}{'SQL s':>7}{'cpu s':>7}{'MB':>5}"
        f"{'ratio':>7}{'cpu ratio':>10}{'before cmd s':>13}{'cpu s':>7}{'MB':>5}"
        f"{'cpu ratio':>10}{'same':>6}"
    )
    for nights in nights_list:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "suite"
            root.mkdir()
            build(root, count, nights)
            settings = load_settings(root)
            env["INTAKE_LEDGER_PATH"] = str(root / ".intake" / "ledger.db")
            rebuild_index(settings)
            lib = [
                subprocess.run(
                    [sys.executable, "-c", LIBRARY, str(root)],
                    check=True,
                    capture_output=True,
                    env=env,
                    text=True,
                    cwd=NEUTRAL,
                ).stdout.split()
                for _ in range(3)
            ]
            lib_s = statistics.median(float(x[0]) for x in lib)
            lib_mb = max(float(x[1]) for x in lib)
            health = ["intake", "--root", str(root), "health", "--format", "json"]
            child(health, env)  # compiles the CLI's modules and keeps the records' facts
            new_out, old_out = Path(tmp) / "new.json", Path(tmp) / "old.json"
            if before is not None:  # its own index: another shape would be built again each call
                before["INTAKE_LEDGER_PATH"] = str(root / ".intake-before" / "ledger.db")
                child(health, before)  # builds it, and warms its caches as ours are
            anchor = Path(tmp) / "anchor_by_start.py"
            anchor.write_text(ANCHOR_BY_START, encoding="utf-8")
            timed = interleaved(
                [
                    (health, env, new_out),
                    ([str(anchor), str(index_path(settings))], env, None),
                    *([(health, before, old_out)] if before is not None else []),
                ]
            )
            cmd, sql = timed[0], timed[1]
            line = (
                f"{f'{count:,} x {nights} x 2':<30}{count * nights * 2:>9,}{lib_s:>7.2f}"
                f"{lib_mb:>5.0f}{cmd[0]:>7.2f}{cmd[1]:>7.2f}{cmd[2]:>5.0f}{sql[0]:>7.2f}"
                f"{sql[1]:>7.2f}{sql[2]:>5.0f}{cmd[3]:>7.1f}{cmd[4]:>10.1f}"
            )
            if before is not None:
                old = timed[2]
                line += (
                    f"{old[0]:>13.2f}{old[1]:>7.2f}{old[2]:>5.0f}{old[4]:>10.1f}"
                    f"{'yes' if same_report(new_out, old_out) else 'NO':>6}"
                )
            print(line)


def library_child(root: Path, results: int, day: int, env: dict[str, str]) -> tuple[float, ...]:
    """One child of ``IMPORT_LIBRARY`` importing a new night: the import's wall seconds, the
    anchor's, the stat floor's (one ``stat`` a scenario file, as the import checks each file
    it reads the facts of), the import's CPU seconds and the anchor's."""
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            IMPORT_LIBRARY,
            str(root),
            str(night_folder(root, results, STRONG, day)),
            str(results),
        ],
        check=True,
        capture_output=True,
        env=env,
        text=True,
        cwd=NEUTRAL,
    ).stdout.split()
    return tuple(float(x) for x in out[:5])


def library_pairs(
    pairs: list[tuple[float, ...]],
) -> tuple[float, float, float, float, float, float]:
    """Medians of ``import_results``'s seconds, the anchor's, and their ratio child by child,
    of the stat floor's ratio to the anchor, and of the import's CPU seconds and their ratio
    to the anchor's (``library_child``)."""
    return (
        statistics.median(p[0] for p in pairs),
        statistics.median(p[1] for p in pairs),
        statistics.median(p[0] / p[1] for p in pairs),
        statistics.median(p[2] / p[1] for p in pairs),
        statistics.median(p[3] for p in pairs),
        statistics.median(p[3] / p[4] for p in pairs),
    )


def import_table(env: dict[str, str], before: dict[str, str] | None) -> None:
    """The import table: per size, the first night, the command on later nights, and the
    library's children, ours and (``--checkout``) the code before's in turn, so that both see
    the same moments of a shared machine."""
    print(
        f"{'runs import, one night':<24}{'results':>8}{'first s':>8}{'cmd s':>7}{'cpu s':>7}"
        f"{'lib s':>7}{'durable s':>10}{'lib ratio':>10}{'stat ratio':>11}{'cmd ratio':>10}"
        f"{'lib cpu':>8}{'cpu ratio':>10}"
        f"{'before cmd s':>13}{'cpu s':>7}{'lib s':>7}{'lib ratio':>10}{'lib cpu':>8}"
        f"{'cpu ratio':>10}"
    )
    library: dict[int, float] = {}
    for results in (1000, 3000, 10000):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "suite"
            root.mkdir()
            build(root, results, 1)
            env["INTAKE_LEDGER_PATH"] = str(root / ".intake" / "ledger.db")
            first = import_command(root, results, 2, env)  # no file's facts cached yet
            time.sleep(2.5)  # past the racy window: the files' facts and listing can be cached
            ours = [import_command(root, results, day, env) for day in (3, 4, 5)]
            cmd = (statistics.median(w for w, _ in ours), statistics.median(c for _, c in ours))
            if before is not None:
                before["INTAKE_LEDGER_PATH"] = env["INTAKE_LEDGER_PATH"]
                theirs = [import_command(root, results, day, before) for day in (11, 12, 13)]
            mine: list[tuple[float, ...]] = []
            old: list[tuple[float, ...]] = []
            for day in (6, 7, 8, 9, 10):  # in turn: ours, then the code before's
                mine.append(library_child(root, results, day, env))
                if before is not None:
                    old.append(library_child(root, results, day + 8, before))
            lib, durable, ratio, floor, cpu, cpu_ratio = library_pairs(mine)
            library[results] = lib
            line = (
                f"{'':<24}{results:>8,}{first[0]:>8.2f}{cmd[0]:>7.2f}{cmd[1]:>7.2f}"
                f"{lib:>7.3f}{durable:>10.3f}{ratio:>10.1f}{floor:>11.1f}{cmd[0] / durable:>10.0f}"
                f"{cpu:>8.3f}{cpu_ratio:>10.1f}"
            )
            if before is not None:
                old_lib = library_pairs(old)
                line += (
                    f"{statistics.median(w for w, _ in theirs):>13.2f}"
                    f"{statistics.median(c for _, c in theirs):>7.2f}"
                    f"{old_lib[0]:>7.3f}{old_lib[2]:>10.1f}{old_lib[4]:>8.3f}{old_lib[5]:>10.1f}"
                )
            print(line)
    slope = math.log(library[10000] / library[1000]) / math.log(10)
    print(f"library time ~ results^{slope:.2f} from 1,000 to 10,000 (1.00 is linear)")


GAIA_SCENARIOS = (
    Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "gaia" / "eval" / "scenarios"
)


def gaia_table(env: dict[str, str], before: dict[str, str] | None) -> None:
    """``health`` and ``report`` on GAIA's suite, adopted (no run store), beside ``python -c
    "import typer"`` and ``intake config`` (what every command costs before it reads
    anything): CPU seconds (medians of 5) and peak MB."""
    if not GAIA_SCENARIOS.is_dir():
        print(f"GAIA's scenarios not found at {GAIA_SCENARIOS}; skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "gaia"
        shutil.copytree(GAIA_SCENARIOS, root / "scenarios")
        (root / "drafts").mkdir()
        (root / "pyproject.toml").write_text(
            '[tool.intake]\nscenarios_dir = "scenarios"\ndrafts_dir = "drafts"\n', encoding="utf-8"
        )
        env["INTAKE_LEDGER_PATH"] = str(root / ".intake" / "ledger.db")
        subprocess.run(["git", "init", "-q"], cwd=root, check=True)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "intake",
                "adopt",
                "scenarios",
                "--source",
                "hand",
                "--reviewer",
                "alice",
            ],
            check=True,
            capture_output=True,
            env=env,
            cwd=root,
        )
        count = len(list((root / "scenarios").rglob("*.intake.json")))
        time.sleep(2.5)  # past the racy window: the files' facts can be cached
        rows = [
            ("import typer", ["-c", "import typer"], env),
            # the floor of every command: the CLI, typer's parameters and the settings
            ("intake config", ["intake", "--root", str(root), "config"], env),
        ]
        for name in ("health", "report"):
            rows.append((f"intake {name}", ["intake", "--root", str(root), name], env))
            if before is not None:
                before["INTAKE_LEDGER_PATH"] = env["INTAKE_LEDGER_PATH"]
                rows.append(
                    (f"intake {name} (before)", ["intake", "--root", str(root), name], before)
                )
        for _, args, where in rows:  # warm every cache first
            child(args, where)
        typer_cpu = None
        print(
            f"GAIA's suite, {count} scenarios adopted{'':<4}{'wall s':>8}{'cpu s':>7}"
            f"{'MB':>5}{'x typer (cpu)':>15}"
        )
        for label, args, where in rows:
            wall, cpu, mb = median_child(args, where, repeat=5)
            typer_cpu = typer_cpu or cpu
            print(f"{label:<40}{wall:>8.2f}{cpu:>7.2f}{mb:>5.0f}{cpu / typer_cpu:>15.1f}")


def main(argv: list[str]) -> int:
    before: dict[str, str] | None = None
    if "--checkout" in argv:  # the code before, from another checkout, measured alongside
        at = argv.index("--checkout")
        checkout = Path(argv[at + 1]).resolve()
        argv = argv[:at] + argv[at + 2 :]
        before = {**os.environ, "PYTHONPATH": str(checkout)}
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    pyc = tempfile.mkdtemp(prefix="bench-health-pyc-")  # neither checkout compiles every call
    for each in (env, before) if before is not None else (env,):
        each.pop("PYTHONDONTWRITEBYTECODE", None)
        each["PYTHONPYCACHEPREFIX"] = pyc
    if "--import-only" in argv:  # the runs-import table alone
        import_table(env, before)
        return 0
    if "--gaia-only" in argv:  # GAIA's suite table alone
        gaia_table(env, before)
        return 0
    only_health = "--health-only" in argv  # the health table alone (the others are slow)
    argv = [a for a in argv if a != "--health-only"]
    count = int(argv[0]) if argv else 1000
    nights_list = [int(a) for a in argv[1:]] or [30, 90, 365]
    health_table(count, nights_list, env, before)
    if only_health:
        return 0
    print("")
    import_table(env, before)
    print("")
    gaia_table(env, before)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
