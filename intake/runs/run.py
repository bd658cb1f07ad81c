"""``intake run``: drive GAIA's runner on one draft and record what it measured.

The order is the contract (README, "The whole loop"; docs/promotion.md, "intake run"):

1. Refusals that run nothing and record nothing (exit 1): a private draft (it would leave the
   machine: GAIA's simulator and judge are a cloud model), a draft that fails strict
   validation or still holds a ``TODO(intake)`` placeholder, a scrub re-scan with findings or
   one that cannot run.
2. Configuration (exit 2): the tier's model list must be set; the runner command must exist.
3. The model under test is what the Agent UI backend has loaded:
   ``GET <backend>/api/system/status`` → ``model_loaded`` (amd/gaia ``src/gaia/ui/models.py``
   L43-101, ``src/gaia/ui/routers/system.py`` L442-768). A backend that does not answer is
   exit 3; nothing loaded, or a model not on the tier's list, is exit 2.
4. The runner sees this draft only: a fresh temporary folder holding ``<id>.yaml`` is its
   ``--scenario-dir`` (GAIA parses *every* YAML under each scenario dir, runner.py L351-420).
   It runs from the suite root in its own session (process group); its output streams to
   stderr, scrubbed. Ctrl-C or ``--timeout`` stops the whole group; nothing is recorded.
5. The backend is asked again: a model switched mid-run means the runs cannot be attributed,
   so nothing is recorded (exit 3).
6. Scorecards are found from the runner's ``Output: <run dir>`` lines (runner.py L1719-1732),
   else from new ``eval-*`` folders under ``results_dir``; only those whose scorecard holds
   this scenario id count. Each is recorded through ``record_run``, the code path of
   ``intake run-record``. A runner exit other than 0, or no scorecard, is exit 3 with the
   runner's last lines (scrubbed) and nothing recorded.
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
import urllib.error
import urllib.parse
import urllib.request
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from intake.config import Settings
from intake.errors import EXIT_FINDINGS, IntakeError, NetworkError, SourceError, UsageError
from intake.models import JUDGED_STATUSES, Run, RunTier, has_placeholder
from intake.paths import display_path
from intake.records import record_path
from intake.runs.record import (
    check_is_this_draft,
    check_name,
    read_result,
    record_run,
    safe_name,
)

STATUS_PATH = "/api/system/status"
STATUS_TIMEOUT = 5.0
"""Seconds to wait for the backend's status (GAIA's own pre-flight waits 5 s, runner.py L719)."""
TAIL_LINES = 15
"""How many of the runner's last lines a failure shows."""
KILL_GRACE = 3.0
"""Seconds between SIGTERM and SIGKILL when the runner's process group is stopped."""
OUTPUT_LINE = re.compile(r"^Output:\s+(?P<path>\S.*?)\s*$")
RUN_LINE = re.compile(r"^RUN:\s+(?P<run>eval-\S+)\s*$")


class RunRefused(IntakeError):
    """The draft may not be run as it is (private, placeholders, scrub findings)."""

    exit_code = EXIT_FINDINGS


class RunnerFailed(SourceError):
    """The runner failed, hung or wrote nothing usable; ``tail`` holds its last lines, scrubbed."""

    def __init__(self, message: str, *, tail: list[str], where: str | None = None,
                 hint: str | None = None) -> None:
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
    scorecards: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _shown_url(settings: Settings, url: str) -> str:
    """The backend URL for messages, unless it carries credentials or scrubber findings."""
    from intake.suite import finding_types

    parts = urllib.parse.urlsplit(url)
    if parts.username or parts.password or finding_types(settings, url):
        return "the configured backend URL (not shown)"
    return url


def check_backend_url(settings: Settings, url: str) -> str:
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
    from intake.suite import finding_types

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


def refuse_unready(settings: Settings, draft: Path) -> dict[str, Any]:
    """Exit-1 refusals (private, not strictly valid, placeholders, scrub); returns the data."""
    from intake.promote import scrub_scan
    from intake.suite import load_draft_record
    from intake.validate import Severity, validate_file

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
    return result.data


def find_runner(settings: Settings) -> list[str]:
    """The runner command with its program resolved (from the suite root), or exit 2."""
    program, *rest = settings.runner
    if os.sep in program or "/" in program:
        candidate = settings.path(Path(program))
        found = str(candidate) if os.access(candidate, os.X_OK) and candidate.is_file() else None
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


def stop_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM the runner's whole process group, then SIGKILL what is left."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, sig)
        try:
            proc.wait(timeout=KILL_GRACE)
        except subprocess.TimeoutExpired:
            continue
        if sig is signal.SIGTERM:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)  # children that outlived the leader
        return


@dataclass
class _Stream:
    tail: deque[str]
    outputs: list[str] = field(default_factory=list)
    run_ids: list[str] = field(default_factory=list)


def _pump(pipe: Any, stream: _Stream, show: Callable[[str], None],
          clean: Callable[[str], str]) -> None:
    for raw in iter(pipe.readline, b""):
        line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
        match = OUTPUT_LINE.match(line)
        if match:
            stream.outputs.append(match["path"])
        match = RUN_LINE.match(line)
        if match:
            stream.run_ids.append(match["run"])
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
        start_new_session=True,
    )
    reader = threading.Thread(target=_pump, args=(proc.stdout, stream, show, clean), daemon=True)
    reader.start()
    previous = _interrupt_on_termination()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        stop_group(proc)
        reader.join(timeout=KILL_GRACE)
        raise RunnerFailed(
            f"the runner was still running after {timeout:g} s (--timeout per iteration); its "
            "process group was stopped and nothing was recorded",
            tail=list(stream.tail),
            where=where,
            hint="raise --timeout (GAIA gives a scenario at least 240 s + 200 s per turn)",
        ) from None
    except BaseException:  # Ctrl-C (KeyboardInterrupt) or anything else: stop the group
        stop_group(proc)
        reader.join(timeout=KILL_GRACE)
        raise
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    reader.join(timeout=KILL_GRACE)
    return proc.returncode, stream


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _interrupt_on_termination() -> dict[signal.Signals, Any]:
    """SIGTERM and SIGHUP become Ctrl-C while the runner runs; returns the old handlers.

    The runner has its own session, so a closed terminal or a cancelled CI job reaches intake
    only: without this intake would die and leave the runner (a paid run) going on its own.
    """
    previous: dict[signal.Signals, Any] = {}
    if threading.current_thread() is not threading.main_thread():
        return previous
    for sig in (signal.SIGTERM, signal.SIGHUP):
        previous[sig] = signal.signal(sig, _interrupt)
    return previous


def find_scorecards(
    settings: Settings, stream: _Stream, before: set[str], scenario_id: str
) -> list[Path]:
    """The run folders this runner wrote whose scorecard holds ``scenario_id``, in run order.

    From the ``Output: <run dir>`` lines first; else the ``eval-*`` folders under
    ``results_dir`` that were not there before the run. Duplicates (GAIA reuses a folder for
    two runs in the same UTC second) count once.
    """
    results = settings.path(settings.results_dir)
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
    """Run GAIA's runner on the draft alone (``intake run`` and ``intake control``).

    Returns the runner's exit status, its stream (tail, ``Output:`` lines) and the ``eval-*``
    folders under ``results_dir`` before it started (for ``find_scorecards``).
    """
    scenario_id = draft.stem
    before = _eval_dirs(settings.path(settings.results_dir))
    with scenario_folder(draft) as folder:
        command = [
            *program,
            "--scenario", scenario_id,
            "--scenario-dir", str(folder),
            "--backend", url,
            "--iterations", str(iterations),
            "--timeout", str(limit),
        ]
        if settings.corpus_dir is not None:
            command += ["--corpus-dir", str(settings.path(settings.corpus_dir))]
        if judge is not None:
            command += ["--model", judge]
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
) -> RunResult:
    """Refuse, check, run GAIA's runner on the draft alone, and record one run per scorecard."""
    from intake.scrub import scrubber_for
    from intake.suite import find_draft

    if iterations < 1:
        raise UsageError("--iterations must be at least 1")
    limit = settings.run_timeout if timeout is None else timeout
    if limit < 1:
        raise UsageError("--timeout must be at least 1 second")
    draft = find_draft(settings, target)
    scenario_id = draft.stem
    data = refuse_unready(settings, draft)
    mine = settings.strong_models if tier is RunTier.strong else settings.local_models
    if not mine:
        raise UsageError(
            f"{tier.value}_models is empty, so no loaded model can count as the "
            f"{tier.value} tier",
            where="[tool.intake]",
            hint=f'set {tier.value}_models = ["…"] in [tool.intake]',
        )
    url = check_backend_url(settings, backend or settings.backend_url)
    judge = judge if judge is not None else settings.judge_model
    configured = (*settings.strong_models, *settings.local_models)
    if judge is not None:
        judge = check_name(settings, "the judge model (--judge or judge_model)", judge.strip(),
                           configured=configured)
    program = find_runner(settings)
    model = check_model(settings, tier, backend_model(settings, url))
    engine = scrubber_for(settings)

    def clean(line: str) -> str:
        return engine.scrub_text(line, json_path="$.runner").text

    results = settings.path(settings.results_dir)
    code, stream, before = invoke_runner(
        settings, draft, program, url=url, iterations=iterations, limit=limit, judge=judge,
        show=show, clean=clean,
    )
    tail = list(stream.tail)
    if code != 0:
        raise RunnerFailed(
            f"the runner exited with status {code}; nothing was recorded",
            tail=tail,
            where=scenario_id,
        )
    try:
        after = backend_model(settings, url)
    except NetworkError as exc:
        raise SourceError(
            "the Agent UI backend did not answer after the run, so the model that ran cannot "
            "be confirmed; nothing was recorded",
            where=exc.where,
        ) from None
    if after != model:
        shown = "no model" if after is None else _model_name(settings, after, configured)
        raise SourceError(
            f"the backend's model changed during the run ({model!r} before, {shown} after): "
            "which model answered cannot be told, so nothing was recorded",
            where=scenario_id,
            hint="keep one model loaded for the whole run, then run again",
        )
    cards = find_scorecards(settings, stream, before, scenario_id)
    if not cards:
        raise RunnerFailed(
            f"the runner wrote no scorecard holding {scenario_id!r}; nothing was recorded",
            tail=tail,
            where=display_path(results, settings.root),
            hint="GAIA writes to <its checkout>/eval/results; its `Output:` lines name the "
            "folder (set results_dir if they are missing)",
        )
    for card in cards:  # every scorecard readable and of this draft before anything is recorded
        check_is_this_draft(read_result(card, scenario_id), data, str(card))
    result = RunResult(draft, tier, model, judge, iterations, code, scorecards=cards)
    if len(cards) != iterations:
        result.notes.append(
            f"{iterations} iteration(s) but {len(cards)} scorecard(s) holding the draft "
            "(GAIA reuses a run folder within one UTC second)"
        )
    for number, card in enumerate(cards, start=1):
        _, run, _ = record_run(
            settings, scenario_id, card, tier, model=model, iteration=number, runner_exit=code
        )
        result.runs.append(run)
        if run.status not in JUDGED_STATUSES:
            result.notes.append(
                f"run {run.run_id} was not judged ({run.status}): it counts for no gate; its "
                "trace in the run folder says why"
            )
    return result


__all__ = [
    "RunRefused",
    "RunResult",
    "RunnerFailed",
    "backend_model",
    "check_model",
    "execute",
    "find_runner",
    "find_scorecards",
    "invoke_runner",
    "refuse_unready",
    "run_draft",
    "scenario_folder",
    "stop_group",
]
