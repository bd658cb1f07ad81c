"""The common model of a captured conversation, shared by every session-store adapter.

GAIA keeps conversations in several stores (the Agent UI database, agent memory, session JSON
files of the C++ agents and the Python chat CLI). Each adapter turns its store into the same
``Session`` so the drafting code has one shape to map; ``intake.sources.registry`` picks the
adapter by the file's content.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

from intake import limits
from intake.contract.models import ToolCallEvidence, ToolOutcome
from intake.errors import InputError, SourceError, UsageError
from intake.fileio import parse_json_input, read_input
from intake.textcut import cut_at_space

LISTED_ON_ERROR = 10
"""How many sessions an unknown-id error lists."""
SCHEDULER_PREFIX = "[schedule-run]"
"""How GAIA's scheduler divider rows open (``Message.scheduler``)."""
INFRASTRUCTURE_FALLBACKS = frozenset(
    {"no_response", "model_unreachable", "timeout", "server_error", "no_answer"}
)
"""Fallbacks GAIA writes when the model was not reached or gave nothing (the model server
down or busy, a timeout, the chat endpoint's own exception, no answer at all): what the model
did not say, so never the case's failure (the control gate refuses them). GAIA's texts are
``fallback_shapes`` in ``tool_failures.json`` (docs/sessions.md cites where GAIA writes them)."""
MASK = "[…]"
"""What a word that could be a secret is shown as in a listing or an error."""
_KEY_PREFIXES = (
    "ghp_",
    "gho_",
    "ghu_",
    "ghs_",
    "ghr_",
    "github_pat_",
    "sk-",
    "sk_",
    "rk_",
    "xox",
    "xapp-",
    "AKIA",
    "ASIA",
    "hf_",
    "AIza",
    "eyJ",
    "npm_",
    "pypi-",
    "GOCSPX-",
)
_PLAIN_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$")
_GAIA_ID = re.compile(r"^session[-_]\d{0,8}(?:[-_]\d{0,6}(?:-\d{0,6})?)?$")
"""``session-YYYYMMDD-HHMMSS[-n]`` (C++) and ``session_YYYYMMDD_HHMMSS`` (chat CLI), or a prefix."""
_UUID_DASHES = (8, 13, 18, 23)


def _uuid_or_prefix(value: str) -> bool:
    """A uuid (Agent UI and memory session ids) or a prefix of one, dashes in place."""
    if len(value) > 36:
        return False
    hexdigits = "0123456789abcdefABCDEF"
    return all((c == "-") if i in _UUID_DASHES else (c in hexdigits) for i, c in enumerate(value))


class StoreKind(StrEnum):
    """Which GAIA store a file is."""

    agent_ui = "agent_ui"
    memory_db = "memory_db"
    cpp_json = "cpp_json"
    chat_json = "chat_json"
    agent_ui_export = "agent_ui_export"
    """The Agent UI's JSON export of one session (``format=json``)."""
    agent_ui_markdown = "agent_ui_markdown"
    """The Agent UI's Markdown export (what its Export button saves): turns only."""


LOCATOR_PREFIX = {
    StoreKind.agent_ui: "gaia-session",
    StoreKind.memory_db: "gaia-memory-session",
    StoreKind.cpp_json: "gaia-cpp-session",
    StoreKind.chat_json: "gaia-chat-session",
    StoreKind.agent_ui_export: "gaia-session",
    StoreKind.agent_ui_markdown: "gaia-session-markdown",
}
"""Locator scheme per store; ``gaia-session:<uuid>`` names an Agent UI session."""


def json_type(value: Any) -> str:
    """A value's JSON type name, for notes about fields of the wrong type."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def json_field(
    data: dict[str, Any], key: str, wanted: str, notes: list[str], where: str = ""
) -> Any:
    """``data[key]`` if it has the JSON type ``wanted`` (or is absent/null), else None, noted.

    Files other programs write (session JSON, saved or served issue JSON) are not trusted to
    have their writer's types: a field of the wrong type is treated as absent and the record
    says so, rather than crashing, being iterated or written into the draft as a Python repr.
    """
    value = data.get(key)
    if value is None or json_type(value) == wanted:
        return value
    notes.append(f"{where}'{key}' is a JSON {json_type(value)}, not a {wanted}: ignored")
    return None


def read_session_file(path: Path, what: str) -> bytes:
    """The whole of a file that holds one session (session JSON, an Agent UI export), at most
    ``limits.MAX_SESSION_JSON_BYTES``, through the bounded reader (its size checked before a
    byte is read); any refusal is a SourceError (exit 3) naming the file as ``what``."""
    with _store_refusal():
        return read_input(path, what=what, limit=limits.MAX_SESSION_JSON_BYTES, where=path.name)


def read_session_json(path: Path, what: str) -> Any:
    """``read_session_file`` parsed by ``fileio.parse_json_input`` (lone surrogates kept), its
    refusals SourceErrors naming the file as ``what``."""
    raw = read_session_file(path, what)
    with _store_refusal():
        return parse_json_input(raw, what=what, where=path.name, surrogates=True)


@contextmanager
def _store_refusal() -> Iterator[None]:
    """The bounded reader's ``InputError`` as a ``SourceError``: a store that cannot be read is
    a source failure (exit 3), whatever the reader says."""
    try:
        yield
    except InputError as exc:
        raise SourceError(exc.message, where=exc.where) from None


def risky_word(word: str) -> bool:
    """Whether a word looks like an address, a path or a key (by shape, without Presidio)."""
    has_digit = any(c.isdigit() for c in word)
    has_alpha = any(c.isalpha() for c in word)
    return (
        ("@" in word and "." in word.split("@", 1)[1])
        or "/" in word
        or "\\" in word
        or word.startswith(("~", "$", "%"))
        or (len(word) >= 8 and word.startswith(_KEY_PREFIXES))
        or (len(word) >= 16 and has_digit and has_alpha)
        or len(word) >= 24
    )


def plain_session_id(value: str) -> bool:
    """An id safe to print unscrubbed: GAIA's own shapes, or a short plain identifier.

    Ids are shown by ``intake sessions``, in error hints and in locators, none of which is
    scrubbed. A plain identifier (letters, digits, ``_.:-``, at most 100) that is one of
    GAIA's shapes or that the listing's shape rules find nothing in (see ``risky_word``) is
    safe; anything else might be a token pasted into a file and is never echoed.
    """
    return bool(_PLAIN_ID.match(value)) and (
        bool(_GAIA_ID.match(value)) or _uuid_or_prefix(value) or not risky_word(value)
    )


def own_session_id(raw: Any, field: str, path: Path) -> str:
    """The id a single-session file gives its session (its ``field``), or a ``SourceError``.

    One rule for every store: an id the store holds is the store's content, so refusing it is a
    source failure (``SourceError``, exit 3); a ``UsageError`` (exit 2) is for what the user
    typed (an id that matches nothing, a bad ``--turns``). The id is printed unscrubbed
    (listing, hints, locator), so an id that is not plain is never shown: a database lists it
    masked and drafts it under a neutral id; a file is usually named after its id, and every
    error names the file, so one is refused, naming neither.
    """
    if not isinstance(raw, str) or not raw.strip():
        raise SourceError(f"session file's {field} is not a non-empty string", where=path.name)
    if not plain_session_id(raw):
        raise SourceError(
            "session id is not a plain identifier (letters, digits, _.:- only, and nothing "
            "that looks like a key, address or path)",
            where="the --db session file" if raw in path.name else path.name,
        )
    return raw


def listed_id(value: str) -> str:
    """A stored session id as a listing shows it: ``MASK`` when it is not plain."""
    return value if plain_session_id(value) else MASK


def shown_id(value: str) -> str:
    """``value`` quoted when it is a plain identifier, else a mask (never the value)."""
    return repr(value) if plain_session_id(value) else f"{MASK} (not shown: not a plain id)"


def failure_kind(text: str) -> str | None:
    """Which of GAIA's error fallbacks an assistant message is, if any (an infrastructure one
    is in ``INFRASTRUCTURE_FALLBACKS``; the texts are data in ``tool_failures.json``)."""
    from intake.sources.tool_outcome import fallback_shapes

    for kind, pattern in fallback_shapes():
        if pattern.search(text):
            return kind
    return None


def clean_text(text: str | None, limit: int = limits.MAX_MESSAGE_CHARS) -> tuple[str, list[str]]:
    """Text with its length capped, and what was changed.

    Hidden characters (controls, format characters) are not removed here: ``write_draft``
    removes and counts them for every source at once (``intake.contract.untrusted``), so the record
    says how many of each kind each turn held. The cut goes before a word, never inside one.
    """
    value = text or ""
    if len(value) <= limit:
        return value, []
    return cut_at_space(value, limit), [f"text cut from {len(value)} to {limit} characters"]


@dataclass
class Message:
    """One stored message with its tool activity; ``ref`` is the store's message id."""

    ref: str
    role: str
    content: str
    created_at: str | None = None
    tools: list[ToolCallEvidence] = field(default_factory=list)
    """Each call as the store kept it, with intake's verdict (not yet capped: drafting caps it)."""
    errors: list[str] = field(default_factory=list)
    """Error steps the agent reported during the message."""
    notes: list[str] = field(default_factory=list)
    """What the reader had to change or could not read (cut text, bad agent_steps…)."""
    scheduler: bool = False
    """A scheduler divider row (``[schedule-run] …``) rather than conversation."""


@dataclass
class Document:
    """A document the session used; ``path`` only for hashing, never written anywhere."""

    name: str
    sha256: str | None = None
    path: str | None = None


def document_name(path: str) -> str:
    """The file name a document's path ends in, Windows separators too (``document`` if none)."""
    return path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1] or "document"


@dataclass
class Session:
    """A conversation from any store, with the metadata drafting needs."""

    id: str
    store: StoreKind
    title: str | None = None
    created_at: str | None = None
    updated_at: str | None = None
    agent_type: str | None = None
    model: str | None = None
    model_source: str | None = None
    private: bool = False
    messages: list[Message] = field(default_factory=list)
    documents: list[Document] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)
    """Store-specific facts worth keeping in the record (no paths, no content)."""
    notes: list[str] = field(default_factory=list)
    """What the reader ignored in the store as a whole (fields of the wrong type…)."""
    tools_available: bool = True
    """False when the store keeps no tool calls at all (GAIA's Markdown export)."""
    evidence_note: str | None = None
    """Said in the record's evidence (why tools are missing, say)."""


@dataclass
class SessionSummary:
    """One line of ``intake sessions``."""

    id: str
    title: str | None
    created: str | None
    messages: int
    agent_type: str | None
    private: bool


@dataclass
class TurnWindow:
    """Which turns of a session to read, and the bounds of one draft, applied as messages are
    read (so a store can read a long session incrementally and keep only the slice).

    Turns are numbered as drafting groups them: a run of user messages starts one, the
    assistant (and other) rows after it belong to it; rows before the first user message
    belong to turn 1's slice. ``first``/``last`` select turns (``last`` None: to the end).
    Past ``limits.MAX_DRAFT_TURNS`` turns, ``MAX_DRAFT_TEXT_BYTES`` of user text or
    ``MAX_DRAFT_SOURCE_BYTES`` read, ``select`` raises ``UsageError`` (exit 2) naming
    ``--turns``: before anything is scrubbed.
    """

    first: int = 1
    last: int | None = None
    turn: int = 0
    """The turn of the last message read (0 before the first user message)."""
    text_bytes: int = 0
    source_bytes: int = 0
    _replied: bool = False

    @property
    def done(self) -> bool:
        """Whether every wanted turn has been read (a reader may stop)."""
        return self.last is not None and self.turn > self.last

    def _inside(self) -> bool:
        return max(self.turn, 1) >= self.first and (self.last is None or self.turn <= self.last)

    def offer(self, message: Message) -> bool:
        """Whether to keep ``message`` (the next one in order); raises past a bound."""
        if message.role == "user":
            if self.turn == 0 or self._replied:
                self.turn += 1
                self._replied = False
        elif message.role == "assistant" and self.turn:
            self._replied = True
        if not self._inside():
            return False
        size = len(message.content.encode("utf-8", "surrogatepass"))
        if message.role == "user":
            self.text_bytes += size
        self.source_bytes += size + sum(
            len(c.arguments or "") + len(c.result or "") for c in message.tools
        )
        self._check()
        return True

    def _check(self) -> None:
        turns = self.turn - self.first + 1
        what = None
        if turns > limits.MAX_DRAFT_TURNS:
            what = f"more than {limits.MAX_DRAFT_TURNS} turns"
        elif self.text_bytes > limits.MAX_DRAFT_TEXT_BYTES:
            what = f"more than {limits.MAX_DRAFT_TEXT_BYTES:,} bytes of user messages"
        elif self.source_bytes > limits.MAX_DRAFT_SOURCE_BYTES:
            what = f"more than {limits.MAX_DRAFT_SOURCE_BYTES:,} bytes of messages and tool results"
        if what is None:
            return
        span = "the session" if self.first == 1 and self.last is None else "--turns"
        raise UsageError(
            f"{span} holds {what}: too much for one draft (nothing was scrubbed or written)",
            where=f"turn {self.turn}",
            hint=f"draft a slice with --turns A-B (the failure is usually in a few turns; "
            f"at most {limits.MAX_DRAFT_TURNS} turns and {limits.MAX_DRAFT_TEXT_BYTES:,} bytes of "
            "user text per draft; see docs/limits.md)",
        )

    def select(self, messages: Iterable[Message]) -> list[Message]:
        """The messages of the wanted turns, reading ``messages`` only as far as needed."""
        kept: list[Message] = []
        for message in messages:
            if self.offer(message):
                kept.append(message)
            elif self.done:
                break
        if self.first > max(self.turn, 1) or (self.first > 1 and not kept):
            raise UsageError(
                f"the session has only {self.turn} turns",
                where=f"--turns {self.first}-{self.last or ''}",
                hint="`intake sessions` lists sessions; turns are numbered from 1",
            )
        return kept

    def describe(self) -> str | None:
        """``turns A-B`` for the record when a slice was asked for, else None."""
        if self.first == 1 and self.last is None:
            return None
        return f"turns {self.first}-{self.last if self.last is not None else self.turn}"


class Store(Protocol):
    """What every adapter offers."""

    kind: StoreKind

    def list_sessions(self, limit: int) -> list[SessionSummary]:
        """Newest first, at most ``limit``."""
        ...

    def resolve(self, wanted: str) -> str:
        """The full id for an id or unique prefix (UsageError when unknown or ambiguous)."""
        ...

    def load(self, session_id: str, window: TurnWindow | None = None) -> Session:
        """The session; with ``window``, only its messages in the window (``select``)."""
        ...

    def close(self) -> None:
        """Release the file."""
        ...


class SingleSessionFile:
    """``Store`` for a file that holds one session (session JSON, an export): its one session
    listed, resolved by its id or a prefix of it, and loaded.

    Subclasses set ``session_id`` and implement ``_summary()`` and ``_session()`` (the whole
    session in the common model).
    """

    session_id: str

    def _summary(self) -> SessionSummary:
        raise NotImplementedError

    def _session(self) -> Session:
        raise NotImplementedError

    def load(self, session_id: str, window: TurnWindow | None = None) -> Session:
        if session_id != self.session_id:
            raise unknown_session(session_id, [self._summary()])
        session = self._session()
        if window is not None:
            session.messages = window.select(session.messages)
        return session

    def list_sessions(self, limit: int) -> list[SessionSummary]:
        return [self._summary()][:limit]

    def resolve(self, wanted: str) -> str:
        if wanted and self.session_id.startswith(wanted):
            return self.session_id
        raise unknown_session(wanted, [self._summary()])

    def close(self) -> None:
        """Nothing to release: the file was read whole when the store was opened."""


def _listing(summaries: list[SessionSummary]) -> str:
    """Ids and creation times only: a title may hold a secret and errors are never scrubbed.

    An id that is not a plain identifier (a SQLite store can hold anything) is masked.
    """
    shown = [(listed_id(s.id), s.created) for s in summaries]
    return "; ".join(f"{i} ({c})" if c else i for i, c in shown) or "none"


def prefix_upper(wanted: str) -> str | None:
    """The least string above every string starting with ``wanted`` (None if there is none).

    Stores look prefixes up as the key range ``[wanted, upper)`` so the primary key index
    does the work. The last character is bumped to the next code point that SQLite can store
    (surrogates are skipped); a prefix ending in U+10FFFF has no such bound. Text that is not
    valid Unicode (a stray surrogate from the command line) is a usage error, never a crash.
    """
    try:
        wanted.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError("the session id is not valid text") from None
    if not wanted:
        return None
    code = ord(wanted[-1]) + 1
    if 0xD800 <= code <= 0xDFFF:
        code = 0xE000
    if code > 0x10FFFF:
        return None
    return wanted[:-1] + chr(code)


def unknown_session(wanted: str, newest: list[SessionSummary]) -> UsageError:
    """The error for an id that matches nothing, listing the newest sessions."""
    return UsageError(
        f"no session matches {shown_id(wanted)}",
        hint="newest sessions: " + _listing(newest),
    )


def ambiguous_session(wanted: str, candidates: list[SessionSummary]) -> UsageError:
    """The error for a prefix that matches several sessions, listing them."""
    return UsageError(
        f"session prefix {shown_id(wanted)} is ambiguous ({len(candidates)} or more match)",
        hint="candidates: " + _listing(candidates),
    )


def parse_json_steps(raw: Any) -> tuple[list[dict[str, Any]], list[str]]:
    """GAIA's ``agent_steps`` as a list of step mappings, and problems found: the JSON text the
    database stores, or the value an Agent UI export holds (decoded already, or that text)."""
    value = raw
    if isinstance(raw, str) and len(raw) > limits.MAX_STEPS_CHARS:
        return [], [f"agent_steps too large to read ({len(raw)} characters)"]
    if isinstance(raw, str) and raw:
        try:
            value = parse_json_input(raw, what="agent_steps", where="", surrogates=True)
        except InputError as exc:
            return [], [exc.message]
    if value is None or value == "":
        return [], []
    if not isinstance(value, list):
        return [], [f"agent_steps is a JSON {json_type(value)}, not a list"]
    steps = [step for step in value if isinstance(step, dict)]
    notes = []
    if len(steps) != len(value):
        notes.append(f"{len(value) - len(steps)} agent_steps entries are not objects")
    return steps, notes


def ui_message(
    ref: str, role: str, text: str, created_at: str | None, raw_steps: Any, notes: list[str]
) -> Message:
    """One Agent UI message, a database row or an export's entry: its ``agent_steps``
    (``parse_json_steps``) judged into tool calls and errors, what went wrong added to
    ``notes``; a system row opening with ``SCHEDULER_PREFIX`` is a scheduler divider."""
    steps, found = parse_json_steps(raw_steps)
    notes.extend(found)
    tools, errors = tools_from_steps(steps, notes)
    return Message(
        ref=ref,
        role=role,
        content=text,
        created_at=created_at,
        tools=tools,
        errors=errors,
        notes=notes,
        scheduler=role == "system" and text.startswith(SCHEDULER_PREFIX),
    )


_NOT_FAILED = (ToolOutcome.ok, ToolOutcome.unconfirmed)


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _tool_from_step(step: dict[str, Any], name: str) -> tuple[ToolCallEvidence, list[str]]:
    """One Agent UI tool step judged on its own (result shape, return code, flag)."""
    from intake.sources import tool_outcome as judge

    notes: list[str] = []
    arguments, note = judge.as_text(step.get("detail"))
    if note:
        notes.append(f"tool {name}: detail is {note}")
    result, note = judge.as_text(step.get("result"))
    if note:
        notes.append(f"tool {name}: result is {note}")
    flag = step.get("success")
    stored = flag if isinstance(flag, bool) else None
    call = ToolCallEvidence(
        tool=name,
        outcome=ToolOutcome.unconfirmed,
        arguments=arguments,
        result=result,
        stored_success=stored,
        latency_ms=_number(step.get("latencyMs")),
    )
    shape = judge.result_shape(result) if result else None
    output = step.get("commandOutput")
    code = output.get("return_code") if isinstance(output, dict) else None
    if shape is not None and shape.outcome is not ToolOutcome.ok:
        call.rule, call.reason, call.outcome = shape.rule, result, shape.outcome
    elif isinstance(code, int) and not isinstance(code, bool) and code != 0:
        call.rule, call.outcome = judge.RULE_RETURN_CODE, ToolOutcome.failed
        call.reason = f"return code {code}" + (f": {result}" if result else "")
    elif stored is False:
        call.rule, call.outcome, call.reason = judge.RULE_FLAG, ToolOutcome.failed, result
    elif stored is None:
        call.rule = judge.RULE_NO_RESULT if result is None else judge.RULE_NO_FLAG
    else:
        call.rule = shape.rule if shape is not None else judge.RULE_NO_FAILURE
        call.outcome = ToolOutcome.ok
    return call, notes


def tools_from_steps(
    steps: list[dict[str, Any]], notes: list[str] | None = None
) -> tuple[list[ToolCallEvidence], list[str]]:
    """Tool calls (judged, with arguments and results) and error details from Agent UI steps.

    A tool step is judged by its result summary, its ``commandOutput.return_code`` and its
    flag; an ``error`` or ``policy_alert`` step right after it (GAIA appends them after the
    tool step it belongs to) makes it failed or blocked. A ``policy_alert`` with no tool step
    of that tool before it is a blocked call of its own. Problems go to ``notes``.
    """
    from intake.sources import tool_outcome as judge

    tools: list[ToolCallEvidence] = []
    errors: list[str] = []
    current: ToolCallEvidence | None = None
    for step in steps:
        kind = step.get("type")
        name = step.get("tool") or step.get("name") or step.get("tool_name")
        name = name if isinstance(name, str) and name.strip() else None
        if kind == "policy_alert":
            raw = step.get("reason") or step.get("detail")
            reason = str(raw) if raw else None
            if current is not None and name in (None, current.tool):
                if current.outcome is not ToolOutcome.blocked:
                    current.rule, current.outcome = judge.RULE_POLICY_ALERT, ToolOutcome.blocked
                current.reason = reason or current.reason
                continue
            tools.append(
                ToolCallEvidence(
                    tool=name or "unknown",
                    outcome=ToolOutcome.blocked,
                    reason=reason,
                    rule=judge.RULE_POLICY_ALERT,
                )
            )
            current = None
        elif kind == "error":
            detail = step.get("detail")
            if detail:
                errors.append(str(detail))
            if current is not None and current.outcome in _NOT_FAILED:
                current.outcome, current.rule = ToolOutcome.failed, judge.RULE_ERROR_STEP
                current.reason = str(detail) if detail else current.result
        elif kind == "tool" and name:
            current, found = _tool_from_step(step, name)
            tools.append(current)
            if notes is not None:
                notes.extend(found)
        elif kind == "tool":
            current = None
            if notes is not None:
                raw_name = step.get("tool", step.get("name", step.get("tool_name")))
                notes.append(
                    f"a tool step without a tool name (a JSON {json_type(raw_name)}) was ignored"
                )
        else:
            current = None
    return tools, errors
