"""Provider token formats (``scrubbers/providers.yaml``, issue 21 item 3).

Every pattern of the file gets values generated from the pattern itself (a small sampler over
Python's own regular-expression parser), planted in the contexts people write them in; each
must be replaced, and scrubbing the result again must change nothing. Masks of the same shape
(``glpat-xxxx…``, ``NRAK-XXXX…``) and placeholders after a provider prefix are kept. The file is
loaded by the engine next to ``recognizers.yaml`` and is covered by the configuration hash.
"""

from __future__ import annotations

import re
import re._constants as sre_c
import re._parser as sre_parse
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
import regex

from intake.contract.yamlio import load_data
from intake.errors import ConfigError
from intake.scrub import Scrubber, get_scrubber
from intake.scrub.definitions import packaged_scrubbers_dir, scrubber_config_hash
from tests.support.regex_sample import sample

PROVIDERS = packaged_scrubbers_dir() / "providers.yaml"

# Patterns that may start with something else than a literal (see the speed rule in the file's
# header); each is measured in the benchmark. Every other pattern starts with a literal.
NOT_LITERAL_START = {
    "azure_ad_client_secret",  # the literal Q~ sits after four characters
    "dropbox_long_lived",  # the literal AAAAAAAAAA sits after eleven characters
    "mailchimp_key",  # -us<n> at the end
    "new_relic_license",  # NRAL at the end
    "terraform_api_token",  # .atlasv1. after fourteen characters
    "google_refresh_token",  # a look-behind, then the literal 1//0
    "telegram_any",  # the bot's number, then :A
    "discord_bot_token_m",  # one letter (the user id's base64), split per letter
    "discord_bot_token_n",
    "discord_bot_token_o",
}

# A value whose replacement re-scans as something else: a class of the engine (issue 21 item 6),
# not of the format. None is left (the Sentry DSN fixture no longer re-scans as an e-mail).
KNOWN_REPARSE: dict[str, str] = {}


@dataclass(frozen=True)
class Rule:
    entity: str
    name: str
    pattern: str


def _rules() -> list[Rule]:
    data = load_data(PROVIDERS.read_text(encoding="utf-8"))
    rules = []
    for rec in data["recognizers"]:
        for pat in rec["patterns"]:
            rules.append(Rule(rec["supported_entity"], pat["name"], pat["regex"]))
    return rules


RULES = _rules()


MASK_GUARDS = (r"(?![\w.~-]{0,12}?(?:x{6}|X{6}|\*{6}))", r"(?!x{6}|X{6}|\*{6})")


def unguarded(pattern: str) -> str:
    """``pattern`` without its mask guard (what a mask of the format looks like)."""
    for guard in MASK_GUARDS:
        pattern = pattern.replace(guard, "")
    return pattern


def matching_sample(rule: Rule, seed: int) -> tuple[str, str, str]:
    """A sample the pattern takes exactly: the sampler does not generate negative look-arounds
    (``(?!..)``), so a draw that breaks one is drawn again (a few tries)."""
    compiled = regex.compile(rule.pattern, regex.DOTALL | regex.MULTILINE)
    for k in range(40):
        before, value, after = sample(rule.pattern, seed + 7919 * k)
        hit = compiled.search(f" {before}{value}{after} ")
        if hit is not None and hit.group() == value:
            return before, value, after
    raise AssertionError(f"{rule.name}: no sample the pattern takes")


def _contexts(before: str, value: str, after: str) -> list[str]:
    v = f"{before}{value}{after}"
    return [
        f"{v}\n",
        f'export SERVICE_CREDENTIAL="{v}"\n',
        f'{{"service": {{"credential": "{v}"}}}}\n',
        f"service:\n  credential: {v}\n",
        f"I pasted {v} into the settings page and it failed\n",
        f"config = {{'credential': '{v}'}}\n",
    ]


@pytest.fixture(scope="module")
def scrubber() -> Scrubber:
    return get_scrubber()


def test_the_file_has_the_long_tail() -> None:
    entities = {r.entity for r in RULES}
    assert len(entities) >= 90 and len(RULES) >= 120
    assert len({r.name for r in RULES}) == len(RULES), "pattern names are unique"


@pytest.mark.slow
@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_generated_values_are_found_in_the_contexts(scrubber: Scrubber, rule: Rule) -> None:
    for seed in range(3):
        before, value, after = matching_sample(rule, 1000 * seed + len(rule.name))
        for doc in _contexts(before, value, after):
            result = scrubber.scrub_text(doc)
            assert value not in result.text, (rule.name, doc)
            assert any(f.entity_type for f in result.findings)
            if rule.name in KNOWN_REPARSE:
                continue
            again = scrubber.scrub_text(result.text)
            assert again.text == result.text, (rule.name, result.text)


def test_masks_of_the_same_shape_are_kept(scrubber: Scrubber) -> None:
    checked = 0
    for rule in RULES:
        assert unguarded(rule.pattern) != rule.pattern, f"{rule.name} has no mask guard"
        compiled = regex.compile(unguarded(rule.pattern), regex.DOTALL | regex.MULTILINE)
        for mask in ("x", "X"):
            try:
                before, value, after = sample(unguarded(rule.pattern), 7, mask=mask)
            except LookupError:
                continue
            if not (value.count(mask) >= 6 or value.count("*") >= 6):
                continue
            hit = compiled.search(f" {before}{value}{after} ")
            if hit is None or hit.group() != value:
                continue  # the pattern itself does not take this mask
            checked += 1
            doc = f"{before}{value}{after}\nI masked it as {before}{value}{after} here\n"
            assert scrubber.scrub_text(doc).text == doc, (rule.name, doc)
    assert checked >= 60  # most formats can be masked this way


def _literal_prefix(pattern: str) -> str:
    parsed = sre_parse.parse(pattern)
    out = []
    for op, av in parsed:
        if op is sre_c.AT:
            continue
        if op is not sre_c.LITERAL:
            break
        out.append(chr(av))
    return "".join(out)


def test_patterns_start_with_a_literal() -> None:
    """The speed rule of the file: the engine jumps between occurrences of a literal."""
    for rule in RULES:
        if rule.name in NOT_LITERAL_START:
            continue
        assert len(_literal_prefix(rule.pattern.replace(r"\K", ""))) >= 2, rule.name


@pytest.mark.parametrize("fill", ["<your-token-here>", "${SERVICE_TOKEN}", "{{ token }}", "..."])
def test_placeholders_after_a_prefix_are_kept(scrubber: Scrubber, fill: str) -> None:
    prefixes = sorted(
        {p for r in RULES if 3 <= len(p := _literal_prefix(r.pattern.replace(r"\K", ""))) <= 16}
    )
    assert len(prefixes) >= 60
    doc = "".join(f"key{i} = {p}{fill}\n" for i, p in enumerate(prefixes))
    assert scrubber.scrub_text(doc).text == doc


def test_plain_words_near_prefixes_are_kept(scrubber: Scrubber) -> None:
    doc = (
        "The glpat- prefix marks a GitLab token; NRAK- keys come from New Relic.\n"
        "Run `pip install pypi-simple` and read docs at https://docs.gitlab.com/ee/security/.\n"
        "sha256~ is the OpenShift prefix; AGE-SECRET-KEY-1 starts an age identity.\n"
        "commit 4b1d2c3 fixed it; version v1.0-beta; SK-1234 is a ticket.\n"
    )
    assert scrubber.scrub_text(doc).text == doc


def test_the_engine_loads_providers_and_the_hash_covers_them(tmp_path: Path) -> None:
    folder = tmp_path / "scrubbers"
    shutil.copytree(packaged_scrubbers_dir(), folder)
    before = scrubber_config_hash(folder)
    text = (folder / "providers.yaml").read_text(encoding="utf-8")
    (folder / "providers.yaml").write_text(text + "\n# changed\n", encoding="utf-8")
    assert scrubber_config_hash(folder) != before

    # a provider file of another shape is a configuration error naming that file
    (folder / "providers.yaml").write_text(
        "recognizers:\n  - name: x\n    type: custom\n    patterns: 7\n", encoding="utf-8"
    )
    with pytest.raises(ConfigError) as caught:
        Scrubber(folder)
    assert "providers.yaml" in str(caught.value.where)

    # without the file the engine still builds (from recognizers.yaml alone), and a provider
    # value is then no longer found by its format
    (folder / "providers.yaml").unlink()
    bare = Scrubber(folder)
    names = {type(r).__name__ + ":" + str(r.name) for r in bare.analyzer.registry.recognizers}
    assert not any("intake_provider_" in n for n in names)
    full = get_scrubber()
    assert any(
        str(r.name).startswith("intake_provider_") for r in full.analyzer.registry.recognizers
    )


def test_sampler_is_faithful() -> None:
    """The generator itself: a value per pattern that ``re`` and ``regex`` both accept."""
    for rule in RULES:
        before, value, after = matching_sample(rule, 3)
        assert value and "\0" not in value and "\1" not in value
        plain = re.compile(rule.pattern.replace(r"\K", ""))
        assert plain.search(f" {before}{value}{after} "), rule.name
