"""``intake check``: the pull-request gate over drafts and scenarios. Reads only.

What it enforces (errors fail the check, warnings do not):

* validation: strict for scenarios intake promoted (they have a record), GAIA's rules with a
  warning for legacy scenarios (no source, no record), the draft level for ``drafts/``; ids
  unique across drafts and scenarios;
* the scrub re-scan of every scenario, draft and record file;
* private drafts (under ``drafts/private/``, ignored by git, or anywhere when their record says
  ``source.private``) that are tracked anyway must carry an approving review of their current
  content;
* records against their files: a promoted scenario whose bytes differ from the promotion stamp
  is an error; a draft whose approvals are stale is a warning;
* scenarios without a promotion record: an error when they carry intake's ``source`` (they
  skipped ``intake promote``), a warning for GAIA's legacy ones;
* the journals and temporaries of interrupted commands (a promotion included: one kind of
  leftover) are reported as warnings, so a crash never fails the gate, and so is a promotion
  whose ledger event is missing; the files an unfinished journal is changing are judged once it
  is finished (the scrub re-scan still covers them); a journal intake did not seal on this
  machine (one that came with a checkout) is an error, never replayed.

Each draft's promotion gates are computed too, for the job summary; they never fail the check.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from intake.config import Settings
from intake.contract.models import Record, ReviewDecision, windows_name_problem
from intake.errors import IntakeError, UsageError
from intake.ghoutput import STEP_SUMMARY_LIMIT, md_code, md_message, md_text
from intake.gitutil import changed_paths, git_output
from intake.lifecycle.gates import (
    Gate,
    GateInputs,
    ScanHit,
    check_gates,
    latest_reviews,
    review_gate,
)
from intake.limits import MAX_RECORD_BYTES, MAX_SCENARIO_BYTES
from intake.paths import display_path, inside
from intake.store.history import HISTORY_SUFFIX, history_dir
from intake.store.records import content_hash, load_record, record_path, runnable_hash


@dataclass(frozen=True)
class Finding:
    """One problem ``check`` found, located in a file."""

    severity: str
    file: str
    line: int
    code: str
    message: str
    legacy: bool = False
    """About an existing file intake never handled (GAIA's own): summarised per kind."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


@dataclass
class DraftGates:
    """A draft and its promotion gates (for the job summary)."""

    path: str
    scenario_id: str
    private: bool
    gates: list[Gate]
    file: Path | None = None
    """The draft's file, for its reviewer's card (``intake.report.card``)."""
    data: dict[str, Any] | None = None
    record: Record | None = None

    @property
    def ready(self) -> bool:
        """Whether every gate is met."""
        return all(g.met for g in self.gates)


@dataclass
class CheckReport:
    """Everything ``check`` found."""

    files: int
    findings: list[Finding] = field(default_factory=list)
    drafts: list[DraftGates] = field(default_factory=list)
    git: bool = False
    """Whether git was available to tell tracked private drafts from ignored ones."""
    baselined: int = 0
    """Scrub findings left out because the baseline accepts them."""
    baseline_hits: list[ScanHit] = field(default_factory=list)
    """Scrub findings in scenario files (what ``--update-baseline`` accepts)."""

    @property
    def errors(self) -> int:
        """Number of errors."""
        return sum(f.severity == "error" for f in self.findings)

    @property
    def warnings(self) -> int:
        """Number of warnings."""
        return sum(f.severity == "warning" for f in self.findings)


def tracked_files(root: Path, folder: Path) -> set[Path] | None:
    """Files under ``folder`` that git tracks (or has staged); None when git cannot tell."""
    listed = git_output(["ls-files", "-z", "--cached", "--", str(folder)], root)
    if listed is None:
        return None
    names = [n for n in listed.decode("utf-8", "replace").split("\0") if n]
    return {(root / n).resolve() for n in names}


def _files(folder: Path) -> list[Path]:
    """Every ``*.yaml`` below ``folder``, dot-files included: GAIA's runner loads
    ``rglob("*.yaml")``, so a hidden scenario runs and must be checked. intake's temporaries
    end in ``.tmp`` (an older promotion's in ``.promote-tmp``), never ``.yaml``."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*.yaml") if p.is_file())


def run_check(
    settings: Settings, *, strict: bool = False, baseline: bool = True
) -> CheckReport:
    """Run every check over the suite's drafts and scenarios.

    Scrub findings are errors in drafts, records and promoted scenarios. In legacy scenarios
    (GAIA's own: no record, no ``source``), which intake never imported and which hold
    deliberate test data (made-up e-mails, a ``hunter2`` password), they are warnings unless
    ``strict``: a gate that fails every existing suite on day one would simply be switched off.
    """
    from intake.contract.validate import Severity, gaia_problems, suite_manifest, validate_file

    root = settings.root
    if not (settings.scenarios.is_dir() or settings.drafts.is_dir()):
        raise UsageError(
            "no scenarios/ or drafts/ folder here: nothing to check",
            where=str(root),
            hint="run inside a suite (pyproject.toml with [tool.intake]); a gate that finds "
            "no files must not pass",
        )
    scenarios = _files(settings.scenarios)
    drafts = [p for p in _files(settings.drafts) if not inside(p, settings.scenarios)]
    report = CheckReport(files=len(scenarios) + len(drafts))
    add = report.findings.append

    def rel(path: Path) -> str:
        return display_path(path, root)

    for path in scenarios + drafts:
        unfit = _windows_problem(path, root)
        if unfit is not None:
            message = f"a name Windows cannot check out: {unfit}; rename it"
            add(Finding("error", rel(path), 1, "windows-name", message))

    tracked = tracked_files(root, settings.drafts)
    report.git = tracked is not None
    manifest = suite_manifest(settings)

    ids: dict[str, str] = {}
    data_of: dict[Path, dict[str, Any]] = {}
    id_lines: dict[Path, int] = {}
    changed = touched_files(root)
    ours = drafts + [p for p in scenarios if record_path(p).is_file()]  # GAIA's own: its CI's
    judged_by_gaia = gaia_problems(settings, ours, [rel(p) for p in ours]) or {}
    for path in scenarios + drafts:
        for verdict in judged_by_gaia.get(rel(path), []):
            add(Finding("error", verdict.file, verdict.line, "gaia", verdict.message))
        is_draft = path in drafts
        promoted = not is_draft and record_path(path).is_file()
        result = validate_file(
            path, strict=promoted, drafts_dir=settings.drafts, display=rel(path), manifest=manifest
        )
        adopted = promoted and _adopted(record_path(path))
        is_changed = changed is not None and path.resolve() in changed
        for p in result.problems:
            if adopted and p.message == "'difficulty_rationale' is required":
                add(
                    Finding(
                        "warning",
                        p.file,
                        p.line,
                        "adopted-no-rationale",
                        "adopted without a difficulty_rationale (add one, or adopt with "
                        "--rationale)",
                        legacy=True,
                    )
                )
                continue
            grouped = p.code == "legacy" and not is_changed
            add(Finding(p.severity.value, p.file, p.line, f"validate:{p.code}", p.message, grouped))
        if result.data is not None:
            data_of[path] = result.data
            id_lines[path] = result.id_line
        if result.scenario_id is None:
            continue
        earlier = ids.get(result.scenario_id)
        if earlier is None:
            ids[result.scenario_id] = rel(path)
        else:
            add(
                Finding(
                    "error",
                    rel(path),
                    result.id_line,
                    "duplicate-id",
                    f"id {result.scenario_id!r} is already used by {earlier}",
                )
            )

    records = sorted(
        p
        for folder in (settings.scenarios, settings.drafts)
        if folder.is_dir()
        for p in folder.rglob("*.intake.json")
        if p.is_file()
    )
    findings_by_file: dict[str, list[ScanHit]] = {}
    # the committed history (a rejection's reason) is scanned like a record: a hand-edited
    # event file in a pull request must not bring a secret into the repository
    history = sorted(history_dir(settings).glob(f"*{HISTORY_SUFFIX}"))
    scan, scan_error, unscannable = _scan_each(scenarios + drafts + records + history, settings)
    for path, why in unscannable.items():
        # one finding for this file; every other file's scan, gates and card still stand
        add(Finding("error", rel(path), 1, "scrub", f"the scrub re-scan cannot read it: {why}"))
        findings_by_file.setdefault(rel(path), []).append(ScanHit("UNSCANNED", rel(path), 1))
    if scan is None:
        add(Finding("error", ".", 1, "scrub", f"scrub re-scan could not run: {scan_error}"))
    else:
        legacy = {
            rel(p)
            for p in scenarios
            if not record_path(p).is_file() and "source" not in data_of.get(p, {})
        }
        kept = _adopted_unchanged(scenarios)
        existing = legacy | {rel(p) for p in _adopted_files(scenarios)}
        legacy |= {rel(p) for p in kept}
        changed_shown = {rel(p) for p in changed} if changed is not None else set()
        scenario_files = {rel(p) for p in scenarios}
        accepted = load_baseline(settings) if baseline else None
        for hit in scan:
            findings_by_file.setdefault(hit.file, []).append(hit)
            if hit.file in scenario_files:
                report.baseline_hits.append(hit)
                if accepted is not None and fingerprint(settings, accepted.key, hit) in (
                    accepted.fingerprints
                ):
                    report.baselined += 1
                    continue
            severity = "warning" if hit.file in legacy and not strict else "error"
            message = f"{hit.kind} found by the re-scan"
            if severity == "warning":
                message += " (legacy scenario; --strict makes this an error)"
            elif hit.file in existing:
                message += (
                    " (a scenario that predates intake; if it is known test data, accept it "
                    "with `intake check --update-baseline`, else scrub the file)"
                )
            is_legacy = severity == "warning" and hit.file not in changed_shown
            add(Finding(severity, hit.file, hit.line, "scrub", message, is_legacy))

    loaded: dict[Path, Record] = {}
    for rec in records:
        try:
            loaded[rec] = load_record(rec)
        except IntakeError as exc:
            add(Finding("error", rel(rec), 1, "record", exc.message))
            continue
        scenario = rec.with_name(rec.name.removesuffix(".intake.json") + ".yaml")
        if not scenario.is_file():
            add(Finding("warning", rel(rec), 1, "orphan-record", "record without its scenario"))

    for path in scenarios:
        rec = record_path(path)
        data = data_of.get(path, {})
        record = loaded.get(rec)
        if not rec.is_file():
            if "source" in data:
                source = data["source"]
                kind = source.get("type") if isinstance(source, dict) else None
                if kind not in ("session", "issue", "hand", "synthetic"):
                    kind = "TYPE"
                add(
                    Finding(
                        "error",
                        rel(path),
                        1,
                        "no-record",
                        "scenario carries a source but has no promotion record (new "
                        "scenarios enter through `intake promote`; an existing one is "
                        f"given a record by `intake adopt {rel(path)} --source {kind} "
                        "--reviewer LOGIN`)",
                    )
                )
            continue
        if record is None:
            continue
        if record.promotion is None and record.adoption is not None:
            if record.adoption.content_hash != content_hash(path):
                add(
                    Finding(
                        "error",
                        rel(path),
                        1,
                        "edited-after-adoption",
                        "scenario differs from what was adopted (its content hash changed); "
                        f"send edits through `intake revise {path.stem}` and `intake promote`",
                    )
                )
        elif record.promotion is None:
            add(
                Finding(
                    "error",
                    rel(rec),
                    1,
                    "not-promoted",
                    "record beside a scenario has no promotion stamp",
                )
            )
        elif record.promotion.content_hash != content_hash(path):
            add(
                Finding(
                    "error",
                    rel(path),
                    1,
                    "edited-after-promotion",
                    "scenario differs from what was promoted (its content hash changed); "
                    "send edits through a draft and `intake promote`",
                )
            )
        if data.get("id") is not None and record.id != data.get("id"):
            add(Finding("error", rel(rec), 1, "record-id", "record id differs from scenario id"))

    for path in drafts:
        rec = record_path(path)
        record = loaded.get(rec)
        # private by folder or by the record's own word: a private draft moved out of
        # drafts/private/ (where git ignores it) is still private data
        private = inside(path, settings.private_drafts) or (
            record is not None and record.source.private
        )
        is_tracked = tracked is not None and path.resolve() in tracked
        current = content_hash(path)
        if not rec.is_file():
            add(Finding("warning", rel(path), 1, "no-record", "draft without its intake record"))
            if private and is_tracked:
                add(_private_finding(rel(path), "no record, so no review"))
            continue
        if record is None:
            continue
        for review in latest_reviews(record.reviews).values():
            if review.decision is ReviewDecision.approve and review.content_hash != current:
                add(
                    Finding(
                        "warning",
                        rel(path),
                        1,
                        "stale-review",
                        f"approval by {review.reviewer} is stale: the file changed since",
                    )
                )
        gate3 = review_gate(record.reviews, current, record.author)
        if private and is_tracked and not gate3.met:
            add(_private_finding(rel(path), gate3.detail))
        if private and tracked is not None and not is_tracked:
            continue
        draft_data = data_of.get(path)
        judged = validate_file(
            path, strict=True, drafts_dir=settings.drafts, display=rel(path), manifest=manifest
        )
        problems = [
            f"{p.file}:{p.line}: {p.message}"
            for p in judged.problems
            if p.severity is Severity.error
        ]
        dups = [
            rel(other)
            for other in scenarios
            if other.stem == path.stem or data_of.get(other, {}).get("id") == path.stem
        ]
        inputs = GateInputs(
            scenario_id=path.stem,
            data=draft_data,
            problems=problems,
            scrub_findings=(
                None
                if scan is None
                else findings_by_file.get(rel(path), []) + findings_by_file.get(rel(rec), [])
            ),
            scrub_error=scan_error,
            record=record,
            content_hash=current,
            runnable_hash=runnable_hash(draft_data) if draft_data is not None else None,
            duplicates=dups,
            require_rubric=settings.require_rubric,
            require_control=settings.require_control,
        )
        report.drafts.append(
            DraftGates(
                rel(path), path.stem, private, check_gates(inputs), path, draft_data, record
            )
        )
    report.findings.extend(judge_text_findings(data_of, loaded, rel))
    in_flux = journaled_files(settings)
    if in_flux:
        # a file an interrupted command is changing is judged once it is finished; its
        # journal is reported as a leftover below, and the scrub re-scan still covers it
        report.findings = [
            f for f in report.findings if f.code == "scrub" or f.file not in in_flux
        ]
    report.findings.extend(interrupted_findings(settings, loaded))
    return report


def judge_text_findings(
    data_of: dict[Path, dict[str, Any]], loaded: dict[Path, Record], rel: Callable[[Path], str]
) -> list[Finding]:
    """A warning at file:line for judge-directed text no review acknowledged.

    Never an error: the text may be the case itself (a prompt-injection test) or a scenario
    author's note to the judge; the reviewer decides and acknowledges it with
    ``intake review --ack-judge-text``. GAIA's own scenarios (no record) are grouped as legacy.
    """
    from intake.contract.untrusted import judge_hits
    from intake.contract.yamlio import YamlProblem, parse_checked

    found: list[Finding] = []
    for path, data in data_of.items():
        hits = judge_hits(data)
        if not hits:
            continue
        record = loaded.get(record_path(path))
        acked = {fp for r in (record.reviews if record else []) for fp in r.judge_text_ack}
        hits = [h for h in hits if h.fingerprint not in acked]
        if not hits:
            continue
        try:
            parsed = parse_checked(path.read_bytes())
        except (OSError, YamlProblem):
            continue
        for hit in hits:
            found.append(
                Finding(
                    "warning",
                    rel(path),
                    parsed.line_of(hit.path),
                    "judge-text",
                    f"{hit.field}: {hit.label} (GAIA's judge and simulator read it); read it "
                    "on `intake show`, then `intake review --ack-judge-text`",
                    legacy=record is None and "source" not in data,
                )
            )
    return found


def _scan_limit(path: Path) -> int:
    return MAX_RECORD_BYTES if path.name.endswith(".intake.json") else MAX_SCENARIO_BYTES


def _scan_each(
    paths: list[Path], settings: Settings
) -> tuple[list[ScanHit] | None, str | None, dict[Path, str]]:
    """The scrub re-scan, never made impossible for the suite by one file.

    A file that is a symbolic link or not a regular file, or larger than what intake itself reads
    (``limits.MAX_SCENARIO_BYTES``, ``MAX_RECORD_BYTES``), is not scanned: it is returned with
    the reason. When the scan of the rest fails, each file is scanned alone, so a file the
    scanner cannot read is one more such entry. (None, why, …) only when no file can be.
    """
    from intake.lifecycle.promote import scrub_scan

    unscannable: dict[Path, str] = {}
    for path in paths:
        try:
            info = path.stat()
        except OSError as exc:
            unscannable[path] = f"cannot read it ({exc.strerror})"
            continue
        limit = _scan_limit(path)
        if path.is_symlink():
            unscannable[path] = "a symbolic link (intake reads only the suite's own files)"
        elif not stat.S_ISREG(info.st_mode):
            unscannable[path] = "not a regular file"
        elif info.st_size > limit:
            unscannable[path] = f"{info.st_size:,} bytes, over the {limit:,}-byte limit"
    rest = [p for p in paths if p not in unscannable]
    scan, error = scrub_scan(rest, settings)
    if scan is not None or len(rest) < 2:
        return scan, error, unscannable
    hits: list[ScanHit] = []
    for path in rest:
        one, why = scrub_scan([path], settings)
        if one is None:
            unscannable[path] = why or "the scanner failed"
        else:
            hits += one
    if len(unscannable) == len(paths):
        return None, error, {}
    return hits, None, unscannable


def _windows_problem(path: Path, root: Path) -> str | None:
    """Why one of the path's names (below the suite's root) cannot exist on Windows."""
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        parts = (path.name,)
    for part in parts:
        problem = windows_name_problem(part)
        if problem is not None:
            return problem
    return None


def journaled_files(settings: Settings) -> set[str]:
    """Files (as shown) that an unfinished journal writes or removes, with their pairs.

    Between the record and the scenario of an interrupted adopt, revise or rename the pair
    is half old, half new: ``intake ledger rebuild`` (or rerunning the command) finishes it.
    """
    from intake.store.journal import pending, read_unit

    shown: set[str] = set()
    for item in pending(settings):
        if not item.trusted:
            continue
        try:
            unit = read_unit(settings, item.path)
        except (IntakeError, ValueError):
            continue
        for path in [p for p, _ in unit.writes] + unit.removes:
            scenario = path.with_name(path.name.removesuffix(".intake.json") + ".yaml")
            for one in (path, scenario, record_path(scenario)):
                shown.add(display_path(one, settings.root))
    return shown


def _adopted_files(scenarios: list[Path]) -> list[Path]:
    """The scenarios whose record is an adoption (an existing file given provenance)."""
    return [p for p in scenarios if record_path(p).is_file() and _adopted(record_path(p))]


def _adopted_unchanged(scenarios: list[Path]) -> list[Path]:
    """Adopted scenarios still as adopted: their scrub findings stay what they were before.

    ``intake adopt`` vouches for where a file came from; it does not change its test data,
    so a legacy finding that was a warning before adoption stays one until the file is edited
    (then it is an error that names ``--update-baseline``).
    """
    kept = []
    for path in _adopted_files(scenarios):
        try:
            record = load_record(record_path(path))
        except IntakeError:
            continue
        if record.adoption is not None and record.adoption.content_hash == content_hash(path):
            kept.append(path)
    return kept


def _adopted(rec: Path) -> bool:
    """Whether the record beside a scenario carries an adoption stamp (and no promotion)."""
    try:
        record = load_record(rec)
    except IntakeError:
        return False
    return record.promotion is None and record.adoption is not None


def touched_files(root: Path) -> set[Path] | None:
    """Files changed in this pull request or working tree: per-file annotations for them
    (``gitutil.changed_paths`` with the PR's base branch, ``$GITHUB_BASE_REF``)."""
    return changed_paths(root, os.environ.get("GITHUB_BASE_REF") or None)


# --- the baseline: accepted scrub findings of existing files -----------------------------------


BASELINE_VERSION = 1


@dataclass
class Baseline:
    """Accepted findings: a key and keyed fingerprints, never a value."""

    key: str
    fingerprints: set[str]


def _context(settings: Settings, key: str, hit: ScanHit) -> str:
    """The finding's line with every finding on it replaced by its type, whitespace folded,
    then a one-byte keyed tag of each value.

    Moving a line keeps its fingerprint. Another value in place of an accepted one changes it
    (255 times in 256), while the tag is too short to confirm a guessed value from the
    fingerprint and the key beside it.
    """
    import hashlib
    import hmac

    from intake.scrub import scrubber_for

    try:
        lines = settings.path(Path(hit.file)).read_text(encoding="utf-8").splitlines()
        line = lines[hit.line - 1] if 0 < hit.line <= len(lines) else ""
    except (OSError, UnicodeDecodeError):
        line = ""
    found = sorted(scrubber_for(settings).find(line), key=lambda f: f.start, reverse=True)
    tags = sorted(
        hmac.new(bytes.fromhex(key), line[f.start : f.end].encode("utf-8"), hashlib.sha256)
        .hexdigest()[:2]
        for f in found
    )
    for f in found:
        line = line[: f.start] + f"<{f.entity_type}>" + line[f.end :]
    return "\0".join([" ".join(line.split()), *tags])


def fingerprint(settings: Settings, key: str, hit: ScanHit) -> str:
    """``hmac-sha256:…`` of type, file and normalised context, keyed with the baseline's key."""
    import hashlib
    import hmac

    message = "\0".join((hit.kind, hit.file, _context(settings, key, hit))).encode("utf-8")
    digest = hmac.new(bytes.fromhex(key), message, hashlib.sha256).hexdigest()
    return f"hmac-sha256:{digest}"


def load_baseline(settings: Settings) -> Baseline | None:
    """The baseline file, or None when there is none; a damaged one is a configuration error."""
    import json

    path = settings.path(settings.baseline_path)
    if not path.exists():
        return None
    shown = display_path(path, settings.root)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        raise UsageError(
            "the baseline is not a readable JSON file",
            where=shown,
            hint="rewrite it with `intake check --update-baseline`",
        ) from None
    ok = (
        isinstance(data, dict)
        and data.get("intake_baseline_version") == BASELINE_VERSION
        and isinstance(data.get("key"), str)
        and len(data["key"]) == 64
        and all(c in "0123456789abcdef" for c in data["key"])
        and isinstance(data.get("findings"), list)
        and all(
            isinstance(f, dict) and isinstance(f.get("fingerprint"), str)
            for f in data["findings"]
        )
    )
    if not ok:
        raise UsageError(
            "the baseline is not an intake baseline (version, key, findings)",
            where=shown,
            hint="rewrite it with `intake check --update-baseline`",
        )
    return Baseline(data["key"], {f["fingerprint"] for f in data["findings"]})


def update_baseline(settings: Settings, report: CheckReport) -> tuple[Path, int]:
    """Write the baseline accepting every scrub finding now in scenario files (not drafts).

    The key is kept from an existing baseline (so unchanged findings keep their fingerprints),
    else a new random one. Returns the file and the number of findings accepted.
    """
    import json
    import secrets

    from intake.fileio import atomic_write
    from intake.store.records import utcnow

    try:
        old = load_baseline(settings)
    except UsageError:
        old = None
    key = old.key if old is not None else secrets.token_hex(32)
    entries = sorted(
        {
            (fingerprint(settings, key, hit), hit.kind, hit.file)
            for hit in report.baseline_hits
        }
    )
    document = {
        "intake_baseline_version": BASELINE_VERSION,
        "generated_at": utcnow().isoformat(timespec="seconds"),
        "about": "scrub findings accepted in existing files; fingerprints only, never values "
        "(intake check --update-baseline)",
        "key": key,
        "findings": [{"fingerprint": fp, "type": t, "file": f} for fp, t, f in entries],
    }
    path = settings.path(settings.baseline_path)
    atomic_write(path, json.dumps(document, indent=2) + "\n")
    return path, len(entries)


# --- the summary: one line per kind of legacy finding --------------------------------------


LEGACY_FIXES = {
    "validate:legacy": (
        "legacy scenarios without source or difficulty_rationale",
        "give them provenance: intake adopt PATH… --source TYPE --reviewer LOGIN",
    ),
    "scrub": (
        "scrub findings in legacy scenarios",
        "accept known test data with `intake check --update-baseline`, or scrub the files",
    ),
    "adopted-no-rationale": (
        "adopted scenarios without a difficulty_rationale",
        "add one: intake adopt PATH --source TYPE --reviewer LOGIN --rationale TEXT",
    ),
}


@dataclass
class LegacyGroup:
    """Every legacy finding of one kind, as one line."""

    code: str
    severity: str
    findings: list[Finding]

    @property
    def files(self) -> int:
        """Number of distinct files."""
        return len({f.file for f in self.findings})

    def line(self) -> str:
        """``N <what> in M files; fix: …`` (types, never values)."""
        what, fix = LEGACY_FIXES.get(self.code, (self.code, "see `intake check --verbose`"))
        count = len(self.findings)
        text = f"{count} {what}"
        if self.code == "scrub":
            kinds = sorted({f.message.split(" ", 1)[0] for f in self.findings})
            text += f" ({', '.join(kinds)}) in {self.files} files"
        return f"{text}; fix: {fix} (--verbose lists them)"


def legacy_groups(findings: list[Finding]) -> list[LegacyGroup]:
    """Legacy findings grouped by kind, in first-seen order."""
    groups: dict[tuple[str, str], LegacyGroup] = {}
    for f in findings:
        if f.legacy:
            key = (f.code, f.severity)
            groups.setdefault(key, LegacyGroup(f.code, f.severity, [])).findings.append(f)
    return list(groups.values())


def interrupted_findings(settings: Settings, records: dict[Path, Record]) -> list[Finding]:
    """Warnings for what killed commands left (reads only; a crash never fails the gate).

    Journals of interrupted drafts, reviews, run records and rejections and intake's stray
    temporary files (``intake ledger rebuild`` finishes and removes them), and promoted
    scenarios whose promotion event the ledger lacks although it knows the id (``intake
    promote ID`` writes it). A suite without a ledger (a fresh clone, CI) has nothing to miss.
    """
    from intake.store.journal import pending, stray_temps

    found: list[Finding] = []
    root = settings.root
    for item in pending(settings):
        if item.problem is not None:
            found.append(
                Finding(
                    "error",
                    display_path(item.path, root),
                    1,
                    "untrusted-journal",
                    f"{item.problem}: never replayed; delete the file (intake writes its own "
                    "journals under .intake/pending/, sealed with this machine's key)",
                )
            )
            continue
        found.append(
            Finding(
                "warning",
                display_path(item.path, root),
                1,
                "leftover",
                f"an interrupted {item.command} of {item.scenario_id} is not finished; "
                "`intake ledger rebuild` finishes it",
            )
        )
    for tmp in stray_temps(settings):
        found.append(
            Finding(
                "warning",
                display_path(tmp, root),
                1,
                "leftover",
                "temporary file of an interrupted write; `intake ledger rebuild` removes it",
            )
        )
    if not settings.ledger.is_file():
        return found
    from intake.store.ledger import read_events_readonly

    known: set[str] = set()
    promoted: set[tuple[str, str]] = set()
    for kind, scenario_id, _at, detail in read_events_readonly(
        settings.ledger, ("import", "review", "run", "promotion")
    ):
        known.add(str(scenario_id))
        if kind == "promotion":
            try:
                stamp = json.loads(detail or "{}").get("content_hash")
            except ValueError:
                stamp = None
            promoted.add((str(scenario_id), str(stamp)))
    for rec, record in sorted(records.items()):
        if record.promotion is None or not inside(rec, settings.scenarios):
            continue
        if record.id in known and (record.id, record.promotion.content_hash) not in promoted:
            found.append(
                Finding(
                    "warning",
                    display_path(rec, root),
                    1,
                    "leftover",
                    "promoted, but the ledger has no promotion event for it (promotion "
                    f"interrupted before its event); `intake promote {record.id}` writes it",
                )
            )
    return found


def _private_finding(file: str, why: str) -> Finding:
    return Finding(
        "error",
        file,
        1,
        "private-draft",
        f"private draft tracked by git without an approving review ({why}); "
        "untrack it (`git rm --cached`) or get it reviewed first",
    )


SUMMARY_TAIL_RESERVE = 2000
"""Bytes kept free in a budget for the line that says what was left out."""


def summary_markdown(report: CheckReport, *, limit: int = STEP_SUMMARY_LIMIT) -> str:
    """The job summary: the verdict, the findings, and each draft with its gates.

    Every path and message is escaped (``intake.ghoutput``: no value from data can become
    HTML or Markdown structure). The text stays within ``limit`` bytes: findings, then drafts,
    are added while they fit; what does not is counted in one line saying how to see it.
    """
    verdict = "failed" if report.errors else "passed"
    head = [
        f"## intake check {verdict}",
        "",
        f"{report.files} files, {report.errors} errors, {report.warnings} warnings.",
        "",
    ]
    budget = _Budget(limit - SUMMARY_TAIL_RESERVE, head)
    shown = [f for f in report.findings if not f.legacy]
    if report.findings:
        budget.add(["| | File | Problem |", "| --- | --- | --- |"])
        for number, f in enumerate(shown):
            mark = "error" if f.severity == "error" else "warning"
            row = f"| {mark} | {md_code(f'{f.file}:{f.line}')} | {md_message(f.message)} |"
            if not budget.add([row]):
                budget.add([f"| | | {len(shown) - number} more findings left out of this "
                            "summary: the check's log lists them all |"], force=True)
                break
        for group in legacy_groups(report.findings):
            files = f"{group.files} legacy files"
            budget.add([f"| {group.severity} | {files} | {md_message(group.line())} |"],
                       force=True)
        budget.add([""], force=True)
    budget.add(["### Drafts", ""], force=True)
    if not report.drafts:
        budget.add(["No drafts.", ""], force=True)
    for number, draft in enumerate(report.drafts):
        if not budget.add(_draft_section(draft)):
            left = len(report.drafts) - number
            budget.add(
                [
                    f"{left} more drafts left out of this summary to stay within GitHub's job "
                    f"summary limit ({STEP_SUMMARY_LIMIT // 1024} KiB); the check's log lists "
                    "every draft's gates, and `intake show DRAFT` shows one.",
                    "",
                ],
                force=True,
            )
            break
    return "\n".join(budget.lines) + "\n"


def _draft_section(draft: DraftGates) -> list[str]:
    state = "ready to promote" if draft.ready else "not ready"
    private = " (private)" if draft.private else ""
    lines = [
        f"#### {md_code(draft.path)}{private}: {state}",
        "",
        "| Gate | | Detail | To do |",
        "| --- | --- | --- | --- |",
    ]
    for gate in draft.gates:
        mark = "met" if gate.met else "**unmet**"
        todo = md_message(gate.todo or "")
        lines.append(
            f"| {gate.number} {md_text(gate.name)} | {mark} | {md_message(gate.detail)} | "
            f"{todo} |"
        )
    lines.append("")
    return lines


class _Budget:
    """Lines added while their UTF-8 size (with line ends) stays within ``limit``."""

    def __init__(self, limit: int, lines: list[str]) -> None:
        self.limit = limit
        self.lines = list(lines)
        self.used = sum(len(line.encode("utf-8")) + 1 for line in lines)

    def add(self, lines: list[str], *, force: bool = False) -> bool:
        """Add ``lines`` if they fit (``force``: always; the reserve is for these)."""
        size = sum(len(line.encode("utf-8")) + 1 for line in lines)
        if not force and self.used + size > self.limit:
            return False
        self.lines += lines
        self.used += size
        return True


def changed_files(root: Path, base_ref: str | None) -> set[str] | None:
    """Files a pull request adds or changes, as shown paths; None without a base or git
    (then every draft gets a card). The same answer as ``touched_files``
    (``gitutil.changed_paths``); the checkout needs the base's history (``fetch-depth: 0``)."""
    if not base_ref:
        return None
    found = changed_paths(root, base_ref)
    return None if found is None else {display_path(p, root) for p in found}


def summary_cards(
    report: CheckReport,
    settings: Settings,
    *,
    base_ref: str | None,
    limit: int = STEP_SUMMARY_LIMIT,
) -> str:
    """One collapsed reviewer's card per draft the pull request adds or changes, newest first.

    Without a base (or without git) every draft gets a card, and the section says so. The
    section stays within ``limit`` bytes: a card that does not fit is shown with its gates
    only, and when even that does not fit the remaining cards are left out with a note; a
    card is never cut inside.
    """
    from intake.report.card import card_from_parts, card_markdown
    from intake.store.records import record_path

    changed = changed_files(settings.root, base_ref)
    chosen = [
        d
        for d in report.drafts
        if d.file is not None
        and (
            changed is None
            or display_path(d.file, settings.root) in changed
            or display_path(record_path(d.file), settings.root) in changed
        )
    ]
    if changed is None:
        scope = "every draft (no pull-request base found to compare with)"
    else:
        scope = f"the drafts this pull request adds or changes ({len(chosen)})"
    head = f"### Reviewer's cards\n\nCards for {scope}, newest first.\n\n"
    cards = [
        card_from_parts(settings, d.file, d.data, d.record, d.gates, private=d.private)
        for d in chosen
        if d.file is not None
    ]
    cards.sort(key=lambda c: c.sort_key, reverse=True)
    reserve = 400
    parts = [head if cards else head + "No drafts changed.\n\n"]
    used = len(parts[0].encode("utf-8")) + reserve
    left_out: list[str] = []
    for card in cards:
        if left_out:
            left_out.append(card.id)
            continue
        for text in (card_markdown(card), card_markdown(card, body=False)):
            size = len(text.encode("utf-8")) + 1
            if used + size <= limit:
                parts.append(text + "\n")
                used += size
                break
        else:
            left_out.append(card.id)
    if left_out:
        parts.append(
            f"{len(left_out)} more card(s) left out to stay within GitHub's job summary limit "
            f"({limit // 1024} KiB); run `intake show DRAFT` for each.\n"
        )
    return "".join(parts)


__all__ = [
    "CheckReport",
    "DraftGates",
    "Finding",
    "LegacyGroup",
    "changed_files",
    "legacy_groups",
    "load_baseline",
    "run_check",
    "summary_cards",
    "summary_markdown",
    "update_baseline",
]
