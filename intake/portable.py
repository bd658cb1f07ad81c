"""The one place intake touches what differs between Windows, macOS and Linux.

Everything POSIX-only (``fcntl``, ``os.killpg``, ``os.setsid``, ``signal.SIGKILL``,
``signal.SIGHUP``, ``os.O_NONBLOCK``, ``os.getuid`` …) is reached through this module only;
``tests/test_portable.py`` scans the source for such calls anywhere else. Each capability is
chosen by what the running interpreter has, not by the platform's name, so the Windows-style
and pure-Python paths run (and are tested) on a POSIX machine with those names removed.

Locks (``exclusive_lock``): one exclusive, non-blocking lock per file.

- POSIX: ``fcntl.flock``; the kernel releases it when the holder dies.
- Windows: ``msvcrt.locking`` on the file's first byte; Windows releases it when the holder
  dies too.
- Neither: no lock is taken; ``exclusive_lock`` raises ``NoFileLock`` (no supported
  platform lacks both).

In every case the holder removes the file before it lets go, so nothing is left in the lock
folder, and a process that locked a file someone removed meanwhile notices (the inode
re-check) and locks the new one. On Windows an open file cannot be removed, so the file is
removed right after it is closed; a removal that fails because another process has it open
leaves it to that process.

Process trees (``new_group_options``, ``stop_tree``): the runner starts in a group of its own
and is stopped with all its children.

- POSIX: its own session (``start_new_session``); ``SIGTERM`` to the group, ``SIGKILL`` to
  what is left after the grace period (and to children that outlived the leader).
- Windows: ``CREATE_NEW_PROCESS_GROUP``; ``CTRL_BREAK_EVENT`` to the group, then
  ``taskkill /T /F`` (the whole tree) after the grace period.
- Neither: ``terminate()`` then ``kill()`` of the leader (children are not reached).

Text at the edges (``utf8_output``, ``decode_output``, ``split_command``):

- intake's own output is UTF-8 whatever its stdout and stderr are. Python writes a redirected
  stream (a pipe, a file, a CI log) in the locale's encoding: the ANSI code page on Windows
  (cp1252, which has no ``→``, ``✓`` or ``…`` and raises ``UnicodeEncodeError``), Latin-1 under
  a Latin-1 locale. A console on Windows is UTF-8 already (``_WindowsConsoleIO``). GAIA does the
  same for its own streams (``src/gaia/logger.py`` ``configure_console_encoding``;
  docs/gaia-formats.md#logger).
- A child's output (GAIA's runner) is read as UTF-8, and a line that is not UTF-8 in the
  locale's encoding (``decode_output``); a command given as one string (``INTAKE_RUNNER``) is
  split by the platform's rules, the C runtime's on Windows (``split_command``).
"""

from __future__ import annotations

import contextlib
import errno
import locale
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, TypedDict


class LockBusy(Exception):
    """Another process holds the lock."""


class NoFileLock(Exception):
    """This interpreter has neither ``fcntl.flock`` nor ``msvcrt.locking``."""


def _module(name: str) -> ModuleType | None:
    try:
        return __import__(name)
    except ImportError:
        return None


_fcntl = _module("fcntl")
_msvcrt = _module("msvcrt")


def lock_backend() -> str:
    """``"flock"``, ``"msvcrt"`` or ``""`` (neither): how ``exclusive_lock`` locks here."""
    if _fcntl is not None and hasattr(_fcntl, "flock"):
        return "flock"
    if _msvcrt is not None and hasattr(_msvcrt, "locking"):
        return "msvcrt"
    return ""


# --- locks -----------------------------------------------------------------------------------


def _try_lock(fd: int, backend: str) -> None:
    """Lock ``fd`` or raise ``LockBusy`` (never waits)."""
    try:
        if backend == "flock":
            assert _fcntl is not None
            _fcntl.flock(fd, _fcntl.LOCK_EX | _fcntl.LOCK_NB)
        else:
            assert _msvcrt is not None
            os.lseek(fd, 0, os.SEEK_SET)
            _msvcrt.locking(fd, _msvcrt.LK_NBLCK, 1)
    except OSError as exc:
        if isinstance(exc, BlockingIOError) or exc.errno in (
            errno.EACCES,
            errno.EAGAIN,
            errno.EDEADLK,
        ):
            raise LockBusy from None
        raise


def _same_file(path: Path, fd: int) -> bool:
    try:
        current = os.stat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (current.st_ino, current.st_dev) == (held.st_ino, held.st_dev)


def _kernel_lock(path: Path, backend: str) -> int:
    """An open descriptor of ``path`` holding its kernel lock, re-checked against the path."""
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        try:
            _try_lock(fd, backend)
        except BaseException:
            os.close(fd)
            raise
        if _same_file(path, fd):
            return fd
        os.close(fd)  # the file was removed (its holder let go) between open and lock


def _release_kernel_lock(path: Path, fd: int, backend: str) -> None:
    if backend == "msvcrt":
        # Windows cannot remove an open file: unlock, close, then remove; a removal that fails
        # because another process opened it meanwhile leaves it to that process.
        with contextlib.suppress(OSError):
            assert _msvcrt is not None
            os.lseek(fd, 0, os.SEEK_SET)
            _msvcrt.locking(fd, _msvcrt.LK_UNLCK, 1)
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(path)
        return
    with contextlib.suppress(OSError):
        os.unlink(path)  # before the lock goes: a waiter that opened it re-checks the inode
    os.close(fd)


@contextlib.contextmanager
def exclusive_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if missing, removed on release).

    Raises ``LockBusy`` at once when another process holds it, ``NoFileLock`` where the
    interpreter has no kernel lock. See the module's docstring for the two implementations.
    """
    backend = lock_backend()
    if not backend:
        raise NoFileLock(str(path))
    fd = _kernel_lock(path, backend)
    try:
        yield
    finally:
        _release_kernel_lock(path, fd, backend)


# --- files -----------------------------------------------------------------------------------


def nonblocking_read_flags() -> int:
    """``os.open`` flags to read a file without blocking on a FIFO (``O_NONBLOCK`` where the
    platform has it; Windows has no FIFOs in the file system and no such flag)."""
    return os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


# --- process trees ---------------------------------------------------------------------------


def tree_backend() -> str:
    """``"posix"``, ``"windows"`` or ``"leader"``: how ``stop_tree`` reaches a runner's tree."""
    if hasattr(os, "killpg") and hasattr(os, "setsid") and hasattr(signal, "SIGKILL"):
        return "posix"
    if sys.platform == "win32":
        return "windows"
    return "leader"


class GroupOptions(TypedDict, total=False):
    """The ``subprocess.Popen`` keywords of a process group of its own (one of them)."""

    start_new_session: bool
    creationflags: int


def new_group_options() -> GroupOptions:
    """``subprocess.Popen`` keywords that start the child in a process group of its own."""
    backend = tree_backend()
    if backend == "posix":
        return {"start_new_session": True}
    if backend == "windows":
        return {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0x200)}
    return {}


def stop_tree(proc: subprocess.Popen[bytes], grace: float) -> None:
    """Stop ``proc`` and the processes it started: gently first, by force after ``grace`` s."""
    _STOPPERS[tree_backend()](proc, grace)


def _signal_group(pid: int, name: str) -> None:
    sig = getattr(signal, name)
    killpg = getattr(os, "killpg")  # noqa: B009 (resolved at call time: absent on Windows)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        killpg(pid, sig)


def _stop_posix_group(proc: subprocess.Popen[bytes], grace: float) -> None:
    _signal_group(proc.pid, "SIGTERM")
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=grace)
    _signal_group(proc.pid, "SIGKILL")  # what is left, and children that outlived the leader
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=grace)  # at once when the leader has left


def _taskkill_tree(pid: int) -> None:
    exe = shutil.which("taskkill")
    if exe is None:
        return
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run(
            [exe, "/T", "/F", "/PID", str(pid)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=30,
            check=False,
        )


def _stop_windows_tree(proc: subprocess.Popen[bytes], grace: float) -> None:
    brk = getattr(signal, "CTRL_BREAK_EVENT", None)
    if brk is not None:
        with contextlib.suppress(OSError, ValueError):
            proc.send_signal(brk)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=grace)
    _taskkill_tree(proc.pid)  # the tree (a no-op for what already left)
    _end_leader(proc, grace, proc.kill)


def _end_leader(proc: subprocess.Popen[bytes], grace: float, *ends: Callable[[], None]) -> None:
    """Each of ``ends`` (``proc.terminate``, ``proc.kill``) in turn until the leader has left."""
    for end in ends:
        with contextlib.suppress(OSError):
            end()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=grace)
            return


def _stop_leader(proc: subprocess.Popen[bytes], grace: float) -> None:
    _end_leader(proc, grace, proc.terminate, proc.kill)


_STOPPERS = {"posix": _stop_posix_group, "windows": _stop_windows_tree, "leader": _stop_leader}


def termination_signals() -> list[signal.Signals]:
    """The signals that mean "stop" from outside: ``SIGTERM``, plus ``SIGHUP`` (a closed
    terminal) where it exists and ``SIGBREAK`` (Ctrl-Break) on Windows."""
    names = ("SIGTERM", "SIGHUP", "SIGBREAK")
    return [getattr(signal, name) for name in names if hasattr(signal, name)]


def file_size_limited() -> bool:
    """Whether a file size limit (``ulimit -f``) is set; False where there is none to ask.

    SQLite reports a write the limit refused (EFBIG) as a plain I/O error, so the error line
    asks this to name the cause.
    """
    resource = _module("resource")
    if resource is None:
        return False
    soft, _ = resource.getrlimit(resource.RLIMIT_FSIZE)
    return bool(soft != resource.RLIM_INFINITY)


# --- text at the edges -----------------------------------------------------------------------


def utf8_output(*streams: Any) -> None:
    """Make each text stream (default: stdout and stderr) write UTF-8, never raising on a
    character it cannot encode (see the module's docstring).

    The stream is reconfigured in place (``TextIOWrapper.reconfigure``), so whoever holds it
    (click, a test's capture) keeps writing to the same object. A stream that cannot be
    reconfigured (already closed, not a ``TextIOWrapper``) is left as it is.
    """
    for stream in streams or (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        with contextlib.suppress(AttributeError, ValueError, OSError, LookupError):
            if str(getattr(stream, "encoding", "")).lower().replace("_", "-") in ("utf-8", "utf8"):
                reconfigure(errors="replace")
            else:
                reconfigure(encoding="utf-8", errors="replace")


def reader_left(exc: BaseException) -> bool:
    """Whether ``exc``, raised by a write to stdout, means its reader went away
    (``intake … | head``): ``BrokenPipeError`` on POSIX; on Windows CPython reports a write to
    a closed pipe as ``OSError`` with ``EINVAL``. Only for an error of that write itself (the
    CLI's one writer asks): ``EINVAL`` has other causes elsewhere."""
    if isinstance(exc, BrokenPipeError):
        return True
    return os.name == "nt" and isinstance(exc, OSError) and exc.errno == errno.EINVAL


def platform_encoding() -> str:
    """The encoding a child process writes a pipe in when nothing says otherwise: the
    locale's (the ANSI code page on Windows, cp1252 on a Western one), whatever UTF-8 mode
    this interpreter runs in."""
    getencoding = getattr(locale, "getencoding", None)  # Python 3.11+
    name = getencoding() if getencoding is not None else locale.getpreferredencoding(False)
    return name or "utf-8"


def decode_output(raw: bytes, fallback: str | None = None) -> str:
    """A child's output line as text: UTF-8 when it is valid UTF-8, else ``fallback`` (default
    ``platform_encoding()``), with anything neither can read replaced (``�``)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return raw.decode(fallback or platform_encoding(), errors="replace")
    except LookupError:
        return raw.decode("utf-8", errors="replace")


def split_command(text: str, *, windows: bool | None = None) -> list[str]:
    """A command line given as one string, split into its words by the platform's rules
    (``windows``: the Microsoft C runtime's; default: the running platform's).

    Raises ``ValueError`` for a quote that is never closed (both rule sets).
    """
    if windows is None:
        windows = os.name == "nt"
    if windows:
        return split_windows_command(text)
    import shlex

    return shlex.split(text)


def split_windows_command(text: str) -> list[str]:
    """``text`` split as the Microsoft C runtime splits a command line (``CommandLineToArgvW``,
    the rules ``subprocess.list2cmdline`` quotes for).

    Words are separated by spaces and tabs outside double quotes. A backslash is literal,
    except in a run of backslashes before a double quote: 2n backslashes and a quote give n
    backslashes and the quote opens or closes a quoted part; 2n+1 give n backslashes and a
    literal quote. Inside a quoted part, ``""`` is a literal quote. An unclosed quote is an
    error here (the runtime would take the rest of the line; a runner string cut off is a
    mistake worth naming).
    """
    words: list[str] = []
    word: list[str] = []
    in_word = False
    quoted = False
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char == "\\":
            run = i
            while i < n and text[i] == "\\":
                i += 1
            count = i - run
            if i < n and text[i] == '"':
                word.append("\\" * (count // 2))
                if count % 2:
                    word.append('"')
                    i += 1
                in_word = True
                continue
            word.append("\\" * count)
            in_word = True
            continue
        if char == '"':
            if quoted and i + 1 < n and text[i + 1] == '"':
                word.append('"')
                i += 2
                continue
            quoted = not quoted
            in_word = True
            i += 1
            continue
        if char in " \t" and not quoted:
            if in_word:
                words.append("".join(word))
                word, in_word = [], False
            i += 1
            continue
        word.append(char)
        in_word = True
        i += 1
    if quoted:
        raise ValueError("No closing quotation")
    if in_word:
        words.append("".join(word))
    return words
