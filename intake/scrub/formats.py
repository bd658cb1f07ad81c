"""Formats as formats: the string tokens of JSON, JSONL and YAML, decoded, with their spans.

A JSON or YAML file is not scanned as plain text: in ``"a\\nghp_…"`` the escape's ``n`` would be
read as the first letter of the token, the provider prefix would be lost and a replacement
would swallow the escape. Instead every string token (keys too) is located in the original
text, decoded, and mapped back: ``Token.raw_span`` turns a span of the decoded value into the
span of the original characters that spell it, and ``encode`` writes a replacement in the
token's own escaping, so everything outside a replaced span stays byte for byte.

Tokens come from a JSON tokenizer that records spans (``json_tokens``; one per line for JSONL,
``jsonl_tokens``) and from PyYAML's parser events for YAML (``yaml_tokens``, every document of
a multi-document stream; the events' marks give each scalar's start and end, and nothing is
composed, so an alias is never expanded). The map from decoded to original offsets is built
per style: JSON escapes (``\\n``, ``\\t``, ``\\uXXXX`` and surrogate pairs, ``\\"``, ``\\/``);
YAML plain, single-quoted (``''``), double-quoted (``\\x``, ``\\u``, ``\\U``, escaped line
breaks) and block scalars (``|``, ``>``, indentation and folding). A style that cannot spell a
replacement (a line break in a plain or single-quoted scalar) gives ``None``: the caller then
rewrites that one value as a double-quoted string.
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import regex

from intake.scrub.engine import context_key
from intake.scrub.normalise import OffsetMap, Piece

_FORMATS = {".json": "json", ".jsonl": "jsonl", ".ndjson": "jsonl", ".yaml": "yaml", ".yml": "yaml"}


class NotStructured(Exception):
    """The text is not valid JSON/YAML: it is scrubbed as plain text (it was never parsed)."""


def format_of(suffix: str) -> str | None:
    """``json``, ``jsonl`` or ``yaml`` for a file suffix, else ``None`` (plain text)."""
    return _FORMATS.get(suffix.lower())


@dataclass
class Token:
    """One string token: where it is in the file, its decoded value and how it is spelt."""

    start: int
    end: int
    value: str
    style: str
    """``json``, ``text`` (a JSONL line that is not JSON), or a YAML style: ``plain``, ``'``,
    ``"``, ``|``, ``>``."""
    line: int
    is_key: bool = False
    key: str | None = None
    """The name a value is judged by (its key, or a ``name`` sibling of a ``value``)."""
    ascii_only: bool = True
    slash: bool = False
    indent: str = ""
    offsets: OffsetMap | None = None
    """The value mapped onto the token's text (offsets relative to ``start``); ``None``: the
    value cannot be mapped."""

    def raw_span(self, start: int, end: int) -> tuple[int, int] | None:
        """The file span spelling ``value[start:end]``, or ``None`` when it cuts an atomic piece
        (half of an escape or of a fold) or the value has no map."""
        if self.offsets is None:
            return None
        rs = self.offsets.exact(start, left=True)
        re_ = self.offsets.exact(end, left=False)
        if rs is None or re_ is None or re_ < rs:
            return None
        return self.start + rs, self.start + re_


# --------------------------------------------------------------------------- JSON

_JSON_STRING = regex.compile(r'"(?:[^"\\]++|\\.)*+"', regex.S)
_JSON_ESCAPE = regex.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|\\."
)
_JSON_STRUCT = regex.compile(r'"(?:[^"\\]++|\\.)*+"|[{}\[\]:,]', regex.S)


def _json_segments(raw: str) -> tuple[str, OffsetMap]:
    """Decoded value and offset map of one JSON string token (``raw`` with its quotes)."""
    segs: list[Piece] = [(0, 0, 0, 1)]
    out: list[str] = []

    def add(piece: str, start: int, end: int) -> None:
        d = segs[-1][1]
        segs.append((d, d + len(piece), start, end))
        out.append(piece)

    r = 1
    body_end = len(raw) - 1
    for m in _JSON_ESCAPE.finditer(raw, 1, body_end):
        if m.start() > r:
            add(raw[r : m.start()], r, m.start())
        add(json.loads('"' + m.group(0) + '"'), m.start(), m.end())
        r = m.end()
    if body_end > r:
        add(raw[r:body_end], r, body_end)
    add("", body_end, len(raw))
    return "".join(out), OffsetMap(tuple(segs))


def line_starts(text: str) -> list[int]:
    return [0, *(m.end() for m in regex.finditer(r"\n", text))]


def line_at(starts: list[int], offset: int) -> int:
    """The line (from 1) of ``offset``, given the text's ``line_starts``."""
    return bisect.bisect_right(starts, offset)


class _Frame:
    """An open JSON object or array, or a YAML mapping or sequence, while tokens are read."""

    __slots__ = ("is_map", "expect_key", "key", "members", "words")

    def __init__(self, is_map: bool, owner: str | None = None, *, words: bool = False) -> None:
        self.is_map = is_map
        self.words = words
        """A YAML flow sequence: an item of plain words (``[token generated from …]``) is
        judged as written, brackets included, not by the sequence's key."""
        self.expect_key = is_map
        self.key: str | None = owner
        """A mapping's current key; a sequence's: the key it is the value of (its items are
        judged by that name: ``github_access_tokens: [<hex>, …]``)."""
        self.members: list[tuple[str | None, Token | None]] = []

    def take(self, tok: Token | None, *, turn: bool = False) -> None:
        """A node read in this frame (``None``: a collection, an alias): a mapping's key or
        value, or a sequence's item, which takes the sequence's key; ``turn``: a value follows
        a key and a key a value (YAML's events; JSON's ``:`` and ``,`` say so)."""
        if not self.is_map:
            if tok is not None and self.words and tok.style == "plain" and " " in tok.value:
                return  # hub's `oauth_token: [token generated from https://…]`: a placeholder
            if tok is not None and self.key is not None:
                tok.key = self.key
            return
        if self.expect_key:
            self.key = tok.value if tok is not None else None
        else:
            self.members.append((self.key, tok))
        if turn:
            self.expect_key = not self.expect_key

    def close(self) -> None:
        """Judge a ``value`` beside a ``name``/``key`` by that name (HAR, Kubernetes ``env``)."""
        members = self.members
        values = {k: (t.value if t is not None else None) for k, t in members if k}
        for k, t in members:
            if t is not None and k is not None:
                t.key = context_key(values, k)


def json_tokens(text: str, base: int = 0, starts: list[int] | None = None) -> list[Token]:
    """Every string token of one JSON text, keys included, in document order.

    ``NotStructured`` when the text is not JSON. ``base`` and ``starts`` place a JSONL line in
    its file."""
    bom = 1 if text.startswith("\ufeff") else 0  # a BOM is no JSON, but a file may begin so
    try:
        json.loads(text[bom:])
    except (ValueError, RecursionError) as exc:
        raise NotStructured(f"not valid JSON: {exc}") from None
    starts = starts if starts is not None else line_starts(text)
    tokens: list[Token] = []
    stack: list[_Frame] = []
    for m in _JSON_STRUCT.finditer(text, bom):
        c = m.group(0)
        if c == "{" or c == "[":
            owner = stack[-1].key if c == "[" and stack and stack[-1].is_map else None
            stack.append(_Frame(c == "{", owner))
        elif c == "}" or c == "]":
            stack.pop().close()
        elif c == ":":
            if stack:
                stack[-1].expect_key = False
        elif c == ",":
            if stack and stack[-1].is_map:
                stack[-1].expect_key = True
        else:
            raw = c
            value, segs = _json_segments(raw)
            top = stack[-1] if stack else None
            is_key = bool(top and top.is_map and top.expect_key)
            tok = Token(
                start=base + m.start(),
                end=base + m.end(),
                value=value,
                style="json",
                line=line_at(starts, base + m.start()),
                is_key=is_key,
                ascii_only=raw.isascii(),
                slash="\\/" in raw,
                offsets=segs,
            )
            tokens.append(tok)
            if top is not None:
                top.take(tok)
    return tokens


def jsonl_tokens(text: str) -> list[Token]:
    """Tokens of every JSONL line; a line that is not JSON is one ``text`` token (scanned as
    plain text, as it would be in a log)."""
    starts = line_starts(text)
    tokens: list[Token] = []
    pos = 0
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        if body.strip():
            try:
                tokens.extend(json_tokens(body, base=pos, starts=starts))
            except NotStructured:
                n = len(body)
                tokens.append(
                    Token(
                        pos,
                        pos + n,
                        body,
                        "text",
                        line_at(starts, pos),
                        offsets=OffsetMap(((0, n, 0, n),)),
                    )
                )
        pos += len(line)
    return tokens


# --------------------------------------------------------------------------- YAML

_FOLD = r"[ \t]*+(?:\r?\n[ \t]*+)++"
_YAML_PIECES = {
    "plain": regex.compile(rf"(?P<gap>{_FOLD})"),
    "'": regex.compile(rf"(?P<quote>\A'|'\Z)|(?P<esc>'')|(?P<gap>{_FOLD})"),
    '"': regex.compile(
        r'(?P<quote>\A"|"\Z)'
        r"|(?P<esc>\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|\r?\n[ \t]*+|.))"
        rf"|(?P<gap>{_FOLD})",
        regex.S,
    ),
    "block": regex.compile(rf"(?P<gap>\A[|>][^\n]*+\n(?:[ \t]*+\r?\n)*+[ \t]*+|{_FOLD})"),
}
_YAML_ESC = {
    "0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f",
    "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85",
    "_": "\xa0", "L": "\u2028", "P": "\u2029",
}  # fmt: skip


def _yaml_escape(piece: str) -> str | None:
    if piece == "''":
        return "'"
    body = piece[1:]
    if body[:1] in ("x", "u", "U") and len(body) > 1:
        return chr(int(body[1:], 16))
    if body[:1] in ("\r", "\n"):
        return ""
    return _YAML_ESC.get(body)


def _yaml_segments(raw: str, value: str, style: str) -> OffsetMap | None:
    """The map of ``value`` onto ``raw``, or ``None`` when they cannot be aligned.

    Runs of ordinary characters are identity pieces; escapes decode to their character; a
    line break with the blanks around it (a fold, a block's indentation) decodes to the
    shortest run of blanks in ``value`` after which the next known text follows."""
    pattern = _YAML_PIECES["block" if style in ("|", ">") else style]
    pieces: list[tuple[int, int, str, str | None]] = []  # raw start, raw end, kind, decoded
    r = 0
    for m in pattern.finditer(raw):
        if m.start() > r:
            pieces.append((r, m.start(), "same", raw[r : m.start()]))
        kind = m.lastgroup or "gap"
        if kind == "quote":
            pieces.append((m.start(), m.end(), "fixed", ""))
        elif kind == "esc":
            dec = _yaml_escape(m.group(0))
            if dec is None:
                return None
            pieces.append((m.start(), m.end(), "fixed", dec))
        else:
            pieces.append((m.start(), m.end(), "gap", None))
        r = m.end()
    if r < len(raw):
        pieces.append((r, len(raw), "same", raw[r:]))
    segs: list[Piece] = []
    pos = 0
    for i, (r0, r1, kind, dec) in enumerate(pieces):
        if kind != "gap":
            assert dec is not None
            if not value.startswith(dec, pos):
                return None
            segs.append((pos, pos + len(dec), r0, r1))
            pos += len(dec)
            continue
        following = []
        for _, _, k2, d2 in pieces[i + 1 :]:
            if k2 == "gap":
                break
            following.append(d2 or "")
        nxt = "".join(following)
        q = pos
        if i == len(pieces) - 1:
            q = len(value)
            if value[pos:].strip(" \t\r\n"):
                return None
        else:
            while not value.startswith(nxt, q) or (
                nxt == "" and q < len(value) and value[q] in " \t\n"
            ):
                if q >= len(value) or value[q] not in " \t\n":
                    return None
                q += 1
        segs.append((pos, q, r0, r1))
        pos = q
    if pos != len(value):
        return None
    return OffsetMap(tuple(segs))


_PROPERTIES = regex.compile(
    r"(?:(?:&[^\s,\[\]{}]++|![^\s,\[\]{}]*+)(?:[ \t]*+\r?\n[ \t]*+|[ \t]++))++"
)
"""A scalar's anchor (``&x``) and tag (``!!str``) before its text: part of the event's span."""


def _yaml_events(text: str) -> Iterator[Any]:
    import yaml

    # libyaml's marks count a BOM differently; the pure parser is exact there
    loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    if text.startswith("\ufeff"):
        loader = yaml.SafeLoader
    return iter(yaml.parse(text, Loader=loader))


def yaml_tokens(text: str) -> list[Token]:
    """Every scalar of every document of a YAML stream (keys included), in document order.

    ``NotStructured`` when the text does not parse. Aliases are events, not copies: a YAML
    bomb costs what its text costs."""
    import yaml

    starts = line_starts(text)
    tokens: list[Token] = []
    stack: list[_Frame] = []

    def node_done(tok: Token | None) -> None:
        if stack:
            stack[-1].take(tok, turn=True)

    try:
        for ev in _yaml_events(text):
            if isinstance(ev, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                if stack and stack[-1].is_map and stack[-1].expect_key:
                    stack[-1].key = None  # a complex key names nothing
                is_seq = isinstance(ev, yaml.SequenceStartEvent)
                owner = stack[-1].key if is_seq and stack and stack[-1].is_map else None
                stack.append(_Frame(not is_seq, owner, words=is_seq and bool(ev.flow_style)))
            elif isinstance(ev, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                stack.pop().close()
                node_done(None)
            elif isinstance(ev, yaml.AliasEvent):
                node_done(None)
            elif isinstance(ev, yaml.ScalarEvent):
                s, e = ev.start_mark.index, ev.end_mark.index
                props = _PROPERTIES.match(text, s, e)
                if props:
                    s = props.end()  # an anchor or a tag stays where it is, outside the value
                raw = text[s:e]
                style = ev.style or "plain"
                is_key = bool(stack and stack[-1].is_map and stack[-1].expect_key)
                indent = ""
                if style in ("|", ">"):
                    im = regex.search(r"\n([ \t]*+)\S", raw)
                    indent = im.group(1) if im else ""
                if s == e:
                    tok = None  # an empty plain scalar has no text to replace
                else:
                    tok = Token(
                        start=s,
                        end=e,
                        value=ev.value,
                        style=style,
                        line=line_at(starts, s),
                        is_key=is_key,
                        ascii_only=raw.isascii(),
                        indent=indent,
                        offsets=_yaml_segments(raw, ev.value, style),
                    )
                    tokens.append(tok)
                node_done(tok)
    except yaml.YAMLError:
        raise NotStructured("not valid YAML") from None
    except RecursionError:
        raise NotStructured("YAML nested too deeply") from None
    return tokens


def tokens_for(fmt: str, text: str) -> list[Token]:
    """The string tokens of ``text`` read as ``fmt`` (``json``, ``jsonl`` or ``yaml``)."""
    return {"json": json_tokens, "jsonl": jsonl_tokens}.get(fmt, yaml_tokens)(text)


_COMMENT = regex.compile(r"(?:^|(?<=[ \t]))#[^\r\n]*+", regex.M)


def comment_spans(text: str, tokens: list[Token]) -> list[tuple[int, int]]:
    """The YAML comments of ``text``: every ``#…`` outside a scalar that starts a line or
    follows a blank (a ``#`` inside a scalar is the scalar's)."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for tok in [*tokens, None]:
        gap_end = tok.start if tok is not None else len(text)
        if gap_end > pos:
            for m in _COMMENT.finditer(text, pos, gap_end):
                spans.append((m.start(), m.end()))
        if tok is not None:
            pos = max(pos, tok.end)
    return spans


# --------------------------------------------------------------------------- encoding

_PLAIN_FIRST = set("-?:,[]{}#&*!|>'\"%@` ")


def encode(tok: Token, new: str, *, at_start: bool, at_end: bool) -> str | None:
    """``new`` spelt in ``tok``'s own escaping, or ``None`` when that style cannot spell it."""
    style = tok.style
    if style == "json":
        out = json.dumps(new, ensure_ascii=tok.ascii_only)[1:-1]
        return out.replace("/", "\\/") if tok.slash else out
    if style == "text":
        return new
    if style == '"':
        return _yaml_double(new, tok.ascii_only)
    if any(c in new for c in "\r\x85\u2028\u2029") or not new.isprintable() and "\n" not in new:
        return None
    if style == "'":
        return None if "\n" in new else new.replace("'", "''")
    if style == "plain":
        if "\n" in new or "\t" in new or ": " in new or " #" in new:
            return None
        if at_start and (not new or new[0] in _PLAIN_FIRST):
            return None
        if at_end and new.endswith((" ", ":")):
            return None
        return new
    if style == "|":
        return new.replace("\n", "\n" + tok.indent)
    if style == ">":
        return None if "\n" in new else new
    return None


def _yaml_double(new: str, ascii_only: bool) -> str:
    """``new`` inside a YAML double-quoted scalar: JSON's escapes, which YAML shares, but a
    character beyond the BMP as ``\\UXXXXXXXX`` (YAML has no surrogate pairs), and, in a token
    written in ASCII, every other non-ASCII character as ``\\uXXXX``."""
    out = json.dumps(new, ensure_ascii=False)[1:-1]
    if not ascii_only and all(ord(c) < 0x10000 for c in out):
        return out
    return "".join(
        c
        if ord(c) < 0x80 or (not ascii_only and ord(c) < 0x10000)
        else (f"\\u{ord(c):04x}" if ord(c) < 0x10000 else f"\\U{ord(c):08x}")
        for c in out
    )


def quoted(tok: Token, new: str, raw: str) -> str:
    """The whole token rewritten as one double-quoted string (the fallback of ``encode``).

    A block scalar keeps the line breaks that end it, so the next key stays where it was."""
    if tok.style == "json":
        return json.dumps(new, ensure_ascii=tok.ascii_only)
    out = '"' + _yaml_double(new, tok.ascii_only) + '"'
    if tok.style in ("|", ">"):
        return out + raw[len(raw.rstrip()) :]
    return out
