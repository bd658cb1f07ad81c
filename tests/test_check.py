"""``intake check``: the pull-request gate over drafts and scenarios."""

from __future__ import annotations

import subprocess
from pathlib import Path

from intake.cli import app
from intake.config import load_settings
from intake.lifecycle.promote import promote
from intake.store.records import record_path
from tests.support.env import GAIA_SCENARIOS, requires_gaia_corpus
from tests.support.promote_helpers import FINAL_YAML, edit, make_ready, write_pair

TOKEN = "ghp_R8x2Kq9LmZ4vT7wYp3Nc6Hs1Jd5Fg0Ab2Ce4X"
LEGACY = """\
id: legacy_case
category: rag_quality
persona: casual_user
setup:
  index_documents: []
turns:
  - turn: 1
    objective: Ask something.
    success_criteria: Answers it.
"""


def _promoted(suite: Path, scenario_id: str = "done_case") -> Path:
    make_ready(suite, scenario_id)
    result = promote(load_settings(suite), scenario_id)
    assert result.destination is not None
    return result.destination


def test_clean_suite_passes_and_lists_draft_gates(suite: Path, runner) -> None:
    _promoted(suite)
    write_pair(suite / "drafts", "open_case")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.output
    assert "draft drafts/open_case.yaml: unmet: review, strong-run, local-run" in result.stdout
    assert result.stdout.strip().endswith("2 files, 0 errors, 0 warnings, 1 draft")


def test_legacy_scenario_warns_and_sourced_scenario_without_record_fails(
    suite: Path, runner
) -> None:
    legacy = suite / "scenarios" / "rag_quality" / "legacy_case.yaml"
    legacy.parent.mkdir(parents=True)
    legacy.write_text(LEGACY)
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.output
    assert (
        "warning: 1 legacy scenarios without source or difficulty_rationale; fix: give them "
        "provenance: intake adopt PATH… --source TYPE --reviewer LOGIN" in result.stdout
    )
    assert "legacy_case.yaml" not in result.stdout, "one line per kind, not per file"
    result = runner.invoke(app, ["check", "--verbose"])
    assert "warning: no source or difficulty_rationale (legacy scenario" in result.stdout
    assert result.stdout.count("legacy_case.yaml:1: warning") == 1, "one warning per file"
    sneaked = suite / "scenarios" / "tool_selection" / "sneaked_in.yaml"
    sneaked.parent.mkdir(parents=True)
    sneaked.write_text(FINAL_YAML.format(id="sneaked_in", category="tool_selection"))
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 1
    assert (
        "scenarios/tool_selection/sneaked_in.yaml:1: error: scenario carries a source but has no "
        "promotion record" in result.stdout
    )


def test_promoted_scenario_edited_afterwards_fails(suite: Path, runner) -> None:
    dest = _promoted(suite)
    edit(dest, "description: The agent", "description: Then the agent")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 1
    assert "scenario differs from what was promoted" in result.stdout


def test_stale_review_on_a_draft_is_a_warning(suite: Path, runner) -> None:
    draft = make_ready(suite)
    edit(draft, "description: The agent", "description: Then the agent")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.output
    assert "warning: approval by bob is stale" in result.stdout
    assert "unmet: review" in result.stdout


def test_scrub_finding_fails_and_never_shows_the_value(suite: Path, runner) -> None:
    draft = write_pair(suite / "drafts")
    edit(draft, "Summarize the Q3 report please.", f"Summarize it, token {TOKEN}")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 1
    assert "drafts/pdf_summary_loop.yaml:15: error: GITHUB_TOKEN found by the re-scan" in (
        result.stdout
    )
    assert TOKEN not in result.stdout + result.stderr


def test_duplicate_id_between_draft_and_scenario_fails(suite: Path, runner) -> None:
    _promoted(suite, "same_case")
    write_pair(suite / "drafts", "same_case", category="other_category")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 1
    assert "id 'same_case' is already used by scenarios/tool_selection/same_case.yaml" in (
        result.stdout
    )


def test_private_draft_tracked_without_approval_fails(git_suite: Path, runner) -> None:
    suite = git_suite
    draft = write_pair(suite / "drafts" / "private", "secret_case", private=True)
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.output
    assert "secret_case" not in result.stdout
    subprocess.run(["git", "add", "-f", str(draft), str(record_path(draft))], cwd=suite, check=True)
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 1
    assert "private draft tracked by git without an approving review" in result.stdout
    runner.invoke(app, ["review", "secret_case", "--approve", "--reviewer", "bob"])
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.output


def test_leftover_of_an_older_interrupted_promotion_is_a_warning(suite: Path, runner) -> None:
    dest = _promoted(suite)
    tmp = dest.parent / ".other_case.yaml.promote-tmp"
    tmp.write_text("x")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.output
    assert "temporary file of an interrupted write" in result.stdout


def test_invalid_record_is_an_error(suite: Path, runner) -> None:
    draft = write_pair(suite / "drafts")
    record_path(draft).write_text("{not json")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 1
    assert "drafts/pdf_summary_loop.intake.json:1: error: invalid record" in result.stdout


def test_github_format_and_job_summary(suite: Path, runner, monkeypatch) -> None:
    _promoted(suite)
    write_pair(suite / "drafts", "open_case")
    legacy = suite / "scenarios" / "rag_quality" / "legacy_case.yaml"
    legacy.parent.mkdir(parents=True)
    legacy.write_text(LEGACY)
    summary = suite / "summary.md"
    summary.write_text("earlier step\n")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = runner.invoke(app, ["check", "--format", "github"])
    assert result.exit_code == 0, result.output
    assert "::warning file=scenarios/rag_quality/legacy_case.yaml,line=1::" in result.stdout
    text = summary.read_text()
    assert text.startswith("earlier step\n## intake check passed")
    assert "#### `drafts/open_case.yaml`: not ready" in text
    assert "| 3 review | **unmet** | no approving review recorded |" in text
    assert "| 1 valid | met | valid under the strict schema |  |" in text


def test_json_format(suite: Path, runner) -> None:
    import json

    write_pair(suite / "drafts", "open_case")
    result = runner.invoke(app, ["check", "--format", "json"])
    doc = json.loads(result.stdout)
    assert doc["command"] == "check" and doc["errors"] == 0
    assert doc["drafts"][0]["id"] == "open_case" and doc["drafts"][0]["ready"] is False


def test_workflow_and_pre_commit_hook_are_wired() -> None:
    from intake.contract.yamlio import load_roundtrip, parse_checked
    from tests.support.env import REPO

    workflow = parse_checked((REPO / ".github/workflows/intake-check.yml").read_bytes()).data
    assert workflow["permissions"] == {"contents": "read", "pull-requests": "read"}
    assert "pull_request" in workflow["on"]
    steps = workflow["jobs"]["check"]["steps"]
    assert steps[0]["uses"].startswith("actions/checkout@")
    assert steps[0]["with"]["persist-credentials"] is False
    assert steps[-1]["run"] == (
        'intake check --format github --base "refs/remotes/origin/$BASE_BRANCH"'
    )
    hooks = load_roundtrip((REPO / ".pre-commit-hooks.yaml").read_text())
    check = next(h for h in hooks if h["id"] == "intake-check")
    assert check["entry"] == "intake check" and check["pass_filenames"] is False


@requires_gaia_corpus()
def test_gaia_suite_passes_with_warnings_and_strict_fails(suite: Path, runner) -> None:
    import shutil

    shutil.copytree(GAIA_SCENARIOS, suite / "scenarios", dirs_exist_ok=True)
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.output
    assert (
        # scrubber 1.7: file_not_found.yaml's C:/projects/… names no user and is kept; 1.94.0:
        # memory_email_sender_priorities.yaml's newsletter@techdaily.com, a newsletter's
        # sender, is kept too (allow.yaml's mail_stream_role_address)
        "warning: 8 scrub findings in legacy scenarios (EMAIL_ADDRESS, GENERIC_SECRET) "
        "in 2 files" in result.stdout
    )
    # one line per kind (legacy fields, legacy scrub findings, GAIA's own "NOTE FOR JUDGE:" in
    # vision/sd_graceful_degradation.yaml as judge-directed text) and the totals
    assert len(result.stdout.splitlines()) == 4, result.stdout
    assert "1 judge-text" in result.stdout
    result = runner.invoke(app, ["check", "--verbose"])
    assert "EMAIL_ADDRESS found by the re-scan (legacy scenario; --strict" in result.stdout
    assert "acmeco.com" not in result.stdout
    result = runner.invoke(app, ["check", "--strict"])
    assert result.exit_code == 1
    # the failing line names the fix (issue 24 item 5)
    assert (
        ": error: EMAIL_ADDRESS found by the re-scan (a scenario that predates intake; if it is "
        "known test data, accept it with `intake check --update-baseline`, else scrub the file)\n"
    ) in result.stdout


def test_hidden_yaml_files_are_checked_like_gaia_loads_them(suite: Path, runner) -> None:
    """GAIA's runner loads ``rglob("*.yaml")``, dot-files included; so must the gate."""
    hidden = suite / "scenarios" / "cat" / ".evil.yaml"
    hidden.parent.mkdir(parents=True)
    hidden.write_text("id: evil\nturns: [unclosed\n")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 1, result.output
    assert "scenarios/cat/.evil.yaml" in result.stdout
    hidden.write_text(
        FINAL_YAML.format(id="evil", category="cat").replace(
            "Summarize the Q3 report please.", f"Use token {TOKEN} please."
        )
    )
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 1, result.output
    assert "scenarios/cat/.evil.yaml:" in result.stdout and "found by the re-scan" in result.stdout
    assert TOKEN not in result.stdout
    hidden.unlink()
    write_pair(suite / "drafts", "open_case")
    hidden_record = suite / "drafts" / ".sneak.intake.json"
    hidden_record.write_text('{"note": "' + TOKEN + '"}')
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 1, result.output
    assert "drafts/.sneak.intake.json" in result.stdout


def test_private_source_draft_outside_private_folder_is_still_private(
    git_suite: Path, runner
) -> None:
    """A draft whose record says ``source.private`` stays private wherever it is moved."""
    draft = write_pair(git_suite / "drafts", "moved_case", private=True)
    subprocess.run(["git", "add", str(draft), str(record_path(draft))], cwd=git_suite, check=True)
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 1, result.output
    assert "drafts/moved_case.yaml:1: error: private draft tracked by git" in result.stdout
    from intake.contract.models import ReviewDecision
    from intake.lifecycle.review import add_review

    add_review(load_settings(git_suite), "moved_case", ReviewDecision.approve, "bob")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.output


def test_pre_commit_validate_hook_only_matches_scenarios_and_drafts() -> None:
    import re

    from intake.contract.yamlio import load_roundtrip
    from tests.support.env import REPO

    hooks = load_roundtrip((REPO / ".pre-commit-hooks.yaml").read_text())
    validate = next(h for h in hooks if h["id"] == "intake-validate")
    pattern = re.compile(validate["files"])
    assert pattern.search("scenarios/rag_quality/a_case.yaml")
    assert pattern.search("drafts/a_case.yaml")
    assert not pattern.search(".github/workflows/intake-check.yml")
    assert not pattern.search(".pre-commit-config.yaml")
    assert not pattern.search("config/settings.yaml")
    assert not pattern.search("scenarios/a_case.yml")


def test_a_relative_scrubbers_dir_is_resolved_against_the_suite_root(
    suite: Path, runner, monkeypatch
) -> None:
    """Run from a subfolder: the re-scan must use the suite's scrubbers, not fail closed."""
    import shutil

    from intake.scrub import packaged_scrubbers_dir

    shutil.copytree(packaged_scrubbers_dir(), suite / "myscrubbers")
    pyproject = suite / "pyproject.toml"
    pyproject.write_text(pyproject.read_text() + 'scrubbers_dir = "myscrubbers"\n')
    make_ready(suite)
    monkeypatch.chdir(suite / "drafts")
    result = promote(load_settings(suite), "pdf_summary_loop", dry_run=True)
    scrub_gate = next(g for g in result.gates if g.name == "scrub")
    assert scrub_gate.met, scrub_gate.detail
    checked = runner.invoke(app, ["check"])
    assert "scrub re-scan could not run" not in checked.stdout, checked.stdout
    assert checked.exit_code == 0, checked.output


def test_check_outside_a_suite_is_a_usage_error(tmp_path: Path, runner, monkeypatch) -> None:
    """A gate that finds no folders must not pass green (wrong directory, missing config)."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: no intake suite is configured here and no scenarios folder was found (.)\n"
        "hint: run `intake init` in the repository (or pass --root)\n"
    )
