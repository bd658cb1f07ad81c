"""Issue benchmark: ``python tests/benchmarks/bench_issue.py [--runs 30]``.

Times parsing and drafting one issue, excluding the network and the scrubber's one-off import
(the scrubber is built once before timing, as it would be after the first draft):

* ``parse``: ``issue_parse.parse_issue`` alone, per body shape;
* ``build``: parse plus the scenario/observations/source (``issue_draft.build_issue_draft``);
* ``draft``: the whole ``draft_from_issue``: build, scrub, validate, atomic write, ledger.

Target: ``draft`` of a typical issue under 50 ms. Prints one table (median and max).
Not collected by pytest (file name ``bench_*.py``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from intake.config import load_settings  # noqa: E402
from intake.drafting.from_issue import build_issue_draft, draft_from_issue  # noqa: E402
from intake.drafting.issue_parse import parse_issue  # noqa: E402
from intake.scrub import get_scrubber  # noqa: E402
from intake.sources.github_issue import IssueData  # noqa: E402
from tests.support.issue_bodies import (  # noqa: E402
    BODY,  # noqa: E402
    BOLD_TEMPLATE,
    GAIA_BUG,
    GAIA_INTERNAL,
)

TARGET_MS = 50.0
BIG = '## Steps to reproduce\n1. Ask "x"\n\n```\n' + "ERROR at step 42\n" * 62_000 + "```\n"


def issue(number: int, body: str) -> IssueData:
    return IssueData(
        repo="acme/agent",
        issue={
            "number": number,
            "title": "[Bug]: Agent forgets uploaded file",
            "html_url": f"https://github.com/acme/agent/issues/{number}",
            "labels": [{"name": "bug"}],
            "body": body,
            "comments": 0,
        },
    )


def timed(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    fn()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples), max(samples)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()

    start = time.perf_counter()
    get_scrubber()
    warm_ms = (time.perf_counter() - start) * 1000

    bodies = {
        "gaia bug form (1.2 KB)": GAIA_BUG,
        "bold template (0.4 KB)": BOLD_TEMPLATE,
        "internal task (1.0 KB)": GAIA_INTERNAL,
        "bug with path+log (0.6 KB)": BODY,
        f"1 MB log body ({len(BIG) // 1024} KB)": BIG,
    }
    rows: list[tuple[str, str, float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "pyproject.toml").write_text(
            '[tool.intake]\ngithub_repo = "acme/agent"\nauthor = "bench"\n', encoding="utf-8"
        )
        settings = load_settings(root)
        for number, (name, body) in enumerate(bodies.items(), start=1):
            data = issue(number, body)
            rows.append(("parse", name, *timed(lambda b=body: parse_issue("t", b), args.runs)))
            rows.append(("build", name, *timed(lambda d=data: build_issue_draft(d), args.runs)))
            rows.append(
                (
                    "draft",
                    name,
                    *timed(lambda d=data: draft_from_issue(settings, d, force=True), args.runs),
                )
            )

    print(f"scrubber build (once, excluded): {warm_ms:.0f} ms; runs per row: {args.runs}")
    print(f"{'step':<6} {'body':<28} {'median ms':>10} {'max ms':>8}  target")
    for step, name, median, worst in rows:
        verdict = ""
        if step == "draft" and not name.startswith("1 MB"):
            verdict = "ok" if median < TARGET_MS else "OVER"
        print(f"{step:<6} {name:<28} {median:>10.2f} {worst:>8.2f}  {verdict}")


if __name__ == "__main__":
    main()
