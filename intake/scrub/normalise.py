"""Normalise, scan, map back: the forms that hide a value from the recognizers.

A zero-width space, word joiner, BOM or soft hyphen inside a token (``ghp_AbC\u200bdEf…``) or
an e-mail address leaves both halves unmatched; a full-width ``＠`` or an HTML entity
(``&#64;``, ``&commat;``) hides an address's ``@``. ``normalise`` removes every format
character (Unicode category Cf), folds full-width ASCII forms (NFKC of U+FF01–U+FF5E and the
ideographic space) and decodes numeric and a few named HTML entities; the scrubber scans the
normalised text and ``Normalised.span`` maps each finding back to the original, where it is
replaced. Fixtures are made from the normalised form of a value (``Normalised.value``), so the
hidden and the plain forms of one value share one fixture, and ids and file names built from
scrubbed text never join the halves of a secret again.

**Proven soft wraps are rejoined the same way**: a line break inside a token is removed from
the normalised text when the wrap can be proven, so the token is scanned whole and its fixture
(that of the joined token) replaces it on one line.

* *A soft-wrap marker*: a line ending in ``↵`` or ``⏎`` (editors' and chat exports' wrap
  marks, the next line's indentation dropped), or a continuation line starting with ``↪``
  (vim's ``showbreak``, Emacs). A shell's ``\\`` continuation is no proof: ``AKIA…\\`` then a
  line starting ``a`` would become a longer token no rule knows (the property in
  ``tests/test_scrub_formats.py`` found it), and the key would be left.
* *The column*: a text cut by a terminal at a width ``W`` (``wrap_width``): ``W`` is its
  longest line, at least ``MIN_WRAP_WIDTH`` characters, at least ``MIN_WRAPPED_LINES`` lines
  have exactly that length, and they are a spike: three times as many as of any length just
  below it (text that is not wrapped has lines of every length, and its longest is no spike).
  A line of exactly ``W`` characters then continues on the next one (no indentation: a
  terminal adds none). A text holding a key block proves no column (its base64 lines are
  wrapped at 64 by the format, and the key recognizers read them line by line).

Either way the break must fall between two token characters (letters, digits, ``_+/=.-``):
prose, code and tables are never joined across lines. Without proof a wrap is left to the
engine's narrower rules (a tail alone on its line, a provider's exact length).

Only texts that hold such a character pay for it: ``needs_normalising`` is one regex search
(and, for a text of several long lines, one pass over the line lengths).
"""

from __future__ import annotations

import bisect
import html
import unicodedata

import regex

WRAP_BREAK = regex.compile(r"\r?\n[ \t]*+(?:>[ \t]?+)*+")
"""Where a soft wrap cut a value: a line break, the next line's indentation, and any ``>``
quote marks of a quoted reply (joined back by the wrapped-token recognizers and fixtures)."""


_TOKEN = r"[A-Za-z0-9_+/=.-]"
MIN_WRAP_WIDTH = 40
"""The narrowest terminal whose column proves a wrap (a shorter one is a code listing)."""
MIN_WRAPPED_LINES = 3
"""Lines of exactly the width a text must hold before its column proves a wrap."""

_HIDING = regex.compile(
    rf"(?<={_TOKEN})(?:[\u21b5\u23ce]\r?\n[ \t]*+|\r?\n[ \t]*+\u21aa[ \t]?+)(?={_TOKEN})"
    r"|\p{Cf}|[\uFF01-\uFF5E\u3000]"
    r"|&#[0-9]{1,7}+;|&#[xX][0-9A-Fa-f]{1,6}+;"
    r"|&(?:commat|period|colon|sol|lowbar|hyphen|equals|plus|amp|quot|apos|lt|gt|num|percnt);"
)
"""What ``normalise`` rewrites: format characters, full-width forms, HTML entities."""


_COLUMN_BREAK = regex.compile(rf"(?<={_TOKEN})\r?\n(?={_TOKEN})")


_KEY_BLOCK = regex.compile(r"-----BEGIN |PuTTY-User-Key-File-")
"""A key block's base64 lines are wrapped by its format, and the key recognizers read them
line by line: a text holding one proves no terminal column."""


def wrap_width(text: str) -> int | None:
    """The terminal width that cut ``text``, when its lines prove one (see the module)."""
    if text.count("\n") < MIN_WRAPPED_LINES or _KEY_BLOCK.search(text):
        return None
    lengths = [len(line.rstrip("\r")) for line in text.split("\n")]
    width = max(lengths)
    at = lengths.count(width)
    if width < MIN_WRAP_WIDTH or at < MIN_WRAPPED_LINES:
        return None
    near = max(lengths.count(width - k) for k in range(1, 6))
    if at < 3 * max(near, 1):
        return None  # no spike at the widest column: lines of every length, as text has
    return width


def _column_breaks(text: str) -> list[tuple[int, int]]:
    """The line breaks a proven terminal width made inside a token (spans to remove)."""
    width = wrap_width(text)
    if width is None:
        return []
    out = []
    line_start = 0
    for m in _COLUMN_BREAK.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if m.start() - line_start == width:
            out.append(m.span())
    return out


def needs_normalising(text: str) -> bool:
    """Whether ``text`` holds anything ``normalise`` would change."""
    return _HIDING.search(text) is not None or bool(_column_breaks(text))


def _replacement(piece: str) -> str:
    if "\n" in piece:
        return ""  # a proven soft wrap: the token goes on after it
    if piece.startswith("&"):
        decoded = html.unescape(piece)
        # an entity that decodes to a control or format character is removed like one
        if len(decoded) != 1 or not decoded.isprintable():
            return ""
        return decoded
    if unicodedata.category(piece) == "Cf":
        return ""
    return unicodedata.normalize("NFKC", piece)


Piece = tuple[int, int, int, int]
"""(decoded start, decoded end, original start, original end) of one piece of a decoded text."""


class OffsetMap:
    """The pieces of a decoded text and the original characters that spell each, in order: a
    piece of equal lengths is an unchanged run; any other (an escape, a rewritten character, a
    fold) is atomic. A normalised text (``normalise``) and a decoded JSON or YAML string
    (``intake.scrub.formats.Token``) are both mapped back to their original this way."""

    __slots__ = ("_starts", "pieces")

    def __init__(self, pieces: tuple[Piece, ...]) -> None:
        self.pieces = pieces
        self._starts: list[int] = []

    def _index(self, pos: int) -> int:
        if not self._starts:
            self._starts = [p[0] for p in self.pieces]
        return bisect.bisect_right(self._starts, pos) - 1

    def start(self, pos: int) -> int:
        """The original offset where the character at decoded ``pos`` starts."""
        n0, n1, o0, o1 = self.pieces[max(self._index(pos), 0)]
        return o0 + (pos - n0) if n1 - n0 == o1 - o0 else o0

    def end(self, pos: int) -> int:
        """The original offset where the character before decoded ``pos`` ends."""
        if pos <= 0:
            return 0
        n0, n1, o0, o1 = self.pieces[max(self._index(pos - 1), 0)]
        return o0 + (pos - n0) if n1 - n0 == o1 - o0 else o1

    def span(self, start: int, end: int) -> tuple[int, int]:
        """A decoded span as a span of the original text."""
        return self.start(start), self.end(end)

    def exact(self, pos: int, *, left: bool) -> int | None:
        """The original offset of decoded ``pos`` as a boundary (``left``: a span's start, else
        its end, which belongs to the piece it closes), or ``None`` inside an atomic piece."""
        pieces = self.pieces
        i = self._index(pos)
        if not left:
            while i > 0 and pieces[i][0] == pos and pieces[i - 1][1] == pos:
                i -= 1
        d0, d1, r0, r1 = pieces[max(i, 0)]
        if not d0 <= pos <= d1:
            return None
        if d1 - d0 == r1 - r0 and (d1 > d0 or r1 == r0):
            return r0 + (pos - d0)
        return r0 if pos == d0 else r1 if pos == d1 else None


class Normalised(OffsetMap):
    """The normalised text, and the map of its offsets to the original's."""

    __slots__ = ("text",)

    def __init__(self, text: str, pieces: tuple[Piece, ...]) -> None:
        super().__init__(pieces)
        self.text = text


def normalise(text: str) -> Normalised:
    """``text`` with hiding characters removed or folded, and the map back (see the module)."""
    pieces: list[str] = []
    segments: list[Piece] = []

    def add(piece: str, start: int, end: int) -> None:
        n = segments[-1][1] if segments else 0
        segments.append((n, n + len(piece), start, end))
        pieces.append(piece)

    o = 0
    found = [(m.start(), m.end()) for m in _HIDING.finditer(text)]
    breaks = _column_breaks(text)
    if breaks:
        found = sorted({*found, *breaks})
    for start, end in found:
        if start < o:
            continue
        if start > o:
            add(text[o:start], o, start)
        new = _replacement(text[start:end])
        if new:
            add(new, start, end)
        o = end
    if o < len(text):
        add(text[o:], o, len(text))
    if not segments:
        segments.append((0, 0, 0, len(text)))
    return Normalised("".join(pieces), tuple(segments))


def normal_value(value: str) -> str:
    """The normalised form of one value (the key of its fixture)."""
    return normalise(value).text if needs_normalising(value) else value
