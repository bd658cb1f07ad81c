"""Windows is a platform, not a claim: each row of docs/windows.md's table, tested.

Every test here runs on every platform. On Linux the rows that depend on the platform's
behaviour are exercised through the same switches Windows flips (a cp1252 stdout through
``PYTHONIOENCODING``, the C runtime's splitting rules by ``windows=True``); under the Windows
harness (docs/windows.md) and on the Windows CI job they run on the real thing.
"""

from __future__ import annotations

import ast
import io
import json
import os
import subprocess
import sys
from pathlib import Path, PureWindowsPath

import pytest
from hypothesis import given
from hypothesis import strategies as st

from intake import portable
from intake.cli import app
from intake.config import load_settings
from intake.fileio import line_end, with_line_ends
from intake.paths import relative_shown, shown_below, shown_where
from intake.store.records import load_record, record_path
from tests.support.env import POSIX_MODULES, REPO, command_line
from tests.support.promote_helpers import FINAL_YAML, make_ready, write_pair

NON_ASCII = "café — naïve → ✓"
"""Text cp1252 can partly encode (``é``, ``—``) and partly not (``→``, ``✓``)."""


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    for name in ("INTAKE_DEBUG", "PYTHONUTF8"):
        env.pop(name, None)
    env.update(extra)
    return env


def _intake(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[bytes]:
    """``intake ARGS`` as a real process, its output as the bytes it wrote."""
    return subprocess.run(
        [sys.executable, "-m", "intake", *args],
        cwd=cwd,
        env=_env(**env),
        capture_output=True,
        timeout=300,
        check=False,
    )


# --- UTF-8 output whatever stdout is -------------------------------------------------------


def test_utf8_output_reconfigures_a_cp1252_stream() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="cp1252", errors="strict")
    portable.utf8_output(stream)
    stream.write(NON_ASCII)
    stream.flush()
    assert raw.getvalue().decode("utf-8") == NON_ASCII


def test_utf8_output_never_raises_on_a_lone_surrogate() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="utf-8", errors="strict")
    portable.utf8_output(stream)
    stream.write("a\udc80b")
    stream.flush()
    assert raw.getvalue() == b"a?b"


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ["cp1252", "ascii", "latin-1"])
def test_show_and_report_redirected_write_utf8_and_exit_0(suite: Path, encoding: str) -> None:
    """What a pipe, a file or a CI log is on Windows: stdout in the ANSI code page. ``show``
    and ``report`` crashed there (``UnicodeEncodeError``, exit 4); other commands wrote ``?``."""
    text = FINAL_YAML.replace("PDF summary loops on search", f'"{NON_ASCII}"')
    write_pair(suite / "drafts", "cafe_case", text=text)
    for args in (["show", "cafe_case"], ["report"], ["validate", "drafts/cafe_case.yaml"]):
        done = _intake(suite, *args, PYTHONIOENCODING=encoding)
        assert done.returncode == 0, (args, done.stderr.decode("utf-8", "replace"))
        done.stdout.decode("utf-8")  # strict: UTF-8 or a UnicodeDecodeError here
    card = _intake(suite, "show", "cafe_case", PYTHONIOENCODING=encoding).stdout.decode("utf-8")
    assert NON_ASCII in card


@pytest.mark.slow
def test_an_error_line_is_utf8_too(suite: Path) -> None:
    done = _intake(suite, "show", "no_such_draft", PYTHONIOENCODING="cp1252")
    assert done.returncode == 2
    assert done.stderr.decode("utf-8").startswith("error: ")


# --- no POSIX-only import at module level in tests -----------------------------------------


def module_level_posix_imports(source: str, filename: str) -> list[str]:
    """``file:line module`` for each POSIX-only module imported when the file is imported
    (module and class bodies, not functions; an import inside ``try`` is guarded)."""
    found: list[str] = []

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.extend(
                    f"{filename}:{node.lineno} {a.name}"
                    for a in node.names
                    if a.name.split(".")[0] in POSIX_MODULES
                )
            elif isinstance(node, ast.ImportFrom) and node.module:
                if node.module.split(".")[0] in POSIX_MODULES:
                    found.append(f"{filename}:{node.lineno} {node.module}")
            elif isinstance(node, ast.ClassDef):
                visit(node.body)
            elif isinstance(node, ast.If | ast.With):
                visit(node.body)
                visit(getattr(node, "orelse", []))

    visit(ast.parse(source, filename).body)
    return found


@pytest.mark.slow
def test_no_posix_only_module_is_imported_at_module_level_in_tests_or_scripts() -> None:
    """A test file that imports ``resource`` at its top cannot even be collected on Windows
    (the whole suite then stops there): such an import goes inside the test that skips."""
    found: list[str] = []
    for folder in ("tests", "scripts", "intake"):
        for path in sorted((REPO / folder).rglob("*.py")):
            if path == REPO / "intake" / "portable.py":
                continue
            rel = path.relative_to(REPO).as_posix()
            found += module_level_posix_imports(path.read_text(encoding="utf-8"), rel)
    assert found == [], "\n".join(found)


def test_the_module_level_scan_sees_top_level_and_class_imports_only() -> None:
    source = (
        "import resource\nimport os\nif True:\n    import fcntl\n"
        "class A:\n    import pwd\n"
        "def f():\n    import termios\n"
        "try:\n    import grp\nexcept ImportError:\n    grp = None\n"
    )
    hits = [hit.split(" ", 1)[1] for hit in module_level_posix_imports(source, "x.py")]
    assert hits == ["resource", "fcntl", "pwd"]


# --- runner strings split by the platform's rules ------------------------------------------

WINDOWS_SPLITS = [
    (
        r"C:\Python313\python.exe fake.py eval agent",
        [r"C:\Python313\python.exe", "fake.py", "eval", "agent"],
    ),
    (
        r'"C:\Program Files\Python313\python.exe" -m gaia eval agent',
        [r"C:\Program Files\Python313\python.exe", "-m", "gaia", "eval", "agent"],
    ),
    (r'python "my runner.py"  eval', ["python", "my runner.py", "eval"]),
    (r"a\\\"b c", ['a\\"b', "c"]),
    (r'"a\\" b', ["a\\", "b"]),
    (r'a\\\\"b c" d', [r"a\\b c", "d"]),
    (r'"say ""hi""" x', ['say "hi"', "x"]),
    ("tab\tseparated", ["tab", "separated"]),
    (r'"" empty', ["", "empty"]),
    (r"\\server\share\gaia.exe", [r"\\server\share\gaia.exe"]),
]


@pytest.mark.parametrize(("text", "words"), WINDOWS_SPLITS)
def test_windows_rules_keep_backslashes_and_honour_quotes(text: str, words: list[str]) -> None:
    assert portable.split_windows_command(text) == words
    assert portable.split_command(text, windows=True) == words


@given(st.lists(st.text(alphabet='ab \\"\t:.', min_size=0, max_size=8), min_size=1, max_size=5))
def test_windows_rules_undo_what_subprocess_quotes(words: list[str]) -> None:
    """``subprocess.list2cmdline`` writes the command line Windows programs split back; the
    splitter is its inverse on every list."""
    assert portable.split_windows_command(subprocess.list2cmdline(words)) == words


def test_posix_rules_are_shell_words() -> None:
    assert portable.split_command("python 'my runner.py' a\\ b", windows=False) == [
        "python",
        "my runner.py",
        "a b",
    ]


def test_an_unclosed_quote_is_refused_on_both() -> None:
    for windows in (True, False):
        with pytest.raises(ValueError):
            portable.split_command('python "unclosed', windows=windows)


def test_a_runner_string_naming_this_interpreter_by_its_path_is_found(
    suite: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``INTAKE_RUNNER=C:\\Python313\\python.exe …`` on Windows, ``/usr/bin/python3 …`` here:
    the platform's own command line for the interpreter's full path is found as written."""
    from intake.lifecycle.runs.run import find_runner

    line = command_line([sys.executable, "fake gaia.py", "eval", "agent"])
    monkeypatch.setenv("INTAKE_RUNNER", line)
    settings = load_settings(suite)
    assert settings.runner == [sys.executable, "fake gaia.py", "eval", "agent"]
    found = find_runner(settings)
    assert Path(found[0]).samefile(sys.executable)
    assert found[1:] == ["fake gaia.py", "eval", "agent"]


def test_an_unclosed_quote_in_the_runner_is_a_config_error(suite: Path, runner) -> None:
    result = runner.invoke(app, ["config"], env={"INTAKE_RUNNER": 'python "unclosed'})
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: invalid setting 'runner'")


# --- a child's output decoded as the platform writes it ------------------------------------


def test_a_line_that_is_not_utf8_is_read_as_the_platform_encoding() -> None:
    assert portable.decode_output("café —".encode()) == "café —"
    assert portable.decode_output("café —".encode("cp1252"), "cp1252") == "café —"
    assert portable.decode_output(b"\xff\xfe", "no-such-codec") == "\ufffd\ufffd"


def test_the_runners_output_in_the_platform_encoding_arrives_as_written(tmp_path: Path) -> None:
    """A runner that writes its pipe as Python does by default on this platform (cp1252 on a
    Western Windows: ``—`` is byte 0x97) is read back as the same text, not ``�``."""
    from intake.lifecycle.runs.run import execute

    encoding = portable.platform_encoding()
    text = "résumé — done"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        pytest.skip(f"{encoding} cannot write the sample")
    code = (
        "import sys\n"
        f"sys.stdout.buffer.write({text!r}.encode({encoding!r}) + b'\\n')\n"
        "sys.stdout.buffer.write('UTF-8 too: ✓'.encode('utf-8') + b'\\n')\n"
    )
    shown: list[str] = []
    status, stream = execute(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        timeout=60,
        show=shown.append,
        clean=lambda line: line,
    )
    assert status == 0
    assert shown == [text, "UTF-8 too: ✓"]


# --- line ends of every file intake edits --------------------------------------------------


def _crlf(path: Path) -> None:
    path.write_bytes(path.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))


def _all_crlf(path: Path) -> bool:
    data = path.read_bytes()
    return data.count(b"\n") > 0 and data.count(b"\n") == data.count(b"\r\n")


def test_line_end_helpers() -> None:
    assert line_end("a\r\nb\n") == "\r\n" and line_end("a\nb\r\n") == "\n" and line_end("") == "\n"
    assert with_line_ends("a\nb\r\nc", "x\r\n") == "a\r\nb\r\nc"
    assert with_line_ends("a\r\nb\n", "x\n") == "a\nb\n"
    assert with_line_ends("a\r\nb\n", None) == "a\nb\n"


def test_init_keeps_a_crlf_pyproject_and_gitignore_crlf(
    tmp_path: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "repo"
    (root / "scenarios").mkdir(parents=True)
    (root / "pyproject.toml").write_bytes(b'[project]\r\nname = "x"\r\nversion = "0"\r\n')
    (root / ".gitignore").write_bytes(b"*.pyc\r\n/build\r\n")
    monkeypatch.chdir(root)
    monkeypatch.setenv("INTAKE_BACKEND_URL", "http://127.0.0.1:9")
    result = runner.invoke(app, ["init"])
    assert result.exit_code == 0, result.output
    for name in ("pyproject.toml", ".gitignore"):
        assert _all_crlf(root / name), (root / name).read_bytes()
    assert (root / "pyproject.toml").read_bytes().startswith(b'[project]\r\nname = "x"\r\n')
    again = runner.invoke(app, ["init", "--force"])
    assert again.exit_code == 0, again.output
    assert _all_crlf(root / "pyproject.toml")
    assert load_settings(root).scenarios == root / "scenarios"


def test_init_keeps_an_lf_pyproject_lf(
    tmp_path: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "pyproject.toml").write_bytes(b'[project]\nname = "x"\n')
    monkeypatch.chdir(root)
    monkeypatch.setenv("INTAKE_BACKEND_URL", "http://127.0.0.1:9")
    assert runner.invoke(app, ["init"]).exit_code == 0
    for name in ("pyproject.toml", ".gitignore"):
        assert b"\r" not in (root / name).read_bytes()


def test_rename_keeps_a_crlf_draft_and_its_record_crlf(suite: Path, runner) -> None:
    draft = write_pair(suite / "drafts", "old_name")
    _crlf(draft)
    _crlf(record_path(draft))
    result = runner.invoke(app, ["rename", "old_name", "new_name"])
    assert result.exit_code == 0, result.output
    moved = suite / "drafts" / "new_name.yaml"
    assert _all_crlf(moved) and _all_crlf(record_path(moved))
    assert b"id: new_name\r\n" in moved.read_bytes()
    assert load_record(record_path(moved)).id == "new_name"


def test_revise_keeps_a_crlf_scenario_and_record_crlf(suite: Path, runner) -> None:
    from intake.lifecycle.promote import promote

    make_ready(suite, "done_case")
    dest = promote(load_settings(suite), "done_case").destination
    assert dest is not None
    _crlf(dest)
    _crlf(record_path(dest))
    result = runner.invoke(app, ["revise", "done_case"])
    assert result.exit_code == 0, result.output
    draft = suite / "drafts" / "done_case.yaml"
    assert _all_crlf(draft) and _all_crlf(record_path(draft))


def test_a_record_rewrite_keeps_a_crlf_record_crlf(suite: Path, runner) -> None:
    """``review`` (like ``run-record`` and ``control``) rewrites the record beside a draft."""
    draft = write_pair(suite / "drafts", "crlf_case")
    _crlf(draft)
    _crlf(record_path(draft))
    result = runner.invoke(app, ["review", "crlf_case", "--approve", "--reviewer", "bob"])
    assert result.exit_code == 0, result.output
    assert _all_crlf(record_path(draft))
    assert load_record(record_path(draft)).reviews


def test_adopt_writes_a_crlf_record_beside_a_crlf_scenario(suite: Path, runner) -> None:
    path = suite / "scenarios" / "rag_quality" / "legacy.yaml"
    path.parent.mkdir(parents=True)
    path.write_bytes(
        b"id: legacy\r\nname: A legacy case\r\ncategory: rag_quality\r\npersona: casual_user\r\n"
        b"setup:\r\n  index_documents: []\r\nturns:\r\n  - turn: 1\r\n    objective: Ask.\r\n"
        b"    success_criteria: Answers it.\r\n"
    )
    result = runner.invoke(
        app, ["adopt", str(path), "--source", "synthetic", "--reviewer", "alice"]
    )
    assert result.exit_code == 0, result.output
    assert _all_crlf(path) and _all_crlf(record_path(path))


def test_promote_keeps_a_crlf_draft_crlf(suite: Path) -> None:
    """A CRLF draft is promoted CRLF, and its stamped record is written CRLF beside it."""
    from intake.config import load_settings as settings_of
    from intake.contract.models import ReviewDecision
    from intake.contract.plain import RunTier
    from intake.lifecycle.promote import promote
    from intake.lifecycle.review import add_review
    from intake.lifecycle.runs.record import record_run
    from tests.support.promote_helpers import scorecard

    draft = write_pair(suite / "drafts", "crlf_promo")
    _crlf(draft)
    settings = settings_of(suite)
    runs = suite / "runs" / "crlf_promo"
    strong = scorecard(runs / "strong", {"crlf_promo": "PASS"}, run_id="eval-20261129-1")
    local = scorecard(runs / "local", {"crlf_promo": "FAIL"}, run_id="eval-20261129-2")
    record_run(settings, "crlf_promo", strong, RunTier.strong, model="claude-opus-4")
    record_run(settings, "crlf_promo", local, RunTier.local, model="Gemma-4-E4B-it-GGUF")
    add_review(settings, "crlf_promo", ReviewDecision.approve, "bob")
    dest = promote(settings, "crlf_promo").destination
    assert dest is not None and _all_crlf(dest) and _all_crlf(record_path(dest))


# --- one separator style in what intake prints ---------------------------------------------


def test_shown_paths_have_forward_slashes(tmp_path: Path) -> None:
    assert shown_below("eval/scenarios", os.path.join("memory", "a.yaml")) == (
        "eval/scenarios/memory/a.yaml"
    )
    assert shown_below(".", os.path.join("x", "..", "y.yaml")) == "y.yaml"
    assert relative_shown(tmp_path / "a" / "b.yaml", tmp_path) == "a/b.yaml"


def test_an_errors_where_is_shown_with_forward_slashes(suite: Path, runner) -> None:
    """``where=str(path)`` of a path as typed gave ``nowhere\\deeper`` on Windows."""
    assert shown_where(os.path.join("nowhere", "deeper")) == "nowhere/deeper"
    assert shown_where("the DRAFT argument") == "the DRAFT argument"
    output = os.path.join("nowhere", "deeper", "report.txt")
    result = runner.invoke(app, ["report", "--output", output])
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "error: the folder for --output does not exist (nowhere/deeper)"
    ), result.stderr


def test_report_names_nested_scenarios_with_forward_slashes(suite: Path, runner) -> None:
    nested = suite / "scenarios" / "memory" / "deep"
    write_pair(nested, "nested_case", category="memory")
    broken = nested / "broken.yaml"
    broken.write_text("id: [unclosed\n", encoding="utf-8")
    result = runner.invoke(app, ["report", "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    text = json.dumps(json.loads(result.stdout))
    assert "scenarios/memory/deep/broken.yaml" in text
    assert "\\\\" not in text
    plain = runner.invoke(app, ["report"])
    assert "scenarios/memory/deep/broken.yaml" in plain.stdout
    assert "\\" not in plain.stdout


def test_config_shows_paths_with_forward_slashes(suite: Path, runner, tmp_path: Path) -> None:
    """``intake config`` printed ``.intake\\ledger.db`` and ``Z:\\suite`` on Windows: every
    path setting is shown with forward slashes (a Windows path stands in for one here)."""
    windows = load_settings(suite).model_copy(
        update={"root": PureWindowsPath(r"C:\suite"), "results_dir": PureWindowsPath(r"eval\r")}
    )
    shown = json.loads(windows.model_dump_json())
    assert (shown["root"], shown["results_dir"]) == ("C:/suite", "eval/r")
    assert shown["ledger_path"] == ".intake/ledger.db"
    env = {
        "INTAKE_RESULTS_DIR": os.path.join("eval", "results"),
        "INTAKE_RETIRED_DIR": str(tmp_path / "retired"),
    }
    result = runner.invoke(app, ["config", "--format", "json"], env=env)
    assert result.exit_code == 0, result.output
    values = json.loads(result.stdout)["settings"]
    assert values["results_dir"] == "eval/results"
    assert values["retired_dir"] == (tmp_path / "retired").as_posix()
    paths = {k: v for k, v in values.items() if k != "runner" and isinstance(v, str)}
    assert not [v for v in paths.values() if "\\" in v], paths


# --- tests use the platform's home variable ------------------------------------------------


def test_the_isolated_home_is_this_platforms_home(tmp_path_factory: pytest.TempPathFactory) -> None:
    home = Path.home()
    assert home.name.startswith("home")
    assert home.resolve().is_relative_to(tmp_path_factory.getbasetemp().resolve())
    assert Path(os.path.expanduser("~")) == home


def test_a_child_process_gets_the_same_home(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from pathlib import Path; print(Path.home())"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert Path(done.stdout.strip()) == Path.home()
