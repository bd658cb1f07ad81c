"""The scrubber: finds private data with Presidio and replaces it with consistent fixtures.

``definitions`` reads the ``scrubbers/`` folder (registry, allow-list, fixture formats);
``recognizers`` holds the code-backed Presidio recognizers; ``fixtures`` makes the consistent
fixture values; ``engine`` is the ``Scrubber`` (detection, replacement, trees); ``files``
scrubs and scans files. Importing this package does not import Presidio.
"""

from __future__ import annotations

from intake.scrub.definitions import (
    SCRUBBER_VERSION,
    packaged_scrubbers_dir,
    scrubber_config_hash,
)
from intake.scrub.engine import (
    MAX_TEXT_CHARS,
    FileFinding,
    Finding,
    Scrubber,
    ScrubResult,
    get_scrubber,
    refuse_oversized,
    scrub_tree,
    scrubber_for,
)
from intake.scrub.files import (
    TEXT_SUFFIXES,
    FileOutcome,
    decode_text,
    expand_paths,
    scan_paths,
    scrub_file_text,
    scrub_paths,
    scrub_scan,
)
from intake.scrub.fixtures import FixtureMap

__all__ = [
    "MAX_TEXT_CHARS",
    "SCRUBBER_VERSION",
    "TEXT_SUFFIXES",
    "FileFinding",
    "FileOutcome",
    "Finding",
    "FixtureMap",
    "ScrubResult",
    "Scrubber",
    "decode_text",
    "expand_paths",
    "get_scrubber",
    "packaged_scrubbers_dir",
    "refuse_oversized",
    "scan_paths",
    "scrub_file_text",
    "scrub_paths",
    "scrub_scan",
    "scrub_tree",
    "scrubber_config_hash",
    "scrubber_for",
]
