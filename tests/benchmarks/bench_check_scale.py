"""Benchmark: ``intake check`` on many drafts beside ``validate`` and the whole-text scrubber.

Run: ``python tests/benchmarks/bench_check_scale.py [COUNT ...] [--checkout PATH] [--rounds N]``
(default counts 1000 and 10000, 3 rounds). Prints a table. For each count, a suite of COUNT
drafts, each a draft YAML and its record (``tests/support/promote_helpers.write_pair``, as intake's
importers write them); then, interleaved in each round, in new processes: ``intake validate
drafts``, the scrubber over the same files' whole text (``Scrubber.find`` on each file read as
plain text, no format parsing: what scanning cost before the formats work) and ``intake
check``. Issue 35 item 6's targets: ``check`` within 1.5x of ``validate`` plus the whole-text
scrubber; per-draft cost at 10,000 equal to that at 1,000 (linear). ``--checkout`` times
``check`` of another checkout (e.g. main before this change) on the same suite in the same
rounds (skipped above 2,000 drafts: it took 35 minutes at 10,000). Last, a scrubbing
process's start: CPU seconds and peak RSS of ``intake scrub --check`` on a one-line JSON file
(median of 5 rounds, each checkout once per round), with Python's bytecode cached (as an
installed intake runs: ``PYTHONPYCACHEPREFIX`` a temporary folder, after one warm-up run, so
nothing is written into a checkout) and compiled from source each time (as a checkout runs under
``PYTHONDONTWRITEBYTECODE=1``). ``--start-only`` times only that.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

WHOLE_TEXT = """\
import sys
from pathlib import Path
from intake.scrub import get_scrubber
from intake.scrub.files import expand_paths
scrubber = get_scrubber()
n = 0
for path in expand_paths([Path(sys.argv[1])]):
    n += len(scrubber.find(path.read_text(encoding="utf-8")))
print(n)
"""


def _env(checkout: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(checkout)
    return env


def _bytecode_env(checkout: Path, pycache: Path | None) -> dict[str, str]:
    """``_env``, bytecode cached in ``pycache``, or with none (every module compiled from
    source, ``PYTHONDONTWRITEBYTECODE``)."""
    env = _env(checkout)
    env.pop("PYTHONPYCACHEPREFIX", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if pycache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def start_rows(root: Path, other: Path | None, rounds: int = 5) -> list[tuple[str, ...]]:
    """CPU s, wall s and peak RSS of ``intake scrub --check`` on a one-line JSON file (median
    of ``rounds``; this checkout and ``other`` alternate in each round)."""
    one = root / "one.json"
    one.write_text('{"a": "x"}\n', encoding="utf-8")
    argv = [sys.executable, "-m", "intake", "scrub", "--check", str(one)]
    checkouts = {"this checkout": REPO, **({other.name: other} if other is not None else {})}
    rows: list[tuple[str, ...]] = []
    for mode, pycache in (("cached", root / "pycache"), ("from source", None)):
        envs = {name: _bytecode_env(path, pycache) for name, path in checkouts.items()}
        if pycache is not None:  # warm-up: compile every module once into the cache
            for env in envs.values():
                _timed(argv, root, env)
        runs: dict[str, list[tuple[float, float, int, str]]] = {name: [] for name in envs}
        for _ in range(rounds):
            for name, env in envs.items():
                runs[name].append(_timed(argv, root, env))
        for name, done in runs.items():
            cpu = sorted(r[1] for r in done)
            rows.append(
                (
                    name,
                    mode,
                    f"{statistics.median(cpu):.2f}",
                    f"{cpu[0]:.2f}-{cpu[-1]:.2f}",
                    f"{statistics.median(r[0] for r in done):.2f}",
                    f"{statistics.median(r[2] for r in done)}",
                )
            )
    return rows


def _timed(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float, int, str]:
    """Wall seconds, CPU seconds (user + sys) and peak RSS (MB) of one child, and the tail of
    its output."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        child = subprocess.Popen(argv, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode("utf-8", "replace").strip()[-300:]
    if child.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)}: exit {child.returncode}: {text}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024, text


def make_suite(root: Path, count: int) -> Path:
    from tests.support.promote_helpers import write_pair

    suite = root / f"suite{count}"
    (suite / "scenarios").mkdir(parents=True)
    (suite / "pyproject.toml").write_text(
        '[tool.intake]\ngithub_repo = "acme/agent"\nauthor = "drafter"\n', encoding="utf-8"
    )
    for n in range(count):
        write_pair(suite / "drafts", f"bench_case_{n:05d}")
    return suite


def main() -> None:
    args = sys.argv[1:]
    other: Path | None = None
    if "--checkout" in args:
        i = args.index("--checkout")
        other = Path(args[i + 1]).resolve()
        del args[i : i + 2]
    rounds = 3
    if "--rounds" in args:
        i = args.index("--rounds")
        rounds = int(args[i + 1])
        del args[i : i + 2]
    start_only = "--start-only" in args
    args = [a for a in args if a != "--start-only"]
    counts = [] if start_only else [int(a) for a in args] or [1000, 10000]
    py = sys.executable
    here = _env(REPO)
    rows: list[tuple[str, ...]] = []
    per_draft: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for count in counts:
            suite = make_suite(Path(tmp), count)
            commands = {
                "validate": ([py, "-m", "intake", "validate", "drafts"], here),
                "whole": ([py, "-c", WHOLE_TEXT, "drafts"], here),
                "check": ([py, "-m", "intake", "check"], here),
            }
            if other is not None and count <= 2000:
                commands["base"] = ([py, "-m", "intake", "check"], _env(other))
            times: dict[str, list[float]] = {name: [] for name in commands}
            for _ in range(rounds):  # interleaved: each round runs every command once
                for name, (argv, env) in commands.items():
                    times[name].append(_timed(argv, suite, env)[0])
            med = {name: statistics.median(t) for name, t in times.items()}
            anchor = med["validate"] + med["whole"]
            per_draft[count] = med["check"] / count
            rows.append((f"{count:,}", "intake validate drafts", f"{med['validate']:.2f}", "", ""))
            rows.append(
                (f"{count:,}", "whole-text scrubber, same files", f"{med['whole']:.2f}", "", "")
            )
            labels = {"check": "intake check (this checkout)"}
            if other is not None:
                labels["base"] = f"intake check ({other.name})"
            for name, label in labels.items():
                if name in med:
                    rows.append(
                        (
                            f"{count:,}",
                            label,
                            f"{med[name]:.2f}",
                            f"{med[name] / med['validate']:.2f}x",
                            f"{med[name] / anchor:.2f}x",
                        )
                    )
        starts = start_rows(Path(tmp), other)

    if rows:
        print(
            "**`intake check` on N drafts with records** (`bench_check_scale.py`; wall seconds, "
            f"median of {rounds} interleaved rounds, new processes; "
            "target: check <= 1.5x validate + whole-text scrubber)\n"
        )
        print("| drafts | command | seconds | x validate | x (validate + whole-text scrubber) |")
        print("| --- | --- | --- | --- | --- |")
        for row in rows:
            print("| " + " | ".join(row) + " |")
    if len(per_draft) > 1:
        lo, hi = min(per_draft), max(per_draft)
        print(
            f"\n`check` per draft at {hi:,} / at {lo:,}: "
            f"{per_draft[hi] / per_draft[lo]:.2f} (1.00 = linear)"
        )
    print(
        "\n**A scrubbing process's start** (`intake scrub --check` on a one-line JSON file; "
        "median of 5 interleaved rounds; target: under 1 s CPU)\n"
    )
    print("| checkout | bytecode | CPU s (user + sys) | CPU s, 5 runs | wall s | peak RSS MB |")
    print("| --- | --- | --- | --- | --- | --- |")
    for row in starts:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
