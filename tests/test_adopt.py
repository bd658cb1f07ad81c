"""``intake adopt``: provenance for existing scenarios; and the acceptance run on GAIA's suite."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from intake.cli import app
from intake.store.records import content_hash, load_record, record_path
from tests.support.env import GAIA, GAIA_SCENARIOS, requires_gaia_corpus

LEGACY = """\
id: {id}
name: A legacy case  # a comment that must survive
category: rag_quality
persona: casual_user
setup:
  index_documents: []
turns:
  - turn: 1
    objective: Ask something long enough that a reflow would be noticed by a byte comparison.
    success_criteria: Answers it.
"""

CAPTURED = LEGACY.replace("category: rag_quality", "category: captured") + (
    "captured_from:\n  session_id: 29c211c7-31b5-4084-bb3f-1825c0210942\n"
    "  captured_at: '2026-03-20T16:21:18.080736'\n"
)


def _legacy(
    suite: Path, scenario_id: str, text: str = LEGACY, category: str = "rag_quality"
) -> Path:
    path = suite / "scenarios" / category / f"{scenario_id}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.format(id=scenario_id), encoding="utf-8")
    return path


def test_bulk_adoption_writes_source_and_adopted_record(suite: Path, runner) -> None:
    first = _legacy(suite, "case_one")
    second = _legacy(suite, "case_two")
    before = first.read_text()
    result = runner.invoke(
        app,
        [
            "adopt",
            "scenarios/rag_quality",
            "--source",
            "synthetic",
            "--reviewer",
            "alice",
            "--rationale",
            "Two facts sit in different sections.",
        ],
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "2 adopted, 0 skipped"
    after = first.read_text()
    # every other byte is kept: the new lines are inserted after category
    assert after == before.replace(
        "category: rag_quality\n",
        "category: rag_quality\nsource:\n  type: synthetic\n"
        '  link: "adopted:scenarios/rag_quality/case_one.yaml"\n'
        'difficulty_rationale: "Two facts sit in different sections."\n',
    )
    for path in (first, second):
        record = load_record(record_path(path))
        assert record.promotion is None
        assert record.adoption is not None
        assert record.adoption.by == "alice"
        assert record.adoption.content_hash == content_hash(path)
        assert record.source.kind.value == "synthetic"
    checked = runner.invoke(app, ["check"])
    assert checked.exit_code == 0, checked.output
    assert checked.stdout.strip().endswith("2 files, 0 errors, 0 warnings, 0 drafts")
    report = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)
    assert report["by_source"]["synthetic"]["count"] == 2
    assert report["entry"] == {"promoted": 0, "adopted": 2, "neither": 0}
    log = runner.invoke(app, ["log", "case_one"])
    assert "adoption" in log.stdout


@pytest.mark.parametrize("where", ["after category", "rewritten"])
def test_a_crlf_scenario_stays_crlf(suite: Path, runner, where: str) -> None:
    """A checkout on Windows (``core.autocrlf``) has CRLF files: adopt's inserted lines use
    the file's line end, on the fast path (after ``category``) and the round-trip rewrite."""
    text = LEGACY
    if where == "rewritten":  # a quoted key: not the plain `category:` line the fast path needs
        text = LEGACY.replace("category: rag_quality\n", '"category": rag_quality\n')
    path = suite / "scenarios" / "rag_quality" / "crlf.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.format(id="crlf").replace("\n", "\r\n").encode("utf-8"))
    result = runner.invoke(
        app,
        [
            "adopt",
            str(path),
            "--source",
            "synthetic",
            "--reviewer",
            "alice",
            "--rationale",
            "Two facts sit in different sections.",
        ],
    )
    assert result.exit_code == 0, result.output
    data = path.read_bytes()
    assert b"source:\r\n  type: synthetic\r\n" in data
    assert data.count(b"\n") == data.count(b"\r\n"), "no bare LF among CRLF lines"
    assert runner.invoke(app, ["validate", str(path)]).exit_code == 0


def test_adopted_scenarios_are_not_counted_as_drafted_in_the_funnel(suite: Path, runner) -> None:
    _legacy(suite, "case_one")
    _legacy(suite, "case_two")
    result = runner.invoke(
        app, ["adopt", "scenarios/rag_quality", "--source", "synthetic", "--reviewer", "alice"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)
    # nothing went through intake's drafting: adoption is not a draft
    assert report["funnel"]["drafted"] == 0
    text = runner.invoke(app, ["report"]).stdout
    assert "drafted 0 " in text


def test_a_hand_written_source_without_a_record_points_to_adopt(suite: Path, runner) -> None:
    text = LEGACY.replace(
        "category: rag_quality\n",
        "category: rag_quality\nsource:\n  type: synthetic\n  link: adopted:x\n"
        "difficulty_rationale: Two facts in two sections.\n",
    )
    path = _legacy(suite, "case_one", text)
    checked = runner.invoke(app, ["check"])
    assert checked.exit_code == 1
    assert (
        "scenarios/rag_quality/case_one.yaml:1: error: scenario carries a source but has no "
        "promotion record (new scenarios enter through `intake promote`; an existing one is "
        "given a record by `intake adopt scenarios/rag_quality/case_one.yaml --source "
        "synthetic --reviewer LOGIN`)"
    ) in checked.output
    result = runner.invoke(
        app, ["adopt", str(path), "--source", "synthetic", "--reviewer", "alice"]
    )
    assert result.exit_code == 0, result.output
    assert runner.invoke(app, ["check"]).exit_code == 0


def test_captured_from_gives_the_session_link(suite: Path, runner) -> None:
    path = _legacy(suite, "captured_case", CAPTURED, "captured")
    result = runner.invoke(app, ["adopt", str(path), "--source", "session", "--reviewer", "alice"])
    assert result.exit_code == 0, result.output
    assert "gaia-session:29c211c7-31b5-4084-bb3f-1825c0210942" in result.stdout
    record = load_record(record_path(path))
    assert record.source.locator == "gaia-session:29c211c7-31b5-4084-bb3f-1825c0210942"
    assert record.source.captured_at.isoformat().startswith("2026-03-20T16:21:18")


def test_dry_run_writes_nothing(suite: Path, runner) -> None:
    path = _legacy(suite, "case_one")
    before = path.read_bytes()
    result = runner.invoke(
        app, ["adopt", str(path), "--source", "hand", "--reviewer", "alice", "--dry-run"]
    )
    assert result.exit_code == 0, result.output
    assert "would adopt scenarios/rag_quality/case_one.yaml as hand" in result.stdout
    assert path.read_bytes() == before
    assert not record_path(path).exists()


def test_adopted_scenario_edited_afterwards_fails_check(suite: Path, runner) -> None:
    path = _legacy(suite, "case_one")
    runner.invoke(
        app,
        [
            "adopt",
            str(path),
            "--source",
            "hand",
            "--reviewer",
            "alice",
            "--rationale",
            "It needs two documents.",
        ],
    )
    path.write_text(path.read_text().replace("Answers it.", "Answers it well."))
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 1
    assert (
        "scenarios/rag_quality/case_one.yaml:1: error: scenario differs from what was adopted "
        "(its content hash changed); send edits through `intake revise case_one` and "
        "`intake promote`" in result.stdout
    )


def test_a_second_adoption_skips_and_leaves_the_file(suite: Path, runner) -> None:
    path = _legacy(suite, "case_one")
    args = ["adopt", str(path), "--source", "hand", "--reviewer", "alice"]
    assert runner.invoke(app, args).exit_code == 0
    adopted = path.read_bytes()
    again = runner.invoke(app, args)
    assert again.exit_code == 0
    assert "skipped scenarios/rag_quality/case_one.yaml: already has a record" in again.stderr
    assert path.read_bytes() == adopted


def test_a_rationale_added_to_an_adopted_scenario_restamps_it(suite: Path, runner) -> None:
    """Adopted without a rationale, then given one: a new stamp, no revise, review or run."""
    path = _legacy(suite, "case_one")
    first = ["adopt", str(path), "--source", "hand", "--reviewer", "alice"]
    assert runner.invoke(app, first).exit_code == 0
    before = load_record(record_path(path))
    again = runner.invoke(app, [*first[:-1], "bob", "--rationale", "Needs two documents at once"])
    assert again.exit_code == 0, again.stderr
    assert "already has a record" not in again.stderr
    text = path.read_text(encoding="utf-8")
    assert 'difficulty_rationale: "Needs two documents at once"' in text
    after = load_record(record_path(path))
    assert after.adoption is not None and before.adoption is not None
    assert after.adoption.by == "bob" and after.adoption.content_hash == content_hash(path)
    assert after.source == before.source and after.reviews == before.reviews
    checked = runner.invoke(app, ["check"])
    assert checked.exit_code == 0, checked.stdout + checked.stderr
    assert "without a difficulty_rationale" not in checked.stdout + checked.stderr
    # edited by hand after adoption: not re-stamped (the edit needs a revise and review)
    path.write_text(text.replace("Needs two", "Needs three"), encoding="utf-8")
    third = runner.invoke(app, [*first, "--rationale", "another"])
    assert "already has a record" in third.stderr


def test_bad_input_is_one_line_and_nothing_is_written(suite: Path, runner, tmp_path: Path) -> None:
    good = _legacy(suite, "case_one")
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text(LEGACY.format(id="elsewhere"))
    not_scenario = suite / "scenarios" / "rag_quality" / "notes.yaml"
    not_scenario.write_text("just: a mapping\n")
    broken = suite / "scenarios" / "other" / "broken.yaml"
    broken.parent.mkdir()
    broken.write_text("id: x\nturns: [unclosed\n")
    before = good.read_bytes()
    cases = [
        (
            ["adopt", str(outside), "--source", "hand", "--reviewer", "alice"],
            "error: outside the suite's scenarios folder (elsewhere.yaml)\n"
            "hint: adopt files under scenarios/\n",
        ),
        (
            ["adopt", "scenarios/rag_quality", "--source", "hand", "--reviewer", "alice"],
            "error: not a valid scenario (see `intake validate`) "
            "(scenarios/rag_quality/notes.yaml:1)\n",
        ),
        (
            ["adopt", str(broken), "--source", "hand", "--reviewer", "alice"],
            "error: not a scenario (cannot be read as YAML) (scenarios/other/broken.yaml)\n",
        ),
        (
            ["adopt", str(good), "--source", "sekrit-ghp_abc", "--reviewer", "alice"],
            "error: unknown source type (--source)\n"
            "hint: one of: session, issue, hand, synthetic\n",
        ),
        (
            ["adopt", str(good), "--source", "hand", "--reviewer", "a b@example.com"],
            "error: invalid reviewer login (--reviewer; not shown): a GitHub login is letters, "
            "digits and single hyphens, at most 39 characters, not an e-mail address\n",
        ),
        (
            ["adopt", str(good), "--source", "session", "--reviewer", "alice"],
            "error: no link for this scenario: give --link (its captured_from has no session_id) "
            "(scenarios/rag_quality/case_one.yaml)\n",
        ),
        (
            [
                "adopt",
                str(good),
                "--source",
                "issue",
                "--reviewer",
                "alice",
                "--link",
                "https://x.test/?t=ghp_R8x2Kq9LmZ4vT7wYp3Nc6Hs1Jd5Fg0Ab2Ce4X",
            ],
            "error: --link holds private data; give a link without it (--link)\n"
            "hint: --link scrubbed: 1 finding(s) (GITHUB_TOKEN)\n",
        ),
        (
            ["adopt", "scenarios/nothing_here", "--source", "hand", "--reviewer", "alice"],
            "error: no such file or folder (scenarios/nothing_here)\n",
        ),
    ]
    for args, line in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr == line, args
        assert "Traceback" not in result.output
    assert good.read_bytes() == before, "the valid file in the batch is untouched"
    assert not record_path(good).exists()


@pytest.mark.slow
@requires_gaia_corpus()
def test_acceptance_gaia_repository_without_configuration(
    tmp_path: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's acceptance run: init, adopt two categories, report, check, revise loop.

    GAIA's captured scenarios carry ``captured_from.session_id`` (written by GAIA's
    ``eval/scripts/capture_session.py``, the ``captured_from`` block); their session link
    comes from there.
    """
    repo = tmp_path / "gaia"
    shutil.copytree(GAIA / "eval", repo / "eval")
    if (GAIA / ".github").is_dir():
        shutil.copytree(GAIA / ".github", repo / ".github")
    (repo / "pyproject.toml").write_text('[project]\nname = "amd-gaia"\nversion = "0"\n')
    monkeypatch.chdir(repo)
    for args in (["init", "-q", "-b", "main"], ["add", "-A"]):
        subprocess.run(["git", *args], cwd=repo, check=True)
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "gaia"],
        cwd=repo,
        check=True,
    )
    assert runner.invoke(app, ["init"]).exit_code == 0
    rag = sorted((GAIA_SCENARIOS / "rag_quality").glob("*.yaml"))
    captured = sorted((GAIA_SCENARIOS / "captured").glob("*.yaml"))
    adopted = runner.invoke(
        app,
        ["adopt", "eval/scenarios/rag_quality", "--source", "synthetic", "--reviewer", "alice"],
    )
    assert adopted.exit_code == 0, adopted.output
    sessions = runner.invoke(
        app, ["adopt", "eval/scenarios/captured", "--source", "session", "--reviewer", "alice"]
    )
    assert sessions.exit_code == 0, sessions.output
    assert "gaia-session:29c211c7-31b5-4084-bb3f-1825c0210942" in sessions.stdout
    report = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)
    total = len(list(GAIA_SCENARIOS.rglob("*.yaml")))
    assert report["scenarios"] == total
    assert report["by_source"]["synthetic"]["count"] == len(rag)
    assert report["by_source"]["session"]["count"] == len(captured)
    adopted_count = len(rag) + len(captured)
    assert report["entry"] == {
        "promoted": 0,
        "adopted": adopted_count,
        "neither": total - adopted_count,
    }
    # GAIA's deliberate test data (made-up e-mails, a fake password) goes into the baseline
    assert runner.invoke(app, ["check", "--update-baseline"]).exit_code == 0
    checked = runner.invoke(app, ["check", "--format", "github"])
    assert checked.exit_code == 0, checked.output
    annotations = [line for line in checked.stdout.splitlines() if line.startswith("::")]
    assert len(annotations) <= 3, annotations
    baseline = (repo / "eval" / "intake-baseline.json").read_text()
    assert "acmeco.com" not in baseline and "hunter2" not in baseline
