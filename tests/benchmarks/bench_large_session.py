"""Benchmark: ``intake from-session`` on a 100,000-message session. Prints a table.

Run: python tests/benchmarks/bench_large_session.py [MESSAGES]
Target (issue 20): peak RSS under 300 MB. The store is a GAIA-native ``gaia_chat.db``
(``tests/support/gaia_native.py``: GAIA's schema and ``ChatDatabase.add_message``), one session of
MESSAGES messages (default 100,000: 50,000 turns of a ~560-character question and answer, about
the issue's 59 MB database). Each case runs intake in a fresh process (``--child``) that
reports its own peak RSS (``VmHWM``); times are wall-clock, one run each, on a shared machine.

Cases: the whole session (refused before scrubbing: beyond one draft's bounds), a slice at
the start (reading stops after it) and a slice at the end (every row is read, one at a time,
and only the slice is kept); the last row times the store's read of the end slice alone.
Each drafting case includes loading Presidio (~10-15 s here).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tests.support.gaia_native import Clock, add_message, add_session, create_chat_db  # noqa: E402

SID = "7f3c2a10-5b6d-4e8f-9a01-23456789abcd"
PYPROJECT = '[project]\nname = "bench"\nversion = "0"\n\n[tool.intake]\nauthor = "drafter"\n'


def build(path: Path, messages: int) -> float:
    """The database; returns its size in MB."""
    conn = create_chat_db(path)
    conn.execute("PRAGMA synchronous = OFF")
    clock = Clock()
    add_session(conn, SID, clock, title="Quarterly figures keep changing")
    filler = " ".join(["the quarterly report figures for the northwind account"] * 10)
    for n in range(messages // 2):
        add_message(conn, SID, "user", f"question {n + 1}: {filler}", clock)
        add_message(conn, SID, "assistant", f"answer {n + 1}: {filler}", clock)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return path.stat().st_size / 1e6


def peak_rss_mb() -> float:
    """This process's peak RSS in MB (``VmHWM``; ``ru_maxrss`` where there is no /proc)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(args: list[str]) -> None:
    """Run intake in this process, then print its exit code and peak RSS."""
    if args[:1] == ["--read"]:
        read_only(Path(args[1]), int(args[2]), int(args[3]))
        return
    from intake.cli import app

    code = 0
    try:
        result = app(args, standalone_mode=False)
        code = result if isinstance(result, int) else 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    except Exception as exc:  # the CLI's own handler maps these; report the class only
        code = int(getattr(exc, "exit_code", 1))
    print(f"@@ {code} {peak_rss_mb():.0f}", file=sys.stderr)


def read_only(db: Path, first: int, last: int) -> None:
    """Only the store's read of a slice (no scrubbing, no writing), for the reading cost."""
    from intake.sources.model import TurnWindow
    from intake.sources.registry import open_store

    store = open_store(db)
    try:
        kept = store.load(SID, TurnWindow(first=first, last=last)).messages
    finally:
        store.close()
    print(f"@@ {0 if kept else 1} {peak_rss_mb():.0f}", file=sys.stderr)


def run_case(suite: Path, args: list[str]) -> tuple[int, float, float]:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, __file__, "--child", *args],
        cwd=suite,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - started
    marks = [line for line in done.stderr.splitlines() if line.startswith("@@ ")]
    if not marks:
        sys.stderr.write(done.stderr)
        raise SystemExit("the child printed no result")
    _, code, rss = marks[-1].split()
    return int(code), seconds, float(rss)


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2:])
        return
    messages = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    turns = messages // 2
    with tempfile.TemporaryDirectory() as tmp:
        suite = Path(tmp) / "suite"
        (suite / "drafts").mkdir(parents=True)
        (suite / "scenarios").mkdir()
        (suite / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
        db = Path(tmp) / "gaia_chat.db"
        t0 = time.perf_counter()
        size = build(db, messages)
        built = time.perf_counter() - t0
        end = f"{turns - 19}-{turns}"
        cases = [
            ("whole session (refused: beyond one draft)", []),
            ("--turns 1-20 (a slice at the start)", ["--turns", "1-20"]),
            (f"--turns {end} (a slice at the end)", ["--turns", end]),
        ]
        print(
            f"{messages:,} messages ({turns:,} turns) in a {size:.1f} MB gaia_chat.db "
            f"(built in {built:.0f} s); target: peak RSS under 300 MB"
        )
        print()
        print("| case | exit | time | peak RSS |")
        print("| --- | --- | --- | --- |")
        for name, extra in cases:
            args = ["from-session", SID, "--db", str(db), "--force", *extra]
            code, seconds, rss = run_case(suite, args)
            print(f"| {name} | {code} | {seconds:.1f} s | {rss:.0f} MB |")
        first = str(turns - 19)
        code, seconds, rss = run_case(suite, ["--read", str(db), first, str(turns)])
        print(
            f"| reading the end slice only (the store, no scrub) | {code} | {seconds:.1f} s "
            f"| {rss:.0f} MB |"
        )


if __name__ == "__main__":
    main()
