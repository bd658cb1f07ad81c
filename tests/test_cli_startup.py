"""Command start-up (issue 38 item 7): the installed command registers only the command argv
names, parameters are coerced without pydantic where typer's rule is plain, and ``Settings`` is a
plain class that checks values as the pydantic model did."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer._click import Context
from typer._coercion import build_runtime_param
from typer.main import get_command
from typer.testing import CliRunner

import intake.cli as cli
from intake.cli import COMMAND_MODULES, COMMANDS, app, build_app, commands_for
from intake.config import SETTINGS, SettingError, Settings, load_settings
from intake.errors import ConfigError
from tests.support.nightly_helpers import write_scenario

# --- what a command imports ----------------------------------------------------------------


def _modules_of(argv: list[str], cwd: Path) -> set[str]:
    """The modules ``intake ARGV`` (the installed command's ``main``) leaves imported."""
    probe = (
        "import sys, json\n"
        f"sys.argv = ['intake', *{argv!r}]\n"
        "from intake.cli import main\n"
        "try:\n    main()\n"
        "except SystemExit:\n    pass\n"
        "sys.stderr.write('\\nMODULES ' + json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=cwd, capture_output=True, text=True, timeout=120
    )
    return set(json.loads(done.stderr.rsplit("MODULES ", 1)[1]))


def _other_commands(loaded: set[str], *own: str) -> set[str]:
    return {f"intake.cli.{m}" for m in COMMAND_MODULES if m not in own} & loaded


def test_health_report_and_config_import_their_command_only_and_no_pydantic(
    suite: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``intake health`` and ``intake report`` (their files' facts cached) and ``intake
    config`` import neither pydantic (nor typer's adapters built on it) nor another command's
    module; a warm ``report`` imports no YAML library either, and ``health`` printing ASCII
    not the ``regex`` module (``intake.contract.untrusted`` compiles its pattern when asked),
    nor ``hashlib`` or ``tempfile`` (imported where a split is assigned or a file written)."""
    from intake.lifecycle.runs import store
    from intake.report.health import make_health
    from intake.report.read import make_report

    write_scenario(suite, "alpha_case")
    adopt = ["adopt", "scenarios/rag_quality/alpha_case.yaml", "--source", "hand"]
    assert runner.invoke(app, [*adopt, "--reviewer", "alice"]).exit_code == 0
    monkeypatch.setattr(store, "RACY_NS", 0)  # keep the facts of files however new
    make_health(load_settings(suite))
    make_report(load_settings(suite))
    for argv, own in (
        (["health"], ("health",)),
        (["--root", str(suite), "health", "--format", "json"], ("health",)),
        (["config"], ("config",)),
        (["report"], ("report",)),
        (["--root", str(suite), "report", "--format", "json"], ("report",)),
    ):
        loaded = _modules_of(argv, suite)
        assert f"intake.cli.{own[0]}" in loaded, argv
        assert not _other_commands(loaded, *own), argv
        assert not {m for m in loaded if m == "pydantic" or m.startswith("pydantic.")}, argv
        assert "typer._adapters" not in loaded, argv
        assert own != ("report",) or "intake.report.read" in loaded, argv
        assert own != ("report",) or "ruamel.yaml" not in loaded, argv
        assert own != ("health",) or "regex" not in loaded, argv  # its text is ASCII here
        # OpenSSL's hashlib and tempfile's random: neither needed to read a suite
        assert own != ("health",) or not {"hashlib", "tempfile"} & loaded, argv
    everything = _modules_of(["--help"], suite)
    every = {f"intake.cli.{m}" for m in COMMAND_MODULES}
    assert _other_commands(everything) == every  # --help lists every command: all registered


@pytest.mark.parametrize(
    ("args", "modules"),
    [
        (["health"], ("health",)),
        (["--root", "health", "report", "--format", "json"], ("report",)),
        (["--root=/x", "--debug", "from-session", "--list"], ("from_session",)),
        (["runs", "import", "x"], ("runs",)),
        (["run-record", "x"], ("run_record",)),
        ([], COMMAND_MODULES),
        (["--help"], COMMAND_MODULES),
        (["--version"], ()),
        (["--debug", "--version", "health"], ()),
        (["--help", "--version"], COMMAND_MODULES),
        (["helth"], COMMAND_MODULES),
        (["--root"], COMMAND_MODULES),
        (["--root", "health"], COMMAND_MODULES),
        (["--bogus", "health"], COMMAND_MODULES),
    ],
)
def test_main_needs_the_named_command_alone(args: list[str], modules: tuple[str, ...]) -> None:
    assert commands_for(args) == modules


def test_shell_completion_registers_every_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_INTAKE_COMPLETE", "complete_bash")
    assert commands_for(["health"]) == COMMAND_MODULES


def test_each_module_registers_the_command_named_after_it() -> None:
    """``COMMANDS`` is what the modules register: each alone gives its one command, and all
    together the full app's commands."""
    full = get_command(app)
    assert isinstance(full, typer.core.TyperGroup)
    assert sorted(full.commands) == sorted(COMMANDS)
    for name, module in COMMANDS.items():
        alone = get_command(build_app((module,)))
        assert isinstance(alone, typer.core.TyperGroup)
        assert list(alone.commands) == [name]


def test_a_command_alone_says_what_it_says_among_every_command() -> None:
    """Each command's ``--help``, and a usage error of it, read the same from the app
    ``main`` builds for it alone as from the full app (docs/cli.md is the full app's)."""
    runner = CliRunner()
    for name, module in COMMANDS.items():
        alone = build_app((module,))
        for args in ([name, "--help"], [name, "--no-such-option"]):
            want = runner.invoke(app, args, prog_name="intake", terminal_width=100)
            got = runner.invoke(alone, args, prog_name="intake", terminal_width=100)
            assert (got.exit_code, got.stdout, got.stderr) == (
                want.exit_code,
                want.stdout,
                want.stderr,
            ), args


def _main(*args: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; sys.argv = ['intake', *sys.argv[1:]]; from intake.cli import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120
    )


def test_a_typo_through_main_still_suggests_from_every_command(suite: Path) -> None:
    done = _main("promot", "x")
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == (
        "error: no such command: promot (intake); did you mean promote?"
    )


def test_version_through_main_with_no_command_registered(suite: Path) -> None:
    from intake import __version__

    for args in (["--version"], ["--version", "health"], ["--debug", "--version", "nosuch"]):
        done = _main(*args)
        assert (done.returncode, done.stdout, done.stderr) == (0, f"intake {__version__}\n", "")
    bad = _main("--version", "--bogus")
    assert bad.returncode == 2
    assert bad.stderr.splitlines()[0] == "error: no such option: --bogus (intake)"


# --- parameters coerced as typer does ------------------------------------------------------


def _parameters() -> list[tuple[Any, Any]]:
    """Every parameter of every command (and the root's) with a context of its command."""
    found = []

    def walk(command: Any) -> None:
        ctx = Context(command)
        found.extend((param, ctx) for param in command.params)
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(get_command(app))
    return found


VALUES = ("text", "json", "x", "", "scenarios/a.yaml", "strong", "capability", "3", "-1")


def _outcome(coerce: Any, value: Any, param: Any, ctx: Any) -> Any:
    try:
        return ("value", coerce(value, param, ctx))
    except Exception as exc:  # the same exception type, whatever its message
        return ("error", type(exc))


def test_plain_coercion_gives_what_typers_adapters_give() -> None:
    """For every parameter intake declares, each sample value (and a list of them) and its
    default come out of the light coercion as out of typer's own adapter, or fail the same."""
    checked = 0
    for param, ctx in _parameters():
        ours = cli._Coercion(param)
        theirs = build_runtime_param(param.type_descriptor)
        multi = param.multiple or param.nargs == -1
        samples: list[Any] = [list(VALUES), (), None] if multi else [*VALUES, None]
        if param.default is not None and not callable(param.default):
            samples.append(param.default)
        for value in samples:
            if param.type_descriptor.annotation is bool and isinstance(value, bool):
                continue  # typer skips coercing a flag's bool
            got = _outcome(ours.coerce, value, param, ctx)
            want = _outcome(theirs.coerce, value, param, ctx)
            assert got == want, (param.name, value)
            checked += 1
    assert checked > 500


# --- settings ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "given", "kept"),
    [
        ("provenance_target", "0.5", 0.5),
        ("provenance_target", " 1 ", 1.0),
        ("provenance_target", 1, 1.0),
        ("strong_pass_min", "5.0", 5),
        ("strong_pass_min", "1_000", 1000),
        ("strong_pass_min", 2.0, 2),
        ("require_rubric", "yes", True),
        ("require_rubric", "OFF", False),
        ("require_rubric", 1, True),
        ("health_all_commits", "f", False),
        ("strong_models", "a, b,,c ", ["a", "b", "c"]),
        ("strong_models", ("a",), ["a"]),
        ("corpus_dir", "", Path(".")),
        ("corpus_dir", None, None),
        ("github_repo", None, None),
        # double quotes: one string both platforms' rules split alike (no ' on Windows)
        ("runner", 'python "my runner.py" eval', ["python", "my runner.py", "eval"]),
        ("default_suite", "regression", "regression"),
    ],
)
def test_a_setting_keeps_what_the_pydantic_model_kept(name: str, given: Any, kept: Any) -> None:
    assert getattr(Settings(**{name: given}), name) == kept


@pytest.mark.parametrize(
    ("name", "given", "loc", "msg"),
    [
        ("provenance_target", "2", "provenance_target", "Input should be less than or equal to 1"),
        (
            "provenance_target",
            "lots",
            "provenance_target",
            "Input should be a valid number, unable to parse string as a number",
        ),
        ("saturation_pass_rate", 0, "saturation_pass_rate", "Input should be greater than 0"),
        ("health_confidence", "0.5", "health_confidence", "Input should be greater than 0.5"),
        ("replay_port", "70000", "replay_port", "Input should be less than or equal to 65535"),
        (
            "strong_pass_min",
            "1.5",
            "strong_pass_min",
            "Input should be a valid integer, unable to parse string as an integer",
        ),
        (
            "strong_pass_min",
            1.5,
            "strong_pass_min",
            "Input should be a valid integer, got a number with a fractional part",
        ),
        (
            "strong_pass_min",
            "０",
            "strong_pass_min",
            "Input should be a valid integer, unable to parse string as an integer",
        ),
        (
            "require_control",
            "2",
            "require_control",
            "Input should be a valid boolean, unable to interpret input",
        ),
        ("require_control", 0.5, "require_control", "Input should be a valid boolean"),
        ("github_repo", 5, "github_repo", "Input should be a valid string"),
        (
            "scenarios_dir",
            5,
            "scenarios_dir",
            "Input is not a valid path for <class 'pathlib.Path'>",
        ),
        ("strong_models", ["a", 1], "strong_models.1", "Input should be a valid string"),
        ("local_models", 5, "local_models", "Input should be a valid list"),
        ("runner", "", "runner", "Value error, runner must name a command"),
        ("runner", 'python "open', "runner", "Value error, No closing quotation"),
        (
            "default_suite",
            "Capability",
            "default_suite",
            "Input should be 'capability' or 'regression'",
        ),
        ("scenario_dir", "x", "scenario_dir", "Extra inputs are not permitted"),
    ],
)
def test_a_refused_setting_says_what_pydantic_said(
    name: str, given: Any, loc: str, msg: str
) -> None:
    with pytest.raises(SettingError) as refused:
        Settings(**{name: given})
    assert ".".join(str(p) for p in refused.value.loc) == loc
    assert refused.value.msg == msg


def test_a_refused_environment_value_names_the_variable(suite: Path) -> None:
    env = {"INTAKE_REPLAY_PORT": "0", "INTAKE_STRONG_MODELS": "a"}
    with pytest.raises(ConfigError) as refused:
        load_settings(suite, environ=env)
    assert refused.value.one_line() == (
        "invalid setting 'replay_port': Input should be greater than or equal to 1 "
        "(environment variable INTAKE_REPLAY_PORT)"
    )


def test_settings_keep_the_interface_callers_use(suite: Path) -> None:
    """Defaults are fresh per instance; ``model_fields_set`` names the keys given;
    ``model_copy`` leaves the original alone; ``model_dump_json`` has every key in order."""
    one, two = Settings(), Settings()
    one.strong_models.append("x")
    assert two.strong_models == [] and two.tracker_labels is not one.tracker_labels
    assert Settings.model_fields["runner"].get_default(call_default_factory=True) == [
        "gaia",
        "eval",
        "agent",
    ]
    loaded = load_settings(suite, environ={"INTAKE_BACKEND_URL": "http://127.0.0.1:9"})
    assert "backend_url" in loaded.model_fields_set
    assert "retired_dir" not in loaded.model_fields_set
    copy = loaded.model_copy(update={"author": "alice"})  # the suite names "drafter"
    assert (copy.author, loaded.author) == ("alice", "drafter")
    assert "spacy_model" not in loaded.model_fields_set
    assert "spacy_model" in loaded.model_copy(update={"spacy_model": "x"}).model_fields_set
    assert copy != loaded and loaded == load_settings(
        suite, environ={"INTAKE_BACKEND_URL": "http://127.0.0.1:9"}
    )
    dumped = json.loads(loaded.model_dump_json())
    assert list(dumped) == list(SETTINGS)
    assert dumped["root"] == suite.resolve().as_posix() and dumped["corpus_dir"] is None
