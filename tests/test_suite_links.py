"""Links in the suite are named, never followed (issue 19: no link intake did not make).

git commits symbolic links, and GAIA's runner follows them (``src/gaia/eval/runner.py`` at
78bbc30, lines 386-388), so a pull request can point ``scenarios/x.yaml`` or a record at
``/dev/zero`` or at a file outside the suite. Every reader of suite files refuses them: a
record, a file's content hash, ``check`` (one error per link) and ``report``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Literal

import pytest

from intake.errors import InputError
from intake.store.records import content_hash, iter_scenarios, load_record, record_path
from tests.support.promote_helpers import FINAL_YAML, write_pair

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX links and /dev/zero")


def test_a_linked_record_or_file_is_refused_not_read(tmp_path: Path) -> None:
    draft = write_pair(tmp_path / "real")
    linked = tmp_path / "drafts" / "copy.yaml"
    linked.parent.mkdir()
    linked.symlink_to(draft)
    record_path(linked).symlink_to(record_path(draft))
    with pytest.raises(InputError, match="record is a symbolic link"):
        load_record(record_path(linked))
    with pytest.raises(InputError, match="file is a symbolic link"):
        content_hash(linked)
    assert load_record(record_path(draft)).id == "pdf_summary_loop"
    assert content_hash(draft).startswith("sha256:")


@pytest.mark.slow
def test_check_names_each_link_and_reads_none(suite: Path, tmp_path: Path) -> None:
    """In a real process with a timeout: reading /dev/zero would never end."""
    outside = tmp_path / "outside.yaml"
    outside.write_text(FINAL_YAML.format(id="outside_case", category="tool_selection"))
    folder = suite / "scenarios" / "tool_selection"
    folder.mkdir(parents=True)
    (folder / "zero.yaml").symlink_to("/dev/zero")
    (folder / "elsewhere.yaml").symlink_to(outside)
    draft = write_pair(suite / "drafts", "real_case")
    record_path(draft).unlink()
    record_path(draft).symlink_to("/dev/zero")
    done = subprocess.run(
        [sys.executable, "-m", "intake", "check"],
        cwd=suite,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr
    scenario = "error: a symbolic link: GAIA's runner would load whatever it points to"
    assert f"scenarios/tool_selection/elsewhere.yaml:1: {scenario}" in done.stdout
    assert f"scenarios/tool_selection/zero.yaml:1: {scenario}" in done.stdout
    assert (
        "drafts/real_case.intake.json:1: error: a symbolic link: intake does not follow links"
        in done.stdout
    )
    assert "outside_case" not in done.stdout


def test_the_one_walk_lists_links_as_each_caller_asks(tmp_path: Path) -> None:
    """``iter_scenarios`` is every command's walk of the suite's files: ``follow`` (export,
    split, retire, the uncached nightly gate) reads a link to a file as the file; ``refuse``
    (``check``'s files, ``adopt`` of a folder) lists plain files only; ``only`` is ``check``'s
    list of links to name. Dot-folders are walked, linked folders are not entered, and the
    folders come in the order given, each sorted."""
    scenarios, retired = tmp_path / "scenarios", tmp_path / "retired"
    (scenarios / ".hidden").mkdir(parents=True)
    retired.mkdir()
    plain = scenarios / "b.yaml"
    hidden = scenarios / ".hidden" / "c.yaml"
    old = retired / "a.yaml"
    for path in (plain, hidden, old):
        path.write_text("id: x\n")
    to_file = scenarios / "a.yaml"
    to_file.symlink_to(plain)
    broken = scenarios / "d.yaml"
    broken.symlink_to(tmp_path / "nowhere.yaml")
    (scenarios / "linked").symlink_to(retired, target_is_directory=True)
    (scenarios / "note.txt").write_text("not a scenario\n")

    def walk(links: Literal["follow", "refuse", "only"]) -> list[Path]:
        return list(iter_scenarios(scenarios, tmp_path / "no-such-folder", retired, links=links))

    assert walk("follow") == [hidden, to_file, plain, old]
    assert walk("refuse") == [hidden, plain, old]
    assert walk("only") == [to_file, broken]
    assert list(iter_scenarios(scenarios, names=("*.txt",))) == [scenarios / "note.txt"]
