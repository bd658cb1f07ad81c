"""Benchmark of ``intake control``: intake's overhead per control run, beside GAIA's runner.

Run: ``python tests/benchmarks/bench_control.py`` (or ``publish.py control``). Prints a table.
A temporary suite with one session draft whose record holds a captured answer. The runner's wall
time is measured around ``invoke_runner`` (the code ``intake run`` shares) and subtracted: what
is left is intake's part (refusal checks with the scrub re-scan, the replay server's start and
stop, its status query, finding the scorecards, recording the controls through the journal).
Two runners: ``tests/support/fake_gaia_control.py`` (its simulator asks the replay over HTTP) and,
where ``INTAKE_TEST_GAIA_VENV`` names GAIA's virtualenv, GAIA's real ``gaia eval agent`` with the
stand-in ``claude`` of ``tests/support/control.py``. Also the replay's own latency for one
``send_message`` (SSE).
Target: intake's part < 1 s per control run.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

ROUNDS = 5


def _timed_runner(control_module: Any, times: list[float]) -> None:
    real = control_module.invoke_runner

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return real(*args, **kwargs)
        finally:
            times.append(time.perf_counter() - start)

    control_module.invoke_runner = timed


def _suite(tmp: Path, runner: list[str], port: int, extra: str = "") -> Path:
    suite = tmp / "suite"
    (suite / "drafts").mkdir(parents=True)
    (suite / "scenarios").mkdir()
    user_config = tmp / "user-config.toml"  # the runner is the user's to name
    user_config.write_text(f"runner = {json.dumps(runner)}\n", encoding="utf-8")
    os.environ["INTAKE_CONFIG"] = str(user_config)
    (suite / "pyproject.toml").write_text(
        f'[tool.intake]\nauthor = "drafter"\nrunner = {json.dumps(runner)}\n'
        f'replay_port = {port}\nstrong_models = ["claude-opus-4"]\n'
        f'local_models = ["Gemma-4-E4B-it-GGUF"]\n{extra}'
    )
    return suite


def _measure(suite: Path, times: list[float], rounds: int) -> tuple[float, float]:
    import intake.lifecycle.control as control_module
    from intake.config import load_settings
    from tests.support.control import add_evidence
    from tests.support.promote_helpers import write_pair

    settings = load_settings(suite)
    totals, overheads = [], []
    for n in range(rounds + 1):  # the first one warms up (Presidio, pydantic, imports)
        name = f"case_{n}"
        add_evidence(write_pair(suite / "drafts", name))
        times.clear()
        start = time.perf_counter()
        control_module.control_draft(settings, name)
        total = time.perf_counter() - start
        if n:
            totals.append(total)
            overheads.append(total - sum(times))
    return statistics.median(overheads), statistics.median(totals)


def _replay_latency() -> float:
    from intake.lifecycle.replay import ReplayServer, ReplayState, replay_turns
    from tests.support.control import captured_record

    state = ReplayState("case_x", replay_turns(captured_record()), set())
    samples = []
    with ReplayServer(state, 0) as server:
        body = json.dumps({"title": "t"}).encode()
        req = urllib.request.Request(server.url + "/api/sessions", data=body, method="POST")
        with urllib.request.urlopen(req) as reply:
            session = json.loads(reply.read())["id"]
        for _ in range(50):
            body = json.dumps({"session_id": session, "message": "hi"}).encode()
            req = urllib.request.Request(server.url + "/api/chat/send", data=body, method="POST")
            start = time.perf_counter()
            with urllib.request.urlopen(req) as reply:
                reply.read()
            samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    import intake.lifecycle.control as control_module
    from tests.support.control import free_port

    times: list[float] = []
    _timed_runner(control_module, times)
    rows: list[tuple[str, str]] = []
    from tests.support.env import home_env

    fake = REPO / "tests" / "support" / "fake_gaia_control.py"
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        suite = _suite(Path(tmp), [sys.executable, str(fake), "eval", "agent"], port)
        os.environ.update(
            FAKE_CONTROL_REPO_ROOT=str(suite),
            **home_env(Path(tmp)),
            FAKE_CONTROL_MCP_BACKEND=f"http://127.0.0.1:{port}",
            FAKE_CONTROL_JUDGE="FAIL",
        )
        os.chdir(suite)
        overhead, total = _measure(suite, times, ROUNDS)
        rows.append(
            (
                f"stand-in runner: intake's part of one control run (median of {ROUNDS})",
                f"{overhead * 1000:.0f} ms (whole command {total:.2f} s)",
            )
        )
    rows.append(
        (
            "the replay answering one send_message (SSE, median of 50)",
            f"{_replay_latency() * 1000:.1f} ms",
        )
    )
    rows += _real_gaia(times)
    print(
        "**`intake control` overhead** (`bench_control.py`; replay on 127.0.0.1; target "
        "< 1 s per control run)\n"
    )
    print("| measure | result |\n| --- | --- |")
    for name, value in rows:
        print(f"| {name} | {value} |")


def _real_gaia(times: list[float]) -> list[tuple[str, str]]:
    from tests.support.control import STANDIN_CLAUDE, free_port, gaia_root
    from tests.support.env import GAIA_SRC, GAIA_VENV, needs

    if GAIA_VENV is None or not (GAIA_VENV / "bin" / "gaia").is_file() or GAIA_SRC is None:
        why = needs(GAIA_VENV, "INTAKE_TEST_GAIA_VENV", "GAIA's virtualenv and source checkout")
        return [("GAIA's real runner", f"not measured ({why}; and INTAKE_TEST_GAIA_SRC)")]
    gaia = GAIA_VENV / "bin" / "gaia"

    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        root = gaia_root(base)
        (base / "bin").mkdir()
        claude = base / "bin" / "claude"
        claude.write_text(STANDIN_CLAUDE.format(python=GAIA_VENV / "bin" / "python"))
        claude.chmod(0o755)
        (base / "tmp").mkdir()
        port = free_port()
        os.environ.update(
            PATH=f"{base / 'bin'}{os.pathsep}{os.environ['PATH']}",
            PYTHONPATH=str(root / "src"),
            PYTHONDONTWRITEBYTECODE="1",
            TMPDIR=str(base / "tmp"),
            STANDIN_MCP_BACKEND=f"http://127.0.0.1:{port}",
            STANDIN_JUDGE="FAIL",
            STANDIN_RECORD=str(base / "seen.jsonl"),
        )
        suite = _suite(
            base,
            [str(gaia), "eval", "agent"],
            port,
            f'results_dir = "{root / "eval" / "results"}"\n',
        )
        os.chdir(suite)
        overhead, total = _measure(suite, times, 2)
    return [
        (
            "GAIA's real runner (stand-in claude): intake's part of one control run (median of 2)",
            f"{overhead * 1000:.0f} ms beside GAIA's {total - overhead:.2f} s",
        )
    ]


if __name__ == "__main__":
    main()
