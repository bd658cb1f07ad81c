"""``intake run``: drive GAIA's runner on one draft and record what it measured.

The order is the contract, step by step in docs/promotion.md ("intake run"): refusals that run
and record nothing (``refuse_unready``, exit 1); configuration and where GAIA runs
(``prepare_run``, exit 2: the tier's list, the runner, GAIA's REPO_ROOT and documents, the
backend GAIA's eval agent really uses and the model it has loaded); the runner on this draft
alone, in a fresh folder and its own process group, once per iteration (``run_draft``); the
backend asked again; each scorecard recorded through ``record_run``, the code of
``intake run-record``. GAIA's files and names cited here are pinned in docs/gaia-formats.md
(sections runner, cli, agent_ui_mcp, ui-models, ui-system).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from intake.config import Settings
from intake.contract.gaia import DEFAULT_BACKEND as GAIA_DEFAULT_BACKEND
from intake.contract.gaia import GaiaInfo, agent_backend, ask_gaia, document_keys
from intake.contract.models import Run, has_placeholder
from intake.contract.plain import JUDGED_STATUSES, RunTier, ScenarioView
from intake.contract.validate import Severity, validate_file
from intake.errors import EXIT_FINDINGS, IntakeError, NetworkError, SourceError, UsageError
from intake.lifecycle.runs.record import check_is_this_draft, record_run
from intake.lifecycle.runs.results import check_name, read_result, safe_name
from intake.paths import display_path, inside
from intake.portable import decode_output, new_group_options, stop_tree, termination_signals
from intake.scrub import scrub_scan, scrubber_for
from intake.store.records import record_path, runnable_hash
from intake.store.suite import find_draft, finding_types, load_draft_record
from intake.userconfig import user_config_path, user_setting

STATUS_PATH = "/api/system/status"
STATUS_TIMEOUT = 5.0
"""Seconds to wait for the backend's status (GAIA's own pre-flight waits 5 s: ``runner.py``
``preflight_check``)."""
TAIL_LINES = 15
"""How many of the runner's last lines a failure shows."""
KILL_GRACE = 3.0
"""Seconds between the gentle stop (SIGTERM) and the forced one when the runner's group is
stopped."""
OUTPUT_LINE = re.compile(r"^Output:\s+(?P<path>\S.*?)\s*$")


class RunRefused(IntakeError):
    """The draft may not be run as it is (private, placeholders, scrub findings)."""

    exit_code = EXIT_FINDINGS


class RunnerFailed(SourceError):
    """The runner failed, hung or wrote nothing usable; ``tail`` holds its last lines, scrubbed."""

    def __init__(
        self, message: str, *, tail: list[str], where: str | None = None, hint: str | None = None
    ) -> None:
        super().__init__(message, where=where, hint=hint)
        self.tail = tail


@dataclass
class RunResult:
    """What ``intake run`` did."""

    draft: Path
    tier: RunTier
    model: str
    judge: str | None
    iterations: int
    runner_exit: int
    runs: list[Run] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _shown_url(settings: Settings, url: str) -> str:
    """The backend URL for messages, unless it carries credentials or scrubber findings."""

    parts = urllib.parse.urlsplit(url)
    if parts.username or parts.password or finding_types(settings, url):
        return "the configured backend URL (not shown)"
    return url


def check_backend_url(url: str) -> str:
    """``url`` without a trailing slash, when it is an http(s) URL with a host."""
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UsageError(
            "the backend URL is not an http(s) URL with a host (--backend or backend_url)",
            hint="e.g. --backend http://localhost:4200",
        )
    if parts.username or parts.password:
        raise UsageError(
            "the backend URL holds a user name or password; not used, not shown "
            "(--backend or backend_url)",
            hint="GAIA's Agent UI takes no credentials in the URL: e.g. http://localhost:4200",
        )
    return url.strip().rstrip("/")


def backend_model(settings: Settings, url: str, *, timeout: float = STATUS_TIMEOUT) -> str | None:
    """``model_loaded`` from the backend's status (None: nothing loaded or Lemonade down)."""
    shown = _shown_url(settings, url)
    try:
        with urllib.request.urlopen(url + STATUS_PATH, timeout=timeout) as reply:  # noqa: S310
            raw = reply.read(1_000_000)
    except urllib.error.HTTPError as exc:
        raise NetworkError(
            f"the Agent UI backend answered HTTP {exc.code} to {STATUS_PATH}", where=shown
        ) from None
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        what = "timed out" if isinstance(reason, TimeoutError) else type(reason).__name__
        if isinstance(reason, ConnectionRefusedError):
            what = "connection refused"
        elif isinstance(reason, socket.gaierror):
            what = "host not found"
        raise NetworkError(
            f"the Agent UI backend did not answer {STATUS_PATH} ({what})",
            where=shown,
            hint="start GAIA's Agent UI (`gaia chat --ui`) or pass --backend URL",
        ) from None
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise NetworkError(
            f"the Agent UI backend's {STATUS_PATH} is not JSON", where=shown
        ) from None
    if not isinstance(doc, dict):
        raise NetworkError(f"the Agent UI backend's {STATUS_PATH} is not an object", where=shown)
    if doc.get("lemonade_running") is False:
        return None
    model = doc.get("model_loaded")
    return model if isinstance(model, str) and model.strip() else None


def _model_name(settings: Settings, model: str, configured: tuple[str, ...]) -> str:
    """A model name for a message: itself when configured or plain, else a placeholder."""

    if model in configured or (safe_name(model) and not finding_types(settings, model)):
        return repr(model)
    return "(a name that is not plain, not shown)"


def check_model(settings: Settings, tier: RunTier, model: str | None) -> str:
    """The loaded model, when it is on the tier's list; UsageError naming model and list."""
    mine = settings.strong_models if tier is RunTier.strong else settings.local_models
    listed = ", ".join(mine)
    if model is None:
        raise UsageError(
            "the Agent UI backend has no model loaded, so the model under test is unknown",
            hint=f"load a {tier.value} model in the Agent UI ({tier.value}_models = {listed})",
        )
    if model not in mine:
        configured = (*settings.strong_models, *settings.local_models)
        raise UsageError(
            f"the backend's loaded model {_model_name(settings, model, configured)} is not a "
            f"{tier.value} model ({tier.value}_models = {listed})",
            hint=f"load one of them in the Agent UI, or add the model to {tier.value}_models "
            "in [tool.intake]",
        )
    return model


class Ready(NamedTuple):
    """A draft that may be run, as read once: its view and its runnable hash."""

    scenario: ScenarioView
    runnable_hash: str

    @property
    def documents(self) -> tuple[str, ...]:
        """The documents GAIA's runner looks for before it runs the draft (``runner.py``
        ``_documents_exist``: the ``path`` of each mapping in ``setup.index_documents``)."""
        return tuple(d.path for d in self.scenario.documents if d.mapping and d.path)


def refuse_unready(settings: Settings, draft: Path) -> Ready:
    """Exit-1 refusals (private, not strictly valid, placeholders, scrub); the draft read."""

    where = display_path(draft, settings.root)
    record = load_draft_record(settings, draft)
    private_dir = draft.parent.resolve() == settings.private_drafts.resolve()
    if private_dir or record.source.private:
        raise RunRefused(
            "a private draft never leaves the machine, and GAIA's runner sends the scenario "
            "to its cloud simulator and judge: not run",
            where=where,
            hint="if the session is not private after all, make it a public draft first",
        )
    result = validate_file(draft, strict=True, drafts_dir=settings.drafts, display=where)
    errors = [p for p in result.problems if p.severity is Severity.error]
    if errors or result.data is None:
        first = errors[0] if errors else None
        detail = f"; first: line {first.line}: {first.message}" if first else ""
        raise RunRefused(
            f"the draft fails strict validation ({len(errors)} problem(s){detail}): not run",
            where=where,
            hint=f"`intake validate --strict {where}` lists them",
        )
    if has_placeholder(result.data):
        raise RunRefused(
            "the draft still holds a TODO(intake) placeholder: not run",
            where=where,
            hint="write the real criteria and ground truth first",
        )
    hits, error = scrub_scan([draft, record_path(draft)], settings)
    if hits is None:
        raise RunRefused(f"the scrub re-scan could not run ({error}): not run", where=where)
    if hits:
        listed = "; ".join(str(h) for h in hits[:3]) + (" …" if len(hits) > 3 else "")
        raise RunRefused(
            f"the scrub re-scan found {len(hits)} value(s) ({listed}): not run",
            where=where,
            hint=f"run `intake scrub {where}` (or remove them by hand), then run again",
        )
    return Ready(ScenarioView.of(result.data), runnable_hash(result.data))


def runner_command(settings: Settings) -> list[str]:
    """The runner as the user names it (``INTAKE_RUNNER``, ``runner`` in the user config file),
    else the default ``gaia eval agent``; exit 2 for a runner only the checkout's
    ``[tool.intake]`` names: a pull request must not choose the program ``run`` and ``control``
    start (docs/trust-gaia.md)."""
    named = user_setting("runner", outside=settings.root)
    if named is not None:
        return Settings(root=settings.root, runner=named.value).runner
    default = Settings.model_fields["runner"].get_default(call_default_factory=True)
    if settings.runner != default:
        raise UsageError(
            "the runner is named only by the checkout's [tool.intake]: intake starts GAIA's "
            "runner only as you name it",
            where="runner in [tool.intake]",
            hint=f"set INTAKE_RUNNER or runner in {user_config_path()} (the same list), or "
            "leave runner out to use `gaia eval agent` from PATH",
        )
    return list(settings.runner)


def find_runner(settings: Settings) -> list[str]:
    """The runner command (``runner_command``) with its program resolved (from the suite
    root), or exit 2."""
    program, *rest = runner_command(settings)
    if os.sep in program or "/" in program:
        found = shutil.which(str(settings.path(Path(program))))  # PATHEXT on Windows
    else:
        found = shutil.which(program)
    if found is None:
        raise UsageError(
            f"the runner {Path(program).name!r} was not found",
            where="runner in [tool.intake]",
            hint="install GAIA from a source checkout (`pip install -e .` in amd/gaia: "
            "`gaia eval agent` needs its eval/ folder), or set runner in [tool.intake]",
        )
    return [found, *rest]


def _eval_dirs(folder: Path) -> set[str]:
    with contextlib.suppress(OSError):
        return {p.name for p in folder.glob("eval-*") if p.is_dir()}
    return set()


@contextlib.contextmanager
def scenario_folder(draft: Path) -> Iterator[Path]:
    """A fresh private folder holding a copy of the draft as ``<id>.yaml`` and nothing else."""
    folder = Path(tempfile.mkdtemp(prefix="intake-run-"))
    try:
        shutil.copyfile(draft, folder / f"{draft.stem}.yaml")
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@dataclass
class _Stream:
    tail: deque[str]
    outputs: list[str] = field(default_factory=list)


def _pump(
    pipe: Any, stream: _Stream, show: Callable[[str], None], clean: Callable[[str], str]
) -> None:
    for raw in iter(pipe.readline, b""):
        line = decode_output(raw).rstrip("\r\n")
        match = OUTPUT_LINE.match(line)
        if match:
            stream.outputs.append(match["path"])
        cleaned = clean(line)
        stream.tail.append(cleaned)
        show(cleaned)
    pipe.close()


def execute(
    command: list[str],
    *,
    cwd: Path,
    timeout: float,
    show: Callable[[str], None],
    clean: Callable[[str], str],
    where: str | None = None,
) -> tuple[int, _Stream]:
    """Run ``command`` in its own session, streaming its output; stop its group on Ctrl-C or
    after ``timeout`` seconds (``RunnerFailed``)."""
    stream = _Stream(tail=deque(maxlen=TAIL_LINES))
    proc = subprocess.Popen(
        command,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        **new_group_options(),
    )
    reader = threading.Thread(target=_pump, args=(proc.stdout, stream, show, clean), daemon=True)
    reader.start()
    previous = _interrupt_on_termination()
    try:
        proc.wait(timeout=timeout)
    except BaseException as exc:  # the time limit, Ctrl-C or anything else: stop the group
        stop_tree(proc, KILL_GRACE)
        reader.join(timeout=KILL_GRACE)
        if not isinstance(exc, subprocess.TimeoutExpired):
            raise
        raise RunnerFailed(
            f"the runner was still running after {timeout:g} s (GAIA's own per-scenario limit "
            "plus its start-up); its process group was stopped and nothing more was recorded",
            tail=list(stream.tail),
            where=where,
            hint="GAIA itself hung before or after its scenario clock; see its last lines",
        ) from None
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    reader.join(timeout=KILL_GRACE)
    return proc.returncode, stream


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _interrupt_on_termination() -> dict[signal.Signals, Any]:
    """SIGTERM and SIGHUP (SIGBREAK on Windows) become Ctrl-C while the runner runs; returns
    the old handlers.

    The runner has its own session, so a closed terminal or a cancelled CI job reaches intake
    only: without this intake would die and leave the runner (a paid run) going on its own.
    """
    previous: dict[signal.Signals, Any] = {}
    if threading.current_thread() is not threading.main_thread():
        return previous
    for sig in termination_signals():
        previous[sig] = signal.signal(sig, _interrupt)
    return previous


def find_scorecards(
    settings: Settings,
    stream: _Stream,
    before: set[str],
    scenario_id: str,
    results: Path | None = None,
) -> list[Path]:
    """The run folders this runner wrote whose scorecard holds ``scenario_id``, in run order.

    From the ``Output: <run dir>`` lines first; else the ``eval-*`` folders under
    ``results`` (default ``results_dir``) that were not there before the run. Duplicates
    (GAIA reuses a folder for two runs in the same UTC second) count once.
    """
    results = settings.path(settings.results_dir) if results is None else results
    candidates = [Path(p) for p in stream.outputs]
    if not candidates:
        candidates = [results / name for name in sorted(_eval_dirs(results) - before)]
    found: list[Path] = []
    for folder in candidates:
        card = (folder / "scorecard.json").resolve()
        if card in found or not card.is_file():
            continue
        try:
            read_result(card, scenario_id)
        except IntakeError:
            continue
        found.append(card)
    return found


# ── where GAIA reads and writes (REPO_ROOT, runner.py) ──────────────────────────────────────
@dataclass(frozen=True)
class Where:
    """Where GAIA's runner writes results, reads its corpus and finds its MCP config."""

    repo_root: Path
    results_dir: Path
    corpus_dir: Path
    mcp_config: Path
    default_backend: str
    gaia: GaiaInfo | None
    """GAIA's own answer, when GAIA could be asked (``intake.contract.gaia``)."""

    def is_suite(self, settings: Settings) -> bool:
        """Whether GAIA's REPO_ROOT is this suite."""
        return _same_path(self.repo_root, settings.root)


def _same_path(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def gaia_where(settings: Settings, draft: Path | None = None) -> Where:
    """GAIA's REPO_ROOT and folders, asked of GAIA (its runner's interpreter); without GAIA,
    the suite is taken for GAIA's checkout (``results_dir``, ``eval/corpus``)."""
    info = ask_gaia(settings, [draft] if draft is not None else [])
    if info is None:
        return Where(
            repo_root=settings.root,
            results_dir=settings.path(settings.results_dir),
            corpus_dir=settings.root / "eval" / "corpus",
            mcp_config=settings.root / "eval" / "mcp-config.json",
            default_backend=GAIA_DEFAULT_BACKEND,
            gaia=None,
        )
    results = info.results_dir
    if _same_path(info.repo_root, settings.root):
        results = settings.path(settings.results_dir)
    return Where(
        info.repo_root, results, info.corpus_dir, info.mcp_config, info.default_backend, info
    )


def where_notes(settings: Settings, where: Where) -> list[str]:
    """What to say before running when GAIA's checkout is not this suite."""
    if where.is_suite(settings):
        return []
    shown = display_path(where.repo_root, settings.root)
    ours = settings.path(settings.results_dir)
    return [
        f"GAIA runs from another checkout ({shown}, its REPO_ROOT in runner.py): it writes "
        f"results under {display_path(where.results_dir, settings.root)} and reads its corpus "
        f"from {display_path(where.corpus_dir, settings.root)}, not this suite's; each recorded "
        f"run's scorecard is copied into {display_path(ours, settings.root)}"
    ]


_LOOPBACK = {"localhost", "127.0.0.1", "::1"}


def _endpoint(url: str) -> tuple[str, str, int]:
    parts = urllib.parse.urlsplit(url)
    host = (parts.hostname or "").lower()
    host = "localhost" if host in _LOOPBACK else host
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return parts.scheme, host, port


def fixed_backend(settings: Settings, where: Where, requested: str | None) -> str:
    """The backend GAIA's eval agent really uses (``agent_ui_mcp.py`` ``DEFAULT_BACKEND``, or
    ``--backend`` in ``eval/mcp-config.json``); a different ``--backend``/``backend_url`` is
    exit 2: GAIA passes it to its pre-flight only, so the model read there would not be the
    model under test."""
    url = check_backend_url(requested or settings.backend_url)
    fixed = agent_backend(where.mcp_config, where.default_backend)
    if _endpoint(url) != _endpoint(fixed):
        shown, agent = _shown_url(settings, url), _shown_url(settings, fixed)
        if requested:
            named, hint = "--backend", f"serve the model on {agent} and drop --backend"
        elif "backend_url" in settings.model_fields_set:
            named = "backend_url"
            hint = f'set backend_url = "{agent}" (or remove it) where it is configured'
        else:  # nothing given: GAIA's own configuration sends its agent elsewhere
            named = f"intake's default backend_url, {display_path(where.mcp_config, settings.root)}"
            hint = (
                f'set backend_url = "{agent}" in [tool.intake]: the backend '
                f"{display_path(where.mcp_config, settings.root)} names for GAIA's eval agent"
            )
        raise UsageError(
            f"{shown} is not the backend GAIA's eval agent uses "
            f"({agent}: agent_ui_mcp.py's DEFAULT_BACKEND and eval/mcp-config.json), "
            "so its model would not be the model under test: not run",
            where=named,
            hint=hint,
        )
    return url


def check_documents(settings: Settings, where: Where, ready: Ready, draft: Path) -> None:
    """Exit 2 when GAIA would skip the draft (SKIPPED_NO_DOCUMENT: ``runner.py``
    ``_documents_exist``): a ``setup.index_documents`` path is not under GAIA's REPO_ROOT."""
    missing = [path for path in ready.documents if not (where.repo_root / path).exists()]
    verdict = where.gaia.verdicts.get(str(draft)) if where.gaia is not None else None
    if verdict is not None and verdict.documents_exist is False and not missing:
        missing = ["(a document GAIA's _documents_exist does not find)"]
    if not missing:
        return
    first = missing[0]
    in_suite = (settings.root / first).exists() and not where.is_suite(settings)
    why = (
        f"it is in this suite, but GAIA looks under its own checkout "
        f"({display_path(where.repo_root, settings.root)})"
        if in_suite
        else "it is not there"
    )
    raise UsageError(
        f"GAIA would skip this draft (SKIPPED_NO_DOCUMENT): document {first[:200]!r} is not "
        f"under GAIA's REPO_ROOT ({why}): not run",
        where=display_path(draft, settings.root),
        hint="put the document under GAIA's checkout at that path (or run GAIA installed "
        "from this suite)",
    )


def _manifest_keys(folder: Path) -> set[str]:
    """A corpus folder's manifest documents' keys (``document_keys``; unreadable: none)."""
    try:
        doc = json.loads((folder / "manifest.json").read_text(encoding="utf-8")[:50_000_000])
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return set()
    docs = doc.get("documents") if isinstance(doc, dict) else None
    return document_keys([d for d in docs or [] if isinstance(d, dict)])


def extra_corpus(settings: Settings, where: Where) -> list[Path]:
    """``--corpus-dir`` only when the suite's corpus adds documents GAIA would not already
    read: GAIA appends a ``--corpus-dir`` manifest to its own without de-duplicating
    (``runner.py`` ``_load_merged_manifest``), so passing its own corpus doubles every
    document in the prompt."""
    if settings.corpus_dir is None:
        return []
    corpus = settings.path(settings.corpus_dir)
    if _same_path(corpus, where.corpus_dir) or not (corpus / "manifest.json").is_file():
        return []
    if where.gaia is not None and where.gaia.documents is not None:
        own = document_keys(where.gaia.documents)
    else:
        own = _manifest_keys(where.corpus_dir) | _manifest_keys(where.corpus_dir / "real_world")
    added = _manifest_keys(corpus) - own
    return [corpus] if added else []


# ── time limits (runner.py _compute_effective_timeout) ───────────────────────────────────────
GAIA_STARTUP_S = 240
GAIA_PER_DOCUMENT_S = 90
GAIA_PER_TURN_S = 200
GAIA_MAX_TIMEOUT_S = 7200
START_MARGIN_S = 180
"""Seconds GAIA spends before its per-scenario clock starts (import, lock, scenario scan and
validation, pre-flight with its 5 s probes) and after it (scorecard): intake's margin."""


def gaia_timeout(base: int, scenario: ScenarioView) -> int:
    """GAIA's per-scenario limit: min(max(--timeout, 240 + 90·docs + 200·turns), 7200)."""
    docs, turns = len(scenario.documents), len(scenario.turns)
    effective = max(base, GAIA_STARTUP_S + docs * GAIA_PER_DOCUMENT_S + turns * GAIA_PER_TURN_S)
    return min(effective, GAIA_MAX_TIMEOUT_S)


def outer_limit(base: int, scenario: ScenarioView) -> float:
    """intake's limit for one runner invocation: GAIA's own limit plus its start-up, so a
    hung scenario is GAIA's recorded TIMEOUT, not a run intake killed."""
    return float(gaia_timeout(base, scenario) + START_MARGIN_S)


# ── result folders: one per UTC second, leftovers, GAIA's reliability report ───────────────
RELIABILITY_REPORT = "reliability_report.json"
_RUN_STAMP = re.compile(r"^eval-(\d{8}-\d{6})$")


def _wait_for_a_new_second(results: Path) -> None:
    """Sleep until the UTC second is later than that of every run folder there."""
    stamps = [m[1] for name in _eval_dirs(results) if (m := _RUN_STAMP.match(name))]
    if not stamps:
        return
    latest = datetime.strptime(max(stamps), "%Y%m%d-%H%M%S").replace(tzinfo=UTC)
    while True:
        now = datetime.now(UTC).replace(microsecond=0)
        if now > latest:
            return
        time.sleep(min(1.0, max(0.05, (latest - now).total_seconds() + 0.05)))


def _into_suite(settings: Settings, where: Where, card: Path) -> Path:
    """The scorecard the record names: itself inside the suite; else a copy of its run folder's
    scorecard, summary and this draft's trace under the suite's ``results_dir`` (GAIA's copy,
    in GAIA's checkout, is removed with the other leftovers)."""
    if where.is_suite(settings) or inside(card, settings.root):
        return card
    target = settings.path(settings.results_dir) / card.parent.name
    (target / "traces").mkdir(parents=True, exist_ok=True)
    for name in ("scorecard.json", "summary.md"):
        if (card.parent / name).is_file():
            shutil.copyfile(card.parent / name, target / name)
    for trace in (card.parent / "traces").glob("*.json"):
        shutil.copyfile(trace, target / "traces" / trace.name)
    return target / "scorecard.json"


def _remove_leftovers(
    results: Path, before: set[str], kept: set[str], where: Where, settings: Settings
) -> list[str]:
    """Remove the ``eval-*`` folders this call made and did not keep; returns their names.

    GAIA allows one run per machine (``runner.py`` ``_acquire_eval_lock``), so new folders are
    this call's. A recorded folder in another checkout was copied into the suite, so it goes
    too.
    """
    copied = not where.is_suite(settings)
    removed: list[str] = []
    for name in sorted(_eval_dirs(results) - before):
        if name in kept and not copied:
            continue
        shutil.rmtree(results / name, ignore_errors=True)
        if name not in kept:
            removed.append(name)
    return removed


def _snapshot(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _restore(path: Path, before: bytes | None) -> None:
    """Put ``path`` back as it was (absent stays absent)."""
    now = _snapshot(path)
    if now == before:
        return
    with contextlib.suppress(OSError):
        if before is None:
            path.unlink()
        else:
            path.write_bytes(before)


@dataclass
class Plan:
    """Everything decided before GAIA's runner starts (``prepare_run``)."""

    draft: Path
    scenario_id: str
    scenario: ScenarioView
    tier: RunTier
    model: str
    judge: str | None
    backend: str
    where: Where
    command: list[str]
    outer_limit: float
    notes: list[str] = field(default_factory=list)


def prepare_run(
    settings: Settings,
    target: str,
    tier: RunTier,
    *,
    backend: str | None = None,
    judge: str | None = None,
    timeout: int | None = None,
    folder: Path,
) -> Plan:
    """Refusals and checks (nothing runs); the command for GAIA's runner on ``folder``."""

    limit = settings.run_timeout if timeout is None else timeout
    if limit < 1:
        raise UsageError("--timeout must be at least 1 second")
    draft = find_draft(settings, target)
    scenario_id = draft.stem
    ready = refuse_unready(settings, draft)
    scenario = ready.scenario
    judge = judge_model(settings, judge)
    program = find_runner(settings)
    where = gaia_where(settings, draft)
    url = fixed_backend(settings, where, backend)
    check_documents(settings, where, ready, draft)
    loaded = backend_model(settings, url)
    model = check_model(settings, tier, loaded)
    corpora = extra_corpus(settings, where)
    command = gaia_command(program, scenario_id, folder, url, 1, limit, corpora, judge)
    plan = Plan(
        draft,
        scenario_id,
        scenario,
        tier,
        model,
        judge,
        url,
        where,
        command,
        outer_limit(limit, scenario),
    )
    plan.notes.extend(where_notes(settings, where))
    return plan


def judge_model(settings: Settings, judge: str | None) -> str | None:
    """GAIA's judge: ``--judge``, else ``judge_model``, checked as a name (``check_name``)."""
    judge = judge if judge is not None else settings.judge_model
    if judge is None:
        return None
    configured = (*settings.strong_models, *settings.local_models)
    return check_name(
        settings, "the judge model (--judge or judge_model)", judge.strip(), configured=configured
    )


def _require_tier_list(settings: Settings, tier: RunTier) -> None:
    mine = settings.strong_models if tier is RunTier.strong else settings.local_models
    if not mine:
        raise UsageError(
            f"{tier.value}_models is empty, so no loaded model can count as the {tier.value} tier",
            where="[tool.intake]",
            hint=f'set {tier.value}_models = ["…"] in [tool.intake]',
        )


def gaia_command(
    program: list[str],
    scenario_id: str,
    folder: Path,
    url: str,
    iterations: int,
    limit: int,
    corpora: list[Path],
    judge: str | None,
) -> list[str]:
    """``gaia eval agent`` on the one scenario in ``folder`` (``intake run`` and ``control``)."""
    command = [*program, "--scenario", scenario_id, "--scenario-dir", str(folder)]
    command += ["--backend", url, "--iterations", str(iterations), "--timeout", str(limit)]
    for corpus in corpora:
        command += ["--corpus-dir", str(corpus)]
    return command + (["--model", judge] if judge is not None else [])


def invoke_runner(
    settings: Settings,
    draft: Path,
    program: list[str],
    *,
    url: str,
    iterations: int,
    limit: int,
    judge: str | None,
    show: Callable[[str], None],
    clean: Callable[[str], str],
) -> tuple[int, _Stream, set[str]]:
    """Run GAIA's runner on the draft alone, all iterations in one call (``intake control``).

    ``intake run`` goes through ``run_draft`` (one call per iteration, the fixed backend,
    the de-duplicated corpus); the control's replay serves its own backend, so it keeps this
    single call.

    Returns the runner's exit status, its stream (tail, ``Output:`` lines) and the ``eval-*``
    folders under ``results_dir`` before it started (for ``find_scorecards``).
    """
    scenario_id = draft.stem
    before = _eval_dirs(settings.path(settings.results_dir))
    with scenario_folder(draft) as folder:
        corpora = [] if settings.corpus_dir is None else [settings.path(settings.corpus_dir)]
        command = gaia_command(program, scenario_id, folder, url, iterations, limit, corpora, judge)
        code, stream = execute(
            command,
            cwd=settings.root,
            timeout=limit * iterations,
            show=show,
            clean=clean,
            where=scenario_id,
        )
    return code, stream, before


def run_draft(
    settings: Settings,
    target: str,
    tier: RunTier,
    *,
    iterations: int = 1,
    backend: str | None = None,
    judge: str | None = None,
    timeout: int | None = None,
    show: Callable[[str], None] = lambda _line: None,
    say: Callable[[str], None] = lambda _line: None,
) -> RunResult:
    """``intake run``: prepare, then run GAIA's runner once per iteration on the draft alone,
    recording each scorecard as ``intake run-record`` would (``record_run``).

    Each iteration is its own ``gaia eval agent --iterations 1``, started in a later UTC second
    than the last run folder (GAIA names a folder by the second and *resumes* one it finds:
    ``runner.py`` ``AgentEvalRunner._run_locked``), so GAIA never writes
    ``eval/results/reliability_report.json`` (``cli.py`` ``_print_reliability_summary``: only
    for ``--iterations`` > 1). Folders this call made and did not record are removed (listed
    in the notes); the report file is put back as it was.
    """

    _require_tier_list(settings, tier)
    if iterations < 1:
        raise UsageError("--iterations must be at least 1")
    engine = scrubber_for(settings)

    def clean(line: str) -> str:
        return engine.scrub_text(line, json_path="$.runner").text

    with scenario_folder(find_draft(settings, target)) as folder:
        plan = prepare_run(
            settings,
            target,
            tier,
            backend=backend,
            judge=judge,
            timeout=timeout,
            folder=folder,
        )
        for note in plan.notes:
            say(note)
        result = RunResult(plan.draft, tier, plan.model, plan.judge, iterations, 0)
        results = plan.where.results_dir
        before = _eval_dirs(results)
        report = _snapshot(results / RELIABILITY_REPORT)
        kept: set[str] = set()
        try:
            for number in range(1, iterations + 1):
                _wait_for_a_new_second(results)
                card, code = _one_iteration(settings, plan, result, show, clean)
                result.runner_exit = code
                kept_card = _into_suite(settings, plan.where, card)
                _, run, _ = record_run(
                    settings,
                    target,
                    kept_card,
                    tier,
                    model=plan.model,
                    iteration=number,
                    runner_exit=code,
                )
                result.runs.append(run)
                kept.add(card.parent.name)
                if run.status not in JUDGED_STATUSES:
                    result.notes.append(
                        f"run {run.run_id} was not judged ({run.status}): it counts for no "
                        "gate; its trace in the run folder says why"
                    )
        finally:
            removed = _remove_leftovers(results, before, kept, plan.where, settings)
            _restore(results / RELIABILITY_REPORT, report)
            if removed:
                result.notes.append(
                    "removed result folder(s) this run made but did not record: "
                    + ", ".join(removed)
                )
    return result


def _one_iteration(
    settings: Settings,
    plan: Plan,
    result: RunResult,
    show: Callable[[str], None],
    clean: Callable[[str], str],
) -> tuple[Path, int]:
    """One ``gaia eval agent`` run: the scorecard it wrote holding the draft, and its exit."""
    results = plan.where.results_dir
    before = _eval_dirs(results)
    code, stream = execute(
        plan.command,
        cwd=settings.root,
        timeout=plan.outer_limit,
        show=show,
        clean=clean,
        where=plan.scenario_id,
    )
    tail = list(stream.tail)
    if code != 0:
        raise RunnerFailed(
            f"the runner exited with status {code}; {_nothing(result)}",
            tail=tail,
            where=plan.scenario_id,
        )
    _same_model_after(settings, plan, result)
    cards = [
        c
        for c in find_scorecards(settings, stream, before, plan.scenario_id, results)
        if c.parent.name not in before
    ]
    if not cards:
        raise RunnerFailed(
            f"the runner wrote no scorecard holding {plan.scenario_id!r}; {_nothing(result)}",
            tail=tail,
            where=display_path(results, settings.root),
            hint="GAIA writes to <its checkout>/eval/results; its `Output:` lines name the "
            "folder (set results_dir if they are missing)",
        )
    card = cards[-1]
    check_is_this_draft(read_result(card, plan.scenario_id), plan.scenario, str(card))
    return card, code


def _nothing(result: RunResult) -> str:
    """How much was recorded before a failure stopped the invocation."""
    if not result.runs:
        return "nothing was recorded"
    return f"nothing more was recorded ({len(result.runs)} earlier iteration(s) were)"


def _same_model_after(settings: Settings, plan: Plan, result: RunResult) -> None:
    try:
        after = backend_model(settings, plan.backend)
    except NetworkError as exc:
        raise SourceError(
            "the Agent UI backend did not answer after the run, so the model that ran cannot "
            f"be confirmed; {_nothing(result)}",
            where=exc.where,
        ) from None
    if after != plan.model:
        configured = (*settings.strong_models, *settings.local_models)
        shown = "no model" if after is None else _model_name(settings, after, configured)
        raise SourceError(
            f"the backend's model changed during the run ({plan.model!r} before, {shown} "
            f"after): which model answered cannot be told, so {_nothing(result)}",
            where=plan.scenario_id,
            hint="keep one model loaded for the whole run, then run again",
        )


def unjudged(result: RunResult) -> SourceError | None:
    """Exit 3 for an invocation in which no run was judged (its runs stay recorded)."""
    if not result.runs or any(r.status in JUDGED_STATUSES for r in result.runs):
        return None
    counts: dict[str, int] = {}
    for run in result.runs:
        counts[run.status] = counts.get(run.status, 0) + 1
    listed = ", ".join(f"{status} ×{n}" if n > 1 else status for status, n in counts.items())
    return SourceError(
        f"no run was judged ({listed}): recorded, but they count for no gate",
        where=result.draft.stem,
        hint="each run's trace in its run folder says why; fix the cause and run again",
    )
