"""Run one benchmark and write what it prints into its section of ``docs/benchmarks.md``.

    python tests/benchmarks/publish.py AREA [ARGS...]   # runs bench_AREA.py ARGS...

The section is the text between ``<!-- bench:AREA:start -->`` and ``<!-- bench:AREA:end -->``;
the rest of the page is left alone. The script's output is kept verbatim (in a ``text`` block,
under a line naming the command and the date).
"""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOC = HERE.parent.parent / "docs" / "benchmarks.md"


def replace_section(text: str, area: str, body: str) -> str:
    """``text`` with the marked section of ``area`` replaced by ``body``."""
    start, end = f"<!-- bench:{area}:start -->", f"<!-- bench:{area}:end -->"
    if start not in text or end not in text:
        raise SystemExit(f"docs/benchmarks.md has no section for {area!r} ({start})")
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    return f"{head}{start}\n{body.strip()}\n{end}{tail}"


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    area, args = argv[0], argv[1:]
    script = HERE / f"bench_{area}.py"
    if not script.is_file():
        raise SystemExit(f"no benchmark script {script.name}")
    done = subprocess.run(
        [sys.executable, str(script), *args], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        return done.returncode
    when = datetime.now(UTC).strftime("%Y-%m-%d")
    command = " ".join(["python", f"tests/benchmarks/{script.name}", *args])
    body = f"`{command}`, {when}:\n\n```text\n{done.stdout.strip()}\n```"
    DOC.write_text(replace_section(DOC.read_text(encoding="utf-8"), area, body), encoding="utf-8")
    print(f"wrote the {area} section of {DOC.relative_to(HERE.parent.parent)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
