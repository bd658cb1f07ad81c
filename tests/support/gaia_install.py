"""A GAIA installed outside the suite, as a maintainer's machine has one (test helper).

``environment(where, source)`` makes a Python environment (``python -m venv --without-pip``)
in which the folder ``source`` (holding a ``gaia`` package) is installed the way pip's editable
install does it: one line in a ``.pth`` file of the environment's site-packages. That
environment's interpreter is what a user names as GAIA's (``INTAKE_GAIA_PYTHON``); its
``sys.path`` holds no suite folder, so ``-I`` and a working folder outside the suite are all
it needs. PyYAML (GAIA's validator parses with it) comes from this interpreter's own
site-packages, named in the same ``.pth`` file: nothing is downloaded.

``export(dest, *paths)`` writes files of GAIA's repository at the corpus commit from the bare
mirror (``git ls-tree`` and ``git cat-file --batch``; ``git archive`` stops at the mirror's two
absent blobs, which are images under ``src/gaia/apps``). ``validator_only(tree)`` installs only
what GAIA's validator needs: GAIA's ``src/gaia/__init__.py`` imports GAIA's agents, which need
``openai``, ``psutil`` and ``python-dotenv`` (none used by ``gaia.eval.runner``'s
``validate_scenario``, none in intake's test dependencies), so where they are not importable
that one file is replaced by an empty package file; ``gaia/eval/runner.py``, the validator, is
GAIA's own, byte for byte.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import yaml

from tests.support.env import GAIA_MIRROR, needs

MIRROR = GAIA_MIRROR
GAIA_COMMIT = "78bbc3076bc329ec58bb2ad8bbe460d752c66d83"
HEAVY = ("openai", "psutil", "dotenv")


ABSENT = needs(MIRROR, "INTAKE_TEST_GAIA_MIRROR", "GAIA's git mirror (with the corpus commit)")
"""Why the tests that need GAIA's mirror skip where it is absent."""


def mirror_present() -> bool:
    """Whether GAIA's mirror (at the corpus commit) is on this machine, and git to read it
    (a machine without git, Windows under wine among them, skips the tests that need it)."""
    if MIRROR is None or not MIRROR.is_dir():
        return False
    try:
        done = subprocess.run(
            ["git", f"--git-dir={MIRROR}", "cat-file", "-e", f"{GAIA_COMMIT}^{{commit}}"],
            capture_output=True,
            check=False,
        )
    except OSError:
        return False
    return done.returncode == 0


def export(dest: Path, *paths: str) -> Path:
    """GAIA's files under ``paths`` at the corpus commit, written below ``dest``."""
    listed = subprocess.run(
        ["git", f"--git-dir={MIRROR}", "ls-tree", "-r", "-z", GAIA_COMMIT, "--", *paths],
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    blobs: list[tuple[bytes, str]] = []
    for item in listed:
        if not item:
            continue
        meta, raw_name = item.split(b"\t", 1)
        _, kind, sha = meta.split()
        if kind == b"blob":
            blobs.append((sha, raw_name.decode("utf-8")))
    with subprocess.Popen(
        ["git", f"--git-dir={MIRROR}", "cat-file", "--batch"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    ) as batch:
        assert batch.stdin is not None and batch.stdout is not None
        for sha, name in blobs:
            batch.stdin.write(sha + b"\n")
            batch.stdin.flush()
            head = batch.stdout.readline().split()
            if head[1] == b"missing":
                continue
            data = batch.stdout.read(int(head[2]))
            batch.stdout.read(1)
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        batch.stdin.close()
    return dest


def validator_only(tree: Path) -> bool:
    """Keep GAIA's package importable without its agents' dependencies (see the module
    docstring); returns whether ``src/gaia/__init__.py`` was replaced."""
    if all(importlib.util.find_spec(name) is not None for name in HEAVY):
        return False
    (tree / "src" / "gaia" / "__init__.py").write_text(
        '"""GAIA (emptied for the test: the agents it imports are not installed)."""\n',
        encoding="utf-8",
    )
    return True


def site_packages(env: Path) -> Path:
    """The site-packages folder of the environment ``env``."""
    if sys.platform == "win32":
        return env / "Lib" / "site-packages"
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    return env / "lib" / version / "site-packages"


def python_of(env: Path) -> Path:
    """The interpreter of the environment ``env``."""
    return env / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def environment(where: Path, source: Path, *, extra_pth: str = "") -> Path:
    """An environment at ``where`` with the ``gaia`` package of ``source`` installed; returns
    its interpreter. ``extra_pth``: more ``.pth`` lines (e.g. one that logs each start)."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True)
    deps = Path(yaml.__file__).resolve().parent.parent
    lines = [str(source.resolve()), str(deps)]
    (site_packages(where) / "gaia_under_test.pth").write_text(
        "\n".join(lines) + "\n" + extra_pth, encoding="utf-8"
    )
    return python_of(where)


def start_log_line(log: Path) -> str:
    """A ``.pth`` line that appends the process id to ``log`` each time the interpreter starts
    (``site`` may read the site-packages folder twice, through a ``lib64`` link: count the
    distinct ids)."""
    return (
        f"import os, pathlib; pathlib.Path({str(log)!r}).open('a')"
        ".write(str(os.getpid()) + '\\n')\n"
    )
