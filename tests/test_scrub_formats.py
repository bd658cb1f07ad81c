"""Formats as formats (issue 29, point 1): JSON, JSONL and YAML are scrubbed on their decoded
values and written back in each token's own escaping. One test per row of the class in
docs/scrubber.md ("Formats as formats"), and a property over random documents."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from intake.scrub import Scrubber, get_scrubber, scan_paths, scrub_file_text, scrub_paths
from intake.scrub.formats import Token, tokens_for

TOKEN = "ghp_R8x2Kq9LmZ4vT7wYp3Nc6Hs1Jd5Fg0Ab2Ce4X"
FAKE = "ghp_FAKE000000000000000000000000000000001"
AWS = "AKIAZ7QW3RT5YU2IOP4L"


@pytest.fixture(scope="module")
def scrubber() -> Scrubber:
    return get_scrubber()


def _scrub(scrubber: Scrubber, name: str, text: str) -> str:
    out = scrub_file_text(Path(name), text, scrubber=scrubber)
    again = scrub_file_text(Path(name), out.text, scrubber=scrubber)
    assert again.text == out.text, "a second scrub changed something"
    return out.text


def _json_docs(name: str, text: str) -> list[object]:
    if name.endswith(".jsonl"):
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return [json.loads(text)]


# ------------------------------------------------------------------ JSON escapes, row by row


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("a\\n" + TOKEN, "a\\n" + FAKE),  # \n glued to the token: the prefix and the n kept
        ("a\\t" + TOKEN + "\\tb", "a\\t" + FAKE + "\\tb"),
        ("\\r\\n" + TOKEN, "\\r\\n" + FAKE),
        ('say \\"' + TOKEN + '\\"', 'say \\"' + FAKE + '\\"'),
        ("\\u0067hp_" + TOKEN[4:], FAKE),  # an escaped letter inside the token
        ("caf\\u00e9 " + TOKEN, "caf\\u00e9 " + FAKE),  # escapes outside the span stay
        ("\\ud83d\\ude00" + TOKEN, "\\ud83d\\ude00" + FAKE),  # a surrogate pair before it
        ("\\/home\\/alice\\/a.py", "\\/home\\/user1\\/a.py"),  # \/ kept in the fixture
        ("C:\\\\Users\\\\alice\\\\a.txt", "C:\\\\Users\\\\user1\\\\a.txt"),
        ("é " + TOKEN, "é " + FAKE),  # raw UTF-8 stays raw
    ],
)
def test_json_string_escapes_are_decoded_and_written_back(
    scrubber: Scrubber, raw: str, expected: str
) -> None:
    text = '{\n    "msg":   "' + raw + '",\n  "n": 1.50}\n'
    out = _scrub(scrubber, "a.json", text)
    assert out == text.replace(raw, expected)
    json.loads(out)


def test_a_json_file_is_never_re_laid_out(scrubber: Scrubber) -> None:
    text = '{"a":[1,2,{"b":"x\\u00e9"}],   "path":"/home/alice/x.txt","e":1e5}'
    out = _scrub(scrubber, "export.json", text)
    assert out == text.replace("/home/alice/x.txt", "/home/user1/x.txt")


def test_json_keys_are_scanned_and_written_back_as_keys(scrubber: Scrubber) -> None:
    text = '{"/home/alice/notes.md": {"owner": "bob@acme.io"}}\n'
    out = _scrub(scrubber, "memory.json", text)
    assert json.loads(out) == {"/home/user1/notes.md": {"owner": "user1@example.com"}}


def test_a_value_under_a_secret_key_or_a_har_name_is_judged_by_it(scrubber: Scrubber) -> None:
    text = (
        '{"password": "correct horse battery", "auth": "true",\n'
        ' "headers": [{"name": "x-api-key", "value": "Zq8rT2mW9xLp"}]}\n'
    )
    out = _scrub(scrubber, "har.json", text)
    data = json.loads(out)
    assert "correct horse" not in out and "Zq8rT2mW9xLp" not in out
    assert data["auth"] == "true" and data["headers"][0]["name"] == "x-api-key"


def test_a_json_file_that_does_not_parse_is_scrubbed_as_text(scrubber: Scrubber) -> None:
    text = '{"msg": "' + TOKEN + '", oops}\n'
    assert _scrub(scrubber, "broken.json", text) == text.replace(TOKEN, FAKE)


# ------------------------------------------------------------------ JSONL


def test_every_jsonl_line_parses_after_and_a_text_line_is_text(scrubber: Scrubber) -> None:
    lines = [
        json.dumps({"type": "user", "message": {"content": f"run\n{TOKEN}\tnow"}}),
        json.dumps({"cwd": "/home/alice/proj", "sessionId": "5b1c"}, ensure_ascii=True),
        "not json: mail bob@acme.io",
        "",
        json.dumps({"toolUseResult": {"stdout": f"export KEY=\\\n{AWS}\r\n"}}),
    ]
    text = "\r\n".join(lines) + "\r\n"
    out = _scrub(scrubber, "session.jsonl", text)
    assert out.count("\r\n") == text.count("\r\n")
    body = out.split("\r\n")
    for i in (0, 1, 4):
        json.loads(body[i])
    assert TOKEN not in out and AWS not in out and "alice" not in out and "acme" not in out
    assert body[2] == "not json: mail user1@example.com"
    assert json.loads(body[0])["message"]["content"] == f"run\n{FAKE}\tnow"


# ------------------------------------------------------------------ YAML styles, row by row


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (f"plain {TOKEN} here", f"plain {FAKE} here"),
        (f"'single {TOKEN} it''s'", f"'single {FAKE} it''s'"),
        (f'"double\\n{TOKEN}\\t\\u00e9"', f'"double\\n{FAKE}\\t\\u00e9"'),
        (f'"hex \\x67hp_{TOKEN[4:]}"', f'"hex {FAKE}"'),
        (f"|\n  line one\n  {TOKEN}\n", f"|\n  line one\n  {FAKE}\n"),
        (f">-\n  folded\n  {TOKEN} tail\n", f">-\n  folded\n  {FAKE} tail\n"),
        (f"multi line\n  plain {TOKEN}", f"multi line\n  plain {FAKE}"),
        (f'"folded\n  quoted {TOKEN}"', f'"folded\n  quoted {FAKE}"'),
    ],
)
def test_yaml_scalar_styles_are_decoded_and_written_back(
    scrubber: Scrubber, raw: str, expected: str
) -> None:
    text = f"# a header\nkey: {raw}\nother: [1, 2]  # kept\n"
    out = _scrub(scrubber, "a.yaml", text)
    assert out == text.replace(raw, expected)
    yaml.safe_load(out)


def test_multi_document_kubernetes_yaml_is_scrubbed_document_by_document(
    scrubber: Scrubber,
) -> None:
    text = (
        "apiVersion: v1\nkind: Secret\nmetadata: {name: db}\nstringData:\n"
        "  password: hunter2hunter2\n---\n"
        "apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n"
        "      containers:\n      - name: app\n        env:\n"
        f"        - name: GITHUB_TOKEN\n          value: {TOKEN}\n"
        "        - name: LOG_LEVEL\n          value: debug\n"
        "...\n---\n# owner: alice@acme.io\nkind: ConfigMap\n"
    )
    out = _scrub(scrubber, "k8s.yaml", text)
    docs = list(yaml.safe_load_all(out))
    assert len(docs) == 3
    assert "hunter2" not in out and TOKEN not in out and "acme.io" not in out
    assert docs[1]["spec"]["template"]["spec"]["containers"][0]["env"][1]["value"] == "debug"
    assert out.replace(FAKE, TOKEN).count("\n") == text.count("\n")


def test_compose_anchors_and_aliases_are_kept_and_values_scrubbed(scrubber: Scrubber) -> None:
    text = (
        "x-env: &env\n  DB_PASSWORD: s3cr3tPassw0rd\n  HOME_DIR: /home/alice/data\n"
        "services:\n  web:\n    environment: *env\n    image: nginx:1.25\n"
        '  worker:\n    <<: *env\n    command: ["run", "--token", "' + TOKEN + '"]\n'
    )
    out = _scrub(scrubber, "compose.yaml", text)
    assert "&env" in out and out.count("*env") == 2
    assert "s3cr3tPassw0rd" not in out and TOKEN not in out and "alice" not in out
    assert yaml.safe_load(out)["services"]["web"]["image"] == "nginx:1.25"


def test_a_yaml_value_its_style_cannot_spell_is_rewritten_alone(scrubber: Scrubber) -> None:
    rng = random.Random(7)
    body = ["".join(rng.choice(string.ascii_letters + string.digits) for _ in range(64))]
    body += ["".join(rng.choice(string.ascii_letters) for _ in range(64))]
    key = (
        "-----BEGIN RSA PRIVATE KEY-----\n\n"
        + "\n\n".join(body)
        + "\n\n-----END RSA PRIVATE KEY-----"
    )
    text = f"a: 1\nkey: '{key}'\nz: 'it''s'\n"
    out = _scrub(scrubber, "k.yaml", text)
    data = yaml.safe_load(out)
    assert body[0] not in out and data["a"] == 1 and data["z"] == "it's"
    assert out.startswith('a: 1\nkey: "') and out.endswith("\nz: 'it''s'\n")
    assert data["key"].startswith("-----BEGIN RSA PRIVATE KEY-----\n")


def test_yaml_keys_and_comments_are_scanned(scrubber: Scrubber) -> None:
    text = "/home/alice/a.txt: 1  # ping bob@acme.io\n'bob@acme.io': 2\n"
    out = _scrub(scrubber, "k.yaml", text)
    assert out == "/home/user1/a.txt: 1  # ping user1@example.com\n'user1@example.com': 2\n"


# ------------------------------------------------------------------ one value, one fixture


def test_one_value_gets_one_fixture_in_every_spelling_of_a_file(scrubber: Scrubber) -> None:
    escaped = "".join(f"\\u{ord(c):04x}" for c in TOKEN[:4]) + TOKEN[4:]
    lines = [
        json.dumps({"a": f"x\n{TOKEN}"}),
        '{"b": "' + escaped + '"}',
        '{"c": "see \\"' + TOKEN + '\\""}',
        json.dumps({"k": AWS}),
        json.dumps({"log": f"retry with id_{AWS}"}),  # no word boundary: found by the rule above
    ]
    out = _scrub(scrubber, "t.jsonl", "\n".join(lines) + "\n")
    assert out.count(FAKE) == 3 and TOKEN[4:] not in out and AWS not in out
    key = json.loads(out.splitlines()[3])["k"]
    assert json.loads(out.splitlines()[4])["log"] == f"retry with id_{key}"


def test_check_reads_the_same_decoded_values_and_names_the_line(
    scrubber: Scrubber, tmp_path: Path
) -> None:
    path = tmp_path / "s.json"
    path.write_text('{\n  "a": "ok",\n  "b": "line\\n' + TOKEN + '"\n}\n', encoding="utf-8")
    found = scan_paths([path], scrubber=scrubber)
    assert [(f.entity_type, f.line) for f in found] == [("GITHUB_TOKEN", 3)]
    scrub_paths([path], scrubber=scrubber)
    assert scan_paths([path], scrubber=scrubber) == []


# ------------------------------------------------------------------ the property

_PLANTS = st.sampled_from(
    [
        lambda r: (
            "ghp_" + "".join(r.choice(string.ascii_letters + string.digits) for _ in range(36))
        ),
        lambda r: "AKIA" + "".join(r.choice(string.ascii_uppercase + "234567") for _ in range(16)),
        lambda r: "".join(r.choice(string.ascii_lowercase) for _ in range(6)) + "@kestrel-mail.com",
        lambda r: (
            "/home/" + "".join(r.choice(string.ascii_lowercase) for _ in range(5)) + "/w/a.py"
        ),
    ]
)
_SEPS = ["\n", "\t", " ", '"', "\\", "/", "'", "\r\n", " é ", "\U0001f600", ": ", "# "]
_WORDS = st.text(alphabet="abcxyz é\n\t\"'\\/:#-{}[]", max_size=12)


@st.composite
def _documents(draw: st.DrawFn) -> tuple[object, list[str]]:
    rng = random.Random(draw(st.integers(0, 2**32)))
    secrets: list[str] = []

    def leaf() -> str:
        text = draw(_WORDS)
        if draw(st.booleans()):
            s = draw(_PLANTS)(rng)
            secrets.append(s)
            text = text + rng.choice(_SEPS) + s + rng.choice(_SEPS) + draw(_WORDS)
        return text

    def node(depth: int) -> object:
        kind = draw(st.integers(0, 3 if depth < 3 else 0))
        if kind == 0:
            return leaf()
        if kind == 1:
            return [node(depth + 1) for _ in range(draw(st.integers(0, 3)))]
        if kind == 2:
            return draw(st.sampled_from([1, 2.5, None, True]))
        return {f"k{i}{draw(_WORDS)}": node(depth + 1) for i in range(draw(st.integers(1, 3)))}

    return {"root": node(0), "tail": leaf()}, secrets


def _dump(fmt: int, doc: object, rng: random.Random) -> tuple[str, str]:
    if fmt == 0:
        text = json.dumps(doc, indent=rng.choice([None, 2, 4]), ensure_ascii=rng.random() < 0.5)
        return "d.json", text.replace("/", "\\/") if rng.random() < 0.5 else text
    if fmt == 1:
        return "d.jsonl", "".join(
            json.dumps(doc, ensure_ascii=rng.random() < 0.5) + "\n" for _ in "ab"
        )
    style = rng.choice([None, "'", '"', "|", ">"])
    docs = [doc, {"second": doc}] if rng.random() < 0.5 else [doc]
    return "d.yaml", yaml.safe_dump_all(docs, default_style=style, allow_unicode=rng.random() < 0.5)


def _layout(name: str, text: str) -> tuple[list[Token], list[str]]:
    fmt = "json" if name.endswith(".json") else "jsonl" if name.endswith(".jsonl") else "yaml"
    tokens = tokens_for(fmt, text)
    gaps, pos = [], 0
    for t in tokens:
        gaps.append(text[pos : t.start])
        pos = t.end
    gaps.append(text[pos:])
    return tokens, gaps


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_documents(), st.integers(0, 2), st.integers(0, 2**32))
def test_random_documents_parse_after_change_only_replaced_values_and_settle(
    data: tuple[object, list[str]], fmt: int, seed: int
) -> None:
    doc, secrets = data
    name, text = _dump(fmt, doc, random.Random(seed))
    scrubber = get_scrubber()
    out = scrub_file_text(Path(name), text, scrubber=scrubber).text
    if name.endswith(".yaml"):
        list(yaml.safe_load_all(out))
    else:
        _json_docs(name, out)
    before, gaps_before = _layout(name, text)
    after, gaps_after = _layout(name, out)
    assert len(before) == len(after)
    for old, new in zip(before, after, strict=True):
        if old.value == new.value:
            assert text[old.start : old.end] == out[new.start : new.end]
    # outside the string tokens nothing changes but YAML comments (there are none here)
    assert gaps_before == gaps_after
    decoded = "\n".join(t.value for t in after)
    for s in secrets:
        assert s not in decoded
    assert scrub_file_text(Path(name), out, scrubber=scrubber).text == out


def test_a_fixture_under_a_secret_name_is_not_judged_again(scrubber: Scrubber) -> None:
    """An e-mail under ``GITHUB_TOKEN`` becomes an e-mail fixture; a second scrub must not
    then take the fixture for the key's secret (the benchmark's Kubernetes files found it)."""
    text = "env:\n- name: GITHUB_TOKEN\n  value: bob@acme.io\n"
    out = _scrub(scrubber, "k.yaml", text)
    assert out == "env:\n- name: GITHUB_TOKEN\n  value: user1@example.com\n"


# ------------------------------------------------------------------ proven soft wraps (point 5)


def _wrapped(text: str, width: int) -> str:
    return "\n".join(text[i : i + width] for i in range(0, len(text), width)) + "\n"


def test_a_token_cut_at_a_proven_terminal_column_is_rejoined(scrubber: Scrubber) -> None:
    line = "x" * 40 + " token " + TOKEN + " and more text follows here, on and on " + "y" * 90
    text = _wrapped(line, 60) + f"again: {TOKEN}\n"
    first, second = text.splitlines()[:2]
    assert first.endswith(TOKEN[:13]) and second.startswith(TOKEN[13:])  # cut at column 60
    out = scrubber.scrub_text(text).text
    assert out.count(FAKE) == 2, out  # one fixture for the cut and the whole form
    assert out.splitlines()[0] == "x" * 40 + " token " + FAKE + second[len(TOKEN) - 13 :]
    assert out.splitlines()[1:] == text.splitlines()[2:-1] + [f"again: {FAKE}"]


@pytest.mark.parametrize("mark", ["↵\n", "⏎\n    ", "\n  ↪"])
def test_a_token_cut_at_a_soft_wrap_marker_is_rejoined(scrubber: Scrubber, mark: str) -> None:
    text = f"run --token {TOKEN[:20]}{mark}{TOKEN[20:]} now\n"
    assert scrubber.scrub_text(text).text == f"run --token {FAKE} now\n"


@pytest.mark.parametrize(
    "text",
    [
        # a shell continuation proves nothing (joined, a token could grow past its shape)
        f"run --token part1\\\n  {TOKEN[20:]} now\n",
        f"key {AWS}\\\na\n",
        # lines of many lengths (no spike at the widest column), or too few at it
        "alpha beta\n" + "\n".join("w" * n + "Ab3" for n in range(40, 60)) + "\nZq9 tail\n",
        "a" * 45 + "Q\nRb7 next\n" + "b" * 46 + "\nshort\n",
    ],
)
def test_a_wrap_that_cannot_be_proven_is_not_joined(text: str) -> None:
    from intake.scrub.normalise import normalise, wrap_width

    assert wrap_width(text) is None
    assert normalise(text).text == text


def test_random_line_lengths_prove_no_terminal_width() -> None:
    from intake.scrub.normalise import wrap_width

    rng = random.Random(1)
    text = "\n".join(
        "".join(rng.choice(string.ascii_letters + " ") for _ in range(rng.randint(10, 120)))
        for _ in range(2000)
    )
    assert wrap_width(text) is None
    assert (
        wrap_width(_wrapped("".join(rng.choice(string.ascii_letters) for _ in range(900)), 80))
        == 80
    )


def test_anchors_and_tags_on_a_scalar_stay_where_they_are(scrubber: Scrubber) -> None:
    text = (
        f"a: &x {TOKEN}\nb: *x\nc: !!str alice@acme.io\nd: &y |\n  /home/bob/x\n"
        "e: !secret\n  'bob@acme.io'\nf: [&z !!str carol@acme.io, *z]\n"
    )
    out = _scrub(scrubber, "t.yaml", text)
    assert out == (
        f"a: &x {FAKE}\nb: *x\nc: !!str user1@example.com\nd: &y |\n  /home/user1/x\n"
        "e: !secret\n  'user2@example.com'\nf: [&z !!str user3@example.com, *z]\n"
    )


@pytest.mark.parametrize("name", ["bom.json", "bom.jsonl"])
def test_a_json_file_that_starts_with_a_bom_is_still_json(scrubber: Scrubber, name: str) -> None:
    text = "\ufeff" + json.dumps({"a": "x\n" + TOKEN}) + "\n"
    assert _scrub(scrubber, name, text) == text.replace(TOKEN, FAKE)


@pytest.mark.parametrize("unicode", [True, False])
def test_a_replacement_beyond_the_bmp_is_spelt_as_yaml_spells_it(
    scrubber: Scrubber, unicode: bool
) -> None:
    """Found by the property: a path whose file name ends in an emoji, in an ASCII
    double-quoted scalar, must be written with ``\\U0001F600``, not JSON's surrogate pair."""
    doc = {"k": ["\n/home/jitgt/w/a.py\U0001f600 é"]}
    text = yaml.safe_dump(doc, default_style='"', allow_unicode=unicode)
    out = _scrub(scrubber, "e.yaml", text)
    assert yaml.safe_load(out) == {"k": ["\n/home/user1/w/a.py\U0001f600 é"]}


@pytest.mark.parametrize("name", ["k.json", "k.yaml"])
def test_json_inside_a_json_string_is_read_as_json(scrubber: Scrubber, name: str) -> None:
    """Kubernetes' last-applied-configuration, a tool's JSON output in a transcript: the inner
    JSON's own escapes are escapes too, and it still parses after."""
    inner = json.dumps({"data": {"note": "x\n" + TOKEN, "password": "hunter2hunter2"}})
    if name.endswith(".json"):
        text = json.dumps({"annotations": {"last-applied": inner}, "other": f"[no {TOKEN}"})
    else:
        text = "annotations:\n  last-applied: '" + inner + "'\nother: '[no " + TOKEN + "'\n"
    out = _scrub(scrubber, name, text)
    data = json.loads(out) if name.endswith(".json") else yaml.safe_load(out)
    nested = json.loads(data["annotations"]["last-applied"])
    assert nested["data"]["note"] == "x\n" + FAKE and "hunter2" not in out
    assert data["other"] == f"[no {FAKE}"
