"""``intake sessions`` and ``intake from-session`` through the CLI: output and exit codes."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from typer.testing import CliRunner

from intake.cli import app
from tests.support.gaia_db import ChatDB, tool
from tests.support.leak_forms import assert_no_leak
from tests.support.sessions import EMAIL, SID, TOKEN, build


def two_sessions(path: Path) -> Path:
    db = ChatDB(path)
    a = db.session(SID, title="Older one", agent_type="doc")
    db.message(a, "user", "first question")
    b = db.session("29c211c8-0000-4000-8000-000000000000", title="Newer one", private=1)
    db.message(b, "user", "second question")
    db.message(b, "assistant", "answer", [tool(1, "search_file")])
    db.close()
    return path


def test_sessions_text_and_json(runner: CliRunner, suite: Path) -> None:
    db = two_sessions(suite / "gaia_chat.db")
    result = runner.invoke(app, ["sessions", "--db", str(db)])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["ID", "CREATED", "MSGS"]
    assert "(private)" in lines[1] and "Newer one" not in lines[1] and "yes" in lines[1]
    assert "Older one" in lines[2] and "doc" in lines[2]
    result = runner.invoke(app, ["sessions", "--db", str(db), "--format", "json", "--limit", "1"])
    doc = json.loads(result.stdout)
    assert [s["title"] for s in doc["sessions"]] == ["(private)"]
    assert doc["sessions"][0] == {
        "id": "29c211c8-0000-4000-8000-000000000000",
        "title": "(private)",
        "created": doc["sessions"][0]["created"],
        "messages": 2,
        "agent_type": "chat",
        "private": True,
    }


def test_default_db_from_configuration(runner: CliRunner, suite: Path) -> None:
    two_sessions(suite / "chat.db")
    with (suite / "pyproject.toml").open("a") as handle:
        handle.write('agent_ui_db = "chat.db"\n')
    result = runner.invoke(app, ["sessions"])
    assert result.exit_code == 0, result.stderr
    assert "Older one" in result.stdout


def test_from_session_writes_and_reports(runner: CliRunner, suite: Path) -> None:
    db = build(suite / "gaia_chat.db")
    result = runner.invoke(app, ["from-session", "29c211c7", "--db", str(db)])
    assert result.exit_code == 0, result.stderr
    assert "wrote drafts/session_29c211c7_pto_policy.yaml" in result.stdout
    assert "EMAIL_ADDRESS" in result.stdout
    assert EMAIL not in result.stdout + result.stderr
    again = runner.invoke(app, ["from-session", "29c211c7", "--db", str(db)])
    assert again.exit_code == 2
    assert again.stderr.startswith("error: a draft with this id exists already")
    forced = runner.invoke(
        app,
        [
            "from-session",
            SID,
            "--db",
            str(db),
            "--force",
            "--format",
            "json",
            "--category",
            "rag_quality",
        ],
    )
    assert forced.exit_code == 0, forced.stderr
    assert json.loads(forced.stdout)["draft"] == "drafts/session_29c211c7_pto_policy.yaml"
    draft = suite / "drafts/session_29c211c7_pto_policy.yaml"
    assert "category: rag_quality" in draft.read_text()


def test_near_duplicate_warning_on_stderr(runner: CliRunner, suite: Path, tmp_path: Path) -> None:
    runner.invoke(app, ["from-session", SID, "--db", str(build(tmp_path / "a.db", title="a"))])
    result = runner.invoke(app, ["from-session", SID, "--db", str(build(tmp_path / "b.db"))])
    assert result.exit_code == 0
    assert "warning: nearly the same user messages as drafts/session_29c211c7_a.yaml" in (
        result.stderr
    )


def test_unknown_and_ambiguous_ids(runner: CliRunner, suite: Path) -> None:
    db = two_sessions(suite / "gaia_chat.db")
    unknown = runner.invoke(app, ["from-session", "ffff", "--db", str(db)])
    assert unknown.exit_code == 2
    lines = unknown.stderr.splitlines()
    assert lines[0] == "error: no session matches 'ffff'"
    assert lines[1].startswith("hint: newest sessions: 29c211c8-") and SID in lines[1]
    ambiguous = runner.invoke(app, ["from-session", "29c211c", "--db", str(db)])
    assert ambiguous.exit_code == 2
    assert "ambiguous" in ambiguous.stderr.splitlines()[0]
    assert ambiguous.stderr.splitlines()[1].startswith("hint: candidates: ")
    assert not (suite / "drafts").joinpath("x").exists()
    assert list((suite / "drafts").iterdir()) == []


def test_bad_stores_exit_3_one_line(runner: CliRunner, suite: Path) -> None:
    text = suite / "notes.txt"
    text.write_text("hello")
    other = suite / "places.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE moz_places (id INTEGER)")
    conn.close()
    for path, message in (
        (suite / "missing.db", "error: session store not found"),
        (text, "error: not a GAIA session store"),
        (other, "error: SQLite database is not a GAIA session store"),
    ):
        result = runner.invoke(app, ["from-session", "abc", "--db", str(path)])
        assert result.exit_code == 3
        assert result.stderr.startswith(message)
        assert "Traceback" not in result.stderr
        assert len(result.stderr.splitlines()) == 1
    assert list((suite / "drafts").iterdir()) == []


def test_locked_database_exit_3(runner: CliRunner, suite: Path) -> None:
    path = suite / "gaia_chat.db"
    db = ChatDB(path, wal=False)
    sid = db.session(SID)
    db.message(sid, "user", "hi")
    db.close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        result = runner.invoke(app, ["from-session", SID, "--db", str(path)])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert result.exit_code == 3
    assert result.stderr.splitlines()[0].startswith("error: database is locked by another process")


def test_empty_session_exit_2(runner: CliRunner, suite: Path) -> None:
    db = ChatDB(suite / "gaia_chat.db")
    db.session(SID, title="empty")
    db.close()
    result = runner.invoke(app, ["from-session", SID, "--db", str(suite / "gaia_chat.db")])
    assert result.exit_code == 2
    assert result.stderr == f"error: session has no messages (session {SID})\n"
    assert list((suite / "drafts").iterdir()) == []


def test_bad_agent_steps_and_huge_nul_message_give_flagged_draft(
    runner: CliRunner, suite: Path
) -> None:
    db = ChatDB(suite / "gaia_chat.db")
    sid = db.session(SID, title="../")
    db.message(sid, "user", "a\x00b " + "word " * (2 * 1024 * 1024))
    db.message(sid, "assistant", "ok", raw_steps="{broken")
    db.close()
    result = runner.invoke(app, ["from-session", SID, "--db", str(suite / "gaia_chat.db")])
    assert result.exit_code == 0, result.stderr
    draft = suite / "drafts" / "session_29c211c7.yaml"
    assert draft.exists()
    assert "\x00" not in draft.read_text()
    record = json.loads((suite / "drafts" / "session_29c211c7.intake.json").read_text())
    notes = record["evidence"]["turns"][0]["notes"]
    assert (  # fileio.parse_json_input's message: where, never what
        "agent_steps is not valid JSON: Expecting property name enclosed in double quotes at "
        "line 1 column 2" in notes
    )
    assert any("text cut" in n for n in notes)
    removed = {e["json_path"]: e for e in record["hidden_removed"]}
    assert removed["$.scenario.turns[0].user_message"] == {
        "json_path": "$.scenario.turns[0].user_message",
        "turn": 1,
        "counts": {"control": 1},
    }


SECRET_TITLES = {
    SID: f"deploy fails with token {TOKEN}",
    "29c211c8-0000-4000-8000-000000000000": f"salary of {EMAIL}",
    "29c211c9-0000-4000-8000-000000000000": "ask alice.smith@acme.io about PTO",
}
PRIVATE_TITLE_SECRET = "private-only-olga.petrova@kestrel-mail.com"


def secret_sessions(path: Path) -> Path:
    db = ChatDB(path)
    for n, (sid, title) in enumerate(SECRET_TITLES.items()):
        db.session(sid, title=title)
        db.message(sid, "user", f"question {n}")
    db.session("39c211c8-0000-4000-8000-000000000000", title=PRIVATE_TITLE_SECRET, private=1)
    db.close()
    return path


ALL_SECRETS = [TOKEN, EMAIL, "alice.smith@acme.io", PRIVATE_TITLE_SECRET]


def test_listing_scrubs_titles_and_hides_private_ones(runner: CliRunner, suite: Path) -> None:
    db = secret_sessions(suite / "gaia_chat.db")
    text = runner.invoke(app, ["sessions", "--db", str(db)])
    assert text.exit_code == 0, text.stderr
    as_json = runner.invoke(app, ["sessions", "--db", str(db), "--format", "json"])
    assert as_json.exit_code == 0, as_json.stderr
    assert_no_leak(ALL_SECRETS, suite, text.stdout, text.stderr, as_json.stdout, skip=[db])
    titles = {s["id"]: s["title"] for s in json.loads(as_json.stdout)["sessions"]}
    assert titles["39c211c8-0000-4000-8000-000000000000"] == "(private)"
    assert titles[SID].startswith("deploy fails with token […]")
    assert "(private)" in text.stdout and "deploy fails with token" in text.stdout


def test_error_hints_name_ids_never_titles(runner: CliRunner, suite: Path) -> None:
    db = secret_sessions(suite / "gaia_chat.db")
    unknown = runner.invoke(app, ["from-session", "zzz", "--db", str(db)])
    ambiguous = runner.invoke(app, ["from-session", "29c211c", "--db", str(db)])
    for result in (unknown, ambiguous):
        assert result.exit_code == 2
        assert len(result.stderr.splitlines()) == 2
        assert SID in result.stderr
    assert_no_leak(ALL_SECRETS, suite, unknown.stderr, ambiguous.stderr, skip=[db])
    assert "deploy" not in unknown.stderr + ambiguous.stderr


def test_secret_in_session_title_never_in_id_file_ledger_or_output(
    runner: CliRunner, suite: Path, tmp_path: Path
) -> None:
    db = build(tmp_path / "gaia_chat.db", title=f"deploy fails for {EMAIL} with {TOKEN}")
    result = runner.invoke(app, ["from-session", "29c211c7", "--db", str(db)])
    assert result.exit_code == 0, result.stderr
    assert "wrote drafts/session_29c211c7.yaml" in result.stdout
    assert_no_leak([TOKEN, EMAIL], suite, result.stdout, result.stderr)
    from intake.contract.yamlio import parse_checked

    draft = parse_checked((suite / "drafts/session_29c211c7.yaml").read_bytes()).data
    record = json.loads((suite / "drafts/session_29c211c7.intake.json").read_text())
    # One original, one fixture: the title's e-mail and token read the same in the draft's
    # name, the record's title and the user message that repeats the e-mail.
    assert record["observations"]["title"] == draft["name"]
    fake_email = draft["name"].split(" ")[3]
    assert "@" in fake_email and fake_email in draft["turns"][0]["user_message"]


def test_private_draft_message_is_true(runner: CliRunner, suite: Path, tmp_path: Path) -> None:
    db = build(tmp_path / "gaia_chat.db", private=1)
    result = runner.invoke(app, ["from-session", SID, "--db", str(db)])
    assert result.exit_code == 0, result.stderr
    assert "drafts/private/ (ignored by git: drafts/private/.gitignore)" in result.stdout
    assert (suite / "drafts/private/.gitignore").read_text().splitlines()[-1] == "*"


def test_prefix_ending_in_the_last_code_point_exit_2(runner: CliRunner, suite: Path) -> None:
    db = two_sessions(suite / "gaia_chat.db")
    result = runner.invoke(app, ["from-session", "29c2\U0010ffff", "--db", str(db)])
    assert result.exit_code == 2, result.stderr
    assert result.stderr.startswith("error: no session matches")
    assert "Traceback" not in result.stderr


def test_listing_masks_risky_words_without_loading_the_scrubber(suite: Path) -> None:
    """Masking is by shape: readable titles stay readable, and Presidio is never imported."""
    import subprocess
    import sys

    from intake.drafting.from_session import MASK, mask_title

    assert mask_title("Q3 revenue from the team notes") == "Q3 revenue from the team notes"
    assert mask_title("mail bob@acme.io the /home/bob/x.pdf") == f"mail {MASK} the {MASK}"
    assert mask_title("key AKIAABCDEFGHIJKLMNOP and hf_abcdefgh") == f"key {MASK} and {MASK}"
    db = secret_sessions(suite / "gaia_chat.db")
    probe = (
        "import sys, runpy\n"
        f"sys.argv = ['intake', 'sessions', '--db', {str(db)!r}]\n"
        "try:\n    runpy.run_module('intake', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "sys.stderr.write('PRESIDIO=' + str('presidio_analyzer' in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=suite, timeout=120
    )
    assert done.stderr.strip().endswith("PRESIDIO=False"), done.stderr


def _folder_state(folder: Path) -> dict[str, str]:
    """Every file in ``folder`` with its sha256: what the user would see change."""
    import hashlib

    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_idle_wal_databases_get_no_sidecar_files(runner: CliRunner, suite: Path) -> None:
    """An idle WAL-mode store (no -wal/-shm beside it) is read without creating any file."""
    folder = suite.parent / "gaia-home"
    folder.mkdir()
    chat = folder / "gaia_chat.db"
    db = ChatDB(chat, wal=True)
    sid = db.session(SID, title="Idle")
    db.message(sid, "user", "read me without writing")
    db.close()
    memory = folder / "memory.db"
    conn = sqlite3.connect(memory)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.executescript(
        "CREATE TABLE conversations (id INTEGER PRIMARY KEY, session_id TEXT, role TEXT, "
        "content TEXT, timestamp TEXT);"
        "INSERT INTO conversations (session_id, role, content, timestamp) "
        "VALUES ('m1', 'user', 'hello', '2026-01-01T00:00:00+00:00');"
    )
    conn.commit()
    conn.close()
    before = _folder_state(folder)
    assert sorted(before) == ["gaia_chat.db", "memory.db"]  # the sidecars went with the writer
    for path, wanted in ((chat, SID[:8]), (memory, "m1")):
        assert runner.invoke(app, ["sessions", "--db", str(path)]).exit_code == 0
        result = runner.invoke(app, ["from-session", wanted, "--db", str(path)])
        assert result.exit_code == 0, result.stderr
        assert _folder_state(folder) == before


def test_a_private_sessions_id_never_carries_its_title(runner: CliRunner, suite: Path) -> None:
    """The listing hides a private title; the draft id (file name, ledger, annotations) too."""
    db = ChatDB(suite / "gaia_chat.db")
    private_id = "39c211c8-0000-4000-8000-000000000000"
    db.session(private_id, title="Salary review questions", private=1)
    db.message(private_id, "user", "What should I ask for in my salary review?")
    db.close()
    db_path = suite / "gaia_chat.db"
    result = runner.invoke(app, ["from-session", private_id[:8], "--db", str(db_path)])
    assert result.exit_code == 0, result.stderr
    (draft,) = (suite / "drafts" / "private").glob("*.yaml")
    assert draft.name == "session_39c211c8.yaml"


def test_sessions_show_gaias_real_timestamps_as_local_dates(
    runner: CliRunner, suite: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """GAIA's Agent UI stores ``datetime.now(timezone.utc).isoformat()`` (32 characters, amd/gaia
    src/gaia/ui/database.py L359-361): each row shows a compact local date, never ``…``."""
    from datetime import datetime, timedelta

    import tests.support.gaia_native as gn

    monkeypatch.setenv("COLUMNS", "40")
    path = suite / "gaia_chat.db"
    conn = gn.create_chat_db(path)
    clock = gn.Clock()
    stored = []
    for n in range(3):
        clock.tick(3600.0 * 30)
        sid = f"29c211c{n}-0000-4000-8000-000000000000"
        gn.add_session(conn, sid, clock, title=f"Session {n}")
        stored.append(
            conn.execute("SELECT created_at FROM sessions WHERE id = ?", (sid,)).fetchone()[0]
        )
    # a row written by SQLite's own default (datetime('now'): UTC, no zone, a space)
    conn.execute(
        "INSERT INTO sessions (id, title) VALUES ('29c211cf-0000-4000-8000-000000000000',"
        " 'Defaulted')"
    )
    conn.commit()
    conn.close()
    assert all(len(s) == 32 for s in stored), stored
    result = runner.invoke(app, ["sessions", "--db", str(path)])
    assert result.exit_code == 0, result.stderr
    assert "…" not in result.stdout
    rows = result.stdout.splitlines()[1:]
    shown = {row.split()[0]: " ".join(row.split()[1:3]) for row in rows}
    for n, value in enumerate(stored):
        local = datetime.fromisoformat(value).astimezone()
        assert shown[f"29c211c{n}-0000-4000-8000-000000000000"] == local.strftime("%Y-%m-%d %H:%M")
    defaulted = datetime.strptime(shown["29c211cf-0000-4000-8000-000000000000"], "%Y-%m-%d %H:%M")
    assert abs(defaulted - datetime.now().replace(second=0, microsecond=0)) < timedelta(minutes=5)
