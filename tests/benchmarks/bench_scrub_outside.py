"""Scrubber on material from outside: ``python tests/benchmarks/bench_scrub_outside.py``.

The corpus is the public secret scanners' own examples (gitleaks' rule tests in gitleaks' own
context templates, detect-secrets' plugin-test lines), built by
``tests/outside_corpus/build_outside_corpus.py``; it is not in the repository (see
``tests/outside_corpus/SOURCE.md``). Looked for in ``--corpus``, else ``$INTAKE_OUTSIDE_CORPUS``,
else ``tests/outside_corpus/build``, else ``outside_corpus`` in the ``shared/`` folder beside the
repository.

Prints, for intake (``scrub_file_text``, as ``intake scrub`` treats a file), the same patterns
through plain ``regex``, detect-secrets 1.5.0 and scrubadub 2.0.1 side by side: recall over
occurrences, kinds complete (every occurrence of the kind found), decoys kept (the scanners'
false-positive examples left exactly as they were); for intake also idempotence (a second scrub
changes nothing), JSON/YAML still parsing, files failing closed, and throughput. Then intake's
recall per document and its missed kinds (the classes still to fix). detect-secrets and
scrubadub are imported from /tmp/benchdeps when present (``pip install --target /tmp/benchdeps
detect-secrets==1.5.0 scrubadub==2.0.1``), as in ``bench_scrub.py``; rows are skipped otherwise.

Not collected by pytest (file name ``bench_*.py``).
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from intake.errors import ScrubError  # noqa: E402
from intake.scrub import Scrubber, get_scrubber  # noqa: E402
from intake.scrub.files import scrub_file_text  # noqa: E402
from tests.benchmarks.bench_scrub import regex_baseline, scrubadub_tool  # noqa: E402

Spans = list[tuple[int, int]]


def corpus_dir(given: Path | None = None) -> Path | None:
    """Where the built outside corpus is (``manifest.json`` inside), or None."""
    env = os.environ.get("INTAKE_OUTSIDE_CORPUS")
    for cand in (
        given,
        Path(env) if env else None,
        ROOT / "tests" / "outside_corpus" / "build",
        ROOT.parent / "shared" / "outside_corpus",
    ):
        if cand is not None and (cand / "manifest.json").is_file():
            return cand
    return None


@dataclass
class Doc:
    name: str
    format: str
    text: str
    planted: list[dict[str, Any]]
    decoys: list[dict[str, Any]]


def load(folder: Path) -> tuple[dict[str, Any], list[Doc]]:
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    docs = [
        Doc(
            d["name"],
            d["format"],
            (folder / d["name"]).read_text(encoding="utf-8"),
            d["planted"],
            d["decoys"],
        )
        for d in manifest["documents"]
    ]
    return manifest, docs


@dataclass
class Score:
    found: dict[str, list[bool]] = field(default_factory=lambda: defaultdict(list))
    decoys: list[bool] = field(default_factory=list)
    own_decoys: list[bool] = field(default_factory=list)
    """Decoys that no other rule of the example's own scanner flags (see whole_scanner.py)."""
    per_doc: dict[str, tuple[int, int]] = field(default_factory=dict)
    idempotent: int = 0
    parses: int = 0
    structured: int = 0
    failed_closed: list[str] = field(default_factory=list)
    changed_decoys: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def occurrences(self) -> float:
        oks = [ok for v in self.found.values() for ok in v]
        return 100.0 * sum(oks) / max(1, len(oks))

    @property
    def kinds_complete(self) -> int:
        return sum(all(v) for v in self.found.values())

    @property
    def decoys_kept(self) -> float:
        return 100.0 * sum(self.decoys) / max(1, len(self.decoys))

    @property
    def own_decoys_kept(self) -> float:
        return 100.0 * sum(self.own_decoys) / max(1, len(self.own_decoys))

    def add_decoy(self, decoy: dict[str, Any], kept: bool) -> None:
        self.decoys.append(kept)
        if not decoy.get("flagged_by"):
            self.own_decoys.append(kept)


def _covered(spans: Spans) -> Callable[[int, int], bool]:
    merged: Spans = []
    for s, e in sorted(spans):
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    starts = [s for s, _ in merged]

    def covering(ps: int, pe: int) -> bool:
        i = bisect.bisect_right(starts, ps) - 1
        return i >= 0 and merged[i][1] >= pe

    return covering


def _touched(spans: Spans, s: int, e: int) -> bool:
    return any(a < e and s < b for a, b in spans)


def score_spans(docs: list[Doc], tool: Callable[[Doc], Spans]) -> Score:
    """Recall and decoys of a tool that reports spans in the original text."""
    out = Score()
    for doc in docs:
        t = time.perf_counter()
        spans = tool(doc)
        out.seconds += time.perf_counter() - t
        covering = _covered(spans)
        hits = 0
        for p in doc.planted:
            ok = covering(p["start"], p["end"])
            out.found[p["kind"]].append(ok)
            hits += ok
        out.per_doc[doc.name] = (hits, len(doc.planted))
        for d in doc.decoys:
            out.add_decoy(d, not _touched(spans, d["start"], d["end"]))
    return out


def _parses(name: str, text: str) -> bool:
    from intake.contract.yamlio import load_document

    try:
        if name.endswith(".json"):
            json.loads(text)
        else:
            load_document(text)
    except Exception:
        return False
    return True


def score_intake(docs: list[Doc], scrubber: Scrubber) -> tuple[Score, dict[str, list[str]]]:
    """intake as it treats a file: ``scrub_file_text``; judged on the text it would write."""
    out = Score()
    missed: dict[str, list[str]] = defaultdict(list)
    for doc in docs:
        path = Path(doc.name)
        t = time.perf_counter()
        try:
            text = scrub_file_text(path, doc.text, scrubber=scrubber).text
        except ScrubError:
            out.failed_closed.append(doc.name)
            text = doc.text
        out.seconds += time.perf_counter() - t
        hits = 0
        for p in doc.planted:
            ok = doc.name not in out.failed_closed and p["value"] not in text
            out.found[p["kind"]].append(ok)
            hits += ok
            if not ok:
                missed[p["kind"]].append(doc.name)
        out.per_doc[doc.name] = (hits, len(doc.planted))
        for d in doc.decoys:
            kept = doc.text[d["start"] : d["end"]] in text
            out.add_decoy(d, kept)
            if not kept:
                out.changed_decoys.append((doc.name, d))
        if doc.name not in out.failed_closed:
            try:
                again = scrub_file_text(path, text, scrubber=scrubber).text
                out.idempotent += again == text
            except ScrubError:
                pass
        if doc.format in ("json", "yaml") and _parses(doc.name, doc.text):
            out.structured += 1
            out.parses += _parses(doc.name, text)
    return out, missed


def detect_secrets_on_docs() -> Callable[[Doc], Spans] | None:
    """detect-secrets' default plugins on each document, written with its own suffix."""
    try:
        from detect_secrets.core.scan import scan_file  # type: ignore[import-not-found]
        from detect_secrets.settings import default_settings  # type: ignore[import-not-found]
    except ImportError:
        return None

    def run(doc: Doc) -> Spans:
        suffix = Path(doc.name).suffix or ".txt"
        with tempfile.NamedTemporaryFile("w", suffix=suffix, delete=False) as fh:
            fh.write(doc.text)
        starts = [0] + [i + 1 for i, ch in enumerate(doc.text) if ch == "\n"]
        spans: Spans = []
        try:
            with default_settings():
                for secret in scan_file(fh.name):
                    ls = starts[secret.line_number - 1]
                    end = doc.text.find("\n", ls)
                    line = doc.text[ls : end if end >= 0 else len(doc.text)]
                    val = secret.secret_value or ""
                    j = line.find(val) if val else -1
                    if j >= 0:
                        spans.append((ls + j, ls + j + len(val)))
        finally:
            os.unlink(fh.name)
        return spans

    return run


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", type=Path)
    ap.add_argument("--no-compare", action="store_true", help="skip detect-secrets/scrubadub")
    ap.add_argument("--misses", type=int, default=60, help="missed kinds to list")
    ap.add_argument(
        "--scrubbers", type=Path, help="another scrubbers/ folder (e.g. without providers.yaml)"
    )
    args = ap.parse_args()
    folder = corpus_dir(args.corpus)
    if folder is None:
        print("outside corpus not built (see tests/outside_corpus/SOURCE.md); nothing measured")
        return 2
    extra = Path("/tmp/benchdeps")
    if extra.is_dir() and not args.no_compare:
        sys.path.append(str(extra))
    manifest, docs = load(folder)
    scrubber = get_scrubber(scrubbers_dir=args.scrubbers)
    planted = sum(len(d.planted) for d in docs)
    kinds = {p["kind"] for d in docs for p in d.planted}
    mb = sum(len(d.text.encode()) for d in docs) / 1e6
    sources = ", ".join(f"{k} {v['commit'][:12]}" for k, v in manifest["sources"].items())
    if args.scrubbers:
        print(f"scrubbers folder: {args.scrubbers.name} (not the packaged one)")
    print(
        f"outside corpus ({sources}): {len(docs)} documents, {mb:.2f} MB, {planted} planted "
        f"values of {len(kinds)} kinds, {sum(len(d.decoys) for d in docs)} decoys "
        f"(the scanners' false-positive examples)\n"
    )
    intake, missed = score_intake(docs, scrubber)
    plain = regex_baseline(scrubber)
    rows: list[tuple[str, Score | None]] = [
        ("intake (scrub_file_text)", intake),
        ("same patterns, plain regex", score_spans(docs, lambda d: plain(d.text))),
    ]
    ds = None if args.no_compare else detect_secrets_on_docs()
    rows.append(("detect-secrets 1.5.0", score_spans(docs, ds) if ds else None))
    sd = None if args.no_compare else scrubadub_tool()
    rows.append(("scrubadub 2.0.1", score_spans(docs, lambda d, f=sd: f(d.text)) if sd else None))
    own = sum(1 for d in docs for x in d.decoys if not x.get("flagged_by"))
    print(
        "| tool | recall (occurrences) | kinds complete | decoys kept (all) "
        f"| decoys kept (the {own} no other rule of their scanner flags) | MB/s |"
    )
    print("|---|---|---|---|---|---|")
    for name, sc in rows:
        if sc is None:
            print(f"| {name} | not installed (skipped) | | | | |")
            continue
        print(
            f"| {name} | {sc.occurrences:.1f} % | {sc.kinds_complete}/{len(kinds)} "
            f"| {sc.decoys_kept:.1f} % | {sc.own_decoys_kept:.1f} % "
            f"| {mb / max(sc.seconds, 1e-9):.2f} |"
        )
    print(
        f"\nintake: idempotent on {intake.idempotent}/{len(docs) - len(intake.failed_closed)} "
        f"documents; JSON/YAML still parse {intake.parses}/{intake.structured} (of those that "
        f"parsed before); files failing "
        f"closed {len(intake.failed_closed)}/{len(docs)}"
        + (f" ({', '.join(intake.failed_closed)})" if intake.failed_closed else "")
    )
    print("\nintake recall per document:\n")
    print("| document | found / planted |")
    print("|---|---|")
    for name, (hits, total) in sorted(intake.per_doc.items()):
        print(f"| {name} | {hits}/{total} ({100.0 * hits / max(1, total):.0f} %) |")
    ranked = sorted(missed.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    print(f"\nintake: {len(ranked)} kinds with a miss (misses, in how many documents):\n")
    for kind, where in ranked[: args.misses]:
        print(f"- {kind}: {len(where)} in {len(set(where))}")
    if len(ranked) > args.misses:
        rest = sum(len(w) for _, w in ranked[args.misses :])
        print(f"- ... {len(ranked) - args.misses} more kinds, {rest} misses")
    changed = [(n, d) for n, d in intake.changed_decoys if not d.get("flagged_by")]
    by_rule: dict[str, int] = defaultdict(int)
    for _, d in changed:
        by_rule[d["rule"]] += 1
    print(
        f"\nintake: {len(changed)} decoys changed that no other rule of their scanner flags "
        "(by the rule whose false positive it is):\n"
    )
    for rule, n in sorted(by_rule.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"- {rule}: {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
