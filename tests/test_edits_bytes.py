"""An edit changes only what it says: tag edits (split, quarantine, the suite tag), stamps and
moves leave every other byte of GAIA's files as it was (docs/edits.md).

The corpus test runs the commands on GAIA's 91 scenarios, adopted, in an LF and a CRLF copy
(one file with a UTF-8 BOM): each file differs only in its tags line, records keep their line
ends, and ``intake check`` reports the same findings before and after (the baseline's accepted
findings stay accepted).
"""

from __future__ import annotations

import difflib
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.contract.yamlio import YamlProblem, parse_checked, with_tags
from intake.lifecycle.promote import with_suite_tag
from tests.support.env import GAIA, GAIA_SCENARIOS, requires_gaia_corpus
from tests.support.gitrepo import git
from tests.support.promote_helpers import write_pair

TAG_LINE = re.compile(r"tags: \[[a-z-]+(, [a-z-]+)*\]\r?\n")


def _changed(old: bytes, new: bytes) -> list[str]:
    """The lines taken out or put in between two texts (each with its line end)."""
    before = old.decode("utf-8").splitlines(keepends=True)
    after = new.decode("utf-8").splitlines(keepends=True)
    lines: list[str] = []
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for op, a1, a2, b1, b2 in matcher.get_opcodes():
        if op != "equal":
            lines += before[a1:a2] + after[b1:b2]
    return lines


def _gaia_copy(tmp_path: Path, eol: str) -> Path:
    repo = tmp_path / "gaia"
    shutil.copytree(GAIA / "eval", repo / "eval")
    (repo / "pyproject.toml").write_text('[project]\nname = "amd-gaia"\nversion = "0"\n')
    files = sorted((repo / "eval" / "scenarios").rglob("*.yaml"))
    for path in files:
        text = path.read_bytes().replace(b"\r\n", b"\n")
        path.write_bytes(text.replace(b"\n", eol.encode()))
    bom = repo / "eval" / "scenarios" / "rag_quality" / "budget_query.yaml"
    bom.write_bytes(b"\xef\xbb\xbf" + bom.read_bytes())
    return repo


def _findings(runner: Any) -> tuple[int, list[tuple[Any, ...]], Any]:
    """``check``'s exit code, its findings without line numbers, and the baselined count."""
    result = runner.invoke(app, ["check", "--format", "json"])
    doc = json.loads(result.stdout)
    shapes = sorted(
        tuple(sorted((k, json.dumps(v, sort_keys=True)) for k, v in f.items() if k != "line"))
        for f in doc["findings"]
    )
    return result.exit_code, shapes, doc["baselined"]


def _snapshot(folder: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.slow  # adopt, check and split over GAIA's 91 files, twice: about 45 s each
@requires_gaia_corpus()
@pytest.mark.parametrize("eol", ["\n", "\r\n"], ids=["lf", "crlf"])
def test_split_quarantine_retire_on_gaias_files_change_only_the_tags_line(
    tmp_path: Path, runner: Any, monkeypatch: pytest.MonkeyPatch, eol: str
) -> None:
    repo = _gaia_copy(tmp_path, eol)
    monkeypatch.chdir(repo)
    git(repo, "init", "-q", "-b", "main")
    assert runner.invoke(app, ["init"]).exit_code == 0
    for folder, source in (("captured", "session"), ("", "synthetic")):
        adopted = runner.invoke(
            app,
            [
                "adopt",
                f"eval/scenarios/{folder}".rstrip("/"),
                "--source",
                source,
                "--reviewer",
                "alice",
            ],
        )
        assert adopted.exit_code == 0, adopted.output
    assert runner.invoke(app, ["check", "--update-baseline"]).exit_code == 0
    scenarios = repo / "eval" / "scenarios"
    before_check = _findings(runner)
    assert before_check[0] == 0 and before_check[2] > 0  # GAIA's test data is baselined
    before = _snapshot(scenarios)
    assert len([p for p in before if p.suffix == ".yaml"]) == 91

    split = runner.invoke(app, ["split", "--by", "alice"])
    assert split.exit_code == 0, split.output
    after = _snapshot(scenarios)
    assert after.keys() == before.keys()
    for path, raw in before.items():
        if path.suffix == ".yaml":
            changed = _changed(raw, after[path])
            assert len(changed) == 1 and TAG_LINE.fullmatch(changed[0]), (path, changed)
            assert changed[0].endswith(eol) and (eol == "\n") == (b"\r\n" not in after[path])
            assert after[path].startswith(b"\xef\xbb\xbf") == raw.startswith(b"\xef\xbb\xbf")
        else:  # the record: its stamp moved, its line ends kept
            text = after[path].decode("utf-8")
            assert (eol == "\r\n") == ("\r\n" in text) and text.count("\n") == text.count(eol)
    assert _findings(runner) == before_check

    target = scenarios / "mcp_reliability" / "simple_tool_call.yaml"  # id: mcp_simple_tool_call
    split_bytes = target.read_bytes()
    quarantined = runner.invoke(
        app, ["quarantine", "mcp_simple_tool_call", "--reason", "flaky judge", "--by", "alice"]
    )
    assert quarantined.exit_code == 0, quarantined.output
    changed = _changed(split_bytes, target.read_bytes())
    assert len(changed) == 2 and all(TAG_LINE.fullmatch(line) for line in changed), changed
    assert "quarantined" in changed[1]
    assert _findings(runner) == before_check
    lifted = runner.invoke(
        app, ["quarantine", "mcp_simple_tool_call", "--lift", "--reason", "fixed", "--by", "alice"]
    )
    assert lifted.exit_code == 0, lifted.output
    assert target.read_bytes() == split_bytes

    retired = runner.invoke(
        app, ["retire", "mcp_simple_tool_call", "--reason", "replaced", "--by", "alice"]
    )
    assert retired.exit_code == 0, retired.output
    moved = repo / "eval" / "retired" / "mcp_reliability" / "simple_tool_call.yaml"
    assert moved.read_bytes() == split_bytes and not target.exists()
    assert not (repo / "retired").exists()


@pytest.mark.slow
@requires_gaia_corpus()
@pytest.mark.parametrize("eol", ["\n", "\r\n"], ids=["lf", "crlf"])
def test_the_suite_tag_on_each_of_gaias_files_adds_one_line(eol: str) -> None:
    files = sorted(GAIA_SCENARIOS.rglob("*.yaml"))
    assert len(files) == 91
    for path in files:
        raw = path.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", eol.encode())
        tagged = with_suite_tag(raw, "regression")
        changed = _changed(raw, tagged)
        assert changed == [f"tags: [regression]{eol}"], (path, changed)
        data = parse_checked(raw).data
        assert parse_checked(tagged).data == {**data, "tags": ["regression"]}
        assert with_suite_tag(tagged, "capability") == tagged.replace(
            b"[regression]", b"[capability]"
        )


@pytest.mark.parametrize(
    ("text", "change", "expected"),
    [
        # a flow list is rewritten in place; its comment and quoting around it stay
        (
            'id: a\ncategory: x\ntags: [a, "b c"]  # why\nz: 1\n',
            lambda t: [*t, "q"],
            'id: a\ncategory: x\ntags: [a, "b c", q]  # why\nz: 1\n',
        ),
        # a block list gains one line, indented like its items; comments and blanks stay
        (
            "id: a\ntags:\n    - a  # one\n    # between\n    - b\n\nz: 1\n",
            lambda t: [*t, "q"],
            "id: a\ntags:\n    - a  # one\n    # between\n    - b\n    - q\n\nz: 1\n",
        ),
        # a tag taken out of a block list takes its line with it, nothing else
        ("id: a\ntags:\n- a\n# keep\n- b\n", lambda t: ["b"], "id: a\ntags:\n# keep\n- b\n"),
        # a list left empty is taken out whole
        ("id: a\ncategory: x\ntags: [q]\nz: 1\n", lambda t: [], "id: a\ncategory: x\nz: 1\n"),
        # no tags: one line after category, which keeps its comment
        (
            "id: a\ncategory: x  # c\nz: 1\n",
            lambda t: ["q"],
            "id: a\ncategory: x  # c\ntags: [q]\nz: 1\n",
        ),
        # a tag YAML 1.1 would read as a boolean is quoted
        ("id: a\n", lambda t: ["yes"], 'id: a\ntags: ["yes"]\n'),
        # an empty value: the list goes after the colon
        ("id: a\ntags:\nz: 1\n", lambda t: ["q"], "id: a\ntags: [q]\nz: 1\n"),
    ],
)
def test_tag_edits_touch_only_the_tags(text: str, change: Any, expected: str) -> None:
    for eol, bom in (("\n", b""), ("\r\n", b"\xef\xbb\xbf")):
        raw = bom + text.replace("\n", eol).encode("utf-8")
        assert with_tags(raw, change) == bom + expected.replace("\n", eol).encode("utf-8")


def test_an_unchanged_list_returns_the_bytes_and_a_flow_root_is_refused() -> None:
    raw = b"id: a\ntags: [b]   \n"
    assert with_tags(raw, lambda t: t) is raw
    with pytest.raises(YamlProblem, match="in place"):
        with_tags(b"{id: a, category: x}\n", lambda t: [*t, "c"])


@pytest.mark.parametrize("eol", ["\n", "\r\n"], ids=["lf", "crlf"])
def test_rename_changes_only_the_id_line(suite: Path, runner: Any, eol: str) -> None:
    path = write_pair(suite / "drafts", "bad_name")
    long_line = "  # a reviewer's note " + "wide " * 30 + "\n"
    text = path.read_text(encoding="utf-8").replace("\n", "\n" + long_line, 1) + "\n\n# end\n"
    path.write_bytes(text.replace("\n", eol).encode("utf-8"))
    before = path.read_bytes()
    result = runner.invoke(app, ["rename", "bad_name", "pdf_summary_loop"])
    assert result.exit_code == 0, result.output
    after = (suite / "drafts" / "pdf_summary_loop.yaml").read_bytes()
    assert _changed(before, after) == [f"id: bad_name{eol}", f"id: pdf_summary_loop{eol}"]
