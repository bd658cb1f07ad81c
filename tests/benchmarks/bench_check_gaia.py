"""Benchmark: ``intake check`` with GAIA installed against without, side by side, in one run.

Run: ``python tests/benchmarks/bench_check_gaia.py`` (or ``publish.py check_gaia``). Prints a
table. The suite is GAIA's repository at the corpus commit (from the mirror), adopted
(``intake init``, ``intake adopt eval/scenarios``), as issue 30 measured it. GAIA is installed
outside the suite (``tests/support/gaia_install.py``: GAIA's own ``src/gaia``, validator-only where
its agents' dependencies are absent); set ``BENCH_GAIA_PYTHON`` to an interpreter with a full GAIA
install (e.g. ``pip install --no-deps`` of GAIA plus ``python-dotenv openai psutil requests
pyyaml``) to measure GAIA's real import as well. Each round runs, one after the other, ``check``
without GAIA, with GAIA and an empty cache (the first check after GAIA is installed or
changed), and with GAIA and the cache the previous check left (every later check). Medians of
``ROUNDS`` rounds. Target: with GAIA ≤ 1.5× without.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

ROUNDS = 3


def _intake() -> str:
    found = shutil.which("intake", path=str(Path(sys.executable).parent))
    if found is None:
        raise SystemExit("no intake console script beside this interpreter")
    return found


def _run(suite: Path, env: dict[str, str], *args: str) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        [_intake(), *args], cwd=suite, env=env, capture_output=True, text=True, check=False
    )
    took = time.perf_counter() - start
    if done.returncode != 0 or " 0 errors" not in done.stdout:
        raise SystemExit(f"intake {' '.join(args)} failed: {done.stdout[-500:]}{done.stderr}")
    return took


def _probe_times(pythons: dict[str, Path], suite: Path) -> dict[str, float]:
    """The verdict probe on every scenario, and the full ``import gaia.eval.runner`` the probe
    did before (GAIA's package ``__init__`` included), per installation."""
    import json

    from intake.contract.gaia import PROBE

    files = [str(p) for p in sorted((suite / "eval" / "scenarios").rglob("*.yaml"))]
    request = json.dumps({"mode": "verdict", "root": str(suite), "files": files}).encode()
    found: dict[str, float] = {}
    for name, python in pythons.items():
        for label, command, data in (
            ("verdict probe, 91 files", [str(python), "-I", "-c", PROBE], request),
            (
                "full `import gaia.eval.runner`",
                [str(python), "-I", "-c", "import gaia.eval.runner"],
                b"",
            ),
        ):
            took = []
            for _ in range(3):
                start = time.perf_counter()
                subprocess.run(command, input=data, capture_output=True, check=False)
                took.append(time.perf_counter() - start)
            found[f"{name}: {label}"] = statistics.median(took)
    return found


def main() -> None:
    from tests.support import gaia_install

    if not gaia_install.mirror_present():
        print(f"not measured: {gaia_install.ABSENT}")
        return
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        tree = gaia_install.export(base / "gaia", "src/gaia", "eval")
        shutil.copytree(tree / "src", base / "install" / "src")
        gaia_install.validator_only(base / "install")
        pythons = {
            "validator-only GAIA": gaia_install.environment(
                base / "install" / "env", base / "install" / "src"
            )
        }
        full = os.environ.get("BENCH_GAIA_PYTHON")
        if full:
            pythons["full GAIA install"] = Path(full)
        suite = base / "suite"
        shutil.copytree(tree / "eval", suite / "eval")
        env = {
            k: v for k, v in os.environ.items() if not k.startswith("INTAKE_") and k != "PYTHONPATH"
        }
        env["HOME"] = str(base / "home")
        env["PATH"] = os.pathsep.join(
            p for p in env.get("PATH", "").split(os.pathsep) if not (Path(p) / "gaia").exists()
        )
        for command in (
            ["git", "init", "-q", "-b", "main"],
            [_intake(), "init"],
            [_intake(), "adopt", "eval/scenarios", "--source", "hand", "--reviewer", "maint"],
        ):
            subprocess.run(command, cwd=suite, env=env, check=True, capture_output=True)
        times: dict[str, list[float]] = {"without GAIA": []}
        for round_ in range(ROUNDS):
            times["without GAIA"].append(_run(suite, env, "check"))
            for name, python in pythons.items():
                cache = base / f"cache-{name}-{round_}"
                with_gaia = {
                    **env,
                    "INTAKE_GAIA_PYTHON": str(python),
                    "INTAKE_CACHE_DIR": str(cache),
                }
                times.setdefault(f"with {name}, first check (empty cache)", []).append(
                    _run(suite, with_gaia, "check")
                )
                times.setdefault(f"with {name}, later checks (cached)", []).append(
                    _run(suite, with_gaia, "check")
                )
        probes = _probe_times(pythons, suite)
    without = statistics.median(times["without GAIA"])
    print(
        "**`intake check` with GAIA installed against without** (`bench_check_gaia.py`; "
        f"GAIA's repository adopted, 91 scenarios; median of {ROUNDS}; target ≤ 1.5×)"
    )
    print()
    print("| check | time | × without |")
    print("| --- | --- | --- |")
    for name, values in times.items():
        took = statistics.median(values)
        print(f"| {name} | {took:.2f} s | {took / without:.2f}× |")
    print()
    print("| GAIA's interpreter alone (median of 3) | time |")
    print("| --- | --- |")
    for name, took in probes.items():
        print(f"| {name} | {took:.2f} s |")


if __name__ == "__main__":
    main()
