"""GAIA as the arbiter: ask the installed GAIA itself, when there is one.

intake keeps its own copy of GAIA's scenario rules (``intake.contract.validate``) for machines
without GAIA. Where GAIA is installed, its own code has the last word: a small probe runs in
GAIA's interpreter, imports ``gaia.eval.runner`` and answers, as one JSON line, what only GAIA
knows. Two questions, two modes:

- ``verdict`` (``check``, ``validate --strict``, the pre-commit hook, promotion's gates): what
  GAIA's CI says of each file. GAIA's CI (``.github/workflows/test_eval.yml`` runs
  ``pytest tests/test_eval.py``) loads every scenario through ``find_scenarios``
  (``runner.py``), which calls ``validate_scenario`` on each file, real_world ones included; its
  corpus cross-reference tests (``tests/test_eval.py`` ``TestManifestCrossReference``) skip
  real_world files when ``real_world/manifest.json`` is absent and live in GAIA's tests, not in
  the installed package, so intake applies them itself (``intake.contract.manifest``, same
  rule, same skip).
  ``_documents_exist`` (``runner.py``) is the runner's skip (SKIPPED_NO_DOCUMENT), not a CI
  check, and is relative to GAIA's own ``REPO_ROOT``: it is no part of the verdict.
  GAIA's package ``__init__`` (src/gaia/__init__.py: ``load_dotenv`` and GAIA's agents, the
  seconds of GAIA's import) is not run for it: ``gaia`` is entered as a bare package with
  GAIA's own path, so ``gaia.eval`` and ``runner.py`` (stdlib and PyYAML only at import) load
  as they are; should that fail, the ordinary import is used.
- ``run`` (``intake run``, ``init``): where GAIA runs, for commands that run GAIA on purpose:
  ``REPO_ROOT`` (``runner.py``); the backend the eval agent's tools use
  (``src/gaia/mcp/servers/agent_ui_mcp.py`` ``DEFAULT_BACKEND``, unless
  ``REPO_ROOT/eval/mcp-config.json`` passes ``--backend``); the merged corpus manifest
  (``_load_merged_manifest``, ``runner.py``); ``validate_scenario``, ``_documents_exist`` and
  the manifest references of each file; GAIA's local models.

intake never executes the checkout (docs/trust-gaia.md). GAIA's interpreter is named only at
user level (``INTAKE_GAIA_PYTHON``, ``gaia_python`` in the user config file, else the ``#!``
interpreter of the user-level runner, else of ``gaia`` on PATH; ``intake.userconfig``), never by
the checkout's ``[tool.intake]``; an interpreter inside the suite is refused. The probe runs in
isolated mode (``-I``: no ``PYTHON*`` variables, no user site, no script or working folder on
``sys.path``) from a fresh temporary folder, so a ``gaia/`` folder planted at the suite root is
never imported; in ``verdict`` mode it also refuses, before importing anything, a GAIA (or any
``sys.path`` entry) that lies inside the suite: GAIA installed from the checkout being judged is
checkout code.

GAIA is asked once per installation: verdicts are cached in the user cache
(``intake.userconfig.user_cache_dir``, never a folder inside the suite), keyed by the
interpreter, GAIA's version and the hashes of the files the verdict depends on (``runner.py``,
GAIA's package ``__init__`` files, PyYAML's, GAIA's distribution metadata), and each scenario by
its name and content. The probe never writes; its output is bounded; a probe that fails is
"GAIA not available" (None), never an error.

GAIA's files and names cited here are pinned, with their lines at the corpus commit, in
docs/gaia-formats.md (sections runner, agent_ui_mcp, ci-tests).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from intake.config import Settings
from intake.fileio import atomic_write
from intake.paths import inside
from intake.userconfig import user_cache_dir, user_config_path, user_setting

DEFAULT_BACKEND = "http://localhost:4200"
"""GAIA's ``DEFAULT_BACKEND`` (``agent_ui_mcp.py``), used when GAIA cannot be asked."""
PROBE_TIMEOUT = 120.0
"""Seconds the probe may take (GAIA's import pulls in a few libraries)."""
MAX_PROBE_OUTPUT = 4_000_000
MARK = "INTAKE-GAIA-PROBE:"
MCP_MODULE = "gaia.mcp.servers.agent_ui_mcp"

PROBE = r"""
import contextlib, io, json, sys
from pathlib import Path
MARK = "INTAKE-GAIA-PROBE:"
import importlib.util, os
request = json.loads(sys.stdin.read() or "{}")
out = {"importable": False}
verdict_mode = request.get("mode") == "verdict"
def emit():
    sys.__stdout__.write("\n" + MARK + json.dumps(out) + "\n")
    sys.__stdout__.flush()
def inside(path):
    root = request.get("root")
    if not root or not path:
        return False
    try:
        here, top = os.path.realpath(path), os.path.realpath(root)
        return os.path.commonpath([here, top]) == top
    except (ValueError, OSError):
        return False
if verdict_mode:
    planted = [p for p in sys.path if inside(p or os.getcwd())]
    try:
        spec = importlib.util.find_spec("gaia")
    except BaseException:
        spec = None
    if spec is not None:
        places = list(spec.submodule_search_locations or []) + [spec.origin]
        planted = [p for p in places if inside(p)] + planted
    if planted:
        out["inside"] = str(planted[0])
        emit()
        sys.exit(0)
noise = io.StringIO()
def forget():
    for name in [n for n in sys.modules if n == "gaia" or n.startswith("gaia.")]:
        del sys.modules[name]
r = None
if verdict_mode and spec is not None and spec.submodule_search_locations:
    import types
    shell = types.ModuleType("gaia")
    shell.__path__ = list(spec.submodule_search_locations)
    shell.__spec__ = spec
    shell.__file__ = spec.origin
    sys.modules["gaia"] = shell
    try:
        with contextlib.redirect_stdout(noise):
            import gaia.eval.runner as r
    except BaseException:
        r = None
        forget()
if r is None:
    try:
        with contextlib.redirect_stdout(noise):
            import gaia.eval.runner as r
    except BaseException:
        emit()
        sys.exit(0)
out["importable"] = True
files = [getattr(r, "__file__", None)]
for name in ("gaia", "gaia.eval", "yaml"):
    files.append(getattr(sys.modules.get(name), "__file__", None))
try:
    from importlib import metadata
    dist = metadata.distribution("amd-gaia")
    out["version"] = dist.version
    meta = getattr(dist, "_path", None)
    files.append(str(Path(meta) / "METADATA") if meta else None)
except BaseException:
    try:
        with contextlib.redirect_stdout(noise):
            import gaia.version
        out["version"] = str(gaia.version.__version__)
        files.append(getattr(gaia.version, "__file__", None))
    except BaseException:
        out["version"] = None
out["validator_files"] = [str(f) for f in files if f]
def judged(name, verdict):
    try:
        data = r.yaml.safe_load(Path(name).read_text(encoding="utf-8"))
    except BaseException as exc:
        verdict["message"] = "Failed to parse scenario YAML: " + str(exc)[:300]
        return None, False
    try:
        with contextlib.redirect_stdout(noise):
            r.validate_scenario(Path(name), data)
        verdict["valid"] = True
    except ValueError as exc:
        verdict["message"] = str(exc)[:2000]
    except BaseException as exc:
        verdict["message"] = (type(exc).__name__ + ": " + str(exc))[:2000]
    return data, True
if verdict_mode:
    verdicts = []
    for name in request.get("files") or []:
        verdict = {"file": name, "valid": False, "message": None}
        verdicts.append(verdict)
        judged(name, verdict)
    out["verdicts"] = verdicts
    emit()
    sys.exit(0)
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
except BaseException:
    out["documents"] = None
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
    data, parsed = judged(name, verdict)
    if not parsed or not isinstance(data, dict):
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

    repo_root: Path
    results_dir: Path
    corpus_dir: Path
    mcp_config: Path
    default_backend: str
    documents: list[dict[str, Any]] | None
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


def _inside(path: Path, root: Path) -> bool:
    """Whether ``path`` (as named, or once links are followed) lies inside ``root``."""
    return path.absolute().is_relative_to(root.resolve()) or inside(path, root)


@dataclass(frozen=True)
class GaiaPython:
    """GAIA's interpreter, or why there is none to ask."""

    path: str | None
    origin: str
    """Where it was named (an environment variable, the user config file, PATH)."""
    refused: str | None = None
    """Why a named interpreter is not used (it lies inside the suite), else None."""


def _program(value: Any) -> str | None:
    """A runner's program (its first word), however the runner was given."""
    try:
        return Settings(runner=value).runner[0]
    except ValueError:
        return None


def find_python(settings: Settings) -> GaiaPython:
    """GAIA's interpreter, named at user level only (``intake.userconfig``).

    ``INTAKE_GAIA_PYTHON`` or ``gaia_python`` in the user config file; else the interpreter of
    the user-level runner's program (``INTAKE_RUNNER``, ``runner`` in the user config file), or
    of ``gaia`` on PATH: the program itself when it is a Python, else its ``#!`` line. The
    checkout's ``[tool.intake]`` is never read for it; an interpreter (or program) that lies
    inside the suite root is refused, whoever named it.
    """
    root = settings.root
    named = user_setting("gaia_python", outside=root)
    if named is not None:
        text = str(named.value).strip()
        bare = os.sep not in text and "/" not in text
        path = Path(shutil.which(text) or text) if bare else Path(text).expanduser()
        if _inside(path, root):
            return GaiaPython(None, named.origin, refused=str(path))
        return GaiaPython(str(path) if path.is_file() else None, named.origin)
    runner = user_setting("runner", outside=root)
    program = _program(runner.value) if runner is not None else "gaia"
    origin = runner.origin if runner is not None else "gaia on PATH"
    if program is None:
        return GaiaPython(None, origin)
    if os.sep in program or "/" in program:
        found: str | None = str(Path(program).expanduser())
    else:
        found = shutil.which(program)
    if found is None or not Path(found).is_file():
        return GaiaPython(None, origin)
    if _inside(Path(found), root):
        return GaiaPython(None, origin, refused=found)
    python = found if Path(found).name.lower().startswith("python") else _shebang(Path(found))
    if python is not None and _inside(Path(python), root):
        return GaiaPython(None, origin, refused=python)
    return GaiaPython(python, origin)


def ignored_settings(settings: Settings) -> list[str]:
    """The checkout's settings that name a program intake will not start for GAIA's verdict.

    ``gaia_python`` and ``runner`` count only at user level; a value in ``[tool.intake]``
    that no user-level setting repeats is named here, so the CLI can say it is not used.
    """
    found: list[str] = []
    root = settings.root
    if settings.gaia_python is not None and user_setting("gaia_python", outside=root) is None:
        found.append("gaia_python")
    default = Settings.model_fields["runner"].get_default(call_default_factory=True)
    if settings.runner != default and user_setting("runner", outside=root) is None:
        found.append("runner")
    return found


def gaia_notes(settings: Settings) -> list[str]:
    """One line each for what the verdict commands leave aside: a checkout-named
    interpreter or runner, an interpreter inside the suite (the CLI prints them as notes)."""
    where = user_config_path()
    lines = [
        f"{key} in [tool.intake] is not used to find GAIA's interpreter (the checkout does not "
        f"choose what runs): set INTAKE_{key.upper()} or {key} in {where}"
        for key in ignored_settings(settings)
    ]
    found = find_python(settings)
    if found.refused is not None:
        lines.append(
            f"GAIA's interpreter ({found.origin}) lies inside this suite and is not run: "
            "intake's copy of GAIA's rules only"
        )
    return lines


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


def _probe(
    python: str, settings: Settings, mode: str, files: list[Path], **more: object
) -> dict[str, Any] | None:
    """Run the probe in ``python`` on ``files`` (``mode``: ``run`` or ``verdict``; ``more``
    joins the request): isolated mode, from a fresh folder outside every checkout."""
    request = {"mode": mode, "root": str(settings.root), "files": [str(p.resolve()) for p in files]}
    try:
        with tempfile.TemporaryDirectory(prefix="intake-gaia-") as folder:
            done = subprocess.run(
                [python, "-I", "-c", PROBE],
                input=json.dumps(request).encode("utf-8"),
                capture_output=True,
                timeout=PROBE_TIMEOUT,
                cwd=folder,
                check=False,
            )
    except (OSError, subprocess.SubprocessError):
        return None
    return _answer(done.stdout[-MAX_PROBE_OUTPUT:])


def _answered(answer: dict[str, Any], files: list[Path]) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Each verdict of a probe's answer with the file it is about, as given."""
    by_path = {str(p.resolve()): p for p in files}
    for item in answer.get("verdicts") or []:
        if isinstance(item, dict) and str(item.get("file")) in by_path:
            yield by_path[str(item["file"])], item


def ask_gaia(
    settings: Settings,
    files: list[Path] | None = None,
    *,
    models: bool = False,
) -> GaiaInfo | None:
    """Ask the installed GAIA where it runs (``run`` mode, for commands that run GAIA on
    purpose; None: no interpreter, GAIA not importable, or the probe failed)."""
    python = find_python(settings).path
    if python is None:
        return None
    answer = _probe(python, settings, "run", files or [], models=models)
    if answer is None or answer.get("importable") is not True:
        return None
    try:
        repo_root = Path(str(answer["repo_root"]))
    except KeyError:
        return None
    info = GaiaInfo(
        repo_root=repo_root,
        results_dir=Path(str(answer.get("results_dir") or repo_root / "eval" / "results")),
        corpus_dir=Path(str(answer.get("corpus_dir") or repo_root / "eval" / "corpus")),
        mcp_config=Path(str(answer.get("mcp_config") or repo_root / "eval" / "mcp-config.json")),
        default_backend=str(answer.get("default_backend") or DEFAULT_BACKEND),
        documents=_documents(answer.get("documents")),
    )
    local = answer.get("local_models")
    info.local_models = tuple(str(n) for n in local) if isinstance(local, list) else None
    for path, item in _answered(answer, files or []):
        info.verdicts[str(path)] = _verdict(item)
    return info


# --- GAIA's CI verdict, asked once per GAIA installation ---------------------------------

CACHE_FORMAT = 1
MAX_CACHED_VERDICTS = 20_000
"""Verdicts kept per installation (the oldest go first): a bound, not a working-set guess."""


@dataclass
class GaiaVerdicts:
    """GAIA's CI verdict on the files asked about (``validate_scenario`` on each)."""

    verdicts: dict[str, GaiaVerdict]
    """By the path as given."""
    asked: int = 0
    """Files GAIA's interpreter was started for this time (0: every answer was cached)."""
    inside: str | None = None
    """Set (and no verdict given) when GAIA is installed from inside the suite."""


def _sha256(path: Path, prefix: bytes = b"") -> str | None:
    """The file's SHA-256 (after ``prefix``), or None when it cannot be read."""
    try:
        return hashlib.sha256(prefix + path.read_bytes()).hexdigest()
    except OSError:
        return None


def _stat(python: str) -> list[int] | None:
    try:
        found = Path(python).resolve().stat()
    except OSError:
        return None
    return [found.st_size, found.st_mtime_ns]


def _cache_file(settings: Settings, python: str) -> Path | None:
    folder = user_cache_dir(outside=settings.root)
    if folder is None:
        return None
    name = hashlib.sha256(str(Path(python).absolute()).encode("utf-8")).hexdigest()[:32]
    return folder / "gaia" / f"{name}.json"


def _load_cache(where: Path | None, python: str) -> dict[str, Any]:
    """The cached answers of this installation, or an empty entry when anything changed."""
    fresh: dict[str, Any] = {"format": CACHE_FORMAT, "python": python, "verdicts": {}}
    if where is None:
        return fresh
    try:
        doc = json.loads(where.read_text(encoding="utf-8")[:64_000_000])
    except (OSError, UnicodeDecodeError, ValueError):
        return fresh
    if not isinstance(doc, dict) or doc.get("format") != CACHE_FORMAT:
        return fresh
    files = doc.get("validator_files")
    if doc.get("python") != python or doc.get("python_stat") != _stat(python):
        return fresh
    if not isinstance(files, dict) or not files or not isinstance(doc.get("verdicts"), dict):
        return fresh
    if any(_sha256(Path(name)) != digest for name, digest in files.items()):
        return fresh
    return doc


def _save_cache(where: Path | None, doc: dict[str, Any]) -> None:
    if where is None:
        return
    verdicts = doc["verdicts"]
    while len(verdicts) > MAX_CACHED_VERDICTS:
        verdicts.pop(next(iter(verdicts)))
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(where, json.dumps(doc, sort_keys=False))
    except OSError:
        return


def gaia_verdicts(settings: Settings, files: list[Path]) -> GaiaVerdicts | None:
    """GAIA's CI verdict on ``files`` (None: no GAIA to ask, or the probe failed).

    Cached answers are used while the installation is unchanged; only the files with no
    cached answer are sent to GAIA, in one probe. GAIA installed from inside the suite is not
    run: the answer then carries ``inside`` and no verdict.
    """
    python = find_python(settings).path
    if python is None:
        return None
    where = _cache_file(settings, python)
    doc = _load_cache(where, python)
    cached: dict[str, dict[str, Any]] = doc["verdicts"]
    # a scenario's key is its name and content (GAIA's messages name the file)
    keys = {str(p): _sha256(p, p.name.encode("utf-8") + b"\0") for p in files}
    answer = GaiaVerdicts(verdicts={})
    missing = [p for p in files if keys[str(p)] is None or keys[str(p)] not in cached]
    planted = [n for n in doc.get("validator_files") or {} if _inside(Path(n), settings.root)]
    if planted:
        answer.inside = planted[0]
        return answer
    if missing:
        found = _probe(python, settings, "verdict", missing)
        if found is None:
            return None
        if isinstance(found.get("inside"), str):
            answer.inside = found["inside"]
            return answer
        if found.get("importable") is not True:
            return None
        answer.asked = len(missing)
        for path, item in _answered(found, missing):
            key = keys[str(path)]
            if key is not None:
                cached.pop(key, None)
                cached[key] = {"valid": item.get("valid") is True, "message": item.get("message")}
        names = [str(n) for n in found.get("validator_files") or [] if isinstance(n, str)]
        doc["validator_files"] = {n: _sha256(Path(n)) for n in names}
        doc["version"] = found.get("version")
        doc["python_stat"] = _stat(python)
        if names and all(doc["validator_files"].values()):
            _save_cache(where, doc)
    for path in files:
        kept = cached.get(keys[str(path)] or "")
        if kept is not None:
            answer.verdicts[str(path)] = _verdict(
                {"valid": kept.get("valid"), "file": str(path), "message": kept.get("message")}
            )
    return answer


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
    args of ``eval/mcp-config.json`` (``agent_ui_mcp.py`` ``main``), else ``default``."""
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
