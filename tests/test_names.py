"""Names and ids (issue 20, case 7): what Windows cannot check out is refused, a second source
never takes or replaces another source's draft, and no secret from a title reaches an id.

Sessions are GAIA-native ``gaia_chat.db`` files (``tests.support.gaia_native``: GAIA
src/gaia/ui/database.py L365-418 ``create_session``, whose default title is "New Chat").
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.contract.models import windows_name_problem
from intake.store.records import load_record
from tests.support.env import posix_only
from tests.support.gaia_native import Clock, add_message, add_session, create_chat_db
from tests.support.promote_helpers import write_pair

RESERVED = ["con", "prn", "aux", "nul", "com1", "com9", "lpt1", "lpt9", "com0"]


def chat_db(path: Path, sessions: dict[str, str]) -> Path:
    """One GAIA chat database with a two-message session per id (id → user message)."""
    conn = create_chat_db(path)
    clock = Clock()
    for sid, text in sessions.items():
        add_session(conn, sid, clock)  # title "New Chat", as GAIA's create_session
        add_message(conn, sid, "user", text, clock)
        add_message(conn, sid, "assistant", "Here it is.", clock)
    conn.close()
    return path


@pytest.mark.parametrize(
    "name",
    [
        "CON",
        "con.yaml",
        "Aux.intake.json",
        "nul.tar.gz",
        "LPT1",
        "com9.yaml",
        "con .yaml",
        "x.",
        "x ",
        "a:b.yaml",
        'q"x',
        "a<b",
        "a|b",
        "a?b",
        "a*b",
        "a\\b",
        "a\nb",
        "a\x1bb",
    ],
)
def test_windows_name_rule_refuses(name: str) -> None:
    assert windows_name_problem(name) is not None


@pytest.mark.parametrize("name", ["console.yaml", "conx", "com10", "lpt", "a.b.yaml", "nul_x"])
def test_windows_name_rule_allows(name: str) -> None:
    assert windows_name_problem(name) is None


@pytest.mark.slow
@pytest.mark.parametrize("name", RESERVED)
def test_rename_and_category_refuse_reserved_names(
    suite: Path, runner: CliRunner, tmp_path: Path, name: str
) -> None:
    write_pair(suite / "drafts", "one")
    result = runner.invoke(app, ["rename", "one", name])
    assert result.exit_code == 2 and "Windows reserves" in result.stderr
    assert (suite / "drafts" / "one.yaml").is_file()
    assert f"{name}.yaml" not in {p.name for p in (suite / "drafts").iterdir()}
    db = chat_db(tmp_path / "gaia_chat.db", {"29c211c7-0000-4000-8000-000000000001": "hi"})
    result = runner.invoke(app, ["from-session", "29c211c7", "--db", str(db), "--category", name])
    assert result.exit_code == 2 and "Windows reserves" in result.stderr
    assert sorted(p.name for p in (suite / "drafts").iterdir()) == ["one.intake.json", "one.yaml"]


@posix_only("it creates names Windows reserves (con.yaml, Con.yaml)")
def test_adopt_refuses_a_file_or_folder_windows_cannot_check_out(
    suite: Path, runner: CliRunner
) -> None:
    for rel in ("memory/con.yaml", "aux/case.yaml", "memory/a:b.yaml"):
        path = suite / "scenarios" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            "id: case\nname: n\ncategory: memory\ndescription: d\npersona: casual_user\n"
            "turns:\n  - turn: 1\n    objective: o\n    user_message: u\n"
            "    success_criteria: s\n",
            encoding="utf-8",
        )
        result = runner.invoke(
            app, ["adopt", str(path), "--source", "hand", "--reviewer", "olga", "--link", "x"]
        )
        assert result.exit_code == 2, (rel, result.stderr)
        assert "a name Windows cannot check out" in result.stderr
        assert not path.with_name(path.stem + ".intake.json").exists()
        path.unlink()


@posix_only("it creates names Windows reserves (con.yaml, Con.yaml)")
def test_check_reports_a_name_windows_cannot_check_out(suite: Path, runner: CliRunner) -> None:
    path = write_pair(suite / "drafts", "case")
    path.rename(suite / "drafts" / "Con.yaml")
    (suite / "drafts" / "case.intake.json").rename(suite / "drafts" / "Con.intake.json")
    result = runner.invoke(app, ["check", "--format", "json"])
    findings = json.loads(result.stdout)["findings"]
    assert {"file": "drafts/Con.yaml", "code": "windows-name"}.items() <= next(
        f for f in findings if f["code"] == "windows-name"
    ).items()
    assert result.exit_code == 1


A = "29c211c7-aaaa-4000-8000-000000000001"
B = "29c211c7-bbbb-4000-8000-000000000002"
"""Two session ids sharing their first 8 hex digits, both titled "New Chat" by GAIA."""


@pytest.mark.slow
def test_a_second_session_with_a_colliding_id_gets_a_distinct_id(
    suite: Path, runner: CliRunner, tmp_path: Path
) -> None:
    db = chat_db(tmp_path / "gaia_chat.db", {A: "first question", B: "second question"})
    drafts = suite / "drafts"
    first = runner.invoke(app, ["from-session", A, "--db", str(db)])
    assert first.exit_code == 0, first.stderr
    (a_path,) = drafts.glob("*.yaml")
    assert a_path.name == "session_29c211c7_new_chat.yaml"
    a_bytes = a_path.read_bytes()

    for args in ([], ["--force"]):
        second = runner.invoke(app, ["from-session", B, "--db", str(db), *args])
        assert second.exit_code == 0, second.stderr
        assert a_path.read_bytes() == a_bytes, "the other session's draft is untouched"
        assert load_record(a_path.with_name(a_path.stem + ".intake.json")).source.locator == (
            f"gaia-session:{A}"
        )
    b_path = drafts / "session_29c211c7bbbb_new_chat.yaml"
    assert "second question" in b_path.read_text()
    assert load_record(b_path.with_name(b_path.stem + ".intake.json")).source.locator == (
        f"gaia-session:{B}"
    )
    again = runner.invoke(app, ["from-session", A, "--db", str(db)])
    assert again.exit_code == 2 and "exists already" in again.stderr, "its own draft: --force"
    forced = runner.invoke(app, ["from-session", A, "--db", str(db), "--force"])
    assert forced.exit_code == 0, forced.stderr
    assert sorted(p.name for p in drafts.glob("*.yaml")) == [a_path.name, b_path.name]


def test_force_never_replaces_another_sources_draft(
    suite: Path, runner: CliRunner, tmp_path: Path
) -> None:
    """A draft of another source holding every id this session could take: refused."""
    db = chat_db(tmp_path / "gaia_chat.db", {B: "second question"})
    for width in (8, 12, 16, 32):
        sid = f"session_{B.replace('-', '')[:width]}_new_chat"
        write_pair(suite / "drafts", sid)
    before = {p.name: p.read_bytes() for p in (suite / "drafts").iterdir()}
    result = runner.invoke(app, ["from-session", B, "--db", str(db), "--force"])
    assert result.exit_code == 2
    assert "from another source" in result.stderr
    assert {p.name: p.read_bytes() for p in (suite / "drafts").iterdir()} == before


SECRET = "Quokkamarblefig"
"""Letters only: no recognizer finds it in a title alone; the body's ``password:`` does."""


def _issue(tmp_path: Path, number: int, title: str, body: str) -> Path:
    saved = tmp_path / f"issue{number}.json"
    saved.write_text(
        json.dumps(
            {
                "number": number,
                "title": title,
                "body": body,
                "html_url": f"https://github.com/acme/agent/issues/{number}",
                "labels": [],
                "comments": 0,
            }
        ),
        encoding="utf-8",
    )
    return saved


def test_a_secret_found_anywhere_in_the_draft_never_reaches_the_id(
    suite: Path, runner: CliRunner, tmp_path: Path
) -> None:
    saved = _issue(
        tmp_path, 12, f"Login rejects {SECRET} after reset", f"Steps: I typed password: {SECRET}"
    )
    result = runner.invoke(app, ["from-issue", "12", "--json", str(saved)])
    assert result.exit_code == 0, result.stderr
    names = [p.name for p in (suite / "drafts").iterdir()]
    assert names and not any(SECRET.lower() in n.lower() for n in names), names
    assert "issue_12.yaml" in names
    assert SECRET.lower() not in result.stdout.lower()
    with sqlite3.connect(suite / ".intake" / "ledger.db") as ledger:
        rows = [str(r) for r in ledger.execute("select scenario_id, detail from events")]
    assert rows and not any(SECRET.lower() in r.lower() for r in rows)


def test_a_plain_title_still_gives_its_slug(suite: Path, runner: CliRunner, tmp_path: Path) -> None:
    saved = _issue(tmp_path, 13, "Login rejects the reset link", "password: Quokkamarblefig")
    result = runner.invoke(app, ["from-issue", "13", "--json", str(saved)])
    assert result.exit_code == 0, result.stderr
    assert (suite / "drafts" / "issue_13_login_rejects_the_reset_link.yaml").is_file()
