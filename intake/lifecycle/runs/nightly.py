"""Nightly and CI results become runs of the suite's scenarios (``intake runs import``).

Each run folder GAIA's runner wrote, read by ``intake.lifecycle.runs.results``, becomes one
immutable file of the run store (``intake.lifecycle.runs.store``) holding the results of the
suite scenarios it ran, found by their YAML ``id``; no scenario record is touched. Each result
keeps what makes two runs comparable: the runnable hash of the scenario as it was run (the file
holding its id at GAIA's commit when the suite's git knows that commit, else as it is at
import), GAIA's commit, the runner machine and the model under test. The scorecard names none
of the last three, so they come from flags, from GAIA's ``meta.json`` or from the CI
environment. docs/health.md ("Importing nightly results", "The run store") gives every field's
source and the statuses that count as judged.
"""

from __future__ import annotations

import gc
import hashlib
import os
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from intake.contract.plain import JUDGED_STATUSES
from intake.crashpoints import reached
from intake.errors import InputError, UsageError
from intake.gitutil import git_output, repo_top, tree_entries
from intake.lifecycle.runs.results import (
    Meta,
    RunFolder,
    check_name,
    check_run_names,
    model_under_test,
    parse_time,
    plain_by_shape,
    read_run_folder,
    run_folders,
    safe_name,
)
from intake.lifecycle.runs.store import (
    NO_FACTS,
    StoredResult,
    StoredRun,
    blob_facts,
    facts_of_ids,
    file_of,
    listed_entry,
    read_facts,
    remember_blob_facts,
    remember_listing,
    scenario_facts,
    suite_files,
    write_run,
)
from intake.userconfig import Environ

if TYPE_CHECKING:
    from intake.config import Settings
    from intake.contract.models import SuiteRun

COMMIT_PATTERN = r"^[0-9a-fA-F]{7,40}$"


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


def machine_of(settings: Settings, flag: str | None, meta: Meta, environ: Environ) -> str | None:
    """``--machine``, else ``meta.json``'s ``machine`` (a plain name) or its ``hardware``
    (free text, kept only as ``hw-`` and a short hash: it may name a person), else
    ``RUNNER_NAME`` (GitHub Actions), else None."""
    if flag is not None:
        return _plain(settings, "--machine", flag)
    value = meta.machine
    if value is not None and safe_name(value):
        if plain_by_shape(settings, value):
            return value
        from intake.store.suite import finding_types

        if not finding_types(settings, value):
            return value
    if meta.hardware is not None:
        return "hw-" + hashlib.sha256(meta.hardware.encode("utf-8")).hexdigest()[:12]
    runner = environ.RUNNER_NAME
    if runner:
        return _plain(settings, "the runner name (RUNNER_NAME)", runner)
    return None


def commit_of(settings: Settings, flag: str | None, meta: Meta, environ: Environ) -> str | None:
    """``--commit``, else ``meta.json``'s ``commit``, else ``GITHUB_SHA``; None unknown."""
    if flag is not None:
        return _plain(settings, "--commit", flag, COMMIT_PATTERN)
    if meta.commit is not None:
        return _plain(settings, "the commit in meta.json", meta.commit, COMMIT_PATTERN)
    sha = environ.GITHUB_SHA
    return _plain(settings, "GITHUB_SHA", sha, COMMIT_PATTERN) if sha else None


def tier_of(settings: Settings, model: str, flag: str | None) -> str:
    """``--tier``, else the configured list the model is in; neither is a usage error."""
    if flag is not None:
        return flag
    if model in settings.strong_models:
        return "strong"
    if model in settings.local_models:
        return "local"
    raise UsageError(
        "the model under test is in neither strong_models nor local_models",
        hint="pass --tier strong|local, or list the model in [tool.intake]",
    )


class SuiteScenario(NamedTuple):
    """A promoted or adopted scenario the import can record into."""

    file: str
    """Its path, as text (``path`` makes the ``Path``)."""
    scenario_id: str
    current_hash: str | None = None
    """The runnable hash of the file as it is (read with the id: one parse)."""

    @property
    def path(self) -> Path:
        return Path(self.file)


def suite_index(
    settings: Settings,
    *,
    retired: bool = False,
    cached: bool = False,
    ids: Collection[str] | None = None,
) -> dict[str, SuiteScenario]:
    """Scenario id → its file, for every scenario with a record under the scenarios folder (and
    the retired folder with ``retired``). The id is the file's YAML ``id``, never its name: GAIA's
    ``eval/scenarios/mcp_reliability/simple_tool_call.yaml`` holds ``mcp_simple_tool_call``. The
    one key of runs, health, bugs and the split (docs/health.md, "Identity"). ``cached`` (``runs
    import``) reads each file's id and hash through the run index's cache of them
    (``scenario_facts``); the gate's callers parse every file. With ``ids`` as well, only those
    ids are looked up (the others may be left out), through the cached listing of the suite
    while no folder of it has changed (``facts_of_ids``): no walk."""
    folders = (settings.scenarios, settings.retired) if retired else (settings.scenarios,)
    if cached:
        known = facts_of_ids(settings, folders, ids) if ids else None
        if known is not None:
            make = tuple.__new__  # (file, id, hash): its fields, in order
            return {e[1]: make(SuiteScenario, e[:3]) for e in reversed(known)}  # first file wins
        seen: list[tuple[str, int, int]] = []
        files = [f for f in suite_files(*folders, seen=seen) if f.record]
        paths = [f.path for f in files]
        stats = {p: f.stat for p, f in zip(paths, files, strict=True)}
        facts = scenario_facts(settings, paths, stats)
        listed = [
            listed_entry(f.text, f.stat, facts.get(p)) for p, f in zip(paths, files, strict=True)
        ]
        remember_listing(settings, folders, seen, listed)
    else:
        from intake.store.records import iter_scenarios, record_path

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
                item.scenario_id, SuiteScenario(str(path), item.scenario_id, item.runnable_hash)
            )
    return index


CLOCK_SKEW = timedelta(minutes=10)
"""How far past the importing machine's clock a run may claim to have started."""


def _bounded(run: RunFolder, commit: str | None, made: datetime | None, now: datetime) -> None:
    """Refuse a run dated in the future or before the GAIA commit it names, made at ``made``:
    a results folder does not get to say when it happened beyond what is known."""
    if run.at > now + CLOCK_SKEW:
        raise InputError(
            f"run {run.run_id} is dated in the future ({run.at:%Y-%m-%d %H:%M} UTC); not imported",
            where=str(run.where),
        )
    if made is not None and run.at + CLOCK_SKEW < made:
        raise InputError(
            f"run {run.run_id} is dated before its GAIA commit {(commit or '')[:12]} "
            f"({run.at:%Y-%m-%d %H:%M} < {made:%Y-%m-%d %H:%M} UTC); not imported",
            where=str(run.where),
        )


class _SuiteGit:
    """What the suite's git says of the runs: which GAIA commits it knows and when they were
    made, each scenario id's runnable hash as such a commit had it, and when each scenario's
    file arrived (``gitutil.first_added``: the committer date of the first-parent commit that
    brought it in, renames followed). Each asked once, and only when a run needs it; outside a
    git repository nothing is asked."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.known: dict[str, datetime | None] = {}
        self.asked = False
        self.top: Path | None = None
        self.ids_at: dict[str, dict[str, str | None]] = {}
        self.dates: dict[Path, datetime] | None = None

    def in_git(self) -> bool:
        """Whether the suite lies in a git working tree (asked once, and of git only when a
        ``.git`` stands in the suite's folder or above it, or ``GIT_DIR`` points at one: git
        finds a working tree no other way)."""
        if not self.asked:
            self.asked = True
            root = self.settings.root.resolve()
            found = None
            if Environ.of().GIT_DIR is not None or any(
                os.path.lexists(folder / ".git") for folder in (root, *root.parents)
            ):
                found = repo_top(self.settings.root)
            self.top = found.resolve() if found is not None else None
        return self.top is not None

    def known_commit(self, commit: str | None) -> bool:
        """Whether the suite's git knows ``commit`` (the file is then read as it had it): it
        has a committer date (``known``), asked of git once a commit."""
        if commit is None:
            return False
        if commit not in self.known:
            asked = ["show", "-s", "--format=%cI", f"{commit}^{{commit}}"]
            raw = git_output(asked, self.settings.root) if self.in_git() else None
            self.known[commit] = parse_time(raw.decode("utf-8", "replace").strip()) if raw else None
        return self.known[commit] is not None

    def by_id_at(self, commit: str) -> dict[str, str | None]:
        """Each scenario id -> its runnable hash as ``commit`` had it, wherever its file then
        stood under the scenarios folder (GAIA's runner ran the scenario of that id; a file
        renamed since with ``git mv`` is the same scenario; a link is never read, as ``check``
        says). One ``git ls-tree`` a commit; each blob's facts come from the index's cache of
        them (``blob_facts``: a blob never changes), and only the blobs it lacks are read with
        one ``git cat-file --batch``, parsed and kept there."""
        if commit in self.ids_at:
            return self.ids_at[commit]
        found: dict[str, str | None] = {}
        self.ids_at[commit] = found
        try:
            if self.top is None:
                return found
            folder = self.settings.scenarios.resolve().relative_to(self.top)
        except (ValueError, OSError):
            return found
        entries = tree_entries(self.top, commit, [folder.as_posix()])
        blobs = [  # by path: the first file holding an id wins
            sha
            for name, (mode, sha) in sorted(entries.items())
            if mode.startswith("100") and name.endswith((".yaml", ".yml"))
        ]
        known = blob_facts(self.settings, blobs)
        missing = sorted(set(blobs) - known.keys())
        if missing:
            stdin = "".join(f"{blob}\n" for blob in missing).encode("ascii")
            out = git_output(["cat-file", "--batch"], self.settings.root, timeout=120, stdin=stdin)
            fresh: list[tuple[str, str | None, str | None]] = []
            for blob, raw in zip(missing, _batch_blobs(out or b""), strict=False):
                if raw is not None:
                    facts = read_facts(raw)
                    known[blob] = (facts.scenario_id, facts.runnable_hash)
                    fresh.append((blob, facts.scenario_id, facts.runnable_hash))
            remember_blob_facts(self.settings, fresh)
        for blob in blobs:
            scenario_id, runnable_hash = known.get(blob, (None, None))
            if scenario_id is not None:
                found.setdefault(scenario_id, runnable_hash)
        return found

    def refuse_earlier(self, run: RunFolder, files: list[str]) -> None:
        """Refuse ``run`` when it is dated before a scenario it has a result for existed: a
        results folder does not get to say it ran a case before the case was written. A run
        naming a GAIA commit git knows is bounded by that commit instead (its scenarios are
        read as that commit had them, and ``_bounded`` dates it)."""
        if not files:
            return
        if self.dates is None:
            from intake.gitutil import first_added

            self.dates = first_added(self.settings.root, [self.settings.scenarios])
        folders: dict[Path, Path] = {}
        for path in map(Path, files) if self.dates else ():
            parent = folders.get(path.parent) or folders.setdefault(
                path.parent, path.parent.resolve()
            )  # one resolve a folder, not one a file
            made = self.dates.get(parent / path.name) or self.dates.get(path.resolve())
            if made is not None and run.at + CLOCK_SKEW < made:
                raise InputError(
                    f"run {run.run_id} is dated before its scenario {path.stem} existed "
                    f"({run.at:%Y-%m-%d %H:%M} < {made:%Y-%m-%d %H:%M} UTC, the file's first "
                    "commit); not imported",
                    where=str(run.where),
                )


def _batch_blobs(out: bytes) -> list[bytes | None]:
    """Each answer of ``git cat-file --batch`` in order: the blob's bytes, or None (missing,
    ambiguous, or not a blob)."""
    blobs: list[bytes | None] = []
    at = 0
    while (end := out.find(b"\n", at)) >= 0:
        line, at = out[at:end], end + 1
        if line.endswith((b" missing", b" ambiguous")):
            blobs.append(None)
            continue
        kind, size = line.split()[1], int(line.split()[-1])
        blobs.append(out[at : at + size] if kind == b"blob" else None)
        at += size + 1
    return blobs


@dataclass(frozen=True)
class _Flags:
    """What ``runs import``'s flags and the environment say of every run folder."""

    model: str | None
    tier: str | None
    machine: str | None
    commit: str | None
    environ: Environ
    configured: tuple[str, ...]
    """The configured model names (strong, local, judge): no new disclosure."""


class _Import:
    """One ``runs import``: the suite's scenarios the runs name, and what became of them."""

    def __init__(self, settings: Settings, flags: _Flags, ids: set[str]) -> None:
        self.settings, self.flags = settings, flags
        self.index = suite_index(settings, cached=True, ids=ids)
        self.git = _SuiteGit(settings)
        self.now = datetime.now(UTC)
        self.missing: set[str] = set()
        self.notes: list[str] = []

    def stored(self, run: RunFolder) -> StoredRun:
        """The run folder as the store keeps it, its names checked and its results keyed."""
        settings, flags = self.settings, self.flags
        tested = model_under_test(flags.model, run.meta, run.where)
        check_run_names(settings, run.run_id, run.judge, tested, configured=flags.configured)
        run_tier = tier_of(settings, tested, flags.tier)
        run_commit = commit_of(settings, flags.commit, run.meta, flags.environ)
        known = self.git.known_commit(run_commit)
        made = self.git.known.get(run_commit) if run_commit is not None else None
        _bounded(run, run_commit, made, self.now)
        run_machine = machine_of(settings, flags.machine, run.meta, flags.environ)
        results = self.results(run, run_commit)
        if not known and self.git.in_git():
            self.git.refuse_earlier(run, [self.index[r.scenario_id].file for r in results])
        return StoredRun(
            run.run_id,
            tested,
            str(run_tier),
            run.judge,
            run_commit,
            run_machine,
            run.at,
            self.now,
            tuple(results),
        )

    def results(self, run: RunFolder, commit: str | None) -> list[StoredResult]:
        """The run's results of suite scenarios, each with the runnable hash it was run on."""
        kept: list[StoredResult] = []
        make = tuple.__new__  # a ``NamedTuple`` of its fields in order, without its ``__new__``
        at_commit = None
        if commit is not None and self.git.known_commit(commit):
            at_commit = self.git.by_id_at(commit)
        for result in run.results:
            scenario = self.index.get(result.scenario_id)
            if scenario is None:
                self.missing.add(result.scenario_id)
                continue
            if at_commit is None:
                current = scenario.current_hash
            else:
                current = at_commit.get(result.scenario_id)
            if current is None:
                self.notes.append(
                    f"{result.scenario_id}: not in the suite at GAIA commit {commit} "
                    f"(run {run.run_id}); not recorded"
                )
                continue
            kept.append(
                make(
                    StoredResult,
                    (
                        result.scenario_id,
                        result.status,
                        result.score,
                        result.failure_category,
                        current,
                        result.kind,
                    ),
                )
            )
        return kept


def import_results(
    settings: Settings,
    paths: Sequence[Path],
    *,
    model: str | None = None,
    tier: str | None = None,
    machine: str | None = None,
    commit: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> ImportResult:
    """Record every scenario result of the run folders as a run of its suite scenario."""
    found, skipped = run_folders(list(paths))
    configured = (
        *settings.strong_models,
        *settings.local_models,
        *((settings.judge_model,) if settings.judge_model else ()),
    )
    flags = _Flags(model, tier, machine, commit, Environ.of(environ), configured)
    # A night is tens of thousands of objects and no cycle: no collector pass while they are
    # made, nor once they are; it comes back as this returns, just before they are freed. Not
    # ``store.paused_gc``: its freeze would keep a long-lived caller's uncollected cycles.
    collecting = gc.isenabled()
    gc.disable()
    try:
        folders = [read_run_folder(p) for p in found]
        job = _Import(settings, flags, {r.scenario_id for f in folders for r in f.results})
        items = [job.stored(run) for run in folders]
        done = ImportResult(
            [run.run_id for run in folders], skipped=[(str(p), w) for p, w in skipped]
        )
        done.not_in_suite, done.notes = sorted(job.missing), job.notes
        _write(settings, items, done)
        return done
    finally:
        if collecting:
            gc.enable()


def _write(settings: Settings, items: list[StoredRun], done: ImportResult) -> None:
    """Write each run's file, counting into ``done`` what was recorded and what was there."""
    touched: set[str] = set()
    for item in items:
        if write_run(settings, item):
            reached("runs-import:run-written")
            done.recorded += len(item.results)
            done.infrastructure += sum(1 for r in item.results if r.status not in JUDGED_STATUSES)
            touched.update(r.scenario_id for r in item.results)
        else:
            done.already += len(item.results)
    done.scenarios = len(touched)


def migrate(settings: Settings) -> tuple[int, int, int]:
    """Move the runs records carry (``Record.suite_runs``, imported before the store) into
    files of the run store (``intake.lifecycle.runs.store``), then take them out of the
    records, each record one journal unit keyed by its scenario's id. A run whose file exists
    already (imported again since) gets a ``--migrated`` file of its own beside it, so no file
    is ever rewritten. Returns (records changed, run files written, results).
    """
    from intake.paths import display_path
    from intake.store.details import RunsMigratedDetail
    from intake.store.edit import edit
    from intake.store.journal import Event
    from intake.store.records import load_record, record_path

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
                StoredResult(sid, r.status, r.score, r.failure_category, r.runnable_hash, r.kind)
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
                RunsMigratedDetail(runs=moved, to=settings.runs_dir.as_posix()),
            )
            tx.commit_record("runs-migrate", where, record, [event])
    return len(carrying), files, results
