"""A stable train/held-out split of the suite, drawn at promotion and written as a tag.

A scenario's place is decided by a salted hash of its id alone, so it is the same on every
machine and every run, and changes only when the salt (``split_salt``) does. To keep each
category near ``split_heldout`` (30 %) even when it holds few cases, the split is stratified:
within a category the ids are ordered by their hash and the first ``round(share × n)`` are held
out; a category's first case (n = 1) is held out when its hash falls below the share. A new
case therefore only ever moves the boundary of its own category.

The tags are ``split-train`` and ``split-heldout``: GAIA's tag filter includes a scenario when
any of its tags is asked for (amd/gaia ``src/gaia/eval/runner.py`` ``find_scenarios``,
docs/gaia-formats.md#runner), so its ``--fix`` loop leaves the held-out cases out with
``--tag split-train``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from intake.config import Settings

TRAIN = "split-train"
HELDOUT = "split-heldout"
SPLIT_TAGS = (TRAIN, HELDOUT)


def split_hash(scenario_id: str, salt: str) -> float:
    """The id's place in [0, 1): SHA-256 of ``salt`` NUL ``id``, its first 8 bytes."""
    import hashlib  # only where the split is assigned (health reads it from the tags)

    digest = hashlib.sha256(f"{salt}\0{scenario_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def assign(categories: Mapping[str, str], salt: str, share: float) -> dict[str, str]:
    """Scenario id → ``split-train``/``split-heldout``, stratified by category (id → category)."""
    by_category: dict[str, list[str]] = {}
    for scenario_id, category in categories.items():
        by_category.setdefault(category, []).append(scenario_id)
    result: dict[str, str] = {}
    for ids in by_category.values():
        ordered = sorted(ids, key=lambda i: (split_hash(i, salt), i))
        if len(ordered) == 1:
            held = 1 if split_hash(ordered[0], salt) < share else 0
        else:
            held = round(share * len(ordered))
        for position, scenario_id in enumerate(ordered):
            result[scenario_id] = HELDOUT if position < held else TRAIN
    return result


def split_for(
    scenario_id: str, category: str, suite: Mapping[str, str], salt: str, share: float
) -> str:
    """The tag of ``scenario_id`` joining ``suite`` (the suite's id → category, itself left out
    or included alike)."""
    return assign({**suite, scenario_id: category}, salt, share)[scenario_id]


def split_of(tags: Iterable[str]) -> str | None:
    """``train``, ``heldout`` or None from a scenario's tags."""
    names = set(tags)
    if HELDOUT in names:
        return "heldout"
    if TRAIN in names:
        return "train"
    return None


def suite_categories(settings: Settings) -> dict[str, str]:
    """Scenario id (its YAML ``id``, not the file's name) → category (its folder) of every
    scenario in the suite; a file without a valid id is left out."""
    from intake.store.records import iter_scenarios, yaml_id

    found: dict[str, str] = {}
    for path in iter_scenarios(settings.scenarios):
        sid = yaml_id(path)
        if sid is not None:
            found.setdefault(sid, path.parent.name)
    return found


def with_split(settings: Settings, raw: bytes, scenario_id: str, category: str) -> bytes:
    """The scenario's bytes with its split tag drawn against the suite as it is, other tags,
    comments, layout, BOM and line ends kept. The split is always drawn, never taken from the
    draft: a split tag the draft carries (a contributor's choice of ``train`` for a case the
    draw puts in ``heldout``) is replaced by the drawn one."""
    from intake.contract.plain import ScenarioView
    from intake.contract.yamlio import decode, load_roundtrip
    from intake.lifecycle.quarantine import with_one_tag

    suite = suite_categories(settings)
    suite.pop(scenario_id, None)
    tag = split_for(scenario_id, category, suite, settings.split_salt, settings.split_heldout)
    tags = ScenarioView.of(load_roundtrip(decode(raw))).tags
    carried = [t for t in tags if t in SPLIT_TAGS]
    return raw if carried == [tag] else with_one_tag(raw, SPLIT_TAGS, tag)


def write_split(
    settings: Settings, *, by: str | None = None, dry_run: bool = False
) -> list[tuple[str, str]]:
    """Tag every promoted or adopted scenario that has no split tag yet (``intake split``).

    The tags are drawn over the whole suite (``assign``); a tag already written is kept. Each
    file and its record (the stamp moved to the tagged file, as a quarantine moves it) are one
    journal unit with a ``split`` event: a reviewed change like any other. Returns (id, tag)
    of each scenario tagged (or that would be, with ``dry_run``). Who decides is ``by``
    through ``store.suite.change_actor`` (unknown: nothing is tagged; a dry run names nobody).
    """
    from intake.lifecycle.quarantine import retagged
    from intake.lifecycle.runs.nightly import suite_index
    from intake.paths import display_path
    from intake.store.details import SplitDetail
    from intake.store.edit import edit
    from intake.store.journal import Event
    from intake.store.records import load_record, record_path, record_text, sha256_bytes
    from intake.store.suite import change_actor

    drawn = assign(suite_categories(settings), settings.split_salt, settings.split_heldout)
    who = None if dry_run else change_actor(settings, by)  # a dry run records nobody
    done: list[tuple[str, str]] = []
    for sid, scenario in suite_index(settings).items():
        path = scenario.path
        if tag_file(path) is not None:
            continue
        tag = drawn[sid]
        done.append((sid, tag))
        if dry_run:
            continue
        with edit(settings, sid, doing="split") as tx:
            if tag_file(path) is not None:
                continue
            where = display_path(path, settings.root)
            record = load_record(record_path(path))
            record, new, before, after = retagged(path, record, SPLIT_TAGS, tag, where)
            salt = sha256_bytes(settings.split_salt.encode("utf-8"))
            event = Event(
                "split",
                where,
                who,
                SplitDetail(tag=tag, salt_hash=salt, before_hash=before, content_hash=after),
            )
            texts = (record_text(record, record_path(path)), new.decode("utf-8"))
            tx.commit_scenario("split", sid, path, texts, event)
    return done


def tag_file(path: Path) -> str | None:
    """The split of a scenario file as its tags say (None: none or unreadable)."""
    from intake.contract.plain import ScenarioView
    from intake.contract.yamlio import YamlProblem, parse_checked

    try:
        return split_of(ScenarioView.of(parse_checked(path.read_bytes()).data).tags)
    except (YamlProblem, OSError):
        return None
