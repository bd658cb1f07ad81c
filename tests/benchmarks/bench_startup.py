"""Benchmark: command start-up on GAIA's suite, beside ``python -c "import typer"`` in one run.

Run: python tests/benchmarks/bench_startup.py [--checkout DIR] [--repeat N]

Issue 38 item 7's third target: ``intake health`` and ``intake report`` on GAIA's adopted suite
(91 scenarios) within 3x ``import typer`` in CPU (user + system). GAIA's scenarios (the corpus
copy) are copied into a temporary suite and adopted (``intake adopt --source hand``), as
``bench_health.py`` does; no run store. Each row runs as a child process started outside the
checkout (``python -c`` puts its working folder first on ``sys.path``), every cache warmed by
one run first, then ``--repeat`` runs (default 5); the table gives the medians of wall and CPU
seconds and the CPU ratio to ``import typer``. With ``--checkout DIR`` every intake row also
runs with the code of ``DIR`` (the code before), alternating with this checkout's run by run
so both see the same load, and ``same`` says whether the two outputs (stdout) are equal but
for the time each report was generated. Bytecode goes to a temporary ``PYTHONPYCACHEPREFIX`` for
both, so neither checkout pays compiling (nor gets files written into it).
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[2]
GAIA_SCENARIOS = HERE.parent / "shared" / "corpus" / "gaia" / "eval" / "scenarios"
NEUTRAL = tempfile.gettempdir()


GENERATED = re.compile(r'(generated[ _a-z"]*:? *"?)[0-9][0-9T:. +-]*(UTC)?')
"""When a report was generated (text, markdown, HTML and JSON): the one part two runs differ in."""


def child(args: list[str], env: dict[str, str]) -> tuple[float, float, int, str]:
    """Wall seconds, CPU seconds (user + system), exit code and stdout (the time it was
    generated left out) of ``python ARGS``."""
    import resource  # POSIX only, imported here so the file imports on Windows (docs/windows.md)

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, *args], capture_output=True, env=env, check=False, cwd=NEUTRAL
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.returncode, GENERATED.sub(r"\1", proc.stdout.decode("utf-8"))


def adopt(root: Path, env: dict[str, str]) -> int:
    """GAIA's scenarios copied to ``root`` and adopted; the number adopted."""
    shutil.copytree(GAIA_SCENARIOS, root / "scenarios")
    (root / "drafts").mkdir()
    (root / "pyproject.toml").write_text(
        '[tool.intake]\nscenarios_dir = "scenarios"\ndrafts_dir = "drafts"\n', encoding="utf-8"
    )
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(
        [sys.executable, "-m", "intake", "adopt", "scenarios", "--source", "hand"]
        + ["--reviewer", "alice"],
        check=True,
        capture_output=True,
        env=env,
        cwd=root,
    )
    time.sleep(2.5)  # past the racy window: the files' facts can be cached
    return len(list((root / "scenarios").rglob("*.intake.json")))


def rows(root: Path) -> list[tuple[str, list[str]]]:
    """Each row's label and the interpreter's arguments."""
    suite = ["-m", "intake", "--root", str(root)]
    return [
        ("import typer", ["-c", "import typer"]),
        ("intake --version", ["-m", "intake", "--version"]),
        ("intake --help", ["-m", "intake", "--help"]),
        ("intake health", [*suite, "health"]),
        ("intake report", [*suite, "report"]),
        ("intake report --format json", [*suite, "report", "--format", "json"]),
        ("intake validate", [*suite, "validate"]),
    ]


def measure(
    table: list[tuple[str, list[str]]], envs: list[dict[str, str]], repeat: int
) -> dict[tuple[str, int], tuple[float, float, int, str]]:
    """Median wall and CPU seconds (and the exit code and output) of each row with each
    environment, the environments alternating run by run; ``import typer`` with the first
    only."""
    samples: dict[tuple[str, int], list[tuple[float, float, int, str]]] = {}
    for warm in (True, False):
        for _ in range(1 if warm else repeat):
            for label, args in table:
                for which, env in enumerate(envs[:1] if label == "import typer" else envs):
                    got = child(args, env)
                    if not warm:
                        samples.setdefault((label, which), []).append(got)
    return {
        key: (
            statistics.median(s[0] for s in runs),
            statistics.median(s[1] for s in runs),
            runs[-1][2],
            runs[-1][3],
        )
        for key, runs in samples.items()
    }


def main(argv: list[str]) -> int:
    if not GAIA_SCENARIOS.is_dir():
        print(f"GAIA's scenarios not found at {GAIA_SCENARIOS}; skipped")
        return 0
    checkout = None
    if "--checkout" in argv:
        checkout = Path(argv[argv.index("--checkout") + 1]).resolve()
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 5
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "gaia"
        common = {
            **base,
            "PYTHONPYCACHEPREFIX": str(Path(tmp) / "pycache"),
            "INTAKE_LEDGER_PATH": str(root / ".intake" / "ledger.db"),
        }
        envs = [{**common, "PYTHONPATH": str(HERE)}]
        if checkout is not None:
            envs.append({**common, "PYTHONPATH": str(checkout)})
        count = adopt(root, envs[0])
        table = rows(root)
        got = measure(table, envs, repeat)
    typer_cpu = got[("import typer", 0)][1]
    head = f"GAIA's suite, {count} scenarios adopted"
    line = f"{head:<36}{'wall s':>8}{'cpu s':>7}{'x typer':>9}"
    if checkout is not None:
        line += f"{'before wall s':>15}{'cpu s':>7}{'x typer':>9}{'same':>6}"
    print(line + f"{'exit':>6}")
    for label, _ in table:
        wall, cpu, code, output = got[(label, 0)]
        line = f"{label:<36}{wall:>8.3f}{cpu:>7.3f}{cpu / typer_cpu:>9.1f}"
        if checkout is not None and (label, 1) in got:
            old_wall, old_cpu, _, old_output = got[(label, 1)]
            same = "yes" if output == old_output else "no"
            line += f"{old_wall:>15.3f}{old_cpu:>7.3f}{old_cpu / typer_cpu:>9.1f}{same:>6}"
        elif checkout is not None:
            line += f"{'':>37}"
        print(line + f"{code:>6}")
    print(f"medians of {repeat} (CPU = user + system of the child); x typer = CPU / import typer's")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
