"""A word where a machine's value goes is no secret (stop 55, scrubber 1.64.0; issue 35).

``context.word_of_a_machine_name``: a name of a token, key, session or cookie (no segment a
password's, a PIN's, a login's, a credential's or a secret's) holding one to three lower-case
words of letters, each of two to ten letters with a vowel, holds a test's stand-in, a
placeholder or a word of the text (``access_token="fresh"``, ``api_key=… or "lemonade"``,
``token="tok-abc"``): a service issues tokens and keys as random strings (hex, base64, a
prefix and digits). A password or a secret (an OAuth client's, an application's) is chosen by
a person and may be any word, so their names keep every value. From GAIA's own repository, the
material intake scrubs beside most (the listing of ``tests/benchmarks/bench_scrub_damage.py``:
160 of its 1,258 replacements were such words, all in tests and docs).

``WORDS_NOBODY`` are the shapes that must stay (each was replaced by 1.63.0); ``WORDS_GO`` the
values in the same places that must still go: a password's or a login's or a credential's
word, a token with digits, letters with no vowel in a group (drawn at random), a long run of
letters, a passphrase under a password's name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from intake.scrub.context import word_of_a_machine_name
from intake.scrub.files import scrub_file_text
from tests.support.scrub_matrix import CONTEXTS, Context, in_context
from tests.support.scrubbing import scrubbed

WORDS_NOBODY = [
    'access_token="fresh"',
    'api_key=self.api_key or "lemonade"',
    'export LLM_API_KEY="ollama"',
    'token: "daemon-tok"',
    'inst = DaemonInstance(pid=1234, port=55555, token="tok-abc")',
    'store.store_turn("sess1", "assistant", "Hello! How can I help?")',
    '{"access_token": "sekret", "scopes": ["s1"]}',
    'refresh_token="seed-refresh",',
    "TAVILY_API_KEY=tvly-test",
    'const HARDCODED_API_KEY = "gaia";',
    'resp = client.get("/?token=anything")',
    'cookies={"gaia_tunnel_token": "bogus"}',
]

WORDS_GO = [
    ("password: dragon", "dragon"),
    ("passwd: plover", "plover"),
    ("DB_PASSWORD=sunshine", "sunshine"),
    ("login_password: monkey", "monkey"),
    ('credentials = "opensesame"', "opensesame"),
    ('token: "tok9xk2q7"', "tok9xk2q7"),
    ('api_key = "kmxc-bgqz"', "kmxc-bgqz"),
    ('api_key = "qwhdyxkzmbrtplsn"', "qwhdyxkzmbrtplsn"),
    ('SECRET_KEY = "zqmvbrtwkpxdlhcn"', "zqmvbrtwkpxdlhcn"),
    ('"password": "correct-horse-battery"', "correct-horse-battery"),
    ('{"passphrase": "lemonade"}', "lemonade"),
    ("--db-password sunshine", "sunshine"),
    ("oauth:\n  client_secret: bluesecret\n", "bluesecret"),
    ('app.secret_key = "lemonade"', "lemonade"),
]


@pytest.mark.parametrize("text", WORDS_NOBODY)
def test_a_word_where_a_machine_value_goes_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), WORDS_GO)
def test_a_chosen_or_random_value_still_goes(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value not in out, out


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("access_token", "fresh", True),
        ("x-api-key", "tok_amd", True),
        ("client_secret", "custody_client", False),  # a secret: may be chosen
        ("session_key", "custody_client", True),
        ("token", "not-needed-for-lemonade", False),  # four words: beyond the shape
        ("token", "abcdefghijk", False),  # eleven letters: beyond a word's length
        ("token", "kmxc-bgqz", False),  # a group with no vowel
        ("token", "Fresh", False),  # a capital: not a lower-case word
        ("token", "fresh1", False),
        ("db_password", "fresh", False),
        ("passphrase", "fresh", False),
        ("pin", "fresh", False),
        ("login", "fresh", False),
        ("auth_token", "fresh", False),  # auth: may be a person's
        ("credential", "fresh", False),
    ],
)
def test_the_shape_and_the_name(name: str, value: str, expected: bool) -> None:
    assert word_of_a_machine_name(name, value) is expected


# Every context of the generated kind x context matrix (``scrub_matrix.CONTEXTS``): a word
# under a machine's name stays and under a password's name goes, except where the context
# writes the value under a name of its own (a URL's or ``curl -u``'s user and password, an
# ``Authorization`` header, npm's ``_authToken``, a connection string's ``Password``; a header,
# query or cookie that names a key): there its own name decides, as everywhere else.
OWN_NAME_CHOSEN = (
    "curl_u",
    "curl_u_quoted",
    "curl_u_empty_user",
    "header_authorization",
    "url_user",
    "url_empty_user",
    "npmrc_authtoken",
    "azure_sql",
)
OWN_NAME_MACHINE = (
    "header_x_api_key",
    "header_cookie",
    "header_set_cookie",
    "query_access_token",
    "query_sig",
    "azure_servicebus",
    "azure_storage",
    "curl_u_empty_password",
)


@pytest.mark.parametrize("context", CONTEXTS, ids=lambda c: c.name)
def test_a_word_in_every_context_is_decided_by_its_name(engine: Scrubber, context: Context) -> None:
    machine = in_context(context, "API_KEY", "daemon-tok")
    chosen = in_context(context, "DB_PASSWORD", "sunshine")
    kept = engine.scrub_text(machine).text == machine
    gone = "sunshine" not in engine.scrub_text(chosen).text
    assert kept is (context.name not in OWN_NAME_CHOSEN), engine.scrub_text(machine).text
    assert gone is (context.name not in OWN_NAME_MACHINE), engine.scrub_text(chosen).text
    assert scrubbed(engine, machine) == engine.scrub_text(machine).text  # a second pass: same


@pytest.mark.parametrize(
    ("suffix", "text", "kept"),
    [
        (".json", '{"access_token": "fresh", "api_key": "daemon-tok"}\n', True),
        (".yaml", 'access_token: fresh\napi_key: "daemon-tok"\n', True),
        (".json", '{"password": "sunshine"}\n', False),
        (".yaml", "client_secret: bluesecret\n", False),
    ],
)
def test_a_structured_file_decides_a_word_as_text_does(
    engine: Scrubber, tmp_path: Path, suffix: str, text: str, kept: bool
) -> None:
    as_file = scrub_file_text(tmp_path / f"doc{suffix}", text, scrubber=engine).text
    assert (as_file == text) is kept
    assert (engine.scrub_text(text).text == text) is kept
