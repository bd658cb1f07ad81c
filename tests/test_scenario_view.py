"""The typed, read-only view of a scenario that gates, the ledger index and the report read."""

from __future__ import annotations

from intake.contract.models import DocumentView, ScenarioView, TurnView
from intake.contract.validate import validate_file
from tests.conftest import GAIA_SCENARIOS, requires_gaia_corpus


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
    assert view.documents == (DocumentView("b", "p.md"), DocumentView(None, "q.md"),
                              DocumentView(None, None))
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
