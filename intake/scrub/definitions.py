"""The ``scrubbers/`` folder: where it is, its configuration hash, its YAML, the allow-list.

Everything that decides *what* is private is data there (a Presidio recognizer-registry YAML,
allow-lists, fixture formats); this module reads it. YAML is read through
``intake.contract.yamlio``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import regex

from intake.contract.yamlio import load_data
from intake.errors import ConfigError

__all__ = ["SCRUBBER_VERSION", "SECRET_PRIORITY", "packaged_scrubbers_dir", "scrubber_config_hash"]

SCRUBBER_VERSION = "1.8.0"
"""Bumped whenever the code changes what is found or how it is replaced."""

SECRET_PRIORITY = 60
"""Entity types with a priority at or above this are secrets (widened, never trimmed)."""


def packaged_scrubbers_dir() -> Path:
    """The ``scrubbers/`` folder: inside the installed package, else at the repository root."""
    here = Path(__file__).resolve().parent.parent  # the intake package
    inside = here / "scrubbers"
    return inside if inside.is_dir() else here.parent / "scrubbers"


def _scrubber_files(scrubbers_dir: Path) -> list[Path]:
    return sorted(
        p for p in scrubbers_dir.iterdir() if p.is_file() and p.suffix in {".yaml", ".yml"}
    )


def scrubber_config_hash(scrubbers_dir: Path | None = None) -> str:
    """``sha256:…`` over every file of the scrubber configuration (names and bytes)."""
    folder = scrubbers_dir or packaged_scrubbers_dir()
    digest = hashlib.sha256()
    digest.update(f"intake-scrubber {SCRUBBER_VERSION}\n".encode())
    for path in _scrubber_files(folder):
        data = path.read_bytes()
        digest.update(f"{path.name}\0{len(data)}\0".encode())
        digest.update(data)
    return "sha256:" + digest.hexdigest()


def load_scrubber_yaml(path: Path) -> Any:

    try:
        return load_data(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ConfigError("scrubber configuration file is missing", where=str(path)) from exc
    except Exception as exc:
        raise ConfigError(
            f"scrubber configuration is invalid: {type(exc).__name__}", where=str(path)
        ) from exc


@dataclass(frozen=True)
class _AllowRule:
    name: str
    entities: frozenset[str]
    pattern: regex.Pattern[str]

    def applies(self, entity_type: str) -> bool:
        return "*" in self.entities or entity_type in self.entities


def load_allow_rules(path: Path) -> list[_AllowRule]:
    data = load_scrubber_yaml(path) or {}
    rules = []
    for i, rule in enumerate(data.get("rules", [])):
        try:
            rules.append(
                _AllowRule(
                    name=str(rule.get("name", f"rule{i}")),
                    entities=frozenset(rule["entities"]),
                    pattern=regex.compile(rule["regex"], regex.V0),
                )
            )
        except (KeyError, TypeError, regex.error) as exc:
            raise ConfigError(f"allow-list rule {i} is invalid: {exc}", where=str(path)) from exc
    return rules
