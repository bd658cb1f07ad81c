"""A second outside audit of ``intake health`` (issue 38 items 4 and 6), on the history of
``bench_health_outside.py`` with what the first audit did not cover:

1. runs recorded through ``intake run-record`` (what ``intake run`` records for each
   iteration) on a draft, then promoted: health must read them with the nightly runs of the
   same runnable hash ("a case just promoted on 3 strong and 5 local runs" is not never-judged);
2. ``intake health --noise FILE``: per scenario and model the flips between consecutive judged
   runs and the spread of GAIA's ``overall_score`` (population SD), per category the sums and
   the mean spread, checked against the same figures computed here from the generated runs that
   health reads (the window, the current hash, after the fix, the newest judge); a model with
   one run has no spread (``score_sd`` None, as intake writes it) and the category's mean
   spread is over the models with two runs or more;
3. "which runs would decide": for every ``undecided`` case at 14 nights, ``more_runs`` more
   judged runs per tier that ran, drawn from the generator's true rate, imported as runs of the
   newest night on another machine; how many are then decided, and decided right;
4. thin cases at 14 nights (scenarios added on day 14) and a bug layout drawn per seed
   (fix days, reference forms, session links, closings naming a commit, blocked-only failures);
5. ``health --format json``'s documented shape (``scenarios[].id``, ``class``,
   ``tiers[].tier/judged/passes``) on every scenario at every checkpoint;
6. scenarios edited twice inside the window (days 4 and 11) across the judge change (night 5).

Scores vary per result (PASS 6-10, FAIL or BLOCKED 0-5) and each scorecard entry carries its
scenario's category, as GAIA's runner writes them (``scorecard.py`` L16-205).

    PYTHONPATH=. python tests/benchmarks/bench_health_outside2.py [SEED ...]   (default 5 61)
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pytest  # noqa: E402

from tests.benchmarks import bench_health_outside as bho  # noqa: E402
from tests.support.env import cli_runner, isolate  # noqa: E402
from tests.support.gitrepo import git  # noqa: E402
from tests.support.promote_helpers import scorecard, write_pair  # noqa: E402

JUDGED = ("PASS", "FAIL", "BLOCKED_BY_ARCHITECTURE")
CAPTURED: dict[str, Any] = {}  # what the wrapped generator made: cases, runs


# ---------------------------------------------------------------------------- the history


def build_cases(rng: random.Random, n_generic: int = 200) -> list[bho.Case]:
    """The first audit's cases, with a bug layout drawn per seed, thin cases at 14 nights and
    cases edited twice across the judge change."""
    cases = ORIGINAL["build_cases"](rng, n_generic)
    layout = random.Random(rng.random())
    bugs = [c for c in cases if c.bug and c.bug.reason == "completed" and c.added == 0]
    forms = [c.bug.form for c in bugs if c.bug]
    layout.shuffle(forms)
    for c, form in zip(bugs, forms, strict=True):
        b = c.bug
        assert b is not None
        fix = layout.randrange(2, 14)
        if b.since:  # a regression of the day before its fix moves with it
            b.since = fix - 1
        b.fix_day, b.form = fix, form
        b.names_commit = layout.random() < 0.6
        b.foreign = b.names_commit and layout.random() < 0.15
        b.blocked_only = layout.random() < 0.2
        c.session = layout.random() < 0.2
    plain = [c for c in cases if c.kind == "gen" and not c.edits and not c.added and not c.moved]
    for c in plain[-12:-6]:  # added late: 1-2 nights of runs at 14 nights
        c.added = bho.NIGHTS  # its first night is the last: 2 local runs (thin), 5 strong
        c.sid = c.sid.replace("_gen_", "_late_")
    for c in plain[-6:]:  # two runnable-hash changes inside the window, one after the judge's
        c.edits = [4, 11]
        c.base = [c.base[0], bho.models_p(rng), bho.models_p(rng)]
        c.sid = c.sid.replace("_gen_", "_twice_")
    for c in plain[-12:]:
        c.path = str(Path(c.path).parent / f"{c.sid}.yaml")
    CAPTURED["cases"] = cases
    return cases


def results_for(*args: Any) -> list[bho.Result]:
    """The first audit's results, each with an ``overall_score`` of its own."""
    rng = args[0]
    out = ORIGINAL["results_for"](*args)
    for r in out:
        if r.status == "PASS":
            r.score = round(rng.uniform(6, 10), 1)  # type: ignore[attr-defined]
        elif r.status in JUDGED:
            r.score = round(rng.uniform(0, 5), 1)  # type: ignore[attr-defined]
        else:
            r.score = None  # type: ignore[attr-defined]
    return out


def plan_runs(*args: Any) -> list[bho.Run]:
    runs = ORIGINAL["plan_runs"](*args)
    CAPTURED["runs"] = runs
    return runs


def write_run(folder: Path, run: bho.Run, sha: dict[int, str]) -> None:
    """The first audit's run folder, with each result's score and its scenario's category."""
    ORIGINAL["write_run"](folder, run, sha)
    CAPTURED["sha"] = sha
    category = {c.sid: c.category for c in CAPTURED["cases"]}
    score = {r.sid: getattr(r, "score", None) for r in run.results}
    where = folder / run.run_id
    paths = [where / "scorecard.json"] if (where / "scorecard.json").exists() else []
    for path in [*paths, *sorted((where / "traces").iterdir())]:
        doc = json.loads(path.read_text(encoding="utf-8"))
        items = doc.get("scenarios", [doc])
        for item in items:
            item["category"] = category[item["scenario_id"]]
            item["overall_score"] = score[item["scenario_id"]]
            for turn in item["turns"]:
                turn["overall_score"] = score[item["scenario_id"]]
        stat = path.stat()
        path.write_text(json.dumps(doc), encoding="utf-8")
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))


ORIGINAL = {
    "build_cases": bho.build_cases,
    "results_for": bho.results_for,
    "plan_runs": bho.plan_runs,
    "write_run": bho.write_run,
}


def patched(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(bho, "build_cases", build_cases)
    mp.setattr(bho, "results_for", results_for)
    mp.setattr(bho, "plan_runs", plan_runs)
    mp.setattr(bho, "write_run", write_run)


# ---------------------------------------------------------------------------- what health reads


def read_runs(c: bho.Case, runs: list[bho.Run], upto: datetime) -> list[tuple[bho.Run, bho.Result]]:
    """The judged runs health reads for ``c`` by the documented rules (as ``bho.truth``)."""
    today = (upto - bho.DAY0).days
    runs = [r for r in runs if r.start <= upto]
    start = max(r.start for r in runs) - timedelta(days=14)
    mine = [(run, res) for run in runs for res in run.results if res.sid == c.sid]
    cur = [
        (run, res)
        for run, res in mine
        if c.version(run.commit_day) == c.version(today) and run.start > start
    ]
    cur = [(run, res) for run, res in cur if not bho.before_fix(c, run, upto)]
    judges = [run for run, _ in cur if not run.killed]
    if judges:
        last = max(judges, key=lambda r: (r.start, r.run_id)).judge
        cur = [(run, res) for run, res in cur if run.judge == last or run.killed]
    return sorted(
        ((run, res) for run, res in cur if res.status in JUDGED), key=lambda x: x[0].start
    )


def noise_truth(cases: list[bho.Case], runs: list[bho.Run], upto: datetime) -> dict[str, Any]:
    scenarios: dict[str, Any] = {}
    cats: dict[str, dict[str, Any]] = {}
    for c in cases:
        read = read_runs(c, runs, upto)
        if not read:
            continue
        models: dict[str, Any] = {}
        for model in sorted({run.model for run, _ in read}):
            seq = [res for run, res in read if run.model == model]
            outcomes = [res.status == "PASS" for res in seq]
            pairs = len(seq) - 1
            flips = sum(a != b for a, b in zip(outcomes, outcomes[1:], strict=False))
            scores = [res.score for res in seq]  # type: ignore[attr-defined]
            models[model] = {
                "runs": len(seq),
                "passes": sum(outcomes),
                "pairs": pairs,
                "flips": flips,
                "flip_rate": flips / pairs if pairs else None,
                "score_mean": statistics.fmean(scores),
                "score_sd": statistics.pstdev(scores) if pairs else None,  # as intake writes
                "score_min": min(scores),
                "score_max": max(scores),
            }
            cat = cats.setdefault(c.category, {"scenarios": set(), "pairs": 0, "flips": 0})
            cat["pairs"] += pairs
            cat["flips"] += flips
            if pairs:  # a spread needs two runs
                cat.setdefault("sds", []).append(statistics.pstdev(scores))
        cats.setdefault(c.category, {"scenarios": set(), "pairs": 0, "flips": 0})
        cats[c.category]["scenarios"].add(c.sid)
        scenarios[c.sid] = {"category": c.category, "models": models}
    categories = {
        k: {
            "scenarios": len(v["scenarios"]),
            "pairs": v["pairs"],
            "flips": v["flips"],
            "flip_rate": v["flips"] / v["pairs"] if v["pairs"] else None,
            "score_sd_mean_of_models": statistics.fmean(v["sds"]) if v.get("sds") else None,
        }
        for k, v in cats.items()
    }
    return {"scenarios": scenarios, "categories": categories}


def close(a: Any, b: Any, tol: float = 2e-3) -> bool:
    if a is None or b is None:
        return a is b
    return abs(float(a) - float(b)) <= tol


def compare_noise(doc: dict[str, Any], true: dict[str, Any]) -> dict[str, Any]:
    """Differences, field by field, between the written noise file and the truth's."""
    diffs: Counter[str] = Counter()
    examples: list[Any] = []
    said = doc.get("scenarios", {})
    missing = sorted(set(true["scenarios"]) - set(said))
    extra = sorted(set(said) - set(true["scenarios"]))
    checked = 0
    for sid, t in true["scenarios"].items():
        s = said.get(sid)
        if s is None:
            continue
        if s.get("category") != t["category"]:
            diffs["category"] += 1
        for model, tm in t["models"].items():
            sm = s.get("models", {}).get(model)
            checked += 1
            if sm is None:
                diffs["model missing"] += 1
                examples.append((sid, model, "missing", tm["runs"]))
                continue
            for key, value in tm.items():
                if not close(sm.get(key), value):
                    diffs[key] += 1
                    if len(examples) < 12:
                        examples.append((sid, model, key, sm.get(key), round(value, 4)))
        for model in set(s.get("models", {})) - set(t["models"]):
            diffs["model extra"] += 1
            examples.append((sid, model, "extra", s["models"][model].get("runs")))
    cat_diffs: Counter[str] = Counter()
    for cat, tc in true["categories"].items():
        sc = doc.get("categories", {}).get(cat)
        if sc is None:
            cat_diffs["missing"] += 1
            continue
        for key in ("scenarios", "pairs", "flips", "flip_rate"):
            if not close(sc.get(key), tc[key]):
                cat_diffs[key] += 1
                examples.append((cat, key, sc.get(key), tc[key]))
        if not close(sc.get("score_sd"), tc["score_sd_mean_of_models"]):
            cat_diffs["score_sd"] += 1
            examples.append((cat, "score_sd", sc.get("score_sd"), tc["score_sd_mean_of_models"]))
    return {
        "schema": doc.get("schema"),
        "keys": sorted(doc),
        "model_entries": checked,
        "missing": missing,
        "extra": extra,
        "diffs": dict(diffs),
        "category_diffs": dict(cat_diffs),
        "examples": examples[:16],
    }


def shape_problems(doc: dict[str, Any]) -> list[str]:
    """Where ``health --format json`` leaves its documented shape."""
    out = []
    scenarios = doc.get("scenarios")
    if not isinstance(scenarios, list):
        return ["no scenarios list"]
    seen: Counter[str] = Counter()
    for s in scenarios:
        sid = s.get("id")
        seen[str(sid)] += 1
        if not isinstance(sid, str) or not isinstance(s.get("class"), str):
            out.append(f"{sid}: id or class")
        tiers = s.get("tiers")
        if not isinstance(tiers, list):
            out.append(f"{sid}: tiers")
            continue
        for t in tiers:
            ok = (
                t.get("tier") in ("strong", "local")
                and isinstance(t.get("judged"), int)
                and isinstance(t.get("passes"), int)
                and 0 <= t["passes"] <= t["judged"]
            )
            if not ok:
                out.append(f"{sid}: tier {t}")
    out += [f"{sid}: listed {n} times" for sid, n in seen.items() if n > 1]
    return out


# ---------------------------------------------------------------------------- the checks


def invoke(args: list[str]) -> Any:
    return bho.invoke(args)


def counts(scenario: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {t["tier"]: (t["judged"], t["passes"]) for t in scenario["tiers"] if t["judged"]}


def support(klass: str, tiers: dict[str, tuple[int, int]], rng: random.Random) -> float:
    """The Jeffreys posterior probability of ``klass``'s region for these counts (the first
    audit's criterion: a decision the runs support has at least 0.95)."""
    hits = 0
    for _ in range(4000):
        draw = {t: rng.betavariate(k + 0.5, n - k + 0.5) for t, (n, k) in tiers.items()}
        hits += bho.region(draw.get("strong"), draw.get("local")) == klass
    return round(hits / 4000, 3)


def add_runs(
    suite: Path,
    folder: Path,
    want: dict[str, tuple[int, list[str]]],
    true: dict[str, Any],
    rng: random.Random,
    start: datetime,
) -> int:
    """``m`` more judged runs of each tier in ``want[id]``, drawn from the truth's rate, as runs
    of the newest night's commit on machines of their own; how many results."""
    commit = git(suite, "rev-parse", "HEAD^")  # the newest night's commit (before the edits)
    added = 0
    for k in range(max((m for m, _ in want.values()), default=0)):
        for tier, model, machine in (
            ("strong", bho.STRONG, "cloud-9"),
            ("local", bho.LOCAL, "ci-9"),
        ):
            results = {
                sid: "PASS" if rng.random() < true[sid]["p"][tier] else "FAIL"
                for sid, (m, tiers) in want.items()
                if k < m and tier in tiers
            }
            if not results:
                continue
            when = start + timedelta(seconds=7 * k + (3 if tier == "local" else 0))
            run_id = f"eval-{when:%Y%m%d-%H%M%S}"
            card = scorecard(
                folder / run_id,
                results,
                run_id=run_id,
                judge=bho.JUDGE_B,
                timestamp=(when + timedelta(minutes=30)).isoformat(),
            )
            (card.parent / "meta.json").write_text(
                json.dumps({"model": model, "commit": commit, "machine": machine}),
                encoding="utf-8",
            )
            added += len(results)
    if added:
        invoke(["runs", "import", str(folder)])
    return added


def more_runs_check(
    suite: Path, tmp: Path, cp: dict[str, Any], rng: random.Random
) -> dict[str, Any]:
    """Add ``more_runs`` judged runs per tier that ran to every undecided case (the truth's
    rate), as runs of the newest night; what is decided then, and after as many again."""
    doc, true = cp["doc"], cp["true"]
    text = invoke(["health"]).stdout
    summary = [line.strip() for line in text.splitlines() if line.strip().startswith("to decide")]
    undecided = [s for s in doc["scenarios"] if s["class"] == "undecided"]
    want = {
        s["id"]: (s["more_runs"], [t["tier"] for t in s["tiers"] if t["judged"]])
        for s in undecided
        if s.get("more_runs") and s["id"] in true and true[s["id"]].get("p")
    }
    rounds = []
    left = dict(want)
    for r, hour in enumerate((4.6, 5.1)):
        asked = add_runs(suite, tmp / f"more-{r}", left, true, rng, bho.day(bho.NIGHTS + 1, hour))
        after = json.loads(invoke(["health", "--format", "json"]).stdout)
        now = {s["id"]: s for s in after["scenarios"]}
        decided = [s for s in want if now[s]["class"] != "undecided"]
        rounds.append(
            {
                "asked": asked,
                "decided": len(decided),
                "right": sum(now[s]["class"] == true[s]["class"] for s in decided),
                "wrong": sorted(
                    (
                        s,
                        true[s]["class"],
                        now[s]["class"],
                        true[s]["p"],
                        counts(now[s]),
                        support(true[s]["class"], counts(now[s]), rng),
                    )
                    for s in decided
                    if now[s]["class"] != true[s]["class"]
                ),
            }
        )
        left = {s: v for s, v in want.items() if s not in decided}
    no_figure = [s for s in undecided if not s.get("more_runs")]
    return {
        "summary": summary,
        "undecided": len(undecided),
        "with_more_runs": len(want),
        "figures": sorted(m for m, _ in want.values()),
        "no_figure": len(no_figure),
        "no_figure_thin": sum(
            min(t["judged"] for t in s["tiers"]) < bho.MIN_RUNS for s in no_figure if s["tiers"]
        ),
        "rounds": rounds,
    }


def draft_runs_check(suite: Path, tmp: Path) -> dict[str, Any]:
    """A draft recorded on 3 strong and 5 local runs through ``intake run-record``, promoted,
    then run by one nightly of each tier: what health reads of it."""
    sid = "drafted_after_night_14"
    write_pair(
        suite / "drafts",
        sid,
        category="tool_selection",
        captured_at=datetime(2026, 11, 20, tzinfo=UTC),
    )
    statuses = {
        "strong": ["PASS", "PASS", "FAIL"],
        "local": ["PASS", "FAIL", "FAIL", "PASS", "FAIL"],
    }
    base = bho.day(bho.NIGHTS + 1, 6.2)
    k = 0
    for tier, seq in statuses.items():
        for status in seq:
            when = base + timedelta(seconds=11 * k)
            run_id = f"eval-{when:%Y%m%d-%H%M%S}"
            card = scorecard(
                tmp / "drafted" / run_id,
                {sid: status},
                run_id=run_id,
                judge=bho.JUDGE_B,
                timestamp=(when + timedelta(minutes=3)).isoformat(),
            )
            model = bho.STRONG if tier == "strong" else bho.LOCAL
            invoke(["run-record", sid, "--scorecard", str(card), "--tier", tier, "--model", model])
            k += 1
    invoke(["review", sid, "--approve", "--reviewer", "carol"])
    invoke(["promote", sid])
    bho.commit(suite, "promote the draft", bho.day(bho.NIGHTS + 1, 6.5))

    def tiers(which: str) -> tuple[str, dict[str, tuple[int, int]]]:
        doc = json.loads(invoke(["health", "--format", "json"]).stdout)
        s = next((s for s in doc["scenarios"] if s["id"] == which), None)
        if s is None:
            return "-", {}
        return s["class"], {t["tier"]: (t["judged"], t["passes"]) for t in s["tiers"]}

    just = tiers(sid)
    commit = git(suite, "rev-parse", "HEAD")
    for j, (tier, model, status) in enumerate(
        (("strong", bho.STRONG, "PASS"), ("local", bho.LOCAL, "FAIL"))
    ):
        when = bho.day(bho.NIGHTS + 1, 6.7) + timedelta(seconds=j)
        run_id = f"eval-{when:%Y%m%d-%H%M%S}"
        card = scorecard(
            tmp / "nightly-draft" / run_id,
            {sid: status},
            run_id=run_id,
            judge=bho.JUDGE_B,
            timestamp=(when + timedelta(minutes=5)).isoformat(),
        )
        (card.parent / "meta.json").write_text(
            json.dumps({"model": model, "commit": commit, "machine": f"m-{tier}"}),
            encoding="utf-8",
        )
    invoke(["runs", "import", str(tmp / "nightly-draft")])
    with_nightly = tiers(sid)
    # run-record on a scenario already in the suite (adopted, current hash)
    other = next(c.sid for c in CAPTURED["cases"] if "_twice_" in c.sid)
    before = tiers(other)
    when = bho.day(bho.NIGHTS + 1, 6.8)
    run_id = f"eval-{when:%Y%m%d-%H%M%S}"
    card = scorecard(
        tmp / "scenario-run" / run_id,
        {other: "PASS"},
        run_id=run_id,
        judge=bho.JUDGE_B,
        timestamp=(when + timedelta(minutes=3)).isoformat(),
    )
    args = ["run-record", other, "--scorecard", str(card), "--tier", "local", "--model", bho.LOCAL]
    done = cli_runner().invoke(bho._app(), args)
    said = (done.stdout + done.stderr).strip().splitlines()
    return {
        "just_promoted": just,
        "expected_just": {"strong": (3, 2), "local": (5, 2)},
        "with_nightly": with_nightly,
        "expected_with_nightly": {"strong": (4, 3), "local": (6, 2)},
        "scenario_run_record": (other, done.exit_code, said[:1], before, tiers(other)),
    }


def audit(seed: int) -> dict[str, Any]:
    with pytest.MonkeyPatch.context() as mp:
        patched(mp)
        with tempfile.TemporaryDirectory(prefix="health-outside2-") as tmp_dir:
            tmp = Path(tmp_dir)
            result = bho.run_seed(seed, keep=tmp)
            cases, runs = CAPTURED["cases"], CAPTURED["runs"]
            out: dict[str, Any] = {"seed": seed, "first": result}
            out["shape"] = {cp["nights"]: shape_problems(cp["doc"]) for cp in result["checkpoints"]}
            cp = result["checkpoints"][-1]
            upto = bho.day(bho.NIGHTS + 1, 8)
            with pytest.MonkeyPatch.context() as inner:
                isolate(inner, tmp / "home")
                for key in ("GITHUB_SHA", "RUNNER_NAME"):
                    inner.delenv(key, raising=False)
                suite = tmp / "suite"
                inner.chdir(suite)
                noise_file = tmp / "noise.json"
                invoke(["health", "--format", "json", "--noise", str(noise_file)])
                seen = [r for r in runs if r.start <= upto]
                out["noise"] = compare_noise(
                    json.loads(noise_file.read_text(encoding="utf-8")),
                    noise_truth(cases, seen, upto),
                )
                twice = [c.sid for c in cases if "_twice_" in c.sid]
                out["twice"] = [
                    (
                        s,
                        cp["true"].get(s, {}).get("class"),
                        cp["said"].get(s),
                        cp["true"].get(s, {}).get("counts"),
                        cp["read"].get(s),
                        cp["true"].get(s, {}).get("supported"),
                    )
                    for s in twice
                ]
                late = [c.sid for c in cases if "_late_" in c.sid]
                out["late"] = [(s, cp["said"].get(s), cp["read"].get(s)) for s in late]
                out["more"] = more_runs_check(suite, tmp, cp, random.Random(seed * 31))
                out["draft"] = draft_runs_check(suite, tmp)
            return out


def report(out: dict[str, Any]) -> str:
    lines = [bho.table(out["first"])]
    seed = out["seed"]
    lines.append(f"\nseed {seed}, second audit")
    shapes = out["shape"]
    lines.append(
        "json shape problems per checkpoint: "
        + ", ".join(f"{n} nights {len(p)}" for n, p in shapes.items())
        + "".join(f"\n  {p}" for ps in shapes.values() for p in ps[:5])
    )
    cp = out["first"]["checkpoints"][-1]
    lines.append(
        f"thin at 14 nights: {len(cp['thin'])}, said undecided {len(cp['thin_undecided'])}; "
        f"late cases (id, said, read): {out['late']}"
    )
    lines.append("edited twice (id, true, said, true counts, read, supported):")
    lines += [f"  {t}" for t in out["twice"]]
    n = out["noise"]
    lines.append(
        f"noise file: schema {n['schema']}, keys {n['keys']}, {n['model_entries']} "
        f"scenario-model entries checked, scenarios missing {len(n['missing'])} "
        f"{n['missing'][:6]}, extra {len(n['extra'])} {n['extra'][:6]}; field differences "
        f"{n['diffs'] or 'none'}; category differences {n['category_diffs'] or 'none'}"
    )
    lines += [f"  {e}" for e in n["examples"]]
    m = out["more"]
    figures = m["figures"]
    lines.append(
        f"which runs would decide: {m['undecided']} undecided at 14 nights, {m['with_more_runs']} "
        f"with a figure (median {statistics.median(figures) if figures else '-'}, "
        f"max {max(figures, default='-')} per tier), {m['no_figure']} without "
        f"({m['no_figure_thin']} of them thin); the text report says: {m['summary']}"
    )
    for r, rnd in enumerate(m["rounds"], start=1):
        lines.append(
            f"  after {r}x the figure ({rnd['asked']} results drawn from the truth): "
            f"{rnd['decided']}/{m['with_more_runs']} decided, {rnd['right']} right"
        )
        lines.append(
            "    decided unlike the truth (id, true class, said, true rates, counts read, "
            "posterior of the true class on those counts):"
        )
        lines += [f"    {w}" for w in rnd["wrong"]]
        backed = [w for w in rnd["wrong"] if w[-1] >= bho.CONF]
        lines.append(
            f"    of them where the counts support the true class (>= 0.95): {len(backed)}"
        )
    d = out["draft"]
    lines.append(
        f"draft on run-record, promoted: health says {d['just_promoted']} "
        f"(expected {d['expected_just']}); after one nightly a tier: {d['with_nightly']} "
        f"(expected {d['expected_with_nightly']})"
    )
    lines.append(
        "run-record on a suite scenario (id, exit, first line, health before, after): "
        f"{d['scenario_run_record']}"
    )
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    for seed in [int(a) for a in argv] or [5, 61]:
        started = time.perf_counter()
        out = audit(seed)
        print(report(out))
        print(f"(seed {seed}: {time.perf_counter() - started:.0f} s)")
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
