# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Git's test identities kept; ``loginctl``'s session table, ``lastlog``'s rows and slapd's
``BIND dn=`` read by their documented formats (stop 50, scrubber 1.31.0; issue 35).

The classes of batch 68's tune part (``tests/outside_corpus/SOURCE.md``, "The stop-68
collection"), each written from the tool that writes the text, not from the batch's values:

* damage first: git's own test identities, ``A U Thor <author@example.com>`` and ``C O Mitter
  <committer@example.com>`` (git's ``t/test-lib.sh``), are placeholder names
  (``user_names.yaml``'s ``placeholder_name``). No name is kept for standing beside an
  example-domain address: a person's name beside ``author@example.com`` still goes.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody, which must stay as they are. ``PERSONS`` lose the private
value everywhere and keep the rest.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

GIT_IDENTITY_NOBODY = [
    "commit e7888595c3173508bc808857ecc0c236eb491952\nAuthor: A U Thor <author@example.com>\nDate:   Thu Apr 7 15:13:13 2005 -0700\n",
    "Author:     A U Thor <author@example.com>\nCommit:     C O Mitter <committer@example.com>\n",
    "GIT_AUTHOR_NAME='A U Thor'\nGIT_AUTHOR_EMAIL=author@example.com\n",
    "export GIT_COMMITTER_NAME='C O Mitter'\nexport GIT_COMMITTER_EMAIL='committer@example.com'\n",
    "[user]\n\tname = A U Thor\n\temail = author@example.com\n",
    "tagger C O Mitter <committer@example.com> 1112912053 -0700\n",
    "author A U Thor <author@example.com> 1112911993 -0700\ncommitter C O Mitter <committer@example.com> 1112911993 -0700\n",
    "Signed-off-by: A U Thor <author@example.com>\n",
    "$ git log --format='%an <%ae>'\nA U Thor <author@example.com>\n",
    "$ git -c user.name='A U Thor' -c user.email=author@example.com commit -m x\n",
    "Reviewed-by: C O Mitter <committer@example.com>\n",
]

# (text, the scrubbed text): the private value goes everywhere, everything else stays
PERSONS = [
    # a person beside git's test identity, at the same placeholder domain, is still a person
    (
        "Author:     A U Thor <author@example.com>\nCommit:     Chidi Okafor <committer@example.com>\n",
        "Author:     A U Thor <author@example.com>\nCommit:     user1 <committer@example.com>\n",
    ),
    (
        "Author: Chidi Okafor <author@example.com>\n",
        "Author: user1 <author@example.com>\n",
    ),
    (
        "Author: A U Thor <chidi.okafor@gmail.com>\n",
        "Author: A U Thor <user1@example.com>\n",
    ),
]


@pytest.mark.parametrize("text", GIT_IDENTITY_NOBODY)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "expected"), PERSONS)
def test_a_person_loses_the_private_value_alone(engine: Scrubber, text: str, expected: str) -> None:
    assert scrubbed(engine, text) == expected
