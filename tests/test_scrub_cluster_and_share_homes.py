"""Homes by shape under a share's ``home`` (stop 51, scrubber 1.34.0; issue 35).

The home miss of batch 73's tune part and the harm of the same family
(``tests/outside_corpus/SOURCE.md``, "The stop-73 collection"):

* ``cluster_group_home`` (``scrubbers/user_names.yaml``): a cluster's group home,
  ``/<share>/home/acct-<group>/<group>-<login>/`` (the child folder repeats the group folder's
  suffix as its prefix), names its user whole; the group's own folders name nobody;
* ``words.yaml``'s ``not_user_names``: what a share's home holds for everyone (``models``,
  ``datasets``, ``checkpoints``, ``weights``) is no user's folder.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept (texts of
the same shape that name nobody, which must stay); ``*_PEOPLE`` the other way (texts of the same
shape that name someone, which a too-wide keep would leak).
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

CLUSTER_NOBODY = [
    'model_path="/dssg/home/acct-medphy/share/envs/glm"\n',
    "/lustre/home/acct-stu/public/models/llama-2-7b\n",
    "/opt/home/shared/datasets/imagenet\n",
    "/mnt/home/datasets/coco/train2017\n",
    "/ABSOLUTE/PATH/TO/model\n",
    "/dssg/home/acct-physics/physics-share/envs/torch\n",
    "/lustre/home/acct-bio/bio/common/ref\n",
    "/dssg/home/acct-medphy/medphy-public/datasets/mimic\n",
    "ls /lustre/home/acct-stu/\n",
    "/dssg/home/acct-medphy/other-kpt/chatGLM3\n",
]

CLUSTER_PEOPLE = [
    ('# model_path="/dssg/home/acct-physq/physq-lmn/chatGLM3/chatglm3-6b",\n', "physq-lmn"),
    ("/lustre/home/acct-stu/stu-zhangwei/miniconda3/envs/torch/bin/python\n", "stu-zhangwei"),
    ("cd /dssg/home/acct-clsf/clsf-wangyu && sbatch run.slurm\n", "clsf-wangyu"),
]

SHARE_HOME_NOBODY = [
    'model_path="/data/home/models/chatglm3-6b"\n',
    "/data/home/datasets/coco/annotations/instances_val2017.json\n",
    "/mnt/home/models/Qwen2-7B-Instruct/config.json\n",
    "/data/home/checkpoints/llama-2-7b/consolidated.00.pth\n",
    "/srv/home/weights/yolov8n.pt\n",
    "--model /data/home/models/Meta-Llama-3-8B-Instruct --port 8000\n",
    "/home/models/bert-base-uncased/vocab.txt\n",
    "/data/home/shared/envs/py310/bin/python\n",
    "/mnt/home/datasets/coco/train2017\n",
    "/opt/home/shared/datasets/imagenet\n",
]

SHARE_HOME_PEOPLE = [
    ('model_path="/data/home/qlindqvist/chatglm3-6b"\n', "qlindqvist"),
    ("/data/home/jsorvari/models/llama/config.json\n", "jsorvari"),
    ("/data/home/modelsmith/datasets/coco/val.json\n", "modelsmith"),
    ("/data/home/tweights/.cache/huggingface/hub\n", "tweights"),
    ("/home/dataset/.conda/envs/py310/bin/python\n", "dataset"),
]


@pytest.mark.parametrize("text", CLUSTER_NOBODY + SHARE_HOME_NOBODY)
def test_a_shares_folders_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "login"), CLUSTER_PEOPLE + SHARE_HOME_PEOPLE)
def test_a_users_folder_under_a_shares_home_goes(engine: Scrubber, text: str, login: str) -> None:
    out = scrubbed(engine, text)
    assert login not in out
    # only the user's folder changed: the path keeps its depth and every other folder
    assert out.count("/") == text.count("/")
    assert out.replace("user1", login) == text
