"""Pasted text inside a structured file is judged as it is judged pasted (issue 35 item 4: one
decision per value whatever the syntax around it; item 5: one pass is final).

What intake scrubs is rarely a bare paste: a session's message is a JSON string (GAIA's Agent UI
exports, a JSONL transcript), a draft's turn a YAML block scalar. Each pasted class of the
matrix (``pasted_cells``: prompts, logins, homes, tool output, and the placeholders that must
stay) is wrapped in each of those, scrubbed as the file, and its decoded value compared with the
same text scrubbed pasted: the same value, so nothing private survives and every kept character
stays. Stop 50's probe found three wrappings that leaked (a Docker credential helper's ``list``
in any of them: ``{"<registry URL>":"<login>"}`` read as JSON one level down, its login judged
alone; ``tests/test_scrub_final.py`` crossed the classes with nothing). A value inside a parsed
file is now judged inside its member written as one line of its own syntax
(``intake.scrub.files._frame``), so a rule that reads a value by its key reads it there too:
the last four tests hold the class on files of their own.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from intake.contract.yamlio import dump_roundtrip
from intake.scrub import Scrubber
from intake.scrub.files import scan_paths, scrub_file_text
from tests.support.scrub_matrix import Cell, pasted_cells


def _yaml_block(text: str) -> str:
    """The turn as intake writes a draft: ruamel's own dump can fold a double-quoted scalar
    right after an escaped backslash, and the fold then reads back as a space (``C:\\Users\\
    Public`` read as ``C:\\Users\\ Public``), a file that never held the text pasted;
    ``dump_roundtrip`` writes such a scalar unfolded."""
    return dump_roundtrip({"turns": [{"role": "user", "content": text}]})


def _yaml_value(text: str) -> str:
    return YAML(typ="safe").load(text)["turns"][0]["content"]


# suffix, how the pasted text is written into the file, how its value is read back
WRAPPINGS: dict[str, tuple[str, Callable[[str], str], Callable[[str], str]]] = {
    "json_message": (
        ".json",
        lambda t: json.dumps({"messages": [{"role": "user", "content": t}]}, indent=2),
        lambda s: json.loads(s)["messages"][0]["content"],
    ),
    "jsonl_line": (
        ".jsonl",
        lambda t: json.dumps({"type": "user", "text": t}) + "\n",
        lambda s: json.loads(s.splitlines()[0])["text"],
    ),
    "yaml_turn": (".yaml", _yaml_block, _yaml_value),
}


def _judged_alike(engine: Scrubber, folder: Path, cell: Cell, wrapping: str) -> None:
    suffix, write, read = WRAPPINGS[wrapping]
    path = folder / f"doc{suffix}"
    once = scrub_file_text(path, write(cell.text), scrubber=engine).text
    value = read(once)  # still parses
    assert value == engine.scrub_text(cell.text).text, (cell.kind, wrapping)
    assert not [p for p in cell.planted if p in value], (cell.kind, wrapping)
    pos = 0
    for s, e in cell.keep:
        pos = value.find(cell.text[s:e], pos)
        assert pos >= 0, (cell.kind, wrapping, cell.text[s:e])
        pos += e - s
    assert scrub_file_text(path, once, scrubber=engine).text == once, "a rescrub changed it"
    path.write_text(once, encoding="utf-8")
    assert scan_paths([path], scrubber=engine) == [], "--check finds something"


_CELLS = pasted_cells(random.Random(50))
_ORDER = sorted(WRAPPINGS)


@pytest.mark.parametrize(
    ("cell", "wrapping"),
    [(c, _ORDER[i % len(_ORDER)]) for i, c in enumerate(_CELLS)],
    ids=lambda v: v.kind if isinstance(v, Cell) else v,
)
def test_a_pasted_class_inside_a_file_is_judged_as_pasted(
    engine: Scrubber, tmp_path: Path, cell: Cell, wrapping: str
) -> None:
    """Each class in one wrapping, in turn (the fast tier); every class in every wrapping with
    the matrix's seed and with fresh values below (slow)."""
    _judged_alike(engine, tmp_path, cell, wrapping)


@pytest.mark.slow
@pytest.mark.parametrize("wrapping", _ORDER)
def test_every_pasted_class_inside_each_wrapping(
    engine: Scrubber, tmp_path: Path, wrapping: str
) -> None:
    for cell in _CELLS:
        _judged_alike(engine, tmp_path, cell, wrapping)


@pytest.mark.slow
@settings(
    deadline=None, max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_pasted_class_inside_every_wrapping_with_fresh_values(
    engine: Scrubber, tmp_path: Path, seed: int
) -> None:
    """Freshly invented logins, names and tokens (a name generated as ``Vokes Babubot`` was a
    bot to ``git shortlog``'s rule until 1.33.0: a surname may end in the letters)."""
    for cell in pasted_cells(random.Random(seed)):
        for wrapping in WRAPPINGS:
            _judged_alike(engine, tmp_path, cell, wrapping)


def _scrub(engine: Scrubber, tmp_path: Path, name: str, text: str) -> str:
    return scrub_file_text(tmp_path / name, text, scrubber=engine).text


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        # docker-credential-osxkeychain list, saved or parsed: a registry URL names no one
        (
            "creds.json",
            '{"https://index.docker.io/v1/":"kitevozi325","https://quay.io":"kitevozi325"}\n',
            '{"https://index.docker.io/v1/":"user1","https://quay.io":"user1"}\n',
        ),
        ("hosts.json", '{"username": "Rafe_Okoro"}', '{"username": "user1"}'),
        ("client.yaml", "login: 'GabrielMohr'\nurl: x\n", "login: 'user1'\nurl: x\n"),
        ("client.yml", 'auth:\n  user_name: "mlee07"\n', 'auth:\n  user_name: "user1"\n'),
    ],
)
def test_a_value_is_judged_by_its_key_in_a_parsed_file(
    engine: Scrubber, tmp_path: Path, name: str, text: str, expected: str
) -> None:
    """The member a text rule reads (``username: "<login>"``, ``{"<URL>":"<login>"}``) holds in
    a parsed file as in pasted text; pasted, the same text gives the same."""
    assert _scrub(engine, tmp_path, name, text) == expected
    assert engine.scrub_text(text).text == expected


@pytest.mark.parametrize(
    ("name", "text"),
    [
        # a schema map: a URL with a file's name maps to a glob or a file, no login
        ("settings.json", '{"yaml.schemas": {"https://json.schemastore.org/a.json": "*.yml"}}'),
        ("settings.json", '{"https://json.schemastore.org/github-workflow.json": "ci.yml"}'),
        # switches, types, placeholders and defaults where a login goes
        ("c.json", '{"username": "your_username", "login": "true", "user_name": "string"}'),
        ("c.json", '{"username": "postgres", "login": "root", "username2": "x"}'),
        ("c.json", '{"login": "required", "username": "admin"}'),
        ("c.json", '{"username":"Test1","password":"adada"}'),
        ("c.json", '{"login": "whatever", "id": 43933}'),
        ("c.yaml", "username: admin\nlogin: false\nuser_name: null\n"),
        ("c.yaml", "username: ${USER}\nlogin: '{{ login }}'\n"),
        # GAIA's own keys: a role, a persona, a category
        ("s.yaml", "turns:\n- role: user\n  content: hi\npersona: power_user\n"),
        ("s.json", '{"role": "user", "name": "Agent", "category": "rag_quality"}'),
        # a key that needs quoting is judged alone, as before (nothing to read it by)
        ("c.json", '{"user\\"name": "kitevozi", "a b": "c"}'),
    ],
)
def test_a_key_read_as_context_names_no_one_by_itself(
    engine: Scrubber, tmp_path: Path, name: str, text: str
) -> None:
    assert _scrub(engine, tmp_path, name, text) == text


@pytest.mark.parametrize("pad", range(40, 80))
def test_a_prompt_folded_after_a_backslash_is_kept_inside_a_yaml_turn(
    engine: Scrubber, tmp_path: Path, pad: int
) -> None:
    """Wherever the line would fold (ruamel's emitter folds at 80 columns, and a fold right
    after ``\\\\`` reads back as a space), the turn written holds the text pasted, and the
    scrubbed file keeps the shared ``Public`` folder and the placeholder ``mylogin`` as they
    were: nothing outside a private span changes."""
    text = "x" * pad + " PS C:\\Users\\Public> dir\nPS C:\\Users\\mylogin> Get-ChildItem -Force\n"
    written = _yaml_block(text)
    assert _yaml_value(written) == text
    once = scrub_file_text(tmp_path / "doc.yaml", written, scrubber=engine).text
    assert _yaml_value(once) == text
