"""GAIA's verdict is what GAIA's CI gives (issue 30 point 2), asked once per installation.

GAIA here is GAIA's own code from the mirror at the corpus commit
(``tests/support/gaia_install.py``:
installed outside the suite, validator-only where GAIA's agents' dependencies are absent), and
GAIA's CI is GAIA's own test file: ``.github/workflows/test_eval.yml`` runs
``pytest tests/test_eval.py``; the tests that judge scenarios are selected (``find_scenarios``
and the uniqueness and required-field tests load every scenario through ``validate_scenario``;
``TestManifestCrossReference`` checks references, skipping real_world files when
``eval/corpus/real_world/manifest.json`` is absent). GAIA's ``conftest.py`` is not loaded
(``--noconftest``): it rebuilds an email corpus and starts servers none of these tests use.

On GAIA's unmodified repository, adopted, with and without the real-world manifest, GAIA's CI
passes, and so do ``intake check`` and the pre-commit hook, with GAIA asked; a file GAIA's CI
fails fails both.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from tests.support import gaia_install
from tests.support.gaia_runs import intake_script, precommit_hooks
from tests.support.gitrepo import git

pytestmark = pytest.mark.skipif(not gaia_install.mirror_present(), reason=gaia_install.ABSENT)

CI_TESTS = (
    "find_scenarios or scenario_ids_are_unique or all_scenarios_have_required_fields "
    "or TestManifestCrossReference"
)
REAL_WORLD_MANIFEST = Path("eval/corpus/real_world/manifest.json")


@pytest.fixture(scope="module")
def gaia_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """GAIA's repository (its package, its eval folder, its CI test file), unmodified but for
    ``validator_only``."""
    tree = gaia_install.export(
        tmp_path_factory.mktemp("gaia") / "gaia", "src/gaia", "eval", "tests/test_eval.py"
    )
    gaia_install.validator_only(tree)
    return tree


@pytest.fixture(scope="module")
def installed(gaia_tree: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """GAIA installed from a copy outside every suite: (its interpreter, the log of its starts)."""
    where = tmp_path_factory.mktemp("gaia-install")
    shutil.copytree(gaia_tree / "src", where / "src")
    log = where / "starts.log"
    python = gaia_install.environment(
        where / "env", where / "src", extra_pth=gaia_install.start_log_line(log)
    )
    return python, log


def _starts(log: Path) -> int:
    return len(set(log.read_text(encoding="utf-8").split())) if log.is_file() else 0


def _suite(gaia_tree: Path, where: Path, *, real_world: bool) -> Path:
    """A clone of GAIA's repository, adopted as the issue describes (init, adopt, commit)."""
    shutil.copytree(gaia_tree, where)
    if real_world:
        _write_real_world_manifest(where)
    git(where, "init", "-q", "-b", "main")
    git(where, "config", "user.email", "m@example.com")
    git(where, "config", "user.name", "maintainer")
    git(where, "add", "-A")
    git(where, "commit", "-qm", "GAIA")
    for args in (["init"], ["adopt", "eval/scenarios", "--source", "hand", "--reviewer", "maint"]):
        done = _cli(where, *args)
        assert done.returncode == 0, done.stdout + done.stderr
    git(where, "add", "-A")
    git(where, "commit", "-qm", "adopted")
    return where


def _write_real_world_manifest(tree: Path) -> None:
    """The real-world corpus's manifest (GAIA generates it; not committed): every document
    and fact the real_world scenarios name."""
    documents: dict[str, set[str]] = {}
    for path in sorted((tree / "eval" / "scenarios" / "real_world").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for entry in data.get("setup", {}).get("index_documents", []) or []:
            if isinstance(entry, dict) and entry.get("corpus_doc"):
                documents.setdefault(entry["corpus_doc"], set())
        for turn in data.get("turns", []):
            truth = turn.get("ground_truth") or {}
            if truth.get("doc_id"):
                facts = documents.setdefault(truth["doc_id"], set())
                facts.update(truth.get("fact_ids", []) or [])
                if truth.get("fact_id"):
                    facts.add(truth["fact_id"])
    doc = {
        "documents": [
            {"id": key, "filename": f"{key}.txt", "facts": [{"id": f} for f in sorted(facts)]}
            for key, facts in sorted(documents.items())
        ]
    }
    target = tree / REAL_WORLD_MANIFEST
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(extra)
    return env


def _cli(suite: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [intake_script(), *args],
        cwd=suite,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=_env(**extra),
        timeout=600,
        check=False,
    )


def _hook(suite: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    entry = str(precommit_hooks()["intake-check"]["entry"]).split()
    return _cli(suite, *entry[1:], **extra)


def _gaias_ci(suite: Path) -> subprocess.CompletedProcess[str]:
    """GAIA's CI step ``pytest tests/test_eval.py`` (the scenario tests) in ``suite``."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "--noconftest",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:randomly",
            "tests/test_eval.py",
            "-k",
            CI_TESTS,
        ],
        cwd=suite,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env=_env(PYTHONPATH=str(suite / "src")),
    )


def _errors(text: str) -> list[str]:
    return [line for line in text.splitlines() if ": error: " in line]


@pytest.mark.slow
@pytest.mark.parametrize("real_world", [False, True], ids=["no-real-world", "real-world"])
def test_gaias_unmodified_repository_adopted_passes_gaias_ci_check_and_the_hook(
    gaia_tree: Path, installed: tuple[Path, Path], tmp_path: Path, real_world: bool
) -> None:
    suite = _suite(gaia_tree, tmp_path / "gaia", real_world=real_world)
    assert (suite / REAL_WORLD_MANIFEST).is_file() is real_world
    ci = _gaias_ci(suite)
    assert ci.returncode == 0, ci.stdout[-3000:]
    assert " passed" in ci.stdout and " failed" not in ci.stdout
    python, log = installed
    before = _starts(log)
    for done in (
        _cli(suite, "check", INTAKE_GAIA_PYTHON=str(python)),
        _hook(suite, INTAKE_GAIA_PYTHON=str(python)),
    ):
        assert done.returncode == 0, "\n".join(_errors(done.stdout)[:5]) + done.stderr
        assert _errors(done.stdout) == []
        assert "91 files, 0 errors" in done.stdout
    assert _starts(log) > before, "GAIA was asked"
    strict = _cli(suite, "validate", "--strict", "eval/scenarios", INTAKE_GAIA_PYTHON=str(python))
    assert strict.stdout.rstrip().endswith("; GAIA's own checks ran too"), strict.stdout[-500:]
    assert [line for line in _errors(strict.stdout) if "GAIA" in line] == []


@pytest.mark.slow
def test_a_file_gaias_ci_fails_fails_check_and_the_hook(
    gaia_tree: Path, installed: tuple[Path, Path], tmp_path: Path
) -> None:
    suite = _suite(gaia_tree, tmp_path / "gaia", real_world=False)
    target = suite / "eval" / "scenarios" / "rag_quality" / "simple_factual_rag.yaml"
    text = target.read_text(encoding="utf-8")
    persona = next(line for line in text.splitlines() if line.startswith("persona:"))
    target.write_text(text.replace(persona + "\n", ""), encoding="utf-8")
    assert _gaias_ci(suite).returncode != 0
    python, _ = installed
    for done in (
        _cli(suite, "check", INTAKE_GAIA_PYTHON=str(python)),
        _hook(suite, INTAKE_GAIA_PYTHON=str(python)),
    ):
        assert done.returncode == 1
        assert any(
            "GAIA's validate_scenario" in line and "missing top-level field 'persona'" in line
            for line in _errors(done.stdout)
        ), done.stdout[-2000:]


@pytest.mark.slow
def test_a_real_world_reference_is_judged_only_when_its_manifest_is_present(
    gaia_tree: Path, installed: tuple[Path, Path], tmp_path: Path
) -> None:
    """GAIA's CI skip rule (tests/test_eval.py L800-810), both ways, against GAIA's CI."""
    tree = tmp_path / "tree"
    shutil.copytree(gaia_tree, tree)
    target = sorted((tree / "eval" / "scenarios" / "real_world").glob("*.yaml"))[0]
    text = target.read_text(encoding="utf-8")
    assert "doc_id: " in text
    target.write_text(text.replace("doc_id: ", "doc_id: not_in_any_manifest_", 1), encoding="utf-8")
    suite = _suite(tree, tmp_path / "gaia", real_world=False)
    python, _ = installed
    assert _gaias_ci(suite).returncode == 0
    done = _hook(suite, INTAKE_GAIA_PYTHON=str(python))
    assert done.returncode == 0, "\n".join(_errors(done.stdout))
    _write_real_world_manifest(gaia_tree)  # the manifest as it was before the edit
    shutil.copy(gaia_tree / REAL_WORLD_MANIFEST, suite / REAL_WORLD_MANIFEST)
    (gaia_tree / REAL_WORLD_MANIFEST).unlink()
    assert _gaias_ci(suite).returncode != 0
    done = _hook(suite, INTAKE_GAIA_PYTHON=str(python))
    assert done.returncode == 1
    assert any("not_in_any_manifest_" in line for line in _errors(done.stdout)), done.stdout


@pytest.fixture
def own_install(gaia_tree: Path, tmp_path: Path) -> Iterator[tuple[Path, Path, Path]]:
    """A GAIA installation of this test's own (interpreter, start log, its runner.py)."""
    shutil.copytree(gaia_tree / "src", tmp_path / "install" / "src")
    log = tmp_path / "install" / "starts.log"
    python = gaia_install.environment(
        tmp_path / "install" / "env",
        tmp_path / "install" / "src",
        extra_pth=gaia_install.start_log_line(log),
    )
    yield python, log, tmp_path / "install" / "src" / "gaia" / "eval" / "runner.py"


def _small_suite(gaia_tree: Path, where: Path) -> Path:
    (where / "eval" / "scenarios").mkdir(parents=True)
    for name in ("rag_quality", "real_world"):
        shutil.copytree(
            gaia_tree / "eval" / "scenarios" / name, where / "eval" / "scenarios" / name
        )
    shutil.copytree(gaia_tree / "eval" / "corpus", where / "eval" / "corpus")
    return where


@pytest.mark.slow
def test_gaia_is_asked_once_per_installation(
    gaia_tree: Path, own_install: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    suite = _small_suite(gaia_tree, tmp_path / "suite")
    python, log, runner_py = own_install
    cache = tmp_path / "cache"

    def strict() -> int:
        before = _starts(log)
        done = _cli(
            suite,
            "validate",
            "--strict",
            "eval/scenarios",
            INTAKE_GAIA_PYTHON=str(python),
            INTAKE_CACHE_DIR=str(cache),
        )
        assert done.stdout.rstrip().endswith("GAIA's own checks ran too"), done.stdout[-300:]
        return _starts(log) - before

    assert strict() == 1
    assert strict() == 0, "the unchanged installation's answers were cached"
    target = next((suite / "eval" / "scenarios" / "rag_quality").glob("*.yaml"))
    target.write_text(target.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    assert strict() == 1, "a changed scenario is asked again"
    assert strict() == 0
    runner_py.write_text(
        runner_py.read_text(encoding="utf-8") + "\n# GAIA changed\n", encoding="utf-8"
    )
    assert strict() == 1, "a changed validator file is a new installation"
    (entry,) = (cache / "gaia").glob("*.json")
    doc = json.loads(entry.read_text(encoding="utf-8"))
    assert doc["version"] == "0.23.0"
    assert str(runner_py.resolve()) in {str(Path(n).resolve()) for n in doc["validator_files"]}


@pytest.mark.slow
def test_a_cache_folder_inside_the_suite_is_not_used(
    gaia_tree: Path, own_install: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    suite = _small_suite(gaia_tree, tmp_path / "suite")
    python, log, _ = own_install
    for _ in range(2):
        before = _starts(log)
        _cli(
            suite,
            "validate",
            "--strict",
            "eval/scenarios",
            INTAKE_GAIA_PYTHON=str(python),
            INTAKE_CACHE_DIR=str(suite / ".cache"),
        )
        assert _starts(log) == before + 1
    assert not (suite / ".cache").exists()
