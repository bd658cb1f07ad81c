"""Per-class precision and recall of ``intake health`` on generated histories of known truth
(``tests/support/health_generator.py``) at 3, 7, 14 and 17 nights, two seeds: the table in
docs/benchmarks.md and docs/health.md.

    PYTHONPATH=. python tests/benchmarks/bench_health_truth.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.support.health_truth import score, table  # noqa: E402


def main() -> None:
    for seed in (7, 99):
        print(f"seed {seed}: 240 scenarios (40 per class, 20 near a bar, 10 never judged, "
              "10 stale); nightly 1 iteration a model, weekly 3")
        print(table([score(n, seed=seed) for n in (3, 7, 14, 17)]))
        print()


if __name__ == "__main__":
    main()
