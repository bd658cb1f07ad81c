"""Docs that stay true: the command reference (docs/cli.md) is the CLI's own --help."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

from tests.support.env import REPO


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem + "_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_command_reference_is_current() -> None:
    readme = _load(REPO / "scripts" / "readme.py")
    text = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    assert text == readme.with_reference(text), (
        "docs/cli.md's command reference is stale: run `python scripts/readme.py`"
    )


def test_every_command_is_in_the_reference() -> None:
    readme = _load(REPO / "scripts" / "readme.py")
    text = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    for words in readme._command_paths():
        assert f"<code>intake {' '.join(words)}</code>" in text, words


def test_publish_replaces_only_its_section() -> None:
    publish = _load(REPO / "tests" / "benchmarks" / "publish.py")
    page = (
        "intro\n<!-- bench:a:start -->\nold a\n<!-- bench:a:end -->\n"
        "<!-- bench:b:start -->\nold b\n<!-- bench:b:end -->\n"
    )
    new = publish.replace_section(page, "a", "new a")
    assert new == page.replace("old a", "new a")
    doc = (REPO / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    scripts = sorted((REPO / "tests" / "benchmarks").glob("bench_*.py"))
    assert len(scripts) >= 6
    for script in scripts:
        area = script.stem.removeprefix("bench_")
        assert f"<!-- bench:{area}:start -->" in doc, f"{script.name}: no section"


def test_code_comments_cite_no_document_outside_the_repository() -> None:
    for file in sorted((REPO / "intake").rglob("*.py")):
        # docs/gaia-formats.md is the repository's own page (the team's notes are not)
        text = file.read_text(encoding="utf-8").replace("docs/gaia-formats.md", "")
        for cited in ("DESIGN", "gaia-formats", "presidio-notes", "style.md", "../shared"):
            assert cited not in text, f"{file.relative_to(REPO)} cites {cited}"


def test_help_names_arguments_as_they_are_typed() -> None:
    text = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    usages = re.findall(r"^Usage: intake .*$", text, flags=re.MULTILINE)
    assert "Usage: intake promote [OPTIONS] DRAFT" in usages
    assert "Usage: intake validate [OPTIONS] [PATHS]..." in usages
    assert "Usage: intake rename [OPTIONS] DRAFT NEW_ID" in usages
    assert not [u for u in usages if "{" in u]
    assert "<list[" not in text and "paths... <" not in text


def test_the_guide_says_how_to_start_each_stand_in() -> None:
    import subprocess

    guide = (REPO / "docs" / "guide.md").read_text(encoding="utf-8")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("| Mark | Needs | The test |") :]
    table = table[: table.index("\n\n")]
    named = sorted(set(re.findall(r"`(tests/support/[a-z_]+\.py)`", table)))
    assert len(named) == 4, named  # runner, backend, control runner, GitHub
    section = guide[guide.index("## Trying the loop without GAIA") : guide.index("## Install")]
    for stand_in in named:
        row = next(line for line in section.splitlines() if f"`{stand_in}`" in line)
        assert "Start it" in section and row.count("|") == 4 and len(row) > 80, stand_in
    command = re.search(
        r"`python -m tests\.support\.status_server --port (\d+) --model ([\w.-]+)`", section
    )
    assert command is not None
    started = subprocess.Popen(
        [sys.executable, "-m", "tests.support.status_server", "--port", "0", "--model", command[2]],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert started.stdout is not None
        assert started.stdout.readline().startswith("serving http://127.0.0.1:")
    finally:
        started.terminate()
        started.wait(timeout=10)
    for script in ("fake_gaia_eval.py", "fake_gaia_control.py"):
        assert f"python CHECKOUT/tests/support/{script} eval agent" in section
        done = subprocess.run(
            [sys.executable, str(REPO / "tests" / "support" / script), "eval", "agent", "--help"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0 and done.stdout.startswith("usage: gaia")
