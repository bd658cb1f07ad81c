"""Names as evidence in plain text and logs, not only in parsed YAML/JSON (issue 35 item 3).

A token-bearing list name (``github_access_tokens:`` then ``- <hex>`` lines, ``api_keys =
[...]``) makes its token-like items secrets wherever the text is pasted; the same items under
another name (``tags``, ``commits``) and hex that is a checksum or a commit stay. A provider
key of fixed length is found at any boundary a parser would split on.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

HEX = "9b2e4d6f8a0c1e3b5d7f9a1c3e5b7d9f0a2c4e6b"
HEX2 = "0c1e3b5d7f9a1c3e5b7d9f0a2c4e6b9b2e4d6f8a"
B64 = "QmFzZTY0U2VjcmV0VmFsdWUxMjM0NTY3ODk="


LISTS = [
    "settings loaded:\ngithub_access_tokens:\n  - {v}\n  - {w}\nretries: 3\n",
    "github_access_tokens:\r\n- {v}\r\n- '{w}'  # the second\r\n",
    "DEBUG github_tokens = ['{v}', '{w}']\n",
    'loaded {{"api_keys": ["{v}",\n    "{w}"]}} from env\n',
    "deploy_keys: [{v}, {w}]\n",
]


@pytest.mark.parametrize("text", LISTS)
def test_a_token_list_in_plain_text_is_secrets(engine: Scrubber, text: str) -> None:
    """Every item of a list under a plural token-bearing name is replaced, in every list
    syntax; the same text under a name that bears nothing is kept byte for byte."""
    doc = text.format(v=HEX, w=HEX2)
    out = scrubbed(engine, doc)
    assert HEX not in out and HEX2 not in out
    for name in ("github_access_tokens", "github_tokens", "api_keys", "deploy_keys"):
        doc = doc.replace(name, "commit_ids")
    assert engine.scrub_text(doc).text == doc


@pytest.mark.parametrize(
    "text",
    [
        'stop_tokens: ["</s>", "<|im_end|>"]\nspecial_tokens:\n  - <pad>\n  - <unk>\n',
        f"tokens:\n  - {HEX}\n",  # a bare "tokens" counts things
        f"max_tokens: [{HEX}]\n",
        f"tags:\n  - {HEX}\n  - {HEX2}\n",
        f"commit {HEX}\nsha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\n"
        "md5: 098f6bcd4621d373cade4e832627b4f6\n",
        "  Downloading x-1.0.tar.gz (sha256="
        "5e2b4a1c8d7f9e3b6a0c2d4f6e8a0b1c3d5e7f9a2b4c6d8e0f1a3b5c7d9e1f2a)\n",
        "request_id: 3f9a1c2b-4d5e-6f70-8192-a3b4c5d6e7f8\n",
    ],
)
def test_vocabulary_lists_checksums_and_ids_stay(engine: Scrubber, text: str) -> None:
    """Items that are no token (``</s>``), lists under names that bear nothing, git SHAs,
    checksums and UUIDs outside a token-bearing name are not touched."""
    assert engine.scrub_text(text).text == text


def test_a_named_base64_token_in_a_log_line(engine: Scrubber) -> None:
    out = scrubbed(engine, f"2024-01-01 INFO refresh ok user_access_token: {B64} expires 3600\n")
    assert B64 not in out and out.endswith(" expires 3600\n")


@pytest.mark.parametrize(
    "text",
    [
        "canonical request method.AKIAZ3XQW5RT7YUI9OPLAWS4-HMAC-SHA256 Credential\n",
        "x=id_AKIAZ3XQW5RT7YUI9OPLCredential=abc\n",
        "keyidAKIAZ3XQW5RT7YUI9OPL\n",
        "AKIAZ3XQW5RT7YUI9OPLsigned\n",
    ],
)
def test_a_key_id_glued_to_a_word_is_found(engine: Scrubber, text: str) -> None:
    out = scrubbed(engine, text)
    assert "Z3XQW5RT7YUI9OPL" not in out


@pytest.mark.parametrize("text", ["XAKIAZ3XQW5RT7YUI9OPL\n", "AKIAZ3XQW5RT7YUI9OPLQ\n"])
def test_a_key_id_inside_a_longer_run_is_no_key(engine: Scrubber, text: str) -> None:
    assert engine.scrub_text(text).text == text
