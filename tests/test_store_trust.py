"""intake's own state as an attacker would plant it, and the machine refusing writes.

A pull request can carry files into ``.intake/`` (``git add -f``), point ``ledger_path`` at a
tracked folder or plant links where intake keeps its locks and temporaries; a disk can be full,
a file size limited, a folder read-only. Each case: the command refuses with one line and the
right exit code, nothing outside the suite (or in ``.git/``) changes, nothing unreviewed lands
in ``scenarios/``, and the commands that only read still work.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from intake.config import load_settings
from intake.store.journal import Event, Unit, journal_path
from intake.store.records import record_path
from tests.support import crash_harness
from tests.support.gitrepo import git
from tests.support.promote_helpers import make_ready

EVIL_CONFIG = '[core]\n\tfsmonitor = "touch pwned"\n'
EVIL_SCENARIO = "id: planted\nname: planted\ncategory: tool_selection\n"
POSIX_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def intake(
    suite: Path, *args: str, env: dict[str, str] | None = None, preexec: object = None
) -> subprocess.CompletedProcess[str]:
    """``intake ARGS`` as a real process: forked from the warm server (``crash_harness.run``),
    or a fresh interpreter when ``preexec`` must run before it starts (a resource limit)."""
    if preexec is None:
        return crash_harness.run(suite, list(args), env=env, errors="strict")
    return subprocess.run(
        [sys.executable, "-m", "intake", *args],
        cwd=suite,
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
        preexec_fn=preexec,  # type: ignore[arg-type]
    )


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    lines = [line for line in done.stderr.splitlines() if line.startswith("error: ")]
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    return lines[0]


def planted_unit(suite: Path) -> Unit:
    """What an attacker's journal asks for: ``.git/config`` and an unreviewed scenario."""
    return Unit(
        "review",
        "pdf_summary_loop",
        writes=[
            (suite / ".git" / "config", EVIL_CONFIG),
            (suite / "scenarios" / "tool_selection" / "planted.yaml", EVIL_SCENARIO),
        ],
        events=[Event("review", None, "mallory", {})],
    )


def unsealed(suite: Path, unit: Unit) -> str:
    """An intake 1.x journal (no seal), as anyone can write one."""
    root = suite
    return json.dumps(
        {
            "version": 1,
            "command": unit.command,
            "id": unit.scenario_id,
            "writes": [
                {"path": os.path.relpath(p, root), "b64": base64.b64encode(t.encode()).decode()}
                for p, t in unit.writes
            ],
            "removes": [],
            "events": [
                {"id": "1", "kind": e.kind, "path": e.path, "actor": e.actor, "detail": e.detail}
                for e in unit.events
            ],
        }
    )


def sealed_elsewhere(suite: Path, unit: Unit, tmp_path: Path) -> str:
    """A journal sealed on another machine (another key): its seal cannot verify here."""
    from intake.store import trust

    saved = os.environ.get("INTAKE_STATE_DIR")
    os.environ["INTAKE_STATE_DIR"] = str(tmp_path / "other-machine")
    trust._key_at.cache_clear()
    try:
        return unit.to_json(load_settings(suite))
    finally:
        if saved is None:
            del os.environ["INTAKE_STATE_DIR"]
        else:
            os.environ["INTAKE_STATE_DIR"] = saved
        trust._key_at.cache_clear()


def sealed_here(suite: Path, unit: Unit) -> str:
    return unit.to_json(load_settings(suite))


def plant(suite: Path, text: str, *, commit: bool) -> Path:
    path = journal_path(load_settings(suite), "pdf_summary_loop")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    if commit:
        git(suite, "add", "-f", str(path.relative_to(suite)))
        git(suite, "commit", "-q", "-m", "a contributor's pull request")
    return path


def assert_untouched(suite: Path, config_before: bytes) -> None:
    assert (suite / ".git" / "config").read_bytes() == config_before
    assert not (suite / "scenarios" / "tool_selection" / "planted.yaml").exists()
    assert not (suite / "pwned").exists()


@pytest.fixture
def ready(git_suite: Path) -> Path:
    make_ready(git_suite)
    git(git_suite, "add", "-A")
    git(git_suite, "commit", "-q", "-m", "base")
    return git_suite


COMMANDS = [
    ["review", "pdf_summary_loop", "--approve", "--reviewer", "carol"],
    ["promote", "pdf_summary_loop"],
    ["ledger", "rebuild"],
]


@pytest.mark.slow
@pytest.mark.parametrize("forge", ["unsealed", "other-machine", "sealed-but-tracked"])
@pytest.mark.parametrize("args", COMMANDS, ids=["review", "promote", "rebuild"])
def test_a_journal_carried_by_a_pull_request_is_never_replayed(
    ready: Path, tmp_path: Path, forge: str, args: list[str]
) -> None:
    unit = planted_unit(ready)
    # sealed-but-tracked: even a journal that verifies is refused once git tracks it
    text = {
        "unsealed": lambda: unsealed(ready, unit),
        "other-machine": lambda: sealed_elsewhere(ready, unit, tmp_path),
        "sealed-but-tracked": lambda: sealed_here(
            ready, Unit("review", "pdf_summary_loop", events=[Event("review", None, "m", {})])
        ),
    }[forge]()
    config = (ready / ".git" / "config").read_bytes()
    plant(ready, text, commit=True)
    done = intake(ready, *args)
    assert_untouched(ready, config)
    if args[0] == "ledger":
        assert done.returncode == 0, done.stderr
        assert "refused .intake/pending/pdf_summary_loop.json" in done.stderr, done.stderr
        assert "not replayed" in done.stderr
    else:
        assert done.returncode == 3, done.stderr
        line = one_error_line(done)
        assert "it is not replayed" in line and ".intake/pending/pdf_summary_loop.json" in line
    assert not (ready / "scenarios" / "tool_selection" / "pdf_summary_loop.yaml").exists()
    check = intake(ready, "check")
    assert check.returncode == 1, check.stdout + check.stderr
    reported = [
        line
        for line in check.stdout.splitlines()
        if "untrusted-journal" in line or "never replayed" in line
    ]
    assert len(reported) == 1 and ".intake/pending/pdf_summary_loop.json:1: error:" in reported[0]
    assert_untouched(ready, config)


@pytest.mark.slow
@pytest.mark.parametrize(
    "target",
    [
        ".git/config",
        ".git/hooks/post-checkout",
        "../outside.yaml",
        "drafts/notes.txt",
        "pyproject.toml",
        "scenarios/.github/x.yaml",
    ],
)
def test_a_sealed_journal_may_write_only_drafts_records_and_scenarios(
    ready: Path, target: str
) -> None:
    unit = Unit("review", "pdf_summary_loop", writes=[(ready / target, "x")])
    config = (ready / ".git" / "config").read_bytes()
    pyproject = (ready / "pyproject.toml").read_bytes()
    plant(ready, sealed_here(ready, unit), commit=False)
    done = intake(ready, "review", "pdf_summary_loop", "--approve", "--reviewer", "carol")
    assert done.returncode == 3, done.stderr
    assert "not replayed" in one_error_line(done)
    assert (ready / ".git" / "config").read_bytes() == config
    assert (ready / "pyproject.toml").read_bytes() == pyproject
    assert not (ready.parent / "outside.yaml").exists()
    assert not (ready / "drafts" / "notes.txt").exists()


def test_a_journal_this_machine_wrote_is_still_finished(ready: Path) -> None:
    draft = ready / "drafts" / "pdf_summary_loop.yaml"
    unit = Unit(
        "reject",
        "pdf_summary_loop",
        removes=[draft, record_path(draft)],
        events=[Event("rejection", "drafts/pdf_summary_loop.yaml", None, {})],
    )
    plant(ready, sealed_here(ready, unit), commit=False)
    done = intake(ready, "ledger", "rebuild")
    assert done.returncode == 0, done.stderr
    assert (
        "finished an interrupted reject of pdf_summary_loop: removed 2 files, logged 1 event"
        in done.stderr
    )
    assert not draft.exists()


def test_ledger_path_in_a_tracked_folder_is_refused(ready: Path) -> None:
    (ready / "docs").mkdir()
    (ready / "docs" / "index.md").write_text("# docs\n")
    git(ready, "add", "docs")
    git(ready, "commit", "-q", "-m", "docs")
    pyproject = ready / "pyproject.toml"
    pyproject.write_text(
        pyproject.read_text().replace(
            'ledger_path = ".intake/ledger.db"', 'ledger_path = "docs/ledger.db"', 1
        )
    )
    done = intake(ready, "review", "pdf_summary_loop", "--approve", "--reviewer", "carol")
    assert done.returncode == 2, done.stderr
    assert "ledger_path is in a folder that git tracks" in one_error_line(done)
    assert not (ready / "docs" / "ledger.db").exists()
    assert not (ready / "docs" / "pending").exists()


def test_a_planted_lock_link_creates_nothing_outside(ready: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside" / "created-by-intake"
    outside.parent.mkdir()
    lock = ready / ".intake" / "locks" / "pdf_summary_loop.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.symlink_to(outside)
    done = intake(ready, "review", "pdf_summary_loop", "--approve", "--reviewer", "carol")
    assert done.returncode == 3, done.stderr
    assert "a lock file is a symbolic link" in one_error_line(done)
    assert not outside.exists()


def test_a_planted_tmp_link_writes_nothing_outside(ready: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.rmtree(ready / ".intake" / "tmp", ignore_errors=True)
    (ready / ".intake" / "tmp").symlink_to(outside, target_is_directory=True)
    done = intake(ready, "review", "pdf_summary_loop", "--approve", "--reviewer", "carol")
    assert done.returncode == 3, done.stderr
    assert "symbolic link" in one_error_line(done)
    assert list(outside.iterdir()) == []


# --- the machine refuses a write ---------------------------------------------------------------


@contextlib.contextmanager
def mounted(folder: Path, options: str) -> Iterator[None]:
    """A tmpfs of its own on ``folder`` (root on Linux only; else the test skips)."""
    if sys.platform != "linux" or not POSIX_ROOT:
        pytest.skip("needs root on Linux to mount a small file system")
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip("mount is not permitted here")
    try:
        yield
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """``folder`` made read-only for intake: a read-only bind mount (root), else chmod."""
    if POSIX_ROOT and sys.platform == "linux":
        bind = subprocess.run(["mount", "--bind", str(folder), str(folder)], capture_output=True)
        if bind.returncode != 0:
            pytest.skip("mount is not permitted here")
        subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)], check=True)
        try:
            yield
        finally:
            subprocess.run(["umount", "-l", str(folder)], capture_output=True)
    elif os.name == "posix":
        mode = folder.stat().st_mode
        for path in [folder, *folder.rglob("*")]:
            path.chmod(path.stat().st_mode & ~0o222)
        try:
            yield
        finally:
            for path in [folder, *folder.rglob("*")]:
                path.chmod(path.stat().st_mode | 0o200)
            folder.chmod(mode)
    else:
        pytest.skip("no read-only folder on this platform")


def test_promote_on_a_full_disk_is_one_line_exit_3(tmp_path: Path, monkeypatch) -> None:
    disk = tmp_path / "disk"
    with mounted(disk, "size=2m"):
        suite = disk / "suite"
        (suite / "scenarios").mkdir(parents=True)
        (suite / "drafts").mkdir()
        from tests.support.env import SUITE_PYPROJECT

        (suite / "pyproject.toml").write_text(SUITE_PYPROJECT)
        monkeypatch.chdir(suite)
        draft = make_ready(suite)
        before = draft.read_bytes()
        filler = disk / "filler"
        with contextlib.suppress(OSError), open(filler, "wb") as handle:
            while True:
                handle.write(b"\0" * 4096)
                handle.flush()
        done = intake(suite, "promote", "pdf_summary_loop")
        assert done.returncode == 3, done.stderr
        line = one_error_line(done)
        assert "no space left on the device" in line, line
        filler.unlink()
        assert draft.read_bytes() == before and record_path(draft).is_file()
        assert not list((suite / "scenarios").rglob("pdf_summary_loop.yaml"))


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="RLIMIT_FSIZE is POSIX")
def test_promote_under_a_file_size_limit_is_one_line_exit_3(ready: Path) -> None:
    draft = ready / "drafts" / "pdf_summary_loop.yaml"
    before = draft.read_bytes()

    resource = pytest.importorskip("resource", reason="RLIMIT_FSIZE is POSIX")

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (512, 512))

    done = intake(ready, "promote", "pdf_summary_loop", preexec=limit)
    assert done.returncode == 3, done.stderr
    assert "file too large" in one_error_line(done)
    assert draft.read_bytes() == before and record_path(draft).is_file()
    assert not (ready / "scenarios" / "tool_selection" / "pdf_summary_loop.yaml").exists()


def test_promote_into_a_read_only_category_is_one_line_exit_3(ready: Path) -> None:
    category = ready / "scenarios" / "tool_selection"
    category.mkdir(parents=True, exist_ok=True)
    draft = ready / "drafts" / "pdf_summary_loop.yaml"
    with read_only(category):
        done = intake(ready, "promote", "pdf_summary_loop")
    assert done.returncode == 3, done.stderr
    line = one_error_line(done)
    assert "read-only" in line or "permission denied" in line, line
    assert draft.is_file() and record_path(draft).is_file()


def test_promote_from_a_read_only_drafts_folder_is_one_line_exit_3(ready: Path) -> None:
    draft = ready / "drafts" / "pdf_summary_loop.yaml"
    with read_only(ready / "drafts"):
        done = intake(ready, "promote", "pdf_summary_loop")
    assert done.returncode == 3, done.stderr
    line = one_error_line(done)
    assert "read-only" in line or "permission denied" in line, line
    assert draft.is_file() and record_path(draft).is_file()


@pytest.mark.slow
def test_read_only_commands_work_on_a_read_only_intake_folder(ready: Path) -> None:
    assert intake(ready, "log", "pdf_summary_loop").returncode == 0
    with read_only(ready / ".intake"):
        for args, codes in (
            (["check"], (0, 1)),
            (["report"], (0,)),
            (["log", "pdf_summary_loop"], (0,)),
            (["show", "pdf_summary_loop"], (0,)),
            (["validate", "drafts"], (0, 1)),
        ):
            done = intake(ready, *args)
            assert done.returncode in codes, (args, done.stdout, done.stderr)
            assert "Traceback" not in done.stderr and "internal error" not in done.stderr
            assert "unable to open database" not in done.stderr + done.stdout


def test_drafting_with_a_read_only_intake_folder_is_one_line_exit_3(
    ready: Path, tmp_path: Path
) -> None:
    issue = tmp_path / "issue.json"
    issue.write_text(
        json.dumps(
            {
                "number": 7,
                "title": "Agent loops on search",
                "body": "It loops.",
                "html_url": "https://github.com/amd/gaia/issues/7",
                "labels": [],
                "state": "open",
            }
        )
    )
    with read_only(ready / ".intake"):
        done = intake(ready, "from-issue", "--json", str(issue))
    assert done.returncode == 3, done.stderr
    one_error_line(done)
    assert not list((ready / "drafts").glob("*agent_loops*"))


@pytest.mark.parametrize("field", ["title", "body"])
def test_a_lone_surrogate_in_issue_json_names_the_file_and_offset(
    suite: Path, tmp_path: Path, field: str
) -> None:
    doc = {
        "number": 7,
        "title": "Agent loops",
        "body": "It loops.",
        "html_url": "https://github.com/amd/gaia/issues/7",
        "labels": [],
        "state": "open",
    }
    doc[field] = doc[field] + "\ud83d"
    issue = tmp_path / "issue.json"
    text = json.dumps(doc)  # ensure_ascii: the surrogate as \ud83d, as JavaScript writes it
    issue.write_text(text)
    done = intake(suite, "from-issue", "--json", str(issue))
    assert done.returncode == 2, done.stderr
    line = one_error_line(done)
    offset = text.index(chr(92) + "ud83d")
    assert "lone UTF-16 surrogate" in line and f"at character {offset}" in line
    assert "issue.json" in line
    assert list((suite / "drafts").iterdir()) == []
