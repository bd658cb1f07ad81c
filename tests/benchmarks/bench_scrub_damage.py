"""Damage on a tree that holds almost nothing private: ``bench_scrub_damage.py TREE``.

GAIA's own repository is the material intake scrubs next to most, and almost every replacement
in it is damage (a path with no user in it, code beside a secret word). This prints, for each
rule (entity type), the replacements per MB of the tree's text files (the suffixes of
``bench_scrub_tree.py``), each file scrubbed as one text (``Scrubber.scrub_text``).

The files are split by a hash of their path into a **tune** part (70 %) and a **held-out**
part (30 %): rules are tuned by looking at the tune part only, and the held-out figure is the
one that says what the rules do on material they were not tuned on. ``--sample N`` prints N
replacements drawn at random (a fixed seed) from the part given with ``--part``, each with
its rule and the line around it, for classifying by hand (the numbers of the sample are in
``docs/benchmarks.md``). ``--json`` prints every replacement as one JSON line instead.

It also times, in the same run, the intake scan against a plain ``regex`` pass with the same
patterns over the same texts (``--speed``): the ratio of the two is the speed target (≥ 0.7×).
``--formats`` scores the formats corpus (``tests/support/formats_corpus.py``: planted values
replaced,
non-secret decoys kept, idempotence, files failing closed) by part, beside the damage figures.
``--checkout DIR`` measures another intake checkout (an older commit, unpacked with
``git archive``) on the same files, so before and after come from the same material.

Not collected by pytest (file name ``bench_*.py``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))

from bench_scrub_tree import tree_files  # noqa: E402


def part_of(relative: str) -> str:
    """``tune`` or ``held-out``: the first byte of the path's SHA-256, 70/30."""
    return "tune" if hashlib.sha256(relative.encode("utf-8")).digest()[0] < 179 else "held-out"


def load(tree: Path) -> list[tuple[str, str, str]]:
    """``(relative path, part, text)`` for every text file of ``tree``."""
    out = []
    for path in tree_files(tree):
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        rel = path.relative_to(tree).as_posix()
        out.append((rel, part_of(rel), text))
    return out


def replacements(files: list[tuple[str, str, str]]) -> list[dict[str, object]]:
    """Every replacement the scrubber makes in ``files``, with its rule and line."""
    from intake.scrub import get_scrubber

    scrubber = get_scrubber()
    out: list[dict[str, object]] = []
    for rel, part, text in files:
        for f in scrubber.find(text):
            line_start = text.rfind("\n", 0, f.start) + 1
            line_end = text.find("\n", f.end)
            line_end = len(text) if line_end < 0 else line_end
            out.append(
                {
                    "file": rel,
                    "part": part,
                    "rule": f.entity_type,
                    "value": text[f.start : f.end],
                    "line": text.count("\n", 0, f.start) + 1,
                    "context": text[max(line_start, f.start - 80) : min(line_end, f.end + 80)],
                }
            )
    return out


def speed(files: list[tuple[str, str, str]], rounds: int) -> tuple[float, float]:
    """Median seconds of intake's ``find`` and of plain regex, interleaved in one process."""
    from bench_scrub import regex_baseline

    from intake.scrub import get_scrubber

    scrubber = get_scrubber()
    plain_run = regex_baseline(scrubber)
    texts = [t for _, _, t in files]
    ours, plain = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        for t in texts:
            scrubber.find(t)
        ours.append(time.perf_counter() - started)
        started = time.perf_counter()
        for t in texts:
            plain_run(t)
        plain.append(time.perf_counter() - started)
    return statistics.median(ours), statistics.median(plain)


def formats(rows: list[tuple[str, object]]) -> None:
    """The formats corpus, scored by part (``tests/support/formats_corpus.py``)."""
    from intake.scrub import get_scrubber, scrub_file_text
    from tests.support.formats_corpus import Document, build_documents, score

    scrubber = get_scrubber()

    def run(doc: Document) -> str:
        return scrub_file_text(Path(doc.name), doc.text, scrubber=scrubber).text

    result = score(build_documents(), run)
    print(
        "\n| formats corpus | documents | in-spec values replaced | non-secret decoys kept "
        "| idempotent | failing closed |"
    )
    print("|---|---|---|---|---|---|")
    for part, sc in result.items():
        print(
            f"| {part} | {sc.documents} | {sc.replaced}/{sc.planted} "
            f"({100 * sc.replaced / max(sc.planted, 1):.1f} %) | {sc.kept}/{sc.decoys} "
            f"({100 * sc.kept / max(sc.decoys, 1):.1f} %) | {sc.idempotent}/{sc.documents} "
            f"| {sc.failed_closed} |"
        )
    for part, sc in result.items():
        for name, what, kind in sc.misses:
            rows.append((part, f"{what}: {kind} in {name}"))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("tree", type=Path)
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--part", default="tune", choices=["tune", "held-out", "all"])
    ap.add_argument("--seed", type=int, default=29)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--speed", type=int, default=0, help="rounds of the speed comparison")
    ap.add_argument("--formats", action="store_true", help="also score the formats corpus")
    ap.add_argument("--checkout", type=Path, help="measure this intake checkout instead")
    args = ap.parse_args()
    if args.checkout:
        sys.path.insert(0, str(args.checkout.resolve()))
        for name in [m for m in sys.modules if m == "intake" or m.startswith("intake.")]:
            del sys.modules[name]
    files = load(args.tree)
    found = replacements(files)
    if args.json:
        for r in found:
            print(json.dumps(r, ensure_ascii=False))
        return 0
    mb = {p: sum(len(t) for _, q, t in files if q == p) / 1e6 for p in ("tune", "held-out")}
    counts = {p: Counter(str(r["rule"]) for r in found if r["part"] == p) for p in mb}
    n_files = Counter(p for _, p, _ in files)
    print(
        f"tree: {args.tree.name}; tune {n_files['tune']} files, {mb['tune']:.2f} MB; "
        f"held-out {n_files['held-out']} files, {mb['held-out']:.2f} MB\n"
    )
    print("| rule | tune: replacements | per MB | held-out: replacements | per MB |")
    print("|---|---|---|---|---|")
    rules = sorted(set(counts["tune"]) | set(counts["held-out"]))
    for rule in rules + ["all"]:
        t = sum(counts["tune"].values()) if rule == "all" else counts["tune"][rule]
        h = sum(counts["held-out"].values()) if rule == "all" else counts["held-out"][rule]
        print(f"| {rule} | {t} | {t / mb['tune']:.1f} | {h} | {h / mb['held-out']:.1f} |")
    if args.sample:
        pool = [r for r in found if args.part == "all" or r["part"] == args.part]
        rng = random.Random(args.seed)
        picked = rng.sample(pool, min(args.sample, len(pool)))
        print(f"\nsample of {len(picked)} replacements ({args.part}, seed {args.seed}):\n")
        for i, r in enumerate(picked, 1):
            ctx = str(r["context"]).replace("\n", "⏎")
            print(f"{i:3} {r['rule']:<20} {r['file']}:{r['line']}  [{r['value']}]  {ctx}")
    if args.formats:
        misses: list[tuple[str, object]] = []
        formats(misses)
        for part, what in misses:
            print(f"  {part}: {what}")
    if args.speed:
        ours, plain = speed(files, args.speed)
        total = sum(mb.values())
        print(
            f"\nspeed, {args.speed} interleaved rounds over {total:.2f} MB: intake find "
            f"{total / ours:.2f} MB/s, plain regex {total / plain:.2f} MB/s, "
            f"ratio {plain / ours:.2f}x (target >= 0.7x)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
