# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""VPN clients' public keys and placeholder logins (stop 51, scrubber 1.37.0; issue 35).

The damage of batch 82's tune part (``tests/outside_corpus/SOURCE.md``, "The stop-82
collection"), each fixed by a general rule:

* ``wireguard_public_key`` (``scrubbers/recognizers.yaml``, kept public material): a WireGuard
  peer's ``PublicKey = <44 base64>`` (``wg(8)``, ``wg-quick(8)``: the key handed to the other
  side), commented out too, and ``tailscale status --json``'s ``"PublicKey": "…"`` (base64, hex,
  ``nodekey:``-prefixed or masked) are public by design and stay; ``PrivateKey`` and
  ``PresharedKey`` values still go;
* ``placeholder_name`` (``scrubbers/user_names.yaml``): an upper-case snake-case name built from
  ``USER``, ``USERNAME``, ``NAME`` or ``LOGIN`` (``VPN_USERNAME``, ``USER_NAME``) typed at a
  ``Username:`` prompt or in ``user=`` is a placeholder, no login.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only public material), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

_PUB = "xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg="
_PUB2 = "TrMvSoP4jYQlY6RIzBgbssQqY3vxI2Pi+y71lOWWXX0="
_PRIV = "yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk="
_PSK = "Qm3fT0uV9pL2xW8kR1yZ5nC7aE4hJ6sD0gB2vN8mKq4="

PUBLIC_KEY_NOBODY = [
    f"[Peer]\nPublicKey = {_PUB}\nAllowedIPs = 10.0.0.2/32\nEndpoint = vpn.example.com:51820\n",
    f"[Peer]\n# PublicKey = {_PUB}\nAllowedIPs = 0.0.0.0/0\n",
    f"[Peer]\nPublicKey={_PUB2}\nPersistentKeepalive = 25\n",
    f"[Interface]\nAddress = 10.0.0.1/24\n# PublicKey = {_PUB2}\nListenPort = 51820\n",
    f'  "Self": {{\n    "ID": "n1",\n    "PublicKey": "{_PUB}",\n    "HostName": "laptop1"\n  }}\n',
    '  "PublicKey": "nodekey:4f1b6c2d9e8a7f3b5c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b",\n',
    '  "PublicKey": "L+V9o0fNYkMVKNxxxxxxSvxM/C7ZCZX1jLO3Q=",\n',
    f'{{"Peer": {{"PublicKey": "{_PUB2}", "Online": true}}}}\n',
    f"peer: {_PUB}\n  endpoint: 203.0.113.5:51820\n  allowed ips: 10.0.0.2/32\n",
    f"interface: wg0\n  public key: {_PUB2}\n  private key: (hidden)\n  listening port: 51820\n",
    "PublicKey = <your public key here>\n",
    '  "PublicKey": "",\n',
]

PLACEHOLDER_LOGIN_NOBODY = [
    "Username: VPN_USERNAME\n",
    "Username: USER_NAME\n",
    "Username: VPN_USERNAME\nPassword: \n> user=VPN_USERNAME&passwd=VPN_PASSWORD\n",
    "Username: LOGIN_NAME\n",
    "Username: DB_LOGIN\nuser=DB_LOGIN\n",
    "Username: AD_USER_NAME\n",
    "Username: CORP_USERNAME\n",
    "Username: YOUR_USER\n",
    "$ openconnect --user=VPN_USERNAME vpn.example.com\n",
    "user=SSH_USERNAME host=HOST_NAME\n",
    "Username: MY_NAME\n",
    "Username: VPN_USER\n",
]

# (text, the secret or login that must be gone from the whole text)
STILL_GO = [
    (f"[Interface]\nPrivateKey = {_PRIV}\nAddress = 10.0.0.1/24\n", _PRIV),
    (f"[Peer]\nPublicKey = {_PUB}\nPresharedKey = {_PSK}\n", _PSK),
    (f'{{"PrivateKey": "{_PRIV}", "PublicKey": "{_PUB}"}}\n', _PRIV),
    ("Username: mkovacs\nPassword: \n", "mkovacs"),
    ("Username: JSMITH\n", "JSMITH"),
]


@pytest.mark.parametrize("text", PUBLIC_KEY_NOBODY + PLACEHOLDER_LOGIN_NOBODY)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_private_keys_and_logins_still_go(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value not in out
    if _PUB in text:
        assert _PUB in out  # the public key beside it stays
