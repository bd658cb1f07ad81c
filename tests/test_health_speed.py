"""What health and runs import do to be fast keeps their answers (issue 38 item 7): the cache of
each scenario file's facts in the run index follows every edit of the file and can be
deleted."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.config import Settings, load_settings
from intake.lifecycle.runs import store
from intake.lifecycle.runs.store import index_path, read_facts, scenario_facts
from intake.report import health, posterior
from intake.report.health import build_health, noise, render
from tests.support.health_counts import as_grouped, as_stored, moved_to
from tests.support.health_generator import generate
from tests.support.modules import loaded_by
from tests.support.nightly_helpers import write_scenario


def _rows(suite: Path) -> list[tuple[Any, ...]]:
    db = sqlite3.connect(index_path(load_settings(suite)))
    try:
        return db.execute(
            "SELECT path, scenario_id, runnable_hash, category, tags FROM scenario_facts"
        ).fetchall()
    finally:
        db.close()


def test_cached_facts_follow_an_edit_of_the_same_size_and_a_deleted_index(
    suite: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "RACY_NS", 0)  # cache a file however new it is
    path = write_scenario(suite, "alpha_case", objective="Ask what the budget says, part A.")
    settings = load_settings(suite)
    first = scenario_facts(settings, [path])[path]
    assert first == read_facts(path.read_bytes())
    assert first.scenario_id == "alpha_case" and first.category == "rag_quality"
    assert [r[1] for r in _rows(suite)] == ["alpha_case"]
    before = path.stat()
    path.write_text(path.read_text(encoding="utf-8").replace("part A", "part B"), encoding="utf-8")
    assert path.stat().st_size == before.st_size
    edited = scenario_facts(settings, [path])[path]
    assert edited.runnable_hash != first.runnable_hash
    assert edited == read_facts(path.read_bytes())
    index_path(settings).unlink()
    assert scenario_facts(settings, [path])[path] == edited


def test_a_file_changed_just_now_is_not_cached(suite: Path) -> None:
    path = write_scenario(suite, "alpha_case")
    settings = load_settings(suite)
    assert scenario_facts(settings, [path])[path].scenario_id == "alpha_case"
    assert _rows(suite) == []


def test_an_unreadable_index_is_parsed_around(suite: Path) -> None:
    path = write_scenario(suite, "alpha_case")
    settings = load_settings(suite)
    index_path(settings).parent.mkdir(parents=True, exist_ok=True)
    index_path(settings).write_bytes(b"not a database, not at all" * 100)
    assert scenario_facts(settings, [path])[path] == read_facts(path.read_bytes())


def test_runs_import_reads_the_ids_through_the_cache_and_records_the_current_hash(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.support.nightly_helpers import (
        CI_VARIABLES,
        PYPROJECT_EXTRA,
        STRONG,
        night,
        write_run,
    )

    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(store, "RACY_NS", 0)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    path = write_scenario(suite, "alpha_case", objective="Ask what the budget says, part A.")
    assert (
        runner.invoke(
            app,
            [
                "adopt",
                "scenarios/rag_quality/alpha_case.yaml",
                "--source",
                "hand",
                "--reviewer",
                "alice",
            ],
        ).exit_code
        == 0
    )
    results = suite / "eval" / "results"
    write_run(
        results,
        "eval-20260501-020000",
        night(1),
        {"alpha_case": "PASS"},
        meta={"model": STRONG, "machine": "ci-1"},
    )
    assert (
        runner.invoke(app, ["runs", "import", str(results / "eval-20260501-020000")]).exit_code == 0
    )
    path.write_text(path.read_text(encoding="utf-8").replace("part A", "part B"), encoding="utf-8")
    write_run(
        results,
        "eval-20260502-020000",
        night(2),
        {"alpha_case": "FAIL"},
        meta={"model": STRONG, "machine": "ci-1"},
    )
    assert (
        runner.invoke(app, ["runs", "import", str(results / "eval-20260502-020000")]).exit_code == 0
    )
    settings = load_settings(suite)
    runs = {r.run_id: r.results[0][4] for r in map(store.read_run, store.run_files(settings))}
    assert runs["eval-20260502-020000"] == read_facts(path.read_bytes()).runnable_hash
    assert runs["eval-20260501-020000"] != runs["eval-20260502-020000"]


def test_the_runs_health_reads_from_the_index_equal_validated_ones(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from intake.contract.models import SuiteRun
    from tests.support.nightly_helpers import (
        CI_VARIABLES,
        PYPROJECT_EXTRA,
        STRONG,
        night,
        write_run,
    )

    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    write_scenario(suite, "alpha_case")
    assert (
        runner.invoke(
            app,
            [
                "adopt",
                "scenarios/rag_quality/alpha_case.yaml",
                "--source",
                "hand",
                "--reviewer",
                "alice",
            ],
        ).exit_code
        == 0
    )
    write_run(
        suite / "eval" / "results",
        "eval-20260501-020000",
        night(1),
        {"alpha_case": "FAIL"},
        meta={"model": STRONG, "machine": "ci-1", "commit": "c0ffee01"},
    )
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    (run,) = store.scenario_runs(load_settings(suite), ["alpha_case"])["alpha_case"]
    fields = run.model_dump()
    assert run == SuiteRun.model_validate(fields) == SuiteRun.model_construct(**fields)
    assert run.model_fields_set == set(SuiteRun.model_fields)
    assert run.model_copy(update={"status": "PASS"}).status == "PASS" and run.status == "FAIL"
    assert (run.machine, run.gaia_commit, run.tier.value) == ("ci-1", "c0ffee01", "strong")


# --- the fast path keeps the answers (issue 38 item 7) ------------------------------------

NOW = datetime(2026, 6, 1, tzinfo=UTC)


@pytest.mark.parametrize(("seed", "nights"), [(7, 3), (7, 14), (99, 17)])
def test_the_store_runs_decide_as_the_record_runs_on_generated_histories(
    seed: int, nights: int
) -> None:
    """Every report ``health`` renders from the run store's plain runs (``store.Run``) equals
    the one from the records' validated runs (``SuiteRun``), on the generator's histories:
    edits, fixes, a backend-down night, a killed run, three machines, a commit a night."""
    inputs = generate(seed=seed, nights=nights, per_class=12).inputs()
    old = build_health(inputs, now=NOW)
    new = build_health([as_stored(i) for i in inputs], now=NOW)
    assert {s.klass for s in old.scenarios} >= {"stale", "never-judged", "undecided"}
    for fmt in ("json", "text", "markdown", "github"):
        assert render(new, fmt) == render(old, fmt), fmt
    assert noise([as_stored(i) for i in inputs], now=NOW) == noise(inputs, now=NOW)
    mixed = [as_stored(i) if n % 2 else i for n, i in enumerate(inputs)]
    assert render(build_health(mixed, now=NOW), "json") == render(old, "json")


@pytest.mark.parametrize(("seed", "nights"), [(7, 14), (99, 17), (2026, 7)])
def test_counts_decide_as_the_runs_on_generated_histories(seed: int, nights: int) -> None:
    """Every report from the runs counted per scenario, hash, model, tier, judge and status
    (as SQL groups them: ``store.window_counts``) equals the one from each run, on the
    generator's histories (edits, fixes, judges, three machines, a commit a night, a window
    shorter than the history); pinning a commit on counts is refused, not answered wrong."""
    inputs = generate(seed=seed, nights=nights, per_class=12).inputs()
    old = build_health(inputs, now=NOW, window_nights=10)
    newest = max(r.at for i in inputs for r in i.runs)
    start = newest - timedelta(days=10) + timedelta(hours=1)
    grouped = [as_grouped(i, start) for i in inputs]
    assert sum(len(i.runs) for i in grouped) < sum(len(i.runs) for i in inputs) * 0.8
    new = build_health(grouped, now=NOW, window_nights=10)
    for fmt in ("json", "text", "markdown", "github"):
        assert render(new, fmt) == render(old, fmt), fmt
    with pytest.raises(ValueError, match="pin"):
        build_health(grouped, now=NOW, all_commits=False)
    with pytest.raises(ValueError, match="noise"):
        noise(grouped, now=NOW)
    late = grouped[0]._replace(runs=grouped[0].runs[:1], mix=())  # a run after every group
    moved = late._replace(runs=(moved_to(late.runs[0], newest + timedelta(days=10 - nights / 2)),))
    with pytest.raises(ValueError, match="window"):
        build_health([moved, *grouped[1:]], now=NOW, window_nights=10)


def test_remembered_answers_are_the_answers_and_another_version_reads_none(suite: Path) -> None:
    """The decisions' answers kept in the run index give the same report as computing them,
    keep every bit of each probability, and are never read under another rules' version."""
    settings = load_settings(suite)
    store.store_dir(settings).mkdir(parents=True)
    inputs = generate(seed=7, nights=14, per_class=12).inputs()
    posterior.learned()  # forget what other tests computed, and the answers they seeded
    for cache in [*posterior._MEMO.values(), *posterior._KEPT.values()]:
        cache.clear()
    health._rate.cache_clear()  # the rates other tests made (their intervals are answers)
    health._VERDICTS.clear()  # and the verdicts (each asked its decision)
    computed = render(build_health(inputs, now=NOW), "json")
    thin = posterior.decide((1, 2), None, posterior.Bars())  # too few runs: no probabilities
    assert thin == ("undecided", 0.0, ())
    rows = posterior.learned()
    assert {r[0] for r in rows} == {"decide", "jeffreys", "more_runs"}
    store.remember_answers(settings, posterior.VERSION, rows)
    assert store.remembered_answers(settings, "another version") == []
    kept = store.remembered_answers(settings, posterior.VERSION)
    assert sorted(kept) == sorted(rows)
    answers = {name: dict(cache) for name, cache in posterior._MEMO.items()}
    for cache in [*posterior._MEMO.values(), *posterior._KEPT.values()]:
        cache.clear()
    health._rate.cache_clear()
    health._VERDICTS.clear()
    posterior.seed(kept)
    assert render(build_health(inputs, now=NOW), "json") == computed
    assert posterior.decide((1, 2), None, posterior.Bars()) == thin
    assert posterior.learned() == []  # nothing computed again: each answer read as asked
    read = {name: dict(cache) for name, cache in posterior._MEMO.items()}
    assert read["decide"] and all(  # every bit (an answer seeded inside another is not asked)
        answers[name][args] == value
        for name, cache in read.items()
        for args, value in cache.items()
    )
    store.remember_answers(settings, "another version", rows[:1])
    assert store.remembered_answers(settings, posterior.VERSION) == []  # one version kept


def test_the_constants_the_light_path_keeps_are_the_models(suite: Path) -> None:
    from intake.contract.models import REAL_USE
    from intake.report.health import REAL_KINDS
    from intake.store.records import RECORD_SUFFIX

    assert {k.value for k in REAL_USE} == REAL_KINDS
    assert store.RECORD_SUFFIX == RECORD_SUFFIX


def test_suite_files_walk_as_iter_scenarios_does(suite: Path) -> None:
    from intake.store.records import iter_scenarios, record_path

    for n, name in enumerate(["b_case", "a_case", "Z_case", "c_case"]):
        write_scenario(suite, name, category=("rag_quality", "tool_selection")[n % 2])
        if name != "c_case":
            record_path(
                suite / "scenarios" / ("rag_quality", "tool_selection")[n % 2] / f"{name}.yaml"
            ).write_text("{}", encoding="utf-8")
    (suite / "scenarios" / "rag_quality" / "deeper").mkdir()
    (suite / "scenarios" / "rag_quality" / "deeper" / "x.yaml").write_text("id: x\n")
    (suite / "scenarios" / "notes.txt").write_text("not a scenario")
    (suite / "scenarios" / "folder.yaml").mkdir()
    files = store.suite_files(suite / "scenarios", suite / "no-such-folder")
    assert [f.path for f in files] == list(iter_scenarios(suite / "scenarios"))
    assert [f.record for f in files] == [record_path(f.path).is_file() for f in files]
    assert all(Path(f.record_text) == record_path(f.path) for f in files)
    # what the caches stamp a file with; on Windows a listing's stat has no inode, device or
    # link count (0), which ``Path.stat`` has
    kept = ("st_mode", "st_size", "st_mtime_ns", "st_ctime_ns")
    for f in files:
        assert [getattr(f.stat, k) for k in kept] == [getattr(f.path.stat(), k) for k in kept]


HEAVY_FOR_HEALTH = (
    "presidio_analyzer",
    "spacy",
    "jsonschema",
    "github",
    "intake.report.html",
    "intake.scrub",
    "intake.check",
)
WARM_NEVER = ("intake.contract.models", "ruamel", "intake.contract.yamlio")


def _loaded_by(argv: list[str], cwd: Path) -> set[str]:
    return loaded_by(argv, cwd)[1]


def test_health_imports_what_it_uses(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``intake health`` (checked in a fresh interpreter) never imports the scrubber, spaCy,
    jsonschema, PyGithub, the gates or the HTML renderer; with its caches warm (a second call
    over unchanged files) not the models nor the YAML library either."""
    from tests.support.nightly_helpers import (
        CI_VARIABLES,
        PYPROJECT_EXTRA,
        STRONG,
        night,
        write_run,
    )

    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(store, "RACY_NS", 0)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    write_scenario(suite, "alpha_case")
    assert (
        runner.invoke(
            app,
            [
                "adopt",
                "scenarios/rag_quality/alpha_case.yaml",
                "--source",
                "hand",
                "--reviewer",
                "alice",
            ],
        ).exit_code
        == 0
    )
    write_run(
        suite / "eval" / "results",
        "eval-20260501-020000",
        night(1),
        {"alpha_case": "PASS"},
        meta={"model": STRONG, "machine": "ci-1"},
    )
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    first = _loaded_by(["health", "--format", "json"], suite)
    assert "intake.report.health" in first
    assert not {
        m
        for m in first
        if m.split(".")[0] in HEAVY_FOR_HEALTH
        or any(m == h or m.startswith(h + ".") for h in HEAVY_FOR_HEALTH)
    }
    from intake.report.health import make_health

    make_health(load_settings(suite))  # here the files are old enough to keep (RACY_NS 0)
    warm = _loaded_by(["health"], suite)
    assert "intake.report.health" in warm
    assert not {
        m
        for m in warm
        if any(m == h or m.startswith(h + ".") for h in (*HEAVY_FOR_HEALTH, *WARM_NEVER))
    }


def test_a_kept_record_reads_as_validated_and_a_changed_one_is_read_again(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each record health validated is kept by size and times: the next call reads the same
    report from it without opening the record, and a quarantine (the record changed) is seen
    at once."""
    from intake.report.health import make_health, render
    from tests.support.nightly_helpers import (
        CI_VARIABLES,
        PYPROJECT_EXTRA,
        STRONG,
        night,
        write_run,
    )

    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(store, "RACY_NS", 0)  # keep a record however new it is
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    for sid in ("alpha_case", "beta_case"):
        write_scenario(suite, sid)
        assert (
            runner.invoke(
                app,
                [
                    "adopt",
                    f"scenarios/rag_quality/{sid}.yaml",
                    "--source",
                    "hand",
                    "--reviewer",
                    "alice",
                ],
            ).exit_code
            == 0
        )
    write_run(
        suite / "eval" / "results",
        "eval-20260501-020000",
        night(1),
        {"alpha_case": "PASS", "beta_case": "FAIL"},
        meta={"model": STRONG, "machine": "ci-1"},
    )
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    settings = load_settings(suite)
    validated = render(make_health(settings, now=NOW), "json")
    assert len(store.known_records(settings)) == 2
    read: list[str] = []
    read_bytes = Path.read_bytes

    def reading(path: Path) -> bytes:
        read.append(path.name)
        return read_bytes(path)

    with monkeypatch.context() as patched:
        patched.setattr(Path, "read_bytes", reading)
        assert render(make_health(settings, now=NOW), "json") == validated  # read from the kept
    assert not [name for name in read if name.endswith(".intake.json")]  # not even opened
    store.index_path(settings).unlink()
    assert render(make_health(settings, now=NOW), "json") == validated  # and rebuilt
    result = runner.invoke(
        app, ["quarantine", "beta_case", "--reason", "flaky backend", "--by", "alice"]
    )
    assert result.exit_code == 0, result.output + result.stderr
    report = make_health(settings, now=NOW)
    assert [s.scenario_id for s in report.quarantined] == ["beta_case"]
    assert report.quarantined[0].quarantined == "flaky backend"


HEAVY_FOR_REPORT = (
    *(h for h in HEAVY_FOR_HEALTH if h != "intake.report.html"),  # report renders through it
    "intake.lifecycle.gates",
    "intake.lifecycle.replay",
    "intake.lifecycle.authority",
    "intake.contract.validate",
    "intake.store.suite",
    "intake.store.edit",
)
"""What ``report`` and ``runs import`` never need: the promotion gates (``tier_stats`` and
``difficulty`` live with the run models), the replay, the schema validator, the suite's
write-side helpers and the scrubber; the authority check only for a suite with no ledger."""


def _heavy(loaded: set[str], heavy: tuple[str, ...]) -> set[str]:
    return {m for m in loaded if any(m == h or m.startswith(h + ".") for h in heavy)}


def test_report_and_runs_import_import_what_they_use(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``intake report`` and ``intake runs import`` (each in a fresh interpreter) import
    neither the gates with jsonschema and the replay, nor the scrubber, spaCy, PyGithub or
    the check; ``runs import`` with its files' facts cached neither the report package nor
    the YAML library."""
    from tests.support.nightly_helpers import (
        CI_VARIABLES,
        PYPROJECT_EXTRA,
        STRONG,
        night,
        write_run,
    )

    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(store, "RACY_NS", 0)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    write_scenario(suite, "alpha_case")
    adopt = ["adopt", "scenarios/rag_quality/alpha_case.yaml", "--source", "hand"]
    assert runner.invoke(app, [*adopt, "--reviewer", "alice"]).exit_code == 0
    results = suite / "eval" / "results"
    for day, status in ((1, "PASS"), (2, "FAIL")):
        write_run(
            results,
            f"eval-2026050{day}-020000",
            night(day),
            {"alpha_case": status},
            meta={"model": STRONG, "machine": "ci-1"},
        )
    first = runner.invoke(app, ["runs", "import", "eval/results/eval-20260501-020000"])
    assert first.exit_code == 0  # and the scenario file's facts are cached (RACY_NS 0)
    imported = _loaded_by(["runs", "import", "eval/results/eval-20260502-020000"], suite)
    assert "intake.lifecycle.runs.nightly" in imported
    assert len(store.run_files(load_settings(suite))) == 2  # the import ran and wrote its run
    never = ("intake.report", "intake.report.html", "ruamel", "intake.contract.yamlio")
    assert not _heavy(imported, (*HEAVY_FOR_REPORT, *never))
    reported = _loaded_by(["report", "--format", "json"], suite)
    assert {"intake.report.read", "intake.report.health", "intake.report.bugs"} <= reported
    assert not _heavy(reported, HEAVY_FOR_REPORT)


def test_the_window_counted_in_sql_reads_as_each_run(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``read_health`` over a real run store: the runs counted in SQL (``grouped``) give the
    report each run gives, in every format; an issue's scenario is read run by run; a record's
    run newer than every stored one (it moves the window inside a group) has the suite read
    run by run, with the same report."""
    from intake.contract.models import Run as DraftRun
    from intake.contract.plain import RunTier
    from intake.report.health import read_health
    from intake.store.records import load_record, record_path, save_record
    from tests.support.nightly_helpers import STRONG, night

    links = {"alpha_case": None, "beta_case": None, "bug_case": "github:acme/agent#8"}
    settings = _stored_window(
        suite,
        runner,
        monkeypatch,
        links,
        lambda i, tier: {
            "alpha_case": "PASS" if i % 3 else "FAIL",
            "beta_case": "TIMEOUT" if i == 5 else "PASS",
            "bug_case": "FAIL" if i % 2 else "PASS",
        },
    )

    def report(grouped: bool) -> dict[str, str]:
        return _every_format(settings, grouped)

    items, _ = read_health(settings)
    runs = {i.scenario_id: i.runs for i in items}
    assert max(getattr(r, "n", 1) for r in runs["alpha_case"]) > 1  # counted
    assert all(getattr(r, "first", None) is None for r in runs["bug_case"])  # one by one
    assert report(True) == report(False)
    assert json.loads(report(True)["json"])["machines"]["read"] == {"m0": 6, "m1": 6, "m2": 12}

    path = suite / "scenarios" / "rag_quality" / "beta_case.yaml"
    record = load_record(record_path(path))
    late = night(9) + timedelta(hours=30)
    draft = DraftRun(
        tier=RunTier.strong,
        run_id="intake-run-late",
        status="FAIL",
        model=STRONG,
        runnable_hash=runs["beta_case"][0].runnable_hash,
        at=late,
        recorded_at=late,
    )
    save_record(record_path(path), record.model_copy(update={"runs": [draft]}))
    items, _ = read_health(settings)
    # a run ``intake run`` recorded moves no window (``health._window``): the stored runs stay
    # counted, and the report is the one read run by run
    runs = {i.scenario_id: i.runs for i in items}
    assert max(getattr(r, "n", 1) for r in runs["alpha_case"]) > 1
    assert report(True) == report(False)


@pytest.mark.parametrize(("seed", "nights"), [(7, 14), (99, 17)])
def test_the_json_with_rates_made_once_is_the_documents_json(seed: int, nights: int) -> None:
    """``render_json`` writes each rate's JSON once and splices it into every scenario that
    shares it: the text is still the document as ``json.dumps`` writes it, a key a line and a
    scenario a line."""
    from intake.report.health import document_head, document_tail, render_json

    report = build_health(generate(seed=seed, nights=nights, per_class=12).inputs(), now=NOW)
    text = render_json(report)
    scenarios = [s.to_dict() for s in report.scenarios]
    document = {**document_head(report), "scenarios": scenarios, **document_tail(report)}
    assert json.loads(text) == document
    lines = text.splitlines()
    first = lines.index('  "scenarios": [') + 1
    shown = [line.removeprefix("    ").removesuffix(",") for line in lines[first:]][
        : len(report.scenarios)
    ]
    assert shown == [json.dumps(s, ensure_ascii=False) for s in document["scenarios"]]


def _alike_runs(judges: tuple[str, ...] = ("judge-a",)) -> tuple[store.Run, ...]:
    """Ten judged runs a tier (7 and 4 passes) of hash ``h1`` over ten nights, the judge of
    each night taken in turn from ``judges``."""
    runs = []
    for night in range(10):
        at = NOW - timedelta(days=10 - night)
        for model, tier, passes in (("strong-m", "strong", 7), ("local-m", "local", 4)):
            status = "PASS" if night < passes else "FAIL"
            judge = judges[night % len(judges)]
            runs.append(
                store.Run(
                    f"run-{night}", status, 7.0, None, model, tier, judge, "h1", None, None, at,
                    at, "scorecard",
                )
            )  # fmt: skip
    return tuple(runs)


def test_scenarios_whose_runs_count_alike_share_one_verdict_and_only_they(suite: Path) -> None:
    """``classify`` makes one verdict for scenarios whose runs count alike (same statuses,
    models, tiers and weights of the current hash, one judge, no fix, no controls) and shares
    it; a scenario with the same counts but two judges, a bug's fix or another current hash is
    decided on its own, and each scenario of a report reads as it reads alone."""
    base = health.HealthInput("a_case", "a.yaml", "rag", "hand", "h1", _alike_runs())
    items = [
        base,
        base._replace(scenario_id="b_case", path="b.yaml", split="heldout"),
        base._replace(scenario_id="c_case", runs=_alike_runs(("judge-a", "judge-b"))),
        base._replace(scenario_id="d_case", fixed_at=NOW - timedelta(days=5, hours=12)),
        base._replace(scenario_id="e_case", current_hash="h2"),
    ]
    health._VERDICTS.clear()
    together = {s.scenario_id: s for s in build_health(items, now=NOW).scenarios}
    a, b = together["a_case"], together["b_case"]
    assert a.models is b.models and a.why == b.why  # one verdict, each scenario's own fields
    assert (b.path, b.split) == ("b.yaml", "heldout")
    assert together["c_case"].other_judge_runs > 0 and together["c_case"].models is not a.models
    assert together["d_case"].before_fix_runs > 0 and together["e_case"].klass == "stale"
    for item in items:
        health._VERDICTS.clear()
        alone = build_health([item], now=NOW).scenarios[0]
        assert alone == together[item.scenario_id]


def test_the_window_counted_once_leaves_out_what_health_does_not_read(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The runs per commit and machine are counted once for the whole window
    (``store.window_counts``): the runs of a retired scenario, of one with no record and of
    one read run by run (an issue's) are taken out, and the report is the one each run gives,
    in every format."""
    from intake.report.health import read_health

    ids = ("alpha_case", "beta_case", "old_case", "bug_case")
    links = {sid: "github:acme/agent#8" if sid == "bug_case" else None for sid in ids}
    settings = _stored_window(  # gone_case has runs and no record
        suite,
        runner,
        monkeypatch,
        links,
        lambda i, tier: dict.fromkeys((*ids, "gone_case"), "PASS" if (i + tier) % 3 else "FAIL"),
    )
    result = runner.invoke(app, ["retire", "old_case", "--reason", "replaced", "--by", "alice"])
    assert result.exit_code == 0, result.output

    def report(grouped: bool) -> dict[str, str]:
        return _every_format(settings, grouped)

    items, _ = read_health(settings)
    assert {i.scenario_id: i.retired is not None for i in items if i.runs} == {
        "alpha_case": False,
        "beta_case": False,
        "old_case": True,
        "bug_case": False,
    }
    assert max(getattr(r, "n", 1) for i in items for r in i.runs) > 1  # counted
    assert report(True) == report(False)
    # 4 nights x 2 models x 3 scenarios read (alpha, beta, bug): not old_case's, not gone_case's
    read = json.loads(report(True)["json"])["machines"]["read"]
    assert sum(read.values()) == 4 * 2 * 3, read


def _stored_window(
    suite: Path,
    runner: Any,
    monkeypatch: pytest.MonkeyPatch,
    links: dict[str, str | None],
    outcomes: Callable[[int, int], dict[str, str]],
) -> Settings:
    """A suite whose scenarios (``links``: an issue's link, or None for a hand-written one)
    are adopted, with eight nights of both models imported into its run store (``outcomes``
    of the night and tier; commits a night, three machines) and a window of four nights."""
    from tests.support.nightly_helpers import (
        CI_VARIABLES,
        LOCAL,
        PYPROJECT_EXTRA,
        STRONG,
        night,
        write_run,
    )

    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA + "health_window_nights = 4\n")
    for sid, link in links.items():
        write_scenario(suite, sid)
        how = ["--source", "issue", "--link", link] if link else ["--source", "hand"]
        result = runner.invoke(
            app, ["adopt", f"scenarios/rag_quality/{sid}.yaml", *how, "--reviewer", "alice"]
        )
        assert result.exit_code == 0, result.output
    for i in range(1, 9):
        for tier, model in enumerate((STRONG, LOCAL)):
            write_run(
                suite / "eval" / "results",
                f"eval-2026050{i}-02{tier}000",
                night(i),
                outcomes(i, tier),
                meta={"model": model, "commit": f"c0ffee{i:02d}", "machine": f"m{i % 3}"},
            )
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    return load_settings(suite)


def _every_format(settings: Settings, grouped: bool) -> dict[str, str]:
    """The health report of ``settings``' suite in every format, its runs counted in SQL
    (``grouped``) or read one by one."""
    from intake.report.health import health_of, read_health

    items, notes = read_health(settings, grouped=grouped)
    health = health_of(settings, items, notes, NOW)
    return {fmt: render(health, fmt) for fmt in ("json", "text", "markdown", "github")}
