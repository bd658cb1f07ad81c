"""A history file (``intake.store.history``) is parsed once where it is read: every key checked
as intake writes it, the event built from the checked keys; anything else is skipped and named,
never a traceback (the file is hostile input like any other in a checkout)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from intake.config import load_settings
from intake.store.history import (
    HISTORY_SUFFIX,
    Stages,
    count_history,
    history_dir,
    history_file,
    history_files,
    history_text,
    read_history,
)
from intake.store.ledger import Event

EVENT_ID = "20261120100000000000-0123456789"
DIGEST = "sha256:" + "1" * 64


def _doc(**detail: Any) -> dict[str, Any]:
    text = history_text(
        Event(
            id=EVENT_ID,
            at="2026-11-20T10:00:00+00:00",
            kind="rejection",
            scenario_id="rival_case",
            path="drafts/rival_case.yaml",
            actor="maintainer",
            detail={"reason": "  not  useful ", "content_hash": DIGEST, "stages": {}, **detail},
        )
    )
    doc = json.loads(text)
    assert isinstance(doc, dict)
    return doc


def _read(tmp_path: Path, doc: object) -> tuple[list[Any], list[str]]:
    settings = load_settings(tmp_path)
    path = history_file(settings, EVENT_ID, "rejection")
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in history_dir(settings).glob(f"*{HISTORY_SUFFIX}"):
        old.unlink()
    path.write_text(json.dumps(doc), encoding="utf-8")
    found = read_history(settings, rescrub=False)
    return found.events, found.skipped


def test_a_written_event_reads_back_as_its_event(tmp_path: Path) -> None:
    stages = {"drafted_at": "2026-11-19T08:00:00Z", "scrubbed": True, "tiers": ["strong"]}
    (event,), skipped = _read(tmp_path, _doc(stages=stages))
    assert skipped == []
    assert (event.id, event.kind, event.scenario_id) == (EVENT_ID, "rejection", "rival_case")
    assert (event.path, event.actor, event.at) == (
        "drafts/rival_case.yaml",
        "maintainer",
        "2026-11-20T10:00:00+00:00",
    )
    assert event.detail == {
        "reason": "not useful",
        "content_hash": DIGEST,
        "stages": Stages("2026-11-19T08:00:00Z", True, False, ("strong",)).to_dict(),
    }


def test_no_stages_and_no_actor_or_path_read_as_none(tmp_path: Path) -> None:
    doc = _doc()
    del doc["actor"], doc["path"]
    (event,), _ = _read(tmp_path, doc)
    assert (event.actor, event.path) == (None, None)
    assert event.detail == {"reason": "not useful", "content_hash": DIGEST}


@pytest.mark.parametrize(
    "change",
    [
        {"intake_history_version": 2},
        {"intake_history_version": None},  # a key of any type, still checked when null
        {"scenario_id": None},
        {"id": "12"},
        {"kind": "promotion"},
        {"kind": ["rejection"]},  # unhashable: once a TypeError out of read_history
        {"scenario_id": "../etc/passwd"},
        {"at": "yesterday"},
        {"actor": "a\x1b[31mb"},
        {"path": "p" * 501},
        {"detail": "rejected"},
        {"detail": {"content_hash": DIGEST}},
        {"detail": {"reason": " ", "content_hash": DIGEST}},
        {"detail": {"reason": 3, "content_hash": DIGEST}},
        {"detail": {"reason": "r", "content_hash": "md5:00"}},
        {"detail": {"reason": "r", "stages": {"tiers": ["nightly"]}}},
        {"detail": {"reason": "r", "stages": {"tiers": [["strong"]]}}},  # unhashable too
        {"detail": {"reason": "r", "stages": {"tiers": None}}},
        {"detail": {"reason": "r", "stages": {"drafted_at": 3}}},
        {"detail": {"reason": "r", "stages": ["strong"]}},
    ],
)
def test_a_key_not_as_intake_writes_it_skips_the_file(
    tmp_path: Path, change: dict[str, Any]
) -> None:
    events, skipped = _read(tmp_path, {**_doc(), **change})
    assert events == []
    assert skipped == [
        f"intake-history/{EVENT_ID}-rejection{HISTORY_SUFFIX}: not an intake history event"
    ]


@pytest.mark.parametrize("value", [None, [], "x", {"tiers": "strong"}])
def test_stages_read_only_what_intake_writes(value: object) -> None:
    assert Stages.read(value) is None
    assert Stages.read({"scrubbed": "yes", "reviewed": 1}) == Stages()
    assert Stages.read({"tiers": ["local", "strong", "local"]}) == Stages(tiers=("local", "strong"))


def _valid_with(extra: str) -> str:
    return json.dumps(_doc())[:-1] + extra + "}"


@pytest.mark.parametrize(
    "text",
    [
        _valid_with(', "note": "\\ud83d"'),  # a lone surrogate: half of a character
        _valid_with(', "note": ' + "[" * 101 + "]" * 101),
        "{not json",
    ],
)
def test_a_file_the_json_reader_refuses_is_skipped(tmp_path: Path, text: str) -> None:
    """A history file is read by the one JSON reader (``fileio.read_json_input``): what it
    refuses is skipped and named like any other file not as intake writes it."""
    settings = load_settings(tmp_path)
    path = history_file(settings, EVENT_ID, "rejection")
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    found = read_history(settings, rescrub=False)
    assert found.events == []
    assert found.skipped == [
        f"intake-history/{EVENT_ID}-rejection{HISTORY_SUFFIX}: not an intake history event"
    ]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX links")
def test_one_listing_of_the_history_folder_for_every_reader(tmp_path: Path) -> None:
    """``history_files`` is the one listing (``read_history``, ``count_history``, ``check``'s
    re-scan, ``changed_history``): event files only, sorted, links listed for each reader to
    refuse, nothing when there is no folder."""
    settings = load_settings(tmp_path)
    assert history_files(settings) == []
    assert count_history(settings) == 0
    (event,), _ = _read(tmp_path, _doc())
    folder = history_dir(settings)
    real = history_file(settings, EVENT_ID, "rejection")
    linked = folder / f"00-rejection{HISTORY_SUFFIX}"
    linked.symlink_to(real)
    odd = folder / f"01-rejection{HISTORY_SUFFIX}"
    odd.mkdir()
    (folder / "notes.json").write_text("{}", encoding="utf-8")
    assert history_files(settings) == [linked, odd, real]
    assert count_history(settings) == 3
    found = read_history(settings, rescrub=False)
    assert found.events == [event]
    assert len(found.skipped) == 2  # the link, and the folder
    assert found.skipped[0].endswith(": not a plain file")
    assert found.skipped[1] == f"intake-history/{odd.name}: not a plain file"
