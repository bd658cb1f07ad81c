"""Batch 67 of the real-threads corpus (stop 50): its tune part held to what was measured, and
texts of the shapes of its tune misses that name nobody, kept as they are.

Batch 67 (``tests/outside_corpus/real_threads.py``, ``_RAW_STOP67``) is the fourth collection of
files committed in public repositories: ``.pypirc``, ``.netrc``, Mercurial's ``.hgrc``,
``.gitconfig`` ``[user]`` blocks, ``authorized_keys``, ``~/.aws/credentials`` and ``config``,
``~/.kube/config``, a ``terraform.tfstate`` excerpt, pip's ``direct_url.json``, Firebase's
``google-services.json``, LaTeX's ``.fls`` and latexmk's ``.fdb_latexmk``. It was scored blind under
scrubber 1.28.0 (``docs/benchmarks.md``, "Stop 50, batch 67, blind") and no rule was changed for it.
Its tune part's misses (``tests/outside_corpus/SOURCE.md``, "The stop-67 collection") are three
classes, and it damaged nothing:

* a credential in ``netrc(5)``'s ``password`` token that has the shape of a UUID (Heroku's API
  key, as ``heroku login`` writes it): the e-mail login beside it is replaced, the key stays
  (2 labels);
* a person's name in Mercurial's ``username = First Last <address>`` (``ui.username``, the same
  form as a git author line): the address is replaced, the name stays (1 label);
* a login in an OpenSSH public key's comment, ``<login>@<host>`` after ``ssh-ed25519 AAAA…``, where
  the host has no dot (``shiny``, ``laptop``, ``ubuntu``): it stays (2 labels; the one comment
  whose host has a dot, ``<login>@aurora.tech``, is read as an e-mail address and replaced whole).

A rule for each would have to keep the texts below, the same shapes naming nobody (1.28.0 keeps
every one): ``.netrc`` entries with placeholder or variable passwords and anonymous logins, the
UUIDs that are public ids (a Terraform resource id, a request id, an IntelliJ changelist id),
``ui.username`` placeholders, and key comments that are generated labels, role or service
accounts, or placeholders.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score

_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILTlith2Rm28a5Fu5gub+VfPlZ0rISrw0BfjyjVD0Ku4"

SAME_SHAPES_THAT_NAME_NOBODY = [
    "machine api.github.com\n    login git\n    password xxx\n",
    "machine github.com\nlogin x-access-token\npassword $GITHUB_TOKEN\n",
    "machine api.heroku.com\n  login you@example.com\n  password <your-api-key>\n",
    "machine example.com login anonymous password guest\n",
    "default login anonymous password user@example.com\n",
    '"id": "a4a1c4fc-1217-47ed-a5d4-380a1fdcbc08",\n',
    "request-id: 3f2b8c1e-9a4d-4e7b-8c2f-1d5e6a7b8c9d\n",
    '<list default="true" id="8b1c2a3d-4e5f-4a6b-9c7d-0e1f2a3b4c5d" name="Default Changelist" />\n',
    "[ui]\nusername = John Doe <john@example.com>\n",
    "[ui]\nusername = Your Name <you@example.com>\n",
    "[ui]\nusername = Firstname Lastname <firstname.lastname@example.net>\n",
    "[ui]\nusername = Mercurial Bot <noreply@example.com>\n",
    "[ui]\nusername = %USERNAME%\n",
    "[ui]\nusername = $USER\n",
    f"{_KEY} generated-by-azure\n",
    f"{_KEY} imported-openssh-key\n",
    f"{_KEY} rsa-key-20200101\n",
    f"{_KEY} root@localhost\n",
    f"{_KEY} ubuntu@ip-172-31-20-7\n",
    f"{_KEY} ec2-user@bastion\n",
    f"{_KEY} deploy@ci\n",
    f"{_KEY} user@host\n",
    f"{_KEY} your_email@example.com\n",
    f"{_KEY} vagrant\n",
]


@pytest.mark.parametrize("text", SAME_SHAPES_THAT_NAME_NOBODY)
def test_texts_of_the_tune_misses_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_batch_67_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 67's tune part under scrubber 1.28.0, blind, no rule changed after it: paths 2/2,
    elsewhere 1/4, e-mails 4/4, secrets 5/7, 0 of 12 keep spans damaged, 2/2 library tails,
    0 of 7 clean changed, JSON/YAML 3/3 parsing. Under 1.30.0, whose rules were written from
    this part's misses (no longer blind): elsewhere 4/4, secrets 7/7."""
    score = tune_score(engine, 67, tmp_path)
    assert score.docs == 17
    assert [score.total[c] for c in CLASSES] == [2, 4, 4, 7]
    # 1.30.0: the UUID-shaped Heroku API keys as .netrc passwords (2 labels), the name in
    # Mercurial's ui.username (1) and the logins in OpenSSH key comments (2), 1.28.0's known
    # misses, are found
    assert [score.found[c] for c in CLASSES] == [2, 4, 4, 7]
    assert score.missed == []
    assert score.keeps == 12
    assert score.damage == []
    assert (len(score.clean_touched), score.clean_docs) == (0, 7)
    assert (score.tails_kept, score.tails) == (2, 2)
    assert score.parses == score.structured == 3
    assert score.not_idempotent == [] and score.check_findings == [] and score.clashes == []
