"""Issue 28 point 6: the smaller members of "the checkout decides its own verdict", one test each.

* export paths confined to the export folder (``controls export``);
* the replay answers only GAIA's client: its own ``Host``, no cross-site request, only the
  routes GAIA's client calls, nothing about other sessions;
* every checkout-supplied string escaped wherever it is printed;
* report timelines from the committer date of the base-side merge, not the author's date;
* ``from-issue --json FILE`` records "from a file" provenance;
* promotion hashes and writes the same bytes.

The replay is intake's real server on a free port; GAIA's client is GAIA's own code
(``tests/support/gaia_mcp.py``), whose copy is checked against GAIA's mirror where it is present.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from intake.cli import app
from intake.lifecycle.replay import ReplayServer, ReplayState, ReplayTurn
from intake.store.records import record_path
from tests.support import gaia_install, gaia_mcp
from tests.support.control import DRAFT, promote_with_controls
from tests.support.env import SUITE_PYPROJECT
from tests.support.gitrepo import git
from tests.support.promote_helpers import make_ready, scorecard, write_pair

# --- the replay answers only GAIA's client ------------------------------------------------------


@pytest.fixture
def replay() -> Iterator[ReplayServer]:
    turns = [ReplayTurn(turn=1, answer="the captured answer — private to the draft")]
    with ReplayServer(ReplayState("case_x", turns, {"report.pdf"}), 0) as server:
        yield server


def _request(
    server: ReplayServer,
    method: str,
    path: str,
    *,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    host: str | None = None,
) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host if host is not None else f"127.0.0.1:{server.port}")
        for key, value in (headers or {}).items():
            conn.putheader(key, value)
        if body is not None:
            conn.putheader("Content-Length", str(len(body)))
        conn.endheaders(body)
        reply = conn.getresponse()
        return reply.status, {k.lower(): v for k, v in reply.getheaders()}, reply.read()
    finally:
        conn.close()


def test_the_replay_answers_only_gaias_client(replay: ReplayServer) -> None:
    own = replay.port
    with gaia_mcp.isolated():
        tool = gaia_mcp.tools(f"http://localhost:{own}")
        session = tool["create_session"](title="Eval: case_x")["id"]
        reply = tool["send_message"](session, "hello")
        assert reply["content"] == "the captured answer — private to the draft"
        # nothing about other sessions: no listing, no counts
        assert tool["list_sessions"]() == {"sessions": [], "total": 0}
    ok = {"Content-Type": "application/json"}
    status, _, raw = _request(replay, "GET", "/api/health")
    assert status == 200 and json.loads(raw)["stats"]["sessions"] == 0
    # DNS rebinding: a name that resolves to 127.0.0.1 but is not the replay's own
    for host in (
        f"evil.example:{own}",
        "127.0.0.1",
        f"localhost:{own + 1}",
        "",
        f"127.0.0.1:{own}.evil.example",
    ):
        status, _, raw = _request(replay, "GET", f"/api/sessions/{session}", host=host)
        assert status == 400 and b"captured" not in raw, host
    # cross-site: a page elsewhere, whatever the Host its browser sends
    for headers in (
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
    ):
        status, _, raw = _request(
            replay,
            "POST",
            "/api/chat/send",
            headers={**ok, **headers},
            body=json.dumps({"session_id": session, "message": "x"}).encode(),
        )
        assert status == 403 and b"captured" not in raw, headers
    # a simple (preflight-free) cross-site form cannot carry a JSON body
    status, _, _ = _request(
        replay,
        "POST",
        "/api/sessions",
        body=b'{"title": "x"}',
        headers={"Content-Type": "text/plain"},
    )
    assert status == 422
    status, headers, _ = _request(
        replay, "OPTIONS", "/api/chat/send", headers={"Origin": "http://evil.example"}
    )
    assert status >= 400 and "access-control-allow-origin" not in headers
    # only the routes GAIA's client calls
    for method, path in (
        ("GET", "/api/documents/abc/status"),
        ("GET", "/api/sessions/x/export"),
        ("GET", "/api/settings"),
        ("GET", "/"),
    ):
        status, _, _ = _request(replay, method, path)
        assert status == 404, path
    # its own origin, as the Agent UI's page would send it, is answered
    status, _, _ = _request(
        replay,
        "GET",
        "/api/system/status",
        headers={"Origin": f"http://localhost:{own}"},
        host=f"localhost:{own}",
    )
    assert status == 200


def test_the_vendored_gaia_client_is_gaias_code_verbatim() -> None:
    """``tests/gaia_client/`` is byte for byte GAIA's files at the corpus commit."""
    if not gaia_install.mirror_present():
        pytest.skip(gaia_install.ABSENT)
    for name, (path, lines) in gaia_mcp.VERBATIM.items():
        theirs = subprocess.run(
            ["git", f"--git-dir={gaia_install.MIRROR}", "show", f"{gaia_mcp.GAIA_COMMIT}:{path}"],
            capture_output=True,
            check=True,
        ).stdout
        if lines is not None:
            theirs = b"".join(theirs.splitlines(keepends=True)[lines[0] - 1 : lines[1]])
        assert (gaia_mcp.HERE / name).read_bytes() == theirs, name


# --- controls export stays in its folder --------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    "planted",
    [
        "../../escaped",
        "/tmp/abs-escaped",
        "C:escaped",
        "C:\\escaped",
        "\\\\host\\share\\escaped",
        "CON",
        "a/b",
        "..",
        "ok\nname",
    ],
)
@pytest.mark.usefixtures("gaia")
def test_controls_export_paths_stay_in_the_export_folder(
    suite: Path,
    runner,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    planted: str,
) -> None:
    dest = promote_with_controls(suite, runner, monkeypatch)
    out = tmp_path / "deep" / "er" / "controls"
    out.mkdir(parents=True)
    outside = tmp_path / "outside.json"
    outside.write_text("mine", encoding="utf-8")
    link = out / f"{DRAFT}.pass.json"
    with contextlib.suppress(OSError):  # Windows without the privilege: no link to follow
        link.symlink_to(outside)
    good = runner.invoke(app, ["controls", "export", str(out)])
    assert good.exit_code == 0, good.output
    assert outside.read_text(encoding="utf-8") == "mine" and not link.is_symlink()
    rec = record_path(dest)
    doc = json.loads(rec.read_text(encoding="utf-8"))
    doc["id"] = planted
    rec.write_text(json.dumps(doc), encoding="utf-8")
    before = {p for p in tmp_path.rglob("*")} | {p for p in Path("/tmp").glob("abs-escaped*")}
    result = runner.invoke(app, ["controls", "export", str(out)])
    assert result.exit_code == 0, result.output
    after = {p for p in tmp_path.rglob("*")} | {p for p in Path("/tmp").glob("abs-escaped*")}
    assert after - before == set()
    # ``Record.id`` carries ``ID_PATTERN`` (issue 37): such a record no longer loads at all,
    # so it is never exported; ``intake check`` names it as an unreadable record
    assert planted not in result.stderr
    checked = runner.invoke(app, ["check", "--format", "json"])
    assert any(
        f["code"] == "record" and f["file"].endswith(rec.name)
        for f in json.loads(checked.stdout)["findings"]
    ), checked.output
    assert planted not in checked.output or planted in ("..", "a/b", "CON")
    index = json.loads((out / "index.json").read_text(encoding="utf-8"))
    assert index["controls"] == []


# --- promotion hashes and writes the same bytes -----------------------------------------------


def _ready_as(suite: Path, transform: Callable[[bytes], bytes]) -> Path:
    """``make_ready``'s draft, its bytes transformed before its runs and review are recorded."""
    from intake.config import load_settings
    from intake.contract.models import ReviewDecision
    from intake.contract.plain import RunTier
    from intake.lifecycle.review import add_review
    from intake.lifecycle.runs.record import record_run

    draft = write_pair(suite / "drafts", DRAFT)
    draft.write_bytes(transform(draft.read_bytes()))
    settings = load_settings(suite)
    runs = suite / "runs" / DRAFT
    strong = scorecard(runs / "strong", {DRAFT: "PASS"}, run_id="eval-20261129-1")
    local = scorecard(runs / "local", {DRAFT: "FAIL"}, run_id="eval-20261129-2")
    record_run(settings, DRAFT, strong, RunTier.strong, model="claude-opus-4")
    record_run(settings, DRAFT, local, RunTier.local, model="Gemma-4-E4B-it-GGUF")
    add_review(settings, DRAFT, ReviewDecision.approve, "bob")
    return draft


def test_promotion_hashes_and_writes_the_same_bytes(
    suite: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from intake.config import load_settings
    from intake.errors import Conflict
    from intake.lifecycle import promote as promotion
    from intake.lifecycle.split import with_split
    from intake.store.records import load_record, sha256_bytes

    crlf = _ready_as(suite, lambda raw: b"\xef\xbb\xbf" + raw.replace(b"\n", b"\r\n"))
    original = crlf.read_bytes()
    settings = load_settings(suite)
    real = promotion.check_gates

    def swapped_after_the_gates(inputs):  # the draft changes once its hash was taken
        gates = real(inputs)
        crlf.write_bytes(original.replace(b"in one pass", b"somehow"))
        return gates

    monkeypatch.setattr(promotion, "check_gates", swapped_after_the_gates)
    with pytest.raises(Conflict):
        promotion.promote(settings, DRAFT)
    assert not (suite / "scenarios" / "tool_selection" / f"{DRAFT}.yaml").exists()
    monkeypatch.setattr(promotion, "check_gates", real)
    crlf.write_bytes(original)
    promotion.promote(settings, DRAFT)
    dest = suite / "scenarios" / "tool_selection" / f"{DRAFT}.yaml"
    written = dest.read_bytes()
    stamp = load_record(record_path(dest)).promotion
    assert stamp is not None
    assert stamp.content_hash == sha256_bytes(written)
    assert stamp.draft_hash == sha256_bytes(original)
    tagged = promotion.with_suite_tag(original, "capability")
    assert written == with_split(settings, tagged, DRAFT, "tool_selection")
    assert written.startswith(b"\xef\xbb\xbf") and written.count(b"\r\n") == written.count(b"\n")
    assert b"capability" in written and b"capability" not in original


@pytest.mark.parametrize("default", ["capability", "regression", None])
def test_every_promotion_writes_its_suite_tag_the_default_included(
    suite: Path, runner, default: str | None
) -> None:
    from intake.contract.yamlio import load_data
    from intake.store.records import load_record

    if default is not None:
        (suite / "pyproject.toml").write_text(
            SUITE_PYPROJECT + f'default_suite = "{default}"\nstrong_pass_min = 1\n',
            encoding="utf-8",
        )
    draft = make_ready(suite)
    if default == "regression":
        from intake.config import load_settings
        from intake.contract.plain import RunTier
        from intake.lifecycle.runs.record import record_run

        for n in (3, 4):
            card = scorecard(suite / "runs" / f"s{n}", {DRAFT: "PASS"}, run_id=f"eval-2026112{n}")
            record_run(load_settings(suite), DRAFT, card, RunTier.strong, model="claude-opus-4")
    assert draft.is_file()
    result = runner.invoke(app, ["promote", DRAFT])
    assert result.exit_code == 0, result.output
    dest = suite / "scenarios" / "tool_selection" / f"{DRAFT}.yaml"
    expected = default or "capability"
    data = load_data(dest.read_text(encoding="utf-8"))
    assert [t for t in data["tags"] if t in ("capability", "regression")] == [expected]
    stamp = load_record(record_path(dest)).promotion
    assert stamp is not None and stamp.suite is not None and stamp.suite.value == expected


# --- a saved issue file is provenance "from a file" --------------------------------------------


def test_from_issue_json_file_records_file_provenance_not_a_fetch(
    suite: Path, runner, github
) -> None:
    from tests.support.github_server import Reply
    from tests.support.issue_bodies import ISSUE_PATH, issue_json

    saved = suite / "issue-42.json"
    saved.write_text(json.dumps(issue_json(github)), encoding="utf-8")
    result = runner.invoke(app, ["from-issue", "--json", str(saved)])
    assert result.exit_code == 0, result.stderr
    assert github.requests == []
    assert "from the file issue-42.json (github:acme/agent#42 as the file says; not fetched" in (
        result.stdout
    )
    [record] = (suite / "drafts").glob("*.intake.json")
    source = json.loads(record.read_text(encoding="utf-8"))["source"]
    assert source["details"]["read_from"] == "file"
    assert source["details"]["file"] == "issue-42.json"
    [draft] = (suite / "drafts").glob("*.yaml")
    assert "Drafted by intake from the file issue-42.json" in draft.read_text(encoding="utf-8")
    # a name that could break a line or the YAML comment is not repeated (no such name on Windows)
    if sys.platform != "win32":
        odd = suite / "x\n# forged: yes.json"
        odd.write_text(json.dumps(issue_json(github, number=43)), encoding="utf-8")
        result = runner.invoke(app, ["from-issue", "--json", str(odd)])
        assert result.exit_code == 0, result.stderr
        assert "forged" not in result.stdout
        assert not any(
            "forged" in p.read_text(encoding="utf-8") for p in (suite / "drafts").iterdir()
        )
    # fetched: GitHub's provenance
    github.add("GET", ISSUE_PATH.replace("/42", "/44"), Reply(body=issue_json(github, number=44)))
    fetched_run = runner.invoke(app, ["from-issue", "44"])
    assert fetched_run.exit_code == 0, fetched_run.stderr
    fetched = [
        json.loads(p.read_text(encoding="utf-8"))["source"]
        for p in (suite / "drafts").glob("issue_44*.intake.json")
    ]
    assert [s["details"]["read_from"] for s in fetched] == ["github"]


# --- report dates: the committer date of the base-side merge ----------------------------------


def test_report_dates_are_the_base_side_merges_committer_date(
    git_suite: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import UTC, datetime

    from intake.gitutil import first_added
    from tests.support.gitrepo import legacy_scenario

    legacy_scenario(git_suite, "old")
    git(git_suite, "add", "-A")
    git(git_suite, "commit", "-q", "-m", "start", when="2026-01-05T09:00:00+00:00")
    git(git_suite, "checkout", "-q", "-b", "contributor")
    forged = legacy_scenario(git_suite, "forged")
    git(git_suite, "add", "-A")
    # the contributor sets both dates of their own commit: two years back
    git(git_suite, "commit", "-q", "-m", "backdated", when="2024-01-01T00:00:00+00:00")
    git(git_suite, "checkout", "-q", "main")
    git(
        git_suite,
        "merge",
        "-q",
        "--no-ff",
        "-m",
        "merge",
        "contributor",
        when="2026-05-04T12:00:00+00:00",
    )
    dates = first_added(git_suite, [git_suite / "scenarios"])
    assert dates[forged.resolve()] == datetime(2026, 5, 4, 12, tzinfo=UTC)
    # in the next pull request (its checkout, base known): the base's line dates everything,
    # and what only the change adds has no git date
    git(git_suite, "checkout", "-q", "contributor")
    late = legacy_scenario(git_suite, "late")
    git(git_suite, "add", "-A")
    git(git_suite, "commit", "-q", "-m", "more", when="2023-01-01T00:00:00+00:00")
    assert first_added(git_suite, [git_suite / "scenarios"])[forged.resolve()].year == 2024
    based = first_added(git_suite, [git_suite / "scenarios"], base_ref="main")
    assert late.resolve() not in based
    assert based[forged.resolve()] == datetime(2026, 5, 4, 12, tzinfo=UTC)
    assert based[(git_suite / "scenarios" / "rag_quality" / "old.yaml").resolve()] == datetime(
        2026, 1, 5, 9, tzinfo=UTC
    )
    monkeypatch.setenv("GITHUB_BASE_REF", "main")
    report = runner.invoke(app, ["report", "--format", "json"])
    assert report.exit_code == 0, report.output
    assert "2023-01" not in report.stdout and "2024-01" not in report.stdout


# --- checkout strings are escaped wherever they are printed -----------------------------------

FORGED = "::error file=README.md,line=1::forged"


@pytest.mark.skipif(sys.platform == "win32", reason="no such file name on Windows")
def test_checkout_strings_are_escaped_wherever_they_are_printed(suite: Path, runner) -> None:
    from intake.ghoutput import datum, inert

    folder = suite / "scenarios" / "rag_quality"
    folder.mkdir(parents=True)
    names = [
        f"a\n{FORGED}\n.yaml",
        "::warning::b.yaml",
        "c ##[error]legacy.yaml",
        "d\u202eevil.yaml",
        "e\x1b]8;;x\x07f.yaml",
    ]
    for name in names:
        (folder / name).write_text("id: x\nname: [unclosed\n", encoding="utf-8")
    for args in (
        ["validate"],
        ["validate", "--format", "github"],
        ["validate", "--strict"],
        ["check"],
        ["check", "--format", "github"],
        ["scrub", "--check", str(folder)],
    ):
        result = runner.invoke(app, args)
        for stream in (result.stdout, result.stderr):
            lines = stream.splitlines()
            assert not any(
                line.startswith(FORGED[:16]) or line.startswith("::warning::b") for line in lines
            ), (args, stream)
            ours = ("::error file=", "::warning file=", "::notice file=")
            commands = [line for line in lines if line.lstrip().startswith("::")]
            assert all(line.startswith(ours) for line in commands), (args, stream)
            # inside one of intake's own commands a ``##[`` is data (the runner parses the
            # ``::`` command first: tests/test_gate_output.py); anywhere else it is escaped
            assert not any("##[" in line for line in lines if not line.startswith(ours))
            assert "\x1b" not in stream and "\u202e" not in stream
        if args[0] == "validate":
            problems = [line for line in result.stdout.splitlines() if "rag_quality/" in line]
            assert len(problems) == len(names), (args, result.stdout)
    # the one escaping, for every value: one line, no command, still readable
    assert datum(f"x\n{FORGED}") == "x%0A%3A%3Aerror file=README.md,line=1%3A%3Aforged"
    assert "\n" not in datum("a\rb\u2028c\x85d") and datum("plain name.yaml") == "plain name.yaml"
    assert inert(f"ok\n  {FORGED}\nsee ##[group]") == (
        "ok\n  %3A%3Aerror file=README.md,line=1::forged\nsee %23%23[group]"
    )


# --- the stand-ins are what GAIA's code is -----------------------------------------------------


def test_the_demo_database_has_gaias_own_layout() -> None:
    """``intake demo``'s synthetic ``gaia_chat.db`` (``intake/demo_data/agent_ui_schema.sql``)
    has the columns GAIA's ``ChatDatabase`` creates and migrates (``src/gaia/ui/database.py``
    ``SCHEMA_SQL`` L52-200 and its ``ALTER TABLE`` migrations), table by table."""
    import re
    import sqlite3
    from importlib import resources

    if not gaia_install.mirror_present():
        pytest.skip(gaia_install.ABSENT)
    source = subprocess.run(
        [
            "git",
            f"--git-dir={gaia_install.MIRROR}",
            "show",
            f"{gaia_mcp.GAIA_COMMIT}:src/gaia/ui/database.py",
        ],
        capture_output=True,
        check=True,
        text=True,
    ).stdout
    schema = source.split('SCHEMA_SQL = """', 1)[1].split('"""', 1)[0]

    def columns(script: str, alters: list[str]) -> dict[str, list[tuple[str, str]]]:
        conn = sqlite3.connect(":memory:")
        conn.executescript(script)
        for alter in alters:
            with contextlib.suppress(sqlite3.OperationalError):  # only what a table lacks
                conn.execute(alter)
        tables = ("documents", "sessions", "session_documents", "messages", "settings")
        return {
            t: sorted((r[1], r[2]) for r in conn.execute(f"PRAGMA table_info({t})")) for t in tables
        }

    alters = re.findall(r'"(ALTER TABLE \w+ ADD COLUMN [^"]+)"', source)
    demo = (
        resources.files("intake")
        .joinpath("demo_data", "agent_ui_schema.sql")
        .read_text(encoding="utf-8")
    )
    assert alters and columns(demo, []) == columns(schema, alters)
