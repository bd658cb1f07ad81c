"""Untrusted text: hidden characters, judge-directed text, and text safe for a terminal.

Everything intake drafts is somebody else's text (a public issue, a session whose documents
came from the web), and GAIA pastes the whole scenario into its judge's and simulator's
prompts. Three things are decided here, once, for every importer and every reader:

* **Hidden characters** (``find_hidden``, ``strip_hidden``, ``clean_tree``): Unicode format
  characters (category Cf: the tag block U+E0000–E007F that LLMs read and screens do not,
  bidi controls, zero-width characters, the BOM) and C0/C1 controls (tab and newline are
  text). They are removed at import and counted per kind; ``validate`` reports any that
  reaches a file. Three legitimate uses are kept, because they are text and measured absent
  from attacks: a zero-width joiner *between two emoji* (👨‍⚕ in GAIA's own sources), the
  tag sequences of the three RGI subdivision flags (England, Scotland, Wales), and a single
  variation selector after a visible character (the emoji presentation selector U+FE0F);
  a run of variation selectors (the "emoji smuggling" encoding: one selector per byte) is
  removed whole.
* **Judge-directed text** (``judge_hits``): text addressed to a model, judge, grader or
  simulator, and Markdown GitHub does not render. Patterns are data
  (``intake/contract/judge_directed.yaml``), one class each. A hit is a warning for the reviewer,
  never a block.
* **Terminal output** (``terminal_safe``): control characters (ESC, BEL, C1 such as the
  single-byte CSI) become visible control pictures, and the hidden characters above become
  ``<U+XXXX>``, so no escape sequence (OSC 8 hyperlinks, OSC 52 clipboard writes, OSC 1337)
  reaches the terminal and no bidi override reorders what the reviewer reads.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from intake.contract.plain import JsonPath, walk_strings

if TYPE_CHECKING:
    import regex

HIDDEN_KINDS = ("tag", "bidi", "zero_width", "bom", "control", "variation", "format")
"""Kinds of hidden character, in the order they are reported."""

_BIDI = frozenset([0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])
_ZERO_WIDTH = frozenset([0x180E, 0x200B, 0x200C, 0x200D, *range(0x2060, 0x2065)])
_ZWJ = "\u200d"
_BLACK_FLAG = "\U0001f3f4"
_CANCEL_TAG = "\U000e007f"
_RGI_FLAG_TAGS = frozenset(
    "".join(chr(0xE0000 + ord(c)) for c in name) + _CANCEL_TAG
    for name in ("gbeng", "gbsct", "gbwls")
)
"""The only tag sequences Unicode recommends (emoji-test.txt): three subdivision flags."""
_SKIN_TONES = range(0x1F3FB, 0x1F400)


@cache
def _candidates() -> regex.Pattern[str]:
    """Where a hidden character may be (found fast); ``char_kind`` then decides. Compiled when
    first asked for: importing ``regex`` takes 10-20 ms of a command's start-up, and the ASCII
    text most commands print never needs it."""
    import regex

    return regex.compile(r"[\p{Cc}\p{Cf}\uFE00-\uFE0F\U000E0100-\U000E01EF]")


_ASCII_CANDIDATES = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
"""The same for ASCII text (only controls are possible), with the faster standard ``re``."""
_ASCII_VISIBLE = bytes(range(0x20, 0x7F)) + b"\n\t"
"""The ASCII a terminal shows as it is: what ``_ASCII_CANDIDATES`` never matches."""


def _is_variation(code: int) -> bool:
    return 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF


def char_kind(ch: str) -> str | None:
    """The kind of hidden character ``ch`` is, out of context (None for visible text)."""
    code = ord(ch)
    if ch in "\n\t":
        return None
    if code < 0x20 or code == 0x7F or 0x80 <= code <= 0x9F:
        return "control"
    if 0xE0000 <= code <= 0xE007F:
        return "tag"
    if code in _BIDI:
        return "bidi"
    if code in _ZERO_WIDTH:
        return "zero_width"
    if code == 0xFEFF:
        return "bom"
    if _is_variation(code):
        return "variation"
    if unicodedata.category(ch) == "Cf":
        return "format"
    return None


def _emoji(ch: str) -> bool:
    code = ord(ch)
    return unicodedata.category(ch) == "So" and (code >= 0x1F000 or 0x2190 <= code <= 0x2BFF)


def _emoji_before(text: str, index: int) -> bool:
    """Whether an emoji (with its selector or skin tone) ends just before ``index``."""
    i = index - 1
    while i >= 0 and (ord(text[i]) in _SKIN_TONES or text[i] == "\ufe0f"):
        i -= 1
    return i >= 0 and _emoji(text[i])


def _allowed_tags(text: str) -> set[int]:
    """Indices of tag characters that belong to one of the three RGI subdivision flags."""
    kept: set[int] = set()
    start = text.find(_BLACK_FLAG)
    while start != -1:
        after = start + len(_BLACK_FLAG)
        for sequence in _RGI_FLAG_TAGS:
            if text.startswith(sequence, after):
                kept.update(range(after, after + len(sequence)))
        start = text.find(_BLACK_FLAG, after)
    return kept


def find_hidden(text: str) -> Iterator[tuple[int, str]]:
    """``(index, kind)`` of every hidden character of ``text``, in context (see the module)."""
    flags: set[int] | None = None
    candidates = _ASCII_CANDIDATES if text.isascii() else _candidates()
    for match in candidates.finditer(text):
        index, ch = match.start(), match.group()
        kind = char_kind(ch)
        if kind is None:
            continue
        if kind == "zero_width" and ch == _ZWJ:
            if _emoji_before(text, index) and index + 1 < len(text) and _emoji(text[index + 1]):
                continue
        elif kind == "tag":
            if flags is None:
                flags = _allowed_tags(text)
            if index in flags:
                continue
        elif kind == "variation":
            before = text[index - 1] if index else ""
            after = text[index + 1] if index + 1 < len(text) else ""
            single = not (before and _is_variation(ord(before))) and not (
                after and _is_variation(ord(after))
            )
            if single and before and char_kind(before) is None and not before.isspace():
                continue
        yield index, kind


def strip_hidden(text: str) -> tuple[str, dict[str, int]]:
    """``text`` without its hidden characters, and how many of each kind were removed."""
    found = list(find_hidden(text))
    if not found:
        return text, {}
    drop = {index for index, _ in found}
    counts = Counter(kind for _, kind in found)
    clean = "".join(ch for index, ch in enumerate(text) if index not in drop)
    return clean, {k: counts[k] for k in HIDDEN_KINDS if k in counts}


def describe_counts(counts: dict[str, int]) -> str:
    """``tag 10, bidi 2`` (kinds in the fixed order)."""
    return ", ".join(f"{k.replace('_', '-')} {counts[k]}" for k in HIDDEN_KINDS if k in counts)


def clean_tree(value: Any) -> tuple[Any, list[tuple[JsonPath, dict[str, int]]]]:
    """A copy of nested data with every string (keys too) stripped, and the counts by path."""
    removed: list[tuple[JsonPath, dict[str, int]]] = []

    def walk(item: Any, where: JsonPath) -> Any:
        if isinstance(item, str):
            clean, counts = strip_hidden(item)
            if counts:
                removed.append((where, counts))
            return clean
        if isinstance(item, dict):
            out: dict[Any, Any] = {}
            for key, child in item.items():
                name = key
                if isinstance(key, str):
                    name, counts = strip_hidden(key)
                    if counts:
                        removed.append(((*where, name), counts))
                out[name] = walk(child, (*where, str(name)))
            return out
        if isinstance(item, list | tuple):
            return [walk(child, (*where, index)) for index, child in enumerate(item)]
        return item

    return walk(value, ()), removed


# --- terminal output -------------------------------------------------------------------------


def _shown(ch: str) -> str:
    code = ord(ch)
    if code < 0x20:
        return chr(0x2400 + code)
    if code == 0x7F:
        return "\u2421"
    return f"<U+{code:04X}>"


def terminal_safe(text: str) -> str:
    """``text`` with nothing a terminal interprets or hides: controls and hidden characters
    shown visibly (ESC as ␛, BEL as ␇, U+202E as ``<U+202E>``); tab and newline kept.

    A carriage return before a newline is kept (a CRLF line end), a lone one is shown: it
    would move the cursor back over what was printed.
    """
    if text.isascii() and not text.encode("ascii").translate(None, _ASCII_VISIBLE):
        return text  # only visible ASCII, tabs and newlines (a megabyte in half a millisecond)
    found = dict(find_hidden(text))
    if not found:
        return text
    parts: list[str] = []
    for index, ch in enumerate(text):
        if index in found and not (ch == "\r" and text[index + 1 : index + 2] == "\n"):
            parts.append(_shown(ch))
        else:
            parts.append(ch)
    return "".join(parts)


# --- judge-directed text ---------------------------------------------------------------------


@dataclass(frozen=True)
class JudgeClass:
    """One class of judge-directed text: its name, what it means, and its patterns."""

    name: str
    label: str
    patterns: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...]
    """Each pattern with the words one of which its every match contains (may be empty)."""


@dataclass(frozen=True)
class JudgeHit:
    """Judge-directed text found in one field (never the text itself: the file holds it)."""

    path: JsonPath
    kind: str
    label: str
    start: int
    end: int
    fingerprint: str
    """``sha256:`` over the field's path, the class and the matched text: what a review
    acknowledges (an edit of that text makes it a new hit)."""

    @property
    def turn_index(self) -> int | None:
        """The 0-based index in ``turns`` of the field, or None outside the turns."""
        if len(self.path) >= 2 and self.path[0] == "turns" and isinstance(self.path[1], int):
            return self.path[1]
        return None

    @property
    def field(self) -> str:
        """The field's name within its turn or the scenario (``success_criteria``)."""
        rest = self.path[2:] if self.turn_index is not None else self.path
        return ".".join(str(p) for p in rest) or "value"


_FLAGS = {"ignorecase": re.IGNORECASE, "multiline": re.MULTILINE}


@dataclass(frozen=True)
class _JudgePattern:
    """A pattern of ``judge_directed.yaml`` (see that file for its fields), built from its
    mapping (a key that is no field is a ``TypeError``). A dataclass, not a pydantic model:
    ``intake health``, ``report`` and ``config`` import this module and no pydantic."""

    regex: str
    flags: Sequence[str] = ()
    needs: Sequence[str] = ()

    def compiled(self) -> tuple[re.Pattern[str], tuple[str, ...]]:
        flags = 0
        for flag in self.flags:
            flags |= _FLAGS[flag]
        return re.compile(self.regex, flags), tuple(str(word) for word in self.needs)


@cache
def judge_classes() -> tuple[JudgeClass, ...]:
    """The classes of ``intake/contract/judge_directed.yaml``, compiled once."""
    from importlib import resources  # (its tempfile: not on every command's output path)

    data_file = resources.files("intake.contract").joinpath("judge_directed.yaml")
    from intake.contract.yamlio import load_data  # not on every command's output path

    data = load_data(data_file.read_text(encoding="utf-8"))
    return tuple(
        JudgeClass(
            str(name),
            str(entry["label"]),
            tuple(_JudgePattern(**item).compiled() for item in entry["patterns"]),
        )
        for name, entry in data["classes"].items()
    )


def _fingerprint(path: JsonPath, kind: str, matched: str) -> str:
    import hashlib  # only for a judge-directed hit, not on every command's output path

    where = ".".join(str(p) for p in path)
    digest = hashlib.sha256(f"{where}\0{kind}\0{matched}".encode()).hexdigest()
    return f"sha256:{digest[:16]}"


def judge_hits_in(text: str, path: JsonPath = ()) -> list[JudgeHit]:
    """Judge-directed text in one string: one hit per class and match."""
    hits: list[JudgeHit] = []
    lowered = text.lower()
    for cls in judge_classes():
        seen: set[tuple[int, int]] = set()
        for pattern, needs in cls.patterns:
            if needs and not any(word in lowered for word in needs):
                continue
            for match in pattern.finditer(text):
                span = match.span()
                if span in seen or any(a <= span[0] < b for a, b in seen):
                    continue
                seen.add(span)
                fp = _fingerprint(path, cls.name, match.group(0))
                hits.append(JudgeHit(path, cls.name, cls.label, span[0], span[1], fp))
    return sorted(hits, key=lambda h: (h.start, h.kind))


def judge_hits(data: Any) -> list[JudgeHit]:
    """Judge-directed text anywhere in a scenario (GAIA pastes the whole file into prompts)."""
    return [hit for path, text in walk_strings(data) for hit in judge_hits_in(text, path)]


def describe_hits(hits: list[JudgeHit]) -> str:
    """``addressed to a judge (1), asks for a verdict (2)``: the classes, counted, in order."""
    counts = Counter(hit.label for hit in hits)
    return ", ".join(f"{label} ({n})" for label, n in counts.items())
