"""Presidio's recognizer classes without its NLP stack, and the lean analyzer that runs them.

``presidio_analyzer/__init__`` imports every part of Presidio, and its NLP engines import spaCy
(1.1-1.8 s CPU per process), although a scrubber with no ``spacy_model`` runs only pattern
recognizers. The classes intake subclasses and calls (``Pattern``, ``PatternRecognizer``,
``EntityRecognizer``, ``RecognizerResult``) and Presidio's registry loader
(``recognizers_loader_utils``, ``input_validation``) import neither spaCy nor the NLP engines.

So this module imports Presidio in two steps, with Presidio's own files and nothing standing in
for anything: it loads those modules under Presidio's real package object without running the
package's ``__init__`` yet, then takes the package (and ``recognizer_registry``, whose
``__init__`` is heavy too) out of ``sys.modules`` and leaves a finder on ``sys.meta_path``.
The first ``import presidio_analyzer`` (or of any module under it: Python imports the parent
first) anywhere in the process then runs the real ``__init__`` in that same package object, as a
normal import: the modules already loaded are reused, so every class is the one intake already
holds, and a ``spacy_model`` scrubber built later in the same process gets real spaCy.

``LeanAnalyzer`` is ``AnalyzerEngine.analyze`` for what intake builds without a spaCy model:
pattern recognizers, no NLP artifacts, no context words (see ``Scrubber._build_analyzer``).
``tests/test_scrub_start.py`` shows a plain scrub process imports no spaCy, and that the lean
registry and analysis equal Presidio's own (``Scrubber(fast=False)`` runs Presidio's engine).
"""

from __future__ import annotations

import copy
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import threading
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

PACKAGE = "presidio_analyzer"
_REGISTRY = PACKAGE + ".recognizer_registry"
# Presidio's modules that import neither spaCy nor an NLP engine, in the order
# presidio_analyzer/__init__ imports them, with the name it binds from each (the light modules
# import these names from the package).
_LIGHT = (
    ("analysis_explanation", "AnalysisExplanation"),
    ("recognizer_result", "RecognizerResult"),
    ("entity_recognizer", "EntityRecognizer"),
    ("local_recognizer", "LocalRecognizer"),
    ("pattern", "Pattern"),
    ("pattern_recognizer", "PatternRecognizer"),
)
_lock = threading.Lock()


class _Resume(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds a package whose ``__init__`` was put off, and runs it in the same module object."""

    def __init__(self) -> None:
        self.waiting: dict[str, tuple[ModuleType, importlib.machinery.ModuleSpec]] = {}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.waiting:
            return None
        spec = copy.copy(self.waiting[fullname][1])
        spec.loader = self
        return spec

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return self.waiting[spec.name][0]

    def exec_module(self, module: ModuleType) -> None:
        module_, spec = self.waiting.pop(module.__name__)
        if not self.waiting and self in sys.meta_path:
            sys.meta_path.remove(self)
        assert spec.loader is not None and module_ is module
        try:
            spec.loader.exec_module(module)
        finally:
            module.__spec__ = spec


_RESUME = _Resume()


def _put_off(name: str) -> tuple[ModuleType, importlib.machinery.ModuleSpec]:
    """Presidio's package ``name`` as a module object whose ``__init__`` has not run yet."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ImportError(f"{name} is not installed", name=name)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    return module, spec


def load_light() -> None:
    """Import the light modules (once per process); a no-op once Presidio is imported."""
    with _lock:
        if PACKAGE in sys.modules or PACKAGE in _RESUME.waiting:
            return
        package, package_spec = _put_off(PACKAGE)
        registry, registry_spec = _put_off(_REGISTRY)
        try:
            for name, attr in _LIGHT:
                setattr(package, attr, getattr(importlib.import_module(f"{PACKAGE}.{name}"), attr))
            importlib.import_module(_REGISTRY + ".recognizers_loader_utils")
            importlib.import_module(PACKAGE + ".input_validation")
        except BaseException:
            for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
                del sys.modules[name]
            raise
        del sys.modules[_REGISTRY], sys.modules[PACKAGE]
        _RESUME.waiting[_REGISTRY] = (registry, registry_spec)
        _RESUME.waiting[PACKAGE] = (package, package_spec)
        sys.meta_path.insert(0, _RESUME)


def light(module: str) -> Any:
    """One of Presidio's light modules (``pattern_recognizer``, ``input_validation``...)."""
    load_light()
    return sys.modules[f"{PACKAGE}.{module}"]


class LeanRegistry:
    """What intake reads of Presidio's ``RecognizerRegistry``: its recognizers, in order."""

    def __init__(self, recognizers: list[Any], supported_languages: list[str], flags: int) -> None:
        self.recognizers = recognizers
        self.supported_languages = supported_languages
        self.global_regex_flags = flags

    def add_recognizer(self, recognizer: Any) -> None:
        if not isinstance(recognizer, light("entity_recognizer").EntityRecognizer):
            raise ValueError("Input is not of type EntityRecognizer")
        self.recognizers.append(recognizer)


class TokenRule(BaseModel):
    """A registry entry's ``token``: a provider token cut in two by terminal wrapping, built by
    intake as an ``IntakeWrappedTokenRecognizer`` (its other keyword arguments kept)."""

    model_config = ConfigDict(extra="allow")
    entity: str
    prefix: str
    body: str
    length: int


class CheckedRule(BaseModel):
    """A registry entry's ``checked``: patterns whose every match is checked for placeholders,
    length and entropy, built by intake as an ``IntakeCheckedRecognizer`` (or the subclass its
    ``check`` names, with that rule's own checks)."""

    model_config = ConfigDict(extra="forbid")
    check: str = "IntakeCheckedRecognizer"
    entity: str
    patterns: list[tuple[str, str, float]]
    min_entropy: float = 0.0
    min_length: int = 1


class RegistryEntry(BaseModel):
    """An entry of a registry file's ``recognizers``: what intake reads of it, Presidio's other
    fields kept as they are."""

    model_config = ConfigDict(extra="allow")
    name: str | None = None
    class_name: str | None = None
    type: str | None = None
    token: TokenRule | None = None
    checked: CheckedRule | None = None

    @model_validator(mode="after")
    def _named(self) -> RegistryEntry:
        if (self.token is not None or self.checked is not None) and self.name is None:
            raise ValueError("a token or checked rule needs a name")
        return self


class RegistryFile(BaseModel):
    """A recognizer-registry file (``recognizers.yaml``, ``providers.yaml``) parsed once:
    Presidio's registry configuration, whose ``token`` entries are intake's own rules. A file
    without ``recognizers`` and ``global_regex_flags`` is refused rather than completed from
    Presidio's defaults (as Presidio's ``conf_file`` would not be either). Presidio is given
    ``model_dump(exclude_unset=True)``: the file as written, the ``token`` rules taken out."""

    model_config = ConfigDict(extra="allow")
    recognizers: list[RegistryEntry | str]
    global_regex_flags: int


def load_registry(registry: RegistryFile) -> LeanRegistry:
    """``RecognizerRegistryProvider(registry_configuration=...).create_recognizer_registry()``
    with no NLP engine (intake passes none), by Presidio's own loader and validator."""
    loader = light("recognizer_registry.recognizers_loader_utils")
    validator = light("input_validation").ConfigurationValidator
    conf = loader.RecognizerConfigurationLoader.get(
        registry_configuration=registry.model_dump(exclude_unset=True)
    )
    # `type: predefined` names a class among EntityRecognizer's subclasses: intake's are
    # imported; a folder naming one of Presidio's stock recognizers gets Presidio's set.
    wanted = {
        r.class_name or r.name
        for r in registry.recognizers
        if isinstance(r, RegistryEntry) and r.type == "predefined"
    }
    known = {c.__name__ for c in loader.RecognizerListLoader.get_all_existing_recognizers()}
    if wanted - known:
        importlib.import_module(PACKAGE + ".predefined_recognizers")
    # the validator returns its pydantic model's dump: every field is there
    conf = validator.validate_recognizer_registry_configuration(conf)
    languages, flags = conf["supported_languages"], conf["global_regex_flags"]
    recognizers = list(loader.RecognizerListLoader.get(conf["recognizers"], languages, flags))
    return LeanRegistry(recognizers, languages or ["en"], flags)


class LeanAnalyzer:
    """``AnalyzerEngine.analyze(text, language)`` with the defaults intake uses, for a registry
    of recognizers that need no NLP artifacts and adjust nothing by context.

    Presidio's steps, in its order: the language's recognizers, each loaded once and run over
    the text (``nlp_artifacts`` None: the no-op engine's artifacts are empty, and no recognizer
    here reads them), each result tagged with its recognizer's id and name if it has none; the
    context step is the identity (the scrubber's no-op enhancer, no recognizer overriding
    ``enhance_using_context``: ``Scrubber`` checks before choosing this analyzer); results under
    their recognizer's score threshold dropped (engine default 0); ``remove_duplicates``;
    explanations cleared.
    """

    default_score_threshold = 0.0

    def __init__(self, registry: LeanRegistry, language: str = "en") -> None:
        self.registry = registry
        self.supported_languages = [language]
        self._entities: dict[str, list[str]] = {}
        self._result_cls = light("recognizer_result").RecognizerResult
        self._remove_duplicates = light("entity_recognizer").EntityRecognizer.remove_duplicates

    def get_recognizers(self, language: str) -> list[Any]:
        return [r for r in self.registry.recognizers if r.supported_language == language]

    def get_supported_entities(self, language: str) -> list[str]:
        if language not in self._entities:
            found: list[str] = []
            for recognizer in self.get_recognizers(language):
                found.extend(recognizer.get_supported_entities())
            self._entities[language] = list(set(found))
        return list(self._entities[language])

    def analyze(self, text: str, language: str) -> list[Any]:
        result_cls = self._result_cls
        id_key, name_key = result_cls.RECOGNIZER_IDENTIFIER_KEY, result_cls.RECOGNIZER_NAME_KEY
        recognizers = self.get_recognizers(language)
        if not recognizers:
            raise ValueError("No matching recognizers were found to serve the request.")
        entities = self.get_supported_entities(language)
        results: list[Any] = []
        thresholds: dict[str, dict[str, float]] = {}
        for recognizer in recognizers:
            if not recognizer.is_loaded:
                recognizer.load()
                recognizer.is_loaded = True
            thresholds[recognizer.id] = recognizer.score_thresholds
            found = recognizer.analyze(text=text, entities=entities, nlp_artifacts=None)
            for result in found or ():
                if not result.recognition_metadata:
                    result.recognition_metadata = {}
                result.recognition_metadata.setdefault(id_key, recognizer.id)
                result.recognition_metadata.setdefault(name_key, recognizer.name)
            if found:
                results.extend(found)
        if results:
            results = [r for r in results if r.score >= self._threshold(r, thresholds, id_key)]
        results = self._remove_duplicates(results)
        for result in results:
            result.analysis_explanation = None
        return list(results)

    def _threshold(self, result: Any, thresholds: dict[str, dict[str, float]], key: str) -> float:
        """``AnalyzerEngine.__get_result_score_threshold``."""
        recognizer_id = (result.recognition_metadata or {}).get(key)
        own = None if recognizer_id is None else thresholds.get(recognizer_id)
        if own is None:
            return self.default_score_threshold
        for name in (result.entity_type, "default"):
            if own.get(name) is not None:
                return own[name]
        return self.default_score_threshold
