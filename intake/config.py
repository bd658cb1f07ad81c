"""Settings from ``[tool.intake]`` in the suite's ``pyproject.toml``.

Precedence: a CLI flag > ``INTAKE_*`` environment > the file > defaults. Unknown keys are a
configuration error, not a warning: a misspelt key silently ignored is a gate silently off.
Tokens never come from here; they are read from the environment where they are used.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from intake.errors import ConfigError
from intake.paths import display_path

ENV_PREFIX = "INTAKE_"


class Settings(BaseModel):
    """Effective configuration. Relative folder paths are relative to ``root``."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    root: Path = Field(default_factory=Path.cwd)
    """The suite's root: the folder of the ``pyproject.toml`` that holds ``[tool.intake]``."""
    scenarios_dir: Path = Path("scenarios")
    """Where promoted scenarios live, one sub-folder per category."""
    drafts_dir: Path = Path("drafts")
    """Where importers write drafts; ``private/`` below it is ignored by git."""
    ledger_path: Path = Path(".intake/ledger.db")
    """The SQLite ledger (derived; ignored by git)."""
    agent_ui_db: Path = Path("~/.gaia/chat/gaia_chat.db")
    """GAIA's Agent UI database, read-only."""
    corpus_dir: Path | None = None
    """The suite's document corpus (a folder with ``manifest.json``), for document matching."""
    github_repo: str | None = "amd/gaia"
    """``OWNER/NAME`` for ``from-issue`` and ``review --pr``."""
    github_api_url: str = "https://api.github.com"
    """REST API base; GitHub Enterprise and test servers work too."""
    strong_models: list[str] = Field(default_factory=list)
    """Model names that count as the strong (cloud) tier; empty means any."""
    local_models: list[str] = Field(default_factory=list)
    """Model names that count as the local tier; empty means any."""
    provenance_target: float = Field(default=0.20, ge=0.0, le=1.0)
    """Target share of scenarios from real use (sessions and issues)."""
    scrubbers_dir: Path | None = None
    """Recognizer definitions; None means those shipped with intake."""
    spacy_model: str | None = None
    """Optional installed spaCy NER model for PERSON/LOCATION; off by default."""
    author: str | None = None
    """Who is running intake (recorded as a draft's author); else ``git config user.name``."""
    runner: list[str] = Field(default_factory=lambda: ["gaia", "eval", "agent"])
    """The command ``intake run`` starts (GAIA's ``gaia eval agent``), run from the suite root;
    a list, or one string split by the platform's rules (``intake.portable.split_command``:
    shell words on POSIX, the C runtime's on Windows, where backslashes stay)."""
    backend_url: str = "http://localhost:4200"
    """The GAIA Agent UI backend: ``intake run`` asks its ``/api/system/status`` for the model."""
    gaia_python: Path | None = None
    """The Python interpreter that imports GAIA (``gaia.eval.runner``), asked for GAIA's own
    verdicts and paths; None: the interpreter of the runner's program (its ``#!`` line)."""
    gaia_git: Path | None = None
    """A clone of GAIA's repository whose history decides whether a run tested the code before a
    bug's fix (git ancestry of the fix commit); None: the git repository the suite is in."""
    judge_model: str | None = None
    """Claude model GAIA's runner uses to simulate and judge (its ``--model``); None: GAIA's."""
    results_dir: Path = Path("eval/results")
    """Where GAIA's runner writes ``eval-*`` run folders, if its ``Output:`` lines are missing."""
    strong_pass_min: int = Field(default=1, ge=1)
    """Strong-tier passes (on the current content) that the strong-run gate needs."""
    saturation_pass_rate: float = Field(default=0.8, gt=0.0, le=1.0)
    """Local-tier pass rate at or above which a case is saturated (too easy)."""
    run_timeout: int = Field(default=1800, ge=1)
    """Seconds per iteration before ``intake run`` stops the runner (``--timeout``)."""
    require_rubric: bool = False
    """Whether promotion needs an approval that carries a review rubric (``intake review``)."""
    require_control: bool = True
    """Whether promotion needs the captured failure to fail (gate 8, ``intake control``)."""
    replay_port: int = Field(default=4200, ge=1, le=65535)
    """Port of the replay ``intake control`` serves on 127.0.0.1 (GAIA's tools use 4200)."""
    default_suite: Literal["capability", "regression"] = "capability"
    """The lane ``intake promote`` puts a case into without ``--suite``."""
    baseline_path: Path = Path(".intake-baseline.json")
    """Accepted scrub findings of existing files (fingerprints only; committed)."""
    history_dir: Path = Path("intake-history")
    runs_dir: Path = Path("intake-runs")
    """The run store: one immutable file per imported GAIA run (``intake runs import``)."""
    """Committed history: one file per event only the ledger would know (a rejection)."""
    health_min_runs: int = Field(default=5, ge=1)
    """Judged runs each tier that ran needs before ``intake health`` decides anything."""
    health_confidence: float = Field(default=0.9, gt=0.5, lt=1.0)
    """Posterior probability a health class needs to be decided (below it: ``undecided``);
    also the level of the Jeffreys intervals shown."""
    health_saturation_bar: float = Field(default=0.9, gt=0.0, lt=1.0)
    """``saturated``: every tier's pass rate at or above it (GAIA folds iterations by 90 %)."""
    health_fail_bar: float = Field(default=0.1, gt=0.0, lt=1.0)
    """``always-fail``: the strongest tier's pass rate at or below it."""
    health_flaky_low: float = Field(default=0.3, gt=0.0, lt=1.0)
    """``flaky``: a tier's pass rate inside [health_flaky_low, health_flaky_high]."""
    health_flaky_high: float = Field(default=0.7, gt=0.0, lt=1.0)
    """The top of the coin-flip band (see ``health_flaky_low``)."""
    health_inverted_margin: float = Field(default=0.2, ge=0.0, lt=1.0)
    """``inverted``: the local tier's pass rate above the strong tier's by more than this."""
    health_pass_k: int = Field(default=3, ge=1)
    """The k of pass^k (the chance k runs all pass) ``intake health`` shows."""
    health_window_nights: int = Field(default=14, ge=0)
    """Nights of runs ``intake health`` reads, back from the newest run (0: every run)."""
    health_commit: str | None = None
    """The one GAIA commit whose runs ``intake health`` reads; None: every commit."""
    health_all_commits: bool = True
    """Read every GAIA commit of the window; false: only the newest run's commit."""
    health_machine: str | None = None
    """The one runner machine whose runs ``intake health`` reads; None: every machine."""
    health_all_machines: bool = True
    """Read every runner machine of the window; false: only the newest run's machine."""
    split_salt: str = "intake-split-1"
    """Salt of the held-out split's hash; changing it re-draws the split (docs/health.md)."""
    split_heldout: float = Field(default=0.30, gt=0.0, lt=1.0)
    """Share of each category the split holds out (tag ``split-heldout``)."""
    retired_dir: Path = Path("retired")
    """Where ``intake retire`` moves a scenario: outside the folder GAIA's runner reads. Not
    set, it sits beside the scenarios folder: ``eval/retired`` in GAIA's layout."""
    tracker_labels: list[str] = Field(
        default_factory=lambda: [
            "bug",
            "triage",
            "needs-info",
            "enhancement",
            "question",
            "documentation",
            "duplicate",
            "wontfix",
            "invalid",
            "ready_for_ci",
            "stop-the-line",
            "p0",
            "p1",
            "p2",
            "p3",
            "good first issue",
            "help wanted",
        ]
    )
    """Issue labels about the tracker's workflow, never scenario tags (``from-issue``)."""

    @field_validator("strong_models", "local_models", "tracker_labels", mode="before")
    @classmethod
    def _split(cls, value: Any) -> Any:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    @field_validator("runner", mode="before")
    @classmethod
    def _command(cls, value: Any) -> Any:
        if isinstance(value, str):  # INTAKE_RUNNER="python fake.py eval agent"
            from intake.portable import split_command

            return split_command(value)
        return value

    @field_validator("runner")
    @classmethod
    def _not_empty(cls, value: list[str]) -> list[str]:
        if not value or not value[0].strip():
            raise ValueError("runner must name a command")
        return value

    def path(self, value: Path) -> Path:
        """Resolve a configured path against the suite root (``~`` expanded)."""
        value = value.expanduser()
        return value if value.is_absolute() else self.root / value

    @property
    def scenarios(self) -> Path:
        """Absolute scenarios folder."""
        return self.path(self.scenarios_dir)

    @property
    def drafts(self) -> Path:
        """Absolute drafts folder."""
        return self.path(self.drafts_dir)

    @property
    def private_drafts(self) -> Path:
        """Absolute private drafts folder."""
        return self.drafts / "private"

    @property
    def retired(self) -> Path:
        """Absolute folder of retired scenarios (unset: ``retired`` beside the scenarios
        folder, so GAIA's ``eval/scenarios`` retires to ``eval/retired``, as its docs name)."""
        if "retired_dir" not in self.model_fields_set:
            return self.path(self.scenarios_dir.parent / self.retired_dir)
        return self.path(self.retired_dir)

    @property
    def ledger(self) -> Path:
        """Absolute ledger path."""
        return self.path(self.ledger_path)


FIELDS = frozenset(Settings.model_fields) - {"root"}


def find_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` whose pyproject.toml has ``[tool.intake]``."""
    for folder in (start, *start.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            table = _read_table(candidate)
            if table is not None:
                return folder
    return None


def _read_table(pyproject: Path) -> dict[str, Any] | None:
    try:
        text = pyproject.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {pyproject.name}: {exc}", where=str(pyproject)) from None
    return intake_table(text, str(pyproject))


def intake_table(text: str, where: str) -> dict[str, Any] | None:
    """The ``[tool.intake]`` table of a ``pyproject.toml``'s text (None: it has none)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"cannot read pyproject.toml: {exc}", where=where) from None
    table = data.get("tool", {}).get("intake")
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ConfigError("[tool.intake] must be a table", where=where)
    return table


def load_settings(
    start: Path | None = None,
    overrides: dict[str, Any] | None = None,
    environ: dict[str, str] | None = None,
    *,
    table: dict[str, Any] | None = None,
    table_from: str | None = None,
) -> Settings:
    """Build the effective settings for the suite containing ``start`` (default: cwd).

    ``table``: the ``[tool.intake]`` table to use instead of the file's (the base revision's,
    ``intake.lifecycle.authority``), named ``table_from`` in errors; the environment and
    ``overrides`` keep their precedence over it.
    """
    start = (start or Path.cwd()).resolve()
    env = os.environ if environ is None else environ
    found = find_root(start)
    root = found or start
    values: dict[str, Any] = {}
    if found is None:
        gaia = find_gaia_root(start)
        if gaia is not None:
            # GAIA's repository without [tool.intake]: use GAIA's layout, not the root
            root = gaia
            values.update(layout_settings(detect_layout(gaia)))
    pyproject = root / "pyproject.toml"
    if table is not None or pyproject.is_file():
        table = table if table is not None else (_read_table(pyproject) or {})
        unknown = sorted(set(table) - FIELDS)
        if unknown:
            raise ConfigError(
                f"unknown key {unknown[0]!r} in [tool.intake]",
                where=table_from or str(pyproject),
                hint="known keys: " + ", ".join(sorted(FIELDS)),
            )
        values.update({key.replace("-", "_"): value for key, value in table.items()})
    origin = dict.fromkeys(values, table_from or str(pyproject))
    for name in FIELDS:
        env_value = env.get(ENV_PREFIX + name.upper())
        if env_value is not None and env_value != "":
            values[name] = env_value
            origin[name] = f"environment variable {ENV_PREFIX}{name.upper()}"
    flags = {k: v for k, v in (overrides or {}).items() if v is not None}
    values.update(flags)
    origin.update(dict.fromkeys(flags, "command-line option"))
    try:
        return Settings(root=root, **values)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = ".".join(str(part) for part in first["loc"])
        where = origin.get(str(first["loc"][0]) if first["loc"] else "", str(pyproject))
        raise ConfigError(f"invalid setting {key!r}: {first['msg']}", where=where) from None


# --- layout detection (``intake init`` and unconfigured suites) ----------------------------

GAIA_LAYOUT = "gaia"
TOP_LEVEL_LAYOUT = "top-level"


def detect_layout(root: Path) -> str | None:
    """``gaia`` (``eval/scenarios``), ``top-level`` (``scenarios/``) or None (nothing found)."""
    if (root / "eval" / "scenarios").is_dir():
        return GAIA_LAYOUT
    if (root / "scenarios").is_dir():
        return TOP_LEVEL_LAYOUT
    return None


def layout_settings(layout: str | None) -> dict[str, Any]:
    """The folder settings of a layout (what ``intake init`` writes)."""
    if layout == GAIA_LAYOUT:
        return {
            "scenarios_dir": Path("eval/scenarios"),
            "drafts_dir": Path("eval/drafts"),
            "corpus_dir": Path("eval/corpus"),
            "baseline_path": Path("eval/intake-baseline.json"),
            "history_dir": Path("eval/intake-history"),
            "runs_dir": Path("eval/intake-runs"),
            "retired_dir": Path("eval/retired"),
        }
    return {}


def find_gaia_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` holding GAIA's ``eval/scenarios``."""
    for folder in (start, *start.parents):
        if (folder / "eval" / "scenarios").is_dir():
            return folder
    return None


def unconfigured_problem(settings: Settings) -> ConfigError | None:
    """Why commands must not run here, when no suite is configured and nothing says where.

    A folder with ``[tool.intake]`` is configured; GAIA's layout and a top-level ``scenarios/``
    or ``drafts/`` are unambiguous; anything else would make intake create folders at a
    random root, so it is refused with a hint to run ``intake init``.
    """
    root = settings.root
    if find_root(root) is not None:
        return None
    if detect_layout(root) is not None or settings.drafts.is_dir() or settings.scenarios.is_dir():
        return None
    return ConfigError(
        "no intake suite is configured here and no scenarios folder was found",
        where=display_path(root, root),
        hint="run `intake init` in the repository (or pass --root)",
    )
