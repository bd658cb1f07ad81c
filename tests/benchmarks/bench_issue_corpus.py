"""Drafts of real amd/gaia reports a reviewer keeps (``bench_issue_corpus.py [--held-out]``).

Scores ``from-issue``'s draft of every report in ``tests/data/gaia_issues/`` against the
reviewer's expected draft stored with it (``tests/support/issue_corpus.py``): the share whose turns,
first user message and criterion a reviewer keeps, and the share kept whole, on the tuning
reports and, with ``--held-out``, on the reports kept aside (by the URL's hash) until the
parser was done; ``kind``: of the reports that are no agent conversation, the share whose
flag names the reviewer's kind (install, ui, …). ``--list`` adds one line per report.
Prints one table; not collected by pytest.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.support.issue_corpus import reports, score, shares  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--held-out", action="store_true", help="score the held-out reports too")
    parser.add_argument("--list", action="store_true", help="one line per report")
    args = parser.parse_args()
    sides = [("tune", reports(held_out=False))]
    if args.held_out:
        sides.append(("held out", reports(held_out=True)))
    print(
        f"{'side':<9} {'reports':>7} {'agent':>5} {'turns':>7} {'message':>8} "
        f"{'criterion':>9} {'kept':>7} {'kind':>6}"
    )
    for name, side in sides:
        agent = sum(1 for r in side if r.expected["agent_conversation"])
        got = shares(side)
        print(
            f"{name:<9} {len(side):>7} {agent:>5} {got['turns']:>7.0%} {got['message']:>8.0%} "
            f"{got['criterion']:>9.0%} {got['kept']:>7.0%} {got['kind']:>6.0%}"
        )
    if args.list:
        for name, side in sides:
            for report in side:
                judged = score(report)
                mark = "kept" if judged.kept else "NOT KEPT"
                why = "; ".join(judged.why)
                print(
                    f"{name:<9} amd/gaia#{report.number:<5} {report.data['shape']:<34} "
                    f"{mark}{': ' + why if why else ''}"
                )


if __name__ == "__main__":
    main()
