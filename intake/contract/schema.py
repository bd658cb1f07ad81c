"""The committed JSON Schemas: generated from ``intake.contract.models``, enforced with jsonschema.

What is enforced is what is published: validation reads the committed files in ``schema/``
(shipped inside the wheel as ``intake/schema_files``), not the models. A test regenerates them
and fails on drift; another checks that jsonschema and pydantic agree on every fixture.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from intake.contract.models import SCENARIO_MODELS, Level, Record

SCHEMA_FILES: dict[str, str] = {
    "legacy": "scenario-legacy.schema.json",
    "draft": "scenario-draft.schema.json",
    "strict": "scenario.schema.json",
    "record": "record.schema.json",
}

REGENERATE = "python -m intake.contract.schema"


def schema_dir() -> Path:
    """The committed schemas: inside an installed wheel, else the repository's ``schema/``."""
    here = Path(__file__).resolve().parent.parent  # the intake package
    packaged = here / "schema_files"
    return packaged if packaged.is_dir() else here.parent / "schema"


def generate() -> dict[str, dict[str, Any]]:
    """Fresh schemas from the models, keyed like ``SCHEMA_FILES``."""
    out: dict[str, dict[str, Any]] = {}
    for level, model in SCENARIO_MODELS.items():
        out[level.value] = _document(model.model_json_schema(), SCHEMA_FILES[level.value])
    out["record"] = _document(Record.model_json_schema(), SCHEMA_FILES["record"])
    return out


def _document(schema: dict[str, Any], name: str) -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://intake.dev/schema/{name}",
        **schema,
    }


def write(folder: Path | None = None) -> list[Path]:
    """Write the generated schemas (the regeneration command)."""
    folder = folder or schema_dir()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for key, document in generate().items():
        target = folder / SCHEMA_FILES[key]
        target.write_text(json.dumps(document, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        written.append(target)
    return written


@cache
def committed(key: str) -> dict[str, Any]:
    """A committed schema document."""
    path = schema_dir() / SCHEMA_FILES[key]
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


@cache
def _validator(key: str) -> Draft202012Validator:
    return Draft202012Validator(committed(key))


@dataclass(frozen=True)
class SchemaProblem:
    """One schema violation: where (as a path into the document) and what."""

    path: tuple[str | int, ...]
    message: str
    rule: str = "schema"
    """What kind of violation: ``required`` (``missing`` names the key), ``placeholder`` (a
    ``TODO(intake)`` left where the strict schema forbids one), else ``schema``."""
    missing: str | None = None
    """The required key that is absent (``rule == "required"``)."""


def check(data: Any, level: Level | str) -> list[SchemaProblem]:
    """Validate ``data`` against the committed schema of ``level`` (or ``record``)."""
    key = level.value if isinstance(level, Level) else level
    problems = []
    for error in sorted(_validator(key).iter_errors(data), key=lambda e: list(e.absolute_path)):
        problems.extend(_flatten(error))
    return problems


def _flatten(error: ValidationError) -> list[SchemaProblem]:
    path = tuple(error.absolute_path)
    if error.validator == "anyOf" and len(path) == 2 and path[0] == "turns":
        return [
            SchemaProblem(path, "turn needs a non-empty ground_truth mapping or success_criteria")
        ]
    if error.validator in ("anyOf", "oneOf") and error.context:
        best = min(
            error.context, key=lambda e: (e.validator == "type", -len(list(e.absolute_path)))
        )
        return [_problem(best)]
    return [_problem(error)]


def _problem(error: ValidationError) -> SchemaProblem:
    """The problem one (innermost) jsonschema error states, typed by its rule."""
    path = tuple(error.absolute_path)
    field = (path[-1] if path else None) or "value"
    if error.validator == "required":
        keys: Any = error.validator_value
        found: Any = error.instance
        missing = next(
            (
                key
                for key in keys
                if isinstance(found, dict)
                and key not in found
                and str(error.message).startswith(repr(key))
            ),
            None,
        )
        message = str(error.message).replace("is a required property", "is required")
        return SchemaProblem(path, message, "required", missing)
    if error.validator == "pattern" and "TODO" in str(error.validator_value):
        return SchemaProblem(path, f"{field} still holds a TODO(intake) placeholder", "placeholder")
    return SchemaProblem(path, _message(error, field))


def _message(error: ValidationError, field: str | int) -> str:
    if error.validator == "pattern" and error.validator_value == r"\S":
        return f"{field} must not be blank"
    if error.validator == "type":
        return f"{field} must be of type {error.validator_value}"
    if error.validator == "additionalProperties":
        return str(error.message)
    text = str(error.message)
    return text if len(text) <= 200 else text[:197] + "..."


if __name__ == "__main__":  # pragma: no cover
    for written in write():
        print(written)
