"""The plain part of the contract: names, patterns and read-only views that need no pydantic.

Every module imports these names from here, never through ``intake.contract.models`` (the
pydantic models): a command that only reads (``intake report``, ``intake health``, ``runs
import``) imports this module and never pays for building the models (``docs/benchmarks.md``,
"Command start-up").
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Protocol, TypedDict

PLACEHOLDER_MARK = "TODO(intake)"
"""Every placeholder intake writes contains this mark, so validation and promotion find it."""


WINDOWS_RESERVED = r"(?:con|prn|aux|nul|com[0-9]|lpt[0-9])"
"""Device names Windows reserves in any case, alone or before an extension (``con.yaml``):
git cannot check such a file out there, and GAIA's eval machines run Windows. The one home of
the naming rule: ``ID_PATTERN``, ``CATEGORY_PATTERN`` and ``windows_name_problem`` use it."""


ID_PATTERN = rf"^(?!{WINDOWS_RESERVED}$)[a-z0-9][a-z0-9_-]{{0,127}}$"
"""Scenario ids intake writes and accepts in ``scenarios/``: safe as a file stem on every
system (no ``../``, no separator, no control character, no name Windows reserves)."""


class RunTier(StrEnum):
    """Which model class a run used."""

    strong = "strong"
    local = "local"


JUDGED_STATUSES = frozenset({"PASS", "FAIL", "BLOCKED_BY_ARCHITECTURE"})
INFRA_STATUSES = frozenset(
    {"INFRA_ERROR", "SETUP_ERROR", "TIMEOUT", "BUDGET_EXCEEDED", "ERRORED", "SKIPPED_NO_DOCUMENT"}
)

SAFE_NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._:/+-]{0,199}$"
"""Run ids, model names and scorecard names that intake stores and prints."""


class TierStatsDoc(TypedDict):
    """A tier's judged runs as JSON (``runs``, ``run``)."""

    tier: str
    runs: int
    passes: int
    pass_rate: float | None
    pass_hat_k: float | None
    k: int


@dataclass(frozen=True)
class TierStats:
    """A tier's judged runs on the current runnable content: passes of runs, pass^k."""

    tier: RunTier
    runs: int
    passes: int

    @property
    def pass_rate(self) -> float | None:
        """Passes / judged runs; None without a judged run."""
        return self.passes / self.runs if self.runs else None

    @property
    def pass_hat_k(self) -> float | None:
        """pass^k with k = the number of runs: the chance that k runs all pass, estimated
        from c passes in n runs as C(c, k) / C(n, k) (tau-bench); with k = n it is 1 when
        every run passed and 0 otherwise."""
        return (1.0 if self.passes == self.runs else 0.0) if self.runs else None

    def describe(self) -> str:
        """``2/3 passed (67%), pass^3 0`` or ``no judged run``."""
        if not self.runs:
            return "no judged run"
        rate = self.pass_rate or 0.0
        return (
            f"{self.passes}/{self.runs} passed ({rate:.0%}), pass^{self.runs} {self.pass_hat_k:g}"
        )

    def to_dict(self) -> TierStatsDoc:
        """JSON-ready form."""
        return {
            "tier": self.tier.value,
            "runs": self.runs,
            "passes": self.passes,
            "pass_rate": self.pass_rate,
            "pass_hat_k": self.pass_hat_k,
            "k": self.runs,
        }


class JudgedRun(Protocol):
    """What ``tier_stats`` reads of a run (``intake.contract.models.Run``)."""

    @property
    def tier(self) -> RunTier: ...

    @property
    def status(self) -> str: ...

    @property
    def runnable_hash(self) -> str: ...


def tier_stats(runs: Sequence[JudgedRun], tier: RunTier, current: str | None) -> TierStats:
    """Judged runs of ``tier`` on the current runnable content (stale and infra ones excluded)."""
    judged = [
        r
        for r in runs
        if r.tier is tier
        and current is not None
        and r.runnable_hash == current
        and r.status in JUDGED_STATUSES
    ]
    return TierStats(tier, len(judged), sum(r.status == "PASS" for r in judged))


def difficulty(strong: TierStats, local: TierStats, saturation_pass_rate: float) -> str | None:
    """A difficulty label from the two tiers' pass rates; None until both tiers were judged
    and the strong tier passed at least once.

    ``easy``: the local model passes reliably (its rate reaches ``saturation_pass_rate``);
    ``hard``: the strong model passes at most half the time (once in k, say);
    ``medium``: the strong model passes reliably and the local one does not.
    """
    if not strong.runs or not local.runs or not strong.passes:
        return None
    if (local.pass_rate or 0.0) >= saturation_pass_rate:
        return "easy"
    if (strong.pass_rate or 0.0) <= 0.5:
        return "hard"
    return "medium"


# --- a typed, read-only view of a scenario ---------------------------------------------------


def _at(data: Any, *keys: str) -> Any:
    """The value at ``keys`` down nested mappings; None where one is missing or no mapping."""
    for key in keys:
        data = data.get(key) if isinstance(data, Mapping) else None
    return data


def _text(data: Any, *keys: str) -> str | None:
    value = _at(data, *keys)
    return value if isinstance(value, str) else None


def _texts(data: Any, *keys: str) -> tuple[str, ...]:
    return tuple(t for t in as_list(_at(data, *keys)) if isinstance(t, str))


def _no_mapping() -> Mapping[str, Any]:
    return MappingProxyType({})


JsonPath = tuple[str | int, ...]


def json_path(path: JsonPath) -> str:
    """``("turns", 0, "objective")`` → ``$.turns[0].objective``."""
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def walk_strings(
    data: Any, path: JsonPath = (), *, keys: bool = False
) -> Iterator[tuple[JsonPath, str]]:
    """Every string value in nested data with its JSON path, in document order; with ``keys``,
    each mapping's text keys too, at the path they name (just before what they hold)."""
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, Mapping):
        for key, value in data.items():
            if keys and isinstance(key, str):
                yield (*path, key), key
            yield from walk_strings(value, (*path, str(key)), keys=keys)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from walk_strings(value, (*path, index), keys=keys)


def placeholder_paths(value: Any) -> list[str]:
    """JSON paths (``$.turns[0].objective``) of every key or string value holding the
    placeholder mark, each once, in document order. A key counts as a value does: the gates
    and ``run`` refuse a scenario with the mark anywhere (``models.has_placeholder``)."""
    found = (
        json_path(path) for path, text in walk_strings(value, keys=True) if PLACEHOLDER_MARK in text
    )
    return list(dict.fromkeys(found))


@dataclass(frozen=True)
class TurnView:
    """One turn of a scenario as the gates, the card and the report read it."""

    turn: int | None
    objective: str | None
    user_message: str | None
    success_criteria: str | None
    expected_tools: tuple[str, ...] = ()
    """The tools the turn expects, in order (entries that are not text are left out)."""
    ground_truth: Mapping[str, Any] = field(default_factory=_no_mapping)
    """The turn's ``ground_truth`` by key (read-only; empty when absent or not a mapping)."""
    index: int = 0
    """Where the turn sits in the file's ``turns`` list (0-based; its JSON paths use it)."""
    placeholders: tuple[str, ...] = ()
    """JSON paths of this turn's values still holding a placeholder."""

    @property
    def number(self) -> int:
        """The turn's number, else its 1-based position when ``turn`` is not a number."""
        return self.turn if self.turn is not None else self.index + 1

    @classmethod
    def of(cls, item: Mapping[str, Any], index: int, placeholders: Sequence[str]) -> TurnView:
        """The view of the turn at ``index``; ``placeholders`` are the file's (its own kept)."""
        number, truth = _at(item, "turn"), _at(item, "ground_truth")
        prefix = f"$.turns[{index}]."
        return cls(
            turn=number if isinstance(number, int) else None,
            objective=_text(item, "objective"),
            user_message=_text(item, "user_message"),
            success_criteria=_text(item, "success_criteria"),
            expected_tools=_texts(item, "expected_tools"),
            ground_truth=MappingProxyType({str(k): v for k, v in truth.items()})
            if isinstance(truth, Mapping)
            else _no_mapping(),
            index=index,
            placeholders=tuple(p for p in placeholders if p.startswith(prefix)),
        )


@dataclass(frozen=True)
class DocumentView:
    """A document the scenario indexes (``setup.index_documents``: a path, or a mapping with
    ``corpus_doc`` and ``path`` as GAIA's files write it)."""

    corpus_doc: str | None
    path: str | None
    mapping: bool = False
    """The entry is a mapping: the only kind whose ``path`` GAIA's runner looks for before a
    run (``runner.py`` ``_documents_exist``)."""

    @classmethod
    def of(cls, item: Any) -> DocumentView:
        """The view of one ``index_documents`` entry."""
        if isinstance(item, Mapping):
            return cls(_text(item, "corpus_doc"), _text(item, "path"), mapping=True)
        return cls(None, _text(item))


@dataclass(frozen=True)
class ScenarioView:
    """A validated scenario, typed and read-only (built once, as inspect_ai builds ``Sample``).

    Gates, the ledger's index, the card and the report read these fields instead of chains of
    ``dict.get``; a field the file lacks or holds in the wrong type is ``None`` (validation
    reports it). Edits keep going through the comment-preserving YAML round trip.
    """

    id: str | None
    name: str | None
    category: str | None
    description: str | None
    persona: str | None
    source_type: str | None
    source_link: str | None
    difficulty_rationale: str | None
    tags: tuple[str, ...]
    documents: tuple[DocumentView, ...]
    turns: tuple[TurnView, ...]
    keys: frozenset[str]
    """The top-level keys the file has (``source`` present, say, whatever its shape)."""
    captured_from: bool = False
    """The file has GAIA's ``captured_from`` mapping (GAIA's capture wrote it from a session)."""
    captured_at: datetime | None = None
    """``captured_from.captured_at`` as an aware time (``parse_when``), when there is one."""
    captured_session: str | None = None
    """``captured_from.session_id``, when it is text."""
    placeholders: tuple[str, ...] = ()
    """JSON paths of every value still holding a placeholder, the turns' included."""

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> ScenarioView:
        """The view of a scenario mapping (what ``yamlio.parse_checked`` returns)."""
        captured = _at(data, "captured_from")
        placeholders = tuple(placeholder_paths(data))
        return cls(
            id=_text(data, "id"),
            name=_text(data, "name"),
            category=_text(data, "category"),
            description=_text(data, "description"),
            persona=_text(data, "persona"),
            source_type=_text(data, "source", "type"),
            source_link=_text(data, "source", "link"),
            difficulty_rationale=_text(data, "difficulty_rationale"),
            tags=_texts(data, "tags"),
            documents=tuple(map(DocumentView.of, as_list(_at(data, "setup", "index_documents")))),
            turns=tuple(
                TurnView.of(t, i, placeholders)
                for i, t in enumerate(as_list(_at(data, "turns")))
                if isinstance(t, Mapping)
            ),
            keys=frozenset(str(k) for k in data),
            captured_from=isinstance(captured, Mapping),
            captured_at=parse_when(_at(captured, "captured_at")),
            captured_session=_text(captured, "session_id"),
            placeholders=placeholders,
        )


def as_list(value: Any) -> list[Any]:
    """``value`` when it is a list, else an empty one (what is not a list where one is due)."""
    return value if isinstance(value, list) else []


def parse_when(value: Any) -> datetime | None:
    """An ISO date or time (naive taken as UTC: GAIA writes local time without an offset)."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        moment = datetime(value.year, value.month, value.day, tzinfo=UTC)
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
    else:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
