# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Router and firewall OSes' pasted output (stop 59, scrubber 1.124.0; issue 35).

Batch 167's tune misses and damage (``tests/outside_corpus/SOURCE.md``, "The stop-167
collection"), fixed by rules for their class:

* ``ddns_update_hostname`` (``scrubbers/user_names.yaml``): the host name a dynamic-DNS
  account chose, in its update URL: Duck DNS's ``/update?domains=<name>[.duckdns.org]&token=…``
  (duckdns.org/spec.jsp) and the dyndns2 protocol's ``/nic/update?hostname=<host>`` (No-IP's
  "Update API", Dynu's "IP Update Protocol") on a provider's own zone. The docs' stand-ins
  (``mydomain``, ``yourname``, ``example``, ``homeassistant``, ``[DOMAIN]``) and role words stay.
* ``mac_prompt`` and ``mac_bash_prompt``: macOS bash's ``PS1='\\h:\\W \\u\\$ '`` (bash(1),
  PROMPTING: ``\\W`` the working folder's basename, which may hold blanks) read with a folder of
  up to five words (only before a command after ``$``), after a quote's ``> ``; and
  ``engine.mac_host_logins`` follows a capitalised login into the host made of it
  (``<U>sMacPro``), as it did a lower-case one. Prose labels (``Note:``, ``Error:``, ``Tip:``)
  are no host.
* ``wireguard_peer_public_key`` (``scrubbers/recognizers.yaml``, public material): a peer's
  public key after ``peer`` (wg(8)'s ``wg set … peer <base64-public-key>``, EdgeOS's
  vyatta-wireguard ``peer <pubkey> {``) or VyOS's ``public-key``; a ``private-key`` or
  ``preshared-key`` value still goes.

Not fixed (documented in docs/scrubber.md): dnsmasq's ``DHCPACK(<if>) <ip> <mac> <host>``
whose host is a person's name, and an EdgeOS peer's ``description "<Surname> ER-X"``: only a
list of names would tell a surname or a first name from a site, room or device word.

The ``*_NOBODY`` lists are the harm hunt the rules were attacked with before they were kept;
each text is unchanged by 1.123.0 but the WireGuard public keys, which 1.123.0 replaced.
"""

from __future__ import annotations

import pytest
import regex

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

_KEY = "AXH17fWQMjJfKSTyFSkhunH1hT8bmyjFmfzNy8fWsVM="
_KEY2 = "Y7LI8pQ2mVbX4kTnR9sHc3JdW6eLz0aFuG1yK5oPHw4="

DDNS_NOBODY = [
    "081749       : #> /usr/bin/curl -RsS -o /var/run/ddns/myddns_ipv4.dat --insecure 'https://www.duckdns.org/update?domains=[DOMAIN]&token=[PASSWORD]&ip=[IP]'\n",
    "https://www.duckdns.org/update?domains=mydomain.duckdns.org&token=***PW***&ip=124.206.234.219\n",
    "https://www.duckdns.org/update?domains=homeassistant.duckdns.org&token=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx&ip=\n",
    'curl "https://www.duckdns.org/update?domains=yourdomain&token=YOUR_TOKEN&ip="\n',
    'echo url="https://www.duckdns.org/update?domains=exampledomain&token=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx&ip=" | curl -k -o ~/duckdns/duck.log -K -\n',
    "https://www.duckdns.org/update?domains=$DOMAIN&token=$TOKEN&ip=\n",
    "https://www.duckdns.org/update?domains=%s&token=%s&ip=%s\n",
    "https://www.duckdns.org/update?domains=admin.duckdns.org&token=xxx\n",
    "GET /nic/update?hostname=mytest.example.com&myip=192.0.2.25 HTTP/1.1\n",
    "GET /nic/update?hostname=myhost.ddns.net&myip=192.0.2.25 HTTP/1.1\n",
    "https://api.dynu.com/nic/update?hostname=example.dynu.com&myip=198.51.100.7\n",
    "https://dynupdate.no-ip.com/nic/update?hostname=test.no-ip.org&myip=1.2.3.4\n",
    "https://freedns.afraid.org/dynamic/update.php?[TOKEN]\n",
    "docker run -e hostname=server.local -e domains=example.com nginx\n",
    "081752       : DDNS Provider answered:\nOK\n081752  info : Update successful - IP '124.206.234.219' send\n",
]

DDNS_GO = [
    (
        "081749       : #> /usr/bin/curl -RsS --insecure 'https://www.duckdns.org/update?\n\ndomains=kvarela2019.duckdns.org&token=3b91c07e-5a24-4e8b-9f16-d20c7a4e1b63&ip=124.206.234.219'\n",
        "kvarela2019",
        "https://www.duckdns.org/update?",
    ),
    (
        'curl "https://www.duckdns.org/update?domains=ostapenko&token=9d0f6c3e-1b2a-4c5d-8e7f-a0b1c2d3e4f5&ip="\n',
        "ostapenko",
        "www.duckdns.org/update?domains=",
    ),
    (
        "GET /nic/update?hostname=jsmith42.ddns.net&myip=192.0.2.25 HTTP/1.1\n",
        "jsmith42",
        ".ddns.net&myip=192.0.2.25",
    ),
    (
        "https://api.dynu.com/nic/update?hostname=tanakahiro.dynu.com&myip=198.51.100.7\n",
        "tanakahiro",
        ".dynu.com&myip=",
    ),
]

MAC_PROMPT_NOBODY = [
    "MacBook-Pro:~ admin$ ssh root@192.168.1.1\n",
    "iMac:~ user$ ssh root@192.168.1.1\nroot@192.168.1.1's password: \n",
    "> root@DD-WRT:~# cat /var/log/messages \n",
    "MacBook-Pro:new folder admin$ ls\n",
    "iMac:My Documents user$ ls -la\n",
    "> MacBook-Pro:new gold dream Admin$ ssh root@192.168.1.1\n",
    "Mac-mini:Build Output Runner$ make\n",
    "Note:see the docs Price$ list\n",
    "Error:could not find Home$ dir\n",
    "> Tip:run the Build$ step first\n",
    "Warning:monthly cost in USD$ 5\n",
    "root@OpenWrt:/tmp/my dir# ls\n",
    "admin@erl3# show interfaces wireguard\n",
    "> Total:all the things done$ ok\n",
    "bash-3.2$ ssh root@192.168.1.1\n",
]

MAC_PROMPT_GO = [
    (
        "> KemalsMacPro:new gold dream Kemal$ ssh root@192.168.1.1\n> DD-WRT v4.14-r42478M CRISPIN (c) 2020 NewMedia-NET GmbH\n",
        "Kemal",
        "sMacPro:new gold dream ",
    ),
    ("Ottilies-MacBook-Pro:Old Projects Ottilie$ ls\n", "Ottilie", "-MacBook-Pro:Old Projects "),
    ("ilkasMBP:my app ilka$ npm install\n", "ilka", "sMBP:my app "),
    ("> bertrandsmini:~ bertrand$ ssh admin@192.168.1.1\n", "bertrand", "smini:~ "),
]

WIREGUARD_PUBLIC_KEYS = [
    f"-wireguard wg0 {{\n-    listen-port 53\n-    peer {_KEY} {{\n-        allowed-ips 192.168.254.0/24\n-    }}\n",
    f"-    peer {_KEY} {{\n",
    f"set interfaces wireguard wg0 peer {_KEY2} description 'Phone'\n",
    f"set interfaces wireguard wg0 peer {_KEY} allowed-ips 10.0.0.2/32\n",
    f"wg set wg0 peer {_KEY} allowed-ips 10.0.0.2/32 endpoint 203.0.113.4:51820\n",
    f"set interfaces wireguard wg01 peer to-wg02 public-key '{_KEY2}'\n",
]

WIREGUARD_SECRETS = [
    (f"set interfaces wireguard wg01 private-key '{_KEY2}'\n", _KEY2),
    (f"set interfaces wireguard wg0 peer {_KEY} preshared-key '{_KEY2}'\n", _KEY2),
    (f"[Interface]\nPrivateKey = {_KEY2}\n", _KEY2),
]


@pytest.mark.parametrize("text", DDNS_NOBODY + MAC_PROMPT_NOBODY + WIREGUARD_PUBLIC_KEYS)
def test_router_text_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), DDNS_GO + MAC_PROMPT_GO)
def test_router_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert regex.search(rf"(?i){value}", out) is None, out
    assert kept in out, out


@pytest.mark.parametrize(("text", "value"), WIREGUARD_SECRETS)
def test_wireguard_private_and_preshared_keys_go(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value not in out, out
    assert _KEY not in text.replace(value, "") or _KEY in out, out
