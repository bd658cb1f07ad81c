"""Scrubbing and scanning files: reading them safely, in-place atomic rewrites, ``--check``.

``scrub_paths`` says what a run does with a file that cannot be read or scrubbed; JSON, JSONL
and YAML are scrubbed as formats (``_structured``, ``intake.scrub.formats``), with no tree
rewrite to fall back to.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import regex

from intake.errors import InputError, IntakeError, ScrubError
from intake.fileio import atomic_write, read_input
from intake.paths import display_path
from intake.scrub.engine import (
    MAX_TEXT_CHARS,
    FileFinding,
    Finding,
    Scrubber,
    edited,
    get_scrubber,
    refuse_oversized,
    scrubber_for,
    unrestored,
)
from intake.scrub.fixtures import FixtureMap
from intake.scrub.formats import (
    NotStructured,
    Token,
    comment_spans,
    encode,
    format_of,
    line_at,
    line_starts,
    quoted,
    tokens_for,
)
from intake.scrub.tiers import FINAL, Kept, find_salt, record_salt, restored, tier_of

if TYPE_CHECKING:
    from intake.config import Settings
    from intake.contract.models import ScrubReport


def decode_text(data: bytes, *, where: str) -> str:
    """UTF-8 text of a file, or ``InputError`` for binary, undecodable or oversized data."""
    if len(data) > 4 * MAX_TEXT_CHARS:
        raise InputError(f"file too large to scrub ({len(data)} bytes)", where=where)
    if b"\x00" in data[:8192]:
        raise InputError("binary file: cannot scrub (NUL bytes)", where=where)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"not valid UTF-8 at byte {exc.start}: cannot scrub", where=where
        ) from None
    refuse_oversized(len(text), "file", where=where)
    return text


TEXT_SUFFIXES = frozenset({".yaml", ".yml", ".json", ".jsonl", ".ndjson", ".md", ".txt", ".log"})
"""Files picked up inside a folder; files named explicitly are scrubbed whatever their name."""


@dataclass
class FileOutcome:
    """What scrubbing one file did (or would do): the new text and the report."""

    path: Path
    original: str
    text: str
    report: ScrubReport

    @property
    def changed(self) -> bool:
        """Whether the file content changes."""
        return self.text != self.original


def expand_paths(paths: Sequence[Path]) -> list[Path]:
    """Files named, plus text files under folders named (hidden folders skipped), sorted."""
    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            for f in sorted(p.rglob("*")):
                rel = f.relative_to(p).parts
                if (
                    f.is_file()
                    and f.suffix in TEXT_SUFFIXES
                    and not any(x.startswith(".") for x in rel)
                ):
                    files.append(f)
        elif p.is_file():
            files.append(p)
        elif p.exists():
            raise InputError(
                "file to scrub is a FIFO, socket or device, not a regular file", where=str(p)
            )
        else:
            raise InputError("no such file or folder", where=str(p))
    unique: dict[Path, Path] = {}  # the first of the names of one file
    for f in files:
        unique.setdefault(f.resolve(), f)
    return list(unique.values())


def _read(path: Path) -> str:
    """A file's text through the bounded reader: still a regular file when it is opened (not
    swapped for a FIFO or a device since it was listed), its size checked before reading."""
    data = read_input(path, what="file to scrub", limit=4 * MAX_TEXT_CHARS)
    return decode_text(data, where=str(path))


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def scan_paths(
    paths: Sequence[Path], *, scrubber: Scrubber | None = None, root: Path | None = None
) -> list[FileFinding]:
    """Findings in files (type, file and line; never the value), for ``--check``/``intake check``.

    Each file is named as given, or, with ``root``, as shown below it (``paths.display_path``).

    JSON, JSONL and YAML are read as formats, like ``scrub_file_text`` reads them: every
    decoded string (keys too) and YAML comment, each finding at the line of the file where it
    starts. Any other file (or one of those that does not parse) is scanned as text. Files are
    read in groups of about ``_GROUP_CHARS`` characters whose strings are analysed together
    (``Scrubber.prepare``): a suite of short drafts costs a few analyses, not one per file.
    """
    scrubber = scrubber or get_scrubber()
    out: list[FileFinding] = []
    group: list[tuple[Path, str, _Values | None]] = []
    size = 0

    def flush() -> None:
        nonlocal size
        scrubber.prepare(
            text for _, _, parsed in group if parsed is not None for _, text in parsed.items
        )
        for path, text, parsed in group:
            shown = str(path) if root is None else display_path(path, root)
            out.extend(scan_text(path, shown, text, scrubber, parsed))
        group.clear()
        size = 0

    for path in expand_paths(paths):
        text = _read(path)
        group.append((path, text, _parsed(path, text)))
        size += len(text)
        if size >= _GROUP_CHARS:
            flush()
    flush()
    return out


_GROUP_CHARS = 1024 * 1024
"""Characters of files read ahead and analysed together by ``scan_paths``."""


MAX_NESTING = 3
"""Levels of JSON inside JSON strings read as JSON (deeper ones are scanned as text)."""


class _Values(NamedTuple):
    """A structured text's string tokens and YAML comments, and each one's (locator, text),
    key (a value's key; ``None`` for a key or a comment) and frame (``_frame``), for
    ``_plan``."""

    tokens: list[Token]
    comments: list[tuple[int, int]]
    items: list[tuple[str, str]]
    keys: list[str | None]
    frames: list[tuple[str, str]]


_NO_FRAME = ("", "")
_FRAMED_KEY = regex.compile(r"[^\s\"'\\#][^\n\r\"'\\#]{0,199}+")
"""A key that can be written back into a one-line member as it stands (no quote, escape,
comment mark or line break to spell)."""


def _frame(tok: Token) -> tuple[str, str]:
    """The text around a value when it is judged: its member written as one line of its own
    syntax (JSON ``{"key": "value"}``, YAML ``key: value`` in the value's quoting), so a rule
    that reads a value by its key in pasted text (``username: "<login>"``, a credential
    helper's ``{"<registry URL>":"<login>"}``) decides the same value the same way in a
    parsed file (issue 35 item 4: one decision per value whatever the syntax). A value or key
    that would need escaping to be written so, a key, a list item with no key of its own and a
    block scalar are judged alone, as before, and so is a value under a secret-bearing name
    (``_plan``), which its key judges (``Scrubber.with_key_context``)."""
    key, value = tok.key, tok.value
    if tok.is_key or key is None or not _FRAMED_KEY.fullmatch(key):
        return _NO_FRAME
    if any(c in value for c in "\"'\\\n\r"):
        return _NO_FRAME
    if tok.style == "json":
        return '{\n"' + key + '": "', '"\n}'
    if tok.style == "plain" and ": " not in key:
        return key + ": ", ""
    if tok.style in ("'", '"') and ": " not in key:
        return f"{key}: {tok.style}", tok.style
    return _NO_FRAME


def _values(fmt: str, text: str, depth: int = MAX_NESTING) -> _Values:
    """The values of a structured text; one that is JSON itself (at a ``depth`` below
    ``MAX_NESTING``, for ``_nested``) is given as "". ``NotStructured`` when it does not
    parse."""
    tokens = tokens_for(fmt, text)
    comments = comment_spans(text, tokens) if fmt == "yaml" else []
    starts = line_starts(text)
    inner = [depth < MAX_NESTING and _is_container(t.value) for t in tokens]  # for _nested
    items = [(f"line {t.line}", "" if i else t.value) for t, i in zip(tokens, inner, strict=True)]
    items += [(f"line {line_at(starts, s)}", text[s:e]) for s, e in comments]
    keys = [t.key if not t.is_key else None for t in tokens] + [None] * len(comments)
    frames = [_NO_FRAME if i else _frame(t) for t, i in zip(tokens, inner, strict=True)]
    frames += [_NO_FRAME] * len(comments)
    return _Values(tokens, comments, items, keys, frames)


def _parsed(path: Path, text: str) -> _Values | None:
    """A file's values when its suffix names a format and it parses; ``None``: scanned as text."""
    fmt = format_of(path.suffix)
    try:
        return _values(fmt, text) if fmt is not None else None
    except NotStructured:
        return None


def scrub_scan(
    paths: list[Path], settings: Settings
) -> tuple[list[FileFinding] | None, str | None]:
    """The scrubber's re-scan of suite files, each named as shown below the suite's root, for
    the promotion gate and ``intake check``; (None, why) when it cannot run (the gate fails
    closed)."""
    try:
        engine = scrubber_for(settings)  # resolves a relative scrubbers_dir at the root
        return scan_paths(paths, scrubber=engine, root=settings.root), None
    except IntakeError as exc:
        return None, exc.one_line()


def scan_text(
    path: Path, shown: str, text: str, scrubber: Scrubber, parsed: _Values | None = None
) -> list[FileFinding]:
    """The findings of one file's text, named ``shown`` (``scan_paths``; ``parsed`` is its
    structure, ``None`` to scan it as text)."""
    kept = restored_in(path)
    if parsed is not None:
        tokens, comments, items, keys, frames = parsed
        plans = _plan(items, keys, scrubber, FixtureMap(), kept, frames, text)
        found: list[FileFinding] = []
        for i, ops in enumerate(plans):
            for op in ops:
                if i < len(tokens):
                    tok = tokens[i]
                    span = tok.raw_span(op.start, op.start)
                    offset = span[0] if span is not None else tok.start
                else:
                    offset = comments[i - len(tokens)][0] + op.start
                found.append(FileFinding(op.entity_type, shown, _line_of(text, offset)))
        return sorted(found, key=lambda f: f.line)
    return [
        FileFinding(f.entity_type, shown, _line_of(text, f.start))
        for f in unrestored(text, scrubber.find(text, json_path=str(path)), kept)
    ]


def _plan(
    items: Sequence[tuple[str, str]],
    keys: Sequence[str | None],
    scrubber: Scrubber,
    mapping: FixtureMap,
    kept: Kept | None = None,
    frames: Sequence[tuple[str, str]] | None = None,
    whole: str | None = None,
) -> list[list[Finding]]:
    """The findings of every text of one file, in text order, each with its fixture and the
    text's locator as its JSON path; each text is judged inside its ``frames`` entry (the text
    before and after it, ``_frame``), of which nothing is found.

    User names learned in one text are private in all, and so are those the file's ``whole``
    text gives by its grammar (``detect_many``); a value under a
    secret-bearing key is judged by that key. **One value, one fixture, everywhere in the
    file**: fixtures are keyed by the decoded value, so its escaped and plain spellings share
    one; and a value of the final tier (a provider's exact shape) replaced in one text is
    replaced wherever else it stands as a word of its own in the file, found there or not
    (``id_AKIA…`` is no word boundary for the AWS rule). Restorable values (found by a name,
    an entropy or a context rule) are not carried: on GAIA's repository that would have
    multiplied each false positive (``Basic microphone``) through its file. ``kept`` names
    the values a reviewer restored (``restored_in``): they are not replaced.
    """
    detected = _detect_framed(scrubber, items, keys, frames, whole)
    for i, key in enumerate(keys):
        # a name that bears no secret changes nothing (``with_key_context``): asked first,
        # as it is cached and the fixture test runs every allow-list pattern
        if (
            key is not None
            and scrubber.secret_names.is_secret_name(key)
            and not scrubber.is_name_fixture(items[i][1])
        ):
            detected[i] = scrubber.with_key_context(items[i][1], key, detected[i])
    detected = [
        unrestored(text, cands, kept) for (_, text), cands in zip(items, detected, strict=True)
    ]
    secrets: dict[str, str] = {}
    for (_, text), cands in zip(items, detected, strict=True):
        for c in cands:
            original = text[c.start : c.end]
            if tier_of(c.entity_type) == FINAL and len(original) >= 8:
                secrets.setdefault(original, c.entity_type)
    plans: list[list[Finding]] = []
    for (where, text), cands in zip(items, detected, strict=True):
        cands = list(cands)
        for original, entity in secrets.items():
            for start in _occurrences(text, original):
                end = start + len(original)
                if not any(c.start < end and start < c.end for c in cands):
                    cands.append(Finding(entity, start, end))
        cands.sort(key=lambda c: c.start)
        plans.append(scrubber.planned(text, cands, mapping, where))
    return plans


def _detect_framed(
    scrubber: Scrubber,
    items: Sequence[tuple[str, str]],
    keys: Sequence[str | None],
    frames: Sequence[tuple[str, str]] | None,
    whole: str | None = None,
) -> list[list[Finding]]:
    """``Scrubber.detect_many`` of each text inside its frame (none under a secret-bearing
    key, which ``with_key_context`` judges), each text's findings counted from its start;
    ``whole``: the file's text, whose grammar may name its user."""
    if frames is None:
        return scrubber.detect_many(items, whole)
    secret_name = scrubber.secret_names.is_secret_name
    frames = [
        _NO_FRAME if key is not None and secret_name(key) else frame
        for key, frame in zip(keys, frames, strict=True)
    ]
    framed = [(w, f"{a}{t}{b}") for (w, t), (a, b) in zip(items, frames, strict=True)]
    return [
        _unframed(cands, len(a), len(t))
        for cands, (_, t), (a, _b) in zip(
            scrubber.detect_many(framed, whole), items, frames, strict=True
        )
    ]


def _unframed(cands: list[Finding], start: int, length: int) -> list[Finding]:
    """The findings of a framed text that lie in its value, counted from the value's start."""
    if not start:
        return cands
    return [
        c._replace(start=c.start - start, end=c.end - start)
        for c in cands
        if start <= c.start and c.end <= start + length
    ]


def restored_in(path: Path) -> Kept | None:
    """What a reviewer restored in a draft (``intake scrub --restore``), for its files.

    A draft ``X.yaml`` and its record ``X.intake.json`` list their restores in the record,
    each a salted hash of one value (``intake.scrub.tiers``); the salt is the suite's (its
    ``.intake/scrub-salt``). A restorable value with a listed hash is not a finding there, so
    the re-scan and ``intake scrub`` leave it as the reviewer gave it back. ``None``: nothing
    restored (or no salt on this machine, where nothing can have been restored).
    """
    import json

    if path.name.endswith(_RECORD_SUFFIX):
        record = path
    elif path.suffix == ".yaml":
        record = path.with_name(path.stem + _RECORD_SUFFIX)
    else:
        return None
    if not record.is_file():
        return None
    try:
        raw = read_input(record, what="record", limit=4 * MAX_TEXT_CHARS)
        data = json.loads(raw.decode("utf-8"))
        hashes = {str(r["value_hash"]) for r in data.get("restores") or []}
        record_id = str(data.get("id") or record.name.removesuffix(_RECORD_SUFFIX))
    except (InputError, OSError, ValueError, TypeError, KeyError, AttributeError):
        return None
    user_salt = find_salt() if hashes else None
    if user_salt is None:
        return None
    return restored(record_salt(user_salt, record_id), hashes)


_RECORD_SUFFIX = ".intake.json"
"""A draft's record beside it (``intake.store.records.RECORD_SUFFIX``; the store is a layer
above the scrubber)."""


def _occurrences(text: str, word: str) -> Iterator[int]:
    """Where ``word`` stands in ``text`` as a word of its own (no letter or digit around)."""
    start = text.find(word)
    while start >= 0:
        end = start + len(word)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not before.isalnum() and not after.isalnum():
            yield start
        start = text.find(word, start + 1)


def _one_edit(old: str, new: str) -> Finding:
    """The one span of ``old`` that differs from ``new`` (common head and tail kept)."""
    head = 0
    limit = min(len(old), len(new))
    while head < limit and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < limit - head and old[len(old) - 1 - tail] == new[len(new) - 1 - tail]:
        tail += 1
    return Finding(_EDIT, head, len(old) - tail, fixture=new[head : len(new) - tail])


_EDIT = "EDIT"
"""The type of a ``Finding`` that is only an edit (its span and the ``fixture`` written there)."""


def _token_edits(
    tok: Token, ops: list[Finding], final: str, text: str, whole: bool
) -> list[Finding]:
    """File edits writing ``final`` into ``tok``: each replaced span in the token's escaping,
    or (``whole``, or a span its style cannot spell) the token rewritten as one string."""
    if not whole:
        edits: list[Finding] = []
        for op in ops:
            span = tok.raw_span(op.start, op.end)
            enc = encode(tok, op.fixture, at_start=op.start == 0, at_end=op.end == len(tok.value))
            if span is None or enc is None:
                break
            edits.append(Finding(_EDIT, *span, fixture=enc))
        else:
            return edits
    if tok.style != "text":
        final = quoted(tok, final, text[tok.start : tok.end])
    return [Finding(_EDIT, tok.start, tok.end, fixture=final)]


def _structured(
    fmt: str,
    text: str,
    scrubber: Scrubber,
    mapping: FixtureMap,
    where: str,
    kept: Kept | None = None,
    depth: int = 0,
) -> tuple[str, list[Finding], list[Finding]]:
    """Scrub a JSON, JSONL or YAML text value by value, writing back in place.

    Every string token (and YAML comment) is decoded and scanned; each replacement is spelt
    in the token's own escaping, so nothing outside a replaced span changes. A value that is
    itself a JSON object or array (JSON inside a JSON string, Kubernetes'
    ``last-applied-configuration``, a tool's JSON output in a transcript) is scrubbed the same
    way one level down, so its own escapes are read as escapes too (``MAX_NESTING`` levels).
    The result is parsed again: a value whose decoded text is not what was meant is rewritten
    whole as a double-quoted string (fail closed per value); only a file that then still does
    not parse fails, naming the line. ``NotStructured`` when the text did not parse to begin
    with. Returns the new text, the findings and the edits made (spans of ``text``).
    """
    tokens, comments, items, keys, frames = _values(fmt, text, depth)
    nesting = {i for i, t in enumerate(tokens) if items[i][1] != t.value}  # JSON inside
    mapping.reserve([text])
    plans = _plan(items, keys, scrubber, mapping, kept, frames, text)
    findings: list[Finding] = []
    finals: dict[int, tuple[list[Finding], str]] = {}
    for i, tok in enumerate(tokens):
        nested = _nested(tok, scrubber, mapping, kept, depth, items[i][0]) if i in nesting else None
        if nested is not None:
            if nested[1]:
                inner_text, inner_findings, inner_edits = nested
                finals[i] = (inner_edits, inner_text)
                findings.extend(inner_findings)
            continue
        ops = (
            plans[i]
            if i not in nesting
            else _plan([(items[i][0], tok.value)], [keys[i]], scrubber, mapping, kept)[0]
        )
        if not ops:
            continue
        new_value = edited(tok.value, ops)
        final = scrubber.settle(new_value, mapping, items[i][0], kept=kept)
        if final != new_value:
            ops = [_one_edit(tok.value, final)]
        finals[i] = (ops, final)
        findings.extend(plans[i])
    comment_edits: list[Finding] = []
    for j, (s, e) in enumerate(comments):
        ops = plans[len(tokens) + j]
        if not ops:
            continue
        body = text[s:e]
        new = edited(body, ops)
        if "\n" in new or "\r" in new:
            new = edited(
                body,
                [
                    op._replace(fixture=scrubber.generic_fixture(body[op.start : op.end], mapping))
                    for op in ops
                ],
            )
        settled = scrubber.settle(new, mapping, items[len(tokens) + j][0])
        comment_edits.append(Finding(_EDIT, s, e, fixture=settled))
        findings.extend(ops)
    if not finals and not comment_edits:
        return text, findings, []
    whole: set[int] = set()
    for _attempt in range(4):
        edits = list(comment_edits)
        for i, (ops, final) in finals.items():
            edits.extend(_token_edits(tokens[i], ops, final, text, i in whole))
        new_text = edited(text, edits)
        bad = _mismatched(fmt, new_text, tokens, finals)
        if not bad:
            return new_text, findings, edits
        if bad == {-1}:
            bad = set(finals)
        if bad <= whole:
            break
        whole |= bad
    line = min((tokens[i].line for i in finals), default=1)
    raise ScrubError(
        f"file could not be scrubbed cleanly: a value at line {line} could not be written back "
        "so that the file still parses; it was left as it was",
        where=where,
    )


def _is_container(value: str) -> bool:
    value = value.strip()
    return len(value) >= 2 and value[0] + value[-1] in ("{}", "[]")


def _nested(
    tok: Token,
    scrubber: Scrubber,
    mapping: FixtureMap,
    kept: Kept | None,
    depth: int,
    where: str,
) -> tuple[str, list[Finding], list[Finding]] | None:
    """The scrub of a value that is a JSON object or array, or ``None`` when it does not parse
    as one (it is then scanned as text)."""
    try:
        return _structured("json", tok.value, scrubber, mapping, where, kept, depth + 1)
    except NotStructured:
        return None


def _mismatched(
    fmt: str,
    new_text: str,
    tokens: list[Token],
    finals: dict[int, tuple[list[Finding], str]],
) -> set[int]:
    """Indexes of tokens whose value in ``new_text`` is not what was meant ({-1}: it does not
    parse, or its tokens no longer line up)."""
    try:
        again = tokens_for(fmt, new_text)
    except NotStructured:
        return {-1}
    if len(again) != len(tokens):
        return {-1}
    return {
        i
        for i, (old, new) in enumerate(zip(tokens, again, strict=True))
        if new.value != (finals[i][1] if i in finals else old.value)
    }


def scrub_file_text(
    path: Path, text: str, *, scrubber: Scrubber | None = None, kept: Kept | None = None
) -> FileOutcome:
    """Scrub one file's text in memory (one fixture mapping per file).

    JSON, JSONL and YAML are scrubbed as formats (``_structured``: decoded values, written
    back in their own escaping, nothing else changes); a file of those suffixes that does not
    parse to begin with, and every other file, is scrubbed as text, with the decisions
    ``Scrubber.scrub_text`` makes on it (one decision per value whatever the entry point), then
    settled unless nothing was found (a re-scan would be the same scan of the same text). The
    settle is a fail-closed net: it changes nothing when the first pass is final, which
    ``tests/test_scrub_file_and_text_agree.py`` holds over the corpus and the matrix. Fails closed
    (``ScrubError`` naming the line, never the value) only for what cannot be written back.
    """
    scrubber = scrubber or get_scrubber()
    mapping = FixtureMap()
    mapping.reserve([text])
    fmt = format_of(path.suffix)
    if fmt is not None:
        try:
            new_text, findings, _ = _structured(fmt, text, scrubber, mapping, str(path), kept)
        except NotStructured:
            pass
        else:
            return FileOutcome(path, text, new_text, scrubber.report(findings))
    (ops,) = _plan([("$", text)], [None], scrubber, mapping, kept)
    report = scrubber.report(ops)
    new_text = scrubber.settle(edited(text, ops), mapping, str(path), whole=False) if ops else text
    return FileOutcome(path, text, new_text, report)


def scrub_paths(
    paths: Sequence[Path], *, scrubber: Scrubber | None = None, write: bool = True
) -> list[FileOutcome]:
    """Scrub files in place; a file that cannot be scrubbed fails alone.

    Every file is read first: an unreadable one (binary, not UTF-8, too large: ``InputError``)
    stops the run before anything is written. Each file is then scrubbed in memory; one that
    cannot be scrubbed cleanly (``ScrubError``: a YAML bomb, a result that would not re-scan
    clean) is left untouched while the others are written, and the run then raises one
    ``ScrubError`` naming every such file and its reason. Each file is replaced atomically (a
    temporary file in the same folder, then ``os.replace``).
    """
    scrubber = scrubber or get_scrubber()
    texts = [(p, _read(p)) for p in expand_paths(paths)]
    outcomes: list[FileOutcome] = []
    failed: list[ScrubError] = []
    for p, text in texts:
        try:
            outcomes.append(scrub_file_text(p, text, scrubber=scrubber, kept=restored_in(p)))
        except ScrubError as exc:
            failed.append(exc)
    if write:
        for o in outcomes:
            if o.changed:
                atomic_write(o.path, o.text)
    if failed:
        if len(failed) == 1:
            raise failed[0]
        reasons = "; ".join(f"{e.where}: {e.message}" for e in failed)
        raise ScrubError(
            f"{len(failed)} files could not be scrubbed and were left as they were ({reasons}); "
            f"the other {len(outcomes)} were written",
            where=str(failed[0].where),
        )
    return outcomes
