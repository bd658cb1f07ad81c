"""Secrets judged by where they sit: a value assigned to a secret-bearing name.

``PASSWORD=correct.horse_battery`` is a password because of its name, whatever its letters.
The names are data (``scrubbers/secret_names.yaml``); this module splits a name into
segments, decides whether it bears a secret, finds the value that follows it in any of the
syntaxes people paste (dotenv and ``export``, ``-e``/``--env``, CLI flags, ``-u user:pw``,
INI/TOML/YAML/JSON, escaped JSON, Python/JS/PowerShell assignments, HTTP headers and cookies,
HAR and Kubernetes ``name``/``value`` pairs, ``--from-literal``, query strings, ``.npmrc``,
Azure connection strings, XML elements) and decides whether that value is a literal secret
rather than a placeholder, a variable reference or code.

``IntakeAssignedSecretRecognizer`` is the Presidio recognizer (``type: predefined`` in
``recognizers.yaml``); ``SecretNames.is_secret_name`` and ``literal_secret`` are also used on
parsed YAML/JSON, where a value is judged by its key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import regex

from intake.errors import ConfigError
from intake.scrub.definitions import configured, load_scrubber_yaml, word_lists
from intake.scrub.illustrative import looks_like_placeholder
from intake.scrub.recognizers import (
    CodeBackedRecognizer,
    mixes_like_random,
    placeholder_basic,
)

_SEGMENT_SPLIT = regex.compile(r"[^A-Za-z0-9]++|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_TRAILING_DIGITS = regex.compile(r"[0-9]++$")


def name_segments(name: str) -> list[str]:
    """``SMTP_PASS`` → ``[smtp, pass]``; ``x-api-key`` → ``[x, api, key]``; digits dropped."""
    out = []
    for part in _SEGMENT_SPLIT.split(name):
        part = _TRAILING_DIGITS.sub("", part.lower())
        if part:
            out.append(part)
    return out


_FILE_NAME_KEY = regex.compile(
    r"(?i)^[\w-]++\.(?:exe|app|dmg|msi|json|ya?ml|toml|txt|md|py|js|ts|c|h|cc|cpp|go|rs)$"
)
"""A file's name used as a key (``"1password.exe": "1Password"``): it names a program; since
1.40.0 also a source file before its line (Dovecot's ``Panic: file auth-request.c: line 1``)."""


_PLURAL_SECRET = regex.compile(r"(?i)(?:token|key|secret|password|credential)s$")
"""A plural that names a list of secrets: judged as its singular."""


@dataclass(frozen=True)
class SecretNames:
    """The vocabulary of ``secret_names.yaml`` (see that file for the rules)."""

    stems: tuple[str, ...]
    words: frozenset[str]
    suffixes: tuple[str, ...] = ()
    pairs: tuple[tuple[str, ...], ...] = ()
    not_after: frozenset[str] = frozenset()
    not_before: frozenset[str] = frozenset()
    not_names: frozenset[str] = frozenset()
    shaped: frozenset[str] = frozenset()
    patterns: tuple[regex.Pattern[str], ...] = ()

    shaped_pairs: tuple[tuple[str, ...], ...] = ()
    shaped_suffixes: tuple[str, ...] = ()

    def needs_shape(self, name: str) -> bool:
        """Whether ``name`` bears a secret only by a ``shaped`` word, suffix or pair (``sig``,
        ``session``, ``datadog_key``, ``Key``, ``session_id``, ``secret_id``): its value must
        also look like a token."""
        return self.strength(name) == 1

    def is_secret_name(self, name: str) -> bool:
        """Whether a value assigned to ``name`` is a secret (by the vocabulary's rules)."""
        return self.strength(name) > 0

    def strength(self, name: str) -> int:
        """2: the name bears a secret; 1: only with a token-shaped value; 0: it bears none.

        Cached per vocabulary: a transcript repeats the same few names thousands of times.
        """
        cache: dict[str, int] = self.__dict__.setdefault("_cache", {})
        found = cache.get(name)
        if found is None:
            if len(cache) > 65536:
                cache.clear()
            found = cache[name] = self._judge(name)
        return found

    def _judge(self, name: str) -> int:
        if not name or len(name) > 96:
            return 0
        if _FILE_NAME_KEY.match(name):
            return 0  # "1password.exe": a file's name used as a key, not a secret's
        if name.lower().strip("_-.$@:") in self.not_names:
            return 0
        plural = _PLURAL_SECRET.search(name)
        if plural:
            # a list of secrets is named as they are (github_access_tokens, api_keys: issue 35)
            return self._judge(name[: plural.end() - 1])
        if any(p.match(name) for p in self.patterns):
            return 2
        segs = name_segments(name)
        best = 0
        for i, seg in enumerate(segs):
            spans: list[tuple[int, int, int]] = []
            if seg in self.shaped:
                spans.append((i, i + 1, 1))
            elif seg in self.words or (
                seg not in self.not_names and any(seg.endswith(s) for s in self.suffixes)
            ):
                spans.append((i, i + 1, 2))
            elif seg not in self.not_names and any(seg.endswith(s) for s in self.shaped_suffixes):
                spans.append((i, i + 1, 1))
            for pairs, strength in ((self.pairs, 2), (self.shaped_pairs, 1)):
                spans += [
                    (i, i + len(p), strength) for p in pairs if tuple(segs[i : i + len(p)]) == p
                ]
            for a, b, strength in spans:
                if any(s in self.not_after for s in segs[b:]):
                    continue
                if a > 0 and segs[a - 1] in self.not_before:
                    continue  # a modifier right before the noun (max_tokens, show_password)
                if strength == 2:
                    return 2
                best = 1
        return best


def _lowered(items: Any) -> tuple[str, ...]:
    return tuple(str(s).lower() for s in items)


def load_secret_names(path: Path) -> SecretNames:
    """Read ``secret_names.yaml`` once into ``SecretNames``; a missing or malformed file (no
    ``stems`` or ``words``, a list where a mapping is due) is a ``ConfigError``."""
    sets = ("words", "not_after", "not_before", "not_names", "shaped")
    convert: dict[str, Callable[[Any], Any]] = {
        **dict.fromkeys(("stems", "suffixes", "shaped_suffixes"), _lowered),
        **dict.fromkeys(sets, lambda items: frozenset(_lowered(items))),
        **dict.fromkeys(("pairs", "shaped_pairs"), lambda items: tuple(map(_lowered, items))),
        "patterns": lambda items: tuple(regex.compile(str(p), regex.I) for p in items),
    }
    try:
        return configured(SecretNames, load_scrubber_yaml(path) or {}, **convert)
    except (TypeError, regex.error) as exc:
        raise ConfigError(f"secret names are invalid: {exc}", where=str(path)) from exc


# ----------------------------------------------------------------------------- values


def _not_secret_word(word: str) -> bool:
    """Whether a lower-case word names a mode, a type or a word of prose (``words.yaml``'s
    ``not_secret_words`` and ``not_a_password``)."""
    words = word_lists()
    return word in words.not_secret_words or word in words.not_a_password


_CODE_CALL = regex.compile(r"^[A-Za-z_$][A-Za-z0-9_.$]*+[(\[]")
_DOTTED = regex.compile(r"^[A-Za-z_][A-Za-z0-9_]*+(?:\.[A-Za-z_][A-Za-z0-9_]*+)++$")
_IDENTIFIER = regex.compile(r"^[A-Za-z_][A-Za-z0-9_]*+$")
_CAMEL = regex.compile(r"[a-z][A-Z]")
_REFERENCE = regex.compile(
    r"""(?x)^(?:
        \$[A-Za-z_{(]            # $VAR ${VAR} $(cmd) ${{ x }}
      | `                        # `cmd` (shell command substitution)
      | <[A-Za-z][^<>]*+$        # <Your API token> cut at its first blank
      | %[A-Za-z_][A-Za-z0-9_]*+%$ # %VAR% (the whole value)
      | %\([A-Za-z_]\w*+\)[sdr]  # %(name)s
      | \{\{ | \{%               # templates
      | \{[A-Za-z_][\w.]*+\}$    # {name}
      | <[^<>]*+>$               # <YOUR_KEY>
      | \[[A-Za-z\ _-]*+\]$      # [REDACTED]
      | &lt;[^<>&]*+&gt;         # &lt;token&gt; (an HTML-escaped <token>)
      | @Microsoft\.KeyVault\(
      | (?:vault|ref|secretref|env|file|sm|ssm|arn|awssm|gcpsm|azkv|op)(?:\+[a-z]+)?:(?!//)
      | ENC\[
      | !(?:vault|secret|env|ref)\b
    )""",
)
_PATH_OR_URL = regex.compile(
    r"^(?:/|\./|\.\./|~/|[A-Za-z][A-Za-z0-9+.-]*+://|file:|[A-Za-z]:[\\/])"
)
_DECIMAL = regex.compile(r"^[+-]?[0-9]++\.[0-9]++(?:[eE][+-]?[0-9]++)?$")
UUID_VALUE = regex.compile(r"^[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$")
_B64ISH = regex.compile(r"^[A-Za-z0-9+/_-]++=++$")
TOKEN_SHAPE = regex.compile(r"^(?=[^0-9]*+[0-9])[A-Za-z0-9+/=_%.-]{16,}+$")
_WORDISH_PART = regex.compile(r"^(?:[A-Za-z]++|[0-9]++|[A-Za-z0-9]{1,4}+)$")


def token_like(value: str) -> bool:
    """What a value after a ``shaped`` name must look like: ``TOKEN_SHAPE`` and not words,
    numbers and short pieces joined by ``.``, ``_`` or ``-`` (``jetbrains.mps.v8_elimination``,
    ``test-session-001``), which name a thing rather than secure it."""
    if not TOKEN_SHAPE.match(value):
        return False
    return not all(_WORDISH_PART.match(p) for p in regex.split(r"[._-]++", value.strip("._-")))


_MASK = regex.compile(r"^(?:[*•·xX#]{3,}+|[.…]{3,}+)$")

_ENCODER_CALL = regex.compile(
    r"(?i)^(?:base64|b64|btoa|base64_?encode|b64encode)"
    r"\([ ]*+[\"']?+(?P<body>[^()\"'\n]{1,80}+)[\"']?+[ ]*+\)$"
)
_CAPS_WORD = regex.compile(r"^[A-Z][A-Z_]{1,40}+$")


def _encoded_placeholder(value: str) -> bool:
    """An encoder's call over placeholder words, as a documentation writes what goes in a
    field (``"auth": "base64(USERNAME:PASSWORD)"``, ``btoa(user:pass)``,
    ``base64(<user>:<token>)``): every part between ``:`` is a capitals-only word, a
    placeholder credential word or a placeholder shape. A value with a digit or a mixed-case
    part is judged as written."""
    m = _ENCODER_CALL.match(value)
    if m is None:
        return False
    parts = [p for p in regex.split(r"[:\s]++", m.group("body")) if p]
    return bool(parts) and all(
        _CAPS_WORD.match(p)
        or p.lower() in word_lists().placeholder_credentials
        or looks_like_placeholder(p)
        for p in parts
    )


_RANDOM_SEGMENT = regex.compile(
    r"^(?=[^a-z]*+[a-z])(?=[^A-Z]*+[A-Z])(?=[^0-9]*+[0-9])[A-Za-z0-9+=_-]{12,}+$"
)


def _slash_led_token(value: str) -> bool:
    """A base64 secret that happens to start with ``/`` (1 in 64 do), not a path.

    A path's segments are names; a token split at its ``/`` characters has a long segment of
    mixed case and digits with no dot (a file name has one), and is one word of 20+ characters.
    """
    if len(value) < 20 or not TOKEN_SHAPE.match(value) or "." in value:
        return False
    return any(_RANDOM_SEGMENT.match(part) for part in value.split("/"))


_BRACED_TOKEN = regex.compile(r"^\{[A-Za-z0-9_+/=-]{8,}+\}$")
_BRACED_AT = regex.compile(r"\{[A-Za-z0-9_+/=-]{8,4096}+\}(?![A-Za-z0-9_+/=-])")


def _braced_random(value: str) -> bool:
    """``{ZqL5kVrX1n8tA2}``: a random value someone put in braces, not a ``{name}`` template
    field (a field is a name: ``{password}``, ``{apiKey2}``, ``{user.token}``)."""
    return (
        value.startswith("{")
        and value.endswith("}")
        and bool(_BRACED_TOKEN.match(value))
        and mixes_like_random(value[1:-1])
    )


_VERSION = regex.compile(
    r"^(?:[\^~]|[<>]=?+|==|~=)?+v?+[0-9]{1,6}+(?:\.(?:[0-9]{1,6}+|[x*]))"
    r"{1,3}+(?:[-+][0-9A-Za-z.-]{1,40}+)?$"
)
"""A version or a version range (``^3.0.0``, ``~1.0.6``, ``>=2.1``, ``1.0.6-rc.1``): a lock
file's dependency under a package named ``minipass`` or ``cookie-signature`` is no secret."""
_HEX_NUMBER = regex.compile(r"^0[xX][0-9A-Fa-f]{1,8}+$")
_TYPE_EXPR = regex.compile(
    r"^[A-Za-z_][A-Za-z0-9_.]*+(?:[ \t]*+[\[\]|,<>?][ \t]*+[A-Za-z0-9_.]*+)*+$"
)


_SCHEME_VALUE = regex.compile(r"^(?i:bearer|basic|token|bot)[ \t]++(?P<v>\S.*+)$")
_NOT_A_VALUE = regex.compile(
    r"""(?x)^(?:
        S-1-[0-9]{1,3}+(?:-[0-9]{1,10}+)++      # a Windows SID (S-1-5-32-545): an account's id
      | (?:\\u[0-9A-Fa-f]{4})++              # \u2705: a character written as an escape
      | \([A-Za-z\ _-]{1,30}+\)              # (empty), (none), (not set)
    )$"""
)


_FIELD_NAME_PAIR = regex.compile(r"(?i)^(?:user(?:[ _-]?+name)?+|login):(?:pass(?:word|wd)?+|pwd)$")
"""A ``user:password`` credential written as its own fields' names (``username:password``,
``USER:PASSWORD``, ``user:pass``): the format a tool documents, not a credential.
text-generation-webui's ``modules/shared.py`` documents ``--gradio-auth`` "in the format
"username:password"" and warns at start-up ``--gradio-auth username:password`` then "Make sure
to replace username:password with your own." Since 1.79.0 (stop 56, batch 124's tune damage)."""


def type_expression(value: str) -> bool:
    """``str | None``, ``dict[str, str]``, ``Optional[str]``, ``string``: an annotation, whose
    every word is a type name (a password is not written in the type system's words)."""
    if not _TYPE_EXPR.match(value):
        return False
    words = regex.findall(r"[A-Za-z_][A-Za-z0-9_]*+", value)
    return bool(words) and all(w.lower() in word_lists().type_words for w in words)


_FILE_CONSTANT = regex.compile(
    r"^(?P<stem>[A-Za-z][A-Za-z0-9_-]{0,63}+)(?:\.[A-Za-z0-9_-]{1,20}+)*?\."
    r"(?i:json|jsonl|ya?ml|toml|txt|md|pem|key|crt|cer|der|p12|pfx|jks|keystore|env|ini|cfg"
    r"|conf|log|csv|db|sqlite|xml|html|bin|gz|zip|lock|asc|gpg|sig|py|js|ts|sh|ps1)$"
)
"""A file's name (``"SIGNATURE.json"``, ``"token.txt"``, ``"server.key"``): a constant naming
the file a secret lives in is not the secret (its stem reads as a name, not a random run)."""
_HEADER_NAME = regex.compile(r"^(?:X-)?[A-Z][A-Za-z]*+(?:-[A-Z][A-Za-z]*+)++$")


def names_a_field(value: str, names: SecretNames | None) -> bool:
    """A header name or a file name written as a constant's value (``"X-Api-Key"``,
    ``"Authorization"``, ``"SIGNATURE.json"``): the name of where a secret goes, not one."""
    if value.lower() in word_lists().auth_headers:
        return True
    if _HEADER_NAME.match(value) and names is not None and names.is_secret_name(value):
        return True
    m = _FILE_CONSTANT.match(value)
    return m is not None and not mixes_like_random(m.group("stem"))


def code_value(value: str, names: SecretNames | None = None) -> bool:
    """An unquoted value that is code, read with its trailing ``,`` or ``;`` taken off: an
    identifier or a dotted name (a variable, ``auth_token=auth_token,``, ``args.token,``,
    ``notification?.agentId``), a language literal (``None,``) or a type (``str,``,
    ``string;``), unless it mixes like a random token (a value its shape alone would
    replace is never hidden by where it stands)."""
    v = value.replace("?.", ".")
    if _not_secret_word(v.lower()) or type_expression(v):
        return True
    if _DOTTED.match(v):
        parts = v.split(".")
        if any(mixes_like_random(p) for p in parts):
            return False  # a dotted token (xmh0siH1….WtkDz6.…), not an attribute
        return (
            parts[0].lower() in word_lists().code_objects
            or len(parts[0]) == 1
            or any(_CAMEL.search(p) for p in parts)
            or (names is not None and any(names.is_secret_name(p) for p in parts))
        )
    if not _IDENTIFIER.match(v) or mixes_like_random(v):
        return False
    segs = name_segments(v)
    if not all(seg.isalpha() for seg in segs):
        return False  # fb197fbd…, Tr0ub4: a value, not a name
    return len(segs) >= 2 or (names is not None and names.is_secret_name(v))


_SIGV4_SCOPE = regex.compile(
    r"^(?:Credential=)?[A-Z0-9]{16,128}+/[0-9]{8}/[a-z0-9-]++/[a-z0-9-]++/aws4_request,?$"
)
"""``Credential=<key id>/<date>/<region>/<service>/aws4_request`` (AWS Signature Version 4)."""


def literal_secret(
    value: str, *, quoted: bool, names: SecretNames | None = None, name: str = ""
) -> bool:
    """Whether ``value`` (assigned to a secret-bearing name) is a literal secret.

    Not a secret: placeholders (``your-password-here``, ``<YOUR_KEY>``, ``ghp_xxxx…``),
    references (``$VAR``, ``${VAR}``, ``%VAR%``, ``{{ .Values.x }}``, ``vault:…``), masks,
    paths and URLs (other recognizers own those), short numbers, and, unquoted, code
    (``os.environ[…]``, ``settings.token``, ``getpass()``, ``user_password``, ``SecretStr``)
    and mode or prose words (``true``, ``required``, ``oauth2``). A quoted value is a
    literal, so only placeholders, references and masks are kept there. Under ``name``, a word
    where only a machine's value goes is none either (``word_of_a_machine_name``), in text and
    under a structured file's key alike.
    """
    v = value.strip()
    if len(v) < 4 or "FAKE" in v or (name and word_of_a_machine_name(name, v)):
        return False
    scheme = _SCHEME_VALUE.match(v)
    if scheme:  # "Bearer ${process.env.X}", "Bearer &lt;token&gt;": judge what the scheme heads
        if v[:5].lower() == "basic" and placeholder_basic(scheme.group("v")):
            return False
        return literal_secret(scheme.group("v"), quoted=quoted, names=names)
    if (
        not quoted
        and v[-1] in ",;"
        and (code_value(v[:-1], names) or not literal_secret(v[:-1], quoted=False, names=names))
    ):
        return False  # session_id: str,  auth_token=auth_token,  token=None,  threshold=0.90,
    if _NOT_A_VALUE.match(v) or _SIGV4_SCOPE.match(v) or _FIELD_NAME_PAIR.match(v):
        return False  # (a SigV4 credential scope: its key id is found on its own)
    low = v.lower()
    if looks_like_placeholder(v) or _MASK.match(v) or _encoded_placeholder(v):
        return False
    if _REFERENCE.match(v) and not _braced_random(v):
        return False
    if _PATH_OR_URL.match(v) and not _slash_led_token(v):
        return False
    if (v.isdigit() and len(v) < 6) or _DECIMAL.match(v) or _HEX_NUMBER.match(v):
        return False
    if _VERSION.match(v) or type_expression(v) or names_a_field(v, names):
        return False
    if v.endswith("=") and _B64ISH.match(v) and len(v) % 4:
        return False  # claims base64 padding but is no base64: an illustration (short==)
    if _not_secret_word(low) or ("/" in low and all(_not_secret_word(w) for w in low.split("/"))):
        return False
    if quoted:
        return True
    if v[0] in "{[(" and not _braced_random(v):
        return False
    if _CODE_CALL.match(v):
        return False
    has_digit = any(c.isdigit() for c in v)
    if _DOTTED.match(v):
        parts = low.split(".")
        if parts[0] in word_lists().code_objects or (
            names is not None and not has_digit and any(names.is_secret_name(p) for p in parts)
        ):
            return False
    if (
        names is not None
        and not has_digit
        and _IDENTIFIER.match(v)
        and ("_" in v or _CAMEL.search(v))
        and names.is_secret_name(v)
    ):
        return False
    return not (v.isalpha() and _CAMEL.search(v) and v[0].isupper())


_WORDS_VALUE = regex.compile(r"^[a-z]{2,10}+(?:[-_][a-z]{2,10}+){0,2}+$")
"""One to three lower-case words of letters (``fresh``, ``daemon-tok``, ``tok_amd``)."""
_VOWEL = regex.compile(r"[aeiouy]")
_CHOSEN_STEMS = (
    "pass", "pwd", "kennwort", "wachtwoord", "senha", "salasana", "losenord", "pin",
    "login", "cred", "auth", "secret",
)  # fmt: skip
"""Name segments of a value a person chooses or types (a password, a PIN, a login, a
credential of either kind, a secret: an OAuth client's or an application's secret is often
typed into its configuration by whoever runs it, ``client_secret: bluesecret``): a word there
may be the real thing (``passwd: plover``)."""


def word_of_a_machine_name(name: str, value: str) -> bool:
    """Whether ``value`` is a word or two where only a machine's value goes: a name of a token,
    key, session or cookie (no segment a password's, a PIN's, a login's, a credential's or a
    secret's: ``_CHOSEN_STEMS``) holding one to three lower-case words of letters, each of two
    to ten letters with a vowel (``access_token="fresh"``, ``api_key="lemonade"``, ``token:
    "daemon-tok"``). A service issues tokens and keys as random strings (hex, base64, a prefix
    and digits), so such a value is a test's stand-in, a placeholder or a word of the text,
    never an issued credential; a password or a secret is chosen by a person and may be any
    word, so their names keep every value. Since 1.64.0 (stop 55, from GAIA's own tests and
    docs: the listing of ``bench_scrub_damage.py``)."""
    if _WORDS_VALUE.match(value) is None:
        return False
    if not all(_VOWEL.search(part) for part in regex.split(r"[-_]", value)):
        return False  # abcd-efgh: letters drawn at random, not words
    return not any(seg.startswith(_CHOSEN_STEMS) for seg in name_segments(name))


# ----------------------------------------------------------------------------- recognizer

_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")


def _token_before_ellipsis(text: str, pos: int, end: int) -> tuple[int, int] | None:
    """The value before a tool's trailing ellipsis (the jamf binary's ``Downloading
    <url>?token=<64 characters>...``; since 1.126.0, stop 59): a whole random token of 24
    characters or more (``token_like``) before it is the value. A prefix and an ellipsis
    (``sk-ant-...``, ``tvly-...``) is a placeholder's shape, and so is a short or worded piece:
    None."""
    body = text[pos:end].rstrip(".…")
    if len(body) >= 24 and body[-1] not in "-_" and token_like(body):
        return pos, pos + len(body)
    return None


_PLIST_KEY = regex.compile(
    r"[^<>\n]{1,200}+</key>\s{0,40}+"
    r"<(?:string|dict|array|integer|real|date|data|true|false)\b"
)
"""A property list's ``<key>`` element (Apple's PropertyList-1.0.dtd: a ``dict`` holds ``key``
elements, each followed by its value's element, ``<string>``, ``<dict>``, ``<true/>``…): the
key's text names the entry, never a secret (a Munki pkginfo's ``<key>_metadata</key>``; since
1.126.0, stop 59, batch 169's damage). The value after it is judged under its own key."""


_STOP_UNQUOTED = frozenset(" \t\r\n\"'`,;&<>(){}[]|\\")
_PASSWORD_WORDS = frozenset({"password", "passwd", "pwd", "passphrase", "pass"})
"""The last segment of a name that holds a password (``--yapi-password``, ``DB_PASSWD``): a
value cut at its line's end by an ellipsis is read there (``_cut_at_line_end``), not a token's
or a key's, whose shortened displays (``sk-abc...``) are a provider's documented convention."""
_AUTH_SCHEMES = regex.compile(
    r"(?i:bearer|basic|token|bot|jwt|ssws|apikey|api-key|key|hmac|sharedkey"
    r"|sharedaccesssignature)[ \t]++"
    # any other scheme: one word, then the credential on the same line (Api-Token <v>)
    r"|[A-Za-z][A-Za-z0-9_-]{1,30}+[ \t]++(?=[^\s\"'`,;=])"
)
_LINE_PREFIX = regex.compile(
    r"[ \t]*+(?:export[ \t]++|set[ \t]++|-[ \t]++|\$env:|>[ \t]*+|<[ \t]*+)?$"
)
_COMMENT_REST = regex.compile(r"^[ \t]*+(?:[#;].*+|//.*+)?$")


_ASSIGNMENT = r":::=|::=|:=|\?=|\+=|\.=|\|\|=|=>|->|<-|===|!==|==|!=|=(?![=~>])|:(?![:/\\])|,"
"""Every assignment operator of the grammar (longest first): dotenv/INI ``=``, Go/Pascal
``:=``, Makefile ``::=`` ``:::=`` ``?=`` ``+=``, PHP ``.=``, Ruby/Perl/logstash ``=>``, ``->``,
R ``<-``,
YAML/JSON ``:`` and ``,`` between a quoted name and a quoted value (call arguments and
tuples: ``System.setProperty("X_TOKEN", "v")``, ``("api_key", "v")``), and comparisons with
a quoted literal (``if (api_key == "v")``: a hard-coded secret). Objective-C ``@"v"`` and C
``char secret[25] = "v"`` are read too."""
_TYPE_ANNOTATION = (
    r"(?:[ \t]*+:[ \t]*+&?[a-z_][\w.<>?\[\]]*+"
    r"|[ \t]++(?:string|str|\[\]byte|bytes|secretstr|text))(?=[ \t]*+=(?![=~>]))"
)
"""A type between the name and ``=``: Kotlin/TypeScript/Python/Rust ``apiToken: String = …``,
Go ``var apiToken string = …`` (matched on the lowercased text). After a blank only a string
type counts: ``name=password type=hidden`` is two HTML attributes, not a declaration."""
_SHELL_WORD_END = frozenset(" \t\r\n;|&<>()")
_TYPOGRAPHIC_CLOSE = {"\u2018": "\u2019", "\u201c": "\u201d"}
"""A typographic opening quote and its closing one (``‘v’``, ``“v”``): straight quotes as a word
processor, a chat app or a rich-text editor writes them, so a value between them is quoted as
one between ``'`` or ``"`` is (since 1.81.0, stop 56: ``--password ‘password’`` is the
placeholder ``--password 'password'`` is, batch 126's tune damage)."""
_OPERATOR_AFTER = regex.compile(r"[ \t]++(?:[=!<>]=|[<>+*/%]|and|or|if|in)[ \t]")
"""An operator after a value: the value is an operand of an expression (code)."""
_SPACED_EQ = regex.compile(r"[ \t]=[ \t]")
"""``a = b``: an assignment of code (Python, JavaScript), where a dotenv line has no blanks."""
_WRAPPED_VALUE = regex.compile(r"(?P<v>[^=\s]++)==[ \t]*+(?=\r?\n|$)")
"""The value of VS Code Remote-SSH's marker lines, ``connectionToken==<value>==`` (its install
script prints ``key==value==`` so the client can find each), up to the closing ``==``."""
_PROSE_AFTER = regex.compile(r"[ \t][A-Za-z'\"%]")
"""After an unquoted value read mid-line behind ``:`` or ``->``: another word, so the value is
a word of a sentence (``### Auth: three legs``), not a setting."""
_PROGRAM_NAME = regex.compile(r"[a-z][a-z0-9]*+(?:-[a-z][a-z0-9]*+)++")
"""A lower-case program name of words joined by ``-`` (``sddm-helper``): after ``Auth:`` and
before `` (``, SDDM's daemon naming its helper and the helper's arguments (sddm/sddm,
src/auth/Auth.cpp, ``Auth::Private::childExited``: ``Auth: sddm-helper (%s) crashed (exit code
%d)``), not a credential. Since 1.163.0 (stop 62, batch 185's tune damage)."""
_PATH_ERROR_AFTER = regex.compile(r"(?:[ ](?:[A-Za-z]:)?+[/\\~.][^\s:]*+){1,2}+:[ ]")
"""After a lower-case word read behind ``:``: a path and ``: ``, so the word is the operation of
Go's ``os.PathError`` (io/fs: ``Op + " " + Path + ": " + Err``: ``Error storing token: open
//.vault-token: permission denied``; ``os.LinkError`` names two paths), not a value. Since
1.48.0 (stop 53)."""
_OBJECT_STRING = regex.compile(r"[A-Z][A-Za-z]++[ ]?+\{[A-Za-z][A-Za-z0-9_]*+[=:]")
"""An object's printed form read from its class name: a capitalised word, then a brace and a
field (Android's ``Account {name=…, type=…}``, android.accounts.Account's ``toString``, which
microG's authenticator logs as ``getAuthToken: Account {name=…}, mail, Bundle[{…}]``): the word
is the class, not a value. Since 1.86.0 (stop 56). Since 1.97.0 (stop 57, batch 139's tune
damage) also Go's printed struct, a field then ``:`` (``fmt``'s ``%#v``, ``Session{Email:…}``,
and a ``String()`` method's own: oauth2-proxy's ``SessionState.String``, ``Session{email:%s
user:%s PreferredUsername:%s …}``, logged as ``Authenticated via OAuth2: Session{…}``)."""
_FALLBACK = regex.compile(
    r"""(?x)(?:
        \|\| | \?\? | \?: | \bor\b | \belse\b            # a || "v", a ?? "v", a ?: "v", or, else
      | \.(?:unwrap_or|or_else|orElse|getOrElse|getOrDefault|or|default)\([^()\n]{0,200}?
      | \bfetch\([^()\n]{0,200}+\)[ \t]*+\{                 # Ruby ENV.fetch("X") { "v" }
    )[ \t]*+(?P<q>["'`])"""
)
"""A literal that an expression falls back to when the variable it reads is unset: the value
a secret-bearing name gets in a fresh checkout (``token = process.env.TOKEN || "v"``,
``api_key = os.getenv("API_KEY") or "v"``, ``cfg.get("k").unwrap_or("v")``)."""
_PARAM_DEFAULT = regex.compile(
    r"\$\{(?P<n>[A-Za-z_][A-Za-z0-9_]{0,95}+):?[-=](?P<q>[\"']?+)(?P<v>[^}\s\"']{1,4096}+)(?P=q)\}"
)
"""Shell and Compose parameter expansion with a default: ``${DB_PASSWORD:-v}``,
``${TOKEN-v}``, ``${API_KEY:=v}`` (the default is what the name holds when unset)."""


_FIELD_NAME = regex.compile(r"^[A-Za-z_][A-Za-z0-9_.-]{0,95}+$")
"""A field name is one identifier: ``"my secret phrase"`` after ``"PASSWORD",`` is a value."""
_ENV_OR_SNAKE = regex.compile(r"^(?:[A-Z][A-Z0-9]*+(?:_[A-Z0-9]++)++|[a-z]++(?:_[a-z]++)++)$")
"""``GITHUB_ORG``, ``access_denied``: another name or a status in a list of names."""


_LIST_HEAD = regex.compile(
    r"(?:token|key|secret|password|credential)s(?P<nq>[\"'`]?+)[ \t]*+(?::=|=>|[:=])[ \t]*+"
    r"(?:(?P<open>\[)|(?:#[^\r\n]*+)?+(?=\r?\n))"
)
"""A plural secret name heading a list in text: ``github_access_tokens:`` then ``- item``
lines, or ``api_keys = [...]`` (matched in the lowercased text)."""
_LIST_WORDS = ("tokens", "keys", "secrets", "passwords", "credentials")


def _list_heads(lowered: str) -> Iterator[regex.Match[str]]:
    """``_LIST_HEAD``'s matches, tried only where a plural word starts (``str.find``)."""
    for word in _LIST_WORDS:
        i = lowered.find(word)
        while i >= 0:
            m = _LIST_HEAD.match(lowered, i)
            if m is not None:
                yield m
            i = lowered.find(word, i + 1)


_LIST_LINE = regex.compile(
    r"\r?\n(?P<ind>[ \t]*+)-[ \t]++(?:(?P<q>[\"'])(?P<qv>[^\"'\r\n\x00]{1,4096}+)(?P=q)"
    r"|(?P<uv>[^\s#\"'\x00][^\s\x00]{0,4095}+))[ \t]*+(?:#[^\r\n]*+)?+(?=\r?\n|$)"
)
"""One ``- item`` line of a YAML-style list, the item quoted or alone on its line."""
_LIST_ITEM = regex.compile(
    r"[ \t\r\n]*+(?:(?P<q>[\"'])(?P<qv>[^\"'\r\n\x00]{1,4096}+)(?P=q)"
    r"|(?P<uv>[^\s,\[\]\"'\x00]{1,4096}+))[ \t\r\n]*+(?P<end>[,\]])"
)
"""One item of a bracketed list (``['a', 'b']``, ``["a",\n "b"]``, ``[a, b]``)."""
_GIT_KEY_NAME = regex.compile(r"signingkey|(?i:(?:[A-Za-z0-9_-]++\.)?user\.signingkey)")
"""Git's ``user.signingkey`` (in ``.gitconfig``, ``git config``): a key id's name. A
``signingKey`` or ``SIGNING_KEY`` in code is a signing secret's name, as before."""
_KEY_ID = regex.compile(r"(?:0[xX])?+(?:[0-9A-Fa-f]{40}|[0-9A-Fa-f]{16}|[0-9A-Fa-f]{8})!?")
_STORAGE_MARKER = regex.compile(r"\{AQAAAB[A-Za-z0-9+/]{20,}+={0,2}+\}")
"""A secret as a CI tool stores it, in its storage syntax: Jenkins' ``hudson.util.Secret``
writes ``{AQAAAB…}`` (base64 in braces) into ``credentials.xml``, ``config.xml`` and JCasC."""


_PVE_TOKEN = regex.compile(
    r"(?:PVEAPIToken=)?+[^\s@!=:'\"]{1,64}+@[A-Za-z][A-Za-z0-9._-]{1,31}+"
    r"![A-Za-z][A-Za-z0-9._-]{0,63}+(?:=(?P<secret>[^\s'\"]++))?+"
)
"""A Proxmox VE API token as its API documentation writes it ("API Tokens": the header
``PVEAPIToken=USER@REALM!TOKENID=UUID``; ``pveum user token add`` prints the full token id
``<userid>@<realm>!<tokenid>`` and a UUID value). Since 1.57.0 (stop 54)."""


_PVE_TOKEN_ID_BEFORE = regex.compile(
    r"[^\s@!=:'\"]@[A-Za-z][A-Za-z0-9._-]{1,31}+![A-Za-z][A-Za-z0-9._-]{0,63}+=$"
)
"""A Proxmox token id and its ``=`` right before a value (``…!sometoken=uuid``, where the token
id's own name is read as the secret's)."""


def _pve_token_secret(text: str, s: int, e: int) -> tuple[int, int] | None:
    """The span of a value's secret: a Proxmox token's UUID after ``=``, nothing when its id
    stands alone or its value is a word or one repeated character (the poster's placeholder
    ``mytokenicreatedusingthegui``, ``uuid``, all zeros, ``xxxxxxxx-…``); any other value
    whole. The user and the token id are no secret (the user is judged as a login). Only on a
    line that says ``token`` (``PROXMOX_VE_APITOKEN=``, ``pm_api_token_id``, ``PVEAPIToken=``):
    under a password's or a secret's name the value is judged whole."""
    if "token" not in text[text.rfind("\n", 0, s) + 1 : e].lower():
        return s, e
    m = _PVE_TOKEN.fullmatch(text, s, e)
    if m is not None:
        s, e = m.span("secret") if m.group("secret") is not None else (e, e)
    elif not _PVE_TOKEN_ID_BEFORE.search(text, max(0, s - 100), s):
        return s, e
    secret = text[s:e]
    if not secret or secret.isalpha() or len(set(secret.replace("-", ""))) == 1:
        return None
    return s, e


def _not_a_credential(value: str, scheme: regex.Match[str] | None) -> bool:
    """What follows an ``Authorization`` scheme but is no credential: a word of prose ended by a
    full stop (``Authorization: Bearer header.``) or the base64 of a documentation example's
    credentials after ``Basic`` (``bbbbb:bbbbb``, ``user:pass``)."""
    if value.endswith(".") and value[:-1].isalpha():
        return True
    basic = scheme is not None and scheme.group()[:5].lower() == "basic"
    return basic and placeholder_basic(value.rstrip(")}]"))


def _session_uuid(name: str, text: str, pos: int) -> bool:
    """A UUID at ``pos`` under a session id's name (``session_id``, ``sessionId``,
    ``SESSION_ID``): a session's provenance, as GAIA's ``captured_from`` and Claude Code's
    transcripts write it on every line, not a credential."""
    return session_name(name) and bool(UUID_VALUE.match(text[pos : pos + 36]))


def session_name(name: str) -> bool:
    """A name of a session's id: ``session_id``, ``sessionId``, ``SESSION_ID``, ``session``
    (as GAIA's eval datasets write ``"session": "<uuid>"``); a UUID under one is provenance."""
    segs = name_segments(name)
    return segs[-2:] == ["session", "id"] or segs[-1:] == ["session"]


def _structured_name(name: str) -> bool:
    """A name written as an identifier (``API_TOKEN``, ``apiToken``, ``x-api-key``), not a word.

    ``SetEnv API_TOKEN "v"`` or ``#define API_KEY "v"`` assign by a blank alone; prose
    (``the token "abc" is``) uses the bare word, which needs an operator.
    """
    return (
        any(c in "_-." for c in name.strip("_-."))
        or bool(_CAMEL.search(name))
        or (name.isupper() and len(name) >= 3)
    )


_NSLCD_REQUEST = regex.compile(r'(?<=\[[0-9a-f]{1,16}+\][ ])<[a-z/_]{1,20}+="[^"\n]{0,256}+">')


def _nslcd_request(text: str, start: int) -> bool:
    """nslcd's request context ``[<session>] <passwd="<name>">`` on a debug line: the name of
    the account looked up (arthurdejong/nss-pam-ldapd, nslcd/passwd.c
    ``log_setrequest("passwd=\"%s\"", name)``, shadow.c ``shadow="%s"``, pam.c ``authc="%s"``;
    nslcd/log.c prints it as ``<%s>`` after the session's ``[%06x]``), never a password (since
    1.128.0, stop 59, batch 171's tune damage: ``<passwd="nobody">``)."""
    if start == 0 or text[start - 1] != "<":
        return False
    return _NSLCD_REQUEST.match(text, start - 1) is not None


def _not_an_assignment(text: str, m: regex.Match[str], start: int, flag: bool, name: str) -> bool:
    """A name and a separator that assign nothing: ``NAME= value`` (an empty assignment, then
    a command, or prose), ``{budget}-token`` (a word joined by ``-``, not a ``--flag``),
    ``-pwdYbD0JtOt8N`` (a password glued to ``-p``), ``Join-Path $PWD "x"`` (a variable
    read), ``sessions[session_id] = v`` (a variable used as a key), ``C:x`` (a scheme),
    ``the token "v"`` (prose), ``NAME=`cmd``` (a command's output)."""
    sep, ws, nq, vq = m.group("sep"), m.group("ws"), m.group("nq"), m.group("vq")
    if (
        sep == "="
        and not vq
        and text[m.start("sep") - 1 : m.start("sep")] not in (" ", "\t")
        and text[m.end("sep") : m.end("sep") + 1] in (" ", "\t")
    ):
        return True
    if flag and start > 0 and text[start - 1] not in " \t\r\n\"'=([":
        return True
    if flag and (mixes_like_random(name) or _quoted_flag_named(text, m, start)):
        return True
    if ws and not sep and start > 0 and text[start - 1] == "$":
        return True
    if m.group("br") == "]" and nq is None:
        return True
    if (
        sep == ":"
        and nq is None
        and vq is None
        and text[m.end("sep") : m.end("sep") + 1] not in (" ", "\t")
    ):
        return True  # scheme:value (gaia-session:29c2…, C:x), not a key: value
    pos = m.end()
    if (ws and not sep) and (
        (not flag and not (vq and nq is None and _structured_name(name)))
        or (flag and vq is None and (pos >= len(text) or text[pos] == "-"))
    ):
        return True  # a name and a blank: an assignment only as an identifier or a --flag
    return (
        vq == "`"
        and sep == "="
        and m.end("sep") == m.start("vq")
        and text[m.start("sep") - 1] not in " \t"
    )  # NAME=`cmd`: shell command substitution, not a literal


_PROSE_WORD = regex.compile(r"[a-z]{2,20}+(?![A-Za-z0-9_.:/@=-])")


def _quoted_flag_named(text: str, m: regex.Match[str], start: int) -> bool:
    """A flag's name in quotes of its own, then a blank and a word of lower-case letters: prose
    that names the flag (text-generation-webui's start-up warning, ``modules/shared.py``: "You
    can create one with the "--gradio-auth" flag like this:"; ``use the '--token' option``),
    not the flag given a value. A value with a digit, a capital or a mark still goes
    (``"--gradio-auth" s3cr3tPass``). Since 1.79.0 (stop 56, batch 124's tune damage)."""
    nq = m.group("nq")
    return (
        bool(nq)
        and nq[-1] in "\"'"
        and start > 0
        and text[start - 1] == nq[-1]
        and bool(m.group("ws"))
        and not m.group("sep")
        and m.group("vq") is None
        and _PROSE_WORD.match(text, m.end()) is not None
    )


_TARGET_LIST = regex.compile(r"[ \t]*+(?:[A-Za-z_][A-Za-z0-9_.]*+[ \t]*+,[ \t]*+)++")
"""The names before the last one of a tuple's target list (``client, secret_a, ``)."""
_IDENTIFIER_RUN = regex.compile(r"[A-Za-z_][A-Za-z0-9_]*+(?=[ \t]*+(?:#[^\r\n]*+)?+(?:\r?\n|$))")
"""An identifier, then nothing but a comment to the line's end."""


_PKCS11_URI = regex.compile(r"(?i)pkcs11:")
"""A value that is a PKCS#11 URI (RFC 7512): which token and object, no secret as a whole."""

_PKCS11_PATH = regex.compile(r"(?i)\bpkcs11:(?:[^\s\"'`<>?;]*+;)*+$")
"""A PKCS#11 URI (RFC 7512, "PKCS #11 URI Scheme") up to one of its path attributes."""


def _pkcs11_uri_label(text: str, start: int) -> bool:
    """Whether the name at ``start`` is a path attribute of a PKCS#11 URI (RFC 7512 section
    2.3: ``token``, ``manufacturer``, ``model``, ``serial``, ``object``, ``id``, ``type``,
    ``slot-*``, ``library-*``, each ``;``-separated after ``pkcs11:``): a label that says
    which token and object, public as ``pkcs11-tool -L`` prints it (``token=SoftHSM%20Token``,
    ``token=PIV_II``), never a secret. The query's ``pin-value`` is the credential
    (``recognizers.yaml``'s ``pkcs11_pin_value``). Since 1.121.0 (stop 59, batch 166)."""
    return start >= 7 and _PKCS11_PATH.search(text, max(0, start - 4096), start) is not None


def _code_target(text: str, m: regex.Match[str], start: int, names: SecretNames | None) -> bool:
    """A variable assigned with a spaced ``=`` to the last name of a tuple's target list
    (``client, secret_a, secret_b = custody_client``, ``daemon_url, client_token =
    live_daemon_with_email``) or to a quoted subscript (``headers["Authorization"] =
    raw_header``): Python's and JavaScript's assignment statements, whose unquoted right side
    is an expression (a variable here), never a literal value; a configuration file writes
    neither form. The value must be an identifier that reads as code (``code_value``: a
    random run, ``kQ8mZ2xLp4…``, is still judged) with nothing after it on its line. Since
    1.93.0 (stop 56, GAIA's own tests)."""
    if m.group("sep") != "=" or m.group("vq") or not _SPACED_EQ.match(text, m.start("sep") - 1):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    listed = _TARGET_LIST.fullmatch(text, line_start, start) is not None
    subscript = m.group("br") == "]" and text[start - 2 : start] in ('["', "['")
    word = _IDENTIFIER_RUN.match(text, m.end())
    return (listed or subscript) and word is not None and code_value(word.group(), names)


def _shell_word(text: str, pos: int, limit: int) -> tuple[str, list[int]]:
    """The shell word at ``pos`` with its quotes removed, and each character's offset."""
    chars: list[str] = []
    offsets: list[int] = []
    i, quote = pos, ""
    while i < limit:
        c = text[i]
        if quote:
            if c == quote:
                quote = ""
            elif c == "\n":
                break
            else:
                chars.append(c)
                offsets.append(i)
        elif c in "\"'":
            quote = c
        elif c in _SHELL_WORD_END:
            break
        else:
            chars.append(c)
            offsets.append(i)
        i += 1
    return "".join(chars), offsets


class IntakeAssignedSecretRecognizer(CodeBackedRecognizer):
    """The value after a secret-bearing name, in every syntax (see the module doc).

    The regex only finds a stem of a name (``pass``, ``token``, ``key``…) followed by the rest
    of the name, a separator and an optional opening quote; the name is then read back to its
    start and judged by ``SecretNames``, and the value is read forward by the rules of its
    syntax (quoted up to the matching quote; unquoted to the first blank or delimiter; a line
    of ``NAME=value`` must hold nothing else but a comment) and judged by ``literal_secret``.
    The vocabulary comes from ``scrubbers/secret_names.yaml`` through ``configure``.
    """

    ENTITY = "GENERIC_SECRET"
    SCORE = 0.6
    MAX_VALUE = 4096
    # Presidio requires a pattern; the real ones are built by configure().
    PATTERNS = (("assigned", r"(?!)", SCORE),)

    def __init__(self, supported_language: str = "en", **kwargs: Any) -> None:
        super().__init__(supported_language, **kwargs)
        self.names: SecretNames | None = None
        self._stems: tuple[str, ...] = ()
        self._name_rx: regex.Pattern[str] | None = None

    def configure(self, names: SecretNames) -> None:
        """Set the vocabulary and build the regexes from its stems."""
        self.names = names
        self._stems = tuple(sorted(names.stems, key=len, reverse=True))
        stems = "|".join(regex.escape(s) for s in self._stems)
        self._name_rx = regex.compile(
            rf"""(?:{stems})[A-Za-z0-9_.-]*+
            (?P<nq>\\{{0,3}}["'`]|>)?(?P<br>\]|\[[0-9]{{0,6}}\])?
            (?P<type>{_TYPE_ANNOTATION})?
            (?:[ \t]*+(?P<sep>{_ASSIGNMENT})[ \t]*+|(?P<ws>[ \t]++))?
            @?(?P<vq>\\{{0,3}}["'`])?""",
            regex.X,
        )
        # The same with case-insensitive stems, for text whose lowercase form has another
        # length (a few Unicode letters): case-insensitive alternation is ~3x slower.
        self._name_rx_i = regex.compile(self._name_rx.pattern, regex.X | regex.I)
        self._pair_rx = regex.compile(
            r"""(?:\b(?:name|key)|"(?:name|key)"|'(?:name|key)')[ \t]*+[:=][ \t]*+
            (?P<q>["']?+)(?P<n>[A-Za-z0-9_.-]{2,80}+)(?P=q)
            [ \t]*+,?[ \t]*+(?:\r?\n[ \t]*+)?
            (?:\bvalue|"value"|'value')[ \t]*+[:=][ \t]*+(?P<vq>["'])?""",
            regex.X | regex.I,
        )
        # The same pair written value first (``- value: v`` then ``name: X`` in YAML).
        self._pair_rev_rx = regex.compile(
            r"""(?:\bvalue|"value"|'value')[ \t]*+[:=][ \t]*+
            (?:(?P<vq>["'])(?P<qv>[^"'\r\n]{1,4096}+)(?P=vq)|(?P<uv>[^\s,"'{}\[\]]{1,4096}+))
            [ \t]*+,?[ \t]*+(?:\r?\n[ \t]*+)?
            (?:\b(?:name|key)|"(?:name|key)"|'(?:name|key)')[ \t]*+[:=][ \t]*+
            (?P<q>["']?+)(?P<n>[A-Za-z0-9_.-]{2,80}+)(?P=q)""",
            regex.X | regex.I,
        )
        self._user_rx = regex.compile(r"(?:^|(?<=[ \t]))(?:-u|--user)(?:[ \t]++|=)", regex.M)

    def stem_matches(self, lowered: str) -> Iterator[regex.Match[str]]:
        """What ``_name_rx.finditer(lowered)`` yields, tried only where a stem starts.

        Every match starts with a stem, so the positions ``str.find`` gives for the stems (it
        skips ahead in C) are the only ones worth a try; trying them in order, each from the
        end of the last match, gives finditer's matches in a third of its time (finditer tries
        the stem alternation at every character).
        """
        if self._name_rx is None:
            return
        starts: set[int] = set()
        for stem in self._stems:
            i = lowered.find(stem)
            while i >= 0:
                starts.add(i)
                i = lowered.find(stem, i + 1)
        match = self._name_rx.match
        end = 0
        for start in sorted(starts):
            if start < end:
                continue
            m = match(lowered, start)
            if m is not None:
                yield m
                end = m.end()

    # -- reading values --------------------------------------------------------------

    def _quoted(self, text: str, pos: int, quote: str) -> tuple[int, int] | None:
        line_end = text.find("\n", pos)
        limit = min(len(text), pos + self.MAX_VALUE, line_end if line_end >= 0 else len(text))
        i = pos
        while True:
            j = text.find(quote, i, limit)
            if j < 0:
                return None
            if len(quote) == 1 and j > pos and text[j - 1] == "\\" and quote != "`":
                i = j + 1
                continue
            return (pos, j) if j > pos else None

    def _quoted_at(
        self, text: str, pos: int, vq: str | None
    ) -> tuple[tuple[int, int] | None] | None:
        """A quoted value's span (in a 1-tuple; the span None when the quote is not closed):
        after the opening quote ``vq`` the regex read, or between a typographic quote at
        ``pos`` and its closing one on the same line (``_TYPOGRAPHIC_CLOSE``). None when the
        value is not quoted (an unclosed typographic quote is read as before, unquoted)."""
        if vq:
            return (self._quoted(text, pos, vq),)
        close = _TYPOGRAPHIC_CLOSE.get(text[pos : pos + 1])
        span = None if close is None else self._quoted(text, pos + 1, close)
        return None if span is None else (span,)

    @staticmethod
    def _run(text: str, pos: int, stops: frozenset[str]) -> int:
        n = len(text)
        end = pos
        while end < n and end - pos < 4096 and text[end] not in stops:
            end += 1
        return end

    def _unquoted(self, text: str, pos: int, line_level: bool) -> tuple[int, int] | None:
        if line_level:
            end = self._run(text, pos, frozenset(" \t\r\n\"'`"))
            line_end = text.find("\n", end)
            rest = text[end : line_end if line_end >= 0 else len(text)]
            if not _COMMENT_REST.match(rest):
                return None
        else:
            braced = _BRACED_AT.match(text, pos)
            if braced:  # {ZqL5…}: a value in braces, which the run below stops at
                return braced.start(), braced.end()
            end = self._run(text, pos, _STOP_UNQUOTED)
            if text.startswith(("...", "…"), end) or text[pos:end].endswith(("...", "…")):
                return _token_before_ellipsis(text, pos, end)
            while end > pos and text[end - 1] in ".,:!?":
                end -= 1
        return (pos, end) if end > pos else None

    def _unquoted_value(
        self, text: str, pos: int, line_level: bool, segs: list[str]
    ) -> tuple[int, int] | None:
        """An unquoted value (``_unquoted``); a password's cut at its line's end is read up to
        the ellipsis (``_cut_at_line_end``)."""
        span = self._unquoted(text, pos, line_level)
        if (
            segs[-1:]
            and segs[-1] in _PASSWORD_WORDS
            and (span is None or text[span[0] : span[1]].endswith(("...", "…")))
        ):
            return self._cut_at_line_end(text, pos) or span
        return span

    def _cut_at_line_end(self, text: str, pos: int) -> tuple[int, int] | None:
        """A password's value that its line was cut in (``--yapi-password=qwm739...`` then the
        line's end: a log that shortens long command lines): what is shown before the ellipsis,
        judged as the value. A prefix and an ellipsis (``sk-...``, ``pass_...``) is still a
        placeholder's shape, and so is an ellipsis before more text on the line (a masked
        display, ``abc…wxyz``)."""
        end = self._run(text, pos, _STOP_UNQUOTED)
        if end < len(text) and text[end] not in "\r\n":
            return None
        body = text[pos:end]
        for mark in ("...", "…"):
            if body.endswith(mark):
                body = body[: -len(mark)]
                break
        else:
            return None
        if len(body) < 4 or body[-1] in "-_.…":
            return None
        return pos, pos + len(body)

    def _name_start(self, text: str, start: int) -> int:
        floor = max(0, start - 64)
        i = start
        while i > floor and text[i - 1] in _NAME_CHARS:
            i -= 1
        return i

    def _emit(
        self,
        text: str,
        span: tuple[int, int] | None,
        quoted: bool,
        out: list[Any],
        shaped: bool = False,
        name: str = "",
    ) -> None:
        if span is None:
            return
        if shaped and not token_like(text[span[0] : span[1]]):
            return
        s, e = span
        if _PKCS11_URI.match(text, s, e):
            return  # a PKCS#11 URI names a token and an object (its pin-value: pkcs11_pin_value)
        if "!" in text[max(0, s - 100) : e]:
            narrowed = _pve_token_secret(text, s, e)
            if narrowed is None:
                return
            s, e = narrowed
        if _STORAGE_MARKER.fullmatch(text, s, e):
            s, e = s + 1, e - 1  # Jenkins' {AQAAAB…}: the braces are its storage's syntax
        assert self.names is not None
        if literal_secret(text[s:e], quoted=quoted, names=self.names, name=name):
            out.append(self._result(s, e))

    def _result(self, start: int, end: int) -> Any:
        """A finding of this recognizer, named as Presidio names a result's recognizer."""
        from presidio_analyzer.recognizer_result import RecognizerResult  # noqa: TID251

        state: Any = self
        meta = {
            RecognizerResult.RECOGNIZER_NAME_KEY: state.name,
            RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: state.id,
        }
        return RecognizerResult(self.ENTITY, start, end, self.SCORE, recognition_metadata=meta)

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: Any = None,
        regex_flags: int | None = None,
    ) -> list[Any]:
        """Values assigned to secret-bearing names (one result per value): ``NAME=v``,
        ``"name": "v"``, ``--name v``, ``<name>v</name>``, then the paired, user, list and
        ``${NAME:-v}`` forms."""
        names = self.names
        if names is None or self._name_rx is None:
            return []
        out: list[Any] = []
        lowered = text.lower()
        if len(lowered) == len(text):
            matches = self.stem_matches(lowered)
        else:
            matches = self._name_rx_i.finditer(text)
        for m in matches:
            self._assignment(text, m, names, out)
        self._emit_pairs(text, names, out)
        for m in self._user_rx.finditer(text):
            self._emit_user(text, m.end(), out)
        self._emit_lists(text, lowered, out)
        if "${" in text:
            for m in _PARAM_DEFAULT.finditer(text):
                if names.is_secret_name(m.group("n")):
                    self._emit(text, m.span("v"), True, out, name=m.group("n"))
        return out

    def _emit_pairs(self, text: str, names: SecretNames, out: list[Any]) -> None:
        """The values of a name and a value written as a pair of fields, either way round
        (``"name": "password", "value": "v"`` and ``"value": "v", "name": "password"``)."""
        for m in self._pair_rx.finditer(text):
            if not names.is_secret_name(m.group("n")):
                continue
            if _session_uuid(m.group("n"), text, m.end()):
                continue
            vq, name = m.group("vq"), m.group("n")
            if vq:
                self._emit(text, self._quoted(text, m.end(), vq), True, out, name=name)
            else:
                self._emit(text, self._unquoted(text, m.end(), True), False, out, name=name)
        for m in self._pair_rev_rx.finditer(text):
            if names.is_secret_name(m.group("n")) and not _session_uuid(
                m.group("n"), text, m.start("qv" if m.group("vq") else "uv")
            ):
                quoted = m.group("vq") is not None
                self._emit(text, m.span("qv" if quoted else "uv"), quoted, out, name=m.group("n"))

    def _assignment(
        self, text: str, m: regex.Match[str], names: SecretNames, out: list[Any]
    ) -> None:
        """One match of a name followed by a separator: its value, when the name bears a
        secret and the text around it is an assignment (not code, prose or a comparison)."""
        start = self._name_start(text, m.start())
        flag = text[start] == "-"
        name = text[start : self._name_end(text, m)].lstrip("-")
        sep, vq = m.group("sep"), m.group("vq")
        pos = m.end()
        if m.group("nq") == ">":
            self._emit_element(text, start, m.end("nq"), name, names, out)
            return
        if not (sep or m.group("ws")) or self._emit_key_id(text, name, pos, vq, out):
            return
        if (
            _not_an_assignment(text, m, start, flag, name)
            or _code_target(text, m, start, names)
            or _pkcs11_uri_label(text, start)  # token=<label> in a PKCS#11 URI: no secret
            or _nslcd_request(text, start)  # <passwd="name">: the account nslcd looks up
        ):
            return
        if sep in ("==", "!=", "===", "!==") and not vq:
            if not self._line_of_double_equals(text, m, start, name, out):
                return  # a comparison holds a secret only when it is a literal
            pos, sep = m.start("sep") + 1, "="  # NAME==v on a line of its own: the value is "=v"
        if sep == ",":
            self._call_argument(text, m, start, name, names, out)
            return
        segs = name_segments(name)
        if (
            segs in (["cookie"], ["set", "cookie"])
            or not names.is_secret_name(name)
            or (
                _session_uuid(name, text, pos)
                and "cookie" not in text[text.rfind("\n", 0, start) + 1 : start].lower()
            )
        ):
            return  # not a secret's name; a session id (Claude Code's sessionId): provenance
        if segs[-1:] == ["authorization"] and sep and not vq:
            self._authorization(text, pos, names, out)
            return
        shaped = names.needs_shape(name)
        quoted = self._quoted_at(text, pos, vq)
        if quoted is not None:
            self._emit(text, quoted[0], True, out, shaped, name)
            return
        self._emit_fallbacks(text, pos, out, shaped, name)
        span = self._plain_value(text, m, start, pos, sep, segs, names)
        self._emit(text, span, False, out, shaped, name)

    def _line_of_double_equals(
        self, text: str, m: regex.Match[str], start: int, name: str, out: list[Any]
    ) -> bool:
        """``krakenToken==q1fos…`` alone on its line, its value not a wrapped literal (which
        is emitted here): read the value as ``=q1fos…``. Any other comparison: False."""
        return (
            m.group("sep") == "=="
            and self._ini_value_with_equals(text, start, m)
            and not self._emit_wrapped(text, m.end("sep"), name, out)
        )

    def _emit_element(
        self, text: str, start: int, pos: int, name: str, names: SecretNames, out: list[Any]
    ) -> None:
        """``<password>v</password>``: an element's text, under a secret-bearing name. A
        property list's ``<key>`` names the value after it and holds none (since 1.126.0)."""
        if name == "key" and _PLIST_KEY.match(text, pos):
            return
        if start > 0 and text[start - 1] == "<" and names.is_secret_name(name):
            self._emit(text, self._element(text, pos, name), False, out, name=name)

    def _call_argument(
        self,
        text: str,
        m: regex.Match[str],
        start: int,
        name: str,
        names: SecretNames,
        out: list[Any],
    ) -> None:
        """``("password", "v")``: a quoted name, then a quoted value, as the first argument
        of a call or item of a tuple; a list of field names holds no value."""
        nq, vq = m.group("nq"), m.group("vq")
        if not (nq and vq and start > 0 and text[start - 1] == nq[-1]):
            return
        if text[max(0, start - 1 - len(nq) - 8) : start - len(nq)].rstrip()[-1:] not in (
            "(",
            "[",
        ):
            return  # the first argument of a call or item of a tuple, not a value
        span = self._quoted(text, m.end(), vq)
        word = text[span[0] : span[1]] if span else ""
        if _FIELD_NAME.match(word) and (
            word.lower() in word_lists().field_names
            or names.is_secret_name(word)
            or (_ENV_OR_SNAKE.match(word) is not None and not mixes_like_random(word))
        ):
            return  # ("password", "username"): a list of field names
        if names.is_secret_name(name):
            self._emit(text, span, True, out, name=name)

    def _authorization(self, text: str, pos: int, names: SecretNames, out: list[Any]) -> None:
        """``Authorization: Bearer v``: the credential after the scheme, unless it is prose
        or a variable."""
        scheme = _AUTH_SCHEMES.match(text, pos)
        if scheme:
            pos = scheme.end()
        end = self._run(text, pos, frozenset(" \t\r\n\"'`,;<>"))
        if _not_a_credential(text[pos:end], scheme):
            return  # "Authorization: Bearer header. ": prose; Basic of bbbbb:bbbbb
        word = text[pos:end].rstrip(")}]")
        if word != text[pos:end] and word.count("{") < text[pos:end].count("}"):
            if code_value(word, names) or (word.isalpha() and word.islower()):
                return  # {"Authorization": header}: a variable
            end = pos + len(word)
        self._emit(text, (pos, end) if end > pos else None, False, out)

    def _plain_value(
        self,
        text: str,
        m: regex.Match[str],
        start: int,
        pos: int,
        sep: str | None,
        segs: list[str],
        names: SecretNames,
    ) -> tuple[int, int] | None:
        """An unquoted value's span, or None where what follows is code or prose."""
        line_start = text.rfind("\n", 0, start) + 1
        line_level = bool(sep) and sep != ":=" and bool(_LINE_PREFIX.match(text, line_start, start))
        span = self._unquoted_value(text, pos, line_level, segs)
        if span is None:
            return None
        word = text[span[0] : span[1]]
        if (
            sep == ":"
            and word.isalpha()
            and word.islower()
            and _PATH_ERROR_AFTER.match(text, span[1])
        ):
            return None  # token: open //.vault-token: permission denied (Go's os.PathError)
        if not line_level:
            after = text[span[1] : span[1] + 2]
            if sep == ":" and segs == ["auth"] and after == " (" and _PROGRAM_NAME.fullmatch(word):
                return None  # SDDM's "Auth: sddm-helper (<args>) crashed": a program, no token
            if after[:1] in ("(", "[") or _OBJECT_STRING.match(text, span[0]):
                return None  # time.monotonic(), useState(…), cancels[0], Account {name=…}: code
            if sep in (":", "->") and _PROSE_AFTER.match(after):
                return None  # "Auth: three legs", "token -> publisher": prose
            if _OPERATOR_AFTER.match(text, span[1]) and code_value(word, names):
                return None  # "pass": status_code == 200: an expression
            if (sep == "->" and (word.isalpha() or code_value(word, names))) or (
                after[:1] in (",", ")", "}") and code_value(word, names)
            ):
                return None  # auth: AUTH_ENABLED,  "refresh_token": FWD_REFRESH,  -> agent_id
        elif (
            sep == "="
            and _SPACED_EQ.match(text, m.start("sep") - 1)
            and ("." in word or _CAMEL.search(word) or names.is_secret_name(word))
            and code_value(word, names)
        ):
            return None  # entry.access_token = new_token: code, not an INI or dotenv line
        return span

    @staticmethod
    def _ini_value_with_equals(text: str, start: int, m: regex.Match[str]) -> bool:
        """``krakenToken==q1fos…`` alone on its line (INI, dotenv): ``=`` then a value that
        starts with ``=``, not a comparison (which needs a left side in an expression)."""
        line_start = text.rfind("\n", 0, start) + 1
        after = m.end("sep")
        return (
            text[m.start("sep") - 1 : m.start("sep")] not in (" ", "\t")
            and after < len(text)
            and text[after] not in " \t\r\n"
            and bool(_LINE_PREFIX.match(text, line_start, start))
        )

    def _emit_wrapped(self, text: str, pos: int, name: str, out: list[Any]) -> bool:
        """Whether the value at ``pos`` is VS Code Remote-SSH's ``key==value==`` (since 1.30.0,
        stop 50): the ``==`` around it are separators, so the value alone is emitted (when the
        key names a secret), not ``=value==``."""
        wrapped = _WRAPPED_VALUE.match(text, pos)
        if wrapped is None:
            return False
        assert self.names is not None
        if self.names.is_secret_name(name):
            shaped = self.names.needs_shape(name)
            self._emit(text, wrapped.span("v"), False, out, shaped, name)
        return True

    def _emit_fallbacks(
        self, text: str, pos: int, out: list[Any], shaped: bool = False, name: str = ""
    ) -> None:
        """The quoted literals an expression assigned to a secret-bearing name falls back to,
        up to the end of its line (``_FALLBACK``)."""
        end = text.find("\n", pos, pos + 1024)
        limit = end if end >= 0 else min(len(text), pos + 1024)
        for m in _FALLBACK.finditer(text, pos, limit):
            self._emit(text, self._quoted(text, m.end(), m.group("q")), True, out, shaped, name)

    def _emit_lists(self, text: str, lowered: str, out: list[Any]) -> None:
        """The items of a list under a plural secret name (``github_access_tokens:`` then
        ``- <hex>`` lines, ``api_keys = ['…', '…']``) in plain text and logs, as parsed YAML
        and JSON judge a sequence by its key. Each item must look like a token (``token_like``:
        16+ characters with a digit, not words), so ``stop_tokens: ["</s>"]`` stays."""
        assert self.names is not None
        if len(lowered) != len(text):
            return
        for m in _list_heads(lowered):
            name = text[self._name_start(text, m.start()) : m.start("nq")]
            if not self.names.is_secret_name(name):
                continue
            if m.group("open") is None:
                pos, indent = m.end(), None
                while (item := _LIST_LINE.match(text, pos)) and indent in (None, item["ind"]):
                    indent, pos = item["ind"], item.end()
                    quoted = item["q"] is not None
                    self._emit(text, item.span("qv" if quoted else "uv"), quoted, out, True)
                continue
            pos = m.end()
            while item := _LIST_ITEM.match(text, pos):
                quoted = item["q"] is not None
                self._emit(text, item.span("qv" if quoted else "uv"), quoted, out, True)
                pos = item.end()
                if item["end"] == "]":
                    break

    def _emit_key_id(
        self, text: str, name: str, pos: int, quote: str | None, out: list[Any]
    ) -> bool:
        """Git's ``signingkey`` holds a key id, not a secret: only a key id's shape (8, 16 or
        40 hex digits) is replaced, as an id that names its owner on a keyserver; any other
        word there (``ASD123A``, ``<your key id>``) is a placeholder and stays. False when
        ``name`` is not git's key id name (the value is judged as any other)."""
        if not _GIT_KEY_NAME.fullmatch(name):
            return False
        if quote:
            span = self._quoted(text, pos, quote)
        else:
            end = self._run(text, pos, frozenset(" \t\r\n\"'`,;"))
            span = (pos, end) if end > pos else None
        if span is not None and _KEY_ID.fullmatch(text, *span):
            out.append(self._result(*span))
        return True

    def _emit_user(self, text: str, pos: int, out: list[Any]) -> None:
        """curl's ``-u user:pw`` in any quoting (``user:'pw'``, ``":pw"``, ``"key:"``).

        The password is the secret; with an empty password the user part is (an API key
        passed as the user name, ``-u sk_live_…:``), when it looks like one.
        """
        word, offsets = _shell_word(text, pos, min(len(text), pos + self.MAX_VALUE))
        user, colon, password = word.partition(":")
        if not colon:
            return
        if password:
            first, last = offsets[len(user) + 1], offsets[-1] + 1
            self._emit(text, (first, last), text[pos] in "\"'", out)
        elif (
            len(user) >= 8
            and any(c.isdigit() for c in user)
            and (TOKEN_SHAPE.match(user) or not _IDENTIFIER.match(user))
        ):
            self._emit(text, (offsets[0], offsets[len(user) - 1] + 1), True, out)

    def _element(self, text: str, pos: int, name: str) -> tuple[int, int] | None:
        """The value of ``<name>value</name>``, also on a line of its own between the tags."""
        limit = min(len(text), pos + self.MAX_VALUE)
        end = text.find("<", pos, limit)
        if end < 0 or not text.startswith("</" + name + ">", end):
            return None
        s, e = pos, end
        while s < e and text[s] in " \t\r\n":
            s += 1
        while e > s and text[e - 1] in " \t\r\n":
            e -= 1
        if e <= s or "\n" in text[s:e]:
            return None
        return s, e

    @staticmethod
    def _name_end(text: str, m: Any) -> int:
        end: int = m.start()
        n = len(text)
        while end < n and text[end] in _NAME_CHARS:
            end += 1
        return end
