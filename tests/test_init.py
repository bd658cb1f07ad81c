"""``intake init``: layout detection, the [tool.intake] table, .gitignore, bad input."""

from __future__ import annotations

import socket
import tomllib
from pathlib import Path

import pytest

from intake.cli import app
from intake.config import load_settings
from tests.support.env import posix_only

EXISTING = """\
# the project's own comment
[project]
name = "gaia"   # keep this comment
version = "1.0"

[tool.ruff]
line-length = 100
"""


def _closed_port_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{sock.getsockname()[1]}"


@pytest.fixture
def gaia_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository in GAIA's layout (eval/scenarios, eval/corpus, eval/results), no config."""
    root = tmp_path / "gaia"
    for folder in ("eval/scenarios/rag_quality", "eval/corpus", "eval/results"):
        (root / folder).mkdir(parents=True)
    monkeypatch.chdir(root)
    monkeypatch.setenv("INTAKE_BACKEND_URL", _closed_port_url())  # no Agent UI here
    monkeypatch.setenv("PATH", "/usr/bin:/bin")  # git, and no `gaia`, on PATH
    return root


def test_init_in_gaia_layout_appends_table_and_keeps_every_byte(gaia_repo: Path, runner) -> None:
    (gaia_repo / "pyproject.toml").write_text(EXISTING, encoding="utf-8")
    (gaia_repo / ".gitignore").write_text("*.pyc\n/build", encoding="utf-8")
    result = runner.invoke(app, ["init"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "layout: gaia (eval/scenarios/, eval/corpus/, eval/results/)",
        "pyproject.toml: appended a [tool.intake] table",
        ".gitignore: added /.intake/, /eval/drafts/private/",
        "next: list your models in [tool.intake] (strong_models, local_models), then list "
        "the sessions to import (`intake sessions`) and draft one (`intake from-session ID`)",
    ]
    text = (gaia_repo / "pyproject.toml").read_text(encoding="utf-8")
    assert text.startswith(EXISTING), "every byte of the existing file is kept"
    table = tomllib.loads(text)["tool"]["intake"]
    assert table["scenarios_dir"] == "eval/scenarios"
    assert table["drafts_dir"] == "eval/drafts"
    assert table["corpus_dir"] == "eval/corpus"
    assert "# promoted scenarios, one folder per category" in text, "comments explain each key"
    ignore = (gaia_repo / ".gitignore").read_text(encoding="utf-8")
    assert ignore.startswith("*.pyc\n/build\n")
    assert ignore.endswith("/.intake/\n/eval/drafts/private/\n")
    settings = load_settings(gaia_repo)
    assert settings.scenarios == gaia_repo / "eval" / "scenarios"
    assert settings.corpus_dir == Path("eval/corpus")


def test_second_run_changes_nothing_and_force_rewrites(gaia_repo: Path, runner) -> None:
    assert runner.invoke(app, ["init"]).exit_code == 0
    before = {p: p.read_bytes() for p in (gaia_repo / "pyproject.toml", gaia_repo / ".gitignore")}
    again = runner.invoke(app, ["init"])
    assert again.exit_code == 0
    assert "nothing to do: intake is already set up here" in again.stdout
    assert {p: p.read_bytes() for p in before} == before
    # a hand-edited table is kept without --force, replaced with it
    path = gaia_repo / "pyproject.toml"
    path.write_text(path.read_text().replace("provenance_target = 0.2", "provenance_target = 0.5"))
    assert "already there (kept" in runner.invoke(app, ["init"]).stdout
    assert tomllib.loads(path.read_text())["tool"]["intake"]["provenance_target"] == 0.5
    forced = runner.invoke(app, ["init", "--force"])
    assert forced.exit_code == 0, forced.output
    assert "pyproject.toml: replaced a [tool.intake] table" in forced.stdout
    text = path.read_text()
    assert text.count("[tool.intake]") == 1
    assert tomllib.loads(text)["tool"]["intake"]["provenance_target"] == 0.2
    assert text.startswith('[project]\nname = "gaia"\n')


def test_init_creates_minimal_pyproject_in_top_level_layout(
    tmp_path: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "scenarios").mkdir()
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["init"])
    assert result.exit_code == 0, result.output
    assert "created pyproject.toml with a [tool.intake] table" in result.stdout
    data = tomllib.loads((tmp_path / "pyproject.toml").read_text())
    assert data["tool"]["intake"]["scenarios_dir"] == "scenarios"
    assert (tmp_path / ".gitignore").read_text().endswith("/.intake/\n/drafts/private/\n")


@pytest.mark.parametrize(
    ("name", "content", "line"),
    [
        (
            "pyproject.toml",
            b"[project\nname = 1\n",
            "error: pyproject.toml is not valid TOML: Expected ']' at the end of a table "
            "declaration (at line 1, column 9) (pyproject.toml)",
        ),
        (
            ".gitignore",
            b"*.pyc\n\x00\x01",
            "error: .gitignore is not a text file (NUL bytes) (.gitignore)",
        ),
        (
            ".gitignore",
            b"*.pyc\n\xff\xfe",
            "error: .gitignore is not valid UTF-8 at byte 6 (.gitignore)",
        ),
    ],
)
def test_corrupt_inputs_are_one_line_and_nothing_is_written(
    gaia_repo: Path, runner, name: str, content: bytes, line: str
) -> None:
    (gaia_repo / name).write_bytes(content)
    other = gaia_repo / ("pyproject.toml" if name == ".gitignore" else ".gitignore")
    result = runner.invoke(app, ["init"])
    assert result.exit_code == 2
    assert result.stderr == line + "\n"
    assert (gaia_repo / name).read_bytes() == content
    assert not other.exists(), "nothing half-written"


def test_unconfigured_ambiguous_folder_refuses_instead_of_creating_drafts(
    tmp_path: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["reject", "some_draft", "--reason", "x"])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: no intake suite is configured here and no scenarios folder was found (.)\n"
        "hint: run `intake init` in the repository (or pass --root)\n"
    )
    assert list(tmp_path.iterdir()) == [], "no folder created at the root"


def test_unconfigured_gaia_layout_uses_gaia_folders(gaia_repo: Path, runner) -> None:
    settings = load_settings(gaia_repo / "eval" / "scenarios")
    assert settings.root == gaia_repo
    assert settings.scenarios == gaia_repo / "eval" / "scenarios"
    assert settings.drafts == gaia_repo / "eval" / "drafts"
    result = runner.invoke(app, ["report", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert '"eval/scenarios"' in result.stdout
    assert not (gaia_repo / "drafts").exists()


def test_unconfigured_gaia_layout_keeps_the_ledger_out_of_git(gaia_repo: Path, runner) -> None:
    """Without `intake init` nothing ignores .intake/: the ledger must not show up for
    `git add -A` (it holds who did what; it is derived, never committed)."""
    import subprocess

    subprocess.run(["git", "init", "-q"], cwd=gaia_repo, check=True)
    (gaia_repo / "eval" / "scenarios" / "rag_quality" / "case.yaml").write_text(
        "id: case\ncategory: rag_quality\npersona: casual_user\n"
        "setup:\n  index_documents: []\nturns:\n"
        "  - turn: 1\n    objective: Ask.\n    success_criteria: Answers it.\n"
    )
    result = runner.invoke(
        app, ["adopt", "eval/scenarios/rag_quality", "--source", "synthetic", "--reviewer", "bob"]
    )
    assert result.exit_code == 0, result.output
    assert (gaia_repo / ".intake" / "ledger.db").is_file()
    status = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=gaia_repo,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert ".intake/" not in status, status


def test_report_on_named_folders_needs_no_suite(
    tmp_path: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "some" / "cases"
    folder.mkdir(parents=True)
    (folder / "a.yaml").write_text(
        "id: a\ncategory: c\npersona: casual_user\nsetup:\n  index_documents: []\n"
        "turns:\n  - turn: 1\n    objective: o\n    success_criteria: s\n"
    )
    monkeypatch.chdir(tmp_path)
    named = runner.invoke(app, ["report", "some/cases", "--format", "json"])
    assert named.exit_code == 0, named.output
    assert '"scenarios": 1' in named.stdout
    bare = runner.invoke(app, ["report"])
    assert bare.exit_code == 2
    assert bare.stderr.startswith("error: no intake suite is configured here")


@pytest.mark.slow
@posix_only("the stand-in `gaia` on PATH is a #!/bin/sh script")
def test_init_writes_the_detected_runner_and_models_and_run_works_after_it(
    gaia_repo: Path, tmp_path: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`gaia` on PATH and the model the Agent UI reports (GET /api/system/status,
    src/gaia/ui/routers/system.py L442) are written; `intake run` then needs no hand-added
    key. The eval agent's backend is eval/mcp-config.json's (agent_ui_mcp.py L41, L812-826)."""
    import json
    import sys

    from tests.support.env import FAKE_GAIA_EVAL as FAKE
    from tests.support.promote_helpers import write_pair
    from tests.support.status_server import StatusServer, write_mcp_config

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "gaia").write_text(f'#!/bin/sh\nexec "{sys.executable}" "{FAKE}" "$@"\n')
    (bin_dir / "gaia").chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    monkeypatch.setenv("FAKE_GAIA_REPO_ROOT", str(gaia_repo))
    monkeypatch.setenv("FAKE_GAIA_NO_USER_DIR", "1")
    with StatusServer(model_loaded="claude-sonnet-4-6") as backend:
        monkeypatch.setenv("INTAKE_BACKEND_URL", backend.url)
        write_mcp_config(gaia_repo, backend.url)
        result = runner.invoke(app, ["init"])
        assert result.exit_code == 0, result.output
        text = (gaia_repo / "pyproject.toml").read_text(encoding="utf-8")
        # issue 37 item 7: a local server's answer is shown, never written silently
        assert "strong_models" not in tomllib.loads(text)["tool"]["intake"]
        assert "reports the model claude-sonnet-4-6: not written" in result.stdout
        result = runner.invoke(app, ["init", "--force", "--use-detected"])
        assert result.exit_code == 0, result.output
        text = (gaia_repo / "pyproject.toml").read_text(encoding="utf-8")
        table = tomllib.loads(text)["tool"]["intake"]
        assert table["runner"] == ["gaia", "eval", "agent"]
        assert table["strong_models"] == ["claude-sonnet-4-6"]
        assert "local_models" not in table
        assert '# local_models = ["…"]  # not detected: load the local model' in text
        last = result.stdout.splitlines()[-1]
        assert last.startswith("next: list the sessions to import (`intake sessions`)")
        (gaia_repo / "eval" / "corpus" / "manifest.json").write_text(
            json.dumps({"documents": []}), encoding="utf-8"
        )
        write_pair(gaia_repo / "eval" / "drafts")
        result = runner.invoke(app, ["run", "pdf_summary_loop", "--tier", "strong"])
        assert result.exit_code == 0, result.stderr
        assert "recorded: strong run eval-" in result.stdout
