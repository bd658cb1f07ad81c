"""Identifiers are built from scrubbed text only, and cut before a token (issue 11, item 7).

Draft ids, file names, lock names, ledger ids and ``intake sessions`` cells: a title holding a
token, an e-mail or a home path never reaches them; a cut at a size limit never leaves part of
a word; a session id that is not plain gives ``session_<8 hex>`` and can still be drafted.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.config import load_settings
from intake.drafting.from_issue import scenario_id
from intake.drafting.from_session import format_sessions
from intake.drafting.tail import slug
from intake.scrub.ids import neutral_id, plain_identifier
from intake.sources.model import SessionSummary
from intake.store.suite import lock_path
from tests.support.gaia_db import ChatDB, memory_db
from tests.support.leak_forms import assert_no_leak

SID = "29c211c7-31b5-4084-bb3f-1825c0210942"
TOKEN = "ghp_hbMKurZYajaT2N2RlgC7xWkKwXpnjsHs1OIh"
EMAIL = "olga.petrova@kestrel-mail.com"
HOME = "/home/olga.petrova/Documents/q3.md"
SECRETS = {"token": TOKEN, "email": EMAIL, "home": HOME}
NEUTRAL = re.compile(r"^session_[0-9a-f]{8}$")


def store(path: Path, *, sid: str = SID, title: str = "PTO policy") -> Path:
    db = ChatDB(path)
    db.session(sid, title=title, agent_type="chat")
    db.message(sid, "user", "how many PTO days do I get?")
    db.message(sid, "assistant", "15 days.")
    db.close()
    return path


def ledger_ids(suite: Path) -> list[str]:
    with sqlite3.connect(suite / ".intake" / "ledger.db") as db:
        tables = [r[0] for r in db.execute("select name from sqlite_master where type='table'")]
        table = "events" if "events" in tables else tables[0]
        return [str(r[0]) for r in db.execute(f"select scenario_id from {table}")]


def drafted(suite: Path) -> list[str]:
    return sorted(p.name for p in (suite / "drafts").glob("*.yaml"))


def words_of(text: str) -> set[str]:
    return set(slug(text, 10_000).split("_"))


@pytest.mark.parametrize("kind", list(SECRETS))
def test_secret_in_session_title_never_reaches_id_file_or_ledger(
    suite: Path, runner: CliRunner, tmp_path: Path, kind: str
) -> None:
    secret = SECRETS[kind]
    db = store(tmp_path / "chat.db", title=f"look at {secret} please")
    result = runner.invoke(app, ["from-session", "29c211c7", "--db", str(db), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert drafted(suite) == ["session_29c211c7.yaml"]
    assert ledger_ids(suite) and set(ledger_ids(suite)) == {"session_29c211c7"}
    assert_no_leak([secret], suite, result.stdout, result.stderr)


def test_session_title_cut_at_the_limit_keeps_whole_words(
    suite: Path, runner: CliRunner, tmp_path: Path
) -> None:
    title = "Quarterly planning summary for the engineering organisation"
    db = store(tmp_path / "chat.db", title=title)
    result = runner.invoke(app, ["from-session", "29c211c7", "--db", str(db)])
    assert result.exit_code == 0, result.stderr
    (name,) = drafted(suite)
    sid = name.removesuffix(".yaml")
    assert plain_identifier(sid)
    tail = sid.removeprefix("session_29c211c7_").split("_")
    assert tail and set(tail) <= words_of(title), sid  # never "organ" or "organisatio"
    assert set(ledger_ids(suite)) == {sid}


def test_non_plain_session_id_gives_a_neutral_id_and_stays_addressable(
    suite: Path, runner: CliRunner, tmp_path: Path
) -> None:
    db = store(tmp_path / "chat.db", sid=TOKEN, title="PTO policy")
    args = ["from-session", TOKEN, "--db", str(db)]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.stderr
    (name,) = drafted(suite)
    sid = name.removesuffix(".yaml")
    assert sid.startswith(neutral_id(TOKEN)) and NEUTRAL.match(neutral_id(TOKEN))
    assert "hbmk" not in sid and "ghp" not in sid
    assert set(ledger_ids(suite)) == {sid}
    again = runner.invoke(app, args)  # the same id again: the draft is found, not a new one
    assert again.exit_code != 0 and drafted(suite) == [name]
    forced = runner.invoke(app, [*args, "--force"])
    assert forced.exit_code == 0, forced.stderr
    assert drafted(suite) == [name]
    assert_no_leak([TOKEN], suite, first.stdout, first.stderr, forced.stdout, forced.stderr)


def test_non_plain_session_id_without_title_is_exactly_neutral(
    suite: Path, runner: CliRunner, tmp_path: Path
) -> None:
    db = store(tmp_path / "chat.db", sid=TOKEN, title="")
    result = runner.invoke(app, ["from-session", TOKEN, "--db", str(db)])
    assert result.exit_code == 0, result.stderr
    assert drafted(suite) == [f"{neutral_id(TOKEN)}.yaml"]


@pytest.mark.parametrize("sid", [TOKEN, "bob@example.com"])
def test_a_database_lists_a_non_plain_session_id_masked(
    suite: Path, runner: CliRunner, tmp_path: Path, sid: str
) -> None:
    """One rule for every store: a stored id that is not plain is never shown (a session file
    holding one is refused, exit 3; a database lists it masked and drafts it by its full id)."""
    chat = store(tmp_path / "chat.db", sid=sid, title="PTO policy")
    memory = memory_db(tmp_path / "memory.db")
    memory.execute(
        "INSERT INTO conversations (session_id, role, content, timestamp) VALUES (?, ?, ?, ?)",
        (sid, "user", "hi", "2026-04-24T21:48:33+00:00"),
    )
    memory.commit()
    memory.close()
    for db in (chat, tmp_path / "memory.db"):
        text = runner.invoke(app, ["sessions", "--db", str(db)])
        listed = runner.invoke(app, ["sessions", "--db", str(db), "--format", "json"])
        assert (text.exit_code, listed.exit_code) == (0, 0), text.stderr + listed.stderr
        assert sid not in text.stdout + listed.stdout
        assert text.stdout.splitlines()[1].startswith("[…] ")
        assert [row["id"] for row in json.loads(listed.stdout)["sessions"]] == ["[…]"]


def test_issue_id_is_cut_before_a_word_and_never_carries_a_mask() -> None:
    title = "Doc chat cannot read an indexed report on Windows"
    sid = scenario_id(7, title)
    assert plain_identifier(sid)
    assert set(sid.removeprefix("issue_7_").split("_")) <= words_of(title), sid
    assert scenario_id(7, "token xxxxxxxx leaked") == "issue_7"
    assert scenario_id(7, "see FAKE0001 here") == "issue_7"


def test_issue_title_cut_in_a_draft_keeps_whole_words(
    suite: Path, runner: CliRunner, tmp_path: Path
) -> None:
    title = "Agent forgets the uploaded spreadsheet after reindexing"
    saved = tmp_path / "issue.json"
    issue = {
        "number": 9,
        "title": title,
        "body": "It forgets.",
        "labels": [],
        "html_url": "https://github.com/acme/agent/issues/9",
    }
    saved.write_text(json.dumps(issue), encoding="utf-8")
    result = runner.invoke(app, ["from-issue", "--json", str(saved)])
    assert result.exit_code == 0, result.stderr
    (name,) = drafted(suite)
    sid = name.removesuffix(".yaml")
    assert set(sid.removeprefix("issue_9_").split("_")) <= words_of(title), sid
    assert set(ledger_ids(suite)) == {sid}


def test_slug_cut_never_leaves_part_of_a_word() -> None:
    assert slug("alpha beta gamma", 12) == "alpha_beta"
    assert slug("alpha beta gamma", 10) == "alpha_beta"
    assert slug("ghp_hbMKurZYajaT2N2RlgC7xWkKwXpnjsHs1OIh", 12) == "ghp"


@pytest.mark.parametrize("scenario", ["session_fake0001_x", "a" * 100, "issue_1_see_xxxxxxxx"])
def test_lock_names_are_plain_identifiers(suite: Path, scenario: str) -> None:
    path = lock_path(load_settings(suite), scenario)
    assert plain_identifier(path.stem) and path.stem == neutral_id(scenario, "draft")
    assert lock_path(load_settings(suite), "issue_1_ok").stem == "issue_1_ok"


def test_sessions_listing_cut_never_leaves_part_of_a_word() -> None:
    title = "please check " + "a1b2c3d4" * 8
    row = SessionSummary(SID, title, "2026-01-01", 2, "chat", private=False)
    line = format_sessions([row])[1]
    assert line.endswith("please check…")
