"""SMTP's and IMAP's SASL exchanges in a pasted transcript (issue 35, scrubber 1.44.0).

RFC 4954 sends ``AUTH <mechanism> [initial-response]`` (RFC 3501: ``AUTHENTICATE``); PLAIN's
response is the base64 of ``authzid NUL authcid NUL password`` (RFC 4616), and LOGIN answers the
server's ``334 VXNlcm5hbWU6`` (``Username:``) and ``334 UGFzc3dvcmQ6`` (``Password:``) with the
base64 of each on its own line. A short response (under 20 characters) is no high-entropy run, so
before 1.44.0 a password in it stayed (found while testing the CRAM-MD5 fix of stop 52:
``tests/test_scrub_file_and_text_agree.py``). The texts that name nobody ran against the rule's
first version and none changed.
"""

from __future__ import annotations

import base64

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


NOBODY = [
    # capability lines and commands with no response
    "250-AUTH PLAIN LOGIN CRAM-MD5\n",
    "250-AUTH=PLAIN LOGIN\n",
    "* CAPABILITY IMAP4rev1 AUTH=PLAIN AUTH=LOGIN\n",
    "auth mechanisms: AUTH PLAIN LOGIN XOAUTH2\n",
    "C: AUTH LOGIN\nS: 334 VXNlcm5hbWU6\n",
    "AUTH PLAIN\n334 \n",
    "a1 AUTHENTICATE PLAIN\n",
    "AUTH PLAIN <base64>\n",
    "AUTH PLAIN (base64)\n",
    "AUTH LOGIN failed\n",
    "AUTH LOGIN Failed: 535 5.7.8 Error: authentication failed\n",
    "smtp_sasl_auth_enable = yes\n",
    # base64 of placeholder words, and the RFCs' own examples
    f"334 VXNlcm5hbWU6\n{_b64('username')}\n334 UGFzc3dvcmQ6\n{_b64('password')}\n",
    f"334 VXNlcm5hbWU6\n{_b64('user')}\n334 UGFzc3dvcmQ6\n{_b64('pass')}\n",
    "C: AUTH PLAIN dGVzdAB0ZXN0AHRlc3Q=\n",
    "C: AUTH PLAIN AHRpbQB0YW5zdGFhZnRhbnN0YWFm\n",
]


@pytest.mark.parametrize("text", NOBODY)
def test_sasl_lines_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("C: AUTH PLAIN {}\n", "\0jlinde\0hunter2x"),
        ("a1 AUTHENTICATE PLAIN {}\n", "\0jlinde\0hunter2x"),
        ("C: AUTH PLAIN {}\n", "\0sidize856\x005RLNO1Tmu6"),  # unpadded: 28 characters
        (">>> AUTH PLAIN {}\n", "\0jlinde@kestrel-mail.com\0Wq7!mZr2"),
        ("AUTH LOGIN {}\n", "jlinde2"),
        ("AUTH LOGIN\n334 VXNlcm5hbWU6\nYW1hbmRh\n334 UGFzc3dvcmQ6\n{}\n", "hunter2x"),
        ("<<< 334 UGFzc3dvcmQ6\n>>> {}\n<<< 235 2.7.0 Authentication successful\n", "Wq7mZr"),
        ("S: 334 UGFzc3dvcmQ6\r\nC: {}\r\n", "s3cr3tpw"),
    ],
)
def test_a_sasl_response_holding_a_password_goes(engine: Scrubber, text: str, secret: str) -> None:
    encoded = _b64(secret)
    out = scrubbed(engine, text.format(encoded))
    assert encoded not in out
    assert out.count("\n") == text.count("\n")
