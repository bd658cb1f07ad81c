"""Each replacement's tier, the salted hash a restore is bound to, and its masked context.

Issue 29 decided that every tier is replaced and every replacement shown to the reviewer, who
may give back a false one. The tier says whether that is allowed:

* ``final``: a provider's exact shape (``ghp_…``, ``AKIA…``, ``sk-ant-…``, a JWT, a key block,
  an Azure key or signature…) or the machine's own credentials. Such a replacement cannot be
  restored: a leak cannot be taken back.
* ``restorable``: a name (a user name, a person, a place, an e-mail address, a home path), an
  entropy rule (an unnamed random string) or a context rule (a value judged by the name it is
  assigned to, the credential after ``Bearer``/``Basic``, a URL's password). These may be
  replaced non-secrets, so a reviewer may restore one with a reason.

The decision is keyed on the finding's entity type (``Finding.entity_type``, which is also the
name of the recognizer family in ``scrubbers/``). A type not listed here is ``final``: a new
recognizer added without a decision keeps its values replaced rather than letting a reviewer
put a secret back (the safe default for a leak).

A restore is bound to ``value_hash``: HMAC-SHA256 of the original value under a salt of the
user's own, kept beside the journal key outside every repository (``suite_salt``). Never a
field or variable name (renaming ``API_KEY`` to ``API_KEY2`` must not carry a restore to a real
secret), and the hash cannot be checked against a guessed value without the salt, which never
leaves the machine.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import secrets
from collections.abc import Callable, Collection
from pathlib import Path

from intake.textcut import drop_partial_tail
from intake.userconfig import Environ

FINAL = "final"
RESTORABLE = "restorable"

RESTORABLE_TYPES = frozenset(
    {
        # names
        "USER_NAME",
        "PERSON",
        "LOCATION",
        "EMAIL_ADDRESS",
        "FILE_PATH",
        # an entropy rule
        "HIGH_ENTROPY_SECRET",
        # context rules: judged by a name or a scheme word, not by a provider's shape
        "GENERIC_SECRET",
        "BEARER_TOKEN",
        "BASIC_AUTH",
        "URL_CREDENTIALS",
    }
)
"""Entity types a reviewer may restore; every other type (known or not) is final."""

SALT_FILE = "scrub-salt"
"""The salt's file in the user's state folder (never in a checkout)."""


def tier_of(entity_type: str) -> str:
    """``restorable`` for the types in ``RESTORABLE_TYPES``, else ``final`` (unknown too)."""
    return RESTORABLE if entity_type in RESTORABLE_TYPES else FINAL


def value_hash(salt: bytes, value: str) -> str:
    """``hmac-sha256:<16 hex>`` of ``value`` under ``salt``: what a restore is bound to."""
    digest = hmac.new(salt, value.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()
    return f"hmac-sha256:{digest[:16]}"


Kept = Callable[[str, str], bool]
"""``kept(entity_type, original)``: whether a reviewer restored that value (``restored``)."""


def restored(salt: bytes, hashes: Collection[str]) -> Kept:
    """The values a reviewer restored: of a restorable type, their hash under ``salt`` (the
    record's: ``record_salt``) in ``hashes``; a final value is never kept."""

    def kept(entity_type: str, original: str) -> bool:
        return tier_of(entity_type) == RESTORABLE and value_hash(salt, original) in hashes

    return kept


def record_salt(salt: bytes, record_id: str) -> bytes:
    """The key of one record's hashes: the user's salt bound to the record's id, so the same
    value hashes differently in two drafts' records and a committed hash links nothing across
    drafts (a restore made for one draft names no value of another)."""
    return hmac.new(salt, b"intake-record\0" + record_id.encode("utf-8"), hashlib.sha256).digest()


def _env_salt() -> bytes | None:
    """``$INTAKE_SCRUB_SALT``: the salt given by the environment instead (a CI secret, so the
    gate's re-scan there knows the restores too); 32 characters at least, else ignored."""
    text = (Environ.of().INTAKE_SCRUB_SALT or "").strip()
    return text.encode("utf-8") if len(text) >= 32 else None


def _user_salt_file() -> Path:
    """The salt's file: in the user's state folder beside the journal key
    (``intake.userconfig.state_dir``), outside every repository."""
    from intake.userconfig import state_dir

    return state_dir() / SALT_FILE


def suite_salt(work: Path | None = None) -> bytes:
    """The salt restores are bound to: ``$INTAKE_SCRUB_SALT``, else the user's own
    (``scrub-salt`` in the state folder beside the journal key, mode 0600), made on first use.

    Never looked up through the checkout or its parents (``find_salt``). ``work`` is accepted
    for the callers' sake and not read."""
    del work
    found = find_salt()
    if found is not None:
        return found
    from intake.fileio import atomic_write

    path = _user_salt_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = secrets.token_hex(32)
    atomic_write(path, text + "\n")
    with contextlib.suppress(OSError):  # a file system without modes (Windows)
        path.chmod(0o600)
    return text.encode("ascii")


def _read_salt(path: Path) -> bytes | None:
    try:
        if path.is_symlink():
            return None
        text = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text.encode("ascii", "replace") if len(text) >= 32 else None


def find_salt() -> bytes | None:
    """The user's salt (``$INTAKE_SCRUB_SALT`` first), or ``None`` when there is none: then
    nothing was ever restored on this machine. Nothing in a checkout or above it is a key: a
    salt a pull request can carry (``drafts/.intake/scrub-salt``) would let it compute the
    hashes of its own exemptions."""
    return _env_salt() or _read_salt(_user_salt_file())


def masked_context(text: str, start: int, end: int, width: int = 24) -> str:
    """Up to ``width`` characters of ``text`` either side of ``text[start:end]``, that span
    between ``«»``, on one line. ``text`` is the *scrubbed* text and the span its fixture, so
    the context holds no original value (everything around it was scrubbed too). Either side
    is cut at a blank, never inside a token (a run is taken whole up to ``2 * width``
    characters, else left out): a fixture cut in two (``/home/user/p…``) is no
    longer a fixture, and the gate's re-scan of the record would take the fragment for a
    value."""
    first = max(0, start - width)
    while first > 0 and not text[first - 1].isspace() and start - first < 2 * width:
        first -= 1
    head = text[first:start]
    if first > 0 and not text[first - 1].isspace():
        blank = next((i for i, ch in enumerate(head) if ch.isspace()), len(head))
        head = head[blank:]
    last = min(len(text), end + width)
    while last < len(text) and not text[last].isspace() and last - end < 2 * width:
        last += 1
    tail = text[end:last]
    if last < len(text) and not text[last].isspace():
        tail = drop_partial_tail(tail)
    shown = (
        ("…" if first > 0 else "")
        + head
        + "«"
        + text[start:end]
        + "»"
        + tail
        + ("…" if end + len(tail) < len(text) else "")
    )
    return " ".join(shown.split()) if shown.strip() else shown
