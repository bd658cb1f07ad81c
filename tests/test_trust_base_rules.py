"""Issue 28, point 2: the rules of a check come from the base, never from the change.

The attacks of "What was measured" 3 as a contributor makes them (commits on a branch of a
shared repository, checked on a fresh clone of that branch): each succeeds where no base is
known and fails on the clone, with the changed key or file named as an error.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from intake.check.gate import run_check
from intake.cli import app
from intake.config import FIELDS, load_settings
from intake.lifecycle.authority import NO_BASE, find_base
from tests.support.env import REPO, SUITE_PYPROJECT
from tests.support.promote_helpers import edit, make_ready, write_pair
from tests.support.trust_repo import Repos, git, without_base, write_legacy

TOKEN = "ghp_R8x2Kq9LmZ4vT7wYp3Nc6Hs1Jd5Fg0Ab2Ce4X"
LEAKY = "drafts/leaky_case.yaml"


def _check(runner: CliRunner, where: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> Any:
    monkeypatch.chdir(where)
    return runner.invoke(app, ["check", *args])


def _settings_line(root: Path, line: str) -> None:
    """Add ``line`` to the ``[tool.intake]`` table (the last table of the suite's file)."""
    path = root / "pyproject.toml"
    path.write_text(path.read_text(encoding="utf-8") + line + "\n", encoding="utf-8")


def _line_of(root: Path, key: str) -> int:
    lines = (root / "pyproject.toml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.startswith(f"{key} ="))


def _leaky(root: Path) -> Path:
    draft = write_pair(root / "drafts", "leaky_case")
    edit(draft, "Summarize the Q3 report please.", f"Summarize it, token {TOKEN}")
    return draft


# --- settings -----------------------------------------------------------------------------

CHANGED: dict[str, str] = {
    "scenarios_dir": '"scenarios2"',
    "drafts_dir": '"drafts2"',
    "ledger_path": '".intake/other.db"',
    "agent_ui_db": '"~/other.db"',
    "corpus_dir": '"corpus"',
    "github_repo": '"evil/repo"',
    "github_api_url": '"http://evil.example"',
    "strong_models": '["model-x"]',
    "local_models": '["model-y"]',
    "provenance_target": "0.5",
    "scrubbers_dir": '"rules"',
    "spacy_model": '"en_core_web_sm"',
    "runner": '["python", "evil.py"]',
    "backend_url": '"http://evil.example:1"',
    "gaia_python": '"/usr/bin/python3"',
    "gaia_git": '"../elsewhere"',
    "judge_model": '"model-z"',
    "results_dir": '"elsewhere"',
    "strong_pass_min": "2",
    "saturation_pass_rate": "0.5",
    "run_timeout": "5",
    "require_rubric": "true",
    "require_control": "false",
    "replay_port": "4300",
    "default_suite": '"regression"',
    "baseline_path": '"accepted.json"',
    "history_dir": '"elsewhere-history"',
    "runs_dir": '"elsewhere-runs"',
    "tracker_labels": '["x"]',
    "health_min_runs": "7",
    "health_confidence": "0.8",
    "health_saturation_bar": "0.5",
    "health_fail_bar": "0.4",
    "health_flaky_low": "0.05",
    "health_flaky_high": "0.95",
    "health_inverted_margin": "0.5",
    "health_pass_k": "9",
    "health_window_nights": "1",
    "health_commit": '"deadbeef"',
    "health_all_commits": "false",
    "health_machine": '"m2"',
    "health_all_machines": "false",
    "split_salt": '"other-salt"',
    "split_heldout": "0.5",
    "retired_dir": '"gone"',
}
"""A different value for every key but ``author`` (the suite's file sets it; changed below)."""


def test_every_setting_change_is_a_finding(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert set(CHANGED) | {"author"} == set(FIELDS), "a new key needs a value here"
    repos = Repos(tmp_path)
    repos.commit_main()
    contrib = repos.start_contribution()
    path = contrib / "pyproject.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    wanted = {**CHANGED, "author": '"bob"'}
    for key, value in wanted.items():
        at = [i for i, line in enumerate(lines) if line.startswith(f"{key} =")]
        if at:
            lines[at[0]] = f"{key} = {value}"
        else:
            lines.append(f"{key} = {value}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    repos.push_contribution()
    fresh = repos.fresh()

    result = _check(runner, fresh, monkeypatch, "--format", "json")
    assert result.exit_code == 1, result.output
    found = {
        (f["line"], f["message"].split(" ")[1])
        for f in json.loads(result.stdout)["findings"]
        if f["code"] == "rule-change" and f["file"] == "pyproject.toml"
    }
    expected = {(_line_of(fresh, key), key) for key in [*CHANGED, "author"]}
    assert found == expected
    assert "evil" not in result.stdout, "a value the change wrote is not echoed"


def test_drafts_dir_pointed_at_a_clean_subfolder_fails(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    repos.commit_main()
    contrib = repos.start_contribution()
    _leaky(contrib)
    (contrib / "drafts" / "clean").mkdir()
    (contrib / "drafts" / "clean" / ".gitkeep").write_text("", encoding="utf-8")
    path = contrib / "pyproject.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            'drafts_dir = "drafts"', 'drafts_dir = "drafts/clean"'
        ),
        encoding="utf-8",
    )
    repos.push_contribution()
    fresh = repos.fresh()

    assert _check(runner, without_base(fresh, tmp_path), monkeypatch).exit_code == 0

    result = _check(runner, fresh, monkeypatch)
    assert result.exit_code == 1
    line = _line_of(fresh, "drafts_dir")
    assert f"pyproject.toml:{line}: error: [tool.intake] drafts_dir changed by this change" in (
        result.stdout
    )
    assert f"{LEAKY}:15: error: GITHUB_TOKEN found by the re-scan" in result.stdout
    assert TOKEN not in result.output


def _permissive_copy(root: Path, folder: str = "rules") -> Path:
    target = root / folder
    shutil.copytree(REPO / "scrubbers", target)
    allow = target / "allow.yaml"
    allow.write_text(
        allow.read_text(encoding="utf-8") + "  - name: everything\n"
        "    entities: ['*']\n    regex: '.'\n",
        encoding="utf-8",
    )
    return target


def test_scrubbers_dir_pointed_at_a_permissive_copy_fails(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    repos.commit_main()
    contrib = repos.start_contribution()
    _leaky(contrib)
    _permissive_copy(contrib)
    _settings_line(contrib, 'scrubbers_dir = "rules"')
    repos.push_contribution()
    fresh = repos.fresh()

    assert _check(runner, without_base(fresh, tmp_path), monkeypatch).exit_code == 0

    result = _check(runner, fresh, monkeypatch)
    assert result.exit_code == 1
    line = _line_of(fresh, "scrubbers_dir")
    assert f"pyproject.toml:{line}: error: [tool.intake] scrubbers_dir added by this change" in (
        result.stdout
    )
    assert f"{LEAKY}:15: error: GITHUB_TOKEN found by the re-scan" in result.stdout


@pytest.mark.slow
def test_a_scrubber_rule_file_changed_in_the_change_is_a_finding(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    shutil.copytree(REPO / "scrubbers", repos.main / "rules")
    _settings_line(repos.main, 'scrubbers_dir = "rules"')
    repos.commit_main("the suite's own rules")
    contrib = repos.start_contribution()
    _leaky(contrib)
    _permissive_copy(contrib, "rules-new")
    shutil.copy(contrib / "rules-new" / "allow.yaml", contrib / "rules" / "allow.yaml")
    shutil.rmtree(contrib / "rules-new")
    (contrib / "rules" / "extra.yaml").write_text("rules: []\n", encoding="utf-8")
    repos.push_contribution()
    fresh = repos.fresh()

    assert _check(runner, without_base(fresh, tmp_path), monkeypatch).exit_code == 0

    result = _check(runner, fresh, monkeypatch)
    assert result.exit_code == 1
    assert "rules/allow.yaml:1: error: scrubber rule file changed by this change" in result.stdout
    assert "rules/extra.yaml:1: error: scrubber rule file added by this change" in result.stdout
    assert f"{LEAKY}:15: error: GITHUB_TOKEN found by the re-scan" in result.stdout


def test_a_planted_scrubbers_folder_is_not_read(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    repos.commit_main()
    contrib = repos.start_contribution()
    _leaky(contrib)
    _permissive_copy(contrib, "scrubbers")  # where intake keeps its own, at the suite's root
    repos.push_contribution()
    fresh = repos.fresh()

    for where in (fresh, without_base(fresh, tmp_path)):
        result = _check(runner, where, monkeypatch)
        assert result.exit_code == 1
        assert f"{LEAKY}:15: error: GITHUB_TOKEN found by the re-scan" in result.stdout


# --- the baseline -------------------------------------------------------------------------


def test_a_baseline_carrying_its_own_key_fails(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    repos.commit_main()
    contrib = repos.start_contribution()
    write_legacy(contrib, "legacy_1", "boss@acmeco.com")
    monkeypatch.chdir(contrib)
    git(contrib, "remote", "remove", "origin")  # the contributor writes a baseline of her own
    assert runner.invoke(app, ["check", "--strict", "--update-baseline"]).exit_code == 0
    git(contrib, "remote", "add", "origin", str(repos.origin))
    repos.push_contribution()
    fresh = repos.fresh()

    assert _check(runner, without_base(fresh, tmp_path), monkeypatch, "--strict").exit_code == 0

    result = _check(runner, fresh, monkeypatch, "--strict")
    assert result.exit_code == 1
    assert ".intake-baseline.json:1: error: the baseline is added by this change" in result.stdout
    assert "scenarios/memory/legacy_1.yaml:8: error: EMAIL_ADDRESS found by the re-scan" in (
        result.stdout
    )


def test_a_changed_baseline_is_a_finding_and_the_base_one_applies(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    write_legacy(repos.main, "legacy_1", "boss@acmeco.com")
    monkeypatch.chdir(repos.main)
    assert runner.invoke(app, ["check", "--strict", "--update-baseline"]).exit_code == 0
    repos.commit_main("known test data accepted")
    contrib = repos.start_contribution()
    write_legacy(contrib, "legacy_2", "ceo@acmeco.com")
    monkeypatch.chdir(contrib)
    git(contrib, "remote", "remove", "origin")
    assert runner.invoke(app, ["check", "--strict", "--update-baseline"]).exit_code == 0
    git(contrib, "remote", "add", "origin", str(repos.origin))
    repos.push_contribution()
    fresh = repos.fresh()

    result = _check(runner, fresh, monkeypatch, "--strict")
    assert result.exit_code == 1
    assert ".intake-baseline.json:1: error: the baseline is changed by this change" in (
        result.stdout
    )
    assert "scenarios/memory/legacy_2.yaml:8: error: EMAIL_ADDRESS" in result.stdout
    assert "legacy_1.yaml" not in result.stdout, "what the base's baseline accepts stays out"
    assert "1 scrub finding accepted by the baseline" in result.stdout


# --- accepted rules, gates, the environment -----------------------------------------------


def test_rules_changed_on_the_base_are_accepted(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    repos.commit_main()
    _settings_line(repos.main, "require_rubric = true")
    shutil.copytree(REPO / "scrubbers", repos.main / "rules")
    _settings_line(repos.main, 'scrubbers_dir = "rules"')
    repos.commit_main("the maintainer changes the rules on main")
    contrib = repos.start_contribution()
    write_pair(contrib / "drafts", "new_case")
    repos.push_contribution()
    fresh = repos.fresh()

    result = _check(runner, fresh, monkeypatch)
    assert result.exit_code == 0, result.output
    assert "rule-change" not in result.stdout and "by this change" not in result.stdout


def test_gate_settings_come_from_the_base(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    _settings_line(repos.main, "require_rubric = true")
    _settings_line(repos.main, "strong_pass_min = 2")
    make_ready(repos.main)
    repos.commit_main("a reviewed draft, one strong pass, no rubric")
    contrib = repos.start_contribution()
    path = contrib / "pyproject.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("require_rubric = true", "require_rubric = false").replace(
            "strong_pass_min = 2", "strong_pass_min = 1"
        ),
        encoding="utf-8",
    )
    repos.push_contribution()
    fresh = repos.fresh()

    before = _check(runner, without_base(fresh, tmp_path), monkeypatch)
    assert "draft drafts/pdf_summary_loop.yaml: ready" in before.stdout

    result = _check(runner, fresh, monkeypatch, "--format", "json")
    doc = json.loads(result.stdout)
    gates = {g["name"]: g for g in doc["drafts"][0]["gates"]}
    assert not gates["rubric"]["met"] and not gates["strong-run"]["met"]
    changed = {f["message"].split(" ")[1] for f in doc["findings"] if f["code"] == "rule-change"}
    assert changed == {"require_rubric", "strong_pass_min"}


def test_the_environment_keeps_its_precedence_over_the_base(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    repos.commit_main()
    contrib = repos.start_contribution()
    _leaky(contrib)
    repos.push_contribution()
    fresh = repos.fresh()
    (fresh / "elsewhere").mkdir()
    monkeypatch.setenv("INTAKE_DRAFTS_DIR", "elsewhere")  # the user's own shell says so

    result = _check(runner, fresh, monkeypatch)
    assert result.exit_code == 0, result.output
    assert "leaky_case" not in result.stdout and "rule-change" not in result.stdout


def test_promote_reads_its_rules_from_the_base(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    make_ready(repos.main)
    repos.commit_main()
    contrib = repos.start_contribution()
    _permissive_copy(contrib)
    _settings_line(contrib, 'scrubbers_dir = "rules"')
    repos.push_contribution()
    fresh = repos.fresh()
    monkeypatch.chdir(fresh)

    result = runner.invoke(app, ["promote", "pdf_summary_loop"])
    assert result.exit_code == 1
    line = _line_of(fresh, "scrubbers_dir")
    assert result.stderr.startswith(
        "error: the change alters the rules it is judged by: [tool.intake] scrubbers_dir added "
        "by this change"
    ), result.stderr
    assert f"(pyproject.toml:{line})" in result.stderr
    assert (fresh / "drafts" / "pdf_summary_loop.yaml").is_file()


# --- the base itself ----------------------------------------------------------------------


def test_no_base_says_so_in_one_line(git_suite: Path, runner: CliRunner) -> None:
    write_pair(git_suite / "drafts", "new_case")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [NO_BASE]
    assert json.loads(runner.invoke(app, ["check", "--format", "json"]).stdout)["base"] == NO_BASE


def test_the_base_comes_from_github_base_ref_the_option_or_the_remote(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    repos.commit_main()
    base = git(repos.main, "rev-parse", "HEAD")
    contrib = repos.start_contribution()
    write_pair(contrib / "drafts", "new_case")
    repos.push_contribution()
    fresh = repos.fresh()
    monkeypatch.chdir(fresh)

    url = f" from {repos.origin}"
    assert runner.invoke(app, ["check"]).stderr.splitlines() == [
        f"rules and evidence judged against the base {base[:12]} (the default branch of the "
        f"remote origin, refs/remotes/origin/main{url})"
    ]
    monkeypatch.setenv("GITHUB_BASE_REF", "main")
    assert runner.invoke(app, ["check"]).stderr.splitlines() == [
        f"rules and evidence judged against the base {base[:12]} ($GITHUB_BASE_REF main = "
        f"refs/remotes/origin/main{url})"
    ]
    assert runner.invoke(app, ["check", "--base", "origin/main"]).stderr.splitlines() == [
        f"rules and evidence judged against the base {base[:12]} (--base origin/main = "
        f"refs/remotes/origin/main{url})"
    ]
    found = find_base(fresh, environ={})
    assert found is not None and found.commit == base
    settings = load_settings(fresh)
    assert run_check(settings, base=base).base.startswith(
        f"rules and evidence judged against the base {base[:12]}"
    )
    assert find_base(without_base(fresh, tmp_path), environ={}) is None
    # on the default branch itself the maintainer works on the base: no base, one line says so
    own = repos.fresh("main")
    assert find_base(own, environ={}) is None
    monkeypatch.delenv("GITHUB_BASE_REF")
    monkeypatch.chdir(own)
    assert runner.invoke(app, ["check"]).stderr.splitlines() == [NO_BASE]


@pytest.mark.parametrize("option", ["-x", "no-such-branch", "main\nHEAD"])
def test_an_unsafe_or_unknown_base_is_a_usage_error(
    git_suite: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch, option: str
) -> None:
    (git_suite / "pyproject.toml").write_text(SUITE_PYPROJECT, encoding="utf-8")
    git(git_suite, "add", "-A")
    git(git_suite, "commit", "-qm", "suite")
    result = runner.invoke(app, ["check", "--base", option])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: --base names no revision git knows here")
    assert len(result.stderr.strip().splitlines()) <= 2
    monkeypatch.setenv("GITHUB_BASE_REF", "no-such-branch")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "error: the base branch $GITHUB_BASE_REF is not in this checkout"
    )


def test_a_scenario_the_change_adds_is_never_legacy(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    write_legacy(repos.main, "legacy_1", "boss@acmeco.com")  # GAIA's own test data, on the base
    repos.commit_main()
    contrib = repos.start_contribution()
    write_legacy(contrib, "new_case", "ceo@acmeco.com")  # no source, no record: looks legacy
    repos.push_contribution()
    fresh = repos.fresh()

    assert _check(runner, without_base(fresh, tmp_path), monkeypatch).exit_code == 0

    result = _check(runner, fresh, monkeypatch, "--verbose")
    assert result.exit_code == 1
    assert "scenarios/memory/new_case.yaml:8: error: EMAIL_ADDRESS found by the re-scan\n" in (
        result.stdout
    )
    assert (
        "scenarios/memory/legacy_1.yaml:8: warning: EMAIL_ADDRESS found by the re-scan "
        "(legacy scenario" in result.stdout
    )


def test_the_job_summary_names_the_base(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    repos.commit_main()
    repos.start_contribution()
    repos.push_contribution()
    fresh = repos.fresh()
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    _check(runner, fresh, monkeypatch, "--format", "github")
    base = git(fresh, "rev-parse", "origin/main")[:12]
    assert f"rules and evidence judged against the base {base}" in summary.read_text("utf-8")
