# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""minisign's and the Tauri updater's public keys (stop 57, scrubber 1.99.0; issue 35).

The tune damage of batch 141 (``tests/outside_corpus/SOURCE.md``, "The stop-141 collection"),
fixed by a general rule, ``engine._minisign_public``: minisign's documented public key format
(jedisct1.github.io/minisign, "Public key format": an ``untrusted comment:`` line, then
``base64(<signature_algorithm> || <key_id> || <public_key>)``, ``Ed``, 8 bytes and an Ed25519
key's 32: 42 bytes, 56 base64 characters beginning ``RW``; OpenBSD signify's public keys have
the same layout) is public by design: ``minisign -V -P <pubkey>`` takes it on the command line,
a ``minisign.pub`` file is published, and Tauri's ``tauri signer generate`` prints it base64
encoded once more (the whole ``.pub`` file) for ``tauri.conf.json``'s updater ``pubkey``,
which ships inside every app. Kept: such a key alone, the key id minisign writes in the public
key's comment (``untrusted comment: minisign public key <16 hex>``, rsign2's and the Rust
crate's ``…public key: <16 hex>``), and the base64 of the two-line file. The secret key
(``untrusted comment: minisign encrypted secret key`` / ``rsign encrypted secret key``,
``Ed`` then the KDF's ``Sc`` and checksum's ``B2``: 158 bytes) is a credential and goes.

``MINISIGN_GO`` are the secret key's forms and must go; ``MINISIGN_PUBLIC`` were changed by
1.94.0 (a public key replaced as a secret) and stay now; ``MINISIGN_NOBODY`` name no key.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

_PUB = "RWSExweUyHktkrJ2AOxEpo8Dr/rmV2k9RINZnr170IsvKLtYXJE5m7+K"
_PUB_WRAPPED = "dW50cnVzdGVkIGNvbW1lbnQ6IG1pbmlzaWduIHB1YmxpYyBrZXk6IDkyMkQ3OUM4OTQwN0M3ODQKUldTRXh3ZVV5SGt0a3JKMkFPeEVwbzhEci9ybVYyazlSSU5abnIxNzBJc3ZLTHRZWEpFNW03K0sK"
_PUB2 = "RWT89N43Z3f+xfBVBbEH7pxgQuuJAUHUTQAgakNQcucyTgll2W1/r/e9"
_SECRET = "RWRTY0IyQXmKeEJ6RWoqhNg4zF3ACqqajX+J8aKScAQZBkgGU5AAAAACAAAAAAAAAEAAAAAAoI7XnHfpZmdcL5N3sGGGM0QT1HkLV1ASA9BEr52opwZRQ1Q6mwGxAwqWtBF4HW6LhoMuXY+iI0uxKPb+oORhMdHD6ZfR36IsV7dN5fW5Xy1FLrDfT8DwLZmXKBSvTptDFHKNucUtDfA="
_SECRET_WRAPPED = "dW50cnVzdGVkIGNvbW1lbnQ6IHJzaWduIGVuY3J5cHRlZCBzZWNyZXQga2V5ClJXUlRZMEl5aXMyck8yWUNLMy81RWtHTEtROTU4OUs5VEx4Tm9oWlYva0w3cDdXS2tFQUFBQUFDQUFBQUFBQUFBRUFBQUFBQUkvN2ZZSXBmcEdwR2xDd1FWMlFwSDU2QmN3SW5vOEFyMkM2c3pWajAxN2pXa2pRenVCUXZ5MjhlMWtUbVM0WFFKZ0I5YVNBeTZXVE1FUGtWWitlUjBRNXZBRGthNmhoSHJTZDVkSW52UnN3QnNXQ3ZNRE1pY3NWcVdvZS9jUkNIazd0MXlYTVVONjg9Cg=="

MINISIGN_PUBLIC = [
    f"Your public key was generated successfully:\n{_PUB_WRAPPED}\n\nAdd the public key in your tauri.conf.json\n",
    f'"updater": {{\n  "active": true,\n  "pubkey": "{_PUB_WRAPPED}"\n}}\n',
    f"untrusted comment: minisign public key 922D79C89407C784\n{_PUB}\n",
    f"untrusted comment: minisign public key: 922D79C89407C784\n{_PUB}\n",
    f"untrusted comment: rsign public key: C5FE776737DEF4FC\n{_PUB2}\n",
    f"$ minisign -Vm myfile.txt -P {_PUB}\nSignature and comment signature verified\n",
    f"The public key is printed and put into the minisign.pub file:\nminisign -Vm <file> -P {_PUB2}\n",
    f"[plugins.updater]\npubkey = '{_PUB2}'\n",
]

MINISIGN_GO = [
    (
        f"Your secret key was generated successfully - Keep it secret!\n{_SECRET_WRAPPED}\n\nYour public key was generated successfully:\n{_PUB_WRAPPED}\n",
        _SECRET_WRAPPED,
        _PUB_WRAPPED,
    ),
    (
        f"untrusted comment: minisign encrypted secret key\n{_SECRET}\n",
        _SECRET,
        "untrusted comment: minisign encrypted secret key",
    ),
    (
        f"TAURI_PRIVATE_KEY={_SECRET_WRAPPED}\nTAURI_KEY_PASSWORD=\n",
        _SECRET_WRAPPED,
        "TAURI_PRIVATE_KEY=",
    ),
]

MINISIGN_NOBODY = [
    "Add the public key in your tauri.conf.json\n",
    "`TAURI_PRIVATE_KEY`  Path or String of your private key\n`TAURI_KEY_PASSWORD`  Your private key password (optional)\n",
    '"pubkey": ""\n',
    '"pubkey": "YOUR_PUBLIC_KEY"\n',
    "untrusted comment: minisign public key\n",
    "$ minisign -G\nPlease enter a password to protect the secret key.\n",
]


@pytest.mark.parametrize("text", MINISIGN_PUBLIC + MINISIGN_NOBODY)
def test_minisign_public_key_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "secret", "kept"), MINISIGN_GO)
def test_minisign_secret_key_goes(engine: Scrubber, text: str, secret: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert secret not in out, out
    assert kept in out, out
