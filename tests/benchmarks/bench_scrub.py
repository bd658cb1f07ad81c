"""Scrubber benchmark: ``python tests/benchmarks/bench_scrub.py [--mb 1] [--big-mb 10]``.

Prints one table:
* this scrubber (Presidio, no_op engine) vs the same patterns and checks through plain ``regex``,
  side by side in one run, on the same 1 MB labelled transcript (recall, precision, MB/s);
* 1 MB vs 10 MB (linearity) and peak RSS;
* detect-secrets and scrubadub on the same text, when importable (install them only for the
  benchmark: ``pip install --target /tmp/benchdeps detect-secrets scrubadub``; this script adds
  /tmp/benchdeps to ``sys.path`` when present). Their rows are skipped cleanly otherwise.

Not collected by pytest (file name ``bench_*.py``).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from intake.scrub import Scrubber, get_scrubber  # noqa: E402
from tests.scrub_corpus import Corpus, build_corpus  # noqa: E402

Spans = list[tuple[int, int]]


def regex_baseline(scrubber: Scrubber) -> Callable[[str], Spans]:
    """The scrubber's own patterns and validators, run with plain ``regex`` (no Presidio)."""
    import regex

    compiled = []
    for rec in scrubber.analyzer.registry.recognizers:
        flags = rec.global_regex_flags or 0
        for pat in rec.patterns:
            compiled.append((rec, regex.compile(pat.regex, flags)))

    def run(text: str) -> Spans:
        cands = []
        from intake.scrub import _Candidate

        for rec, rx in compiled:
            for m in rx.finditer(text):
                s, e = m.span()
                if s == e:
                    continue
                v = text[s:e]
                if rec.validate_result(v) is False or rec.invalidate_result(v):
                    continue
                cands.append(_Candidate(rec.supported_entities[0], s, e, 0.5))
        return [(c.start, c.end) for c in scrubber._resolve(scrubber._tidy(text, cands))]

    return run


def presidio_scrubber(scrubber: Scrubber) -> Callable[[str], Spans]:
    return lambda text: [(f.start, f.end) for f in scrubber.find(text)]


def detect_secrets_tool() -> Callable[[str], Spans] | None:
    try:
        from detect_secrets.core.scan import scan_file
        from detect_secrets.settings import default_settings
    except ImportError:
        return None
    import os
    import tempfile

    def run(text: str) -> Spans:
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
            fh.write(text)
        spans: Spans = []
        line_starts = [0]
        for i, ch in enumerate(text):
            if ch == "\n":
                line_starts.append(i + 1)
        try:
            with default_settings():
                for secret in scan_file(fh.name):
                    ls = line_starts[secret.line_number - 1]
                    line = text[ls : text.find("\n", ls) if text.find("\n", ls) >= 0 else len(text)]
                    val = secret.secret_value or ""
                    j = line.find(val) if val else -1
                    if j >= 0:
                        spans.append((ls + j, ls + j + len(val)))
        finally:
            os.unlink(fh.name)
        return spans

    return run


def scrubadub_tool() -> Callable[[str], Spans] | None:
    try:
        import scrubadub
    except ImportError:
        return None
    scrubber = scrubadub.Scrubber()

    def run(text: str) -> Spans:
        return [(f.beg, f.end) for f in scrubber.iter_filth(text)]

    return run


def score(corpus: Corpus, spans: Spans) -> tuple[dict[str, float], float, int]:
    """Recall per kind (fully covered), precision (merged spans touching a planted value)."""
    spans = sorted(spans)
    merged: Spans = []
    for s, e in spans:
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    import bisect

    starts = [s for s, _ in merged]

    def covering(ps: int, pe: int) -> bool:
        i = bisect.bisect_right(starts, ps) - 1
        return i >= 0 and merged[i][1] >= pe

    hit: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for p in corpus.planted:
        total[p.kind] += 1
        hit[p.kind] += covering(p.start, p.end)
    recall = {k: 100.0 * hit[k] / total[k] for k in total}
    planted = sorted((p.start, p.end) for p in corpus.planted)
    pstarts = [s for s, _ in planted]
    true_pos = 0
    for s, e in merged:
        i = bisect.bisect_left(pstarts, e)
        if any(ps < e and s < pe for ps, pe in planted[max(0, i - 3) : i + 1]):
            true_pos += 1
    precision = 100.0 * true_pos / len(merged) if merged else 100.0
    return recall, precision, len(merged) - true_pos


def timed(fn: Callable[[str], Spans], text: str, repeat: int) -> tuple[float, Spans]:
    times = []
    spans: Spans = []
    for _ in range(repeat):
        t = time.perf_counter()
        spans = fn(text)
        times.append(time.perf_counter() - t)
    return statistics.median(times), spans


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=1.0)
    ap.add_argument("--big-mb", type=float, default=10.0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-compare", action="store_true", help="skip detect-secrets/scrubadub")
    args = ap.parse_args()
    extra = Path("/tmp/benchdeps")
    if extra.is_dir() and not args.no_compare:
        sys.path.append(str(extra))

    t0 = time.perf_counter()
    scrubber = get_scrubber()
    build_s = time.perf_counter() - t0
    corpus = build_corpus(int(args.mb * 1_000_000), seed=2024)
    mb = len(corpus.text.encode()) / 1e6

    rows = []
    tools: list[tuple[str, Callable[[str], Spans] | None, int]] = [
        ("intake (Presidio no_op)", presidio_scrubber(scrubber), args.repeat),
        ("same patterns, plain regex", regex_baseline(scrubber), args.repeat),
        ("detect-secrets", None if args.no_compare else detect_secrets_tool(), 1),
        ("scrubadub", None if args.no_compare else scrubadub_tool(), 1),
    ]
    for name, fn, repeat in tools:
        if fn is None:
            rows.append((name, None))
            continue
        secs, spans = timed(fn, corpus.text, repeat)
        recall, precision, fps = score(corpus, spans)
        rows.append((name, (secs, mb / secs, recall, precision, fps)))

    kinds = sorted({p.kind for p in corpus.planted})
    print(
        f"corpus: {mb:.2f} MB, {len(corpus.planted)} planted values of {len(kinds)} kinds, "
        f"{len(corpus.decoys)} decoys; engine build {build_s:.2f} s (incl. Presidio import)\n"
    )
    print(
        "| tool | MB/s | s per run | recall (mean over kinds) | kinds at 100% "
        "| precision | false positives |"
    )
    print("|---|---|---|---|---|---|---|")
    for name, res in rows:
        if res is None:
            print(f"| {name} | not installed (skipped) | | | | | |")
            continue
        secs, mbs, recall, precision, fps = res
        full = sum(v == 100.0 for v in recall.values())
        print(
            f"| {name} | {mbs:.2f} | {secs:.2f} | {statistics.mean(recall.values()):.1f} % "
            f"| {full}/{len(kinds)} | {precision:.1f} % | {fps} |"
        )
    base = dict(rows)
    if base["intake (Presidio no_op)"] and base["same patterns, plain regex"]:
        ratio = base["intake (Presidio no_op)"][1] / base["same patterns, plain regex"][1]
        print(f"\nintake / plain regex throughput: {ratio:.2f}x (target >= 0.7x)")

    print("\nrecall per kind (%):\n")
    present = [(n, r) for n, r in rows if r is not None]
    print("| kind | " + " | ".join(n for n, _ in present) + " |")
    print("|---|" + "---|" * len(present))
    for k in kinds:
        print(f"| {k} | " + " | ".join(f"{r[2][k]:.0f}" for _, r in present) + " |")

    big = build_corpus(int(args.big_mb * 1_000_000), seed=2025)
    small_s, _ = timed(presidio_scrubber(scrubber), corpus.text, 1)
    t = time.perf_counter()
    scrubber.scrub_text(big.text)
    big_s = time.perf_counter() - t
    big_mb = len(big.text.encode()) / 1e6
    print(
        f"\nlinearity: scrub_text on {big_mb:.1f} MB took {big_s:.2f} s "
        f"({big_mb / big_s:.2f} MB/s); find on {mb:.1f} MB took {small_s:.2f} s; "
        f"ratio {big_s / small_s:.1f}x for {big_mb / mb:.1f}x the text"
    )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS: {rss:.0f} MB (target < 300 MB)")


if __name__ == "__main__":
    main()
