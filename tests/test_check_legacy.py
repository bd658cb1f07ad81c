"""``intake check`` on a suite with legacy scenarios: summaries, annotations, the baseline."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from intake.check.baseline import Baseline, load_baseline
from intake.cli import app
from intake.config import load_settings
from intake.errors import UsageError
from intake.lifecycle.authority import NO_BASE
from tests.support.promote_helpers import write_pair

LEGACY = """\
id: {id}
category: memory
persona: casual_user
setup:
  index_documents: []
turns:
  - turn: 1
    objective: Remember that {who} is the sender to prioritise.
    success_criteria: Answers it.
"""


def _legacy(suite: Path, scenario_id: str, who: str = "a colleague") -> Path:
    path = suite / "scenarios" / "memory" / f"{scenario_id}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(LEGACY.format(id=scenario_id, who=who), encoding="utf-8")
    return path


def _commit(root: Path) -> None:
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    subprocess.run(["git", "commit", "-qm", "suite"], cwd=root, check=True)


def test_github_format_one_annotation_per_kind_and_per_file_for_changed(
    git_suite: Path, runner
) -> None:
    for n in range(5):
        _legacy(git_suite, f"legacy_{n}", who=f"boss{n}@acmeco.com")
    _commit(git_suite)
    result = runner.invoke(app, ["check", "--format", "github"])
    assert result.exit_code == 0, result.output
    annotations = [line for line in result.stdout.splitlines() if line.startswith("::")]
    assert annotations == [
        "::warning file=scenarios/memory/legacy_0.yaml,line=1::5 legacy scenarios without "
        "source or difficulty_rationale; fix: give them provenance: intake adopt PATH… --source "
        "TYPE --reviewer LOGIN (--verbose lists them)",
        "::warning file=scenarios/memory/legacy_0.yaml,line=8::5 scrub findings in legacy "
        "scenarios (EMAIL_ADDRESS) in 5 files; fix: accept known test data with `intake check "
        "--update-baseline`, or scrub the files (--verbose lists them)",
    ]
    assert "acmeco" not in result.stdout
    # a legacy file changed in this pull request gets its own annotations
    _legacy(git_suite, "legacy_3", who="new.boss@acmeco.com")
    changed = runner.invoke(app, ["check", "--format", "github"])
    lines = changed.stdout.splitlines()
    assert (
        "::warning file=scenarios/memory/legacy_3.yaml,line=8::EMAIL_ADDRESS found by the "
        "re-scan (legacy scenario; --strict makes this an error)" in lines
    )
    assert any(
        line.startswith("::warning file=scenarios/memory/legacy_0.yaml,line=1::4 legacy")
        for line in lines
    )
    verbose = runner.invoke(app, ["check", "--verbose"])
    assert verbose.stdout.count(": warning: EMAIL_ADDRESS found by the re-scan") == 5


def test_baseline_accepts_known_findings_and_reports_new_ones(suite: Path, runner) -> None:
    _legacy(suite, "legacy_1", who="boss@acmeco.com")
    _legacy(suite, "legacy_2", who="ceo@acmeco.com")
    updated = runner.invoke(app, ["check", "--update-baseline"])
    assert updated.exit_code == 0, updated.output
    assert updated.stderr == (
        "baseline: 2 accepted scrub findings written to .intake-baseline.json "
        "(fingerprints only)\n" + NO_BASE + "\n"
    )
    text = (suite / ".intake-baseline.json").read_text()
    assert "acmeco" not in text and "boss" not in text
    doc = json.loads(text)
    assert [f["type"] for f in doc["findings"]] == ["EMAIL_ADDRESS", "EMAIL_ADDRESS"]
    assert all(f["fingerprint"].startswith("hmac-sha256:") for f in doc["findings"])
    checked = runner.invoke(app, ["check", "--format", "json"])
    result = json.loads(checked.stdout)
    assert result["baselined"] == 2
    assert not [f for f in result["findings"] if f["code"] == "scrub"]
    # moving the line keeps the fingerprint; a new finding is reported
    path = suite / "scenarios" / "memory" / "legacy_1.yaml"
    path.write_text("# a comment moves every line down\n" + path.read_text())
    _legacy(suite, "legacy_3", who="cfo@acmeco.com")
    again = json.loads(runner.invoke(app, ["check", "--format", "json"]).stdout)
    assert again["baselined"] == 2
    assert [(f["file"], f["line"]) for f in again["findings"] if f["code"] == "scrub"] == [
        ("scenarios/memory/legacy_3.yaml", 8)
    ]
    # the key is kept when the baseline is rewritten
    runner.invoke(app, ["check", "--update-baseline"])
    assert json.loads((suite / ".intake-baseline.json").read_text())["key"] == doc["key"]


def test_baseline_does_not_accept_another_value_on_an_accepted_line(suite: Path, runner) -> None:
    """An accepted test address replaced by another one in place is a new finding (as in
    detect-secrets, whose baseline is keyed by the secret), not silently accepted."""
    path = _legacy(suite, "legacy_1", who="boss@acmeco.com")
    assert runner.invoke(app, ["check", "--update-baseline"]).exit_code == 0
    # a fixed key (kept by a rewrite) whose one-byte tags of the two values differ
    baseline = suite / ".intake-baseline.json"
    doc = json.loads(baseline.read_text())
    baseline.write_text(json.dumps({**doc, "key": "00" * 32}))
    assert runner.invoke(app, ["check", "--update-baseline"]).exit_code == 0
    assert json.loads(runner.invoke(app, ["check", "--format", "json"]).stdout)["baselined"] == 1
    path.write_text(path.read_text().replace("boss@acmeco.com", "jane.doe@realcorp.com"))
    result = json.loads(runner.invoke(app, ["check", "--format", "json"]).stdout)
    assert result["baselined"] == 0
    assert [(f["file"], f["line"]) for f in result["findings"] if f["code"] == "scrub"] == [
        ("scenarios/memory/legacy_1.yaml", 8)
    ]
    assert "realcorp" not in (suite / ".intake-baseline.json").read_text()


def test_baseline_never_accepts_draft_findings(suite: Path, runner) -> None:
    draft = write_pair(suite / "drafts", "open_case")
    draft.write_text(draft.read_text().replace("Summarize", "Mail boss@acmeco.com to"))
    runner.invoke(app, ["check", "--update-baseline"])
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 1
    assert "drafts/open_case.yaml:15: error: EMAIL_ADDRESS found by the re-scan" in result.stdout


def test_corrupt_baseline_is_exit_2(suite: Path, runner) -> None:
    _legacy(suite, "legacy_1")
    for content in ("{not json", '{"intake_baseline_version": 1, "key": "short", "findings": []}'):
        (suite / ".intake-baseline.json").write_text(content)
        result = runner.invoke(app, ["check"])
        assert result.exit_code == 2
        assert result.stderr.splitlines()[1] == (
            "hint: rewrite it with `intake check --update-baseline`"
        )
        assert result.stderr.splitlines()[0] in (
            "error: the baseline is not a readable JSON file (.intake-baseline.json)",
            "error: the baseline is not an intake baseline (version, key, findings) "
            "(.intake-baseline.json)",
        )


KEY = "0123456789abcdef" * 4


def test_a_baseline_past_the_json_bounds_is_exit_2(suite: Path, runner) -> None:
    """The baseline is read by the one JSON reader (``fileio.parse_json_input``): nested past
    ``MAX_JSON_DEPTH`` it is no readable file, whatever else it holds."""
    _legacy(suite, "legacy_1")
    deep = "[" * 101 + "]" * 101
    document = f'{{"intake_baseline_version": 1, "key": "{KEY}", "findings": [], "x": {deep}}}'
    (suite / ".intake-baseline.json").write_text(document)
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        "error: the baseline is not a readable JSON file (.intake-baseline.json)"
    )


@pytest.mark.parametrize(
    "document",
    [
        [],
        {"intake_baseline_version": 2, "key": KEY, "findings": []},
        {"key": KEY, "findings": []},
        {"intake_baseline_version": 1, "key": KEY.upper(), "findings": []},
        {"intake_baseline_version": 1, "key": KEY + "0", "findings": []},
        {"intake_baseline_version": 1, "key": KEY, "findings": {}},
        {"intake_baseline_version": 1, "key": KEY, "findings": [{"fingerprint": 1}]},
        {"intake_baseline_version": 1, "key": KEY, "findings": [{"fp": "x"}, "x"]},
    ],
)
def test_a_baseline_of_another_shape_is_refused(suite: Path, document: object) -> None:
    raw = json.dumps(document).encode()
    with pytest.raises(UsageError, match="not an intake baseline"):
        load_baseline(load_settings(suite), raw=raw, from_base=True)


def test_a_baseline_is_its_key_and_fingerprints(suite: Path) -> None:
    findings = [{"fingerprint": "hmac-sha256:a", "type": "EMAIL_ADDRESS"}, {"fingerprint": "b"}]
    raw = json.dumps({"intake_baseline_version": 1, "key": KEY, "findings": findings})
    baseline = load_baseline(load_settings(suite), raw=raw.encode(), from_base=True)
    assert baseline == Baseline(KEY, {"hmac-sha256:a", "b"})


def test_job_summary_groups_legacy_findings(suite: Path, runner, tmp_path: Path) -> None:
    for n in range(3):
        _legacy(suite, f"legacy_{n}")
    summary = tmp_path / "summary.md"
    result = runner.invoke(app, ["check"], env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert result.exit_code == 0, result.output
    text = summary.read_text()
    assert (
        "| warning | 3 legacy files | 3 legacy scenarios without source or difficulty_rationale;"
        in text
    )
    assert "legacy_1.yaml" not in text
