"""Structured files and identifiers: values judged by their key, files failing alone, YAML bombs,
identifiers built only from scrubbed text (issue 11, items 6 and 7)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from intake.scrub import Scrubber, get_scrubber, scrub_paths, scrub_tree
from intake.scrub.ids import (
    cut_before_token,
    neutral_id,
    plain_identifier,
)

HEX = "9f2c4e1a7b3d5f60718293a4b5c6d7e8f9012345"
TOKEN = "ghp_R8x2Kq9LmZ4vT7wYp3Nc6Hs1Jd5Fg0Ab2Ce4X"


@pytest.fixture(scope="module")
def scrubber() -> Scrubber:
    return get_scrubber()


def test_a_value_under_a_secret_key_is_found_by_its_key(scrubber: Scrubber) -> None:
    tree = {
        "GITHUB_OAUTH_CLIENT_SECRET": HEX,
        "db": {"password": "correct horse battery"},
        "auth": "true",
        "max_tokens": "4096",
        "model": "Qwen3-Coder-30B-A3B-Instruct-GGUF",
    }
    new, report = scrub_tree(tree, scrubber=scrubber)
    assert HEX not in json.dumps(new) and "correct horse" not in json.dumps(new)
    assert new["auth"] == "true" and new["max_tokens"] == "4096"
    assert new["model"] == tree["model"]
    assert report.counts == {"GENERIC_SECRET": 2}
    assert scrub_tree(new, scrubber=scrubber)[1].spans == []
    assert {f.json_path for f in report.spans} == {
        "$.GITHUB_OAUTH_CLIENT_SECRET",
        "$.db.password",
    }


def test_escaped_json_value_under_a_secret_key_is_written_back_valid(
    scrubber: Scrubber, tmp_path: Path
) -> None:
    path = tmp_path / "bundle.json"
    path.write_text('{"api_key": "\\u0068unter2hunter2", "note": "ok"}\n', encoding="utf-8")
    (outcome,) = scrub_paths([path], scrubber=scrubber)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["note"] == "ok" and "hunter2" not in data["api_key"]
    assert outcome.changed


def test_a_yaml_bomb_is_read_as_its_text_never_expanded(scrubber: Scrubber, tmp_path: Path) -> None:
    """Since issue 29 a YAML file is read as parser events: an alias is one event, never a
    copy, so a "billion laughs" file costs what its text costs, and a value in it is still
    replaced (Compose files use anchors and aliases, and are no longer refused)."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 12):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    lines.append(f"token: {TOKEN}")
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("\n".join(lines) + "\n", encoding="utf-8")
    good = tmp_path / "good.yaml"
    good.write_text(f"token: {TOKEN}\n", encoding="utf-8")
    start = time.perf_counter()
    scrub_paths([bomb, good], scrubber=scrubber)
    assert time.perf_counter() - start < 60  # a hang would never get here
    assert TOKEN not in good.read_text(encoding="utf-8")
    assert (
        bomb.read_text(encoding="utf-8")
        == "\n".join([*lines[:-1], "token: ghp_FAKE000000000000000000000000000000001"]) + "\n"
    )


def test_a_neutral_id_carries_nothing_and_a_fixture_is_no_plain_identifier() -> None:
    assert neutral_id("29c211c7").startswith("session_") and len(neutral_id("x")) == 16
    assert neutral_id("29c211c7") == neutral_id("29c211c7") != neutral_id("29c211c8")
    assert plain_identifier("pdf_summary_loops")
    assert not plain_identifier("session_FAKE0001") and not plain_identifier("a b")


def test_a_cut_never_leaves_part_of_a_token() -> None:
    assert cut_before_token(f"see {TOKEN} now", 20) == "see"
    assert cut_before_token("pdf_summary_loops_with_reading", 20, words=True) == "pdf_summary_loops"
    assert cut_before_token("short", 20) == "short"
    assert cut_before_token("ab cd", 2) == "ab"


def test_base64_secrets_become_the_base64_of_their_fixture(scrubber: Scrubber) -> None:
    import base64
    import re

    from tests.support.scrub_matrix import build_matrix

    for cell in [c for c in build_matrix() if c.family == "encoded"]:
        out = scrubber.scrub_text(cell.text).text
        assert all(v not in out for v in cell.planted), cell.kind
        decoded = [out]
        for _ in range(3):  # base64 inside base64 (.dockerconfigjson holds auth values)
            decoded += [
                base64.b64decode(t).decode("utf-8", "replace")
                for d in decoded
                for t in re.findall(r"[A-Za-z0-9+/]{12,}={0,2}", d)
                if len(t) % 4 == 0
            ]
        assert any("FAKE" in d for d in decoded[1:]), cell.kind
        assert scrubber.scrub_text(out).text == out and scrubber.find(out) == []
    text = "Authorization: Basic " + base64.b64encode(b"admin:correct.horse_battery").decode()
    out = scrubber.scrub_text(text).text
    assert base64.b64decode(out.split()[-1]).decode().startswith("admin:FAKE")


def test_importing_the_scrub_package_does_not_import_presidio() -> None:
    import subprocess
    import sys

    probe = "import sys, intake.scrub, intake.scrub.ids; print(any(m.startswith('presidio') for m in sys.modules))"  # noqa: E501
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_a_random_value_is_not_mistaken_for_a_reference_or_a_name(scrubber: Scrubber) -> None:
    for text, value in [
        ('password = "%Qp%grD%x%b6DXj2"\n', "%Qp%grD%x%b6DXj2"),
        ("API_TOKEN=R6ZZH82ULRgSIDMwl6U67GsrQKqV\n", "R6ZZH82ULRgSIDMwl6U67GsrQKqV"),
    ]:
        assert value not in scrubber.scrub_text(text).text
    for kept in ["password = %DB_PASSWORD%\n", "token = settings.githubToken\n"]:
        assert scrubber.find(kept) == []
