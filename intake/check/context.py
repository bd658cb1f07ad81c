"""What every check of ``intake check`` reads, gathered once: the context.

The suite's files (scenarios, drafts, records, history), what git says (tracked drafts, the
files this change touches), each file's validation, the scrub re-scan (with what the baseline
accepts), the records as loaded, and the files unfinished journals are changing. Building it
reads only; every check is then a function of it (``intake.check.checks``).
"""

from __future__ import annotations

import stat
from dataclasses import dataclass, field
from pathlib import Path

from intake.check.baseline import Baseline, fingerprint, load_baseline
from intake.check.commit import commit_problems
from intake.check.result import Finding
from intake.config import Settings
from intake.contract.manifest import Manifest
from intake.contract.models import Record, Standing, standing
from intake.contract.plain import ScenarioView
from intake.contract.validate import (
    FileResult,
    Problem,
    gaia_problems,
    suite_manifest,
    validate_file,
)
from intake.errors import IntakeError
from intake.gitutil import changed_paths, git_output
from intake.lifecycle.authority import Base, Rules, changed_history
from intake.lifecycle.evidence import Evidence
from intake.limits import MAX_RECORD_BYTES, MAX_SCENARIO_BYTES
from intake.paths import display_path, inside
from intake.scrub import FileFinding, scrub_scan
from intake.store.history import history_files
from intake.store.journal import pending
from intake.store.records import (
    RECORD_SUFFIX,
    iter_scenarios,
    load_record,
    record_path,
    scenario_path_for_record,
)
from intake.userconfig import Environ

_RECORDS = f"*{RECORD_SUFFIX}"


@dataclass
class Scan:
    """The scrub re-scan of the suite's files, and what the baseline accepts of it."""

    hits: list[FileFinding] | None
    """Every finding, or None when the re-scan could not run at all (``error`` says why)."""
    error: str | None
    unscannable: dict[Path, str]
    """Files not scanned, with the reason (a link, too large, unreadable)."""
    by_file: dict[str, list[FileFinding]] = field(default_factory=dict)
    """The findings per shown file, an unscannable file as one ``UNSCANNED`` finding."""
    in_scenarios: list[FileFinding] = field(default_factory=list)
    """Findings in scenario files (what ``--update-baseline`` accepts)."""
    accepted: set[FileFinding] = field(default_factory=set)
    """Findings the baseline accepts (left out of the report)."""


@dataclass
class Loaded:
    """Record files as ``check`` judged them (``intake.lifecycle.evidence``)."""

    records: dict[Path, Record] = field(default_factory=dict)
    """Each record with only the evidence that counts."""
    unreadable: dict[Path, str] = field(default_factory=dict)
    """Record files that cannot be loaded, with why."""
    claimed: dict[Path, list[str]] = field(default_factory=dict)
    """Per record file, the evidence the change claims without corroboration (not in
    ``records``: it meets no gate)."""
    authors: dict[Path, list[str]] = field(default_factory=dict)
    """Per record file, the authors of its file's commits (never its reviewers)."""


@dataclass
class CheckContext:
    """The suite as ``check`` sees it, read once and shared by every check."""

    settings: Settings
    strict: bool
    scenarios: list[Path]
    drafts: list[Path]
    tracked: set[Path] | None
    """Drafts git tracks (or has staged); None when git cannot tell."""
    manifest: Manifest | None
    changed: set[Path] | None
    """Files this pull request or working tree changes; None when git cannot tell."""
    gaia: dict[str, list[Problem]]
    """GAIA's own verdicts, by shown file (empty when GAIA cannot be asked)."""
    validated: dict[Path, FileResult]
    records: list[Path]
    scan: Scan
    loaded: Loaded
    """The records (``records``) as judged."""
    retired: Loaded
    """The retired folder's records, judged the same way (``docs/trust.md``: its records are
    judged like the suite's; the lifecycle check reads their retirements from here)."""
    in_flux: set[str]
    """Files (as shown) an unfinished journal is changing: judged once it is finished."""
    links: list[Path]
    """Scenario, draft and record files that are symbolic links (never read)."""
    base: Base | None = None
    """The revision the change is judged against (None: the working tree is the maintainer's)."""
    rule_changes: list[Problem] = field(default_factory=list)
    """Settings, scrubber rules, the baseline and the wiring as the change alters them
    (``lifecycle.authority.Rules.changes``: code ``rule-change``)."""
    claimed_history: list[Path] = field(default_factory=list)
    """History event files the change adds or alters."""
    notes: list[str] = field(default_factory=list)
    """What could not be asked (GitHub), for the output."""
    not_the_commit: list[Finding] = field(default_factory=list)
    """How the working tree fails to be the commit judged (``intake.check.commit``)."""
    removed: list[tuple[Path, str]] = field(default_factory=list)
    """The base's promoted or adopted scenarios the change deletes without a retirement."""
    shown: dict[Path, str] = field(default_factory=dict, repr=False)
    """``rel``'s answers: each path is resolved once per check."""

    @property
    def root(self) -> Path:
        """The suite's root."""
        return self.settings.root

    @property
    def files(self) -> list[Path]:
        """Scenarios, then drafts."""
        return self.scenarios + self.drafts

    def rel(self, path: Path) -> str:
        """The path as shown in findings."""
        shown = self.shown.get(path)
        if shown is None:
            shown = self.shown[path] = display_path(path, self.settings.root)
        return shown

    def view(self, path: Path) -> ScenarioView | None:
        """The typed, read-only view of a scenario or draft (None when it could not be read),
        built once by the validator."""
        result = self.validated.get(path)
        return None if result is None else result.view

    def record_of(self, path: Path) -> Record | None:
        """The loaded record beside a scenario or draft (None: none, or unreadable)."""
        return self.loaded.records.get(record_path(path))

    def adopted(self, path: Path) -> bool:
        """Whether the scenario's record carries an adoption stamp (and no promotion)."""
        return standing(True, self.record_of(path)) is Standing.adopted


def tracked_files(root: Path, folder: Path) -> set[Path] | None:
    """Files under ``folder`` that git tracks (or has staged); None when git cannot tell."""
    listed = git_output(["ls-files", "-z", "--cached", "--", str(folder)], root)
    if listed is None:
        return None
    names = [n for n in listed.decode("utf-8", "replace").split("\0") if n]
    return {(root / n).resolve() for n in names}


def _validate_each(
    settings: Settings,
    scenarios: list[Path],
    drafts: list[Path],
    manifest: Manifest | None,
    records: dict[Path, Record],
) -> dict[Path, FileResult]:
    """Each file validated at its level: by its standing for a scenario with a record (intake
    promoted or adopted it; ``records``: as judged), GAIA's rules for a legacy one, the draft
    level for ``drafts/`` (what ``intake validate`` does, with the record as it is)."""
    validated: dict[Path, FileResult] = {}
    is_draft = set(drafts)  # a list's `in` made this quadratic (10,000 drafts)
    for path in scenarios + drafts:
        rec = record_path(path)
        has_record = path not in is_draft and rec.is_file()
        validated[path] = validate_file(
            path,
            drafts_dir=settings.drafts,
            display=display_path(path, settings.root),
            manifest=manifest,
            keep_source=path in is_draft,  # its promotion gates judge it again, strictly
            stand=standing(has_record, records.get(rec)),
        )
    return validated


def line_text(data: bytes, line: int) -> str:
    """Line ``line`` (1-based) of ``data``, whitespace folded ("" when there is none)."""
    lines = data.decode("utf-8", "replace").splitlines()
    return " ".join(lines[line - 1].split()) if 0 < line <= len(lines) else ""


def base_findings(settings: Settings, base: Base, path: Path) -> set[tuple[str, str]]:
    """The re-scan's findings in the base's copy of ``path``, as (kind, line text): what a
    legacy file already had, the only findings its leniency covers."""
    import tempfile

    held = base.show(path)
    if held is None:
        return set()
    with tempfile.TemporaryDirectory(prefix="intake-base-copy-") as folder:
        copy = Path(folder) / path.name
        copy.write_bytes(held)
        hits, _, _ = scan_each([copy], settings)
    return {(hit.entity_type, line_text(held, hit.line)) for hit in hits or []}


def _scan_limit(path: Path) -> int:
    return MAX_RECORD_BYTES if path.name.endswith(RECORD_SUFFIX) else MAX_SCENARIO_BYTES


def _why_unscannable(path: Path) -> str | None:
    """Why the re-scan leaves a file out (a link, not a regular file, over intake's limit)."""
    try:
        info = path.stat()
    except OSError as exc:
        return f"cannot read it ({exc.strerror})"
    limit = _scan_limit(path)
    if path.is_symlink():
        return "a symbolic link (intake reads only the suite's own files)"
    if not stat.S_ISREG(info.st_mode):
        return "not a regular file"
    if info.st_size > limit:
        return f"{info.st_size:,} bytes, over the {limit:,}-byte limit"
    return None


def scan_each(
    paths: list[Path], settings: Settings
) -> tuple[list[FileFinding] | None, str | None, dict[Path, str]]:
    """The scrub re-scan, never made impossible for the suite by one file.

    A file that is a symbolic link or not a regular file, or larger than what intake itself reads
    (``limits.MAX_SCENARIO_BYTES``, ``MAX_RECORD_BYTES``), is not scanned: it is returned with
    the reason. When the scan of the rest fails, each file is scanned alone, so a file the
    scanner cannot read is one more such entry. (None, why, …) only when no file can be.
    """
    unscannable: dict[Path, str] = {}
    for path in paths:
        why = _why_unscannable(path)
        if why is not None:
            unscannable[path] = why
    rest = [p for p in paths if p not in unscannable]
    scan, error = scrub_scan(rest, settings)
    if scan is not None or len(rest) < 2:
        return scan, error, unscannable
    hits: list[FileFinding] = []
    for path in rest:
        one, why = scrub_scan([path], settings)
        if one is None:
            unscannable[path] = why or "the scanner failed"
        else:
            hits += one
    if len(unscannable) == len(paths):
        return None, error, {}
    return hits, None, unscannable


def _rescan(
    settings: Settings,
    scenarios: list[Path],
    paths: list[Path],
    *,
    baseline: bool,
    rules: Rules | None = None,
) -> Scan:
    """The re-scan of ``paths``, each finding filed by its file, with the baseline applied to
    the findings in scenario files (``baseline``: the baseline is read; the base's when
    ``rules`` has a base)."""
    hits, error, unscannable = scan_each(paths, settings)
    scan = Scan(hits, error, unscannable)
    for path in unscannable:
        shown = display_path(path, settings.root)
        scan.by_file.setdefault(shown, []).append(FileFinding("UNSCANNED", shown, 1))
    if hits is None:
        return scan
    scenario_files = {display_path(p, settings.root) for p in scenarios}
    for hit in hits:
        scan.by_file.setdefault(hit.file, []).append(hit)
    scan.in_scenarios = [hit for hit in hits if hit.file in scenario_files]
    from_base = rules is not None and rules.base is not None
    raw = rules.baseline if rules is not None and from_base else None
    accepted = load_baseline(settings, raw=raw, from_base=from_base) if baseline else None
    if accepted is not None:
        scan.accepted = _accepted_hits(settings, accepted, scan.in_scenarios)
    return scan


def _accepted_hits(
    settings: Settings, accepted: Baseline, hits: list[FileFinding]
) -> set[FileFinding]:
    """The findings whose fingerprint the baseline holds."""
    return {
        hit
        for hit in set(hits)
        if fingerprint(settings, accepted.key, hit) in accepted.fingerprints
    }


def _load_records(records: list[Path], evidence: Evidence) -> Loaded:
    """Each record loaded with only the evidence that counts (``intake.lifecycle.evidence``),
    or why it cannot be."""
    out = Loaded()
    for rec in records:
        try:
            judged = evidence.judge(rec, load_record(rec))
        except IntakeError as exc:
            out.unreadable[rec] = exc.message
            continue
        out.records[rec] = judged.record
        out.authors[rec] = judged.authors
        if judged.claimed:
            out.claimed[rec] = judged.claimed
    return out


def journaled_files(settings: Settings) -> set[str]:
    """Files (as shown) that an unfinished journal writes or removes, with their pairs.

    Between the record and the scenario of an interrupted adopt, revise or rename the pair
    is half old, half new: ``intake ledger rebuild`` (or rerunning the command) finishes it.
    """
    shown: set[str] = set()
    for unit in [item.unit for item in pending(settings) if item.unit is not None]:
        for path in [p for p, _ in unit.writes] + unit.removes:
            scenario = scenario_path_for_record(path)
            for one in (path, scenario, record_path(scenario)):
                shown.add(display_path(one, settings.root))
    return shown


def _suite_files(settings: Settings) -> tuple[list[Path], list[Path]]:
    """The scenarios and the drafts (a drafts folder inside the scenarios one holds none);
    a suite with neither folder is a usage error: a gate that finds no files must not pass."""
    settings.scenario_folders(
        why=": nothing to check", hint="; a gate that finds no files must not pass"
    )
    scenarios = list(iter_scenarios(settings.scenarios, links="refuse"))
    drafts = [
        p
        for p in iter_scenarios(settings.drafts, links="refuse")
        if not inside(p, settings.scenarios)
    ]
    return scenarios, drafts


def build_context(
    settings: Settings,
    *,
    strict: bool = False,
    baseline: bool = True,
    rules: Rules | None = None,
) -> CheckContext:
    """Read the suite once for every check (reads only; ``baseline``: apply the baseline).

    ``rules`` (``intake.lifecycle.authority.rules_for``): the settings, scrubber rules and
    baseline of the base revision, and what the change altered of them; their settings replace
    ``settings``.
    """
    if rules is not None:
        settings = rules.settings
    base = rules.base if rules is not None else None
    scenarios, drafts = _suite_files(settings)
    root = settings.root
    tracked = tracked_files(root, settings.drafts)
    manifest = suite_manifest(settings)
    # what this change touches: since the base, else since the PR's base branch, if any
    since = base.commit if base is not None else Environ.of().GITHUB_BASE_REF or None
    changed = changed_paths(root, since)
    ours = drafts + [p for p in scenarios if record_path(p).is_file()]  # GAIA's own: its CI's
    gaia = gaia_problems(settings, ours, [display_path(p, root) for p in ours]) or {}
    # the check lists each kind of file in one sorted order across its folders
    records = sorted(
        set(iter_scenarios(settings.scenarios, settings.drafts, names=(_RECORDS,), links="refuse"))
    )
    # the committed history (a rejection's reason) is scanned like a record: a hand-edited
    # event file in a pull request must not bring a secret into the repository
    history = history_files(settings)
    # every folder intake reads or writes is re-scanned: the retired folder too (a token
    # there is in the repository as much as one in a draft)
    retired = [
        p
        for names in (("*.yaml",), (_RECORDS,))
        for p in iter_scenarios(settings.retired, names=names, links="refuse")
        if not inside(p, settings.scenarios)
    ]
    scan = _rescan(
        settings,
        scenarios,
        scenarios + drafts + records + history + retired,
        baseline=baseline,
        rules=rules,
    )
    evidence = Evidence(settings, base)
    loaded = _load_records(records, evidence)
    validated = _validate_each(settings, scenarios, drafts, manifest, loaded.records)
    retired_loaded = _load_records([p for p in retired if p.name.endswith(RECORD_SUFFIX)], evidence)
    now_ids = {r.id for r in [*loaded.records.values(), *retired_loaded.records.values()]}
    now_ids |= {v.id for r in validated.values() if (v := r.view) is not None and v.id}
    removed = evidence.removed(now_ids)
    return CheckContext(
        settings=settings,
        strict=strict,
        scenarios=scenarios,
        drafts=drafts,
        tracked=tracked,
        manifest=manifest,
        changed=changed,
        gaia=gaia,
        validated=validated,
        records=records,
        scan=scan,
        loaded=loaded,
        retired=retired_loaded,
        in_flux=journaled_files(settings),
        # each link is reported: git commits links and GAIA's runner follows them, so a pull
        # request can point one at ``/dev/zero`` or a file outside the suite; no check reads them
        links=sorted(
            set(
                iter_scenarios(
                    settings.scenarios, settings.drafts, names=("*.yaml", _RECORDS), links="only"
                )
            )
        ),
        base=base,
        rule_changes=list(rules.changes) if rules is not None else [],
        claimed_history=changed_history(settings, base),
        notes=list(dict.fromkeys(evidence.notes)),
        not_the_commit=commit_problems(settings, base),
        removed=removed,
    )
