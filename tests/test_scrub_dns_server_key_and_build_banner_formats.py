# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""A TSIG/rndc key clause's shared secret and PowerDNS's build banner (stop 59, scrubber
1.125.0; issue 35).

Batch 168's tune misses (``tests/outside_corpus/SOURCE.md``, "The stop-168 collection"), fixed
by two rules that read a class of formats:

* ``IntakeTsigKeySecretRecognizer`` (``scrubbers/recognizers.yaml``): the ``secret`` of a
  ``key "<name>" { algorithm hmac-…; secret "…"; };`` clause (BIND 9's ARM, "key Block
  Grammar": named.conf, rndc.conf, rndc.key, a ``tsig-keygen``/``ddns-confgen`` key file for
  ``nsupdate -k``), Knot DNS's ``key:`` section (``algorithm: hmac-…`` then ``secret:``) and
  ``nsupdate -y [hmac:]name:secret``, whatever the key's entropy (Plesk's rndc key is base64
  of hex text; HMAC-MD5's key is 24 characters). The OPNsense BIND plugin's published default
  key stays (``allow.yaml``'s ``published_default_rndc_key``).
* ``powerdns_built_by`` (``scrubbers/user_names.yaml``): PowerDNS's ``Built using <compiler>
  on <date> by <user>@<host>.`` banner (``pdns/version.cc``, ``showProductVersion`` and
  ``fullVersionString``), the builder's login, as ``compiled_by`` reads Vim's and Neovim's;
  build farms', containers' and packagers' accounts stay.

``KEY_CLAUSE_NOBODY`` and ``BUILD_BANNER_NOBODY`` are the harm hunts the rules were attacked
with before they were kept: texts of the same shape that name nobody, which must keep what
they hold.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

KEY_CLAUSE_NOBODY = [
    # placeholders and masks in the clause (BIND, rndc, a TSIG key file)
    'key "rndc-key" {\n\talgorithm hmac-sha256;\n\tsecret "xxxxxxxxxxxxxxxxxxxxxxxx";\n};\n',
    'key "rndc-key" { algorithm hmac-sha256; secret "<base64-secret>"; };\n',
    'key "tsig-key" {\n    algorithm hmac-sha512;\n    secret "YOUR_SECRET_HERE";\n};\n',
    'key "rndc-key-xxx.xxx.xxx.xx" {\n        algorithm hmac-md5;\n        secret "********";\n};\n',
    'key "k" { algorithm hmac-md5; secret "..."; };\n',
    'key "k" { algorithm hmac-md5; secret ""; };\n',
    'key "ddns" { algorithm hmac-sha256; secret "$TSIG_SECRET"; };\n',
    'key "ddns" { algorithm hmac-sha256; secret "{{ bind_tsig_secret }}"; };\n',
    'key "ddns" { algorithm hmac-sha256; secret "%%SECRET%%"; };\n',
    # the OPNsense BIND plugin's published default key (General.xml's rndcsecret Default)
    'key "rndc-key" {\n\talgorithm hmac-sha256;\n\tsecret "VxtIzJevSQXqnr7h2qerrcwjnZlMWSGGFBndKeNIDfw=";\n};\n',
    # references to a key, not a key
    'include "/etc/bind/rndc.key";\ncontrols {\n\tinet 127.0.0.1 port 953 allow { 127.0.0.1; } keys { "rndc-key"; };\n};\n',
    "named[812]: /etc/bind/named.conf:12: open: /etc/bind/rndc.key: permission denied\n",
    "rndc: neither /etc/bind/rndc.conf nor /etc/bind/rndc.key was found\n",
    'options {\n\tdefault-key "rndc-key";\n\tdefault-server 127.0.0.1;\n};\n',
    'zone "example.com" { type primary; file "db.example.com"; allow-update { key "ddns-key"; }; };\n',
    'server 192.0.2.1 { keys { "transfer-key"; }; };\n',
    # a clause with no algorithm, and other tools' `secret` words
    'key "k" { secret-file "/run/secrets/tsig"; };\n',
    # Knot DNS and nsupdate placeholders
    "key:\n  - id: key1\n    algorithm: hmac-sha256\n    secret: <base64>\n",
    "key:\n  - id: key1\n    algorithm: hmac-sha256\n    secret: ${KNOT_TSIG}\n",
    "$ nsupdate -y hmac-sha256:ddns-key:$SECRET\n",
    "$ nsupdate -y hmac-sha256:ddns-key:<secret> -v update.txt\n",
    "$ nsupdate -k /etc/bind/ddns.key -v\n",
    # other tools' `key` blocks that are no TSIG key
    'resource "aws_kms_key" "a" {\n  description = "key"\n}\n',
    'key "value" {\n  algorithm = "RSA"\n}\n',
]

KEY_CLAUSE_GO = [
    # (text, the secret that must go, context that must stay)
    (
        'key "rndc-key-xxx.xxx.xxx.xx" {\n        algorithm hmac-md5;\n        secret "ZjNhMjFiOTk0YzZlOGQwMTdhMmI1Yw==";\n};\n',
        "ZjNhMjFiOTk0YzZlOGQwMTdhMmI1Yw==",
        'key "rndc-key-xxx.xxx.xxx.xx"',
    ),
    (
        'key "rndc-key" {\n\talgorithm hmac-md5;\n\tsecret "q7Xk2Bv9LmPz4RtW1yHc8g==";\n};\n',
        "q7Xk2Bv9LmPz4RtW1yHc8g==",
        "algorithm hmac-md5;",
    ),
    (
        'key rndc-key { secret "Tm9wZTEyMzQ1Njc4OTBhYmNkZWY="; algorithm hmac-sha256; };\n',
        "Tm9wZTEyMzQ1Njc4OTBhYmNkZWY=",
        "algorithm hmac-sha256;",
    ),
    (
        '# Use with the following in named.conf, adjusting the allow list as needed:\n# key "rndc-key" {\n# \talgorithm hmac-sha256;\n# \tsecret "YzQ0ZGI1NmE3YjhjOWQwZTFmMjM0NTY3ODlhYmNkZWY=";\n# };\n',
        "YzQ0ZGI1NmE3YjhjOWQwZTFmMjM0NTY3ODlhYmNkZWY=",
        '# key "rndc-key" {',
    ),
    (
        "key:\n  - id: transfer\n    algorithm: hmac-sha256\n    secret: MzM2NjM1MzkzODMxMzIzMDMwMzQ=\n",
        "MzM2NjM1MzkzODMxMzIzMDMwMzQ=",
        "algorithm: hmac-sha256",
    ),
    (
        "$ nsupdate -y hmac-sha256:ddns-key:NjE2MjYzNjQ2NTY2MzEzMjMz -v\n",
        "NjE2MjYzNjQ2NTY2MzEzMjMz",
        "hmac-sha256:ddns-key:",
    ),
]

BUILD_BANNER_NOBODY = [
    # PowerDNS's banner of containers', distributions' and packagers' builds, and without a builder
    "Using 64-bits mode. Built using gcc 12.1.0 on Jul 26 2022 20:54:03 by root@localhost.\n",
    "Using 64-bits mode. Built using gcc 10.2.1 20210110 on Nov 15 2023 10:12:44 by root@buildkitsandbox.\n",
    "Using 64-bits mode. Built using gcc 8.5.0 20210514 (Red Hat 8.5.0-18) on Feb 14 2024 by mockbuild@buildhost.\n",
    "Nov 01 pdns_server[1]: Using 64-bits mode. Built using gcc 12.2.0 on Nov 1 2023 by builder@ci-runner-3.\n",
    "Using 64-bits mode. Built using gcc 11.4.0 on Mar 3 2024 by buildd@lcy02-amd64-045.\n",
    "Using 64-bits mode. Built using gcc 12.2.0.\n",
    "Using 64-bits mode. Built using clang 14.0.6.\n",
    "PowerDNS Recursor 4.9.2 (C) 2001-2022 PowerDNS.COM BV\n",
    "PowerDNS Authoritative Server 4.8.3 (built Nov  1 2023 09:00:00 by root@build-host)\n",
    "Using 64-bits mode. Built using gcc 9 on Jan 1 2020 by pdns@192.168.1.10.\n",
    # other tools' build lines (Vim's, a kernel's, prose)
    "Compiled by root@buildkitsandbox\n",
    "Linux version 5.15.0-91-generic (buildd@lcy02-amd64-045) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #101-Ubuntu SMP\n",
    "Linux version 6.1.21-v8+ (dom@buildbot) (aarch64-linux-gnu-gcc-8 (Ubuntu/Linaro 8.4.0-3ubuntu1) 8.4.0, GNU ld 2.34) #1642 SMP PREEMPT\n",
    "Linux version 5.15.90.1-microsoft-standard-WSL2 (oe-user@oe-host) (x86_64-msft-linux-gcc (GCC) 9.3.0, GNU ld (GNU Binutils) 2.34.0.20200220) #1 SMP\n",
    "The package was built on Monday by hand and tested by qa@team.\n",
    "dnsdist 1.8.3 (Lua 5.1.4 [LuaJIT 2.1.0-beta3])\n",
]

BUILD_BANNER_GO = [
    # (text, the login that must go, context that must stay)
    (
        "Jul 26 12:00:01 Using 64-bits mode. Built using gcc 12.1.0 on Jul 26 2022 20:54:03 by tamsin@axon.\n",
        "tamsin",
        "@axon.",
    ),
    (
        "Using 64-bits mode. Built on 20150101 by kvaleh@devbox, gcc 4.9.2.\n",
        "kvaleh",
        "@devbox, gcc 4.9.2.",
    ),
    ("PowerDNS Recursor 4.1.1 (built Jan  1 2018 12:00:00 by brannoc@axon)\n", "brannoc", "@axon)"),
]


@pytest.mark.parametrize("text", KEY_CLAUSE_NOBODY + BUILD_BANNER_NOBODY)
def test_key_clauses_and_build_banners_of_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "secret", "kept"), KEY_CLAUSE_GO)
def test_a_key_clauses_secret_goes_whatever_its_entropy(
    engine: Scrubber, text: str, secret: str, kept: str
) -> None:
    gone_and_kept(engine, text, secret, kept)


@pytest.mark.parametrize(("text", "login", "kept"), BUILD_BANNER_GO)
def test_the_builders_login_in_powerdns_banner_goes(
    engine: Scrubber, text: str, login: str, kept: str
) -> None:
    gone_and_kept(engine, text, login, kept)
