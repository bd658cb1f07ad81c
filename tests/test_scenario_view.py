"""The typed, read-only view of a scenario that gates, the ledger index and the report read."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest

from intake.contract.models import Level, has_placeholder, placeholder
from intake.contract.plain import DocumentView, ScenarioView, TurnView
from intake.contract.validate import choose_level, validate_file
from tests.support.env import GAIA_SCENARIOS, requires_gaia_corpus


def test_a_view_types_what_the_file_holds_and_nothing_else() -> None:
    view = ScenarioView.of(
        {
            "id": "x",
            "category": 7,  # the wrong type: validation reports it, the view says None
            "source": {"type": "session", "link": "gaia-session:1"},
            "setup": {"index_documents": [{"corpus_doc": "b", "path": "p.md"}, "q.md", 3]},
            "tags": ["a", 2],
            "turns": [{"turn": 1, "objective": "o", "user_message": "u"}, "junk"],
        }
    )
    assert view.id == "x" and view.category is None and view.name is None
    assert (view.source_type, view.source_link) == ("session", "gaia-session:1")
    assert view.documents == (
        DocumentView("b", "p.md", mapping=True),
        DocumentView(None, "q.md"),
        DocumentView(None, None),
    )
    assert view.tags == ("a",)
    assert view.turns == (TurnView(1, "o", "u", None),)
    assert view.keys == {"id", "category", "source", "setup", "tags", "turns"}


@requires_gaia_corpus()
def test_every_gaia_scenario_has_a_view_that_agrees_with_its_data() -> None:
    files = sorted(GAIA_SCENARIOS.rglob("*.yaml"))
    assert len(files) >= 90
    for path in files:
        result = validate_file(path)
        assert result.data is not None, path
        view = result.view
        assert view is not None
        assert view.id == result.data["id"] and view.category == result.data["category"]
        assert len(view.turns) == len(result.data["turns"]), path
        assert all(t.objective for t in view.turns), path
        docs = (result.data.get("setup") or {}).get("index_documents") or []
        assert len(view.documents) == len(docs)
        assert all(d.path for d in view.documents), path


def test_the_view_carries_what_the_card_and_the_report_read() -> None:
    """Turn numbers fall back to the position, JSON paths count every list entry, GAIA's
    ``captured_from`` is dated (naive as UTC), and nothing of the wrong type gets through."""
    view = ScenarioView.of(
        {
            "id": "x",
            "captured_from": {"captured_at": "2026-03-04T05:06:07", "session_id": "s-1"},
            "description": placeholder("description"),
            "turns": [
                "junk",
                {
                    "turn": "two",
                    "objective": placeholder("objective"),
                    "expected_tools": ["search", 3, None, "read"],
                    "ground_truth": {"expected_answer": 42, 7: ["a"]},
                },
                {"turn": 3, "expected_tools": "search", "ground_truth": ["not", "a", "map"]},
            ],
        }
    )
    assert view.captured_from and view.captured_at == datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)
    assert view.captured_session == "s-1"
    assert view.placeholders == ("$.description", "$.turns[1].objective")
    first, second = view.turns
    assert (first.index, first.turn, first.number) == (1, None, 2)
    assert first.placeholders == ("$.turns[1].objective",)
    assert first.expected_tools == ("search", "read")
    assert dict(first.ground_truth) == {"expected_answer": 42, "7": ["a"]}
    assert (second.number, second.expected_tools, dict(second.ground_truth)) == (3, (), {})
    assert second.placeholders == ()
    no_capture = ScenarioView.of({"id": "y", "captured_from": "2026-03-04"})
    assert not no_capture.captured_from and no_capture.captured_at is None
    assert no_capture.captured_session is None
    assert ScenarioView.of({"captured_from": {"session_id": 7}}).captured_session is None


def test_a_view_cannot_be_changed() -> None:
    view = ScenarioView.of({"id": "x", "turns": [{"turn": 1, "ground_truth": {"a": 1}}]})
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.id = "y"  # type: ignore[misc]
    with pytest.raises(TypeError):
        view.turns[0].ground_truth["a"] = 2  # type: ignore[index]


def test_the_validator_builds_the_view_once(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Gates, promotion and the card share the validator's view (as inspect_ai's ``Sample``)."""
    path = tmp_path / "one.yaml"
    path.write_text("id: one\ncategory: c\n", encoding="utf-8")
    result = validate_file(path)
    assert result.view is not None and result.view is result.view
    assert result.view.id == "one" and result.view.category == "c"


def test_gaias_rules_read_the_persona_and_id_from_the_view(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A persona outside GAIA's set is a warning, a blank or non-text one is the schema's
    business only; a draft whose text id differs from its file name is a warning, a non-text
    id is not (``validate._gaia_rules`` reads ``FileResult.view``, built where it is parsed)."""
    drafts = tmp_path / "drafts"
    drafts.mkdir()
    rules = ("persona", "id-file")

    def codes(text: str) -> tuple[str | None, list[str]]:
        path = drafts / "one.yaml"
        path.write_text(text, encoding="utf-8")
        result = validate_file(path, drafts_dir=drafts)
        assert result.view is not None
        return result.scenario_id, [p.code for p in result.problems if p.code in rules]

    base = "category: c\nsetup:\n  index_documents: []\nturns: []\n"
    assert codes("id: other\npersona: nobody\n" + base) == ("other", ["persona", "id-file"])
    assert codes("id: one\npersona: casual_user\n" + base) == ("one", [])
    for persona in ('"  "', "7"):
        assert codes(f"id: one\npersona: {persona}\n" + base)[1].count("persona") == 0
    assert codes("id: 7\n" + base) == (None, [])


def test_a_placeholder_is_found_by_one_walk_in_keys_and_values() -> None:
    """``placeholder_paths`` (the view, the card, validation's count) and ``has_placeholder``
    (``choose_level``, the schema gate, ``run``) walk alike: a key holding the mark counts."""
    mark = placeholder("a fact")
    data = {
        "id": "x",
        "turns": [{"turn": 1, "objective": mark, "ground_truth": {mark: mark, "ok": 1}}],
        "tags": ["fine"],
    }
    assert ScenarioView.of(data).placeholders == (
        "$.turns[0].objective",
        f"$.turns[0].ground_truth.{mark}",
    )
    only_key = {"id": "x", "setup": {mark: 1}}
    assert ScenarioView.of(only_key).placeholders == (f"$.setup.{mark}",)
    assert has_placeholder(only_key) and not has_placeholder({"id": "x", "setup": {"a": 1}})
    assert choose_level(only_key, is_draft=False, strict=False) is Level.strict
