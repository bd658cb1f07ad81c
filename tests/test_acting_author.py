"""One home for the acting author (``intake.store.suite.acting_author``): no command records an
unchecked name (an e-mail, a control character) in any record, scenario or ledger row.

The name comes from ``--by``, the ``author`` setting, ``$GITHUB_ACTOR`` or git config. Typed
with ``--by``, a name the rule withholds is a usage error; found in the environment, it is
withheld (the command goes on without it, or stops where a person must be named).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from tests.support.env import SUITE_PYPROJECT
from tests.support.nightly_helpers import write_scenario
from tests.support.promote_helpers import make_ready, write_pair

UNCHECKED = {
    "e-mail": "eve.engineer@example.com",
    "name and e-mail": "Eve Engineer <eve.engineer@example.com>",
    "terminal escape": "eve\x1b[31mred",
    "bidi override": "ev\u202eenilno",
}
MARKS = (b"eve.engineer@example.com", b"example.com", b"\x1b[31m", "\u202e".encode())


def _suite_without_author(suite: Path) -> None:
    text = SUITE_PYPROJECT.replace('author = "drafter"\n', "")
    (suite / "pyproject.toml").write_text(text, encoding="utf-8")


def _written(suite: Path) -> dict[Path, bytes]:
    """Every file the commands wrote (records, scenarios, drafts, the ledger, history)."""
    return {
        p: p.read_bytes() for p in suite.rglob("*") if p.is_file() and p.name != "pyproject.toml"
    }


@pytest.mark.parametrize("actor", UNCHECKED.values(), ids=UNCHECKED.keys())
def test_no_command_records_an_unchecked_name_from_the_environment(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch, actor: str
) -> None:
    _suite_without_author(suite)
    monkeypatch.setenv("GITHUB_ACTOR", actor)
    for sid in ("old_case", "other_case"):
        write_scenario(suite, sid)
    adopted = runner.invoke(
        app, ["adopt", "scenarios/rag_quality", "--source", "synthetic", "--reviewer", "alice"]
    )
    assert adopted.exit_code == 0, adopted.output
    make_ready(suite)
    write_pair(suite / "drafts", "dropped_case")
    write_pair(suite / "drafts", "bad_name")

    split = runner.invoke(app, ["split"])
    assert split.exit_code == 0, split.output
    unknown = runner.invoke(app, ["quarantine", "old_case", "--reason", "flaky judge"])
    assert unknown.exit_code == 2
    assert unknown.stderr.startswith(
        "error: who makes this change is unknown (author not recorded: the author name"
    ), unknown.stderr
    for args in (
        ["quarantine", "old_case", "--reason", "flaky judge", "--by", "alice"],
        ["retire", "other_case", "--reason", "replaced", "--by", "alice"],
        ["promote", "pdf_summary_loop"],
        ["reject", "dropped_case", "--reason", "a duplicate"],
        ["rename", "bad_name", "good_name"],
        ["revise", "pdf_summary_loop"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, (args, result.output)
        assert "Traceback" not in result.output
    written = _written(suite)
    assert any(p.name.endswith(".intake.json") for p in written)
    assert any(p.suffix == ".db" for p in written)  # the ledger, read raw
    for path, raw in written.items():
        assert not any(mark in raw for mark in MARKS), path


@pytest.mark.parametrize("actor", UNCHECKED.values(), ids=UNCHECKED.keys())
@pytest.mark.parametrize(
    "command",
    [
        ["quarantine", "old_case", "--reason", "flaky judge"],
        ["retire", "old_case", "--reason", "replaced"],
        ["split"],
    ],
)
def test_an_unchecked_name_typed_with_by_is_a_usage_error(
    suite: Path, runner: Any, actor: str, command: list[str]
) -> None:
    write_scenario(suite, "old_case")
    adopted = runner.invoke(
        app,
        [
            "adopt",
            "scenarios/rag_quality/old_case.yaml",
            "--source",
            "synthetic",
            "--reviewer",
            "alice",
        ],
    )
    assert adopted.exit_code == 0, adopted.output
    before = _written(suite)
    result = runner.invoke(app, [*command, "--by", actor])
    assert result.exit_code == 2, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith("error: --by holds ") and line.endswith(": pass a login (--by)")
    assert not any(mark.decode() in line for mark in MARKS)
    assert _written(suite) == before  # nothing written
