"""Batch 88 of the real-threads corpus (stop 52): its tune part held to what was measured, and
texts of the shapes of its tune misses, and of its tune part's public values, that name nobody,
kept as they are.

Batch 88 (``tests/outside_corpus/real_threads.py``, ``_RAW_STOP88``) is a collection of threads
of embedded and maker tools' logs (the Arduino IDE and arduino-cli, esptool, PlatformIO,
ESP-IDF, STM32CubeIDE, QMK, OctoPrint, PrusaSlicer). It was scored blind under scrubber 1.37.0
(``docs/benchmarks.md``, "Stop 52, batch 88, blind") and no rule was changed for it. Every home
of its tune part is found with its tail (``C:\\Users\\<u>\\AppData\\Local\\Arduino15``, also
JSON-escaped and inside ``cmd /c if exist "…"``, a dotted and an underscored user folder, a
``PATH=[…]`` list, ``~/Library/Arduino15``, ``~/.arduino15``, ``.platformio`` and
``.espressif`` under Windows and macOS homes, OctoPrint's and PrusaSlicer's Linux homes). Its
tune misses and damage (``tests/outside_corpus/SOURCE.md``, "The stop-88 collection") are two
classes:

* a dev container's prompt whose host name carries the owner's first name,
  ``vscode@<name>-nb:/workspaces/connectedhomeip$`` (2 labels): the login is the container's
  default account and no rule reads a name inside a host name;
* esptool's banner, ``esptool v0.4.x - (c) 2014 Ch. Klippel <ck@atelier-klippel.de>``, printing
  its author's published address (4 keep spans damaged, one clean document changed): the
  address is replaced as a person's.

A rule for each would have to keep the texts below, the same shapes naming nobody (1.37.0 keeps
every one).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score

SAME_SHAPES_THAT_NAME_NOBODY = [
    # dev-container and board prompts whose host names name nobody
    "vscode@devcontainer:/workspaces/connectedhomeip$ source /opt/espressif/esp-idf/export.sh\n",
    "vscode@codespaces-4f2a1b:/workspaces/connectedhomeip$ ls\n",
    "vscode@3f9c2a7d41be:/workspaces/esp-matter$ idf.py build\n",
    "vscode@docker-desktop:/workspaces/connectedhomeip$ ls\n",
    "user@host:~/.platformio/packages/tool-esptool$ ./esptool -v\n",
    "Activating ESP-IDF 5.5\n* Identifying shell ... bash\nDone! You can now compile ESP-IDF"
    " projects.\n",
    # esptool's banners and upload lines with no address
    "esptool.py v4.5.1\nCreating esp32 image...\nMerged 2 ELF sections\n",
    "esptool.py v3.0\nSerial port /dev/ttyACM0\n",
    "esptool v0.4.9 - (c) 2014 Ch. Klippel\n",
    "        setting board to nodemcu\n        setting baudrate from 115200 to 115200\n"
    "        setting port from /dev/ttyUSB0 to /dev/ttyUSB0\n        espcomm_upload_file\n",
    "opening port /dev/ttyUSB0 at 115200\n",
    "Auto-detected UPLOAD_PORT/DISK: /dev/cu.wchusbserial1410\n",
    # public values of the tune part: placeholders, default accounts, no user folder
    "C:\\Users\\Admin\\AppData\\Local\\Arduino15\\package_index.json.tmp: The process cannot access"
    " the file because it is being used by another process.\n",
    "Ψ QMK home: /home/ubuntu/firmware/qmk_firmware\n",
    "⚠ Missing or outdated udev rules for 'atmel-dfu' boards. Run 'sudo cp"
    " /home/ubuntu/firmware/qmk_firmware/util/udev/50-qmk.rules /etc/udev/rules.d/'.\n",
    "2020-06-07 11:45:19,958 - octoprint.printer.standard.job - INFO - Print job done - origin:"
    " local, path: MyPrint.gcode, owner: <User>\n",
    "2020-06-07 11:45:19,901 - octoprint.filemanager.analysis - INFO - Invoking analysis command:"
    " /home/pi/oprint/bin/python2 -m octoprint analysis gcode --speed-x=6000"
    " /home/pi/.octoprint/uploads/MyPrint.gcode\n",
    "c:\\ESP_Temp_Sensor\\.pio\\build\\esp01\\src\\main.cpp.o\n",
    "ESP_Temp_Sensor>pio run -v\n",
    "PS C:\\Espressif\\esp-idf> ./install.ps1\n",
    "PATH=[C:/ST/STM32CubeIDE_1.13.2/STM32CubeIDE//plugins/com.st.stm32cube.ide.jre.win64_3.0.0"
    ".202305091045/jre/bin;C:\\WINDOWS\\system32;C:\\Program Files\\Git\\cmd;C:\\ST"
    "\\STM32CubeIDE_1.13.2\\STM32CubeIDE]\n",
]


@pytest.mark.parametrize("text", SAME_SHAPES_THAT_NAME_NOBODY)
def test_texts_of_the_tune_misses_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_batch_88_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 88's tune part under scrubber 1.37.0, blind: paths 34/34, elsewhere 0/2, no e-mail
    or secret, 4 of 48 keep spans damaged, 33/33 library tails, 1 of 5 clean changed, no JSON
    or YAML. Since scrubber 1.41.0 (stop 52): no damage and no clean document changed."""
    score = tune_score(engine, 88, tmp_path)
    assert score.docs == 20
    assert [score.total[c] for c in CLASSES] == [34, 2, 0, 0]
    assert [score.found[c] for c in CLASSES] == [34, 0, 0, 0]
    # known misses (tests/outside_corpus/SOURCE.md): a host name carrying the owner's name in a
    # dev container's prompt
    assert sorted(m.rsplit(": ", 1)[1] for m in score.missed) == [
        "user (elsewhere) 'tobias'",
        "user (elsewhere) 'tobias'",
    ]
    assert score.keeps == 48
    # 1.37.0's damage (esptool's banner, its author's published address replaced four times) is
    # gone since scrubber 1.41.0: an address inside a ``(c) <year> <Name> <addr>`` notice is
    # kept (tests/test_scrub_game_and_maker_tool_formats.py)
    assert score.damage == []
    assert score.clean_touched == []
    assert score.clean_docs == 5
    assert score.tails_kept == score.tails == 33
    assert score.parses == score.structured == 0
    assert score.not_idempotent == [] and score.check_findings == [] and score.clashes == []
