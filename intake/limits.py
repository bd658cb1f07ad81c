"""Every size limit intake applies, in one place (docs/limits.md explains each).

What intake writes is bounded by what its own gates read back: a draft is never larger than
``validate`` accepts (``MAX_SCENARIO_BYTES``), a record never larger than ``check`` and every
command read (``MAX_RECORD_BYTES``). A session too long to draft whole is refused before it is
scrubbed (``MAX_DRAFT_TURNS``, ``MAX_DRAFT_TEXT_BYTES``, ``MAX_DRAFT_SOURCE_BYTES``), with a
hint naming ``--turns``. Modules that had their own constant keep its name, bound to these.
"""

from __future__ import annotations

MiB = 1024 * 1024

# --- files intake reads ------------------------------------------------------------------------

MAX_INPUT_BYTES = 64 * MiB
"""The default size limit of a file given to intake (``fileio.read_input``)."""
MAX_JSON_DEPTH = 100
"""Deeper JSON is refused before parsing (no real input nests this far)."""
MAX_SCENARIO_BYTES = 5 * MiB
"""The largest scenario or draft YAML file ``validate``, ``check`` and every command read."""
MAX_YAML_DEPTH = 64
"""Deeper YAML is refused as it is parsed."""
MAX_RECORD_BYTES = 32 * MiB
"""The largest ``.intake.json`` record read (and written: a draft whose record would be larger
is refused)."""
MAX_SESSION_JSON_BYTES = 64 * MiB
"""The largest session JSON file or Agent UI export read."""
MAX_ISSUE_JSON_BYTES = 20 * MiB
"""The largest saved issue (``from-issue --json``)."""
MAX_ISSUE_COMMENTS = 300
"""Comments read per issue."""
MAX_DOCUMENT_HASH_BYTES = 256 * MiB
"""An ``indexed_documents`` file larger than this is not hashed (its name is kept)."""

# --- what one message or one draft may hold ------------------------------------------------------

MAX_MESSAGE_CHARS = 20_000
"""Characters kept of one message (the rest is cut, with a note in the record)."""
MAX_STEPS_CHARS = 2_000_000
"""A message's ``agent_steps`` larger than this is not parsed (a note says so)."""
MAX_DRAFT_TURNS = 200
"""Turns one draft may hold; a longer session is drafted a slice at a time (``--turns A-B``)."""
MAX_DRAFT_TEXT_BYTES = 1 * MiB
"""UTF-8 bytes of user messages one draft may hold (with YAML's quoting, well within
``MAX_SCENARIO_BYTES``)."""
MAX_COMPARED_CHARS = 8_000
"""Characters of user text compared when looking for near-duplicate drafts (the comparison
is quadratic in the worst case: two long, repetitive sessions would take hours)."""
MAX_DRAFT_SOURCE_BYTES = 16 * MiB
"""Bytes of messages (answers and tool payloads included) read for one draft: what is scrubbed
and kept as evidence (with per-field caps, within ``MAX_RECORD_BYTES``)."""
