"""One home for who changes the suite (``intake.store.suite.change_actor``): every command that
records a person, run for real, records no unchecked name (an e-mail, a control character) in
any record, scenario, history file or ledger row, and refuses an unknown actor.

The name comes from ``--by``, the ``author`` setting, ``$GITHUB_ACTOR`` or git config. Typed
with ``--by``, a name the rule withholds is a usage error naming the problem; found in the
environment, or found nowhere, it is "who makes this change is unknown": exit 2, nothing
written, and never an invented name (``unknown``, ``intake``: both are GitHub logins).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.drafting.from_session import draft_from_session
from intake.store.ledger import Ledger
from intake.store.records import load_record, record_path
from intake.store.trust import HISTORY_SUFFIX
from tests.support.env import SUITE_PYPROJECT, cli_runner
from tests.support.gaia_db import ChatDB
from tests.support.nightly_helpers import write_scenario
from tests.support.promote_helpers import make_ready, write_pair

UNCHECKED = {
    "e-mail": "eve.engineer@example.com",
    "name and e-mail": "Eve Engineer <eve.engineer@example.com>",
    "terminal escape": "eve\x1b[31mred",
    "bidi override": "ev\u202eenilno",
    "nothing": "",
}
MARKS = (b"eve.engineer@example.com", b"example.com", b"\x1b[31m", "\u202e".encode())
INVENTED = (b'"unknown"', b'"intake"')
SID = "7f3a11c7-31b5-4084-bb3f-1825c0210942"
UNKNOWN = "error: who makes this change is unknown"
HINT = "hint: pass --by LOGIN or set author in [tool.intake]"


def _suite_without_author(suite: Path) -> None:
    text = SUITE_PYPROJECT.replace('author = "drafter"\n', "")
    (suite / "pyproject.toml").write_text(text, encoding="utf-8")


def _written(suite: Path) -> dict[Path, bytes]:
    """Every file the commands wrote (records, scenarios, drafts, the ledger, history)."""
    return {
        p: p.read_bytes() for p in suite.rglob("*") if p.is_file() and p.name != "pyproject.toml"
    }


def _session_draft(suite: Path) -> tuple[Path, str, str]:
    """A session draft with a restorable replacement: the session store, the draft's id and
    the replacement's hash (``intake scrub --restore``)."""
    store = suite.parent / "gaia_chat.db"
    db = ChatDB(store)
    sid = db.session(SID, title="deploy help", agent_type="doc", model="Gemma-X")
    db.message(sid, "user", "deploy with DEMO_API_KEY=Zt9qW2xR7mKp4LvBq8Hn please")
    db.message(sid, "assistant", "Done.")
    db.close()
    done = draft_from_session(load_settings(suite), SID[:4], db=store)
    record = load_record(done.result.record_path)
    assert record.scrub is not None
    [value_hash] = {s.value_hash for s in record.scrub.spans if s.entity_type == "GENERIC_SECRET"}
    assert value_hash is not None
    return store, done.result.path.stem, value_hash


def _commands(suite: Path) -> list[list[str]]:
    """Every command that records who changes the suite, in an order that lets each run."""
    for sid in ("old_case", "other_case"):
        write_scenario(suite, sid)
    adopt = ["adopt", "scenarios/rag_quality", "--source", "synthetic", "--reviewer", "alice"]
    assert (adopted := _run(adopt)).exit_code == 0, adopted.output
    make_ready(suite)
    write_pair(suite / "drafts", "dropped_case")
    write_pair(suite / "drafts", "bad_name")
    store, draft, value_hash = _session_draft(suite)
    return [
        ["split"],
        ["quarantine", "old_case", "--reason", "flaky judge"],
        ["quarantine", "old_case", "--reason", "judge fixed", "--lift"],
        ["retire", "other_case", "--reason", "replaced"],
        ["promote", "pdf_summary_loop"],
        ["revise", "pdf_summary_loop"],
        ["reject", "dropped_case", "--reason", "a duplicate"],
        ["rename", "bad_name", "good_name"],
        ["scrub", "--restore", value_hash, "--reason", "not a secret", "--db", str(store), draft],
    ]


def _run(args: list[str]) -> Any:
    return cli_runner().invoke(app, args)


@pytest.mark.parametrize("actor", UNCHECKED.values(), ids=UNCHECKED.keys())
def test_every_command_that_records_a_person_refuses_an_unknown_or_unchecked_actor(
    suite: Path, monkeypatch: pytest.MonkeyPatch, actor: str
) -> None:
    _suite_without_author(suite)
    if actor:
        monkeypatch.setenv("GITHUB_ACTOR", actor)
    else:
        monkeypatch.delenv("GITHUB_ACTOR", raising=False)
    commands = _commands(suite)
    before = _written(suite)
    for args in commands:  # found in the environment (or nowhere): unknown, nothing written
        result = _run(args)
        assert result.exit_code == 2, (args, result.output)
        first, hint = result.stderr.splitlines()
        assert first.startswith(UNKNOWN) and hint == HINT, (args, result.stderr)
        if actor:
            assert "(author not recorded: the author name" in first
        assert not any(m.decode() in result.stderr for m in MARKS), args
        assert _written(suite) == before, args
    for args in commands:  # typed with --by: the problem named, never the text
        result = _run([*args, "--by", actor])
        assert result.exit_code == 2, (args, result.output)
        [line] = result.stderr.splitlines()
        assert line.startswith("error: --by holds ") and line.endswith(": pass a login (--by)")
        assert not any(m.decode() in line for m in MARKS), args
        assert _written(suite) == before, args

    for args in commands:  # a login given: each command records it, and nothing else
        result = _run([*args, "--by", "alice"])
        assert result.exit_code == 0, (args, result.output)
    written = _written(suite)
    assert any(p.name.endswith(".intake.json") for p in written)
    assert any(p.suffix == ".db" for p in written)  # the ledger, read raw
    assert any(p.name.endswith(f"-rejection{HISTORY_SUFFIX}") for p in written)  # history
    for path, raw in written.items():
        assert not any(mark in raw for mark in MARKS), path
        assert not any(word in raw for word in INVENTED), path
    settings = load_settings(suite)
    with Ledger.open(settings.ledger) as ledger:
        acted = {(e.kind, e.actor) for e in ledger.history(limit=1000) if e.kind not in DRAFTED}
    assert acted == {(kind, "alice") for kind in RECORDED}
    draft = settings.drafts / "pdf_summary_loop.yaml"
    [revision] = load_record(record_path(draft)).revisions
    assert revision.by == "alice" and revision.promotion is not None
    assert revision.promotion.by == "alice"
    quarantined = load_record(record_path(settings.retired / "rag_quality" / "other_case.yaml"))
    assert [c.by for c in quarantined.lifecycle] == ["alice"]
    [restore] = load_record(record_path(settings.drafts / f"{commands[-1][-1]}.yaml")).restores
    assert restore.by == "alice"


DRAFTED = {"import", "scrub", "adoption", "review", "run"}
"""Events of the set-up (a draft's author may be unknown; an adoption names its reviewer)."""
RECORDED = {
    "split",
    "quarantine",
    "unquarantine",
    "retire",
    "promotion",
    "revision",
    "rejection",
    "rename",
}
