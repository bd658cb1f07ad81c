"""Every file input is bounded: size limit read before parsing, regular files only, nesting
limits, bad UTF-8 named with session and column; each case one line and its exit code.

FIFOs and /dev/zero run in real processes with a timeout: a regression hangs or eats memory
instead of failing an assertion in-process.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from intake.errors import InputError
from intake.fileio import json_depth_exceeds, parse_json_input, read_input, read_json_input
from tests.support.promote_helpers import write_pair
from tests.support.sessions import build


def _intake(suite: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "intake", *args],
        cwd=suite,
        capture_output=True,
        text=True,
        timeout=60,
    )


def _fifo(path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("POSIX only: Windows has no FIFOs in the file system")
    os.mkfifo(path)
    return path


def _deep(levels: int) -> str:
    return "[" * levels + "]" * levels


# --- the reader ---------------------------------------------------------------------------------


def test_read_input_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    fifo = _fifo(tmp_path / "pipe")
    cases = [
        (Path("/dev/zero"), "x is a FIFO, socket or device, not a regular file (zero)"),
        (fifo, f"x is a FIFO, socket or device, not a regular file ({fifo.name})"),
        (tmp_path, f"x is a folder, not a regular file ({tmp_path.name})"),
        (tmp_path / "nope", "x not found (nope)"),
    ]
    for path, line in cases:
        with pytest.raises(InputError) as info:
            read_input(path, what="x")
        assert info.value.one_line() == line


def test_read_input_checks_the_size_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:  # sparse: 10 GB announced, nothing to read
        handle.truncate(10 * 1024**3)
    with pytest.raises(InputError, match=r"^x is larger than 1000 bytes$"):
        read_input(big, what="x", limit=1000)
    small = tmp_path / "small.json"
    small.write_bytes(b"[1]")
    assert read_input(small, what="x", limit=3) == b"[1]"
    with pytest.raises(InputError, match="larger than 2 bytes"):
        read_input(small, what="x", limit=2)


def test_json_nesting_is_limited_before_parsing() -> None:
    assert not json_depth_exceeds('[[["[[[[[[", {"a": "]]]"}]]]', 4)
    assert json_depth_exceeds("[[[[[1]]]]]", 4)
    assert json_depth_exceeds('{"a": {"b": [[["\\"["]]]}}', 4)
    with pytest.raises(InputError) as info:
        parse_json_input(_deep(200_000).encode(), what="the file", where="f.json")
    assert info.value.one_line() == "the file nests deeper than 100 levels (f.json)"
    assert parse_json_input(_deep(100).encode(), what="f", where="w") is not None


def test_json_errors_name_place_not_content(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"token": "ghp_x\xff"}')
    with pytest.raises(InputError) as info:
        read_json_input(bad, what="the file")
    assert info.value.one_line() == "the file is not UTF-8 (byte 16) (bad.json)"
    bad.write_text('{"token": ghp_secretvalue}', encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_json_input(bad, what="the file")
    assert "ghp_" not in info.value.one_line()
    assert info.value.one_line().startswith("the file is not valid JSON: Expecting value at line 1")


# --- from-issue --json ------------------------------------------------------------------------


@pytest.mark.slow
def test_from_issue_json_dev_zero_fifo_folder_and_deep_nesting(suite: Path) -> None:
    fifo = _fifo(suite / "issue.json")
    (suite / "deep.json").write_text(_deep(100_000), encoding="utf-8")
    (suite / "folder.json").mkdir()
    cases = [
        (
            "/dev/zero",
            "error: the issue file is a FIFO, socket or device, not a regular file (zero)",
        ),
        (
            str(fifo),
            "error: the issue file is a FIFO, socket or device, not a regular file (issue.json)",
        ),
        ("deep.json", "error: the issue file nests deeper than 100 levels (deep.json)"),
        ("folder.json", "error: the issue file is a folder, not a regular file (folder.json)"),
    ]
    for given, line in cases:
        done = _intake(suite, "from-issue", "--json", given)
        assert done.returncode == 2, (given, done.stderr)
        assert done.stderr.splitlines()[0] == line
        assert "Traceback" not in done.stderr
    assert list((suite / "drafts").iterdir()) == []


# --- session stores (--db) --------------------------------------------------------------------


@pytest.mark.slow
def test_db_fifo_and_device_are_refused_at_once(suite: Path) -> None:
    fifo = _fifo(suite / "gaia_chat.db")
    # paths are shown relative to the suite, else by file name (never absolute)
    for given, shown in ((str(fifo), "gaia_chat.db"), ("/dev/zero", "zero")):
        for command in (["sessions"], ["from-session", "29c211c7"]):
            done = _intake(suite, *command, "--db", given)
            assert done.returncode == 3, (given, done.stderr)
            assert done.stderr.splitlines()[0] == (
                f"error: session store is a FIFO, socket or device, not a file ({shown})"
            )


def test_deeply_nested_session_json_is_one_line_exit_3(suite: Path, runner) -> None:
    from intake.cli import app

    path = suite / "s.json"
    path.write_text(
        '{"session_id": "session_20260101_120000", "chat_history": ' + _deep(50_000) + "}",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["from-session", "session_20260101_120000", "--db", str(path)])
    assert result.exit_code == 3, result.output
    assert result.stderr == "error: session file nests deeper than 100 levels (s.json)\n"


def test_invalid_utf8_title_names_session_and_column(suite: Path, runner) -> None:
    from intake.cli import app

    db = build(suite / "gaia_chat.db")
    conn = sqlite3.connect(db)
    conn.execute("UPDATE sessions SET title = CAST(X'67687028FF29' AS TEXT)")  # ghp(\xff)
    conn.commit()
    conn.close()
    result = runner.invoke(app, ["from-session", "29c211c7", "--db", str(db)])
    assert result.exit_code == 3, result.output
    assert result.stderr == (
        "error: column title holds text that is not valid UTF-8 (gaia_chat.db, session 29c211c7)\n"
    )


# --- scorecards and records -------------------------------------------------------------------


@pytest.mark.slow
def test_scorecard_device_fifo_and_deep_nesting(suite: Path) -> None:
    write_pair(suite / "drafts")
    fifo = _fifo(suite / "card.json")
    (suite / "deep.json").write_text(_deep(100_000), encoding="utf-8")
    cases = [
        ("/dev/zero", "error: scorecard is not a file (zero)"),
        (str(fifo), "error: scorecard is not a file (card.json)"),
        ("deep.json", "error: scorecard nests deeper than 100 levels (deep.json)"),
    ]
    for given, line in cases:
        done = _intake(
            suite, "run-record", "pdf_summary_loop", "--scorecard", given, "--tier", "strong"
        )
        assert done.returncode == 2, (given, done.stderr)
        assert done.stderr.splitlines()[0] == line


def test_deeply_nested_record_is_one_line_exit_2(suite: Path, runner) -> None:
    from intake.cli import app
    from intake.store.records import record_path

    draft = write_pair(suite / "drafts")
    record_path(draft).write_text('{"id": ' + _deep(100_000) + "}", encoding="utf-8")
    result = runner.invoke(app, ["review", "pdf_summary_loop", "--approve", "--reviewer", "bob"])
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        "error: record nests deeper than 100 levels "
        f"({record_path(draft).relative_to(suite).as_posix()})\n"
    )


def test_the_issue_json_limit_is_read_from_the_file_size(suite: Path, runner) -> None:
    from intake.cli import app
    from intake.limits import MAX_ISSUE_JSON_BYTES

    big = suite / "big.json"
    with open(big, "wb") as handle:
        handle.truncate(MAX_ISSUE_JSON_BYTES + 1)
    result = runner.invoke(app, ["from-issue", "--json", "big.json"])
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: the issue file is larger than {MAX_ISSUE_JSON_BYTES} bytes (big.json)\n"
    )
