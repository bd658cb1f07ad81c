"""One recoverable unit of writes: files placed, files removed and ledger events, all or none.

A writing command (drafting, a review, a run record, a rejection) describes what it will do
as a ``Unit`` and calls ``commit``. The unit is first written to a journal file under
``.intake/pending/`` (an intake working folder git never sees); once that file is durable the
change is decided, and whatever a crash interrupts afterwards (a rename, a removal, a ledger
event) is finished by ``recover``, which every writing command runs for its draft under the
draft's lock before it starts, and ``intake ledger rebuild`` runs for the whole suite.
Ledger events get their ids in the journal, so recovery writes each one exactly once.
Temporaries go to ``.intake/tmp/``, never into ``drafts/`` or ``scenarios/``.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import os
import re
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path

from intake import crashpoints
from intake.config import Settings
from intake.contract.plain import ID_PATTERN
from intake.contract.validate import validate_file
from intake.errors import InputError, LedgerError, UntrustedState
from intake.fileio import atomic_write_all, fsync_dir, read_input, work_dir
from intake.paths import display_path
from intake.store import trust
from intake.store.ledger import Event as Event
from intake.store.ledger import Ledger, item_for
from intake.store.records import RECORD_SUFFIX
from intake.store.suite import draft_file_name, draft_lock, stale_locks
from intake.wording import counted

JOURNAL_VERSION = 2
"""2: the body is sealed with this machine's key (``intake.store.trust``); 1 was unsealed."""


def pending_dir(settings: Settings) -> Path:
    """Where journals of units not yet finished live."""
    return settings.ledger.parent / "pending"


def temp_dir(settings: Settings) -> Path:
    """Where intake's temporaries live (created, with its ``.gitignore``)."""
    work_dir(settings.ledger.parent)
    return work_dir(settings.ledger.parent / "tmp")


@dataclass
class Unit:
    """What one command changes for one draft: files to write, files to remove, events."""

    command: str
    scenario_id: str
    writes: list[tuple[Path, str]] = field(default_factory=list)
    removes: list[Path] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    index: str | None = None
    """``draft``/``scenario``: upsert the index row of the first written ``.yaml``; ``remove``."""
    rename_from: str | None = None
    """A rename: the old id whose ledger events move to ``scenario_id`` (before the events)."""

    def to_json(self, settings: Settings) -> str:
        root = settings.root

        def rel(path: Path) -> str:
            return os.path.relpath(path, root)

        doc = {
            "version": JOURNAL_VERSION,
            "command": self.command,
            "id": self.scenario_id,
            "writes": [
                {"path": rel(p), "b64": base64.b64encode(t.encode("utf-8")).decode("ascii")}
                for p, t in self.writes
            ],
            "removes": [rel(p) for p in self.removes],
            "events": [  # the unit's id is the events' scenario_id
                {k: v for k, v in e.to_dict().items() if k != "scenario_id"} for e in self.events
            ],
            "index": self.index,
            "rename_from": self.rename_from,
        }
        body = json.dumps(doc, sort_keys=True, default=str)
        sealed = {"version": JOURNAL_VERSION, "mac": trust.seal(settings, body), "body": body}
        return json.dumps(sealed)

    @classmethod
    def from_json(cls, settings: Settings, text: str) -> Unit:
        """The unit a journal holds, once its seal verifies and every file it names is one
        intake may touch (``UntrustedState`` otherwise; ``ValueError`` when unreadable)."""
        match json.loads(text):
            case {"body": str(body), "mac": mac}:
                if not trust.verify(settings, body, mac):
                    raise UntrustedState(
                        "a journal this machine did not write (its seal does not verify)"
                    )
            case _:
                raise UntrustedState("a journal intake did not write (no seal)")
        doc = json.loads(body)
        root = settings.root
        unit = cls(
            command=str(doc["command"]),
            scenario_id=str(doc["id"]),
            writes=[
                (root / w["path"], base64.b64decode(w["b64"]).decode("utf-8"))
                for w in doc["writes"]
            ],
            removes=[root / p for p in doc["removes"]],
            events=[Event(**e) for e in doc["events"]],  # ``Event.to_dict`` but scenario_id
            index=doc["index"],
            rename_from=doc["rename_from"],  # every sealed journal (version 2) names it
        )
        check_targets(settings, unit)
        return unit


def check_targets(settings: Settings, unit: Unit) -> None:
    """Refuse a unit that would touch a file intake may not (``trust.check_target``)."""
    for path in [p for p, _ in unit.writes] + unit.removes:
        trust.check_target(settings, path)


def journal_path(settings: Settings, scenario_id: str) -> Path:
    """The journal of one draft's unfinished unit (one at a time: the draft's lock).

    Named like the draft's lock file (``draft_file_name``): after the id when it is a plain
    identifier, else a stable neutral name (an adopted GAIA scenario's id may be anything).
    """
    return pending_dir(settings) / f"{draft_file_name(scenario_id)}.json"


def commit(settings: Settings, unit: Unit) -> None:
    """Decide ``unit`` (write its journal), then carry it out; a crash is finished by recovery.

    The caller holds the draft's lock. Crash points (``<command>:<step>``): ``begin``,
    ``journal-temp-written``, ``journal-written``, ``temps-written``, ``placed-record`` /
    ``placed-draft`` per file, ``removed-draft`` / ``removed-record`` per removal,
    ``events-logged``, ``done`` (``crash_steps`` lists them for a unit).
    """
    trust.check_ledger_location(settings)
    check_targets(settings, unit)
    tmp = temp_dir(settings)
    journal = journal_path(settings, unit.scenario_id)
    with Ledger.open(settings.ledger):
        pass  # a broken ledger refuses the unit before anything is decided
    journal.parent.mkdir(parents=True, exist_ok=True)
    crashpoints.reached(f"{unit.command}:begin")
    atomic_write_all(
        [(journal, unit.to_json(settings))],
        temp_dir=tmp,
        ready=lambda: crashpoints.reached(f"{unit.command}:journal-temp-written"),
    )
    crashpoints.reached(f"{unit.command}:journal-written")
    progress: list[Path] = []
    try:
        _carry_out(settings, unit, announce=True, progress=progress)
    except OSError:
        if not progress:  # nothing placed or removed yet: the change is undone, not pending
            journal.unlink(missing_ok=True)
            fsync_dir(journal.parent)
        raise
    journal.unlink(missing_ok=True)
    fsync_dir(journal.parent)
    crashpoints.reached(f"{unit.command}:done")


def _carry_out(
    settings: Settings, unit: Unit, *, announce: bool, progress: list[Path] | None = None
) -> None:
    """Place the unit's files, remove its removals, log its events (each step idempotent).

    ``progress`` collects each file placed or removed, so a caller can tell a failure before
    the first change (nothing to finish) from one part-way (the journal finishes it).
    """
    done = progress if progress is not None else []

    def placed(path: Path) -> None:
        done.append(path)
        if announce:
            crashpoints.reached(f"{unit.command}:placed-{_kind(path)}")

    def ready() -> None:
        if announce:
            crashpoints.reached(f"{unit.command}:temps-written")

    todo = [(p, t) for p, t in unit.writes if not _holds(p, t)]
    if todo:
        atomic_write_all(todo, temp_dir=temp_dir(settings), placed=placed, ready=ready)
    for path in unit.removes:
        if path.exists() or path.is_symlink():
            path.unlink()
            fsync_dir(path.parent)
            done.append(path)
        if announce:
            crashpoints.reached(f"{unit.command}:removed-{_kind(path)}")
    with Ledger.open(settings.ledger) as ledger:
        if unit.rename_from is not None:
            ledger.rename_id(unit.rename_from, unit.scenario_id)  # moves nothing a second time
        ledger.append_missing([replace(e, scenario_id=unit.scenario_id) for e in unit.events])
        if announce:
            crashpoints.reached(f"{unit.command}:events-logged")
        if unit.index == "remove":
            row = ledger.item(unit.scenario_id)
            if row is not None and row.state == "draft":
                ledger.remove_item(unit.scenario_id)
        elif unit.index is not None:
            yaml_files = [p for p, _ in unit.writes if p.suffix == ".yaml"]
            if yaml_files:
                result = validate_file(yaml_files[0], drafts_dir=settings.drafts)
                if result.data is not None:
                    ledger.upsert_item(
                        item_for(yaml_files[0], result.data, unit.index, settings.root)
                    )


def _kind(path: Path) -> str:
    if path.name.endswith(trust.HISTORY_SUFFIX):
        return "history"
    return "record" if path.name.endswith(RECORD_SUFFIX) else "draft"


def _holds(path: Path, text: str) -> bool:
    try:
        return path.read_bytes() == text.encode("utf-8")
    except OSError:
        return False


@dataclass
class Pending:
    """An unfinished unit found on disk: the unit, read once, or why it may not be replayed."""

    path: Path
    unit: Unit | None = None
    """The unit recovery may replay (None: the journal is refused or cannot be read)."""
    problem: str | None = None
    """Set when the journal is refused: a link, tracked by git, not sealed here, or naming a
    file intake may not touch. A refused journal is reported, never replayed."""

    @property
    def scenario_id(self) -> str:
        return self.unit.scenario_id if self.unit is not None else self.path.stem

    @property
    def command(self) -> str:
        return self.unit.command if self.unit is not None else "unknown"


JOURNAL_LIMIT = 64 * 1024 * 1024
"""A journal holds a draft and its record (each bounded by ``validate``'s limit) in base64."""


def read_unit(settings: Settings, path: Path) -> Unit:
    """The unit of the journal at ``path``, once it is known intake wrote it on this machine.

    ``UntrustedState`` names why it is refused (a link, tracked by git, no valid seal, a file
    it may not touch); ``ValueError`` when it cannot be read as a journal at all.
    """
    shown = display_path(path, settings.root)
    if path.is_symlink():
        raise UntrustedState("a journal that is a symbolic link", where=shown)
    if trust.tracked_by_git(settings.root, path):
        raise UntrustedState("a journal tracked by git (it came with a checkout)", where=shown)
    try:
        text = read_input(path, what="a journal", limit=JOURNAL_LIMIT, where=shown)
        return Unit.from_json(settings, text.decode("utf-8"))
    except UntrustedState as exc:
        raise UntrustedState(exc.message, where=shown) from None
    except (InputError, UnicodeDecodeError, KeyError, TypeError, binascii.Error) as exc:
        raise ValueError(str(exc)) from None


def pending(settings: Settings, scenario_id: str | None = None) -> list[Pending]:
    """Journals of interrupted units (of one id, or all), each judged; reads only."""
    folder = pending_dir(settings)
    if not folder.is_dir() or folder.is_symlink():
        return []
    if scenario_id:
        # an id that is no plain identifier is journaled under a neutral name; an older intake
        # named its journal after the id itself (a safe file name: ``ID_PATTERN``)
        names = {draft_file_name(scenario_id)}
        if re.fullmatch(ID_PATTERN, scenario_id):
            names.add(scenario_id)
        paths = sorted({p for name in names for p in folder.glob(f"{name}.json")})
    else:
        paths = sorted(folder.glob("*.json"))
    found = []
    for path in paths:
        try:
            found.append(Pending(path, read_unit(settings, path)))
        except UntrustedState as exc:
            found.append(Pending(path, problem=exc.message))
        except ValueError:
            found.append(Pending(path))
    return found


def stray_temps(settings: Settings, scenario_id: str | None = None) -> list[Path]:
    """Temporaries a killed write left: in ``.intake/tmp/`` and (from older versions or a
    temp folder on another file system) ``.<id>.*.tmp`` beside drafts and scenarios, and an
    older promotion's ``.<id>.*.promote-tmp``."""
    found: list[Path] = []
    name = scenario_id or "*"
    folders = [settings.ledger.parent / "tmp", settings.ledger.parent / "pending"]
    for folder in folders:
        if folder.is_dir():
            found += sorted(folder.glob(f".{name}.*.tmp"))
    for folder in (settings.drafts, settings.scenarios):
        if folder.is_dir():
            found += sorted(
                p
                for pattern in (f".{name}.*.tmp", f".{name}.*.promote-tmp")
                for p in folder.rglob(pattern)
                if p.is_file() or p.is_symlink()
            )
    return found


class Recovered(StrEnum):
    """What one step of recovery did."""

    finished = "finished"
    """An interrupted command's unit was carried out to its end."""
    temporary = "temporary"
    """A temporary a killed write left was removed."""
    refused = "refused"
    """A journal intake may not replay was named (``intake ledger rebuild``)."""


@dataclass(frozen=True)
class Recovery:
    """One thing recovery did, typed (a command asks ``kind``, never the wording); ``line``
    is what is printed, ``unit`` the unit a ``finished`` step carried out."""

    kind: Recovered
    line: str
    unit: Unit | None = None

    def __str__(self) -> str:
        return self.line


def recover(settings: Settings, scenario_id: str | None = None) -> list[Recovery]:
    """Finish interrupted units and remove stray temporaries (of one id, or all).

    The caller holds the draft's lock when ``scenario_id`` is given; without it (``intake
    ledger rebuild``) each draft's lock is taken here. Returns what was done, one step each.
    """

    done: list[Recovery] = []
    found = [] if scenario_id else pending(settings)
    for item in found:
        if item.problem is not None:
            done.append(
                Recovery(
                    Recovered.refused,
                    f"refused {display_path(item.path, settings.root)}: {item.problem} (not "
                    "replayed; delete it)",
                )
            )
    ids = (
        [scenario_id]
        if scenario_id
        else sorted(
            (
                {p.scenario_id for p in found if p.unit is not None}
                | {_temp_id(t) for t in stray_temps(settings)}
                | set(stale_locks(settings))
            )
            - {p.path.stem for p in found if p.unit is None}
        )
    )
    for sid in ids:
        if scenario_id:
            done += _recover_one(settings, sid)
        else:
            with draft_lock(settings, sid, doing="finish an interrupted command"):
                done += _recover_one(settings, sid)
    return done


UNIT_SHAPES: dict[str, tuple[int, int]] = {
    "draft": (2, 0),
    "review": (1, 0),
    "run-record": (1, 0),
    "control": (1, 0),
    "reject": (0, 2),
    "adopt": (2, 0),
    "revise": (2, 2),
    "rename": (2, 2),
    "promote": (2, 2),
}
"""Each journaled command's unit: (files written, files removed). An adoption of several files
is one unit per file (the steps of the first); a rename writes the new pair, removes the old."""
HISTORY_COMMANDS = frozenset({"reject"})
"""Commands whose unit also writes a committed history file (``intake.store.history``), last."""


def crash_steps(
    command: str, *, writes: int | None = None, removes: int | None = None
) -> list[str]:
    """Every crash point a unit of ``command`` passes, in order (for the crash tests).

    ``writes``/``removes`` default to the command's shape in ``UNIT_SHAPES``.
    """
    shape = UNIT_SHAPES.get(command, (0, 0))
    writes = shape[0] if writes is None else writes
    removes = shape[1] if removes is None else removes
    history = command in HISTORY_COMMANDS
    steps = ["begin", "journal-temp-written", "journal-written"]
    if writes or history:
        steps.append("temps-written")
    if writes:
        steps += ["placed-record"] + (["placed-draft"] if writes > 1 else [])
    if history:
        steps.append("placed-history")
    steps += ["removed-draft", "removed-record"][:removes]
    steps += ["events-logged", "done"]
    return [f"{command}:{step}" for step in steps]


def _temp_id(path: Path) -> str:
    return path.name[1:].split(".", 1)[0]


def _recover_one(settings: Settings, scenario_id: str) -> list[Recovery]:
    done: list[Recovery] = []
    for item in pending(settings, scenario_id):
        where = display_path(item.path, settings.root)
        if item.problem is not None:
            raise UntrustedState(
                f"{item.problem}; it is not replayed",
                where=where,
                hint="if you did not leave it (a crash of intake on this machine), delete the "
                "file; `intake check` lists every refused journal",
            )
        unit = item.unit
        if unit is None:
            raise LedgerError(
                "an interrupted command left a journal that cannot be read",
                where=where,
                hint="check the draft and its record by hand, then delete the journal file",
            )
        _carry_out(settings, unit, announce=False)
        item.path.unlink(missing_ok=True)
        fsync_dir(item.path.parent)
        line = f"finished an interrupted {unit.command} of {scenario_id}: {_summary(unit)}"
        done.append(Recovery(Recovered.finished, line, unit))
    for tmp in stray_temps(settings, scenario_id):
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        done.append(
            Recovery(
                Recovered.temporary, f"removed a temporary file: {display_path(tmp, settings.root)}"
            )
        )
    return done


def _summary(unit: Unit) -> str:
    """What a replayed unit finished, in counts (``wrote 2 files, removed 2, logged 1 event``)."""
    parts = []
    if unit.writes:
        parts.append(f"wrote {counted(len(unit.writes), 'file')}")
    if unit.removes:
        parts.append(f"removed {counted(len(unit.removes), 'file')}")
    parts.append(f"logged {counted(len(unit.events), 'event')}")
    return ", ".join(parts)
