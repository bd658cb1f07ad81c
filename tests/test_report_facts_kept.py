"""What ``intake report`` read of each unchanged scenario file and record is kept in the run
index (``intake.report.read.Kept``): a warm report is the cold one, an edit or a link is read
again, and facts kept by other code are never read."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from intake.config import load_settings
from intake.lifecycle.runs import store
from intake.report.html import render_html
from intake.report.read import Kept, make_report
from intake.report.render import render_json, render_text
from intake.store.ledger import Ledger
from intake.store.records import record_path, save_record
from tests.support.report import at, make_record, scenario_yaml, write

NOW = at("2026-06-15")


@pytest.fixture(autouse=True)
def _keep_new_files(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "RACY_NS", 0)  # keep the facts of files however new


def _suite(root: Path) -> None:
    """Scenarios and drafts of every kind the report tells apart, with records of each state,
    a record that fails its model, one that is no JSON, YAML that does not parse and a value
    JSON cannot hold (NaN: that file is not kept)."""
    scenarios, drafts = root / "scenarios", root / "drafts"
    for n, (kind, extra) in enumerate(
        [
            ("session", {"reviewed": True, "tiers": ("strong", "local"), "promoted": "2026-03-01"}),
            ("issue", {"captured": "2026-02-10", "tiers": ("strong",)}),
            ("hand", {"scrubbed": False}),
            ("synthetic", {"promoted": "2026-04-02"}),
        ]
    ):
        path = write(scenarios / "rag" / f"case_{n}.yaml", scenario_yaml(f"case_{n}", source=kind))
        save_record(record_path(path), make_record(f"case_{n}", kind, **extra))  # type: ignore[arg-type]
    write(scenarios / "odd" / "legacy.yaml", scenario_yaml("legacy", "odd"))
    write(scenarios / "odd" / "broken.yaml", "id: broken\nturns: [\n")
    captured = "captured_from:\n  session_id: .nan\n  captured_at: 2026-03-20T16:21:18\n"
    write(scenarios / "odd" / "captured.yaml", scenario_yaml("captured", "odd", extra=captured))
    bad = write(scenarios / "odd" / "bad_record.yaml", scenario_yaml("bad_record", "odd"))
    record = {"id": "bad_record", "source": {"kind": "issue", "captured_at": "2026-02-01T10:00"}}
    write(record_path(bad), json.dumps({**record, "runs": [{"tier": "strong"}]}))
    nojson = write(scenarios / "odd" / "nojson.yaml", scenario_yaml("nojson", "odd"))
    write(record_path(nojson), "{not json")
    draft = write(drafts / "draft_a.yaml", scenario_yaml("draft_a", source="session"))
    save_record(record_path(draft), make_record("draft_a", reviewed=True, tiers=("strong",)))
    with Ledger.open(load_settings(root).ledger):
        pass  # intake's folder: the report keeps what it read in the run index beside it


def _rendered(root: Path) -> tuple[str, str, str]:
    report = make_report(load_settings(root), now=NOW)
    return render_text(report), render_json(report), render_html(report)


def _kept(root: Path) -> dict[str, tuple[tuple[int, int, int], str]]:
    return store.known_records(load_settings(root))  # one row a file, for the report and health


def test_a_warm_report_is_the_cold_one_and_a_deleted_index_too(suite: Path) -> None:
    _suite(suite)
    cold = _rendered(suite)
    kept = _kept(suite)
    # every readable file's facts but the one holding NaN (and no file that did not parse)
    names = sorted(os.path.basename(k) for k in kept)
    assert "captured.yaml" not in names and "broken.yaml" not in names
    assert {"case_0.yaml", "case_0.intake.json", "bad_record.intake.json"} <= set(names)
    assert "nojson.intake.json" in names and "draft_a.intake.json" in names
    assert _rendered(suite) == cold  # read from what was kept
    assert Kept.of(load_settings(suite)).known == store.known_records(load_settings(suite))
    store.index_path(load_settings(suite)).unlink()
    assert _rendered(suite) == cold  # read again and kept again
    assert len(_kept(suite)) == len(kept)
    assert "from sessions" in cold[0] and "bad_record" in cold[1]


def test_an_edit_of_the_same_size_and_time_is_read_again(suite: Path) -> None:
    _suite(suite)
    scenario = suite / "scenarios" / "rag" / "case_2.yaml"
    before = _rendered(suite)
    assert json.loads(before[1])["by_source"]["hand"]["count"] == 1
    st = scenario.stat()
    text = scenario.read_text(encoding="utf-8").replace("type: hand", "type: issu")
    scenario.write_text(text, encoding="utf-8")  # the same size: "hand" and "issu"
    os.utime(scenario, ns=(st.st_atime_ns, st.st_mtime_ns))  # and the same modification time
    record = record_path(suite / "scenarios" / "rag" / "case_3.yaml")
    st = record.stat()
    raw = record.read_text(encoding="utf-8").replace('"synthetic"', '"forgedxxx"')
    record.write_text(raw, encoding="utf-8")
    os.utime(record, ns=(st.st_atime_ns, st.st_mtime_ns))
    after = json.loads(_rendered(suite)[1])
    assert after["by_source"]["hand"]["count"] == 0
    unknown = {u["id"]: u["reason"] for u in after["unknown_source"]}
    assert unknown["case_2"].startswith("source.type is missing or not one of")
    problems = {p["file"]: p["reason"] for p in after["record_problems"]}
    assert problems["scenarios/rag/case_3.intake.json"].startswith("invalid record at source.kind")
    assert after != json.loads(before[1])


def test_a_record_turned_link_is_read_again_and_refused(suite: Path) -> None:
    _suite(suite)
    _rendered(suite)
    record = record_path(suite / "scenarios" / "rag" / "case_0.yaml")
    elsewhere = suite / "elsewhere.intake.json"
    record.rename(elsewhere)
    record.symlink_to(elsewhere)
    document = json.loads(_rendered(suite)[1])
    problems = {p["file"]: p["reason"] for p in document["record_problems"]}
    assert problems["scenarios/rag/case_0.intake.json"].startswith("cannot read record")


def test_facts_kept_by_other_code_or_damaged_are_not_read(suite: Path) -> None:
    _suite(suite)
    cold = _rendered(suite)
    db = sqlite3.connect(store.index_path(load_settings(suite)))
    with db:
        rows = db.execute("SELECT path, facts FROM record_facts").fetchall()
        for path, facts in rows:
            version, value = json.loads(facts)
            if isinstance(value, dict) and "category" in value:  # a scenario's top keys
                value = {**value, "category": "forged"}
                other = json.dumps(["another version", value])
            else:
                other = "[not json"
            db.execute("UPDATE record_facts SET facts = ? WHERE path = ?", (other, path))
    db.close()
    assert _rendered(suite) == cold
    assert "forged" not in json.dumps([f for _, f in _kept(suite).values()])


def test_the_reports_health_reads_no_record_the_report_read(
    suite: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One read of a record for both (``Kept.rows``): cold, the report's health opens again only
    the records whose runs it reads, and those the report could not validate."""
    _suite(suite)
    opened: list[str] = []
    real_open = os.open

    def counting(path: str, *args: int, **kwargs: int) -> int:
        opened.append(os.path.basename(path))
        return real_open(path, *args, **kwargs)

    with monkeypatch.context() as patched:  # its own undo: the suite stays the working folder
        patched.setattr(os, "open", counting)
        cold = _rendered(suite)
    once = ["case_2.intake.json", "case_3.intake.json", "draft_a.intake.json"]
    assert [opened.count(name) for name in once] == [1, 1, 1]
    assert opened.count("case_0.intake.json") == 2  # its runs: health validates it again
    assert opened.count("bad_record.intake.json") == 2
    assert _rendered(suite) == cold


def test_what_health_alone_kept_of_a_record_the_report_reads(
    suite: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One shape of a record's facts (``RecordFacts``) for both: what ``health`` alone keeps of
    a record it validated (a quarantined scenario's, carrying no run) is what the report reads,
    so the report opens that record no more, and says what it said reading it."""
    from intake.contract.models import LifecycleChange, LifecycleState
    from intake.report.health import read_health

    _suite(suite)
    path = suite / "scenarios" / "rag" / "case_2.yaml"
    record = make_record("case_2", "hand", scrubbed=False)
    record.lifecycle.append(
        LifecycleChange(
            state=LifecycleState.quarantined,
            reason="flaky judge",
            by="alice",
            at=at("2026-05-01"),
            content_hash="sha256:" + "0" * 64,
            before_hash="sha256:" + "0" * 64,
            path="scenarios/rag/case_2.yaml",
        )
    )
    save_record(record_path(path), record)
    items, _ = read_health(load_settings(suite))
    assert {i.scenario_id: i.quarantined for i in items}["case_2"] == "flaky judge"
    opened: list[str] = []
    real_open = os.open

    def counting(name: str, *args: int, **kwargs: int) -> int:
        opened.append(os.path.basename(name))
        return real_open(name, *args, **kwargs)

    with monkeypatch.context() as patched:
        patched.setattr(os, "open", counting)
        warm = _rendered(suite)
    assert "case_2.intake.json" not in opened
    store.index_path(load_settings(suite)).unlink()
    assert _rendered(suite) == warm
