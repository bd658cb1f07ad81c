# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""VPN clients' public keys, placeholder logins and owner columns (stop 51, scrubber 1.37.0; issue 35).

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

The login misses of batches 82 and 83's tune parts, each found by a rule read from its tool's
documented format (``scrubbers/user_names.yaml``):

* ``tailscale_status_owner``: ``tailscale status``'s peer line ``<100.x.y.z>  <machine>
  <login>@  <os>  <status>`` (an address in 100.64.0.0/10, an OS Tailscale names), not
  ``tagged-devices``, ``userid:<n>``, ``-``, a placeholder, ``root@`` or a default account;
* ``openfortivpn_config_username``: openfortivpn's ``Config username = "<value>"``, whole,
  spaces included, not empty, masked or a placeholder (``"notused"``, ``"John Doe"``);
* ``unreal_developers_folder``: Unreal Engine's per-user folder ``…/Content/Developers/<login>/``,
  not ``Content/Developers/`` alone, the singular ``Developer`` module folders or a placeholder.

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

TAILSCALE_OWNER_NOBODY = [
    "100.108.1.2  machinename  tagged-devices  linux  offline\n",
    "100.77.140.60  laptop1  userid:51197  macOS  -\n",
    "100.64.0.1  myhost  user@  linux  -\n",
    "100.64.0.2  myhost  username@  linux  -\n",
    "100.64.0.3  server1  ubuntu@  linux  active; direct 192.168.1.10:41641\n",
    "100.64.0.4  gateway  root@  linux  idle, tx 1234 rx 5678\n",
    "100.64.0.5  nas  -  linux  offline\n",
    "100.101.102.103  phone  admin@  iOS  -\n",
    "100.88.0.9  tv  <user>@  android  offline\n",
    "10.0.0.4  host1  alice@  linux  -\n",
    "100.64.0.7  pc  you@  windows  -\n",
    "100.64.0.8  pc  jdoe@example.com  windows  -\n",
]

OPENFORTIVPN_NOBODY = [
    'DEBUG:  Config username = "USER"\n',
    'DEBUG:  Config username = "notused"\n',
    'DEBUG:  Config username = "someone"\n',
    'DEBUG:  Config username = ""\n',
    'DEBUG:  Config username = "username"\n',
    'DEBUG:  Config username = "<username>"\n',
    'DEBUG:  Config username = "John Doe"\n',
    'DEBUG:  Config username = "JOHN DOE"\n',
    'DEBUG:  Config username = "********"\n',
    'DEBUG:  Config username = "your username"\n',
    'DEBUG:  Config username = "First Last"\n',
    'DEBUG:  Config username = "VPN_USERNAME"\n',
    'DEBUG:  Config realm = ""\nDEBUG:  Config host = "vpn.example.com"\n',
    'DEBUG:  Config password = "********"\n',
]

UNREAL_DEVELOPERS_NOBODY = [
    "LogFileCache: Scanning file cache for directory 'E:/Unreal Projects/OSC/Content/Developers/'\n",
    "LogFileCache: Scanning file cache for directory 'E:/Unreal Projects/OSC/Content/Collections/'\n",
    "LogFileCache: Scanning file cache for directory 'E:/Unreal Projects/OSC/Saved/Collections/'\n",
    "D:/Game/Content/Developers/<Name>/Collections/\n",
    "E:/P/Content/Developers/Username/Collections/\n",
    "E:/P/Content/Developers/YourName/Test.uasset\n",
    "E:/P/Content/Developers/Shared/Materials/M_Test.uasset\n",
    "C:/Program Files/Epic Games/UE_5.3/Engine/Source/Developer/DesktopPlatform/Private/DesktopPlatformBase.cpp\n",
    "D:/Proj/Plugins/Developer/RiderLink/Source/RiderLink.Build.cs\n",
    "LogCollectionManager: Loaded 0 collections in 0.001 seconds\n",
    "Content/Developers/\n",
]

# (text, the secret or login that must be gone from the whole text)
STILL_GO = [
    (f"[Interface]\nPrivateKey = {_PRIV}\nAddress = 10.0.0.1/24\n", _PRIV),
    (f"[Peer]\nPublicKey = {_PUB}\nPresharedKey = {_PSK}\n", _PSK),
    (f'{{"PrivateKey": "{_PRIV}", "PublicKey": "{_PUB}"}}\n', _PRIV),
    ("Username: mkovacs\nPassword: \n", "mkovacs"),
    ("Username: JSMITH\n", "JSMITH"),
    ("100.77.140.60    laptop-9     kwalden@        macOS    -\n", "kwalden"),
    (
        "# Health check:\n100.101.7.2  pc-tm  tmorrow@  windows  active; direct 192.168.1.4:41641\n/home/tmorrow/.cache\n",
        "tmorrow",
    ),
    ('DEBUG:  Config username = "ANA MARIA SOUZA LIMA"\nDEBUG:  Config realm = ""\n', "SOUZA"),
    (
        'DEBUG:  Config username = "vpnuser01"\n$ openfortivpn vpn.example.com -u vpnuser01\n',
        "vpnuser01",
    ),
    (
        "LogFileCache: Scanning file cache for directory 'E:/Unreal Projects/OSC/Content/Developers/Kwalden/Collections/'\n",
        "Kwalden",
    ),
    ("D:\\Game\\Content\\Developers\\mtorres\\Test.uasset\n", "mtorres"),
]


@pytest.mark.parametrize(
    "text",
    PUBLIC_KEY_NOBODY
    + PLACEHOLDER_LOGIN_NOBODY
    + TAILSCALE_OWNER_NOBODY
    + OPENFORTIVPN_NOBODY
    + UNREAL_DEVELOPERS_NOBODY,
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_private_keys_and_logins_still_go(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower()
    if _PUB in text:
        assert _PUB in out  # the public key beside it stays
