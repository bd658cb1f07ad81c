"""Scrubber 1.4 (issue 21): secrets in any syntax, found by class, never by one example.

Each class of the issue has its tests here: the assignment grammar (every operator, typed
declarations, call arguments, XML, curl ``-u`` in any quoting, name/value pairs either way
round and at any depth of parsed JSON/YAML), names by evidence, normalisation (zero-width and
format characters, full-width forms, HTML entities, soft wraps, ``data:`` URIs), idempotence
by construction, fail-closed per value, masks kept, unnamed high-entropy strings with their
decoys. The shapes were learned from public secret scanners' rule examples (gitleaks'
``cmd/generate/config/rules/generic.go``, detect-secrets' keyword plugin tests) as facts; the
documents and values here are our own, generated, and no real credential.
"""

from __future__ import annotations

import base64
import json
import random
import string
from pathlib import Path

import pytest

from intake.scrub import Scrubber, get_scrubber
from intake.scrub.files import scrub_file_text
from intake.scrub.normalise import normalise

_RNG = random.Random(21)


def _token(n: int = 24) -> str:
    alphabet = string.ascii_letters + string.digits
    while True:
        s = "".join(_RNG.choice(alphabet) for _ in range(n))
        if any(c.isdigit() for c in s) and any(c.isupper() for c in s):
            return s


S = _token()
"""The value planted in every syntax below (random, mixed case and digits)."""


@pytest.fixture(scope="module")
def scrubber() -> Scrubber:
    return get_scrubber()


def _scrubbed(scrubber: Scrubber, text: str) -> str:
    out = scrubber.scrub_text(text).text
    assert scrubber.scrub_text(out).text == out, "a second scrub changed the output"
    return out


# ----------------------------------------------------------------------------- class 1

GRAMMAR = {
    "java_set_property": f'System.setProperty("NAME_TOKEN", "{S}");',
    "java_map_put": f'creds.put("password", "{S}");',
    "go_env_default": f'utils.GetEnvOrDefault("api_token", "{S}")',
    "python_tuple": f'("api_token", "{S}")',
    "php_concat": f'$token .= "{S}";',
    "ini_value_starting_with_equals": f"krakenToken=={S}\nretries=3\n",
    "braced_random_value": f'curl --user "{{acd3c08b-74e8}}":"{{{S}}}" https://api.x.io',
    "braced_random_assigned": f'secret = "{{{S}}}"',
    "php_define": f"define('DB_PASSWORD', '{S}');",
    "go_typed_var": f'var apiToken string = "{S}"',
    "go_short_decl": f'apiToken := "{S}"',
    "kotlin_typed_val": f'val apiToken: String = "{S}"',
    "typescript_typed": f"const authToken: string = '{S}';",
    "rust_typed": f'let api_key: &str = "{S}";',
    "python_annotated": f'    secret_key: str = "{S}"',
    "csharp_const": f'private const string ApiToken = "{S}";',
    "make_immediate": f"API_TOKEN ::= {S}",
    "make_posix": f"API_TOKEN :::= {S}",
    "make_conditional": f"API_TOKEN ?= {S}",
    "make_append": f"API_TOKEN += {S}",
    "logstash": f'    password => "{S}"',
    "arrow": f'api_token -> "{S}"',
    "r_assign": f'api_key <- "{S}"',
    "c_define": f'#define API_KEY "{S}"',
    "apache_setenv": f'SetEnv DB_PASSWORD "{S}"',
    "environ_item": f'os.environ["GITHUB_TOKEN"] = "{S}"',
    "js_bracket": f"headers['X-Api-Key'] = '{S}';",
    "xml_element": f"<password>{S}</password>",
    "xml_element_own_line": f"<password>\n    {S}\n</password>",
    "xml_add_key": f'<add key="ClearTextPassword" value="{S}" />',
    "xml_entry_key": f'<entry key="db.password" value="{S}"/>',
    "curl_user_quoted_password": f"curl -u user:'{S}' https://ci.example.org",
    "curl_empty_user": f'curl -u ":{S}" https://ci.example.org',
    "curl_empty_password": f'curl -u "{S}:" https://api.example.org',
    "curl_long_flag_eq": f"curl --user=admin:{S} https://ci.example.org",
    "har_pair": f'{{"name": "x-api-key", "value": "{S}"}}',
    "har_pair_lines": f'{{\n  "name": "Authorization-Token",\n  "value": "{S}"\n}}',
    "k8s_env_name_first": f"env:\n  - name: DJANGO_SECRET_KEY\n    value: {S}\n",
    "k8s_env_value_first": f"env:\n  - value: {S}\n    name: DJANGO_SECRET_KEY\n",
    "xml_value_first": f'<add value="{S}" key="ApiToken" />',
    "authorization_any_scheme": f'curl -H "Authorization: Api-Token {S}" https://x.example.org',
    # a hard-coded comparison (detect-secrets' keyword plugin tests name this class)
    "compare_equal": f'if (apikey == "{S}") {{',
    "compare_strict_not": f'if (db_pass !== "{S}") {{',
    "objc_string": f'password = @"{S}";',
    "c_array": f'char password[25] = "{S}";',
    # a literal the expression falls back to when the variable is unset (scrubber 1.5)
    "js_or_fallback": f'const token = process.env.API_TOKEN || "{S}";',
    "js_nullish_fallback": f'const secret = env.SECRET ?? "{S}"',
    "kotlin_elvis": f'val apiKey = System.getenv("API_KEY") ?: "{S}"',
    "python_or_fallback": f'api_key = os.getenv("API_KEY") or "{S}"',
    "python_conditional": f'password = config.password if config else "{S}"',
    "rust_unwrap_or": f'let api_key = env::var("API_KEY").unwrap_or("{S}".into());',
    "java_or_else": f'String dbPassword = Optional.ofNullable(pw).orElse("{S}");',
    "ruby_fetch_block": f'auth_token = ENV.fetch("AUTH_TOKEN") {{ "{S}" }}',
    "shell_default": f"export DB_PASSWORD=${{DB_PASSWORD:-{S}}}",
    "compose_default": f"      POSTGRES_PASSWORD: ${{DB_PASSWORD:-{S}}}",
    "shell_assign_default": f'echo "${{API_TOKEN:={S}}}"',
}


@pytest.mark.parametrize("text", GRAMMAR.values(), ids=GRAMMAR.keys())
def test_every_assignment_syntax_is_read(scrubber: Scrubber, text: str) -> None:
    out = _scrubbed(scrubber, text)
    assert S not in out
    assert "FAKE" in out


@pytest.mark.parametrize(
    "text",
    [
        'System.setProperty("PASSWORD", "my secret phrase 9");',
        '("api_key", "the token is 9 words long")',
        'creds.put("password", "secret sauce, 99 of them");',
    ],
)
def test_a_value_that_names_a_secret_is_still_a_value(scrubber: Scrubber, text: str) -> None:
    """Only a lone identifier after a quoted secret name is a list of field names."""
    value = text.split('", "')[1].split('"')[0]
    out = _scrubbed(scrubber, text)
    assert value not in out
    assert "FAKE" in out


GRAMMAR_DECOYS = {
    "field_name_list": '["password", "username"]',
    "xsd_element": '<xs:element name="password" type="xs:string"/>',
    "html_input": '<input name="password" type="password" value="">',
    "html_hidden_type": "<input name=api_token type=hidden>",
    "json_value_then_key": '{"private_key": "your-password-here", "retries": 3}',
    "compare": 'if token == "":',
    "compare_variable": "if (password == confirm) {",
    "compare_unspaced": "assert api_token==expected_token",
    "braced_field_name": 'password = "{password}"',
    "braced_field_with_digits": "DB_PASSWORD={userPassword123}",
    "braced_field_dotted": 'token: "{user.token}"',
    "double_braced_template": 'api_key: "{{ .Values.apiKey2X9 }}"',
    "compare_indented": "    ok = password==confirmation",
    "compare_word": 'if password == "password":',
    "entry_not_secret": '<entry key="jetbrains.mps.v8_elimination" value="executed" />',
    "typed_no_value": "    api_key: Optional[str] = None",
    "call_with_variable": 'System.setProperty("API_TOKEN", token);',
    "curl_user_only": "curl -u admin https://ci.example.org",
    "curl_reference": 'curl -u "$USER:$API_TOKEN" https://ci.example.org',
    "fallback_empty": 'token = os.getenv("TOKEN") or ""',
    "fallback_placeholder": 'password = pw or "your-password-here"',
    "fallback_reference": 'token = a || "${TOKEN}"',
    "fallback_not_a_secret_name": 'name = user or "anonymous-visitor-42"',
    "default_reference": "x = ${DB_PASSWORD:-$FALLBACK}",
    "default_not_a_secret_name": "mode=${AUTH_MODE:-oauth2-device-flow}",
}


@pytest.mark.parametrize("text", GRAMMAR_DECOYS.values(), ids=GRAMMAR_DECOYS.keys())
def test_grammar_decoys_are_kept(scrubber: Scrubber, text: str) -> None:
    assert scrubber.scrub_text(text).text == text


STRUCTURED = {
    "har.json": json.dumps(
        {
            "log": {
                "entries": [
                    {
                        "request": {
                            "headers": [
                                {"name": "accept", "value": "application/json"},
                                {"name": "x-api-key", "value": S},
                            ]
                        }
                    }
                ]
            }
        },
        indent=2,
    ),
    "deployment.yaml": (
        "apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n"
        "      containers:\n        - name: web\n          env:\n"
        "            - name: LOG_LEVEL\n              value: info\n"
        f"            - value: {S}\n              name: DJANGO_SECRET_KEY\n"
    ),
    "folded.yaml": f"env:\n  - name: API_TOKEN\n    value: >-\n      {S}\n",
}


@pytest.mark.parametrize("name", STRUCTURED)
def test_name_value_pairs_in_parsed_files_never_fail_closed(
    scrubber: Scrubber, name: str, tmp_path: Path
) -> None:
    path = tmp_path / name
    outcome = scrub_file_text(path, STRUCTURED[name], scrubber=scrubber)
    assert S not in outcome.text
    assert not scrubber.find(outcome.text)
    if name.endswith(".json"):
        json.loads(outcome.text)
    kept = {"har.json": "accept", "deployment.yaml": "LOG_LEVEL", "folded.yaml": "API_TOKEN"}
    assert kept[name] in outcome.text


# ----------------------------------------------------------------------------- class 2

EVIDENCE_NAMES = [
    # real configuration keys
    "SONAR.LOGIN",
    "sonar.login",
    "ClearTextPassword",
    "BUNDLE_ENTERPRISE__CONTRIBSYS__COM",
    "BUNDLE_GEMS__EXAMPLE__ORG",
    "new-relic-insert-key-token",
    "NEW_RELIC_LICENSE_KEY",
    "NEW_RELIC_API_KEY",
    "new_password",
    "old_password",
    "x-functions-key",
    "consumer_key",
    "priv_key",
    "privkey",
    "passkey",
    "userpass",
    "dbpass",
    "creds",
    "CI_JOB_TOKEN",
    "DD_APP_KEY",
    "SEGMENT_WRITE_KEY",
    "instrumentation_key",
    "mgmt_key",
    "access_key_secret",
    "signingkey",
    "encryptionkey",
    "apisecret",
    "Passwort",
    "kennwort",
    "wachtwoord",
    "senha",
    # the generic rule's keywords of a public scanner (gitleaks generic-api-key)
    "access_token",
    "user_auth",
    "credentials",
    "private-key",
    "passwd",
    "client_secret",
    "mySecretString",
    "todo_secret_do_not_commit",
    "some_api_token_123",
]


@pytest.mark.parametrize("name", EVIDENCE_NAMES)
def test_names_by_evidence_bear_a_secret(scrubber: Scrubber, name: str) -> None:
    assert scrubber.secret_names.is_secret_name(name)
    assert S not in _scrubbed(scrubber, f"{name}={S}\n")


NOT_NAMES = [
    "max_tokens",
    "show_password",
    "token_count",
    "password_file",
    "api_key_id",
    "public_key",
    "credentialId",
    "CREDENTIALS_ID",
    "accessor",
    "BUNDLE_PATH",
    "BUNDLE_BUILD__NOKOGIRI",
    "keyword",
    "secretName",
    "secretKeyRef",
    "password-stdin",
    "token_stdin",
]


@pytest.mark.parametrize("name", NOT_NAMES)
def test_names_that_bear_no_secret(scrubber: Scrubber, name: str) -> None:
    assert not scrubber.secret_names.is_secret_name(name)


# ----------------------------------------------------------------------------- class 4


UNNAMED = [
    f"here it is {_token(24)} ok",
    f"use {_token(28)} now",
    f"> {_token(40)}",
    f"the value '{_token(30)}' was printed",
]


@pytest.mark.parametrize("text", UNNAMED)
def test_unnamed_random_strings_are_found(scrubber: Scrubber, text: str) -> None:
    out = _scrubbed(scrubber, text)
    assert "FAKE" in out


UNNAMED_DECOYS = [
    "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8",
    "request 123e4567-e89b-12d3-a456-426614174000",
    "version 1.2.3-rc.4+build.5678",
    "model Qwen2.5-Coder-32B-Instruct-GGUF",
    "model Llama-3.2-3B-Instruct-Q4_K_M.gguf",
    "token: <your-token>",
    "key ****************",
    "CamelCaseIdentifierNameForTesting123",
    "ReleaseNotesForVersion2024Final",
    "src/components/UserProfileCard2.tsx",
    "integrity sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+"
    "DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==",
    "AbCdEfGhIjKlMnOpQrStUvWx",  # letters only: no digits interleaved
]


@pytest.mark.parametrize("text", UNNAMED_DECOYS)
def test_unnamed_decoys_are_kept(scrubber: Scrubber, text: str) -> None:
    assert scrubber.scrub_text(text).text == text


def test_a_percent_separated_bearer_token_is_replaced_whole(scrubber: Scrubber) -> None:
    token = f"{_token(10)}%2E{_token(12)}%2E{_token(16)}"
    out = _scrubbed(scrubber, f"Authorization: Bearer {token}\n")
    assert "%2E" not in out and out.startswith("Authorization: Bearer FAKE")


# ----------------------------------------------------------------------------- class 5

GH = "ghp_" + _token(36)
EMAIL = "zelda.quinn@kestrel-mail.com"

HIDDEN = {
    "zero_width_space_in_token": GH[:20] + "\u200b" + GH[20:],
    "word_joiner_in_token": GH[:10] + "\u2060" + GH[10:],
    "bom_in_token": GH[:30] + "\ufeff" + GH[30:],
    "soft_hyphen_in_token": GH[:15] + "\u00ad" + GH[15:],
    "zero_width_in_email": "zelda\u200b.quinn@kestrel-mail.com",
    "full_width_at": "zelda.quinn\uff20kestrel-mail.com",
    "full_width_token": "".join(chr(ord(c) + 0xFEE0) for c in GH),
    "html_numeric_at": "zelda.quinn&#64;kestrel-mail.com",
    "html_hex_at": "zelda.quinn&#x40;kestrel-mail.com",
    "html_named_at": "zelda.quinn&commat;kestrel-mail.com",
    "wrapped_slack_token": "xoxb-123456789012-1234567890123-\nAbCdEfGhIjKlMnOpQrStUv12",
    "wrapped_jwt": (
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ."
        "SflKxwRJSMeKKF2QT4fw\npMeJf36POk6yJV_adQssw5c"
    ),
    "quoted_reply_wrap": f"> the token is {GH[:25]}\n> {GH[25:]}\n> thanks",
    "data_uri_text": "data:text/plain;base64,"
    + base64.b64encode(f"mail {EMAIL} now".encode()).decode(),
    "data_uri_json": "data:application/json;base64,"
    + base64.b64encode(json.dumps({"token": GH}).encode()).decode(),
}


@pytest.mark.parametrize("text", HIDDEN.values(), ids=HIDDEN.keys())
def test_hidden_forms_are_normalised_scanned_and_mapped_back(scrubber: Scrubber, text: str) -> None:
    out = _scrubbed(scrubber, text)
    plain = normalise(out).text
    for secret in (GH, GH[:20], GH[20:], "zelda", "kestrel", "SflKxwRJ", "pMeJf36P", "AbCdEfGh"):
        assert secret not in plain
    for payload in [p for p in out.split("base64,")[1:]]:
        decoded = base64.b64decode(payload).decode()
        assert EMAIL not in decoded and GH not in decoded


def test_a_hidden_value_shares_its_plain_forms_fixture(scrubber: Scrubber) -> None:
    out = _scrubbed(scrubber, f"{GH}\n{GH[:20]}\u200b{GH[20:]}\n")
    first, second = out.splitlines()
    assert first == second


def test_clean_text_data_uri_and_binary_data_uri_are_kept(scrubber: Scrubber) -> None:
    text_uri = "data:text/plain;base64," + base64.b64encode(b"hello world, all fine").decode()
    image = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"
    for text in (text_uri, image):
        assert scrubber.scrub_text(text).text == text


def test_normalise_maps_every_offset_back() -> None:
    original = "a\u200bb&#64;c\uff20d&amp;e"
    norm = normalise(original)
    assert norm.text == "ab@c@d&e"
    for i, ch in enumerate(norm.text):
        s, e = norm.span(i, i + 1)
        assert normalise(original[s:e]).text == ch


# ----------------------------------------------------------------------------- class 6

IDEMPOTENT = {
    "x_access_token_url": f"https://x-access-token:{GH}@github.com/o/r.git",
    "url_placeholder_credentials": "https://username:password@gitlab.acme-corp.com/x.git",
    "url_credentials": f"https://alice:{S}@gitlab.acme-corp.com/x.git",
    "token_then_email": f"{GH} {EMAIL}",
}


@pytest.mark.parametrize("text", IDEMPOTENT.values(), ids=IDEMPOTENT.keys())
def test_a_second_scrub_changes_nothing(scrubber: Scrubber, text: str) -> None:
    out = _scrubbed(scrubber, text)
    assert "user1@example.com" not in out or "@github.com" not in text


def test_placeholder_url_credentials_do_not_become_an_email(scrubber: Scrubber) -> None:
    text = "https://username:password@gitlab.acme-corp.com/x.git"
    assert scrubber.scrub_text(text).text == text


def test_one_value_gets_one_fixture_whichever_recognizer_finds_it(scrubber: Scrubber) -> None:
    out = _scrubbed(scrubber, f"GITHUB_TOKEN={GH}\nsee {GH} again\ntoken: '{GH}'\n")
    fixtures = {w.strip("'") for w in out.split() if "FAKE" in w}
    fixtures = {f.split("=", 1)[-1] for f in fixtures}
    assert len(fixtures) == 1


# ----------------------------------------------------------------------------- class 7


def test_a_value_that_still_rescans_is_replaced_not_the_file_left(
    scrubber: Scrubber, tmp_path: Path
) -> None:
    # A secret under a key the text scan cannot read (the key and value are split over
    # escaped lines of a JSON string): the tree pass replaces it; the rest stays.
    doc = {"note": "plain words", "config": {"api_token": S}, "other": f"mail {EMAIL}"}
    path = tmp_path / "bundle.json"
    outcome = scrub_file_text(path, json.dumps(doc), scrubber=scrubber)
    data = json.loads(outcome.text)
    assert data["note"] == "plain words"
    assert S not in outcome.text and EMAIL not in outcome.text
    assert not scrubber.find(outcome.text)


def test_settle_replaces_what_rescans(scrubber: Scrubber) -> None:
    from intake.scrub import FixtureMap

    mapping = FixtureMap()
    text = f"left {GH} right"
    settled = scrubber.settle(text, mapping)
    assert GH not in settled and settled.startswith("left ") and settled.endswith(" right")
    assert scrubber.settle(settled, mapping) == settled


# ----------------------------------------------------------------------------- class 8

MASKS = [
    "github_pat_" + "x" * 22 + "_" + "x" * 59,
    "xoxb-xxxxxxxxx-xxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxx",
    "AIza" + "a" * 35,
    "ghp_" + "X" * 36,
    "sk-" + "*" * 48,
    "xoxp-000000000000-000000000000-xxxxxxxxxxxxxxxxxxxxxxxx",
]


OUTSIDE_DECOYS = {
    # classes of the public scanners' false-positive examples (gitleaks' rule tests): kept
    "mostly_masked_tilde": "client_secret=bP88Q~xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "mostly_masked_words": 'token = "xxxxxxxxxxxxxx.atlasv1.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"',
    "mostly_masked_groups": "oc login --token=sha256~_xxxxxx_xxxxxxxxxxxxxxxxxxxxxx-xxxxxxxxxx-X",
    "no_reply_address": "From: noreply@github.com",
    "key_without_body": "-----BEGIN PRIVATE KEY-----\nanything\n-----END PRIVATE KEY-----",
    "curl_placeholder_credentials": "curl -i -u 'test:test' https://localhost",
    "curl_user_pass": "curl http://127.0.0.1:5000/file --user user:pass --digest",
    "bearer_placeholder_with_blanks": 'curl -H "Authorization: Bearer <Openverse API token>"',
    "command_substitution": "-e SUMO_ACCESS_KEY=`etcdctl get /sumologic_secret`",
    "snake_words": "glsoat-PREfix_helloworld380_testin_pretty_long_token_long_",
    "css_selector_words": 'div[data-w="desktop-rhf_SponsoredProductsRemoteRHFSearchEXPSubsK2"]',
}


@pytest.mark.parametrize("text", OUTSIDE_DECOYS.values(), ids=OUTSIDE_DECOYS.keys())
def test_outside_decoy_classes_are_kept(scrubber: Scrubber, text: str) -> None:
    assert scrubber.scrub_text(text).text == text


@pytest.mark.parametrize("mask", MASKS)
def test_masks_are_kept(scrubber: Scrubber, mask: str) -> None:
    for text in (mask, f"token: {mask}", f"export GITHUB_TOKEN={mask}"):
        assert scrubber.scrub_text(text).text == text


def test_a_repeated_letter_that_is_no_filler_is_no_mask(scrubber: Scrubber) -> None:
    assert "ZZZZ" not in scrubber.scrub_text("ghp_" + "Z" * 36).text
