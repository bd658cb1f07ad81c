"""Scrubber benchmark: ``python tests/benchmarks/bench_scrub.py [--mb 1] [--big-mb 10]``.

Prints:
* this scrubber (Presidio, no_op engine, fast path) vs the same patterns and checks through plain
  ``regex``, and vs the scrubber on Presidio's stock ``analyze`` path (``Scrubber(fast=False)``),
  on the same 1 MB labelled transcript (recall, precision, MB/s). The sides are timed in one
  run, interleaved round by round (who goes first rotates), ``--repeat`` rounds each; the table
  gives medians with min-max, and the ratio is the ratio of the medians (plus the median of the
  per-round ratios). This shared 2-core machine is noisy; single runs swing by 30 % or more.
  Everything runs in one process (no multiprocessing).
* ``scrub_text`` (detection + replacement) on 1 MB and on 10 MB (linearity);
* peak RSS of intake alone, measured in a fresh child process (``VmHWM``);
* with ``--rules``, only this: every user-name rule of ``scrubbers/user_names.yaml`` alone
  (``UserNameRule.finditer``) on texts of two sizes that hold its ``when`` strings (log lines,
  one long line of words, one long line of punctuation), least of three; the rules whose time
  grows faster than the text (a look-around that scans back or ahead at every position) head
  the table, with the ratio of their times (4.0 is linear, the large text being four times the
  small one);
* detect-secrets and scrubadub on the same text, when importable (install them only for the
  benchmark: ``pip install --target /tmp/benchdeps detect-secrets scrubadub``; this script adds
  /tmp/benchdeps to ``sys.path`` when present). Their rows are skipped cleanly otherwise.

Not collected by pytest (file name ``bench_*.py``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from intake.scrub import Scrubber, get_scrubber  # noqa: E402
from tests.support.scrub_corpus import Corpus, build_corpus  # noqa: E402
from tests.support.scrub_matrix import build_matrix  # noqa: E402
from tests.support.scrub_matrix import score as matrix_score  # noqa: E402

Spans = list[tuple[int, int]]


def regex_baseline(scrubber: Scrubber) -> Callable[[str], Spans]:
    """The scrubber's own patterns and validators, run with plain ``regex`` (no Presidio)."""
    import regex

    from intake.scrub.context import IntakeAssignedSecretRecognizer

    compiled: list[tuple[Any, regex.Pattern[str]]] = []
    recognizers: list[Any] = list(scrubber.analyzer.registry.recognizers)
    # The context recognizer is regexes plus code already (no Presidio inside): run it as is.
    direct = [r for r in recognizers if isinstance(r, IntakeAssignedSecretRecognizer)]
    for rec in recognizers:
        if rec in direct:
            continue
        flags = rec.global_regex_flags or 0
        for pat in rec.patterns:
            compiled.append((rec, regex.compile(pat.regex, flags)))

    def run(text: str) -> Spans:
        from intake.scrub.engine import Finding

        cands = []
        for rec in direct:
            for r in rec.analyze(text, []):
                cands.append(Finding(r.entity_type, r.start, r.end, 0.5))
        for rec, rx in compiled:
            for m in rx.finditer(text):
                s, e = m.span()
                if s == e:
                    continue
                v = text[s:e]
                if rec.validate_result(v) is False or rec.invalidate_result(v):
                    continue
                cands.append(Finding(rec.supported_entities[0], s, e, 0.5))
        return [(c.start, c.end) for c in scrubber._resolve(scrubber._tidy(text, cands))]

    return run


def presidio_scrubber(scrubber: Scrubber) -> Callable[[str], Spans]:
    return lambda text: [(f.start, f.end) for f in scrubber.find(text)]


def detect_secrets_tool() -> Callable[[str], Spans] | None:
    try:
        from detect_secrets.core.scan import scan_file  # type: ignore[import-not-found]
        from detect_secrets.settings import default_settings  # type: ignore[import-not-found]
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
        import scrubadub  # type: ignore[import-not-found]
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


def matrix_table(scrubber: Scrubber, tools: list[tuple[str, Callable[[str], Spans]]]) -> None:
    """Recall on ``tests/support/scrub_matrix.py`` per tool, per context and per kind; decoys
    kept."""
    cells = build_matrix()
    results = {name: matrix_score(cells, lambda c, fn=fn: fn(c.text)) for name, fn in tools}
    planted = [c for c in cells if c.spans]
    plain = [c for c in cells if not c.decoy]
    print(
        f"\nmatrix (tests/support/scrub_matrix.py): {len(cells)} documents, "
        f"{len(planted)} planted values "
        f"of {len({c.kind for c in planted})} kinds in {len({c.context for c in planted})} "
        f"contexts, {sum(c.decoy for c in cells)} decoy documents\n"
    )
    print("| tool | recall (values) | kinds at 100 % | decoys kept | text around kept |")
    print("|---|---|---|---|---|")
    for name, res in results.items():
        oks = [ok for v in res.found.values() for ok in v]
        by_kind: dict[str, list[bool]] = {}
        for (k, _), v in res.found.items():
            by_kind.setdefault(k, []).extend(v)
        full = sum(all(v) for v in by_kind.values())
        bad = set(res.failed_decoys)
        around = sum(1 for c in plain if (c.kind, c.context) in bad)
        print(
            f"| {name} | {100 * sum(oks) / len(oks):.1f} % | {full}/{len(by_kind)} "
            f"| {100 * res.decoys_kept / max(1, res.decoys):.1f} % "
            f"| {len(plain) - around}/{len(plain)} |"
        )
    once = [scrubber.scrub_text(c.text).text for c in cells]
    idem = sum(scrubber.scrub_text(o).text == o for o in once)
    clean = sum(not scrubber.find(o) for o in once)
    print(
        f"\nintake: scrub twice == once on {idem}/{len(cells)} documents; "
        f"the output re-scans clean on {clean}/{len(cells)}"
    )
    for title, key in (("context", 1), ("kind", 0)):
        print(f"\nrecall per {title} (%):\n")
        print(f"| {title} | " + " | ".join(results) + " |")
        print("|---|" + "---|" * len(results))
        for item in sorted({(c.kind, c.context)[key] for c in planted}):
            vals = []
            for res in results.values():
                oks = [ok for kc, v in res.found.items() if kc[key] == item for ok in v]
                vals.append(f"{100 * sum(oks) / len(oks):.0f}")
            print(f"| {item} | " + " | ".join(vals) + " |")


def timed(fn: Callable[[str], object], text: str, repeat: int) -> tuple[float, object]:
    times = []
    out: object = None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn(text)
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def interleaved(
    sides: list[tuple[str, Callable[[str], Spans]]], text: str, repeat: int
) -> dict[str, tuple[list[float], Spans]]:
    """Time every side ``repeat`` times, round-robin, rotating who goes first each round.

    Load from other processes on this shared machine drifts over seconds; interleaving gives
    every side the same share of each noisy stretch, and the medians ignore the outliers.
    """
    for _, fn in sides:  # warm-up: compiled-pattern caches, tldextract snapshot, allocator
        fn(text[:50_000])
    times: dict[str, list[float]] = {name: [] for name, _ in sides}
    spans: dict[str, Spans] = {}
    for i in range(repeat):
        k = i % len(sides)
        for name, fn in sides[k:] + sides[:k]:
            t = time.perf_counter()
            spans[name] = fn(text)
            times[name].append(time.perf_counter() - t)
    return {name: (times[name], spans[name]) for name, _ in sides}


def peak_rss_mb() -> float:
    """This process's peak RSS in MB.

    ``VmHWM`` from ``/proc/self/status`` where available: ``ru_maxrss`` survives ``exec`` on
    Linux, so in a child started by this (large) benchmark process it would report the parent's
    peak instead of the child's own.
    """
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    try:
        import resource
    except ImportError:
        return float("nan")
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def rss_child(mb: float, big_mb: float) -> None:
    """Run in a fresh process: peak RSS of intake alone (import, build, find + scrub_text)."""
    scrubber = get_scrubber()
    after_build = peak_rss_mb()
    text = build_corpus(int(mb * 1_000_000), seed=2024).text
    scrubber.find(text)
    scrubber.scrub_text(text)
    del text
    one = peak_rss_mb()
    big = build_corpus(int(big_mb * 1_000_000), seed=2025).text
    scrubber.scrub_text(big)
    ten = peak_rss_mb()
    print(f"{after_build:.0f} {one:.0f} {ten:.0f}")


def measure_rss(mb: float, big_mb: float) -> tuple[float, float, float] | None:
    import subprocess

    proc = subprocess.run(
        [sys.executable, __file__, "--rss-child", "--mb", str(mb), "--big-mb", str(big_mb)],
        capture_output=True,
        text=True,
        check=False,
    )
    try:
        a, b, c = (float(x) for x in proc.stdout.split())
    except ValueError:
        return None
    return a, b, c


_LOG_LINE = (
    "2024-01-01 12:00:00,123 INFO [main] org.example.Service - processed request id=42 in 12 ms"
    " for path /api/v1/items\n"
)
_FILLS = {"log lines": _LOG_LINE, "one line of words": "word ", "one line, punctuation": "a,b;c:d "}


def rule_scaling(small: int = 10_000, top: int = 15) -> None:
    """Each user-name rule alone on texts of ``small`` and ``4 * small`` characters holding its
    ``when`` strings at the start and in the middle: the slowest at the large size, and each
    one's ratio of times (4.0 is linear)."""
    from intake.scrub.definitions import user_name_rules

    def least(rule: Any, text: str) -> float:
        best = float("inf")
        for _ in range(3):
            t = time.perf_counter()
            rule.finditer(text)
            best = min(best, time.perf_counter() - t)
        return best

    rows: list[tuple[float, float, str, str]] = []
    for name, rule in user_name_rules().items():
        head = "\n".join(rule.when) + "\n" if rule.when else ""
        for shape, unit in _FILLS.items():
            times = []
            for size in (small, 4 * small):
                body = unit * (size // len(unit))
                half = len(body) // 2
                times.append(least(rule, head + body[:half] + head + body[half:]))
            rows.append((times[1], times[1] / max(times[0], 1e-6), name, shape))
    rows.sort(reverse=True)
    print(
        f"{len(user_name_rules())} rules x {len(_FILLS)} shapes, "
        f"{small:,} and {4 * small:,} characters"
    )
    print(f"{'rule':34s} {'text':24s} {'s at ' + format(4 * small, ','):>12s} {'ratio':>6s}")
    for large, ratio, name, shape in rows[:top]:
        print(f"{name:34s} {shape:24s} {large:12.4f} {ratio:6.1f}")
    total = sum(r[0] for r in rows)
    print(
        f"all rules, all shapes at {4 * small:,}: {total:.2f} s; "
        f"worst ratio {max(r[1] for r in rows):.1f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=1.0)
    ap.add_argument("--big-mb", type=float, default=10.0)
    ap.add_argument("--repeat", type=int, default=7, help="interleaved rounds per side")
    ap.add_argument("--no-compare", action="store_true", help="skip detect-secrets/scrubadub")
    ap.add_argument("--no-stock", action="store_true", help="skip the stock-Presidio row")
    ap.add_argument("--rss-child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--rules", action="store_true", help="only each user-name rule's scaling")
    args = ap.parse_args()
    if args.rules:
        rule_scaling()
        return
    if args.rss_child:
        rss_child(args.mb, args.big_mb)
        return
    extra = Path("/tmp/benchdeps")
    if extra.is_dir() and not args.no_compare:
        sys.path.append(str(extra))

    t0 = time.perf_counter()
    scrubber = get_scrubber()
    build_s = time.perf_counter() - t0
    corpus = build_corpus(int(args.mb * 1_000_000), seed=2024)
    mb = len(corpus.text.encode()) / 1e6

    intake_name = "intake (Presidio no_op, fast path)"
    regex_name = "same patterns, plain regex"
    stock_name = "intake, stock Presidio analyze path (fast=False)"
    sides: list[tuple[str, Callable[[str], Spans]]] = [
        (intake_name, presidio_scrubber(scrubber)),
        (regex_name, regex_baseline(scrubber)),
    ]
    if not args.no_stock:
        sides.append((stock_name, presidio_scrubber(Scrubber(fast=False))))
    timings = interleaved(sides, corpus.text, args.repeat)

    rows: list[tuple[str, tuple[list[float], Spans] | None]] = list(timings.items())
    tools: list[tuple[str, Callable[[str], Spans]]] = []
    for name, tool in (
        ("detect-secrets", None if args.no_compare else detect_secrets_tool()),
        ("scrubadub", None if args.no_compare else scrubadub_tool()),
    ):
        if tool is None:
            rows.append((name, None))
            continue
        tools.append((name, tool))
        t = time.perf_counter()
        spans = tool(corpus.text)
        rows.append((name, ([time.perf_counter() - t], spans)))

    kinds = sorted({p.kind for p in corpus.planted})
    print(
        f"corpus: {mb:.2f} MB, {len(corpus.planted)} planted values of {len(kinds)} kinds, "
        f"{len(corpus.decoys)} decoys; engine build {build_s:.2f} s (incl. Presidio import); "
        f"{args.repeat} interleaved rounds, single process\n"
    )
    print(
        "| tool | MB/s (median) | s per run: median [min-max] | recall (mean over kinds) "
        "| kinds at 100% | precision | false positives |"
    )
    print("|---|---|---|---|---|---|---|")
    scored: dict[str, dict[str, float]] = {}
    for name, res in rows:
        if res is None:
            print(f"| {name} | not installed (skipped) | | | | | |")
            continue
        times, spans = res
        med = statistics.median(times)
        recall, precision, fps = score(corpus, spans)
        scored[name] = recall
        full = sum(v == 100.0 for v in recall.values())
        spread = (
            f"{med:.3f} [{min(times):.3f}-{max(times):.3f}]" if len(times) > 1 else f"{med:.2f}"
        )
        print(
            f"| {name} | {mb / med:.2f} | {spread} | {statistics.mean(recall.values()):.1f} % "
            f"| {full}/{len(kinds)} | {precision:.1f} % | {fps} |"
        )

    t_intake, _ = timings[intake_name]
    t_regex, _ = timings[regex_name]
    ratio = statistics.median(t_regex) / statistics.median(t_intake)
    paired = statistics.median(r / i for r, i in zip(t_regex, t_intake, strict=True))
    print(
        f"\nintake / plain regex throughput, ratio of medians: {ratio:.2f}x "
        f"(median of per-round ratios {paired:.2f}x; target >= 0.7x)"
    )
    if stock_name in timings:
        t_stock, _ = timings[stock_name]
        print(
            f"fast path vs stock Presidio analyze: "
            f"{statistics.median(t_stock) / statistics.median(t_intake):.2f}x faster"
        )

    print("\nrecall per kind (%):\n")
    print("| kind | " + " | ".join(scored) + " |")
    print("|---|" + "---|" * len(scored))
    for k in kinds:
        print(f"| {k} | " + " | ".join(f"{r[k]:.0f}" for r in scored.values()) + " |")

    matrix_table(scrubber, [(n, fn) for n, fn in sides if n != stock_name] + tools)

    small_s, _ = timed(lambda t: scrubber.scrub_text(t), corpus.text, 3)
    big = build_corpus(int(args.big_mb * 1_000_000), seed=2025)
    big_mb = len(big.text.encode()) / 1e6
    big_s, _ = timed(lambda t: scrubber.scrub_text(t), big.text, 1)
    del big
    print(
        f"\nscrub_text (detect + replace): {mb:.1f} MB in {small_s:.2f} s "
        f"({mb / small_s:.2f} MB/s, median of 3); {big_mb:.1f} MB in {big_s:.2f} s "
        f"({big_mb / big_s:.2f} MB/s); linearity {big_s / small_s:.1f}x the time "
        f"for {big_mb / mb:.1f}x the text"
    )
    rss = measure_rss(args.mb, args.big_mb)
    if rss is None:
        print("peak RSS: measurement failed")
    else:
        print(
            f"peak RSS, intake alone in a fresh process (target < 300 MB): {rss[0]:.0f} MB after "
            f"import+build, {rss[1]:.0f} MB after {mb:.0f} MB find+scrub_text, "
            f"{rss[2]:.0f} MB after {big_mb:.0f} MB scrub_text "
            f"(whole benchmark process: {peak_rss_mb():.0f} MB)"
        )


if __name__ == "__main__":
    main()
