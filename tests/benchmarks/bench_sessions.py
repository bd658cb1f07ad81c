"""Benchmark: ``from-session`` and ``sessions`` on a large Agent UI database.

Generates a GAIA-layout ``gaia_chat.db`` with 10,000 sessions and 200,000 messages (tool steps
on every assistant row), then measures, best of 5 runs:

* reading one session (open, resolve a prefix, load) and mapping it to a draft: target ≤ 0.2 s
  together, i.e. what ``from-session`` costs beyond the scrub;
* the scrub of the same draft, and the whole ``write_draft`` (scrub, validate, write, ledger),
  shown for context;
* ``sessions --limit 20``: target < 0.5 s.

Run: ``python tests/benchmarks/bench_sessions.py``
"""

from __future__ import annotations

import json
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from intake.config import load_settings  # noqa: E402
from intake.drafting.from_session import build_plan, list_sessions, read_session  # noqa: E402
from tests.support.gaia_db import FRESH, tool, when  # noqa: E402

SESSIONS = 10_000
MESSAGES = 200_000
RUNS = 5


def generate(path: Path) -> str:
    """The database; returns the id of a session in the middle."""
    rng = random.Random(7)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.executescript(FRESH)
    ids = [
        f"{rng.getrandbits(32):08x}-{i:04x}-4000-8000-{rng.getrandbits(48):012x}"
        for i in range(SESSIONS)
    ]
    conn.executemany(
        "INSERT INTO sessions (id, title, created_at, updated_at, model, agent_type, private) "
        "VALUES (?, ?, ?, ?, 'Gemma-4-E4B-it-GGUF', 'doc', ?)",
        [
            (sid, f"Session {n} about quarterly numbers", when(n), when(n), n % 10 == 0)
            for n, sid in enumerate(ids)
        ],
    )
    per = MESSAGES // SESSIONS
    steps = json.dumps([tool(1, "search_file"), tool(2, "query_specific_file", False, "x")])
    rows = []
    order = list(range(SESSIONS))
    rng.shuffle(order)
    for n in order:
        for k in range(per):
            role = "user" if k % 2 == 0 else "assistant"
            text = f"message {k} of session {n}: " + "lorem ipsum dolor sit amet " * 8
            stored = steps if role == "assistant" else None
            rows.append((ids[n], role, text, when(n + k / 100), stored))
    conn.executemany(
        "INSERT INTO messages (session_id, role, content, created_at, agent_steps) "
        "VALUES (?, ?, ?, ?, ?)",
        rows,
    )
    conn.commit()
    conn.close()
    return ids[SESSIONS // 2]


def best(fn: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "pyproject.toml").write_text(
            '[tool.intake]\nagent_ui_db = "gaia_chat.db"\nauthor = "bench"\n', encoding="utf-8"
        )
        db = root / "gaia_chat.db"
        start = time.perf_counter()
        target = generate(db)
        built = time.perf_counter() - start
        settings = load_settings(root, environ={})
        prefix = target[:8]

        read_s = best(lambda: read_session(settings, None, prefix))
        session = read_session(settings, None, prefix)
        map_s = best(lambda: build_plan(session, settings))
        both_s = best(lambda: build_plan(read_session(settings, None, prefix), settings))
        list_s = best(lambda: list_sessions(settings, None, 20))

        from intake.drafting.tail import write_draft
        from intake.scrub import get_scrubber, scrub_tree

        get_scrubber()
        plan = build_plan(session, settings)
        bundle = {
            "scenario": plan.scenario,
            "observations": plan.observations,
            "details": plan.source.details,
            "evidence": plan.evidence,
        }
        scrub_s = best(lambda: scrub_tree(bundle))

        def write() -> None:
            write_draft(settings, plan, force=True)

        write_s = best(write)

    rows = [
        ("generate DB (10,000 sessions, 200,000 messages)", built, None),
        ("from-session: read one session (open+resolve+load)", read_s, None),
        ("from-session: map session -> draft", map_s, None),
        ("from-session beyond scrub (read + map)", both_s, 0.2),
        ("  scrub of that draft and its evidence (context)", scrub_s, None),
        ("  write_draft: scrub+validate+write+ledger (context)", write_s, None),
        ("sessions --limit 20", list_s, 0.5),
    ]
    print(f"{'measure':<56} {'seconds':>9}  target")
    for name, seconds, target_s in rows:
        verdict = (
            ""
            if target_s is None
            else (f"<= {target_s:g} s {'ok' if seconds <= target_s else 'MISSED'}")
        )
        print(f"{name:<56} {seconds:>9.4f}  {verdict}")


if __name__ == "__main__":
    main()
