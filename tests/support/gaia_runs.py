"""GAIA as the arbiter of ``intake run``/``validate``: a tiny ``gaia`` package shaped like GAIA's
``gaia.eval.runner``, a corpus manifest, and the commands pre-commit runs (the hooks' entries and
this environment's ``intake`` script)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import yaml

from tests.support.env import REPO
from tests.support.promote_helpers import FINAL_YAML, write_pair


def write_corpus(folder: Path, ids: list[str]) -> None:
    (folder / "documents").mkdir(parents=True, exist_ok=True)
    docs = [{"id": i, "filename": f"{i}.md", "facts": []} for i in ids]
    (folder / "manifest.json").write_text(json.dumps({"documents": docs}), encoding="utf-8")


# ── GAIA as the arbiter: a fake `gaia` package in CI, GAIA itself where it is ──────────────
FAKE_RUNNER = '''
"""Shaped like amd/gaia src/gaia/eval/runner.py (L45-49, L245-348, L816-894)."""
import json
from pathlib import Path

import yaml

REPO_ROOT = Path({root!r})
EVAL_DIR = REPO_ROOT / "eval"
CORPUS_DIR = EVAL_DIR / "corpus"
RESULTS_DIR = EVAL_DIR / "results"
MCP_CONFIG = EVAL_DIR / "mcp-config.json"
MANIFEST = CORPUS_DIR / "manifest.json"


def validate_scenario(path: Path, data: dict) -> None:
    """Validate scenario YAML structure. Raises ValueError with details on failure."""
    sid = data.get("id", f"<{{path.name}}>")
    errors = []
    for field in ("id", "category", "setup", "turns", "persona"):
        if field not in data:
            errors.append(f"missing top-level field '{{field}}'")
    {extra_rule}
    if errors:
        raise ValueError(
            f"Scenario '{{sid}}' ({{path.name}}) has validation errors:\\n  "
            + "\\n  ".join(errors)
        )


def _documents_exist(scenario_data: dict) -> bool:
    for doc in scenario_data.get("setup", {{}}).get("index_documents", []):
        if isinstance(doc, dict):
            path = doc.get("path")
            if path and not (REPO_ROOT / path).exists():
                return False
    return True


def _load_merged_manifest(extra_corpus_dirs=None):
    data = json.loads(MANIFEST.read_text(encoding="utf-8"))
    for d in extra_corpus_dirs or []:
        extra = Path(d) / "manifest.json"
        if extra.is_file():
            data["documents"] = data.get("documents", []) + json.loads(
                extra.read_text(encoding="utf-8")).get("documents", [])
    return data
'''
REJECT_AGENT_TYPE = (
    'if "agent_type" in data:\n'
    '        errors.append("agent_type is not a scenario key (use --agent-type)")'
)


def fake_gaia_package(where: Path, repo_root: Path, extra_rule: str = "pass") -> Path:
    """A ``gaia`` package under ``where`` (returned: the folder to put on PYTHONPATH)."""
    pkg = where / "gaia"
    for sub in ("", "eval", "mcp", "mcp/servers"):
        (pkg / sub).mkdir(parents=True, exist_ok=True)
        (pkg / sub / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "eval" / "runner.py").write_text(
        FAKE_RUNNER.format(root=str(repo_root), extra_rule=extra_rule), encoding="utf-8"
    )
    (pkg / "mcp" / "servers" / "agent_ui_mcp.py").write_text(
        'DEFAULT_BACKEND = "http://localhost:4200"\n', encoding="utf-8"
    )
    return where


def with_agent_type(suite: Path) -> None:
    write_pair(
        suite / "drafts",
        text=FINAL_YAML.replace("persona: casual_user", "persona: casual_user\nagent_type: doc"),
    )


def intake_script() -> str:
    found = shutil.which("intake", path=str(Path(sys.executable).parent))
    assert found is not None, "the intake console script of this environment"
    return found


def precommit_hooks() -> dict[str, dict[str, object]]:
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    return {hook["id"]: hook for hook in hooks}
