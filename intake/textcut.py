"""Cutting text to a length without ever cutting a token in two.

Importers cut long text (messages, bodies, logs) before it is scrubbed. A secret cut in half
is no longer recognisable, so the half that survives would slip past the scrubber; these
cuts go back to a blank instead, and mark a long run they drop.
"""

from __future__ import annotations

import re

CUT_MARK = "[…cut…]"
"""Stands for a long run of non-blank text dropped at a cut (see ``cut_at_space``)."""
LONG_RUN = 200
"""A dropped run longer than this is marked with ``CUT_MARK`` rather than vanishing silently."""


_HEAD_RUN = re.compile(r"\S*")


def drop_partial_tail(text: str) -> str:
    """``text`` without its last non-blank run (marked when long), for text known to continue
    past its end: every token kept is whole (see the module's docstring)."""
    run = _HEAD_RUN.match(text[::-1])  # on the reversed text: linear, never quadratic
    cut = len(text) - (run.end() if run else 0)
    head = text[:cut].rstrip()
    if len(text) - cut > LONG_RUN:
        head = f"{head} {CUT_MARK}" if head else CUT_MARK
    return head


def cut_at_space(text: str, limit: int) -> str:
    """At most ``limit`` characters of ``text``, never ending inside a non-blank run (a token
    such as ``ghp_…`` or an e-mail): the cut goes back to the last blank before ``limit``."""
    if len(text) <= limit:
        return text
    if text[limit].isspace():
        return text[:limit].rstrip()
    return drop_partial_tail(text[:limit])
