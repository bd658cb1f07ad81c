"""Batch 73 of the real-threads corpus (stop 51): its tune part held to what was measured, and
texts of the shape of its tune miss, and of its kept placeholders, that name nobody, kept as they
are.

Batch 73 (``tests/outside_corpus/real_threads.py``, ``_RAW_STOP73``) is a collection of threads
of LLM agent frameworks and tool servers (MCP SDK tracebacks and filesystem tool results,
LangChain, CrewAI, open-interpreter, AutoGPT, AutoAgent, deer-flow, OpenHands, Jan, LM Studio, a
GPT4All CLI). It was scored blind under scrubber 1.32.0 (``docs/benchmarks.md``, "Stop 51, batch
73, blind") and no rule was changed for it. Its tune part has one miss and no damage
(``tests/outside_corpus/SOURCE.md``, "The stop-73 collection"):

* a login as the folder below a cluster's group folder under a share's ``home``
  (``/dssg/home/acct-<group>/<group>-<login>/chatGLM3/chatglm3-6b``, in a commented
  ``model_path=`` of LangChain's ``ChatOpenAI(…)``, 1 label): ``home`` is not the root's first
  segment, the folder below it is the group's (``acct-<group>``), and the login is one level
  deeper, written ``<group>-<login>``; no dot-folder or tool tree follows it.

A rule for it would have to keep the texts below, the same shapes naming nobody (1.32.0 keeps
every one): a group's shared and public folders under the same layout, other shares' ``home``
folders holding data, and the batch's kept placeholders and defaults. Not among them, as 1.32.0
changes them (not kept here): ``model_path="/data/home/models/chatglm3-6b"`` (``models`` is taken
for a user) and ``/home/acct-<group>/share/…`` (the group folder right under ``/home`` is taken
for a user, which a home rule may rightly do).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score

SAME_SHAPES_THAT_NAME_NOBODY = [
    # a cluster group's shared and public folders, and other shares' home folders of data
    '            # model_path="/dssg/home/acct-medhyq/share/chatGLM3/chatglm3-6b",\n',
    "source activate /dssg/home/acct-medhyq/share/envs/glm\n",
    "ls /dssg/home/acct-medhyq/public/models\n",
    'model_path = "/lustre/home/acct-stu/public/models/chatglm3-6b"\n',
    'model_path="/opt/home/shared/chatglm3-6b"\n',
    'model_path="/mnt/home/datasets/chatglm3-6b"\n',
    '# model_path="/ABSOLUTE/PATH/TO/chatglm3-6b",\n',
    # the client's placeholder key and local base URL beside it
    '            openai_api_key= "EMPTY",\n',
    '            openai_api_base= "http://localhost:8000/v1",\n',
    # the tune part's kept placeholders and defaults, alone
    "Requirement already satisfied: mdurl~=0.1 in c:\\users\\usuario\\appdata\\local\\packages"
    "\\pythonsoftwarefoundation.python.3.11_qbz5n2kfra8p0\\localcache\\local-packages\\python311"
    "\\site-packages (0.1.2)\n",
    "`C:\\Users\\[USER]\\.lmstudio\\models\\lmstudio-community\\Phi-4-reasoning-plus-GGUF`\n",
    '        "PATH": "/Users/${username}/.nvm/versions/node/${version}/bin:'
    '/usr/local/bin:/usr/bin:/bin",\n',
    "┌──(root㉿192)-[/home/kali]\n└─# export WORKSPACE_BASE=$(pwd)/workspace\n",
]


@pytest.mark.parametrize("text", SAME_SHAPES_THAT_NAME_NOBODY)
def test_texts_of_the_tune_miss_shape_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_batch_73_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 73's tune part under scrubber 1.32.0, blind, no rule changed after it: paths 23/24,
    no name elsewhere, e-mail or secret, 0 of 35 keep spans damaged, 24/24 library tails, 0 of 4
    clean changed, no JSON or YAML (figures moved by 1.34.0 are noted where they are asserted)."""
    score = tune_score(engine, 73, tmp_path)
    assert score.docs == 13
    assert [score.total[c] for c in CLASSES] == [24, 0, 0, 0]
    # scrubber 1.34.0, knowingly: the login below a cluster group's folder under a share's home,
    # /dssg/home/acct-<group>/<group>-<login>/…, is found (user_names.yaml's
    # cluster_group_home): paths 23 -> 24/24
    assert [score.found[c] for c in CLASSES] == [24, 0, 0, 0]
    assert score.missed == []
    assert score.keeps == 35
    assert score.damage == []
    assert score.clean_touched == []
    assert score.clean_docs == 4
    assert score.tails_kept == score.tails == 24
    assert score.parses == score.structured == 0
    assert score.not_idempotent == [] and score.check_findings == [] and score.clashes == []
