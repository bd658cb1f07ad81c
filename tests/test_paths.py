"""One way to show a path: relative, never an absolute path that could carry a user name."""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.paths import display_path, inside
from tests.support.env import set_home


def test_relative_to_the_suite_root(tmp_path: Path) -> None:
    root = tmp_path / "suite"
    (root / "drafts").mkdir(parents=True)
    assert display_path(root / "drafts" / "a.yaml", root) == "drafts/a.yaml"
    assert display_path(root, root) == "."


def test_relative_to_the_working_folder_without_a_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert display_path(tmp_path / "x" / "one.yaml") == "x/one.yaml"
    assert display_path(Path("one.yaml")) == "one.yaml"


def test_under_home_is_shown_from_the_tilde(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home" / "alice"
    work = tmp_path / "work"
    (home / "notes").mkdir(parents=True)
    work.mkdir()
    set_home(monkeypatch, home)
    monkeypatch.chdir(work)
    shown = display_path(home / "notes" / "a.yaml", work / "suite")
    assert shown == "~/notes/a.yaml"
    assert "alice" not in shown


def test_elsewhere_only_the_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    set_home(monkeypatch, tmp_path / "home")
    monkeypatch.chdir(tmp_path)
    outside = Path("/var/lib/somewhere/private_name/file.yaml")
    assert display_path(outside, tmp_path / "suite") == "file.yaml"


@pytest.mark.parametrize("root", [None, "suite"])
def test_never_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, root: str | None) -> None:
    set_home(monkeypatch, tmp_path / "home")
    monkeypatch.chdir(tmp_path)
    base = None if root is None else tmp_path / root
    for path in (Path("/"), Path("/etc/hosts"), tmp_path / "home" / "x", tmp_path / "suite" / "y"):
        assert not Path(display_path(path, base)).is_absolute(), path


def test_inside(tmp_path: Path) -> None:
    assert inside(tmp_path / "a" / "b", tmp_path / "a")
    assert not inside(tmp_path / "a" / ".." / "c", tmp_path / "a")


def test_error_lines_never_show_an_absolute_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error's ``(where)`` goes through the one helper too: a record in the suite, a missing
    file or session store under the home folder (issue 10: never an absolute path in output)."""
    from typer.testing import CliRunner

    from intake.cli import app
    from tests.support.env import SUITE_PYPROJECT
    from tests.support.promote_helpers import write_pair

    home = tmp_path / "home" / "alice"
    root = home / "suite"
    (root / "drafts").mkdir(parents=True)
    (root / "scenarios").mkdir()
    (root / "pyproject.toml").write_text(SUITE_PYPROJECT, encoding="utf-8")
    set_home(monkeypatch, home)
    monkeypatch.chdir(root)
    path = write_pair(root / "drafts", "case_one")
    path.with_name("case_one.intake.json").write_text("{", encoding="utf-8")
    runner = CliRunner()
    calls = {
        ("show", "case_one"): "(drafts/case_one.intake.json)",
        ("validate", str(home / "gone.yaml")): "(~/gone.yaml)",
        ("sessions", "--db", str(home / "gone.db")): "(~/gone.db)",
    }
    for args, where in calls.items():
        result = runner.invoke(app, list(args))
        assert result.exit_code in (2, 3), result.output
        assert where in result.stderr, result.stderr
        assert str(tmp_path) not in result.stderr and "alice" not in result.stderr
