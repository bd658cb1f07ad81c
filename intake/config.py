"""Settings from ``[tool.intake]`` in the suite's ``pyproject.toml``.

Precedence: a CLI flag > ``INTAKE_*`` environment > the file > defaults. Unknown keys are a
configuration error, not a warning: a misspelt key silently ignored is a gate silently off.
Tokens never come from here; they are read from the environment where they are used.
"""

from __future__ import annotations

import json
import operator
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path, PurePath
from typing import Any, ClassVar, NamedTuple

from intake.errors import ConfigError, UsageError
from intake.paths import display_path
from intake.userconfig import Environ

ENV_PREFIX = "INTAKE_"


class SettingError(ValueError):
    """A value a setting does not accept: ``loc`` names it (and the item of a list), ``msg``
    says why, in pydantic's words."""

    def __init__(self, loc: tuple[str | int, ...], msg: str) -> None:
        super().__init__(f"{'.'.join(str(part) for part in loc)}: {msg}")
        self.loc, self.msg = loc, msg


Check = Callable[[Any], Any]
"""A setting's type: a function from a given value (TOML, an ``INTAKE_*`` string, a flag) to
the value kept, raising ``ValueError`` with the message for one it does not accept."""


def _number(bound: float) -> str:
    """A bound as pydantic wrote it: ``1`` for 1.0, ``0.5`` for 0.5."""
    return str(int(bound)) if float(bound).is_integer() else str(bound)


def _bounded(
    kind: Check,
    ge: float | None = None,
    gt: float | None = None,
    le: float | None = None,
    lt: float | None = None,
) -> Check:
    """``kind`` with its value held within the bounds given."""

    limits = (
        (ge, operator.ge, "greater than or equal to"),
        (gt, operator.gt, "greater than"),
        (le, operator.le, "less than or equal to"),
        (lt, operator.lt, "less than"),
    )

    def check(value: Any) -> Any:
        got = kind(value)
        for bound, holds, words in limits:
            if bound is not None and not holds(got, bound):
                raise ValueError(f"Input should be {words} {_number(bound)}")
        return got

    return check


def _path(value: Any) -> Path:
    if isinstance(value, str | os.PathLike) and not isinstance(value, bytes):
        return Path(value)
    raise ValueError("Input is not a valid path for <class 'pathlib.Path'>")


def _str(value: Any) -> str:
    if isinstance(value, str):
        return str(value)
    if isinstance(value, bytes):
        return value.decode()
    raise ValueError("Input should be a valid string")


def _optional(kind: Check) -> Check:
    return lambda value: None if value is None else kind(value)


def _parsed(text: str, parse: Callable[[str], Any], noun: str) -> Any:
    """``parse(text)`` of ASCII text, else pydantic's words for text that is no ``noun``."""
    try:
        if not text.isascii():
            raise ValueError
        return parse(text)
    except ValueError:
        article = "an" if noun[0] in "aeiou" else "a"
        raise ValueError(
            f"Input should be a valid {noun}, unable to parse string as {article} {noun}"
        ) from None


def _float(value: Any) -> float:
    if isinstance(value, bool | int | float):
        return float(value)
    if not isinstance(value, str):
        raise ValueError("Input should be a valid number")
    return float(_parsed(value.strip(), float, "number"))


_INT_TEXT = re.compile(r"([+-]?[0-9]+)\.0*")


def _int(value: Any) -> int:
    if isinstance(value, bool | int):
        return int(value)
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError("Input should be a valid integer, got a number with a fractional part")
        return int(value)
    if not isinstance(value, str):
        raise ValueError("Input should be a valid integer")
    text = value.strip()
    whole = _INT_TEXT.fullmatch(text)
    return int(_parsed(whole[1] if whole else text, int, "integer"))


_TRUE = frozenset({"1", "on", "t", "true", "y", "yes"})
_FALSE = frozenset({"0", "off", "f", "false", "n", "no"})


def _bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
        return value.lower() in _TRUE
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str | int):
        raise ValueError("Input should be a valid boolean, unable to interpret input")
    raise ValueError("Input should be a valid boolean")


def _words(value: Any) -> list[str]:
    """A list of names; one string is split at commas (``INTAKE_STRONG_MODELS="a, b"``)."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return _str_list(value)


def _str_list(value: Any) -> list[str]:
    if not isinstance(value, list | tuple | set | frozenset):
        raise ValueError("Input should be a valid list")
    items = list(value)
    for index, item in enumerate(items):
        if not isinstance(item, str):
            raise SettingError((index,), "Input should be a valid string")
    return items


def _command(value: Any) -> list[str]:
    """The runner: a list, or one string split by the platform's rules."""
    if isinstance(value, str):  # INTAKE_RUNNER="python fake.py eval agent"
        from intake.portable import split_command

        try:
            value = split_command(value)
        except ValueError as exc:
            raise ValueError(f"Value error, {exc}") from None
    command = _str_list(value)
    if not command or not command[0].strip():
        raise ValueError("Value error, runner must name a command")
    return command


def _lane(value: Any) -> str:
    if value in ("capability", "regression") and isinstance(value, str):
        return str(value)
    raise ValueError("Input should be 'capability' or 'regression'")


class Field(NamedTuple):
    """One setting: its type (``Check``) and its default (``factory`` builds a fresh one)."""

    check: Check
    default: Any = None
    factory: Callable[[], Any] | None = None

    def get_default(self, *, call_default_factory: bool = True) -> Any:
        """The default (a fresh list for a list); the name pydantic gave it."""
        return self.factory() if self.factory is not None else self.default


def _setting(check: Check, default: Any = None, factory: Callable[[], Any] | None = None) -> Any:
    """A ``Settings`` attribute's ``Field``, typed as the attribute for the checker (each
    instance sets its own value; ``SETTINGS`` collects these)."""
    return Field(check, default, factory)


TRACKER_LABELS = (
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
)


def _shown(value: Any) -> str:
    """A setting's value that JSON has no type for: a path with forward slashes, else text."""
    return value.as_posix() if isinstance(value, PurePath) else str(value)


class Settings:
    """Effective configuration: one attribute per setting, declared below with its type, its
    check and default (``SETTINGS`` collects them, in the order ``intake config`` prints them),
    each checked on the way in (``SettingError``, the first problem). Relative folder paths are
    relative to ``root``. docs/configuration.md says what each setting means.

    A plain class, not a pydantic model (every command builds one: start-up), with pydantic's
    names: ``model_fields`` (the table), ``model_fields_set`` (the keys given, not defaulted),
    ``model_copy(update=...)`` (unchecked, as pydantic's) and ``model_dump_json()``.
    """

    model_fields: ClassVar[dict[str, Field]]
    model_fields_set: set[str]

    # The suite's root: the folder of the ``pyproject.toml`` that holds ``[tool.intake]``.
    root: Path = _setting(_path, factory=Path.cwd)
    scenarios_dir: Path = _setting(_path, Path("scenarios"))
    drafts_dir: Path = _setting(_path, Path("drafts"))
    ledger_path: Path = _setting(_path, Path(".intake/ledger.db"))
    agent_ui_db: Path = _setting(_path, Path("~/.gaia/chat/gaia_chat.db"))
    corpus_dir: Path | None = _setting(_optional(_path))
    github_repo: str | None = _setting(_optional(_str), "amd/gaia")
    github_api_url: str = _setting(_str, "https://api.github.com")
    strong_models: list[str] = _setting(_words, factory=list)
    local_models: list[str] = _setting(_words, factory=list)
    provenance_target: float = _setting(_bounded(_float, ge=0.0, le=1.0), 0.20)
    scrubbers_dir: Path | None = _setting(_optional(_path))
    spacy_model: str | None = _setting(_optional(_str))
    author: str | None = _setting(_optional(_str))
    runner: list[str] = _setting(_command, factory=lambda: ["gaia", "eval", "agent"])
    backend_url: str = _setting(_str, "http://localhost:4200")
    gaia_python: Path | None = _setting(_optional(_path))
    gaia_git: Path | None = _setting(_optional(_path))
    judge_model: str | None = _setting(_optional(_str))
    results_dir: Path = _setting(_path, Path("eval/results"))
    strong_pass_min: int = _setting(_bounded(_int, ge=1), 1)
    saturation_pass_rate: float = _setting(_bounded(_float, gt=0.0, le=1.0), 0.8)
    run_timeout: int = _setting(_bounded(_int, ge=1), 1800)
    require_rubric: bool = _setting(_bool, False)
    require_control: bool = _setting(_bool, True)
    replay_port: int = _setting(_bounded(_int, ge=1, le=65535), 4200)
    default_suite: str = _setting(_lane, "capability")
    baseline_path: Path = _setting(_path, Path(".intake-baseline.json"))
    history_dir: Path = _setting(_path, Path("intake-history"))
    runs_dir: Path = _setting(_path, Path("intake-runs"))
    health_min_runs: int = _setting(_bounded(_int, ge=1), 5)
    health_confidence: float = _setting(_bounded(_float, gt=0.5, lt=1.0), 0.9)
    health_saturation_bar: float = _setting(_bounded(_float, gt=0.0, lt=1.0), 0.9)
    health_fail_bar: float = _setting(_bounded(_float, gt=0.0, lt=1.0), 0.1)
    health_flaky_low: float = _setting(_bounded(_float, gt=0.0, lt=1.0), 0.3)
    health_flaky_high: float = _setting(_bounded(_float, gt=0.0, lt=1.0), 0.7)
    health_inverted_margin: float = _setting(_bounded(_float, ge=0.0, lt=1.0), 0.2)
    health_pass_k: int = _setting(_bounded(_int, ge=1), 3)
    health_window_nights: int = _setting(_bounded(_int, ge=0), 14)
    health_commit: str | None = _setting(_optional(_str))
    health_all_commits: bool = _setting(_bool, True)
    health_machine: str | None = _setting(_optional(_str))
    health_all_machines: bool = _setting(_bool, True)
    split_salt: str = _setting(_str, "intake-split-1")
    split_heldout: float = _setting(_bounded(_float, gt=0.0, lt=1.0), 0.30)
    retired_dir: Path = _setting(_path, Path("retired"))
    tracker_labels: list[str] = _setting(_words, factory=lambda: list(TRACKER_LABELS))

    def __init__(self, **values: Any) -> None:
        for name in values:
            if name not in SETTINGS:
                raise SettingError((name,), "Extra inputs are not permitted")
        for name, field in SETTINGS.items():
            if name not in values:
                setattr(self, name, field.get_default())
                continue
            try:
                setattr(self, name, field.check(values[name]))
            except SettingError as exc:
                raise SettingError((name, *exc.loc), exc.msg) from None
            except ValueError as exc:
                raise SettingError((name,), str(exc)) from None
        self.model_fields_set = set(values)

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Settings:
        """A copy with ``update``'s values (not checked, as pydantic's ``model_copy``)."""
        copy = object.__new__(Settings)
        copy.__dict__.update(self.__dict__)
        copy.model_fields_set = {*self.model_fields_set, *(update or {})}
        for name, value in (update or {}).items():
            setattr(copy, name, value)
        return copy

    def model_dump_json(self) -> str:
        """Every setting as JSON, in ``SETTINGS`` order (paths as strings with forward slashes,
        on Windows too: ``.intake/ledger.db``, as ``intake config`` shows them)."""
        values = {name: getattr(self, name) for name in SETTINGS}
        return json.dumps(values, default=_shown, ensure_ascii=False, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settings):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in SETTINGS)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Settings(root={str(self.root)!r})"

    def path(self, value: Path) -> Path:
        """Resolve a configured path against the suite root (``~`` expanded)."""
        value = value.expanduser()
        return value if value.is_absolute() else self.root / value

    @property
    def scenarios(self) -> Path:
        return self.path(self.scenarios_dir)

    @property
    def drafts(self) -> Path:
        return self.path(self.drafts_dir)

    @property
    def private_drafts(self) -> Path:
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
        return self.path(self.ledger_path)

    def scenario_folders(self, *, why: str = "", hint: str = "") -> list[Path]:
        """The scenarios and drafts folders that exist; neither is the one "no suite" usage
        error (``why`` and ``hint`` end its message and its hint): a command that finds no
        files must not pass."""
        folders = [p for p in (self.scenarios, self.drafts) if p.is_dir()]
        if not folders:
            raise UsageError(
                f"no scenarios/ or drafts/ folder here{why}",
                where=str(self.root),
                hint=f"run inside a suite (pyproject.toml with [tool.intake]){hint}",
            )
        return folders


SETTINGS: dict[str, Field] = {
    name: value for name, value in vars(Settings).items() if isinstance(value, Field)
}
"""Every setting, in the order ``intake config`` prints them (docs/configuration.md says what
each means)."""
Settings.model_fields = SETTINGS

FIELDS = frozenset(SETTINGS) - {"root"}


def find_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` whose pyproject.toml has ``[tool.intake]``."""
    for folder in (start, *start.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file() and _read_table(candidate) is not None:
            return folder
    return None


def _read_table(pyproject: Path) -> dict[str, Any] | None:
    try:
        text = pyproject.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {pyproject.name}: {exc}", where=str(pyproject)) from None
    return intake_table(text, str(pyproject))


def intake_table(text: str, where: str) -> dict[str, Any] | None:
    """The ``[tool.intake]`` table of a ``pyproject.toml``'s text (None: it has none, nor a
    ``tool`` table: ``tool = 1`` is another tool's business, as ``intake init`` reads it)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"cannot read pyproject.toml: {exc}", where=where) from None
    match data:
        case {"tool": {"intake": dict() as table}}:
            return table
        case {"tool": {"intake": _}}:
            raise ConfigError("[tool.intake] must be a table", where=where)
    return None


def load_settings(
    start: Path | None = None,
    overrides: dict[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
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
    env = Environ.of(environ).settings
    found = find_root(start)
    root = found or start
    values: dict[str, Any] = {}
    if found is None:
        # GAIA's repository without [tool.intake] (the nearest folder holding ``eval/scenarios``)
        gaia = next((f for f in (start, *start.parents) if detect_layout(f) == GAIA_LAYOUT), None)
        if gaia is not None:
            root = gaia
            values.update(layout_settings(GAIA_LAYOUT))
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
        env_value = env.get(name)
        if env_value:
            values[name] = env_value
            origin[name] = f"environment variable {ENV_PREFIX}{name.upper()}"
    flags = {k: v for k, v in (overrides or {}).items() if v is not None}
    values.update(flags)
    origin.update(dict.fromkeys(flags, "command-line option"))
    try:
        return Settings(root=root, **values)
    except SettingError as exc:
        key = ".".join(str(part) for part in exc.loc)
        where = origin.get(str(exc.loc[0]), str(pyproject))
        raise ConfigError(f"invalid setting {key!r}: {exc.msg}", where=where) from None


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


def layout_settings(layout: str | None) -> dict[str, Path]:
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
