"""A draft is read once for both of ``check``'s judgements of it.

``intake check`` validates a draft at the draft level (its findings), and its promotion gates
(``promote.gather``) judge it at the strict level. ``validate_file(keep_source=True)`` keeps the
bytes read and their parse; ``validate_file(source=...)`` judges those bytes at another level
instead of reading and parsing the file again.
"""

from __future__ import annotations

from pathlib import Path

from intake.contract.validate import FileResult, Severity, validate_file
from tests.support.promote_helpers import FINAL_YAML, PLACEHOLDER_YAML, write_pair


def _errors(result: FileResult) -> list[tuple[int, str, str]]:
    return [(p.line, p.code, p.message) for p in result.problems if p.severity is Severity.error]


def test_a_kept_read_judged_strictly_equals_a_fresh_strict_validation(tmp_path: Path) -> None:
    drafts = tmp_path / "drafts"
    draft = write_pair(drafts, "kept_read", text=PLACEHOLDER_YAML)
    first = validate_file(draft, drafts_dir=drafts, keep_source=True)
    assert first.source is not None and first.level is not None
    assert first.level.value == "draft" and not _errors(first)  # a placeholder is fine here
    fresh = validate_file(draft, strict=True, drafts_dir=drafts)
    again = validate_file(draft, strict=True, drafts_dir=drafts, source=first.source)
    assert _errors(fresh)  # ...and an error at the strict level
    assert _errors(again) == _errors(fresh)
    assert again.problems == fresh.problems
    assert again.data == fresh.data and again.level == fresh.level
    assert again.scenario_id == fresh.scenario_id and again.id_line == fresh.id_line
    assert validate_file(draft, drafts_dir=drafts).source is None  # kept only when asked


def test_the_kept_bytes_are_judged_not_the_file_again(tmp_path: Path) -> None:
    """The strict judgement reads nothing: the file rewritten after the first read changes
    a fresh validation, not one from the kept read (check judges one snapshot)."""
    drafts = tmp_path / "drafts"
    draft = write_pair(drafts, "kept_read", text=PLACEHOLDER_YAML)
    first = validate_file(draft, drafts_dir=drafts, keep_source=True)
    draft.write_text(FINAL_YAML.format(id="kept_read", category="tool_selection"), "utf-8")
    assert not _errors(validate_file(draft, strict=True, drafts_dir=drafts))
    assert _errors(validate_file(draft, strict=True, drafts_dir=drafts, source=first.source))
