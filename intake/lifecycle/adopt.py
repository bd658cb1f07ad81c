"""``intake adopt``: give existing scenarios their provenance without pretending they were promoted.

Each file under ``scenarios/`` gets ``source`` (and ``difficulty_rationale`` when given) written
with round-trip YAML (comments, layout and line ends kept: a CRLF file stays CRLF, and its new
record is CRLF too, ``intake.fileio.with_line_ends``), and a record beside it with an ``adoption``
stamp (who vouched, when, the content hash of the file as adopted) instead of a promotion stamp.
GAIA's captured scenarios carry ``captured_from.session_id``: that is their session link when
``--link`` is absent. Every file is checked before any is written, so a bad one in a bulk
adoption leaves all of them untouched.

Each file is then adopted as its own journal unit (``intake.store.journal``: the record, the file
and
its ``adoption`` event, all or none) under its id's lock: one unit per file, because a unit, its
journal and its lock belong to one id, and because a kill then leaves at most one file half
done while the files before it stay adopted. Rerunning the same ``adopt`` finishes that file
(the others are skipped: they have their records) and adopts the rest; so does
``intake ledger rebuild`` for the interrupted file.

An adopted scenario is dated by its history, not by the day of adoption: GAIA's
``captured_from.captured_at``, else the commit that first added the file (one ``git log`` for
the whole batch, ``intake.gitutil.first_added``), else the adoption time; the record's
``source.captured_at`` holds it and ``source.details.dated_by`` says which.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from intake import __version__
from intake.config import Settings
from intake.contract.models import (
    REAL_USE,
    Adoption,
    Record,
    RecordSource,
    SourceType,
    check_login,
    windows_problem,
)
from intake.contract.plain import ScenarioView
from intake.contract.validate import Problem, Severity, validate_file
from intake.contract.yamlio import YamlProblem, dump_roundtrip, load_roundtrip, parse_checked
from intake.errors import Conflict, IntakeError, UsageError
from intake.fileio import line_end, with_line_ends
from intake.gitutil import first_added
from intake.paths import display_path, inside
from intake.store.details import AdoptionDetail
from intake.store.edit import edit
from intake.store.journal import Event
from intake.store.records import (
    dump_record,
    iter_scenarios,
    load_record,
    record_path,
    sha256_bytes,
    utcnow,
)
from intake.store.suite import finding_types, refuse_outside_root, scrub_message


@dataclass
class Adopted:
    """One file adopted (or, with ``dry_run``, to be adopted)."""

    path: Path
    scenario_id: str
    link: str
    new_text: str = field(repr=False)
    record: Record = field(repr=False)
    """The record written beside it (with its adoption stamp)."""
    raw: bytes = field(repr=False)
    """The file's bytes as read when it was planned (it must not change before the write)."""


@dataclass
class AdoptResult:
    """What ``adopt`` did."""

    adopted: list[Adopted] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def parse_source_type(value: str) -> SourceType:
    """A ``--source`` value; an unknown one is a usage error that does not echo it."""
    try:
        return SourceType(value)
    except ValueError:
        raise UsageError(
            "unknown source type",
            where="--source",
            hint="one of: " + ", ".join(t.value for t in SourceType),
        ) from None


def _refuse_windows_names(settings: Settings, path: Path) -> None:
    """A scenario under a folder or file name Windows cannot check out is refused."""
    problem = windows_problem(path.resolve(), settings.scenarios.resolve())
    if problem is not None:
        raise UsageError(
            f"a name Windows cannot check out: {problem}",
            where=display_path(path, settings.root),
            hint="rename the file (or folder) first; GAIA's eval machines run Windows",
        )


def _yaml_files(settings: Settings, targets: list[Path]) -> list[Path]:
    files: list[Path] = []
    for target in targets:
        path = target if target.is_absolute() else Path.cwd() / target
        shown = display_path(path, settings.root)
        if not path.exists():
            raise UsageError("no such file or folder", where=shown)
        if path.is_symlink():
            raise UsageError("a symbolic link; intake adopts plain files only", where=shown)
        if not inside(path, settings.scenarios):
            raise UsageError(
                "outside the suite's scenarios folder",
                where=shown,
                hint=f"adopt files under {display_path(settings.scenarios, settings.root)}/",
            )
        if path.is_dir():
            files += iter_scenarios(path, links="refuse")
        elif path.suffix != ".yaml":
            raise UsageError("not a scenario file (*.yaml)", where=shown)
        else:
            files.append(path)
    for file in files:
        _refuse_windows_names(settings, file)
    unique = list(dict.fromkeys(p.resolve() for p in files))
    if not unique:
        raise UsageError("no scenario files found", where=", ".join(str(t) for t in targets)[:200])
    return unique


def _checked_line(
    settings: Settings, value: str, flag: str, limit: int | None, refusal: str, fix: str
) -> str:
    """``value`` on one line, refused (``refusal``) when empty or over ``limit`` characters,
    and when it holds what the scrubber finds."""
    line = " ".join(value.split())
    if not line or (limit is not None and len(line) > limit):
        raise UsageError(refusal)
    types = finding_types(settings, line)
    if types:
        raise UsageError(
            f"{flag} holds private data; {fix}", where=flag, hint=scrub_message(flag, types)
        )
    return line


def _captured_link(view: ScenarioView) -> str | None:
    """``gaia-session:<captured_from.session_id>`` (GAIA's capture), when there is one."""
    session = view.captured_session
    return f"gaia-session:{session}" if session is not None and session.strip() else None


def _source_link(found: str | None, kind: SourceType, shown: str) -> str:
    """The adopted scenario's source link: the one found, else ``adopted:PATH`` for a kind
    that is not real use; real use needs a link."""
    if found is None and kind not in REAL_USE:
        return f"adopted:{shown}"
    if found is None:
        raise UsageError(
            "no link for this scenario: give --link (its captured_from has no session_id)",
            where=shown,
        )
    return found


def adopt(
    settings: Settings,
    targets: list[Path],
    *,
    source: str,
    reviewer: str,
    link: str | None = None,
    rationale: str | None = None,
    dry_run: bool = False,
) -> AdoptResult:
    """Adopt every scenario file in ``targets`` (files or folders under ``scenarios/``)."""

    kind = parse_source_type(source)
    check_login(reviewer)
    if finding_types(settings, reviewer):
        raise UsageError("the reviewer login holds private data", where="--reviewer")
    result = AdoptResult()
    if link is not None:
        link = _checked_line(
            settings, link, "--link", None, "--link is empty", "give a link without it"
        )
    if rationale is not None:
        rationale = _checked_line(
            settings,
            rationale,
            "--rationale",
            500,
            "--rationale must be one line of 1 to 500 characters",
            "write it without",
        )
    files = _yaml_files(settings, targets)
    if not dry_run:
        result.notes += _recover_all(settings, files)
    now = utcnow()
    arrived = first_added(settings.root, [settings.scenarios])
    for path in files:
        shown = display_path(path, settings.root)
        rec = record_path(path)
        try:
            raw = path.read_bytes()
            data = parse_checked(raw).data
        except (OSError, YamlProblem):
            raise UsageError("not a scenario (cannot be read as YAML)", where=shown) from None
        view = ScenarioView.of(data)
        if rec.exists():
            restamp = _rationale_restamp(path, raw, data, rationale, reviewer, now)
            if restamp is None:
                result.skipped.append(f"{shown}: already has a record (promoted or adopted)")
                continue
            result.adopted.append(restamp)
            continue
        judged = validate_file(path, strict=False, display=shown)
        structural = [
            p for p in judged.problems if p.severity is Severity.error and not _intake_field(p)
        ]
        if "turns" not in data or "id" not in data or structural:
            where = f"{structural[0].file}:{structural[0].line}" if structural else shown
            raise UsageError("not a valid scenario (see `intake validate`)", where=where)
        if data.get("source") is not None and view.source_type != kind.value:
            raise UsageError(
                "the file already carries a different source; edit it or adopt it as that type",
                where=shown,
            )
        the_link = _source_link(link or view.source_link or _captured_link(view), kind, shown)
        text = raw.decode("utf-8")
        source_map = {"type": kind.value, "link": the_link}
        add_rationale = None if data.get("difficulty_rationale") else rationale
        new_text = _with_fields(text, data, source_map, add_rationale)
        scenario_id = str(data["id"])
        dated, date_from = _entry_date(view.captured_at, arrived.get(path.resolve()), now)
        record = Record(
            id=scenario_id,
            source=RecordSource(
                kind=kind,
                locator=the_link,
                link=the_link if the_link.startswith(("http://", "https://")) else None,
                captured_at=dated,
                intake_version=__version__,
                details={"adopted": True, "dated_by": date_from},
            ),
            adoption=Adoption(
                at=now,
                by=reviewer,
                content_hash=sha256_bytes(new_text.encode("utf-8")),
                path=shown,
            ),
        )
        result.adopted.append(Adopted(path, scenario_id, the_link, new_text, record, raw))
    if not dry_run:
        for item in result.adopted:
            _commit_one(settings, item, reviewer)
    return result


def _entry_date(
    captured_at: datetime | None, committed_at: datetime | None, now: datetime
) -> tuple[datetime, str]:
    """When an adopted scenario entered the suite, and what says so.

    GAIA's ``captured_from.captured_at`` first (when the conversation happened), else the
    base-side commit that brought the file in (committer date, ``gitutil.first_added``), else the
    adoption itself: the report's monthly trend counts the scenario from that date.
    """
    if captured_at is not None:
        return captured_at, "captured_from"
    if committed_at is not None:
        return committed_at, "git"
    return now, "adoption"


def _recover_all(settings: Settings, files: list[Path]) -> list[str]:
    """Finish the adoptions a killed ``adopt`` left (each file's journal), before planning."""

    done: list[str] = []
    for path in files:
        try:
            data = parse_checked(path.read_bytes()).data
        except (OSError, YamlProblem):
            continue  # planning names it
        scenario_id = str(data["id"]) if "id" in data else ""
        if scenario_id:
            with edit(settings, scenario_id, doing="adopt") as tx:
                done += tx.recovered
    return done


INTAKE_FIELDS = ("$.source", "$.difficulty_rationale")
"""What adoption writes itself: a problem there is no reason to refuse the file."""


def _intake_field(problem: Problem) -> bool:
    """Whether a validation problem is about a field adoption writes (``source``,
    ``difficulty_rationale``): the field itself, or a key missing from it."""
    if problem.json_path in INTAKE_FIELDS:
        return True
    return problem.code == "required" and problem.json_path.rsplit(".", 1)[0] in INTAKE_FIELDS


def _commit_one(settings: Settings, item: Adopted, reviewer: str) -> None:
    """One file's adoption as one journal unit: its record, the file, its ``adoption`` event."""

    shown = display_path(item.path, settings.root)
    rec = record_path(item.path)
    with edit(settings, item.scenario_id, doing="adopt") as tx:
        record = item.record
        restamping = _is_restamp(record, rec)
        if (
            (rec.exists() and not restamping)
            or not item.path.is_file()
            or item.path.read_bytes() != item.raw
        ):
            raise Conflict("the scenario changed while it was being adopted", where=shown)
        refuse_outside_root(settings, item.path, what="the scenarios folder")
        assert record.adoption is not None
        event = Event(
            "adoption",
            shown,
            reviewer,
            AdoptionDetail(
                source=record.source.kind.value,
                link=item.link,
                content_hash=record.adoption.content_hash,
            ),
        )
        texts = (with_line_ends(dump_record(record), like=item.new_text), item.new_text)
        tx.commit_scenario("adopt", item.scenario_id, item.path, texts, event, index="scenario")


def _is_restamp(record: Record, rec: Path) -> bool:
    """Whether this adoption re-stamps the existing adoption record beside the file."""
    if not rec.exists():
        return False
    try:
        on_disk = load_record(rec)
    except IntakeError:
        return False
    return (
        on_disk.adoption is not None
        and on_disk.promotion is None
        and record.adoption is not None
        and on_disk.adoption.content_hash != record.adoption.content_hash
    )


def _rationale_restamp(
    path: Path,
    raw: bytes,
    data: dict[str, Any],
    rationale: str | None,
    reviewer: str,
    now: datetime,
) -> Adopted | None:
    """An adopted scenario's missing rationale added, with a new adoption stamp; else None.

    Only for a file adopted by intake, unchanged since (its hash is the stamp's), that has no
    ``difficulty_rationale`` yet: the rationale is one line a person vouches for, the runnable
    part does not change, so no review or run is needed, only the new stamp.
    """
    source = data.get("source")
    if rationale is None or data.get("difficulty_rationale"):
        return None
    try:
        record = load_record(record_path(path))
    except IntakeError:
        return None
    if record.adoption is None or record.promotion is not None:
        return None
    if record.adoption.content_hash != sha256_bytes(raw):
        return None
    if not isinstance(source, dict):
        return None
    new_text = _with_fields(raw.decode("utf-8"), data, dict(source), rationale)
    stamp = Adoption(
        at=now,
        by=reviewer,
        content_hash=sha256_bytes(new_text.encode("utf-8")),
        path=record.adoption.path,
    )
    restamped = record.model_copy(update={"adoption": stamp})
    link = str(source.get("link", record.source.locator))
    return Adopted(path, record.id, link, new_text, restamped, raw)


def _with_fields(
    text: str, data: dict[str, Any], source: dict[str, str], rationale: str | None
) -> str:
    """``text`` with ``source`` (and ``difficulty_rationale``) added after ``category``.

    Inserted as text, so every other byte of the file stays as it was; the result is parsed
    back and must equal the old data plus the new keys, else the file is rewritten with
    round-trip YAML instead (comments and order are kept either way).
    """
    import json

    expected = dict(data)
    expected["source"] = source
    block: list[str] = []
    if "source" not in data:
        block += [
            "source:",
            f"  type: {source['type']}",
            f"  link: {json.dumps(source['link'], ensure_ascii=False)}",
        ]
    if rationale is not None:
        expected["difficulty_rationale"] = rationale
        if "difficulty_rationale" not in data:
            block.append(f"difficulty_rationale: {json.dumps(rationale, ensure_ascii=False)}")
    if not block and expected == data:
        return text
    lines = text.splitlines(keepends=True)
    eol = line_end(text)
    top = [
        i
        for i, line in enumerate(lines)
        if line[:1] not in ("", " ", "\t", "#", "-", "\n", "\r") and not line.startswith("...")
    ]
    after = next((i for i in top if lines[i].startswith("category:")), None)
    if after is not None and block:
        nxt = next((i for i in top if i > after), len(lines))
        if nxt == len(lines) and lines and not lines[-1].endswith("\n"):
            lines[-1] += eol
        candidate = "".join(lines[:nxt] + [b + eol for b in block] + lines[nxt:])
        with contextlib.suppress(YamlProblem):
            if parse_checked(candidate.encode("utf-8")).data == expected:
                return candidate
    doc = load_roundtrip(text)
    doc["source"] = source
    if rationale is not None:
        doc["difficulty_rationale"] = rationale
    return with_line_ends(dump_roundtrip(doc, like=text), like=text)
