"""``health --format json`` writes each verdict's JSON once (``render_json``: scenarios whose
runs count alike share one) and each scenario's own fields (id, path, category, provenance,
split, quarantine reason) around it: every scenario line is still ``json.dumps`` of its
document, whatever its strings hold."""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime

from intake.report.health import build_health, render_json
from tests.support.health_generator import generate

NOW = datetime(2026, 6, 1, tzinfo=UTC)
ODD = (
    'a "quoted" \\ name',
    "naïve — ünïcode ✓ 測試",
    "tab\tnew\nline\x1b[31m",
    "line\u2028separator",
    "plain_case",
)


def test_each_scenario_line_is_its_documents_json_when_verdicts_are_shared() -> None:
    report = build_health(generate(seed=11, nights=14, per_class=6).inputs(), now=NOW)
    report.scenarios = [
        s._replace(
            scenario_id=f"{ODD[n % len(ODD)]}-{n}",
            path=ODD[(n + 1) % len(ODD)],
            category=ODD[(n + 2) % len(ODD)],
            provenance=ODD[(n + 3) % len(ODD)],
            split=None if n % 3 == 0 else ODD[n % len(ODD)],
            quarantined=None if n % 2 else ODD[(n + 4) % len(ODD)],
        )
        for n, s in enumerate(report.scenarios)
    ]
    shared = Counter((s.klass, s.why, s.models, s.tiers) for s in report.scenarios)
    assert max(shared.values()) > 1, "no two scenarios share a verdict"
    text = render_json(report)
    expected = [json.dumps(s.to_dict(), ensure_ascii=False) for s in report.scenarios]
    lines = text.split("\n")  # not splitlines: U+2028 is a line end to it
    first = lines.index('  "scenarios": [') + 1
    shown = [line.removeprefix("    ").removesuffix(",") for line in lines[first:]]
    assert shown[: len(expected)] == expected
    assert [s["id"] for s in json.loads(text)["scenarios"]] == [
        s.scenario_id for s in report.scenarios
    ]
