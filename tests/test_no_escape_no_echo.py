"""Writes never leave the suite through a symbolic link; errors never echo typed text.

Every writing command refuses a ``scenarios/`` or ``drafts/`` folder that is a link to
somewhere outside the suite (one line, exit 2, nothing written there); bad option values,
an unknown ``--root``, an unknown id given to ``intake log`` and duplicate keys are named
by option or place, never by the text that was typed.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from tests.support.promote_helpers import make_ready, scorecard, write_pair
from tests.support.sessions import build

TOKEN = "ghp_" + "Zq7Rk2Lm9Xw4Tb8Nc3Vd6Hy1Jp5Gs0Af7Eu2"


def _link_outside(suite: Path, name: str, outside: Path) -> None:
    """Replace ``suite/name`` with a link to ``outside`` (holding what the folder held)."""
    shutil.copytree(suite / name, outside, dirs_exist_ok=True)
    shutil.rmtree(suite / name)
    if sys.platform == "win32":
        pytest.skip("POSIX only: symbolic links need a privilege on Windows")
    (suite / name).symlink_to(outside, target_is_directory=True)


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


REFUSED = "resolves outside the suite (through a symbolic link); intake does not write there"


def test_promote_refuses_a_scenarios_folder_linked_outside(
    suite: Path, runner: CliRunner, tmp_path: Path
) -> None:
    make_ready(suite)
    outside = tmp_path / "elsewhere"
    _link_outside(suite, "scenarios", outside)
    before = _files(outside)
    result = runner.invoke(app, ["promote", "pdf_summary_loop"])
    assert result.exit_code == 2, result.output
    assert result.stderr == f"error: the scenarios folder {REFUSED} (scenarios/tool_selection)\n"
    assert _files(outside) == before
    assert (suite / "drafts" / "pdf_summary_loop.yaml").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["review", "pdf_summary_loop", "--approve", "--reviewer", "bob"],
        ["reject", "pdf_summary_loop", "--reason", "duplicate"],
        ["promote", "pdf_summary_loop"],
        [
            "run-record",
            "pdf_summary_loop",
            "--scorecard",
            "card/scorecard.json",
            "--tier",
            "strong",
        ],
    ],
)
def test_commands_on_a_draft_refuse_a_drafts_folder_linked_outside(
    suite: Path, runner: CliRunner, tmp_path: Path, args: list[str]
) -> None:
    write_pair(suite / "drafts")
    scorecard(suite / "card", {"pdf_summary_loop": "PASS"})
    outside = tmp_path / "elsewhere"
    _link_outside(suite, "drafts", outside)
    before = {p: p.read_bytes() for p in outside.rglob("*") if p.is_file()}
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stderr == f"error: the draft {REFUSED} (drafts/pdf_summary_loop.yaml)\n"
    assert {p: p.read_bytes() for p in outside.rglob("*") if p.is_file()} == before


def test_drafting_refuses_a_drafts_folder_linked_outside(
    suite: Path, runner: CliRunner, tmp_path: Path
) -> None:
    db = build(tmp_path / "gaia_chat.db")
    outside = tmp_path / "elsewhere"
    _link_outside(suite, "drafts", outside)
    result = runner.invoke(app, ["from-session", "29c211c7", "--db", str(db)])
    assert result.exit_code == 2, result.output
    assert result.stderr == f"error: the drafts folder {REFUSED} (drafts)\n"
    assert _files(outside) == []


# --- nothing echoed ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "lines"),
    [
        (
            ["run-record", "x", "--scorecard", "s.json", "--tier", TOKEN],
            [
                "error: invalid value for --tier: it accepts strong, local (intake run-record)",
                "hint: see `intake run-record --help`",
            ],
        ),
        (
            ["check", "--format", TOKEN],
            [
                "error: invalid value for --format: it accepts text, json, github (intake check)",
                "hint: see `intake check --help`",
            ],
        ),
        (
            ["report", "--format", TOKEN],
            [
                "error: invalid value for --format: it accepts text, markdown, json, html "
                "(intake report)",
                "hint: see `intake report --help`",
            ],
        ),
        (
            ["sessions", "--limit", TOKEN],
            [
                "error: invalid value for --limit (intake sessions)",
                "hint: see `intake sessions --help`",
            ],
        ),
        (
            ["check", f"--{TOKEN}"],
            ["error: no such option (intake check)", "hint: see `intake check --help`"],
        ),
        (
            ["check", TOKEN],
            ["error: unexpected extra argument (intake check)", "hint: see `intake check --help`"],
        ),
        ([TOKEN], ["error: no such command (intake)", "hint: see `intake --help`"]),
    ],
)
def test_bad_option_values_are_not_echoed(
    suite: Path, runner: CliRunner, args: list[str], lines: list[str]
) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == lines
    assert TOKEN not in result.output


def test_root_value_is_not_echoed(runner: CliRunner, tmp_path: Path) -> None:
    root = tmp_path / TOKEN
    root.mkdir()
    result = runner.invoke(app, ["--root", str(root), "check"])
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines()[0] == (
        "error: no intake suite is configured here and no scenarios folder was found (.)"
    )
    assert TOKEN not in result.output
    env = CliRunner(env={"INTAKE_ROOT": str(root)}).invoke(app, ["check"])
    assert env.exit_code == 2 and TOKEN not in env.output


def test_log_does_not_echo_an_id_the_scrubber_flags(suite: Path, runner: CliRunner) -> None:
    write_pair(suite / "drafts")
    runner.invoke(app, ["review", "pdf_summary_loop", "--approve", "--reviewer", "bob"])
    for given in (TOKEN, TOKEN.lower(), "alice.smith@gmail.com"):
        result = runner.invoke(app, ["log", given])
        assert result.exit_code == 2, result.output
        assert result.stderr == (
            "error: no events for the id given (not shown: it is not a plain intake id) "
            "in the ledger\n"
        )
    plain = runner.invoke(app, ["log", "nothing_here"])
    assert plain.stderr == "error: no events for 'nothing_here' in the ledger\n"


def test_duplicate_keys_are_named_only_when_they_are_scenario_keys(
    suite: Path, runner: CliRunner
) -> None:
    path = suite / "scenarios" / "a.yaml"
    path.write_text(f"id: a\n{TOKEN}: 1\n{TOKEN}: 2\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    assert "scenarios/a.yaml:3: error: duplicate key (a key outside the scenario format)" in (
        result.stdout
    )
    assert TOKEN not in result.output
    path.write_text("id: a\nid: b\n", encoding="utf-8")
    named = runner.invoke(app, ["validate", str(path)])
    assert "duplicate key 'id'" in named.stdout
