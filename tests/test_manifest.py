"""GAIA's corpus manifest rules (issue #12, items 4-5).

The manifests are written by ``tests/support/gaia_native.manifest_text`` in the layout of GAIA's
``eval/corpus/manifest.json`` (amd/gaia 78bbc30); the checks are those of GAIA's CI,
``tests/test_eval.py`` L776-897, reproduced in ``gaia_native.check_scenario_refs``: every
message intake prints carries GAIA's own message text, compared here.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.contract.manifest import check_refs, load_manifest
from intake.contract.yamlio import parse_checked
from tests.support import gaia_native as gn
from tests.support.env import GAIA, GAIA_SCENARIOS, requires_gaia_corpus

GAIA_CORPUS = GAIA / "eval" / "corpus"
PROVENANCE = (
    "source:\n  type: hand\n  link: https://github.com/amd/gaia/tree/78bbc30/eval/scenarios\n"
    "difficulty_rationale: Written by GAIA's authors; kept as GAIA ships it.\n"
)

SCENARIO = """\
id: q3_lookup
category: rag_quality
persona: casual_user
source:
  type: hand
  link: https://example.com/cases/1
difficulty_rationale: One fact from one page.
setup:
  index_documents:
    - corpus_doc: acme_q3_report
      path: eval/corpus/documents/acme_q3_report.md
    - corpus_doc: {corpus_doc}
      path: eval/corpus/documents/nope.md
turns:
  - turn: 1
    objective: Ask for the Q3 revenue
    ground_truth:
      doc_id: acme_q3_report
      fact_id: {fact_id}
      fact_ids: [q3_revenue, {fact_id}]
    success_criteria: States $14.2 million
"""


def corpus_suite(suite: Path, corpus: Path) -> None:
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write(f'corpus_dir = "{corpus.as_posix()}"\n')


def test_bogus_fact_and_unknown_corpus_doc_are_errors(suite: Path, runner: CliRunner) -> None:
    gn.write_manifest(suite / "corpus" / "manifest.json", gn.DEMO_DOCUMENTS)
    corpus_suite(suite, Path("corpus"))
    path = suite / "scenarios" / "rag_quality" / "q3_lookup.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(SCENARIO.format(corpus_doc="ghost_doc", fact_id="q9_profit"), encoding="utf-8")
    result = runner.invoke(app, ["validate", "--strict"])
    assert result.exit_code == 1, result.stderr
    shown = "scenarios/rag_quality/q3_lookup.yaml"
    assert result.stdout.splitlines() == [
        f"{shown}:12: error: corpus_doc 'ghost_doc' is not a document in the corpus manifest "
        "(GAIA CI: q3_lookup setup.index_documents[1]: corpus_doc='ghost_doc')",
        f"{shown}:19: error: fact_id 'q9_profit' is not a fact of document 'acme_q3_report' in "
        "the corpus manifest (GAIA CI: q3_lookup turn 1: acme_q3_report.q9_profit)",
        f"{shown}:20: error: fact_ids entry 'q9_profit' is not a fact of document "
        "'acme_q3_report' in the corpus manifest (GAIA CI: q3_lookup turn 1: "
        "acme_q3_report.q9_profit (from fact_ids))",
        "1 file, 3 errors, 0 warnings",
    ]
    # the same findings GAIA's CI reports (gaia_native reproduces test_eval.py L794-897)
    manifest = json.loads((suite / "corpus" / "manifest.json").read_text(encoding="utf-8"))
    data = parse_checked(path.read_bytes()).data
    gaia = gn.check_scenario_refs([(str(path), data)], manifest)
    ours = [m for _, m in check_refs(data, load_manifest(suite / "corpus"))]
    assert [m.split("(GAIA CI: ", 1)[1][:-1] for m in ours] == gaia
    check = runner.invoke(app, ["check"])
    assert check.exit_code == 1
    assert "corpus_doc 'ghost_doc' is not a document in the corpus manifest" in check.stdout


def test_known_references_pass(suite: Path, runner: CliRunner) -> None:
    gn.write_manifest(suite / "corpus" / "manifest.json", gn.DEMO_DOCUMENTS)
    corpus_suite(suite, Path("corpus"))
    path = suite / "scenarios" / "rag_quality" / "q3_lookup.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(
        SCENARIO.format(corpus_doc="budget_2025", fact_id="q3_revenue"), encoding="utf-8"
    )
    result = runner.invoke(app, ["validate", "--strict"])
    assert (result.exit_code, result.stdout) == (0, "1 file, 0 errors, 0 warnings\n")


def test_manifest_not_json_is_one_line(suite: Path, runner: CliRunner) -> None:
    (suite / "corpus").mkdir()
    (suite / "corpus" / "manifest.json").write_text('{\n  "documents": [\n,]\n', encoding="utf-8")
    corpus_suite(suite, Path("corpus"))
    (suite / "scenarios" / "a.yaml").write_text("id: a\n", encoding="utf-8")
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 2
    assert result.stderr == "error: corpus manifest is not valid JSON (corpus/manifest.json:3)\n"
    check = runner.invoke(app, ["check"])
    assert check.exit_code == 2
    assert check.stderr == "error: corpus manifest is not valid JSON (corpus/manifest.json:3)\n"


def test_real_world_skipped_without_its_manifest(suite: Path, runner: CliRunner) -> None:
    """GAIA's CI skips eval/scenarios/real_world when real_world/manifest.json is absent."""
    gn.write_manifest(suite / "corpus" / "manifest.json", gn.DEMO_DOCUMENTS)
    corpus_suite(suite, Path("corpus"))
    path = suite / "scenarios" / "real_world" / "q3_lookup.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(SCENARIO.format(corpus_doc="ghost_doc", fact_id="x"), encoding="utf-8")
    assert runner.invoke(app, ["validate", "--strict"]).exit_code == 0
    gn.write_manifest(suite / "corpus" / "real_world" / "manifest.json", [])
    result = runner.invoke(app, ["validate", "--strict"])
    assert result.exit_code == 1 and "'ghost_doc'" in result.stdout


def test_id_differing_from_file_name_is_fine_duplicates_are_not(
    suite: Path, runner: CliRunner
) -> None:
    """runner.py L351-419: GAIA keys scenarios by id, never by file name."""
    folder = suite / "scenarios" / "rag_quality"
    folder.mkdir(parents=True)
    text = SCENARIO.replace(
        "    - corpus_doc: {corpus_doc}\n      path: eval/corpus/documents/nope.md\n", ""
    ).format(fact_id="q3_revenue")
    (folder / "other_name.yaml").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["validate", "--strict"])
    assert (result.exit_code, result.stdout) == (0, "1 file, 0 errors, 0 warnings\n")
    (folder / "third.yaml").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["validate", "--strict"])
    assert result.exit_code == 1
    assert (
        "scenarios/rag_quality/third.yaml:1: error: id 'q3_lookup' is already used by "
        "scenarios/rag_quality/other_name.yaml" in result.stdout
    )


@requires_gaia_corpus()
@pytest.mark.parametrize("with_corpus", [False, True])
def test_gaia_91_scenarios_pass_strict_with_provenance(
    suite: Path, runner: CliRunner, with_corpus: bool
) -> None:
    target = suite / "scenarios"
    shutil.rmtree(target)
    shutil.copytree(GAIA_SCENARIOS, target)
    files = sorted(target.rglob("*.yaml"))
    assert len(files) == 91
    for path in files:
        text = path.read_text(encoding="utf-8")
        path.write_text(text.rstrip("\n") + "\n" + PROVENANCE, encoding="utf-8")
    if with_corpus:
        corpus_suite(suite, GAIA_CORPUS)
    result = runner.invoke(app, ["validate", "--strict", "scenarios"])
    assert result.exit_code == 0, result.stdout[-2000:]
    assert result.stdout.strip().splitlines()[-1] == "91 files, 0 errors, 0 warnings"


def test_promote_gate_sees_unknown_corpus_doc(suite: Path, tmp_path: Path) -> None:
    """promote judges the draft with the manifest too (gather → the validation gate)."""
    from intake.config import load_settings
    from intake.drafting.from_session import draft_from_session
    from intake.lifecycle.promote import gather

    gn.write_manifest(suite / "corpus" / "manifest.json", gn.DEMO_DOCUMENTS)
    corpus_suite(suite, Path("corpus"))
    db = tmp_path / "gaia_chat.db"
    gn.build_chat_db(db)
    settings = load_settings(suite)
    draft = draft_from_session(settings, gn.SESSION_ID, db=db).result.path
    text = draft.read_text(encoding="utf-8")
    head, rest = text.split("setup:\n", 1)
    draft.write_text(
        head
        + "setup:\n  index_documents:\n    - corpus_doc: ghost_doc\n      path: x.md\n"
        + rest[rest.index("turns:") :],
        encoding="utf-8",
    )
    problems = gather(settings, draft).problems
    assert any(
        "corpus_doc 'ghost_doc' is not a document in the corpus manifest" in p.message
        for p in problems
    )


def test_draft_named_unlike_its_id_gets_a_warning(suite: Path, runner: CliRunner) -> None:
    text = SCENARIO.replace(
        "    - corpus_doc: {corpus_doc}\n      path: eval/corpus/documents/nope.md\n", ""
    ).format(fact_id="q3_revenue")
    (suite / "drafts" / "renamed.yaml").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["validate", "drafts"])
    assert result.exit_code == 0
    assert (
        "drafts/renamed.yaml:1: warning: id 'q3_lookup' does not match the file name "
        "'renamed.yaml'" in result.stdout
    )
