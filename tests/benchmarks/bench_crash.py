"""Benchmark of the crash-safe writes and the bounded reader (not collected by pytest).

Run: ``python tests/benchmarks/bench_crash.py``. Prints a table: what one journaled unit (a
draft, its record and two ledger events) costs against the plain write it replaced, the
per-draft lock with its clean-up, and the bounded JSON reader (size check, nesting scan)
against a bare ``json.loads`` of the same file.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

PYPROJECT = '[tool.intake]\nscenarios_dir = "scenarios"\ndrafts_dir = "drafts"\n'


def per_op(fn: Callable[[int], object], n: int) -> float:
    """Mean wall time of ``fn(i)`` over ``n`` calls, in milliseconds (best of 3 rounds)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for i in range(n):
            fn(i)
        best = min(best, (time.perf_counter() - start) / n)
    return best * 1000


def main() -> None:
    from intake.config import load_settings
    from intake.fileio import atomic_write_all, read_json_input
    from intake.store.journal import Event, Unit, commit
    from intake.store.ledger import Ledger
    from intake.store.suite import draft_lock

    draft_text = "id: x\n" + "turns:\n" + "  - user_message: hello there\n" * 200
    record_text = json.dumps({"id": "x", "observations": ["y" * 80] * 200})
    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
        (root / "drafts").mkdir()
        (root / "scenarios").mkdir()
        settings = load_settings(root)

        def plain(i: int) -> None:
            path = root / "drafts" / f"plain_{i}.yaml"
            atomic_write_all([(path.with_suffix(".intake.json"), record_text), (path, draft_text)])
            with Ledger.open(settings.ledger) as ledger:
                ledger.append(Event("import", scenario_id=f"plain_{i}", detail={}))
                ledger.append(Event("scrub", scenario_id=f"plain_{i}", detail={}))

        def journaled(i: int) -> None:
            path = root / "drafts" / f"unit_{i}.yaml"
            commit(
                settings,
                Unit(
                    "draft",
                    f"unit_{i}",
                    writes=[(path.with_suffix(".intake.json"), record_text), (path, draft_text)],
                    events=[Event("import", None, None, {}), Event("scrub", None, None, {})],
                ),
            )

        def locked(i: int) -> None:
            with draft_lock(settings, f"lock_{i % 10}", doing="bench"):
                pass

        n = 40
        rows.append(("draft + record + 2 events, plain writes", f"{per_op(plain, n):.2f} ms"))
        unit = per_op(journaled, n)
        rows.append(("draft + record + 2 events, one journaled unit", f"{unit:.2f} ms"))
        lock = per_op(locked, 200)
        rows.append(("per-draft lock, take and release (file removed)", f"{lock:.3f} ms"))

        turns = [{"text": "x" * 200, "n": 1}] * 20
        doc = {"scenarios": [{"turns": turns, "id": k} for k in range(4000)]}
        big = root / "scorecard.json"
        big.write_text(json.dumps(doc), encoding="utf-8")
        size = big.stat().st_size / 1024 / 1024
        bare = per_op(lambda _: json.loads(big.read_bytes()), 3)
        bounded = per_op(lambda _: read_json_input(big, what="scorecard"), 3)
        rows.append((f"json.loads of a {size:.0f} MB scorecard", f"{bare:.0f} ms"))
        rows.append((f"read_json_input of the same ({size:.0f} MB)", f"{bounded:.0f} ms"))

    width = max(len(r[0]) for r in rows)
    print(f"{'operation'.ljust(width)}  time")
    for name, value in rows:
        print(f"{name.ljust(width)}  {value}")


if __name__ == "__main__":
    main()
