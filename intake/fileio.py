"""Writing files so that a crash never leaves half of one: the one atomic write.

A temporary file in the target's folder, flushed and synced, given the mode the file should
have, then renamed over the target; the folder is synced so the rename is durable.

Line ends (``line_end``, ``with_line_ends``, ``read_text_exact``): a file intake edits keeps its
own. A checkout made by Git for Windows (``core.autocrlf=true``) has CRLF in every text file;
an edit that wrote LF lines into one would leave it mixed, or turn the whole file over in the
diff. So an editor reads the file's text exactly (``Path.read_text`` would turn CRLF into LF
on the way in), builds its new text with LF, and writes ``with_line_ends(new, like=old)``.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from intake import limits
from intake.errors import InputError, UntrustedState
from intake.portable import nonblocking_read_flags

MAX_INPUT_BYTES = limits.MAX_INPUT_BYTES
MAX_JSON_DEPTH = limits.MAX_JSON_DEPTH


def file_mode(path: Path) -> int:
    """The mode a rewritten file should keep: its current one, else what the umask allows.

    ``mkstemp`` creates private (0600) files; a draft or a report is meant to be shared.
    """
    try:
        return path.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def line_end(text: str) -> str:
    """The line end ``text`` uses: ``"\\r\\n"`` when its first line ends so, else ``"\\n"``."""
    first = text.find("\n")
    return "\r\n" if first > 0 and text[first - 1] == "\r" else "\n"


def with_line_ends(text: str, like: str | None) -> str:
    """``text`` with the line ends of ``like`` (the text of the file it replaces or sits
    beside; ``None``: LF). Every line end of ``text`` becomes that one, so a CRLF file stays
    CRLF throughout and an LF file stays LF."""
    lf = text.replace("\r\n", "\n")
    return lf if like is None or line_end(like) == "\n" else lf.replace("\n", "\r\n")


def read_text_exact(path: Path) -> str:
    """A UTF-8 file's text with its line ends as they are on disk (no newline translation)."""
    return path.read_bytes().decode("utf-8")


def atomic_write(path: Path, text: str | bytes) -> None:
    """Write via a temporary file in the same folder and ``os.replace``: never half a file."""
    atomic_write_all([(path, text)])


def atomic_write_all(
    files: Sequence[tuple[Path, str | bytes]],
    *,
    temp_dir: Path | None = None,
    placed: Callable[[Path], None] | None = None,
    ready: Callable[[], None] | None = None,
) -> None:
    """Write every file to a temporary first, then rename each into place in order.

    Nothing is renamed until every temporary is written and synced, so a failure part-way
    leaves the targets as they were (a draft and its record: record first, then the draft).
    ``temp_dir`` (on the targets' file system; else the temporary goes beside the target)
    keeps temporaries where git never sees them; ``ready()`` is called once every temporary
    is written and ``placed(path)`` after each rename (the crash tests' points).
    """
    temps: list[tuple[str, Path]] = []
    try:
        for path, content in files:
            path.parent.mkdir(parents=True, exist_ok=True)
            data = content.encode("utf-8") if isinstance(content, str) else content
            folder = path.parent
            if temp_dir is not None and _same_device(temp_dir, path.parent):
                folder = temp_dir
            temps.append((_temporary(path, data, folder), path))
        if ready is not None:
            ready()
        for tmp, path in temps:
            _replace(tmp, path)
            if placed is not None:
                placed(path)
    finally:
        for tmp, _ in temps:
            _discard(tmp)
    for folder in dict.fromkeys(path.parent for path, _ in files):
        fsync_dir(folder)


def _temporary(path: Path, data: bytes, folder: Path) -> str:
    """A temporary in ``folder`` holding ``data``, synced, with the mode ``path`` should have."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, file_mode(path))
    except BaseException:
        _discard(tmp)
        raise
    return tmp


def _discard(tmp: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(tmp)


def _replace(tmp: str, path: Path) -> None:
    """``os.replace``; across mounts (a bind mount shares its device number, so the check
    before writing cannot see it) the temporary is copied beside the target first, which
    also names the target folder's real failure (read-only, full) instead of EXDEV."""
    try:
        os.replace(tmp, path)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        beside = _temporary(path, Path(tmp).read_bytes(), path.parent)
        try:
            os.replace(beside, path)
        finally:
            _discard(beside)
        os.unlink(tmp)


def fsync_dir(folder: Path) -> None:
    """Make a rename durable (best effort on platforms without directory fsync)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _same_device(one: Path, other: Path) -> bool:
    try:
        return one.stat().st_dev == other.stat().st_dev
    except OSError:
        return False


def work_dir(folder: Path) -> Path:
    """``folder`` created with a ``.gitignore`` of ``*`` in it: git never sees what it holds
    (intake's temporaries, journals and locks), whatever the suite's own ignore rules say."""
    for own in (folder.parent, folder):
        if own.is_symlink():
            raise UntrustedState(
                "intake's working folder is a symbolic link; intake does not follow links it "
                "did not make",
                where=str(own),
                hint="remove the link; intake recreates the folder",
            )
    folder.mkdir(parents=True, exist_ok=True)
    ignore = folder / ".gitignore"
    if ignore.is_symlink():
        raise UntrustedState(
            "a .gitignore in intake's working folder is a symbolic link", where=str(ignore)
        )
    if not ignore.exists():
        with contextlib.suppress(OSError):
            ignore.write_text("# intake's working files: never committed\n*\n", encoding="utf-8")
    return folder


# --- bounded inputs ---------------------------------------------------------------------------


@contextlib.contextmanager
def _opened(path: Path, what: str, where: str, limit: int | None = None) -> Iterator[int]:
    """An open descriptor of ``path`` once it is known to be a regular file (of at most
    ``limit`` bytes, by its size, when given), closed after.

    ``O_NONBLOCK`` keeps a FIFO from blocking the open; folders, FIFOs, sockets and devices
    (``/dev/zero``) are refused by ``fstat`` before a byte is read. Windows refuses to open a
    folder with ``PermissionError``, not ``IsADirectoryError``: it is named a folder too.
    """
    try:
        fd = os.open(path, nonblocking_read_flags())
    except FileNotFoundError:
        raise InputError(f"{what} not found", where=where) from None
    except OSError as exc:
        folder = isinstance(exc, PermissionError) and os.path.isdir(path)
        if folder or isinstance(exc, IsADirectoryError):
            raise InputError(f"{what} is a folder, not a file", where=where) from None
        raise InputError(f"cannot open {what}: {exc.strerror}", where=where) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a FIFO, socket or device"
            raise InputError(f"{what} is {kind}, not a regular file", where=where)
        if limit is not None and info.st_size > limit:
            raise InputError(f"{what} is larger than {limit} bytes", where=where)
        yield fd
    finally:
        os.close(fd)


def check_regular_file(path: Path, *, what: str) -> None:
    """Refuse anything but an existing regular file (for inputs another library opens)."""
    with _opened(path, what, str(path)):
        pass


def read_input(
    path: Path,
    *,
    what: str,
    limit: int = MAX_INPUT_BYTES,
    where: str | None = None,
    follow_links: bool = True,
) -> bytes:
    """The bytes of an input file: a regular file, at most ``limit`` bytes (checked first).

    ``follow_links=False`` for the suite's own files (scenarios, drafts, records): git commits
    links, so a pull request can point one at ``/dev/zero`` or at a file outside the suite.
    """
    where = where or str(path)
    if not follow_links and path.is_symlink():
        raise InputError(f"{what} is a symbolic link; intake does not follow links", where=where)
    with _opened(path, what, where, limit) as fd:
        return b"".join(_blocks(fd, what, where, limit, f"{what} is larger than {limit} bytes"))


def _blocks(fd: int, what: str, where: str, most: int, over: str) -> Iterator[bytes]:
    """The blocks read from ``fd`` to its end, never more than ``most`` bytes: one more is the
    ``InputError`` ``over``."""
    size = 0
    while True:
        try:
            block = os.read(fd, min(1 << 20, most + 1 - size))
        except OSError as exc:
            raise InputError(f"cannot read {what}: {exc.strerror}", where=where) from None
        if not block:
            return
        size += len(block)
        if size > most:
            raise InputError(over, where=where)
        yield block


def read_head(path: Path, size: int, *, what: str) -> bytes:
    """The first ``size`` bytes of a regular file (to tell its kind), nothing more."""
    where = str(path)
    with _opened(path, what, where) as fd:
        try:
            return os.read(fd, size)
        except OSError as exc:
            raise InputError(f"cannot read {what}: {exc.strerror}", where=where) from None


def hash_input(path: Path, *, what: str, limit: int) -> str:
    """The hex digest of a regular file of at most ``limit`` bytes, read in blocks and never
    beyond the size it declares: a ``/proc`` file says 0 and reads on (docs/limits.md)."""
    import hashlib

    where = str(path)
    digest = hashlib.sha256()
    with _opened(path, what, where, limit) as fd:
        declared = os.fstat(fd).st_size
        for block in _blocks(fd, what, where, declared, f"{what} reads more than its size says"):
            digest.update(block)
    return digest.hexdigest()


_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


def json_depth_exceeds(text: str, limit: int) -> bool:
    """Whether the JSON text nests deeper than ``limit``, without parsing: strings are cut out
    with one unrolled regex, then only the brackets left are walked (``docs/benchmarks.md``)."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for char in _NOT_BRACKETS.sub("", _JSON_STRING.sub("", text)):
        if char in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def parse_json_input(data: bytes | str, *, what: str, where: str, surrogates: bool = False) -> Any:
    """JSON from an input's bytes (UTF-8, a BOM allowed) or from text already decoded (JSON
    inside JSON: GAIA's ``agent_steps``), nesting at most ``MAX_JSON_DEPTH``, no lone
    surrogate escape unless ``surrogates`` (a session file: drafting refuses one only in the
    turns it keeps, ``drafting.tail``).

    Every failure is an ``InputError`` naming what and where (the byte offset of bad UTF-8,
    the line and column of bad JSON), never the content.
    """
    try:
        text = data if isinstance(data, str) else data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{what} is not UTF-8 (byte {exc.start})", where=where) from None
    if json_depth_exceeds(text, MAX_JSON_DEPTH):
        raise InputError(f"{what} nests deeper than {MAX_JSON_DEPTH} levels", where=where)
    try:
        parsed = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{what} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}",
            where=where,
        ) from None
    except RecursionError:
        raise InputError(f"{what} nests too deeply", where=where) from None
    if not surrogates and _LONE_ESCAPE.search(text) is not None:
        offset = lone_surrogate_offset(text)
        if offset is not None:
            raise InputError(
                f"{what} holds invalid text: a lone UTF-16 surrogate (half of a character, "
                f"as JavaScript leaves when it cuts an emoji) at character {offset}",
                where=where,
            )
    return parsed


_LONE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]", re.ASCII)
_SURROGATE_ESCAPE = re.compile(
    r"(?<!\\)(?:\\\\)*\\u([dD][89abAB][0-9a-fA-F]{2})(\\u[dD][c-fC-F][0-9a-fA-F]{2})?"
    r"|(?<!\\)(?:\\\\)*\\u([dD][c-fC-F][0-9a-fA-F]{2})",
    re.ASCII,
)


def lone_surrogate_offset(text: str) -> int | None:
    """The character offset of the first ``\\uD8xx``-style escape in JSON text that is half of
    a surrogate pair (a high one not followed by a low one, or a low one alone); else None."""
    for match in _SURROGATE_ESCAPE.finditer(text):
        if match.group(3) is not None or match.group(2) is None:
            return match.start() + match.group(0).index("\\u")
    return None


def lone_surrogate_in(value: Any) -> str | None:
    """The JSON path of the first string in a parsed tree that holds a lone surrogate."""
    stack: list[tuple[str, Any]] = [("$", value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            if any("\ud800" <= ch <= "\udfff" for ch in item):
                return path
        elif isinstance(item, dict):
            stack.extend((f"{path}.{k}", v) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((f"{path}[{i}]", v) for i, v in enumerate(item))
    return None


def read_json_input(path: Path, *, what: str, limit: int = MAX_INPUT_BYTES) -> Any:
    """``read_input`` then ``parse_json_input``: the one way intake reads a JSON file."""
    data = read_input(path, what=what, limit=limit)
    return parse_json_input(data, what=what, where=str(path))
