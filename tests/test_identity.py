"""One identity per scenario, GAIA's: its YAML ``id``, wherever its file lies and whatever it
is named (docs/identity.md). GAIA's ``mcp_reliability`` files are named apart from their ids
(``simple_tool_call.yaml`` holds ``mcp_simple_tool_call``): the ordinary case here.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.contract.yamlio import parse_checked
from intake.report.card import card_from_parts
from intake.store.ledger import Ledger
from intake.store.records import load_record, record_path
from tests.support.env import GAIA, cli_runner, isolate, requires_gaia_corpus

FILE = "simple_tool_call"
ID = "mcp_simple_tool_call"


@pytest.fixture(scope="module")
def adopted_mcp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """GAIA's layout holding its 10 mcp_reliability scenarios, adopted (``intake init``), built
    once a module (isolated as a test is); each test gets a copy (``mcp``)."""
    repo = tmp_path_factory.mktemp("identity") / "gaia"
    folder = repo / "eval" / "scenarios" / "mcp_reliability"
    shutil.copytree(GAIA / "eval" / "scenarios" / "mcp_reliability", folder)
    (repo / "pyproject.toml").write_text('[project]\nname = "amd-gaia"\nversion = "0"\n')
    runner = cli_runner()
    with pytest.MonkeyPatch.context() as monkeypatch:
        isolate(monkeypatch, tmp_path_factory.mktemp("home"))
        monkeypatch.chdir(repo)
        subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True)
        assert runner.invoke(app, ["init"]).exit_code == 0
        adopted = runner.invoke(
            app,
            [
                "adopt",
                "eval/scenarios/mcp_reliability",
                "--source",
                "synthetic",
                "--reviewer",
                "alice",
            ],
        )
        assert adopted.exit_code == 0, adopted.output
    return repo


@pytest.fixture
def mcp(adopted_mcp: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of ``adopted_mcp`` as the working directory; its mcp_reliability folder."""
    repo = shutil.copytree(adopted_mcp, tmp_path / "gaia", symlinks=True)
    monkeypatch.chdir(repo)
    return repo / "eval" / "scenarios" / "mcp_reliability"


@pytest.mark.slow
@requires_gaia_corpus()
def test_adopt_records_the_yaml_id_beside_the_file(mcp: Path) -> None:
    for path in sorted(mcp.glob("*.yaml")):
        scenario_id = parse_checked(path.read_bytes()).data["id"]
        assert scenario_id != path.stem  # GAIA's names: every one differs from its id
        record = load_record(record_path(path))
        assert record.id == scenario_id and record.adoption is not None
        assert record_path(path).name == f"{path.stem}.intake.json"


@requires_gaia_corpus()
def test_ledger_rows_and_the_log_are_keyed_by_the_id(mcp: Path, runner: Any) -> None:
    done = runner.invoke(app, ["quarantine", ID, "--reason", "flaky judge", "--by", "alice"])
    assert done.exit_code == 0, done.output
    with Ledger.open(load_settings(mcp).ledger) as ledger:
        kinds = [e.kind for e in ledger.history(ID)]
        assert ledger.history(FILE) == []
        items = {row.id for row in ledger.items()}
    assert kinds == ["adoption", "quarantine"]
    assert ID in items and FILE not in items
    log = json.loads(runner.invoke(app, ["log", ID, "--format", "json"]).stdout)
    assert [e["scenario_id"] for e in log["events"]] == [ID, ID]


@requires_gaia_corpus()
def test_quarantine_and_retire_find_the_scenario_by_its_id_not_its_file_name(
    mcp: Path, runner: Any
) -> None:
    by_name = runner.invoke(app, ["quarantine", FILE, "--reason", "x", "--by", "alice"])
    assert by_name.exit_code == 2
    assert by_name.stderr == (
        f"error: no scenario has this id; the file of this name holds the id {ID} "
        f"(eval/scenarios/mcp_reliability/{FILE}.yaml)\n"
    )
    shown = json.loads(runner.invoke(app, ["config", "--format", "json"]).stdout)
    assert shown["settings"]["retired_dir"] == "eval/retired"  # beside GAIA's eval/scenarios
    retired = runner.invoke(app, ["retire", ID, "--reason", "replaced", "--by", "alice"])
    assert retired.exit_code == 0, retired.output
    moved = mcp.parent.parent / "retired" / "mcp_reliability" / f"{FILE}.yaml"
    assert moved.is_file() and load_record(record_path(moved)).id == ID
    again = runner.invoke(app, ["retire", ID, "--reason", "again", "--by", "alice"])
    assert again.exit_code == 2
    assert again.stderr.startswith("error: the scenario is retired (eval/retired/")


@requires_gaia_corpus()
def test_show_finds_the_scenario_by_its_id_not_its_file_name(mcp: Path, runner: Any) -> None:
    shown = runner.invoke(app, ["show", ID, "--format", "json"])
    assert shown.exit_code == 0, shown.output
    card = json.loads(shown.stdout)["card"]
    assert (card["id"], card["kind"]) == (ID, "scenario")
    by_name = runner.invoke(app, ["show", FILE])
    assert (by_name.exit_code, by_name.stdout) == (2, "")
    assert by_name.stderr == (
        f"error: no scenario has this id; the file of this name holds the id {ID} "
        f"(eval/scenarios/mcp_reliability/{FILE}.yaml)\n"
    )
    record_path(mcp / f"{FILE}.yaml").unlink()  # GAIA's suite before `intake adopt`
    unadopted = runner.invoke(app, ["show", ID, "--format", "json"])
    assert unadopted.exit_code == 0, unadopted.output
    assert json.loads(unadopted.stdout)["card"]["id"] == ID


@requires_gaia_corpus()
@pytest.mark.parametrize("target", [ID, f"eval/scenarios/mcp_reliability/{FILE}.yaml"])
def test_revise_names_why_a_file_named_apart_from_its_id_cannot_come_back(
    mcp: Path, runner: Any, target: str
) -> None:
    before = {p: p.read_bytes() for p in mcp.iterdir()}
    result = runner.invoke(app, ["revise", target, "--by", "alice"])
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: the file is named apart from its id ({ID}): revised, it would come back as "
        f"{ID}.yaml; rename the file and its .intake.json record to its id first (git mv), "
        f"then revise (eval/scenarios/mcp_reliability/{FILE}.yaml)\n"
    )
    assert {p: p.read_bytes() for p in mcp.iterdir()} == before


@requires_gaia_corpus()
def test_the_card_names_the_scenario_by_its_id(mcp: Path) -> None:
    settings = load_settings(mcp)
    path = mcp / f"{FILE}.yaml"
    data = parse_checked(path.read_bytes()).data
    card = card_from_parts(
        settings, path, data, load_record(record_path(path)), [], private=False, kind="scenario"
    )
    assert card.id == ID and card.path == f"eval/scenarios/mcp_reliability/{FILE}.yaml"
