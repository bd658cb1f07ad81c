"""Bounds on what one session becomes (issue 20, cases 5 and 6).

Sessions are GAIA-native ``gaia_chat.db`` files (``tests.support.gaia_native``, GAIA
src/gaia/ui/database.py L365-418 and L568-610) or the Python chat CLI's session JSON
(``{session_id, chat_history, indexed_documents}``). The limits are intake's own
(``intake.limits``): the tests read them, so a changed limit changes what is tested.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake import limits
from intake.cli import app
from intake.contract.yamlio import parse_checked
from intake.store.records import load_record
from tests.support.env import REPO
from tests.support.gaia_native import Clock, add_message, add_session, create_chat_db
from tests.support.promote_helpers import write_pair

SID = "5d1e0b7a-1111-4000-8000-000000000001"


def long_session(path: Path, turns: int, *, chars: int = 40) -> Path:
    """``turns`` turns of a user message (``chars`` long, numbered) and an answer."""
    conn = create_chat_db(path)
    clock = Clock()
    add_session(conn, SID, clock, title="Quarterly figures")
    for n in range(1, turns + 1):
        text = f"question {n} " + "x" * max(0, chars - 12)
        add_message(conn, SID, "user", text, clock)
        add_message(conn, SID, "assistant", f"answer {n}", clock)
    conn.close()
    return path


def files_in(suite: Path) -> list[str]:
    return sorted(str(p.relative_to(suite)) for p in (suite / "drafts").rglob("*") if p.is_file())


def test_turns_drafts_a_slice(suite: Path, runner: CliRunner, tmp_path: Path) -> None:
    db = long_session(tmp_path / "gaia_chat.db", 12)
    result = runner.invoke(app, ["from-session", SID, "--db", str(db), "--turns", "4-6"])
    assert result.exit_code == 0, result.stderr
    (draft,) = (suite / "drafts").glob("*.yaml")
    data = parse_checked(draft.read_bytes()).data
    assert [t["user_message"].split()[:2] for t in data["turns"]] == [
        ["question", "4"],
        ["question", "5"],
        ["question", "6"],
    ]
    record = load_record(draft.with_name(draft.stem + ".intake.json"))
    assert record.source.details["drafted_turns"] == "turns 4-6 of the session (--turns)"
    assert draft.stem.startswith("session_5d1e0b7a_turns_4_6_"), "a slice has an id of its own"


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("0-3", "numbered from 1"),
        ("5-2", "A <= B"),
        ("a-b", "--turns takes A-B"),
        ("13-14", "the session has only 12 turns"),
    ],
)
def test_bad_turns_are_usage_errors(
    suite: Path, runner: CliRunner, tmp_path: Path, given: str, message: str
) -> None:
    db = long_session(tmp_path / "gaia_chat.db", 12)
    result = runner.invoke(app, ["from-session", SID, "--db", str(db), "--turns", given])
    assert result.exit_code == 2 and message in result.stderr, result.stderr
    assert files_in(suite) == []


@pytest.mark.slow
def test_a_session_too_long_for_one_draft_is_refused_before_scrubbing(
    suite: Path, tmp_path: Path
) -> None:
    """300 long messages (the issue's 5.7 MB session) made a 6.2 MB draft validate rejected."""
    per = limits.MAX_MESSAGE_CHARS - 100
    turns = limits.MAX_DRAFT_TEXT_BYTES // per + 20
    db = long_session(tmp_path / "gaia_chat.db", turns, chars=per)
    done = subprocess.run(
        [sys.executable, "-m", "intake", "from-session", SID, "--db", str(db)],
        cwd=suite,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 2, done.stderr
    first, hint = done.stderr.splitlines()[:2]
    assert first.startswith("error: the session holds more than") and "nothing was" in first
    assert hint.startswith("hint: draft a slice with --turns A-B")
    assert "Traceback" not in done.stderr
    assert files_in(suite) == []
    assert not (suite / ".intake" / "ledger.db").exists() or "import" not in (
        (suite / ".intake" / "ledger.db").read_bytes().decode("latin-1")
    )
    # the same session, one slice at a time, drafts and validates
    ok = subprocess.run(
        [sys.executable, "-m", "intake", "from-session", SID, "--db", str(db), "--turns", "1-20"],
        cwd=suite,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert ok.returncode == 0, ok.stderr
    valid = subprocess.run(
        [sys.executable, "-m", "intake", "validate"],
        cwd=suite,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert valid.returncode == 0, valid.stdout


def test_more_turns_than_a_draft_holds_is_refused(
    suite: Path, runner: CliRunner, tmp_path: Path
) -> None:
    db = long_session(tmp_path / "gaia_chat.db", limits.MAX_DRAFT_TURNS + 1, chars=20)
    result = runner.invoke(app, ["from-session", SID, "--db", str(db)])
    assert result.exit_code == 2
    assert f"more than {limits.MAX_DRAFT_TURNS} turns" in result.stderr
    assert "--turns" in result.stderr
    assert files_in(suite) == []


def chat_json(path: Path, documents: list[str]) -> Path:
    path.write_text(
        json.dumps(
            {
                "session_id": "session_20260101_120000",
                "created_at": "2026-01-01T12:00:00",
                "indexed_documents": documents,
                "chat_history": [
                    {"role": "user", "content": "summarise the report"},
                    {"role": "assistant", "content": "done"},
                ],
            }
        ),
        encoding="utf-8",
    )
    return path


@pytest.mark.skipif(
    not hasattr(os, "mkfifo") or not Path("/proc/self/status").exists(),
    reason="FIFOs and /proc are POSIX",
)
def test_indexed_documents_are_read_only_under_the_bounded_readers_rules(
    suite: Path, tmp_path: Path
) -> None:
    """A FIFO, a device, a /proc file (size 0, reads on) and a folder are never hashed; the
    command finishes at once (a /proc file reading ~256 GiB kept it running until killed)."""
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    real = tmp_path / "notes.md"
    real.write_text("the notes", encoding="utf-8")
    paths = [str(fifo), "/dev/zero", "/proc/self/status", str(tmp_path), str(real)]
    session = chat_json(tmp_path / "session.json", paths)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "intake",
            "from-session",
            "session_20260101_120000",
            "--db",
            str(session),
        ],
        cwd=suite,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    from intake.sources.registry import open_store

    store = open_store(session)
    loaded = store.load(store.resolve("session_20260101_120000"))
    hashes = {d.name: d.sha256 for d in loaded.documents}
    assert hashes["pipe.pdf"] is None and hashes["zero"] is None and hashes["status"] is None
    assert hashes[tmp_path.name] is None and hashes["notes.md"] is not None


def test_one_huge_draft_does_not_disable_the_scrub_gate_for_the_rest(
    suite: Path, runner: CliRunner
) -> None:
    """A draft over the size limit is one finding naming it; every other draft is still
    re-scanned and keeps its gates (the issue: 'scrub re-scan could not run' for all)."""
    drafts = suite / "drafts"
    write_pair(drafts, "small_case")
    big = write_pair(drafts, "big_case")
    padding = "# " + "y" * 1000 + "\n"
    big.write_text(
        big.read_text() + padding * (limits.MAX_SCENARIO_BYTES // len(padding) + 10),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["check", "--format", "json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    scrub = [f for f in report["findings"] if f["code"] == "scrub"]
    assert [f["file"] for f in scrub] == ["drafts/big_case.yaml"]
    assert "over the" in scrub[0]["message"] and "could not run" not in result.stdout
    gates = {d["id"]: {g["name"]: g["met"] for g in d["gates"]} for d in report["drafts"]}
    scrub_gate = next(n for n in gates["small_case"] if "scrub" in n)
    assert gates["small_case"][scrub_gate] is True
    assert gates["big_case"][scrub_gate] is False
