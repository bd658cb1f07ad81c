"""The rules a change is judged by come from its base, never from the change (docs/trust.md).

A pull request can change every file it carries, ``pyproject.toml``, the scrubber's rules and
the baseline included. When a base revision is known (``--base REV``, ``$GITHUB_BASE_REF``, or
the remote's default branch of a clone: ``find_base``), ``rules_for`` reads the settings, the
rule files of ``scrubbers_dir`` and the baseline from that revision (``git cat-file``), and
lists every difference the change makes to them: each is a failing finding of ``intake check``
and blocks ``intake promote`` until a maintainer accepts it on the base branch. With no base
known the working tree is the maintainer's own and is used as it is.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from intake.config import (
    FIELDS,
    GAIA_LAYOUT,
    TOP_LEVEL_LAYOUT,
    SettingError,
    Settings,
    intake_table,
    layout_settings,
    load_settings,
)
from intake.contract.untrusted import terminal_safe
from intake.contract.validate import Problem, Severity
from intake.errors import InputError, UsageError
from intake.fileio import read_input
from intake.gitutil import (
    Blobs,
    files_at,
    git_output,
    git_text,
    merge_base,
    remote_default,
    repo_top,
    symbolic_target,
)
from intake.paths import display_path, repo_path
from intake.userconfig import Environ

BASE_REF_ENV = "GITHUB_BASE_REF"

NO_BASE = (
    "no base revision known: the working tree's settings, rules, baseline and evidence are "
    "taken as the maintainer's own (judge a change with --base REV)"
)


def _how(at_base: bool, now: bool) -> str:
    """What the change did to a setting or file, from where it is."""
    return "added" if not at_base else "removed" if not now else "changed"


@dataclass(frozen=True)
class Base:
    """The revision a change is judged against: a commit, how it was found, the repository."""

    commit: str
    how: str
    top: Path
    blobs: Blobs = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "blobs", Blobs(self.top))

    @property
    def short(self) -> str:
        """The commit's first 12 digits."""
        return self.commit[:12]

    def describe(self) -> str:
        """One line for the check's output."""
        return f"rules and evidence judged against the base {self.short} ({self.how})"

    def rel(self, path: Path) -> str | None:
        """``path``'s name in the repository (``repo_path``); None outside it, links followed."""
        return repo_path(self.top, path)

    def show(self, path: Path) -> bytes | None:
        """The file's bytes at the base; None when it is no file there (or lies outside)."""
        rel = self.rel(path)
        return None if rel is None else self.blobs.read(self.commit, rel)

    def show_head(self, path: Path) -> bytes | None:
        """The file's bytes at ``HEAD`` (what is committed); None when it is no file there."""
        rel = self.rel(path)
        return None if rel is None else self.blobs.read("HEAD", rel)

    def files(self, folder: Path) -> list[Path]:
        """Every file below ``folder`` at the base, as working-tree paths."""
        rel = self.rel(folder)
        if rel is None:
            return []
        return [self.top.resolve() / name for name in files_at(self.top, self.commit, rel)]


def find_base(
    root: Path, explicit: str | None = None, environ: Mapping[str, str] | None = None
) -> Base | None:
    """The base revision, in order: ``explicit`` (``--base``), ``$GITHUB_BASE_REF`` (as
    ``refs/remotes/<remote>/<ref>``, then ``refs/heads/<ref>``), the default branch of the
    remote ``origin`` (or the one ``git config intake.remote`` names: never the current
    branch's tracking remote, which for a fork's branch is the fork); the merge base of
    ``HEAD`` with it. None outside git or when none is known.

    A name is resolved as a fully qualified ref only (``refs/heads/<name>``,
    ``refs/remotes/<name>``, ``refs/tags/<name>``, or a full ``refs/…``, or a commit id): a
    name two of those hold (a fork's tag ``origin/master`` beside the remote branch) is
    refused, never resolved by git's order, which takes the tag first. A ``--base`` git cannot
    resolve is a usage error, and so is a ``$GITHUB_BASE_REF`` the checkout lacks (a shallow
    clone) and, in CI, a base that is ``HEAD`` itself: a gate that silently judged the change
    by its own rules would pass what it must fail. The description names the full ref and the
    remote's URL (without credentials).
    """
    top = repo_top(root)
    ci = Environ.of(environ).in_ci
    if explicit is not None:
        shown = terminal_safe(explicit[:80])
        if top is None:
            raise UsageError("--base needs a git repository", where=shown)
        full = qualified_ref(root, explicit)
        commit = merge_base(root, full) if full is not None else None
        if full is None or commit is None:
            raise UsageError(
                "--base names no revision git knows here",
                where=shown,
                hint="give a branch, a remote branch (origin/main), a full ref "
                "(refs/remotes/origin/main) or a commit id of this repository (fetch it first)",
            )
        _not_head(root, commit, ci, shown)
        return Base(commit, f"--base {shown} = {terminal_safe(full)}{_url_of(root, full)}", top)
    if top is None:
        return None
    ref = (Environ.of(environ).GITHUB_BASE_REF or "").strip()
    remote = base_remote(root)
    if ref:
        shown = terminal_safe(ref[:80])
        for candidate in (f"refs/remotes/{remote}/{ref}", f"refs/heads/{ref}"):
            commit = merge_base(root, candidate) if _safe_name(ref) else None
            if commit is not None:
                _not_head(root, commit, ci, shown)
                return Base(
                    commit,
                    f"${BASE_REF_ENV} {shown} = {terminal_safe(candidate)}"
                    f"{_url_of(root, candidate)}",
                    top,
                )
        raise UsageError(
            f"the base branch ${BASE_REF_ENV} is not in this checkout",
            where=shown,
            hint="check out with its history (actions/checkout: fetch-depth: 0)",
        )
    default = remote_default(root, remote)
    if default is not None:
        commit = merge_base(root, default)
        if commit is not None:
            target = symbolic_target(root, default) or default
            return Base(
                commit,
                f"the default branch of the remote {terminal_safe(remote)}, "
                f"{terminal_safe(target)}{_url_of(root, target)}",
                top,
            )
    return None


def _safe_name(name: str) -> bool:
    return (
        bool(name)
        and not name.startswith("-")
        and not any(c in name for c in "\n\r\0 ~^:?*[\\")
        and ".." not in name
    )


def qualified_ref(root: Path, name: str) -> str | None:
    """``name`` as one fully qualified ref, or a commit id as itself; None when it names
    nothing. A name two refs hold is a usage error (never resolved by git's order)."""
    if name == "HEAD":
        return git_text(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], root)
    if not _safe_name(name):
        return None

    def held(ref: str) -> bool:
        return bool(git_text(["rev-parse", "--verify", "--quiet", "--end-of-options", ref], root))

    if name.startswith("refs/"):
        return name if held(name) else None

    found = [ref for ref in (f"refs/heads/{name}", f"refs/remotes/{name}") if held(ref)]
    if not found and held(f"refs/remotes/{base_remote(root)}/{name}"):
        found = [f"refs/remotes/{base_remote(root)}/{name}"]
    tag = f"refs/tags/{name}"
    if held(tag):
        found.append(tag)  # a tag is a base only by its full name: a fork's tags arrive
    if len(found) > 1 or found == [tag]:  # with `git fetch`, named like branches
        raise UsageError(
            "--base names a tag or more than one ref",
            where=terminal_safe(name[:80]),
            hint="give the full ref: " + ", ".join(terminal_safe(f) for f in found),
        )
    if found:
        return found[0]
    if re.fullmatch(r"[0-9a-fA-F]{7,64}", name):
        return git_text(
            ["rev-parse", "--verify", "--quiet", "--end-of-options", f"{name}^{{commit}}"], root
        )
    return None


def _not_head(root: Path, commit: str, ci: bool, shown: str) -> None:
    """In CI a base that is the commit judged is an error: the change would judge itself."""
    if ci and commit == qualified_ref(root, "HEAD"):
        raise UsageError(
            "the base is the commit being judged (HEAD): the change would be judged by itself",
            where=shown,
            hint="name the branch the pull request merges into",
        )


def base_remote(root: Path) -> str:
    """The remote the default base comes from: ``git config intake.remote`` (the clone's own
    configuration, never the checkout's), else ``origin``."""
    named = git_text(["config", "--get", "intake.remote"], root)
    return named if named and _safe_name(named) and "/" not in named else "origin"


def _url_of(root: Path, ref: str) -> str:
    """`` from <url>`` of the remote a ``refs/remotes/<remote>/…`` ref belongs to, without
    credentials; empty for other refs."""
    if not ref.startswith("refs/remotes/"):
        return ""
    remote = ref.removeprefix("refs/remotes/").split("/", 1)[0]
    url = git_text(["config", "--get", f"remote.{remote}.url"], root) or ""
    url = re.sub(r"^([a-zA-Z][a-zA-Z0-9+.-]*://)[^/@]*@", r"\1", url)
    return f" from {terminal_safe(url[:200])}" if url else ""


@dataclass
class Rules:
    """The settings a change is judged by, what it changed of them, and the base's baseline."""

    settings: Settings
    base: Base | None
    changes: list[Problem] = field(default_factory=list)
    """What the change alters of them (code ``rule-change``): errors, but a warning for wiring
    a base without intake's gate gets (the first pull request)."""
    baseline: bytes | None = None
    """The base's baseline file (None: the base has none); unused without a base."""
    _folder: tempfile.TemporaryDirectory[str] | None = None

    def close(self) -> None:
        """Remove the base's rule files copied for the scan; end the base's git reader."""
        if self.base is not None:
            self.base.blobs.close()
        if self._folder is not None:
            self._folder.cleanup()
            self._folder = None

    def __enter__(self) -> Rules:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _normalised(table: dict[str, Any] | None) -> dict[str, Any]:
    return {str(k).replace("-", "_"): v for k, v in (table or {}).items()}


def _key_line(text: str, key: str) -> int:
    """The line of ``key = …`` in the ``[tool.intake]`` table of ``text`` (1 when not found)."""
    in_table = False
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("["):
            in_table = stripped.replace(" ", "") in ("[tool.intake]",)
            continue
        name = stripped.split("=", 1)[0].strip().strip("\"'").replace("-", "_")
        if in_table and "=" in stripped and name == key:
            return number
    return 1


def _layout_at(base: Base, settings: Settings) -> str | None:
    """``config.detect_layout`` of the suite's root, asked of the base's tree."""
    for layout, folder in ((GAIA_LAYOUT, "eval/scenarios"), (TOP_LEVEL_LAYOUT, "scenarios")):
        if base.files(settings.root / folder):
            return layout
    return None


def _effective(root: Path, table: dict[str, Any], key: str) -> Any:
    """The value ``key`` takes with ``table`` (a key left out takes its default); the raw
    value when the table does not validate."""
    try:
        return getattr(Settings(root=root, **table), key)
    except (SettingError, TypeError):
        return table.get(key)


def _setting_changes(
    settings: Settings, base: Base, work_text: str | None, base_table: dict[str, Any]
) -> list[Problem]:
    pyproject = settings.root / "pyproject.toml"
    shown = display_path(pyproject, settings.root)
    work = _normalised(intake_table(work_text, shown) if work_text is not None else None)
    changes = []
    for key in sorted(set(work) | set(base_table)):
        if work.get(key) == base_table.get(key):
            continue
        if key in FIELDS and _effective(settings.root, work, key) == _effective(
            settings.root, base_table, key
        ):
            continue  # written out as the value the base already has (`intake init`)
        how = _how(key in base_table, key in work)
        safe_key = terminal_safe(key[:60])
        changes.append(
            Problem(
                shown,
                _key_line(work_text or "", key),
                "rule-change",
                f"[tool.intake] {safe_key} {how} by this change: the check uses the base's "
                f"setting ({base.short}); a maintainer accepts the change on the base branch",
            )
        )
    return changes


def _copy_rules(
    base: Base, folder: Path, settings: Settings
) -> tuple[tempfile.TemporaryDirectory[str], Path, list[Problem]]:
    """The base's files of the rules folder copied out of git, and what the change did to them."""
    holder = tempfile.TemporaryDirectory(prefix="intake-base-rules-")
    target = Path(holder.name) / "scrubbers"
    target.mkdir()
    at_base: dict[Path, bytes] = {}
    for path in base.files(folder):
        data = base.show(path)
        if data is None:
            continue
        relative = path.relative_to(folder.resolve())
        at_base[relative] = data
        (target / relative).parent.mkdir(parents=True, exist_ok=True)
        (target / relative).write_bytes(data)
    now: dict[Path, bytes] = {}
    if folder.is_dir():
        for path in sorted(folder.rglob("*")):
            if path.is_file() or path.is_symlink():
                try:
                    now[path.relative_to(folder)] = (
                        b"\0link" if path.is_symlink() else read_input(path, what="rule file")
                    )
                except (InputError, OSError):
                    now[path.relative_to(folder)] = b"\0unreadable"
    changes = []
    for relative in sorted(set(at_base) | set(now)):
        if at_base.get(relative) == now.get(relative):
            continue
        how = _how(relative in at_base, relative in now)
        changes.append(
            Problem(
                display_path(folder / relative, settings.root),
                1,
                "rule-change",
                f"scrubber rule file {how} by this change: the re-scan uses the base's rules "
                f"({base.short}); a maintainer accepts the change on the base branch",
            )
        )
    return holder, target, changes


def _baseline_change(settings: Settings, base: Base) -> tuple[bytes | None, list[Problem]]:
    path = settings.path(settings.baseline_path)
    at_base = base.show(path)
    try:
        now = (
            read_input(path, what="baseline", follow_links=False)
            if path.is_file() or path.is_symlink()
            else None
        )
    except (InputError, OSError):
        now = b""
    if now == at_base:
        return at_base, []
    how = _how(at_base is not None, now is not None)
    return at_base, [
        Problem(
            display_path(path, settings.root),
            1,
            "rule-change",
            f"the baseline is {how} by this change: only what the base's baseline accepts is "
            f"left out ({base.short}); a maintainer accepts findings on the base branch "
            "(`intake check --update-baseline` there)",
        )
    ]


def rules_for(settings: Settings, base: Base | None) -> Rules:
    """The rules to judge the suite by: the base's when ``base`` is known, else ``settings``.

    The settings are rebuilt from the base's ``[tool.intake]`` (the ``INTAKE_*`` environment
    keeps its precedence: it is the user's); a ``scrubbers_dir`` inside the repository is
    copied from the base into a temporary folder the scan reads (``Rules.close`` removes it).
    """
    if base is None:
        return Rules(settings, None)
    pyproject = settings.root / "pyproject.toml"
    where = f"pyproject.toml at {base.short}"
    raw = base.show(pyproject)
    table = intake_table(raw.decode("utf-8", "replace"), where) if raw is not None else None
    first = table is None
    if table is None:
        # no [tool.intake] on the base: its rules are the defaults plus the layout a working
        # tree without the table gets (GAIA's eval/scenarios), detected in the base's tree
        table = {k: v.as_posix() for k, v in layout_settings(_layout_at(base, settings)).items()}
        where = f"the defaults and the layout of {base.short} (no [tool.intake] there)"
    base_table = _normalised(table)
    try:
        work_text: str | None = read_input(
            pyproject, what="pyproject.toml", follow_links=False
        ).decode("utf-8")
    except (InputError, OSError, UnicodeDecodeError):
        work_text = None
    judged = load_settings(settings.root, table=base_table, table_from=where)
    changes = _setting_changes(settings, base, work_text, base_table)
    holder = None
    if judged.scrubbers_dir is not None:
        folder = judged.path(judged.scrubbers_dir)
        if base.rel(folder) is not None:
            holder, copied, more = _copy_rules(base, folder, judged)
            changes += more
            judged = judged.model_copy(update={"scrubbers_dir": copied})
    baseline, more = _baseline_change(judged, base)
    changes += more
    changes += _wiring_changes(judged, base, gated=not first)
    return Rules(judged, base, changes, baseline, holder)


WIRING = (
    ":(glob)**/.gitattributes",
    ".github/workflows",
    ".github/actions",
    ".pre-commit-config.yaml",
    ".pre-commit-hooks.yaml",
    ":(glob)**/CODEOWNERS",
)
"""The gate's wiring: what transforms the checkout (``.gitattributes``), what runs the gate
and with which options and ``paths:`` filters (the workflows, the hook configuration), and
who must approve (CODEOWNERS). A change to any of them is a rule change (docs/trust.md)."""


def _wiring_changes(settings: Settings, base: Base, *, gated: bool) -> list[Problem]:
    """Each wiring file the change adds, alters or removes (committed or in the working
    tree): the check cannot judge the workflow that runs it, so a maintainer must. Errors,
    but warnings where the base has no ``[tool.intake]`` (``gated`` False): there is no gate on
    the base to get around, and the pull request bringing intake in adds its workflow."""
    names: set[str] = set()
    for against in ([base.commit, "HEAD"], [base.commit]):
        raw = git_output(
            [
                "-c",
                "core.quotePath=false",
                "diff",
                "--name-only",
                "-z",
                "--no-renames",
                *against,
                "--",
                *WIRING,
            ],
            base.top,
        )
        names |= {n for n in (raw or b"").decode("utf-8", "surrogateescape").split("\0") if n}
    return [
        Problem(
            display_path(base.top / name, settings.root),
            1,
            "rule-change",
            "the gate's wiring is changed by this change (.gitattributes, a workflow, the hook "
            f"configuration or CODEOWNERS): it decides how the gate runs and what it sees; "
            f"a maintainer accepts it on the base branch ({base.short})",
            Severity.error if gated else Severity.warning,
        )
        for name in sorted(names)
    ]


def changed_history(settings: Settings, base: Base | None) -> list[Path]:
    """History event files the change adds or alters (none without a base): what they say is
    claimed by this change, not a fact of the suite's history."""
    from intake.store.history import MAX_HISTORY_BYTES, history_files

    if base is None:
        return []

    def now(path: Path) -> bytes | None:
        try:
            return read_input(
                path, what="history event", limit=MAX_HISTORY_BYTES, follow_links=False
            )
        except (InputError, OSError):
            return None

    return [
        path
        for path in history_files(settings)
        if path.is_file() and ((held := now(path)) is None or base.show(path) != held)
    ]
