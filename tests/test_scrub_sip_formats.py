# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""SIP traces and softphone logs (stop 55, scrubber 1.72.0; issue 35).

The tune misses and damage of batch 118 (``tests/outside_corpus/SOURCE.md``, "The stop-118
collection"), fixed by general rules:

* ``sip_uri_user`` (``scrubbers/user_names.yaml``): a SIP URI's user part (RFC 3261 §19.1.1,
  ``sip:user@host``, ``sips:``) where the URI names the account (the ``From``/``To`` headers,
  also compact ``f:``/``t:``; Asterisk's ``Registration from '<sip:…>'`` and res_pjsip's
  ``Request 'REGISTER' from '<sip:…>'``; SIP.js's ``· uri: sip:…``) is a login, learned, so it
  also goes in the ``Contact`` at the phone's IP address; extensions, numbers, masks, RFC 3261's
  example users and servers' own identities stay;
* ``engine._sip_uri_or_prompt``: a SIP URI's ``user@host`` is never an e-mail address (the
  domain is the provider's and stays; only a learned user part is replaced), nor is a shell
  prompt's ``user@host`` at a host with dots (``root@pbx.example.net:~# …``);
* ``linphone_auth_info``: liblinphone's and belle-sip's ``Auth info found for [u] realm [r]``,
  ``returning auth info username=u, realm=r`` and ``AuthStack::authFound() for Username[u];``;
* ``sip_display_handle``: a quoted display name before a SIP URI (RFC 3261 §25.1's name-addr)
  only of the handle's shape, an initial run into a surname (``"JSmith"``).

``SIP_NOBODY`` is the harm hunt the rules were attacked with before they were kept: texts of
the same shape that name nobody, which must not change at all.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

SIP_NOBODY = [
    "Contact: <sip:1001@192.168.1.10:5060;transport=udp>",
    "Contact: <sip:moo@172.30.110.100:5060>",
    "From: <sip:alice@atlanta.com>;tag=1928301774",
    "To: Bob <sip:bob@biloxi.com>",
    'From: "Bob" <sips:bob@biloxi.example.com>;tag=a73kszlfl',
    "To: <sip:carol@chicago.com>",
    'From: "asterisk" <sip:asterisk@pbx.example.org>;tag=as1234',
    "From: <sip:mod_sofia@freeswitch.example.net>;tag=abc",
    'From: "sipp" <sip:sipp@10.0.0.1:5061>;tag=1',
    'From: "friendly-scanner" <sip:100@203.0.113.5>;tag=3863',
    "From: <sip:anonymous@anonymous.invalid>;tag=as5f3d1c2e",
    "From: <sip:+552125874331@voip.hosted.embratel.net.br>;tag=x",
    "To: <sip:+442071234567@sip.provider.co.uk>",
    "Registration from '<sip:7000@xxx.duckdns.org>' failed for '192.168.x.xx:XXXX' - Wrong password",
    "Registration from '<sip:XXXX@sip.example.com>' failed for '10.0.0.1:5060' - Wrong password",
    "From: <sip:00339XXXXXXX@sbc6.fr.sip.ovh>;tag=DgJYrsq4i\nTo: sip:00339XXXXXXX@sbc6.fr.sip.ovh",
    "From: <sip:demo3@AC00000000000000000000000000000000.endpoint.twilio.com>;tag=74u9",
    "From: <sip:user201@192.168.29.30>;tag=x",
    "Request 'REGISTER' from '<sip:user201@192.168.29.30>' failed for '192.168.29.34:42752' (callid: qctyBv2~ZN) - No matching endpoint found",
    "Contact: <sip:e7tsgqtj@tm2lg3eoisjk.invalid;transport=ws>;+sip.ice;reg-id=1",
    "From: <sip:test@sip.linphone.org>;tag=1",
    "To: <sip:echo@conference.sip2sip.info>",
    'From: "9806" <sip:9806@192.168.0.31>;tag=x',
    'From: "Anonymous" <sip:anonymous@192.168.0.250>;tag=a63af4fb',
    'Contact: "Asterisk" <sip:asterisk@10.0.0.5:5060>',
    'Contact: "Reception" sip:200@10.10.10.20:5060;transport=udp',
    'Contact: "Polycom" sip:1003@XX.XX.XX.XX:5070;transport=tls',
    'From: "SIPp" <sip:sipp@1.2.3.4>;tag=1',
    "MESSAGE Auth info found for [1001] realm [asterisk]",
    "MESSAGE Auth info found for [user] realm [sip.discountvoip.co.uk]",
    "MESSAGE Auth info found for [00339XXXXXXX] realm [sbc6.fr.sip.ovh]",
    "MESSAGE AuthStack::authFound() for Username[1001];Userid[];Realm[asterisk];",
    "MESSAGE linphone_core_find_auth_info(): returning auth info username=242683, realm=uzgsip",
    "root@pbx:~# asterisk -rvvv",
    "root@pbx.example.net:~# asterisk -rvvv",
    'root@vdserver.example.live:~# ngrep -d any -qt -W byline "sip" port 5060',
    "sip.ua | · registrarServer: sip:45.76.189.19:7777",
    '"sip_uri":"<sip:dev.thecryptoconnect.com:7443;transport=ws;lr>"',
]

SIP_GO = [
    (
        "From: <sip:tkowalczyk@sip.example-voip.net>;tag=a1\nContact: <sip:tkowalczyk@10.1.2.3:5060;transport=udp>\n",
        "tkowalczyk",
        "@sip.example-voip.net>;tag=a1",
    ),
    (
        " I/Linphone_demo: To: sip:marguerite4417820093@phone.plivo.com\n I/Linphone_demo: Contact: <sip:marguerite4417820093@192.168.1.124:38091;transport=udp>\n",
        "marguerite4417820093",
        "@phone.plivo.com",
    ),
    (
        'f: "Jane" <sip:janedoe@voip.provider.de>;tag=9\nm: <sip:janedoe@192.168.0.9:5062>\n',
        "janedoe",
        "@voip.provider.de>;tag=9",
    ),
    (
        "Registration from '<sip:hwilkins@pbx.example.org>' failed for '10.0.0.7:5060' - Wrong password\n",
        "hwilkins",
        "@pbx.example.org>' failed",
    ),
    (
        "NOTICE[610]: res_pjsip/pjsip_distributor.c:673 log_failed_request: Request 'REGISTER' from '<sip:okafor@192.168.29.30>' failed for '192.168.29.34:42752' (callid: x) - Failed to authenticate\n",
        "okafor",
        "@192.168.29.30>' failed",
    ),
    ("sip.ua | · uri: sip:lindqvist@45.76.189.19:7777\n", "lindqvist", "@45.76.189.19:7777"),
    ("From: <sips:vsokolova@sip.example.com:5061>;tag=2\n", "vsokolova", "@sip.example.com:5061>"),
    (
        "MESSAGE Auth info found for [jnakamura] realm [sip.example.net]\n",
        "jnakamura",
        "] realm [sip.example.net]",
    ),
    (
        "MESSAGE linphone_core_find_auth_info(): returning auth info username=jnakamura, realm=sip.example.net\n",
        "jnakamura",
        ", realm=sip.example.net",
    ),
    (
        "MESSAGE AuthStack::authFound() for Username[jnakamura];Userid[];Realm[sip.example.net];\n",
        "jnakamura",
        "];Userid[];Realm[sip.example.net];",
    ),
    (
        'Contact: "PNowak" sip:260000@XX.XX.XX.XX:5070;transport=tls\n',
        "PNowak",
        "sip:260000@XX.XX.XX.XX:5070",
    ),
    ('From: "MGarcia" <sip:1002@pbx.local>;tag=1\n', "MGarcia", "<sip:1002@pbx.local>"),
    ("jsmith@build01.example.com:~/src$ make\n", "jsmith", "@build01.example.com:~/src$ make"),
]


@pytest.mark.parametrize("text", SIP_NOBODY)
def test_sip_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), SIP_GO)
def test_sip_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
