"""A user's folder under a disk's or a cluster share's own ``users`` folder (issue 35, batch 51).

Batch 51's tune part held a Claude Code report whose working directory and permission rules sit
under ``/hdd1/users/<u>/…``: no home root the scrubber knew, so the login stayed in four places.
The folder after ``users`` under a mount named like a disk or a
share (``hdd1``, ``nvme0``, ``scratch``, ``gpfs``, ``data2``) is a person's, replaced in its
segment only; the same shapes that name nobody stay (``docs/scrubber.md``, "Stop 51"): API
routes, a data set's ``/data/users/`` table, a year, placeholders and default accounts.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed


@pytest.mark.parametrize(
    ("text", "login", "tail"),
    [
        # batch 51 (anthropics/claude-code#6631, substitutes): a working directory in Markdown
        (
            "- **Working Directory**: `/hdd1/users/hslee/CLionProjects/OpenROAD/`\n",
            "hslee",
            "/CLionProjects/OpenROAD/`",
        ),
        # ... and a permission rule's argument, JSON-quoted
        (
            '      "Read(/hdd1/users/hslee/CLionProjects/OpenROAD/src/Main.cc)",\n',
            "hslee",
            "/CLionProjects/OpenROAD/src/Main.cc)",
        ),
        # other disks and shares, a dotted login, a login with digits
        ("cd /nvme0/users/marta.kolb/runs/exp3\n", "marta.kolb", "/runs/exp3"),
        ('File "/scratch/users/dpereira/venv/lib/python3.11/site.py"\n', "dpereira", "/venv/"),
        ("rsync -av /gpfs/users/t0912ab/thesis/ out/\n", "t0912ab", "/thesis/ out/"),
        ("ls /data2/users/okafor/checkpoints/last.ckpt\n", "okafor", "/checkpoints/last.ckpt"),
    ],
)
def test_user_folder_under_a_mounts_users_folder_goes(
    engine: Scrubber, text: str, login: str, tail: str
) -> None:
    out = scrubbed(engine, text)
    assert login not in out
    assert tail in out, "only the user's segment is replaced: the rest of the path stays"


NOT_A_PERSON = [
    # API routes: no disk's name before users
    "GET /api/users/alice/repos HTTP/1.1\n",
    "curl https://api.github.com/v1/users/octocat/repos\n",
    "POST /v2/users/login/verify\n",
    # a data set's users table under /data (no digit: as often a table as a mount)
    "df = pd.read_parquet('/data/users/train/part-0.parquet')\n",
    # a year or an id, not a login
    "/hdd1/users/2024/report.csv\n",
    # placeholders and variables
    "export WORK=/hdd1/users/<user>/work\n",
    "cd /scratch/users/$USER/runs\n",
    "cd /scratch/users/${USER}/cache\n",
    "/gpfs/users/{username}/envs\n",
    "/gpfs/users/USERNAME/envs\n",
    "/gpfs/users/your_username/envs\n",
    "/hdd1/users/xxx/data\n",
    # shared, public and default folders, system and default accounts
    "/hdd1/users/shared/models/llama\n",
    "/storage/users/public/datasets\n",
    "/storage/users/default/profile\n",
    "/nvme0/users/root/.bashrc\n",
    "/scratch/users/ubuntu/.cache\n",
    "/disk2/users/guest/tmp\n",
    # the users folder itself, a file in it, a listing of it
    "ls /hdd1/users/\n",
    "/hdd1/users/index.json\n",
    # glued to a host or a word: not a path that starts here
    "https://files.example.org/hdd1/users/alice/x\n",
    "backup/hdd1/users/alice/x\n",
]


@pytest.mark.parametrize("text", NOT_A_PERSON)
def test_same_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text
