"""Benchmark of reviews, run records, promotion and ``intake check`` (not collected by pytest).

Run: ``python tests/benchmarks/bench_promote.py``. Prints a table. Builds a temporary suite
with GAIA's 91 real scenarios (when ``../shared/corpus/gaia`` is present) plus generated drafts.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

GAIA_SCENARIOS = REPO.parent / "shared" / "corpus" / "gaia" / "eval" / "scenarios"
DRAFTS = 20


def timed(fn: Callable[[], object], repeat: int = 1) -> float:
    """Best wall time of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    from intake.config import load_settings
    from intake.lifecycle.gates import check_gates
    from intake.lifecycle.promote import gather, promote
    from intake.lifecycle.review import add_review
    from intake.lifecycle.runs.record import record_run
    from tests.support.promote_helpers import make_ready, scorecard, write_pair

    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        suite = Path(tmp) / "suite"
        (suite / "scenarios").mkdir(parents=True)
        (suite / "drafts").mkdir()
        (suite / "pyproject.toml").write_text(
            '[tool.intake]\ngithub_repo = "acme/agent"\nauthor = "drafter"\n'
        )
        os.chdir(suite)
        legacy = 0
        if GAIA_SCENARIOS.is_dir():
            shutil.copytree(GAIA_SCENARIOS, suite / "scenarios", dirs_exist_ok=True)
            legacy = len(list((suite / "scenarios").rglob("*.yaml")))
        settings = load_settings(suite)

        start = time.perf_counter()
        for n in range(DRAFTS):
            make_ready(suite, f"bench_case_{n:02d}")
        per_ready = (time.perf_counter() - start) / DRAFTS
        rows.append(("draft + 2 run records + 1 review (each)", f"{per_ready * 1000:.1f} ms"))

        big = scorecard(
            suite / "big", {f"case_{i}": "PASS" for i in range(2000)} | {"bench_case_00": "FAIL"}
        )
        size = big.stat().st_size
        from intake.contract.plain import RunTier

        t = timed(lambda: record_run(settings, "bench_case_00", big, RunTier.local, model="m"), 3)
        rows.append(
            (
                f"run-record from a {size / 1e6:.1f} MB scorecard (2001 scenarios)",
                f"{t * 1000:.1f} ms",
            )
        )

        draft = suite / "drafts" / "bench_case_01.yaml"
        gather(settings, draft)  # warm the scrubber (Presidio import and engine build)
        t = timed(lambda: gather(settings, draft), 5)
        rows.append(
            (
                f"gather gate inputs for one draft (warm; {legacy} suite scenarios)",
                f"{t * 1000:.1f} ms",
            )
        )
        inputs = gather(settings, draft)
        n_pure = 20000
        t = timed(lambda: [check_gates(inputs) for _ in range(n_pure)])
        rows.append(("check_gates (pure), per call", f"{t / n_pure * 1e6:.1f} µs"))

        t = timed(lambda: add_review(settings, "bench_case_02", _approve(), "carol"), 3)
        rows.append(("review --approve (record + ledger)", f"{t * 1000:.1f} ms"))

        times = []
        for n in range(10, DRAFTS):
            start = time.perf_counter()
            promote(settings, f"bench_case_{n:02d}")
            times.append(time.perf_counter() - start)
        times.sort()
        rows.append(
            (
                "promote (gates + crash-safe move + ledger), median",
                f"{times[len(times) // 2] * 1000:.1f} ms",
            )
        )

        write_pair(suite / "drafts", "bench_plain")
        from intake.check.gate import run_check

        files = len(list(suite.rglob("*.yaml"))) - len(list((suite / "big").rglob("*.yaml")))
        t = timed(lambda: run_check(settings), 3)
        rows.append((f"intake check in-process, warm ({files} yaml files + records)", f"{t:.2f} s"))
        env = dict(os.environ)
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "intake", "check"],
            cwd=suite,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        cold = time.perf_counter() - start
        rows.append((f"intake check as a new process (exit {done.returncode})", f"{cold:.2f} s"))

    width = max(len(r[0]) for r in rows)
    print(f"| {'measure'.ljust(width)} | result |")
    print(f"| {'-' * width} | ------ |")
    for name, value in rows:
        print(f"| {name.ljust(width)} | {value} |")


def _approve():  # type: ignore[no-untyped-def]
    from intake.contract.models import ReviewDecision

    return ReviewDecision.approve


if __name__ == "__main__":
    main()
