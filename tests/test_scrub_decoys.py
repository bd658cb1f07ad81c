"""Decoy classes (scrubber 1.5, issue 21): values with a secret's shape that are not secrets.

Each class came from the public scanners' false-positive examples the outside corpus holds
(``tests/outside_corpus``), and is tested here by class, with values written for this file:
the class is kept, and its nearest real secrets are still replaced (a class that kept those
would be a leak). Every case runs through ``scrub_text`` as a draft would.
"""

from __future__ import annotations

import base64
import json

import pytest

from intake.scrub import Scrubber, get_scrubber
from intake.scrub.engine import decode_b64_json


@pytest.fixture(scope="module")
def scrubber() -> Scrubber:
    return get_scrubber()


def _kept(scrubber: Scrubber, text: str) -> bool:
    return scrubber.scrub_text(text).text == text


def _replaced(scrubber: Scrubber, text: str, value: str) -> bool:
    return value not in scrubber.scrub_text(text).text


# ---------------------------------------------------- values vendors publish as examples


@pytest.mark.parametrize(
    "text",
    [
        "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        'apiKey: "AIzaSyA8vmApnrHNFE0bApF4hoZ11srVL_n0nvY"',
        "AIzaSyabcdefghijklmnopqrstuvwxyz1234567",
    ],
)
def test_published_example_values_are_kept(scrubber: Scrubber, text: str) -> None:
    assert _kept(scrubber, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # one character away from a published example: a real key of the same shape
        ("aws_access_key_id = AKIAIOSFODNN7EXAMPLF", "AKIAIOSFODNN7EXAMPLF"),
        (
            'apiKey: "AIzaSyA8vmApnrHNFE0bApF4hoZ11srVL_n0nvZ"',
            "AIzaSyA8vmApnrHNFE0bApF4hoZ11srVL_n0nvZ",
        ),
    ],
)
def test_a_key_next_to_a_published_example_is_replaced(
    scrubber: Scrubber, text: str, value: str
) -> None:
    assert _replaced(scrubber, text, value)


# ---------------------------------------------------- words ending in "here"


@pytest.mark.parametrize(
    "text",
    [
        "xoxe.xoxp-1-SlackAppConfigurationAccessTokenHere",
        "OPENAI_API_KEY=sk-PasteYourKeyHere",
        "token: RANDOMSTRINGHERE",
    ],
)
def test_a_body_of_words_ending_in_here_is_kept(scrubber: Scrubber, text: str) -> None:
    assert _kept(scrubber, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("xoxp-1-aB3dE5gH7jK9mN2pQ4sT6vW8xY0zHere", "aB3dE5gH7jK9mN2pQ4sT6vW8xY0zHere"),
        ("OPENAI_API_KEY=sk-Kq7ZrT2mVx9WbN4pLs8DfG1hJc3Here", "Kq7ZrT2mVx9WbN4pLs8DfG1hJc3Here"),
    ],
)
def test_a_random_body_that_ends_in_here_is_replaced(
    scrubber: Scrubber, text: str, value: str
) -> None:
    assert _replaced(scrubber, text, value)


# ---------------------------------------------------- keys issued to be public


def test_a_publishable_key_is_kept_and_its_secret_key_replaced(scrubber: Scrubber) -> None:
    body = "j5krY8XTgIcDaHDb3YrsAfCl"
    assert _kept(scrubber, f"stripe.publishable = pk_live_{body}")
    assert _kept(scrubber, f"STRIPE_KEY: pk_test_{body}")
    for prefix in ("sk_live_", "rk_live_", "sk_test_"):
        assert _replaced(scrubber, f"STRIPE_KEY: {prefix}{body}", body)


# ---------------------------------------------------- Slack's token shapes


@pytest.mark.parametrize(
    "token",
    [
        "xoxb-263594206564-FGqddMF8t08v8N7Oq4i57vs1",  # legacy bot: id, then 18-26
        "xoxb-781236542736-2364535789652-GkwFDQoHqzXDVsC6GzqYUypD",  # bot: two ids
        "xoxp-41684372915-1320496754-45609968301-e708ba56e1517a99f6b5fb07349476ef",  # user
        "xoxa-2-511111111",  # legacy workspace
        "xoxr-3616bojvyty0",
        "xoxs-416843729158-132049654-5609968301-e708ba56e1",  # legacy
        "xoxe-1-My0xLTMxNzcwMjQ0MTcxMy01MTU4MTUyNjkxNzE0LTUxODE4NDI0MDY3MzYtMjA5MGFkOTFl",
    ],
)
def test_slack_tokens_in_their_shapes_are_replaced(scrubber: Scrubber, token: str) -> None:
    assert _replaced(scrubber, f"said: {token} ok", token)


@pytest.mark.parametrize(
    "text",
    [
        "xoxb-12345-abcd234",  # ids too short
        "xoxp-1234567890",  # one group: no secret part
        "xoxb-abcdef-abcdef",
        "https://indieweb.org/images/3/35/2018-250-xoxo-indieweb-1.jpg",
        "xoxb-xoxb-my-bot-token",
    ],
)
def test_what_only_starts_like_a_slack_token_is_kept(scrubber: Scrubber, text: str) -> None:
    assert _kept(scrubber, text)


# ---------------------------------------------------- key blocks without a key


def test_a_begin_line_run_into_its_end_line_is_kept(scrubber: Scrubber) -> None:
    assert _kept(scrubber, "-----BEGIN OPENSSH PRIVATE KEY----------END OPENSSH PRIVATE KEY-----")
    body = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
    block = f"-----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n-----END OPENSSH PRIVATE KEY-----"
    assert _replaced(scrubber, block, body)


# ---------------------------------------------------- encoded JSON


def _b64(data: dict[str, object], *, url: bool = True) -> str:
    raw = json.dumps(data, separators=(",", ":")).encode()
    enc = base64.urlsafe_b64encode(raw) if url else base64.b64encode(raw)
    return enc.decode().rstrip("=")


def test_a_jwt_header_alone_is_kept(scrubber: Scrubber) -> None:
    header = _b64({"alg": "HS256", "typ": "JWT", "kid": "Kq7ZrT2mVx9WbN4p"})
    assert decode_b64_json(header) is not None
    assert _kept(scrubber, f"header = {header}")


def test_encoded_json_that_holds_a_secret_is_replaced(scrubber: Scrubber) -> None:
    blob = _b64({"api_key": "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", "user": "bob"})
    assert _replaced(scrubber, f"config: {blob}", blob)


def test_an_unsigned_token_still_carries_its_claims(scrubber: Scrubber) -> None:
    token = _b64({"alg": "none"}) + "." + _b64({"sub": "4821", "email_verified": True})
    assert _replaced(scrubber, f"Authorization: {token}", token)


def test_random_text_that_only_starts_like_encoded_json_is_replaced(scrubber: Scrubber) -> None:
    value = "eyJ7Kq9ZrT2mVx4WbN8pLs1DfG3hJc6Q"
    assert decode_b64_json(value) is None
    assert _replaced(scrubber, f"value {value} end", value)


# ----------------------------------------------------------------------------- says it is none

RANDOM36 = "wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx"


@pytest.mark.parametrize(
    "text",
    [
        "        serviceAccountToken:\n            fn::secret: ops_eyJzaWduSW5B..[Redacted]\n",
        "token: ghp_REDACTED\n",
        'API_KEY="sk-proj-…(redacted)"\n',
        '--set kraken.kubeconfig.token="sha256~XXXXXXXXXX_PUT_YOUR_TOKEN_HERE_XXXXXXXXXXXX"\n',
        "GITHUB_TOKEN=ghp_xxxxxxxx_YOUR_TOKEN_xxxxxxxx\n",
    ],
)
def test_a_value_that_says_it_is_redacted_or_a_placeholder_is_kept(
    scrubber: Scrubber, text: str
) -> None:
    assert _kept(scrubber, text)


@pytest.mark.parametrize(
    "text",
    [
        f"token: ghp_{RANDOM36} [redacted]\n",  # a mark after a blank: the secret may be whole
        f'token="sha256~XXXXXXXXXX_{RANDOM36}_XXXX"\n',  # masks around a random body
        f"GITHUB_TOKEN=ghp_{RANDOM36[:20]}_YOUR_xxxxxxxx\n",
    ],
)
def test_a_secret_beside_a_mark_or_a_mask_is_still_replaced(scrubber: Scrubber, text: str) -> None:
    out = scrubber.scrub_text(text).text
    assert RANDOM36[:20] not in out
    assert "FAKE" in out


def test_a_path_whose_long_segments_are_names_is_kept(scrubber: Scrubber) -> None:
    text = (
        'curl -X GET \\\n  -H "apikey: $API_KEY" \\\n'
        '"$API_URL/rest/v1/stats_derniere_labellisation"\n'
    )
    assert _kept(scrubber, text)
    for kept in ("see $BASE/api/v2/listSponsoredProductsByRegion now",):
        assert _kept(scrubber, kept)


def test_a_random_segment_between_slashes_is_still_a_secret(scrubber: Scrubber) -> None:
    secret = "api/v1/K7MDENGbPxRfiCYzzKEY9283dkaQ"
    out = scrubber.scrub_text(f"x = {secret}\n").text
    assert "K7MDENGbPxRfiCYzzKEY9283dkaQ" not in out


# ----------------------------------------------------------------------------- dotted tokens


@pytest.mark.parametrize(
    "token",
    [
        "ATMyOTQ4MTN5OTU5MTDwMEcxNg.GSwJyi.sbaw8msOR3Wi6vPUzeIWy_P0vJbB0UuRVjH8l8",
        "Xk2mQ9vLp3RtZ8wN.b7Yc4FhJ2kLm9PqR5sT8vW1xZ3a6Cd",
        "gAAAAABkZ3J5cHRlZF9tZXNzYWdlX2hlcmU.Z0FBQUFBQmtaM0o1Y0hSbFpG",
    ],
)
def test_an_unnamed_dotted_token_is_replaced_whole(scrubber: Scrubber, token: str) -> None:
    out = scrubber.scrub_text(f"it printed {token} then died\n").text
    for segment in token.split("."):
        if len(segment) >= 16:
            assert segment not in out
    assert out.startswith("it printed FAKE") and out.endswith(" then died\n")


@pytest.mark.parametrize(
    "text",
    [
        "see com.example.package.ClassName and org.apache.commons.lang3.StringUtils\n",
        "model Qwen3-Coder-30B-A3B-Instruct-GGUF.Q4_K_M.gguf loaded from api.github.com\n",
        "version 1.2.3-rc.4+build.20261201 of my-package.js\n",
        "file Release2024Notes.FinalVersion2.docx\n",
    ],
)
def test_dotted_names_hosts_and_versions_are_kept(scrubber: Scrubber, text: str) -> None:
    assert _kept(scrubber, text)
