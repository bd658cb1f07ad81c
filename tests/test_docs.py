"""Docs that stay true: the command reference (docs/cli.md) is the CLI's own --help."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

from tests.conftest import REPO


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
        text = file.read_text(encoding="utf-8")
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
