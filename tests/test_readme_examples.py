"""Every shell line in the README runs as pasted, in the suite ``intake demo --dir`` leaves.

Each ``bash`` block runs line by line through ``bash`` (the working folder carries from one
line to the next, so ``… && cd demo-suite`` works as in a terminal), with an ``intake`` command
on ``PATH`` that runs this checkout. A block that starts with ``intake demo --dir demo-suite``
runs in an empty folder; any other block runs in a fresh demo suite. A ``[needs: …]`` mark in a
line's comment (the README's table explains them) says what the line needs beyond the suite:

* ``checkout``: a clone of this repository (installing): not run here; ``.ci/run`` and
  ``tests/test_packaging.py`` test installing;
* ``editor``: ``EDITOR`` is a program that fills every ``TODO(intake)`` placeholder, as a
  person would;
* ``runner``: the stand-in runner (``tests/support/fake_gaia_eval.py``) and Agent UI backend
  (``tests/support/status_server.py``) are configured in the suite; ``--tier strong`` lines run with
  a strong model loaded and passing, ``--tier local`` ones with the local model, failing;
* ``github``: the local GitHub stand-in serves the pull request the line names, approved by
  another person, with the draft's current bytes at its head.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.control import free_port
from tests.support.env import REPO, command_line, user_level
from tests.support.github_server import FakeGitHub
from tests.support.promote_helpers import review, serve_pr
from tests.support.status_server import StatusServer, write_mcp_config

README = REPO / "README.md"
FAKE = Path(__file__).resolve().parent / "support" / "fake_gaia_eval.py"
FAKE_CONTROL = Path(__file__).resolve().parent / "support" / "fake_gaia_control.py"
STRONG = "claude-opus-4"
LOCAL = "Gemma-4-E4B-it-GGUF"
MARKS = {"checkout", "editor", "runner", "control", "github"}
NEEDS = re.compile(r"\[needs: (?P<marks>[a-z, ]+)\]")

FILL = """\
import sys
import yaml

WORDS = {
    "description": "The digest must cover today's unread mail only.",
    "difficulty_rationale": "Read and unread mail share one inbox; the agent must filter first.",
    "objective": "Get three bullets that summarise today's unread mail.",
    "expected_answer": "Three bullets, one per unread message received today.",
    "success_criteria": "Exactly three bullets, each from an unread message of today.",
}


def fill(node, key=None):
    if isinstance(node, dict):
        return {k: fill(v, k) for k, v in node.items()}
    if isinstance(node, list):
        return [fill(v, key) for v in node]
    if isinstance(node, str) and node.startswith("TODO(intake)"):
        return WORDS.get(key, "Filled in by the reviewer.")
    return node


path = sys.argv[1]
with open(path, encoding="utf-8") as handle:
    data = yaml.safe_load(handle)
with open(path, "w", encoding="utf-8") as handle:
    yaml.safe_dump(fill(data), handle, sort_keys=False, allow_unicode=True)
"""


@dataclass
class Line:
    text: str
    number: int
    marks: set[str]


def blocks(text: str) -> list[list[Line]]:
    """The README's ``bash`` blocks as lists of command lines (comments and blanks left out)."""
    found: list[list[Line]] = []
    current: list[Line] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if current is None:
            if stripped == "```bash":
                current = []
            continue
        if stripped == "```":
            found.append(current)
            current = None
            continue
        if not stripped or stripped.startswith("#"):
            continue
        match = NEEDS.search(raw)
        marks = {m.strip() for m in match["marks"].split(",")} if match else set()
        current.append(Line(raw.rstrip(), number, marks))
    assert current is None, "a bash block is not closed"
    return found


def test_the_readme_is_short_and_its_examples_use_known_marks() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 300
    found = blocks(text)
    assert len(found) >= 3
    for block in found:
        for line in block:
            assert line.marks <= MARKS, f"README.md:{line.number}: unknown mark {line.marks}"
    setup = [line.text for line in found[0]]
    assert len(setup) == 2 and all(s.startswith("python -m venv .venv && ") for s in setup)
    assert "intake demo" in setup[0] and "python -m pytest" in setup[1]


def test_the_block_reader_finds_lines_and_marks() -> None:
    text = "x\n```bash\n# a comment\nintake a   # one [needs: runner]\n\nintake b\n```\n"
    assert [(line.text, line.number, line.marks) for line in blocks(text)[0]] == [
        ("intake a   # one [needs: runner]", 4, {"runner"}),
        ("intake b", 6, set()),
    ]


class Shell:
    """Runs README lines one by one in bash, carrying the working folder between them."""

    def __init__(self, tmp: Path, cwd: Path) -> None:
        self.tmp = tmp
        self.cwd = cwd
        self.bin = tmp / "bin"
        self.bin.mkdir(exist_ok=True)
        intake = self.bin / "intake"
        intake.write_text(
            "#!/bin/sh\n"
            f'exec "{sys.executable}" -c "import sys; sys.argv[0] = \'intake\'; '
            'from intake.cli import main; main()" "$@"\n',
            encoding="utf-8",
        )
        intake.chmod(0o755)
        fill = self.bin / "fill-placeholders"
        fill.write_text(f"#!{sys.executable}\n" + FILL, encoding="utf-8")
        fill.chmod(0o755)
        self.env = {
            **os.environ,
            "PATH": f"{self.bin}{os.pathsep}{os.environ.get('PATH', '')}",
            "PYTHONPATH": str(REPO),
            "EDITOR": str(fill),
        }
        self.env.pop("INTAKE_DEBUG", None)

    def run(self, line: Line, **extra: str) -> subprocess.CompletedProcess[str]:
        where = self.tmp / "pwd.txt"
        script = f'{line.text}\nstatus=$?\npwd > "{where}"\nexit $status\n'
        proc = subprocess.run(
            ["bash", "-c", script],
            cwd=self.cwd,
            env={**self.env, **extra},
            capture_output=True,
            text=True,
            timeout=600,
        )
        shown = (
            f"README.md:{line.number}: {line.text}\n→ {proc.returncode}\n"
            f"{proc.stdout}\n{proc.stderr}"
        )
        assert proc.returncode == 0, shown
        assert "Traceback" not in proc.stdout + proc.stderr, shown
        assert "internal error" not in proc.stderr, shown
        self.cwd = Path(where.read_text(encoding="utf-8").strip())
        return proc


def _configure_runner(suite: Path, backend: StatusServer) -> None:
    runner = json.dumps([sys.executable, str(FAKE), "eval", "agent"])
    user_level(runner=json.loads(runner))
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write(
            f'runner = {runner}\nbackend_url = "{backend.url}"\n'
            f'strong_models = ["{STRONG}"]\nlocal_models = ["{LOCAL}"]\n'
        )
    write_mcp_config(suite, backend.url)  # GAIA's agent then uses this backend (L812-826)


@pytest.fixture
def stand_ins() -> Iterator[tuple[StatusServer, FakeGitHub]]:
    with ExitStack() as stack:
        backend = stack.enter_context(StatusServer(model_loaded=STRONG))
        github = stack.enter_context(FakeGitHub())
        yield backend, github


def _suite_root(cwd: Path) -> Path | None:
    for folder in (cwd, *cwd.parents):
        if (folder / "pyproject.toml").is_file() and (folder / "drafts").is_dir():
            return folder
    return None


def _run_block(block: list[Line], tmp: Path, stand_ins: tuple[StatusServer, FakeGitHub]) -> Path:
    backend, github = stand_ins
    starts_the_suite = block[0].text.startswith("intake demo --dir demo-suite")
    shell = Shell(tmp, tmp)
    if not starts_the_suite:
        shell.run(Line("intake demo --dir demo-suite && cd demo-suite", 0, set()))
    configured = False
    for line in block:
        if "checkout" in line.marks:
            continue
        extra: dict[str, str] = {}
        suite = _suite_root(shell.cwd)
        if line.marks & {"runner", "github"}:
            assert suite is not None, f"README.md:{line.number}: not in a suite"
        if "runner" in line.marks and suite is not None:
            if not configured:
                _configure_runner(suite, backend)
                configured = True
            local = "--tier local" in line.text
            backend.model_loaded = LOCAL if local else STRONG
            extra = {
                "FAKE_GAIA_REPO_ROOT": str(suite),
                "FAKE_GAIA_NO_USER_DIR": "1",
                "FAKE_GAIA_STATUS": "FAIL" if local else "PASS",
            }
        if "control" in line.marks and suite is not None:
            # the replay answers on a free port (GAIA's MCP tools use 4200, which this machine
            # may have in use); the stand-in runner's agent asks it, its judge fails the replay
            replay = free_port()
            extra = {
                "INTAKE_RUNNER": command_line([sys.executable, str(FAKE_CONTROL), "eval", "agent"]),
                "INTAKE_REPLAY_PORT": str(replay),
                "FAKE_CONTROL_MCP_BACKEND": f"http://127.0.0.1:{replay}",
                "FAKE_CONTROL_REPO_ROOT": str(suite),
                "FAKE_CONTROL_JUDGE": "FAIL",
            }
        if "github" in line.marks and suite is not None:
            number = int(re.search(r"--pr (\d+)", line.text)[1])  # type: ignore[index]
            draft_id = line.text.split()[2]
            draft = suite / "drafts" / f"{draft_id}.yaml"
            serve_pr(
                github,
                number,
                repo="amd/gaia",
                author="intake-demo",
                reviews=[review("bob", "APPROVED")],
                files={draft.relative_to(suite).as_posix(): draft.read_bytes()},
            )
            extra = {"INTAKE_GITHUB_API_URL": github.url, "INTAKE_GITHUB_BACKOFF": "0.001"}
        shell.run(line, **extra)
    return shell.cwd


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="runs the README's bash lines through bash")
def test_every_readme_example_runs_as_pasted_in_the_demo_suite(
    tmp_path: Path, stand_ins: tuple[StatusServer, FakeGitHub]
) -> None:
    found = blocks(README.read_text(encoding="utf-8"))
    ran = 0
    for index, block in enumerate(found):
        folder = tmp_path / f"block{index}"
        folder.mkdir()
        if all("checkout" in line.marks for line in block):
            continue
        end = _run_block(block, folder, stand_ins)
        ran += 1
        if block[0].text.startswith("intake demo --dir demo-suite"):
            promoted = end / "scenarios" / "captured" / "session_c4a0f9e2_daily_inbox_digest.yaml"
            assert promoted.is_file(), "the loop ends with the draft promoted"
    assert ran >= 2
