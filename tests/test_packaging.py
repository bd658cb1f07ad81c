"""A plain (non-editable) install works from any folder: schemas and scrubbers ship inside."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.conftest import REPO


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
    venv.create(env_dir, system_site_packages=True, with_pip=False)
    python = env_dir / "bin" / "python"
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
    probe = "import intake, intake.schema as s; print(intake.__file__); print(s.schema_dir())"
    done = subprocess.run(
        [str(python), "-c", probe], cwd=elsewhere, capture_output=True, text=True, check=True
    )
    module_file, schema_dir = done.stdout.splitlines()
    assert str(env_dir) in module_file, "the wheel, not the source tree, was imported"
    assert schema_dir.endswith("intake/schema_files")
    assert (Path(module_file).parent / "scrubbers").is_dir()
    cli = env_dir / "bin" / "intake"
    done = subprocess.run(
        [str(cli), "validate", "one.yaml"], cwd=elsewhere, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("1 files, 0 errors, 1 warnings")
