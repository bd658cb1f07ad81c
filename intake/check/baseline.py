"""The baseline: scrub findings accepted in existing files, as keyed fingerprints, never values.

``intake check --update-baseline`` writes it (``baseline_path``); later checks leave out the
findings it accepts and report only new ones.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from intake.check.result import CheckReport
from intake.config import Settings
from intake.errors import InputError, UsageError
from intake.fileio import atomic_write, parse_json_input, read_input
from intake.paths import display_path
from intake.scrub import FileFinding, scrubber_for
from intake.store.records import utcnow

BASELINE_VERSION = 1

REWRITE_HINT = "rewrite it with `intake check --update-baseline`"


@dataclass
class Baseline:
    """Accepted findings: a key and keyed fingerprints, never a value."""

    key: str
    fingerprints: set[str]


def _line_of(settings: Settings, hit: FileFinding) -> str:
    """The text of the finding's line ("" when the file or line cannot be read)."""
    try:
        lines = settings.path(Path(hit.file)).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return ""
    return lines[hit.line - 1] if 0 < hit.line <= len(lines) else ""


def _context(settings: Settings, key: str, hit: FileFinding) -> str:
    """The finding's line with every finding on it replaced by its type, whitespace folded,
    then a one-byte keyed tag of each value.

    Moving a line keeps its fingerprint. Another value in place of an accepted one changes it
    (255 times in 256), while the tag is too short to confirm a guessed value from the
    fingerprint and the key beside it.
    """
    line = _line_of(settings, hit)
    found = sorted(scrubber_for(settings).find(line), key=lambda f: f.start, reverse=True)
    tags = sorted(
        hmac.new(
            bytes.fromhex(key), line[f.start : f.end].encode("utf-8"), hashlib.sha256
        ).hexdigest()[:2]
        for f in found
    )
    for f in found:
        line = line[: f.start] + f"<{f.entity_type}>" + line[f.end :]
    return "\0".join([" ".join(line.split()), *tags])


def fingerprint(settings: Settings, key: str, hit: FileFinding) -> str:
    """``hmac-sha256:…`` of type, file and normalised context, keyed with the baseline's key."""
    message = "\0".join((hit.entity_type, hit.file, _context(settings, key, hit))).encode("utf-8")
    digest = hmac.new(bytes.fromhex(key), message, hashlib.sha256).hexdigest()
    return f"hmac-sha256:{digest}"


def _parse(data: object) -> Baseline | None:
    """The baseline parsed JSON holds (its version, a 64-hex key, fingerprints), or None."""
    match data:
        case {"intake_baseline_version": version, "key": str(key), "findings": list(findings)}:
            if version != BASELINE_VERSION or not re.fullmatch(r"[0-9a-f]{64}", key):
                return None
            fingerprints = set()
            for finding in findings:
                match finding:
                    case {"fingerprint": str(fingerprint)}:
                        fingerprints.add(fingerprint)
                    case _:
                        return None
            return Baseline(key, fingerprints)
    return None


def load_baseline(
    settings: Settings, *, raw: bytes | None = None, from_base: bool = False
) -> Baseline | None:
    """The baseline file, or None when there is none; a damaged one is a configuration error.

    ``from_base``: the base revision's baseline, ``raw`` (None: the base has none), never the
    working tree's, which the change may have rewritten with a key of its own.
    """
    path = settings.path(settings.baseline_path)
    if from_base and raw is None:
        return None
    if not from_base and not path.exists():
        return None
    shown = display_path(path, settings.root)
    try:
        held = raw if raw is not None else read_input(path, what="the baseline", where=shown)
        data = parse_json_input(held, what="the baseline", where=shown)
    except (OSError, InputError):
        raise UsageError(
            "the baseline is not a readable JSON file", where=shown, hint=REWRITE_HINT
        ) from None
    baseline = _parse(data)
    if baseline is None:
        raise UsageError(
            "the baseline is not an intake baseline (version, key, findings)",
            where=shown,
            hint=REWRITE_HINT,
        )
    return baseline


def update_baseline(settings: Settings, report: CheckReport) -> tuple[Path, int]:
    """Write the baseline accepting every scrub finding now in scenario files (not drafts).

    The key is kept from an existing baseline (so unchanged findings keep their fingerprints),
    else a new random one. Returns the file and the number of findings accepted.
    """
    try:
        old = load_baseline(settings)
    except UsageError:
        old = None
    key = old.key if old is not None else secrets.token_hex(32)
    entries = sorted(
        {
            (fingerprint(settings, key, hit), hit.entity_type, hit.file)
            for hit in report.baseline_hits
        }
    )
    document = {
        "intake_baseline_version": BASELINE_VERSION,
        "generated_at": utcnow().isoformat(timespec="seconds"),
        "about": "scrub findings accepted in existing files; fingerprints only, never values "
        "(intake check --update-baseline)",
        "key": key,
        "findings": [{"fingerprint": fp, "type": t, "file": f} for fp, t, f in entries],
    }
    path = settings.path(settings.baseline_path)
    atomic_write(path, json.dumps(document, indent=2) + "\n")
    return path, len(entries)
