"""Scrubbing and scanning files: reading them safely, in-place atomic rewrites, ``--check``.

Every file is read first (an unreadable one stops the run before anything is written), then
scrubbed in memory; one that cannot be scrubbed is left as it was, the others are written, and
the run fails naming it (see ``scrub_paths``). YAML and JSON files must
still parse after a text-level scrub and their parsed strings must be clean, else the file is
scrubbed as a parsed tree (``intake.contract.yamlio`` round trip) or the scrub fails closed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from intake.contract.models import ScrubReport
from intake.contract.yamlio import load_document
from intake.errors import InputError, ScrubError
from intake.fileio import atomic_write, read_input
from intake.scrub.engine import (
    MAX_TEXT_CHARS,
    FileFinding,
    Scrubber,
    ScrubResult,
    check_tree,
    get_scrubber,
    refuse_oversized,
    scrub_tree,
)
from intake.scrub.fixtures import FixtureMap

__all__ = [
    "TEXT_SUFFIXES",
    "FileOutcome",
    "decode_text",
    "expand_paths",
    "scan_paths",
    "scrub_file_text",
    "refuse_aliases",
    "scrub_paths",
]


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


TEXT_SUFFIXES = frozenset({".yaml", ".yml", ".json", ".jsonl", ".md", ".txt", ".log"})
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
    seen: set[Path] = set()
    return [f for f in files if not (f.resolve() in seen or seen.add(f.resolve()))]  # type: ignore[func-returns-value]


def _read(path: Path) -> str:
    """A file's text through the bounded reader: still a regular file when it is opened (not
    swapped for a FIFO or a device since it was listed), its size checked before reading."""
    data = read_input(path, what="file to scrub", limit=4 * MAX_TEXT_CHARS)
    return decode_text(data, where=str(path))


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def scan_paths(paths: Sequence[Path], *, scrubber: Scrubber | None = None) -> list[FileFinding]:
    """Findings in files (type, file and line; never the value), for ``--check``/``intake check``.

    The raw text is scanned, so comments, keys and values of YAML and JSON files are all
    covered and the line numbers are exact.
    """
    scrubber = scrubber or get_scrubber()
    out: list[FileFinding] = []
    for path in expand_paths(paths):
        text = _read(path)
        for f in scrubber.find(text, json_path=str(path)):
            out.append(FileFinding(f.entity_type, str(path), _line_of(text, f.start)))
    return out


def refuse_aliases(data: Any, *, where: str) -> None:
    """``ScrubError`` at the first YAML alias: a node reached twice in the loaded tree.

    The loader keeps an alias as a shared reference, so loading a "billion laughs" file is
    cheap; walking it (scanning every string) would not be. Containers are visited once each,
    so this check is linear in the size of the file, and it stops at the first repeat.
    """
    seen: set[int] = set()
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            children = list(node.values())
        elif isinstance(node, (list, tuple)):
            children = list(node)
        else:
            continue
        if id(node) in seen:
            raise ScrubError(
                "YAML anchors and aliases are refused (a YAML bomb expands them); "
                "the file was left as it was",
                where=where,
            )
        seen.add(id(node))
        stack.extend(children)


_UNPARSED = object()
"""What ``_parsed`` returns for a text that is not valid YAML/JSON (``None`` is a document)."""


def _parsed(path: Path, text: str) -> Any:
    """The parsed YAML/JSON text, or ``_UNPARSED``. A YAML file with an alias is refused
    (``ScrubError``) before any string is scanned."""
    try:
        if path.suffix == ".json":
            import json

            data = json.loads(text)
        else:
            data = load_document(text)
    except Exception:
        return _UNPARSED
    refuse_aliases(data, where=str(path))
    return data


def _structured_check(path: Path, text: str, scrubber: Scrubber) -> bool:
    """Whether a YAML/JSON text parses after a text-level scrub and its strings are clean."""
    data = _parsed(path, text)
    return data is not _UNPARSED and not check_tree(data, scrubber=scrubber)


def scrub_file_text(path: Path, text: str, *, scrubber: Scrubber | None = None) -> FileOutcome:
    """Scrub one file's text in memory (one fixture mapping per file).

    Text-level replacement keeps every byte of layout and comments. For YAML and JSON the result
    must still parse and its parsed strings must be clean (an escaped or folded value may hide a
    secret from the text scan); otherwise the file is scrubbed as a parsed tree and dumped again
    (ruamel round trip for YAML), and if that is still not clean the scrub fails closed.
    """
    scrubber = scrubber or get_scrubber()
    mapping = FixtureMap()
    mapping.reserve([text])
    result = scrubber.scrub_text(text, mapping=mapping, json_path="$")
    report = scrubber.report(result.findings)
    if path.suffix not in {".yaml", ".yml", ".json"}:
        return FileOutcome(path, text, _text_outcome(path, text, result, scrubber, mapping), report)
    before = _parsed(path, text)
    if before is _UNPARSED:  # not valid YAML/JSON to begin with: the text scrub is all there is
        return FileOutcome(path, text, _text_outcome(path, text, result, scrubber, mapping), report)
    if _structured_check(path, result.text, scrubber) and not scrubber.find(result.text):
        return FileOutcome(path, text, result.text, report)
    data = before
    new_data, tree_report = scrub_tree(data, scrubber=scrubber, mapping=mapping)
    if path.suffix == ".json":
        import json

        new_text = json.dumps(new_data, indent=2, ensure_ascii=False) + "\n"
    else:
        from intake.contract.yamlio import dump_document

        new_text = dump_document(new_data)
    new_text = _settled(path, new_text, scrubber, mapping)
    if not _structured_check(path, new_text, scrubber):
        raise ScrubError(
            "file could not be scrubbed cleanly (it no longer parses after scrubbing); "
            "it was left as it was",
            where=str(path),
        )
    # The text pass is discarded: what is written and reported is the tree pass alone, so each
    # replaced value is counted once.
    return FileOutcome(path, text, new_text, tree_report)


def _text_outcome(
    path: Path, text: str, result: ScrubResult, scrubber: Scrubber, mapping: FixtureMap
) -> str:
    """What a text scrub writes: the text as it was when the scrub found and changed nothing
    (a re-scan would be the same scan of the same text), else the settled result."""
    if not result.findings and result.text == text:
        return text
    return _settled(path, result.text, scrubber, mapping)


def _settled(path: Path, text: str, scrubber: Scrubber, mapping: FixtureMap) -> str:
    """The scrubbed text with every value that still re-scans replaced (``Scrubber.settle``).

    Fails closed (``ScrubError`` naming the type and line, never the value) only if the text
    still re-scans after that.
    """
    if not scrubber.find(text):
        return text
    settled = scrubber.settle(text, mapping, str(path), whole=False)
    left = scrubber.find(settled)
    if left:
        raise ScrubError(
            f"file could not be scrubbed cleanly: a {left[0].entity_type} still re-scans at "
            f"line {_line_of(settled, left[0].start)}; it was left as it was",
            where=str(path),
        )
    return settled


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
            outcomes.append(scrub_file_text(p, text, scrubber=scrubber))
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
