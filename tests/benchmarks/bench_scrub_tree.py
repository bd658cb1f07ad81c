"""Scrubber throughput on a real source tree: ``python tests/benchmarks/bench_scrub_tree.py TREE``.

The transcript benchmark (``bench_scrub.py``) plants a value every ~90 bytes, so its MB/s is
mostly the cost per finding. This one measures what intake spends on ordinary text: every
text file of a checked-out tree (GAIA's own repository is the one intake scrubs next to most:
``git clone https://github.com/amd/gaia``), each scrubbed as one text, as ``intake scrub``
treats a file (``scrub_file_text``: JSON and YAML parsed, values in them scanned). Prints files,
MB, values replaced, files failing closed, and seconds and MB/s (the median of ``--repeat``
rounds, min-max beside it).

``--base CHECKOUT`` times another intake checkout (an older commit, in a worktree) on the same
files in the same run, round by round alternately (a child process each, so the two never
share a module), and prints the ratio of the medians.

Not collected by pytest (file name ``bench_*.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SUFFIXES = {".py", ".md", ".yaml", ".yml", ".json", ".txt", ".toml", ".ts", ".tsx", ".js"}
SKIP_DIRS = {".git", "node_modules", "__pycache__", ".venv", "dist", "build"}
MAX_FILE = 2_000_000


def tree_files(tree: Path) -> list[Path]:
    """The text files of ``tree`` intake would scrub (by suffix), in a stable order."""
    out = []
    for path in sorted(tree.rglob("*")):
        if SKIP_DIRS.intersection(path.relative_to(tree).parts[:-1]):
            continue
        if (
            path.suffix in SUFFIXES
            and path.is_file()
            and not path.is_symlink()
            and path.stat().st_size <= MAX_FILE
        ):
            out.append(path)
    return out


def one_round(checkout: Path, tree: Path) -> dict[str, float]:
    """Scrub every file once in this process (``checkout``'s intake) and time it."""
    sys.path.insert(0, str(checkout))
    from intake.errors import ScrubError
    from intake.scrub import get_scrubber, scrub_file_text

    scrubber = get_scrubber()
    texts = []
    for path in tree_files(tree):
        try:
            texts.append((path, path.read_text(encoding="utf-8")))
        except (UnicodeDecodeError, OSError):
            continue
    scrub_file_text(texts[0][0], texts[0][1], scrubber=scrubber)  # warm the pattern caches
    findings = failed = 0
    started = time.perf_counter()
    for path, text in texts:
        try:
            findings += len(scrub_file_text(path, text, scrubber=scrubber).report.spans)
        except ScrubError:  # a file that fails closed still took its time
            failed += 1
    seconds = time.perf_counter() - started
    chars = sum(len(t) for _, t in texts)
    return {
        "files": len(texts),
        "mb": chars / 1e6,
        "findings": findings,
        "failed": failed,
        "seconds": seconds,
    }


def _child(checkout: Path, tree: Path) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, __file__, str(tree), "--round", str(checkout)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(checkout)},
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("tree", type=Path)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--base", type=Path, help="another intake checkout, timed alternately")
    ap.add_argument("--round", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.round:
        print(json.dumps(one_round(args.round, args.tree)))
        return 0
    if not args.tree.is_dir():
        print(f"error: no such folder: {args.tree}", file=sys.stderr)
        return 2
    sides = [("this checkout", ROOT)] + ([("--base", args.base.resolve())] if args.base else [])
    runs: dict[str, list[dict[str, float]]] = {name: [] for name, _ in sides}
    for i in range(args.repeat):
        order = sides if i % 2 == 0 else list(reversed(sides))
        for name, checkout in order:
            runs[name].append(_child(checkout, args.tree))
    first = runs["this checkout"][0]
    print(
        f"tree: {args.tree.name} ({int(first['files'])} text files, {first['mb']:.2f} MB); "
        f"{args.repeat} rounds, a fresh process each, sides alternating\n"
    )
    print(
        "| intake | values replaced | files failing closed | s per run: median [min-max] | MB/s |"
    )
    print("|---|---|---|---|---|")
    medians = {}
    for name, _ in sides:
        secs = [r["seconds"] for r in runs[name]]
        medians[name] = statistics.median(secs)
        findings, failed = int(runs[name][0]["findings"]), int(runs[name][0]["failed"])
        mbps = first["mb"] / medians[name]
        print(
            f"| {name} | {findings} | {failed} "
            f"| {medians[name]:.2f} [{min(secs):.2f}-{max(secs):.2f}] | {mbps:.2f} |"
        )
    if args.base:
        ratio = medians["--base"] / medians["this checkout"]
        print(f"\nthis checkout / --base throughput: {ratio:.2f}x (ratio of the medians)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
