"""A scrubbing process starts without spaCy, and nothing it finds changes.

A scrubber with no ``spacy_model`` imports Presidio's light modules under its real package with
the package's ``__init__`` put off (``intake.scrub.presidio``), loads the registry with Presidio's
own loader and runs it with ``LeanAnalyzer``. These tests show, in new processes, that a scrub
imports no spaCy and still scrubs, that Presidio imported afterwards in the same process is the
real one (a ``spacy_model`` scrubber uses real spaCy, every Presidio module imports), and, in
this process, that the lean registry and analysis equal Presidio's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from intake.contract.yamlio import load_data
from intake.scrub import Scrubber, packaged_scrubbers_dir
from intake.scrub.definitions import plain_yaml
from intake.scrub.engine import _provider_registry, _registry_configuration, _with_token_rules
from intake.scrub.presidio import LeanAnalyzer, load_registry
from tests.support.scrub_corpus import build_corpus, kind_values

REPO = Path(__file__).resolve().parents[1]
SECRET = "ghp_" + "aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6"


def _run(code: str, cwd: Path) -> Any:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_plain_scrub_process_imports_no_spacy(tmp_path: Path) -> None:
    """`intake scrub` and `intake scrub --check` (the CLI, in one new process each) scrub a
    token and flag it without importing spaCy or running Presidio's package __init__; the check
    also without importing intake's record models (pydantic classes of
    ``intake.contract.models``) or ruamel.yaml: models are imported where a report is made, the
    scrubber's YAML is read by ``plain_yaml``. ``intake scrub`` writes a report, so it may
    import them."""
    draft = tmp_path / "log.txt"
    draft.write_text(f"token {SECRET}\nmail mara.lindqvist@acme.io\n", encoding="utf-8")
    code = """
import json, sys
from intake.cli import app
sys.argv = ["intake", "scrub", *%r]
try:
    app()
except SystemExit as exit:
    code = exit.code
print()
print(json.dumps({"code": code, "spacy": sorted(m for m in sys.modules if m.split(".")[0] in
    ("spacy", "thinc")), "presidio": "presidio_analyzer" in sys.modules,
    "heavy": sorted(m for m in sys.modules
        if m == "intake.contract.models" or m.split(".")[0] in ("ruamel", "_ruamel_yaml"))}))
"""
    check = _run(code % (["--check", str(draft)],), tmp_path)
    assert check == {"code": 1, "spacy": [], "presidio": False, "heavy": []}  # findings: exit 1
    scrub = _run(code % ([str(draft)],), tmp_path)
    assert (scrub["code"], scrub["spacy"], scrub["presidio"]) == (0, [], False)
    text = draft.read_text(encoding="utf-8")
    assert SECRET not in text and "mara.lindqvist" not in text


def test_a_one_line_scrub_compiles_only_the_user_name_rules_its_text_calls_for(
    tmp_path: Path,
) -> None:
    """The user-name rules' patterns are compiled when a text first needs them (the regex
    module's parser takes about 2 ms a pattern: half a process's start when all 220 were
    compiled as the scrubber was built). `intake scrub --check` on a one-line JSON file (the
    CLI, in a new process) compiles a handful; a text with a prompt and a home compiles the
    rules those call for, and finds the login."""
    one = tmp_path / "one.json"
    one.write_text('{"a": "b"}\n', encoding="utf-8")
    prompt = tmp_path / "prompt.txt"
    prompt.write_text("mara@box:~$ ls /home/mara/.cache\n", encoding="utf-8")
    code = """
import json, sys
from intake.cli import app
from intake.scrub.definitions import user_name_rules
seen = []
for path in %r:  # one process: the one-line file first, then the prompt
    sys.argv = ["intake", "scrub", "--check", path]
    try:
        app()
    except SystemExit as exit:
        code = exit.code
    rules = user_name_rules().values()
    seen.append({"code": code, "compiled": sum("pattern" in r.__dict__ for r in rules),
        "rules": len(rules)})
print()
print(json.dumps(seen))
"""
    quiet, busy = _run(code % [str(one), str(prompt)], tmp_path)
    assert quiet["code"] == 0 and quiet["rules"] > 200
    assert quiet["compiled"] <= quiet["rules"] // 10
    assert busy["code"] == 1 and busy["compiled"] > quiet["compiled"]  # the login found


def _typed(value: Any) -> Any:
    """``value`` with the type of every leaf beside it (``1 == True == 1.0`` in Python)."""
    if isinstance(value, dict):
        return [(_typed(k), _typed(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_typed(v) for v in value]
    return (type(value).__name__, value)


def _read(reader: Any, text: str) -> Any:
    try:
        return _typed(reader(text))
    except Exception as exc:  # the same error type by either route
        return ("error", type(exc).__name__)


YAML_FORMS = [
    *("a: " + v for v in ("1", "-0", "017", "0o17", "1_000", "1:20", "1.5", "1e3", ".5", ".inf")),
    *("a: " + v for v in ("yes", "no", "on", "Off", "TRUE", "~", "null", "2024-01-02", "+1")),
    *("a: " + v for v in ("0x1F", "=", "-", "--x", "3.", "00", "01.5", "b c", "x # c", "''")),
    "",
    "a:",
    "a: !!str 1",
    "a: ! 1",
    "a: &x 1\nb: *x",
    "a: &x [p, 'q']\nb: [*x, *x]\nc: &x r\nd: *x",
    "a: &x {k: v}\nb: *x",
    "a: &x [*x]",
    "a: *x",
    "a: &x 1\nb: &x [*x]",
    "*x : 1",
    "a: &x !!str 1\nb: *x",
    "<<: {a: 1}",
    "a: 1\na: 2",
    "1: x\n1.0: y",
    "%YAML 1.1\n---\na: yes",
    "a: 1\n---\nb: 2",
    "a: [1, 'x', \"y\"]",
    "a: |\n  text\n",
    "a: >\n  folded\n  more\n",
    "? [a]\n: 1",
    "a: 'it''s'",
    'a: "\\x41\\u00e9"',
    "- a\n- - b\n  - c",
    "a: b\x85c",
    "\ufeffa: 1",
    "a:\t1",
    "a: [unclosed",
]


@pytest.mark.parametrize("text", YAML_FORMS)
def test_plain_yaml_reads_what_ruamels_safe_loader_reads(text: str) -> None:
    """The scrubber's YAML reader gives ruamel's data (types included) or raises ruamel's
    error, for each form it reads itself and each it leaves to ruamel."""
    assert _read(plain_yaml, text) == _read(load_data, text)


def test_the_packaged_scrubber_yaml_is_read_without_ruamel() -> None:
    """Every packaged scrubbers file reads to ruamel's data, by libyaml alone (a new process
    reads them all and has no ruamel module)."""
    files = sorted(packaged_scrubbers_dir().glob("*.yaml"))
    assert len(files) >= 5
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert _read(plain_yaml, text) == _read(load_data, text), path.name
    code = f"""
import json, sys
from pathlib import Path
from intake.scrub.definitions import plain_yaml
for name in {[p.name for p in files]!r}:
    plain_yaml((Path({str(files[0].parent)!r}) / name).read_text(encoding="utf-8"))
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("ruamel", "_ruamel_yaml"))))
"""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []


@pytest.mark.slow
def test_a_spacy_model_after_a_plain_scrubber_gets_real_spacy(tmp_path: Path) -> None:
    """In one process: a plain scrubber first (no spaCy), then a ``spacy_model`` scrubber, which
    runs Presidio's real package and real spaCy with the classes the plain one holds."""
    model = tmp_path / "blank_en"
    code = """
import json, sys
from intake.scrub import Scrubber
plain = Scrubber()
before = plain.scrub_text("mail bob@acme.io").text
no_spacy = "spacy" not in sys.modules and "presidio_analyzer" not in sys.modules
import spacy
spacy.blank("en").to_disk(%r)
with_ner = Scrubber(spacy_model=%r)
import presidio_analyzer, intake.scrub.recognizers as recognizers
from presidio_analyzer.nlp_engine import SpacyNlpEngine
print(json.dumps({
    "no_spacy_first": no_spacy,
    "before": before,
    "after": with_ner.scrub_text("mail bob@acme.io").text,
    "plain_again": plain.scrub_text("mail bob@acme.io").text,
    "spacy_engine": isinstance(with_ner.analyzer.nlp_engine, SpacyNlpEngine),
    "spacy_file": spacy.__file__,
    "same_class": presidio_analyzer.PatternRecognizer is recognizers.PatternRecognizer,
    "spacy_recognizer": any(type(r).__name__ == "SpacyRecognizer"
                            for r in with_ner.analyzer.registry.recognizers),
}))
"""
    got = _run(code % (str(model), str(model)), tmp_path)
    assert got["no_spacy_first"] is True
    assert got["before"] == got["after"] == got["plain_again"] == "mail user1@example.com"
    assert got["spacy_engine"] is True and got["spacy_recognizer"] is True
    assert "site-packages" in got["spacy_file"]
    assert got["same_class"] is True


@pytest.mark.parametrize(
    "module",
    [
        # the package in the fast tier; the matrix of its modules, a new process each, is slow
        "presidio_analyzer",
        *(
            pytest.param(name, marks=pytest.mark.slow)
            for name in (
                "presidio_analyzer.nlp_engine",
                "presidio_analyzer.recognizer_registry",
                "presidio_analyzer.recognizer_registry.recognizer_registry_provider",
                "presidio_analyzer.analyzer_engine",
                "presidio_analyzer.predefined_recognizers",
                "presidio_analyzer.context_aware_enhancers",
                "presidio_analyzer.batch_analyzer_engine",
            )
        ),
    ],
)
def test_any_presidio_module_imports_after_the_light_ones(tmp_path: Path, module: str) -> None:
    """Importing any part of Presidio after the light modules (directly, not through its
    package) runs the package's real __init__ first: no circular import, one module object per
    name, the package's spec and loader its own, Presidio's engine working."""
    code = f"""
import json, sys
from intake.scrub.presidio import light
pattern_recognizer = light("pattern_recognizer")
import {module}
import presidio_analyzer
from presidio_analyzer import AnalyzerEngine, PatternRecognizer
from presidio_analyzer.nlp_engine import NlpEngineProvider
import presidio_analyzer.recognizer_registry as registry
engine = AnalyzerEngine(nlp_engine=NlpEngineProvider(nlp_configuration={{
    "nlp_engine_name": "no_op", "models": [{{"lang_code": "en", "model_name": "no_op"}}]}}
).create_engine())
print(json.dumps({{
    "found": [r.entity_type for r in engine.analyze("mail jane@example.org", language="en")],
    "same": PatternRecognizer is pattern_recognizer.PatternRecognizer
        and presidio_analyzer.pattern_recognizer is pattern_recognizer
        and registry.recognizers_loader_utils
            is sys.modules["presidio_analyzer.recognizer_registry.recognizers_loader_utils"],
    "loaders": sorted({{type(m.__spec__.loader).__name__ for m in (presidio_analyzer, registry)}}),
    "finder_left": any(type(f).__name__ == "_Resume" for f in sys.meta_path),
}}))
"""
    got = _run(code, tmp_path)
    assert "EMAIL_ADDRESS" in got["found"]
    assert got["same"] is True
    assert got["loaders"] == ["SourceFileLoader"]
    assert got["finder_left"] is False


def _plain(value: Any) -> Any:
    """A compiled pattern as its text and flags: ``regex`` patterns compare by identity, and its
    cache returns the same object only while the pattern is still cached."""
    if callable(getattr(value, "search", None)) and hasattr(value, "pattern"):
        return ("compiled", value.pattern, value.flags)
    return value


def _state(recognizer: Any) -> dict[str, Any]:
    state = {k: _plain(v) for k, v in vars(recognizer).items() if k not in ("_id", "patterns")}
    state["class"] = type(recognizer).__name__
    state["patterns"] = [(p.name, p.regex, p.score) for p in getattr(recognizer, "patterns", [])]
    return state


@pytest.mark.parametrize("name", ["recognizers.yaml", "providers.yaml"])
def test_the_lean_registry_is_presidios_registry(name: str) -> None:
    """Recognizer by recognizer, in order: the same class, name, language, entities, patterns,
    flags, context, deny list and thresholds as Presidio's RecognizerRegistryProvider builds."""
    import intake.scrub.context  # noqa: F401  (registers the `type: predefined` classes)

    conf = _registry_configuration(packaged_scrubbers_dir() / name)
    lean = _with_token_rules(load_registry, conf)
    stock = _with_token_rules(_provider_registry, conf)
    assert len(lean.recognizers) == len(stock.recognizers) > 30
    assert [_state(r) for r in lean.recognizers] == [_state(r) for r in stock.recognizers]
    assert lean.supported_languages == stock.supported_languages
    assert lean.global_regex_flags == stock.global_regex_flags == 24


def test_the_lean_analyzer_is_presidios_engine() -> None:
    """The scrubber's LeanAnalyzer and Presidio's AnalyzerEngine (stock context step) over the
    same recognizers give the same results (type, span, score, metadata, order)."""
    plain = Scrubber()
    assert isinstance(plain.analyzer, LeanAnalyzer)
    engine: Any = plain._presidio_engine(plain.analyzer.registry)
    texts = [build_corpus(120_000, seed=3).text, *kind_values(seed=11).values(), "", "x"]

    def results(analyzer: Any, text: str) -> list[tuple[Any, ...]]:
        found = analyzer.analyze(text=text, language="en")
        return [
            (r.entity_type, r.start, r.end, r.score, r.recognition_metadata, r.analysis_explanation)
            for r in found
        ]

    for text in texts:
        lean = results(plain.analyzer, text)
        assert lean == results(engine, text)
    assert len(results(plain.analyzer, texts[0])) > 100


@pytest.mark.slow
def test_a_folder_naming_a_stock_presidio_recognizer_still_loads(tmp_path: Path) -> None:
    """A scrubbers folder whose registry names one of Presidio's own predefined recognizers
    (not among intake's classes) gets it, as Presidio's provider would: Presidio's recognizers
    are imported for it."""
    import shutil

    folder = tmp_path / "scrubbers"
    shutil.copytree(packaged_scrubbers_dir(), folder)
    registry = folder / "recognizers.yaml"
    text = registry.read_text(encoding="utf-8").replace(
        "recognizers:\n", "recognizers:\n  - name: CreditCardRecognizer\n    type: predefined\n", 1
    )
    registry.write_text(text, encoding="utf-8")
    code = f"""
import json
from pathlib import Path
from intake.scrub import Scrubber
s = Scrubber(Path({str(folder)!r}))
print(json.dumps(sorted({{type(r).__name__ for r in s.analyzer.registry.recognizers
                          if not type(r).__name__.startswith(("Intake", "Fast"))}})))
"""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout.strip().splitlines()[-1]) == ["CreditCardRecognizer"]
