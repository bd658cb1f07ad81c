# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Host security and intrusion-prevention tools' formats (stop 54, scrubber 1.61.0; issue 35).

The damage and misses of batch 108's tune part (``tests/outside_corpus/SOURCE.md``, "The
stop-108 collection"), each fixed by a general rule:

* a spelt-out placeholder address and a vendor's documentation subdomain (``allow.yaml``'s
  ``placeholder_spelt_address``): a local part that says an address goes here
  (``realemailhere1@gmail.com``, ``youremailhere@…``, ``email_here@…``) names nobody at any
  domain, and an ``example`` label under a vendor's domain (Wazuh's shipped ``ossec.conf``:
  ``<email_from>ossecm@example.wazuh.com</email_from>``, wazuh/wazuh ``etc/ossec-server.conf``)
  is its documentation's placeholder; a person's mailbox at gmail.com still goes.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept; each
``*_PERSONS`` list holds the same shapes that do name someone and must still go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

PLACEHOLDER_ADDRESS_NOBODY = [
    "  <global>\n    <email_notification>yes</email_notification>\n    <email_to>realemailhere1@gmail.com</email_to>\n    <smtp_server>your-smtp-server.com</smtp_server>\n    <email_from>ossecm@example.wazuh.com</email_from>\n  </global>\n",
    "    <email_to>realemailhere2@gmail.com</email_to>\n",
    "    <email_to>realmailhere1@gmail.com</email_to>\n",
    "    <email_to>realmailhere2@yahoo.com</email_to>\n",
    "    <email_to>youremailhere@gmail.com</email_to>\n",
    "destemail = email_here@gmail.com\n",
    "destemail = emailhere@outlook.com\n",
    "    <email_to>your_email_here@company.com</email_to>\n",
    "    <email_to>mailhere@gmail.com</email_to>\n",
    "    <email_from>wazuh@example.wazuh.com</email_from>\n",
    "    <email_from>ossecm@example.ossec.net</email_from>\n",
    "    <email_to>you@example.com</email_to>\n",
    "    <email_to>**************@wazuh.com</email_to>\n",
    "destemail = root@localhost\n",
    "destemail = you@youremail.com\n",
]

# the same shapes naming someone: must still be replaced
PLACEHOLDER_ADDRESS_PERSONS = [
    ("    <email_to>marta.kowalczyk@gmail.com</email_to>\n", "marta.kowalczyk@gmail.com"),
    ("    <email_to>rhereford@gmail.com</email_to>\n", "rhereford@gmail.com"),
    ("    <email_to>realestate.jones@gmail.com</email_to>\n", "realestate.jones@gmail.com"),
    ("    <email_to>mailheremans@gmail.com</email_to>\n", "mailheremans@gmail.com"),
    ("    <email_to>emailherrera7@gmail.com</email_to>\n", "emailherrera7@gmail.com"),
    ("    <email_from>tkowal@examples.wazuh.com</email_from>\n", "tkowal@examples.wazuh.com"),
    ("    <email_from>tkowal@wazuh.com</email_from>\n", "tkowal@wazuh.com"),
    ("    <email_from>jsmith@example-corp.com</email_from>\n", "jsmith@example-corp.com"),
    ("    <email_from>jsmith@myexample.io</email_from>\n", "jsmith@myexample.io"),
    ("destemail = kenji.watanabe@gmail.com\n", "kenji.watanabe@gmail.com"),
]


@pytest.mark.parametrize("text", PLACEHOLDER_ADDRESS_NOBODY)
def test_placeholder_addresses_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), PLACEHOLDER_ADDRESS_PERSONS)
def test_persons_addresses_still_go(engine: Scrubber, text: str, value: str) -> None:
    assert value not in scrubbed(engine, text)
