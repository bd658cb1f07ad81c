"""Protocol-named numbered accounts, a provider prefix before a counted run or before words
saying the key is fake (stop 58).

Batch 58 (``tests/outside_corpus/SOURCE.md``, "The stop-58 collection") was scored blind with
scrubber 1.24.0; its tune part's misses, listed after that figure was committed, held these
classes with a shape (``docs/scrubber.md``, "Stop 58"), each kept by shape in 1.25.0:

* no harm: a numbered account named after a protocol, with at most an environment's word before
  it and a role's word after it (``/home/net_ssh_1/.ssh/authorized_keys``, net-ssh's test
  suite's account; ``ftp1``, ``sftp-upload-3``, ``git_mirror_1``): ``user_names.yaml``'s
  ``role_login``;
* no harm: a provider prefix before the digits counted in order (``Authorization: Bearer
  sk-1234``, LiteLLM's documented master key) and before lowercase words only, one of which says
  the value is not real (``"api_key": "sk-upstream-invalid-for-langfuse-e2e-only"``):
  ``allow.yaml``'s ``documented_examples``.

The ``*_NOBODY`` texts name nobody: the harm hunt the rules were attacked with before they were
kept (11 protocol accounts, 12 stand-in keys). 1.24.0 changed 22 of the 23; the key rule as
first written changed 3 (a possessive repeat before the word that says "fake" could not give a
word back: ``ghp_invalid_for_ci``, ``sk-fake-key-for-tests-only``), fixed before it was kept;
the rules as kept change none. The 14 ``PERSONS`` guard them (a login beside a protocol word,
a real key that starts with a count or holds a capital among its words): 1.24.0 and 1.25.0
replace every one.

Left (known miss, no rule here): Linux's ``id`` answer with no prompt before it
(``uid=1000(<login>) gid=1000(<login>) groups=1000(<login>),…``, 5 labels): no rule reads the
``id`` answer as a login (``engine._switched_to_a_person`` reads its uid only as evidence for a
``su``/``sudo -u`` target); the account rules that would judge it live in ``engine.py``, where
macOS's ``id`` answer (stop 57's known miss) is being fixed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score

PERSONS = [
    ("$ sudo chown jdoe /home/jdoe/.ssh/authorized_keys\n", "jdoe"),
    ("cp id_rsa.pub /home/anna_k_1/.ssh/authorized_keys\n", "anna_k_1"),
    ("/home/jsmith_2/.ssh/known_hosts:1\n", "jsmith_2"),
    ("/home/ssh_jdoe/.ssh/id_rsa\n", "ssh_jdoe"),
    ("/home/kvarga_ssh/.ssh/id_rsa\n", "kvarga_ssh"),
    ("/home/jdoe_ssh_1/.ssh/id_rsa\n", "jdoe_ssh_1"),
    ("C:\\Users\\mira_git\\AppData\\Local\\x\n", "mira_git"),
    ("/Users/gitte/Library/Caches/x\n", "gitte"),
    (
        "Authorization: Bearer sk-1234aB9xQ2mZ7pL0vR4tY8wK3nC6dF1hJ5sG\n",
        "sk-1234aB9xQ2mZ7pL0vR4tY8wK3nC6dF1hJ5sG",
    ),
    (
        "OPENAI_API_KEY=sk-12345678901234567890abcdEFGHijklMNOPqrst\n",
        "sk-12345678901234567890abcdEFGHijklMNOPqrst",
    ),
    ('"api_key":"sk-upstream-Q8xK3vLm9TzR2wYb-only"\n', "sk-upstream-Q8xK3vLm9TzR2wYb-only"),
    (
        "api_key: sk-proj-Xy7Kd92LmQ4vTz8RbN3wPc6FhJ1sGa5Ue0Oi\n",
        "sk-proj-Xy7Kd92LmQ4vTz8RbN3wPc6FhJ1sGa5Ue0Oi",
    ),
    (
        "token: ghp_1234Xy7Kd92LmQ4vTz8RbN3wPc6FhJ1sGa5U\n",
        "ghp_1234Xy7Kd92LmQ4vTz8RbN3wPc6FhJ1sGa5U",
    ),
    ("Authorization: Bearer sk-12354\n", "sk-12354"),
]

PROTOCOL_NOBODY = [
    "$ sudo cp /tmp/d/id_rsa.pub /home/net_ssh_1/.ssh/authorized_keys\n",
    "$ sudo chown net_ssh_1 /home/net_ssh_1/.ssh/authorized_keys\n",
    "/home/ssh_user_2/.ssh/known_hosts\n",
    "/home/sftp-upload-3/incoming/x.csv\n",
    "/home/git_mirror_1/repos/x.git\n",
    "drwxr-xr-x 2 ftp_user_2 ftp_user_2 4096 Jan 1 00:00 in\n",
    "/home/test_ssh_2/.ssh/id_rsa\n",
    "/home/ftp1/upload/a.txt\n",
    "C:\\Users\\smb_share_2\\Desktop\\x\n",
    "/home/rsync-backup-1/data\n",
    "/home/ldap_sync_1/.ldaprc\n",
]

KEY_NOBODY = [
    "curl -H 'Authorization: Bearer sk-1234' http://localhost:4000/v1/models\n",
    "master_key: sk-1234\n",
    "OPENAI_API_KEY=sk-12345\n",
    '{"api_key": "sk-123456"}\n',
    "LITELLM_MASTER_KEY=sk-1234\n",
    'api_key="sk_1234567890"\n',
    '"api_key":"sk-upstream-invalid-for-langfuse-e2e-only"\n',
    "OPENAI_API_KEY=sk-fake-key-for-tests-only\n",
    "ANTHROPIC_API_KEY=sk-ant-dummy-e2e\n",
    "token: ghp_invalid_for_ci\n",
    "STRIPE_SECRET_KEY=sk_test_placeholder_only\n",
    "Authorization: Bearer sk-this-is-invalid\n",
]


@pytest.mark.parametrize(("text", "value"), PERSONS)
def test_a_login_beside_a_protocol_or_a_real_key_goes(
    engine: Scrubber, text: str, value: str
) -> None:
    assert value.lower() not in scrubbed(engine, text).lower()


@pytest.mark.parametrize("text", PROTOCOL_NOBODY + KEY_NOBODY)
def test_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_batch_58_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 58's tune part after scrubber 1.25.0 (blind under 1.24.0: paths 16/16, elsewhere
    7/12, 7 of 60 keep spans damaged, 2 of 5 clean changed)."""
    score = tune_score(engine, 58, tmp_path)
    assert score.docs == 17
    assert [score.total[c] for c in CLASSES] == [16, 12, 0, 0]
    # Linux's id answer with no prompt (paradoxxxzero-butterfly-issues-40, 5 labels): found
    # since 1.26.0 (tests/test_scrub_id_answer.py)
    assert [score.found[c] for c in CLASSES] == [16, 12, 0, 0]
    assert score.damage == [] and score.keeps == 60
    assert (len(score.clean_touched), score.clean_docs) == (0, 5)
    assert score.tails_kept == score.tails == 15
    assert score.parses == score.structured
