"""Everything intake prints for GitHub: workflow commands, log lines and job-summary Markdown.

The one escaping module for GitHub output, so no value from data (a file name, a draft id, a
schema message echoing either) can act as anything but text:

* **Workflow commands** (``::error file=…,line=…::message``). The runner reads stdout line by
  line, and a line whose first non-blank characters are ``::`` is a command (``add-mask``,
  ``stop-commands``, ``notice``…); a line holding ``##[`` anywhere can be a legacy one. Data in a
  command is escaped as the runner unescapes it (actions/toolkit ``command.ts``: message data
  ``%``→``%25``, ``\\r``→``%0D``, ``\\n``→``%0A``; properties also ``:``→``%3A`` and ``,``→
  ``%2C``), and every other line break or control character becomes ``%XX`` too, which the
  runner shows as it is.
* **Log lines** (``log_line``), **every line intake prints** (``inert``, applied by the CLI's
  ``out``/``err``, so no value in any output format becomes a command in a CI log) and
  **checkout strings inside a line** (``datum``) use the same escapes; each says which.
* **Job summary** (``$GITHUB_STEP_SUMMARY``, GitHub-flavoured Markdown with HTML): ``md_text``,
  ``md_code`` and ``html_text`` turn a value into text that opens no structure.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

STEP_SUMMARY_LIMIT = 1024 * 1024
"""GitHub's size limit for one step's job summary, in bytes (1 MiB); a larger one is dropped."""

ANNOTATION_LEVELS = ("error", "warning", "notice")

_BREAKS = "\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""Characters some reader takes for a line end (the runner: ``\\r`` and ``\\n``)."""


def _percent(char: str) -> str:
    return "".join(f"%{b:02X}" for b in char.encode("utf-8"))


def _is_control(char: str) -> bool:
    return char in _BREAKS or unicodedata.category(char) in ("Cc", "Cf")


_DATA_TABLE = {ord("%"): "%25", ord("\r"): "%0D", ord("\n"): "%0A"}
_PROPERTY_TABLE = {**_DATA_TABLE, ord(":"): "%3A", ord(","): "%2C"}


def _controls_escaped(text: str) -> str:
    return "".join(_percent(c) if c != "\t" and _is_control(c) else c for c in text)


def escape_data(text: str) -> str:
    """``text`` as a workflow command's message: ``%``, ``\\r``, ``\\n`` escaped as the runner
    unescapes them; other control and format characters as ``%XX`` (shown as they are)."""
    return _controls_escaped(text.translate(_DATA_TABLE))


def escape_property(text: str) -> str:
    """``text`` as a workflow command's property value (``file=…``): also ``:`` and ``,``."""
    return _controls_escaped(text.translate(_PROPERTY_TABLE))


class Command(str):
    """A workflow command built by ``workflow_command``: the one line ``inert`` lets through."""

    __slots__ = ()


def workflow_command(name: str, message: str, properties: dict[str, str] | None = None) -> str:
    """``::name key=value,…::message`` with every value and the message escaped.

    ``name`` and the property keys are intake's own words (letters and ``-`` only).
    """
    if not re.fullmatch(r"[a-z][a-z-]*", name) or any(
        not re.fullmatch(r"[a-zA-Z][a-zA-Z]*", key) for key in properties or {}
    ):
        raise ValueError("a workflow command's name and keys are letters (and '-')")
    props = ",".join(f"{k}={escape_property(v)}" for k, v in (properties or {}).items())
    return Command(f"::{name}{' ' + props if props else ''}::{escape_data(message)}")


def annotation(severity: str, file: str, line: int, message: str) -> str:
    """An annotation (``::error file=…,line=…::…``); ``severity`` is error, warning or notice."""
    level = severity if severity in ANNOTATION_LEVELS else "error"
    return workflow_command(level, message, {"file": file, "line": str(int(line))})


@dataclass(frozen=True)
class Annotated:
    """One finding to annotate: its class (``klass``: a finding code, a health class)."""

    severity: str
    file: str
    line: int
    klass: str
    message: str


def grouped_annotations(items: list[Annotated], noun: str = "finding") -> list[str]:
    """One annotation per class and severity, with a summary; every item a log line too.

    A class of one item is its own annotation. A class of several is one annotation at its
    first item, ``<class>: N <noun>s (first: <message>); the log lists each``, and each item
    is an escaped log line (``file:line: severity: message``), so 83 never-judged scenarios
    are one notice, not 83, and nothing is lost (GitHub shows 10 annotations per level).
    """
    groups: dict[tuple[str, str], list[Annotated]] = {}
    for item in items:
        groups.setdefault((item.klass, item.severity), []).append(item)
    out: list[str] = []
    for (klass, severity), group in groups.items():
        first, message = group[0], group[0].message
        lines: list[str] = []
        if len(group) > 1:
            message = f"{klass}: {len(group)} {noun}s (first: {message}); the log lists each"
            lines = [log_line(f"{i.file}:{i.line}: {i.severity}: {i.message}") for i in group]
        out += [annotation(severity, first.file, first.line, message), *lines]
    return out


def log_line(text: str) -> str:
    """``text`` as one plain line of a job's log that the runner cannot take for a command.

    Escaped like command data (so it stays one line), with ``##[`` (a legacy command anywhere
    in a line) and a leading ``::`` spelled with ``%23``/``%3A``.
    """
    return _inert_line(escape_data(text))


def _inert_line(line: str) -> str:
    line = line.replace("##[", "%23%23[")
    stripped = line.lstrip()
    if stripped.startswith("::"):
        line = line[: len(line) - len(stripped)] + "%3A%3A" + stripped[2:]
    return line


def inert(text: str) -> str:
    """``text`` (one or more lines) with no line the runner can take for a command: a leading
    ``::`` and any ``##[`` spelled ``%3A%3A``/``%23%23[``. A ``Command`` passes as it is."""
    if isinstance(text, Command):
        return text
    if "::" not in text and "##[" not in text:
        return text
    return "\n".join(_inert_line(line) for line in text.split("\n"))


def datum(text: str) -> str:
    """A checkout-supplied string (file name, id, title, link) as one piece of a printed line:
    line breaks, control and format characters as ``%XX``, ``::`` and ``##[`` as ``%3A%3A`` and
    ``%23%23[`` (wherever the value lands in the line, it starts no command)."""
    escaped = _controls_escaped(text)
    return escaped.replace("::", "%3A%3A").replace("##[", "%23%23[")


# --- the job summary ----------------------------------------------------------------------------

_MD_ESCAPE = re.compile(r"[\\`*\[\]|~$#]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")
"""What can open Markdown structure inline: a backslash escape, code, emphasis (``_`` only
where it is not inside a word, the one place CommonMark lets it open nothing), links and
footnotes, table cells, strikethrough, math, a heading's closing ``#``."""
_ENTITY_TABLE = {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;"}
_HTML_TABLE = {**_ENTITY_TABLE, ord('"'): "&quot;", ord("'"): "&#39;"}


def _visible(text: str) -> str:
    """One line: blanks and line breaks folded to one space, other controls shown as U+FFFD."""
    folded = " ".join("".join(" " if c in _BREAKS or c == "\t" else c for c in text).split())
    return "".join("\ufffd" if _is_control(c) else c for c in folded)


def md_text(text: str) -> str:
    """``text`` as inline Markdown that renders as exactly these characters on one line.

    ``<``, ``>`` and ``&`` become entities (no tag, autolink or entity of its own), Markdown
    punctuation is backslash-escaped. Safe anywhere inline: a table cell, a heading, a list
    item.
    """
    return _MD_ESCAPE.sub(lambda m: "\\" + m.group(0), _visible(text).translate(_ENTITY_TABLE))


def md_code(text: str) -> str:
    """``text`` as a code span that no value can close: the fence is one backtick longer than
    the longest run in it (padded with a space on each side, which CommonMark strips, when
    it starts or ends with a backtick or a space); ``|`` is escaped for a table cell."""
    shown = _visible(text).replace("|", "\\|")
    longest = max((len(run) for run in re.findall(r"`+", shown)), default=0)
    fence = "`" * (longest + 1)
    if shown[:1] in ("`", " ") or shown[-1:] in ("`", " "):
        shown = f" {shown} "
    return f"{fence}{shown}{fence}"


def html_text(text: str) -> str:
    """``text`` escaped for raw HTML (inside ``<summary>``, an HTML block), on one line."""
    return _visible(text).translate(_HTML_TABLE)


def md_message(text: str) -> str:
    """One of intake's messages, whose commands stand between backticks, as inline Markdown:
    each part between a pair of backticks as ``md_code``, the rest as ``md_text`` (an odd
    backtick, from data, is text)."""
    parts = text.split("`")
    if len(parts) % 2 == 0:
        return md_text(text)
    return "".join(_spaced(p) if i % 2 == 0 else md_code(p) for i, p in enumerate(parts))


def _spaced(text: str) -> str:
    """``md_text`` keeping one space where ``text`` begins or ends with a blank, so a word
    beside a code span stays apart from it (``judge: `intake control` now``)."""
    inner = md_text(text)
    before = " " if text[:1].isspace() else ""
    if not inner:
        return before
    after = " " if text[-1:].isspace() else ""
    return f"{before}{inner}{after}"
