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

Only texts that hold such a character pay for it: ``needs_normalising`` is one regex search.
"""

from __future__ import annotations

import bisect
import html
import unicodedata
from dataclasses import dataclass

import regex

WRAP_BREAK = regex.compile(r"\r?\n[ \t]*+(?:>[ \t]?+)*+")
"""Where a soft wrap cut a value: a line break, the next line's indentation, and any ``>``
quote marks of a quoted reply (joined back by the wrapped-token recognizers and fixtures)."""

__all__ = ["Normalised", "needs_normalising", "normalise", "normal_value"]

_HIDING = regex.compile(
    r"\p{Cf}|[\uFF01-\uFF5E\u3000]"
    r"|&#[0-9]{1,7}+;|&#[xX][0-9A-Fa-f]{1,6}+;"
    r"|&(?:commat|period|colon|sol|lowbar|hyphen|equals|plus|amp|quot|apos|lt|gt|num|percnt);"
)
"""What ``normalise`` rewrites: format characters, full-width forms, HTML entities."""


def needs_normalising(text: str) -> bool:
    """Whether ``text`` holds anything ``normalise`` would change."""
    return _HIDING.search(text) is not None


def _replacement(piece: str) -> str:
    if piece.startswith("&"):
        decoded = html.unescape(piece)
        # an entity that decodes to a control or format character is removed like one
        if len(decoded) != 1 or not decoded.isprintable():
            return ""
        return decoded
    if unicodedata.category(piece) == "Cf":
        return ""
    return unicodedata.normalize("NFKC", piece)


@dataclass(frozen=True)
class Normalised:
    """The normalised text and the breakpoints that map its offsets to the original's."""

    text: str
    _norm_starts: tuple[int, ...]
    _segments: tuple[tuple[int, int, int, int], ...]
    """(normalised start, normalised end, original start, original end) per piece; a piece is
    either an unchanged run (same lengths) or one rewritten character or entity."""

    def _segment(self, pos: int) -> tuple[int, int, int, int]:
        i = bisect.bisect_right(self._norm_starts, pos) - 1
        return self._segments[max(i, 0)]

    def start(self, pos: int) -> int:
        """The original offset where the character at normalised ``pos`` starts."""
        n0, n1, o0, o1 = self._segment(pos)
        if n1 - n0 == o1 - o0:
            return o0 + (pos - n0)
        return o0

    def end(self, pos: int) -> int:
        """The original offset where the character before normalised ``pos`` ends."""
        if pos <= 0:
            return 0
        n0, n1, o0, o1 = self._segment(pos - 1)
        if n1 - n0 == o1 - o0:
            return o0 + (pos - n0)
        return o1

    def span(self, start: int, end: int) -> tuple[int, int]:
        """A normalised span as a span of the original text."""
        return self.start(start), self.end(end)


def normalise(text: str) -> Normalised:
    """``text`` with hiding characters removed or folded, and the map back (see the module)."""
    pieces: list[str] = []
    starts: list[int] = []
    segments: list[tuple[int, int, int, int]] = []
    n = o = 0
    for m in _HIDING.finditer(text):
        if m.start() > o:
            run = text[o : m.start()]
            starts.append(n)
            segments.append((n, n + len(run), o, m.start()))
            pieces.append(run)
            n += len(run)
        new = _replacement(m.group(0))
        if new:
            starts.append(n)
            segments.append((n, n + len(new), m.start(), m.end()))
            pieces.append(new)
            n += len(new)
        o = m.end()
    if o < len(text):
        starts.append(n)
        segments.append((n, n + len(text) - o, o, len(text)))
        pieces.append(text[o:])
    if not segments:
        segments.append((0, 0, 0, len(text)))
        starts.append(0)
    return Normalised("".join(pieces), tuple(starts), tuple(segments))


def normal_value(value: str) -> str:
    """The normalised form of one value (the key of its fixture)."""
    return normalise(value).text if needs_normalising(value) else value
