# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""ACME certificate clients and reverse proxies (stop 56, scrubber 1.82.0; issue 35).

The tune damage of batch 127 (``tests/outside_corpus/SOURCE.md``, "The stop-127 collection"),
fixed by rules that read each tool's own documentation or source:

* ``lego_documented_address`` (``scrubbers/allow.yaml``): lego's documented example address
  ``me@bar.com`` (lego's ``dnshelp`` command and its documentation's "DNS Providers" page:
  ``CLOUDFLARE_EMAIL=foo@bar.com … lego --dns cloudflare --domains www.example.com --email
  me@bar.com run``): the first person (``me``) at RFC 3092's metasyntactic domain is nobody's,
  as ``foo@bar.com`` already was (``placeholder_email``); a real local part at such a domain and
  ``me@`` at any other domain still go.
* ``caddy`` and ``traefik`` in ``words.yaml``'s ``system_accounts``: the accounts the two
  servers' own packaging and unit files create and run as (caddyserver/dist's
  ``init/caddy.sysusers``, ``u caddy - "Caddy web server" /var/lib/caddy``, and the install
  docs' ``useradd --system … caddy``; traefik's ``contrib/systemd/traefik.service``, ``useradd -r
  -s /bin/false -U -M traefik``), so ``/home/caddy/.local/share/caddy/`` (Caddy's documented
  data folder, ``$HOME/.local/share/caddy``) and ``/home/traefik/…/traefik/`` stay.
* ``posh_acme_default_pfx_pass`` (``scrubbers/allow.yaml``): Posh-ACME's documented default
  ``PfxPass``, ``poshacme`` (``New-PACertificate``'s ``[string]$PfxPass='poshacme'``, and the
  docs' "Default value: poshacme"), the whole value, lower case.
* ``acme_sh_account_key_hash`` (``scrubbers/recognizers.yaml``, ``intake_keep_public_material``):
  acme.sh's account key hash, ``_saved_account_key_hash='…'`` and ``CA_KEY_HASH='…'`` (acme.sh's
  ``__calcAccountKeyHash``: ``_digest sha256 <"$ACCOUNT_KEY_PATH"``, 43 base64 characters and
  ``=``, saved in ``ca.conf`` and printed by ``_debug``/``_debug2``): a digest, no credential.

Each ``*_NOBODY`` list is the harm hunt the rule was attacked with before it was kept (texts of
the same shape that name nobody and stayed before the rule); each ``*_KEPT`` list holds the
damage the rule removes; each ``*_GO`` list holds real values in the same places, which must go
before and after.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

# --- lego's documented example address -------------------------------------------------------

LEGO_ADDRESS_NOBODY = [
    "$ CLOUDFLARE_EMAIL=foo@bar.com \\\n",
    "2019/02/06 02:39:58 Saved key to ~/.lego/accounts/acme-v02.api.letsencrypt.org/you@example.com/keys/you@example.com.key\n",
    "Saved key to ~/.lego/accounts/acme-v02.api.letsencrypt.org/noemail@example.com/keys/noemail@example.com.key\n",
    "lego --email foo@bar.com --dns cloudflare --domains www.example.com run\n",
    "2026/01/16 19:38:06 [INFO] acme: Registering account for test@example.com\n",
]

LEGO_ADDRESS_KEPT = [
    "$ CLOUDFLARE_EMAIL=foo@bar.com \\\nCLOUDFLARE_API_KEY=b9841238feb177a84330febba8a83208921177bffe733 \\\nlego --dns cloudflare --domains www.example.com --email me@bar.com run\n",
    "2019/02/06 02:39:58 No key found for account me@bar.com. Generating a curve P384 EC key.\n",
    "2019/02/06 02:39:58 Saved key to ~/.lego/accounts/acme-v02.api.letsencrypt.org/me@bar.com/keys/me@bar.com.key\n",
    "2019/02/06 02:40:00 [INFO] acme: Registering account for me@bar.com\n",
    "lego --email me@foo.com --dns cloudflare --domains www.example.com run\n",
    "lego --email Me@Bar.com run\n",
]

LEGO_ADDRESS_GO = [
    (
        "lego --email me@kowalczyk.dev --dns cloudflare --domains kowalczyk.dev run\n",
        "me@kowalczyk.dev",
        "lego --email ",
    ),
    (
        "lego --email tkowal@bar.com --dns cloudflare --domains www.example.com run\n",
        "tkowal",
        "--dns cloudflare",
    ),
    ("lego --email mel@bar.com run\n", "mel@bar.com", "lego --email "),
    ("lego --email me@barnett.com run\n", "me@barnett.com", "lego --email "),
    ("lego --email me.kowal@bar.com run\n", "kowal", "lego --email "),
    ("lego --email me@bar.co.uk run\n", "me@bar.co.uk", "lego --email "),
    ("lego --email me@gmail.com run\n", "me@gmail.com", "lego --email "),
    (
        "Saved key to ~/.lego/accounts/acme-v02.api.letsencrypt.org/hliao@bar.com/keys/hliao@bar.com.key\n",
        "hliao",
        "Saved key to ~/.lego/accounts/acme-v02.api.letsencrypt.org/",
    ),
]


@pytest.mark.parametrize("text", LEGO_ADDRESS_NOBODY + LEGO_ADDRESS_KEPT)
def test_lego_documented_address_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), LEGO_ADDRESS_GO)
def test_address_at_a_real_or_masked_domain_goes(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


# --- Caddy's and Traefik's service accounts --------------------------------------------------

SERVER_ACCOUNT_NOBODY = [
    "$ ls /var/lib/caddy/.local/share/caddy/\nacme  certificates  locks  ocsp\n",
    "$ sudo -u caddy caddy run --config /etc/caddy/Caddyfile\n",
    "[Fri Sep 21 17:25:19 CST 2018] _script_home='/home/tomcat/.acme.sh'\n",
    "[Thu Mar 23 20:32:07 UTC 2017] LE_WORKING_DIR='/home/vagrant/.acme.sh'\n",
    'docker run --rm -v "/home/ubuntu/docker/traefik:/input" ghcr.io/na4ma4/traefik-acme:latest\n',
]

SERVER_ACCOUNT_KEPT = [
    "$ ls /home/caddy/.local/share/caddy/\nacme  certificates  locks  ocsp\n",
    "/home/traefik/containers/traefik/acme.json\n",
    "caddy@web01:~$ caddy version\n",
    "ExecStart=/usr/bin/traefik --configFile=/home/traefik/traefik.toml\n",
]

SERVER_ACCOUNT_GO = [
    (
        "$ ls /home/okmwangi/.local/share/caddy/certificates/\n",
        "okmwangi",
        "/.local/share/caddy/certificates/",
    ),
    ("$ ls /home/caddyfan/.local/share/caddy/\n", "caddyfan", "/.local/share/caddy/"),
    ("hliao@web01:~/traefik$ cat /home/hliao/traefik/acme.json\n", "hliao", "/traefik/acme.json"),
]


@pytest.mark.parametrize("text", SERVER_ACCOUNT_NOBODY + SERVER_ACCOUNT_KEPT)
def test_server_service_account_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), SERVER_ACCOUNT_GO)
def test_person_beside_server_data_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


# --- Posh-ACME's default PFX password --------------------------------------------------------

PFX_PASS_NOBODY = [
    "VERBOSE: Setting PfxPass to '*****'\n",
    '    "PfxPass":  "*****",\n',
    '    "PluginArgs":  null,\n',
    "PS C:\\Users\\administrator.NT> New-PACertificate 'wds2.<whatever suffix>' -AcceptTOS -Contact admin@<whatever suffix> -Plugin RFC2136\n",
]

PFX_PASS_KEPT = [
    'DEBUG: New order params: \n{\n    "PluginArgs":  null,\n    "PfxPass":  "poshacme",\n    "AlwaysNewKey":  {\n',
    "PS C:\\> New-PACertificate example.com -PfxPass 'poshacme'\n",
    "PfxPass          : poshacme\n",
]

PFX_PASS_GO = [
    ('    "PfxPass":  "Kq7vT2mw",\n', "Kq7vT2mw", '"PfxPass":  "'),
    ('    "PfxPass":  "poshacme2",\n', "poshacme2", '"PfxPass":  "'),
    ('    "PfxPass":  "PoshAcme",\n', "PoshAcme", '"PfxPass":  "'),
    (
        "PS C:\\> New-PACertificate example.com -PfxPass 'Winter2024!'\n",
        "Winter2024!",
        "-PfxPass '",
    ),
]


@pytest.mark.parametrize("text", PFX_PASS_NOBODY + PFX_PASS_KEPT)
def test_posh_acme_default_pfx_pass_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), PFX_PASS_GO)
def test_chosen_pfx_pass_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


# --- acme.sh's account key hash --------------------------------------------------------------

KEY_HASH_NOBODY = [
    "[Thu Mar 23 20:32:08 UTC 2017] _saved_account_key_hash is not changed, skip register account.\n",
    "[Fri Jul  8 03:21:54 UTC 2022] token='zKUTzxxxo'\n[Fri Jul  8 03:21:54 UTC 2022] keyauthorization='zKUTzxxxo.xxxxx'\n",
    "[Thu Mar 23 20:32:08 UTC 2017] _saved_account_key_hash=''\n",
    "[Sat Oct  1 02:06:27 BST 2016] Calc CA_KEY_HASH\n",
]

KEY_HASH_KEPT = [
    "[Thu Mar 23 20:32:08 UTC 2017] _saved_account_key_hash='DLddRT10t+oxC/cFlbVkircPyZGP3OoTv+vpNZJiWsY='\n",
    "[Thu Mar 23 20:32:08 UTC 2017] Calc CA_KEY_HASH='pQ3nV8xT2kLm9RzA4bYc7WdE1fGh5JjK6sUo0iPqXyM='\n",
    "ACCOUNT_URL='https://acme-v02.api.letsencrypt.org/acme/acct/123456789'\nCA_KEY_HASH='pQ3nV8xT2kLm9RzA4bYc7WdE1fGh5JjK6sUo0iPqXyM='\n",
    'CA_KEY_HASH="pQ3nV8xT2kLm9RzA4bYc7WdE1fGh5JjK6sUo0iPqXyM="\n',
]

KEY_HASH_GO = [
    (
        "[Sat Jun 17 19:46:32 PDT 2017] SAVED_Ali_Secret='Qm7xT2kLp9RzA4bYc7WdE1fGh5Jj'\n",
        "Qm7xT2kLp9RzA4bYc7WdE1fGh5Jj",
        "SAVED_Ali_Secret='",
    ),
    (
        "[Sat Jun 17 19:46:32 PDT 2017] SAVED_DO_API_KEY='pQ3nV8xT2kLm9RzA4bYc7WdE1fGh5JjK6sUo0iPqXyM='\n",
        "pQ3nV8xT2kLm9RzA4bYc7WdE1fGh5JjK6sUo0iPqXyM",
        "SAVED_DO_API_KEY='",
    ),
    (
        "[Sat Jun 17 19:46:32 PDT 2017] _eab_hmac_key='pQ3nV8xT2kLm9RzA4bYc7WdE1fGh5JjK6sUo0iPqXyM'\n",
        "pQ3nV8xT2kLm9RzA4bYc7WdE1fGh5JjK6sUo0iPqXyM",
        "_eab_hmac_key='",
    ),
    (
        "[Sat Jun 17 19:46:32 PDT 2017] _saved_account_key='pQ3nV8xT2kLm9RzA4bYc7WdE1fGh5JjK6sUo0iPqXyM='\n",
        "pQ3nV8xT2kLm9RzA4bYc7WdE1fGh5JjK6sUo0iPqXyM",
        "_saved_account_key='",
    ),
    (
        "ACCOUNT_KEY_HASH='pQ3nV8xT2kLm9RzA4bYc7WdE1fGh5JjK6sUo0iPqXyM='\n",
        "pQ3nV8xT2kLm9RzA4bYc7WdE1fGh5JjK6sUo0iPqXyM",
        "ACCOUNT_KEY_HASH='",
    ),
    (
        "MY_CA_KEY_HASH='pQ3nV8xT2kLm9RzA4bYc7WdE1fGh5JjK6sUo0iPqXyM='\n",
        "pQ3nV8xT2kLm9RzA4bYc7WdE1fGh5JjK6sUo0iPqXyM",
        "MY_CA_KEY_HASH='",
    ),
    (
        "_saved_account_key_hash='pQ3nV8xT2kLm9RzA4bYc7WdE1fGh5JjK6sUo0iPqXyMz9Q'\n",
        "pQ3nV8xT2kLm9RzA4bYc7WdE1fGh5JjK6sUo0iPqXyMz9Q",
        "_saved_account_key_hash='",
    ),
]


@pytest.mark.parametrize("text", KEY_HASH_NOBODY + KEY_HASH_KEPT)
def test_acme_sh_account_key_hash_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), KEY_HASH_GO)
def test_acme_sh_secret_of_the_same_shape_goes(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)
