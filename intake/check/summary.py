"""What ``intake check`` shows beyond its findings: one line per kind of legacy finding, the
job summary (``$GITHUB_STEP_SUMMARY``: the verdict, the findings, each draft with its gates),
and a reviewer's card per draft the pull request adds or changes.

Every path and message is escaped (``intake.ghoutput``: no value from data can become HTML or
Markdown structure), and each text stays within GitHub's job summary limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from intake.check.result import CheckReport, DraftGates, Finding
from intake.config import Settings
from intake.contract.validate import Severity
from intake.ghoutput import STEP_SUMMARY_LIMIT, md_code, md_message, md_text
from intake.paths import display_path
from intake.report.card import Card, card_from_parts, card_markdown
from intake.store.records import record_path
from intake.wording import counted

# --- one line per kind of legacy finding --------------------------------------------------


LEGACY_FIXES = {
    "validate:legacy": (
        "legacy scenarios without source or difficulty_rationale",
        "give them provenance: intake adopt PATH… --source TYPE --reviewer LOGIN",
    ),
    "scrub": (
        "scrub findings in legacy scenarios",
        "accept known test data with `intake check --update-baseline`, or scrub the files",
    ),
    "adopted-no-rationale": (
        "adopted scenarios without a difficulty_rationale",
        "add one: intake adopt PATH --source TYPE --reviewer LOGIN --rationale TEXT",
    ),
}


@dataclass
class LegacyGroup:
    """Every legacy finding of one kind, as one line."""

    code: str
    severity: Severity
    findings: list[Finding]

    @property
    def files(self) -> int:
        return len({f.file for f in self.findings})

    def line(self) -> str:
        """``N <what> in M files; fix: …`` (types, never values)."""
        what, fix = LEGACY_FIXES.get(self.code, (self.code, "see `intake check --verbose`"))
        count = len(self.findings)
        text = f"{count} {what}"
        if self.code == "scrub":
            kinds = sorted({f.found.entity_type for f in self.findings if f.found})
            text += f" ({', '.join(kinds)}) in {counted(self.files, 'file')}"
        return f"{text}; fix: {fix} (--verbose lists them)"


def legacy_groups(findings: list[Finding]) -> list[LegacyGroup]:
    """Legacy findings grouped by kind, in first-seen order."""
    groups: dict[tuple[str, Severity], LegacyGroup] = {}
    for f in findings:
        if f.legacy:
            key = (f.code, f.severity)
            groups.setdefault(key, LegacyGroup(f.code, f.severity, [])).findings.append(f)
    return list(groups.values())


# --- the job summary ----------------------------------------------------------------------


SUMMARY_TAIL_RESERVE = 2000
"""Bytes kept free in a budget for the line that says what was left out."""


class _Budget:
    """Lines added while their UTF-8 size (with line ends) stays within ``limit``."""

    def __init__(self, limit: int, lines: list[str]) -> None:
        self.limit = limit
        self.lines = list(lines)
        self.used = sum(len(line.encode("utf-8")) + 1 for line in lines)

    def add(self, lines: list[str], *, force: bool = False) -> bool:
        """Add ``lines`` if they fit (``force``: always; the reserve is for these)."""
        size = sum(len(line.encode("utf-8")) + 1 for line in lines)
        if not force and self.used + size > self.limit:
            return False
        self.lines += lines
        self.used += size
        return True


def _add_findings(budget: _Budget, report: CheckReport) -> None:
    """The findings table: each finding not legacy while it fits, then one row per kind of
    legacy finding."""
    if not report.findings:
        return
    shown = [f for f in report.findings if not f.legacy]
    budget.add(["| | File | Problem |", "| --- | --- | --- |"])
    for number, f in enumerate(shown):
        row = f"| {f.severity} | {md_code(f'{f.file}:{f.line}')} | {md_message(f.message)} |"
        if not budget.add([row]):
            left = counted(len(shown) - number, "more finding")
            budget.add(
                [f"| | | {left} left out of this summary: the check's log lists them all |"],
                force=True,
            )
            break
    for group in legacy_groups(report.findings):
        files = counted(group.files, "legacy file")
        budget.add([f"| {group.severity} | {files} | {md_message(group.line())} |"], force=True)
    budget.add([""], force=True)


def _draft_section(draft: DraftGates) -> list[str]:
    state = "ready to promote" if draft.ready else "not ready"
    private = " (private)" if draft.private else ""
    lines = [
        f"#### {md_code(draft.path)}{private}: {state}",
        "",
        "| Gate | | Detail | To do |",
        "| --- | --- | --- | --- |",
    ]
    for gate in draft.gates:
        mark = "met" if gate.met else "**unmet**"
        todo = md_message(gate.todo or "")
        lines.append(
            f"| {gate.number} {md_text(gate.name)} | {mark} | {md_message(gate.detail)} | {todo} |"
        )
    lines.append("")
    return lines


def _add_drafts(budget: _Budget, drafts: list[DraftGates]) -> None:
    """Each draft with its gates while they fit, then one line saying how many were left out."""
    budget.add(["### Drafts", ""], force=True)
    if not drafts:
        budget.add(["No drafts.", ""], force=True)
    for number, draft in enumerate(drafts):
        if not budget.add(_draft_section(draft)):
            left = len(drafts) - number
            budget.add(
                [
                    f"{counted(left, 'more draft')} left out of this summary to stay within "
                    "GitHub's job "
                    f"summary limit ({STEP_SUMMARY_LIMIT // 1024} KiB); the check's log lists "
                    "every draft's gates, and `intake show DRAFT` shows one.",
                    "",
                ],
                force=True,
            )
            break


def summary_markdown(report: CheckReport, *, limit: int = STEP_SUMMARY_LIMIT) -> str:
    """The job summary: the verdict, the findings, and each draft with its gates.

    Every path and message is escaped (``intake.ghoutput``: no value from data can become
    HTML or Markdown structure). The text stays within ``limit`` bytes: findings, then drafts,
    are added while they fit; what does not is counted in one line saying how to see it.
    """
    verdict = "failed" if report.errors else "passed"
    head = [
        f"## intake check {verdict}",
        "",
        f"{counted(report.files, 'file')}, {counted(report.errors, 'error')}, "
        f"{counted(report.warnings, 'warning')}.",
        "",
        *([md_message(report.base), ""] if report.base else []),
    ]
    budget = _Budget(limit - SUMMARY_TAIL_RESERVE, head)
    _add_findings(budget, report)
    _add_drafts(budget, report.drafts)
    return "\n".join(budget.lines) + "\n"


# --- the reviewer's cards -----------------------------------------------------------------


CARDS_TAIL_RESERVE = 400
"""Bytes kept free for the line that says which cards were left out."""


def _carded(report: CheckReport, root: Path, changed: frozenset[str] | None) -> list[DraftGates]:
    """The drafts that get a card: those the change adds or changes (draft or record)."""
    return [
        d
        for d in report.drafts
        if d.file is not None
        and (
            changed is None
            or display_path(d.file, root) in changed
            or display_path(record_path(d.file), root) in changed
        )
    ]


def _fit_cards(cards: list[Card], parts: list[str], limit: int) -> list[str]:
    """Append each card to ``parts`` whole, or with its gates only, while it fits within
    ``limit``; returns the ids of the cards left out (every card after the first that
    does not fit, so the order stays newest first)."""
    budget = _Budget(limit - CARDS_TAIL_RESERVE, [])
    budget.used = sum(len(p.encode("utf-8")) for p in parts)
    left_out: list[str] = []
    for card in cards:
        if left_out or not (
            budget.add([card_markdown(card)]) or budget.add([card_markdown(card, body=False)])
        ):
            left_out.append(card.id)
    parts += [text + "\n" for text in budget.lines]
    return left_out


def summary_cards(
    report: CheckReport,
    settings: Settings,
    *,
    limit: int = STEP_SUMMARY_LIMIT,
) -> str:
    """One collapsed reviewer's card per draft the change adds or changes, newest first.

    Which files the change touches is the report's one answer (``CheckReport.changed``: the
    uncommitted work, and with a base everything since the merge base), the same that
    decides the per-file annotations; when git cannot tell, every draft gets a card and the
    section says so. The
    section stays within ``limit`` bytes: a card that does not fit is shown with its gates
    only, and when even that does not fit the remaining cards are left out with a note; a
    card is never cut inside.
    """
    changed = report.changed
    chosen = _carded(report, settings.root, changed)
    if changed is None:
        scope = "every draft (git cannot tell which files this change touches)"
    else:
        scope = f"the drafts this change adds or changes ({len(chosen)})"
    head = f"### Reviewer's cards\n\nCards for {scope}, newest first.\n\n"
    cards = [
        card_from_parts(settings, d.file, i.data, i.record, d.gates, private=d.private, view=i.view)
        for d in chosen
        if d.file is not None and (i := d.inputs) is not None
    ]
    cards.sort(key=lambda c: c.sort_key, reverse=True)
    parts = [head if cards else head + "No drafts changed.\n\n"]
    left_out = _fit_cards(cards, parts, limit)
    if left_out:
        parts.append(
            f"{counted(len(left_out), 'more card')} left out to stay within GitHub's job "
            "summary limit "
            f"({limit // 1024} KiB); run `intake show DRAFT` for each.\n"
        )
    return "".join(parts)


def write_summary(target: Path, report: CheckReport, settings: Settings, *, cards: bool) -> None:
    """Append the job summary to ``$GITHUB_STEP_SUMMARY``, within GitHub's 1 MiB per step
    (counting what earlier commands of the step wrote there already)."""
    try:
        already = target.stat().st_size
    except OSError:
        already = 0
    room = max(0, STEP_SUMMARY_LIMIT - already)
    text = summary_markdown(report, limit=room // 2 if cards else room)
    if cards:
        text += summary_cards(report, settings, limit=room - len(text.encode("utf-8")))
    with open(target, "a", encoding="utf-8") as handle:
        handle.write(text)
