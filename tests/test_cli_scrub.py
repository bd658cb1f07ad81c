"""``intake scrub`` through the real CLI app."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app

TOKEN = "ghp_" + "Abc1" * 9
YAML_TEXT = f"""\
# a draft
id: demo  # keep me
turns:
  - turn: 1
    user_message: "cat /home/alice/proj/a.py and mail alice@acme.io"
    notes: |
      token {TOKEN}
alice@acme.io: key in a mapping
"""


@pytest.fixture
def draft(tmp_path: Path) -> Path:
    path = tmp_path / "demo.yaml"
    path.write_text(YAML_TEXT)
    return path


def test_check_lists_type_and_line_never_the_value(runner: CliRunner, draft: Path) -> None:
    result = runner.invoke(app, ["scrub", "--check", str(draft)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"FILE_PATH {draft}:5",
        f"EMAIL_ADDRESS {draft}:5",
        f"GITHUB_TOKEN {draft}:7",
        f"EMAIL_ADDRESS {draft}:8",
    ]
    assert TOKEN not in result.output and "alice" not in result.output
    assert draft.read_text() == YAML_TEXT


def test_scrub_in_place_keeps_layout_and_is_then_clean(runner: CliRunner, draft: Path) -> None:
    result = runner.invoke(app, ["scrub", str(draft)])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "1 file, 1 scrubbed"
    assert draft.read_text() == YAML_TEXT.replace(
        "/home/alice/proj/a.py", "/home/user1/proj/a.py"
    ).replace("alice@acme.io", "user1@example.com").replace(
        TOKEN, "ghp_FAKE00000000000000000000000000000001"
    )
    again = runner.invoke(app, ["scrub", "--check", str(draft)])
    assert again.exit_code == 0
    assert again.stdout == ""
    assert [p.name for p in draft.parent.iterdir()] == ["demo.yaml"]  # no temp file left


def test_json_format(runner: CliRunner, draft: Path) -> None:
    result = runner.invoke(app, ["scrub", "--format", "json", str(draft)])
    doc = json.loads(result.stdout)
    assert doc["files"][0]["changed"] is True
    assert doc["files"][0]["report"]["counts"] == {
        "EMAIL_ADDRESS": 2,
        "FILE_PATH": 1,
        "GITHUB_TOKEN": 1,
    }
    assert "alice" not in result.stdout and TOKEN not in result.stdout
    check = runner.invoke(app, ["scrub", "--check", "--format", "json", str(draft)])
    assert json.loads(check.stdout)["findings"] == []


def test_escaped_secret_in_yaml_is_found_by_the_structured_pass(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "esc.yaml"
    escaped = "".join(f"\\x{ord(c):02x}" for c in "bob@acme.io")
    path.write_text(f'msg: "{escaped}"\n')
    result = runner.invoke(app, ["scrub", str(path)])
    assert result.exit_code == 0
    assert "user1@example.com" in path.read_text()


def test_folders_and_plain_text(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "log.txt").write_text("see /Users/bob/x/y.txt\n")
    (tmp_path / "image.png").write_bytes(b"\x89PNG\x00\x00")
    result = runner.invoke(app, ["scrub", str(tmp_path)])
    assert result.exit_code == 0
    assert (tmp_path / "sub" / "log.txt").read_text() == "see /Users/user1/x/y.txt\n"


def test_binary_or_invalid_utf8_fails_and_writes_nothing(runner: CliRunner, tmp_path: Path) -> None:
    good = tmp_path / "a.txt"
    good.write_text("mail bob@acme.io\n")
    bad = tmp_path / "b.txt"
    bad.write_bytes(b"token \xff\xfe " + TOKEN.encode())
    result = runner.invoke(app, ["scrub", str(good), str(bad)])
    assert result.exit_code == 2
    assert result.stderr == f"error: not valid UTF-8 at byte 6: cannot scrub ({bad.name})\n"
    assert good.read_text() == "mail bob@acme.io\n"
    binary = tmp_path / "c.bin"
    binary.write_bytes(b"\x00\x01" + TOKEN.encode())
    result = runner.invoke(app, ["scrub", "--check", str(binary)])
    assert result.exit_code == 2
    assert "binary file" in result.stderr and TOKEN not in result.output


def test_missing_path_is_a_usage_error(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["scrub", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2
    assert "no such file or folder" in result.stderr


def test_empty_file(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text("")
    result = runner.invoke(app, ["scrub", str(path)])
    assert result.exit_code == 0
    assert path.read_text() == ""


def test_help_does_not_import_presidio() -> None:
    import subprocess
    import sys

    code = "import sys; from intake.cli import app; print('presidio_analyzer' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX only: no FIFOs on Windows")
@pytest.mark.parametrize("check", [True, False])
def test_a_fifo_or_device_is_named_as_such_and_nothing_is_written(
    tmp_path: Path, check: bool
) -> None:
    """In a real process with a timeout (reading a FIFO with no writer would hang, /dev/zero
    would grow without end): one line saying what the path is, exit 2, nothing written."""
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.txt"
    zero.symlink_to("/dev/zero")
    good = tmp_path / "a.txt"
    good.write_text("mail bob@acme.io\n")
    for target in (fifo, zero):
        args = [sys.executable, "-m", "intake", "scrub", *(["--check"] if check else [])]
        done = subprocess.run(
            [*args, str(good), str(target)], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 2, done.stderr
        assert done.stderr == (
            f"error: file to scrub is a FIFO, socket or device, not a regular file"
            f" ({target.name})\n"
        )
        assert good.read_text() == "mail bob@acme.io\n"


def test_a_dash_scrubs_standard_input_to_standard_output(runner: CliRunner) -> None:
    given = f"mail alice@acme.io\nand {TOKEN}\nkeep this line\n"
    result = runner.invoke(app, ["scrub", "-"], input=given)
    assert result.exit_code == 0, result.output
    assert TOKEN not in result.stdout and "alice@acme.io" not in result.stdout
    assert result.stdout.endswith("keep this line\n") and result.stdout.count("\n") == 3
    assert result.stderr == "-: scrubbed (EMAIL_ADDRESS 1, GITHUB_TOKEN 1)\n"
    checked = runner.invoke(app, ["scrub", "-", "--check"], input=given)
    assert checked.exit_code == 1
    assert checked.stdout == "EMAIL_ADDRESS -:1\nGITHUB_TOKEN -:2\n"
    clean = runner.invoke(app, ["scrub", "-", "--check"], input="nothing here\n")
    assert clean.exit_code == 0 and clean.stderr == "clean: nothing to scrub\n"
    mixed = runner.invoke(app, ["scrub", "-", "other.txt"], input="x")
    assert mixed.exit_code == 2
    assert mixed.stderr == "error: `-` (standard input) goes alone, without other paths (PATH)\n"
