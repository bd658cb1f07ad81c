"""``intake demo``: offline, self-contained, exit 0, shows the scrub and a valid draft."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from intake.cli import app
from intake.contract.validate import validate_file
from intake.demo import _data, run_demo

PLANTED = (
    "priya.raman@nw-outfitters-mail.com",
    "dana.whitfield@nw-outfitters-mail.com",
    "ghp_hbMKurZYajaT2N2RlgC7xWkKwXpnjsHs1OIh",
    "AKIAZ7QW3RT5YUKIOP2L",
    "/home/priya.raman",
)


def test_demo_data_plants_the_secrets() -> None:
    text = _data().joinpath("sessions.json").read_text(encoding="utf-8")
    for secret in PLANTED:
        assert secret in text


def test_demo_command(runner: CliRunner, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["demo"])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "$ intake from-session 7f3c9a12" in out
    assert "scrubbed: AWS_ACCESS_KEY_ID 1, EMAIL_ADDRESS 2, FILE_PATH 1, GITHUB_TOKEN 1" in out
    assert "corpus_doc: northwind_q3_notes" in out
    summary = [line for line in out.splitlines() if line.startswith("1 file, 0 errors")]
    assert summary and summary[0].endswith("placeholders left to fill in 1 draft)")
    for secret in PLANTED:
        assert secret not in out + result.stderr
    assert list(tmp_path.iterdir()) == []
    assert out.splitlines()[-1] == (
        "next: intake demo --dir demo-suite   (keep the suite to try the loop in it)"
    )


def test_demo_with_dir_prints_a_next_command_that_runs(  # type: ignore[no-untyped-def]
    runner: CliRunner, tmp_path: Path, monkeypatch
) -> None:
    target = tmp_path / "kept suite"
    result = runner.invoke(app, ["demo", "--dir", str(target)])
    assert result.exit_code == 0, result.stderr
    last = result.stdout.splitlines()[-1]
    assert last.startswith(f'next: cd "{target}" && intake show session_7f3c9a12_')
    command = last.removeprefix("next: ").split("   (")[0]
    folder, shown = command.split(" && ")
    monkeypatch.chdir(folder.removeprefix("cd ").strip('"'))
    card = runner.invoke(app, shown.split()[1:])
    assert card.exit_code == 0, card.stderr
    assert "(draft): not ready" in card.stdout.splitlines()[0]


def test_demo_keeps_suite_with_dir(tmp_path: Path) -> None:
    target = tmp_path / "demo"
    result = run_demo(target)
    draft = target / result.draft_path
    assert draft.is_file()
    assert validate_file(draft, drafts_dir=target / "drafts").problems == []
    record = json.loads(draft.with_name(draft.stem + ".intake.json").read_text())
    assert record["source"]["details"]["model"] == "Qwen3.5-9B-GGUF"
    kinds = {f["kind"] for f in record["observations"]["observed_failure"]}
    assert kinds == {"policy_blocked", "agent_error"}
    blob = "\n".join(p.read_text() for p in (target / "drafts").rglob("*") if p.is_file())
    for secret in PLANTED:
        assert secret not in blob


def test_demo_refuses_non_empty_dir(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "x").write_text("keep me")
    result = runner.invoke(app, ["demo", "--dir", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: the demo folder must be empty or absent")
    assert (tmp_path / "x").read_text() == "keep me"
