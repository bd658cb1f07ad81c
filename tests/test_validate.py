"""`intake validate`: GAIA's rules, intake's levels, YAML hygiene, file:line, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.contract.models import placeholder
from tests.support.env import GAIA_SCENARIOS, requires_gaia_corpus

GOOD = """\
id: {id}
category: rag_quality
persona: casual_user
source:
  type: hand
  link: https://example.com/cases/1
difficulty_rationale: Two facts from different pages must be combined.
setup:
  index_documents: []
turns:
  - turn: 1
    objective: Ask for the Q3 revenue
    success_criteria: States $14.2 million
"""


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def rel(path: Path) -> str:
    """Paths are shown relative to the working directory (the suite), with forward slashes."""
    return Path(os.path.relpath(path)).as_posix()


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["validate", *args])
    return result.exit_code, result.stdout, result.stderr


def snapshot(folder: Path) -> dict[str, float]:
    return {str(p): p.stat().st_mtime for p in folder.rglob("*")}


@requires_gaia_corpus()
def test_gaia_corpus_is_valid_with_one_warning_per_file(runner: CliRunner) -> None:
    """91 real files: 0 errors, one legacy warning each; nothing written."""
    code, out, _ = run(runner, str(GAIA_SCENARIOS))
    assert code == 0
    assert out.strip().splitlines()[-1] == "91 files, 0 errors, 91 warnings"
    warned = [
        line for line in out.splitlines() if ": warning: no source or difficulty_rationale" in line
    ]
    assert len({line.split(":")[0] for line in warned}) == 91


@requires_gaia_corpus()
def test_gaia_corpus_strict_turns_warnings_into_errors(runner: CliRunner) -> None:
    """--strict: the missing fields are errors, so the run fails."""
    code, out, _ = run(runner, "--strict", "--format", "json", str(GAIA_SCENARIOS))
    assert code == 1
    doc = json.loads(out)
    assert doc["files"] == 91 and doc["warnings"] == 0
    messages = {p["message"] for p in doc["problems"]}
    assert "'source' is required" in messages and "'difficulty_rationale' is required" in messages


def test_valid_strict_scenario(suite: Path, runner: CliRunner) -> None:
    write(suite / "scenarios" / "rag_quality", "case_one.yaml", GOOD.format(id="case_one"))
    code, out, err = run(runner)
    assert (code, err) == (0, "")
    assert out.strip() == "1 file, 0 errors, 0 warnings"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("id: a\nid: b\n", 2, "duplicate key 'id'"),
        ("id: [unclosed\n", 2, "invalid YAML"),
        ("- just\n- a list\n", 1, "document is a list, not a mapping"),
        ("id: !!python/object/apply:os.system [ls]\n", 1, "tag 'tag:yaml.org,2002:python/object"),
        ("a: &x [1, 2]\nb: *x\n", 1, "anchors and aliases are not allowed"),
        ("", 1, "empty document"),
        ("a: 1\n---\nb: 2\n", 2, "several YAML documents"),
    ],
)
def test_yaml_hygiene(suite: Path, runner: CliRunner, text: str, line: int, message: str) -> None:
    """Each bad file: one error naming file and line, exit 1."""
    path = write(suite, "bad.yaml", text)
    code, out, err = run(runner, str(path))
    assert code == 1 and err == ""
    first = out.splitlines()[0]
    assert first.startswith(f"{rel(path)}:{line}: error: ")
    assert message in first


def test_yaml_bomb_is_refused_quickly(suite: Path, runner: CliRunner) -> None:
    """Billion laughs: refused at the first alias, without expanding it."""
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 12):
        prev = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 9)}]")
    path = write(suite, "bomb.yaml", "\n".join(lines) + "\n")
    code, out, _ = run(runner, str(path))
    assert code == 1
    assert "anchors and aliases are not allowed" in out


def test_binary_and_non_utf8(suite: Path, runner: CliRunner) -> None:
    binary = write(suite, "bin.yaml", b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    latin = write(suite, "latin.yaml", "id: caf\xe9\n".encode("latin-1"))
    code, out, _ = run(runner, str(binary), str(latin))
    assert code == 1
    assert f"{rel(binary)}:1: error: binary data" in out
    assert f"{rel(latin)}:1: error: not UTF-8" in out


def test_50_mb_file_is_refused_without_reading(suite: Path, runner: CliRunner) -> None:
    """A 50 MB file: one line with the size, exit 1, no parse."""
    path = suite / "huge.yaml"
    with path.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    code, out, _ = run(runner, str(path))
    assert code == 1
    assert f"{rel(path)}:1: error: file is 52,428,800 bytes, over the" in out


def test_missing_path_and_empty_folder_are_usage_errors(suite: Path, runner: CliRunner) -> None:
    code, out, err = run(runner, str(suite / "nope"))
    assert code == 2 and out == ""
    assert err == "error: no such file or folder (nope)\n"
    (suite / "empty").mkdir()
    code, _, err = run(runner, str(suite / "empty"))
    assert code == 2
    assert err == "error: no scenario files (*.yaml) in folder (empty)\n"


def test_draft_in_scenarios_is_an_error(suite: Path, runner: CliRunner) -> None:
    """A draft's placeholders and missing rationale fail strict validation under scenarios/."""
    text = GOOD.format(id="stray_draft").replace(
        "success_criteria: States $14.2 million", f"success_criteria: '{placeholder('criteria')}'"
    )
    text = "\n".join(line for line in text.splitlines() if "difficulty_rationale" not in line)
    path = write(suite / "scenarios" / "x", "stray_draft.yaml", text + "\n")
    code, out, _ = run(runner)
    assert code == 1
    assert f"{rel(path)}:1: error: 'difficulty_rationale' is required" in out
    where = f"{rel(path)}:12: error: $.turns[0].success_criteria"
    assert f"{where}: success_criteria still holds a TODO(intake) placeholder" in out


def test_same_file_as_draft_is_fine(suite: Path, runner: CliRunner) -> None:
    """Under drafts/ the same placeholders are accepted (drafts are judged as drafts)."""
    text = GOOD.format(id="a_draft").replace(
        "success_criteria: States $14.2 million", f"success_criteria: '{placeholder('criteria')}'"
    )
    write(suite / "drafts", "a_draft.yaml", text)
    code, out, _ = run(runner)
    assert code == 0, out
    code, out, _ = run(runner, "--strict")
    assert code == 1


def test_gaia_rules(suite: Path, runner: CliRunner) -> None:
    """Turn numbering, criteria, setup and persona rules, with lines."""
    text = """\
id: rules
category: c
persona: 7
setup:
  index_documents:
    - corpus_doc: x
turns:
  - turn: 1
    objective: one
    success_criteria: {old: capture}
  - turn: 1
    objective: two
    ground_truth: {}
  - turn: 4
    objective: three
    success_criteria: ok
"""
    path = write(suite, "rules.yaml", text)
    code, out, _ = run(runner, str(path))
    assert code == 1
    assert f"{rel(path)}:3: error: $.persona:" in out
    assert f"{rel(path)}:6: error: $.setup.index_documents[0]: 'path' is required" in out
    assert (
        f"{rel(path)}:10: error: success_criteria is a mapping (GAIA's old capture format)" in out
    )
    assert f"{rel(path)}:11: error: duplicate turn number 1 (first at turns[0])" in out
    assert f"{rel(path)}:11: error: $.turns[1]: turn needs a non-empty ground_truth" in out


def test_problems_are_sorted_by_file_then_line(suite: Path, runner: CliRunner) -> None:
    """The schema, GAIA's rules and the id checks run one after the other, each in its own
    order: the listing is by file, then line (a late turn's error after an early persona's)."""
    late = """\
id: late
category: c
persona: nobody
setup:
  index_documents: []
turns:
  - turn: 2
    objective: o
    success_criteria: s
  - turn: 2
    objective: ""
"""
    b = write(suite, "b.yaml", late.replace("id: late", "id: early"))
    a = write(suite, "a.yaml", late)
    code, out, _ = run(runner, str(b), str(a))
    assert code == 1
    located = [
        (name, int(line)) for name, line, *_ in (row.split(":", 2) for row in out.splitlines()[:-1])
    ]
    assert len(located) >= 6 and {name for name, _ in located} == {rel(a), rel(b)}
    assert located == sorted(located)


def test_turn_numbers_must_be_sequential(suite: Path, runner: CliRunner) -> None:
    text = GOOD.format(id="gap").replace("- turn: 1", "- turn: 2")
    path = write(suite, "gap.yaml", text)
    code, out, _ = run(runner, str(path))
    assert code == 1
    assert "turn numbers must be 1..1 without gaps" in out


def test_duplicate_ids_across_files(suite: Path, runner: CliRunner) -> None:
    write(suite / "scenarios" / "a", "same.yaml", GOOD.format(id="same"))
    write(suite / "scenarios" / "b", "same.yaml", GOOD.format(id="same"))
    code, out, _ = run(runner)
    assert code == 1
    assert "b/same.yaml:1: error: id 'same' is already used by scenarios/a/same.yaml" in out


def test_github_format(suite: Path, runner: CliRunner) -> None:
    path = write(suite, "dup.yaml", "id: a\nid: b\n")
    code, out, _ = run(runner, "--format", "github", str(path))
    assert code == 1
    assert out.splitlines()[0] == f"::error file={rel(path)},line=2::duplicate key 'id'"


def test_validate_writes_nothing(suite: Path, runner: CliRunner) -> None:
    write(suite / "scenarios" / "x", "one.yaml", GOOD.format(id="one"))
    write(suite, "bad.yaml", "id: [\n")
    before = snapshot(suite)
    run(runner)
    run(runner, str(suite / "bad.yaml"))
    assert snapshot(suite) == before
    assert not (suite / ".intake").exists()


def test_usage_error_for_unknown_format(suite: Path, runner: CliRunner) -> None:
    code, _, err = run(runner, "--format", "xml")
    assert code == 2
    assert err == (
        "error: invalid value for --format: it accepts text, json, github (intake validate)\n"
        "hint: see `intake validate --help`\n"
    )


@pytest.mark.skipif(
    sys.platform == "win32" or getattr(os, "geteuid", lambda: 1)() == 0,
    reason="root reads unreadable files; Windows has no unreadable mode bits",
)
def test_unreadable_file(suite: Path, runner: CliRunner) -> None:
    path = write(suite, "locked.yaml", GOOD.format(id="locked"))
    path.chmod(0)
    code, out, _ = run(runner, str(path))
    assert code == 1 and "cannot read file" in out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("persona: yes\n", "$.persona:"),
        ("success_criteria: no\n", "turn needs a non-empty ground_truth"),
        ("turn: 0o1\n", "$.turns[0].turn:"),
    ],
)
def test_yaml_1_1_as_gaia_reads_it(suite: Path, runner: CliRunner, text: str, message: str) -> None:
    """GAIA loads with PyYAML (YAML 1.1): `yes`/`no` are booleans, `0o1` is text. A file
    whose meaning differs between 1.1 and 1.2 is judged as GAIA will read it."""
    import yaml as pyyaml

    base = {
        "persona": "persona: casual_user\n",
        "success_criteria": "success_criteria: fine\n",
        "turn": "turn: 1\n",
    }
    key = text.split(":")[0]
    doc = (
        "id: yaml11\ncategory: c\n"
        + (text if key == "persona" else base["persona"])
        + "setup:\n  index_documents: []\nturns:\n  - "
        + (text if key == "turn" else base["turn"])
        + "    objective: o\n    "
        + (text if key == "success_criteria" else base["success_criteria"])
    )
    path = write(suite, "y.yaml", doc)
    assert pyyaml.safe_load(doc) is not None
    code, out, _ = run(runner, str(path))
    assert code == 1, out
    assert message in out


def test_deep_nesting_is_one_line_not_a_crash(suite: Path, runner: CliRunner) -> None:
    """2 KB and 100 KB of nested brackets: a finding with file and line, never exit 4/139."""
    for depth in (1_000, 50_000):
        path = write(suite, f"deep{depth}.yaml", "a: " + "[" * depth + "]" * depth + "\n")
        code, out, err = run(runner, str(path))
        assert (code, err) == (1, "")
        assert f"{rel(path)}:1: error: nested more than 64 levels deep" in out


def test_written_strings_stay_strings_for_pyyaml() -> None:
    """Strings that YAML 1.1 would read as booleans or numbers are quoted when intake writes."""
    import yaml as pyyaml

    from intake.contract.yamlio import dump_roundtrip

    values = {"a": "yes", "b": "no", "c": "on", "d": "Off", "e": "y", "f": "010", "g": "1_000"}
    text = dump_roundtrip(values)
    assert not text.startswith("%YAML")
    assert pyyaml.safe_load(text) == values


def test_strict_reports_every_placeholder_with_its_line(suite: Path, runner: CliRunner) -> None:
    """Placeholders in any field (names, ground truth, document paths) fail strict validation."""
    text = (
        GOOD.format(id="left_over")
        .replace(
            "    success_criteria: States $14.2 million\n",
            "    success_criteria: States $14.2 million\n"
            f"    ground_truth:\n      expected_answer: '{placeholder('the answer')}'\n",
        )
        .replace(
            "  index_documents: []\n",
            f"  index_documents:\n    - path: '{placeholder('attachment a.png')}'\n",
        )
    )
    path = write(suite / "scenarios" / "c", "left_over.yaml", text)
    code, out, _ = run(runner)
    assert code == 1
    shown = rel(path)
    assert f"{shown}:10: error: $.setup.index_documents[0].path: path still holds a" in out
    assert f"{shown}:16: error: $.turns[0].ground_truth.expected_answer: expected_answer" in out


def test_legacy_level_accepts_what_gaia_accepts(suite: Path, runner: CliRunner) -> None:
    """GAIA checks presence, not types, for most fields: such files are valid legacy files."""
    text = """\
id: 5
category: 5
persona: casual_user
severity: 3
tags: smoke
setup:
  index_documents: [5, "eval/corpus/a.md", {path: 7}]
  memory_clear: 'yes'
turns:
  - turn: 1
    objective: null
    user_message: 42
    expected_tools: search_file
    ground_truth: text
    success_criteria: Says hello
"""
    path = write(suite, "loose.yaml", text)
    code, out, _ = run(runner, str(path))
    assert code == 0, out
    assert out.strip().endswith("1 file, 0 errors, 1 warning")


def test_old_capture_criteria_reported_once(suite: Path, runner: CliRunner) -> None:
    text = GOOD.format(id="old").replace(
        "success_criteria: States $14.2 million", "success_criteria: {captured: yes}"
    )
    legacy = ("source", "  type", "  link", "difficulty")
    text = "\n".join(x for x in text.splitlines() if not x.startswith(legacy))
    path = write(suite, "old.yaml", text + "\n")
    code, out, _ = run(runner, str(path))
    assert code == 1
    assert out.count("old.yaml:9:") == 1, out
    assert "old.yaml:9: error: success_criteria is a mapping (GAIA's old capture format)" in out


def test_outside_a_suite_is_a_usage_error(tmp_path: Path, runner: CliRunner, monkeypatch) -> None:
    """A wrong working directory must not make the gate pass on 0 files."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(runner)
    assert (code, out) == (2, "")
    assert err.startswith("error: no scenarios/ or drafts/ folder here (.)")  # never absolute


def test_drafts_report_the_placeholders_left(suite: Path, runner: CliRunner) -> None:
    text = GOOD.format(id="half_done").replace(
        "success_criteria: States $14.2 million", f"success_criteria: '{placeholder('criteria')}'"
    )
    write(suite / "drafts", "half_done.yaml", text)
    code, out, _ = run(runner)
    assert code == 0
    assert out.strip().endswith("(1 placeholder left to fill in 1 draft)")
    code, out, _ = run(runner, "--format", "json")
    assert json.loads(out)["placeholders_left"] == {"drafts/half_done.yaml": 1}


def _validate_in_a_process(suite: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """A real process with a timeout: a regression reads /dev/zero or a FIFO forever."""
    return subprocess.run(
        [sys.executable, "-m", "intake", "validate", *args],
        cwd=suite,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "symlink") or sys.platform == "win32", reason="POSIX links")
def test_a_linked_scenario_is_an_error_and_never_read(suite: Path, tmp_path: Path) -> None:
    """git commits links, and GAIA's runner follows them (``src/gaia/eval/runner.py`` at
    78bbc30, lines 386-388: ``scan_dir.rglob("*.yaml")`` then ``path.read_text``), so a PR's
    ``scenarios/x.yaml -> /dev/zero`` or ``-> ~/.ssh/…`` is shown, never followed or skipped."""
    outside = write(tmp_path / "elsewhere", "real.yaml", GOOD.format(id="outside_case"))
    folder = suite / "scenarios" / "rag_quality"
    folder.mkdir(parents=True, exist_ok=True)
    write(folder, "plain.yaml", GOOD.format(id="plain_case"))
    (folder / "zero.yaml").symlink_to("/dev/zero")
    (folder / "elsewhere.yaml").symlink_to(outside)
    done = _validate_in_a_process(suite, "scenarios")
    assert done.returncode == 1, done.stderr
    for name in ("zero.yaml", "elsewhere.yaml"):
        assert (
            f"{name}:1: error: a symbolic link: GAIA's runner would load whatever it points "
            "to; commit the scenario itself"
        ) in done.stdout
    assert "outside_case" not in done.stdout
    assert "3 files, 2 errors" in done.stdout


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX only: no FIFOs on Windows")
def test_a_fifo_named_as_a_scenario_is_an_error_and_never_read(suite: Path) -> None:
    fifo = suite / "pipe.yaml"
    os.mkfifo(fifo)
    done = _validate_in_a_process(suite, "pipe.yaml")
    assert done.returncode == 1, done.stderr
    assert (
        "pipe.yaml:1: error: scenario file is a FIFO, socket or device, not a regular file"
        in done.stdout
    )
