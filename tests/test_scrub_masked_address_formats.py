# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Addresses a poster masked by an ellipsis, bullets or another run (stop 57, scrubber 1.99.0; issue 35).

The tune damage of batch 141 (``tests/outside_corpus/SOURCE.md``, "The stop-141 collection"),
fixed by a general rule: a masked address is no address. 1.84.0 read a run of ``*`` in or
before the local part as a mask (``ah******kr@yahoo.com``) and 1.90.0 a run of ``x``
(``sxxxxxn@outlook.com``); ``recognizers._masked_local`` now reads the other masks posters
type, shown first letters then the mask (then the last letters, or none):

* three or more ``.`` inside the local part (``pi...ki@gmail.com``, ``jo...@gmail.com``): no
  address has them, RFC 5322 §3.4.1's ``dot-atom`` allows no ``.`` beside another; also three
  or more ``_`` or ``-`` (``j_____e@…``);
* a run glued before the letters the address seems to start with: an ellipsis ``…``, ``[...]``,
  two or more bullets (``•``, ``●``, ``∙``, ``·``, ``◦``: Apple's and Google's account pages
  mask ``j•••••e@icloud.com``), ``#``, ``?`` or ``~``, or Markdown-escaped stars (``j\\*\\*\\*e@…``).

An address cut at its start (``...ski@gmail.com``, ``…hn.smith@company.com``: a truncated column)
is still one: what it shows may be most of it. Two dots (``j..e@docomo.ne.jp``) are still an
address: Japanese carriers issued such addresses before RFC 5322 was kept. ``MASKED_ADDRESS_NOBODY``
was changed by 1.94.0 (the damage) and stays now; ``ADDRESS_GO`` are real shapes that must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

MASKED_ADDRESS_NOBODY = [
    "- apple_id: 'pi...ki@gmail.com'\n- team_id: '4Z...X3'\n",
    "INFO [2018-08-17 11:53:17.16]: Login to App Store Connect (pio...ski@gmail.com)\n",
    "Password (for pio...ski@gmail.com): *\n",
    "Loading session from '/Users/runner/.fastlane/spaceship/pio...ski@gmail.com/cookie'\n",
    "Author: j...e@gmail.com\n",
    "contact ab...yz@company.com for access\n",
    "Signed in as jo...@gmail.com\n",
    "git config user.email pio…ski@gmail.com\n",
    "Apple ID: j•••••e@icloud.com\n",
    "Recovery e-mail: j●●●●e@gmail.com\n",
    "reply-to: m∙∙∙∙∙n@outlook.com\n",
    "email: k·····a@yahoo.com\n",
    "From: j#####e@gmail.com\n",
    "From: j?????e@gmail.com\n",
    "From: j~~~~e@gmail.com\n",
    "From: j[...]e@gmail.com\n",
    "From: j\\*\\*\\*e@gmail.com\n",
    "From: j_____e@gmail.com\n",
    "From: j-----e@gmail.com\n",
    "- apple_id: '***@***.com'\n",
    "Login to App Store Connect (...@gmail.com)\n",
    "Loading session from '/Users/runner/.fastlane/spaceship/***@***.com/cookie'\n",
    "Your Apple ID Username: xxx@xxx.com\n",
]

ADDRESS_GO = [
    ("Author: jan.kowalski@gmail.com\n", "jan.kowalski"),
    ("Login to App Store Connect (pio.trowski@gmail.com)\n", "pio.trowski"),
    ("truncated: ...ski.marek@gmail.com\n", "ski.marek"),
    ("| …hn.smith@company.com |\n", "hn.smith"),
    ("From: j_e@gmail.com\n", "j_e@"),
    ("• jan.kowalski@gmail.com\n", "jan.kowalski"),
    ("#jan.kowalski@gmail.com\n", "jan.kowalski"),
    ("taro..yamada@docomo.ne.jp\n", "yamada"),
]


@pytest.mark.parametrize("text", MASKED_ADDRESS_NOBODY)
def test_masked_address_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), ADDRESS_GO)
def test_address_goes(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value not in out, out
