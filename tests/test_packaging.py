"""A plain (non-editable) install works from any folder: schemas and scrubbers ship inside.

The wheel goes into a fresh virtualenv *without* system site packages, so the test does not
depend on how the suite itself was installed (a venv, ``--user``, the system interpreter).
intake's dependencies are taken from the running interpreter's own site-packages folders,
added by a ``.pth`` file of plain paths (no network, and no ``.pth`` of theirs is run, so an
editable install of intake there stays invisible): the ``intake`` imported must be the wheel's.
"""

from __future__ import annotations

import json
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.conftest import REPO


def _dependency_folders() -> list[str]:
    """The running interpreter's site-packages folders (where typer & co are installed)."""
    folders = list(site.getsitepackages())
    if site.ENABLE_USER_SITE:
        folders.append(site.getusersitepackages())
    return [f for f in dict.fromkeys(folders) if Path(f).is_dir()]


@pytest.mark.slow
def test_wheel_install_validates_from_another_folder(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(REPO)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = wheels.glob("intake-*.whl")
    env_dir = tmp_path / "venv"
    venv.create(env_dir, system_site_packages=False, with_pip=False)
    python = env_dir / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (Path(purelib) / "zz_intake_test_deps.pth").write_text(
        "".join(f"{folder}\n" for folder in _dependency_folders()), encoding="utf-8"
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--no-deps",
            "-q",
            str(wheel),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "one.yaml").write_text(
        "id: one\ncategory: c\npersona: casual_user\nsetup: {index_documents: []}\n"
        "turns:\n- turn: 1\n  objective: o\n  success_criteria: s\n",
        encoding="utf-8",
    )
    probe = (
        "import json, intake, intake.schema as s, intake.scrub as sc;"
        "print(json.dumps([intake.__file__, str(s.schema_dir()),"
        " str(sc.packaged_scrubbers_dir())]))"
    )
    done = subprocess.run(
        [str(python), "-I", "-c", probe],
        cwd=elsewhere,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    module_file, schema_dir, scrubbers_dir = json.loads(done.stdout)
    assert Path(module_file).is_relative_to(env_dir), "the wheel, not the source tree, was imported"
    assert schema_dir.endswith("intake/schema_files")
    assert Path(scrubbers_dir) == Path(module_file).parent / "scrubbers"
    assert (Path(scrubbers_dir) / "recognizers.yaml").is_file()
    cli = env_dir / "bin" / "intake"
    done = subprocess.run(
        [str(cli), "validate", "one.yaml"], cwd=elsewhere, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("1 file, 0 errors, 1 warning")
