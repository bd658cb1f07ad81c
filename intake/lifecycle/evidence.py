"""Evidence is corroborated, never believed: what a record claims, judged against the base.

A record carries the evidence the gates count: reviews, runs, controls, a promotion or an
adoption stamp. A pull request can write any of them. ``Evidence.judge`` keeps an item only when
something outside the change stands behind it (docs/trust.md):

* it stood on the base revision, in the base's record of the same id (wherever that record
  lay: a draft promoted by the change keeps what its draft record had);
* it is written in the working tree and not committed: the person running intake wrote it on
  this machine (a clone of a contributor's branch, and CI's checkout, have nothing uncommitted);
* a review ``via: github_pr``: GitHub's own review record says that reviewer (an owner, member
  or collaborator, not the pull request's author nor an author of any commit the change
  brings) approved that commit, and the draft (or the suite scenario: a quarantine, lift,
  retirement, split tag or promotion written by intake) at that commit hashes to the review's
  content hash;
* a run, control, lifecycle change or other record field: the record at the commit a
  corroborated GitHub approval names held it (the reviewer approved the change with that
  evidence in it);
* a promotion or adoption stamp: a counting approval of the stamped content.

Anything else is *claimed by this change* and meets no gate. Objections (a rejection, changes
requested) always count: they can only block; one that stood on the base still stands when the
change removes it. With no base known nothing is claimed. Whatever
the base, every author of a commit that changed the file is one of the draft's authors, so
their approval never counts (``Judged.authors``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property, partial
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from intake.config import Settings
from intake.contract.models import Promotion, Record, Review, ReviewDecision, Run
from intake.contract.yamlio import YamlProblem, parse_checked
from intake.errors import InputError, IntakeError, SourceError
from intake.fileio import read_input
from intake.gitutil import authors_by_path, git_output, local_edits
from intake.lifecycle.authority import Base
from intake.lifecycle.gates import GateInputs, check_gates, is_author
from intake.limits import MAX_SCENARIO_BYTES
from intake.paths import inside, repo_path
from intake.store.records import (
    RECORD_SUFFIX,
    canonical_json,
    record_path,
    runnable_hash,
    scenario_path_for_record,
    sha256_bytes,
)
from intake.userconfig import Environ

COUNTING_ASSOCIATIONS = frozenset({"OWNER", "MEMBER", "COLLABORATOR"})
"""GitHub's ``author_association`` values of a reviewer whose approval corroborates."""

PR_URL = re.compile(
    r"^https://[A-Za-z0-9.-]{1,253}(?::\d{1,5})?/([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)"
    r"/pull/(\d{1,9})$"
)
COMMIT = re.compile(r"^[0-9a-fA-F]{40}$")
"""A full commit id (a pull request's head, the commit a review names)."""
LISTED = {"suite_runs": "suite run", "lifecycle": "lifecycle change", "revisions": "revision"}
"""Record lists judged item by item like runs: an item the change adds is claimed."""
OTHER_FIELDS = (
    "schema_version",
    "source",
    "author",
    "drafter",
    "scrub",
    "hidden_removed",
    "observations",
    "evidence",
)
"""Record fields judged as a whole against the base's record of the id (``id`` is the key;
reviews, runs, controls, restores, stamps, the bug and ``LISTED`` have rules of their own)."""
ADOPT_WRITES = ("source", "difficulty_rationale")
"""The keys ``intake adopt`` writes into a scenario (``lifecycle.adopt``)."""

RUN_GATES = (4, 5, 8)
"""The promotion gates a stamp the change adds must meet on the runs and controls that count
(strong runs, local runs, the control)."""


@dataclass
class Judged:
    """A record with only the evidence that counts, and what the change claims beyond it."""

    record: Record
    claimed: list[str] = field(default_factory=list)
    """Each item the change claims without corroboration, described (no values)."""
    authors: list[str] = field(default_factory=list)
    """Authors of the file's commits and the base record's identities: never its reviewers."""


def _dump(item: BaseModel | None) -> str | None:
    return None if item is None else item.model_dump_json()


def _parse(raw: bytes | None) -> Record | None:
    if raw is None:
        return None
    try:
        return Record.model_validate_json(raw, strict=False)
    except (ValidationError, ValueError):
        return None


@dataclass(frozen=True)
class GitHubReview:
    """A pull request review as GitHub's record gives it, read once from PyGithub's object
    (where it is fetched, inside ``sources.github.call``): the reviewer's login ("" when GitHub
    names none), the state and ``author_association`` upper-case, the commit ("" when none)."""

    login: str
    state: str
    commit: str
    association: str
    submitted_at: datetime | None
    id: int | None

    @classmethod
    def of(cls, remote: Any) -> GitHubReview:
        """The review of PyGithub's ``PullRequestReview``."""
        user = remote.user
        when = remote.submitted_at
        return cls(
            login=str(user.login or "") if user is not None else "",
            state=str(remote.state or "").upper(),
            commit=str(remote.commit_id or ""),
            association=str(remote.raw_data.get("author_association") or "").upper(),
            submitted_at=when if isinstance(when, datetime) else None,
            id=remote.id if isinstance(remote.id, int) else None,
        )


@dataclass
class _Approval:
    """A GitHub approval that corroborates: the PR, the commit, the record there."""

    repo: str
    number: int
    commit: str
    record: Record | None


class Evidence:
    """Judges records against one base (``None``: nothing is claimed)."""

    def __init__(self, settings: Settings, base: Base | None) -> None:
        self.settings = settings
        self.base = base
        self._index: dict[str, list[tuple[Path, Record]]] | None = None
        self._github: dict[tuple[str, int], Any] = {}
        self._authors: dict[str, list[str]] | None = None
        self._edited: set[str] | None = None
        self.notes: list[str] = []
        """What could not be asked (GitHub unreachable), for the output; never a value."""

    # --- the base's records ----------------------------------------------------------------

    def _base_records(self, scenario_id: str) -> list[Record]:
        """The base's records whose ``id`` is ``scenario_id``, wherever they lie and whatever
        their file is named: a scenario is its YAML ``id`` (GAIA's
        ``mcp_reliability/simple_tool_call.yaml`` holds ``mcp_simple_tool_call``)."""
        return [record for _, record in self._base_index().get(scenario_id, [])]

    def _base_index(self) -> dict[str, list[tuple[Path, Record]]]:
        """Each id's records on the base, with their paths (read once)."""
        if self.base is None:
            return {}
        if self._index is None:
            self._index = {}
            for folder in (self.settings.drafts, self.settings.scenarios, self.settings.retired):
                for path in self.base.files(folder):
                    if path.name.endswith(RECORD_SUFFIX):
                        record = _parse(self.base.show(path))
                        if record is not None:
                            self._index.setdefault(record.id, []).append((path, record))
        return self._index

    def removed(self, now: set[str]) -> list[tuple[Path, str]]:
        """The base's promoted or adopted scenarios (a stamped record in the scenarios folder)
        whose id has no record anywhere in the change (``now``: the ids it holds), with the
        base's path: deleting a scenario is a retirement, and one needs ``intake retire``."""
        base = self.base
        if base is None:
            return []
        gone = []
        for sid, entries in self._base_index().items():
            stamped = [
                p
                for p, r in entries
                if (r.promotion is not None or r.adoption is not None)
                and base.rel(p) is not None
                and inside(p, self.settings.scenarios)
            ]
            if stamped and sid not in now:
                gone.append((stamped[0], sid))
        return sorted(gone)

    def _at_head(self, path: Path) -> Record | None:
        if self.base is None:
            return None
        return _parse(self.base.show_head(path))

    def _written_here(self, path: Path) -> bool:
        """Whether git's own status reports ``path`` edited (or new) on this machine, outside
        CI: only then does what differs from the commit count as the user's own. A difference
        git does not report (an attribute, a filter) never does (``intake.check.commit``)."""
        if self.base is None or Environ.of().in_ci:
            return False
        if self._edited is None:
            self._edited = local_edits(self.base.top) or set()
        rel = self.base.rel(path)
        return rel is not None and (
            rel in self._edited or any(rel.startswith(e) for e in self._edited if e.endswith("/"))
        )

    # --- GitHub ----------------------------------------------------------------------------

    def _pull(self, repo: str, number: int) -> Any:
        key = (repo, number)
        if key not in self._github:
            from intake.sources.github import call, client

            def fetch() -> Any:
                gh = client(self.settings.github_api_url).withLazy(True)
                gh_repo = gh.get_repo(repo)
                pull = gh_repo.get_pull(number)
                pull.complete()
                reviews = [GitHubReview.of(r) for r in pull.get_reviews()]
                author = str(pull.user.login) if pull.user is not None else ""
                return gh_repo, author, reviews

            try:
                self._github[key] = call(f"pull request {repo}#{number}", fetch)
            except IntakeError as exc:
                self.notes.append(f"GitHub could not corroborate reviews: {exc.one_line()}")
                self._github[key] = None
        return self._github[key]

    @staticmethod
    def _contents(gh_repo: Any, repo: str, path: str, commit: str) -> bytes | None:
        try:
            return file_at(gh_repo, repo, path, commit)
        except IntakeError:
            return None

    def _github_approval(
        self, review: Review, scenario: Path, from_path: str | None
    ) -> _Approval | None:
        """GitHub's own record of ``review``, when it corroborates it."""
        if review.via != "github_pr" or self.base is None:
            return None
        match = PR_URL.match(review.pr_url or "")
        commit = (review.commit or "").lower()
        if match is None or not COMMIT.match(commit):
            return None
        repo, number = match.group(1), int(match.group(2))
        if not self.settings.github_repo or repo.lower() != self.settings.github_repo.lower():
            return None  # only the repository the base names: never one the record picks
        pulled = self._pull(repo, number)
        if pulled is None:
            return None
        gh_repo, pr_author, reviews = pulled
        wanted = "APPROVED" if review.decision is ReviewDecision.approve else "DISMISSED"
        confirmed = False
        for remote in reviews:
            login = remote.login.lower()
            if (
                login == review.reviewer.lower()
                and login != pr_author.lower()
                and remote.state == wanted
                and remote.commit.lower() == commit
                and remote.association in COUNTING_ASSOCIATIONS
                and (review.review_id is None or remote.id == review.review_id)
            ):
                confirmed = True
                break
        if not confirmed:
            return None
        paths = [p for p in (self.base.rel(scenario), self._top_rel(from_path)) if p]
        for path in dict.fromkeys(paths):
            data = self._contents(gh_repo, repo, path, commit)
            if data is not None and sha256_bytes(data) == review.content_hash:
                record_rel = path.removesuffix(".yaml") + RECORD_SUFFIX
                return _Approval(
                    repo, number, commit, _parse(self._contents(gh_repo, repo, record_rel, commit))
                )
        return None

    def _top_rel(self, shown: str | None) -> str | None:
        if not shown or self.base is None:
            return None
        return self.base.rel(self.settings.root / shown)

    # --- judging ---------------------------------------------------------------------------

    @cached_property
    def _top(self) -> Path | None:
        """The repository's top (looked up once)."""
        from intake.gitutil import repo_top

        return repo_top(self.settings.root)

    def authors(self, scenario: Path, record: Record, base_records: list[Record]) -> list[str]:
        """Every author of a commit that changed the file (or the draft it was promoted from),
        and the base record's identities."""
        found: list[str] = []
        top = self.base.top if self.base is not None else self._top
        if top is not None:
            if self._authors is None:
                folders = [
                    repo_path(top, f) for f in (self.settings.drafts, self.settings.scenarios)
                ]
                self._authors = authors_by_path(top, [f for f in folders if f])
            shown = [record.promotion.from_path] if record.promotion is not None else []
            for path in [scenario, *(self.settings.root / p for p in shown)]:
                rel = repo_path(top, path)
                if rel is not None:
                    found += self._authors.get(rel, [])
        found += self._branch_authors
        for old in base_records:
            found += [n for n in [old.author, *old.drafter] if n]
        known = {record.author, *record.drafter}
        return [n for n in dict.fromkeys(found) if n not in known]

    @cached_property
    def _branch_authors(self) -> list[str]:
        """The name and e-mail local part of every author of a commit the change brings
        (``base..HEAD``, one ``git log``): whoever wrote any of the change never approves it,
        whichever file their commit touched (a hand-written lifecycle entry in a record)."""
        if self.base is None:
            return []
        raw = git_output(
            ["log", "-z", "--format=%an%x00%ae", f"{self.base.commit}..HEAD"],
            self.base.top,
            timeout=120,
        )
        fields = (raw or b"").decode("utf-8", "surrogateescape").split("\0")
        names: list[str] = []
        for name, email in zip(fields[0::2], fields[1::2], strict=False):
            names += [name.strip(), email.strip().split("@", 1)[0]]
        return [n for n in dict.fromkeys(names) if n]

    def judge(self, record_file: Path, record: Record) -> Judged:
        """The record with only the evidence that counts (see the module's docstring)."""
        scenario = scenario_path_for_record(record_file)
        base_records = self._base_records(record.id)
        authors = self.authors(scenario, record, base_records)
        if self.base is None:
            return Judged(record, [], authors)
        head = self._at_head(record_file)
        items = _Items.of(base_records, head, self._written_here(record_file))
        who = [n for n in [record.author, *record.drafter, *authors] if n]
        reviews, approvals = self._judged_reviews(record, base_records, scenario, who, items)
        items.seen = [a.record for a in approvals if a.record is not None]
        runs = items.kept("runs", record.runs, "run")
        controls = items.kept("controls", record.controls, "control")
        listed = {
            kind: items.kept(kind, getattr(record, kind), label)
            for kind, label in LISTED.items()
            if kind != "lifecycle"
        }
        sides = _Sides(base_records, items.seen, items.here, head)
        listed["lifecycle"] = _judged_lifecycle(record, sides, items.claimed)
        bug = _judged_bug(record, sides, items.claimed)
        if base_records:  # every other field, deny by default (docs/trust.md lists each)
            items.claimed += [
                f"{name} changed"
                for name in OTHER_FIELDS
                if not sides.holds(_field(record, name), partial(_field, name=name))
            ]
        restores = []
        for restore in record.restores:
            if items.stands("restores", restore):
                restores.append(restore)
            else:
                items.claimed.append(f"restore of a {restore.entity_type} value")
        update: dict[str, Any] = {
            "reviews": reviews,
            "runs": runs,
            "controls": controls,
            "restores": restores,
            "bug": bug,
            **listed,
        }
        approved = {
            r.content_hash
            for r in reviews
            if r.decision is ReviewDecision.approve and not is_author(who, r.reviewer)
        }
        gates_hold = partial(
            self._gates_hold, runs=runs, controls=controls, record=record, scenario=scenario
        )
        for stamp in ("promotion", "adoption"):
            value = getattr(record, stamp)
            if value is None:
                continue
            at_base = [v for old in base_records if (v := getattr(old, stamp)) is not None]
            if not self._stamp_stands(stamp, value, at_base, sides, approved, gates_hold, scenario):
                items.claimed.append(f"{stamp} stamp")
                update[stamp] = at_base[-1] if at_base else None
        return Judged(record.model_copy(update=update), items.claimed, authors)

    def _judged_reviews(
        self,
        record: Record,
        base_records: list[Record],
        scenario: Path,
        who: list[str],
        items: _Items,
    ) -> tuple[list[Review], list[_Approval]]:
        """The reviews that count and the approvals corroborated on GitHub (not by an
        author): an objection always counts, and one removed from the base still stands."""
        from_path = record.promotion.from_path if record.promotion is not None else None
        objections = (ReviewDecision.reject, ReviewDecision.changes_requested)
        reviews: list[Review] = []
        approvals: list[_Approval] = []
        for review in record.reviews:
            if review.decision in objections or items.stands("reviews", review):
                reviews.append(review)
                continue
            approval = self._github_approval(review, scenario, from_path)
            if approval is not None:
                reviews.append(review)
                if review.decision is ReviewDecision.approve and not is_author(
                    who, review.reviewer
                ):
                    approvals.append(approval)
                continue
            items.claimed.append(f"{review.decision.value.replace('_', ' ')} by {review.reviewer}")
        now = {_dump(r) for r in record.reviews}
        for old in base_records:
            for review in old.reviews:
                if review.decision in objections and _dump(review) not in now:
                    reviews.append(review)
                    now.add(_dump(review))
                    items.claimed.append(
                        f"removal of the {review.decision.value.replace('_', ' ')} by "
                        f"{review.reviewer} (it still stands)"
                    )
        return reviews, approvals

    def _stamp_stands(
        self,
        stamp: str,
        value: Any,
        at_base: list[Any],
        sides: _Sides,
        approved: set[str],
        gates_hold: Callable[[Any], bool],
        scenario: Path,
    ) -> bool:
        """Whether a promotion or adoption stamp counts: as on the base, written here and
        not committed, or approved (on the content it stamps) with its gates held or moved;
        an adoption of what the base already holds as adopted."""
        if _dump(value) in {_dump(v) for v in at_base}:
            return True
        if sides.here and (sides.head is None or _dump(getattr(sides.head, stamp)) != _dump(value)):
            return True  # written here, not committed
        hashes = {value.content_hash} | self._draft_hashes(value, scenario)
        if hashes & approved and (
            stamp == "adoption" or self._moved(value, at_base, scenario) or gates_hold(value)
        ):
            return True
        return stamp == "adoption" and not sides.base and self._adopts_base(value, scenario)

    def _gates_hold(
        self, stamp: Promotion, runs: list[Run], controls: list[Any], record: Record, scenario: Path
    ) -> bool:
        """Whether the runs and controls that count meet the promotion's own run and control
        gates (4, 5 and 8, ``gates.check_gates`` with the stamp's suite and waivers) on the
        scenario's runnable content now: a stamp the change adds is recomputed, not read, by
        the rule ``intake promote`` applies (a regression case: every strong run a PASS)."""
        data = _mapping(scenario)
        if data is None:
            return False
        judged = GateInputs(
            scenario_id=record.id,
            data=data,
            problems=[],
            scrub_findings=[],
            record=record.model_copy(update={"runs": runs, "controls": controls}),
            content_hash=stamp.content_hash,
            runnable_hash=runnable_hash(data),
            allow_saturated=stamp.allow_saturated,
            strong_pass_min=self.settings.strong_pass_min,
            saturation_pass_rate=self.settings.saturation_pass_rate,
            require_control=self.settings.require_control,
            allow_passing_control=stamp.allow_passing_control,
            suite=stamp.suite.value if stamp.suite is not None else "capability",
        )
        return all(g.met for g in check_gates(judged) if g.number in RUN_GATES)

    def _moved(self, stamp: Any, at_base: list[Any], scenario: Path) -> bool:
        """Whether ``stamp`` is a base stamp moved to new bytes (a quarantine, lift or split
        tag: every field as on the base but ``content_hash``) and the scenario's runnable
        content is the base's: the base judged its gates, and the approval that covers the new
        hash is what the move needs (settings tightened since do not undo a promotion)."""
        if self.base is None:
            return False
        moved = {_dump(b.model_copy(update={"content_hash": stamp.content_hash})) for b in at_base}
        raw = self.base.show(scenario)
        return _dump(stamp) in moved and raw is not None and _same_runnable(raw, scenario)

    def _adopts_base(self, stamp: Any, scenario: Path) -> bool:
        """Whether an adoption stamp the change adds is re-derived from the base: the base
        holds the scenario at this path with no record, and the change only gave it what
        ``intake adopt`` writes (``source``, a ``difficulty_rationale`` it lacked), so the
        stamp vouches for nothing the base's legacy file did not already run
        (the pull request that adopts GAIA's scenarios passes its own check)."""
        if self.base is None:
            return False
        raw = self.base.show(scenario)
        if raw is None or self.base.show(record_path(scenario)) is not None:
            return False
        try:
            now_raw = _scenario_bytes(scenario)
        except (InputError, OSError):
            return False
        then, now = _mapping(raw), _mapping(now_raw)
        if then is None or now is None or "source" in then:
            return False
        if sha256_bytes(now_raw) != stamp.content_hash:
            return False
        added = {k for k in ADOPT_WRITES if k not in then}
        kept = {k: v for k, v in now.items() if k not in added}
        return canonical_json(kept) == canonical_json(then)

    def _draft_hashes(self, stamp: Any, scenario: Path) -> set[str]:
        """A promotion's ``draft_hash``, when the base's draft at ``from_path`` has those bytes
        and the same runnable content as the scenario now (only its suite tag was added)."""
        draft_hash = getattr(stamp, "draft_hash", None)
        from_path = getattr(stamp, "from_path", None)
        if self.base is None or not draft_hash or not from_path:
            return set()
        raw = self.base.show(self.settings.root / from_path)
        if raw is None or sha256_bytes(raw) != draft_hash:
            return set()
        return {draft_hash} if _same_runnable(raw, scenario) else set()


@dataclass
class _Items:
    """What a record's listed items (reviews, runs, controls, restores, suite runs,
    revisions) are judged against, item by item: those on the base's records of the id, those
    in the committed record, whether the file is written here, the records at corroborated
    approvals' commits (``seen``, once the reviews are judged); what does not count is
    collected in ``claimed``."""

    standing: dict[str, set[str | None]]
    committed: dict[str, set[str | None]]
    here: bool
    claimed: list[str] = field(default_factory=list)
    seen: list[Record] = field(default_factory=list)

    @classmethod
    def of(cls, base: list[Record], head: Record | None, here: bool) -> _Items:
        kinds = ("reviews", "runs", "controls", "restores", *LISTED)
        return cls(
            standing={
                kind: {_dump(x) for old in base for x in getattr(old, kind)} for kind in kinds
            },
            committed={
                kind: {_dump(x) for x in getattr(head, kind)} if head is not None else set()
                for kind in kinds
            },
            here=here,
        )

    def stands(self, kind: str, item: BaseModel) -> bool:
        """On the base, or written here and not committed."""
        dumped = _dump(item)
        return dumped in self.standing[kind] or (self.here and dumped not in self.committed[kind])

    def kept(self, kind: str, items: list[Any], label: str) -> list[Any]:
        """The items that stand or that a corroborated approval's commit holds; the others
        are claimed (``label`` names them)."""
        out = []
        for item in items:
            dumped = _dump(item)
            if self.stands(kind, item) or any(
                dumped in {_dump(x) for x in getattr(r, kind)} for r in self.seen
            ):
                out.append(item)
            else:
                self.claimed.append(f"{label} {_label(item)}")
        return out


@dataclass(frozen=True)
class _Sides:
    """What a record's item is judged against: the base's records of the id, the records at
    corroborated approvals' commits, whether the file is written here, the committed record."""

    base: list[Record]
    seen: list[Record]
    here: bool
    head: Record | None

    def holds(self, value: str | None, of: Callable[[Record], str | None]) -> bool:
        """Whether ``value`` (``of`` the record) stood on the base or at a corroborated
        approval's commit, or is written here and not committed."""
        if value in {of(r) for r in [*self.base, *self.seen]}:
            return True
        return self.here and (self.head is None or of(self.head) != value)


def _field(record: Record, name: str) -> str:
    return json.dumps(record.model_dump(mode="json")[name], sort_keys=True)


def _judged_bug(record: Record, sides: _Sides, claimed: list[str]) -> Any:
    """The bug link and its closing: as on the base, written here, or seen by a
    corroborated approval; else the base's (a closing the change writes is claimed)."""
    now = record.bug
    if now is None or sides.holds(_dump(now), lambda r: _dump(r.bug)):
        return now
    at_base = [r.bug for r in sides.base if r.bug is not None]
    if (
        not at_base
        and now.closed_at is None
        and now.state_reason is None
        and now.fix_commit is None
    ):
        return now  # a link with no closing: what drafting from the issue writes
    claimed.append("bug link or closing")
    if at_base:
        return at_base[-1]
    return now.model_copy(
        update={"closed_at": None, "state_reason": None, "fix_commit": None, "checked_at": None}
    )


def _judged_lifecycle(record: Record, sides: _Sides, claimed: list[str]) -> list[Any]:
    """The lifecycle is a history, only ever appended to: the base's entries must stay,
    in order, as the change's first ones (else the rewrite is claimed and the base's
    history is judged: an entry removed, reordered or replayed from the past would change
    the state nobody approved). Each entry the change appends counts when written here, or
    when the record at a corroborated approval's commit held the same history up to it."""
    now = [_dump(x) for x in record.lifecycle]
    histories = [r.lifecycle for r in sides.base]
    base = max(histories, key=len) if histories else []
    if now[: len(base)] != [_dump(x) for x in base]:
        claimed.append("lifecycle history rewritten (the base's entries must stay first, in order)")
        return list(base)
    committed = {_dump(x) for x in sides.head.lifecycle} if sides.head is not None else set()
    out = list(base)
    for index in range(len(base), len(now)):
        item = record.lifecycle[index]
        if (sides.here and now[index] not in committed) or any(
            [_dump(x) for x in r.lifecycle[: index + 1]] == now[: index + 1] for r in sides.seen
        ):
            out.append(item)
            continue
        claimed += [f"lifecycle change {_label(x)}" for x in record.lifecycle[index:]]
        break
    return out


def file_at(gh_repo: Any, repo: str, path: str, commit: str) -> bytes:
    """The draft (or scenario, or record) at ``path`` as the pull request's ``commit`` holds it
    (``gh_repo``: PyGithub's lazy repository ``repo``, the contents API); SourceError when
    GitHub cannot give it or sends a folder or an unreadable file."""
    from intake.sources.github import call

    where = f"{path} at {commit[:12]} in {repo}"
    content = call(where, lambda: gh_repo.get_contents(path, ref=commit))
    if isinstance(content, list):
        raise SourceError("the draft's path is a folder at the PR head", where=path)
    try:
        data = content.decoded_content
    except (AssertionError, ValueError, TypeError):
        data = None
    if not isinstance(data, bytes):
        raise SourceError("GitHub returned the draft in an unreadable encoding", where=path)
    return data


def _label(item: Any) -> str:
    """How a claimed list item is named (an id and a state, never free text)."""
    for first, second in (("run_id", "status"), ("state", "at"), ("at", "by")):
        if hasattr(item, first):
            one, two = getattr(item, first), getattr(item, second, "")
            one = one.value if hasattr(one, "value") else one
            two = two.isoformat() if hasattr(two, "isoformat") else two
            return f"{one} ({two})"
    return type(item).__name__


def claimed_message(what: str, base: Base) -> str:
    """The finding's text for one claimed item."""
    return (
        f"claimed by this change: {what}; it meets no gate (not on the base {base.short}, not "
        "corroborated by GitHub's review record): corroborate it (a maintainer's approval on "
        "the pull request, recorded with `intake review --pr`) or remove it"
    )


def _scenario_bytes(scenario: Path) -> bytes:
    """A scenario of the change, read as every suite file is: a regular file within the
    scenario limit, never through a link (``fileio.read_input``)."""
    return read_input(scenario, what="scenario file", limit=MAX_SCENARIO_BYTES, follow_links=False)


def _mapping(source: bytes | Path) -> dict[str, Any] | None:
    """A scenario's data (bytes, or the change's file: ``_scenario_bytes``); None when it
    cannot be read or is not a YAML mapping."""
    try:
        return parse_checked(source if isinstance(source, bytes) else _scenario_bytes(source)).data
    except (InputError, OSError, YamlProblem):
        return None


def _same_runnable(then: bytes, scenario: Path) -> bool:
    """Whether ``then``'s runnable content is the change's scenario's now."""
    old, now = _mapping(then), _mapping(scenario)
    return old is not None and now is not None and runnable_hash(old) == runnable_hash(now)
