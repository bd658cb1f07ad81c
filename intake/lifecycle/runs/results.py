"""GAIA's results as intake reads them: one reader for ``intake run``, ``run-record`` and
``runs import``.

GAIA's runner (``gaia eval agent``) writes one folder per run, ``eval/results/<run_id>/``, with
``scorecard.json`` (``aggregate_scorecard`` in amd/gaia ``src/gaia/eval/runner.py``; the shape is
``build_scorecard`` in ``src/gaia/eval/scorecard.py``: ``run_id``, ``timestamp``, ``config``
with the judge as ``config.model``, ``scenarios``) and ``traces/<id>.json`` per scenario, the
same object as the scorecard's entry (docs/gaia-formats.md#runner and #scorecard). A run folder
whose scorecard is missing (the runner was killed before writing it) still has its traces.

Every entry, from a scorecard or a trace, becomes a ``Result`` through ``result_of``; a run
folder is read whole by ``read_run_folder`` (``runs import``), one scenario's result by
``read_result`` (``run-record``, ``intake run``, ``intake control``). Other files GAIA calls
``scorecard.json`` (``gaia eval code``, the session replay, the early hand-written ``phase2``
summary) are recognised by ``classify`` and refused by name.

The names a result carries (run id, models, machine) are checked here too (``check_name``).
This module imports neither the record models nor the YAML library: ``runs import`` reads a
night through it alone (docs/benchmarks.md, "Suite health").
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from intake.contract.plain import ID_PATTERN, INFRA_STATUSES, JUDGED_STATUSES, SAFE_NAME_PATTERN
from intake.errors import InputError, UsageError
from intake.fileio import MAX_JSON_DEPTH, read_input
from intake.wording import counted

if TYPE_CHECKING:
    from intake.config import Settings

MAX_SCORECARD_BYTES = 20 * 1024 * 1024
"""Largest scorecard read: GAIA's are tens of KB per scenario, so 20 MB is generous and bounded."""


KNOWN_STATUSES = JUDGED_STATUSES | INFRA_STATUSES
"""Every status GAIA's runner writes, judged or not."""


def read_json_file(path: Path, what: str) -> Any:
    """A GAIA results file's JSON, in one parse. Its depth is bounded by ``json``'s own
    recursion check (a ``RecursionError`` at the interpreter's limit, about 1,000 levels, refused
    as nesting deeper than ``MAX_JSON_DEPTH``), not by a scan of the text before the parse: the
    readers here take fixed fields at depth 4 at most and walk nothing, so a deeper part of a
    file is never recursed into."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise UsageError(f"no such {what}", where=str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror or exc}", where=str(path)) from None
    if not path.is_file():
        raise InputError(f"{what} is not a file", where=str(path))
    if size > MAX_SCORECARD_BYTES:
        raise InputError(
            f"{what} is {size:,} bytes, over the {MAX_SCORECARD_BYTES:,}-byte limit",
            where=str(path),
        )
    try:
        raw = read_input(path, what=what, limit=MAX_SCORECARD_BYTES)
        return json.loads(raw.decode("utf-8-sig"))
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror or exc}", where=str(path)) from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{what} is not UTF-8 (byte {exc.start})", where=str(path)) from None
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{what} is not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})",
            where=str(path),
        ) from None
    except RecursionError:  # json's own bound (the interpreter's recursion limit, far past 100)
        raise InputError(
            f"{what} nests deeper than {MAX_JSON_DEPTH} levels", where=str(path)
        ) from None


def classify(doc: Any) -> str:
    """``runner``, ``trace``, or the name of a format GAIA uses that intake refuses."""
    if not isinstance(doc, dict):
        return "unknown"
    if {"tasks", "solve_rate"} <= doc.keys():
        return "code-run"
    if {"cases", "mean_score"} <= doc.keys():
        return "sessions-run"
    config = doc.get("config")
    scenarios = doc.get("scenarios")
    if isinstance(scenarios, list) and isinstance(config, dict):
        handwritten = (
            "judge_model" in config
            or "known_bugs" in doc
            or any(isinstance(s, dict) and "result_file" in s for s in scenarios)
        )
        if handwritten:
            return "phase2"
        if isinstance(doc.get("run_id"), str):
            return "runner"
    if isinstance(doc.get("scenario_id"), str) and isinstance(doc.get("status"), str):
        return "trace"
    return "unknown"


REFUSED = {
    "code-run": "a `gaia eval code` scorecard (tasks/solve_rate), not an agent-eval scorecard",
    "sessions-run": "a session-replay scorecard (cases/mean_score), not an agent-eval scorecard",
    "phase2": "GAIA's hand-written early summary (phase2 format), not a runner scorecard",
    "unknown": "not a GAIA agent-eval scorecard or trace (no run_id, config and scenarios)",
}


def parse_time(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def modified_at(path: Path) -> datetime:
    return datetime.fromtimestamp(path.stat().st_mtime, UTC)


def safe_name(value: str) -> bool:
    """Whether ``value`` matches the strict pattern for names intake stores and prints."""
    return re.fullmatch(SAFE_NAME_PATTERN, value) is not None


GAIA_RUN_ID = r"eval-\d{8}-\d{6}(?:_fix\d{1,3})?"
"""A run id exactly as GAIA's runner makes it (runner.py ``run_id`` and ``fix_run_id``,
docs/gaia-formats.md#runner): a date and a time, no free text, so the scrubber has nothing to
find in it."""


@cache
def plain_words() -> frozenset[str]:
    """Words a machine or model name is made of that hold nothing private (model families,
    sizes, hardware, CI words), kept as data in ``plain_words.json``: a name of only these and
    short numbers is plain by its shape."""
    raw = Path(__file__).with_name("plain_words.json").read_text(encoding="utf-8")
    return frozenset(json.loads(raw))


_PLAIN_TOKEN = re.compile(r"\d{1,4}|\d{1,3}[bkm]|a\d{1,2}b|[vqr]\d{1,2}|o\d|k|m|s")


def plain_by_shape(settings: Settings, value: str) -> bool:
    """Whether ``value`` is plain by a cheap rule, without building the scrubber: every token
    (split on ``. _ : / + -``) is one of ``plain_words`` or a short number or size (``4``,
    ``30b``, ``a3b``, ``v2``, ``q4``), one at least is a word, at most two numbers stand in a
    row (no address like ``10.0.0.1``) and the name has at most 6 digits (no phone or card
    number). Nothing else is cleared this way (a person's or a machine's own name, a long
    number, a token that could be a secret all go to the scrubber), nor anything when the suite
    configures its own recognizers (``scrubbers_dir``) or a spaCy model (whose NER may read
    ``claude`` as a person)."""
    if settings.scrubbers_dir is not None or settings.spacy_model or not safe_name(value):
        return False
    tokens = re.split(r"[._:/+-]", value.lower())
    words = plain_words()
    numbers = "".join("n" if t.isdigit() else "w" for t in tokens)
    return (
        all(t in words or _PLAIN_TOKEN.fullmatch(t) for t in tokens)
        and any(t in words for t in tokens)
        and "nnn" not in numbers
        and sum(c.isdigit() for c in value) <= 6
    )


def check_name(
    settings: Settings, what: str, value: str, *, configured: tuple[str, ...] = ()
) -> str:
    """``value`` when it is safe to store and print; else UsageError naming ``what`` only.

    Run ids and model names come from files and flags anyone can fill: they must match
    ``SAFE_NAME_PATTERN`` and the scrubber must find nothing in them. A name already in the
    suite's configuration (``strong_models``/``local_models``) is no new disclosure, so the
    scrubber's verdict is not asked for it (its entropy check flags some real model names), nor
    for a GAIA run id or a name ``plain_by_shape`` clears (``ci-1``, ``qwen3-4b-local``).
    The value is never echoed: it may be the very thing the check is for.
    """
    if not safe_name(value):
        raise UsageError(
            f"{what} is not a plain name (letters, digits and . _ : / + -, at most 200 "
            "characters, starting with a letter or digit); not recorded, not shown"
        )
    if (
        value not in configured
        and not re.fullmatch(GAIA_RUN_ID, value)
        and not plain_by_shape(settings, value)
    ):
        from intake.store.suite import finding_types

        types = finding_types(settings, value)
        if types:
            raise UsageError(
                f"{what} looks like it holds {', '.join(sorted(set(types)))}; "
                "not recorded, not shown",
                hint="name the run or model plainly (a model may also be listed in "
                "strong_models/local_models in [tool.intake])",
            )
    return value


def check_run_names(
    settings: Settings,
    run_id: str,
    judge: str | None,
    model: str | None = None,
    *,
    configured: tuple[str, ...],
) -> None:
    """The run id, the model under test and the judge are names a record may hold
    (``check_name``; ``configured``: the suite's model names, no new disclosure)."""
    check_name(settings, "the run id (run_id)", run_id)
    if model is not None:
        what = "the model under test (--model or meta.json)"
        check_name(settings, what, model, configured=configured)
    if judge is not None:
        what = "the judge model (config.model in the scorecard)"
        check_name(settings, what, judge, configured=configured)


def _plain_id(value: Any, *, quote: bool = True) -> str:
    """A scenario id from a file, shown only when it is a valid id (else a placeholder)."""
    if isinstance(value, str) and re.fullmatch(ID_PATTERN, value):
        return repr(value) if quote else value
    return "(an invalid id, not shown)"


class Result(NamedTuple):
    """One scenario's result: a scorecard's entry or a trace (a tuple: a night makes thousands,
    each built from its fields in order without a call of Python's)."""

    scenario_id: str
    status: str
    score: float | None
    failure_category: str | None
    """The first failing turn's ``failure_category`` (GAIA's judge writes one per turn), when
    it is a plain name."""
    kind: str
    """``scorecard`` or ``trace``."""
    messages: dict[int, str]
    """What the runner sent as the user in each turn (turn number → text), where recorded."""
    turn_count: int
    """How many turns the result holds (0 for runner-made results: TIMEOUT, ERRORED, …)."""


_ID = re.compile(ID_PATTERN)
_make = tuple.__new__


def _first_failure(turns: list[dict[str, Any]]) -> str | None:
    """The first failing turn's ``failure_category`` when it is a plain name."""
    for turn in turns:
        value = turn.get("failure_category")
        if isinstance(value, str) and value not in ("", "null") and safe_name(value):
            return value[:80]
    return None


def result_of(entry: dict[str, Any], where: str, kind: str, index: int | None = None) -> Result:
    """One entry of a scorecard's ``scenarios`` (``$.scenarios[index]`` in the file ``where``)
    or a trace (no index) as a ``Result``: its scenario id must be a valid id and its status
    one of GAIA's, neither echoed when it is not."""
    sid, status = entry.get("scenario_id"), entry.get("status")
    if sid.__class__ is not str or not _ID.fullmatch(sid):  # JSON's strings are exactly str
        raise InputError(
            "a result without a valid scenario_id (not shown)",
            where=where if index is None else f"{where} $.scenarios[{index}]",
        )
    if status.__class__ is not str or status not in KNOWN_STATUSES:
        raise InputError(
            f'unknown run status in field "status" of {sid} (not shown); allowed: '
            + ", ".join(sorted(KNOWN_STATUSES)),
            where=f"{where} {'$' if index is None else f'$.scenarios[{index}]'}.status",
        )
    score = entry.get("overall_score")
    if score.__class__ is not float:  # an int made a float when it fits; a bool or text is none
        score = float(score) if score.__class__ is int and abs(score) <= 1e308 else None
    raw = entry.get("turns")
    if raw.__class__ is not list or not raw:  # a runner-made result (TIMEOUT, ERRORED, …)
        return _make(Result, (sid, status, score, None, kind, {}, 0))
    turns = [t for t in raw if isinstance(t, dict)]
    sent = {
        t["turn"]: t["user_message"]
        for t in turns
        if isinstance(t.get("turn"), int) and isinstance(t.get("user_message"), str)
    }
    return Result(sid, status, score, _first_failure(turns), kind, sent, len(raw))


@dataclass(frozen=True)
class Header:
    """What a runner scorecard says of its run: the id, when it ended, the judge."""

    run_id: str
    finished: datetime | None
    """The scorecard's ``timestamp``, written at the end of the run (``scorecard.py``)."""
    judge: str | None
    """``config.model``: GAIA's ``--model`` names the judge, not the model under test."""


def header_of(doc: dict[str, Any]) -> Header:
    """The run's header of a document ``classify`` calls ``runner``."""
    config = doc.get("config")
    model = config.get("model") if isinstance(config, dict) else None
    return Header(
        doc["run_id"], parse_time(doc.get("timestamp")), model if isinstance(model, str) else None
    )


def started(run_id: str) -> datetime | None:
    """When a run started, from GAIA's run id (``eval-YYYYmmdd-HHMMSS`` in UTC, runner.py
    ``run_id``; a fix pass appends ``_fixN``); None for another id. The scorecard's
    ``timestamp`` is written at the end (``scorecard.py``; docs/gaia-formats.md#scorecard)."""
    match = re.match(r"eval-(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)(\d\d)(?:$|[_-])", run_id)
    if match is None:
        return None
    try:  # not ``strptime``: it imports ``_strptime`` to do it
        return datetime.fromisoformat("{}-{}-{}T{}:{}:{}+00:00".format(*match.groups()))
    except ValueError:
        return None


@dataclass(frozen=True)
class ScenarioResult:
    """One scenario's result with its run's header (``read_result``)."""

    run_id: str
    at: datetime
    """When the run ended (the scorecard's ``timestamp``, else the file's time)."""
    judge_model: str | None
    result: Result


def read_result(path: Path, scenario_id: str) -> ScenarioResult:
    """The scenario's result from a runner scorecard or a trace file."""
    doc = read_json_file(path, "scorecard")
    kind = classify(doc)
    if kind in REFUSED:
        raise InputError(REFUSED[kind], where=str(path))
    if kind == "trace":
        if doc["scenario_id"] != scenario_id:
            raise InputError(
                f"the trace is for scenario {_plain_id(doc['scenario_id'])}, not {scenario_id!r}",
                where=str(path),
            )
        in_traces = path.parent.name == "traces"
        card = (path.parent.parent if in_traces else path.parent) / "scorecard.json"
        beside = read_json_file(card, "scorecard") if card.is_file() else {}
        head = Header(path.parent.parent.name if in_traces else path.stem, None, None)
        head = header_of(beside) if classify(beside) == "runner" else head
        result = result_of(doc, str(path), "trace")
    else:
        index = entry_index(doc, scenario_id, path)
        head = header_of(doc)
        result = result_of(doc["scenarios"][index], str(path), "scorecard", index)
    return ScenarioResult(head.run_id, head.finished or modified_at(path), head.judge, result)


def entry_index(doc: dict[str, Any], scenario_id: str, path: Path) -> int:
    """Where ``scenario_id``'s entry stands in a runner scorecard's ``scenarios`` (``read_result``
    and the PASS control's transcript, ``controls_export``); refused when it is not there or
    there twice."""
    entries = doc["scenarios"]
    matches = [
        i
        for i, s in enumerate(entries)
        if isinstance(s, dict) and s.get("scenario_id") == scenario_id
    ]
    if not matches:
        ids = [s.get("scenario_id") for s in entries if isinstance(s, dict)]
        listed = ", ".join(_plain_id(i, quote=False) for i in ids[:5]) + (
            " …" if len(ids) > 5 else ""
        )
        raise InputError(
            f"scenario {scenario_id!r} is not in this scorecard "
            f"({counted(len(ids), 'scenario')}{': ' + listed if ids else ''})",
            where=str(path),
        )
    if len(matches) > 1:
        raise InputError(
            f"scenario {scenario_id!r} appears twice in the scorecard", where=str(path)
        )
    return matches[0]


@dataclass
class RunFolder:
    """A run folder as read: its id, start, judge, the scenarios' results and ``meta.json``."""

    where: Path
    run_id: str
    at: datetime
    """When the run started (its GAIA run id), else ended (``timestamp``), else the file's time."""
    judge: str | None
    results: list[Result]
    meta: Meta = field(default_factory=lambda: Meta())


@dataclass(frozen=True)
class Meta:
    """``meta.json`` beside a scorecard, as GAIA's committed baselines keep one: its text
    fields, stripped (None where missing, empty or not text)."""

    model: str | None = None
    commit: str | None = None
    machine: str | None = None
    hardware: str | None = None
    """Free text (it may name a person): kept only as a hash (``nightly.machine_of``)."""
    found: bool = False
    """Whether there was a ``meta.json`` at all."""


def read_meta(folder: Path) -> Meta:
    """``meta.json`` in ``folder``, or an empty ``Meta``."""
    path = folder / "meta.json"
    if not path.is_file():
        return Meta()
    doc = read_json_file(path, "meta.json")
    fields = doc if isinstance(doc, dict) else {}
    text = {
        key: value.strip()
        for key in ("model", "commit", "machine", "hardware")
        if isinstance(value := fields.get(key), str) and value.strip()
    }
    return Meta(**text, found=True)


def meta_beside(path: Path) -> Meta:
    """``meta.json`` beside a scorecard, else in the run folder of a trace (``traces/``)."""
    meta = read_meta(path.parent)
    if not meta.found and path.parent.name == "traces":
        meta = read_meta(path.parent.parent)
    return meta


def model_under_test(flag: str | None, meta: Meta, where: Path) -> str:
    """``--model``, else ``meta.json``'s ``model``: the scorecard names only the judge."""
    if flag is not None:
        if not flag.strip():
            raise UsageError("--model is empty")
        return flag.strip()
    if meta.model is not None:
        return meta.model
    if meta.found:
        raise InputError('meta.json has no "model" string', where=str(where))
    raise UsageError(
        "the scorecard does not name the model under test",
        where=str(where),
        hint='pass --model NAME, or put GAIA\'s meta.json (with "model") beside the scorecard',
    )


def _scorecard_results(scorecard: Path, results: dict[str, Result]) -> tuple[Header, datetime]:
    """A run folder's scorecard: its header and start, its results added to ``results``."""
    doc = read_json_file(scorecard, "scorecard")
    kind = classify(doc)
    if kind in REFUSED:
        raise InputError(REFUSED[kind], where=str(scorecard))
    if kind != "runner":
        raise InputError("a trace, not a scorecard or run folder", where=str(scorecard))
    head, where = header_of(doc), str(scorecard)
    for index, entry in enumerate(doc["scenarios"]):
        if not isinstance(entry, dict):
            continue
        result = result_of(entry, where, "scorecard", index)
        if result.scenario_id in results:
            raise InputError(f"scenario {result.scenario_id} appears twice", where=where)
        results[result.scenario_id] = result
    return head, started(head.run_id) or head.finished or modified_at(scorecard)


def _trace_results(folder: Path, results: dict[str, Result]) -> datetime | None:
    """The traces of the scenarios ``results`` lacks (a killed run keeps only traces), added
    to it; the time of the first one read."""
    at = None
    traces = folder / "traces"
    try:  # names first: a night's folder holds a trace of every scenario the scorecard has
        names = sorted(n for n in os.listdir(traces) if os.path.normcase(n).endswith(".json"))
    except OSError:
        names = []
    for trace in (traces / n for n in names if n[:-5] not in results):
        doc = read_json_file(trace, "trace")
        if classify(doc) != "trace":
            continue
        result = result_of(doc, str(trace), "trace")
        if result.scenario_id not in results:
            results[result.scenario_id] = result
            at = at or modified_at(trace)
    return at


def read_run_folder(path: Path) -> RunFolder:
    """A run folder (or its ``scorecard.json``): the scorecard's results, then any trace the
    scorecard lacks (a killed run keeps only traces). Its time is the start its run id names
    (a killed run's folder too: a copied folder's files carry the copy's times), else the
    scorecard's end, else the first trace's or the folder's modification."""
    folder = path.parent if path.is_file() else path
    scorecard = path if path.is_file() else folder / "scorecard.json"
    results: dict[str, Result] = {}
    head, at = Header(folder.name, None, None), None
    if scorecard.is_file():
        head, at = _scorecard_results(scorecard, results)
    traced = _trace_results(folder, results)
    if not results and not scorecard.is_file():
        raise UsageError("no scorecard.json and no traces here", where=str(path))
    return RunFolder(
        folder,
        head.run_id,
        at or started(head.run_id) or traced or modified_at(folder),
        head.judge,
        list(results.values()),
        read_meta(folder),
    )


def _skipped_kind(path: Path) -> str | None:
    """Why a file or folder inside a results folder is not an agent-eval run folder to read
    (None: it is one)."""
    if path.is_dir():
        card = path / "scorecard.json"
        if not card.is_file():
            return None if (path / "traces").is_dir() else "no scorecard.json or traces/"
        kind = classify(read_json_file(card, "scorecard"))
        return None if kind == "runner" else REFUSED[kind]
    if path.suffix != ".json":
        return "not a run folder"
    kind = classify(read_json_file(path, "results file"))
    if kind == "runner":  # GAIA's --save-baseline copy, eval/results/baseline.json
        return "a scorecard outside a run folder (a saved baseline or summary), not a run folder"
    return REFUSED[kind]


def run_folders(paths: list[Path]) -> tuple[list[Path], list[tuple[Path, str]]]:
    """Each argument as run folders: a scorecard file, a run folder, a folder of
    ``scorecard_<name>.json`` files (GAIA's committed baselines), or a results folder holding
    run folders (``eval/results``). Inside a results folder, everything that is not an
    agent-eval run folder (a ``gaia eval code`` or session-replay scorecard, the phase2
    summary, ``baseline.json``) is returned apart with what it is, to be named and skipped;
    a file or folder named directly is read, and refused when it is none of these."""
    found: list[Path] = []
    skipped: list[tuple[Path, str]] = []
    for path in paths:
        if not path.exists():
            raise UsageError("no such file or folder", where=str(path))
        if path.is_file() or (path / "scorecard.json").is_file() or (path / "traces").is_dir():
            found.append(path)
            continue
        prefixed = sorted(path.glob("scorecard_*.json"))
        if prefixed:  # the runner's filename_prefix (``aggregate_scorecard``), as GAIA's baselines
            found += prefixed
            continue
        before = len(found) + len(skipped)
        for child in sorted(path.iterdir()):
            why = _skipped_kind(child)
            if why is None:
                found.append(child)
            elif why != "no scorecard.json or traces/" and why != "not a run folder":
                skipped.append((child, why))
        if len(found) + len(skipped) == before:
            raise UsageError("no GAIA run folder (scorecard.json or traces/) here", where=str(path))
    return found, skipped
