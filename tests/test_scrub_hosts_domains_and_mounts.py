# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""OpenSSH key blobs, hub's bracketed placeholder and ``password is <participle>`` kept
(stop 50, scrubber 1.32.0; issue 35).

The damage of batches 69 and 70's tune parts (``tests/outside_corpus/SOURCE.md``, "The stop-69
collection" and "The stop-70 collection"), each fixed by a general rule:

* an OpenSSH public key blob without its type word (sshd's ``attempting public key
  rsa-sha2-512 AAAA…``) is public material: the blob opens with the base64 of its key type's
  name (RFC 4253 section 6.6), ``AAAAB3NzaC1yc2E`` (``ssh-rsa``), ``AAAAC3NzaC1lZDI1NTE5``
  (``ssh-ed25519``), ``AAAAE2VjZHNh`` (``ecdsa-sha2-*``) and their kin
  (``recognizers.yaml``'s ``ssh_public_key_blob``). The value of a secret-named key still goes;
* a YAML flow sequence's item of plain words (hub's ``oauth_token: [token generated from
  https://…]``) is judged as written, brackets included, not by the sequence's key
  (``intake.scrub.formats``); an item without a blank (``[gho_…]``) is judged by the key;
* a participle after ``password is`` (``password is enabled``, ``disabled``, ``forgotten``) is
  no value (``password_word``).

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody and hold no secret, which must stay as they are. ``SECRETS``
lose the secret and keep the rest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from intake.scrub.files import scrub_file_text
from tests.support.scrubbing import scrubbed

_RSA = "AAAAB3NzaC1yc2EAAAADAQABAAABAQC7vXq2Lr9mT4kPz8wJ3nY6dHf1sQeR0aUbVcX5iKoN2gM7jWpZt8yE4lCrFh9SxDq3uGv6BnTa1oYkI0eLmP"
_ED = "AAAAC3NzaC1lZDI1NTE5AAAAIHk3Qp9vRz2mW8tXn4LcY7sJd1fBgE6uKoA5hPiT0rNq"
_ECDSA = "AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBKq7Lm2Xv9Rt4Wp8Zn3Yc6Jd1Fs5Hg0Ua"
_DSS = "AAAAB3NzaC1kc3MAAACBAPk2Lr8mT4kQz9wJ3nY6dHf1sQeR0aUbVcX5iKoN2gM7jWpZt8yE4lCrFh9SxDq3u"

KEY_BLOB_NOBODY = [
    f"debug2: userauth_pubkey: valid user root attempting public key rsa-sha2-512 {_RSA} [preauth]\n",
    f"debug1: userauth_pubkey: test pkalg ssh-ed25519 pkblob ED25519 SHA256:Xq1Yz8bW3nQ7tR2vK9sL0dF4gH6jM5pC1aE8uI7oT2w\nkey blob: {_ED}\n",
    f"Accepted key RSA SHA256:Xq1Yz8bW3nQ7tR2vK9sL0dF4gH6jM5pC1aE8uI7oT2w found at /etc/ssh/authorized_keys:1\n{_RSA}\n",
    f"  - {_ECDSA}\n",
    f"blob {_ED}\n",
    f"debug3: mm_answer_keyallowed: key {_DSS} is allowed\n",
    f"[{_RSA}]\n",
    f"fingerprint of {_ECDSA} is SHA256:Xq1Yz8bW3nQ7tR2vK9sL0dF4gH6jM5pC1aE8uI7oT2w\n",
    f"ssh-ed25519 {_ED} deploy@ci\n",
    "sk-ssh-ed25519@openssh.com AAAAGnNrLXNzaC1lZDI1NTE5QG9wZW5zc2guY29tAAAAIHk3Qp9vRz2mW8tXn4LcY7sJd1fBgE6u host\n",
    f'"{_RSA}"\n',
]

PLACEHOLDER_NOBODY = [
    "the password is enabled for this account\n",
    "Password authentication is disabled; password is required for sudo only.\n",
    "If your password is changed, log in again.\n",
    "PasswordAuthentication: the root password is locked\n",
    "my password is expired, how do I reset it?\n",
    "The password is stored hashed.\n",
    "password is encrypted (see /etc/shadow)\n",
]

YAML_NOBODY = [
    "github.com:\n- user: octocat\n  oauth_token: [token generated from https://github.com/settings/tokens]\n  protocol: https\n",
    "api_key: [your key from the dashboard]\n",
    "secrets:\n  password: [set in the vault, not here]\n",
    "token: [paste the token here]\n",
]

# (text, the scrubbed text): the secret goes, everything else stays
SECRETS = [
    (f"password: {_RSA}\n", "password: FAKE" + "0" * (len(_RSA) - 5) + "1\n"),
    (f"private_key={_ED}\n", "private_key=FAKE" + "0" * (len(_ED) - 5) + "1\n"),
    ("the password is Fr0zen99x\n", "the password is FAKE00001\n"),
    ("password is hunter2xyz\n", "password is FAKE000001\n"),
    # the review's texts: a word that is no participle is still a value
    ("the wifi password is kitten\n", "the wifi password is FAKE01\n"),
    ("password is Disabled99\n", "password is FAKE000001\n"),
    ("password is seeded99x\n", "password is FAKE00001\n"),
]

YAML_SECRETS = [
    "oauth_token: [gho_Ab3dE5gH7jK9mN1pQ3rS5tU7vW9xY1z2A3b4]\n",
    "password: [S3cr3tPassw0rd99]\n",
]


def _yaml(engine: Scrubber, text: str) -> str:
    out = scrub_file_text(Path("hub.yml"), text, scrubber=engine).text
    assert scrub_file_text(Path("hub.yml"), out, scrubber=engine).text == out
    return out


@pytest.mark.parametrize("text", KEY_BLOB_NOBODY + PLACEHOLDER_NOBODY)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize("text", YAML_NOBODY)
def test_a_bracketed_placeholder_in_yaml_stays(engine: Scrubber, text: str) -> None:
    assert _yaml(engine, text) == text


@pytest.mark.parametrize(("text", "expected"), SECRETS)
def test_a_secret_still_goes(engine: Scrubber, text: str, expected: str) -> None:
    assert scrubbed(engine, text) == expected


@pytest.mark.parametrize("text", YAML_SECRETS)
def test_a_secret_in_a_flow_sequence_still_goes(engine: Scrubber, text: str) -> None:
    out = _yaml(engine, text)
    assert "FAKE" in out and out.split(":")[0] == text.split(":")[0]
