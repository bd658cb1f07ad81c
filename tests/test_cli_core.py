"""The CLI's contract: help everywhere, one-line errors, exit codes, light imports."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from intake.cli import IntakeGroup, app
from intake.cli.console import Globals
from intake.errors import SourceError

HEAVY = ("presidio_analyzer", "presidio_anonymizer", "spacy", "github", "sqlite_utils")


def _commands() -> list[list[str]]:
    from typer.main import get_command

    root = get_command(app)
    names: list[list[str]] = []
    for name, command in root.commands.items():  # type: ignore[attr-defined]
        sub = getattr(command, "commands", None)
        if sub:
            names.extend([[name, s] for s in sub])
        else:
            names.append([name])
    return names


def test_every_command_has_help_text(runner: CliRunner) -> None:
    commands = _commands()
    assert ["validate"] in commands and ["ledger", "rebuild"] in commands
    for words in commands:
        result = runner.invoke(app, [*words, "--help"])
        assert result.exit_code == 0, words
        assert "Usage:" in result.stdout
        summary = result.stdout.split("\n\n")[1].strip()
        assert summary, f"{' '.join(words)} has no help text"


def _imported_after(code: str, cwd: Path) -> set[str]:
    probe = (
        "import sys, runpy\n"
        f"sys.argv = ['intake', *{code!r}.split()]\n"
        "try:\n    runpy.run_module('intake', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "import json; sys.stderr.write('\\nMODULES ' + json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=cwd, capture_output=True, text=True, timeout=120
    )
    line = done.stderr.rsplit("MODULES ", 1)[1]
    return {m.split(".")[0] for m in json.loads(line)}


@pytest.mark.parametrize("argv", ["--help", "validate scenarios/one.yaml"])
def test_help_and_validate_do_not_import_presidio(suite: Path, argv: str) -> None:
    """Checked in a fresh interpreter: heavy libraries stay out of these commands."""
    (suite / "scenarios" / "one.yaml").write_text("id: one\n", encoding="utf-8")
    loaded = _imported_after(argv, suite)
    assert not loaded & set(HEAVY), loaded & set(HEAVY)


def test_python_dash_m_and_version(suite: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "intake", "--version"], capture_output=True, text=True, check=True
    )
    assert done.stdout.startswith("intake ")


def _crashing_app() -> typer.Typer:
    demo = typer.Typer(cls=IntakeGroup)

    @demo.callback()
    def root(ctx: typer.Context, debug: bool = typer.Option(False, "--debug")) -> None:
        ctx.obj = Globals(debug=debug)

    @demo.command()
    def boom(kind: str) -> None:
        if kind == "source":
            raise SourceError("the database is locked", where="gaia_chat.db", hint="close it")
        if kind == "interrupt":
            raise KeyboardInterrupt
        raise ZeroDivisionError("secret-looking detail ghp_1234")

    return demo


def test_known_error_is_one_line_with_hint(runner: CliRunner) -> None:
    result = runner.invoke(_crashing_app(), ["boom", "source"])
    assert result.exit_code == 3
    assert result.stderr == "error: the database is locked (gaia_chat.db)\nhint: close it\n"


def test_unexpected_error_names_a_crash_log(runner: CliRunner) -> None:
    result = runner.invoke(_crashing_app(), ["boom", "crash"], env={"INTAKE_DEBUG": None})
    assert result.exit_code == 4
    line = result.stderr.strip()
    assert line.startswith("internal error: ZeroDivisionError; details in ")
    assert "ghp_1234" not in result.stderr and "Traceback" not in result.stderr
    log = Path(line.split("details in ")[1].split(" (rerun")[0])
    assert "ZeroDivisionError" in log.read_text()
    log.unlink()


def test_debug_shows_the_traceback(runner: CliRunner) -> None:
    result = runner.invoke(_crashing_app(), ["--debug", "boom", "crash"])
    assert result.exit_code == 4
    assert "Traceback" in result.stderr


def test_intake_debug_shows_the_traceback_of_a_bug_only(runner: CliRunner) -> None:
    """The runner fixture sets INTAKE_DEBUG=1, so a bug in a CLI test shows its traceback."""
    crash = runner.invoke(_crashing_app(), ["boom", "crash"], env={"INTAKE_DEBUG": "1"})
    assert crash.exit_code == 4
    assert "Traceback" in crash.stderr and "ZeroDivisionError" in crash.stderr
    known = runner.invoke(_crashing_app(), ["boom", "source"], env={"INTAKE_DEBUG": "1"})
    assert known.exit_code == 3
    assert known.stderr == "error: the database is locked (gaia_chat.db)\nhint: close it\n"


def test_interrupt_is_130(runner: CliRunner) -> None:
    result = runner.invoke(_crashing_app(), ["boom", "interrupt"])
    assert result.exit_code == 130
    assert result.stderr == "interrupted\n"


def test_unknown_command_is_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(app, ["frobnicate"])
    assert result.exit_code == 2


def test_a_closed_pipe_is_not_an_internal_error(suite: Path) -> None:
    """`intake … | head -1`: the reader leaves early; intake stops quietly with exit 0."""
    # Long names make the output (~150 KB) larger than a pipe's buffer (64 KiB on Linux), so
    # intake is still writing when the reader leaves, however fast it runs.
    for n in range(400):
        name = f"bad_{n:03d}_" + "x" * 200
        (suite / "drafts" / f"{name}.yaml").write_text("id: [\n", encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "intake", "validate", "--format", "github"],
        cwd=suite,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0
    assert "internal error" not in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["promote", "--dry-rn", "x"],
            "error: no such option: --dry-rn (intake promote); did you mean --dry-run?",
        ),
        (
            ["check", "--verbos"],
            "error: no such option: --verbos (intake check); did you mean --verbose?",
        ),
        (["promot", "x"], "error: no such command: promot (intake); did you mean promote?"),
        (
            ["ledger", "rebuld"],
            "error: no such command: rebuld (intake ledger); did you mean rebuild?",
        ),
        (["check", "--zzzzzz"], "error: no such option: --zzzzzz (intake check)"),
        (["check", "--Bearer_Xy9"], "error: no such option (intake check)"),
    ],
)
def test_a_typo_names_what_was_typed_and_the_closest_name(
    suite: Path, runner: CliRunner, args: list[str], line: str
) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == line


def _completion(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    import os

    code = "import sys; sys.argv = ['intake', *sys.argv[1:]]; from intake.cli import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_shell_completion_is_shown_and_completes(suite: Path) -> None:
    # typer detects the shell from the process tree (shellingham); its own switch turns that
    # off so that the shell is the option's value, whatever runs the tests
    shown = _completion(
        {"_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}, "--show-completion", "bash"
    )
    assert shown.returncode == 0, shown.stderr
    assert "complete -o default -F _intake_completion intake" in shown.stdout
    assert "_INTAKE_COMPLETE=complete_bash" in shown.stdout
    words = _completion(
        {"_INTAKE_COMPLETE": "complete_bash", "COMP_WORDS": "intake prom", "COMP_CWORD": "1"}
    )
    assert words.stdout.split() == ["promote"]
    flags = _completion(
        {
            "_INTAKE_COMPLETE": "complete_bash",
            "COMP_WORDS": "intake promote --dr",
            "COMP_CWORD": "2",
        }
    )
    assert flags.stdout.split() == ["--dry-run"]
    helped = _completion({}, "--help")
    assert "--install-completion" in helped.stdout and "--show-completion" in helped.stdout
