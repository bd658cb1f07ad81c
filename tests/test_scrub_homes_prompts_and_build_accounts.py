# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Homes and prompts by their shape (stop 51, scrubber 1.36.0; issue 35).

The home and prompt misses of batches 80 and 81's tune parts (``tests/outside_corpus/SOURCE.md``,
"The stop-80 collection", "The stop-81 collection"), each found by a general rule:

* ``posix_home`` (``scrubbers/recognizers.yaml``): a Windows users root written with the drive
  in capitals as the first folder, ``/C/Users/<u>/`` (Sublime Text's console on Windows);
* ``posix_home_under_a_cluster_home`` (``recognizers.yaml``, with ``home_segment``'s
  ``homes``): a home under a cluster mount's ``home``/``homes``/``users`` folder with a home's
  own dot-folder right under it (``/mnt/beegfs/home/<u>/.spack/…``);
* ``bracketed_two_at_prompt`` (``scrubbers/user_names.yaml``): ``[<login>@<host>@<dir>]$``;
* ``engine.mac_host_logins``: a learned login glued to the start of the host name in macOS's
  default prompt (``<Login>uoMBP329:~ <login>$``).

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody, which must stay as they are. ``HOMES`` lose the login
everywhere and keep the rest.
"""

from __future__ import annotations

import pytest
import regex

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

DRIVE_ROOT_NOBODY = [
    "/C/Users/Public/Documents/x.txt\n",
    "/D/Users/Public/Desktop/shortcut.lnk\n",
    "/C/Users/Default/AppData/Local/Temp/x\n",
    "/C/Users/Administrator/AppData/Roaming/Sublime Text 3/Packages\n",
    "/C/Users/runneradmin/AppData/Local/Temp/x\n",
    "/C/Users/<user>/AppData/Roaming/Sublime Text 3/Packages\n",
    "/C/Users/USERNAME/AppData/Roaming/x\n",
    "/C/Users/%USERNAME%/AppData/Roaming/x\n",
    "/C/Users/user/AppData/Roaming/x\n",
    "/C/Users/\n",
    "https://example.com/C/Users/docs\n",
    "see tree/C/Users/x for the layout\n",
]

CLUSTER_HOME_NOBODY = [
    "/mnt/beegfs/home/shared/.spack/stage/x\n",
    "/mnt/beegfs/home/root/.cache/pip\n",
    "/mnt/beegfs/home/$USER/.spack/stage\n",
    "/mnt/beegfs/home/<user>/.spack/stage\n",
    "/mnt/beegfs/home/spack/.spack/config.yaml\n",
    "/mnt/nfs/homes/USERNAME/.cache/x\n",
    "/mnt/nfs/homes/shared/.cache/x\n",
    "/srv/home/jenkins/.cache/x\n",
    "/var/lib/home/xy/.cache/x\n",
    "/opt/app/home/data/.cache/x\n",
    "/mnt/beegfs/home/x/.spack/x\n",
    "https://host/a/home/b/.cache\n",
    "/srv/homes/team/project/x\n",
    "  >> 242    $user_cache_path/stage/spack-stage-xpmem/spack-src/kernel/xpmem_main.c:32:10: fatal error\n",
]

PROMPT_NOBODY = [
    "[root@headnode@vpf-tools]$ stack build\n",
    "[user@host@dir]$ ls\n",
    "[ubuntu@ip-10-0-0-1@app]$ ls\n",
    "[admin@server@tmp]# ls\n",
    "[<user>@<host>@<dir>]$ ls\n",
    "[pkg@1.2.3] added 1 package\n",
    "Mac-mini:~ admin$ ls\n",
    "developers-iMac:~ dev$ ls\n",
    "MacBook-Pro:~ root# ls\n",
    "runnersMBP:~ runner$ ls\n",
    "admin-MBP:~ admin$ ls\n",
    "userMBP:~ user$ ls\n",
]

# (text, the login that must be gone from the whole text)
HOMES = [
    (
        "packages path: /C/Users/okello/AppData/Roaming/Sublime Text 3/Packages\nstate path: /C/Users/okello/AppData/Roaming/Sublime Text 3/Local\n",
        "okello",
    ),
    ("/D/Users/Tamsin/Documents/notes.txt\n", "Tamsin"),
    (
        "  >> 242    /mnt/beegfs/home/gordonfrey/.spack/stage/spack-stage-xpmem/spack-src/kernel/xpmem_main.c:32:10: fatal error\n",
        "gordonfrey",
    ),
    ("/gpfs/fs1/home/mbrandt/.cache/pip/wheels\n", "mbrandt"),
    ("/mnt/nfs/homes/ajoshi/.conda/envs/x/bin/python\n", "ajoshi"),
    ("[meridian@headnode@vpf-tools]$ stack build\n", "meridian"),
    (
        "```\nKestreluoMBP329:~ kestrel$ ps aux | grep pylance\nkestrel          60057   0.0  0.0 34121332    656 s002  S+    1:04AM   0:00.00 grep pylance\n```\n",
        "kestrel",
    ),
    ("okelloMBP:~ okello$ ls\n", "okello"),
]


@pytest.mark.parametrize("text", DRIVE_ROOT_NOBODY + CLUSTER_HOME_NOBODY + PROMPT_NOBODY)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "login"), HOMES)
def test_a_home_or_prompt_by_its_shape_loses_its_login(
    engine: Scrubber, text: str, login: str
) -> None:
    out = scrubbed(engine, text)
    assert login.lower() not in out.lower()
    # only the login changed: put it back for its fixture and the text is whole
    fixtures = set(regex.findall(r"user[0-9]++", out))
    assert len(fixtures) == 1
    assert out.replace(fixtures.pop(), login).lower() == text.lower()
