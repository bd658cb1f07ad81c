"""Every size limit intake applies, in one place (docs/limits.md explains each).

What intake writes is bounded by what its own gates read back: a draft is never larger than
``validate`` accepts (``MAX_SCENARIO_BYTES``), a record never larger than ``check`` and every
command read (``MAX_RECORD_BYTES``). A session too long to draft whole is refused before it is
scrubbed (``MAX_DRAFT_TURNS``, ``MAX_DRAFT_TEXT_BYTES``, ``MAX_DRAFT_SOURCE_BYTES``), with a
hint naming ``--turns``.
"""

from __future__ import annotations

MiB = 1024 * 1024

# --- files intake reads ------------------------------------------------------------------------

MAX_INPUT_BYTES = 64 * MiB
MAX_JSON_DEPTH = 100
MAX_SCENARIO_BYTES = 5 * MiB
MAX_YAML_DEPTH = 64
MAX_RECORD_BYTES = 32 * MiB
MAX_SESSION_JSON_BYTES = 64 * MiB
MAX_ISSUE_JSON_BYTES = 20 * MiB
MAX_ISSUE_COMMENTS = 300
MAX_DOCUMENT_HASH_BYTES = 256 * MiB

# --- what one message or one draft may hold ------------------------------------------------------

MAX_MESSAGE_CHARS = 20_000
MAX_STEPS_CHARS = 2_000_000
MAX_DRAFT_TURNS = 200
MAX_DRAFT_TEXT_BYTES = 1 * MiB
MAX_COMPARED_CHARS = 8_000
"""Characters of user text compared when looking for near-duplicate drafts (the comparison
is quadratic in the worst case: two long, repetitive sessions would take hours)."""
MAX_DRAFT_SOURCE_BYTES = 16 * MiB
