"""What a command imports: ``intake ARGV`` run in a fresh interpreter, its modules listed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def loaded_by(argv: list[str], cwd: Path) -> tuple[object, set[str]]:
    """(the exit code, the modules loaded) of ``intake ARGV`` in a fresh interpreter in
    ``cwd``."""
    probe = (
        "import sys, runpy, json\n"
        "code = 0\n"
        f"sys.argv = ['intake', *{argv!r}]\n"
        "try:\n    runpy.run_module('intake', run_name='__main__')\n"
        "except SystemExit as exc:\n    code = exc.code\n"
        "sys.stderr.write('\\nMODULES ' + json.dumps([code, sorted(sys.modules)]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    code, modules = json.loads(done.stderr.rsplit("MODULES ", 1)[1])
    return code, set(modules)
