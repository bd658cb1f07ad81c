"""Asking git, where intake needs to: who the author is, what is tracked, where the top is.

git is optional: every question returns None when git is missing, fails or is not a
repository, and the caller decides what that means.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from intake.config import Settings


def git_output(
    args: list[str],
    cwd: Path,
    *,
    timeout: float = 30,
    stdin: bytes | None = None,
    env: dict[str, str] | None = None,
) -> bytes | None:
    """stdout of ``git ARGS`` run in ``cwd`` (given ``stdin`` on its input, in ``env`` when
    given), or None if git could not answer."""
    try:
        done = subprocess.run(
            ["git", *args],
            cwd=cwd,
            input=stdin,
            env=env,
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def git_text(args: list[str], cwd: Path, *, timeout: float = 30) -> str | None:
    """Stripped text output of ``git ARGS``; None if git could not answer or said nothing."""
    raw = git_output(args, cwd, timeout=timeout)
    text = raw.decode("utf-8", "replace").strip() if raw is not None else ""
    return text or None


def _safe_ref(ref: str | None) -> bool:
    return bool(ref) and "\n" not in str(ref) and not str(ref).startswith("-")


def _porcelain_names(raw: bytes) -> set[str]:
    """Paths in ``git status --porcelain -z`` output; a rename's or copy's source is skipped
    (``-z`` gives it as a field of its own, with no status in front)."""
    names: set[str] = set()
    fields = iter(raw.decode("utf-8", "replace").split("\0"))
    for entry in fields:
        if len(entry) < 4:
            continue
        names.add(entry[3:])
        if entry[0] in "RC" or entry[1] in "RC":
            next(fields, None)  # the source path of a rename or copy
    return names


def changed_paths(root: Path, base_ref: str | None) -> set[Path] | None:
    """Files this pull request or working tree adds or changes, resolved; None when git
    cannot tell. The one answer to "what does this change touch" for every command.

    The working tree's changes (staged, unstaged, untracked) and, given the PR's base branch
    (``GITHUB_BASE_REF``, tried as ``origin/<ref>`` then ``<ref>``), every file changed since
    the merge base (renames count as the new name; the checkout needs the base's history,
    ``fetch-depth: 0``).
    """
    status = git_output(["status", "--porcelain", "-z", "--untracked-files=all"], root)
    if status is None:
        return None
    names = _porcelain_names(status)
    if base_ref is not None and _safe_ref(base_ref):
        for candidate in (f"origin/{base_ref}", base_ref):
            base = git_output(["merge-base", "HEAD", candidate], root)
            if not base:
                continue
            diff = git_output(
                ["diff", "--name-only", "-z", "--no-renames", base.decode().strip()], root
            )
            if diff is not None:
                names.update(n for n in diff.decode("utf-8", "replace").split("\0") if n)
            break
    base_dir = repo_top(root) or root
    return {(base_dir / n).resolve() for n in names}


def base_tip(root: Path, base_ref: str | None) -> str | None:
    """The commit the change's base branch points at (``origin/<ref>``, then ``<ref>``), or
    None when there is no base branch or git cannot find it."""
    if base_ref is None or not _safe_ref(base_ref):
        return None
    for candidate in (f"origin/{base_ref}", base_ref):
        found = git_text(["rev-parse", "--verify", "--quiet", f"{candidate}^{{commit}}"], root)
        if found:
            return found
    return None


def first_added(
    cwd: Path, paths: list[Path], *, base_ref: str | None = None, timeout: float = 120
) -> dict[Path, datetime]:
    """When each file under ``paths`` arrived on the base side (committer date, aware), in one
    call.

    A commit's author date is whatever its author typed (``git commit --date``), so it dates
    nothing. The date is the *committer* date of the commit on the first-parent line that
    brought the file in: on a branch that takes changes by merge, squash or rebase, that is the
    merge GitHub or the maintainer made, whose date the contributor does not set
    (``--first-parent --diff-merges=first-parent``: a merge shows as adding what its branch
    added). Given the change's base branch (``base_ref``: ``GITHUB_BASE_REF``), the line walked
    is the base branch's own, never the change's: a file only the change adds has no git date,
    and a file that came from the contributor's branch is dated by the base's merge.

    One ``git log --reverse --name-status`` pass over the history of ``paths``: a rename carries
    the old name's date to the new name (what ``git log --follow`` would find, for the whole
    suite at once). Files git never saw are absent from the answer; so is everything when git
    is missing or this is no repository. Keys are resolved paths.
    """
    top = repo_top(cwd)
    if top is None or not paths:
        return {}
    revision = "HEAD"
    if base_ref is not None:
        found = base_tip(cwd, base_ref)
        if found is None:
            return {}
        revision = found
    args = [
        revision,
        "--first-parent",
        "--diff-merges=first-parent",
        "--reverse",
        "--name-status",
        "-M",
        "-z",
        "--diff-filter=ACR",
        "--format=%x01%cI",
        "--",
        *(str(p) for p in paths),
    ]
    text = _log(cwd, args, timeout)
    if text is None:
        return {}
    return {(top / name).resolve(): when for name, when in _added_dates(text).items()}


def _log(cwd: Path, args: list[str], timeout: float) -> str | None:
    """``git log ARGS`` with paths unquoted, as text (bytes no UTF-8 kept as surrogates)."""
    raw = git_output(["-c", "core.quotePath=false", "log", *args], cwd, timeout=timeout)
    return raw.decode("utf-8", "surrogateescape") if raw is not None else None


def _added_dates(text: str) -> dict[str, datetime]:
    """Repository-relative name → first-added date, from the ``-z`` log ``first_added`` reads."""
    dates: dict[str, datetime] = {}
    for chunk in text.split("\x01"):
        fields = chunk.split("\0")
        try:
            when = datetime.fromisoformat(fields[0].strip())
        except ValueError:
            continue
        tokens = (f.lstrip("\n") for f in fields[1:])
        for status in tokens:
            if status[:1] in ("R", "C"):
                old, new = next(tokens, ""), next(tokens, None)
                if new is None:
                    break
                dates.setdefault(new, dates.get(old, when) if status[0] == "R" else when)
            elif status[:1] == "A" and (name := next(tokens, None)) is not None:
                dates.setdefault(name, when)
    return dates


def repo_top(cwd: Path) -> Path | None:
    """The top of the git working tree holding ``cwd``; None outside one."""
    top = git_text(["rev-parse", "--show-toplevel"], cwd)
    return Path(top) if top else None


def merge_base(root: Path, ref: str) -> str | None:
    """The merge base of ``HEAD`` and ``ref``: what a change on ``HEAD`` started from (the
    commit ``ref`` names when the histories share nothing); None when ``ref`` is unknown."""
    if not _safe_ref(ref):
        return None
    commit = git_text(
        ["rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}"], root
    )
    if commit is None:
        return None
    return git_text(["merge-base", "HEAD", commit], root) or commit


def remote_default(root: Path, remote: str = "origin") -> str | None:
    """``refs/remotes/<remote>/HEAD`` when the clone has it: the branch a fresh clone's remote
    points at, the base of a contributor's branch. Only the remote named (``origin``, or the
    one configured), never the current branch's tracking remote: for a fork's branch that is
    the fork, whose default branch the contributor chooses.

    None on that branch itself (``main`` checked out where ``origin/HEAD`` is ``origin/main``):
    there the maintainer works on the base, and what they commit is what the base accepts.
    """
    if not _safe_ref(remote) or remote == "." or "/" in remote:
        return None
    branch = git_text(["symbolic-ref", "--quiet", "--short", "HEAD"], root)
    ref = f"refs/remotes/{remote}/HEAD"
    if not git_text(["rev-parse", "--verify", "--quiet", ref], root):
        return None
    target = symbolic_target(root, ref) or ""
    if branch and target == f"refs/remotes/{remote}/{branch}":
        return None
    return ref


def symbolic_target(root: Path, ref: str) -> str | None:
    """The full ref a symbolic ref (``refs/remotes/origin/HEAD``) points at."""
    return git_text(["symbolic-ref", "--quiet", ref], root) if _safe_ref(ref) else None


def files_at(top: Path, commit: str, folder: str) -> list[str]:
    """Every file below ``folder`` (top-relative, ``/``-separated) at ``commit``, top-relative."""
    return sorted(tree_entries(top, commit, [folder.rstrip("/") + "/"]))


class Blobs:
    """Files at commits read through one ``git cat-file --batch`` process (one subprocess for
    every file a check reads from the base). ``read`` answers None for a path that is no file
    there, and for everything once git has failed."""

    def __init__(self, top: Path) -> None:
        self.top = top
        self._process: subprocess.Popen[bytes] | None = None
        self._failed = False

    def read(self, commit: str, path: str) -> bytes | None:
        """The bytes of ``path`` (top-relative) at ``commit``, or None."""
        if self._failed or "\n" in path or "\n" in commit:
            return None
        try:
            if self._process is None:
                self._process = subprocess.Popen(
                    ["git", "cat-file", "--batch"],
                    cwd=self.top,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                )
            stdin, stdout = self._process.stdin, self._process.stdout
            assert stdin is not None and stdout is not None
            stdin.write(f"{commit}:{path}\n".encode("utf-8", "surrogateescape"))
            stdin.flush()
            header = stdout.readline().split()
            if len(header) != 3:
                return None
            size = int(header[2])
            data = stdout.read(size)
            stdout.read(1)
        except (OSError, ValueError):
            self._failed = True
            self.close()
            return None
        return data if header[1] == b"blob" else None

    def close(self) -> None:
        """End the ``git cat-file`` process."""
        if self._process is not None:
            process, self._process = self._process, None
            try:
                if process.stdin is not None:
                    process.stdin.close()
                process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                process.kill()
                process.wait()
            finally:
                if process.stdout is not None:
                    process.stdout.close()


def authors_by_path(top: Path, folders: list[str]) -> dict[str, list[str]]:
    """For every file git's history of ``folders`` (top-relative) touched: the name and e-mail
    local part of each author of a commit that changed it, in one ``git log`` (empty without
    git). A rename is attributed to the new name from then on; callers add the old name's."""
    if not folders:
        return {}
    text = _log(top, ["-z", "--format=%x01%an%x00%ae", "--name-only", "--", *folders], 120)
    if text is None:
        return {}
    found: dict[str, list[str]] = {}
    for chunk in text.split("\x01")[1:]:
        fields = chunk.split("\0")
        if len(fields) < 2:
            continue
        who = [fields[0].strip(), fields[1].strip().split("@", 1)[0]]
        for name in fields[2:]:
            name = name.lstrip("\n")
            if not name:
                continue
            names = found.setdefault(name, [])
            names += [w for w in who if w and w not in names]
    return found


# --- the commit, not its projection ----------------------------------------------------------

LINK_MODE = "120000"
TRANSFORMING = ("ident", "filter", "working-tree-encoding", "eol")
"""Attributes that make the working tree's bytes differ from the commit's (docs/trust.md)."""


def tree_entries(
    top: Path, commit: str, paths: list[str], *, recursive: bool = True, timeout: float = 30
) -> dict[str, tuple[str, str]]:
    """``{path: (mode, object id)}`` of the entries at ``commit`` under (or, not
    ``recursive``, at) ``paths`` (top-relative); empty when git cannot answer."""
    if not paths or not _safe_ref(commit):
        return {}
    args = ["ls-tree", "-z", "--full-tree", *(["-r"] if recursive else []), commit, "--", *paths]
    raw = git_output(args, top, timeout=timeout)
    found: dict[str, tuple[str, str]] = {}
    for item in (raw or b"").split(b"\0"):
        if b"\t" not in item:
            continue
        meta, name = item.split(b"\t", 1)
        mode, _, sha = meta.decode("ascii", "replace").split()
        found[name.decode("utf-8", "surrogateescape")] = (mode, sha)
    return found


def linked_folders(top: Path, commit: str, folders: list[str]) -> list[str]:
    """Each of ``folders``, or a folder above one, that is a symbolic link at ``commit``."""
    prefixes: list[str] = []
    for folder in folders:
        parts = [p for p in folder.strip("/").split("/") if p and p != "."]
        prefixes += ["/".join(parts[: i + 1]) for i in range(len(parts))]
    entries = tree_entries(top, commit, list(dict.fromkeys(prefixes)), recursive=False)
    return sorted(p for p, (mode, _) in entries.items() if mode == LINK_MODE)


def worktree_ids(top: Path, paths: list[str]) -> dict[str, str]:
    """The object id git would give each working-tree file's bytes as they are
    (``hash-object --no-filters``: no attribute, filter or line-end conversion applied)."""
    files = [p for p in paths if (top / p).is_file() and not (top / p).is_symlink()]
    if not files:
        return {}
    names = "\n".join(files).encode("utf-8", "surrogateescape") + b"\n"
    raw = git_output(
        ["hash-object", "--no-filters", "--stdin-paths"], top, timeout=120, stdin=names
    )
    ids = raw.decode("ascii", "replace").split() if raw is not None else []
    return dict(zip(files, ids, strict=False))


def local_edits(top: Path) -> set[str] | None:
    """Top-relative paths git itself reports as changed in the working tree or index
    (modified, added, deleted, untracked, ignored); None when git cannot tell."""
    raw = git_output(["status", "--porcelain", "-z", "--untracked-files=all", "--ignored"], top)
    return None if raw is None else _porcelain_names(raw)


def transforming_attributes(top: Path, commit: str, paths: list[str]) -> dict[str, list[str]]:
    """For each path, the attributes of ``TRANSFORMING`` that ``commit``'s ``.gitattributes``
    set on it (read through a temporary index of the commit, never the working tree's)."""
    if not paths or not _safe_ref(commit):
        return {}
    import os
    import tempfile

    with tempfile.TemporaryDirectory(prefix="intake-attr-") as folder:
        env = {**os.environ, "GIT_INDEX_FILE": str(Path(folder) / "index")}
        if git_output(["read-tree", commit], top, timeout=60, env=env) is None:
            return {}
        names = b"\0".join(p.encode("utf-8", "surrogateescape") for p in paths)
        check = ["check-attr", "--cached", "--stdin", "-z", *TRANSFORMING]
        raw = git_output(check, top, timeout=120, stdin=names, env=env)
    if raw is None:
        return {}
    fields = raw.decode("utf-8", "surrogateescape").split("\0")
    found: dict[str, list[str]] = {}
    for i in range(0, len(fields) - 2, 3):
        path, attribute, value = fields[i : i + 3]
        if value not in ("unspecified", "unset"):
            found.setdefault(path, []).append(attribute)
    return found


COMMIT = re.compile(r"^[0-9a-fA-F]{7,40}$")
"""A commit name: 7 to 40 hex digits."""


def aware(moment: datetime) -> datetime:
    """``moment`` with UTC as its zone when it has none (GAIA writes local times naive)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Ancestry:
    """Whether a fix commit is in the code a run tested, asked of a GAIA clone's history: the
    commits named are resolved in one ``git cat-file --batch-check``, and the run commits that
    descend from a fix are listed in one ``git rev-list --ancestry-path ^FIX COMMIT...`` per fix
    (``prime``), each answer kept."""

    def __init__(self, clone: Path | None) -> None:
        self.clone = clone
        self._full: dict[str, str | None] = {}
        self._pairs: dict[tuple[str, str], bool] = {}

    @classmethod
    def of(cls, settings: Settings) -> Ancestry:
        """The clone ``gaia_git`` names (relative to the suite's root), else the git repository
        the suite is in."""
        return cls(settings.path(settings.gaia_git) if settings.gaia_git else settings.root)

    def _git(self, args: list[str], stdin: bytes = b"") -> str | None:
        if self.clone is None:
            return None
        raw = git_output(args, self.clone, timeout=60, stdin=stdin)
        return raw.decode("ascii", "replace") if raw is not None else None

    def _resolve(self, names: Iterable[str]) -> None:
        wanted = sorted({n for n in names if n not in self._full})
        for name in wanted:
            self._full[name] = None
        asked = [n for n in wanted if COMMIT.fullmatch(n)]
        if not asked:
            return
        out = self._git(
            ["cat-file", "--batch-check"],
            "".join(f"{n}^{{commit}}\n" for n in asked).encode("ascii"),
        )
        lines = (out or "").splitlines()
        for name, line in zip(asked, lines, strict=False):
            parts = line.split()
            if len(parts) == 3 and parts[1] == "commit" and COMMIT.fullmatch(parts[0]):
                self._full[name] = parts[0]

    def known(self, commit: str) -> bool:
        self._resolve([commit])
        return self._full[commit] is not None

    def prime(self, fix: str | None, commits: Iterable[str | None]) -> None:
        """Answer at once whether ``fix`` is in each of ``commits`` (one git call)."""
        names = {c for c in commits if c is not None}
        if fix is None or not names:
            return
        self._resolve([fix, *names])
        head = self._full[fix]
        todo = sorted(n for n in names if self._full[n] is not None and (fix, n) not in self._pairs)
        if head is None or not todo:
            return
        out = self._git(
            [
                "rev-list",
                "--ancestry-path",
                f"^{head}",
                *sorted({self._full[n] or "" for n in todo}),
            ]
        )
        if out is None:
            return
        after = set(out.split()) | {head}
        for name in todo:
            self._pairs[(fix, name)] = self._full[name] in after

    def contains(self, commit: str | None, fix: str | None) -> bool | None:
        """Whether ``fix`` is an ancestor of ``commit`` (or is it); None when either is unknown
        to the clone (or not given)."""
        if commit is None or fix is None:
            return None
        self.prime(fix, [commit])
        return self._pairs.get((fix, commit))


def tested_before_fix(
    started: datetime,
    commit: str | None,
    closed: datetime,
    fix: str | None,
    ancestry: Ancestry | None,
) -> tuple[bool, bool]:
    """(whether a run tested the code before the fix, whether git ancestry decided it): the fix
    commit against the run's GAIA commit when the clone knows both, else the run's start (its
    GAIA run id) against the closing, never the run's end."""
    found = ancestry.contains(commit, fix) if ancestry is not None else None
    if found is not None:
        return not found, True
    return aware(started) < aware(closed), False
