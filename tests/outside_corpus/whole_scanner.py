"""What each public scanner says of a line as a whole: every rule, not only the one tested.

A scanner's test lists a false-positive example for one rule (``xoxp-1234567890`` is not a
Slack user token), but the scanner may flag the same line with another of its rules (a generic
API-key rule). A decoy the scanner itself flags is not its false positive, so the outside
corpus records, for each decoy, which rules of its scanner flag it (``flagged_by``), and the
benchmark reports decoys kept both over all examples and over those the scanner as a whole
keeps.

* gitleaks: its default configuration (``config/gitleaks.toml``) applied the way
  ``detect/detect.go`` (``detectRule``) applies it: keywords first (any, case-insensitive),
  every match of the rule's expression, the secret group (else the first non-empty group),
  the entropy threshold (``entropy <= threshold`` is skipped), the ``gitleaks:allow``
  signature, then the global and the rule's allow-lists (``regexTarget`` secret, match or line;
  ``stopwords`` contained in the secret; ``condition`` OR or AND). Path-only allow-lists never
  apply to a line.
* detect-secrets: ``detect_secrets.core.scan.scan_file`` on the line alone in a ``.txt`` file,
  with its default settings (every plugin and its default filters), as ``detect-secrets scan``
  runs.
"""

from __future__ import annotations

import math
import tempfile
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import regex

from tests.support.regex_sample import portable_pattern


def _compile(pattern: str) -> regex.Pattern[str] | None:
    """Go's expression as ``regex`` reads it: scoped flags such as ``(?-i:…)`` kept (``regex``
    has them), ``\\z`` mapped; a global flag after the start is moved to the front."""
    go = pattern.replace(r"\z", r"\Z")
    head = ""
    for flag in ("(?i)", "(?s)", "(?m)"):
        if flag in go:
            head += flag
            go = go.replace(flag, "")
    try:
        return regex.compile(head + go, regex.V0)
    except regex.error:
        try:
            return regex.compile(portable_pattern(pattern), regex.V0)
        except regex.error:
            return None


def shannon(text: str) -> float:
    """Shannon entropy in bits per character, as gitleaks' ``shannonEntropy`` computes it."""
    if not text:
        return 0.0
    n = len(text)
    return -sum(c / n * math.log2(c / n) for c in Counter(text).values())


@dataclass
class Allowlist:
    regexes: list[regex.Pattern[str]] = field(default_factory=list)
    stopwords: list[str] = field(default_factory=list)
    target: str = "secret"
    condition: str = "OR"
    has_paths: bool = False

    @classmethod
    def read(cls, data: dict[str, Any]) -> Allowlist:
        return cls(
            [p for p in (_compile(r) for r in data.get("regexes", [])) if p is not None],
            [w.lower() for w in data.get("stopwords", [])],
            data.get("regexTarget", "secret"),
            data.get("condition", "OR").upper(),
            bool(data.get("paths") or data.get("commits")),
        )

    def allows(self, secret: str, match: str, line: str) -> bool:
        target = {"secret": secret, "match": match, "line": line}.get(self.target, secret)
        checks = []
        if self.regexes:
            checks.append(any(p.search(target) for p in self.regexes))
        if self.stopwords:
            low = secret.lower()
            checks.append(any(w in low for w in self.stopwords))
        if self.has_paths:
            checks.append(False)  # a line has no path
        if not checks:
            return False
        return all(checks) if self.condition == "AND" else any(checks)


@dataclass
class Rule:
    id: str
    pattern: regex.Pattern[str]
    secret_group: int
    entropy: float
    keywords: list[str]
    allowlists: list[Allowlist]

    def findings(self, line: str, global_allow: list[Allowlist]) -> list[str]:
        low = line.lower()
        if self.keywords and not any(k in low for k in self.keywords):
            return []
        if "gitleaks:allow" in line:
            return []
        out = []
        for m in self.pattern.finditer(line, timeout=5):
            match = m.group(0).strip("\n")
            groups = self.pattern.search(match)
            secret = match
            if groups is not None and (groups.re.groups or 0) >= 1:
                if self.secret_group:
                    if self.secret_group > (groups.re.groups or 0):
                        continue
                    secret = groups.group(self.secret_group) or ""
                else:
                    secret = next((g for g in groups.groups() if g), match)
            if self.entropy and shannon(secret) <= self.entropy:
                continue
            if any(a.allows(secret, match, line) for a in (*global_allow, *self.allowlists)):
                continue
            out.append(secret)
        return out


class Gitleaks:
    """gitleaks' default rules, applied to one line (see the module's docstring)."""

    def __init__(self, toml_source: str) -> None:
        data = tomllib.loads(toml_source)
        glob = data.get("allowlist")
        self.global_allow = [Allowlist.read(glob)] if glob else []
        self.global_allow += [Allowlist.read(a) for a in data.get("allowlists", [])]
        self.rules: list[Rule] = []
        for r in data.get("rules", []):
            pattern = _compile(r["regex"]) if r.get("regex") else None
            if pattern is None:
                continue
            self.rules.append(
                Rule(
                    r["id"],
                    pattern,
                    int(r.get("secretGroup", 0)),
                    float(r.get("entropy", 0.0)),
                    [k.lower() for k in r.get("keywords", [])],
                    [Allowlist.read(a) for a in r.get("allowlists", [])],
                )
            )

    def flagged_by(self, line: str, *, besides: str = "") -> list[str]:
        """The rules that flag ``line``, other than ``besides`` (the rule whose test lists it
        as a false positive: that test is the arbiter of its own rule)."""
        return sorted(
            {r.id for r in self.rules if r.id != besides and r.findings(line, self.global_allow)}
        )


def detect_secrets_flagged_by(line: str, *, besides: str = "") -> list[str]:
    """The detect-secrets plugins that flag ``line`` in a file (default settings and filters,
    as ``detect-secrets scan`` runs on a ``.txt`` file), other than ``besides``."""
    from detect_secrets.core.scan import scan_file  # type: ignore[import-not-found]
    from detect_secrets.settings import default_settings  # type: ignore[import-not-found]

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "example.txt"
        path.write_text(line + "\n", encoding="utf-8")
        with default_settings():
            found = {s.type for s in scan_file(str(path))}
    return sorted(found - {besides})
