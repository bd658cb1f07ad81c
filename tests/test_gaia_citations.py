"""GAIA's line numbers live in docs/gaia-formats.md, pinned to the corpus commit, not in code.

intake's code names GAIA's behaviour by file and function (which survive GAIA's next commit)
and points to docs/gaia-formats.md, where each behaviour has a permalink at the corpus commit
(``GAIA_COMMIT``, tests/support/gaia_install.py). These tests keep both halves true: no module under
``intake/`` cites a line of GAIA's source, and every row of the page points at lines that hold
what it names, at that commit, for a place of intake that exists.
"""

from __future__ import annotations

import ast
import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

from tests.support import gaia_install
from tests.support.env import REPO

DOC = REPO / "docs" / "gaia-formats.md"

LINE_CITATION = re.compile(
    r"(?<![\w.-])L\d+(?:\s*-\s*L?\d+)?(?!\w)"  # L45, L45-49, L45-L49, #L45
    r"|\.(?:py|pyi|tsx?|jsx?|go)`{0,2}:\d+"  # runner.py:45
    r"|\.(?:py|pyi|tsx?|jsx?|go)`{0,2},?\s+lines?\s+\d+"  # runner.py, lines 386-388
)
"""A reference to a numbered line of a source file, in any form the code base has used."""


TEXT_SUFFIXES = {".py", ".json", ".yaml", ".yml", ".toml", ".txt", ".md"}

PERMALINK = re.compile(
    r"https://github\.com/amd/gaia/blob/(?P<sha>[0-9a-f]{40})/(?P<path>[^#)\s]+)"
    r"#L(?P<a>\d+)(?:-L(?P<b>\d+))?"
)
LINK = re.compile(
    r"\[`(?P<name>[^`]+)`, (?P<file>[^ \]]+) L(?P<a>\d+)(?:-(?P<b>\d+))?\]"
    r"\((?P<url>https://[^)\s]+)\)"
)
PLACE = re.compile(r"`(intake(?:\.\w+)+)(?:::([\w.]+))?`")


def _citations(text: str) -> list[str]:
    return [m.group(0) for m in LINE_CITATION.finditer(text)]


def _cited_lines() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for file in sorted((REPO / "intake").rglob("*")):
        if file.suffix not in TEXT_SUFFIXES or not file.is_file():
            continue
        lines = [
            f"{number}: {line.strip()}"
            for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1)
            if _citations(line)
        ]
        if lines:
            found[file.relative_to(REPO).as_posix()] = lines
    return found


def test_the_pattern_finds_each_form_of_line_citation() -> None:
    cited = [
        "runner.py L45",
        "(runner.py L45-49)",
        "``runner.py`` L1853-1877",
        "L2472, L2689",
        "blob/78bbc30/src/gaia/eval/runner.py#L45-L49",
        "runner.py:1815",
        "``runner.py``:45",
        "runner.py, lines 386-388",
        "cli.py line 890",
        "(L1742-1745)",
    ]
    assert [t for t in cited if not _citations(t)] == []
    clean = [
        "runner.py ``find_scenarios``",
        "UTF-8",
        "Level.draft",
        "HTTP/1.1",
        "scenario.yaml:12",
        "a L-shaped path",
        "python3.12",
        "sha256:1234",
        "LLM",
        "docs/gaia-formats.md#runner",
        "max(--timeout, 240 + 90·docs)",
        "eval-20260101-120000",
    ]
    assert [t for t in clean if _citations(t)] == []


def test_no_module_cites_a_line_of_gaia_source() -> None:
    found = _cited_lines()
    assert found == {}, (
        "cite GAIA's file and function, with the lines as a row of docs/gaia-formats.md: "
        + "; ".join(f"{file}: {lines}" for file, lines in found.items())
    )


def test_every_permalink_names_the_corpus_commit() -> None:
    text = DOC.read_text(encoding="utf-8")
    commit = gaia_install.GAIA_COMMIT
    assert f"`{commit}`" in text.split("\n## ", 1)[0], "the page's head names the commit"
    links = re.findall(r"https://github\.com/amd/gaia[^\s)]*", text)
    assert len(links) >= 30
    for url in links:
        match = PERMALINK.fullmatch(url)
        assert match is not None, f"not a line permalink: {url}"
        assert match["sha"] == commit, url
    # The test helpers that copy GAIA's code name the same commit.
    recorded = {
        path.relative_to(REPO).as_posix(): sha
        for path in sorted((REPO / "tests").rglob("*.py"))
        for sha in re.findall(r'^GAIA_COMMIT = "([0-9a-f]+)"', path.read_text("utf-8"), re.M)
    }
    assert "tests/support/gaia_install.py" in recorded
    assert {file: sha for file, sha in recorded.items() if sha != commit} == {}


def _rows() -> list[tuple[str, str, str]]:
    """(section, gaia cell, intake cell) of every table row of the page's GAIA tables."""
    rows: list[tuple[str, str, str]] = []
    section = ""
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:]
        elif line.startswith("| `") and section != "Citations still in code":
            cells = [c.strip() for c in line.strip("|").split(" | ")]
            assert len(cells) == 4, line
            rows.append((section, cells[2], cells[3]))
    return rows


def test_each_link_names_its_file_and_lines() -> None:
    rows = _rows()
    assert len(rows) >= 30
    for section, gaia, _where in rows:
        links = list(LINK.finditer(gaia))
        assert links, f"{section}: a row without a link: {gaia}"
        for link in links:
            url = PERMALINK.fullmatch(link["url"])
            assert url is not None, link["url"]
            assert Path(url["path"]).name == link["file"], link.group(0)
            assert (url["a"], url["b"]) == (link["a"], link["b"]), link.group(0)


@cache
def _gaia_lines(path: str) -> list[str]:
    done = subprocess.run(
        ["git", f"--git-dir={gaia_install.MIRROR}", "show", f"{gaia_install.GAIA_COMMIT}:{path}"],
        capture_output=True,
        check=True,
    )
    return done.stdout.decode("utf-8").splitlines()


@pytest.mark.skipif(not gaia_install.mirror_present(), reason="GAIA's mirror is absent")
def test_each_link_holds_what_it_names_at_the_corpus_commit() -> None:
    wrong: list[str] = []
    for _section, gaia, _where in _rows():
        for link in LINK.finditer(gaia):
            url = PERMALINK.fullmatch(link["url"])
            assert url is not None
            lines = _gaia_lines(url["path"])
            first = int(url["a"])
            last = int(url["b"] or first)
            held = "\n".join(lines[first - 1 : last])
            if last > len(lines) or link["name"] not in held:
                wrong.append(link.group(0).split("](")[0] + "]")
    assert wrong == []


def _defined(module: Path, name: str) -> bool:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    body: list[ast.stmt] = tree.body
    for part in name.split("."):
        found: ast.stmt | None = None
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                if node.name == part:
                    found = node
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id == part for t in targets):
                    found = node
        if found is None:
            return False
        body = found.body if isinstance(found, ast.ClassDef) else []
    return True


def test_each_place_intake_relies_on_exists() -> None:
    missing: list[str] = []
    for section, _gaia, where in _rows():
        places = PLACE.findall(where)
        assert places, f"{section}: a row names no place of intake: {where}"
        for module, name in places:
            base = REPO / Path(*module.split("."))
            path = (
                base.with_suffix(".py")
                if base.with_suffix(".py").is_file()
                else base / ("__init__.py")
            )
            if not path.is_file() or (name and not _defined(path, name)):
                missing.append(f"{module}::{name}" if name else module)
    assert missing == []


def test_code_points_at_sections_that_exist() -> None:
    sections = set(re.findall(r"^## (\S+)$", DOC.read_text(encoding="utf-8"), re.M))
    named: dict[str, set[str]] = {}
    for file in sorted((REPO / "intake").rglob("*.py")):
        text = file.read_text(encoding="utf-8")
        wanted = set(re.findall(r"docs/gaia-formats\.md#([\w-]+)", text))
        for listed in re.findall(r"docs/gaia-formats\.md \(sections ([^)]*)\)", text):
            wanted |= {s.strip() for s in listed.replace("\n", " ").split(",")}
        if wanted:
            named[file.relative_to(REPO).as_posix()] = wanted
    assert len(named) >= 8
    assert {f: w - sections for f, w in named.items() if w - sections} == {}
