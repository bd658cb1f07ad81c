"""What intake trusts on disk: only what it wrote itself, only where it may write.

A checkout is untrusted material: a pull request can carry a file into ``.intake/`` (``git add
-f``), point ``ledger_path`` at a tracked folder, or plant a symbolic link where intake keeps
its locks and temporaries. So:

- a journal is sealed with an HMAC whose key lives in the user's state folder, outside every
  repository (``state_dir``): a journal this machine did not write does not verify and is never
  replayed; one that git tracks is refused even when it verifies;
- a unit (fresh or replayed) may only write or remove drafts, records and scenarios under the
  drafts and scenarios folders, and files under the ledger's own folder: never ``.git/``,
  never outside the suite, never through a link (``check_target``);
- intake's own folders and files (the ledger folder, ``locks/``, ``tmp/``, ``pending/``) are
  refused when they are links (``own_dir``);
- ``ledger_path`` must resolve to a place git ignores or that holds nothing git tracks
  (``check_ledger_location``).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from functools import cache
from pathlib import Path, PurePosixPath

from intake.config import Settings
from intake.errors import ConfigError, UntrustedState
from intake.gitutil import git_output
from intake.paths import display_path, inside
from intake.store.records import RECORD_SUFFIX
from intake.userconfig import state_dir

KEY_FILE = "journal.key"
MAC_PREFIX = "hmac-sha256:"


def journal_key(settings: Settings) -> bytes:
    """The machine's journal key (32 random bytes), created on first use.

    Refused when the state folder lies inside the suite: a key a checkout can carry would
    let a pull request seal its own journal.
    """
    folder = state_dir()
    if inside(folder, settings.root):
        raise ConfigError(
            "intake's state folder is inside the suite; a key there could come with a checkout",
            where=display_path(folder, settings.root),
            hint="set INTAKE_STATE_DIR to a folder outside every repository",
        )
    return _key_at(folder.resolve() / KEY_FILE)


@cache
def _key_at(path: Path) -> bytes:
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(32)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, key.hex().encode("ascii"))
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        os.link(tmp, path)  # the first writer wins; a concurrent one reads the winner's key
    except FileExistsError:
        pass
    except OSError:  # a file system without hard links
        if not path.exists():
            os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return _read_key(path)


def _read_key(path: Path) -> bytes:
    if path.is_symlink() or (path.exists() and not stat.S_ISREG(path.lstat().st_mode)):
        raise UntrustedState("the journal key is not a regular file", where=str(path))
    text = path.read_text(encoding="ascii").strip()
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) < 32:
        raise UntrustedState(
            "the journal key is damaged",
            where=str(path),
            hint="delete it; intake makes a new one (unfinished journals are then reported)",
        )
    return key


def seal(settings: Settings, body: str) -> str:
    """The MAC of a journal body (``hmac-sha256:<hex>``)."""
    mac = hmac.new(journal_key(settings), body.encode("utf-8"), hashlib.sha256).hexdigest()
    return MAC_PREFIX + mac


def verify(settings: Settings, body: str, mac: object) -> bool:
    """Whether ``mac`` is this machine's seal of ``body``."""
    return isinstance(mac, str) and hmac.compare_digest(seal(settings, body), mac)


def tracked_by_git(root: Path, path: Path) -> bool:
    """Whether git tracks ``path`` (False outside a repository or without git)."""
    if not inside(path, root):
        return False
    rel = path.resolve().relative_to(root.resolve()).as_posix()
    return bool(git_output(["ls-files", "-z", "--", rel], root))


def refuse_link(path: Path, what: str, root: Path) -> None:
    """Refuse ``path`` when it is a symbolic link (intake follows no link it did not make)."""
    if path.is_symlink():
        raise UntrustedState(
            f"{what} is a symbolic link; intake does not follow links it did not make",
            where=display_path(path.parent, root) + "/" + path.name,
            hint="remove the link; intake recreates what it needs",
        )


def own_dir(folder: Path, root: Path, what: str = "intake's working folder") -> Path:
    """``folder`` once neither it nor any folder between the suite root and it is a link.

    Creates it when missing. A folder outside the root is checked from its own parent only
    (a ledger configured elsewhere, in a temporary folder).
    """
    parts = _chain(folder, root)
    for part in parts:
        refuse_link(part, what, root)
    folder.mkdir(parents=True, exist_ok=True)
    for part in parts:
        refuse_link(part, what, root)
    return folder


def _chain(folder: Path, root: Path) -> list[Path]:
    """``folder`` and its parents below ``root`` (just ``folder`` when it is outside)."""
    if not folder.is_relative_to(root):
        return [folder]
    chain, current = [], root
    for name in folder.relative_to(root).parts:
        current = current / name
        chain.append(current)
    return chain


HISTORY_SUFFIX = ".intake-event.json"
"""The suffix of a committed history event file (``intake.store.history``)."""


def _allowed_folders(settings: Settings) -> list[Path]:
    return [
        settings.drafts,
        settings.scenarios,
        settings.retired,
        settings.ledger.parent,
        history_dir(settings),
    ]


def history_dir(settings: Settings) -> Path:
    """The suite's committed history folder."""
    return settings.path(settings.history_dir)


def check_target(settings: Settings, path: Path, *, what: str = "a journal") -> None:
    """Refuse a file a unit would write or remove unless intake may touch it.

    Allowed: a ``.yaml`` scenario or draft and its ``.intake.json`` record under the drafts,
    the scenarios or the retired folder, an event file directly in the history folder, or a
    file under the ledger's own folder; reached through no link,
    never under ``.git`` (or any folder whose name starts with a dot, below those folders).
    """
    root = settings.root
    absolute = path if path.is_absolute() else root / path
    where = _shown(absolute, root)
    if not inside(absolute, root) or ".." in PurePosixPath(where).parts:
        raise UntrustedState(f"{what} names a file outside the suite", where=where)
    for folder in _allowed_folders(settings):
        if absolute != folder and absolute.is_relative_to(folder):
            break
    else:
        raise UntrustedState(
            f"{what} names a file outside the drafts, scenarios and ledger folders",
            where=where,
        )
    rel_parts = absolute.relative_to(folder).parts if folder != absolute else ()
    if folder == history_dir(settings):
        if len(rel_parts) != 1 or not absolute.name.endswith(HISTORY_SUFFIX):
            raise UntrustedState(f"{what} names a file that is no history event", where=where)
    elif folder != settings.ledger.parent:
        name = absolute.name
        if not (name.endswith(".yaml") or name.endswith(RECORD_SUFFIX)):
            raise UntrustedState(f"{what} names a file that is no draft or record", where=where)
        if any(p.startswith(".") for p in rel_parts):
            raise UntrustedState(f"{what} names a hidden file or folder", where=where)
    if ".git" in absolute.relative_to(root).parts:
        raise UntrustedState(f"{what} names a file under .git", where=where)
    for part in _chain(absolute, root):
        if part.is_symlink():
            raise UntrustedState(f"{what} would write through a symbolic link", where=where)
    if not inside(absolute, folder):
        raise UntrustedState(f"{what} names a file outside the suite's folders", where=where)


def _shown(path: Path, root: Path) -> str:
    return (
        path.relative_to(root).as_posix() if path.is_relative_to(root) else display_path(path, root)
    )


def check_ledger_location(settings: Settings) -> None:
    """Refuse a ledger folder git would track: under ``.git``, the drafts or scenarios folder,
    or a folder that holds files git tracks (other than intake's own ``pending/`` journals,
    which are refused one by one and reported by ``check``)."""
    folder = settings.ledger.parent
    root = settings.root
    if not inside(folder, root):
        return
    rel = folder.resolve().relative_to(root.resolve())
    shown = rel.as_posix() or "."
    if rel.parts and rel.parts[0] == ".git" or not rel.parts:
        raise ConfigError(
            "ledger_path must be in a folder of its own, not the suite root or .git",
            where=shown,
            hint='the default is ledger_path = ".intake/ledger.db"',
        )
    for own in (settings.drafts, settings.scenarios):
        if inside(folder, own) or inside(own, folder):
            raise ConfigError(
                "ledger_path must not share a folder with drafts or scenarios",
                where=shown,
                hint='the default is ledger_path = ".intake/ledger.db"',
            )
    out = git_output(["ls-files", "-z", "--", rel.as_posix()], root)
    tracked = [t for t in (out or b"").decode("utf-8", "replace").split("\0") if t]
    pending = (rel / "pending").as_posix() + "/"
    foreign = [t for t in tracked if not t.startswith(pending)]
    if foreign:
        raise ConfigError(
            "ledger_path is in a folder that git tracks; intake keeps its state only in an "
            "ignored folder",
            where=shown,
            hint=f"use an ignored folder (the default .intake/), or `git rm --cached` "
            f"what is tracked there ({len(foreign)} file(s))",
        )
