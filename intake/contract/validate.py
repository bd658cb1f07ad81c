"""Scenario validation: YAML hygiene, the committed schema, and GAIA's cross-field rules.

Every problem names its file and line. Levels: files under ``drafts/`` are judged as drafts;
files elsewhere that carry intake fields (``source``, ``difficulty_rationale``) or a
placeholder are judged strictly; GAIA's own files (neither field) are judged by GAIA's rules
with one warning each for the missing intake fields. ``strict=True`` judges everything strictly.
Nothing here writes anything.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Any, NamedTuple

from intake.config import Settings
from intake.contract import schema
from intake.contract.gaia import gaia_verdicts
from intake.contract.manifest import Manifest, check_refs, load_manifest, skipped
from intake.contract.models import GAIA_PERSONAS, Level, Standing, has_placeholder
from intake.contract.plain import PLACEHOLDER_MARK, ScenarioView
from intake.contract.untrusted import describe_counts, find_hidden
from intake.contract.yamlio import (
    MAX_BYTES,
    JsonPath,
    Parsed,
    YamlProblem,
    json_path,
    parse_checked,
    walk_strings,
)
from intake.errors import InputError, UsageError
from intake.fileio import check_regular_file, read_input
from intake.paths import display_path, inside

ADOPTED_NO_RATIONALE = "adopted without a difficulty_rationale (add one, or adopt with --rationale)"
LINKED_SCENARIO = (
    "a symbolic link: GAIA's runner would load whatever it points to; commit the scenario itself"
)


class Severity(StrEnum):
    """How bad a problem is: errors fail validation, warnings do not."""

    error = "error"
    warning = "warning"


@dataclass(frozen=True)
class Problem:
    """One finding located in a file: validation's, and (as ``intake.check.result.Finding``)
    every other check's; an error unless it says otherwise."""

    file: str
    line: int
    code: str
    message: str
    severity: Severity = Severity.error
    json_path: str = "$"

    def to_dict(self) -> dict[str, str | int]:
        """``intake validate --format json``'s form of it (its keys in this order)."""
        return {
            "file": self.file,
            "line": self.line,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "json_path": self.json_path,
        }

    def located(self) -> str:
        """``file:line: message``: the problem as text, for where it is printed."""
        return f"{self.file}:{self.line}: {self.message}"

    @property
    def missing_key(self) -> str | None:
        """The top-level key a ``required`` problem says is absent (``$.source``: ``source``)."""
        if self.code != "required" or not self.json_path.startswith("$."):
            return None
        return self.json_path[2:]


@dataclass
class FileResult:
    """What validation concluded about one file."""

    file: str
    level: Level | None
    scenario_id: str | None = None
    id_line: int = 1
    data: dict[str, Any] | None = None
    problems: list[Problem] = field(default_factory=list)
    source: tuple[bytes, Parsed] | None = field(default=None, repr=False, compare=False)
    """What was read and parsed (``validate_file(keep_source=True)``), for judging the same
    bytes at another level (``validate_file(source=...)``) without reading them again."""
    view: ScenarioView | None = field(default=None, repr=False, compare=False)
    """The typed, read-only view of ``data`` (``None`` when the file could not be read)."""

    @property
    def placeholders(self) -> int:
        """Marked placeholders still in the file (values holding ``PLACEHOLDER_MARK``)."""
        return len(self.view.placeholders) if self.view is not None else 0


@dataclass
class ValidationReport:
    """Validation of a set of files."""

    files: list[FileResult]

    @property
    def problems(self) -> list[Problem]:
        """Every problem, sorted by file then line (stable: same-line problems keep their
        order, the schema's before GAIA's rules)."""
        found = [p for f in self.files for p in f.problems]
        return sorted(found, key=lambda p: (p.file, p.line))

    @property
    def errors(self) -> int:
        """Number of errors."""
        return sum(p.severity is Severity.error for p in self.problems)

    @property
    def warnings(self) -> int:
        """Number of warnings."""
        return sum(p.severity is Severity.warning for p in self.problems)

    def placeholders_left(self) -> dict[str, int]:
        """Marked placeholders still in each draft-level file that has any (file → count)."""
        return {
            f.file: f.placeholders for f in self.files if f.level is Level.draft and f.placeholders
        }


def collect(paths: Iterable[Path]) -> list[Path]:
    """Expand files and folders (recursively, ``*.yaml``) into a sorted, de-duplicated list."""
    found: dict[Path, None] = {}
    for path in paths:
        if not path.exists():
            raise UsageError("no such file or folder", where=str(path))
        if path.is_dir():
            # links are listed too (validate_file reports them): skipping one would hide from
            # the reviewer a scenario GAIA's runner loads by following it
            files = sorted(p for p in path.rglob("*.yaml") if p.is_file() or p.is_symlink())
            if not files:
                raise UsageError("no scenario files (*.yaml) in folder", where=str(path))
            found.update(dict.fromkeys(files))
        else:
            found[path] = None
    return list(found)


def choose_level(data: dict[str, Any], *, is_draft: bool, strict: bool) -> Level:
    """The level a document is judged at (see the module docstring)."""
    if strict:
        return Level.strict
    if is_draft:
        return Level.draft
    if "source" in data or "difficulty_rationale" in data or has_placeholder(data):
        return Level.strict
    return Level.legacy


def validate_file(
    path: Path,
    *,
    strict: bool = False,
    drafts_dir: Path | None = None,
    display: str | None = None,
    manifest: Manifest | None = None,
    keep_source: bool = False,
    source: tuple[bytes, Parsed] | None = None,
    stand: Standing = Standing.none,
) -> FileResult:
    """Validate one file; never raises for a bad file, returns its problems instead.

    With ``manifest`` (the suite's ``corpus_dir`` is set), every ``corpus_doc``, ``doc_id``,
    ``fact_id`` and ``fact_ids`` entry it does not hold is an error, as in GAIA's CI.
    ``keep_source`` keeps the bytes read and their parse in ``FileResult.source``; ``source``
    (one kept so) judges those bytes instead of reading the file again: ``intake check`` judges
    a draft at the draft level, then for its promotion gates at the strict one, from one read.
    ``stand`` (``standing``; never given for a draft): a recorded file is judged strictly,
    and an adopted one's missing ``difficulty_rationale`` is a warning unless ``strict``.
    """
    name = display or str(path)
    result = FileResult(file=name, level=None)

    def add(line: int, code: str, message: str, where: JsonPath = (), sev: str = "error") -> None:
        result.problems.append(Problem(name, line, code, message, Severity(sev), json_path(where)))

    read = source if source is not None else _read(path)
    if isinstance(read, _Unread):
        add(*read)
        return result
    raw, parsed = read

    data = parsed.data
    result.data = data
    result.source = (raw, parsed) if keep_source else None
    view = ScenarioView.of(data)
    result.view = view
    result.scenario_id = view.id
    result.id_line = parsed.line_of(("id",))
    is_draft = drafts_dir is not None and inside(path, drafts_dir)
    level = choose_level(data, is_draft=is_draft, strict=strict or stand is not Standing.none)
    result.level = level
    rules = list(_gaia_rules(parsed, view, path, level))
    explained = {where for _, _, _, where, sev in rules if sev == "error" and where}
    for problem in schema.check(data, level):
        if problem.path in explained:
            continue
        line = parsed.line_of(problem.path)
        where = problem.path if problem.missing is None else (*problem.path, problem.missing)
        add(line, problem.rule, _describe(problem.path, problem.message), where)
    for line, code, message, where, sev in rules:
        add(line, code, message, where, sev)
    if manifest is not None and not skipped(manifest, path):
        for ref_where, message in check_refs(data, manifest):
            add(parsed.line_of(ref_where), "corpus-ref", message, ref_where)
    for line, message, where in hidden_problems(raw.decode("utf-8-sig"), parsed):
        add(line, "hidden-char", message, where)
    if stand is Standing.adopted and not strict:
        result.problems = list(map(_as_adopted, result.problems))
    return result


def _as_adopted(problem: Problem) -> Problem:
    """An adopted file's missing ``difficulty_rationale`` is a warning (``validate_file``)."""
    if problem.missing_key != "difficulty_rationale":
        return problem
    return replace(
        problem,
        severity=Severity.warning,
        code="adopted-no-rationale",
        message=ADOPTED_NO_RATIONALE,
    )


class _Unread(NamedTuple):
    """Why a file cannot be judged: one problem at ``line``."""

    line: int
    code: str
    message: str


def _read(path: Path) -> tuple[bytes, Parsed] | _Unread:
    """The file's bytes and their parse, or why it cannot be read as a scenario."""
    if path.is_symlink():
        return _Unread(1, "link", LINKED_SCENARIO)
    try:
        check_regular_file(path, what="scenario file")
        size = path.stat().st_size
        if size > MAX_BYTES:
            return _Unread(1, "too-large", f"file is {size:,} bytes, over the {MAX_BYTES:,} limit")
        raw = read_input(path, what="scenario file", limit=MAX_BYTES, follow_links=False)
        return raw, parse_checked(raw)
    except InputError as exc:  # a FIFO or device, or swapped since it was listed
        return _Unread(1, "unreadable", exc.message)
    except OSError as exc:
        return _Unread(1, "unreadable", f"cannot read file: {exc.strerror or exc}")
    except YamlProblem as exc:
        return _Unread(exc.line or 1, "yaml", exc.message)


def hidden_problems(text: str, parsed: Parsed) -> Iterator[tuple[int, str, JsonPath]]:
    """Hidden characters in a scenario file: one problem per line that holds any.

    The raw text is read first (exact line and column); then every string value, since a
    double-quoted escape (``"\\u202e"``, ``"\\e"``) puts one into the data with nothing
    visible in the file. Intake removes them at import (``intake.contract.untrusted``), so one here
    came by hand or from an older draft, and GAIA would paste it into its judge's prompt.
    """

    lines: set[int] = set()
    per_line: dict[int, tuple[int, Counter[str]]] = {}
    found = [(i, kind) for i, kind in find_hidden(text) if text[i] != "\r"]
    starts = [0, *(i + 1 for i, ch in enumerate(text) if ch == "\n")] if found else [0]
    for index, kind in found:
        line = bisect.bisect_right(starts, index)
        column, counts = per_line.setdefault(line, (index - starts[line - 1] + 1, Counter()))
        counts[kind] += 1
    for line, (column, counts) in sorted(per_line.items()):
        lines.add(line)
        total = sum(counts.values())
        yield (
            line,
            f"{total} hidden character(s) from column {column} ({describe_counts(counts)}): "
            "invisible to a reviewer, read by the judge; remove them",
            (),
        )
    for where, value in walk_strings(parsed.data):
        kinds = [kind for _, kind in find_hidden(value)]
        line = parsed.line_of(where)
        if kinds and line not in lines:
            lines.add(line)
            yield (
                line,
                f"{json_path(where)}: {len(kinds)} hidden character(s) written as escapes "
                f"({describe_counts(Counter(kinds))}): remove them",
                where,
            )


def suite_manifest(settings: Settings) -> Manifest | None:
    """The corpus manifest of the suite's ``corpus_dir``, or None when none is configured."""
    if settings.corpus_dir is None:
        return None
    folder = settings.path(settings.corpus_dir)
    return load_manifest(folder, display_path(folder, settings.root))


def _describe(path: tuple[str | int, ...], message: str) -> str:
    return message if not path else f"{json_path(path)}: {message}"


_SCHEMA_CHECKED_PLACEHOLDERS = {
    ("objective",),
    ("user_message",),
    ("success_criteria",),
    ("difficulty_rationale",),
}
"""Fields whose strict schema pattern already reports a placeholder (no double report)."""


_Rule = tuple[int, str, str, JsonPath, str]
"""A cross-field rule's finding: line, code, message, where, severity."""


def _rule(parsed: Parsed, where: JsonPath, code: str, message: str, sev: str = "error") -> _Rule:
    return parsed.line_of(where), code, message, where, sev


def _gaia_rules(parsed: Parsed, view: ScenarioView, path: Path, level: Level) -> Iterator[_Rule]:
    data = parsed.data
    turns = data.get("turns")
    if isinstance(turns, list):
        yield from _turn_rules(parsed, turns)
    persona = view.persona
    if persona is not None and persona.strip() and persona not in GAIA_PERSONAS:
        message = f"persona {persona!r} is not one of GAIA's built-in personas"
        yield _rule(parsed, ("persona",), "persona", message, "warning")
    if level is Level.legacy:
        missing = [k for k in ("source", "difficulty_rationale") if k not in data]
        if missing:
            message = f"no {' or '.join(missing)} (legacy scenario; --strict makes this an error)"
            yield 1, "legacy", message, (), "warning"
    if level is Level.strict:
        for where, text in walk_strings(data):
            if PLACEHOLDER_MARK in text and where[-1:] not in _SCHEMA_CHECKED_PLACEHOLDERS:
                field = where[-1] if where else "value"
                message = (
                    f"{json_path(where)}: {field} still holds a {PLACEHOLDER_MARK} placeholder"
                )
                yield _rule(parsed, where, "placeholder", message)
    scenario_id = view.id
    if level is Level.draft and scenario_id is not None and scenario_id != path.stem:
        # GAIA keys scenarios by id, never by file name (runner.py find_scenarios): a difference
        # is allowed; only a new draft gets a warning, since intake names drafts by id
        message = f"id {scenario_id!r} does not match the file name {path.name!r}"
        yield _rule(parsed, ("id",), "id-file", message, "warning")


def _turn_rules(parsed: Parsed, turns: list[Any]) -> Iterator[_Rule]:
    """GAIA's rules on the turns: numbers unique and 1..n, no criteria mapping."""
    numbers: dict[int, int] = {}
    for index, turn in enumerate(turns):
        if not isinstance(turn, dict):
            continue
        number = turn.get("turn")
        if isinstance(number, int) and not isinstance(number, bool):
            if number in numbers:
                message = f"duplicate turn number {number} (first at turns[{numbers[number]}])"
                yield _rule(parsed, ("turns", index, "turn"), "gaia", message)
            else:
                numbers[number] = index
        if isinstance(turn.get("success_criteria"), dict):
            message = "success_criteria is a mapping (GAIA's old capture format); write it as text"
            yield _rule(parsed, ("turns", index, "success_criteria"), "gaia", message)
    expected = set(range(1, len(turns) + 1))
    if numbers and set(numbers) != expected and len(numbers) == len(turns):
        message = f"turn numbers must be 1..{len(turns)} without gaps"
        yield _rule(parsed, ("turns",), "gaia", message)


def validate_paths(
    paths: Iterable[Path],
    *,
    strict: bool = False,
    drafts_dir: Path | None = None,
    root: Path | None = None,
    manifest: Manifest | None = None,
    standing_of: Callable[[Path], Standing] | None = None,
) -> ValidationReport:
    """Validate files and folders; ids must be unique across the whole set.

    ``standing_of`` gives each file outside ``drafts_dir`` its standing (its record's).
    """
    files = collect(paths)
    results = [
        validate_file(
            p,
            strict=strict,
            drafts_dir=drafts_dir,
            display=display_path(p, root),
            manifest=manifest,
            stand=standing_of(p)
            if standing_of is not None and not (drafts_dir is not None and inside(p, drafts_dir))
            else Standing.none,
        )
        for p in files
    ]
    for result, problem in duplicate_ids(results):
        result.problems.append(problem)
    return ValidationReport(files=results)


def duplicate_ids(results: Iterable[FileResult]) -> Iterator[tuple[FileResult, Problem]]:
    """Each result whose id an earlier one of ``results`` already has, with that problem."""
    first_seen: dict[str, FileResult] = {}
    for result in results:
        if result.scenario_id is None:
            continue
        earlier = first_seen.setdefault(result.scenario_id, result)
        if earlier is not result:
            message = f"id {result.scenario_id!r} is already used by {earlier.file}"
            yield (
                result,
                Problem(result.file, result.id_line, "duplicate-id", message, json_path="$.id"),
            )


def gaia_problems(
    settings: Settings, paths: list[Path], display: list[str]
) -> dict[str, list[Problem]] | None:
    """GAIA's CI verdict on each file (``intake.contract.gaia.gaia_verdicts``), as problems keyed
    by shown file; None when GAIA cannot be asked (intake's own copy of GAIA's rules, the
    corpus cross-references with GAIA CI's real_world skip included, then stands alone).

    A file GAIA's ``validate_scenario`` rejects (GAIA's CI loads every scenario through it,
    real_world ones included) gets one error naming GAIA's message. The cross-references are
    GAIA's CI tests, not GAIA's package: intake's copy (``intake.contract.manifest``) judges
    them against the suite's own manifest, so they are not asked twice.
    """
    answer = gaia_verdicts(settings, paths)
    if answer is None or answer.inside is not None:
        return None
    found: dict[str, list[Problem]] = {}
    for path, shown in zip(paths, display, strict=True):
        verdict = answer.verdicts.get(str(path))
        if verdict is None:
            continue
        found[shown] = [Problem(shown, 1, "gaia", message) for message in verdict.problems()]
    return found


def add_gaia_verdicts(
    settings: Settings, report: ValidationReport, paths: Iterable[Path], root: Path | None
) -> bool:
    """Append GAIA's verdict to ``report`` (the files of ``validate_paths(paths)``); returns
    whether GAIA was asked."""
    files = collect(paths)
    shown = [display_path(p, root) for p in files]
    verdicts = gaia_problems(settings, files, shown)
    if verdicts is None:
        return False
    for result in report.files:
        result.problems.extend(verdicts.get(result.file, []))
    return True
