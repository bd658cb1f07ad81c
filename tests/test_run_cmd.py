"""``intake run``: GAIA's runner on one draft, against a stand-in runner and a real HTTP server.

The runner is ``tests/support/fake_gaia_eval.py`` (same flags and files as amd/gaia's ``gaia eval
agent``: src/gaia/cli.py:2405-2598, src/gaia/eval/runner.py:1701-1923, scorecard.py:16-205);
the backend is ``tests/support/status_server.py`` on 127.0.0.1 answering ``/api/system/status``
(src/gaia/ui/routers/system.py:442-768).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from intake.cli import app
from intake.store.records import load_record, record_path
from tests.support.env import REPO, SUITE_PYPROJECT, command_line, posix_only, user_level
from tests.support.promote_helpers import PLACEHOLDER_YAML, write_pair
from tests.support.status_server import StatusServer, write_mcp_config

FAKE = Path(__file__).resolve().parent / "support" / "fake_gaia_eval.py"
STRONG = "claude-opus-4"
LOCAL = "Gemma-4-E4B-it-GGUF"
DRAFT = "pdf_summary_loop"


@pytest.fixture
def backend() -> Iterator[StatusServer]:
    with StatusServer(model_loaded=STRONG) as server:
        yield server


@pytest.fixture
def gaia(suite: Path, backend: StatusServer, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The suite configured for ``intake run`` with the stand-in runner; returns args.json."""
    runner = json.dumps([sys.executable, str(FAKE), "eval", "agent"])
    user_level(runner=json.loads(runner))
    (suite / "pyproject.toml").write_text(
        SUITE_PYPROJECT
        + f'runner = {runner}\nbackend_url = "{backend.url}"\n'
        + f'strong_models = ["{STRONG}"]\nlocal_models = ["{LOCAL}"]\n',
        encoding="utf-8",
    )
    args = suite.parent / "args.json"
    write_mcp_config(suite, backend.url)
    monkeypatch.setenv("FAKE_GAIA_REPO_ROOT", str(suite))
    monkeypatch.setenv("FAKE_GAIA_NO_USER_DIR", "1")
    monkeypatch.setenv("FAKE_GAIA_RECORD_ARGS", str(args))
    write_pair(suite / "drafts")
    return args


def _run(runner, *args: str):
    return runner.invoke(app, ["run", DRAFT, *args])


def _runs(suite: Path, folder: str = "drafts") -> list:
    return load_record(record_path(suite / folder / f"{DRAFT}.yaml")).runs


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is dead for our purposes
        state = Path(f"/proc/{pid}/stat").read_text().split()[2]
    except OSError:
        return False
    return state != "Z"


def test_strong_run_records_one_run_per_iteration(
    suite: Path, gaia: Path, backend: StatusServer, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_GAIA_STATUS", "PASS,FAIL")
    result = _run(runner, "--tier", "strong", "--iterations", "2", "--judge", "claude-sonnet-4-6")
    assert result.exit_code == 0, result.stderr
    runs = _runs(suite)
    assert [(r.status, r.iteration, r.runner_exit, r.model) for r in runs] == [
        ("PASS", 1, 0, STRONG),
        ("FAIL", 2, 0, STRONG),
    ]
    assert all(r.judge_model == "claude-sonnet-4-6" for r in runs)
    assert all(r.tier.value == "strong" for r in runs)
    assert len({r.run_id for r in runs}) == 2
    for r in runs:
        assert r.scorecard_path == f"eval/results/{r.run_id}/scorecard.json"
        assert (suite / r.scorecard_path).is_file()
    out = result.stdout.splitlines()
    assert out[0].startswith(f"recorded: strong run {runs[0].run_id} PASS score ")
    assert out[0].endswith(f"model {STRONG} (iteration 1/2)")
    assert out[-1] == (f"strong tier of drafts/{DRAFT}.yaml: 1/2 passed (50%), pass^2 0")
    # the runner's own lines stream through
    assert f"  | [RUN] {DRAFT} — invoking claude -p ..." in result.stderr
    record = json.loads(gaia.read_text())
    # one `gaia eval agent --iterations 1` per iteration, so GAIA writes no reliability report
    # (src/gaia/cli.py L4755-4759) and never resumes a folder of the same second
    assert record["invocation"] == 2
    assert not (suite / "eval" / "results" / "reliability_report.json").exists()
    argv = record["argv"]
    folder = argv[argv.index("--scenario-dir") + 1]
    assert argv[:2] == ["eval", "agent"]
    assert argv[argv.index("--scenario") + 1] == DRAFT
    assert argv[argv.index("--backend") + 1] == backend.url
    assert argv[argv.index("--iterations") + 1] == "1"
    assert argv[argv.index("--timeout") + 1] == "1800"
    assert argv[argv.index("--model") + 1] == "claude-sonnet-4-6"
    assert not Path(folder).exists(), "the temporary scenario folder is removed"
    # the backend was asked before and after the run (and by the runner's eval agent)
    assert backend.requests.count(("GET", "/api/system/status")) >= 2


def test_the_runners_scenario_folder_holds_this_draft_only(suite: Path, gaia: Path, runner) -> None:
    write_pair(suite / "drafts", "another_draft")
    write_pair(suite / "drafts" / "private", "secret_draft", private=True)
    (suite / "drafts" / "broken.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 0, result.stderr
    seen = json.loads(gaia.read_text())
    [(folder, files)] = seen["scenario_dir_files"].items()
    assert files == [f"{DRAFT}.yaml"]
    assert [Path(p).name for p in seen["yaml_files_loaded"]] == [f"{DRAFT}.yaml"]
    assert not folder.startswith(str(suite))
    assert Path(seen["cwd"]).resolve() == suite.resolve()
    [run] = _runs(suite)
    assert run.judge_model == "claude-opus-5"  # GAIA's default judge, from config.model


def test_local_tier_and_json(
    suite: Path, gaia: Path, backend: StatusServer, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    backend.model_loaded = LOCAL
    monkeypatch.setenv("FAKE_GAIA_STATUS", "FAIL")
    result = _run(runner, "--tier", "local", "--format", "json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["model"] == LOCAL and doc["tier"] == "local" and doc["runner_exit"] == 0
    assert [r["status"] for r in doc["runs"]] == ["FAIL"]
    assert doc["stats"] == {
        "tier": "local",
        "runs": 1,
        "passes": 0,
        "pass_rate": 0.0,
        "pass_hat_k": 0.0,
        "k": 1,
    }


def test_a_run_that_was_not_judged_says_so(
    suite: Path, gaia: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GAIA finished without judging (infrastructure): recorded, but a paid run that counts
    for no gate is never reported as if it were an ordinary result."""
    monkeypatch.setenv("FAKE_GAIA_STATUS", "INFRA_ERROR,PASS")
    result = _run(runner, "--tier", "strong", "--iterations", "2")
    assert result.exit_code == 0, result.stderr
    first, second = _runs(suite)
    assert (first.status, second.status) == ("INFRA_ERROR", "PASS")
    assert (
        f"note: run {first.run_id} was not judged (INFRA_ERROR): it counts for no gate; "
        "its trace in the run folder says why"
    ) in result.stderr
    assert second.run_id not in result.stderr.split("note:", 1)[1].split("\n")[0]


def test_a_paraphrasing_simulator_is_a_warning(
    suite: Path, gaia: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_GAIA_PARAPHRASE", "1")
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 0, result.stderr
    [run] = _runs(suite)
    assert run.warnings and run.warnings[0].startswith("turn 1: the run sent another user")
    assert f"warning: {run.run_id}: turn 1: the run sent another user message" in result.stderr


# --- refusals before anything runs ----------------------------------------------------------


def _nothing_ran(gaia: Path, backend: StatusServer) -> None:
    assert not gaia.exists(), "the runner must not have started"
    assert backend.requests == [], "the backend must not have been asked"


def test_a_private_draft_is_refused(suite: Path, gaia: Path, backend: StatusServer, runner) -> None:
    (suite / "drafts" / f"{DRAFT}.yaml").unlink()
    record_path(suite / "drafts" / f"{DRAFT}.yaml").unlink()
    draft = write_pair(suite / "drafts" / "private", private=True)
    before = record_path(draft).read_bytes()
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "error: a private draft never leaves the machine, and GAIA's runner sends the scenario "
        f"to its cloud simulator and judge: not run (drafts/private/{DRAFT}.yaml)"
    )
    assert record_path(draft).read_bytes() == before
    _nothing_ran(gaia, backend)


def test_a_draft_marked_private_in_its_record_is_refused(
    suite: Path, gaia: Path, backend: StatusServer, runner
) -> None:
    write_pair(suite / "drafts", private=True)
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 1 and "a private draft never leaves the machine" in result.stderr
    _nothing_ran(gaia, backend)


def test_a_placeholder_draft_is_refused(
    suite: Path, gaia: Path, backend: StatusServer, runner
) -> None:
    write_pair(suite / "drafts", text=PLACEHOLDER_YAML)
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 1
    line = result.stderr.splitlines()[0]
    assert line.startswith("error: the draft fails strict validation (") and line.endswith(
        f": not run (drafts/{DRAFT}.yaml)"
    )
    assert result.stderr.splitlines()[1] == (
        f"hint: `intake validate --strict drafts/{DRAFT}.yaml` lists them"
    )
    _nothing_ran(gaia, backend)


def test_a_dirty_scrub_rescan_is_refused(
    suite: Path, gaia: Path, backend: StatusServer, runner
) -> None:
    draft = suite / "drafts" / f"{DRAFT}.yaml"
    draft.write_text(
        draft.read_text().replace(
            "Summarize the Q3 report please.", "Mail the Q3 report to alice.smith@acme-corp.com"
        ),
        encoding="utf-8",
    )
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 1
    first = result.stderr.splitlines()[0]
    assert first.startswith("error: the scrub re-scan found 1 value(s) (EMAIL_ADDRESS at ")
    assert "alice.smith" not in result.stderr
    _nothing_ran(gaia, backend)


# --- backend, model, runner ---------------------------------------------------------------


def test_a_model_not_on_the_tiers_list_is_exit_2(gaia: Path, backend: StatusServer, runner) -> None:
    backend.model_loaded = LOCAL
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: the backend's loaded model '{LOCAL}' is not a strong model "
        f"(strong_models = {STRONG})",
        "hint: load one of them in the Agent UI, or add the model to strong_models in "
        "[tool.intake]",
    ]
    assert not gaia.exists()


def test_no_model_loaded_is_exit_2(gaia: Path, backend: StatusServer, runner) -> None:
    backend.model_loaded = None
    result = _run(runner, "--tier", "local")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        "error: the Agent UI backend has no model loaded, so the model under test is unknown"
    )
    assert not gaia.exists()


def test_a_backend_that_does_not_answer_is_exit_3(
    gaia: Path, backend: StatusServer, runner
) -> None:
    url = backend.url
    backend.stop()
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 3
    assert result.stderr.splitlines()[0] == (
        f"error: the Agent UI backend did not answer /api/system/status (connection refused) "
        f"({url})"
    )
    assert not gaia.exists()


def test_a_backend_error_is_exit_3(gaia: Path, backend: StatusServer, runner) -> None:
    backend.mode = "500"
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 3
    assert result.stderr.splitlines() == [
        f"error: the Agent UI backend answered HTTP 500 to /api/system/status ({backend.url})"
    ]
    assert not gaia.exists()


def test_a_missing_runner_is_exit_2_with_a_hint(
    suite: Path, gaia: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("INTAKE_RUNNER", "gaia-not-installed-here eval agent")
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0] == (
        "error: the runner 'gaia-not-installed-here' was not found (runner in [tool.intake])"
    )
    assert lines[1].startswith("hint: install GAIA from a source checkout")


def test_an_empty_tier_list_is_exit_2(
    suite: Path, gaia: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (suite / "pyproject.toml").read_text().replace(f'local_models = ["{LOCAL}"]\n', "")
    (suite / "pyproject.toml").write_text(text)
    result = _run(runner, "--tier", "local")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        "error: local_models is empty, so no loaded model can count as the local tier "
        "([tool.intake])"
    )


# --- runner failures: nothing recorded ------------------------------------------------------


def test_a_runner_exiting_non_zero_is_exit_3_with_its_last_lines(
    suite: Path, gaia: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_GAIA_LOCKED", "1")  # GAIA's lock held: stderr message, exit 2
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 3
    lines = result.stderr.splitlines()
    assert lines[-1] == f"error: the runner exited with status 2; nothing was recorded ({DRAFT})"
    assert "the runner's last lines:" in lines
    assert any("Another `gaia eval agent` run is already in progress" in x for x in lines)
    assert _runs(suite) == []


def test_a_runner_that_writes_no_scorecard_is_exit_3(
    suite: Path, gaia: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_GAIA_NO_SCORECARD", "1")
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 3
    assert result.stderr.splitlines()[-2] == (
        f"error: the runner wrote no scorecard holding '{DRAFT}'; nothing was recorded "
        "(eval/results)"
    )
    assert _runs(suite) == []


@pytest.mark.slow
@posix_only("checks the stopped runner's children through /proc")
def test_a_hung_scenario_is_gaias_recorded_timeout(
    suite: Path, gaia: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GAIA's limit is max(--timeout, 240 + 90·docs + 200·turns) (runner.py L236-242); intake
    waits longer than that, so GAIA's own TIMEOUT is recorded. The stand-in scales GAIA's
    limit (FAKE_GAIA_TIME_SCALE) so the test takes seconds, not minutes."""
    monkeypatch.setenv("FAKE_GAIA_HANG", "60")
    monkeypatch.setenv("FAKE_GAIA_TIME_SCALE", "0.005")  # 440 s → 2.2 s
    started = time.monotonic()
    result = _run(runner, "--tier", "strong", "--timeout", "2")
    assert time.monotonic() - started < 30
    assert result.exit_code == 3, result.stderr
    assert [r.status for r in _runs(suite)] == ["TIMEOUT"]
    assert result.stderr.splitlines()[-2] == (
        f"error: no run was judged (TIMEOUT): recorded, but they count for no gate ({DRAFT})"
    )
    children = json.loads(gaia.read_text())["child_pids"]
    assert children and not any(_alive(pid) for pid in children)


def test_a_model_switched_mid_run_records_nothing(
    suite: Path, gaia: Path, backend: StatusServer, runner
) -> None:
    backend.switch_to = (LOCAL,)  # after intake's first status request
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 3
    assert result.stderr.splitlines()[-2] == (
        f"error: the backend's model changed during the run ('{STRONG}' before, '{LOCAL}' "
        f"after): which model answered cannot be told, so nothing was recorded ({DRAFT})"
    )
    assert _runs(suite) == []


@pytest.mark.slow
@posix_only("sends SIGINT to intake and checks the runner's children through /proc")
def test_ctrl_c_stops_the_runners_process_group_and_records_nothing(
    suite: Path, gaia: Path
) -> None:
    env = {**os.environ, "FAKE_GAIA_HANG": "60", "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "intake", "run", DRAFT, "--tier", "strong"],
        cwd=suite,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C as a terminal delivers it: a suite started in the background (`cmd &` in a
        # script) inherits SIGINT ignored, which intake rightly keeps ignoring
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    children: list[int] = []
    while time.monotonic() < deadline and not children:
        time.sleep(0.1)
        if gaia.exists():
            try:
                children = json.loads(gaia.read_text()).get("child_pids", [])
            except json.JSONDecodeError:
                children = []
    assert children, "the stand-in runner never started its child"
    runner_pid = json.loads(gaia.read_text())
    proc.send_signal(signal.SIGINT)
    # a bound for a stuck process, not a timing: on a loaded 2-core machine the grace period
    # and the group's stop took over 30 s (CI, 2026-12-03)
    _, stderr = proc.communicate(timeout=180)
    assert proc.returncode == 130, stderr
    assert stderr.splitlines()[-1] == "interrupted"
    assert not any(_alive(pid) for pid in children)
    assert runner_pid  # recorded by the runner itself
    assert _runs(suite) == []
    assert not list((suite / "eval" / "results").glob("eval-*/scorecard.json"))


@pytest.mark.slow
@posix_only("SIGHUP, SIGKILL and /proc")
@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_a_terminated_intake_stops_the_runner_too(suite: Path, gaia: Path, name: str) -> None:
    """The runner has its own session: a closed terminal (SIGHUP) or a cancelled CI job
    (SIGTERM) reaches intake only, so intake must stop the runner's group, not orphan it."""
    sig = getattr(signal, name)
    env = {**os.environ, "FAKE_GAIA_HANG": "60", "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "intake", "run", DRAFT, "--tier", "strong"],
        cwd=suite,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    children: list[int] = []
    while time.monotonic() < deadline and not children:
        time.sleep(0.1)
        if gaia.exists():
            try:
                children = json.loads(gaia.read_text()).get("child_pids", [])
            except json.JSONDecodeError:
                children = []
    assert children, "the stand-in runner never started its child"
    argv = json.loads(gaia.read_text())["argv"]
    folder = Path(argv[argv.index("--scenario-dir") + 1])
    proc.send_signal(sig)
    _, stderr = proc.communicate(timeout=30)
    time.sleep(0.2)
    try:
        assert proc.returncode == 130, stderr
        assert stderr.splitlines()[-1] == "interrupted"
        assert not any(_alive(pid) for pid in children)
        assert not folder.exists(), "the draft's copy is left in the temporary folder"
        assert _runs(suite) == []
    finally:
        for pid in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


# --- finding the scorecards -----------------------------------------------------------------


def _script_runner(suite: Path, monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    """A runner that is a Python one-liner (intake's flags land in its sys.argv, unused)."""
    monkeypatch.setenv("INTAKE_RUNNER", command_line([sys.executable, "-c", code]))


def test_only_output_folders_holding_this_scenario_count(
    suite: Path, gaia: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.support.promote_helpers import scorecard

    other = scorecard(
        suite.parent / "gaia" / "eval-20261130-000001",
        {"other_case": "PASS"},
        run_id="eval-20261130-000001",
    )
    mine = scorecard(
        suite.parent / "gaia" / "eval-20261130-000002",
        {DRAFT: "FAIL"},
        run_id="eval-20261130-000002",
    )
    _script_runner(
        suite,
        monkeypatch,
        (
            f"print('RUN: eval-20261130-000001'); print('Output: ' + {str(other.parent)!r}); "
            f"print('RUN: eval-20261130-000002'); print('Output: ' + {str(mine.parent)!r})"
        ),
    )
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 0, result.stderr
    [run] = _runs(suite)
    assert (run.run_id, run.status, run.model) == ("eval-20261130-000002", "FAIL", STRONG)
    assert run.scorecard_path is None  # outside the suite: only the file name is kept
    assert run.scorecard == "scorecard.json"
    assert "note: 1 iteration(s) but" not in result.stderr


def test_new_results_folders_are_the_fallback(
    suite: Path, gaia: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.support.promote_helpers import scorecard

    old = scorecard(
        suite / "eval" / "results" / "eval-20261130-000001",
        {DRAFT: "PASS"},
        run_id="eval-20261130-000001",
    )
    source = scorecard(suite.parent / "made", {DRAFT: "FAIL"}, run_id="eval-20261130-000009")
    _script_runner(
        suite,
        monkeypatch,
        (
            "import shutil; shutil.copytree("
            f"{str(source.parent)!r}, 'eval/results/eval-20261130-000009')"
        ),
    )
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 0, result.stderr
    [run] = _runs(suite)
    assert run.run_id == "eval-20261130-000009"  # the folder that was there before is not new
    assert run.scorecard_path == "eval/results/eval-20261130-000009/scorecard.json"
    assert old.is_file()


def test_a_scorecard_with_another_turn_count_records_nothing(
    suite: Path, gaia: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.support.promote_helpers import scorecard

    good = scorecard(
        suite.parent / "g" / "eval-20261130-000001", {DRAFT: "PASS"}, run_id="eval-20261130-000001"
    )
    bad = scorecard(
        suite.parent / "g" / "eval-20261130-000002", {DRAFT: "PASS"}, run_id="eval-20261130-000002"
    )
    doc = json.loads(bad.read_text())
    doc["scenarios"][0]["turns"].append({**doc["scenarios"][0]["turns"][0], "turn": 2})
    bad.write_text(json.dumps(doc))
    _script_runner(
        suite,
        monkeypatch,
        f"print('Output: ' + {str(good.parent)!r}); print('Output: ' + {str(bad.parent)!r})",
    )
    result = _run(runner, "--tier", "strong", "--iterations", "2")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-2] == (
        "error: run eval-20261130-000002 has 2 turn(s) and the draft has 1: the run is not of "
        "this draft (scorecard.json)"  # outside the suite: its name only, never absolute
    )
    assert _runs(suite) == []


def test_a_backend_url_with_credentials_is_not_echoed(gaia: Path, runner) -> None:
    result = _run(runner, "--tier", "strong", "--backend", "http://admin:hunter2@127.0.0.1:9")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        "error: the backend URL holds a user name or password; not used, not shown "
        "(--backend or backend_url)"
    )
    assert "hunter2" not in result.stderr + result.stdout
    bad = _run(runner, "--tier", "strong", "--backend", "ftp://secret-host/x")
    assert bad.exit_code == 2
    assert bad.stderr.splitlines()[0] == (
        "error: the backend URL is not an http(s) URL with a host (--backend or backend_url)"
    )
    assert not gaia.exists()


@pytest.mark.slow
def test_a_backend_that_hangs_is_exit_3_after_5_s(
    gaia: Path, backend: StatusServer, runner
) -> None:
    backend.mode = "hang"
    started = time.monotonic()
    result = _run(runner, "--tier", "strong")
    assert 4 < time.monotonic() - started < 30
    assert result.exit_code == 3
    assert result.stderr.splitlines()[0] == (
        f"error: the Agent UI backend did not answer /api/system/status (timed out) ({backend.url})"
    )
    assert not gaia.exists()


def test_the_runners_lines_are_scrubbed(
    suite: Path, gaia: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = "ghp_R8x2Kq9LmZ4vT7wYp3Nc6Hs1Jd5Fg0Ab2Ce4X"
    _script_runner(
        suite,
        monkeypatch,
        (
            f"import sys; print('[ERROR] auth failed for token {token}', flush=True); "
            "print('  - /home/alice.smith/gaia/eval/corpus missing'); sys.exit(1)"
        ),
    )
    result = _run(runner, "--tier", "strong")
    assert result.exit_code == 3
    assert token not in result.stderr and "alice.smith" not in result.stderr
    lines = result.stderr.splitlines()
    assert lines[-1] == f"error: the runner exited with status 1; nothing was recorded ({DRAFT})"
    tail = lines[lines.index("the runner's last lines:") + 1 : -1]
    assert len(tail) == 2 and tail[0].startswith("  | [ERROR] auth failed for token ")
    assert _runs(suite) == []
