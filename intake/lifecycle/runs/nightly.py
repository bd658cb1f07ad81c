"""Nightly and CI results become runs of the suite's scenarios (``intake runs import``).

GAIA's runner writes one folder per run, ``eval/results/<run_id>/``, with ``scorecard.json``
(``aggregate_scorecard`` in amd/gaia ``src/gaia/eval/runner.py``; the shape is
``build_scorecard`` in ``src/gaia/eval/scorecard.py``: ``run_id``, ``timestamp``, ``config``
with the judge as ``config.model``, ``scenarios``) and ``traces/<id>.json`` per scenario (the
runner reads them back on resume and writes one for ``SKIPPED_NO_DOCUMENT``). A run folder
whose scorecard is missing (the runner was killed before writing it) still has its traces, and
they are read. Where GAIA does each of these, at the commit intake was checked against:
docs/gaia-formats.md#runner and #scorecard.

Each run folder becomes one immutable file of the run store (``intake.lifecycle.runs.store``)
holding the results of the suite scenarios it ran (promoted or adopted, found by their YAML
``id``: a scenario without a record is not one intake can follow, and is counted, not
recorded); no scenario record is touched. Each result keeps the keys that make two runs
comparable: the runnable hash of the scenario as
it was run, GAIA's commit, the runner machine and the model under test. The scorecard names
none of the last three (``config`` is ``backend_url``, ``model`` = the judge, budget and
agent type: runner.py, docs/gaia-formats.md#runner), so they come from flags, from GAIA's
``meta.json`` (as its committed baselines keep one beside the scorecard: ``model``,
``commit``, ``hardware``), or from the CI environment (``GITHUB_SHA``, ``RUNNER_NAME``).

The runnable hash "as it was run": when GAIA's commit is known to the suite's git repository
(the suite is GAIA's checkout), the scenario's file at that commit; otherwise the file as it is
when the results are imported (a nightly imports right after it runs).

Statuses are GAIA's (``scorecard.py`` ``_JUDGED_STATUSES``, docs/gaia-formats.md#scorecard):
``PASS``, ``FAIL`` and ``BLOCKED_BY_ARCHITECTURE`` are judged; the rest are infrastructure
and are recorded, never counted as judged. Importing the same scorecard twice adds nothing: a
run is the same run when its run id, model and machine are (its file exists, and is never
rewritten).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from intake.config import Settings
from intake.contract.models import ID_PATTERN, RunTier, SuiteRun
from intake.crashpoints import reached
from intake.errors import InputError, UsageError
from intake.gitutil import git_output
from intake.lifecycle.runs.record import (
    KNOWN_STATUSES,
    REFUSED,
    check_name,
    classify,
    modified_at,
    parse_time,
    plain_by_shape,
    plain_score,
    read_json_file,
    safe_name,
)
from intake.lifecycle.runs.store import (
    JUDGED,
    NO_FACTS,
    StoredRun,
    file_of,
    read_facts,
    scenario_facts,
    suite_files,
    write_run,
)
from intake.store.records import (
    iter_scenarios,
    record_path,
    runnable_hash,
    sha256_bytes,
    utcnow,
)

COMMIT_PATTERN = r"^[0-9a-fA-F]{7,40}$"


@dataclass(frozen=True)
class Result:
    """One scenario's result read from a run folder."""

    scenario_id: str
    status: str
    score: float | None
    failure_category: str | None
    kind: str


@dataclass
class RunFolder:
    """A run as read: its id, time, judge, and the scenarios' results."""

    where: Path
    run_id: str
    at: datetime
    judge: str | None
    results: list[Result]
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class ImportResult:
    """What an import did, per run and in total (for the CLI to print)."""

    runs: list[str] = field(default_factory=list)
    recorded: int = 0
    already: int = 0
    infrastructure: int = 0
    """Recorded results with an infrastructure status (never judged)."""
    not_in_suite: list[str] = field(default_factory=list)
    """Scenario ids no promoted or adopted scenario has (not recorded)."""
    scenarios: int = 0
    notes: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    """(path, what it is) of each scorecard in a results folder that is not an agent-eval run."""


def _failure_category(entry: Mapping[str, Any]) -> str | None:
    """The first failing turn's ``failure_category`` (GAIA's judge writes one per turn,
    runner.py, docs/gaia-formats.md#runner), when it is a plain name."""
    turns = entry.get("turns")
    for turn in turns if isinstance(turns, list) else []:
        if not isinstance(turn, dict):
            continue
        value = turn.get("failure_category")
        if isinstance(value, str) and value and value != "null" and safe_name(value):
            return value[:80]
    return None


def _result(entry: Any, where: str, kind: str) -> Result | None:
    if not isinstance(entry, dict):
        return None
    sid = entry.get("scenario_id")
    if not isinstance(sid, str) or not re.fullmatch(ID_PATTERN, sid):
        raise InputError("a result without a valid scenario_id (not shown)", where=where)
    status = entry.get("status")
    if not isinstance(status, str) or status not in KNOWN_STATUSES:
        raise InputError(
            f'unknown run status in field "status" of {sid} (not shown); allowed: '
            + ", ".join(sorted(KNOWN_STATUSES)),
            where=where,
        )
    return Result(
        sid, status, plain_score(entry.get("overall_score")), _failure_category(entry), kind
    )


def started(run_id: str) -> datetime | None:
    """When a run started, from GAIA's run id (``eval-YYYYmmdd-HHMMSS`` in UTC, runner.py
    ``run_id``; a fix pass appends ``_fixN``); None for another id. The scorecard's
    ``timestamp`` is written at the end (``scorecard.py``; docs/gaia-formats.md#scorecard)."""
    match = re.match(r"eval-(\d{8}-\d{6})(?:$|[_-])", run_id)
    if match is None:
        return None
    try:
        return datetime.strptime(match.group(1), "%Y%m%d-%H%M%S").replace(tzinfo=UTC)
    except ValueError:
        return None


def _meta(folder: Path) -> dict[str, Any]:
    meta = folder / "meta.json"
    if not meta.is_file():
        return {}
    doc = read_json_file(meta, "meta.json")
    return doc if isinstance(doc, dict) else {}


def read_run_folder(path: Path) -> RunFolder:
    """A run folder (or its ``scorecard.json``): the scorecard's results, then any trace the
    scorecard lacks (a killed run keeps only traces)."""
    folder = path.parent if path.is_file() else path
    scorecard = path if path.is_file() else folder / "scorecard.json"
    results: dict[str, Result] = {}
    run_id, at, judge = folder.name, None, None
    if scorecard.is_file():
        doc = read_json_file(scorecard, "scorecard")
        kind = classify(doc)
        if kind in REFUSED:
            raise InputError(REFUSED[kind], where=str(scorecard))
        if kind != "runner":
            raise InputError("a trace, not a scorecard or run folder", where=str(scorecard))
        run_id = doc["run_id"]
        at = started(run_id) or parse_time(doc.get("timestamp")) or modified_at(scorecard)
        config = doc.get("config")
        model = config.get("model") if isinstance(config, dict) else None
        judge = model if isinstance(model, str) else None
        for index, entry in enumerate(doc["scenarios"]):
            result = _result(entry, f"{scorecard} $.scenarios[{index}]", "scorecard")
            if result is not None:
                if result.scenario_id in results:
                    raise InputError(
                        f"scenario {result.scenario_id} appears twice", where=str(scorecard)
                    )
                results[result.scenario_id] = result
    traces = folder / "traces"
    if traces.is_dir():
        for trace in sorted(traces.glob("*.json")):
            if trace.stem in results:
                continue
            doc = read_json_file(trace, "trace")
            if classify(doc) != "trace":
                continue
            result = _result(doc, str(trace), "trace")
            if result is not None and result.scenario_id not in results:
                results[result.scenario_id] = result
                at = at or modified_at(trace)
    if not results and not scorecard.is_file():
        raise UsageError("no scorecard.json and no traces here", where=str(path))
    return RunFolder(
        folder, run_id, at or modified_at(folder), judge, list(results.values()), _meta(folder)
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


def run_folders(paths: Sequence[Path]) -> tuple[list[Path], list[tuple[Path, str]]]:
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


def _plain(
    settings: Settings, what: str, value: str | None, pattern: str | None = None
) -> str | None:
    if value is None:
        return None
    value = value.strip()
    if not value:
        return None
    if pattern is not None:
        if not re.fullmatch(pattern, value):
            raise UsageError(f"{what} is not a commit hash (7-40 hex digits); not shown")
        return value  # hex digits only: nothing the scrubber finds, so it is not built for it
    return check_name(settings, what, value)


def machine_of(
    settings: Settings, flag: str | None, meta: Mapping[str, Any], environ: Mapping[str, str]
) -> str | None:
    """``--machine``, else ``meta.json``'s ``machine`` (a plain name) or its ``hardware``
    (free text, kept only as ``hw-`` and a short hash: it may name a person), else
    ``RUNNER_NAME`` (GitHub Actions), else None."""
    if flag is not None:
        return _plain(settings, "--machine", flag)
    value = meta.get("machine")
    if isinstance(value, str) and value.strip() and safe_name(value.strip()):
        if plain_by_shape(settings, value.strip()):
            return value.strip()
        from intake.store.suite import finding_types

        if not finding_types(settings, value.strip()):
            return value.strip()
    hardware = meta.get("hardware")
    if isinstance(hardware, str) and hardware.strip():
        return "hw-" + sha256_bytes(hardware.strip().encode("utf-8"))[7:19]
    runner = environ.get("RUNNER_NAME")
    if runner:
        return _plain(settings, "the runner name (RUNNER_NAME)", runner)
    return None


def commit_of(
    settings: Settings, flag: str | None, meta: Mapping[str, Any], environ: Mapping[str, str]
) -> str | None:
    """``--commit``, else ``meta.json``'s ``commit``, else ``GITHUB_SHA``; None unknown."""
    if flag is not None:
        return _plain(settings, "--commit", flag, COMMIT_PATTERN)
    value = meta.get("commit")
    if isinstance(value, str) and value.strip():
        return _plain(settings, "the commit in meta.json", value, COMMIT_PATTERN)
    sha = environ.get("GITHUB_SHA")
    return _plain(settings, "GITHUB_SHA", sha, COMMIT_PATTERN) if sha else None


def tier_of(settings: Settings, model: str, flag: RunTier | None) -> RunTier:
    """``--tier``, else the configured list the model is in; neither is a usage error."""
    if flag is not None:
        return flag
    if model in settings.strong_models:
        return RunTier.strong
    if model in settings.local_models:
        return RunTier.local
    raise UsageError(
        "the model under test is in neither strong_models nor local_models",
        hint="pass --tier strong|local, or list the model in [tool.intake]",
    )


def model_of(flag: str | None, meta: Mapping[str, Any], where: Path) -> str:
    """``--model``, else ``meta.json``'s ``model`` (the scorecard does not name it)."""
    if flag is not None and flag.strip():
        return flag.strip()
    value = meta.get("model")
    if isinstance(value, str) and value.strip():
        return value.strip()
    raise UsageError(
        "the scorecard does not name the model under test",
        where=str(where),
        hint='pass --model NAME, or put GAIA\'s meta.json (with "model") beside the scorecard',
    )


@dataclass(frozen=True)
class SuiteScenario:
    """A promoted or adopted scenario the import can record into."""

    path: Path
    scenario_id: str
    current_hash: str | None = None
    """The runnable hash of the file as it is (read with the id: one parse)."""


def suite_index(
    settings: Settings, *, retired: bool = False, cached: bool = False
) -> dict[str, SuiteScenario]:
    """Scenario id → its file, for every scenario with a record under the scenarios folder (and
    the retired folder with ``retired``). The id is the file's YAML ``id``, never its name: GAIA's
    ``eval/scenarios/mcp_reliability/simple_tool_call.yaml`` holds ``mcp_simple_tool_call``. The
    one key of runs, health, bugs and the split (docs/health.md, "Identity"). ``cached`` (``runs
    import``) reads each file's id and hash through the run index's cache of them
    (``scenario_facts``); the gate's callers parse every file."""
    folders = (settings.scenarios, settings.retired) if retired else (settings.scenarios,)
    if cached:
        files = [f for f in suite_files(*folders) if f.record]
        paths = [f.path for f in files]
        facts = scenario_facts(settings, paths, {f.path: f.stat for f in files})
    else:
        paths = [p for p in iter_scenarios(*folders) if record_path(p).is_file()]
        facts = {}
        for path in paths:
            try:
                facts[path] = read_facts(path.read_bytes())
            except OSError:
                continue
    index: dict[str, SuiteScenario] = {}
    for path in paths:
        item = facts.get(path, NO_FACTS)
        if item.scenario_id is not None:
            index.setdefault(
                item.scenario_id, SuiteScenario(path, item.scenario_id, item.runnable_hash)
            )
    return index


CLOCK_SKEW = timedelta(minutes=10)
"""How far past the importing machine's clock a run may claim to have started."""


def commit_time(settings: Settings, commit: str) -> datetime | None:
    """The committer date of a GAIA commit the suite's git knows (None: unknown)."""
    raw = git_output(["show", "-s", "--format=%cI", f"{commit}^{{commit}}"], settings.root)
    if raw is None:
        return None
    return parse_time(raw.decode("utf-8", "replace").strip())


def _bounded(settings: Settings, run: RunFolder, commit: str | None, now: datetime) -> None:
    """Refuse a run dated in the future or before the GAIA commit it names (37 item 6): a
    results folder does not get to say when it happened beyond what is known."""
    if run.at > now + CLOCK_SKEW:
        raise InputError(
            f"run {run.run_id} is dated in the future ({run.at:%Y-%m-%d %H:%M} UTC); not imported",
            where=str(run.where),
        )
    made = commit_time(settings, commit) if commit is not None else None
    if made is not None and run.at + CLOCK_SKEW < made:
        raise InputError(
            f"run {run.run_id} is dated before its GAIA commit {(commit or '')[:12]} "
            f"({run.at:%Y-%m-%d %H:%M} < {made:%Y-%m-%d %H:%M} UTC); not imported",
            where=str(run.where),
        )


class _Arrivals:
    """When each suite scenario's file arrived (``gitutil.first_added``: the committer date of
    the first-parent commit that brought it in, renames followed), asked of git once, and only
    when a run needs it."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.dates: dict[Path, datetime] | None = None

    def refuse_earlier(self, run: RunFolder, paths: list[Path]) -> None:
        """Refuse ``run`` when it is dated before a scenario it has a result for existed (37
        item 6): a results folder does not get to say it ran a case before the case was
        written. A run naming a GAIA commit git knows is bounded by that commit instead (its
        scenarios are read as that commit had them, and ``_bounded`` dates it)."""
        if not paths:
            return
        if self.dates is None:
            from intake.gitutil import first_added

            self.dates = first_added(self.settings.root, [self.settings.scenarios])
        for path in paths:
            made = self.dates.get(path.resolve())
            if made is not None and run.at + CLOCK_SKEW < made:
                raise InputError(
                    f"run {run.run_id} is dated before its scenario {path.stem} existed "
                    f"({run.at:%Y-%m-%d %H:%M} < {made:%Y-%m-%d %H:%M} UTC, the file's first "
                    "commit); not imported",
                    where=str(run.where),
                )


class _Hashes:
    """The runnable hash of each scenario as a given commit had it (or as it is now)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.cache: dict[tuple[str | None, Path], str | None] = {}
        self.known: dict[str, bool] = {}

    def _commit_known(self, commit: str) -> bool:
        if commit not in self.known:
            self.known[commit] = (
                git_output(["cat-file", "-e", f"{commit}^{{commit}}"], self.settings.root)
                is not None
            )
        return self.known[commit]

    def known_commit(self, commit: str | None) -> bool:
        """Whether the suite's git knows ``commit`` (the file is then read as it had it)."""
        return commit is not None and self._commit_known(commit)

    def of(self, path: Path, commit: str | None) -> str | None:
        key = (commit if commit and self._commit_known(commit) else None, path)
        if key not in self.cache:
            self.cache[key] = self._hash(path, key[0])
        return self.cache[key]

    def _hash(self, path: Path, commit: str | None) -> str | None:
        if commit is not None:
            top = git_output(["rev-parse", "--show-toplevel"], self.settings.root)
            if top is None:
                return None
            rel = path.resolve().relative_to(Path(top.decode("utf-8").strip()).resolve())
            raw = git_output(["show", f"{commit}:{rel.as_posix()}"], self.settings.root)
        else:
            raw = path.read_bytes()
        if raw is None:
            return None
        from intake.contract.yamlio import YamlProblem, parse_checked  # a file not cached

        try:
            return runnable_hash(parse_checked(raw).data)
        except YamlProblem:
            return None


def import_results(
    settings: Settings,
    paths: Sequence[Path],
    *,
    model: str | None = None,
    tier: RunTier | None = None,
    machine: str | None = None,
    commit: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> ImportResult:
    """Record every scenario result of the run folders as a run of its suite scenario."""
    env = os.environ if environ is None else environ
    found, skipped = run_folders(paths)
    folders = [read_run_folder(p) for p in found]
    index = suite_index(settings, cached=True)
    hashes = _Hashes(settings)
    arrivals = _Arrivals(settings)
    configured = (
        *settings.strong_models,
        *settings.local_models,
        *((settings.judge_model,) if settings.judge_model else ()),
    )
    done = ImportResult(skipped=[(str(p), why) for p, why in skipped])
    stored: list[
        tuple[
            RunFolder,
            str,
            RunTier,
            str | None,
            str | None,
            str | None,
            list[tuple[str, str, float | None, str | None, str, str]],
        ]
    ] = []
    missing: set[str] = set()
    now = utcnow()
    for run in folders:
        check_name(settings, "the run id (run_id)", run.run_id)
        tested = check_name(
            settings,
            "the model under test (--model or meta.json)",
            model_of(model, run.meta, run.where),
            configured=configured,
        )
        judge = run.judge
        if judge is not None:
            judge = check_name(
                settings, "the judge model (config.model)", judge, configured=configured
            )
        run_tier = tier_of(settings, tested, tier)
        run_commit = commit_of(settings, commit, run.meta, env)
        _bounded(settings, run, run_commit, now)
        run_machine = machine_of(settings, machine, run.meta, env)
        done.runs.append(run.run_id)
        results: list[tuple[str, str, float | None, str | None, str, str]] = []
        as_now = not hashes.known_commit(run_commit)
        for result in run.results:
            scenario = index.get(result.scenario_id)
            if scenario is None:
                missing.add(result.scenario_id)
                continue
            current = scenario.current_hash if as_now else hashes.of(scenario.path, run_commit)
            if current is None:
                done.notes.append(
                    f"{result.scenario_id}: not in the suite at GAIA commit {run_commit} "
                    f"(run {run.run_id}); not recorded"
                )
                continue
            results.append(
                (
                    result.scenario_id,
                    result.status,
                    result.score,
                    result.failure_category,
                    current,
                    "trace" if result.kind == "trace" else "scorecard",
                )
            )
        if not hashes.known_commit(run_commit):
            arrivals.refuse_earlier(run, [index[r[0]].path for r in results])
        stored.append((run, tested, run_tier, judge, run_commit, run_machine, results))
    done.not_in_suite = sorted(missing)
    touched: set[str] = set()
    for run, tested, run_tier, judge, run_commit, run_machine, results in stored:
        item = StoredRun(
            run.run_id,
            tested,
            run_tier.value,
            judge,
            run_commit,
            run_machine,
            run.at,
            now,
            tuple(results),
        )
        if write_run(settings, item):
            reached("runs-import:run-written")
            done.recorded += len(results)
            done.infrastructure += sum(1 for r in results if r[1] not in JUDGED)
            touched.update(r[0] for r in results)
        else:
            done.already += len(results)
    done.scenarios = len(touched)
    return done


def run_key(run: SuiteRun) -> tuple[str, str, str | None]:
    """What makes two imported results the same run: run id, model, machine."""
    return (run.run_id, run.model, run.machine)


__all__ = [
    "ImportResult",
    "import_results",
    "read_run_folder",
    "run_folders",
    "run_key",
    "suite_index",
]


def migrate(settings: Settings) -> tuple[int, int, int]:
    """Move the runs records carry (``Record.suite_runs``, imported before the store) into
    files of the run store (``intake.lifecycle.runs.store``), then take them out of the
    records, each record one journal unit keyed by its scenario's id. A run whose file exists
    already (imported again since) gets a ``--migrated`` file of its own beside it, so no file
    is ever rewritten. Returns (records changed, run files written, results).
    """
    from intake.paths import display_path
    from intake.store.edit import edit
    from intake.store.journal import Event
    from intake.store.records import load_record

    index = suite_index(settings, retired=True)
    carrying: dict[str, list[SuiteRun]] = {}
    for sid, scenario in index.items():
        runs = load_record(record_path(scenario.path)).suite_runs
        if runs:
            carrying[sid] = list(runs)
    grouped: dict[tuple[str, str, str | None], list[tuple[str, SuiteRun]]] = {}
    for sid, runs in carrying.items():
        for run in runs:
            grouped.setdefault((run.run_id, run.model, run.machine), []).append((sid, run))
    files = results = 0
    for (run_id, model, machine), members in sorted(
        grouped.items(), key=lambda kv: (kv[0][0], kv[0][1])
    ):
        first = members[0][1]
        item = StoredRun(
            run_id,
            model,
            first.tier.value,
            first.judge_model,
            first.gaia_commit,
            machine,
            first.at,
            first.recorded_at,
            tuple(
                (sid, r.status, r.score, r.failure_category, r.runnable_hash, r.kind)
                for sid, r in members
            ),
        )
        path = file_of(settings, item)
        if path.exists():
            path = path.with_name(path.stem + "--migrated.json")
        if not write_run(settings, item, path):
            continue
        files += 1
        results += len(members)
    for sid in sorted(carrying):
        where = index[sid].path
        with edit(settings, sid, doing="migrate runs") as tx:
            record = load_record(record_path(where))
            moved = len(record.suite_runs)
            record.suite_runs = []
            event = Event(
                "runs-migrated",
                display_path(where, settings.root),
                None,
                {"runs": moved, "to": settings.runs_dir.as_posix()},
            )
            tx.commit_record("runs-migrate", where, record, [event])
    return len(carrying), files, results
