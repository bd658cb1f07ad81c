"""Values with a secret's shape that say they are not one.

``looks_like_placeholder`` is the whole-value placeholder shape every recognizer and the
assignment grammar ask about (``<YOUR_KEY>``, ``${VAR}``, ``your-password-here``,
``sk-xxxxxxxx``). Importing this module does not import Presidio.

Two classes of public secret scanners' false-positive examples hold for any provider's prefix
and any context, and no issued or chosen secret belongs to either; ``illustrative`` is asked
about every secret finding before it is replaced (never e-mail addresses, paths or user names):

* **redacted**: it says so, inside (``ghp_REDACTED``, ``AXXXREDACTED``) or right after it
  (``ops_eyJzaWduSW5B..[Redacted]``): whoever wrote it has already taken the secret out.
* **masked phrase**: mask runs around placeholder words
  (``sha256~XXXXXXXXXX_PUT_YOUR_TOKEN_HERE_XXXXXXXXXXXX``).

Three classes that look as safe were measured and left out, because the scanners' own test
suites contradict each other on them (docs/scrubber.md, "What a secret is not"): a body of
repeated or consecutive characters (``glc_1111…`` is one scanner's false positive,
``AGE-SECRET-KEY-1QQQQ…`` and ``sqa_12345678ABCDEFH…`` its true positives), a body that reads
as words (``hf_requiredCharacteristicTypes…`` against ``glimt-my-tokens_are-correctAB38``),
and the capital word ``EXAMPLE`` (AWS's documentation convention, but a Bedrock key of
``EXAMPLE`` repeated is a true positive). Where the two disagree the value is replaced: a kept
secret cannot be taken back, a replaced decoy costs a fixture.
"""

from __future__ import annotations

import regex

_PLACEHOLDER = regex.compile(
    r"""(?ix)
    ^(?:
        <[^<>]*>                      # <YOUR_KEY>
      | &lt;[^<>&]*&gt;               # &lt;YOUR_KEY&gt; (HTML-escaped)
      | \$\{\{.*\}\}                  # ${{ secrets.X }}
      | \$\{[^}]*\}                   # ${VAR}
      | \$[a-z_][a-z0-9_]*            # $VAR
      | %[a-z_][a-z0-9_]*%            # %VAR%
      | \{\{.*\}\}                    # {{ template }}
      | x{3,} | \*{3,} | \.{3,} | -+ | _+ | \?+
      | none | null | nil | true | false | undefined | string | str | bytes | required
      | password | passwd | secret | token | changeme | redacted | hidden | masked
      | [^\s.…]{0,24} (?:\.{3,}|…) [^\s.…]{0,8}          # sk-...  sk-ant-api03-...  sk-abc…wxyz
      | (?:[a-z]+[_.-])* (?:your|example|sample|placeholder|dummy|changeme|redacted|here)
        (?:[_.-][a-z]+)*                                # your-password-here, EXAMPLE_KEY
      | [a-z0-9_-]{0,10} (?:x{4,}|\*{4,}) [a-z0-9]{0,4}   # sk-xxxxxxxx, gho_****
    )$
    """
)
"""Whole-value placeholder shapes only: a placeholder word inside a longer value
(``hunter2example99``) does not make it a placeholder."""


def looks_like_placeholder(value: str) -> bool:
    """Whether the whole of ``value`` is a placeholder shape (``_PLACEHOLDER``)."""
    return _PLACEHOLDER.search(value) is not None


_REDACTED = regex.compile(r"(?i)(?<![a-z])redacted(?![a-z])|(?-i:REDACTED)")
"""The word ``redacted`` alone, or in capitals glued to anything (``12345678:AXXXREDACTED``, a
telegram token's body typed over: since 1.66.0): no issued token holds the capital word."""
_REDACTED_AFTER = regex.compile(r"(?i)(?:(?:\.{2,}+|…)[ \t]?)?[\[<(]redacted[\])>]")
_MASK_RUN = regex.compile(r"x{4,}+|X{4,}+|\*{4,}+|#{4,}+|•{4,}+")
_LEAD = regex.compile(r"^[^\s_.-]{0,12}?[~_.-]++")


def marked_redacted(text: str, end: int) -> bool:
    """Whether a redaction mark follows the value that ends at ``end``, at once or after an
    elision: what is left of a secret shown as ``ops_eyJzaWduSW5B..[Redacted]`` is only its
    start. A mark after a blank (``ghp_… [redacted]``) may follow a secret left in whole."""
    return _REDACTED_AFTER.match(text, end, min(len(text), end + 16)) is not None


def _masked_phrase(value: str) -> bool:
    """Mask runs, a short lead (``sha256~``) and placeholder words, nothing else."""
    if not _MASK_RUN.search(value):
        return False
    rest = _MASK_RUN.sub("", value)
    rest = _LEAD.sub("", rest, count=1).strip("_.-~")
    return bool(rest) and looks_like_placeholder(rest)


_TYPED_OVER = regex.compile(r"\*++|•++|x{3,}+|X{3,}+|(?:\.{3,}+|…)")
_SHOWN = regex.compile(r"[^\s*•.…_:/+=-]++")
_ELLIPSIS_HIDES = 4


def _typed_over(value: str) -> bool:
    """Whether a poster typed over most of ``value``, a token shown with its characters hidden
    in place (since 1.100.0, stop 57, batch 144's tune damage: a Splunk HEC token
    ``ECE*****C-6**3-4**2-A**3-A8********B7``, a GUID with 19 of its 32 hex digits starred and
    its dashes kept): mask characters, ``*`` or ``•`` runs of any length, ``x``/``X`` runs of
    three or more, an ellipsis (counted as four hidden characters), hide at least six
    characters and at least half as many as the value still shows, and no piece left between
    them and the separators (``-``, ``_``, ``.``, ``:``, ``/``, ``+``, ``=``) is longer than
    twelve: what is left is no credential. A whole token beside it, a password holding one or
    two stars (``Pa**w0rd!2024``) or a token with a short mask (``ECE7F4A1C-6B23-…-A8C1****``)
    shows more than it hides and stays a secret."""
    hidden = 0
    for m in _TYPED_OVER.finditer(value):
        run = m.group()
        hidden += _ELLIPSIS_HIDES if run[0] in ".…" else len(run)
    if hidden < 6:
        return False
    pieces = [len(p) for p in _SHOWN.findall(_TYPED_OVER.sub(" ", value))]
    return max(pieces, default=0) <= 12 and 2 * hidden >= sum(pieces)


def illustrative(value: str) -> bool:
    """Whether ``value``, found as a secret, says it is none (see the module doc)."""
    return _REDACTED.search(value) is not None or _masked_phrase(value) or _typed_over(value)


_X_MASKED = regex.compile(
    r"^[A-Za-wyz0-9]{1,3}+(?P<run>x{3,}+)[a-wyz0-9]{1,3}+$"
    r"|^[A-WYZ0-9]{1,3}+(?P<run>X{3,}+)[A-WYZ0-9]{1,3}+$"
)


def x_masked(word: str) -> bool:
    """Whether ``word`` is a poster's mask that keeps its first and last letters (one to three
    each) around a run of three or more ``x`` (or ``X`` in a capitals word) longer than the
    letters it shows: ``gxxxxxg``, ``sxxxxxn``, ``saxxxxn``, ``JXXXXE``, ``upxxxxxxxxcy`` (a
    masked ``git log`` author, address and message). It names no one, as a whole mask
    (``xxxxxxx``) does not; a word that shows more than it hides (``foxxxy``, ``jaxxxon``,
    ``maxxxie``) is a word. Since 1.90.0 (stop 56, batch 134's tune damage), asked about a name
    (``engine._a_name``) and an address's local part (``recognizers._masked_local``)."""
    m = _X_MASKED.match(word)
    if m is None:
        return False
    run = len(m.group("run"))
    return run > len(word) - run
