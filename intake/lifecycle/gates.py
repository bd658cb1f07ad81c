"""The promotion gates, stated once: a pure function from what was read to every gate's verdict.

``check_gates`` judges a ``GateInputs`` (read from disk by ``intake.lifecycle.promote.gather``) and
returns every gate, met or unmet, each with what to do. ``promote`` refuses on any unmet
gate, ``check`` reports them for drafts, and ``review`` warns through the same rules (who
counts as the author, each person's latest review).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, cast

from intake.contract.models import (
    CATEGORY_PATTERN,
    ControlRun,
    Record,
    Review,
    ReviewDecision,
    Run,
    has_placeholder,
)
from intake.contract.plain import (
    INFRA_STATUSES,
    JUDGED_STATUSES,
    RunTier,
    ScenarioView,
    TierStats,
    tier_stats,
)
from intake.contract.validate import Problem
from intake.errors import PromotionBlocked
from intake.lifecycle.replay import (
    INFRASTRUCTURE_FIX,
    infrastructure_line,
    infrastructure_turns,
    replay_hash,
    replay_turns,
)

if TYPE_CHECKING:
    from intake.scrub.engine import FileFinding


def person_key(name: str) -> str:
    """A person's name or login for comparisons: case-insensitive, whitespace removed.

    Reviewers are logins (``alice-smith``) while an author may have been recorded from a
    display name (``Alice Smith``); comparing them loosely errs towards "same person", which
    only ever refuses a self-approval, never grants one.
    """
    return "".join(name.split()).lower()


GATE_NAMES = {
    1: "valid",
    2: "scrub",
    3: "review",
    4: "strong-run",
    5: "local-run",
    6: "unique-id",
    7: "rubric",
    8: "control",
}

REGRESSION_MIN_RUNS = 3
"""Strong runs a regression case needs, every one a PASS (pass^k = 1 with k >= 3)."""


class GateDoc(TypedDict):
    """A gate as JSON (``check``, ``promote``, ``show``, ``control``)."""

    number: int
    name: str
    met: bool
    detail: str
    todo: str | None
    applicable: NotRequired[bool]
    """Only when false."""


@dataclass(frozen=True)
class Gate:
    """One promotion gate: met or not, what was found, and what to do when unmet."""

    number: int
    name: str
    met: bool
    detail: str
    todo: str | None = None
    applicable: bool = True
    """False for a gate that does not apply to this draft (shown as such, never blocking)."""

    def to_dict(self) -> GateDoc:
        """JSON-ready form (``applicable`` only when false)."""
        doc = cast(GateDoc, asdict(self))
        if self.applicable:
            del doc["applicable"]
        return doc


def _gate(
    number: int, met: bool, detail: str, todo: str | None = None, *, applicable: bool = True
) -> Gate:
    """Gate ``number`` under its name (``GATE_NAMES``)."""
    return Gate(number, GATE_NAMES[number], met, detail, todo, applicable)


@dataclass
class GateInputs:
    """Everything the gates judge, already read from disk (so ``check_gates`` is pure)."""

    scenario_id: str
    data: dict[str, Any] | None
    problems: list[Problem]
    """Strict validation errors (ours and GAIA's validator's), typed: gate 1 reads their
    codes, and turns them into text only in its detail."""
    scrub_findings: list[FileFinding] | None
    """Scrub re-scan findings (type and location only); None when the scan could not run."""
    record: Record
    content_hash: str
    runnable_hash: str | None
    duplicates: list[str] = field(default_factory=list)
    """Paths of suite scenarios with the same id."""
    allow_saturated: str | None = None
    scrub_error: str | None = None
    strong_pass_min: int = 1
    """Strong passes on the current content that gate 4 needs (``strong_pass_min``)."""
    saturation_pass_rate: float = 0.8
    """Local pass rate at which gate 5 calls the case saturated (``saturation_pass_rate``)."""
    require_rubric: bool = False
    """``require_rubric = true``: gate 7 needs a current approval that carries a rubric."""
    require_control: bool = True
    """``require_control``: gate 8 needs the captured failure to fail under the criteria."""
    allow_passing_control: str | None = None
    """``--allow-passing-control REASON``: a PASS control does not block (recorded)."""
    suite: str = "capability"
    """``capability`` (saturation blocks) or ``regression`` (3+ strong runs, all PASS)."""
    authors: list[str] = field(default_factory=list)
    """More of the draft's authors: every author of a commit that changed it
    (``intake.lifecycle.evidence``); none of them counts as its reviewer."""

    @cached_property
    def view(self) -> ScenarioView | None:
        """The typed view of the draft (``None`` when it could not be read)."""
        return ScenarioView.of(self.data) if self.data is not None else None


class GatesUnmet(PromotionBlocked):
    """Promotion blocked; ``gates`` holds every gate so the caller can show them all."""

    def __init__(self, scenario_id: str, gates: list[Gate]) -> None:
        unmet = [g.name for g in gates if not g.met]
        counted = [g for g in gates if g.applicable]
        super().__init__(
            f"promotion blocked: {len(unmet)} of {len(counted)} gates unmet ({', '.join(unmet)})",
            where=scenario_id,
        )
        self.gates = gates


def is_author(author: str | None | Sequence[str], reviewer: str) -> bool:
    """Whether ``reviewer`` is the draft's (known) author: ``same_person`` with any identity.

    ``author`` is the record's author, or every identity the record knows of its drafter
    (``author_identities``).
    """
    names = [author] if isinstance(author, str) or author is None else list(author)
    return any(same_person(name, reviewer) for name in names if name)


def author_identities(record: Record) -> list[str]:
    """The record's author and the drafter identities recorded when it was drafted."""
    return [n for n in [record.author, *record.drafter] if n]


_SEPARATORS = re.compile(r"[\s._+-]+")


def same_person(identity: str, login: str) -> bool:
    """Whether a reviewer ``login`` names the person ``identity`` (a login, name or e-mail
    local part recorded for the drafter). Compared case-insensitively (NFKC), one rule holding:

    1. equal once spaces, ``.``, ``_``, ``+`` and ``-`` are removed (``Eve Engineer`` and
       ``eve-engineer``, ``eve.engineer``, ``EveEngineer``);
    2. the login's parts (split at those separators, at least two) are, in order, the
       identity's words, the first in full and the others shortened (``eve-eng``, ``eve-e``
       for ``Eve Engineer``);
    3. the login is the first word's initial and the last word (``eengineer``, ``e-engineer``)
       or the first word and the last word's initial (``evee``).

    Loose on purpose: it only ever refuses an approval (the author's own), never grants one.
    """
    words = [w for w in _SEPARATORS.split(_fold(identity)) if w]
    parts = [p for p in _SEPARATORS.split(_fold(login)) if p]
    if not words or not parts:
        return False
    if "".join(words) == "".join(parts):
        return True
    if (
        2 <= len(parts) <= len(words)
        and parts[0] == words[0]
        and all(word.startswith(part) for part, word in zip(parts[1:], words[1:], strict=False))
    ):
        return True
    joined = "".join(parts)
    return len(words) >= 2 and joined in (words[0][0] + words[-1], words[0] + words[-1][0])


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def latest_reviews(reviews: list[Review]) -> dict[str, Review]:
    """Each person's standing review: their latest, keyed by ``person_key``."""
    latest: dict[str, Review] = {}
    for review in sorted(reviews, key=lambda r: r.at):
        latest[person_key(review.reviewer)] = review
    return latest


def review_gate(
    reviews: list[Review], current_hash: str, author: str | None | Sequence[str]
) -> Gate:
    """Gate 3: an approval of the current bytes by someone else, and no standing objection.

    GitHub's semantics: each reviewer's latest review is their state, and a reviewer whose latest
    review is a rejection or a change request blocks (whatever content it was bound to) until
    that same reviewer approves or the review is dismissed on GitHub; another reviewer's later
    approval does not clear it.
    Author and reviewer are compared case-insensitively with whitespace removed.
    """
    latest = latest_reviews(reviews)
    valid, notes = _counting_approvals(latest, current_hash, author)
    objecting = (ReviewDecision.reject, ReviewDecision.changes_requested)
    blockers = [r for _, r in sorted(latest.items()) if r.decision in objecting]
    objections = ", ".join(f"{r.reviewer} ({r.decision.value.replace('_', ' ')})" for r in blockers)
    if valid and not blockers:
        names = ", ".join(sorted(r.reviewer for r in valid))
        return _gate(3, True, f"approved by {names} on the current content")
    if valid:
        return _gate(
            3,
            False,
            f"approval blocked by an open objection: {objections} "
            "(it stands until the same reviewer approves)",
            "address the review, then ask the objecting reviewer for a new approval "
            "(`intake review DRAFT --pr N` or `--approve --reviewer LOGIN`)",
        )
    detail = "; ".join(notes) if notes else "no approving review recorded"
    if blockers:
        detail += f"; open objections: {objections}"
    return _gate(
        3,
        False,
        detail,
        "get an approval of the current file from someone other than the author: "
        "`intake review DRAFT --pr N` or `intake review DRAFT --approve --reviewer LOGIN`",
    )


def _counting_approvals(
    latest: dict[str, Review], current_hash: str, author: str | None | Sequence[str]
) -> tuple[list[Review], list[str]]:
    """The standing approvals that count (of the current bytes, by someone other than the
    author), and why each other standing approval does not."""
    valid: list[Review] = []
    notes: list[str] = []
    for _, review in sorted(latest.items()):
        if review.decision is not ReviewDecision.approve:
            continue
        if is_author(author, review.reviewer):
            notes.append(f"approval by {review.reviewer} does not count (the draft's author)")
        elif review.content_hash != current_hash:
            notes.append(f"approval by {review.reviewer} is stale (the file changed since)")
        else:
            valid.append(review)
    return valid, notes


def latest_run(runs: list[Run]) -> Run | None:
    """The run that ran last (by its start, then when it was recorded)."""
    return max(runs, key=lambda r: (r.at, r.recorded_at)) if runs else None


def _describe_run(run: Run) -> str:
    score = f", score {run.score:g}" if run.score is not None else ""
    return f"{run.run_id}: {run.status}{score} on {run.model}"


def _run_gate(inputs: GateInputs, tier: RunTier) -> Gate:
    """Gate 4 (strong: at least ``strong_pass_min`` passes) or 5 (local: judged, and its pass
    rate below ``saturation_pass_rate`` unless ``allow_saturated``). Every judged run on the
    current content counts; stale runs and infrastructure statuses never do.

    A ``regression`` case: gate 4 needs at least ``REGRESSION_MIN_RUNS`` strong runs, every one
    a PASS (pass^k = 1), and gate 5 needs a judged local run but never blocks on saturation."""
    number = 4 if tier is RunTier.strong else 5
    runs, current, suite = inputs.record.runs, inputs.runnable_hash, inputs.suite
    mine = [r for r in runs if r.tier is tier]
    fresh = [r for r in mine if current is not None and r.runnable_hash == current]
    judged = [r for r in fresh if r.status in JUDGED_STATUSES]
    infra = [r for r in fresh if r.status in INFRA_STATUSES]
    stale = [r for r in mine if r not in fresh]
    record_cmd = (
        f"`intake run DRAFT --tier {tier.value}` (or "
        f"`intake run-record DRAFT --scorecard PATH --tier {tier.value}`)"
    )
    latest = latest_run(judged)
    if latest is None:
        if infra:
            statuses = ", ".join(sorted({r.status for r in infra}))
            detail = f"only infrastructure statuses on the current content ({statuses})"
            todo = f"fix the environment, re-run on a {tier.value} model: {record_cmd}"
        elif stale:
            detail = (
                f"{len(stale)} {tier.value} run(s) recorded before the runnable part "
                "(persona, setup, turns, agent_type) was edited"
            )
            todo = f"re-run the edited draft on a {tier.value} model: {record_cmd}"
        else:
            detail = f"no {tier.value}-tier run recorded"
            todo = f"run the draft with GAIA's runner on a {tier.value} model: {record_cmd}"
        return _gate(number, False, detail, todo)
    stats = tier_stats(runs, tier, current)
    summary = f"{tier.value} runs {stats.describe()}"
    if tier is RunTier.strong and suite == "regression":
        return _regression_strong_gate(stats, latest, summary, record_cmd)
    if tier is RunTier.local and suite == "regression":
        return _gate(
            number,
            True,
            f"{summary}; latest local run {_describe_run(latest)}; a regression case may be "
            "saturated",
        )
    if tier is RunTier.strong:
        if stats.passes >= inputs.strong_pass_min:
            return _gate(number, True, f"{summary}; latest strong run {_describe_run(latest)}")
        return _gate(
            number,
            False,
            f"latest strong run {_describe_run(latest)}: the case must be passable "
            f"({summary}; {inputs.strong_pass_min} pass(es) needed)",
            "fix the scenario (objective, criteria, ground truth) until a strong model passes, "
            f"then re-run: {record_cmd}",
        )
    rate, allow = stats.pass_rate or 0.0, inputs.allow_saturated
    if rate >= inputs.saturation_pass_rate:
        if allow:
            return _gate(
                number,
                True,
                f"local run {_describe_run(latest)}: saturated ({summary}), allowed ({allow})",
            )
        return _gate(
            number,
            False,
            f"local run {_describe_run(latest)}: the local model passes too (saturated); "
            f"{summary}, at or above {inputs.saturation_pass_rate:.0%}",
            "make the case harder so the local model fails, or promote with "
            "--allow-saturated REASON",
        )
    return _gate(number, True, f"{summary}; latest local run {_describe_run(latest)}")


def _regression_strong_gate(stats: TierStats, latest: Run, summary: str, record_cmd: str) -> Gate:
    """Gate 4 for a regression case: at least 3 strong runs on the current content, all PASS."""
    if stats.runs >= REGRESSION_MIN_RUNS and stats.passes == stats.runs:
        return _gate(
            4,
            True,
            f"{summary}; every strong run passes (regression suite); latest "
            f"{_describe_run(latest)}",
        )
    if stats.passes < stats.runs:
        detail = (
            f"a regression case must pass every strong run ({summary}); latest "
            f"{_describe_run(latest)}"
        )
        todo = (
            "fix the scenario until the strong model passes every time, or promote it with "
            f"--suite capability; then re-run: {record_cmd}"
        )
    else:
        detail = (
            f"a regression case needs at least {REGRESSION_MIN_RUNS} strong runs, all PASS "
            f"({summary})"
        )
        todo = (
            f"run it {REGRESSION_MIN_RUNS - stats.runs} more time(s): "
            f"`intake run DRAFT --tier strong --iterations {REGRESSION_MIN_RUNS - stats.runs}`"
        )
    return _gate(4, False, detail, todo)


def saturated(runs: list[Run], current: str | None, saturation_pass_rate: float = 0.8) -> bool:
    """Whether the local tier's pass rate on the current content reaches the saturation rate."""
    stats = tier_stats(runs, RunTier.local, current)
    return stats.runs > 0 and (stats.pass_rate or 0.0) >= saturation_pass_rate


def check_gates(inputs: GateInputs) -> list[Gate]:
    """Every gate (docs/guide.md, "Promotion"), met or unmet, in order; pure (reads nothing)."""
    who = author_identities(inputs.record) + inputs.authors
    gates = [
        _schema_gate(inputs),
        _scrub_gate(inputs),
        review_gate(inputs.record.reviews, inputs.content_hash, who),
        _run_gate(inputs, RunTier.strong),
        _run_gate(inputs, RunTier.local),
        _duplicate_gate(inputs),
    ]
    if inputs.require_rubric:
        gates.append(rubric_gate(inputs.record.reviews, inputs.content_hash, who))
    gates.append(
        control_gate(
            inputs.record,
            inputs.runnable_hash,
            require=inputs.require_control,
            allow=inputs.allow_passing_control,
        )
    )
    return gates


def _schema_gate(inputs: GateInputs) -> Gate:
    """Gate 1: valid under the strict schema, with no placeholder, a source and a rationale."""
    view = inputs.view
    problems = [p.located() for p in inputs.problems]
    if view is not None:
        assert inputs.data is not None
        codes = {p.code for p in inputs.problems}
        if has_placeholder(inputs.data) and "placeholder" not in codes:
            problems.append("a TODO(intake) placeholder is left in the scenario")
        missing = {p.missing_key for p in inputs.problems}
        for key in ("source", "difficulty_rationale"):
            if key not in view.keys and key not in missing:
                problems.append(f"no {key}")
        category = view.category
        if category is None or not re.fullmatch(CATEGORY_PATTERN, category):
            problems.append("category is not a safe folder name ([a-z0-9_-])")
    if not problems:
        return _gate(1, True, "valid under the strict schema")
    more = f" (+{len(problems) - 3} more)" if len(problems) > 3 else ""
    return _gate(
        1,
        False,
        "; ".join(problems[:3]) + more,
        "edit the draft until `intake validate --strict DRAFT` passes: real criteria "
        "instead of placeholders, a source and a one-line difficulty_rationale",
    )


def _scrub_gate(inputs: GateInputs) -> Gate:
    """Gate 2: the scrubber's re-scan ran and found nothing."""
    if inputs.scrub_findings is None:
        return _gate(
            2,
            False,
            f"scrub re-scan could not run: {inputs.scrub_error or 'scrubber unavailable'}",
            "fix the scrubber installation and run the promotion again",
        )
    if not inputs.scrub_findings:
        return _gate(2, True, "scrub re-scan found nothing")
    found = inputs.scrub_findings
    shown_findings = "; ".join(str(f) for f in found[:3])
    more = f" (+{len(found) - 3} more)" if len(found) > 3 else ""
    return _gate(
        2,
        False,
        f"{len(found)} finding(s): {shown_findings}{more}",
        "run `intake scrub DRAFT` (or remove the values by hand) and re-review",
    )


def _duplicate_gate(inputs: GateInputs) -> Gate:
    """Gate 6: no scenario of the suite has the draft's id."""
    if not inputs.duplicates:
        return _gate(6, True, "no scenario with this id in the suite")
    return _gate(
        6,
        False,
        f"id {inputs.scenario_id!r} exists in the suite: {', '.join(inputs.duplicates)}",
        "rename the draft (file name and id) or reject it as a duplicate",
    )


def current_controls(record: Record, current: str | None) -> list[ControlRun]:
    """Control runs bound to the current runnable content and the record's captured answers."""
    if current is None:
        return []
    replayed = replay_hash(replay_turns(record))
    return [c for c in record.controls if c.runnable_hash == current and c.replay_hash == replayed]


def control_gate(
    record: Record, current: str | None, *, require: bool = True, allow: str | None = None
) -> Gate:
    """Gate 8: the captured failure fails under the criteria (``intake control``).

    Met when the control runs on the current runnable content include a judged FAIL and no
    PASS. A PASS means the criteria pass the very answer the case was drawn from: unmet, unless
    ``allow`` says why. Not applicable (met, shown as such) without a captured answer (an issue
    draft, a store that keeps no answers); not required with ``require_control = false``.
    """
    if not replay_turns(record):  # no captured answer to replay
        return _gate(
            8,
            True,
            "not applicable: the draft holds no captured answer to replay (drafted from an "
            "issue, or from a store that keeps no answers)",
            applicable=False,
        )
    gate = _judged_controls(record, current, allow)
    if not require and not gate.met:
        return _gate(
            8,
            True,
            f"not required (require_control = false): {gate.detail}",
            applicable=False,
        )
    return gate


def _judged_controls(record: Record, current: str | None, allow: str | None) -> Gate:
    """Gate 8 as the captured answers and the control runs on the current content decide it."""
    infra = infrastructure_turns(record)
    if infra:
        return _gate(8, False, infrastructure_line(infra), INFRASTRUCTURE_FIX)
    fresh = current_controls(record, current)
    judged = [c for c in fresh if c.status in JUDGED_STATUSES]
    passes = [c for c in judged if c.status == "PASS"]
    fails = [c for c in judged if c.status == "FAIL"]
    stale = [c for c in record.controls if c not in fresh]
    todo = "replay the captured failure to GAIA's judge: `intake control DRAFT`"
    if passes:
        detail = (
            f"the criteria pass the captured failure (control {passes[-1].run_id}: PASS"
            f"{f'; {len(fails)} FAIL' if fails else ''})"
        )
        if allow:
            return _gate(8, True, f"{detail}; allowed ({allow})")
        return _gate(
            8,
            False,
            detail,
            "tighten the criteria so the captured answer fails, then `intake control "
            "DRAFT`; or promote with --allow-passing-control REASON",
        )
    if fails:
        return _gate(
            8,
            True,
            f"the captured failure fails: {len(fails)} judged FAIL control(s), latest "
            f"{fails[-1].run_id}"
            + (f" (judge {fails[-1].judge_model})" if fails[-1].judge_model else ""),
        )
    if fresh:
        statuses = ", ".join(sorted({c.status for c in fresh}))
        return _gate(8, False, f"no judged control on the current content ({statuses})", todo)
    if stale:
        return _gate(
            8,
            False,
            f"{len(stale)} control run(s) recorded before the turns (or the captured answers) "
            "changed: stale",
            todo,
        )
    return _gate(8, False, "no control run recorded", todo)


def rubric_gate(
    reviews: list[Review], current_hash: str, author: str | None | Sequence[str]
) -> Gate:
    """Gate 7 (only with ``require_rubric``): a counting approval carries a review rubric."""
    counting, _ = _counting_approvals(latest_reviews(reviews), current_hash, author)
    with_rubric = sorted(r.reviewer for r in counting if r.rubric is not None)
    if with_rubric:
        return _gate(7, True, f"rubric given by {', '.join(with_rubric)}")
    return _gate(
        7,
        False,
        "no current approval carries a rubric (require_rubric = true)",
        "intake review DRAFT --approve --reviewer LOGIN --underspecified N --criteria N "
        "--minutes M",
    )
