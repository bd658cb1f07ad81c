"""YAML in and out: a checked, fast loader with line numbers, and a round-trip editor.

Two jobs, two loaders, both ruamel.yaml:

* ``parse_checked`` reads untrusted files for validation. It composes nodes with the C parser
  (libyaml, when ``ruamel.yaml.clib`` is present), rejects what could smuggle objects or blow up
  (explicit tags, anchors and aliases, duplicate keys, non-mapping documents, several
  documents), and builds plain Python data plus a map from JSON path to line number.
* ``load_roundtrip``/``dump_roundtrip`` edit a person's draft keeping comments, key order and
  block-scalar style, so a tool edit changes only what it means to change.

Two more, for other YAML than scenarios (ruamel's defaults, YAML 1.2): ``load_data`` reads
configuration such as ``scrubbers/``; ``load_document`` reads any YAML text as a round-trip
tree.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import ScalarNode

from intake.contract.plain import JsonPath as JsonPath
from intake.contract.plain import json_path as json_path
from intake.contract.plain import walk_strings as walk_strings
from intake.fileio import line_end, with_line_ends
from intake.limits import MAX_SCENARIO_BYTES, MAX_YAML_DEPTH

MAX_BYTES = MAX_SCENARIO_BYTES
"""Largest scenario file read; GAIA's largest is 12 KB, so 5 MB is generous and bounded."""

_CORE = "tag:yaml.org,2002:"
_ALLOWED_TAGS = {_CORE + t for t in ("str", "int", "float", "bool", "null", "map", "seq")}
_TEXT_TAGS = {_CORE + "timestamp", _CORE + "binary", _CORE + "merge", _CORE + "value"}


class YamlProblem(Exception):
    """A file that is not a usable YAML mapping; ``line`` is 1-based when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


@dataclass
class Parsed:
    """Plain data from a checked YAML file, with the line of every node by JSON path."""

    data: dict[str, Any]
    lines: dict[JsonPath, int] = field(default_factory=dict)

    def line_of(self, path: JsonPath) -> int:
        """The line of ``path``, or of its nearest ancestor that has one (1 for the root)."""
        for cut in range(len(path), -1, -1):
            line = self.lines.get(path[:cut])
            if line is not None:
                return line
        return 1


YAML_VERSION = (1, 1)
"""GAIA loads scenarios with PyYAML's ``safe_load``, which is YAML 1.1: ``yes``/``no``/``on``
are booleans there and ``0o1`` is text. intake reads and writes with the same rules, so what
it validates is what GAIA's runner will see."""


def _safe_yaml() -> YAML:
    yaml = YAML(typ="safe")
    yaml.version = YAML_VERSION
    yaml.allow_duplicate_keys = False
    return yaml


def decode(raw: bytes) -> str:
    """Strict UTF-8 (a BOM is allowed); binary data and other encodings are refused."""
    if b"\x00" in raw:
        raise YamlProblem("binary data (NUL byte), not a YAML text file")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise YamlProblem(f"not UTF-8 (invalid byte at offset {exc.start})", line) from None
    return text


@contextmanager
def yaml_errors() -> Iterator[None]:
    """ruamel's parse errors → ``YamlProblem`` with a 1-based line and a one-line message."""
    try:
        yield
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise YamlProblem(f"invalid YAML: {' '.join(str(problem).split())}", line) from None
    except YAMLError as exc:
        raise YamlProblem(f"invalid YAML: {' '.join(str(exc).split())}") from None


MAX_DEPTH = MAX_YAML_DEPTH
"""Deepest nesting accepted; GAIA's deepest scenario nests 5 levels. Bounded so that a
hostile file cannot exhaust the stack (libyaml parses without recursion; we build
iteratively up to this depth)."""


def parse_checked(raw: bytes) -> Parsed:
    """Decode, parse and check one scenario file; raises ``YamlProblem``.

    libyaml's events are read directly (no node tree): aliases, explicit tags other than the
    core ones, merge and duplicate keys, several documents and nesting deeper than
    ``MAX_DEPTH`` are refused as they are met, so a YAML bomb costs nothing.
    """
    if len(raw) > MAX_BYTES:
        raise YamlProblem(f"file is {len(raw):,} bytes, over the {MAX_BYTES:,}-byte limit")
    from ruamel.yaml.cyaml import CParser  # type: ignore[attr-defined]

    return _parse_top_events(CParser, decode(raw), None)


_SCALARS: dict[str, Any] = {}


def _scalar_value(tag: str, text: str) -> Any:
    """Construct a core-schema scalar (int, float, bool) from its text, cached."""
    key = tag + "\x00" + text
    if key not in _SCALARS:
        if len(_SCALARS) > 10_000:
            _SCALARS.clear()
        _SCALARS[key] = _safe_yaml().load(text)
    return _SCALARS[key]


# --- round trip -----------------------------------------------------------------------------


_WIDTH = 100
"""The line width a dump folds long flow scalars at."""

_UNFOLDED = 1_000_000_000
"""A width no scalar reaches: nothing is folded."""


def _rt_yaml(offset: int = 2, width: int = _WIDTH) -> YAML:
    yaml = YAML()
    yaml.version = YAML_VERSION
    yaml.preserve_quotes = True
    yaml.width = width
    yaml.indent(mapping=2, sequence=offset + 2, offset=offset)
    yaml.allow_duplicate_keys = False
    return yaml


def sequence_offset(text: str) -> int:
    """How far a file indents list items under their key (GAIA's files mostly use 2)."""
    lines = text.splitlines()
    for before, line in zip(lines, lines[1:], strict=False):
        stripped = before.split("#", 1)[0].rstrip()
        if stripped.endswith(":") and not before.startswith((" ", "-")):
            item = line.lstrip(" ")
            if item.startswith("- "):
                return len(line) - len(item)
    return 2


def load_roundtrip(text: str) -> Any:
    """Load for editing: comments, order, quotes and block scalars are kept."""
    try:
        return _rt_yaml().load(text)
    except YAMLError as exc:
        raise YamlProblem(f"invalid YAML: {' '.join(str(exc).split())}") from None


def dump_roundtrip(data: Any, *, like: str | None = None) -> str:
    """Dump data loaded by ``load_roundtrip`` (or plain data) back to text.

    ``like`` is the original text: its list indentation is kept, so an edit does not
    re-indent the whole file.
    """
    offset = sequence_offset(like) if like is not None else 2
    text = _dumped(data, offset, _WIDTH)
    if to_plain(load_roundtrip(text)) == to_plain(data):
        return text
    # ruamel's emitter can fold a double-quoted scalar where the fold changes it: after an
    # escaped backslash (the break then reads as a space) or after a tab (trailing white space
    # before a break is dropped), so a draft's turn would read back other than it was written
    # (ruamel.yaml 0.18; NousResearch/hermes-agent#119844 reports the same). Unfolded, the
    # scalar is one line and reads back as written.
    return _dumped(data, offset, _UNFOLDED)


def _dumped(data: Any, offset: int, width: int) -> str:
    stream = io.StringIO()
    _rt_yaml(offset, width).dump(data, stream)
    return _without_directive(stream.getvalue())


def with_tags(raw: bytes, change: Callable[[list[str]], list[str]]) -> bytes:
    """A scenario's bytes with its ``tags`` list replaced by ``change(tags)``: the one edit of
    a scenario's tags (the suite tag at promotion, the held-out split, a quarantine).

    The edit is made in the text, not by a YAML round trip, so every byte but the tag lines is
    kept (line width, blank lines, comments, quoting, a UTF-8 BOM, CRLF line ends): a flow list
    (``tags: [a, b]``) is rewritten in place; a block list loses the lines of the tags taken
    out and gains one ``- tag`` line per tag added, indented like its items; a missing
    ``tags`` becomes one line ``tags: [tag]`` after ``category`` (else at the end); a list
    left empty is taken out whole, so a quarantine lifted gives back the file as it was. An
    unchanged list returns ``raw`` itself. The result is parsed again and must hold the same
    data but the tags, else ``YamlProblem`` (nothing is written).
    """
    data = parse_checked(raw).data
    tags = data.get("tags")
    old = [str(t) for t in tags] if isinstance(tags, list) else []
    new = change(list(old))
    if isinstance(tags, list) and new == old:
        return raw
    text = decode(raw)
    edited = _edit_tags(text, new)
    expected = {k: v for k, v in data.items() if k != "tags"}
    if new:
        expected["tags"] = new
    try:
        got = parse_checked(edited.encode("utf-8")).data
    except YamlProblem:
        got = None
    if got != expected:
        raise YamlProblem("the tags could not be edited in place (an unusual layout)")
    bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
    return bom + edited.encode("utf-8")


def with_text_value(text: str, key: str, value: str) -> str:
    """``text`` with the top-level scalar ``key`` set to ``value`` in place (a rename's ``id``):
    only that value's characters change; the line's comment and every other byte stay. A key
    that is missing or not a one-line scalar, or a result that does not read back as the
    same data but this value, falls back to a round trip (line ends kept)."""
    entry = _top_entry(text, key)
    doc = load_roundtrip(text)
    data = to_plain(doc)
    if entry is not None and not isinstance(entry[1].value, list):
        start, end = entry[1].start_mark, entry[1].end_mark
        if start.line == end.line and start.index < end.index:
            edited = text[: start.index] + _flow_item(value) + text[end.index :]
            with contextlib.suppress(YamlProblem):
                if to_plain(load_roundtrip(edited)) == {**data, key: value}:
                    return edited
    doc[key] = value
    return with_line_ends(dump_roundtrip(doc, like=text), like=text)


_PLAIN_TAG = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-/]*")


def _flow_item(tag: str) -> str:
    """A tag as written in a flow or block list: plain when it reads back as the same text."""
    if _PLAIN_TAG.fullmatch(tag) and _resolve_plain(tag, (True, False)) == _CORE + "str":
        return tag
    return json.dumps(tag, ensure_ascii=False)


def _top_entry(text: str, key: str) -> tuple[Any, Any] | None:
    """The key and value nodes (with their marks in ``text``) of a top-level entry."""
    yaml = YAML(typ="rt")
    yaml.version = YAML_VERSION
    with yaml_errors():
        root = yaml.compose(text)
    for key_node, value_node in root.value:
        if key_node.value == key:
            return key_node, value_node
    return None


def _last_line(node: Any) -> int:
    """The 0-based line a node's text ends on (its end mark may sit at the next line's start)."""
    end = node.end_mark
    return int(end.line - 1 if end.column == 0 and end.line > node.start_mark.line else end.line)


def _edit_tags(text: str, new: list[str]) -> str:
    lines = text.splitlines(keepends=True)
    eol = line_end(text)
    flow = "[" + ", ".join(_flow_item(t) for t in new) + "]"
    entry = _top_entry(text, "tags")
    if entry is None:
        if not new:
            return text
        found = _top_entry(text, "category")
        at = _last_line(found[1]) + 1 if found is not None else len(lines)
        if at == len(lines) and lines and not lines[-1].endswith("\n"):
            lines[-1] += eol
        return "".join([*lines[:at], f"tags: {flow}{eol}", *lines[at:]])
    key, value = entry
    if not new and key.start_mark.column == 0:
        last = _last_line(value) if value.value else key.start_mark.line
        return "".join(lines[: key.start_mark.line] + lines[last + 1 :])
    block = getattr(value, "flow_style", None) is False and isinstance(value.value, list)
    if not block:
        start, end = value.start_mark.index, value.end_mark.index
        if start == end:  # ``tags:`` with no value: the list goes after the colon
            start = end = text.index(":", key.end_mark.index) + 1
            flow = " " + flow
        return text[:start] + flow + text[end:]
    items = value.value
    old = [str(item.value) for item in items]
    first = lines[items[0].start_mark.line]
    dash = len(first[: items[0].start_mark.column].rstrip()) - 1
    kept = [t for t in old if t in new]
    added = [t for t in new if t not in old]
    if new != [*kept, *added] or len(set(old)) != len(old):
        spans = [(items[0].start_mark.line, _last_line(items[-1]))]
        fresh = [f"{' ' * dash}- {_flow_item(t)}{eol}" for t in new]
    else:
        spans = [
            (i.start_mark.line, _last_line(i))
            for i, t in zip(items, old, strict=True)
            if t not in new
        ]
        fresh = []
    after = _last_line(items[-1]) + 1
    gone = {n for a, b in spans for n in range(a, b + 1)}
    out: list[str] = []
    for number, line in enumerate(lines):
        if number == after:
            out += fresh or [f"{' ' * dash}- {_flow_item(t)}{eol}" for t in added]
        if number not in gone:
            out.append(line)
    if after >= len(lines):
        if out and not out[-1].endswith("\n"):
            out[-1] += eol
        out += fresh or [f"{' ' * dash}- {_flow_item(t)}{eol}" for t in added]
    return "".join(out)


def load_data(text: str) -> Any:
    """Plain data from a configuration text (pure-Python safe loader, YAML 1.2)."""
    return YAML(typ="safe", pure=True).load(text)


def load_document(text: str) -> Any:
    """A round-trip tree of any YAML text (ruamel's defaults), for rewriting a file."""
    return YAML(typ="rt").load(text)


def _without_directive(text: str) -> str:
    """Drop the ``%YAML 1.1`` header ruamel writes for a versioned dump (PyYAML needs none)."""
    head = "%YAML 1.1\n---\n"
    if text.startswith(head):
        return text[len(head) :]
    return text.replace("%YAML 1.1\n---", "", 1) if text.startswith("%YAML 1.1") else text


def literal(text: str) -> Any:
    """A string that dumps as a ``|`` block scalar when it spans lines."""
    from ruamel.yaml.scalarstring import LiteralScalarString

    return LiteralScalarString(text) if "\n" in text else text


def to_plain(data: Any) -> Any:
    """Round-trip containers → plain dicts and lists (for validation and hashing)."""
    if isinstance(data, dict):
        return {str(k): to_plain(v) for k, v in data.items()}
    if isinstance(data, list):
        return [to_plain(v) for v in data]
    if isinstance(data, str):
        return str(data)
    return data


# --- top-level summaries (reports over thousands of files) ----------------------------------


def parse_top(raw: bytes, keys: frozenset[str]) -> Parsed:
    """Parse a whole file but build only the named top-level keys (with their line numbers).

    For reports over thousands of files (``intake report``): libyaml parses the whole
    document in C, so a syntax error anywhere is still a ``YamlProblem``, and only the named
    values become Python objects; skipping the rest (no node tree, no tag resolution) makes
    this about 3x faster than ``parse_checked``. The document must be one mapping without
    duplicate top-level keys; the values built keep ``parse_checked``'s refusals (aliases,
    unknown tags, duplicate or merge keys). Values not named are never constructed.
    """
    if len(raw) > MAX_BYTES:
        raise YamlProblem(f"file is {len(raw):,} bytes, over the {MAX_BYTES:,}-byte limit")
    text = decode(raw)
    from ruamel.yaml.cyaml import CParser  # type: ignore[attr-defined]

    fast = _parse_top_prefix(CParser, text, keys)
    if fast is not None:
        return fast
    return _parse_top_events(CParser, text, keys)


def _parse_top_events(parser_class: Any, text: str, keys: frozenset[str] | None) -> Parsed:
    parser = parser_class(text)
    try:
        with yaml_errors():
            return _EventReader(parser, keys).document()
    finally:
        parser.dispose()


_KEY_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:(?:[ \t\r]|$)")


def _top_prefix(text: str, keys: frozenset[str]) -> tuple[int, int, int] | None:
    """(end of the last wanted top-level entry, entries up to there, first key line), or None.

    Only for the usual layout: every line at column 0 is blank, a comment or a plain
    ``key:`` with no key repeated. Anything else (document markers, flow or quoted root keys,
    text before the first key) gets None and the caller walks the whole file's events.
    """
    starts: list[tuple[str, int]] = []
    names: set[str] = set()
    offset = 0
    first_line = 0
    for number, line in enumerate(text.split("\n")):
        here = offset
        offset += len(line) + 1
        if line[:1] in ("", " ", "\t", "#", "\r"):
            if not starts and line.strip() and not line.lstrip().startswith("#"):
                return None
            continue
        match = _KEY_LINE.match(line)
        if match is None or match.group(1) in names:
            return None
        names.add(match.group(1))
        if not starts:
            first_line = number + 1
        starts.append((match.group(1), here))
    if not starts:
        return None
    wanted = [index for index, (name, _) in enumerate(starts) if name in keys]
    last = wanted[-1] if wanted else 0
    end = starts[last + 1][1] if last + 1 < len(starts) else len(text)
    return end, last + 1, first_line


def _parse_top_prefix(parser_class: Any, text: str, keys: frozenset[str]) -> Parsed | None:
    """The fast path of ``parse_top``: validate all in C, walk events only up to the last key.

    libyaml's ``raw_parse`` checks the whole text without building Python objects; events are
    then walked only over the prefix that ends with the last wanted top-level entry (in
    intake's key order, before ``setup`` and ``turns``, the bulk of a file). A value carried
    over a column-0 line (a quoted or flow scalar) would swallow the next entry's key, so the
    prefix must hold exactly as many entries as the line scan found, or this gives up (None).
    """
    plan = _top_prefix(text, keys)
    if plan is None:
        return None
    end, entries, first_line = plan
    whole = parser_class(text)
    try:
        whole.raw_parse()
    except YAMLError:
        return None
    finally:
        whole.dispose()
    parser = parser_class(text[:end])
    reader = _EventReader(parser, keys)
    try:
        parsed = reader.document()
    except (YamlProblem, YAMLError):
        return None
    finally:
        parser.dispose()
    if reader.entries != entries or parsed.lines.get(()) != first_line:
        return None
    return parsed


_RESOLVER: Any = None


def _resolve_plain(value: str, implicit: tuple[bool, bool]) -> str:
    """The tag the safe composer would give an untagged scalar (int, bool, null…)."""
    global _RESOLVER
    if _RESOLVER is None:
        from ruamel.yaml.resolver import VersionedResolver

        _RESOLVER = VersionedResolver(version=YAML_VERSION)
    return str(_RESOLVER.resolve(ScalarNode, value, implicit))


class _EventReader:
    """Walks libyaml's events: builds the wanted top-level values and skips the others."""

    def __init__(self, parser: Any, keys: frozenset[str] | None) -> None:
        from ruamel.yaml import events

        self.ev = events
        self.opening = frozenset({events.MappingStartEvent, events.SequenceStartEvent})
        self.closing = frozenset({events.MappingEndEvent, events.SequenceEndEvent})
        self.parser = parser
        self.keys = keys
        self.lines: dict[JsonPath, int] = {}
        self.entries = 0

    def document(self) -> Parsed:
        ev = self.ev
        get = self.parser.get_event
        get()  # StreamStartEvent
        event = get()
        if isinstance(event, ev.StreamEndEvent):
            raise YamlProblem("empty document: a scenario must be a YAML mapping", 1)
        root = get()  # after DocumentStartEvent
        line = root.start_mark.line + 1
        if isinstance(root, ev.SequenceStartEvent):
            raise YamlProblem("document is a list, not a mapping", line)
        if not isinstance(root, ev.MappingStartEvent):
            raise YamlProblem("document is a scalar, not a mapping", line)
        self._check_tag(root.tag, _CORE + "map", line)
        self.lines[()] = line
        out = self._mapping((), 1, self.keys)
        get()  # DocumentEndEvent
        after = get()
        if isinstance(after, ev.DocumentStartEvent):
            raise YamlProblem("several YAML documents in one file", after.start_mark.line + 1)
        return Parsed(data=out, lines=self.lines)

    def _key(self, event: Any, seen: set[str]) -> str:
        line = event.start_mark.line + 1
        if not isinstance(event, self.ev.ScalarEvent) or (
            event.value == "<<" and event.implicit[0]
        ):
            raise YamlProblem("mapping keys must be plain scalars", line)
        key = str(event.value)
        if key in seen:
            raise YamlProblem(f"duplicate key {shown_key(key)}", line)
        seen.add(key)
        return key

    def _skip(self, event: Any) -> None:
        opening, closing = self.opening, self.closing
        if type(event) not in opening:
            return
        depth = 1
        get = self.parser.get_event
        while depth:
            skipped = get()
            kind = type(skipped)
            if kind in opening:
                depth += 1
                if depth >= MAX_DEPTH:
                    _too_deep(skipped)
            elif kind in closing:
                depth -= 1

    def _check_tag(self, tag: str | None, expected: str, line: int) -> None:
        if tag not in (None, "!", expected):
            raise YamlProblem(f"tag {tag!r} is not allowed in scenarios", line)

    def _value(self, event: Any, path: JsonPath, depth: int) -> Any:
        ev = self.ev
        line = event.start_mark.line + 1
        self.lines[path] = line
        if isinstance(event, ev.AliasEvent) or getattr(event, "anchor", None):
            raise YamlProblem("anchors and aliases are not allowed in scenarios", line)
        if depth > MAX_DEPTH:
            _too_deep(event)
        if isinstance(event, ev.ScalarEvent):
            tag = event.tag
            if tag is None or tag == "!":
                tag = _resolve_plain(event.value, event.implicit)
            if tag not in _ALLOWED_TAGS and tag not in _TEXT_TAGS:
                raise YamlProblem(f"tag {tag!r} is not allowed in scenarios", line)
            if tag in _TEXT_TAGS or tag == _CORE + "str":
                return event.value
            if tag == _CORE + "null":
                return None
            return _scalar_value(tag, event.value)
        get = self.parser.get_event
        if isinstance(event, ev.SequenceStartEvent):
            self._check_tag(event.tag, _CORE + "seq", line)
            items: list[Any] = []
            while not isinstance(item := get(), ev.SequenceEndEvent):
                items.append(self._value(item, (*path, len(items)), depth + 1))
            return items
        self._check_tag(event.tag, _CORE + "map", line)
        return self._mapping(path, depth)

    def _mapping(
        self, path: JsonPath, depth: int, keys: frozenset[str] | None = None
    ) -> dict[str, Any]:
        """A mapping's entries up to its end (only ``keys`` built, the others skipped); the
        root's entries are counted (``entries``)."""
        get = self.parser.get_event
        out: dict[str, Any] = {}
        seen: set[str] = set()
        while not isinstance(key_event := get(), self.ev.MappingEndEvent):
            key = self._key(key_event, seen)
            if not path:
                self.entries += 1
            if keys is not None and key not in keys:
                self._skip(get())
                continue
            child = (*path, key)
            out[key] = self._value(get(), child, depth + 1)
            self.lines[child] = key_event.start_mark.line + 1
        return out


def _too_deep(event: Any) -> None:
    raise YamlProblem(f"nested more than {MAX_DEPTH} levels deep", event.start_mark.line + 1)


KNOWN_KEYS = frozenset(
    {
        "id",
        "name",
        "category",
        "description",
        "persona",
        "agent_type",
        "source",
        "type",
        "link",
        "captured_from",
        "difficulty_rationale",
        "severity",
        "tags",
        "setup",
        "index_documents",
        "path",
        "turns",
        "turn",
        "objective",
        "user_message",
        "expected_tools",
        "ground_truth",
        "success_criteria",
        "expected_answer",
        "expected_outcome",
        "notes",
        "metadata",
    }
)
"""Keys of GAIA's scenario format and intake's additions: safe to name in a message."""


def shown_key(key: str) -> str:
    """A mapping key for an error message: a known scenario key quoted, anything else not
    shown (a duplicated key may be a pasted secret, and messages end up in CI logs)."""
    return repr(key) if key in KNOWN_KEYS else "(a key outside the scenario format)"
