"""Benchmark: CLI start-up and `intake validate` throughput. Prints a table.

Run: python tests/benchmarks/bench_foundation.py
Targets (issue 2): `intake --help` ≤ 1.5× `python -c "import typer"`; `intake validate` on
1,000 generated scenario files ≤ 2 s on a 2-core machine, and linear in file count.
Ratios are measured side by side in one run; absolute times on a shared machine are noisy.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCENARIO = """\
id: {id}
name: Generated case {n}
category: {category}
persona: casual_user
source:
  type: {source}
  link: https://github.com/acme/agent/issues/{n}
difficulty_rationale: Needs two facts from different pages of one document.
setup:
  index_documents:
    - corpus_doc: acme_q3_report
      path: eval/corpus/documents/acme_q3_report.md
turns:
  - turn: 1
    objective: Ask for the Q3 revenue figure
    user_message: What was our Q3 revenue?
    ground_truth:
      doc_id: acme_q3_report
      fact_id: q3_revenue
      expected_answer: $14.2 million
    success_criteria: States $14.2 million and cites the report
  - turn: 2
    objective: Ask how it compares with Q2
    success_criteria: Gives the growth rate from the report
"""


def make_suite(folder: Path, count: int) -> Path:
    scenarios = folder / "scenarios"
    for n in range(count):
        category = ("rag_quality", "memory", "tool_selection")[n % 3]
        target = scenarios / category / f"case_{n:05d}.yaml"
        target.parent.mkdir(parents=True, exist_ok=True)
        source = ("issue", "session", "hand")[n % 3]
        target.write_text(
            SCENARIO.format(id=f"case_{n:05d}", n=n, category=category, source=source),
            encoding="utf-8",
        )
    (folder / "pyproject.toml").write_text("[tool.intake]\n", encoding="utf-8")
    return scenarios


def wall(argv: list[str], cwd: Path, repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(argv, cwd=cwd, check=False, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def interleaved(commands: list[list[str]], cwd: Path, rounds: int = 11) -> list[float]:
    """Median wall time of each command, run alternately so that load hits both alike."""
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(rounds):
        for index, argv in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(argv, cwd=cwd, check=False, capture_output=True)
            times[index].append(time.perf_counter() - start)
    return [statistics.median(t) for t in times]


def main() -> None:
    intake = [sys.executable, "-m", "intake"]
    rows: list[tuple[str, str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        typer_s, help_s = interleaved(
            [[sys.executable, "-c", "import typer"], [*intake, "--help"]], root
        )
        rows.append(("python -c 'import typer'", f"{typer_s * 1000:.0f} ms", "baseline"))
        rows.append(
            (
                "intake --help",
                f"{help_s * 1000:.0f} ms",
                f"{help_s / typer_s:.2f}x (target <= 1.5x)",
            )
        )
        one = make_suite(root / "one", 1)
        one_s = wall([*intake, "validate", str(one)], root / "one")
        rows.append(("intake validate, 1 file", f"{one_s * 1000:.0f} ms", "includes start-up"))
        per_file = {}
        for count in (1000, 2000):
            scen = make_suite(root / f"s{count}", count)
            seconds = wall([*intake, "validate", str(scen)], root / f"s{count}", repeat=3)
            per_file[count] = (seconds - one_s) / count
            target = " (target <= 2 s)" if count == 1000 else ""
            rows.append(
                (f"intake validate, {count:,} files", f"{seconds:.2f} s", f"{target}".strip())
            )
        ratio = per_file[2000] / per_file[1000]
        rows.append(("per-file cost 2,000 vs 1,000", f"{ratio:.2f}x", "1.0x = linear"))
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}} | {'time':>9} | note")
    print(f"{'-' * width}-|-{'-' * 9}-|-----")
    for name, value, note in rows:
        print(f"{name:<{width}} | {value:>9} | {note}")


if __name__ == "__main__":
    main()
