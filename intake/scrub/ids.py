"""Identifiers built only from text the scrubber has cleared.

Draft ids, file names, lock names, ledger ids and the ``intake sessions`` listing are built
from titles and session ids. A title slugged *before* scrubbing carries the secret into a file
name (``session_29c2_password_hunter2``); a cut at a size limit can leave part of a token that
no recognizer matches any more. These helpers (``plain_identifier``, ``neutral_id``,
``cut_before_token``) are the one way to build such a name.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Iterable

import regex

from intake.contract.plain import ID_PATTERN

_PLAIN = regex.compile(r"^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$")
_NOT_PLAIN = regex.compile(r"fake0*+[0-9]|\*{3,}|x{6,}")
_BLANK_TOKEN = regex.compile(r"\S++")
_WORD_TOKEN = regex.compile(r"[^\s_]++")
_SLUG_SPLIT = regex.compile(r"[^a-z0-9]++")


def plain_identifier(text: str) -> bool:
    """Whether ``text`` is a plain identifier: ``[a-z0-9_-]``, at most 64, no fixture or mask,
    and a valid id (``intake.contract.plain.ID_PATTERN``: not a name Windows reserves, such as
    ``con``)."""
    return (
        bool(_PLAIN.match(text))
        and not _NOT_PLAIN.search(text)
        and regex.fullmatch(ID_PATTERN, text) is not None
    )


_ID_WORD = regex.compile(r"[a-z0-9]++")
MIN_CARRIED_WORD = 4
"""Shorter words of an original are too common to tell anything (``com``, ``bob``)."""


def carries_original(identifier: str, originals: Iterable[str]) -> bool:
    """Whether ``identifier`` holds, as whole words, an original value the scrubber replaced
    anywhere in the draft: the whole value slugged, or one of its words of at least
    ``MIN_CARRIED_WORD`` characters when the value is one token (``_one_word``).

    A title is slugged before the rest of the draft is scrubbed; a secret that only context
    elsewhere identifies (``password: hunterhunter`` in the body, ``hunterhunter`` alone in
    the title) would otherwise reach the id lowercased, past every recogniser.
    """
    words = _ID_WORD.findall(identifier)
    joined = f"_{'_'.join(words)}_"
    for original in originals:
        parts = _ID_WORD.findall(_slug(original))
        if not parts:
            continue
        if f"_{'_'.join(parts)}_" in joined:
            return True
        if _one_word(original) and any(len(p) >= MIN_CARRIED_WORD and p in words for p in parts):
            return True
    return False


def _one_word(original: str) -> bool:
    """Whether a replaced value is one token (a password, a key), not a path, an address or a
    phrase: only such a value's words are looked for one by one (a path's folder names are
    words of ordinary titles; the whole path slugged is still looked for)."""
    return not any(c in original for c in "/\\@ :")


def neutral_id(seed: str, prefix: str = "session") -> str:
    """``<prefix>_<8 hex>``: stable for the same ``seed``, and carrying nothing of it."""
    digest = hashlib.sha256(seed.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{prefix}_{digest}"


def cut_before_token(text: str, limit: int, *, words: bool = False) -> str:
    """At most ``limit`` characters of ``text``, never ending inside a token.

    A token is a run of non-blank characters (with ``words=True``, also split at ``_``, for
    slugs); when ``limit`` falls inside one, the cut goes back to where it starts, and the
    blanks or ``_`` before it are dropped too.
    """
    if limit <= 0:
        return ""
    if len(text) <= limit:
        return text
    token = _WORD_TOKEN if words else _BLANK_TOKEN
    cut = limit
    if token.fullmatch(text[cut - 1 : cut + 1]):
        run = token.match(text[::-1], len(text) - cut)
        back: int = run.end() - run.start() if run else 0
        cut -= back
    head: str = text[:cut]
    return head.rstrip(" \t\r\n_")


def _slug(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slugged: str = _SLUG_SPLIT.sub("_", ascii_text.lower())
    return slugged.strip("_")
