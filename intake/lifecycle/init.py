"""``intake init``: configure a suite in an existing repository, in place and idempotently.

It detects the layout (GAIA's ``eval/scenarios``, ``eval/corpus``, ``eval/results``, or a
top-level ``scenarios/``), appends a commented ``[tool.intake]`` table to ``pyproject.toml``
(creating a minimal file when there is none; every other byte of an existing file is kept, its
line ends too: a CRLF file stays CRLF, ``intake.fileio.with_line_ends``) and
adds the ledger folder and the private drafts folder to ``.gitignore``. A second run changes
nothing; an existing table is kept unless ``force``. Both files are checked before anything is
written and written atomically, so a corrupt input leaves both untouched.
"""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path

from intake.config import (
    GAIA_LAYOUT,
    TOP_LEVEL_LAYOUT,
    Settings,
    detect_layout,
    layout_settings,
)
from intake.contract.gaia import ask_gaia
from intake.errors import ConfigError, IntakeError
from intake.fileio import atomic_write_all, with_line_ends
from intake.lifecycle.runs.run import backend_model, check_backend_url
from intake.userconfig import Environ

DETECT_TIMEOUT = 2.0
_CLOUD = re.compile(r"^(?:claude|gpt|o\d|gemini|anthropic|openai)[-./:]", re.IGNORECASE)
"""Cloud model names: the strong tier. Anything else the Agent UI loads runs on Lemonade."""


@dataclass(frozen=True)
class Detected:
    """What ``intake init`` found on this machine (None: could not tell)."""

    runner: list[str] | None = None
    loaded_model: str | None = None
    gaia_local_models: tuple[str, ...] = ()

    def tiers(self) -> tuple[list[str], list[str]]:
        """(strong_models, local_models) as detected."""
        strong: list[str] = []
        local = list(self.gaia_local_models)
        if self.loaded_model is not None:
            if _CLOUD.match(self.loaded_model):
                strong.append(self.loaded_model)
            elif self.loaded_model not in local:
                local.insert(0, self.loaded_model)
        return strong, local


def detect(root: Path) -> Detected:
    """The ``gaia`` on PATH, the model the Agent UI reports (``/api/system/status``,
    src/gaia/ui/routers/system.py ``system_status``; docs/gaia-formats.md#ui-system), GAIA's
    own local models (its registry)."""
    found = shutil.which("gaia")
    runner = ["gaia", "eval", "agent"] if found else None
    settings = Settings(root=root)
    model: str | None = None
    try:
        url = check_backend_url(Environ.of().settings.get("backend_url") or settings.backend_url)
        model = backend_model(settings, url, timeout=DETECT_TIMEOUT)
    except IntakeError:
        model = None
    if model is not None and not _plain(model):
        model = None
    local: tuple[str, ...] = ()
    if found:
        info = ask_gaia(settings, models=True)
        if info is not None and info.local_models:
            local = tuple(m for m in info.local_models if _plain(m))
    return Detected(runner, model, local)


def _plain(name: str) -> bool:
    return bool(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,127}", name))


_HEADER = re.compile(r"^\s*\[\s*tool\s*\.\s*intake\s*\]\s*(#.*)?$")
_SUBTABLE = re.compile(r"^\s*\[\[?\s*tool\s*\.\s*intake\s*\.")
_ANY_HEADER = re.compile(r"^\s*\[")


@dataclass
class InitResult:
    """What ``init`` did (or found already done)."""

    layout: str
    actions: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    found: list[str] = field(default_factory=list)
    next_step: str = ""

    @property
    def changed(self) -> bool:
        """Whether any file was written."""
        return bool(self.actions)


def _folders(layout: str) -> dict[str, str]:
    if layout == GAIA_LAYOUT:
        # every folder of the layout (``config.layout_settings``: what an unconfigured GAIA
        # checkout, and the base of the pull request adding this table, already use), so
        # adding the table moves nothing
        folders = {k: v.as_posix() for k, v in layout_settings(GAIA_LAYOUT).items()}
        return {**folders, "ledger_path": ".intake/ledger.db"}
    return {
        "scenarios_dir": "scenarios",
        "drafts_dir": "drafts",
        "ledger_path": ".intake/ledger.db",
        "baseline_path": ".intake-baseline.json",
    }


_COMMENTS = {
    "scenarios_dir": "promoted scenarios, one folder per category (what the runner loads)",
    "drafts_dir": "drafts waiting for review; <drafts_dir>/private/ is ignored by git",
    "corpus_dir": "documents the scenarios index (manifest.json), to match session documents",
    "ledger_path": "the event ledger (SQLite, derived, ignored by git)",
    "baseline_path": "accepted scrub findings of existing files (fingerprints only; commit it)",
    "history_dir": "rejections and their reasons, one event file each (commit it)",
    "retired_dir": "where `intake retire` moves a scenario, outside what the runner loads",
    "runs_dir": "the run store: one file per imported GAIA run (written by the nightly's import)",
    "provenance_target": "share of scenarios from real use (sessions, issues) to aim for",
    "require_rubric": "whether promotion needs a review rubric (intake review --underspecified …)",
}


def intake_table(layout: str, root: Path, detected: Detected | None = None) -> str:
    """The commented ``[tool.intake]`` table for a layout (and what was detected)."""
    folders = _folders(layout)
    if layout == GAIA_LAYOUT and not (root / "eval" / "corpus").is_dir():
        folders.pop("corpus_dir")
    lines = [
        "[tool.intake]",
        "# written by `intake init`; every key is optional (see `intake config`)",
    ]
    values = {k: f'"{v}"' for k, v in folders.items()}
    for key, value in {**values, "provenance_target": "0.2", "require_rubric": "false"}.items():
        lines += [f"# {_COMMENTS[key]}", f"{key} = {value}"]
    lines += _run_keys(detected or Detected())
    return "\n".join(lines) + "\n"


def _run_keys(detected: Detected) -> list[str]:
    """``runner``, ``strong_models`` and ``local_models``: set where detected, else commented."""
    lines = ["# the command `intake run` starts (GAIA's runner, from a source checkout)"]
    default = json.dumps(["gaia", "eval", "agent"])
    if detected.runner is not None:
        lines.append(f"runner = {json.dumps(detected.runner)}")
    else:
        lines.append(f"# runner = {default}  # `gaia` was not found on PATH")
    strong, local = detected.tiers()
    for key, names, how in (
        ("strong_models", strong, "load the strong (cloud) model in the Agent UI and list it"),
        ("local_models", local, "load the local model in the Agent UI and list it"),
    ):
        lines.append(f"# models that count as the {key.split('_')[0]} tier (`intake run --tier`)")
        if names:
            lines.append(f"{key} = {json.dumps(names)}")
        else:
            lines.append(f'# {key} = ["…"]  # not detected: {how}')
    return lines


def _read_text(path: Path, what: str) -> str | None:
    if not path.exists():
        return None
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"cannot read {what}: {exc.strerror or exc}", where=path.name) from None
    if b"\x00" in raw:
        raise ConfigError(f"{what} is not a text file (NUL bytes)", where=path.name)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"{what} is not valid UTF-8 at byte {exc.start}", where=path.name
        ) from None


def _parse_toml(text: str, where: str) -> dict[str, object]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"pyproject.toml is not valid TOML: {exc}", where=where) from None


def _without_table(text: str) -> str | None:
    """``text`` without its ``[tool.intake]`` table (header to the next table); None when the
    table is not written as one header (dotted keys, sub-tables) and cannot be replaced safely."""
    lines = text.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if _HEADER.match(line)), None)
    if start is None or any(_SUBTABLE.match(line) for line in lines):
        return None
    end = next((i for i in range(start + 1, len(lines)) if _ANY_HEADER.match(lines[i])), len(lines))
    # the comment block `intake init` wrote above nothing else: drop trailing blank lines only
    kept = lines[:start] + lines[end:]
    return "".join(kept).rstrip("\n") + ("\n" if kept else "")


def _ignore_lines(settings_values: dict[str, str]) -> list[str]:
    ledger_dir = Path(settings_values["ledger_path"]).parent.as_posix()
    drafts = settings_values["drafts_dir"].rstrip("/")
    return [f"/{ledger_dir}/", f"/{drafts}/private/"]


def init_suite(
    root: Path,
    *,
    force: bool = False,
    detected: Detected | None = None,
    use_detected: bool = False,
) -> InitResult:
    """Configure the suite at ``root`` (see the module docstring).

    The model a local server reports (the Agent UI's loaded model: whatever process answers
    on that port) is shown, never written silently: only ``use_detected`` (the user's
    ``--use-detected``) writes it into the suite's settings."""
    if not root.is_dir():
        raise ConfigError("not a folder", where=root.name)
    layout = detect_layout(root) or TOP_LEVEL_LAYOUT
    result = InitResult(layout)
    if detected is not None and detected.loaded_model is not None and not use_detected:
        result.kept.append(
            f"the Agent UI reports the model {detected.loaded_model}: not written (a local "
            "server's answer is shown, never written silently); `intake init --use-detected` "
            "writes it (with --force over an existing table), or list it yourself under "
            "strong_models or local_models"
        )
        detected = replace(detected, loaded_model=None)
    if layout == GAIA_LAYOUT:
        for name in ("scenarios", "corpus", "results"):
            if (root / "eval" / name).is_dir():
                result.found.append(f"eval/{name}/")
    elif (root / "scenarios").is_dir():
        result.found.append("scenarios/")
    values = _folders(layout)
    table = intake_table(layout, root, detected)
    strong, local = (detected or Detected()).tiers()
    result.next_step = _next_step(strong, local)

    pyproject = root / "pyproject.toml"
    writes: list[tuple[Path, str]] = []
    text = _read_text(pyproject, "pyproject.toml")
    if text is None:
        new_text = f'[project]\nname = "{_project_name(root)}"\nversion = "0"\n\n{table}'
        writes.append((pyproject, new_text))
        result.actions.append("created pyproject.toml with a [tool.intake] table")
    else:
        data = _parse_toml(text, "pyproject.toml")
        tool = data.get("tool")
        has_table = isinstance(tool, dict) and "intake" in tool
        if has_table and not force:
            result.kept.append(
                "pyproject.toml: [tool.intake] already there (kept; --force rewrites it)"
            )
        else:
            base = text
            if has_table:
                stripped = _without_table(text.replace("\r\n", "\n"))
                if stripped is None:
                    raise ConfigError(
                        "cannot replace [tool.intake]: it is not written as one [tool.intake] "
                        "table",
                        where="pyproject.toml",
                        hint="remove the intake keys by hand, then run `intake init` again",
                    )
                base = stripped
            new_text = with_line_ends(_joined(base.replace("\r\n", "\n"), table), like=text)
            _parse_toml(new_text, "pyproject.toml")  # never write a file that stops parsing
            writes.append((pyproject, new_text))
            verb = "replaced" if has_table else "appended"
            result.actions.append(f"pyproject.toml: {verb} a [tool.intake] table")

    gitignore = root / ".gitignore"
    ignore_text = _read_text(gitignore, ".gitignore")
    present = {line.strip() for line in (ignore_text or "").splitlines()}
    missing = [
        line
        for line in _ignore_lines(values)
        if line not in present and line.lstrip("/") not in present
    ]
    if missing:
        base = (ignore_text or "").replace("\r\n", "\n")
        if base and not base.endswith("\n"):
            base += "\n"
        block = "# intake: the ledger and private drafts (never committed)\n" + "\n".join(missing)
        new_ignore = base + ("\n" if base else "") + block + "\n"
        writes.append((gitignore, with_line_ends(new_ignore, like=ignore_text)))
        result.actions.append(".gitignore: added " + ", ".join(missing))
    else:
        result.kept.append(".gitignore: already ignores the ledger and private drafts")
    if writes:
        atomic_write_all(writes)
    return result


def _next_step(strong: list[str], local: list[str]) -> str:
    if strong or local:
        return (
            "next: list the sessions to import (`intake sessions`), draft one "
            "(`intake from-session ID`), fill it, then "
            f"`intake run DRAFT --tier {'strong' if strong else 'local'}`"
        )
    return (
        "next: list your models in [tool.intake] (strong_models, local_models), then "
        "list the sessions to import (`intake sessions`) and draft one "
        "(`intake from-session ID`)"
    )


def _joined(base: str, table: str) -> str:
    """``table`` after ``base`` with one blank line between them."""
    if not base or base.endswith("\n\n"):
        return base + table
    return base + ("\n" if base.endswith("\n") else "\n\n") + table


def _project_name(root: Path) -> str:
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", root.name).strip("-._")
    return name or "suite"
