"""``intake run`` and ``intake validate`` against GAIA as it really behaves (issue 22).

Three kinds of GAIA here:

* the stand-in runner ``tests/support/fake_gaia_eval.py`` (asks the fixed backend of its
  ``eval/mcp-config.json``, agent_ui_mcp.py L41; merges ``--corpus-dir``, runner.py L816-894;
  names run folders by the UTC second and resumes one it finds, runner.py L1815-1850);
* a tiny ``gaia`` package written by each test, shaped like GAIA's ``gaia.eval.runner``
  (``REPO_ROOT``, ``validate_scenario(path, data)`` raising ``ValueError``, ``_documents_exist``,
  ``_load_merged_manifest``: runner.py L45-49, L245-348, L816-894), so the arbiter path runs
  where GAIA is not installed (CI);
* GAIA itself (a checkout named by ``INTAKE_TEST_GAIA_SRC``, its virtualenv by
  ``INTAKE_TEST_GAIA_VENV``): those tests skip, naming the variable, where they are not set.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from intake.cli import app
from intake.contract.plain import ScenarioView
from intake.lifecycle.runs.run import gaia_timeout, outer_limit
from intake.store.records import load_record, record_path
from tests.support import gaia_install
from tests.support.env import FAKE_GAIA_EVAL as FAKE
from tests.support.env import GAIA_SRC, GAIA_VENV, SUITE_PYPROJECT, needs, set_home, user_level
from tests.support.gaia_runs import (
    REJECT_AGENT_TYPE,
    fake_gaia_package,
    with_agent_type,
    write_corpus,
)
from tests.support.promote_helpers import FINAL_YAML, write_pair
from tests.support.status_server import StatusServer, write_mcp_config

STRONG = "claude-opus-4"
LOCAL = "Gemma-4-E4B-it-GGUF"
DRAFT = "pdf_summary_loop"
GAIA_PYTHON = GAIA_VENV / "bin" / "python" if GAIA_VENV else None
needs_gaia_src = pytest.mark.skipif(
    GAIA_SRC is None or not (GAIA_SRC / "src/gaia/eval/runner.py").is_file(),
    reason=needs(GAIA_SRC, "INTAKE_TEST_GAIA_SRC", "GAIA's source checkout"),
)
needs_gaia_python = pytest.mark.skipif(
    GAIA_PYTHON is None or not GAIA_PYTHON.is_file(),
    reason=needs(GAIA_PYTHON, "INTAKE_TEST_GAIA_VENV", "GAIA's interpreter"),
)

DOC_YAML = FINAL_YAML.replace(
    "  index_documents: []",
    "  index_documents:\n    - corpus_doc: q3_report\n      path: eval/corpus/documents/q3.md",
)


@pytest.fixture
def backend() -> Iterator[StatusServer]:
    with StatusServer(model_loaded=STRONG) as server:
        yield server


def _configure(suite: Path, backend: StatusServer, extra: str = "") -> None:
    runner = json.dumps([sys.executable, str(FAKE), "eval", "agent"])
    user_level(runner=json.loads(runner))
    (suite / "pyproject.toml").write_text(
        SUITE_PYPROJECT
        + f'runner = {runner}\nbackend_url = "{backend.url}"\n'
        + f'strong_models = ["{STRONG}"]\nlocal_models = ["{LOCAL}"]\n'
        + extra,
        encoding="utf-8",
    )


@pytest.fixture
def gaia(suite: Path, backend: StatusServer, monkeypatch: pytest.MonkeyPatch) -> Path:
    _configure(suite, backend)
    write_mcp_config(suite, backend.url)
    args = suite.parent / "args.json"
    monkeypatch.setenv("FAKE_GAIA_REPO_ROOT", str(suite))
    monkeypatch.setenv("FAKE_GAIA_NO_USER_DIR", "1")
    monkeypatch.setenv("FAKE_GAIA_RECORD_ARGS", str(args))
    write_pair(suite / "drafts")
    return args


def _run(runner, *args: str):
    return runner.invoke(app, ["run", DRAFT, *args])


def _runs(suite: Path) -> list:
    return load_record(record_path(suite / "drafts" / f"{DRAFT}.yaml")).runs


# ── the model under test is read where the agent runs ──────────────────────────────────────
def test_a_backend_other_than_the_agents_is_refused_and_nothing_runs(
    suite: Path, gaia: Path, runner
) -> None:
    """The agent calls the backend of eval/mcp-config.json (agent_ui_mcp.py L41, L812-826);
    another --backend holding a strong model would credit that model with the agent's run."""
    with StatusServer(model_loaded="claude-sonnet-4-6") as other:
        result = _run(runner, "--tier", "strong", "--backend", other.url)
        assert other.requests == []
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and lines[0].startswith(
        f"error: {other.url} is not the backend GAIA's eval agent uses ("
    ), result.stderr
    assert not gaia.exists(), "the runner was not started"
    assert _runs(suite) == []


@pytest.mark.parametrize("configured", [True, False], ids=["backend_url set", "default"])
def test_without_backend_the_hint_names_the_real_cause(
    suite: Path, gaia: Path, runner, configured: bool
) -> None:
    """No --backend given: the hint names backend_url or GAIA's eval/mcp-config.json, never
    "drop --backend"."""
    text = (suite / "pyproject.toml").read_text(encoding="utf-8")
    kept = [line for line in text.splitlines() if not line.startswith("backend_url")]
    if configured:
        kept.append('backend_url = "http://127.0.0.1:9"')
    (suite / "pyproject.toml").write_text("\n".join(kept) + "\n", encoding="utf-8")
    write_mcp_config(suite, "http://127.0.0.1:8")
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 2
    error, hint = result.stderr.splitlines()
    assert "is not the backend GAIA's eval agent uses (http://127.0.0.1:8" in error
    assert "--backend" not in hint and 'set backend_url = "http://127.0.0.1:8"' in hint
    if configured:
        assert error.endswith("(backend_url)")
    else:
        assert error.endswith("(intake's default backend_url, eval/mcp-config.json)")
        assert "eval/mcp-config.json names for GAIA's eval agent" in hint
    assert not gaia.exists() and _runs(suite) == []


def test_the_stand_in_asks_the_fixed_backend_not_backend(
    suite: Path, gaia: Path, backend: StatusServer, runner
) -> None:
    assert _run(runner, "--tier", "strong").exit_code == 0
    record = json.loads(gaia.read_text())
    assert record["agent_backend"] == backend.url
    assert record["model_loaded_seen"] == [STRONG]


# ── the corpus: one manifest per prompt, documents where GAIA looks ─────────────────────────
def test_corpus_dir_is_not_passed_when_it_is_gaias_own(
    suite: Path, gaia: Path, backend: StatusServer, runner
) -> None:
    """`intake init` sets corpus_dir = eval/corpus: GAIA's own corpus, merged again it would
    double every document in the judge's prompt (runner.py L816-894)."""
    write_corpus(suite / "eval" / "corpus", ["q3_report", "pricing"])
    _configure(suite, backend, 'corpus_dir = "eval/corpus"\n')
    assert _run(runner, "--tier", "strong").exit_code == 0
    record = json.loads(gaia.read_text())
    assert "--corpus-dir" not in record["argv"]
    assert record["prompt_documents"] == ["q3_report", "pricing"]


def test_corpus_dir_with_the_same_documents_elsewhere_is_not_passed_either(
    suite: Path, gaia: Path, backend: StatusServer, runner
) -> None:
    write_corpus(suite / "eval" / "corpus", ["q3_report", "pricing"])
    write_corpus(suite / "corpus", ["pricing", "q3_report"])
    _configure(suite, backend, 'corpus_dir = "corpus"\n')
    assert _run(runner, "--tier", "strong").exit_code == 0
    record = json.loads(gaia.read_text())
    assert "--corpus-dir" not in record["argv"]
    assert len(record["prompt_documents"]) == len(set(record["prompt_documents"]))


def test_corpus_dir_that_adds_documents_is_passed(
    suite: Path, gaia: Path, backend: StatusServer, runner
) -> None:
    write_corpus(suite / "eval" / "corpus", ["q3_report"])
    write_corpus(suite / "corpus", ["q3_report", "new_doc"])
    _configure(suite, backend, 'corpus_dir = "corpus"\n')
    assert _run(runner, "--tier", "strong").exit_code == 0
    record = json.loads(gaia.read_text())
    assert record["argv"][record["argv"].index("--corpus-dir") + 1] == str(suite / "corpus")


def test_a_document_gaia_would_not_find_is_refused_before_running(
    suite: Path, gaia: Path, runner
) -> None:
    """GAIA skips a scenario whose index_documents path is not under its REPO_ROOT
    (runner.py L336-348, L1853-1877): a SKIPPED_NO_DOCUMENT run answers nothing."""
    write_pair(suite / "drafts", text=DOC_YAML)
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 2, result.stderr
    assert "GAIA would skip this draft (SKIPPED_NO_DOCUMENT): document " in result.stderr
    assert "'eval/corpus/documents/q3.md'" in result.stderr
    assert not gaia.exists()
    (suite / "eval" / "corpus" / "documents").mkdir(parents=True)
    (suite / "eval" / "corpus" / "documents" / "q3.md").write_text("Q3\n", encoding="utf-8")
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 0, result.stderr
    assert [r.status for r in _runs(suite)] == ["PASS"]


# ── iterations, exit codes, leftovers ───────────────────────────────────────────────────────
def test_fast_iterations_are_distinct_runs_and_leave_nothing_in_git_status(
    git_suite: Path, gaia: Path, runner
) -> None:
    """The stand-in collides as GAIA does (one folder per UTC second, resumed): intake starts
    each iteration in a new second, and GAIA's reliability report never appears."""
    results = git_suite / "eval" / "results"
    results.mkdir(parents=True, exist_ok=True)
    (results / ".gitignore").write_text("eval-*/\nrerun/\n!baseline.json\n")  # GAIA's own
    subprocess.run(["git", "add", "-A"], cwd=git_suite, check=True)
    subprocess.run(["git", "commit", "-qm", "suite"], cwd=git_suite, check=True)
    result = _run(runner, "--tier", "strong", "--iterations", "3")
    assert result.exit_code == 0, result.stderr
    runs = _runs(git_suite)
    assert len({r.run_id for r in runs}) == 3
    assert all((git_suite / r.scorecard_path).is_file() for r in runs if r.scorecard_path)
    assert not (results / "reliability_report.json").exists()
    status = subprocess.run(
        ["git", "status", "--porcelain"], cwd=git_suite, check=True, capture_output=True, text=True
    ).stdout.splitlines()
    assert [line[3:] for line in status] == [f"drafts/{DRAFT}.intake.json"], status


def test_an_invocation_with_no_judged_run_is_exit_3_and_still_recorded(
    suite: Path, gaia: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_GAIA_STATUS", "INFRA_ERROR,ERRORED")
    result = _run(runner, "--tier", "strong", "--iterations", "2")
    assert result.exit_code == 3
    assert [r.status for r in _runs(suite)] == ["INFRA_ERROR", "ERRORED"]
    assert result.stderr.splitlines()[-2] == (
        "error: no run was judged (INFRA_ERROR, ERRORED): recorded, but they count for no "
        f"gate ({DRAFT})"
    )


def test_a_judge_score_below_the_rubric_is_a_fail_as_gaia_rederives_it(
    suite: Path, gaia: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GAIA re-derives PASS/FAIL from the dimension scores (runner.py L1146-1196)."""
    monkeypatch.setenv("FAKE_GAIA_STATUS", "PASS")
    monkeypatch.setenv("FAKE_GAIA_JUDGE_SCORE", "3")
    assert _run(runner, "--tier", "strong").exit_code == 0
    assert [r.status for r in _runs(suite)] == ["FAIL"]


def test_a_refused_run_leaves_no_result_folder(
    suite: Path, gaia: Path, backend: StatusServer, runner
) -> None:
    """A model switched mid-run: nothing recorded, and GAIA's complete folder is removed."""
    backend.switch_to = (LOCAL,)
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 3
    made = json.loads(gaia.read_text())["run_dirs"]
    assert made and not any(Path(d).exists() for d in made)
    assert _runs(suite) == []


def test_intakes_limit_leaves_gaia_room_for_its_own_timeout() -> None:
    """runner.py L236-242: max(--timeout, 240 + 90·docs + 200·turns), at most 7200."""
    two_turns = ScenarioView.of({"setup": {"index_documents": [{"path": "a"}]}, "turns": [{}, {}]})
    assert gaia_timeout(60, two_turns) == 240 + 90 + 400
    assert gaia_timeout(5000, two_turns) == 5000
    assert gaia_timeout(9000, two_turns) == 7200
    assert outer_limit(60, two_turns) > gaia_timeout(60, two_turns)


@needs_gaia_src
def test_gaias_own_timeout_formula_agrees() -> None:
    code = (GAIA_SRC / "src/gaia/eval/runner.py").read_text(encoding="utf-8")
    assert "_STARTUP_OVERHEAD_S + num_docs * 90 + num_turns * 200" in code
    assert "_MAX_EFFECTIVE_TIMEOUT_S = 7200" in code


def test_validate_strict_reports_gaias_verdict_beside_intakes(
    suite: Path, tmp_path: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_corpus(suite / "eval" / "corpus", [])
    path = fake_gaia_package(tmp_path / "gaia-pkg", suite, REJECT_AGENT_TYPE)
    python = gaia_install.environment(tmp_path / "gaia-env", path)
    monkeypatch.setenv("INTAKE_GAIA_PYTHON", str(python))
    with_agent_type(suite)
    result = runner.invoke(app, ["validate", "--strict", "drafts"])
    assert result.exit_code == 1, result.output
    assert (
        f"drafts/{DRAFT}.yaml:1: error: GAIA's validate_scenario: Scenario '{DRAFT}' "
        f"({DRAFT}.yaml) has validation errors: agent_type is not a scenario key "
        "(use --agent-type)"
    ) in result.stdout
    assert result.stdout.rstrip().endswith("; GAIA's own checks ran too")
    # the same draft without the key: GAIA has nothing to say
    write_pair(suite / "drafts")
    result = runner.invoke(app, ["validate", "--strict", "drafts"])
    assert result.exit_code == 0, result.stdout
    # promotion's gates hear GAIA too
    with_agent_type(suite)
    result = runner.invoke(app, ["check"])
    assert "GAIA's validate_scenario" in result.stdout, result.stdout


def test_without_gaia_intakes_copy_of_its_rules_stands_alone(
    suite: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.setenv("INTAKE_GAIA_PYTHON", sys.executable)
    with_agent_type(suite)
    result = runner.invoke(app, ["validate", "--strict", "drafts"])
    assert result.exit_code == 0, result.stdout
    assert result.stdout.rstrip().endswith("0 errors, 0 warnings")
    assert result.stderr == (
        "note: no GAIA installed outside this suite answered: intake's copy of GAIA's rules only\n"
    )


def test_gaias_repo_root_elsewhere_is_said_and_the_scorecard_is_kept_in_the_suite(
    suite: Path,
    tmp_path: Path,
    backend: StatusServer,
    runner,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """REPO_ROOT is the checkout `gaia` runs from (runner.py L45), not the suite."""
    checkout = tmp_path / "gaia-checkout"
    write_corpus(checkout / "eval" / "corpus", [])
    write_mcp_config(checkout, backend.url)
    path = fake_gaia_package(tmp_path / "gaia-pkg", checkout)
    monkeypatch.setenv("PYTHONPATH", str(path))
    monkeypatch.setenv(
        "INTAKE_GAIA_PYTHON", str(gaia_install.environment(tmp_path / "gaia-env", path))
    )
    monkeypatch.setenv("FAKE_GAIA_REPO_ROOT", str(checkout))
    monkeypatch.setenv("FAKE_GAIA_NO_USER_DIR", "1")
    _configure(suite, backend)
    write_pair(suite / "drafts")
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 0, result.stderr
    assert "note: GAIA runs from another checkout (" in result.stderr
    (run,) = _runs(suite)
    assert run.scorecard_path == f"eval/results/{run.run_id}/scorecard.json"
    assert (suite / run.scorecard_path).is_file()
    assert list((checkout / "eval" / "results").glob("eval-*")) == []


@needs_gaia_src
@needs_gaia_python
def test_a_gaia_that_rejects_a_key_fails_validate_strict_naming_gaias_message(
    suite: Path, tmp_path: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy of GAIA whose validate_scenario (runner.py L245-333) rejects agent_type, as
    amd/gaia#4096 is reported to: `intake validate --strict` fails with GAIA's message."""
    copy = tmp_path / "gaia-copy"
    shutil.copytree(
        GAIA_SRC / "src" / "gaia",
        copy / "src" / "gaia",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    runner_py = copy / "src" / "gaia" / "eval" / "runner.py"
    code = runner_py.read_text(encoding="utf-8")
    anchor = '    if "setup" in data and "index_documents" not in data.get("setup", {}):'
    assert anchor in code
    runner_py.write_text(
        code.replace(
            anchor,
            textwrap.indent(
                textwrap.dedent("""\
        if "agent_type" in data:
            errors.append("'agent_type' is no longer a scenario key (amd/gaia#4096)")
        """),
                "    ",
            )
            + anchor,
            1,
        ),
        encoding="utf-8",
    )
    gaia_site = subprocess.run(
        [str(GAIA_PYTHON), "-c", "import site; print(site.getsitepackages()[0])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    wrapper = gaia_install.environment(  # GAIA's copy first, then GAIA's own dependencies
        tmp_path / "gaia-env", copy / "src", extra_pth=gaia_site + "\n"
    )
    monkeypatch.setenv("INTAKE_GAIA_PYTHON", str(wrapper))
    with_agent_type(suite)
    result = runner.invoke(app, ["validate", "--strict", "drafts"])
    assert result.exit_code == 1, result.stdout
    assert (
        "GAIA's validate_scenario: Scenario 'pdf_summary_loop' (pdf_summary_loop.yaml) "
        "has validation errors: 'agent_type' is no longer a scenario key (amd/gaia#4096)"
    ) in result.stdout
    # GAIA as it is at the corpus commit accepts the key: intake's drafts may keep it
    monkeypatch.setenv("INTAKE_GAIA_PYTHON", str(GAIA_PYTHON))
    result = runner.invoke(app, ["validate", "--strict", "drafts"])
    assert "GAIA's validate_scenario" not in result.stdout, result.stdout


# ── issue set-up steps that open an agent's chat (intake/drafting/issue_parse.py) ──────────
@pytest.mark.parametrize(
    "step",
    [
        "Run `gaia chat --ui` and start a new Doc chat",
        "Run gaia chat --ui, then open the Doc chat",
        "Start a new Doc chat",
        "Open the Doc chat",
        "In Doc Agent",
        "Launch the Agent UI and switch to the Doc Agent",
    ],
)
def test_a_step_opening_an_agents_chat_sets_agent_type_in_any_wording(step: str) -> None:
    """GAIA's bug form (.github/ISSUE_TEMPLATE/bug_report.yaml: "What happened?" with steps)."""
    from intake.drafting.issue_parse import parse_issue

    body = f'### What happened?\n\n1. {step}\n2. Ask "What was Acme\'s Q3 revenue?"\n'
    parsed = parse_issue("[Bug]: wrong revenue", body)
    assert parsed.agent_type == "doc", step
    assert [t.user_message for t in parsed.turns] == ["What was Acme's Q3 revenue?"]


@pytest.mark.parametrize(
    "step", ["Choose the Analyst Agent", "Open the Data Agent", "In Analyst Agent"]
)
def test_an_agent_gaia_removed_is_never_written(step: str) -> None:
    """The `data` agent ("Analyst Agent") was removed (amd/gaia PR#3906)."""
    from intake.drafting.issue_parse import parse_issue

    body = f'### What happened?\n\n1. {step}\n2. Ask "Plot the sales"\n'
    parsed = parse_issue("[Bug]: x", body)
    assert parsed.agent_type is None
    assert [t.user_message for t in parsed.turns] == ["Plot the sales"]


def test_in_a_sentence_is_not_a_set_up_step() -> None:
    from intake.drafting.issue_parse import agent_of

    assert agent_of("In the report, the total is wrong") == (False, None)
    assert agent_of("In Doc Agent the answer was wrong") == (False, None)


# ── GAIA's real runner (amd/gaia at the corpus commit), stand-ins for claude and the backend ─
STANDIN_CLAUDE = '''#!{python}
"""Claude Code's CLI as GAIA's runner calls it (runner.py ~L937-1031): `--version`; `-p`
reads the prompt on stdin and prints the JSON envelope with `structured_output`."""
import json, os, re, sys
if "--version" in sys.argv:
    print("2.1.0 (Claude Code)")
    sys.exit(0)
prompt = sys.stdin.read()
sid = re.search(r"^id: (\\S+)", prompt, re.M).group(1)
with open(os.environ["STANDIN_LOG"], "a") as log:
    log.write(json.dumps({{"chars": len(prompt),
                          "manifests": prompt.count('"generated_at"')}}) + "\\n")
dims = {{k: 8 for k in ("correctness", "tool_selection", "context_retention", "completeness",
                        "efficiency", "personality", "error_recovery")}}
turn = {{"turn": 1, "user_message": "hi", "agent_response": "ok", "agent_tools": [],
         "scores": dims, "overall_score": 8, "pass": True, "failure_category": None,
         "reasoning": "stand-in"}}
out = {{"scenario_id": sid, "status": os.environ.get("STANDIN_STATUS", "PASS"),
        "overall_score": 8, "turns": [turn], "root_cause": None, "recommended_fix": None,
        "cost_estimate": {{"turns": 1, "estimated_usd": 0.01}}}}
print(json.dumps({{"type": "result", "subtype": "success", "structured_output": out}}))
'''


@needs_gaia_src
@needs_gaia_python
def test_gaias_real_runner_init_then_run(
    tmp_path: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`gaia eval agent` itself (a copy of GAIA_SRC: its REPO_ROOT is the copy, runner.py
    L45) with a stand-in `claude` and Agent UI: init, then runs, with nothing hand-added."""
    checkout = tmp_path / "gaia"
    checkout.mkdir()
    for name in ("src", "eval"):
        shutil.copytree(
            GAIA_SRC / name, checkout / name, ignore=shutil.ignore_patterns("__pycache__", "eval-*")
        )
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "claude").write_text(STANDIN_CLAUDE.format(python=sys.executable))
    (bin_dir / "claude").chmod(0o755)
    (bin_dir / "gaia").symlink_to(GAIA_PYTHON.parent / "gaia")
    for name in ("home", "tmp"):
        (tmp_path / name).mkdir()
    log = tmp_path / "claude.log"
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    monkeypatch.setenv("PYTHONPATH", str(checkout / "src"))
    set_home(monkeypatch, tmp_path / "home")  # GAIA writes ~/.gaia/gaia.log
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))  # its lock (runner.py L77)
    monkeypatch.setenv("STANDIN_LOG", str(log))
    monkeypatch.chdir(checkout)
    with StatusServer(model_loaded=STRONG) as backend:
        write_mcp_config(checkout, backend.url)  # the agent's backend: this test's port
        monkeypatch.setenv("INTAKE_BACKEND_URL", backend.url)
        assert runner.invoke(app, ["init"]).exit_code == 0
        write_pair(checkout / "eval" / "drafts")
        result = runner.invoke(app, ["run", DRAFT, "--tier", "strong", "--iterations", "2"])
        assert result.exit_code == 0, result.stderr
        runs = load_record(record_path(checkout / "eval" / "drafts" / f"{DRAFT}.yaml")).runs
        assert [r.status for r in runs] == ["PASS", "PASS"]
        assert len({r.run_id for r in runs}) == 2
        assert all((checkout / str(r.scorecard_path)).is_file() for r in runs)
        calls = [json.loads(line) for line in log.read_text().splitlines()]
        assert [c["manifests"] for c in calls] == [1, 1], "one corpus manifest per prompt"
        assert not (checkout / "eval" / "results" / "reliability_report.json").exists()
        with StatusServer(model_loaded="claude-sonnet-4-6") as other:
            refused = runner.invoke(app, ["run", DRAFT, "--tier", "strong", "--backend", other.url])
        assert refused.exit_code == 2
        monkeypatch.setenv("STANDIN_STATUS", "INFRA_ERROR")
        result = runner.invoke(app, ["run", DRAFT, "--tier", "strong"])
        assert result.exit_code == 3, result.stderr
        assert "no run was judged (INFRA_ERROR)" in result.stderr
    folders = sorted(p.name for p in (checkout / "eval" / "results").glob("eval-*"))
    recorded = load_record(record_path(checkout / "eval" / "drafts" / f"{DRAFT}.yaml")).runs
    assert folders == sorted(r.run_id for r in recorded), "no unrecorded leftovers"
