"""``intake show``: the reviewer's card, from a real Agent UI session drafted by the real importer.

The session is a real ``gaia_chat.db`` in GAIA's layout (``tests/support/gaia_db.py``; step shapes
as GAIA's ``src/gaia/ui/database.py`` stores ``agent_steps``, gaia-formats §1.4) with a failed
tool, a policy block and planted secrets. ``intake from-session`` drafts it; where a test needs
per-call evidence (``Record.evidence``, which importers do not fill yet on this branch) it is
built through the real models, scrubbed by the real scrubber and saved with ``save_record``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from typer.testing import CliRunner

from intake.cli import app
from intake.store.records import record_path
from tests.support.leak_forms import leaks
from tests.support.promote_helpers import edit, make_ready
from tests.support.show import (
    DRAFT,
    SECRETS,
    TOKEN,
    Html,
    add_evidence,
    draft,
)


@pytest.fixture
def runner() -> CliRunner:
    """A runner without INTAKE_DEBUG: error paths must look exactly as users see them."""
    return CliRunner()


def show(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["show", *args])
    return result.exit_code, result.stdout, result.stderr


# --- the card -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_text_card_shows_turns_calls_failures_blocks_and_open_gates(
    runner: CliRunner, suite: Path
) -> None:
    path = draft(runner, suite)
    add_evidence(suite, path)
    edit(path, "      - search_file\n", "      - search_file\n      - query_specific_file\n")
    code, out, err = show(runner, DRAFT)
    assert code == 0, err
    assert max(len(line) for line in out.splitlines()) <= 100
    assert f"{DRAFT} (draft): not ready: 5 of 7 gates unmet" in out
    flat = " ".join(out.split())
    assert "What's the Q3 revenue in /home/user1/Documents/" in flat
    assert "(evidence, not the criterion) Q3 revenue was 3.75 million." in flat
    assert "call 1: search_file ok (120 ms)" in flat
    assert 'arguments {"pattern": "q3", "folder": "/home/user1/Documents/q3.md"}' in flat
    assert "result 1 match: /home/user1/Documents/q3.md" in flat
    assert "call 2: query_specific_file FAILED" in flat
    assert "reason the result says the file is not indexed" in flat
    assert "call 1: send_email BLOCKED" in flat
    assert "reason outbound e-mail needs approval" in flat
    assert "FALLBACK error fallback flagged: agent_error" in flat
    assert "MISMATCH expected, never called successfully: query_specific_file" in flat
    assert "called ok search_file" in flat
    assert "[bold]now[/]" in out, "user text is never read as rich markup"
    assert "3 review UNMET no approving review recorded" in flat
    assert "to do: get an approval of the current file" in flat
    assert "2 scrub met scrub re-scan found nothing" in flat
    assert "EMAIL_ADDRESS 1" in flat and "GITHUB_TOKEN 1" in flat
    assert not leaks(SECRETS, out + err)


def test_markdown_card_renders_to_html_with_the_expected_structure(
    runner: CliRunner, suite: Path
) -> None:
    path = draft(runner, suite)
    add_evidence(suite, path)
    edit(path, "Email it to the board", "</details><script>alert(1)</script> Email it to the board")
    code, out, err = show(runner, DRAFT, "--format", "markdown")
    assert code == 0, err
    html = MarkdownIt("commonmark").enable("table").render(out)
    tree = Html()
    tree.feed(html)
    assert tree.count("details") == 1 and tree.count("summary") == 1
    assert tree.count("script") == 0, "a value can never open a tag of its own"
    assert tree.text_of("summary") == [f"{DRAFT} (draft): not ready: 5 of 7 gates unmet"]
    assert tree.text_of("h3") == [DRAFT]
    assert tree.text_of("h4") == [
        "Turn 1",
        "Turn 2",
        "Provenance",
        "Replacements",
        "Reviews",
        "Runs",
        "Gates",
    ]
    headers = tree.table_headers()
    assert ["#", "Tool", "Outcome", "Arguments", "Result or reason"] in headers
    assert ["Gate", "", "Detail", "To do"] in headers
    tools = tree.table_rows(["#", "Tool", "Outcome", "Arguments", "Result or reason"])
    # the edited message no longer carries captured turn 2: its blocked call is not shown
    # beside it, and the card says why
    assert [r[1:3] for r in tools] == [
        ["search_file", "ok (120 ms)"],
        ["query_specific_file", "FAILED"],
    ]
    assert "no captured turn carries this user message" in out
    assert "captured turn 2 not in the draft" in out
    gates = tree.table_rows(["Gate", "", "Detail", "To do"])
    assert [g[0] for g in gates] == [
        "1 valid",
        "2 scrub",
        "3 review",
        "4 strong-run",
        "5 local-run",
        "6 unique-id",
        "8 control",
    ]
    assert [g[1] for g in gates] == ["unmet", "met", "unmet", "unmet", "unmet", "met", "unmet"]
    codes = tree.text_of("code")
    assert any("</details><script>" in c for c in codes), "kept as literal text in a code block"
    assert any(c.startswith("Q3 revenue was 3.75 million.") for c in codes)
    assert not leaks(SECRETS, out)


def test_json_card(runner: CliRunner, suite: Path) -> None:
    path = draft(runner, suite)
    add_evidence(suite, path)
    code, out, err = show(runner, DRAFT, "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["intake_result_version"] == 1 and doc["command"] == "show"
    card = doc["card"]
    assert card["evidence"] == "evidence" and card["private"] is False
    assert [t["outcome"] for t in card["turns"][0]["tools"]] == ["ok", "failed"]
    assert card["turns"][0]["observed_ok"] == ["search_file"]
    assert card["turns"][1]["tools"][0]["reason"] == "outbound e-mail needs approval"
    assert card["scrub_counts"]["EMAIL_ADDRESS"] == 1
    assert [g["met"] for g in card["gates"]] == [False, True, False, False, False, True, False]
    assert card["tiers"] == [
        {"tier": "strong", "judged": 0, "passed": 0, "pass_rate": None},
        {"tier": "local", "judged": 0, "passed": 0, "pass_rate": None},
    ]
    assert not leaks(SECRETS, out)


def test_private_draft_card_shows_only_that_it_is_private_and_its_gates(
    runner: CliRunner, suite: Path
) -> None:
    path = draft(runner, suite, private=1)
    assert path.stem == "session_5d1e0b7a", "a private session's title stays out of the id"
    add_evidence(suite, path)
    for fmt in ("text", "markdown"):
        code, out, err = show(runner, path.stem, "--format", fmt)
        assert code == 0, err
        assert "Private" in out and "3.75" not in out and "revenue" not in out.lower()
        assert "send_email" not in out and "Quarterly" not in out
        assert "no approving review recorded" in " ".join(out.split())
    code, out, _ = show(runner, path.stem, "--format", "json")
    card = json.loads(out)["card"]
    assert set(card) == {"id", "path", "kind", "private", "ready", "gates"}
    assert card["path"] == f"drafts/private/{path.stem}.yaml" and len(card["gates"]) == 7


def test_a_value_pasted_into_the_draft_later_is_replaced_on_the_card(
    runner: CliRunner, suite: Path
) -> None:
    """The files were scrubbed when written; a token a person pastes in later fails gate 2,
    and the card shows the scrubber's fixture instead of the value."""
    path = draft(runner, suite)
    pasted = "ghp_Zq8Wm2Kx7Lp4Nv6Rt1Ys3Ub5Jc9Hd0Fg2Ae4B"
    edit(path, "Email it to the board", f"Email it to the board with {pasted}")
    for fmt in ("text", "markdown", "json"):
        code, out, err = show(runner, DRAFT, "--format", fmt)
        assert code == 0, err
        assert not leaks([pasted, *SECRETS], out + err)
        assert "the re-scan found private values in the files" in " ".join(out.split())
    card = json.loads(show(runner, DRAFT, "--format", "json")[1])["card"]
    assert "ghp_" in card["turns"][1]["user_message"], "a fixture of the same shape stands in"
    assert card["gates"][1]["met"] is False


def test_runs_reviews_and_pass_rates(runner: CliRunner, suite: Path) -> None:
    make_ready(suite, "ready_case", local_status="FAIL")
    code, out, err = show(runner, "ready_case", "--format", "json")
    assert code == 0, err
    card = json.loads(out)["card"]
    assert card["ready"] is True
    runs = [(r["tier"], r["model"], r["judge"], r["status"], r["current"]) for r in card["runs"]]
    assert runs == [
        ("strong", "claude-opus-4", "claude-sonnet-4-6", "PASS", True),
        ("local", "Gemma-4-E4B-it-GGUF", "claude-sonnet-4-6", "FAIL", True),
    ]
    assert [(t["tier"], t["pass_rate"]) for t in card["tiers"]] == [("strong", 1.0), ("local", 0.0)]
    assert [(r["reviewer"], r["decision"]) for r in card["reviews"]] == [("bob", "approve")]
    assert card["evidence"] == "none"
    md = show(runner, "ready_case", "--format", "markdown")[1]
    assert "- strong: pass rate 100% (1/1)" in md and "- local: pass rate 0% (0/1)" in md
    assert "ready_case (draft): ready to promote" in md
    edit(suite / "drafts" / "ready_case.yaml", "Summarize the Q3", "Summarise the Q3")
    card = json.loads(show(runner, "ready_case", "--format", "json")[1])["card"]
    assert [r["current"] for r in card["runs"]] == [False, False]
    assert "(stale)" in show(runner, "ready_case", "--format", "markdown")[1]


def test_promoted_scenario_card(runner: CliRunner, suite: Path) -> None:
    make_ready(suite, "done_case")
    assert runner.invoke(app, ["promote", "done_case"]).exit_code == 0
    code, out, err = show(runner, "done_case")
    assert code == 0, err
    flat = " ".join(out.split())
    assert "done_case (scenario): promoted" in flat
    assert "3 review met at promotion: approved by bob" in flat
    code, out, err = show(runner, "scenarios/tool_selection/done_case.yaml", "--format", "json")
    assert code == 0, err
    card = json.loads(out)["card"]
    assert card["kind"] == "scenario" and card["promoted"]["by"]


# --- errors -------------------------------------------------------------------------------------


def test_unknown_draft_is_a_usage_error(runner: CliRunner, suite: Path) -> None:
    code, out, err = show(runner, "no_such_case")
    assert (code, out, err) == (2, "", "error: no draft or scenario has this id (no_such_case)\n")


def test_an_argument_holding_a_secret_is_not_echoed(runner: CliRunner, suite: Path) -> None:
    code, out, err = show(runner, TOKEN)
    assert code == 2 and out == ""
    assert err == "error: not a scenario id or path (the DRAFT argument)\n"


def test_an_unreadable_record_is_one_line(runner: CliRunner, suite: Path) -> None:
    path = draft(runner, suite)
    record_path(path).write_text("{not json", encoding="utf-8")
    code, out, err = show(runner, DRAFT)
    assert code == 2 and out == ""
    assert err.startswith("error: invalid record at $: Invalid JSON")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_format_outside_the_choices_is_a_usage_error(runner: CliRunner, suite: Path) -> None:
    code, _, err = show(runner, DRAFT, "--format", "html")
    assert code == 2
    assert err.splitlines()[0] == (
        "error: invalid value for --format: it accepts text, markdown, json (intake show)"
    )


@pytest.mark.slow
def test_only_the_cli_imports_rich() -> None:
    """The library returns data; rendering with rich happens in intake.cli (house style)."""
    import ast

    from tests.support.env import REPO

    offenders = []
    for file in (REPO / "intake").rglob("*.py"):
        if "cli" in file.relative_to(REPO / "intake").parts:
            continue
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(n == "rich" or n.startswith("rich.") for n in names):
                offenders.append(str(file.relative_to(REPO)))
    assert offenders == []


# --- a small structural HTML reader ------------------------------------------------------------


def test_free_text_is_hidden_when_the_re_scan_cannot_run(runner: CliRunner, suite: Path) -> None:
    """Gate 2 fails closed (no scrubber definitions), and so does the card."""
    draft(runner, suite)
    with (suite / "pyproject.toml").open("a") as handle:
        handle.write('scrubbers_dir = "no_such_scrubbers"\n')
    code, out, err = show(runner, DRAFT, "--format", "json")
    assert code == 0, err
    card = json.loads(out)["card"]
    assert card["gates"][1]["met"] is False
    assert card["masked"] == "the scrub re-scan could not run: free text is hidden"
    assert card["turns"][0]["user_message"] == "[hidden: the scrub re-scan could not run]"
    assert card["turns"][0]["answer"] == "[hidden: the scrub re-scan could not run]"
    assert "3.75" not in out


LEGACY = """\
id: legacy_case
category: rag_quality
persona: casual_user
setup:
  index_documents: []
turns:
  - turn: 1
    objective: Ask for the Q3 revenue.
    success_criteria: States the Q3 revenue from the report.
"""


def test_legacy_scenario_card_says_it_has_no_promotion_record(
    runner: CliRunner, suite: Path
) -> None:
    """GAIA's own scenarios have no record: the card shows the scenario and that gap."""
    path = suite / "scenarios" / "rag_quality" / "legacy_case.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(LEGACY, encoding="utf-8")
    code, out, err = show(runner, "legacy_case", "--format", "json")
    assert code == 0, err
    card = json.loads(out)["card"]
    assert card["kind"] == "scenario" and card["evidence"] == "none"
    assert card["turns"][0]["criteria"] == ["States the Q3 revenue from the report."]
    assert card["gates"] == [
        {
            "number": 0,
            "name": "promotion",
            "met": False,
            "detail": "no promotion record beside this scenario",
            "todo": "add scenarios to the suite with `intake promote`",
        }
    ]
    md = show(runner, "legacy_case", "--format", "markdown")[1]
    assert "legacy_case (scenario): no promotion record" in md
    assert "*The record holds no captured evidence.*" in md
    path.write_text("id: legacy_case\nturns: [unclosed\n", encoding="utf-8")
    code, out, err = show(runner, "scenarios/rag_quality/legacy_case.yaml")
    assert (code, out) == (2, "")
    assert err == (
        "error: the scenario cannot be read as YAML (scenarios/rag_quality/legacy_case.yaml)\n"
    )


def test_the_readme_example_card_is_what_show_writes(runner: CliRunner, suite: Path) -> None:
    """docs/show.md's example is this test's card (only the import time differs)."""
    import re

    from tests.support.env import REPO

    path = draft(runner, suite)
    add_evidence(suite, path)
    edit(path, "      - search_file\n", "      - search_file\n      - query_specific_file\n")
    card = show(runner, DRAFT, "--format", "markdown")[1]
    readme = (REPO / "docs" / "show.md").read_text(encoding="utf-8")
    example = readme.split("as `intake show DRAFT --format markdown` writes it:\n\n", 1)[1]
    example = example[: example.index("</details>\n") + len("</details>\n")]
    stamp = re.compile(r"(- imported: )\S+( by )")
    salted = re.compile(r"hmac-sha256:[0-9a-f]{16}")  # the suite's own salt differs per suite

    def same(text: str) -> str:
        return salted.sub("hmac-sha256:…", stamp.sub(r"\1T\2", text))

    assert same(example) == same(card), (
        "docs/show.md's example card is stale: regenerate it from this test's card"
    )
