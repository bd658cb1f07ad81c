"""Batch 83 of the real-threads corpus (stop 51): its tune part held to what was measured, and
texts of the shapes of its tune misses, and of its tune part's public values, that name nobody,
kept as they are.

Batch 83 (``tests/outside_corpus/real_threads.py``, ``_RAW_STOP83``) is a collection of threads
of creative and game-development tools' logs and crash reports (Blender, Godot, GIMP, Krita,
Houdini, Unreal Engine, FreeCAD, KiCad, Inkscape, DaVinci Resolve, Audacity, OBS). It was scored
blind under scrubber 1.35.0 (``docs/benchmarks.md``, "Stop 51, batch 83, blind") and no rule was
changed for it. Every home under ``/home``, ``/Users`` and ``C:\\Users`` of its tune part is
found with its tail (also JSON-escaped, in forward slashes, five times on one line, glued into
another log line, and a login as the prefix of a ``/tmp`` folder); nothing public is damaged
and no clean document changes. Its tune misses (``tests/outside_corpus/SOURCE.md``, "The
stop-83 collection") are two classes:

* a profile folder directly under a drive root, in a UTF-16 log printed one letter apart,
  ``F : / <login> / D o c u m e n t s / U n r e a l   P r o j e c t s / …`` (2 labels): no home
  rule reads a folder under a drive root that is not ``Users`` (``F:/<login>/Documents/…`` is
  kept as written, unspaced too), and no rule reads letter-spaced text;
* Unreal Engine's per-user folder under a project, ``…/Content/Developers/<Name>/Collections/``
  (1 label): the editor names that folder after the developer's login, and no rule reads it.

A rule for each would have to keep the texts below, the same shapes naming nobody (1.35.0 keeps
every one).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score


def _spaced(text: str) -> str:
    """A line as a UTF-16 log reads when its NUL bytes print as spaces."""
    return " ".join(text)


SAME_SHAPES_THAT_NAME_NOBODY = [
    # folders under a drive root that name nobody, as written and one letter apart
    "LogFileCache: Scanning file cache for directory 'E:/Unreal Projects/OSC/Saved/Collections/'"
    " took 0.01s\n",
    "LogDerivedDataCache: Warning: D:/Projects/Unreal Projects/AUTOLOD 4.19/DerivedDataCache is"
    " very slow (0.08MB/s)\n",
    "F:/Games/Epic Games/UE_4.19/Engine/Binaries/Win64/UE4Editor-Cmd.exe\n",
    "D:/Documents/Unreal Projects/AUTOLOD 4.19/AUTOLOD.uproject\n",
    "ProcessResult.StdOut:    "
    + _spaced("LogSavePackage: Display: Finished SavePackage F:/Games/Unreal Projects/AUTOLOD 4.19")
    + " \n",
    "ProcessResult.StdOut:   "
    + _spaced("LogDerivedDataCache: Warning: D:/Projects/Unreal Projects/AUTOLOD 4.19")
    + "\n",
    "ProcessResult.StdOut:   "
    + _spaced("C:/Program Files/Epic Games/UE_4.19/Engine/Binaries/Win64/UE4Editor.exe")
    + "\n",
    "ProcessResult.StdOut:    --------------------Build System Warning---------------------------\n"
    "ProcessResult.StdOut:   Failed to connect to Coordinator:\n",
    # Unreal's shared and engine folders that name nobody
    "LogFileCache: Scanning file cache for directory 'E:/Unreal Projects/OSC/Content/Collections/'"
    " took 0.01s\n",
    "LogFileCache: Scanning file cache for directory 'E:/Unreal Projects/OSC/Content/Developers/'"
    " took 0.01s\n",
    "C:/Program Files/Epic Games/UE_4.18/Engine/Source/Developer/DesktopPlatform/Private"
    "/DesktopPlatformBase.cpp(512)\n",
    "E:/Unreal Projects/OSC/Plugins/Developer/RiderLink/RiderLink.uplugin\n",
    "LogCollectionManager: Loaded 0 collections in 0.002025 seconds\n",
    # public values of the tune part: placeholders, no user folder, installs and mounts
    '  File "C:\\Users\\UserName\\AppData\\Roaming\\Blender Foundation\\Blender\\3.4\\scripts'
    '\\addons\\B1\\__init__.py", line 12, in <module>\n',
    "['C:\\\\Users\\\\user\\\\AppData\\\\Roaming\\\\Blender Foundation\\\\Blender\\\\4.3\\\\scripts"
    "\\\\addons']\n",
    "Writing 'C:\\Users\\Username\\AppData\\Roaming\\GIMP\\2.10\\pluginrc'\n",
    'File "/Users//Library/Preferences/kicad/5.99/scripting/plugins/InteractiveHtmlBom'
    '/InteractiveHtmlBom/ecad/kicad.py", line 551, in Run\n',
    "0x00007FF667560000 5.1.2.0              blender.exe C:\\Program Files (x86)\\Steam\\steamapps"
    "\\common\\Blender\\blender.pdb \n",
    '  File "H:\\Blender\\4.0\\scripts\\modules\\bpy\\ops.py", line 106, in __call__\n',
    'Write to  "/tmp/audacity_script_pipe.to.1000"\n',
    "23:21:40.922: Module '../../obs-plugins/64bit/obs-roi-ui.dll' not loaded\n",
    "14:04:26  PySide2/__init__.py: Unable to import shiboken2 from /tmp/.mount_FreeCA3Sbv0x/usr"
    "/Mod/asm3, /tmp/.mount_FreeCA3Sbv0x/usr/Mod/Web\n",
    '  "D:\\\\scoop\\\\apps\\\\freecad-weekly\\\\40176\\\\Mod\\\\Web",\n',
    "ERROR: call: Refusing to delete directory /tmp/xdg-data/Oh My Git/tmp/repos/yours/ that does"
    " not start with /home/$USER/.local/share/Oh My Git/tmp/\n",
]


@pytest.mark.parametrize("text", SAME_SHAPES_THAT_NAME_NOBODY)
def test_texts_of_the_tune_misses_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_batch_83_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 83's tune part under scrubber 1.35.0, blind: paths 27/28, elsewhere 0/2, no e-mail
    or secret, 0 of 33 keep spans damaged, 26/26 library tails, 0 of 7 clean changed, no JSON
    or YAML; since 1.37.0 (stop 51) paths 28/28."""
    score = tune_score(engine, 83, tmp_path)
    assert score.docs == 22
    assert [score.total[c] for c in CLASSES] == [28, 2, 0, 0]
    # paths 27/28 under 1.35.0; since 1.37.0 (stop 51) 28/28: Unreal's per-user folder under a
    # project's Content/Developers is found (unreal_developers_folder,
    # tests/test_scrub_vpn_keys_and_owner_columns.py)
    assert [score.found[c] for c in CLASSES] == [28, 0, 0, 0]
    # known misses (tests/outside_corpus/SOURCE.md): a profile folder under a drive root in a
    # letter-spaced UTF-16 log
    assert sorted(m.rsplit(": ", 1)[1] for m in score.missed) == [
        "user (elsewhere) 'q u i l b o'",
        "user (elsewhere) 'q u i l b o'",
    ]
    assert score.keeps == 33
    assert score.damage == []
    assert score.clean_touched == []
    assert score.clean_docs == 7
    assert score.tails_kept == score.tails == 26
    assert score.parses == score.structured == 0
    assert score.not_idempotent == [] and score.check_findings == [] and score.clashes == []
