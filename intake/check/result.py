"""What ``intake check`` found: findings located in files, each draft's gates, the report."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from intake.contract.validate import Problem, Severity
from intake.lifecycle.gates import Gate, GateInputs

if TYPE_CHECKING:
    from intake.scrub import FileFinding


FILE_MESSAGES = {
    "orphan-record": "record without its scenario",
    "not-promoted": "record beside a scenario has no promotion stamp",
    "edited-after-promotion": "scenario differs from what was promoted (its content hash "
    "changed); send edits through a draft and `intake promote`",
    "record-id": "record id differs from scenario id",
    "no-record": "draft without its intake record",
    "quarantine-unrecorded": "tagged quarantined without a quarantine in its record; use "
    "`intake quarantine ID --reason TEXT`",
    "quarantine-untagged": "its record says quarantined but the tag is gone; use "
    "`intake quarantine ID --lift --reason TEXT`",
    "retired-in-suite": "its record says retired but it is still in the folder GAIA's runner reads",
    "retired-unrecorded": "in the retired folder without a retirement in its record; use "
    "`intake retire ID --reason TEXT`",
    "edited-after-retirement": "differs from what was retired (its content hash changed)",
    "linked-folder": "a symbolic link where a suite folder (or one above it) lies: intake reads "
    "no suite file through a link; commit the folder itself",
    "linked-file": "a symbolic link in the commit, below a suite folder: intake never reads it; "
    "commit the file itself",
    "tracked-intake-file": "a file under an .intake/ folder is committed: intake's working "
    "folders (journals, keys, the ledger) are the machine's own, never the checkout's; remove "
    "it from the commit",
}
"""The messages of the findings that say nothing beyond their code and file, by code."""


@dataclass(frozen=True)
class Finding(Problem):
    """A ``Problem`` as ``check`` reports it: whether it is legacy, and the scanner's finding."""

    legacy: bool = False
    """About an existing file intake never handled (GAIA's own): summarised per kind."""
    found: FileFinding | None = None
    """The scanner's finding this reports (code ``scrub``): its type, file and line."""

    @classmethod
    def of(cls, problem: Problem, code: str | None = None, legacy: bool = False) -> Finding:
        """A problem found outside ``check`` (validation's, GAIA's, a rule change), under
        ``code`` when given."""
        return cls(**{**vars(problem), "code": code or problem.code, "legacy": legacy})

    @classmethod
    def about(cls, file: str, code: str, severity: Severity = Severity.error) -> Finding:
        """A finding about a whole file (line 1) whose message is ``FILE_MESSAGES[code]``."""
        return cls(file, 1, code, FILE_MESSAGES[code], severity)

    @classmethod
    def of_scan(cls, hit: FileFinding, severity: Severity, note: str, legacy: bool) -> Finding:
        """A scrub finding of the re-scan, as a problem of ``check`` (``note`` follows the
        type in its message)."""
        message = f"{hit.entity_type} found by the re-scan{note}"
        return cls(hit.file, hit.line, "scrub", message, severity, legacy=legacy, found=hit)

    def to_dict(self) -> dict[str, str | int]:
        """``intake check --format json``'s form (the scanner's finding is in it already)."""
        return {
            "severity": self.severity.value,
            "file": self.file,
            "line": self.line,
            "code": self.code,
            "message": self.message,
            "legacy": self.legacy,
        }


@dataclass
class DraftGates:
    """A draft and its promotion gates (for the job summary)."""

    path: str
    scenario_id: str
    private: bool
    gates: list[Gate]
    file: Path | None = None
    """The draft's file, for its reviewer's card (``intake.report.card``)."""
    inputs: GateInputs | None = None
    """What its gates judged (the scenario, its view and record), for its card."""

    @property
    def ready(self) -> bool:
        return all(g.met for g in self.gates)


@dataclass
class CheckReport:
    """Everything ``check`` found."""

    files: int
    findings: list[Finding] = field(default_factory=list)
    drafts: list[DraftGates] = field(default_factory=list)
    baselined: int = 0
    """Scrub findings left out because the baseline accepts them."""
    baseline_hits: list[FileFinding] = field(default_factory=list)
    """Scrub findings in scenario files (what ``--update-baseline`` accepts)."""
    base: str = ""
    """One line: the base the change was judged against, or that none is known."""
    notes: list[str] = field(default_factory=list)
    """What could not be asked (GitHub), one line each."""
    changed: frozenset[str] | None = None
    """The files this change touches, as shown (the context's one answer,
    ``gitutil.changed_paths``); None when git cannot tell. The reviewer's cards follow it."""

    @property
    def errors(self) -> int:
        return sum(f.severity is Severity.error for f in self.findings)

    @property
    def warnings(self) -> int:
        return sum(f.severity is Severity.warning for f in self.findings)

    def to_dict(self) -> dict[str, object]:
        """``intake check --format json``'s document."""
        return {
            "command": "check",
            "files": self.files,
            "errors": self.errors,
            "warnings": self.warnings,
            "baselined": self.baselined,
            "base": self.base,
            "findings": [f.to_dict() for f in self.findings],
            "drafts": [
                {
                    "path": d.path,
                    "id": d.scenario_id,
                    "private": d.private,
                    "ready": d.ready,
                    "gates": [g.to_dict() for g in d.gates],
                }
                for d in self.drafts
            ],
        }
