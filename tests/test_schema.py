"""The committed JSON Schemas: no drift from the models, and the same verdicts as pydantic."""

from __future__ import annotations

import copy
import difflib
import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from pydantic import ValidationError

from intake.contract import schema
from intake.contract.models import SCENARIO_MODELS, Level, Record, placeholder
from intake.contract.yamlio import parse_checked
from tests.support.env import GAIA_SCENARIOS, requires_gaia_corpus

VALID_STRICT: dict[str, Any] = {
    "id": "issue_12_pdf_summary",
    "name": "PDF summary",
    "category": "rag_quality",
    "persona": "casual_user",
    "source": {"type": "issue", "link": "https://github.com/acme/agent/issues/12"},
    "difficulty_rationale": "The answer needs two facts from different pages of one PDF.",
    "setup": {"index_documents": [{"corpus_doc": "acme_q3_report", "path": "corpus/a.md"}]},
    "turns": [
        {"turn": 1, "objective": "Ask for Q3 revenue", "success_criteria": "Says $14.2M"},
        {"turn": 2, "objective": "Ask for growth", "ground_truth": {"expected_answer": "12%"}},
    ],
    "x_team_note": "unknown keys are kept",
}


def _variant(path: list[str | int], value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(VALID_STRICT)
    target: Any = doc
    for part in path[:-1]:
        target = target[part]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


_DELETE = object()

FIXTURES: list[tuple[str, dict[str, Any]]] = [
    ("valid", VALID_STRICT),
    ("no id", _variant(["id"], _DELETE)),
    ("id with dots", _variant(["id"], "../etc")),
    ("id not str", _variant(["id"], 12)),
    ("no persona", _variant(["persona"], _DELETE)),
    ("persona null", _variant(["persona"], None)),
    ("persona blank", _variant(["persona"], "  ")),
    ("persona custom", _variant(["persona"], "A user who had this conversation")),
    ("no setup", _variant(["setup"], _DELETE)),
    ("setup no index_documents", _variant(["setup"], {})),
    ("index doc without path", _variant(["setup", "index_documents"], [{"corpus_doc": "x"}])),
    ("index doc as string", _variant(["setup", "index_documents"], ["eval/corpus/a.md"])),
    ("no turns", _variant(["turns"], [])),
    ("turn without objective", _variant(["turns", 0, "objective"], _DELETE)),
    ("turn number as string", _variant(["turns", 0, "turn"], "1")),
    ("turn number bool", _variant(["turns", 0, "turn"], True)),
    ("no criterion", _variant(["turns", 0, "success_criteria"], _DELETE)),
    ("blank criterion", _variant(["turns", 0, "success_criteria"], " ")),
    ("criterion mapping", _variant(["turns", 0, "success_criteria"], {"a": 1})),
    ("empty ground truth", _variant(["turns", 1, "ground_truth"], {})),
    ("ground truth null", _variant(["turns", 1, "ground_truth"], None)),
    ("placeholder criterion", _variant(["turns", 0, "success_criteria"], placeholder("x"))),
    ("placeholder objective", _variant(["turns", 0, "objective"], placeholder("objective"))),
    ("no source", _variant(["source"], _DELETE)),
    ("source bad type", _variant(["source"], {"type": "forum", "link": "x"})),
    ("source extra key", _variant(["source"], {"type": "hand", "link": "x", "who": "me"})),
    ("no rationale", _variant(["difficulty_rationale"], _DELETE)),
    ("rationale two lines", _variant(["difficulty_rationale"], "one\ntwo")),
    ("rationale placeholder", _variant(["difficulty_rationale"], placeholder("why"))),
    ("tags not list", _variant(["tags"], "bug")),
    ("expected_tools not list", _variant(["turns", 0, "expected_tools"], "search")),
]


def _pydantic_ok(level: Level, doc: dict[str, Any]) -> bool:
    try:
        SCENARIO_MODELS[level].model_validate(doc)
    except ValidationError:
        return False
    return True


def test_committed_schemas_match_the_models() -> None:
    """Regenerating from the models gives the committed files (else: regenerate and commit)."""
    fresh = schema.generate()
    for key, name in schema.SCHEMA_FILES.items():
        committed = json.loads((schema.schema_dir() / name).read_text(encoding="utf-8"))
        if committed != fresh[key]:
            diff = "\n".join(
                difflib.unified_diff(
                    json.dumps(committed, indent=2, sort_keys=True).splitlines(),
                    json.dumps(fresh[key], indent=2, sort_keys=True).splitlines(),
                    lineterm="",
                )
            )
            pytest.fail(f"{name} drifted from the models; run `{schema.REGENERATE}`\n{diff}")


@pytest.mark.parametrize("key", sorted(schema.SCHEMA_FILES))
def test_committed_schemas_are_valid_draft_2020_12(key: str) -> None:
    """Every committed schema is itself a valid Draft 2020-12 schema."""
    Draft202012Validator.check_schema(schema.committed(key))


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize(("name", "doc"), FIXTURES, ids=[n for n, _ in FIXTURES])
def test_jsonschema_and_pydantic_agree(level: Level, name: str, doc: dict[str, Any]) -> None:
    """The published schema and the models accept and reject exactly the same documents."""
    by_schema = not schema.check(doc, level)
    assert by_schema == _pydantic_ok(level, doc), f"{name} at {level}"


def test_levels_differ_where_they_should() -> None:
    """Drafts may hold placeholders, strict may not; legacy needs no source."""
    draft = _variant(["turns", 0, "success_criteria"], placeholder("criteria"))
    del draft["difficulty_rationale"]
    assert not schema.check(draft, Level.draft)
    assert schema.check(draft, Level.strict)
    legacy = _variant(["source"], _DELETE)
    assert not schema.check(legacy, Level.legacy)
    assert schema.check(legacy, Level.draft)


def test_unknown_keys_are_kept() -> None:
    """A team's extra fields survive model validation."""
    model = SCENARIO_MODELS[Level.strict].model_validate(VALID_STRICT)
    assert model.model_dump()["x_team_note"] == "unknown keys are kept"


def test_record_schema_rejects_unknown_keys() -> None:
    """Records are closed: a typo in a record is an error, not a silently ignored field."""
    assert "additionalProperties" in json.dumps(schema.committed("record"))
    with pytest.raises(ValidationError):
        Record.model_validate({"id": "x", "source": {}, "surprise": 1})


@requires_gaia_corpus()
def test_agreement_on_every_gaia_scenario() -> None:
    """On GAIA's 91 real files both validators agree at every level."""
    files = sorted(GAIA_SCENARIOS.rglob("*.yaml"))
    assert len(files) == 91
    for path in files:
        data = parse_checked(path.read_bytes()).data
        for level in Level:
            assert (not schema.check(data, level)) == _pydantic_ok(level, data), (path, level)
