"""GAIA as the arbiter: ask the installed GAIA itself, when there is one.

intake keeps its own copy of GAIA's scenario rules (``intake.contract.validate``) for machines
without
GAIA. Where GAIA is importable, its own code has the last word: a small probe runs in GAIA's
interpreter (``gaia_python`` in ``[tool.intake]``, else the interpreter of the runner's
program, read from its ``#!`` line), imports ``gaia.eval.runner`` and answers, as one JSON
line, what only GAIA knows:

- ``REPO_ROOT`` (amd/gaia ``src/gaia/eval/runner.py`` L45-49): the checkout GAIA writes its
  results under and reads its corpus from, whatever the working directory;
- the backend the eval agent's tools use (``src/gaia/mcp/servers/agent_ui_mcp.py`` L41
  ``DEFAULT_BACKEND``, unless ``REPO_ROOT/eval/mcp-config.json`` passes ``--backend``);
- the merged corpus manifest (``_load_merged_manifest``, runner.py L816-894) with and
  without extra corpus folders;
- the verdict of GAIA's ``validate_scenario`` (runner.py L245-333) and its corpus checks
  (``_documents_exist``, runner.py L336-348; the manifest references GAIA's CI checks,
  ``tests/test_eval.py`` L794-897) on each file asked about;
- the agent ids of GAIA's registry (``gaia.agents.registry.AgentRegistry``), when asked.

A rule GAIA adds is then enforced without a new intake release. The probe never writes; its
output is bounded; a probe that fails is "GAIA not available" (None), never an error.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from intake.config import Settings

DEFAULT_BACKEND = "http://localhost:4200"
"""GAIA's ``DEFAULT_BACKEND`` (agent_ui_mcp.py L41), used when GAIA cannot be asked."""
PROBE_TIMEOUT = 120.0
"""Seconds the probe may take (GAIA's import pulls in a few libraries)."""
MAX_PROBE_OUTPUT = 4_000_000
MARK = "INTAKE-GAIA-PROBE:"
MCP_MODULE = "gaia.mcp.servers.agent_ui_mcp"

PROBE = r"""
import contextlib, io, json, sys
from pathlib import Path
MARK = "INTAKE-GAIA-PROBE:"
request = json.loads(sys.stdin.read() or "{}")
out = {"importable": False}
def emit():
    sys.__stdout__.write("\n" + MARK + json.dumps(out) + "\n")
    sys.__stdout__.flush()
noise = io.StringIO()
try:
    with contextlib.redirect_stdout(noise):
        import gaia.eval.runner as r
except BaseException as exc:
    out["error"] = (type(exc).__name__ + ": " + str(exc))[:300]
    emit()
    sys.exit(0)
out["importable"] = True
out["repo_root"] = str(Path(r.REPO_ROOT).resolve())
out["results_dir"] = str(Path(getattr(r, "RESULTS_DIR", r.REPO_ROOT / "eval" / "results")))
out["corpus_dir"] = str(Path(getattr(r, "CORPUS_DIR", r.REPO_ROOT / "eval" / "corpus")))
out["mcp_config"] = str(Path(getattr(r, "MCP_CONFIG", r.REPO_ROOT / "eval" / "mcp-config.json")))
try:
    with contextlib.redirect_stdout(noise):
        from gaia.mcp.servers import agent_ui_mcp as m
    out["default_backend"] = str(m.DEFAULT_BACKEND)
except BaseException:
    out["default_backend"] = None
def docs_of(manifest):
    found = []
    for d in (manifest or {}).get("documents", []) or []:
        if isinstance(d, dict):
            facts = [f.get("id") for f in d.get("facts", []) or [] if isinstance(f, dict)]
            found.append({"id": d.get("id"), "filename": d.get("filename"),
                          "path": d.get("path"), "facts": [f for f in facts if f]})
    return found
merged = None
try:
    with contextlib.redirect_stdout(noise):
        merged = r._load_merged_manifest()
    out["documents"] = docs_of(merged)
except BaseException as exc:
    out["documents"] = None
    out["manifest_error"] = (type(exc).__name__ + ": " + str(exc))[:300]
extra = request.get("corpus_dirs") or []
if extra:
    try:
        with contextlib.redirect_stdout(noise):
            out["documents_with_extra"] = docs_of(r._load_merged_manifest(extra_corpus_dirs=extra))
    except BaseException:
        out["documents_with_extra"] = None
if request.get("agents"):
    try:
        with contextlib.redirect_stdout(noise):
            from gaia.agents.registry import AgentRegistry
            registry = AgentRegistry()
            registry.discover()
            out["agents"] = sorted({a.id for a in registry.list()})
    except BaseException:
        out["agents"] = None
if request.get("models"):
    try:
        with contextlib.redirect_stdout(noise):
            from gaia.agents import registry as g
            names = [c.model for c in getattr(g, "DEFAULT_DEVICE_CONFIGS", [])]
            names += list(g.lite_models()) if hasattr(g, "lite_models") else []
        out["local_models"] = list(dict.fromkeys(str(n) for n in names if n))
    except BaseException:
        out["local_models"] = None
doc_ids = {d["id"] for d in out.get("documents") or [] if d.get("id")}
facts = {(d["id"], f) for d in out.get("documents") or [] for f in d["facts"]}
verdicts = []
for name in request.get("files") or []:
    verdict = {"file": name, "valid": False, "message": None, "documents_exist": None,
               "missing_refs": []}
    verdicts.append(verdict)
    try:
        data = r.yaml.safe_load(Path(name).read_text(encoding="utf-8"))
    except BaseException as exc:
        verdict["message"] = "Failed to parse scenario YAML: " + str(exc)[:300]
        continue
    try:
        with contextlib.redirect_stdout(noise):
            r.validate_scenario(Path(name), data)
        verdict["valid"] = True
    except ValueError as exc:
        verdict["message"] = str(exc)[:2000]
    except BaseException as exc:
        verdict["message"] = (type(exc).__name__ + ": " + str(exc))[:2000]
    if not isinstance(data, dict):
        continue
    try:
        verdict["documents_exist"] = bool(r._documents_exist(data))
    except BaseException:
        verdict["documents_exist"] = None
    if merged is None:
        continue
    missing = []
    setup = data.get("setup") if isinstance(data.get("setup"), dict) else {}
    for doc in setup.get("index_documents") or []:
        if isinstance(doc, dict) and doc.get("corpus_doc") and doc["corpus_doc"] not in doc_ids:
            missing.append("corpus_doc " + str(doc["corpus_doc"]))
    for turn in data.get("turns") or []:
        gt = turn.get("ground_truth") if isinstance(turn, dict) else None
        if not isinstance(gt, dict):
            continue
        doc_id = gt.get("doc_id")
        if doc_id and doc_id not in doc_ids:
            missing.append("doc_id " + str(doc_id))
        wanted = list(gt.get("fact_ids") or []) + ([gt["fact_id"]] if gt.get("fact_id") else [])
        for fact in wanted:
            if doc_id in doc_ids and facts and (doc_id, fact) not in facts:
                missing.append("fact_id " + str(doc_id) + "/" + str(fact))
    verdict["missing_refs"] = missing
out["verdicts"] = verdicts
emit()
"""


@dataclass(frozen=True)
class GaiaVerdict:
    """What GAIA's own code says of one scenario file."""

    file: str
    valid: bool
    message: str | None
    documents_exist: bool | None
    missing_refs: tuple[str, ...] = ()

    @property
    def passes(self) -> bool:
        """Valid by ``validate_scenario``, its documents on disk, its references in the manifest."""
        return self.valid and self.documents_exist is not False and not self.missing_refs

    def problems(self) -> list[str]:
        """GAIA's messages, one per finding, each saying it is GAIA's."""
        found: list[str] = []
        if not self.valid and self.message:
            found.append(f"GAIA's validate_scenario: {' '.join(self.message.split())}")
        if self.documents_exist is False:
            found.append(
                "GAIA's _documents_exist: a setup.index_documents path is not under GAIA's "
                "REPO_ROOT, so GAIA's runner would skip it (SKIPPED_NO_DOCUMENT)"
            )
        for ref in self.missing_refs:
            found.append(f"GAIA's corpus manifest has no {ref} (GAIA's CI checks it)")
        return found


@dataclass
class GaiaInfo:
    """What the installed GAIA answered."""

    python: str
    repo_root: Path
    results_dir: Path
    corpus_dir: Path
    mcp_config: Path
    default_backend: str
    documents: list[dict[str, Any]] | None
    documents_with_extra: list[dict[str, Any]] | None = None
    agents: tuple[str, ...] | None = None
    local_models: tuple[str, ...] | None = None
    """GAIA's own local models (``DEFAULT_DEVICE_CONFIGS``, ``lite_models()``, registry.py)."""
    verdicts: dict[str, GaiaVerdict] = field(default_factory=dict)


def _shebang(program: Path) -> str | None:
    """The interpreter a script's ``#!`` line names (``env NAME`` resolved on PATH)."""
    try:
        with program.open("rb") as handle:
            first = handle.readline(512)
    except OSError:
        return None
    if not first.startswith(b"#!"):
        return None
    words = first[2:].decode("utf-8", errors="replace").split()
    if not words:
        return None
    if Path(words[0]).name == "env":
        words = [w for w in words[1:] if not w.startswith("-")]
        return shutil.which(words[0]) if words else None
    return words[0]


def interpreter(settings: Settings) -> str | None:
    """GAIA's interpreter: ``gaia_python``, else the runner program's own interpreter."""
    if settings.gaia_python is not None:
        configured = settings.path(settings.gaia_python)
        return str(configured) if configured.is_file() else None
    program = settings.runner[0]
    if os.sep in program or "/" in program:
        found: str | None = str(settings.path(Path(program)))
    else:
        found = shutil.which(program)
    if found is None or not Path(found).is_file():
        return None
    if Path(found).name.lower().startswith("python"):
        return found
    return _shebang(Path(found))


def _verdict(item: dict[str, Any]) -> GaiaVerdict:
    exists = item.get("documents_exist")
    return GaiaVerdict(
        file=str(item.get("file")),
        valid=item.get("valid") is True,
        message=item.get("message") if isinstance(item.get("message"), str) else None,
        documents_exist=exists if isinstance(exists, bool) else None,
        missing_refs=tuple(str(r) for r in item.get("missing_refs") or []),
    )


def _documents(value: Any) -> list[dict[str, Any]] | None:
    if not isinstance(value, list):
        return None
    return [d for d in value if isinstance(d, dict)]


def ask_gaia(
    settings: Settings,
    files: list[Path] | None = None,
    *,
    corpus_dirs: list[Path] | None = None,
    agents: bool = False,
    models: bool = False,
) -> GaiaInfo | None:
    """Ask the installed GAIA (None: no interpreter, GAIA not importable, or the probe failed)."""
    python = interpreter(settings)
    if python is None:
        return None
    request = {
        "files": [str(p.resolve()) for p in files or []],
        "corpus_dirs": [str(p) for p in corpus_dirs or []],
        "agents": agents,
        "models": models,
    }
    try:
        done = subprocess.run(
            [python, "-c", PROBE],
            input=json.dumps(request).encode("utf-8"),
            capture_output=True,
            timeout=PROBE_TIMEOUT,
            cwd=settings.root,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    answer = _answer(done.stdout[-MAX_PROBE_OUTPUT:])
    if answer is None or answer.get("importable") is not True:
        return None
    try:
        repo_root = Path(str(answer["repo_root"]))
    except KeyError:
        return None
    names = answer.get("agents")
    info = GaiaInfo(
        python=python,
        repo_root=repo_root,
        results_dir=Path(str(answer.get("results_dir") or repo_root / "eval" / "results")),
        corpus_dir=Path(str(answer.get("corpus_dir") or repo_root / "eval" / "corpus")),
        mcp_config=Path(str(answer.get("mcp_config") or repo_root / "eval" / "mcp-config.json")),
        default_backend=str(answer.get("default_backend") or DEFAULT_BACKEND),
        documents=_documents(answer.get("documents")),
        documents_with_extra=_documents(answer.get("documents_with_extra")),
        agents=tuple(str(n) for n in names) if isinstance(names, list) else None,
    )
    local = answer.get("local_models")
    info.local_models = tuple(str(n) for n in local) if isinstance(local, list) else None
    by_path = {str(p.resolve()): p for p in files or []}
    for item in answer.get("verdicts") or []:
        if isinstance(item, dict) and str(item.get("file")) in by_path:
            verdict = _verdict(item)
            info.verdicts[str(by_path[verdict.file])] = verdict
    return info


def _answer(raw: bytes) -> dict[str, Any] | None:
    text = raw.decode("utf-8", errors="replace")
    for line in reversed(text.splitlines()):
        if line.startswith(MARK):
            try:
                doc = json.loads(line[len(MARK) :])
            except json.JSONDecodeError:
                return None
            return doc if isinstance(doc, dict) else None
    return None


def agent_backend(mcp_config: Path, default: str = DEFAULT_BACKEND) -> str:
    """The backend GAIA's eval agent's tools call: ``--backend`` in the Agent UI MCP server's
    args of ``eval/mcp-config.json`` (agent_ui_mcp.py L812-826), else ``default``."""
    try:
        doc = json.loads(mcp_config.read_text(encoding="utf-8")[:1_000_000])
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return default.rstrip("/")
    servers = doc.get("mcpServers") if isinstance(doc, dict) else None
    for server in (servers or {}).values() if isinstance(servers, dict) else ():
        args = server.get("args") if isinstance(server, dict) else None
        if not isinstance(args, list) or not any(MCP_MODULE in str(a) for a in args):
            continue
        words = [str(a) for a in args]
        for number, word in enumerate(words):
            if word == "--backend" and number + 1 < len(words):
                return words[number + 1].rstrip("/")
            if word.startswith("--backend="):
                return word.split("=", 1)[1].rstrip("/")
    return default.rstrip("/")


def document_keys(documents: list[dict[str, Any]] | None) -> set[str]:
    """Document ids (else file names or paths) of a manifest's documents."""
    keys: set[str] = set()
    for doc in documents or []:
        key = doc.get("id") or doc.get("path") or doc.get("filename")
        if isinstance(key, str) and key:
            keys.add(key)
    return keys


__all__ = [
    "DEFAULT_BACKEND",
    "GaiaInfo",
    "GaiaVerdict",
    "agent_backend",
    "ask_gaia",
    "document_keys",
    "interpreter",
]
