"""A captured session → a draft scenario, its observations and its ``RecordSource``.

The mapping avoids what GAIA's own ``--capture-session`` gets wrong: every
user message is kept (consecutive ones merged into one turn, scheduler dividers skipped), only
tools that succeeded become ``expected_tools`` (failed and policy-blocked calls go to the
record), criteria are marked placeholders rather than the captured answer, error fallbacks are
flagged as the observed failure, documents become corpus references or marked placeholders
naming only a base name, and private sessions stay private. ``write_draft`` then scrubs,
validates and writes the lot.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

from intake.config import Settings
from intake.contract.manifest import MANIFEST, Manifest, load_manifest
from intake.contract.models import (
    CATEGORY_PATTERN,
    DraftScenario,
    DraftTurn,
    Evidence,
    IndexDocument,
    Setup,
    Source,
    SourceType,
    ToolCallEvidence,
    TurnEvidence,
    called_ok,
    placeholder,
)
from intake.contract.plain import parse_when
from intake.contract.yamlio import walk_strings
from intake.drafting.tail import (
    DraftPlan,
    DraftResult,
    clean_title,
    new_record_source,
    slug,
    titled_id,
    write_draft,
)
from intake.errors import ConfigError, InputError, UsageError
from intake.fileio import hash_input
from intake.limits import MAX_DOCUMENT_HASH_BYTES
from intake.paths import display_path
from intake.scrub import FixtureMap, scrubber_for
from intake.scrub.ids import cut_before_token, plain_identifier
from intake.sources.model import (
    INFRASTRUCTURE_FALLBACKS,
    LOCATOR_PREFIX,
    MASK,
    Document,
    Message,
    Session,
    SessionSummary,
    StoreKind,
    TurnWindow,
    failure_kind,
    plain_session_id,
    risky_word,
)
from intake.sources.registry import open_store
from intake.sources.tool_outcome import MAX_REASON_CHARS, capped
from intake.textcut import cut_at_space

DEFAULT_CATEGORY = "captured"
DEFAULT_PERSONA = "casual_user"
MAX_ANSWER_CHARS = 4_000
"""Longest captured answer kept as evidence in the record."""
DRAFT_HEADER = (
    "Drafted by intake from a GAIA session. Replace every TODO(intake) before review; "
    "evidence is in the .intake.json record."
)
_UPLOAD_LINK = re.compile(r"!?\[([^\]\n]*)\]\((/api/files/uploads/[^)\s]+)\)")
_UPLOAD_BARE = re.compile(r"/api/files/uploads/[^\s)\]]+")
_UUID = re.compile(r"^[0-9a-fA-F]{8}-")


@dataclass
class TurnSpan:
    """One scenario turn: the merged user messages and the assistant rows that followed."""

    users: list[Message] = field(default_factory=list)
    replies: list[Message] = field(default_factory=list)


@dataclass
class Grouped:
    """Turns plus what did not belong to any turn (kept as observations, never dropped)."""

    turns: list[TurnSpan]
    orphan_replies: list[Message]
    skipped_scheduler: int
    skipped_system: int
    other_roles: dict[str, int]


@dataclass
class CorpusFile:
    """A corpus file known by content hash."""

    corpus_doc: str | None
    path: str | None
    """Repository-relative path, or None when the corpus is outside the suite."""


class DocumentSeen(TypedDict, total=False):
    """How a document of the source was matched to the corpus, as the record's observations
    keep it (a session's ``documents``, an issue's ``documents_matched``)."""

    name: str
    in_corpus: bool
    matched_by: str
    corpus_doc: str | None


@dataclass
class SessionDraft:
    """The written draft and where it came from."""

    result: DraftResult
    session_id: str
    store: StoreKind


def default_db(settings: Settings, db: Path | None) -> Path:
    """The store to read: ``--db`` or the configured Agent UI database."""
    return db.expanduser() if db is not None else settings.path(settings.agent_ui_db)


PRIVATE_TITLE = "(private)"
"""What ``intake sessions`` shows instead of a private session's title."""


def list_sessions(settings: Settings, db: Path | None, limit: int) -> list[SessionSummary]:
    """Newest sessions of a store (any kind), at most ``limit``, with titles safe to print."""
    with closing(open_store(default_db(settings, db))) as store:
        return safe_titles(store.list_sessions(limit))


def mask_title(title: str) -> str:
    """A title for a listing: words that could be an address, a path or a key are masked.

    Listing sessions must stay fast (Presidio takes over a second to load), so titles are
    masked by shape rather than scrubbed; drafts always go through the full scrubber.
    """
    words = clean_title(title).split()
    return " ".join(MASK if risky_word(word) else word for word in words)


def safe_titles(rows: list[SessionSummary]) -> list[SessionSummary]:
    """The rows with private sessions' titles hidden and every other title masked.

    Titles are user text (GAIA names a session after its first message), so they can hold
    anything a message can; see ``mask_title``.
    """
    return [
        dataclasses.replace(
            r, title=PRIVATE_TITLE if r.private else (mask_title(r.title) if r.title else r.title)
        )
        for r in rows
    ]


def _cell(value: str | None, width: int) -> str:
    """``value`` on one line in at most ``width`` characters, cut before a word, never in one.

    A cut inside a word could leave the first half of a token the masking would have caught
    whole; the cut goes back to before that word instead (shape-based, no Presidio here).
    """

    text = " ".join((value or "").split())
    return text if len(text) <= width else cut_before_token(text, width - 1) + "…"


CREATED_WIDTH = 16
"""``YYYY-MM-DD HH:MM``: the listing's date column (local time)."""


def local_time(value: str | None) -> str:
    """A stored timestamp as ``YYYY-MM-DD HH:MM`` in local time, whatever its form.

    GAIA's Agent UI stores ``datetime.now(timezone.utc).isoformat()`` (32 characters with
    microseconds and ``+00:00``, amd/gaia ``src/gaia/ui/database.py``, docs/gaia-formats.md);
    its SQL defaults and older rows are SQLite's ``datetime('now')`` (UTC, no zone, a space
    between date and time). A value without a zone is UTC; one that does not parse is shown cut.
    """
    text = (value or "").strip()
    moment = parse_when(text)
    if moment is None:
        return _cell(text, CREATED_WIDTH) if text else "-"
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def format_sessions(rows: list[SessionSummary]) -> list[str]:
    """The session list as aligned text lines (a header, then one line per session)."""
    if not rows:
        return ["no sessions"]
    w = CREATED_WIDTH
    lines = [f"{'ID':<36}  {'CREATED':<{w}}  {'MSGS':>5}  {'AGENT':<10}  {'PRIVATE':<7}  TITLE"]
    for row in rows:
        lines.append(
            f"{_cell(row.id, 36):<36}  {local_time(row.created):<{w}}  {row.messages:>5}  "
            f"{_cell(row.agent_type or '-', 10):<10}  {'yes' if row.private else 'no':<7}  "
            f"{_cell(row.title, 50)}"
        )
    return lines


def read_session(
    settings: Settings, db: Path | None, wanted: str, window: TurnWindow | None = None
) -> Session:
    """Resolve an id or unique prefix and load that session (with ``window``: its turns,
    within one draft's bounds; a session too long for one draft is refused here, before
    anything is scrubbed)."""
    with closing(open_store(default_db(settings, db))) as store:
        return store.load(store.resolve(wanted.strip()), window)


def parse_turns(text: str) -> tuple[int, int | None]:
    """``A-B``, ``A-`` (to the end) or ``A`` as (first, last); UsageError otherwise."""
    match = re.fullmatch(r"\s*([0-9]{1,9})\s*(?:(-)\s*([0-9]{1,9})?)?\s*", text)
    if match is None:
        raise UsageError("--turns takes A-B, A- or A (turn numbers from 1)", where="--turns")
    first = int(match.group(1))
    last = int(match.group(3)) if match.group(3) else (None if match.group(2) else first)
    if first < 1 or (last is not None and last < first):
        raise UsageError("--turns: turns are numbered from 1 and A <= B", where="--turns")
    return first, last


def group_turns(messages: list[Message]) -> Grouped:
    """One turn per run of user messages; assistant rows attach to the turn before them."""
    turns: list[TurnSpan] = []
    orphans: list[Message] = []
    scheduler = system = 0
    other: dict[str, int] = {}
    for message in messages:
        if message.role == "system":
            if message.scheduler:
                scheduler += 1
            else:
                system += 1
            continue
        if message.role == "user":
            if turns and not turns[-1].replies:
                turns[-1].users.append(message)
            else:
                turns.append(TurnSpan(users=[message]))
        elif message.role == "assistant":
            if turns:
                turns[-1].replies.append(message)
            else:
                orphans.append(message)
        else:
            other[message.role or "(empty)"] = other.get(message.role or "(empty)", 0) + 1
    return Grouped(turns, orphans, scheduler, system, other)


Walked = tuple[Manifest | None, list[Path]]
"""The suite's corpus from one walk (``walk_corpus``): its manifest and its files."""


def walk_corpus(settings: Settings) -> Walked:
    """The corpus folder's manifest (``load_manifest``, the one reader; None without one) and
    every other file in it (no ``manifest.json``), from one walk; nothing without a folder."""
    folder = settings.path(settings.corpus_dir) if settings.corpus_dir is not None else None
    if folder is None or not folder.is_dir():
        return None, []
    shown = display_path(folder, settings.root)
    manifest = load_manifest(folder, shown) if (folder / MANIFEST).is_file() else None
    return manifest, [p for p in sorted(folder.rglob("*")) if p.is_file() and p.name != MANIFEST]


def corpus_index(settings: Settings, walked: Walked) -> dict[str, CorpusFile]:
    """SHA-256 of every corpus file → its manifest id (the first entry naming the file) and
    repository-relative path."""
    manifest, files = walked
    index: dict[str, CorpusFile] = {}
    for path in files:
        try:
            digest = hash_input(path, what="corpus file", limit=MAX_DOCUMENT_HASH_BYTES)
        except InputError:
            continue  # a FIFO, a device or a file too large to hash: matched by name only
        ids = manifest.ids_for_filename(path.name) if manifest is not None else []
        index.setdefault(digest, CorpusFile(ids[0] if ids else None, _in_suite(settings, path)))
    return index


def _in_suite(settings: Settings, path: Path) -> str | None:
    """``path`` relative to the suite's root (forward slashes), None when it lies outside."""
    try:
        return path.resolve().relative_to(settings.root.resolve()).as_posix()
    except ValueError:
        return None


ID_WIDTHS = (8, 12, 16, 32)
"""Hex digits of a session id in its draft id: 8, or more when a draft of another session
already holds the shorter one (``distinct_draft_id``)."""


def short_id(session_id: str, width: int = 8) -> str:
    """First ``width`` hex digits of a UUID; for ``session-YYYYMMDD-HHMMSS`` ids, the date and
    time (``width`` over 8 adds hex digits of the id's hash).

    An id that is not plain (one that could be a token pasted in, or that slugs to nothing
    plain) gives ``width`` hex digits of its SHA-256 instead (``neutral_id``'s 8 first):
    stable, carrying nothing of it.
    """

    digest = hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()
    if _UUID.match(session_id) and plain_session_id(session_id):
        return session_id.replace("-", "")[:width].lower()
    rest = re.sub(r"^session[-_]", "", session_id, flags=re.IGNORECASE)
    short = slug(rest, 24) or slug(session_id, 24)
    if plain_session_id(session_id) and plain_identifier(short):
        return short if width <= 8 else f"{short}_{digest[: width - 8]}"
    return digest[:width]


def draft_id_choices(
    session: Session, title: str | None, part: str | None = None
) -> list[tuple[str, str | None]]:
    """The ids a session's draft may take, in order, each with its title-less fallback.

    ``session_<8 hex>_<title>`` first; when a draft or scenario of another source holds it
    (two sessions whose ids share their first 8 hex digits and whose titles slug alike: GAIA
    names every new session "New Chat"), ``write_draft`` takes the next, with a longer
    prefix of the session id (``ID_WIDTHS``). The same session's own draft keeps its id.
    """
    choices: list[tuple[str, str | None]] = []
    for width in ID_WIDTHS:
        pair = (draft_id(session, title, width, part), draft_id(session, None, width, part))
        if pair not in choices:
            choices.append(pair)
    return choices


def draft_id(session: Session, title: str | None, width: int = 8, part: str | None = None) -> str:
    """``session_<short id>_<slug of title>`` (``titled_id``); a session id that is not plain
    gives ``session_<8 hex>``."""
    return titled_id(f"session_{short_id(session.id, width)}" + (f"_{part}" if part else ""), title)


def _attachment_name(label: str, link: str) -> str:
    base = label.replace("\\", "/").rsplit("/", 1)[-1].strip()
    if base:
        return base
    ext = link.rsplit(".", 1)[-1] if "." in link.rsplit("/", 1)[-1] else ""
    return f"an uploaded .{ext} file" if ext else "an uploaded file"


def flag_attachments(text: str) -> tuple[str, list[str]]:
    """Replace upload links with marked placeholders naming the base name only."""
    names: list[str] = []

    def flagged(name: str) -> str:
        names.append(name)
        return f"[{placeholder(f'attachment {name!r}: add it to the corpus')}]"

    text = _UPLOAD_LINK.sub(lambda m: flagged(_attachment_name(m.group(1), m.group(2))), text)
    text = _UPLOAD_BARE.sub(lambda m: flagged(_attachment_name("", m.group(0))), text)
    return text, names


def corpus_by_name(settings: Settings, walked: Walked | None = None) -> dict[str, CorpusFile]:
    """Corpus files whose name is unique in the manifest (and in the corpus folder).

    The second way to match a session's document to the corpus, after the content hash: a
    file edited since it was indexed still finds its manifest entry by name, but only when
    that name is unambiguous.
    """
    manifest, files = walked if walked is not None else walk_corpus(settings)
    if manifest is None:
        return {}
    found: dict[str, list[Path]] = {}
    for path in files:
        found.setdefault(path.name, []).append(path)
    names: dict[str, CorpusFile] = {}
    for name, paths in found.items():
        ids = manifest.ids_for_filename(name)
        if len(ids) == 1 and len(paths) == 1:
            names[name] = CorpusFile(ids[0], _in_suite(settings, paths[0]))
    return names


def _document_entry(
    doc: Document, corpus: dict[str, CorpusFile], names: dict[str, CorpusFile] | None = None
) -> tuple[IndexDocument, DocumentSeen]:
    hit = corpus.get(doc.sha256 or "")
    matched_by = "content hash" if hit is not None else None
    if hit is None and names and doc.name in names:
        hit, matched_by = names[doc.name], "file name (unique in the corpus manifest)"
    seen: DocumentSeen = {"name": doc.name, "in_corpus": hit is not None}
    if matched_by:
        seen["matched_by"] = matched_by
    if hit is not None and hit.path is not None:
        if hit.corpus_doc:
            seen["corpus_doc"] = hit.corpus_doc
            return IndexDocument(corpus_doc=hit.corpus_doc, path=hit.path), seen
        return IndexDocument(path=hit.path), seen
    if hit is not None:
        seen["corpus_doc"] = hit.corpus_doc
        what = f"document {doc.name!r} is in the corpus outside this suite: set a repo path"
    else:
        what = f"document {doc.name!r} is not in the suite corpus: add it, set corpus_doc and path"
    return IndexDocument(path=placeholder(what)), seen


def build_plan(
    session: Session,
    settings: Settings,
    *,
    category: str | None = None,
    title: str | None = None,
) -> DraftPlan:
    """The unscrubbed scenario, observations, source and evidence of a session (pure apart
    from the clock); ``title`` is the draft's name (the session's title as ``scrub_title``
    gave it), the session's own title when None."""
    chosen = check_category(category)
    grouped = group_turns(session.messages)
    if not grouped.turns:
        raise InputError(
            "session has no user messages to draft from"
            if session.messages
            else "session has no messages",
            where=f"session {session.id if plain_session_id(session.id) else MASK}",
        )
    index_documents, documents_seen = _session_documents(session, settings)
    planned = [_plan_turn(number, span) for number, span in enumerate(grouped.turns, start=1)]
    evidence_turns = [evidence_turn for _, evidence_turn in planned]
    for evidence_turn in evidence_turns:
        for name in evidence_turn.attachments:
            what = f"attachment {name!r} from turn {evidence_turn.turn}: add it to the corpus"
            index_documents.append(IndexDocument(path=placeholder(what)))

    shown_title = title if title is not None else session.title
    locator = f"{LOCATOR_PREFIX[session.store]}:{session.id}"
    scenario = DraftScenario(
        id=draft_id(session, shown_title),
        category=chosen,
        description=placeholder("what went wrong for the user, in a sentence or two"),
        persona=DEFAULT_PERSONA,
        source=Source(type=SourceType.session, link=locator),
        difficulty_rationale=placeholder("one line, in your words: why this is hard"),
        setup=Setup(index_documents=index_documents),
        turns=[turn for turn, _ in planned],
    )
    if shown_title:
        scenario.name = shown_title
    observations = _observations(session, grouped, evidence_turns, documents_seen)
    evidence = Evidence(
        tools_available=session.tools_available, note=session.evidence_note, turns=evidence_turns
    )
    source = new_record_source(
        "session", locator, link=locator, private=session.private, details=_details(session)
    )
    return DraftPlan(scenario, observations, source, evidence)


def _session_documents(
    session: Session, settings: Settings
) -> tuple[list[IndexDocument | str], list[DocumentSeen]]:
    """The session's documents as ``index_documents`` entries, and how each was matched."""
    if not session.documents:
        return [], []
    if settings.corpus_dir is not None and not settings.path(settings.corpus_dir).is_dir():
        raise ConfigError("corpus_dir is not a folder", where=str(settings.corpus_dir))
    walked = walk_corpus(settings)
    corpus, names = corpus_index(settings, walked), corpus_by_name(settings, walked)
    entries = [_document_entry(doc, corpus, names) for doc in session.documents]
    return [entry for entry, _ in entries], [seen for _, seen in entries]


def _observations(
    session: Session,
    grouped: Grouped,
    evidence_turns: list[TurnEvidence],
    documents_seen: list[DocumentSeen],
) -> dict[str, Any]:
    """The record's observations: each turn's failure kind (from its evidence), what belonged
    to no turn, the documents as matched, the session's own title and the store's notes."""
    failures = [
        {"turn": t.turn, "kind": t.error_fallback}
        | ({"infrastructure": True} if t.error_fallback in INFRASTRUCTURE_FALLBACKS else {})
        for t in evidence_turns
        if t.error_fallback is not None
    ]
    return _compact(
        {
            "observed_failure": failures,
            "orphan_assistant_messages": [
                {"ref": m.ref, "text": cut_at_space(m.content, MAX_ANSWER_CHARS)}
                for m in grouped.orphan_replies
            ],
            "skipped_scheduler_rows": grouped.skipped_scheduler,
            "skipped_system_rows": grouped.skipped_system,
            "unknown_role_rows": grouped.other_roles,
            "documents": documents_seen,
            "title": session.title,
            "store_notes": session.notes,
        }
    )


def _details(session: Session) -> dict[str, Any]:
    """The record source's details: where the session was stored and what it says of itself."""
    return _compact(
        {
            "store": session.store.value,
            "session_id": session.id,
            "model": session.model,
            "model_source": session.model_source,
            "agent_type": session.agent_type,
            "created_at": session.created_at,
            "updated_at": session.updated_at,
            "messages": len(session.messages),
            **session.details,
        }
    )


def _plan_turn(number: int, span: TurnSpan) -> tuple[DraftTurn, TurnEvidence]:
    """One turn: the scenario's turn and its evidence (with its failure kind and the
    attachments its message named)."""
    text = "\n\n".join(m.content for m in span.users)
    text, attachments = flag_attachments(text)
    rows = [*span.users, *span.replies]
    # tools sit on the replies; memory.db keeps a turn's calls on its user row when no
    # answer was stored
    calls = [_capped(call) for row in rows for call in row.tools]
    expected = called_ok(calls)
    errors = [error for row in rows for error in row.errors]
    notes = [n for m in rows for n in m.notes]
    answer = "\n\n".join(r.content for r in span.replies if r.content).strip()
    if len(answer) > MAX_ANSWER_CHARS:
        notes.append(f"answer cut from {len(answer)} to {MAX_ANSWER_CHARS} characters")
        answer = cut_at_space(answer, MAX_ANSWER_CHARS)
    kinds = [k for r in span.replies if (k := failure_kind(r.content))]
    failure = kinds[0] if kinds else None
    if failure is None and not span.replies:
        failure = "no_answer"
    elif failure is None and errors:
        failure = "agent_error_step"
    turn = DraftTurn(
        turn=number,
        objective=placeholder(f"what the user wants in turn {number}"),
        user_message=text,
        ground_truth={"expected_answer": placeholder("the correct answer")},
        success_criteria=placeholder(
            "what a correct answer does (the captured answer is evidence, not the criterion)"
        ),
    )
    if expected:
        turn.expected_tools = expected
    evidence = TurnEvidence(
        turn=number,
        user_message=text,
        answer=answer or None,
        error_fallback=failure,
        tools=calls,
        message_refs=[m.ref for m in rows],
        merged_user_messages=len(span.users) if len(span.users) > 1 else None,
        agent_errors=errors,
        attachments=attachments,
        notes=notes,
    )
    return turn, evidence


def _capped(call: ToolCallEvidence) -> ToolCallEvidence:
    """A stored call as the record keeps it: arguments, result and reason capped."""
    arguments, cut_args = capped(call.arguments)
    result, cut_result = capped(call.result)
    reason, cut_reason = capped(call.reason, MAX_REASON_CHARS)
    truncated = cut_args or cut_result or cut_reason
    return call.model_copy(
        update={"arguments": arguments, "result": result, "reason": reason, "truncated": truncated}
    )


def _compact(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v not in (None, [], {}, 0, "")}


def check_category(category: str | None) -> str:
    """The category to use (the default when None); UsageError unless it is a safe name.

    The category is a folder-like name in the suite, so ``../x`` or an e-mail is refused.
    The value is not echoed: it may be anything the user typed, a secret included.
    """
    chosen = DEFAULT_CATEGORY if category is None else category
    if not re.match(CATEGORY_PATTERN, chosen):
        raise UsageError(
            "invalid --category",
            hint="use 1-64 lowercase letters, digits, _ and -, not a name Windows reserves "
            "(con, prn, aux, nul, com0-9, lpt0-9)",
        )
    return chosen


def scrub_title(
    settings: Settings, title: str, mapping: FixtureMap, everything: Any
) -> tuple[str, bool]:
    """``title`` scrubbed with the draft's own fixture mapping, and whether anything was found.

    The id (and so the file name, the ledger and the output) is built from the title, and
    lowercasing it for the slug defeats every recogniser afterwards, so the title is scrubbed
    first. ``mapping`` is the one ``write_draft`` then scrubs the rest with, so the title's
    originals get the same fixtures in the draft name and in the record; the strings of
    ``everything`` (the unscrubbed draft) are reserved first so no fixture collides with one
    already present. Hidden characters are removed first: a zero-width space inside a token
    would hide it from the scrubber, and the slug would then drop the space and keep the token.
    """

    title = clean_title(title)
    mapping.reserve([title, *(text for _, text in walk_strings(everything))])
    result = scrubber_for(settings).scrub_text(title, mapping=mapping)
    return result.text, bool(result.findings)


def draft_from_session(
    settings: Settings,
    wanted: str,
    *,
    db: Path | None = None,
    category: str | None = None,
    force: bool = False,
    turns: tuple[int, int | None] | None = None,
) -> SessionDraft:
    """Read a session, map it, and write the draft, record and ledger events.

    ``turns`` (first, last) drafts only those turns (``--turns A-B``); the whole session or
    the slice must fit one draft's bounds (``intake.limits``), checked while it is read.
    """

    check_category(category)
    first, last = turns if turns is not None else (1, None)
    window = TurnWindow(first=first, last=last)
    session = read_session(settings, db, wanted, window)
    sliced = window.describe()
    part = None
    if sliced is not None:
        session.details["drafted_turns"] = f"{sliced} of the session (--turns)"
        part = "_".join(sliced.split()).replace("-", "_")  # turns_4_6: each slice its own id
    mapping = FixtureMap()
    title: str | None = None
    found = False
    if session.title:
        everything = [[m.content for m in session.messages], session.details]
        title, found = scrub_title(settings, session.title, mapping, everything)
    plan = build_plan(session, settings, category=category, title=title)
    shown_title = None if (found or plan.source.private) else title
    plan.ids = draft_id_choices(session, shown_title, part)
    plan.header, plan.mapping = DRAFT_HEADER, mapping
    result = write_draft(settings, plan, force=force)
    return SessionDraft(result, session.id, session.store)
