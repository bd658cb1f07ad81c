"""A login above a home's own per-user folders deep down a site's share, Micro-Manager's CoreLog
header's ``User:``, and OMERO.server's documented system account (issue 35, stop 62, scrubber
1.166.0; batch 184's tune part).

* ``home_segment`` (``user_names.yaml``): the folder right above conda's per-user envs and
  package cache (``.conda/envs``, ``.conda/pkgs``: conda's ``envs_dirs`` and ``pkgs_dirs``) or
  the XDG base-directory spec's per-user folders (``.local/share``, ``.local/state``,
  ``.local/bin``, pip's ``.local/lib/pythonX.Y``, ``.config/<app>/``, ``.cache/<app>/``) three
  to eight folders down a share the scrubber has no name for is a login, unless it is a
  shared-folder word (one list, ``shared_folder_not_login``, which now also keeps
  ``/project/software/.conda``).
* ``micromanager_corelog_user``: MMStudio.logStartupProperties logs ``User: `` and the JVM's
  ``user.name`` (micro-manager/micro-manager, mmstudio's MMStudio.java).
* ``omero_server_account``: ``omero-server`` (and ``omero``) under ``/home/`` beside OMERO's
  own output is the system user OMERO's install walkthroughs create, no one.

The ``*_NOBODY`` lists are the harm hunt the rules were attacked with before they were kept.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

SHARE_NOBODY = [
    "/endosome/archive/MIL/shared/.conda/envs/napari-env/lib/python3.9/site-packages\n",
    "/endosome/archive/MIL/software/.conda/envs/napari-env/bin/python\n",
    "/endosome/archive/MIL/apps/.conda/pkgs/numpy-1.22\n",
    "/endosome/archive/MIL/common/.local/share/napari\n",
    "/endosome/archive/MIL/tools/.config/napari/settings.yaml\n",
    "/endosome/archive/MIL/public/.cache/pip/wheels\n",
    "/endosome/archive/MIL/opt/.conda/envs/x/lib\n",
    "/endosome/archive/MIL/napari-env/lib/python3.9/site-packages\n",
    "/endosome/archive/MIL/envs/.conda/envs/x\n",
    "/endosome/archive/MIL/build/.cache/pip/x\n",
    "/endosome/archive/MIL/user/.conda/envs/x\n",
    "/endosome/archive/MIL/$USER/.conda/envs/x\n",
    "/endosome/archive/MIL/<user>/.conda/envs/x\n",
    "/archive/MIL/conda/envs/x/lib\n",
    "/project/software/.conda/envs/x/lib/python3.9\n",
    "/project/apps/.conda/envs/x/lib\n",
    "/project/shared/.conda/envs/x/lib\n",
    "/opt/conda/envs/napari/lib/python3.9\n",
    "/opt/conda/.conda/envs/x\n",
    "/opt/miniconda3/envs/x/lib\n",
    "/root/.conda/envs/napari/lib\n",
    "/home/user/.conda/envs/x\n",
    "/home/.conda/envs/omero/lib/python3.6/site-packages/omero/cli.py\n",
    "~/.conda/envs/napari/lib\n",
    "$HOME/.conda/envs/napari/lib\n",
    "/usr/local/lib/python3.9/site-packages\n",
    "/usr/local/share/.cache/pip/x\n",
    "/var/lib/jenkins/workspace/proj/.cache/pip/x\n",
    "/data/jenkins/workspace/proj/.cache/pip/x\n",
    "/builds/group/sub/project/.cache/pip/x\n",
    "/github/workspace/sub/dir/.cache/pip/x\n",
    "/srv/www/site/node_modules/.cache/babel-loader/x.json\n",
    "/data/web/sites/mysite/node_modules/.cache/babel-loader/x.json\n",
    "/mnt/ci/repos/myrepo/.cache/pip/x\n",
    "/mnt/data/src/myrepo/.config/app/x\n",
    "/mnt/data/projects/website/.cache/gatsby/x\n",
    "/tmp/a/b/c/.cache/pip/x\n",
    "/app/a/b/c/.cache/pip/x\n",
    "/workspace/a/b/c/.config/app/x\n",
    "/path/to/your/dir/.conda/envs/x\n",
    "/endosome/lab/team/proj/.config/dotnet-tools.json\n",
    "/endosome/lab/team/proj/.local/lib/x\n",
    "/endosome/lab/team/.venv/x/.cache/pip/x\n",
    "/nix/persistent/home/user/.local/cache/appimage-run/x\n",
]


@pytest.mark.parametrize("text", SHARE_NOBODY)
def test_share_paths_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


SHARE_LOGINS = [
    (
        "Requirement already satisfied: npe2>=0.3.0 in /endosome/archive/MIL/kdurov/.conda/envs/"
        "napari-env/lib/python3.9/site-packages (from napari) (0.3.0)\n",
        "/endosome/archive/MIL/",
    ),
    ("/gpfs/projects/labx/kdurov/.conda/envs/x/lib\n", "/gpfs/projects/labx/"),
    ("/endosome/lab/team/kdurov/.conda/pkgs/numpy-1.22\n", "/.conda/pkgs/numpy-1.22"),
    ("/endosome/lab/team/kdurov/.local/lib/python3.9/site-packages/x.py\n", "/.local/lib/"),
    ("/endosome/lab/team/kdurov/.local/share/napari/x\n", "/.local/share/napari/x"),
    ("/endosome/lab/team/kdurov/.cache/huggingface/hub\n", "/.cache/huggingface/hub"),
    ("/srv2/lab/team/kdurov/.config/napari/settings.yaml\n", "/.config/napari/settings.yaml"),
]


@pytest.mark.parametrize(("text", "kept"), SHARE_LOGINS)
def test_share_logins_go(engine: Scrubber, text: str, kept: str) -> None:
    gone_and_kept(engine, text, "kdurov", kept)


def test_share_login_learned_elsewhere(engine: Scrubber) -> None:
    text = (
        "(napari-env) kdurov@node12:~$ pip install napari\n"
        "Requirement already satisfied: numpy in /endosome/archive/MIL/kdurov/.conda/envs/"
        "napari-env/lib/python3.9/site-packages (1.22.3)\n"
        "owner: kdurov\n"
    )
    gone_and_kept(engine, text, "kdurov", "/endosome/archive/MIL/")


_CORELOG = (
    "2022-04-11T17:18:09.043385 tid8436 [IFO,LogManager] Enabled primary log file "
    "C:\\Program Files\\Micro-Manager-2.0\\CoreLogs\\CoreLog20220411T171809_pid9172.txt\n"
    "2022-04-11T17:18:09.043385 tid8436 [IFO,App] User: {u}\n"
    "2022-04-11T17:18:09.043385 tid8436 [IFO,App] Host: DESKTOP-LD09UV5\n"
    "2022-04-11T17:18:09.043385 tid8436 [IFO,App] MM Studio version: 2.0.1 20220401\n"
    "2022-04-11T17:18:09.043385 tid8436 [IFO,Core] Will initialize device Camera\n"
)

CORELOG_NOBODY = ["Administrator", "SYSTEM", "root", "user", "<username>", "admin", "Owner"]


@pytest.mark.parametrize("user", CORELOG_NOBODY)
def test_corelog_accounts_naming_nobody_stay(engine: Scrubber, user: str) -> None:
    text = _CORELOG.format(u=user)
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize("user", ["Kasimir", "kdurov", "JDoe2"])
def test_corelog_user_goes(engine: Scrubber, user: str) -> None:
    text = _CORELOG.format(u=user) + f"C:\\Users\\{user}\\AppData\\Local\\x.log\n"
    gone_and_kept(
        engine, text, user, ["[IFO,App] User: ", "Host: DESKTOP-LD09UV5", "MM Studio version"]
    )


_OMERO = (
    "$omero db script --password <some-password>\n"
    "Using OMERO5.4 for version\n"
    "Saving to /home/{u}/OMERO5.4__0.sql\n"
    "$ omero admin start\n"
    "No descriptor given. Using etc/grid/default.xml\n"
)

OMERO_NOBODY = [
    _OMERO.format(u="omero-server"),
    _OMERO.format(u="omero"),
    "$ omero admin start\n/home/omero-server/OMERO.server/var/log/Blitz-0.log\n",
    "OMERODIR=/opt/omero/server/OMERO.server\nSaving to /opt/omero/server/OMERO5.4__0.sql\n",
    "$ omero db script\nSaving to ~/OMERO5.4__0.sql\n",
    "$ omero login\nPreviously logged in to localhost:4064 as root\nUsername: [root]\n",
]


@pytest.mark.parametrize("text", OMERO_NOBODY)
def test_omero_service_account_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_omero_person_still_goes(engine: Scrubber) -> None:
    gone_and_kept(engine, _OMERO.format(u="kdurov"), "kdurov", "OMERO5.4__0.sql")


def test_omero_account_without_omero_output_is_a_login(engine: Scrubber) -> None:
    # with no OMERO output beside it, /home/omero-server/ is read as any home
    gone_and_kept(engine, "ls /home/omero-server/x\n", "omero-server", "ls /home/")
