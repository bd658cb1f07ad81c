"""The suite's folders as the record-changing commands use them.

Finding a draft by path or id (never outside ``drafts/``, never through a link), a suite
scenario by id or path (one message for each miss, whichever command asks), the promoted
copies of an id, who changes the suite (``change_actor``), the per-draft lock, the record
beside a draft, one ledger event per command, and the scrubbing of the free text a command
stores (a review note, a rejection reason).
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path

import regex

from intake.config import Settings
from intake.contract.models import Record
from intake.contract.plain import ID_PATTERN
from intake.errors import Conflict, EnvironmentFailure, IntakeError, UsageError
from intake.fileio import work_dir
from intake.gitutil import git_text
from intake.paths import display_path, inside, relative_shown
from intake.portable import LockBusy, NoFileLock, exclusive_lock
from intake.scrub import scrubber_for
from intake.scrub.ids import neutral_id, plain_identifier
from intake.store.records import iter_scenarios, load_record, record_path, yaml_id
from intake.store.trust import refuse_link
from intake.userconfig import Environ


def scrub_free_text(settings: Settings, text: str, *, where: str = "$") -> tuple[str, list[str]]:
    """``text`` with fixtures in place of findings, and the finding types (never the values).

    Free text typed on the command line (a review note, a rejection reason) ends up in the
    record, the ledger and ``intake log``; it is scrubbed like everything an importer writes.
    """

    result = scrubber_for(settings).scrub_text(text, json_path=where)
    return result.text, [f.entity_type for f in result.findings]


def finding_types(settings: Settings, text: str) -> list[str]:
    """The types the configured scrubber finds in ``text`` (nothing is replaced)."""

    return [f.entity_type for f in scrubber_for(settings).find(text)]


AUTHOR_MAX_CHARS = 100
"""The longest author name recorded (a GitHub login is at most 39; a git ``user.name`` more)."""

_INVISIBLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")
"""Characters that render as nothing though ``str.isprintable`` passes some of them (the
Hangul fillers, the combining grapheme joiner, variation selectors)."""


def current_author(settings: Settings) -> str | None:
    """Who runs intake, as found, unchecked (None if unknown): callers record a person through
    ``change_actor`` or ``acting_author``, never this alone.

    Reviewers are GitHub logins, and the review gate refuses an approval by the draft's author,
    so the author should be a login too: the ``author`` setting, else ``$GITHUB_ACTOR`` (set in
    GitHub Actions), else ``git config github.user``, and only then ``git config user.name``
    (a display name, compared loosely by the gate).
    """
    if settings.author:
        return settings.author
    actor = (Environ.of().GITHUB_ACTOR or "").strip()
    if actor:
        return actor
    for key in ("github.user", "user.name"):
        found = git_text(["config", key], settings.root, timeout=5)
        if found:
            return found
    return None


def change_actor(settings: Settings, given: str | None = None) -> str:
    """Who changes the suite, for every command that records it (a promotion stamp's, a
    lifecycle change's, a revision's or a restore's ``by``; a ledger row's and a history file's
    actor): ``acting_author``'s name, never an invented one.

    Unknown or withheld is a usage error (exit 2) before anything is written: a record saying
    ``unknown`` or ``intake`` would name a person who did nothing (both are GitHub logins).
    """
    who, withheld = acting_author(settings, given)
    if who is None:
        raise UsageError(
            "who makes this change is unknown" + (f" ({withheld})" if withheld else ""),
            hint="pass --by LOGIN or set author in [tool.intake]",
        )
    return who


def acting_author(settings: Settings, given: str | None = None) -> tuple[str | None, str | None]:
    """Who acts: the name given on the command line (``--by``), else ``current_author``,
    through ``safe_author``'s rule. A draft's ``author`` is this (a draft may have no known
    author); a change to the suite needs one (``change_actor``).

    A name typed on the command line that the rule withholds is a usage error (exit 2, the
    problem named, never the text); a name found in the setting, ``$GITHUB_ACTOR`` or git config
    is withheld with a note, as ``safe_author`` says. Returns (name or None, note or None).
    """
    if given is not None:
        text = " ".join(given.split())
        problem = _name_problem(settings, text) if text else "nothing"
        if problem is not None:
            raise UsageError(f"--by holds {problem}: pass a login", where="--by")
        return text, None
    return safe_author(settings, current_author(settings))


def safe_author(settings: Settings, name: str | None) -> tuple[str | None, str | None]:
    """The author name to record, and why it is withheld when it is (types only, never text).

    The one rule for every stored author (a record's ``author`` and ``drafter``, a promotion
    stamp's ``by``, a rejection's or revision's actor): the name is untrusted text (the
    ``author`` setting, ``$GITHUB_ACTOR``, git config), a login (``renovate[bot]``) or a display
    name (``Eve Engineer``). Runs of whitespace become one space; the name is withheld when it
    holds a control or hidden character (no terminal escape, no bidi or zero-width character),
    is longer than ``AUTHOR_MAX_CHARS``, or holds anything the scrubber finds (an e-mail in
    ``Name <mail>``). A blank or missing name is ``(None, None)``: nothing to say.
    """
    text = " ".join((name or "").split())
    if not text:
        return None, None
    problem = _name_problem(settings, text)
    if problem is None:
        return text, None
    return None, (
        f"author not recorded: the author name (author setting, GITHUB_ACTOR or git config) "
        f'holds {problem}; set author = "LOGIN" in [tool.intake]'
    )


def _name_problem(settings: Settings, text: str) -> str | None:
    """What forbids recording a whitespace-normalised name (None: nothing)."""
    if not text.isprintable() or _INVISIBLE.search(text):
        return "control or hidden characters"
    if len(text) > AUTHOR_MAX_CHARS:
        return f"more than {AUTHOR_MAX_CHARS} characters"
    types = finding_types(settings, text)
    if types:
        return ", ".join(sorted(set(types)))
    return "an e-mail address" if _EMAIL.search(text) else None


_EMAIL = re.compile(r"[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+")
"""An address in a name: never recorded, even one the scrubber keeps (``example.com`` is
illustrative to it, but a person's name is no place for any address)."""


def recorded_reason(
    settings: Settings, reason: str, notes: list[str], *, needed_for: str, flag: str = "--reason"
) -> str:
    """A reason given on the command line (``flag``) as it is printed, recorded and logged: one
    line, not blank, at most 2000 characters, scrubbed (what the scrubber replaced is said in
    ``notes``, as ``<flag> scrubbed: ...``)."""
    text = " ".join(reason.split())
    if not text:
        raise UsageError(f"{needed_for} needs a reason ({flag} TEXT)")
    if len(text) > 2000:
        raise UsageError("the reason is longer than 2000 characters", where=flag)
    cleaned, types = scrub_free_text(settings, text, where=f"$.{flag.removeprefix('--')}")
    if types:
        notes.append(scrub_message(flag, types))
    return cleaned


def scrub_message(what: str, types: list[str]) -> str:
    """``<what> scrubbed: N finding(s) (TYPE, ...)``: types only, for stderr."""
    return f"{what} scrubbed: {len(types)} finding(s) ({', '.join(sorted(set(types)))})"


def promoted_paths(settings: Settings, scenario_id: str) -> list[Path]:
    """Files named ``<id>.yaml`` anywhere under ``scenarios/``."""
    folder = settings.scenarios
    return sorted(folder.rglob(f"{scenario_id}.yaml")) if folder.is_dir() else []


def names_a_path(target: str) -> bool:
    """Whether a command's target is a path (a separator, or a ``.yaml`` name), not an id: the
    one test ``find_draft``, ``find_scenario`` and ``target_id`` read a target by."""
    return os.sep in target or "/" in target or Path(target).suffix == ".yaml"


def find_draft(settings: Settings, target: str) -> Path:
    """A draft by path (under ``drafts/``) or by id (``drafts/`` then ``drafts/private/``).

    A path target must name ``<id>.yaml``: anything else under ``drafts/`` (a record, notes) is
    not a draft, and the commands that take one delete or rewrite it. Symbolic links are refused
    for the draft and its record, and the resolved path must stay inside ``drafts/``:
    intake never writes or deletes outside its configured folders.
    """
    given = Path(target)
    if names_a_path(target):
        if given.suffix != ".yaml" or not re.fullmatch(ID_PATTERN, given.stem):
            raise UsageError("not a draft: a draft is a file named <id>.yaml", where=target[:200])
        path = given if given.is_absolute() else Path.cwd() / given
        if not path.is_file() and not path.is_symlink():
            raise UsageError("no such draft", where=target)
        return _checked_draft(settings, path, target)
    if not re.fullmatch(ID_PATTERN, target):
        raise UsageError("not a draft id or path", where=target[:80])
    for folder in (settings.drafts, settings.private_drafts):
        candidate = folder / f"{target}.yaml"
        if candidate.is_file() or candidate.is_symlink():
            return _checked_draft(settings, candidate, target)
    promoted = promoted_paths(settings, target)
    if promoted:
        raise UsageError(
            "no such draft; a scenario with this id is already promoted",
            where=display_path(promoted[0], settings.root),
        )
    raise UsageError("no such draft", where=target)


def _checked_draft(settings: Settings, path: Path, target: str) -> Path:
    """``path`` resolved, once it and its record are known to be plain files inside drafts/."""
    rec = record_path(path)
    for what, candidate in (("the draft", path), ("the draft's record", rec)):
        if candidate.is_symlink():
            raise UsageError(
                f"{what} is a symbolic link; intake does not follow links in the drafts folder",
                where=target if candidate is path else f"{target} ({rec.name})",
            )
    refuse_outside_root(settings, path, what="the draft")
    resolved = path.resolve()
    if not inside(resolved, settings.drafts) or (rec.exists() and not inside(rec, settings.drafts)):
        raise UsageError(
            "not a draft (not under the drafts folder)",
            where=target,
            hint=f"drafts live in {display_path(settings.drafts, settings.root)}/",
        )
    if not resolved.is_file():
        raise UsageError("no such draft", where=target)
    return resolved


def target_id(target: str) -> str | None:
    """The id a draft or scenario target names, for the commands that lock it before finding
    the file (promote, revise, rename): a bare id, or the stem of a path to ``<id>.yaml``.
    ``None`` for anything else (``dir/x.json``, ``dir/x``, an unsafe stem), which the finder
    then refuses with its own message."""
    if names_a_path(target):
        if Path(target).suffix != ".yaml":
            return None
        target = Path(target).stem
    return target if re.fullmatch(ID_PATTERN, target) else None


def draft_id(settings: Settings, target: str) -> str:
    """``target_id`` of a draft target; where it names none, ``find_draft``'s refusal."""
    found = target_id(target)
    if found is None:
        find_draft(settings, target)  # names what is wrong with the target
        raise UsageError("not a draft id or path", where=target[:80])
    return found


def scenario_id_of(path: Path) -> str:
    """A scenario file's identity: its YAML ``id`` (``store.records.yaml_id``), the
    file's stem only where the file has no readable id."""
    return yaml_id(path) or path.stem


def scenarios_with_id(folder: Path, scenario_id: str) -> list[Path]:
    """The scenario files under ``folder`` whose id is ``scenario_id`` (a file that cannot
    hold the id's text is not parsed)."""
    found = []
    for path in iter_scenarios(folder):
        if path.is_symlink():
            continue
        try:
            raw = path.read_bytes()
        except OSError:
            continue
        maybe = scenario_id.encode("utf-8") in raw or path.stem == scenario_id
        if maybe and scenario_id_of(path) == scenario_id:
            found.append(path)
    return found


def find_scenario(
    settings: Settings,
    target: str,
    *,
    drafts: bool = False,
    retired: bool = False,
    unrecorded: bool = False,
) -> Path:
    """The one finder of a suite scenario (promoted or adopted: it has a record) for every
    command that changes or reviews one: by its YAML ``id`` (whatever its file is named, as
    GAIA's runner keys it) or by its path. ``drafts``: a draft is found too (``find_draft``'s
    rules), before a scenario of the same id; ``retired``: a retired scenario is found too;
    ``unrecorded``: a scenario with no record is found too (``intake show`` reads any).

    Every miss has one message whoever asks: not a ``.yaml`` path, not an id, a draft, outside
    the scenarios folder, retired, no such file, no such id (or only a file of that name
    holding another id), two files with the id, no record beside it.
    """
    if names_a_path(target):
        given = Path(target)
        path = (given if given.is_absolute() else Path.cwd() / given).resolve()
        if drafts and inside(path, settings.drafts):
            return find_draft(settings, target)
        found = _scenario_at(settings, path, target[:200], retired=retired)
    elif not re.fullmatch(ID_PATTERN, target):
        raise UsageError("not a scenario id or path", where=target[:80])
    elif drafts and any(
        (f / f"{target}.yaml").is_file() or (f / f"{target}.yaml").is_symlink()
        for f in (settings.drafts, settings.private_drafts)
    ):
        return find_draft(settings, target)
    else:
        found = _scenario_by_id(settings, target, retired=retired)
    if not unrecorded and not record_path(found).is_file():
        raise UsageError(
            "the scenario has no record (neither promoted nor adopted); adopt it first",
            where=display_path(found, settings.root),
            hint="intake adopt PATH --source TYPE --reviewer LOGIN",
        )
    return found


def _scenario_at(settings: Settings, path: Path, shown: str, *, retired: bool) -> Path:
    """The scenario at ``path`` (resolved), refused where no suite scenario can be."""
    if path.suffix != ".yaml":
        raise UsageError("not a scenario: a scenario is a file named <id>.yaml", where=shown)
    if inside(path, settings.drafts):
        raise UsageError(A_DRAFT, where=shown)
    if inside(path, settings.retired) and not inside(path, settings.scenarios):
        if not retired:
            raise UsageError("the scenario is retired", where=shown)
    elif not inside(path, settings.scenarios):
        raise UsageError("outside the suite's scenarios folder", where=shown)
    if not path.is_file():
        raise UsageError("no such scenario file", where=shown)
    return path


def _scenario_by_id(settings: Settings, scenario_id: str, *, retired: bool) -> Path:
    """The one scenario whose YAML id is ``scenario_id``, in the scenarios folder (or, with
    ``retired``, the retired folder)."""
    found = scenarios_with_id(settings.scenarios, scenario_id)
    gone = [] if found else scenarios_with_id(settings.retired, scenario_id)
    if gone and not retired:
        raise UsageError("the scenario is retired", where=display_path(gone[0], settings.root))
    found = found or gone
    if len(found) > 1:
        raise UsageError(
            "more than one scenario has this id; give its path",
            where=", ".join(display_path(p, settings.root) for p in found[:3]),
        )
    if found:
        return found[0]
    for folder in (settings.drafts, settings.private_drafts):
        if (folder / f"{scenario_id}.yaml").is_file():
            raise UsageError(A_DRAFT, where=scenario_id)
    named = promoted_paths(settings, scenario_id)
    if named:  # GAIA keys a scenario by its id, not its file name
        other = yaml_id(named[0])
        raise UsageError(
            "no scenario has this id; the file of this name holds "
            + (f"the id {other}" if other else "no readable id"),
            where=display_path(named[0], settings.root),
        )
    raise UsageError("no draft or scenario has this id", where=scenario_id)


A_DRAFT = "a draft, not a promoted or adopted scenario"
"""A scenario command given a draft (a draft is edited in place, promoted or rejected)."""


def draft_file_name(scenario_id: str) -> str:
    """The name (without suffix) of a draft's lock file and journal: the id only when it is a
    plain identifier (``plain_identifier``); any other id (longer than 64, or holding a fixture
    or mask) is ``draft_<8 hex>``, a stable name that carries nothing of it."""
    return scenario_id if plain_identifier(scenario_id) else neutral_id(scenario_id, "draft")


def lock_path(settings: Settings, scenario_id: str) -> Path:
    """The lock file of one draft, kept beside the ledger (an ignored folder)."""
    return settings.ledger.parent / "locks" / f"{draft_file_name(scenario_id)}.lock"


@contextlib.contextmanager
def draft_lock(
    settings: Settings,
    scenario_id: str,
    *,
    doing: str,
    error: type[IntakeError] = Conflict,
    message: str | None = None,
) -> Iterator[None]:
    """An exclusive, non-blocking lock on the draft's lock file (``intake.portable``).

    The lock is released by the kernel when the holder dies, so a killed promote never leaves a
    stale lock behind (an interpreter with no kernel lock is refused); a second process gets
    ``error`` (``Conflict``) at once instead of waiting. The holder removes the lock file
    before it lets go, so refused and failed commands leave nothing in ``.intake/locks/``; a
    process that locked a file someone removed meanwhile sees it is no longer the one at the
    path and takes the new one.
    """
    path = lock_path(settings, scenario_id)
    work_dir(path.parent.parent)
    path.parent.mkdir(parents=True, exist_ok=True)
    refuse_link(path, "a lock file", settings.root)
    with contextlib.ExitStack() as stack:
        try:
            stack.enter_context(exclusive_lock(path))
        except LockBusy:
            raise error(
                message or f"another intake process is working on this draft; cannot {doing} now",
                where=scenario_id,
                hint="wait for it to finish and try again",
            ) from None
        except NoFileLock:
            raise EnvironmentFailure(
                "this Python has no file lock (neither fcntl.flock nor msvcrt.locking)",
                where=display_path(path, settings.root),
            ) from None
        yield


def stale_locks(settings: Settings) -> list[str]:
    """Ids whose lock file is left in ``.intake/locks/`` (a killed holder's); reads only."""
    folder = lock_path(settings, "x").parent
    return sorted(p.stem for p in folder.glob("*.lock")) if folder.is_dir() else []


def refuse_outside_root(settings: Settings, path: Path, *, what: str) -> Path:
    """``path`` resolved, once it is known to stay inside the suite's root.

    A ``scenarios/`` or ``drafts/`` folder (or any folder on the way) that is a symbolic link
    to somewhere else would make intake write outside the suite: every writing command refuses.
    """
    resolved = path.resolve()
    if not inside(resolved, settings.root):
        raise UsageError(
            f"{what} resolves outside the suite (through a symbolic link); intake does not "
            "write there",
            where=relative_shown(path, settings.root),
        )
    return resolved


def load_draft_record(settings: Settings, draft: Path) -> Record:
    """The record beside a draft, with a clear error when it is missing."""
    rec = record_path(draft)
    if not rec.is_file():
        raise UsageError(
            "the draft has no record beside it",
            where=display_path(rec, settings.root),
            hint="drafts are written by intake's importers together with their record",
        )
    return load_record(rec)
