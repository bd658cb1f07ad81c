"""A plain (non-editable) install works from any folder: schemas and scrubbers ship inside.

The wheel goes into a fresh virtualenv *without* system site packages, so the test does not
depend on how the suite itself was installed (a venv, ``--user``, the system interpreter).
intake's dependencies are taken from the running interpreter's own site-packages folders,
added by a ``.pth`` file of plain paths (no network, and no ``.pth`` of theirs is run, so an
editable install of intake there stays invisible): the ``intake`` imported must be the wheel's.
"""

from __future__ import annotations

import json
import re
import site
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.env import REPO

BIN = "Scripts" if sys.platform == "win32" else "bin"
DISTRIBUTION = "eval-intake"


def _dependency_folders() -> list[str]:
    """The running interpreter's site-packages folders (where typer & co are installed)."""
    folders = list(site.getsitepackages())
    if site.ENABLE_USER_SITE:
        folders.append(site.getusersitepackages())
    return [f for f in dict.fromkeys(folders) if Path(f).is_dir()]


@pytest.mark.slow
def test_wheel_install_validates_from_another_folder(tmp_path: Path) -> None:
    venv = pytest.importorskip("venv", reason="this Python has no venv (an embeddable build)")
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(REPO)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = wheels.glob("eval_intake-*.whl")
    env_dir = tmp_path / "venv"
    venv.create(env_dir, system_site_packages=False, with_pip=False)
    python = env_dir / BIN / ("python.exe" if sys.platform == "win32" else "python")
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
        "import json, intake, intake.contract.schema as s, intake.scrub as sc;"
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
    cli = env_dir / BIN / ("intake.exe" if sys.platform == "win32" else "intake")
    done = subprocess.run(
        [str(cli), "validate", "one.yaml"], cwd=elsewhere, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("1 file, 0 errors, 1 warning")
    named = subprocess.run(
        [
            str(python),
            "-I",
            "-c",
            "import importlib.metadata as m; d = m.distribution('eval-intake');"
            "print(d.metadata['Name'], [e.value for e in d.entry_points if e.name == 'intake'])",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert named == f"{DISTRIBUTION} ['intake.cli:main']"


def test_the_distribution_has_a_name_of_its_own() -> None:
    """PyPI's ``intake`` is Anaconda's Intake (it installs an ``intake`` module and command too):
    this project is published as ``eval-intake``; the command and the module stay ``intake``."""
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == DISTRIBUTION
    assert project["scripts"] == {"intake": "intake.cli:main"}
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    shell = [
        line
        for block in readme.split("```bash")[1:]
        for line in block.split("```", 1)[0].splitlines()
    ]
    assert shell and not [line for line in shell if "pip install intake" in line]
    assert "pipx install" in readme and "uv tool install" in readme
    assert "`eval-intake`" in readme and "Anaconda" in readme


def test_the_pre_commit_hooks_match_both_layouts() -> None:
    """A top-level suite and GAIA's layout: amd/gaia keeps its scenarios in
    ``eval/scenarios/<category>/`` and ``intake init`` puts drafts in ``eval/drafts/``."""
    from intake.contract.yamlio import load_roundtrip

    hooks = load_roundtrip((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    validate = next(h for h in hooks if h["id"] == "intake-validate")
    pattern = re.compile(validate["files"])
    for path in (
        "scenarios/rag_quality/a_case.yaml",
        "drafts/a_case.yaml",
        "eval/scenarios/rag_quality/a_case.yaml",
        "eval/drafts/a_case.yaml",
    ):
        assert pattern.search(path), path
    for path in (
        "eval/results/eval-1/scorecard.yaml",
        "src/eval/scenarios/a_case.yaml",
        "eval/scenarios/a_case.yml",
        ".pre-commit-config.yaml",
        "config/settings.yaml",
    ):
        assert not pattern.search(path), path
