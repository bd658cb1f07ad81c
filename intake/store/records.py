"""Records beside scenarios and content hashes.

A record is ``<stem>.intake.json`` next to ``<stem>.yaml``: not ``*.yaml``, so GAIA's loader
(which reads every ``*.yaml`` under its scenario folder) never sees it. Reviews bind to the
whole file's hash; runs bind to the runnable part (persona, setup, turns, agent_type), so a
typo fixed in the rationale keeps the runs but voids the approvals.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from intake.contract.plain import ID_PATTERN
from intake.errors import InputError, IntakeError, UsageError
from intake.fileio import (
    MAX_JSON_DEPTH,
    atomic_write,
    json_depth_exceeds,
    read_input,
    read_text_exact,
    with_line_ends,
)
from intake.limits import MAX_INPUT_BYTES, MAX_RECORD_BYTES
from intake.paths import inside

if TYPE_CHECKING:  # the models (pydantic) are imported where a record is validated
    from intake.contract.models import Record, Standing

RECORD_SUFFIX = ".intake.json"
HASH_ALGORITHM = "sha256"
RUNNABLE_KEYS = ("persona", "setup", "turns", "agent_type")


def utcnow() -> datetime:
    """The current time, timezone-aware (UTC)."""
    return datetime.now(UTC)


def sha256_bytes(data: bytes) -> str:
    """``sha256:<hex>``: hashes carry their algorithm so a change of algorithm is detectable."""
    return f"{HASH_ALGORITHM}:{hashlib.sha256(data).hexdigest()}"


def content_hash(path: Path) -> str:
    """Hash of the whole file, byte for byte (what a review is bound to); a link or anything
    but a regular file within the input limit is refused."""
    return sha256_bytes(read_input(path, what="file", limit=MAX_INPUT_BYTES, follow_links=False))


def canonical_json(value: Any) -> str:
    """Canonical JSON of parsed YAML, for hashing: sorted keys, no blanks, UTF-8 as is.

    YAML allows what JSON does not: keys of mixed types (``{1: a, b: c}`` cannot be sorted)
    and values such as dates. Such a document is hashed through ``_tagged`` instead, where a
    mapping with a key that is not text becomes its sorted ``[key, value]`` pairs with each key
    written with its type (``1`` and ``"1"`` stay two keys), and any other value is tagged with
    its type. Documents JSON can write keep the hash they always had.
    """
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return json.dumps(_tagged(value), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _tagged(value: Any) -> Any:
    if isinstance(value, Mapping):
        if all(isinstance(k, str) for k in value):
            return {k: _tagged(v) for k, v in value.items()}
        pairs = sorted(
            ([canonical_json(_tagged(k)), _tagged(v)] for k, v in value.items()),
            key=lambda pair: pair[0],
        )
        return {"\u0000pairs": pairs}
    if isinstance(value, (list, tuple)):
        return [_tagged(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, (date, datetime)):
        return {"\u0000" + type(value).__name__: value.isoformat()}
    return {"\u0000" + type(value).__name__: str(value)}


def runnable_hash(data: dict[str, Any]) -> str:
    """Hash of what the runner executes: persona, setup, turns, agent_type (canonical JSON)."""
    runnable = {key: data.get(key) for key in RUNNABLE_KEYS}
    return sha256_bytes(canonical_json(runnable).encode("utf-8"))


def record_path(scenario: Path) -> Path:
    """``foo.yaml`` → ``foo.intake.json`` in the same folder."""
    return scenario.with_name(scenario.stem + RECORD_SUFFIX)


def scenario_path_for_record(record: Path) -> Path:
    """``foo.intake.json`` → ``foo.yaml``."""
    return record.with_name(record.name.removesuffix(RECORD_SUFFIX) + ".yaml")


def standing_beside(path: Path) -> Standing:
    """The standing of the suite file at ``path`` (``contract.models.standing``) from the
    record beside it as it is loaded: what ``intake validate`` judges it by (``check`` gives
    the record it judged)."""
    from intake.contract.models import standing

    rec = record_path(path)
    if not rec.is_file():
        return standing(False, None)
    try:
        return standing(True, load_record(rec))
    except IntakeError:
        return standing(True, None)


def load_record(path: Path) -> Record:
    """Read and validate a record file (never through a link)."""
    from pydantic import ValidationError

    from intake.contract.models import Record

    try:
        raw = read_input(path, what="record", limit=MAX_RECORD_BYTES, follow_links=False).decode(
            "utf-8"
        )
        if json_depth_exceeds(raw, MAX_JSON_DEPTH):
            raise InputError(f"record nests deeper than {MAX_JSON_DEPTH} levels", where=str(path))
    except InputError:
        if not path.exists() and not path.is_symlink():
            raise UsageError("no record beside the scenario", where=str(path)) from None
        raise
    except FileNotFoundError:
        raise UsageError("no record beside the scenario", where=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read record: {exc}", where=str(path)) from None
    try:
        return Record.model_validate_json(raw, strict=False)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first["loc"])
        raise InputError(
            f"invalid record at {loc or '$'}: {first['msg']}", where=str(path)
        ) from None


def dump_record(record: Record) -> str:
    """A record as stable, diff-friendly JSON text."""
    return record.model_dump_json(indent=2, exclude_none=True) + "\n"


def record_text(record: Record, path: Path) -> str:
    """``dump_record`` with the line ends of the record at ``path`` it replaces, else of the
    scenario beside it: a record in a CRLF checkout stays CRLF (``fileio.with_line_ends``)."""
    text = dump_record(record)
    for like in (path, scenario_path_for_record(path)):
        if like.is_symlink():
            continue
        with contextlib.suppress(OSError, UnicodeDecodeError):
            return with_line_ends(text, like=read_text_exact(like))
    return text


def save_record(path: Path, record: Record) -> None:
    """Write a record atomically (``record_text``: its line ends kept)."""
    atomic_write(path, record_text(record, path))


def safe_child(folder: Path, *parts: str) -> Path:
    """``folder/parts…``, refusing anything that would resolve outside ``folder``."""
    target = folder.resolve().joinpath(*parts).resolve()
    if not inside(target, folder):
        raise UsageError("path escapes its folder", where="/".join(parts))
    return target


def check_id(scenario_id: str) -> str:
    """Refuse ids that are not safe file stems (no ``../``, no separators)."""
    if not re.fullmatch(ID_PATTERN, scenario_id):
        raise UsageError(f"unsafe scenario id {scenario_id[:80]!r}")
    return scenario_id


def yaml_id(path: Path) -> str | None:
    """A scenario file's YAML ``id``, the one identity of a scenario wherever its file lies
    (what GAIA's runner reports; GAIA's ``simple_tool_call.yaml`` holds
    ``mcp_simple_tool_call``): one parse of its top-level keys; None when the file cannot be
    read or holds no id that matches ``ID_PATTERN``."""
    from intake.contract.yamlio import YamlProblem, parse_top

    try:
        found = parse_top(path.read_bytes(), frozenset({"id"})).data.get("id")
    except (OSError, YamlProblem):
        return None
    return found if isinstance(found, str) and re.fullmatch(ID_PATTERN, found) else None


_LINKS: dict[str, Callable[[Path], bool]] = {
    "follow": Path.is_file,
    "refuse": lambda p: p.is_file() and not p.is_symlink(),
    "only": Path.is_symlink,
}


def iter_scenarios(
    *folders: Path,
    names: tuple[str, ...] = ("*.yaml",),
    links: Literal["follow", "refuse", "only"] = "follow",
) -> Iterator[Path]:
    """The suite's one walk: the files below the folders that exist whose names match
    ``names``, each folder's sorted, in the folders' order (a file of a folder inside another
    given comes once a folder). ``rglob``'s: dot-files and dot-folders are listed (GAIA's
    runner loads ``rglob("*.yaml")``, so a hidden scenario runs and must be checked; intake's
    temporaries end in ``.tmp``, an older promotion's in ``.promote-tmp``), linked folders are
    not entered.

    ``links``: ``follow`` lists files and links to files; ``refuse``, plain files only;
    ``only``, the symbolic links alone (broken, or to a folder, too)."""
    wanted = _LINKS[links]
    for folder in folders:
        if folder.is_dir():
            yield from sorted({p for name in names for p in folder.rglob(name) if wanted(p)})
