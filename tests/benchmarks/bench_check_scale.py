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
(median of 5).
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
    counts = [int(a) for a in args] or [1000, 10000]
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
        one = Path(tmp) / "one.json"
        one.write_text('{"a": "x"}\n', encoding="utf-8")
        starts = [
            _timed([py, "-m", "intake", "scrub", "--check", str(one)], one.parent, here)
            for _ in range(5)
        ]
        bases = (
            [
                _timed([py, "-m", "intake", "scrub", "--check", str(one)], one.parent, _env(other))
                for _ in range(5)
            ]
            if other is not None
            else []
        )

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
        "median of 5)\n"
    )
    print("| checkout | CPU s (user + sys) | wall s | peak RSS MB |")
    print("| --- | --- | --- | --- |")
    for name, runs in (("this checkout", starts), (other.name if other else "", bases)):
        if runs:
            print(
                f"| {name} | {statistics.median(r[1] for r in runs):.2f} | "
                f"{statistics.median(r[0] for r in runs):.2f} | "
                f"{statistics.median(r[2] for r in runs)} |"
            )


if __name__ == "__main__":
    main()
