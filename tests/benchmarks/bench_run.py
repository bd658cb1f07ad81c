"""Benchmark of ``intake run``: intake's own overhead per run, the runner excluded.

Run: ``python tests/benchmarks/bench_run.py`` (or ``publish.py run``). Prints a table. A
temporary suite with one draft, ``tests/support/fake_gaia_eval.py`` as the runner and
``tests/support/status_server.py`` as the Agent UI backend on 127.0.0.1. The runner's wall time is
measured around the subprocess itself (``intake.lifecycle.runs.run.execute``) and subtracted: what
is
left is intake's part (refusal checks with the scrub re-scan, two status queries, the scenario
folder, finding the scorecards, recording each run, scrubbing the streamed lines).
Target: < 1 s per run.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

ROUNDS = 5


def main() -> None:
    import intake.lifecycle.runs.run as run_module
    from intake.config import load_settings
    from intake.contract.plain import RunTier
    from tests.support.env import home_env
    from tests.support.promote_helpers import write_pair
    from tests.support.status_server import StatusServer

    fake = REPO / "tests" / "support" / "fake_gaia_eval.py"
    runner_times: list[float] = []
    real_execute = run_module.execute

    def timed_execute(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return real_execute(*args, **kwargs)
        finally:
            runner_times.append(time.perf_counter() - start)

    run_module.execute = timed_execute  # type: ignore[assignment]
    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp, StatusServer(model_loaded="claude-opus-4") as srv:
        suite = Path(tmp) / "suite"
        (suite / "drafts").mkdir(parents=True)
        runner = json.dumps([sys.executable, str(fake), "eval", "agent"])
        user_config = Path(tmp) / "user-config.toml"  # the runner is the user's to name
        user_config.write_text(f"runner = {runner}\n", encoding="utf-8")
        os.environ["INTAKE_CONFIG"] = str(user_config)
        (suite / "pyproject.toml").write_text(
            f'[tool.intake]\nauthor = "drafter"\nrunner = {runner}\n'
            f'backend_url = "{srv.url}"\nstrong_models = ["claude-opus-4"]\n'
            'local_models = ["Gemma-4-E4B-it-GGUF"]\n'
        )
        (suite / "eval").mkdir()
        (suite / "eval" / "mcp-config.json").write_text(
            json.dumps(
                {
                    "mcpServers": {
                        "ui": {
                            "command": "uv",
                            "args": [
                                "run",
                                "python",
                                "-m",
                                "gaia.mcp.servers.agent_ui_mcp",
                                "--stdio",
                                "--backend",
                                srv.url,
                            ],
                        }
                    }
                }
            )
        )  # the agent's backend
        os.environ.update(
            FAKE_GAIA_REPO_ROOT=str(suite), FAKE_GAIA_NO_USER_DIR="1", **home_env(Path(tmp))
        )
        os.chdir(suite)
        settings = load_settings(suite)

        def one(name: str, iterations: int) -> tuple[float, float]:
            write_pair(suite / "drafts", name)
            runner_times.clear()
            start = time.perf_counter()
            run_module.run_draft(settings, name, RunTier.strong, iterations=iterations)
            total = time.perf_counter() - start
            return total, total - sum(runner_times)

        one("warm_up", 1)  # Presidio and pydantic loaded once, as in any intake process
        for iterations in (1, 3):
            totals, overheads = [], []
            for n in range(ROUNDS):
                total, overhead = one(f"case_{iterations}_{n}", iterations)
                totals.append(total)
                overheads.append(overhead / iterations)
            rows.append(
                (
                    f"in-process, {iterations} iteration(s): intake overhead per run (median of "
                    f"{ROUNDS})",
                    f"{statistics.median(overheads) * 1000:.0f} ms (whole command "
                    f"{statistics.median(totals):.2f} s incl. the stand-in runner)",
                )
            )

        write_pair(suite / "drafts", "cold_case")
        # fixed, distinct run ids: the stand-in never waits for a free second here
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "intake", "run", "cold_case", "--tier", "strong"],
            cwd=suite,
            capture_output=True,
            text=True,
            check=False,
            env={**os.environ, "PYTHONPATH": str(REPO), "FAKE_GAIA_NOW": "20261201-000001"},
        )
        cold = time.perf_counter() - start
        if done.returncode != 0:
            raise SystemExit(done.stderr)
        folder = Path(tmp) / "alone"
        folder.mkdir()
        (folder / "cold_case.yaml").write_bytes((suite / "drafts" / "cold_case.yaml").read_bytes())
        start = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                str(fake),
                "eval",
                "agent",
                "--scenario",
                "cold_case",
                "--scenario-dir",
                str(folder),
                "--backend",
                srv.url,
            ],
            cwd=suite,
            capture_output=True,
            check=True,
            env={**os.environ, "FAKE_GAIA_NOW": "20261201-000002"},
        )
        alone = time.perf_counter() - start
        start = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-c",
                "import intake.scrub as s, intake.config as c; s.scrubber_for(c.load_settings())",
            ],
            cwd=suite,
            capture_output=True,
            check=True,
            env={**os.environ, "PYTHONPATH": str(REPO)},
        )
        scrubber = time.perf_counter() - start
        rows.append(
            (
                "new process (`python -m intake run`, imports and Presidio included) minus the "
                "stand-in runner alone",
                f"{(cold - alone) * 1000:.0f} ms ({cold:.2f} s − {alone:.2f} s)",
            )
        )
        rows.append(
            (
                "of which: a new process that only loads the scrubber (Presidio), once per "
                "command as for `intake check`",
                f"{scrubber * 1000:.0f} ms",
            )
        )

    print(
        "**`intake run` overhead** (`bench_run.py`, stand-in runner, status server on "
        "127.0.0.1; target < 1 s per run)\n"
    )
    print("| measure | result |")
    print("| --- | --- |")
    for name, value in rows:
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    main()
