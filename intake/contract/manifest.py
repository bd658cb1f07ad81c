"""GAIA's corpus manifest and the cross-reference checks its CI runs on every scenario.

``eval/corpus/manifest.json`` lists documents ``{id, filename, format, domain, facts}`` with
facts ``{id, question, answer, difficulty[, note]}`` (hand-maintained: its totals are stale, so
they are never read). GAIA's CI (amd/gaia ``tests/test_eval.py``,
``TestManifestCrossReference``; docs/gaia-formats.md#ci-tests) merges
it with ``real_world/manifest.json`` when that file exists (plain list concatenation) and fails
a scenario whose

* ``turns[].ground_truth.doc_id`` is not a document id (``"<id> turn <n>: doc_id='<doc>'"``),
* ``(doc_id, fact_id)`` or ``(doc_id, f)`` for ``f`` in ``fact_ids`` is not a (document, fact)
  pair, checked only when ``doc_id`` is set (``"<id> turn <n>: <doc>.<fact>"``,
  ``"… (from fact_ids)"``),
* ``setup.index_documents[i].corpus_doc`` is not a document id
  (``"<id> setup.index_documents[i]: corpus_doc='<doc>'"``).

Scenarios under a ``real_world`` folder are skipped when the real-world manifest is absent, as
GAIA's CI does. ``check_refs`` reports each of these with GAIA's own message in it; the
validator adds the file and line. ``load_manifest`` is the one reader of the manifest, for
these checks and for matching a session's document to the corpus (``drafting.from_session``):
``adversarial_documents`` are corpus files but no ids a scenario may cite
(docs/gaia-formats.md#ci-tests).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from intake.contract.plain import PLACEHOLDER_MARK, JsonPath
from intake.errors import ConfigError, IntakeError
from intake.fileio import read_input

MANIFEST = "manifest.json"
REAL_WORLD = "real_world"
MAX_MANIFEST_BYTES = 16 * 1024 * 1024


@dataclass
class Manifest:
    """The merged manifest: document ids, (document, fact) pairs and file names."""

    documents: dict[str, str | None] = field(default_factory=dict)
    """Document id → its file name (None when the entry names none)."""
    facts: set[tuple[str, str]] = field(default_factory=set)
    real_world: bool = False
    """Whether ``real_world/manifest.json`` was merged (else real_world scenarios are skipped)."""

    def ids_for_filename(self, name: str) -> list[str]:
        """Document ids whose file name is ``name`` (any folder)."""
        return [i for i, f in self.documents.items() if f and Path(f).name == name]


def _read(path: Path, display: str) -> Any:

    try:
        # a regular file only, its size checked before a byte is read (a FIFO never hangs)
        raw = read_input(path, what="corpus manifest", limit=MAX_MANIFEST_BYTES, where=display)
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError("corpus manifest is not UTF-8", where=display) from None
    except IntakeError as exc:
        raise ConfigError(exc.message, where=display) from None
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        line = getattr(exc, "lineno", None)
        raise ConfigError(
            "corpus manifest is not valid JSON", where=f"{display}:{line}" if line else display
        ) from None


def _add(manifest: Manifest, data: Any, display: str) -> None:
    if not isinstance(data, dict) or not isinstance(data.get("documents"), list):
        raise ConfigError("corpus manifest has no 'documents' list", where=display)
    for doc in data["documents"]:
        if not isinstance(doc, dict) or not isinstance(doc.get("id"), str):
            continue
        filename = doc.get("filename")
        manifest.documents.setdefault(doc["id"], filename if isinstance(filename, str) else None)
        for fact in doc.get("facts") or []:
            if isinstance(fact, dict) and isinstance(fact.get("id"), str):
                manifest.facts.add((doc["id"], fact["id"]))


def load_manifest(corpus_dir: Path, display: str | None = None) -> Manifest:
    """The manifest GAIA's CI checks against, from ``corpus_dir`` (ConfigError when unreadable).

    ``corpus_dir/manifest.json`` is required; ``corpus_dir/real_world/manifest.json`` is merged
    when present.
    """
    shown = display or str(corpus_dir)
    base = corpus_dir / MANIFEST
    if not base.is_file():
        raise ConfigError("corpus_dir has no manifest.json", where=shown)
    manifest = Manifest()
    _add(manifest, _read(base, f"{shown}/{MANIFEST}"), f"{shown}/{MANIFEST}")
    real = corpus_dir / REAL_WORLD / MANIFEST
    if real.is_file():
        where = f"{shown}/{REAL_WORLD}/{MANIFEST}"
        _add(manifest, _read(real, where), where)
        manifest.real_world = True
    return manifest


def skipped(manifest: Manifest, path: Path) -> bool:
    """Whether GAIA's CI skips this scenario file (a real_world one without that manifest)."""
    return not manifest.real_world and REAL_WORLD in path.parts


def _value(value: Any) -> str | None:
    """A reference worth checking: a non-empty string that is not an intake placeholder."""
    if isinstance(value, str) and value and PLACEHOLDER_MARK not in value:
        return value
    return None


def check_refs(data: dict[str, Any], manifest: Manifest) -> Iterator[tuple[JsonPath, str]]:
    """Each reference the manifest does not hold: its JSON path and the message.

    Every message ends with GAIA's CI message in parentheses, so a reader can match the two.
    """
    sid = data.get("id")
    turns = data.get("turns")
    for index, turn in enumerate(turns if isinstance(turns, list) else []):
        if not isinstance(turn, dict):
            continue
        truth = turn.get("ground_truth") or {}
        if not isinstance(truth, dict):
            continue
        number = turn.get("turn", "?")
        base: JsonPath = ("turns", index, "ground_truth")
        doc = _value(truth.get("doc_id"))
        if doc is None:
            continue
        if doc not in manifest.documents:
            yield (
                (*base, "doc_id"),
                f"doc_id {doc!r} is not a document in the corpus manifest "
                f"(GAIA CI: {sid} turn {number}: doc_id='{doc}')",
            )
        fact = _value(truth.get("fact_id"))
        if fact is not None and (doc, fact) not in manifest.facts:
            yield (
                (*base, "fact_id"),
                f"fact_id {fact!r} is not a fact of document {doc!r} in the corpus manifest "
                f"(GAIA CI: {sid} turn {number}: {doc}.{fact})",
            )
        fact_ids = truth.get("fact_ids")
        for position, item in enumerate(fact_ids if isinstance(fact_ids, list) else []):
            one = _value(item)
            if one is not None and (doc, one) not in manifest.facts:
                yield (
                    (*base, "fact_ids", position),
                    f"fact_ids entry {one!r} is not a fact of document {doc!r} in the corpus "
                    f"manifest (GAIA CI: {sid} turn {number}: {doc}.{one} (from fact_ids))",
                )
    setup = data.get("setup")
    entries = setup.get("index_documents") if isinstance(setup, dict) else None
    for position, entry in enumerate(entries if isinstance(entries, list) else []):
        if not isinstance(entry, dict):
            continue
        name = _value(entry.get("corpus_doc"))
        if name is not None and name not in manifest.documents:
            yield (
                ("setup", "index_documents", position, "corpus_doc"),
                f"corpus_doc {name!r} is not a document in the corpus manifest "
                f"(GAIA CI: {sid} setup.index_documents[{position}]: corpus_doc='{name}')",
            )
