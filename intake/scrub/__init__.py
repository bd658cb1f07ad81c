"""The scrubber: finds private data with Presidio and replaces it with consistent fixtures.

``definitions`` reads the ``scrubbers/`` folder (registry, allow-list, fixture formats);
``recognizers`` holds the code-backed Presidio recognizers; ``fixtures`` makes the consistent
fixture values; ``engine`` is the ``Scrubber`` (detection, replacement, trees); ``files``
scrubs and scans files. Importing this package does not import Presidio. It re-exports what
the other layers use; the rest is imported from its module.
"""

from __future__ import annotations

from intake.scrub.definitions import packaged_scrubbers_dir, scrubber_config_hash
from intake.scrub.engine import FileFinding, Scrubber, get_scrubber, scrub_tree, scrubber_for
from intake.scrub.files import (
    FileOutcome,
    decode_text,
    scan_paths,
    scrub_file_text,
    scrub_paths,
    scrub_scan,
)
from intake.scrub.fixtures import FixtureMap

__all__ = [
    "FileFinding",
    "FileOutcome",
    "FixtureMap",
    "Scrubber",
    "decode_text",
    "get_scrubber",
    "packaged_scrubbers_dir",
    "scan_paths",
    "scrub_file_text",
    "scrub_paths",
    "scrub_scan",
    "scrub_tree",
    "scrubber_config_hash",
    "scrubber_for",
]
