# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Local AI image generation's and ML experiment tools' formats (stop 54, scrubber 1.59.0;
issue 35 item 2: "homes and logins by shape"; batch 106's tune misses and damage,
``tests/outside_corpus/SOURCE.md``, "The stop-106 collection"):

* ``user_names.yaml``'s ``home_segment``: the documentation placeholder ``/path/to/`` (and
  ``C:\\path\\to\\``) is never a home: ``to`` after ``path``, and the word after ``path/to``
  (``your``, ``my``), are no users' folders whatever tool tree follows
  (``/path/to/anaconda3/…``, ``/path/to/.cache/…``, ``/path/to/your/anaconda3/…``);
* ``user_names.yaml``'s ``webui_running_on_user``: AUTOMATIC1111's ``webui.sh`` prints
  ``printf "Running on \\e[1m\\e[32m%s\\e[0m user" "$(whoami)"`` between two ``#`` rules: the
  word is the login (root, role, box and service accounts stay by the account lists);
* ``user_names.yaml``'s ``wandb_login``: wandb's ``login_display`` prints ``Currently logged in
  as: <entity> (use `wandb login --relogin` …)`` (later ``… as: <user> (<entity>) to <host>``):
  the first word is the account that logged in; and ``wandb_self_entity``: an entity whose last
  segment is ``self`` (``--wandb-entity=<first>-<last>-self``, ``wandb_entity='…'``,
  ``WANDB_ENTITY=``) names its own person; a team's or organisation's entity stays (no shape
  tells a team from a user);
* ``user_names.yaml``'s ``databricks_workspace_user`` (recognizers): a Databricks workspace
  folder ``/Users/<e-mail>/…`` is named by the user's e-mail: the e-mail is replaced as an
  e-mail, the path's other folders stay.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only public material), which must stay as they are;
each ``*_GO`` list holds real private values in the same places, which must still go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

PATH_TO_NOBODY = [
    '  File "/path/to/anaconda3/lib/python3.7/site-packages/urllib3/connection.py", line 159, in _new_conn\n',
    "/path/to/miniconda3/envs/py39/lib/python3.9/site-packages/torch/nn/modules/module.py\n",
    "export HF_HOME=/path/to/.cache/huggingface\n",
    "/path/to/your/anaconda3/bin/python train.py\n",
    "source /path/to/your/.conda/envs/sd/bin/activate\n",
    "/path/to/my/.cache/torch/hub/checkpoints\n",
    "TRANSFORMERS_CACHE=/path/to/your/.cache/huggingface/hub\n",
    "/full/path/to/anaconda3/bin/conda run -n sd python launch.py\n",
    "/some/path/to/.cache/pip\n",
    "C:\\path\\to\\anaconda3\\python.exe\n",
    "C:\\path\\to\\your\\.cache\\huggingface\n",
    "C:/path/to/miniconda3/envs/sd/python.exe\n",
    "file:///path/to/anaconda3/lib/python3.7/site-packages/x.py\n",
    "/PATH/TO/anaconda3/bin/python\n",
    "See /path/to/wandb/wandb/debug.log for full traceback.\n",
    "/path/to/your/project/.venv/lib/python3.10/site-packages/x.py\n",
]

PATH_TO_GO = [
    ("/data/jsmith/anaconda3/bin/python\n", "jsmith", "/anaconda3/bin/python"),
    ("/home/okello/path/to/.cache/x\n", "okello", "/path/to/.cache/x"),
    ("/path/okello/.cache/pip\n", "okello", "/.cache/pip"),
    ("/scratch/tovey/.conda/envs/sd/bin/python\n", "tovey", "/.conda/envs/sd/bin/python"),
    ("/Users/pathak/anaconda3/bin/python\n", "pathak", "/anaconda3/bin/python"),
    (
        "C:\\Users\\tomasz\\path\\to\\anaconda3\\python.exe\n",
        "tomasz",
        "\\path\\to\\anaconda3\\python.exe",
    ),
]


@pytest.mark.parametrize("text", PATH_TO_NOBODY)
def test_the_path_to_placeholder_is_no_home(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), PATH_TO_GO)
def test_homes_beside_the_placeholder_still_go(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)


RULE = "################################################################\n"

WEBUI_BANNER_NOBODY = [
    RULE + "Running on root user\n" + RULE,
    "Running on ubuntu user\n",
    "Running on user user\n",
    "Running on admin user\n",
    "Running on Administrator user\n",
    "Running on ec2-user user\n",
    "Running on www-data user\n",
    "Running on runner user\n",
    "Running on jenkins user\n",
    "Running on a single GPU user session\n",
    "Running on local URL:  http://127.0.0.1:7860\n",
    "Running on public URL: https://0123456789abcdef.gradio.live\n",
    "Running on CPU user\n",
    "Running on USERNAME user\n",
    "Running on <username> user\n",
    "Running on your_username user\n",
    "Running on the same user as the server\n",
    "The job is running on runner user mode\n",
    RULE
    + "\x1b[1m\x1b[31mERROR: This script must not be launched as root, aborting...\x1b[0m\n"
    + RULE,
]

WEBUI_BANNER_GO = [
    (
        RULE
        + "\x1b[1m\x1b[32mInstall script for stable-diffusion + Web UI\n\x1b[1m\x1b[34mTested on Debian 11 (Bullseye)\x1b[0m\n"
        + RULE
        + "\n"
        + RULE
        + "Running on jem user\n"
        + RULE
        + "cd /tmp && ls\njem is here\n",
        "jem",
        "Running on ",
    ),
    (RULE + "Running on quillfeatherby user\n" + RULE, "quillfeatherby", " user\n"),
    ("Running on \x1b[1m\x1b[32mokonkwo\x1b[0m user\n", "okonkwo", "Running on "),
    ("Running on [1m[32mtamsin[0m user\r\n", "tamsin", " user\r\n"),
    ("Running on Halvard user\n", "Halvard", "Running on "),
]


@pytest.mark.parametrize("text", WEBUI_BANNER_NOBODY)
def test_webui_banners_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), WEBUI_BANNER_GO)
def test_webui_banner_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


WANDB_NOBODY = [
    "--wandb-project=stanford-cs336-language-model --wandb-entity=my-team\n",
    "--wandb-entity=carnegie-mellon-robotics\n",
    "--wandb-entity=openai\n",
    "--wandb-entity=your-wandb-username\n",
    "wandb_project='stanford-cs336-language-model', wandb_entity=None, wandb_tags=None\n",
    "wandb_entity='your-entity'\n",
    "WANDB_ENTITY=my-org\n",
    '"entity": "your-wandb-username",\n',
    "wandb: Currently logged in as: [me]. Use `wandb login --relogin` to force relogin\n",
    "wandb: Currently logged in as: <username> (use `wandb login --relogin` to force relogin)\n",
    "wandb: Currently logged in as: USERNAME (use `wandb login --relogin` to force relogin)\n",
    "wandb: Currently logged in as: your-username (use `wandb login --relogin` to force relogin)\n",
    "wandb: W&B API key is configured (use `wandb login --relogin` to force relogin)\n",
    "--wandb-entity=self\n",
    "--wandb-entity=my-team-self\n",
    "wandb_entity='your-entity-self'\n",
    "def get_self(self): return self.entity\n",
    "wandb: Tracking run with wandb version 0.16.0\nwandb: Run data is saved locally in /tmp/wandb/run-20240101_000000-abcd1234\n",
]

WANDB_GO = [
    (
        "python train.py --wandb-entity=mark-tessender-self --lr 1e-4\nNamespace(lr=0.0001, wandb_entity='mark-tessender-self', wandb_project='x')\n",
        "mark-tessender",
        "--wandb-entity=",
    ),
    ("WANDB_ENTITY=ilse-okafor-self python train.py\n", "ilse-okafor", "WANDB_ENTITY="),
    ("wandb_entity: tamar-self\n", "tamar", "wandb_entity: "),
    (
        "wandb: Currently logged in as: okonkwo (use `wandb login --relogin` to force relogin)\nwandb: Syncing run x: https://app.wandb.ai/okonkwo/proj/runs/abcd1234\n",
        "okonkwo",
        "Currently logged in as: ",
    ),
    (
        "wandb: Currently logged in as: halvard-s. Use `wandb login --relogin` to force relogin\n",
        "halvard-s",
        "Currently logged in as: ",
    ),
    (
        "wandb: Currently logged in as: tovey (acme-lab) to https://api.wandb.ai. Use `wandb login --relogin` to force relogin\n",
        "tovey",
        "(acme-lab) to https://api.wandb.ai",
    ),
]


@pytest.mark.parametrize("text", WANDB_NOBODY)
def test_wandb_entities_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), WANDB_GO)
def test_wandb_personal_entities_and_logins_go(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)


DATABRICKS_NOBODY = [
    "--mlflow_experiment_name /Shared/Primus_DeepSeek_Pretrain \\\n",
    "Experiment with name '/Shared/Primus_DeepSeek_Pretrain' does not exist. Creating a new experiment.\n",
    "--mlflow_experiment_name /Users/someone@example.com/deepseek_pretrain \\\n",
    "mlflow.set_experiment('/Users/first.last@example.org/my-experiment')\n",
    "/Workspace/Users/user@example.com/notebooks/train\n",
    "/Users/Shared/anaconda3/bin/python\n",
    "/Users/runner/work/repo/repo/src/x.py\n",
    "/Users/user/Library/Caches/pip\n",
    "/Users/<your-email>/experiments/x\n",
    "/Users/Shared/Epic Games/UE_5.3/Engine\n",
    "/opt/homebrew/lib/node_modules/npm@10.2.0/bin\n",
]

DATABRICKS_GO = [
    (
        "--mlflow_experiment_name /Users/kai.zhu@amd.com/deepseek_pretrain \\\n",
        "kai.zhu@amd.com",
        "/deepseek_pretrain \\\n",
    ),
    (
        "RESOURCE_DOES_NOT_EXIST: Experiment with name '/Users/ana.lopez@acme.io/exp-1' does not exist.\n",
        "ana.lopez@acme.io",
        "/exp-1' does not exist.",
    ),
    (
        'File "/Workspace/Users/ana.lopez@acme.io/utils.py", line 3\n',
        "ana.lopez@acme.io",
        "/utils.py",
    ),
    ("dbfs:/Users/okello@corp.co.uk/runs/x\n", "okello@corp.co.uk", "/runs/x"),
]


@pytest.mark.parametrize("text", DATABRICKS_NOBODY)
def test_workspace_folders_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), DATABRICKS_GO)
def test_a_workspace_folder_e_mail_goes_as_an_e_mail(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    out = gone_and_kept(engine, text, value, kept)
    assert "Users/" in out and "@" in out, out  # an e-mail fixture, not a home name
