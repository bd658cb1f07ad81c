"""Per-class precision and recall of ``intake health`` on generated histories of known truth
(``tests/support/health_generator.py``) at 3, 7, 14 and 17 nights, and bugs caught before the fix
against the truth (git ancestry in the history's clone, and the runs' starts alone): the
tables in docs/benchmarks.md and docs/health.md.

Seeds 7 and 99 are the ones the decisions were developed on (``tests/test_health_truth.py``);
2026 and 4242 were never used for tuning and are printed first.

    PYTHONPATH=. python tests/benchmarks/bench_health_truth.py [SEED ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.support.health_truth import score, table  # noqa: E402

HELD_OUT = (2026, 4242)
TUNED = (7, 99)


def main(argv: list[str]) -> None:
    seeds = [int(a) for a in argv] or [*HELD_OUT, *TUNED]
    for seed in seeds:
        kind = "never used for tuning" if seed not in TUNED else "used while developing"
        print(
            f"seed {seed} ({kind}): 260 scenarios (40 per class, 20 near a bar, 10 never "
            "judged, 10 stale, 10 added the night their bug's fix merged, 5 open or not "
            "planned, 5 bugs not reproduced); nightly 1 iteration a model, weekly 3; "
            "lab-box tests the previous night's commit"
        )
        print(table([score(n, seed=seed) for n in (3, 7, 14, 17)]))
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
