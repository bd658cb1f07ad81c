"""The child side of ``tests/support/crash_harness.py``: preloaded in the fork server, run per fork.

Importing this module imports the CLI and builds the packaged scrubber once, in the fork
server; every forked child then starts with them in memory. ``child`` gives the fork its own
working folder, environment and standard streams, installs the kill observer when a step is
named, and runs the CLI as ``intake ARGS`` would.
"""

from __future__ import annotations

import os
import signal
import sys

from intake import crashpoints
from intake.cli import main
from intake.scrub import get_scrubber

get_scrubber()  # Presidio and the recognizers, loaded once in the server


def child(
    cwd: str, args: list[str], step: str | None, env: dict[str, str], out: str, err: str
) -> None:
    """Run ``intake ARGS`` in ``cwd`` with ``env``; SIGKILL itself on reaching ``step``."""
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    for fd, path in ((1, out), (2, err)):
        target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(target, fd)
        os.close(target)
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - the process's stdin

    def kill_at(reached: str) -> None:
        if reached == step:
            sys.stdout.flush()
            sys.stderr.flush()
            os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))

    crashpoints.observe(kill_at if step is not None else None)
    sys.argv = ["intake", *args]
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
