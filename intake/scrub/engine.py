"""The scrubber: finds private data with Presidio and replaces it with consistent fixtures.

Everything that decides *what* is private is data in ``scrubbers/`` (a Presidio
recognizer-registry YAML, allow-lists, fixture formats); code-backed checks live in
``intake.scrub.recognizers``. The engine is built to work offline, and fast:

* Presidio's ``no_op`` NLP engine: no spaCy model, never a download. An optional spaCy NER
  model (PERSON, LOCATION) is used only when named and already installed.
* Case-sensitive flags from the registry YAML, a no-op context enhancer (the default one
  deep-copies every result and does nothing without tokens).
* Fail closed: Presidio logs a warning and *skips* a pattern that times out; any warning or
  exception during analysis raises ``ScrubError`` instead, so nothing half-scrubbed is written.
* Linear cost: long texts are analysed in overlapping chunks (``CHUNK_CHARS``).
* Speed without changing results: ``intake.scrub.recognizers.FastPatternRecognizer`` and,
  with no spaCy model, ``intake.scrub.presidio.LeanAnalyzer``; ``Scrubber(fast=False)`` runs
  stock Presidio throughout (``tests/test_scrub_perf_equivalence.py``: identical results).

Replacement is ours, not presidio-anonymizer's: overlaps are resolved first (a token inside a
URL replaces the token, not the host), fixtures are numbered in document order through one
``FixtureMap`` per draft, and every fixture is allow-listed so a scrubbed text scrubs to itself.

Presidio is imported only when a ``Scrubber`` is built, so importing this module is cheap.
"""

from __future__ import annotations

import base64
import bisect
import collections
import contextlib
import copy
import itertools
import logging
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, cast

import regex

from intake.errors import ConfigError, InputError, IntakeError, ScrubError
from intake.scrub.definitions import (
    SCRUBBER_VERSION,
    SECRET_PRIORITY,
    UserNameRule,
    load_allow_rules,
    packaged_scrubbers_dir,
    scrubber_config_hash,
    user_name_rules,
    word_lists,
)
from intake.scrub.fixtures import (
    ENCODED_PLUS,
    FixtureMap,
    FixtureSpec,
    fill_token,
    fixture_root,
    load_fixture_config,
    path_separator,
    split_path,
)
from intake.scrub.illustrative import illustrative, marked_redacted, x_masked
from intake.scrub.normalise import WRAP_BREAK, needs_normalising, normal_value, normalise

if TYPE_CHECKING:
    from presidio_analyzer import AnalyzerEngine, RecognizerResult  # noqa: TID251

    from intake.config import Settings
    from intake.contract.models import ScrubReport
    from intake.scrub.presidio import RegistryFile
    from intake.scrub.tiers import Kept


MAX_TEXT_CHARS = 64 * 1024 * 1024
"""Longer texts are refused with ``InputError`` (a 50 MB transcript is still scrubbed)."""

CHUNK_CHARS = 1024 * 1024
"""Characters analysed per Presidio call; keeps memory and regex time per call bounded."""

CHUNK_MARGIN = 32 * 1024
"""Context analysed on each side of a chunk; a match longer than this may be split."""

_BATCH_SEP = "\n\x00\n"
"""Between the texts of one batched analysis (``Scrubber._batched_raw``)."""

BATCH_CHARS = 64 * 1024
"""Characters of short texts analysed together (results per call stay few, so Presidio's
pairwise de-duplication stays cheap)."""

_MEMO_TEXT_CHARS = 4096
"""Texts up to this long have their analysis kept for the process (``Scrubber._remember``)."""

_MEMO_CHARS = 16 * 1024 * 1024
"""Characters of text the memo holds at most before it is emptied."""

REGEX_TIMEOUT_SECONDS = 10
"""Per pattern and chunk. A timeout fails the whole text (Presidio alone would skip it)."""


# --------------------------------------------------------------------------- results


class Finding(NamedTuple):
    """One detected value, never the value itself: the scrubber's one shape of it, from the
    analysis through overlap resolution and replacement to the record's ``ScrubSpan``
    (``Scrubber.report`` reads its fields). A tuple: cheap to build, one per regex match."""

    entity_type: str
    start: int
    end: int
    score: float = 0.5
    """Presidio's score (0.5 for a span the engine adds); ranks overlapping findings."""
    inner: tuple[Finding, ...] = ()
    """Findings resolved into this one's span (a token inside a path), with their types."""
    names: tuple[str, ...] = ()
    """Learned user names inside a path (set after overlaps are resolved): each is replaced by
    its own fixture and the rest of the path stays."""
    fixture: str = ""
    """What replaces the span, once it is chosen (``Scrubber.planned``; ``edited`` writes it)."""
    json_path: str = "$"
    tier: str | None = None
    """``final`` or ``restorable`` (``intake.scrub.tiers``), when the scrub was asked for it."""
    value_hash: str | None = None
    """The salted hash of the original value (``tiers.value_hash``), never the value."""
    context: str | None = None
    """The scrubbed text around the fixture (``tiers.masked_context``), never the value."""


@dataclass(frozen=True)
class FileFinding:
    """A finding located in a file: its type, the file (as shown) and the line, never the
    value. The one shape from the scanner (``files.scan_paths``, ``files.scrub_scan``) through
    the promotion gates to ``intake check`` and ``intake scrub --check``."""

    entity_type: str
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.entity_type} at {self.file}:{self.line}"

    def to_dict(self) -> dict[str, str | int]:
        """JSON-ready form (``intake scrub --check --format json``)."""
        return {"entity_type": self.entity_type, "file": self.file, "line": self.line}


@dataclass
class ScrubResult:
    """The scrubbed text and what was replaced (offsets into the *original* text)."""

    text: str
    findings: list[Finding] = field(default_factory=list)


def edited(text: str, edits: Iterable[Finding]) -> str:
    """``text`` with each finding's span ``[start, end)`` replaced by its ``fixture``."""
    out, pos = [], 0
    for start, end, new in sorted((e.start, e.end, e.fixture) for e in edits):
        out.append(text[pos:start])
        out.append(new)
        pos = end
    out.append(text[pos:])
    return "".join(out)


def unrestored(text: str, found: list[Finding], kept: Kept | None) -> list[Finding]:
    """The findings of ``text`` but those ``kept`` names (values a reviewer restored)."""
    if kept is None:
        return found
    return [c for c in found if not kept(c.entity_type, text[c.start : c.end])]


def refuse_oversized(length: int, what: str, *, where: str, limit: int = MAX_TEXT_CHARS) -> None:
    """``InputError`` for a text longer than the scrubber takes (it fails closed, never cuts)."""
    if length > limit:
        raise InputError(
            f"{what} too large to scrub ({length} characters, limit {limit})", where=where
        )


# --------------------------------------------------------------------------- engine


class _WarningTrap(logging.Handler):
    """Collects WARNING+ records logged by Presidio on the current thread."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self._local = threading.local()

    def start(self) -> None:
        self._local.records = []

    def stop(self) -> list[logging.LogRecord]:
        records: list[logging.LogRecord] = getattr(self._local, "records", [])
        self._local.records = None
        return records

    def emit(self, record: logging.LogRecord) -> None:
        records = getattr(self._local, "records", None)
        if records is not None:
            records.append(record)


_PERCENT_SLASH = regex.compile(r"%2[Ff]")
_PUBLIC_IDS = (
    (
        regex.compile(r"<component[ \t]++name=\"ProjectId\"[ \t]++id=\"\Z"),
        regex.compile(r"[A-Za-z0-9]{20,40}+"),
        '"',
    ),
    (
        regex.compile(
            r"(?<!(?i:secret|token|passw(?:or)?d|pwd|key)[\"']?[ \t]*+[:=][ \t]*+[\"']?)"
            r"(?<![A-Za-z0-9+/])SHA256:\Z"
        ),
        regex.compile(r"[A-Za-z0-9+/]{43}+"),
        "",
    ),
    (
        regex.compile(r"(?:\"crashReporterKey\"[ \t]*+:[ \t]*+\"|\bCrashReporter[ ]Key:[ \t]++)\Z"),
        regex.compile(r"[0-9A-Fa-f]{8}+(?:-[0-9A-Fa-f]{4}+){3}+-[0-9A-Fa-f]{12}+|[0-9A-Fa-f]{40}+"),
        "",
    ),
    (
        regex.compile(r"\"reqId\"[ \t]*+:[ \t]*+\"\Z"),
        regex.compile(r"[A-Za-z0-9+/@_-]{16,40}+"),
        '"',
    ),
    (
        regex.compile(r"\bpam_[A-Za-z0-9_]++\([^\s():]{1,64}+:\Z"),
        regex.compile(r"auth|setcred|account|session|chauthtok"),
        ")",
    ),
)
"""Public ids by what precedes them (``before``, the value's shape, what must follow it): since
1.28.0 (stop 50) IntelliJ's project id, ``<component name="ProjectId" id="…"/>`` in
``.idea/workspace.xml`` (a random id the IDE makes for a project, like the changelist UUIDs beside
it; no account or person behind it; a GPG key id after git's ``signingkey`` is not one: it names
its owner on a keyserver, stop 45's decision, docs/scrubber.md); since 1.29.0
OpenSSH's fingerprint of a public key, ``SHA256:`` and 43 unpadded base64 characters
(openssh-portable's ``sshkey.c``, ``sshkey_fingerprint`` with ``SSH_FP_BASE64``: what ``ssh -v``,
``ssh-keygen -l`` and ``sshd``'s ``acceptable for RSA SHA256:…`` print; a digest of public
material), unless a secret's name is written just before it; and the ``crashReporterKey`` of an
Apple crash report (``.ips`` JSON) or its text form's ``CrashReporter Key:``: an anonymised
machine id macOS writes for sharing, kept like its siblings ``sleepWakeUUID`` and ``incident``;
since 1.43.0 (stop 52) nextcloud.log's ``"reqId"`` (Nextcloud's ``Request::getId``: Apache's
``UNIQUE_ID`` or 20 random characters, an id to find one request's lines, no
credential); since 1.122.0 (stop 59) the management group of Linux-PAM's log prefix,
``pam_<module>(<service>:<group>)`` (libpam's ``pam_vsyslog``: the module, the service, then
``auth``, ``setcred``, ``account``, ``session`` or ``chauthtok`` for the call being made), whose
service may end in ``password`` (GDM's ``gdm-password``, ``passwd``): one of five words, no
value."""
_NOT_JUDGED = frozenset({"KEEP_PUBLIC_MATERIAL", "PRIVATE_KEY"})
"""Secret-ranked findings ``illustrative`` is not asked about: kept material and key blocks
(their own rule, ``private_key_without_body``). Paths, e-mail addresses and user names rank
below ``SECRET_PRIORITY`` and are never asked."""
_ENCODED_TYPES = frozenset({"GENERIC_SECRET", "BASIC_AUTH", "HIGH_ENTROPY_SECRET"})
"""Secrets that may be base64 of text: replaced by the base64 of the scrubbed text."""
_NAME_FIXTURE_TYPES = ("EMAIL_ADDRESS", "FILE_PATH", "USER_NAME")
"""The types whose fixtures are names (``Scrubber.is_name_fixture``)."""
_B64_WORD = regex.compile(r"^[A-Za-z0-9+/]++={0,2}+$")
_B64_RUN = regex.compile(r"[A-Za-z0-9+/]{12,}+={0,2}+")
_FIXTURE_WORDS = regex.compile(r"[\s:;,]+")
"""What separates a name's fixture from the words beside it in decoded text."""
_NAME_FIXTURE_PASSWORD = regex.compile(r"user[1-9][0-9]{0,8}+")
"""A login's fixture as ``fixtures.yaml`` writes it (``user{n}``), read as a URL's password."""


def _holds_marker(text: str, marker: str, depth: int = 3) -> bool:
    """Whether ``text`` holds a fixture, also inside base64 nested up to ``depth`` deep."""
    if marker in text:
        return True
    if depth <= 0:
        return False
    for m in _B64_RUN.finditer(text):
        inner = _decode_b64_text(m.group(0))
        if inner is not None and _holds_marker(inner, marker, depth - 1):
            return True
    return False


def _b64_bytes(value: str) -> bytes | None:
    """The bytes a standard base64 value encodes (its length a multiple of 4), else None."""
    if len(value) % 4 or not _B64_WORD.match(value):
        return None
    try:
        return base64.b64decode(value, validate=True)
    except ValueError:
        return None


def _decode_b64_text(value: str) -> str | None:
    """The text a base64 value of 8+ characters encodes (printable UTF-8, 4+ characters),
    else None."""
    raw = _b64_bytes(value) if len(value.rstrip("=")) >= 8 else None
    try:
        text = raw.decode("utf-8") if raw is not None else ""
    except UnicodeDecodeError:
        return None
    if len(text) < 4 or not all(c.isprintable() or c in "\n\r\t" for c in text):
        return None
    return text


_B64_JSON_START = ("eyJ", "W3s", "WyJ")
"""How base64 of a JSON object or array begins (``{"``, ``[{``, ``["``)."""


def decode_b64_json(value: str) -> str | None:
    """The JSON text a base64 or base64url value encodes (a JWT header, a cut-off payload),
    else None: printable UTF-8 that begins like a JSON object or array."""
    if not value.startswith(_B64_JSON_START):
        return None
    body = value.rstrip("=")
    try:
        raw = base64.urlsafe_b64decode(
            body.replace("+", "-").replace("/", "_") + "=" * (-len(body) % 4)
        )
    except ValueError:
        return None
    text = raw.decode("utf-8", errors="ignore")  # a cut-off value may end inside a character
    if len(text) < len(raw) - 3 or not all(c.isprintable() or c in "\n\r\t" for c in text):
        return None
    return text if text.startswith(("{", "[")) else None


_TEXT_DATA_URI = regex.compile(
    r"\bdata:(?:text/[A-Za-z0-9.+-]++|application/(?:json|xml|javascript|x-sh|x-yaml|yaml|toml"
    r"|x-www-form-urlencoded|x-ndjson|[A-Za-z0-9.-]++\+(?:json|xml)))"
    r"(?:;(?!base64,)[A-Za-z0-9=.-]++)*+;base64,(?P<payload>[A-Za-z0-9+/]++=*+)"
)
"""A ``data:`` URI with a text payload (``text/*``, JSON, XML, YAML, scripts)."""
_WRAP_TAIL = regex.compile(
    r"[ \t]*+\r?\n[ \t]*+(?:>[ \t]?+)*+(?P<tail>[A-Za-z0-9_+/-]{6,512}+={0,2}+)[ \t]*+(?=\r?\n|$)"
)
"""The next line of a soft-wrapped secret: one run of token characters, alone on its line."""
_TAIL_SHAPE = regex.compile(r"^(?=[^0-9]*+[0-9])(?=[^A-Za-z]*+[A-Za-z])")
_FIXTURE_AT = regex.compile(r"0*+[1-9][0-9]*+(?![A-Za-z0-9])")
"""A fixture's number, right after its marker, ending a word (``ghp_FAKE0…1``, not ``FAKE1Qr``)."""
_URL_USERINFO = regex.compile(r"[A-Za-z][A-Za-z0-9+.-]*+://[^\s/@:]*+:(?:\$\{?+)?+$")
"""The start of a URL's ``user:`` userinfo, right before an e-mail-shaped ``password@host``
(also a shell variable's: ``user:$TOKEN@host``, ``user:${TOKEN}@host``)."""

_URL_ENCODED_USERINFO = regex.compile(r"[A-Za-z][A-Za-z0-9+.-]*+://[\w.+-]{1,64}+%(?:40)?+$")
"""A URL's userinfo holding an address with its ``@`` percent-encoded (RFC 3986 3.2.1:
``imap://<login>%40<domain>@<host>/``), right before the ``<domain>@<host>`` that reads as an
e-mail (whose local part may start with the escape's ``40``): the login before ``%40`` is the
user-name rules' (since 1.40.0, stop 52)."""

_PUBLIC_PEM = regex.compile(r"-----BEGIN (?:CERTIFICATE|X509 CRL|[A-Z ]*PUBLIC KEY)-----")
"""Public PEM material: a certificate, a public key."""

_EXTENSION_UUID_BEFORE = regex.compile(
    r"(?:gnome-shell[/\\]++extensions[/\\]++"
    r"|\bgnome-extensions[ \t]++(?:enable|disable|info|show|prefs|reset|uninstall)[ \t]++"
    r"(?:-[^\s]++[ \t]++)*+[\"']?+"
    r"|\b(?:enabled|disabled)-extensions\b[^\n]*?(?:\r?\n[ \t]*+)?+\[[^\]\n]*[\"']"
    r"|\"uuid\"[ \t]*+:[ \t]*+\""
    r"|\bJS[ ](?:ERROR|WARNING):[ ]Extension[ ])\Z"
)
"""What stands before a GNOME Shell extension's uuid (``<name>@<author's domain>``, a public id
extensions.gnome.org publishes): its folder under ``…/gnome-shell/extensions/``, the argument
of ``gnome-extensions enable``, an item of the ``enabled-extensions`` list, ``metadata.json``'s
``"uuid"`` (since 1.35.0, stop 51); since 1.49.0 (stop 53) the prefix GNOME Shell gives an
extension's error in GJS's ``logError(error, prefix)`` line (``JS ERROR: Extension <uuid>:
Error: …``, ``JS WARNING: …``)."""


def _extension_uuid(text: str, start: int, end: int) -> bool:
    """Whether the address-shaped ``text[start:end]`` is a GNOME Shell extension's uuid by
    where it stands (``_EXTENSION_UUID_BEFORE``), ended by a folder's slash, a quote, a blank
    or the line's end."""
    if end < len(text) and text[end] not in "/\\\"' \t\r\n,]:":
        return False
    return _EXTENSION_UUID_BEFORE.search(text[max(0, start - 300) : start]) is not None


_KUBE_USER_BEFORE = regex.compile(r"(?:^|\n)[ \t]*+(?:-[ \t]++)?+(?:user|name):[ \t]++[\"']?+\Z")
"""What stands before a kubeconfig's user name: a context's ``user:`` or a ``users:`` item's
``- name:``."""

_KUBE_ROLE_LOCAL = regex.compile(
    r"(?i:qa|dev|developer|ops|devops|sre|test|tester|admin|ci|cd|prod|staging|readonly"
    r"|read-only|viewer|editor|deploy|deployer|operator|experimenter)"
)
"""A role's local part (a team's or a permission's, Kubernetes' ``developer`` and
``experimenter`` of "Configure Access to Multiple Clusters")."""


_SSH_REPOSITORY_BEFORE = regex.compile(
    r"(?:\bsftp:|(?:^|\n)[^\n]*?\b(?:ssh|scp|sftp|rsync|sshfs|borg|restic|rclone)(?![\w-])"
    r"[^\n]*?[\s=\"'])\Z"
)
"""What stands before an ssh repository target ``<login>@<host>:<path>``: restic's and
rclone's ``sftp:`` (restic's docs, "Preparing a new repository", SFTP; rclone's on-the-fly
``sftp:user@host:``), or a word on a transfer or backup tool's line (borg's
``<login>@<host>:repo``, scp's and rsync's ``<login>@<host>:/path``)."""


def _ssh_repository_target(text: str, start: int, end: int) -> bool:
    """Whether the address-shaped ``text[start:end]`` is a login at a host in an ssh
    repository target, never an e-mail: ``sftp:admin@nas.example.org:/share/restic`` after
    ``sftp:``, or ``<login>@<host>:<path>`` on a borg, restic, rclone, rsync, scp or ssh line
    (a ``:`` right after the host, then the path). The login and a host label are judged as
    names (``user_names.yaml``'s ``login`` and ``ddns_host_label``). Since 1.43.0 (stop 52)."""
    before = text[max(0, start - 200) : start]
    if before.endswith("sftp:"):
        return True
    if not text.startswith(":", end) or end + 1 >= len(text) or text[end + 1].isspace():
        return False
    return _SSH_REPOSITORY_BEFORE.search(before) is not None


_SSH_DESTINATION_BEFORE = regex.compile(
    r"(?:^|\n)[^\n]*?(?<![\w.-])(?:ssh|slogin|mosh|ssh-copy-id)"
    r"(?:[ \t]++-[A-Za-z]++(?:[ \t]++(?!-)[^\s@]++)?+)*+[ \t]++\Z"
)
"""What stands before ssh's destination ``[user@]hostname`` (ssh(1): ``ssh [options]
destination [command]``; slogin's, mosh's and ssh-copy-id's the same): the command on the
line, then only its options and their values."""


def _ssh_destination(text: str, start: int) -> bool:
    """Whether the address-shaped text at ``start`` is ssh's destination, a login at a host,
    never an e-mail: ``ssh -v root@router.asus.com`` (a host with a public suffix). The login
    is judged as a login (``user_names.yaml``'s ``login``), the host kept. Since 1.45.0 (stop
    53)."""
    return _SSH_DESTINATION_BEFORE.search(text[max(0, start - 200) : start]) is not None


_IRC_IDENT_AT_HOST = regex.compile(
    r"[ \t]*+(?:(?:\[?+[0-9][0-9.:]*+\]?+|<<|>>|-->|<--|-!-|<[^\s>]{1,40}+>)[ \t]++)*+(?:"
    r"[^\s]++[ \t]++is[ \t]++~?+(?P<whois>[^\s@~]++@[^\s@]++)[ \t]++\*(?:[ \t]|$)"
    r"|(?:\*|[#&+!][^\s,]*+)[ \t]++[^\s]++[ \t]++[HG][*@+%~&]*+[ \t]++[0-9]++[ \t]++~?+"
    r"(?P<who>[^\s@~]++@[^\s@]++)[ \t]++\[)",
    regex.M,
)
"""An IRC client's rendered whois line (``311`` RPL_WHOISUSER: ``<nick> is <ident>@<host> *
<real name>``) or ``/who`` row (``352`` RPL_WHOREPLY as irssi prints it: ``<channel> <nick>  H
<hops>  <ident>@<host> [<real name>]``): RFC 2812's ``nickname [ "!" user ] "@" host``."""


def _irc_ident_at_host(text: str, start: int) -> bool:
    """Whether the address-shaped text at ``start`` is the ``<ident>@<host>`` of an IRC whois
    line or ``/who`` row, a login at a host (or a network service's, ``NickServ@services.…``),
    never an e-mail. The ident and the nick are judged as logins (``user_names.yaml``'s
    ``irc_who_*`` and ``irc_whois_*``). Since 1.52.0 (stop 53)."""
    line = text.rfind("\n", 0, start) + 1
    m = _IRC_IDENT_AT_HOST.match(text, line)
    return m is not None and start in (m.start("whois"), m.start("who"))


_LEVEL_AT_LOGGER = regex.compile(r"(?<=\[)(?:TRACE|DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL)@")
"""A log line's ``[<level>@<logger>]`` (mautrix's format, ``[%(levelname)s@%(name)s]``:
``[DEBUG@mau.as.api]``): a level at a logger's dotted name, never an e-mail."""


_SIP_SCHEME_BEFORE = regex.compile(r"(?i:(?<![\w.+-])sips?+:)[.+-]?+\Z")
"""A SIP or SIPS URI's scheme just before an address-shaped ``user@host`` (RFC 3261 §19.1)."""

_PROMPT_AFTER_HOST = regex.compile(r":[~/][^\s@#$]{0,200}+[#$](?=[ \t]|\r?$)", regex.M)
"""What follows the host of a shell prompt ``user@host:~#``/``user@host:/etc$`` (bash's
default PS1): a folder after a colon, then ``$`` or ``#`` before a space or the line's
end."""

_LINE_START_BEFORE_PROMPT = regex.compile(r"(?:^|(?<=\n))(?:\([^()\n]{1,40}+\)[ ]?+)?+\Z")
"""A line's start, or a ``(venv)``/``(base)`` prefix, just before a prompt's login."""


def _sip_uri_or_prompt(text: str, start: int, end: int) -> bool:
    """Whether the address-shaped ``text[start:end]`` is a SIP URI's ``user@host`` (RFC 3261
    §19.1.1: ``sip:user@host``, ``sips:``), whose user part is a login and whose host a SIP
    domain, or a shell prompt's ``user@host`` at a host with dots (``root@pbx.example.net:~#
    ngrep …``): never an e-mail. The login is judged as one (``user_names.yaml``'s
    ``sip_uri_user``, ``prompt``); the host stays. Since 1.72.0 (stop 55, batch 118)."""
    if _SIP_SCHEME_BEFORE.search(text, max(0, start - 8), start) is not None:
        return True
    return (
        _PROMPT_AFTER_HOST.match(text, end) is not None
        and _LINE_START_BEFORE_PROMPT.search(text, max(0, start - 44), start) is not None
    )


_PBS_JOB_OWNER_BEFORE = regex.compile(r"(?:\bJob_Owner[ \t]*+=[ \t]*+|<Job_Owner>)\Z")
"""What stands before PBS's ``Job_Owner`` value: ``qstat -f``'s ``Job_Owner = `` and ``qstat
-fx``'s ``<Job_Owner>`` (PBS Professional's and Torque's job attribute, ``<login>@<submit
host>``)."""


def _pbs_job_owner(text: str, start: int, end: int) -> bool:
    """Whether the address-shaped ``text[start:end]`` is PBS's ``Job_Owner``: the login of the
    job's owner at the host it was submitted from, never an e-mail (the login is judged as a
    name, ``user_names.yaml``'s ``pbs_job_owner``; the host stays). Since 1.46.0 (stop 53)."""
    return _PBS_JOB_OWNER_BEFORE.search(text, max(0, start - 24), start) is not None


def _kubeconfig_role_user(text: str, start: int, end: int) -> bool:
    """Whether the address-shaped ``text[start:end]`` is a kubeconfig's user nickname for a role
    at the cluster's own domain (``users: - name: qa@k8s.work`` beside ``server:
    https://k8s-api.v.k8s.work:6443``): a kubeconfig's user name is the file's own nickname for
    a credential (kubernetes.io, "Organizing Cluster Access Using kubeconfig Files"), and a
    role's local part at the server's own domain names a team, not a person. Since 1.36.0
    (stop 51)."""
    if "clusters:" not in text or "users:" not in text:
        return False
    if _KUBE_USER_BEFORE.search(text[max(0, start - 80) : start]) is None:
        return False
    local, _, domain = text[start:end].partition("@")
    if not domain or _KUBE_ROLE_LOCAL.fullmatch(local) is None:
        return False
    server = rf"(?m)^[ \t]*+server:[ \t]++https?+://(?:[A-Za-z0-9-]++\.)*?{regex.escape(domain)}(?=[:/\s]|$)"
    return regex.search(server, text) is not None


def _rule(name: str) -> regex.Pattern[str]:
    """The pattern of ``scrubbers/user_names.yaml``'s rule ``name``."""
    return user_name_rules()[name].pattern


def _marked(name: str, text: str) -> bool:
    """Whether ``text`` holds one of the ``markers`` of ``user_names.yaml``'s rule ``name``."""
    return any(t in text for t in user_name_rules()[name].markers)


def _arn_word_users(text: str) -> list[Finding]:
    """An ARN's user that is an English or role word (``user/developer``): replaced in the ARN
    only, not learned for the document (``The developer fixed it.`` stays)."""
    return [
        Finding("USER_NAME", m.start(1), m.end(1))
        for m in _rule("cloud_arn").finditer(text)
        if _a_name(m.group(1)) and not _record_login(m.group(1))
    ]


def _database_url_users(text: str) -> list[Finding]:
    """A database URL's role (``user_names.yaml``'s ``database_url_login``:
    ``postgresql://<role>:<pw>@host/db``), replaced where it stands only, not learned for the
    document (since 1.68.0, stop 55): an application's own role (``matcher``) is then not
    spread into the application's file names (``…/data/matcher.style``), its database name or
    its table prefix, and a person's login there still goes. The roles ``learn_user_names``
    turns away stay too: shorter than three characters, role, placeholder and system accounts,
    a database user the text declares (``_declared_database_users``)."""
    if "://" not in text:
        return []
    declared = _declared_database_users(text)
    return [
        Finding("USER_NAME", start, start + len(m.group(1)))
        for m in _rule("database_url_login").finditer(text)
        if len(m.group(1)) >= 3
        and m.group(1).lower() not in declared
        and _not_base64_text(m.group(1))
        and _learnable(text, m.group(1))
        for start in (
            *_login_and_same_password(text, m.group(1), m.start(1)),
            *_database_named_after(text, m.group(1), m.end()),
        )
    ]


_URL_DATABASE = regex.compile(r"[^\s/?#@\"'`<>]{1,255}+/([A-Za-z0-9][A-Za-z0-9_-]{0,63}+)")
"""A database URL's host and port, then its path's first segment, the database (libpq's
``postgresql://[userspec@][hostspec][/dbname]``, MongoDB's ``mongodb://[user:pw@]host[:port]
[/defaultauthdb]``, MySQL's and MariaDB's ``…/schema``)."""


def _database_named_after(text: str, login: str, host: int) -> tuple[int, ...]:
    """Where a database named after a URL's login stands (since 1.148.0, stop 61, batch 180's
    tune miss): the URL's database is the login and a number (``mongodb://<u>:<pw>@host/<u>088``,
    the per-user database a shared server hands out), so the poster's login is in that name
    wherever the text repeats it (the shell's ``connecting to: …/<u>088``, ``show dbs``, a
    second URL): the login's part of each whole occurrence of that very name, in its case. A
    database of another name (``app001`` beside ``user:…@``), the login alone as the database
    (``matcher:…@host/matcher``, an application's own role and data) and letters after the
    number teach nothing."""
    m = _URL_DATABASE.match(text, host)
    if m is None:
        return ()
    rest = m.group(1)[len(login) :]
    if not (m.group(1).startswith(login) and rest.isdigit() and len(rest) <= 6):
        return ()
    name = regex.compile(
        rf"(?<![A-Za-z0-9_-]){regex.escape(login)}(?={regex.escape(rest)}(?![A-Za-z0-9_-]))"
    )
    return tuple(n.start() for n in name.finditer(text))


def _login_and_same_password(text: str, login: str, start: int) -> tuple[int, ...]:
    """Where a URL's login stands, and its password too when the password is the login itself
    (``postgresql://bob:bob@…``, an image's ``airflow:airflow`` pattern): a password equal to
    a login that goes would give the login away (``user1:bob``), so it goes with it and gets
    the login's fixture (``user1:user1``, which ``_url_password_is_name_fixture`` keeps on a
    second pass). Since 1.120.0 (stop 59, batch 165)."""
    after = start + len(login)
    if text.startswith(f":{login}@", after):
        return (start, after + 1)
    return (start,)


def _url_password_is_name_fixture(entity_type: str, value: str) -> bool:
    """Whether a URL's password is a login's fixture (``user1``; ``fixtures.yaml``'s
    ``USER_NAME`` template): the scrub wrote it, for a password that was a login it replaced
    (``postgresql://airflow:airflow@…`` and ``https://deploy:<learned login>@…`` become
    ``…://user1:user1@…`` and ``…://deploy:user1@…``: one original, one fixture), so a second
    pass keeps it, as it keeps a name's fixture under ``token:`` (issue 35 item 5: one pass
    is final; before 1.120.0 the second pass made it ``FAKE1``)."""
    return entity_type == "URL_CREDENTIALS" and _NAME_FIXTURE_PASSWORD.fullmatch(value) is not None


def _fork_logins(text: str) -> set[str]:
    """In a log of merges, the owners of forks: the repository's own branches come from its
    owner, the most frequent source; every other source is a fork, a person's login. With one
    source, or a tie, nothing is learned (the owner is not told apart)."""
    counts = collections.Counter(m.group(1) for m in _rule("merge_source").finditer(text))
    if len(counts) < 2:
        return set()
    (top, n), (_, second) = counts.most_common(2)
    if n == second:
        return set()
    return {owner for owner in counts if owner != top}


_JOB_TABLE_HEADER = regex.compile(
    r"(?m)^[^\n]{0,40}?(?<![^\s'\"])(?P<id>JOBID|JOB_ID|Job[ ]ID|job-ID|PID)[ \t]++[^\n]*+$"
)
"""A job table's header: a line whose first column is the job id's (``JOBID``, ``JOB_ID``,
``Job ID``, ``job-ID``), after at most a short prefix (a ``set -x`` trace's ``+ job_info='``);
since 1.50.0 (stop 53) also a process table's whose first column is the ``PID`` (``top``'s
``PID USER PR NI …``, ``ps -o pid,user,…``)."""
_JOB_ROW_LOGIN = regex.compile(r"[A-Za-z_][A-Za-z0-9._-]{0,31}+")
_ANONYMISED_ID = regex.compile(r"[A-Za-z]{1,3}+123(?:4(?:5(?:6(?:7(?:8(?:9)?+)?+)?+)?+)?+)?+")
"""An anonymised user id: a letter or three and a counting run (``x123``, ``z12345``)."""


def _job_table_users(text: str) -> set[str]:
    """Logins in the user column of the HPC schedulers' job tables: a header that starts with
    the job id's column and names a ``USER`` (``Username``, ``user``) column among at least
    four (squeue's default ``JOBID PARTITION NAME USER ST TIME NODES NODELIST(REASON)``, LSF's
    ``bjobs``' ``JOBID USER STAT QUEUE …``, Torque's ``qstat``'s ``Job ID Username Queue …``,
    Grid Engine's ``job-ID prior name user state …``), then each row that starts with a job id
    (a digit), until a line that does not (a rule of dashes is skipped): the row's word under
    the user column, unless all capitals (a job state, ``PD``) or an anonymised id (``x123``).
    Since 1.46.0 (stop 53)."""
    found: set[str] = set()
    for header in _JOB_TABLE_HEADER.finditer(text):
        cols = text[header.start("id") : header.end()].replace("Job ID", "Job_ID").split()
        users = [i for i, c in enumerate(cols) if c.lower() in ("user", "username")]
        if len(cols) < 4 or not users:
            continue
        for row in text[header.end() + 1 :].splitlines():
            words = row.split()
            if words and set(row.strip()) <= {"-", " "}:
                continue
            if len(words) <= users[0] or not words[0][0].isdigit():
                break
            value = words[users[0]]
            if (
                _JOB_ROW_LOGIN.fullmatch(value)
                and not value.isupper()
                and not _ANONYMISED_ID.fullmatch(value)
                and (cols[0] != "PID" or _process_owner(text, value, words[users[0] + 1 :]))
            ):
                found.add(value)
    return found


def _process_owner(text: str, user: str, rest: list[str]) -> bool:
    """Whether a process table's owner (``top``'s, ``ps -o pid,user``'s USER column) may be a
    person's: no system or service account (``_service_account``: ``root``, ``avahi``,
    ``www-data``, ``_apt``), no English or role word (``_record_login``), and not the account a
    daemon runs under, named after its own program (the row's command, or a word after the
    user, is the user's name alone, with a daemon's ``d`` or joined by ``-``/``_``/``.``:
    ``polkitd``, ``avahi-daemon``, ``tlog-rec-session``, ``mysqld``). Since 1.50.0 (stop 53)."""
    return (
        _record_login(user)
        and not _service_account(text, user)
        and not any(_named_after(user, w) for w in rest)
    )


def _named_after(login: str, program: str) -> bool:
    """Whether ``program`` (a command or a path to one) is named after ``login``: the login
    alone, with a daemon's ``d``, or joined to more by a character no name holds (``polkitd``,
    ``avahi-daemon``, ``/usr/bin/tlog-rec-session``, ``-tlog-rec-session``, ``mysqld``): the
    account a daemon runs under, nobody's (``_process_owner``'s tables, ``_daemon_account``'s
    ``ps`` rows)."""
    own = rf"(?:^|/)-?{regex.escape(login)}d?(?![A-Za-z0-9])"
    return regex.search(own, program, regex.IGNORECASE) is not None


_PS_COMMAND = regex.compile(
    r"[ \t]*+\S++[ \t]++[0-9]++:[0-9]{2}(?:[.:][0-9]{2})?+[ \t]++"
    r"[ |\\_`-]*+(?:[^\s/]*+/)*+([^\s/]++)"
)
"""The START and TIME columns of a ``ps`` row after its STAT, then its COMMAND's program (after
a tree's ``\\_``, a login shell's ``-`` and a path), as ``procps``' ``ps u`` prints them."""


def _daemon_account(text: str, m: regex.Match[str]) -> bool:
    """Whether a ``ps`` row's USER runs a program named after it (``tlog … -tlog-rec-session``,
    ``geoclue … /usr/libexec/geoclue``, ``chrony … /usr/sbin/chronyd``): the program's own
    service account, nobody's. Since 1.49.0 (stop 53)."""
    login = m.group(2)
    if not login:
        return False  # a long listing's owner or sshd's title: no command on the row
    end = text.find("\n", m.end())
    command = _PS_COMMAND.match(text, m.end(), len(text) if end < 0 else end)
    if command is None:
        return False
    return _named_after(login, command.group(1))


def _account_logins(text: str) -> list[str]:
    """Logins a listing, a process table, a login record or a cloud ARN names
    (``user_names.yaml``'s ``listing``, ``login_record``, ``cloud_arn``), judged with the other
    accounts' by ``_account_entries`` (a listing's owner ``the`` is no login)."""
    rules = user_name_rules()
    matches = [m for m in rules["listing"].finditer(text) if not _daemon_account(text, m)]
    records = []
    if _marked("login_record", text) or (":" in text and _COLUMN_GAP.search(text)):
        records = [m.group(m.lastindex or 0) for m in rules["login_record"].finditer(text)]
    if ":user/" in text:
        records += [m.group(1) for m in _rule("cloud_arn").finditer(text)]
    if _marked("mac_bash_prompt", text):  # macOS bash's ``\h:\W \u\$`` on any host (1.99.0)
        records += [m.group("u") for m in _rule("mac_bash_prompt").finditer(text)]
    if "Directory:" in text:
        for listing in _rule("users_directory").finditer(text):
            matches += _rule("directory_row").finditer(listing.group("rows"))
    if "uid=" in text:  # the id answer's own account, numbered as a person's
        records += [m.group("login") for m in _OWN_ID.finditer(text) if _persons_uid(m)]
    return [m.group(m.lastindex or 0) for m in matches] + records + _advised_logins(text)


def _advised_logins(text: str) -> list[str]:
    """The login a tool's group advice names (``user_names.yaml``'s ``group_advice_login``:
    MicroK8s' ``add the user <u> to the 'microk8s' group:`` and its ``sudo usermod -a -G
    microk8s <u>``, Docker's install script's) and a long listing's owner beside macOS'
    ``staff`` group (``listing_staff_owner``, also in a row cut before its date). Since 1.110.0
    (stop 58, batch 156's tune misses)."""
    found: list[str] = []
    if " group" in text and " user" in text:
        found += [m.group(m.lastindex or 0) for m in _rule("group_advice_login").finditer(text)]
    if " staff " in text:
        found += [m.group(1) for m in _rule("listing_staff_owner").finditer(text)]
    return found


_PERSON_UIDS = range(1000, 60000)
"""The uids a distribution gives people's accounts (a service's are below, ``nobody`` above)."""

_DIRECTORY_UIDS = range(65536, 4294967294)
"""The uids a directory's users get on a client (since 1.54.0): SSSD's ID mapping
(sssd-ad(5)/sssd-ldap(5): ``ldap_idmap_range_min`` 200000 to ``ldap_idmap_range_max``
2000200000 by default) and winbind's ``idmap config`` ranges give a domain's accounts ids above
the 16-bit range, ``nobody``'s 65534 and ``nfsnobody``'s 4294967294 not among them."""

_MAC_PERSON_UIDS = range(501, 1000)
"""The uids macOS gives people's accounts, whose primary group is ``20(staff)`` (a service's
account is below 500, with its own group: ``uid=502(<login>) gid=20(staff)``)."""

_ID_ANSWER = (
    r"\buid=(?P<uid>[0-9]++)\({n}(?:@[A-Za-z0-9][A-Za-z0-9.-]{{0,252}}+)?+\)"
    r"(?:[ ]gid=(?P<gid>[0-9]++)\(staff\))?+"
)
"""The ``id`` answer's account (``uid=1000(<x>)``), with macOS's ``staff`` group when given;
since 1.54.0 also SSSD's fully qualified name (sssd.conf(5), ``use_fully_qualified_names``:
``<x>@<domain>``)."""


_OWN_ID = regex.compile(
    _ID_ANSWER.format(n=r"(?P<login>[a-z_][a-z0-9_.-]{0,31})")
    + r"(?(gid)|[ ]gid=[0-9]++\([^)\s]++(?:[ ][^)\s]++)*+\))"
    + r"[ ](?:groups|grupos|groupes|Gruppen|gruppi|groepen|grupy)="
)
"""An ``id`` answer read whole (uid, gid and groups: ``id`` printed it, not a sentence); since
1.54.0 a directory's group with a space (``gid=…(domain users)``) and ``groups=`` as coreutils'
translations print it (``grupos=``, ``groupes=``, ``Gruppen=``)."""


def _persons_number(uid: int, gid: str | None = None) -> bool:
    """Whether a uid numbers a person's account: a distribution's person's or a directory's,
    or one of macOS's beside the ``staff`` group (``gid`` 20, when the text gives it)."""
    return (
        uid in _PERSON_UIDS or uid in _DIRECTORY_UIDS or (uid in _MAC_PERSON_UIDS and gid == "20")
    )


def _persons_uid(answer: regex.Match[str]) -> bool:
    """Whether an ``_ID_ANSWER`` numbers its account as a person's (``_persons_number``)."""
    return _persons_number(int(answer.group("uid")), answer.group("gid"))


_SERVICE_EVIDENCE = (
    rf"(?i:{_ID_ANSWER}"
    r"|/(?:usr/share|usr/lib|var/lib|var/log|var/cache|opt|etc|srv)/{n}(?![A-Za-z0-9._-])"
    r"|(?<![A-Za-z0-9._-]){n}\.service\b)"
    r"|[$#%❯][ \t]++(?:sudo[ ]++)?+{n}[ \t]++[a-z-]"
)
"""The text's own evidence that an account is a service's: the ``id`` answer's uid outside a
person's range (``uid=996(<x>)``), its files under a system folder (``/var/lib/<x>``,
``/usr/share/<x>``, ``/opt/<x>``), a ``<x>.service`` unit, or its name run as a command at a
prompt (``$ <x> serve``)."""


def _service_account(text: str, name: str) -> bool:
    """Whether a login an account rule names is a system's or a service's: a listed one
    (``words.yaml``'s ``system_accounts``, ``_windowserver``, ``systemd-…``) or one the text
    shows to be a service (``_SERVICE_EVIDENCE``); a service's account is no one's, and a
    learned name is replaced everywhere (``$ ollama serve``)."""
    low = name.lower()
    if low in word_lists().system_accounts or low.startswith(("systemd-", "_")):
        return True
    rx = regex.compile(_SERVICE_EVIDENCE.format(n=regex.escape(name)))
    return any(m.group("uid") is None or not _persons_uid(m) for m in rx.finditer(text))


def _account_entries(text: str) -> set[str]:
    """The logins and full names an account database line or a look-up command names
    (``user_names.yaml``'s ``passwd``, ``profile``, ``command_arg``; ``_account_logins``): a
    login that is no system or service account nor an English or role word (``_record_login``,
    ``_service_account``), a full name that is a person's (the ``person_name`` rule). Neither
    is learned for a role account, whose full name is a role's (``Linux User``: ``_role_name``)."""
    pairs = [(login, "") for login in _account_logins(text)]  # (login, full name)
    pairs += _account_file_entries(text)
    if "User Name:" in text and _marked("profile", text):
        pairs += [(m.group(2), m.group(1).strip()) for m in _rule("profile").finditer(text)]
    if _marked("command_arg", text):
        pairs += [
            (m.group("login"), "")
            for m in _rule("command_arg").finditer(text)
            if not m.group("switch") or _switched_to_a_person(text, m.group("login"))
        ]
    out: set[str] = set()
    for login, name in pairs:
        if _role_name(name) or not _record_login(login) or _service_account(text, login):
            continue
        out.add(login)
        if _rule("person_name").match(name) and _a_name(name):
            out.add(name)
    return out


def _account_file_entries(text: str) -> list[tuple[str, str]]:
    """The (login, full name) pairs of an account database's lines: a person's passwd entry
    (``passwd``, ``_persons_entry``; also as Python's ``pwd.struct_passwd``), and since
    1.142.0 a group line's members, a shadow or subuid line's login (``account_file_logins``)
    and dscl's record of a person's account (``dscl_user``, ``_persons_uid``)."""
    pairs: list[tuple[str, str]] = []
    if ":/" in text or "pw_name=" in text:
        pairs += [
            (m.group(1), m.group(3).split(",")[0].strip())
            for m in _rule("passwd").finditer(text)
            if _persons_entry(m)
        ]
    if ":" in text:
        for m in _rule("account_file_logins").finditer(text):
            pairs += [(login, "") for login in m.group(1).split(",")]
    if "RecordName:" in text:
        pairs += [
            (m.group("login"), m.group("name"))
            for m in _rule("dscl_user").finditer(text)
            if _persons_uid(m)
        ]
    return pairs


_LOGIN_SHELL = regex.compile(r"(?:/usr(?:/local)?+)?+/bin/(?:ba|z|k|mk|c|tc|da|fi|o?k)?+sh")
"""A login shell as a passwd line's last field names it (``/bin/bash``, ``/usr/bin/zsh``,
``/bin/sh``): not a service's ``/usr/sbin/nologin``, ``/bin/false`` or ``/bin/sync``."""


def _persons_entry(m: regex.Match[str]) -> bool:
    """Whether a passwd line (``user_names.yaml``'s ``passwd``) is a person's account: its uid
    in a person's range (login.defs(5)'s UID_MIN 1000 to UID_MAX 60000, or a directory's) and
    its home under a home root (``/home/<login>``) or, since 1.142.0, anywhere with a login
    shell (``/srv/<x>`` with ``/bin/bash``; a service's folder named for it, ``/opt/<login>``,
    is ``_service_account``'s)."""
    return _persons_number(int(m.group(2))) and bool(
        home_segment(m.group(4) + "/") or _LOGIN_SHELL.fullmatch(m.group(5))
    )


def _switched_to_a_person(text: str, login: str) -> bool:
    """Whether the text's ``id`` answer numbers the account ``su -``/``sudo -u``/``id`` named
    as a person's (``_persons_uid``)."""
    rx = regex.compile(_ID_ANSWER.format(n=regex.escape(login)))
    return any(_persons_uid(m) for m in rx.finditer(text))


def _role_name(name: str) -> bool:
    """Whether an account's full name is a role's or a product's (a word of
    ``scrubbers/words.yaml``'s ``role_name_words``: ``Linux User``, ``Minecraft Server``,
    ``Git Version Control``, ``Frappe Bench``)."""
    return any(w in word_lists().role_name_words for w in name.lower().split())


_COLUMN_GAP = regex.compile(r"[^\s][ ]{2}|\t")
"""A row of ``last``/``who``/``w`` (the ``login_record`` rule's, beside its ``markers``): a
clock time's ``:`` and a column gap."""


def _record_login(name: str) -> bool:
    """Whether a login record's or a cloud ARN's user may be a person's: a name (``_a_name``)
    that is no English, role, type or form word (``scrubbers/words.yaml``'s ``word_logins``,
    ``role_name_words``, ``type_words``, ``not_a_password``: ``The``, ``developer``, ``kiosk``
    at a Mac's prompt, a prompt's offered ``[None]``) nor a test account's (``test4``:
    ``user_names.yaml``'s ``test_account``)."""
    words = word_lists()
    low = name.lower()
    return (
        _a_name(name)
        and low not in words.word_logins
        and low not in words.role_name_words
        and low not in words.type_words
        and low not in words.not_a_password
        and _rule("test_account").fullmatch(low) is None
    )


def home_segment(path: str) -> tuple[int, int] | None:
    """The span of the user's folder name in a (plain) path, or None when it names none."""
    m = _rule("sshfs_win_unc").match(path) or _rule("home_segment").search(path)
    return m.span("u") if m else None


def _consecutive(value: str) -> bool:
    """Three quarters of the neighbouring characters are consecutive (``abcd``, ``zyxw``,
    ``0123``): an alphabet or a counting run, not random characters (1 pair in ~30 is)."""
    if len(value) < 16:
        return False
    steps = sum(1 for a, b in zip(value, value[1:], strict=False) if abs(ord(a) - ord(b)) == 1)
    return steps >= 0.75 * (len(value) - 1)


_PROSE_WORD = regex.compile(r"[A-Za-z][a-z]{0,14}+[,.;:!?]?+")


def _public_id(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a public id by what precedes it (``_PUBLIC_IDS``)."""
    return any(
        before.search(text, max(0, start - 48), start) is not None
        and value.fullmatch(text, start, end) is not None
        and text.startswith(after, end)
        for before, value, after in _PUBLIC_IDS
    )


_DEMONSTRATION_URL_PASSWORD = regex.compile(
    r"(?i:(?:super|top|my)?+(?:s[e3]cr[e3]t|p[a4][s5$]{2}+(?:w[o0]r[dt]|wd)?+|hunter2"
    r"|ch[a4]ng[e3]m[e3]|l[e3]tm[e3]in)[0-9]{0,3}+!?+"
    r"@(?:(?:[a-z0-9-]++\.)*?example\.(?:com|net|org)|(?:[a-z0-9-]++\.)++example))"
    r"(?![A-Za-z0-9-]|\.[A-Za-z0-9])"
)
"""A demonstration password, then ``@`` and a host reserved for documentation
(``_demonstration_url_password``)."""


def _demonstration_url_password(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]``, a URL's password (``scheme://user:<pw>@host``), is a
    demonstration on a host reserved for documentation, both at once: the password one of
    documentation's own words (``secret``, ``password``, ``passwd``, ``pass``, ``hunter2``,
    ``changeme``, ``letmein``; a ``super``/``top``/``my`` lead, digits for letters, up to three
    digits and a ``!`` after: ``supers3cret``, ``s3cret``, ``passw0rd1``) and the host
    ``example.com``, ``example.net``, ``example.org`` or a name under them, or under the
    top-level ``.example`` (RFC 2606 section 3, RFC 6761 section 6.5), the host's name ending
    there (not ``example.com.evil.io``, ``myexample.com``, ``pypi.example.company.com``). Any
    other password on such a host goes (a poster may have put ``example.com`` over their own
    host and left the password), and so does a demonstration word on any other host, ``.test``
    and ``.localhost`` included (local development hosts, whose passwords are real ones).
    Since 1.112.0 (stop 58, batch 160's tune damage: pip's maintainer showing
    ``https://user:supers3cret@pypi.example.com/…`` unredacted)."""
    return (
        text.startswith("@", end)
        and _URL_USERINFO.search(text, max(0, start - 256), start) is not None
        and _DEMONSTRATION_URL_PASSWORD.match(text, start) is not None
    )


_MINISIGN_KEY_ID_BEFORE = regex.compile(r"untrusted[ ]comment:[ ][^\n]{0,60}?public[ ]key:?+[ ]\Z")
"""What minisign writes before a public key's id in its comment (minisign's ``minisign public
key <ID>``, the Rust crate's and rsign2's ``… public key: <ID>``)."""


def _minisign_public_key(value: str) -> bool:
    """Whether ``value`` is a minisign (or OpenBSD signify) public key: base64 of ``Ed``, an
    8-byte key id and an Ed25519 public key, 42 bytes (jedisct1.github.io/minisign, "Public
    key format"); the secret key's box is 158 bytes, a signature's 74."""
    raw = _b64_bytes(value)
    return raw is not None and len(raw) == 42 and raw.startswith(b"Ed")


def _minisign_public(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a minisign public key, public by design (``minisign -V
    -P <pubkey>``, a published ``minisign.pub``, Tauri's updater ``pubkey`` shipped in every
    app): the key itself (``RW…``), the key id in its file's ``untrusted comment:`` line, or
    the base64 of the whole two-line file, as ``tauri signer generate`` prints it. Since 1.99.0
    (stop 57, batch 141's tune damage)."""
    span = text[start:end]
    if _minisign_public_key(span):
        return True
    if regex.fullmatch(r"[0-9A-F]{16}+", span):
        return _MINISIGN_KEY_ID_BEFORE.search(text[max(0, start - 100) : start]) is not None
    lines = (_decode_b64_text(span) or "").strip().splitlines()
    return (
        len(lines) == 2
        and lines[0].startswith("untrusted comment: ")
        and _minisign_public_key(lines[1].strip())
    )


def _prose(value: str) -> bool:
    """Words of prose: three or more, nine in ten of them words of letters."""
    words = value.split()
    if len(words) < 3:
        return False
    return sum(1 for w in words if _PROSE_WORD.fullmatch(w)) >= 0.9 * len(words)


def _unc_share_of_nobody(plain: str) -> bool:
    """Whether a UNC path is a share on an address, not a host's name, and says nothing of a
    person (``user_names.yaml``'s ``unc_share_of_nobody``: ``\\\\192.168.0.10\\Documentos``,
    ``\\\\localhost\\c$``): a lowercase share that may be a login (``\\\\10.0.0.5\\okello``)
    is still one. Since 1.35.0 (stop 51)."""
    m = _rule("unc_share_of_nobody").match(plain)
    if m is None:
        return False
    share = m.group("share")
    return not (share.islower() and share.isalpha() and _a_name(share))


def _server_share(plain: str) -> bool:
    """Whether a path is a UNC path on a server and share: not Windows' share of a WSL
    distribution (``wsl_unc``) nor, since 1.42.0 (stop 52), SSHFS-Win's ssh target
    (``user_names.yaml``'s ``sshfs_win_unc``: ``\\\\sshfs\\<login>@<host>\\…``), which hold a
    home or a login as a path does."""
    return (
        plain.startswith("\\\\")
        and _rule("wsl_unc").match(plain) is None
        and _rule("sshfs_win_unc").match(plain) is None
    )


def user_bearing(path: str) -> bool:
    """Whether a found path names a user: a home folder of a user other than a shared account
    or placeholder (``/home/alice``, ``C:\\Users\\14255``, ``~alice/``) or a UNC path (its
    server is a host name). A macOS temporary folder (``/var/folders/<xx>/<rand>/T``) names
    none: its folders are random, not a login.

    A path that names none holds nothing private and is kept as written, its variables and
    meaning with it: ``~/.gaia/agents``, ``%LOCALAPPDATA%\\lemonade``, ``$HOME/.cache``,
    ``C:/projects/gaia``, ``/home/user``, ``C:\\Users\\<you>``, ``/root/.cache``.
    """
    plain, _ = _unescape_path(path)
    if _server_share(plain):
        return not _unc_share_of_nobody(plain)
    seg = home_segment(plain)
    if seg is None:
        return False
    user = plain[seg[0] : seg[1]].replace("\\ ", " ")
    if plain.startswith("~") and not user[:1].isalpha():
        return False
    return _a_name(user) and not _one_capital_letter_home(plain, seg[0], user)


def _one_capital_letter_home(plain: str, start: int, user: str) -> bool:
    """Whether a home right under a POSIX ``/home/`` is named by one capital letter
    (``/home/Y/.vnc/…``): a poster's mask, as ``X`` is (``placeholder_name``). Linux's account
    tools refuse a login with a capital unless forced (shadow's useradd, ``is_valid_user_name``
    in lib/chkname.c, and Debian's adduser, ``NAME_REGEX``, take ``[a-z_][a-z0-9_-]*``), and of
    the tune corpus's one-letter logins, those under ``/home/`` are all small letters (``k``,
    ``q``), the capital ones under ``/Users/`` or ``C:\\Users\\`` (``Q``, ``K``, ``R``:
    macOS and Windows accounts), which still go. Since 1.117.0 (stop 59, batch 162's tune
    damage)."""
    return len(user) == 1 and "A" <= user <= "Z" and plain[:start].endswith("/home/")


def _name_extent(text: str, start: int, end: int) -> int:
    """The end of a path whose last folder is its user's name, taken to the name's end."""
    plain, encode = _unescape_path(text[start:end])
    seg = home_segment(plain)
    if seg is None:
        return end
    user = plain[seg[0] : seg[1]]
    if _in_placeholder(text, user) or _made_system_account(text, user):
        return start  # C:\Users\John beside C:\Users\John Doe: the placeholder's first word
    if encode is not None or seg[1] != len(plain):
        return end
    m = _rule("name_tail").match(text, end)
    if m and not _a_name(plain[seg[0] :] + m.group()):
        return start  # the whole name is a placeholder (C:\Users\My Name): no one's path
    return m.end() if m else end


_LOGIN_WORDS = regex.compile(r"[^A-Za-z0-9]++|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def _role_words_only(user: str) -> bool:
    """Whether a login is two or more words, each a role's (``scrubbers/words.yaml``'s
    ``role_name_words``): ``ServiceAccount``, ``ContainerUser``, ``Local_Admin``,
    ``docker-user`` name an account's purpose, not a person."""
    words = [w.lower() for w in _LOGIN_WORDS.split(user) if w and not w.isdigit()]
    # since 1.148.0 (stop 61): ``my``/``your`` and role words are a documentation's example
    # account (the MongoDB manual's ``myUserAdmin``, ``myAdmin``, ``yourUser``)
    rest = words[1:] if words[:1] in (["my"], ["your"]) else words
    return len(words) >= 2 and all(w in word_lists().role_name_words for w in rest)


_SHORT_NAME = regex.compile(r"([A-Za-z0-9]{1,6})~[1-9](?:\.[A-Za-z0-9]{1,3})?+")


def _short_name_of_nobody(user: str) -> bool:
    """Whether a Windows 8.3 short name (``ADMINI~1``: the first six characters of the long name
    without its spaces, ``~``, a digit, perhaps a ``.EXT``; Microsoft's short-name generation,
    which ``%TEMP%`` keeps) is a role's or default account's folder: six characters that start
    one of the account lists' names longer than eight (``Administrator``, ``DefaultUser0``,
    ``All Users``; since 1.49.0, stop 53); a maker's or employer's default administrator cut to
    six (``IBM_AD~1`` of ``IBM_ADMIN``, ``user_names.yaml``'s ``default_short_name``); or a head
    under six characters, then the long name's whole base (``ADMIN~1.COR`` of ``admin.CORP``,
    ``TEMP~1``), that names nobody (``_a_name``; both since 1.68.0, stop 55). A person's
    (``JSMITH~1``) is none of these."""
    if _rule("default_short_name").match(user) is not None:
        return True
    m = _SHORT_NAME.fullmatch(user)
    if m is None:
        return False
    head = m.group(1).lower()
    if len(head) < 6:
        return not _a_name(head)
    lists = word_lists()
    return any(
        len(folder) > 8 and folder.startswith(head)
        for names in (lists.shared_profiles, lists.not_user_names, lists.system_accounts)
        for folder in (n.replace(" ", "") for n in names)
    )


def _a_name(user: str) -> bool:
    """Whether a user segment or login may be a person's (not a shared account, an OEM or role
    default, a placeholder or one of our fixtures)."""
    return not (
        not user
        or user.lower() in word_lists().not_user_names
        or user.lower() in word_lists().system_accounts  # a service's home too (/home/hadoop)
        or user.lower().split(".", 1)[0] in word_lists().shared_profiles
        or user.startswith((".", "_"))  # macOS's system accounts: _mbsetupuser, _www (1.126.0)
        or _rule("placeholder_name").match(user.strip()) is not None
        or _rule("fixture_user").match(user.lower()) is not None
        or _rule("placeholder_user").match(user) is not None
        or _rule("reserved_domain_name").match(user) is not None  # example.com, app.localhost
        or _rule("role_login").match(user) is not None
        or _role_words_only(user)
        or _short_name_of_nobody(user)
        or "FAKE" in user
        or x_masked(user)  # gxxxxxg: a poster's mask (since 1.90.0)
        or _numbered_copy_of_nobody(user)
    )


def _numbered_copy_of_nobody(user: str) -> bool:
    """A second home of an account that is no one's (``admin_1``, ``root_2``: a home folder
    made again beside the first gets ``_<n>``; since 1.126.0, stop 59), and since 1.163.0 a
    numbered copy of one written with ``-`` (GDM's dynamic greeter accounts ``gdm-greeter-2``,
    …, ``gdm-greeter-N``: GNOME/gdm, daemon/gdm-dynamic-user-store.c)."""
    for mark in ("_", "-"):
        base, sep, number = user.rpartition(mark)
        if sep and base and number.isdigit() and len(number) == 1 and not _a_name(base):
            return True
    return False


_KERBEROS_ROLE_PRINCIPAL = regex.compile(
    r"([A-Za-z][A-Za-z0-9._-]{0,63}+)@((?=[A-Z0-9.-]*[A-Z])[A-Z0-9-]++(?:\.[A-Z0-9-]++)++)"
)


def kerberos_role_account(address: str) -> str | None:
    """The account of a Kerberos principal ``<account>@<REALM>`` read as an address, when it is
    a role's or a built-in account's (``administrator@FR.EXAMPLE.TECH``): RFC 4120 section 6.1
    writes a realm as a DNS domain in upper case, and a principal is no mailbox, so such an
    account stays and only its realm is replaced (``fixture_for``; since 1.106.0, stop 57,
    batch 147's tune damage). A person's login there (``_a_name``) goes whole, as an address."""
    m = _KERBEROS_ROLE_PRINCIPAL.fullmatch(address)
    account: str = m.group(1) if m is not None else ""
    return account if account and not _a_name(account) else None


def _not_base64_text(value: str) -> bool:
    """Whether ``value`` is not the base64 of a login's text (a Kubernetes Secret's
    ``username: YXBw`` is ``app`` encoded, no login): letters, digits and ``._@-`` with a
    letter among them. A name whose four letters happen to decode to other printable bytes
    (``Pisu`` to ``>+.``, ``Mipo`` to ``2*h``) is a name (since 1.143.0: a nickname of four
    letters went unlearned about one time in twenty)."""
    raw = _b64_bytes(value)
    return raw is None or not (
        len(raw) >= 2
        and all(b < 128 and (chr(b).isalnum() or chr(b) in "._@-") for b in raw)
        and any(chr(b).isalpha() for b in raw)
    )


_DECLARED_DATABASE_USER = regex.compile(
    r"(?m)^(?P<i>[ \t]*+)-[ \t]++name:[ \t]*+[\"']?+(?P<u>[A-Za-z0-9_][A-Za-z0-9._-]{0,63}+)[\"']?+"
    r"[ \t]*+\r?\n(?:(?P=i)[ \t]++(?!-)[^\n]*+\n){0,8}?(?P=i)[ \t]++db:[ \t]"
    r"|^(?P<j>[ \t]*+)-[ \t]++db:[^\n]*+\n(?:(?P=j)[ \t]++(?!-)[^\n]*+\n){0,8}?(?P=j)[ \t]++name:"
    r"[ \t]*+[\"']?+(?P<v>[A-Za-z0-9_][A-Za-z0-9._-]{0,63}+)[\"']?+[ \t]*+$"
    r"|\b(?i:create[ \t]++(?:user|role|login))[ \t]++(?i:if[ \t]++not[ \t]++exists[ \t]++)?+"
    r"[\"'`\[]?+(?P<w>[A-Za-z0-9_][A-Za-z0-9._-]{0,63}+)"
    r"|\bcreateUser\([ \t\n]*+\{[ \t\n]*+[\"']?+user[\"']?+[ \t]*+:[ \t]*+[\"']"
    r"(?P<x>[A-Za-z0-9_][A-Za-z0-9._-]{0,63}+)[\"']"
)
"""A database user the text itself declares (since 1.56.0, stop 54): an item of a manifest's
``users:`` list whose ``name:`` has a ``db:`` beside it (the MongoDB Kubernetes operators'
``MongoDBCommunity`` resource: ``users: - name: <u>  db: admin  passwordSecretRef: …``), SQL's
``CREATE USER``/``CREATE ROLE``/``CREATE LOGIN <u>`` (PostgreSQL, MySQL, Oracle, SQL Server),
the mongo shell's ``db.createUser({user: "<u>", …})``."""


def _declared_database_users(text: str) -> frozenset[str]:
    """The database users ``text`` declares (``_DECLARED_DATABASE_USER``), lower-cased: such a
    user in a database URL's userinfo (``mongodb://<u>:<pw>@…``) names an application's account,
    not a person, so the URL alone does not teach it; a home, a prompt or another login rule
    still does (batch 103's tune damage, the operator's ``lrds``)."""
    if not ("name:" in text or "reate" in text or "CREATE" in text):
        return frozenset()
    return frozenset(
        (m.group("u") or m.group("v") or m.group("w") or m.group("x")).lower()
        for m in _DECLARED_DATABASE_USER.finditer(text)
    )


@cache
def _triggered_rules() -> tuple[
    dict[str, tuple[str, ...]], dict[str, tuple[int, ...]], tuple[UserNameRule, ...]
]:
    """The ``when`` strings of ``user_names.yaml``'s rules by their first character, for each
    string the rules (by their place in the file) that name it, and the rules in that order."""
    rules = tuple(user_name_rules().values())
    by_char: dict[str, list[str]] = collections.defaultdict(list)
    rules_of: dict[str, list[int]] = collections.defaultdict(list)
    for i, rule in enumerate(rules):
        for t in rule.when:
            if t not in rules_of:
                by_char[t[:1]].append(t)
            rules_of[t].append(i)
    return (
        {c: tuple(ts) for c, ts in by_char.items()},
        {t: tuple(dict.fromkeys(ids)) for t, ids in rules_of.items()},
        rules,
    )


def _held_rules(text: str) -> list[UserNameRule]:
    """The ``user_names.yaml`` rules with a ``when`` string ``text`` holds, in file order.

    Each string is looked for once per text (not once per rule that names it: on GAIA's tree
    49.6 s against 9.3 s), and only if the text holds its first character (a value of a YAML
    file holds a handful of the characters 275 strings start with); the rules are then found
    by string, not by trying each of the 220 against the strings held."""
    by_char, rules_of, rules = _triggered_rules()
    starts = by_char.keys() & set(text)
    if "" in by_char:
        starts.add("")  # an empty string is in every text
    held = {i for c in starts for t in by_char[c] if t in text for i in rules_of[t]}
    return [rules[i] for i in sorted(held)]


def learn_user_names(text: str, cands: Sequence[Finding]) -> frozenset[str]:
    """User names a text gives away: home folders of its paths, ``USER=``, a prompt ``u@host:``.

    A name is learned only when it is at least 3 characters (2 on two pieces of evidence:
    ``_short_login``), not a shared account or folder name (``root``, ``runner``, ``Shared``),
    a placeholder (``My Name``) or a fixture (``user1``).
    """
    found: set[str] = set()
    rooted: set[tuple[str, str]] = set()  # (the home root, the name): C:\Users\, alice
    for c in cands:
        if c.entity_type == "FILE_PATH":
            end = _name_extent(text, c.start, c.end)  # the whole name (C:\Users\First Last)
            plain, _ = _unescape_path(text[c.start : end])
            seg = home_segment(plain)
            if seg:
                found.add(plain[seg[0] : seg[1]].replace("\\ ", " ").strip())
                rooted.add((plain[: seg[0]].lower(), plain[seg[0] : seg[1]].strip()))
    found -= _glued_homes(rooted)
    homes = {n.lower() for n in found}
    declared = _declared_database_users(text) if "://" in text else frozenset()
    for rule in _held_rules(text):
        # the one group that took part (``git`` has one per alternative)
        names = (m.group(m.lastindex or 0).strip() for m in rule.finditer(text))
        if declared and rule.pattern is _rule("url"):  # an application's database user
            names = (n for n in names if n.lower() not in declared)
        found.update(filter(_not_base64_text, names))
    found.update(_account_entries(text))
    if "JOB" in text or "Job ID" in text or "job-ID" in text or "PID" in text:
        found.update(_job_table_users(text))
    if "Merge pull request" in text:
        found.update(_fork_logins(text))
    # a name with spaces is also each of its words alone (a log cut at the space keeps the
    # surname: ``Last\AppData\Local\…``); short words (``de``, ``Li``) are not learned alone,
    # nor a name's particle (``van``, ``der``: a camper van), ``words.yaml``'s ``name_particles``
    particles = word_lists().name_particles
    found.update(
        w
        for n in list(found)
        if " " in n.strip() and _a_name(n)
        for w in n.split()
        if w.lower() not in particles
    )
    found.update(derived_logins(found))
    if "%" in text and homes:
        found.update(prompt_first_parts(text, homes))
    learned = frozenset(
        n.lower()
        for n in found
        if (
            len(n) >= 3
            or (len(n) == 2 and n.isalpha() and not n.isascii())  # 李明: a whole name
            or (len(n) == 2 and n.isalpha() and _short_login(text, n, homes))
        )
        and _learnable(text, n)
    ) | _digit_logins(text)
    learned |= installer_host_names(text, learned)
    return (
        learned
        | truncated_ps_users(text, learned)
        | checkout_owner_names(text, learned)
        | pages_site_names(text, learned)
        | web_home_names(text, learned)
    )


def truncated_ps_users(text: str, learned: frozenset[str]) -> frozenset[str]:
    """The first seven characters of a login ``ps`` cut to fit its column (``user_names.yaml``'s
    ``ps_truncated_user``: procps-ng's ``do_pr_name`` prints ``<7 chars>+``): learned when a
    learned login starts with them (the text shows it whole), or on a whole ``ps -ef`` or
    ``ps aux`` row when they are a person's (``_cut_persons``). Since 1.163.0 (stop 62, batch
    185's tune miss)."""
    if "+ " not in text and "+\t" not in text:
        return frozenset()
    out: set[str] = set()
    for m in _rule("ps_truncated_user").finditer(text):
        cut = m.group("u")
        low = cut.lower()
        whole = any(len(n) > len(low) and n.startswith(low) for n in learned)
        if (whole or (m.group("row") and _cut_persons(text, cut, m.start("cmd")))) and _learnable(
            text, cut
        ):
            out.add(low)
    return frozenset(out)


def _cut_persons(text: str, cut: str, command: int) -> bool:
    """Whether a login ``ps`` cut to seven characters may be a person's: no system, service or
    shared account begins with it (``words.yaml``'s ``system_accounts`` and ``not_user_names``,
    ``systemd-…``, ``_…``: ``systemd+``, ``message+``, ``avahi-a+``), no English or role word,
    and the row's program is not named after it (``clickho+ … /usr/bin/clickhouse-server``)."""
    low = cut.lower()
    words = word_lists()
    if low.startswith("_") or any(
        a.startswith(low) for a in (*words.system_accounts, *words.not_user_names, "systemd-")
    ):
        return False
    end = text.find("\n", command)
    program = text[command : len(text) if end < 0 else end].split(None, 1)[0]
    return (
        _record_login(cut)
        and not _service_account(text, cut)
        and not program.rsplit("/", 1)[-1].lstrip("-").lower().startswith(low)
    )


def installer_host_names(text: str, learned: frozenset[str]) -> frozenset[str]:
    """A prompt's host made of its own learned login by Ubuntu's installer (``user_names.yaml``'s
    ``installer_host``: ubiquity's ``re.sub(r'\\W', '', username) + suffix``): the login's
    letters without its ``-`` and ``.`` (``go-nerd@gonerd-desktop``), learned beside it so the
    host goes too. A login that was not learned (``cloud-user@clouduser-desktop``) teaches
    nothing, nor a host made of anything else. Since 1.79.0 (stop 56, batch 124's tune miss)."""
    if "@" not in text or not any("-" in n or "." in n for n in learned):
        return frozenset()
    out: set[str] = set()
    for m in _rule("installer_host").finditer(text):
        login, host = m.group("u").lower(), m.group("host")
        if (
            login in learned
            and regex.sub(r"[.-]", "", login) == host.lower()
            and _learnable(text, host)
        ):
            out.add(host.lower())
    return frozenset(out)


_MAC_MODEL_WORDS = frozenset({"mac", "book", "pro", "air", "mini", "studio"})
_CAMEL_NAME = regex.compile(r"(\p{Lu}\p{Ll}{1,30}+)(\p{Lu}\p{Ll}{1,30}+){1,2}+")


def named_hosts(text: str, names: frozenset[str]) -> list[Finding]:
    """A prompt's host made of its owner's name when the learned login is that name taken
    another way (``user_names.yaml``'s ``named_host_prompt``): Calamares' ``<first>-<product>``
    beside the login ``<first><initials>`` (``[marcotb@marco-dellg155530 ~]$``: ``marco`` goes),
    and a macOS bash prompt's host the full name run together beside the login ``<f><last>`` or
    ``<first><initials>`` (``LuigiCastellano:myapp lcastellano$``: the host goes). Replaced where
    it stands only, never learned (a host word that is no name, ``media-server``, stays
    elsewhere); a login that was not learned teaches nothing, nor a host that only begins like
    it (``[builder@build-server ~]$``, ``MacBook:app mbook$``). Since 1.151.0 (stop 61, batch
    183's and batch 178's tune misses)."""
    if not names:
        return []
    out: list[Finding] = []
    if "@" in text and "-" in text:
        for m in _rule("named_host_prompt").finditer(text):
            login, first = m.group("u").lower(), m.group("first").lower()
            rest = login[len(first) :]
            if (
                login in names
                and login.startswith(first)
                and 1 <= len(rest) <= 3
                and rest.isalpha()
                and _name_word(text, first)
            ):
                out.append(Finding("USER_NAME", m.start("first"), m.end("first")))
    if "$" in text:
        out += _mac_named_hosts(text, names)
    return out


def _name_word(text: str, word: str) -> bool:
    """Whether a host's word may be its owner's name: learnable, and no role, form or English
    word (``words.yaml``'s ``role_name_words``, ``word_logins``) nor a Mac model's word."""
    low = word.lower()
    words = word_lists()
    return (
        low not in words.role_name_words
        and low not in words.word_logins
        and low not in _MAC_MODEL_WORDS
        and _learnable(text, word)
    )


def _mac_named_hosts(text: str, learned: frozenset[str]) -> list[Finding]:
    """A macOS bash prompt's host that is two or three capitalised name words run together
    (``<First><Last>``) whose learned login is ``<f><last>`` or ``<first><initials>``."""
    prompts = list(_rule("mac_prompt").finditer(text))
    if _marked("mac_bash_prompt", text):
        prompts += _rule("mac_bash_prompt").finditer(text)
    out: list[Finding] = []
    for m in prompts:
        login, host = m.group("u").lower(), m.group("host")
        name = _CAMEL_NAME.fullmatch(host)
        if login not in learned or name is None:
            continue
        words = [w.lower() for w in (*name.captures(1), *name.captures(2))]
        made = {words[0][0] + words[-1], words[0] + "".join(w[0] for w in words[1:])}
        if login in made and all(_name_word(text, w) for w in words) and _learnable(text, host):
            out.append(Finding("USER_NAME", m.start("host"), m.end("host")))
    return out


def checkout_owner_names(text: str, learned: frozenset[str]) -> frozenset[str]:
    """A person's own domain in a checkout laid out ``<host>/<owner>/<repo>`` under a home
    (``user_names.yaml``'s ``checkout_owner``: ghq's ``<root>/<host>/<owner>/<repo>``, Go's
    ``$GOPATH/src/<host>/<owner>/<repo>``): ``…/Users/<u>/Development/git.<name>.com/<name>/…``,
    the owner folder the host's own label, and that label a learned login or starting with one
    (the login ``owen`` of ``owenmaddocks``). A forge's organisation under its own host
    (``salsa.debian.org/debian``, ``gitlab.gnome.org/GNOME``, ``gitea.com/gitea``) starts with
    no login, so it stays. Since 1.38.0 (stop 52)."""
    logins = [n for n in learned if len(n) >= 3]
    if not logins or "." not in text:
        return frozenset()
    out: set[str] = set()
    for m in _rule("checkout_owner").finditer(text):
        label, owner = m.group("label").lower(), m.group("owner")
        line = text[text.rfind("\n", 0, m.start()) + 1 : m.start()]
        if (
            owner.lower() == label
            and any(label.startswith(n) for n in logins)
            and _learnable(text, owner)
            and home_segment(line.rsplit(None, 1)[-1] if line.strip() else line) is not None
        ):
            out.add(label)
    return frozenset(out)


def pages_site_names(text: str, learned: frozenset[str]) -> frozenset[str]:
    """A GitHub Pages site's ``<name>.github.io`` (``user_names.yaml``'s ``pages_site``: a
    folder, a repository, a host) whose name is a login the text gives away with digits glued
    after it (``/Users/<first>/<First><NNNN>.github.io``): the person's GitHub handle, learned
    so it goes wherever it stands (``https://github.com/<First><NNNN>/…``). GitHub Docs name a
    user site's repository ``<username>.github.io`` and an organisation's
    ``<organization>.github.io``, so the name alone is no evidence; a name with letters after
    the login (``sam`` and ``samtools.github.io``, ``alex`` and ``alex-org.github.io``) may be
    an organisation's and stays, and so does one beside no learned login
    (``C:\\Users\\ADMIN\\…\\<HANDLE>.github.io``). Since 1.90.0 (stop 56, batch 134's tune
    miss)."""
    logins = [n for n in learned if len(n) >= 3]
    if not logins or ".github.io" not in text:
        return frozenset()
    out: set[str] = set()
    for m in _rule("pages_site").finditer(text):
        site = m.group("site")
        low = site.lower()
        if any(low.startswith(n) and low[len(n) :].isdigit() for n in logins) and _learnable(
            text, site
        ):
            out.add(low)
    return frozenset(out)


_WEB_HOME_AFFIX = regex.compile(r"[a-z]{1,2}+")


def web_home_names(text: str, learned: frozenset[str]) -> frozenset[str]:
    """A URL's web home ``http://<host>/~<word>/`` (``user_names.yaml``'s ``web_home``: Apache's
    ``mod_userdir``, a Unix account's ``public_html``) whose word is a learned login with one or
    two letters more before or after it (``/Users/p<word>/…`` and ``http://…/~<word>/…``): the
    same person's surname, as a university's web home often is, learned so it goes. A word that
    is the login itself goes already; one that is no part of a learned login (``~quake`` beside
    ``/Users/jkarlsson``) stays, and so do ``~user``, ``~username``, ``~admin`` (``_a_name``).
    Since 1.95.0 (stop 57, batch 136's tune miss)."""
    logins = [n for n in learned if len(n) >= 5]
    if not logins or "/~" not in text:
        return frozenset()
    out: set[str] = set()
    for m in _rule("web_home").finditer(text):
        word = m.group("u").lower()
        if len(word) < 4 or word in learned:
            continue
        if any(
            (n.endswith(word) and _WEB_HOME_AFFIX.fullmatch(n[: -len(word)]))
            or (n.startswith(word) and _WEB_HOME_AFFIX.fullmatch(n[len(word) :]))
            for n in logins
        ) and _learnable(text, m.group("u")):
            out.add(word)
    return frozenset(out)


def _learnable(text: str, name: str) -> bool:
    """Whether a name long enough to learn is a person's: a name, not digits alone, not a login
    that names no one, not inside a placeholder (``learn_user_names``, ``file_grammar_logins``)."""
    return (
        _a_name(name)
        and not name.isdigit()
        and name.lower() not in word_lists().login_not_user
        and not _in_placeholder(text, name)
        and not _made_system_account(text, name)
    )


def _rule_names(text: str, names: Sequence[str]) -> set[str]:
    """What the ``user_names.yaml`` rules ``names`` take in ``text``: each match's one group
    that took part, as written."""
    rules = user_name_rules()
    return {
        m.group(m.lastindex or 0)
        for rule in map(rules.__getitem__, names)
        if not rule.when or any(t in text for t in rule.when)
        for m in rule.finditer(text)
    }


_DIGIT_LOGIN_RULES = (
    "ssh_config_user",
    "sshd_user",
    "pgpass_login",
    "credential_url_login",
    "netrc_login",
    "gh_hosts_user",
    "oracle_base_login",
    "option_file_user",
)
"""The rules whose place says the value is a login, so a login of digits only is one too."""


_FILE_GRAMMAR_RULES = (
    "gh_hosts_user",
    "xcode_build_owner",
    "influx_auth_user_name",
    "compose_environment_user",
)
"""Rules that read a file's own grammar across its lines (a host key, then its ``user:``),
which a structured file's values, scanned one by one, never show (since 1.33.0, stop 51; since
1.35.0 also ``xcodebuild -showBuildSettings -json``'s ``"buildSettings"``; since 1.58.0, stop
54, ``influx auth list --json``'s ``"userName"`` beside its ``"userID"``; since 1.150.0, stop
61, a Compose file's ``environment:`` ``USER: <login>``)."""


def file_grammar_logins(text: str) -> frozenset[str]:
    """The logins a JSON or YAML file's whole text gives by its grammar (``_FILE_GRAMMAR_RULES``:
    gh's ``hosts.yml``, hub's config), judged as ``learn_user_names`` judges a name; read by
    ``Scrubber.detect_many`` beside what each value gives."""
    found = {n.strip() for n in _rule_names(text, _FILE_GRAMMAR_RULES)}
    return frozenset(
        n.lower()
        for n in found
        if (len(n) >= 5 and n.isdigit()) or (len(n) >= 3 and _learnable(text, n))
    )


def _digit_logins(text: str) -> frozenset[str]:
    """Digits-only logins (five digits or more: a QQ number, a university's student number)
    where only a login can stand (since 1.29.0, stop 50): ssh_config's ``User``, sshd's log
    lines, a ``.pgpass`` line's username, a credential URL's userinfo beside a password (and
    since 1.30.0 a ``.netrc`` entry's login). A
    number is no login elsewhere (``learn_user_names`` turns digits away). A text without
    five digits in a row has none, and most values of a structured file are such texts: they
    are not searched (``_FIVE_DIGITS``)."""
    if _FIVE_DIGITS.search(text) is None:
        return frozenset()
    return frozenset(
        n for n in _rule_names(text, _DIGIT_LOGIN_RULES) if n.isdigit() and len(n) >= 5
    )


_FIVE_DIGITS = regex.compile(r"[\p{Numeric_Type=Decimal}\p{Numeric_Type=Digit}]{5}")
"""Five characters in a row each of which ``str.isdigit`` may call a digit (its definition:
Numeric_Type Decimal or Digit; the regex module's Unicode tables are as new as Python's or
newer, so every ``isdigit`` character matches: tests/test_scrub_rule_alternatives.py)."""


def derived_logins(names: Iterable[str]) -> set[str]:
    """The logins a person's two-word name is usually made into (``Desmond Kirby``:
    ``dkirby``, ``desmondk``, ``desmond.kirby``, ``desmondkirby``), learned beside the name, so
    a login seen only inside an id (``using credential dkirby-gitlab``) goes with it. Only a
    capitalised ``First Last`` of ASCII letters that is a name (not ``John Doe``), surname of
    four letters or more."""
    out: set[str] = set()
    for n in names:
        m = _rule("two_word_name").match(n.strip())
        if m is None or not _a_name(n.strip()):
            continue
        first, last = m.group(1).lower(), m.group(2).lower()
        out.update((first[0] + last, first + last[0], f"{first}.{last}", first + last))
    return out


def prompt_first_parts(text: str, homes: set[str]) -> set[str]:
    """The word of a zsh prompt ``<word> <dir> %`` (``user_names.yaml``'s ``zsh_word_prompt``)
    that is the part before the ``.``, ``_`` or ``-`` of a home the text names
    (``/Users/<first>.<last>/`` and ``<first> app %``): the same person's first name, shown
    where the prompt shortens the login. Three letters or more, and no role or account word
    (``admin``, ``runner``, ``node``: ``_a_name``). Since 1.71.0 (stop 55)."""
    firsts = {
        first
        for h in homes
        for first in regex.split(r"[._-]", h, maxsplit=1)[:1]
        if first != h and len(first) >= 3 and _a_name(first)
    }
    if not firsts:
        return set()
    prompts = _rule("zsh_word_prompt").finditer(text)
    return {m.group("u") for m in prompts if m.group("u").lower() in firsts}


def _glued_homes(rooted: set[tuple[str, str]]) -> set[str]:
    """The home folders glued to their dot-folder (``_glued_dot_folder``) whose plain name is a
    home under the same root in the text (``C:\\Users\\<u>.copaw`` beside ``C:\\Users\\<u>``): not
    learned whole. ``C:\\Users\\first.last`` beside ``/home/first`` (two machines) is one name."""
    by_root: dict[str, list[str]] = {}
    for root, name in rooted:
        by_root.setdefault(root, []).append(name)
    return {n for names in by_root.values() for n in names if _glued_dot_folder(n, names)}


def _glued_dot_folder(name: str, names: Iterable[str]) -> str | None:
    """The user of a home folder glued to its dot-folder by a missing separator
    (``C:\\Users\\<u>.copaw\\models``, an agent UI's log), when the text names ``<u>`` as a
    home on its own too: the name ends at the dot, the dot-folder is the path's. A dotted
    login with no such evidence (``C:\\Users\\first.last``) is one name."""
    low = name.lower()
    return next((n for n in names if low.startswith(n.lower() + ".") and len(n) >= 2), None)


_MAC_HOST = (
    r"(?:s-|de)(?:MacBook|iMac|Mac)|s-MBP(?![A-Za-z0-9])"
    r"|s-?+[A-Z][a-z]{1,15}-?+(?:MacBook|iMac|Mac-|MBP(?![A-Za-z0-9]))|s(?:MacBook|iMac|MBP(?![a-z]))"
)
_MAC_MODEL = rf"(?={_MAC_HOST})"
_MAC_HOST_OF = regex.compile(_MAC_HOST)
"""What follows an owner's name in a Mac's default host name (``<u>s-MacBook-Pro``,
``<u>deiMac``), and since 1.71.0 (stop 55) in its shortened form (``<u>s-MBP``: user_names.yaml's
``mac_host``); since 1.103.0 (stop 57) with a word the owner added (``<u>s-Work-MacBook-Pro``)
and without hyphens (``<u>sMacBookPro``, ``<u>sWorkMacBookPro``: ``mac_host_forms``)."""


def _short_login(text: str, name: str, homes: set[str]) -> bool:
    """A two-letter name is a login only on two pieces of evidence: it is the home folder of a
    path and the login of a prompt (``[af@andre ~]$`` and ``/home/af/.ssh``), or the login of
    a Git Bash prompt (a Windows account, made by a person) that the text names nowhere else
    (``rb@HOST MINGW64 /c/…`` and no ``"rb"`` mode of Python's ``open``: every occurrence is a
    prompt's); alone it is a word (``jq``, ``ls``, ``id``), also as a Linux prompt's login
    (``db@host:~$``, ``ok@box``: a container's or a role's two letters). Since 1.38.0 (stop 52)
    a home's name is also a login when a Mac's default host name is made from it (macOS names a
    Mac ``<Name>'s MacBook Pro``, ``<name>的iMac`` in Chinese, and its local host name
    transliterates that: ``<u>s-MacBook-Pro``, ``<u>deiMac``): ``/Users/zw/…`` and ``zwdeiMac``.
    Since 1.41.0 an environment dump's ``LOGNAME=``/``USER=`` is the second piece beside its
    home (umu's ``LOGNAME=jt`` and ``/home/jt/.var/app/…``). Since 1.60.0 (stop 54) a process
    manager's run-as key is too (``user_names.yaml``'s ``run_as``: supervisord's ``user=ax`` in
    ``[program:ax]`` beside ``/home/ax/ax/artisan``; systemd's ``User=``, upstart's ``setuid``,
    uWSGI's ``uid =``). Since 1.69.0 (stop 55) zsh's default macOS prompt with a capitalised
    login is too (``user_names.yaml``'s ``capitalised_zsh_prompt``: ``Jo@192 ~ %`` beside
    ``/Users/Jo/Desktop/…``). Since 1.79.0 (stop 56) a long listing's owner is too
    (``drwxr-xr-x 5 jm staff …`` beside ``/Users/jm/…``), and a listing's owner whose group is
    the same name is two pieces by itself (``drwx------ 4 tk tk …``: the user private group,
    ``_listed_owner``). Since 1.108.0 (stop 58) Toolbx's sub-ID check naming it beside a prompt
    of the same login is too (``_toolbox_login``). Since 1.134.0 (stop 60) the login of the key
    comment ``ssh -v`` offers (``user_names.yaml``'s ``ssh_offered_key_comment``: ``Offering
    RSA public key: jw@DELTA``, ssh-keygen's default ``<login>@<host>``) is as the Git Bash
    prompt's: a login where the text names it nowhere else."""
    low = name.lower()
    if low in homes:
        if _MAC_HOST_OF.search(text) and _words([name], _MAC_MODEL).search(text):
            return True
        return _listed_owner(text, low, own_group=False) or any(
            m.group(1).lower() == low
            for rx in (
                _rule("prompt"),
                _rule("git_bash"),
                _rule("env"),
                _rule("run_as"),
                _rule("capitalised_zsh_prompt"),
            )
            for m in rx.finditer(text)
        )
    if (
        _listed_owner(text, low, own_group=True)
        or _toolbox_login(text, low)
        or _user_record_login(text, low)
    ):
        return True
    prompts = [
        m.start(1)
        for rx in (_rule("git_bash"), _rule("ssh_offered_key_comment"))
        for m in rx.finditer(text)
        if m.group(1).lower() == low
    ]
    if not prompts:
        return False
    return {m.start() for m in _words([name]).finditer(text)} <= set(prompts)


def _toolbox_login(text: str, low: str) -> bool:
    """Whether Toolbx's verbose sub-ID check names ``low`` (``user_names.yaml``'s
    ``toolbox_user``: ``toolbox: checking if /etc/subgid and /etc/subuid have entries for user
    <u>``, ``Looking for sub-GID and sub-UID ranges for user <u>``) and a prompt of the text is
    that login's (``[<u>@host ~]$``): Toolbx reads the invoking user, so the two name the same
    person. Since 1.108.0 (stop 58, batch 153's tune miss)."""
    if "entries for user " not in text and "UID ranges for user " not in text:
        return False
    return all(
        any(m.group(1).lower() == low for m in _rule(rule).finditer(text))
        for rule in ("toolbox_user", "prompt")
    )


def _user_record_login(text: str, low: str) -> bool:
    """Whether a NAS's user-management RPC trace gives ``low`` as the login of a user object
    whose own GECOS comment is a person's full name (``user_names.yaml``'s ``omv_user_record``:
    OpenMediaVault's ``UserMgmt.setUser`` with ``"name":"tk","comment":"<First> <Last>"``): the
    account record names its person, so its two letters are a login. Since 1.118.0 (stop 59,
    batch 163's tune miss)."""
    if "service=UserMgmt" not in text:
        return False
    return any(m.group(1).lower() == low for m in _rule("omv_user_record").finditer(text))


def _listed_owner(text: str, low: str, own_group: bool) -> bool:
    """Whether a long listing's owner column is ``low`` (``user_names.yaml``'s
    ``listing_owner_group``), with ``own_group`` its group column the same name too: the user
    private group useradd(8) ``-U`` (login.defs' ``USERGROUPS_ENAB``) and Debian's adduser
    (``USERGROUPS=yes``) give every person's account (``drwx------  4 tk   tk   4096 …``).
    Since 1.79.0 (stop 56, batch 124's tune miss)."""
    return any(
        m.group("owner").lower() == low and (not own_group or m.group("group").lower() == low)
        for m in _rule("listing_owner_group").finditer(text)
    )


def _in_placeholder(text: str, name: str) -> bool:
    """Whether a one-word name is, somewhere in the text, the first word of a placeholder name
    (``C:\\Users\\Your Name`` then ``C:\\Users\\Your``): that placeholder, not a person."""
    if " " in name or name.lower() not in word_lists().placeholder_first_words:
        return False
    for m in _words([name], r"(?=[ ])").finditer(text):
        tail = _rule("name_tail").match(text, m.end()) or _rule("name_in_path").match(text, m.end())
        if tail and _rule("placeholder_name").match(m.group() + tail.group()):
            return True
    return False


_MADE_SYSTEM_ACCOUNT = (
    r"(?i)\b(?:useradd|adduser)\b[^\n]*?[ \t](?:-[a-z]*r[a-z]*|--system)[ \t][^\n]*?"
    r"(?<![A-Za-z0-9._-]){n}(?=[ \t]*+(?:['\"`;|&)\r\n]|$))"
    r"|/Stage\[main\]/{n}(?:::[A-Za-z0-9_:]*+)?+/User\[{n}\]"
)
"""An account made as a system account: ``useradd -r``/``--system`` or ``adduser --system``
with the login as the command's last argument (useradd(8), adduser(8)), or Puppet's
``User[<x>]`` declared by its own module's class (``/Stage[main]/<X>/User[<x>]``,
``/Stage[main]/<X>::<Y>/User[<x>]``: the resource reference under the containment path of the
class that declares it). Since 1.51.0 (stop 53)."""


def _made_system_account(text: str, name: str) -> bool:
    """Whether the text shows ``name`` made for software, not a person: a system account
    (``_MADE_SYSTEM_ACCOUNT``), a service's login whose home (``useradd -m -r puppetboard``:
    ``/home/puppetboard``) names no one and whose name a module's classes
    (``puppetboard::…``) hold too; or an application's own account (``_app_checkout_account``)."""
    if ("useradd" in text or "adduser" in text or "Stage[main]" in text) and regex.search(
        _MADE_SYSTEM_ACCOUNT.format(n=regex.escape(name)), text
    ) is not None:
        return True
    return (
        _app_checkout_account(text, name)
        or _compose_service_account(text, name)
        or _omero_server_account(text, name)
    )


def _omero_server_account(text: str, name: str) -> bool:
    """Whether ``name`` is OMERO.server's documented system account (``omero-server``, the older
    guides' ``omero``) in a text that shows OMERO's own output: ``user_names.yaml``'s
    ``omero_server_account``, its pattern the account and its ``markers`` the output. Since
    1.166.0 (stop 62, batch 184's tune damage)."""
    return (
        _marked("omero_server_account", text)
        and _rule("omero_server_account").fullmatch(name) is not None
    )


_COMPOSE_SERVICE = (
    r"(?im)^[ ]{{2,4}}+{n}:[ \t]*+\r?$"
    r"|^[ \t]++container_name:[ \t]*+[\"']?+{n}[\"']?+[ \t]*+\r?$"
    r"|^[ \t]++image:[ \t]*+[\"']?+(?:[^\s/\"']++/)*+{n}(?=[:@\"'\s]|$)"
)
"""A Compose file's own name for a service: its key under ``services:`` (``  kopia:``), its
``container_name:``, or its image's repository, the last name before the tag
(``image: kopia/kopia:latest``; not the namespace, a Docker Hub account: ``image: <u>/app``)."""


def _compose_service_account(text: str, name: str) -> bool:
    """Whether ``name`` is the service's own account in a Compose file: the ``USER`` its
    ``environment:`` sets to the service's own name (``_COMPOSE_SERVICE``), as Kopia's
    ``USER: kopia`` under ``services: kopia:`` with ``image: kopia/kopia`` (the Compose
    specification's ``services``, ``container_name``, ``image``). Since 1.150.0 (stop 61,
    batch 182's tune part), beside ``user_names.yaml``'s ``compose_environment_user``."""
    if "services:" not in text:
        return False
    return regex.search(_COMPOSE_SERVICE.format(n=regex.escape(name)), text) is not None


_APP_RUN_BANNER = r"(?im)^>[ ]{n}@(?!(?:0\.0\.[01]|0\.1\.0|1\.0\.0)[ ])[0-9][^\s@]*+[ ][a-z:_-]"
"""npm's and pnpm's lifecycle banner naming ``{n}`` as the package it runs (``> <name>@<version>
<script>``: @npmcli/run-script's banner, pnpm's alike), at a release's version: not a fresh
project's default (``npm init``'s 1.0.0, create-react-app's 0.1.0, Vite's 0.0.0), which a
person's own project named after its author keeps."""

_APP_CHECKOUT = r"(?i)/home/{n}/{n}(?![A-Za-z0-9._-])"
"""The application's checkout in its own account's home, both named after it (Misskey's install
guide: ``su - misskey``, ``git clone … misskey``, ``WorkingDirectory=/home/misskey/misskey``)."""


def _app_checkout_account(text: str, name: str) -> bool:
    """Whether ``name`` is the account a self-hosted application's install guide makes for the
    application itself: the text runs a package of that name (``_APP_RUN_BANNER``) from its
    checkout under a home of that name (``_APP_CHECKOUT``), as ``> misskey@2023.9.0 migrate
    /home/misskey/misskey`` and its forks' do. A person's home beside the checkout
    (``/home/<u>/misskey``) or a fresh project named after its author (``> <u>@1.0.0 start
    /home/<u>/<u>``) is no such account. Since 1.101.0 (stop 57, batch 143's tune damage)."""
    if "> " not in text or "/home/" not in text:
        return False
    n = regex.escape(name)
    return (
        regex.search(_APP_RUN_BANNER.format(n=n), text) is not None
        and regex.search(_APP_CHECKOUT.format(n=n), text) is not None
    )


def _words(names: Iterable[str], after: str = r"(?![A-Za-z0-9])") -> regex.Pattern[str]:
    """Any of ``names`` as a word of its own, in any case (longest first), then ``after``."""
    alternatives = "|".join(regex.escape(n) for n in sorted(names, key=len, reverse=True))
    return regex.compile(rf"(?<![A-Za-z0-9])(?:{alternatives}){after}", regex.I)


_LIBRARY_FOLDER = regex.compile(r"(?:site-packages|dist-packages|node_modules)[\\/]", regex.I)


def in_library_tail(text: str, start: int) -> bool:
    """Whether ``start`` begins a folder of a library tail: the path it is in (no space or quote
    before it on its line) already went through ``site-packages/``, ``dist-packages/`` or
    ``node_modules/``, so the folder is a package's name, never a login's (since 1.52.0, stop
    53: ``/home/<u>/…/site-packages/synapse/…`` keeps ``synapse`` whatever is learned)."""
    if start == 0 or text[start - 1] not in "\\/":
        return False
    head = regex.search(r"[^\s\"'`(<\[=,;]*$", text[max(0, start - 400) : start])
    return head is not None and _LIBRARY_FOLDER.search(head.group(0)) is not None


def user_name_spans(text: str, names: frozenset[str]) -> list[tuple[int, int]]:
    """Every occurrence of a learned name as a word of its own (``notes_alice.txt`` too), and
    since 1.42.0 (stop 52) as a URL-encoded path's segment after ``%2F`` and as the head of a
    Windows account's machine name that begins with it (``RTKLAPTOP\\RTK``); since 1.59.0 (stop
    54) also right after a terminal colour code or its pasted remains (``\\x1b[32m<u>``,
    ``[32m<u>[0m``: webui.sh's banner); since 1.80.0 (stop 56) also where the terminal glued a
    program's line to the byte count ``strace`` printed for its write (``write(1, "…"..., 41<u>
    is member of video group``: rocminfo's line under strace)."""
    rx = _words(names, rf"(?:(?![A-Za-z0-9])|{_MAC_MODEL})")
    spans = [m.span() for m in rx.finditer(text)]
    alternatives = "|".join(regex.escape(n) for n in sorted(names, key=len, reverse=True))
    if names:
        # where a word's start is missed: a URL-encoded path's segment
        # (``next=%2Fhub%2Fuser%2F<u>``), a percent-encoded name's next word (a PKCS#11 URI's
        # ``token=<First>%20<Last>``, RFC 7512; since 1.121.0), a colour code or its pasted
        # remains (``[32m<u>[0m``),
        # strace's byte count before the write's own output (``"..., 41<u> is member of …``)
        glued = regex.compile(
            rf"(?<=%2[Ff0]|\[[0-9;]{{1,12}}+m|\"(?:\.\.\.)?+,[ ][0-9]{{1,9}}+)"
            rf"(?:{alternatives})(?![A-Za-z0-9])",
            regex.I,
        )
        spans = sorted(spans + [m.span() for m in glued.finditer(text)])
    if names and "\\" in text:  # a Windows account's machine named after it (RTKLAPTOP\RTK)
        head = regex.compile(
            rf"(?<![A-Za-z0-9])({alternatives})(?=[A-Za-z0-9]{{1,15}}+\\{{1,2}}\1(?![A-Za-z0-9]))",
            regex.I,
        )
        spans = sorted(spans + [m.span() for m in head.finditer(text)])
    return [s for s in spans if not in_library_tail(text, s[0]) and not public_host_label(text, *s)]


_HOST_CHARS = regex.compile(r"[A-Za-z0-9.-]*+")
_URL_HOST_HEAD = regex.compile(r"[A-Za-z][A-Za-z0-9+.-]{0,30}+://(?:[^\s/@]{1,200}+@)?+$")
_BARE_HOST_SUFFIX = regex.compile(r"\.(?:com|org|net|io|edu|gov)$")


def public_host_label(text: str, start: int, end: int) -> bool:
    """Whether a learned name at ``text[start:end]`` is the registrable label of a public DNS
    host name after a subdomain (``packagemanager.<n>.com``, ``cran.<n>.com``,
    ``docs.<n>.io``, ``www.<n>.org``): the host of a URL (``scheme://[userinfo@]host``) or a
    bare host name after a blank, quote or bracket under ``.com``, ``.org``, ``.net``, ``.io``,
    ``.edu`` or ``.gov`` (``Resolving <host> (<host>)``, ``Could not resolve host: <host>``).
    Such a host is a project's or a company's site that a tool's account merely spells
    (rocker's ``rstudio`` and ``packagemanager.rstudio.com``), never replaced inside. The
    host's first label still goes (``<n>.github.io``, ``<n>.gitlab.io``: a user's site), and so
    does a host that is the name and its suffix alone (``<n>.com``), a path's segment
    (``gitlab.com/<n>/``), the login of ``<n>@host``, and a dotted file name (``a.<n>.py``:
    no URL, no such suffix), and a host under a domain that the text's own e-mail addresses
    are at (``https://sso.<n>.dev/…`` beside ``<first>@<n>.dev``: a person's own domain, the
    label a surname). Since 1.111.0 (stop 58, batch 152's tune damage)."""
    if start == 0 or text[start - 1] != "." or text[end : end + 1] != ".":
        return False
    head = regex.search(r"[A-Za-z0-9.-]*+$", text[max(0, start - 300) : start])
    host_start = start - (len(head.group(0)) if head else 0)
    tail = _HOST_CHARS.match(text, end)
    host = text[host_start : tail.end() if tail else end].rstrip(".-")
    before = text[max(0, host_start - 240) : host_start]
    bare = not before or before[-1] in " \t\n'\"(<[=,"
    if _URL_HOST_HEAD.search(before) is None and not (bare and _BARE_HOST_SUFFIX.search(host)):
        return False
    from intake.scrub.recognizers import registrable_name

    parts = registrable_name(host)
    if parts is None or not parts[0] or parts[1] != text[start:end].lower():
        return False
    # a domain the text's own addresses are at is its people's (``sso.<n>.dev`` beside
    # ``<first>@<n>.dev``): it goes, as the addresses do
    domain = regex.escape(host[len(parts[0]) + 1 :])
    return regex.search(rf"@(?:[A-Za-z0-9-]++\.)*{domain}(?![A-Za-z0-9-])", text, regex.I) is None


def pager_cuts(text: str, names: frozenset[str]) -> list[Finding]:
    """A learned login's first letters where a pager cut a long line inside it (journalctl,
    ``less -S``: ``… configuration for kevl>``): a word of its own after a space or a tab, at
    least 4 letters (3 on a line that names the login, as a user unit's journal does:
    ``hm-activate-kevlund[583]: … for kev>``), replaced by the login's own fixture (``names``);
    not ``….example.com>`` nor ``….stanford.edu>``."""
    cuts = {n[:k]: n for n in sorted(names, reverse=True) if len(n) >= 5 for k in range(3, len(n))}
    if not cuts or ">" not in text:
        return []
    cut_rx = regex.compile(
        r"(?m)^([^\n]{50,}?[ \t])("
        + "|".join(regex.escape(c) for c in sorted(cuts, key=len, reverse=True))
        + r")(?=>[ \t]*+\r?$)",
        regex.I,
    )
    return [
        Finding("USER_NAME", m.start(2), m.end(2), names=(cuts[m.group(2).lower()],))
        for m in cut_rx.finditer(text)
        if len(m.group(2)) >= 4 or cuts[m.group(2).lower()] in m.group(1).lower()
    ]


def homed_work_folders(text: str, names: frozenset[str]) -> list[Finding]:
    """A learned login glued before the 16 hex digits of systemd-homework's work folder
    (``.#<login><16 hex>``, the name of a home being made, in an AVC denial's ``name=``), which
    a name as a word of its own never reaches; replaced by the login's own fixture (``names``).
    Since 1.35.0 (stop 51)."""
    if ".#" not in text or not names:
        return []
    rx = _words(names, r"(?=[0-9a-f]{16}(?![0-9A-Za-z]))")
    return [
        Finding("USER_NAME", m.start(), m.end(), names=(m.group().lower(),))
        for m in rx.finditer(text)
        if text.endswith(".#", 0, m.start())
    ]


def mac_host_logins(text: str, names: frozenset[str]) -> list[Finding]:
    """A learned login glued to the start of the host name in macOS's default prompt
    (``user_names.yaml``'s ``mac_prompt``, ``<Login>uoMBP329:~ <login>$``: a Mac named after its
    owner, the login of that same prompt), which a name as a word of its own never reaches;
    replaced by the login's fixture, in any case. Since 1.36.0 (stop 51)."""
    if not names or "$" not in text and "%" not in text:
        return []
    out: list[Finding] = []
    prompts = list(_rule("mac_prompt").finditer(text))
    if _marked("mac_bash_prompt", text):  # a capitalised login's (``<U>sMacPro:~ <U>$``, 1.124.0)
        prompts += _rule("mac_bash_prompt").finditer(text)
    for m in prompts:
        login, host = m.group("u").lower(), m.group("host")
        if (
            login in names
            and len(login) >= 3
            and len(host) > len(login)
            and host.lower().startswith(login)
            and host[len(login)].isalnum()
        ):
            start = m.start("host")
            # no names: a capitalised login takes its lower-case form's fixture (fixture_for)
            out.append(Finding("USER_NAME", start, start + len(login)))
    return out


_GLUED_SUFFIX = regex.compile(r"[A-Z0-9]{1,8}+")
_MSYS_SUFFIX = regex.compile(r"[A-Z0-9][A-Za-z0-9-]{0,12}+")


def glued_host_logins(text: str, names: frozenset[str]) -> list[Finding]:
    """A learned login glued to the start of the host name in its own prompt (``user_names.yaml``'s
    ``glued_host_prompt``, bash's ``\\u@\\h:\\w\\$``): ``<u>@<u>LT:~$``, the host the login with
    capitals or digits after it and no separator (``LT``, ``PC01``, ``X1``), which a name as a
    word of its own never reaches; replaced by the login's fixture, also where the text names the
    same host elsewhere (Open MPI's ``[<u>1700:<pid>]``, since 1.46.0). Role and image accounts
    (``root@rootLT``) are never learned, so they stay. Since 1.38.0 (stop 52)."""
    if not names or "@" not in text:
        return []
    hosts: dict[str, int] = {}  # a glued host: its login's length
    # since 1.113.0 (stop 58) also an MSYS, Git Bash or Cygwin prompt's host (``msys_host_prompt``:
    # ``<u>@<u>0-w  /c/…``), its suffix a Windows machine name's rest (``0-w``, ``PC-01``)
    for rule, suffix in (("glued_host_prompt", _GLUED_SUFFIX), ("msys_host_prompt", _MSYS_SUFFIX)):
        for m in _rule(rule).finditer(text):
            login, host = m.group("u").lower(), m.group("host")
            if (
                login in names
                and host.lower().startswith(login)
                and suffix.fullmatch(host, len(login)) is not None
            ):
                hosts[host.lower()] = len(login)
    if not hosts:
        return []
    # the same host wherever the text names it (Open MPI's ``[<host>:<pid>]`` prefix), since
    # 1.46.0 (stop 53)
    return [
        Finding("USER_NAME", m.start(), m.start() + hosts[m.group().lower()])
        for m in _words(hosts, r"(?![A-Za-z0-9-])").finditer(text)
    ]


def _login_name_parts(names: frozenset[str]) -> dict[str, str]:
    """A learned login's name parts, each to its login: the login less a trailing or a leading
    initial (``kernb``, ``bkern``: ``kern``; the reverse of ``derived_logins``' ``desmondk`` and
    ``dkirby``) and the pieces of a login joined by ``.``, ``_`` or ``-`` (``wiebke.sauer``:
    ``wiebke``, ``sauer``), three letters or more and no role or account word (``_a_name``:
    ``jadmin`` makes no ``admin``)."""
    parts: dict[str, str] = {}
    for login in sorted(names):
        pieces = regex.split(r"[._-]", login)
        if len(pieces) > 1:
            made = pieces
        elif login.isalpha():
            made = [login[:-1], login[1:]]  # an initial after or before the name
        else:
            continue
        for part in made:
            if len(part) >= 3 and part.isalpha() and part != login and _a_name(part):
                parts.setdefault(part, login)
    return parts


def named_host_logins(text: str, names: frozenset[str]) -> list[Finding]:
    """A machine named after its owner, ``<Name>-Desktop``/``-PC``/``-Laptop``
    (``user_names.yaml``'s ``named_host``: an ``sfdx.log`` record's ``"hostname":"Kern-Desktop"``),
    where the name is a learned login's name part (``_login_name_parts``: ``C:\\Users\\kernb``);
    replaced by that login's fixture (``names``). The login itself in a host (``kernb-PC``)
    is a word of its own, replaced already. Since 1.84.0 (stop 56, batch 129)."""
    hosts = list(_rule("named_host").finditer(text)) if names and "-" in text else []
    parts = _login_name_parts(names) if hosts else {}
    return [
        Finding("USER_NAME", m.start(1), m.end(1), names=(parts[m.group(1).lower()],))
        for m in hosts
        if m.group(1).lower() in parts
    ]


def mac_hyphen_host_logins(text: str, names: frozenset[str]) -> list[Finding]:
    """A learned login with an underscore in its Mac's default host name, the underscore a
    hyphen there (a Bonjour name holds letters, digits and hyphens only, Apple Support HT3056,
    and macOS makes the local host name from the computer name ``<name>'s MacBook Pro``):
    ``jo_mirk`` of ``jo-mirks-MBP:<dir> jo_mirk$``, ``jo-mirks-MacBook-Pro``; replaced by the
    login's fixture (``names``) before ``s-MBP``, ``s-MacBook…``, ``s-iMac``, ``deMacBook``
    (``_MAC_MODEL``) only. Since 1.84.0 (stop 56, batch 129)."""
    hyphened = {n.replace("_", "-"): n for n in names if "_" in n}
    if not hyphened or "Mac" not in text and "MBP" not in text:
        return []
    return [
        Finding("USER_NAME", m.start(), m.end(), names=(hyphened[m.group().lower()],))
        for m in _words(hyphened, _MAC_MODEL).finditer(text)
    ]


def _names_in_path(text: str, c: Finding, spans: set[tuple[int, int]]) -> Finding:
    """A path whose inner findings include learned names: those move to ``names``, so the
    path keeps its folders and only the names are replaced (``_home_fixture``)."""
    if c.entity_type != "FILE_PATH" or not c.inner:
        return c
    learned = [i for i in c.inner if (i.start, i.end) in spans]
    if not learned:
        return c
    rest = tuple(i for i in c.inner if (i.start, i.end) not in spans)
    return c._replace(inner=rest, names=tuple(text[i.start : i.end] for i in learned))


def _properties_path(plain: str) -> str:
    """A plain Windows path written as a Java .properties value writes it (``C\\:\\\\Users``)."""
    return plain[0] + "\\:" + plain[2:].replace("\\", "\\\\")


def _unescape_path(path: str) -> tuple[str, Callable[[str], str] | None]:
    """A path written escaped (``\\/``, ``%2F``, ``John\\ Smith``, ``C:\\\\\\\\Users``) made plain,
    and the function that escapes a plain path the same way (None when it was plain)."""
    if path[1:3] == "\\:":
        # a Java .properties value: C\:\\Users\\u (the drive's colon escaped, separators doubled)
        return path[0] + ":" + path[3:].replace("\\\\", "\\"), _properties_path
    if path[1:4] in ("%3A", "%3a"):
        # a file: URL's percent-encoded drive colon: c%3A/Users/u
        colon = path[1:4]
        return path[0] + ":" + path[4:], lambda p: p[0] + colon + p[2:]
    if "\\/" in path:
        return path.replace("\\/", "/"), lambda p: p.replace("/", "\\/")
    if path[:3] in ("%2F", "%2f"):
        return _PERCENT_SLASH.sub("/", path), lambda p: p.replace("/", "%2F")
    if path.startswith("\\\\\\\\") and "\\\\\\\\" not in path[4:]:
        # a UNC path escaped once (JSON in plain text): \\\\wsl$\\Ubuntu\\home\\u
        return path.replace("\\\\", "\\"), lambda p: p.replace("\\", "\\\\")
    if "\\\\\\\\" in path:
        return path.replace("\\\\\\\\", "\\"), lambda p: p.replace("\\", "\\\\\\\\")
    if "\\ " in path and path.startswith("/"):
        return path.replace("\\ ", " "), lambda p: p.replace(" ", "\\ ")
    return path, None


_KEY_SEP = regex.compile(r"(?:\r?\n|(?:(?:\\)?\\r)?(?:\\)?\\n)[ \t]*+")
"""A line break inside a key block: real, JSON-escaped or double-escaped, with indentation."""


class Scrubber:
    """A Presidio analyzer built from ``scrubbers/`` plus the fixture and allow-list rules.

    Build it with ``get_scrubber()`` (cached). Thread-safe for ``scrub_text``/``find``; give each
    document its own ``FixtureMap``. ``fast=False`` uses Presidio's stock ``analyze`` and context
    step (same results, slower): the reference the equivalence tests and benchmark use.
    ``batch_chars=0`` analyses every string of a structured file on its own and keeps nothing
    between scans (the reference of the batched analysis, ``_batched_raw``, and its memo).
    """

    def __init__(
        self,
        scrubbers_dir: Path | None = None,
        *,
        spacy_model: str | None = None,
        regex_timeout: float = REGEX_TIMEOUT_SECONDS,
        chunk_chars: int = CHUNK_CHARS,
        chunk_margin: int = CHUNK_MARGIN,
        fast: bool = True,
        max_chars: int = MAX_TEXT_CHARS,
        batch_chars: int = BATCH_CHARS,
    ) -> None:
        self.scrubbers_dir = (scrubbers_dir or packaged_scrubbers_dir()).resolve()
        if not self.scrubbers_dir.is_dir():
            raise ConfigError("scrubbers folder not found", where=str(self.scrubbers_dir))
        self.spacy_model = spacy_model
        self.regex_timeout = regex_timeout
        self.chunk_chars = max(1024, chunk_chars)
        self.chunk_margin = max(0, chunk_margin)
        self.fast = fast
        self.max_chars = max_chars
        self.batch_chars = batch_chars
        self._memo: dict[str, tuple[Finding, ...]] = {}
        self._memo_chars = 0
        self.config_hash = scrubber_config_hash(self.scrubbers_dir)
        self.allow_rules = load_allow_rules(self.scrubbers_dir / "allow.yaml")
        self._allow_by_type: dict[str, tuple[regex.Pattern[str], ...]] = {}
        self.fixtures = load_fixture_config(self.scrubbers_dir / "fixtures.yaml")
        self._trap = _WarningTrap()
        self.analyzer: AnalyzerEngine = self._build_analyzer()

    # -- construction ------------------------------------------------------------------

    def _build_analyzer(self) -> AnalyzerEngine:
        """Presidio's engine over ``scrubbers/``; without a spaCy model, the lean one.

        A fast scrubber with no ``spacy_model`` loads the registry with Presidio's own loader
        and runs it with ``LeanAnalyzer`` (``intake.scrub.presidio``): neither needs spaCy or
        Presidio's NLP engines, whose import is most of a scrubbing process's start. With a
        ``spacy_model``, or ``fast=False`` (the reference), it is Presidio's ``AnalyzerEngine``.
        """
        os.environ["TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS"] = ""
        # Importing them registers the `type: predefined` classes.
        from intake.scrub.context import IntakeAssignedSecretRecognizer, load_secret_names
        from intake.scrub.presidio import LeanAnalyzer, light, load_registry
        from intake.scrub.recognizers import FastPatternRecognizer

        pattern_module = light("pattern_recognizer")
        PatternRecognizer = pattern_module.PatternRecognizer  # noqa: N806
        # A module global read at match time; Presidio's default is 60 s per pattern.
        pattern_module.REGEX_TIMEOUT_SECONDS = self.regex_timeout

        lean = self.fast and not self.spacy_model
        registry_file = self.scrubbers_dir / "recognizers.yaml"
        if not registry_file.is_file():
            raise ConfigError("recognizer registry is missing", where=str(registry_file))
        self.secret_names = load_secret_names(self.scrubbers_dir / "secret_names.yaml")
        # providers.yaml (provider token formats) is a second file in the same format.
        provider_file = self.scrubbers_dir / "providers.yaml"
        extra_files = [provider_file] if provider_file.is_file() else []
        current = registry_file
        try:
            load: Callable[[RegistryFile], Any] = load_registry if lean else _provider_registry

            registry = _with_token_rules(load, _registry_configuration(registry_file))
            for current in extra_files:
                extra = _with_token_rules(load, _registry_configuration(current))
                for recognizer in extra.recognizers:
                    registry.add_recognizer(recognizer)
        except Exception as exc:
            raise ConfigError(
                f"recognizer registry cannot be loaded: {type(exc).__name__}",
                where=str(current),
                hint="check the YAML against Presidio's recognizer-registry format",
            ) from exc

        # `type: custom` entries come back as plain PatternRecognizer instances; give them the
        # lean match loop of FastPatternRecognizer (same state, same semantics; see its doc).
        for recognizer in registry.recognizers:
            if type(recognizer) is PatternRecognizer:
                recognizer.__class__ = FastPatternRecognizer
            if isinstance(recognizer, FastPatternRecognizer):
                recognizer.stock_analysis = not self.fast
            if isinstance(recognizer, IntakeAssignedSecretRecognizer):
                recognizer.configure(self.secret_names)
        logger = logging.getLogger("presidio-analyzer")
        if self._trap not in logger.handlers:
            logger.addHandler(self._trap)
        entity_cls = light("entity_recognizer").EntityRecognizer
        default = entity_cls.enhance_using_context
        if lean and all(type(r).enhance_using_context is default for r in registry.recognizers):
            engine: Any = LeanAnalyzer(registry)
            return cast("AnalyzerEngine", engine)
        return self._presidio_engine(registry)

    def _presidio_engine(self, registry: Any) -> AnalyzerEngine:
        """Presidio's ``AnalyzerEngine`` (imports spaCy) with a context enhancer that changes
        nothing; ``registry`` is a ``RecognizerRegistry`` or a ``LeanRegistry``."""
        from presidio_analyzer import AnalyzerEngine  # noqa: TID251
        from presidio_analyzer.context_aware_enhancers import ContextAwareEnhancer  # noqa: TID251
        from presidio_analyzer.nlp_engine import NlpEngineProvider  # noqa: TID251
        from presidio_analyzer.recognizer_registry import RecognizerRegistry  # noqa: TID251

        if not isinstance(registry, RecognizerRegistry):
            registry = RecognizerRegistry(
                recognizers=registry.recognizers,
                supported_languages=registry.supported_languages,
                global_regex_flags=registry.global_regex_flags,
            )

        class NoContextEnhancer(ContextAwareEnhancer):
            def __init__(self) -> None:
                super().__init__(0.0, 0.0, 0, 0)

            def enhance_using_context(
                self,
                text: str,
                raw_results: list[RecognizerResult],
                nlp_artifacts: Any,
                recognizers: Any,
                context: list[str] | None = None,
            ) -> list[RecognizerResult]:
                return raw_results

        nlp_engine = self._nlp_engine(NlpEngineProvider, registry)
        return AnalyzerEngine(
            registry=registry,
            nlp_engine=nlp_engine,
            supported_languages=["en"],
            context_aware_enhancer=NoContextEnhancer(),
        )

    def _nlp_engine(self, provider_cls: Any, registry: Any) -> Any:
        if not self.spacy_model:
            no_op = [{"lang_code": "en", "model_name": "no_op"}]
            return provider_cls(
                nlp_configuration={"nlp_engine_name": "no_op", "models": no_op}
            ).create_engine()
        import spacy.util
        from presidio_analyzer.predefined_recognizers import SpacyRecognizer  # noqa: TID251

        name = self.spacy_model
        # Presidio downloads any model it cannot find; refuse before it gets the chance.
        if not (spacy.util.is_package(name) or Path(name).is_dir()):
            raise ConfigError(
                f"spaCy model {name!r} is not installed",
                hint="install the model package or unset spacy_model (intake never downloads)",
            )
        conf = {
            "nlp_engine_name": "spacy",
            "models": [{"lang_code": "en", "model_name": name}],
            "ner_model_configuration": {
                "model_to_presidio_entity_mapping": {
                    "PERSON": "PERSON",
                    "PER": "PERSON",
                    "GPE": "LOCATION",
                    "LOC": "LOCATION",
                },
                "labels_to_ignore": ["ORG", "DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY"],
            },
        }
        engine = provider_cls(nlp_configuration=conf).create_engine()
        nlp = engine.nlp["en"]  # create_engine loads the models: {lang_code: spaCy Language}
        nlp.max_length = max(nlp.max_length, self.chunk_chars + 2 * self.chunk_margin + 1)
        registry.add_recognizer(SpacyRecognizer(supported_entities=["PERSON", "LOCATION"]))
        return engine

    # -- analysis ----------------------------------------------------------------------

    def _analyze(self, text: str, where: str) -> list[RecognizerResult]:
        self._trap.start()
        try:
            results = self.analyzer.analyze(text=text, language="en")
        except Exception as exc:
            raise ScrubError(
                f"scrubber failed: analyzer error {type(exc).__name__}; nothing was written",
                where=where,
            ) from None
        finally:
            records = self._trap.stop()
        if records:
            timed_out = any("timed out" in r.getMessage() for r in records)
            what = (
                "a detection pattern timed out" if timed_out else "the analyzer reported a problem"
            )
            raise ScrubError(
                f"scrubber failed closed: {what}; nothing was written",
                where=where,
                hint="split the text or report the input shape (never the text) as a bug",
            )
        return list(results)

    def _windows(self, text: str) -> Iterator[tuple[int, int, int, int]]:
        """(window start, window end, core start, core end) covering ``text``."""
        n = len(text)
        if n <= self.chunk_chars + self.chunk_margin:
            yield 0, n, 0, n
            return
        core_start = 0
        while core_start < n:
            core_end = min(n, core_start + self.chunk_chars)
            if core_end < n:
                nl = text.rfind("\n", core_start + self.chunk_chars // 2, core_end)
                if nl > 0:
                    core_end = nl + 1
            w_start = max(0, core_start - self.chunk_margin)
            if w_start > 0:
                nl = text.find("\n", w_start, core_start)
                w_start = nl + 1 if nl >= 0 else w_start
            w_end = min(n, core_end + self.chunk_margin)
            yield w_start, w_end, core_start, core_end
            core_start = core_end

    def _raw_candidates(self, text: str, where: str) -> list[Finding]:
        out: list[Finding] = []
        append = out.append
        for w_start, w_end, c_start, c_end in self._windows(text):
            piece = text if (w_start, w_end) == (0, len(text)) else text[w_start:w_end]
            for r in self._analyze(piece, where):
                start = r.start + w_start
                if c_start <= start < c_end:
                    append(Finding(r.entity_type, start, r.end + w_start, float(r.score)))
        return out

    def _allow_patterns(self, entity_type: str) -> tuple[regex.Pattern[str], ...]:
        """The allow-list patterns that apply to ``entity_type``, in file order (cached)."""
        found = self._allow_by_type.get(entity_type)
        if found is None:
            found = tuple(r.pattern for r in self.allow_rules if r.applies(entity_type))
            self._allow_by_type[entity_type] = found
        return found

    def _tidy(self, text: str, cands: list[Finding]) -> list[Finding]:
        kept: list[Finding] = []
        append = kept.append
        allow = self._allow_patterns
        rank = self.fixtures.rank
        for c in cands:
            entity_type, start, end = c.entity_type, c.start, c.end
            if entity_type == "FILE_PATH":
                while end > start and text[end - 1] in ".,:;!?'\")]}`":
                    end -= 1
                if end > start and not user_bearing(text[start:end]):
                    continue
                end = _name_extent(text, start, end)
            if end <= start:
                continue
            if entity_type in _ENCODED_TYPES and self._encoded_fixture_span(text[start:end]):
                continue
            if (
                entity_type != "FILE_PATH"
                and (
                    self._holds_fixture(text, start, end)
                    # a name's fixture (token: user1) is a scrubbed name, not a secret
                    or (entity_type in _ENCODED_TYPES and self.is_name_fixture(text[start:end]))
                    or _url_password_is_name_fixture(entity_type, text[start:end])
                )
            ):
                continue
            if entity_type == "HIGH_ENTROPY_SECRET" and self._public_text(text[start:end]):
                continue
            if entity_type == "EMAIL_ADDRESS" and (
                _URL_USERINFO.search(text, max(0, start - 256), start)
                or text.endswith("://", 0, start)
                or _URL_ENCODED_USERINFO.search(text, max(0, start - 256), start)
                or _extension_uuid(text, start, end)
                or _kubeconfig_role_user(text, start, end)
                or _ssh_repository_target(text, start, end)
                or _ssh_destination(text, start)
                or _pbs_job_owner(text, start, end)
                or _irc_ident_at_host(text, start)
                or _LEVEL_AT_LOGGER.match(text, start) is not None
                or _sip_uri_or_prompt(text, start, end)
            ):
                # scheme://user:pw@host: the password is URL_CREDENTIALS' to judge;
                # scheme://login@host: a login (learned as a name), never an e-mail; a GNOME
                # Shell extension's uuid (name@author.domain) is a public id; a kubeconfig's
                # user nickname for a role at the cluster's own domain names no one
                continue
            if (
                entity_type not in _NOT_JUDGED
                and rank(entity_type) >= SECRET_PRIORITY
                and (
                    illustrative(text[start:end])
                    or marked_redacted(text, end)
                    or _public_id(text, start, end)
                    or _minisign_public(text, start, end)
                    or _demonstration_url_password(text, start, end)
                )
            ):
                # written to illustrate a secret (scrub/illustrative.py), or a public id where
                # a secret's shape stands (_PUBLIC_IDS)
                continue
            patterns = allow(entity_type)
            if patterns:
                span = text[start:end]
                if any(p.search(span) for p in patterns):
                    continue
                if entity_type == "FILE_PATH":
                    plain, encode = _unescape_path(span)
                    if encode is not None and any(p.search(plain) for p in patterns):
                        continue
            append(Finding(entity_type, start, end, c.score))
        return kept

    def _holds_fixture(self, text: str, start: int, end: int) -> bool:
        """Whether a fixture sits in ``text[start:end]``: a scrubbed value is never re-matched.

        ``https://x-access-token:ghp_FAKE…1@github.com`` is not an e-mail address on the second
        pass, and a span holding a fixture is never widened over its neighbours.
        """
        marker = self.fixtures.marker
        i = text.find(marker, start, end)
        while i >= 0:
            if (i == 0 or not text[i - 1].isalnum()) and _FIXTURE_AT.match(
                text, i + len(marker), end
            ):
                return True
            i = text.find(marker, i + 1, end)
        return False

    def _clean(self, decoded: str | None) -> bool:
        """Whether a value's decoded text holds nothing private. Encoding is not secrecy: what
        it says is scanned like any text, and a finding in it (a password inside) keeps the
        value."""
        return decoded is not None and not self.find(decoded)

    def _public_text(self, span: str) -> bool:
        """Whether an unnamed random-looking run is public: base64 of JSON that holds nothing
        private (a JWT's header on its own, ``{"alg":"HS256","typ":"JWT"}``), an alphabet
        written out (``abc…xyzABC…Z0123456789``, ``2abcdefghijklmnopqrstuvwxyz_zyxw…``), or base64
        of a certificate, of prose or of an alphabet, decoded before it is judged."""
        if self._clean(decode_b64_json(span)) or _consecutive(span):
            return True
        decoded = _decode_b64_text(span)
        if decoded is None:
            return False
        if _PUBLIC_PEM.match(decoded.lstrip()) and "PRIVATE KEY" not in decoded:
            return True  # a certificate or public key (a kubeconfig's CA data) is public
        return (_consecutive(decoded) or _prose(decoded)) and self._clean(decoded)

    def _encoded_fixture_span(self, span: str) -> bool:
        """Whether ``span`` is base64 of text that is already scrubbed: it holds one of our
        fixtures, a secret's (``FAKE…``) or a name's (``user1@example.com``, the base64 of a
        CRAM-MD5 answer ``<address> <digest>`` once its address is replaced), and nothing
        private."""
        decoded = _decode_b64_text(span)
        if decoded is None:
            return False
        holds = _holds_marker(decoded, self.fixtures.marker) or any(
            self.is_name_fixture(word) for word in _FIXTURE_WORDS.split(decoded)
        )
        return holds and self._clean(decoded)

    def _resolve(self, cands: list[Finding]) -> list[Finding]:
        """Non-overlapping winners in text order (see fixtures.yaml ``priority``).

        Findings are split into clusters of transitively overlapping spans first, so the
        cost stays linear in the number of findings; each cluster is settled on its own.
        """
        out: list[Finding] = []
        cluster: list[Finding] = []
        cluster_end = -1
        for c in sorted(cands, key=lambda c: (c.start, -c.end)):
            if cluster and c.start >= cluster_end:
                out.extend(self._resolve_cluster(cluster))
                cluster = []
            cluster.append(c)
            cluster_end = max(cluster_end, c.end) if len(cluster) > 1 else c.end
        if cluster:
            out.extend(self._resolve_cluster(cluster))
        return out

    def _resolve_cluster(self, cands: list[Finding]) -> list[Finding]:
        if len(cands) == 1:
            return cands
        rank = self.fixtures.rank
        order = sorted(
            cands, key=lambda c: (-rank(c.entity_type), -c.score, -(c.end - c.start), c.start)
        )
        accepted: list[Finding] = []
        for c in order:
            hits = [a for a in accepted if a.start < c.end and c.start < a.end]
            if not hits:
                accepted.append(c)
                continue
            container = next((a for a in hits if a.start <= c.start and c.end <= a.end), None)
            if container is not None:
                accepted.remove(container)
                accepted.append(container._replace(inner=(*container.inner, c), names=()))
                continue
            if c.entity_type == "EMAIL_ADDRESS":
                continue
            start = min(c.start, *(a.start for a in hits))
            end = max(c.end, *(a.end for a in hits))
            contains_all = all(c.start <= a.start and a.end <= c.end for a in hits)
            winner = (
                c
                if contains_all and c.entity_type == "FILE_PATH"
                else max(hits, key=lambda a: (rank(a.entity_type), a.score))
            )
            inner = tuple(a for a in hits if a is not winner)
            if winner is not c:
                inner += (c,)
            for a in hits:
                accepted.remove(a)
            # c overlaps every hit, so the union is one interval and touches no other winner.
            accepted.append(
                Finding(winner.entity_type, start, end, winner.score, (*winner.inner, *inner))
            )
        return sorted(accepted, key=lambda c: c.start)

    def _candidates_many(self, items: Sequence[tuple[str, str]]) -> list[list[Finding]]:
        """The candidates of each text, the short ones analysed in batches (``_batched_raw``).

        Each text is checked for size and normalised on its own (``intake.scrub.normalise``: a
        zero-width character, a full-width @ or an HTML entity no longer splits or hides a
        value); the analysis of the normalised texts is shared; each text's candidates are
        tidied on its own text and mapped back, exactly as when it is analysed alone."""
        scans = [self._to_scan(where, text) for where, text in items]
        raw = iter(self._batched_raw([(w, t) for w, t, _ in filter(None, scans)]))
        out: list[list[Finding]] = []
        for scan in scans:
            if scan is None:
                out.append([])
                continue
            where, text, norm = scan
            cands = self._tidy(text, next(raw))
            if "data:" in text:
                cands.extend(self._data_uri_candidates(text, where))
            if norm is not None:
                cands = [c._replace(start=norm.start(c.start), end=norm.end(c.end)) for c in cands]
            out.append(cands)
        return out

    def _to_scan(self, where: str, text: str) -> tuple[str, str, Any] | None:
        """(where, the text analysed, its ``Normalised`` map or ``None``); ``None`` for a blank
        text. ``InputError`` for one over ``max_chars``."""
        refuse_oversized(len(text), "text", where=where, limit=self.max_chars)
        if not text.strip():
            return None
        if not needs_normalising(text):
            return where, text, None
        norm = normalise(text)
        return where, norm.text, norm

    def prepare(self, texts: Iterable[str]) -> None:
        """Analyse ``texts`` ahead, together, for the scans that follow (``scan_paths`` passes
        the strings of many files at once, so short files share batches too). Nothing is
        found or raised here: a text that cannot be analysed is left to the scan that meets
        it, which reports it where it stands."""
        if self.batch_chars <= 0:
            return  # the per-string reference analyses each text when it is scanned
        todo: dict[str, str] = {}
        for text in texts:
            if len(text) <= _MEMO_TEXT_CHARS and text not in self._memo:
                try:
                    scan = self._to_scan("$", text)
                except IntakeError:
                    continue
                if scan is not None and scan[1] not in self._memo:
                    todo[scan[1]] = "$"
        if todo:
            with contextlib.suppress(IntakeError):
                self._batched_raw([(w, t) for t, w in todo.items()])

    def _batched_raw(self, items: Sequence[tuple[str, str]]) -> list[list[Finding]]:
        """``_raw_candidates`` of each text; short texts share one analysis per batch.

        A structured file is thousands of short strings, and each ``analyze`` call costs the
        same fixed time however short its text. Texts that one window would hold anyway are
        joined with ``_BATCH_SEP`` (a line holding only a NUL: every rule's value, name and
        context stops at a line break, and the NUL line keeps a name on the line above from
        reaching a value below), analysed at once, and each result is mapped back by offset. A
        batch in which any result touches a separator (a rule that read across) is analysed
        again text by text, as is any batch whose analysis fails (so the error names the
        text), and any text that holds a NUL itself."""
        out: list[list[Finding] | None] = [None] * len(items)
        limit = min(self.batch_chars, self.chunk_chars)
        batch: list[int] = []
        size = 0

        def flush() -> None:
            nonlocal size
            if len(batch) == 1:
                where, text = items[batch[0]]
                out[batch[0]] = self._raw_candidates(text, where)
            elif batch:
                found_all = self._raw_batch([items[i] for i in batch])
                for i, found in zip(batch, found_all, strict=True):
                    out[i] = found
            batch.clear()
            size = 0

        memo = self._memo if self.batch_chars > 0 else {}
        for i, (where, text) in enumerate(items):
            known = memo.get(text)
            if known is not None:
                out[i] = list(known)
                continue
            if len(text) > limit or "\x00" in text:
                out[i] = self._raw_candidates(text, where)
                continue
            if batch and size + len(text) + len(_BATCH_SEP) > limit:
                flush()
            batch.append(i)
            size += len(text) + len(_BATCH_SEP)
        flush()
        self._remember(items, out)
        return [found if found is not None else [] for found in out]

    def _remember(
        self, items: Sequence[tuple[str, str]], found: Sequence[list[Finding] | None]
    ) -> None:
        """Keep the analysis of short texts for later scans in this process: a text's raw
        results depend on the text alone (the same keys and values recur across a suite's
        files). Bounded: the memo is emptied when it holds ``_MEMO_CHARS`` characters."""
        memo = self._memo
        if self.batch_chars <= 0:
            return  # the per-string reference keeps nothing
        for (_, text), cands in zip(items, found, strict=True):
            if cands is None or len(text) > _MEMO_TEXT_CHARS or text in memo:
                continue
            if self._memo_chars + len(text) > _MEMO_CHARS:
                memo.clear()
                self._memo_chars = 0
            memo[text] = tuple(cands)
            self._memo_chars += len(text)

    def _raw_batch(self, items: Sequence[tuple[str, str]]) -> list[list[Finding]]:
        starts: list[int] = []
        pos = 0
        for _, text in items:
            starts.append(pos)
            pos += len(text) + len(_BATCH_SEP)
        joined = _BATCH_SEP.join(text for _, text in items)
        try:
            results = self._analyze(joined, items[0][0])
        except ScrubError:
            return [self._raw_candidates(text, where) for where, text in items]
        out: list[list[Finding]] = [[] for _ in items]
        for r in results:
            k = bisect.bisect_right(starts, r.start) - 1
            base = starts[k]
            if r.end > base + len(items[k][1]):
                # a result reaching into a separator: analyse each text alone
                return [self._raw_candidates(text, where) for where, text in items]
            out[k].append(Finding(r.entity_type, r.start - base, r.end - base, float(r.score)))
        return out

    def _data_uri_candidates(self, text: str, where: str) -> list[Finding]:
        """A ``data:`` URI whose payload is text: its payload is scanned like any text.

        Findings inside make the payload a secret (replaced by the base64 of its scrubbed text,
        see ``fixture_for``); a clean payload is kept whole (a KEEP span shields it from the
        high-entropy check). Binary payloads (images, fonts) are kept by the registry's rule.
        """
        out: list[Finding] = []
        for m in _TEXT_DATA_URI.finditer(text):
            payload = m.group("payload")
            decoded = _decode_b64_text(payload)
            if decoded is None:
                continue
            start, end = m.span("payload")
            if self.find(decoded, json_path=where):
                out.append(Finding("GENERIC_SECRET", start, end, 0.9))
            else:
                out.append(Finding("KEEP_PUBLIC_MATERIAL", m.start(), end, 0.9))
        return out

    def _finish(self, text: str, cands: list[Finding], names: frozenset[str]) -> list[Finding]:
        if ":user/" in text:
            cands = cands + _arn_word_users(text)
        cands = cands + _database_url_users(text)
        spans: set[tuple[int, int]] = set()
        if names:
            spans.update(user_name_spans(text, names))
            cands = cands + [Finding("USER_NAME", s, e) for s, e in spans]
            cands += pager_cuts(text, names)
            cands += homed_work_folders(text, names)
            cands += mac_host_logins(text, names)
            cands += glued_host_logins(text, names)
            cands += named_host_logins(text, names)
            cands += mac_hyphen_host_logins(text, names)
            cands += named_hosts(text, names)
        resolved = self._resolve(cands)
        if spans:
            resolved = [_names_in_path(text, c, spans) for c in resolved]
        kept = [c for c in resolved if not c.entity_type.startswith("KEEP_")]
        if "\n" in text and kept:
            kept = self._join_wraps(text, kept)
        return kept

    def _join_wraps(self, text: str, cands: list[Finding]) -> list[Finding]:
        """A secret cut by a soft wrap takes its tail: ``xoxb-…-`` ⏎ ``AbCd…``, a JWT whose
        signature goes on, a token in a ``> `` quoted reply wrapped onto the next quoted line.

        The secret must end its line, and the next line (after indentation and ``>`` quote
        marks) must be one run of token characters, with a letter and a digit, ending that
        line, where no other finding starts. The tail joins the secret's span; the fixture is
        that of the joined token.
        """
        rank = self.fixtures.rank
        starts = {c.start for c in cands}
        out: list[Finding] = []
        for c in cands:
            if rank(c.entity_type) >= SECRET_PRIORITY and c.entity_type != "FILE_PATH":
                m = _WRAP_TAIL.match(text, c.end)
                if m and m.start("tail") not in starts and _TAIL_SHAPE.match(m.group("tail")):
                    c = c._replace(end=m.end("tail"))
            out.append(c)
        return out

    def with_key_context(self, text: str, key: str, cands: list[Finding]) -> list[Finding]:
        """A structured value under a secret-bearing key is a secret as a whole.

        ``{"GITHUB_OAUTH_CLIENT_SECRET": "<hex>"}`` parsed from JSON or YAML: the key is the
        context the text scan may not see (escapes, folding, a key far above the value).
        """
        from intake.scrub.context import UUID_VALUE, literal_secret, session_name, token_like

        names, value = self.secret_names, text.strip()
        if any(c.start == 0 and c.end == len(text) for c in cands) or not names.is_secret_name(key):
            return cands
        if names.needs_shape(key) and not token_like(value):
            return cands
        if not value or not literal_secret(value, quoted=False, names=names, name=key):
            return cands
        if self._encoded_fixture_span(value):
            return cands  # base64 of our own fixture (a Kubernetes Secret's data, scrubbed)
        if UUID_VALUE.match(value) and session_name(key):
            return cands  # a session's own UUID (GAIA's, in a draft's details) is provenance
        if self.is_allowed("GENERIC_SECRET", value):
            return cands
        start = text.index(value)
        whole = Finding("GENERIC_SECRET", start, start + len(value), 0.6)
        return self._resolve([*cands, whole])

    def is_allowed(self, entity_type: str, span: str) -> bool:
        return any(p.search(span) for p in self._allow_patterns(entity_type))

    def is_name_fixture(self, value: str) -> bool:
        """Whether a whole value is a fixture of a name type (``user1``, ``user1@example.com``):
        the scrub made it, so no rule judges it again as a secret, whatever its syntax (a
        name's value under ``token:`` or a secret key; else a second scrub would change it)."""
        value = value.strip()
        return bool(value) and any(self.is_allowed(t, value) for t in _NAME_FIXTURE_TYPES)

    def detect_many(
        self, items: Sequence[tuple[str, str]], whole: str | None = None
    ) -> list[list[Finding]]:
        """Findings for many texts of one draft: a user name learned in one is private in all.

        A text that repeats (the same key or value thousands of times in a lock file or a
        session) is scanned once: its candidates depend on the text alone. ``whole``, the
        structured file the texts are the values of, gives the logins of its grammar too
        (``file_grammar_logins``)."""
        first: dict[str, str] = {}
        for where, text in items:
            first.setdefault(text, where)
        found = self._candidates_many([(where, text) for text, where in first.items()])
        seen = dict(zip(first, found, strict=True))
        raw = [seen[text] for _, text in items]
        names = file_grammar_logins(whole) if whole is not None else frozenset()
        for (_, text), cands in zip(items, raw, strict=True):
            names |= learn_user_names(text, cands)
        return [
            self._finish(text, cands, names) for (_, text), cands in zip(items, raw, strict=True)
        ]

    # -- fixtures ----------------------------------------------------------------------

    def fixture_for(
        self,
        entity_type: str,
        original: str,
        inner: Sequence[Finding],
        mapping: FixtureMap,
        names: Sequence[str] = (),
    ) -> str:
        """The fixture of ``original`` (its ``inner`` findings' spans counted from its start)."""
        if entity_type != "FILE_PATH" and needs_normalising(original):
            # a value hidden by a zero-width character or an entity gets its plain form's fixture
            return self.fixture_for(entity_type, normal_value(original), (), mapping)
        if entity_type == "EMAIL_ADDRESS" and (
            special := self._address_fixture(original, inner, mapping)
        ):
            return special
        if entity_type in _ENCODED_TYPES:
            decoded = _decode_b64_text(original)
            if decoded is not None:
                return base64.b64encode(
                    self._decoded_fixture(decoded, mapping).encode("utf-8")
                ).decode("ascii")
        if entity_type == "USER_NAME" and (*names, original)[0] != original.lower():
            # a name in capitals, or a login cut short (``pager_cuts``): the login's fixture
            return self.fixture_for(entity_type, (*names, original)[0].lower(), inner, mapping)
        spec = self.fixtures.spec(entity_type)
        if spec.style == "token" and "\n" in original:
            # A token wrapped by a terminal: the fixture is that of the joined token, on one
            # line, so the wrapped and whole forms share it.
            joined = WRAP_BREAK.sub("", original, count=1)
            return self.fixture_for(entity_type, joined, inner, mapping)
        marker = self.fixtures.marker

        def make(m: FixtureMap) -> str:
            if spec.style == "template":
                return m.number(entity_type, lambda n: spec.template.format(n=n))
            if spec.style == "path":
                return self._path_fixture(original, inner, spec, m, names)
            if spec.style == "jwt":
                parts = original.split(".")
                n_value = m.number("__secret__", lambda n: f"{marker}{n}")
                n = int(n_value[len(marker) :])
                return ".".join(
                    ("eyJ" + fill_token(marker, n, max(len(p) - 3, 1)))
                    if i < 2
                    else fill_token(marker, n, len(p))
                    for i, p in enumerate(parts)
                )
            if spec.style == "private_key":
                return self._key_fixture(original, m)
            prefix = ""
            if spec.keep_prefix is not None:
                pm = spec.keep_prefix.match(original)
                prefix = pm.group(0) if pm else ""
            suffix = ""
            if spec.keep_suffix is not None:
                sm = spec.keep_suffix.search(original, len(prefix))
                suffix = sm.group(0) if sm else ""
            body = original[len(prefix) : len(original) - len(suffix)]
            if spec.url_encoded:
                from urllib.parse import unquote

                body = unquote(body)
            body_len = len(body)
            if spec.template:
                return m.number(
                    "__secret__",
                    lambda n: spec.template.format(
                        fill=fill_token(marker, n, max(body_len - 12, 1))
                    ),
                )
            return m.number(
                "__secret__", lambda n: prefix + fill_token(marker, n, body_len) + suffix
            )

        return mapping.get(original, make)

    def _address_fixture(
        self, original: str, inner: Sequence[Finding], mapping: FixtureMap
    ) -> str | None:
        """An address's fixture when it is not the plain template's, else None."""
        if "%40" in original:
            # A percent-encoded address shares its fixture (and number) with the plain form and
            # keeps the encoding: zelda%40kestrel-mail.com -> user1%40example.com.
            plain = ENCODED_PLUS.sub("+", original).replace("%40", "@")
            return self.fixture_for("EMAIL_ADDRESS", plain, inner, mapping).replace("@", "%40")
        account = kerberos_role_account(original)
        if account is None:
            return None
        # a role's Kerberos principal: the account stays, the realm gets a numbered example
        return mapping.get(
            original,
            lambda m: m.number("EMAIL_ADDRESS", lambda n: f"{account}@REALM{n}.EXAMPLE.COM"),
        )

    def _secret(self, m: FixtureMap, length: int) -> str:
        """The next numbered ``FAKE…n`` of ``length`` characters."""
        marker = self.fixtures.marker
        return m.number("__secret__", lambda n: fill_token(marker, n, length))

    def generic_fixture(self, original: str, mapping: FixtureMap) -> str:
        """A plain ``FAKE…n`` of the original's length: the fixture of last resort."""
        return mapping.get(original, lambda m: self._secret(m, len(original)))

    def settle(
        self,
        text: str,
        mapping: FixtureMap,
        where: str = "$",
        *,
        whole: bool = True,
        kept: Kept | None = None,
    ) -> str:
        """Fail closed per value: what still re-scans after a scrub becomes a generic fixture.

        The spans found again are replaced (twice at most: a replacement may join neighbours
        into a new finding); if the text still re-scans, the whole value is replaced, or, unless
        ``whole`` (a file's text), ``ScrubError`` names the type and line, never the value.
        A value is never left as it was, and one bad value never leaves its file unscrubbed.
        ``kept(entity_type, span)`` names spans a reviewer restored: they are not replaced.
        """

        def detect(text: str) -> list[Finding]:
            return unrestored(text, self.find(text, json_path=where), kept)

        for _ in range(2):
            again = detect(text)
            if not again:
                return text
            text = edited(
                text,
                [
                    c._replace(fixture=self.generic_fixture(text[c.start : c.end], mapping))
                    for c in again
                ],
            )
        left = detect(text)
        if not left:
            return text
        if whole:
            return self.generic_fixture(text, mapping)
        line = text.count("\n", 0, left[0].start) + 1
        raise ScrubError(
            f"file could not be scrubbed cleanly: a {left[0].entity_type} still re-scans at "
            f"line {line}; it was left as it was",
            where=where,
        )

    def _decoded_fixture(self, decoded: str, mapping: FixtureMap) -> str:
        """What a base64 secret's decoded text becomes before it is encoded again.

        Its own findings scrubbed (a ``.dockerconfigjson``, a config file); else ``user:`` kept
        and the password replaced (Basic credentials, ``.npmrc`` ``_auth``); else one token.
        """
        inner = self.scrub_text(decoded, mapping=mapping)
        if inner.findings:
            return inner.text
        user, colon, password = decoded.partition(":")
        if colon and password and "\n" not in decoded and len(user) <= 64:
            return f"{user}:{self.generic_fixture(password, mapping)}"
        return self.generic_fixture(decoded, mapping)

    def _key_fixture(self, original: str, m: FixtureMap) -> str:
        """The BEGIN line, one FAKE line and the END line, with the original's line breaks.

        The separator is kept as it was, indentation included (a key in a YAML block stays
        indented, a JSON-escaped or double-escaped one stays escaped); a .ppk keeps its first
        line; a one-line paste stays on one line.
        """
        body = self._secret(m, 64)
        first = _KEY_SEP.search(original)
        footer_m = regex.search(r"-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----\s*$", original)
        header = original[: first.start()] if first else original
        sep = first.group(0) if first else " "
        if first is None or header.count("-----") > 2:  # one-line paste: BEGIN ... END
            begin = regex.match(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----", original)
            header, sep = begin.group(0) if begin else header, " "
        return f"{header}{sep}{body}" + (f"{sep}{footer_m.group(0).strip()}" if footer_m else "")

    def _path_fixture(
        self,
        original: str,
        inner: Sequence[Finding],
        spec: FixtureSpec,
        m: FixtureMap,
        names: Sequence[str] = (),
    ) -> str:
        plain, encode = _unescape_path(original)
        if encode is not None:
            # Work on the plain path, then write the fixture back in the original's escaping;
            # each inner finding is found again in the plain path (one that is not is taken
            # to cover it all, and the folders are replaced).
            inner_plain = []
            for i in inner:
                found = _unescape_path(original[i.start : i.end])[0]
                at = plain.find(found)
                span = (at, at + len(found)) if at >= 0 else (0, len(plain))
                inner_plain.append(i._replace(start=span[0], end=span[1]))
            return encode(self._path_fixture(plain, inner_plain, spec, m, names))
        home = self._home_fixture(original, inner, m, names)
        if home is not None:
            return home
        if names:
            return self._names_replaced(self._path_fixture(original, inner, spec, m), names, m)
        root, middle, base = split_path(original)
        new_root = fixture_root(root)
        sep = path_separator(original[len(root) :]) or path_separator(root[2:]) or "/"
        if not base and not middle.strip("\\/"):
            return self._bare_root(root, new_root, m) + middle
        middle_key = root if not middle.strip("\\/") else root + middle
        folder = m.folder("__dir__", middle_key, lambda n: spec.directory.format(n=n))
        base_start = len(original) - len(base)
        if base and any(i.start < len(original) and i.end > base_start for i in inner):
            ext = regex.search(r"\.[A-Za-z0-9]{1,8}$", base)
            base = m.number("__file__", lambda n: spec.file.format(n=n)) + (
                ext.group(0) if ext else ""
            )
        return f"{new_root}{sep}{folder}{sep}{base}"

    def _home_fixture(
        self, path: str, inner: Sequence[Finding], m: FixtureMap, names: Sequence[str] = ()
    ) -> str | None:
        """A home path with only its user's name replaced: every other folder and the file name
        stay, so a traceback still says which library failed
        (``C:\\Users\\alice\\AppData\\…\\site-packages\\sqlalchemy\\orm\\x.py`` becomes
        ``C:\\Users\\user1\\AppData\\…\\site-packages\\sqlalchemy\\orm\\x.py``). The name gets
        the fixture it gets everywhere else in the document (``USER_NAME``), and is replaced
        wherever it recurs in the path. Another finding inside the path (a token in a folder's
        name) is replaced where it stands by its own type's fixture, and the folders after it
        stay; so do learned names elsewhere in the path (``names``: a login in a VS Code temp
        file's name). None when the path names no home, or a finding other than the name
        reaches into the user's folder (``_path_fixture`` then replaces the folders)."""
        if _server_share(path):
            return None
        seg = home_segment(path)
        if seg is None:
            return None
        name = path[seg[0] : seg[1]]
        by_span = {(i.start, i.end): i.entity_type for i in inner}
        others = sorted(k for k in by_span if path[k[0] : k[1]].lower() != name.lower())
        if any(s < seg[1] and e > seg[0] for s, e in others) or any(
            b[0] < a[1] for a, b in itertools.pairwise(others)
        ):
            return None
        for s, e in reversed(others):  # from the end: the earlier offsets stay true
            path = path[:s] + self.fixture_for(by_span[s, e], path[s:e], (), m) + path[e:]
        if name.lower() not in {n.lower() for n in names}:  # learned whole: a dotted login
            name = _glued_dot_folder(name, names) or name
        return self._names_replaced(path, [name, *names], m)

    def _names_replaced(self, path: str, names: Sequence[str], m: FixtureMap) -> str:
        """``path`` with every name in ``names`` (as a word, any case) replaced by its
        ``USER_NAME`` fixture."""
        rx = _words({n.strip().lower() for n in names})
        return str(
            rx.sub(
                lambda w: (
                    w.group(0)  # a package's folder in a library tail stays (1.52.0)
                    if in_library_tail(path, w.start())
                    else self.fixture_for("USER_NAME", w.group(0).strip(), (), m)
                ),
                path,
            )
        )

    @staticmethod
    def _bare_root(root: str, new_root: str, m: FixtureMap) -> str:
        """A numbered fixture for a user folder named on its own (``/home/alice`` → user1).

        ``~``, ``$HOME`` and ``%USERPROFILE%`` name no one and stay as they are.
        """
        if not new_root.endswith(("user", "share")):
            return new_root
        key = regex.sub(r"^file://(?:localhost)?", "", root)
        return m.folder("__home__", key, lambda n: f"{new_root}{n}")

    # -- public ------------------------------------------------------------------------

    def find(self, text: str, *, json_path: str = "$") -> list[Finding]:
        """The findings in ``text`` (``detect_many``), at ``json_path``; nothing is replaced."""
        found = self.detect_many([(json_path, text)])[0]
        return found if json_path == "$" else [c._replace(json_path=json_path) for c in found]

    def scrub_text(
        self, text: str, *, mapping: FixtureMap | None = None, json_path: str = "$"
    ) -> ScrubResult:
        """Replace every finding in ``text`` with its fixture (``mapping`` shared per draft)."""
        if mapping is None:
            mapping = FixtureMap()
            mapping.reserve([text])
        findings = self.planned(text, self.find(text, json_path=json_path), mapping, json_path)
        return ScrubResult(edited(text, findings), findings)

    def planned(
        self, text: str, found: Sequence[Finding], mapping: FixtureMap, where: str = "$"
    ) -> list[Finding]:
        """Each finding of ``text`` with its fixture (its inner findings, names and all) and
        ``where`` as its JSON path, for ``edited`` to write."""
        out = []
        for c in found:
            inner = [i._replace(start=i.start - c.start, end=i.end - c.start) for i in c.inner]
            fixture = self.fixture_for(
                c.entity_type, text[c.start : c.end], inner, mapping, c.names
            )
            out.append(c._replace(fixture=fixture, json_path=where))
        return out

    def report(self, findings: Sequence[Finding], *, scrubbed_at: Any = None) -> ScrubReport:
        """The record's scrub report: counts per type and the JSON path of every span."""
        from intake.contract.models import ScrubReport, ScrubSpan  # only where a record is made

        counts = collections.Counter(f.entity_type for f in findings)
        return ScrubReport(
            scrubber_version=SCRUBBER_VERSION,
            config_hash=self.config_hash,
            counts=dict(sorted(counts.items())),
            spans=[ScrubSpan.model_validate(f, from_attributes=True) for f in findings],
            scrubbed_at=scrubbed_at,
        )


def _provider_registry(registry: RegistryFile) -> Any:
    """Presidio's ``RecognizerRegistry`` for a registry file (imports spaCy)."""
    from presidio_analyzer.recognizer_registry import RecognizerRegistryProvider  # noqa: TID251

    provider = RecognizerRegistryProvider(
        registry_configuration=registry.model_dump(exclude_unset=True)
    )
    return provider.create_recognizer_registry()


def _with_token_rules(load: Callable[[RegistryFile], Any], registry: RegistryFile) -> Any:
    """The registry ``load`` builds from ``registry``, with its ``token`` and ``checked`` rules
    (data that Presidio's configuration models would drop) built here as
    ``IntakeWrappedTokenRecognizer``s and ``IntakeCheckedRecognizer``s (or the subclass a rule's
    ``check`` names), each where it stands among the predefined recognizers (Presidio builds
    those first, in order, then the custom ones)."""
    from intake.scrub.recognizers import IntakeCheckedRecognizer, IntakeWrappedTokenRecognizer

    kinds: list[type[IntakeCheckedRecognizer]] = [IntakeCheckedRecognizer]
    checks = {c.__name__: c for c in kinds + IntakeCheckedRecognizer.__subclasses__()}
    rest = [
        e
        for e in registry.recognizers
        if isinstance(e, str) or (e.token is None and e.checked is None)
    ]
    built = load(registry.model_copy(update={"recognizers": rest}))
    at = 0
    for entry in registry.recognizers:
        if isinstance(entry, str):
            continue
        if entry.token is not None:
            rule = IntakeWrappedTokenRecognizer(name=entry.name, **entry.token.model_dump())
            built.recognizers.insert(at, rule)
        elif entry.checked is not None:
            check = checks[entry.checked.check]  # KeyError (no such check): a ConfigError
            checked = check(name=entry.name, **entry.checked.model_dump(exclude={"check"}))
            built.recognizers.insert(at, checked)
        elif entry.type != "predefined":
            continue
        at += 1
    return built


def _registry_configuration(path: Path) -> RegistryFile:
    """A recognizer-registry YAML file parsed with libyaml's safe loader where PyYAML has it
    (Presidio's own parse is the pure-Python one: the same YAML 1.1 safe schema, slower)."""
    import yaml

    from intake.scrub.presidio import RegistryFile

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506
    return RegistryFile.model_validate(data)


@lru_cache(maxsize=4)
def _cached_scrubber(spacy_model: str | None, scrubbers_dir: Path | None) -> Scrubber:
    return Scrubber(scrubbers_dir, spacy_model=spacy_model)


def get_scrubber(spacy_model: str | None = None, scrubbers_dir: Path | None = None) -> Scrubber:
    """The shared scrubber for this configuration, built on first use (imports Presidio)."""
    folder = scrubbers_dir.resolve() if scrubbers_dir is not None else None
    return _cached_scrubber(spacy_model or None, folder)


def scrubber_for(settings: Settings) -> Scrubber:
    """The shared scrubber for a suite's settings (``spacy_model``, ``scrubbers_dir``).

    A relative ``scrubbers_dir`` is resolved against the suite root, not the working
    directory; importers and ``intake scrub`` use this so they scrub with the same engine.
    """
    folder = settings.path(settings.scrubbers_dir) if settings.scrubbers_dir else None
    return get_scrubber(settings.spacy_model, folder)


# --------------------------------------------------------------------------- trees

_IDENT = regex.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


def _child_path(parent: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{parent}[{key}]"
    text = str(key)
    if _IDENT.match(text):
        return f"{parent}.{text}"
    escaped = text.replace("\\", "\\\\").replace("'", "\\'")
    return f"{parent}['{escaped}']"


def _strings(
    obj: Any, where: str = "$", key: str | None = None
) -> Iterator[tuple[str, str, str | None]]:
    """(locator, string, key) for every string, keys first, in the order ``_rebuild`` visits
    them; ``key`` is a value's mapping key (``context_key``), None for a key or a list item.

    The locator names mapping entries by position (``$.turns[0]{#2}``), never by key: a key
    may itself be the secret, and the locator can end up in an error message.
    """
    if isinstance(obj, str):
        yield where, obj, key
    elif isinstance(obj, dict):
        for i, (k, v) in enumerate(obj.items()):
            if isinstance(k, str):
                yield f"{where}{{#{i}}}~", k, None
            yield from _strings(v, f"{where}{{#{i}}}", context_key(obj, k))
    elif isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            yield from _strings(v, f"{where}[{i}]")


_PAIR_NAME_KEYS = ("name", "Name", "key", "Key", "NAME", "KEY")
_PAIR_VALUE_KEYS = frozenset({"value", "Value", "VALUE"})


def context_key(mapping: dict[Any, Any], key: Any) -> str | None:
    """The name a value is judged by: its key, or for ``value`` its sibling ``name``/``key``.

    HAR headers ``{"name": "x-api-key", "value": …}``, Kubernetes ``env: - name: X  value: …``
    and ``<add key="X" value="…"/>`` turned into JSON: the name is data, the key is ``value``.
    """
    if not isinstance(key, str):
        return None
    if key in _PAIR_VALUE_KEYS:
        for name_key in _PAIR_NAME_KEYS:
            name = mapping.get(name_key)
            if isinstance(name, str) and 0 < len(name) <= 96:
                return name
    return key


def _same_str_type(old: str, new: str) -> str:
    if type(old) is str or old == new:
        return new if type(old) is str else old
    try:
        return type(old)(new)  # ruamel's LiteralScalarString & co keep their style
    except Exception:
        return new


def _rebuild(obj: Any, scrub: Callable[[str, str, bool], str], path: str = "$") -> Any:
    """A copy of ``obj`` with every string passed through ``scrub(text, json_path, is_key)``.

    For a key, ``json_path`` is the mapping's path; the key's own path is only known once the
    key is scrubbed.

    JSON paths are built from the *scrubbed* keys, so they never carry an original value.
    """
    if isinstance(obj, str):
        return _same_str_type(obj, scrub(obj, path, False))
    if isinstance(obj, dict):
        result = copy.copy(obj)
        new_items = []
        for k, v in obj.items():
            if isinstance(k, str):
                new_k: Any = _same_str_type(k, scrub(k, path, True))
            else:
                new_k = k
            new_items.append((k, new_k, _rebuild(v, scrub, _child_path(path, new_k))))
        if hasattr(result, "insert") and hasattr(result, "ca"):  # ruamel CommentedMap
            for i, (k, nk, nv) in enumerate(new_items):
                if k != nk:
                    del result[k]
                    result.insert(i, nk, nv)
                else:
                    result[k] = nv
            return result
        result.clear()
        for _, nk, nv in new_items:
            result[nk] = nv
        return result
    if isinstance(obj, list):
        result_list = copy.copy(obj)
        for i, v in enumerate(obj):
            result_list[i] = _rebuild(v, scrub, _child_path(path, i))
        return result_list
    if isinstance(obj, tuple):
        return tuple(_rebuild(v, scrub, _child_path(path, i)) for i, v in enumerate(obj))
    return obj


def scrub_tree(
    obj: Any,
    *,
    scrubber: Scrubber | None = None,
    mapping: FixtureMap | None = None,
    salt: bytes | None = None,
    keep: frozenset[str] = frozenset(),
) -> tuple[Any, ScrubReport]:
    """Scrub every string (keys too) of a nested dict/list with ONE fixture mapping.

    With the suite's ``salt`` every span also carries its tier, the salted hash of its value
    and a masked context (``intake.scrub.tiers``), and a restorable value whose hash is in
    ``keep`` (restored by a reviewer) is left as it is.

    Returns a new object of the same shape (ruamel ``CommentedMap``/``CommentedSeq`` keep their
    type and comments) and the scrub report, whose spans carry JSON paths such as
    ``$.turns[0].user_message`` (a mapping key is reported as ``<mapping path>.<scrubbed key>~``).
    Detection runs over every string first and fails closed before anything is replaced.
    """
    scrubber = scrubber or get_scrubber()
    mapping = mapping if mapping is not None else FixtureMap()  # an empty map is falsy
    strings = list(_strings(obj))
    mapping.reserve([s for _, s, _ in strings])
    detected = scrubber.detect_many([(where, s) for where, s, _ in strings])
    for i, (_, text, key) in enumerate(strings):
        if key is not None:
            detected[i] = scrubber.with_key_context(text, key, detected[i])
    queue = iter(zip(strings, detected, strict=True))
    findings: list[Finding] = []

    from intake.scrub.tiers import masked_context, restored, tier_of, value_hash

    kept = restored(salt, keep) if salt is not None and keep else None

    def scrub(text: str, path: str, is_key: bool) -> str:
        (_, expected, _), cands = next(queue)
        if expected != text:
            raise ScrubError(
                "scrubber internal error: the tree changed while scrubbing", where=path
            )
        cands = unrestored(text, cands, kept)
        if not cands:
            return text
        plan = scrubber.planned(text, cands, mapping)
        joined = edited(text, plan)
        new_text = scrubber.settle(joined, mapping, path, kept=kept)
        where = _child_path(path, new_text) + "~" if is_key else path
        shift = 0  # where each fixture stands in ``joined``: its start moved by those before
        for c in plan:
            at = c.start + shift
            shift += len(c.fixture) - (c.end - c.start)
            c = c._replace(json_path=where)
            if salt is not None:
                c = c._replace(
                    tier=tier_of(c.entity_type),
                    value_hash=value_hash(salt, text[c.start : c.end]),
                    context=masked_context(new_text, at, at + len(c.fixture))
                    if new_text == joined
                    else None,
                )
            findings.append(c)
        return new_text

    new_obj = _rebuild(obj, scrub)
    return new_obj, scrubber.report(findings)
