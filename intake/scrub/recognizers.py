"""Code-backed Presidio recognizers: the checks a regex alone cannot express.

``scrubbers/recognizers.yaml`` names these classes with ``type: predefined``; Presidio's loader
finds them among the subclasses of ``EntityRecognizer``, so this module must be imported before
the registry is built (``intake.scrub.engine`` does that). Presidio's YAML cannot give a predefined
recognizer its own patterns, so such a class carries its patterns here, next to the check that
validates them; a subclass of ``IntakeCheckedRecognizer`` is a ``checked`` rule's ``check``
instead, its patterns the rule's. Each class says what it checks; the e-mail domain check
reads the Public Suffix List snapshot bundled in the ``tldextract`` wheel: never a download,
never a cache on disk.
"""

from __future__ import annotations

import logging
import math
import os
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import regex

os.environ.setdefault("TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS", "")

from intake.scrub.presidio import light  # noqa: E402

# Presidio's classes without its package __init__ (which imports spaCy): intake.scrub.presidio.
_pattern_module = light("pattern_recognizer")
from presidio_analyzer.entity_recognizer import EntityRecognizer  # noqa: E402, TID251
from presidio_analyzer.pattern import Pattern  # noqa: E402, TID251
from presidio_analyzer.pattern_recognizer import PatternRecognizer  # noqa: E402, TID251
from presidio_analyzer.recognizer_result import RecognizerResult  # noqa: E402, TID251

from intake.scrub.definitions import top_level_alternatives, word_lists  # noqa: E402
from intake.scrub.illustrative import looks_like_placeholder, x_masked  # noqa: E402
from intake.scrub.normalise import WRAP_BREAK  # noqa: E402


def shannon_entropy(value: str) -> float:
    """Bits per character of ``value`` (0.0 for the empty string)."""
    if not value:
        return 0.0
    n = len(value)
    log2 = math.log2
    return -sum([c / n * log2(c / n) for c in Counter(value).values()])


_LITERAL_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-=:/@ ")
_ESCAPED_LITERALS = frozenset(".-/:=@_ ")
_QUANTIFIERS = frozenset("?*+{")


def required_literal(pattern: str, flags: int) -> str | None:
    """A literal every match of ``pattern`` needs in the text, or ``None`` if none is known.

    Only the plain start of a pattern is read: after a leading ``\\b``, the run of literal
    characters (``\\.`` and the like included) up to the first other token, less its last
    character when a quantifier follows it. ``None`` for a case-insensitive pattern, one with
    an alternation outside every group and class (a branch may not start so), or a start of
    fewer than 3 characters. ``FastPatternRecognizer`` skips a pattern whose literal is not
    in the text: a short text (a JSON value) is then checked by ``in`` instead of by the
    regex engine for most providers. Sound by construction; ``tests/test_scrub_perf_
    equivalence.py`` checks it on every pattern against the corpus and the stock path.
    """
    if (
        flags & (regex.IGNORECASE | regex.VERBOSE)
        or "(?" in pattern[:3]
        or "(?i" in pattern
        or "(?x" in pattern
        or len(top_level_alternatives(pattern)) > 1
    ):
        return None
    i = 2 if pattern.startswith("\\b") else 0
    out: list[str] = []
    while i < len(pattern):
        c = pattern[i]
        if c == "\\" and i + 1 < len(pattern) and pattern[i + 1] in _ESCAPED_LITERALS:
            out.append(pattern[i + 1])
            i += 2
        elif c in _LITERAL_CHARS:
            out.append(c)
            i += 1
        else:
            break
        if i < len(pattern) and pattern[i] in _QUANTIFIERS:
            out.pop()  # the last character may repeat or be absent
            break
    literal = "".join(out)
    return literal if len(literal) >= 3 else None


_PRESIDIO_LOG = logging.getLogger("presidio-analyzer")
_ID_KEY = RecognizerResult.RECOGNIZER_IDENTIFIER_KEY
_NAME_KEY = RecognizerResult.RECOGNIZER_NAME_KEY


class FastPatternRecognizer(PatternRecognizer):
    """Presidio's ``PatternRecognizer`` with the per-match bookkeeping intake never reads left out.

    Stock ``PatternRecognizer.analyze`` builds an ``AnalysisExplanation`` (an f-string and an
    object) for every regex match, reads the clock and logs at DEBUG per pattern, and ends with
    ``EntityRecognizer.remove_duplicates``. The engine discards the explanations again
    (``return_decision_process`` is off) and runs ``remove_duplicates`` itself over all results,
    which removes everything the per-recognizer pass would (it drops a result contained in
    another of the same type with an equal or higher score, and that relation is transitive).
    So this override keeps exactly the stock semantics that reach intake: the same compiled
    pattern cache, flags, timeout (Presidio's module global, read at call time), the same
    ``validate_result``/``invalidate_result`` scoring, the same ``recognition_metadata``, and the
    same timeout warning (which intake turns into a fail-closed error).
    ``tests/test_scrub_perf_equivalence.py`` compares it with the stock path on the corpus.

    ``stock_analysis = True`` (set per instance) runs Presidio's own ``analyze`` instead; the
    equivalence tests and the benchmark use it.
    """

    stock_analysis = False
    _needs: tuple[str | None, ...] | None = None
    _needs_flags = -1
    _gate: tuple[str, ...] | None = None

    def _literals(self, patterns: list[Any], flags: int) -> tuple[str | None, ...]:
        """Each pattern's ``required_literal`` (computed once per flags), and in ``_gate``
        all of them when every pattern has one (the recognizer is skipped without any)."""
        if self._needs is None or self._needs_flags != flags or len(self._needs) != len(patterns):
            needs = tuple(required_literal(p.regex, flags) for p in patterns)
            self._needs, self._needs_flags = needs, flags
            gate = tuple(lit for lit in needs if lit is not None)
            self._gate = gate if gate and len(gate) == len(needs) else None
        return self._needs

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: Any = None,
        regex_flags: int | None = None,
    ) -> list[RecognizerResult]:
        """Matches of every pattern as ``RecognizerResult`` (no explanation attached)."""
        if self.stock_analysis:
            return list(super().analyze(text, entities, nlp_artifacts, regex_flags))
        flags = regex_flags if regex_flags else self.global_regex_flags
        state: Any = self  # Presidio's attributes are untyped
        patterns: list[Any] = state.patterns
        needs = self._literals(patterns, flags or 0)
        gate = self._gate
        if gate is not None:
            for lit in gate:
                if lit in text:
                    break
            else:
                return []  # no pattern can match: none of their literals is in the text
        cls = type(self)
        validates = cls.validate_result is not PatternRecognizer.validate_result
        invalidates = cls.invalidate_result is not PatternRecognizer.invalidate_result
        validate, invalidate = self.validate_result, self.invalidate_result
        entity = self.supported_entities[0]
        metadata = {_NAME_KEY: state.name, _ID_KEY: state.id}
        max_score, min_score = EntityRecognizer.MAX_SCORE, EntityRecognizer.MIN_SCORE
        timeout = _pattern_module.REGEX_TIMEOUT_SECONDS
        results: list[RecognizerResult] = []
        append = results.append
        for pattern, need in zip(patterns, needs, strict=True):
            if need is not None and need not in text:
                continue
            if not pattern.compiled_regex or pattern.compiled_with_flags != flags:
                pattern.compiled_with_flags = flags
                pattern.compiled_regex = regex.compile(pattern.regex, flags=flags)
            base_score = pattern.score
            try:
                for match in pattern.compiled_regex.finditer(text, timeout=timeout):
                    start, end = match.span()
                    if start == end:
                        continue
                    score = base_score
                    if validates or invalidates:
                        current = text[start:end]
                        if validates:
                            valid = validate(current)
                            if valid is not None:
                                score = max_score if valid else min_score
                        if invalidates and invalidate(current):
                            score = min_score
                    if score > min_score:
                        meta = dict(metadata)
                        append(
                            RecognizerResult(entity, start, end, score, recognition_metadata=meta)
                        )
            except TimeoutError:
                _PRESIDIO_LOG.warning(
                    "Regex pattern '%s' timed out after %s seconds, skipping.",
                    pattern.name,
                    timeout,
                )
        return results


@lru_cache(maxsize=1)
def _tld_extractor() -> Any:
    import tldextract

    # suffix_list_urls=() -> the snapshot shipped in the wheel; cache_dir=None -> no disk cache.
    return tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)


@lru_cache(maxsize=65536)
def _has_public_suffix(domain: str) -> bool:
    parts = _tld_extractor()(domain)
    return bool(parts.suffix) and bool(parts.domain)


_IDENTIFIER = regex.compile(r"^[A-Za-z_][A-Za-z0-9_]*+(?:\.[A-Za-z_][A-Za-z0-9_]*+)*+$")
_CODE_EXPR = regex.compile(r"[()\[\]]|^(?:self|os|env|process|config|settings|args)\.")
_HEX = regex.compile(r"^(?:0x)?[0-9a-fA-F]++$")
_UUIDISH = regex.compile(r"^[0-9a-fA-F-]++$")
_INTEGRITY = regex.compile(r"^(?:sha(?:1|224|256|384|512)|md5)-")
_UPPER = regex.compile(r"[A-Z]")
_LOWER = regex.compile(r"[a-z]")
_DIGIT = regex.compile(r"[0-9]")


def _word_like_identifier(value: str) -> bool:
    """snake_case / dotted / CamelCase names read as code, not secrets (``client_token``)."""
    if not _IDENTIFIER.match(value):
        return False
    has_digit = any(c.isdigit() for c in value)
    separators = value.count("_") + value.count(".")
    return separators > 0 and not has_digit or value.isalpha()


class CodeBackedRecognizer(FastPatternRecognizer):
    """A recognizer defined in code: its entity and patterns are class attributes.

    The registry YAML names the class; whatever entity it passes is replaced by ``ENTITY``.
    """

    ENTITY = ""
    PATTERNS: tuple[tuple[str, str, float], ...] = ()

    def __init__(self, supported_language: str = "en", **kwargs: Any) -> None:
        kwargs.pop("supported_entity", None)
        kwargs.pop("supported_entities", None)
        super().__init__(
            supported_entity=self.ENTITY,
            name=kwargs.pop("name", type(self).__name__),
            supported_language=supported_language,
            patterns=[Pattern(name=n, regex=r, score=s) for n, r, s in self.PATTERNS],
            global_regex_flags=regex.DOTALL | regex.MULTILINE,
            **kwargs,
        )


class IntakeCheckedRecognizer(CodeBackedRecognizer):
    """A ``checked`` rule of ``scrubbers/recognizers.yaml``: its entity, patterns (name, regex,
    score) and the length and entropy its values need are the rule's (``-p`` flags, ``Bearer``
    values, URL passwords). Every match is checked for placeholders, length and entropy; a rule
    whose ``check`` names a subclass (its own class below) adds that class's checks."""

    REJECT_IDENTIFIERS = False

    def __init__(
        self,
        *,
        entity: str,
        patterns: Sequence[tuple[str, str, float]],
        min_entropy: float = 0.0,
        min_length: int = 1,
        **kwargs: Any,
    ) -> None:
        self.ENTITY = entity
        self.PATTERNS = tuple(patterns)
        self.MIN_ENTROPY = min_entropy
        self.MIN_LENGTH = min_length
        super().__init__(**kwargs)

    def invalidate_result(self, pattern_text: str) -> bool | None:
        """True drops the match (Presidio semantics): placeholders, code, low entropy."""
        value = pattern_text.strip("\"'")
        if len(value) < self.MIN_LENGTH:
            return True
        if looks_like_placeholder(value):
            return True
        if self.REJECT_IDENTIFIERS and (_word_like_identifier(value) or _CODE_EXPR.search(value)):
            return True
        return shannon_entropy(value) < self.MIN_ENTROPY


_LOCAL_RUN = regex.compile(r"(?r)[\w.+-]++")
"""An e-mail's local part read backwards from its ``@`` (the whole run of its characters)."""

_STAMP_BEFORE_ADDRESS = regex.compile(
    r"(?:19|20)[0-9]{2}[_-][01][0-9][_-][0-3][0-9][_-][0-2][0-9][_-][0-5][0-9][_-][0-5][0-9]"
    r"[_-](?:[0-9]{1,7}+[_-])?+(?=[\w+-])"
)
"""A date and time glued before an address in a log file's name (since 1.40.0, stop 52):
imapsync names its log ``LOG_imapsync/<YYYY>_<MM>_<DD>_<hh>_<mm>_<ss>[_<pid>]_<user1>.txt``
(under its ``--logdir`` default), so the address starts after the stamp."""


_MASK_BEFORE_LOCAL = regex.compile(
    r"(?:(?<=[\p{L}\p{N}._+-])\*{2,}+|(?<![^\s'\"(<\[=:,;])\*{3,}+)\Z"
)
"""A poster's mask glued before what reads as a local part (since 1.84.0, stop 56, batch 129's
tune damage): a run of ``*`` inside the local part (``ah******kr@yahoo.com``, ``a***z@…``), or
of three or more at its start (``******kr@yahoo.com``, ``Email [***kr@yahoo.com]:``). The
address names no one and the letters after the mask are no address of their own. Markdown's
emphasis around a real address (``**kowalski@gmail.com**``, ``***…***``) is followed by ``*``
and is no mask (``_masked_local``); ``**Email:**kowalski@…`` has two only after a colon."""


_MASK_IN_LOCAL = regex.compile(r"[\p{L}\p{N}][\w.+-]*?(?:\.{3,}+|_{3,}+|-{3,}+)")
"""A poster's mask inside what reads as a local part, after the letters it shows (since 1.99.0,
stop 57, batch 141's tune damage): three or more ``.`` (``pi...ki@gmail.com``,
``jo...@gmail.com``; RFC 5322 §3.4.1's ``dot-atom`` has no ``.`` beside another, so no address
holds them), or three or more ``_`` or ``-`` (``j_____e@…``). Dots before any letter
(``...ski@gmail.com``) may be a column cut at the address's start, which shows most of it: an
address still; two dots (``taro..yamada@docomo.ne.jp``, as Japanese carriers issued them) too."""

_MASK_GLUED_BEFORE_LOCAL = regex.compile(
    r"[\p{L}\p{N}](?:…++|\[(?:\.{3}|…)\]|[•●∙·◦]{2,}+|\#{2,}+|\?{2,}+|~{2,}+|(?:\\\*){2,}+)\Z"
)
"""A poster's mask glued before what reads as a local part, after a letter the mask keeps
(since 1.99.0): an ellipsis (``pio…ski@gmail.com``), an elision ``[...]``, a run of bullets
(``j•••••e@icloud.com``, as account pages show a recovery address), of ``#``, ``?`` or ``~``, or
Markdown-escaped stars (``j\\*\\*\\*e@…``). With no letter before it the run may be a list's
bullet or a cut (``• a@b.com``, ``…hn.smith@company.com``): the address stays one."""


def _masked_local(text: str, local_start: int, end: int) -> bool:
    """Whether the address ending at ``end`` whose local part's run starts at ``local_start``
    is masked by a run of ``*`` right before it (``_MASK_BEFORE_LOCAL``), or is itself a
    poster's mask that keeps its first and last letters (``sxxxxxn@outlook.com``:
    ``illustrative.x_masked``, since 1.90.0), or is masked by an ellipsis, bullets or another
    run inside it or glued before it (``_MASK_IN_LOCAL``, ``_MASK_GLUED_BEFORE_LOCAL``, since
    1.99.0)."""
    at = text.find("@", local_start, end)
    if at > local_start and x_masked(text[local_start:at]):
        return True
    if at > local_start and _MASK_IN_LOCAL.match(text, local_start, at) is not None:
        return True
    if _MASK_GLUED_BEFORE_LOCAL.search(text[max(0, local_start - 80) : local_start]) is not None:
        return True
    if local_start < 2 or text[local_start - 1] != "*" or text.startswith("*", end):
        return False
    return _MASK_BEFORE_LOCAL.search(text[max(0, local_start - 80) : local_start]) is not None


def _joined_by_underscore(text: str, previous_end: int) -> int:
    """Where the next address's local part starts when the previous address's domain ended at
    a ``_`` (since 1.130.0, stop 60, batch 172's tune miss): imapsync names its log
    ``LOG_imapsync/<date>_<user1>_<user2>.txt`` (its ``--logfile`` default, both logins joined
    by ``_``), and a domain holds no ``_``, so the second address starts right after it
    (``…_ana@corp.com.br_ana@corp.com.br.txt``). Otherwise 0: the local part read back from the
    ``@`` stays inside the previous address and is dropped, as before."""
    return previous_end + 1 if text.startswith("_", previous_end) else 0


class IntakeEmailRecognizer(CodeBackedRecognizer):
    """E-mail addresses whose domain ends in a real public suffix (checked offline).

    Domain labels are letters, digits and hyphens only (``_`` ends the domain, so
    ``alice@acme.com_notes`` is found). The regex takes every label it can, which in a file name
    includes the extension (``alice@acme.io.pdf``); ``invalidate_result`` cannot shrink a span,
    so ``analyze`` trims trailing labels until the domain ends in a public suffix and reports the
    shorter span (``alice@acme.io``), keeping the extension out of the finding. The trimming
    runs after the match loop on both the fast and the stock path, so they stay equivalent.
    """

    ENTITY = "EMAIL_ADDRESS"
    PATTERNS = (
        ("email", r"@(?<=[\w.+-]@)[\p{L}\p{N}][\p{L}\p{N}-]*+(?:\.[\p{L}\p{N}-]++)++", 0.5),
    )
    """The ``@`` and the domain, after a local-part character: the regex engine skips from one
    ``@`` to the next (a pattern that starts at the local part is tried at every letter of the
    text, a hundred times slower). ``analyze`` then reads the local part back to the start of
    its run (``_LOCAL_RUN``, in reverse) and drops leading ``.+-``, so the span is the one a
    pattern starting at ``\b`` before the local part gives; a match whose local part would
    start inside the previous one is dropped, as a forward scan could not have started there."""
    MAX_DOMAIN = 253
    """Longest domain name DNS allows; longer candidates are cut before the suffix check."""

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: Any = None,
        regex_flags: int | None = None,
    ) -> list[RecognizerResult]:
        """Matches with a local part whose domain, trimmed label by label from the right, has a
        public suffix; a domain that runs on into the next address ends where
        ``run_together_end`` cuts it, and the next address starts there."""
        kept: list[RecognizerResult] = []
        previous_end = 0
        floor = 0  # where a run-together address's local part starts (``run_together_end``)
        for result in super().analyze(text, entities, nlp_artifacts, regex_flags):
            at = result.start
            local = _LOCAL_RUN.match(text, 0, at)
            if local is not None and local.start() < previous_end < at - 1:
                floor = max(floor, _joined_by_underscore(text, previous_end))
            if local is None or max(local.start(), floor) < previous_end:
                continue
            previous_end = result.end
            result.start = max(local.start(), floor)
            while text[result.start] in ".+-":
                result.start += 1
            stamp = _STAMP_BEFORE_ADDRESS.match(text, result.start, at)
            if stamp is not None:
                result.start = stamp.end()  # imapsync's LOG_imapsync/<date>_<time>_<address>.txt
            if result.start >= at:
                continue  # no real local part (.@x.com)
            split = run_together_end(text, at + 1, result.end, self.MAX_DOMAIN)
            if split is not None:  # the next address's local part starts at ``split``
                previous_end = floor = split
                end: int | None = split - at - 1
            else:
                end = _public_suffix_end(text[at + 1 : result.end], self.MAX_DOMAIN)
            if end is None:
                continue
            result.end = at + 1 + end
            if _masked_local(text, local.start(), result.end):
                continue  # ah******kr@yahoo.com: a poster's mask, no address (since 1.84.0)
            kept.append(result)
        return kept


_HEXDIGITS = frozenset("0123456789abcdefABCDEF")
_LOCAL_CHARS = frozenset("._+-")


class IntakeEncodedEmailRecognizer(IntakeEmailRecognizer):
    """Percent-encoded e-mail addresses in URLs and logs: ``?email=zelda%40kestrel-mail.com``.

    The regex anchors on ``%40`` and the domain (same labels and the same offline public-suffix
    check as ``IntakeEmailRecognizer``); ``analyze`` then walks back over the local part (word
    characters, ``.``, ``+``, ``-`` and an encoded ``%2B``), at most ``MAX_LOCAL`` characters, so
    the cost stays linear. An escape just before the local part (``%22zelda%40…``, ``%3D``)
    stays outside the span. The fixture keeps the encoding (``user1%40example.com``) and shares
    its number with the plain form of the same address (``intake.scrub`` decodes the key).
    """

    PATTERNS = (("email", r"%40[A-Za-z0-9][A-Za-z0-9-]*+(?:\.[A-Za-z0-9-]++)++", 0.5),)
    MAX_LOCAL = 64
    """Longest local part RFC 5321 allows; the walk back stops there."""

    def invalidate_result(self, pattern_text: str) -> bool | None:
        """The local part is found later, in ``analyze`` (the match starts at ``%40``)."""
        return None

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: Any = None,
        regex_flags: int | None = None,
    ) -> list[RecognizerResult]:
        """``%40`` + domain matches, widened to their local part and trimmed to a suffix."""
        kept: list[RecognizerResult] = []
        matches = FastPatternRecognizer.analyze(self, text, entities, nlp_artifacts, regex_flags)
        for result in matches:
            at = result.start
            start = _encoded_local_start(text, at, self.MAX_LOCAL)
            if start is None:
                continue
            end = _public_suffix_end(text[at + 3 : result.end], self.MAX_DOMAIN)
            if end is None:
                continue
            result.start, result.end = start, at + 3 + end
            kept.append(result)
        return kept


def _encoded_local_start(text: str, at: int, limit: int) -> int | None:
    """Where the local part before the ``%40`` at ``at`` starts, or None if it has none."""
    start, floor = at, max(0, at - limit)
    while start > floor:
        c = text[start - 1]
        if c.isalnum() or c in _LOCAL_CHARS:
            start -= 1
        elif c == "%" and text[start : start + 2] in ("2B", "2b") and at - start > 2:
            start -= 1  # an encoded "+": its digits were already taken as word characters
        else:
            break
    # An escape right before the local part (%22zelda, %3Dzelda) leaves its two hex digits in
    # the run; they belong to the escape, not to the address.
    if (
        start >= 1
        and text[start - 1] == "%"
        and at - start > 2
        and text[start] in _HEXDIGITS
        and text[start + 1] in _HEXDIGITS
    ):
        start += 2
    while start < at:
        if text[start] in ".+-":
            start += 1
        elif text[start : start + 3] in ("%2B", "%2b"):
            start += 3
        else:
            break
    return start if start < at else None


_RUN_ON = regex.compile(r"(?<=\.)[a-z]++(?=[A-Z])")
"""A label's start in small letters right before a capital: where a public suffix may end and
the next address's local part begin (``Vodafone.comKavitha``)."""


def run_together_end(text: str, start: int, end: int, limit: int) -> int | None:
    """Where an address's domain (``text[start:end]``) ends when it runs on into the next
    address, its separator lost (since 1.85.0, stop 56): Jenkins Email Extension's ``Failed to
    create e-mail address for A.B@corp.comC.D@corp.com`` (its EmailRecipientUtils prints the
    recipient text JavaMail could not parse), a comma- or blank-separated list run together.

    Only a domain that runs right into another ``@``; it is cut after the first label prefix
    written in small letters, right before a capital, at which the domain so far ends in a
    public suffix (``corp.com`` + ``C.D``, ``corp.co.uk`` + ``Ann``). A domain in one case
    throughout (``example.comdevops@…``) is ambiguous (``.co`` or ``.com``) and not cut."""
    if text[end : end + 1] != "@" or end - start > limit:
        return None
    for m in _RUN_ON.finditer(text, start, end):
        cut: int = m.end()
        if _has_public_suffix(text[start:cut].lower()):
            return cut
    return None


def _public_suffix_end(domain: str, limit: int) -> int | None:
    """Length of the longest label prefix of ``domain`` ending in a public suffix, if any.

    ``lodash@4.17.21``, ``x@localhost`` and ``a@b.c`` have none; ``acme.io.pdf`` gives the
    length of ``acme.io``. At most ``limit`` characters are considered (linear cost).
    """
    end = len(domain)
    if end > limit:
        end = domain.rfind(".", 0, limit + 1)
    lowered = domain.lower()
    while end > 0:
        if _has_public_suffix(lowered[:end]):
            return end
        end = lowered.rfind(".", 0, end)
    return None


class IntakeGenericSecretRecognizer(IntakeCheckedRecognizer):
    """A password in prose: ``my password is …`` (assignments are the context recognizer's,
    ``intake.scrub.context.IntakeAssignedSecretRecognizer``, in every syntax)."""

    REJECT_IDENTIFIERS = True

    def invalidate_result(self, pattern_text: str) -> bool | None:
        """Also drop values that are file paths or URLs (other recognizers own those)."""
        value = pattern_text.rstrip(".")
        if value.startswith(("/", "./", "../", "~", "http://", "https://", "file:")):
            return True
        return super().invalidate_result(value)


_CAMEL = regex.compile(r"[a-z][A-Z]")


class IntakePasswordWordRecognizer(IntakeCheckedRecognizer):
    """Word-like passwords after an explicit password name: ``password: letmein``.

    The entropy floor of ``IntakeGenericSecretRecognizer`` (and its rule that a letters-only
    value is an identifier) misses dictionary passwords. Here the name must be exactly
    ``password``/``passwd``/``pwd``/``passphrase`` (any prefix: ``DB_PASSWORD``), followed by
    ``:``, ``=``, ``:=``, ``=>`` or ``is``, and the value must start with a letter or digit and be
    4-64 characters. Code is rejected: calls and subscripts (``getpass()``, ``Optional[str]``),
    dotted or snake_case names (``settings.password``, ``user_password``), CamelCase types
    (``SecretStr``), type and prose words (``str``, ``required``, ``incorrect``), placeholders,
    and paths or URLs.
    """

    def invalidate_result(self, pattern_text: str) -> bool | None:
        """True drops the match: code, type names, prose words, placeholders, paths, URLs."""
        value = pattern_text.rstrip(".!?:")
        if len(value) < self.MIN_LENGTH or value.lower() in word_lists().not_a_password:
            return True
        if value.startswith(("http://", "https://", "file:")) or "/" in value:
            return True
        if looks_like_placeholder(value):
            return True
        if _IDENTIFIER.match(value) and ("_" in value or "." in value):
            return True
        return value.isalpha() and _CAMEL.search(value) is not None


def placeholder_basic(value: str) -> bool:
    """``dXNlcjpwYXNz``: base64 of placeholder credentials (``user:pass``, ``test:test``,
    ``bbbbb:bbbbb``), whose both halves are words no one chooses as a secret or one letter
    repeated (``admin:admin`` is a real default and stays a secret)."""
    import base64
    import binascii

    try:
        decoded = base64.b64decode(value, validate=True).decode("utf-8")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return False
    user, colon, password = decoded.partition(":")
    return bool(colon) and _placeholder_half(user) and _placeholder_half(password)


def _placeholder_half(value: str) -> bool:
    """A word no one chooses as a credential, or one letter repeated (``bbbbb``, ``xxxx``: a
    documentation example's filler)."""
    low = value.lower()
    return low in word_lists().placeholder_credentials or (
        len(low) >= 3 and low.isalpha() and len(set(low)) == 1
    )


class IntakeBasicAuthRecognizer(IntakeCheckedRecognizer):
    """The base64 credential of ``Authorization: Basic …``."""

    def invalidate_result(self, pattern_text: str) -> bool | None:
        """Also keep a word of prose after the scheme word (``Basic microphone test``,
        ``Basic Integration``): one word in one case, where base64 of ``user:password``
        mixes cases or holds a digit, ``+``, ``/`` or padding."""
        value = pattern_text.strip("\"'")
        if value.isalpha() and (value.islower() or value.isupper() or value.istitle()):
            return True
        if placeholder_basic(value):
            return True
        return super().invalidate_result(pattern_text)


class IntakeHighEntropyRecognizer(IntakeCheckedRecognizer):
    """Bare random strings with no name before them (calibrated by length).

    32+ characters: upper + lower + digit, entropy >= 4.0. 24–31 characters (scrubber 1.4):
    the entropy a random string of that length reaches (``log2(n) - 0.5`` bits), two of each
    class, and letters and digits interleaved (2+ changes between them), so ``Release2024Notes``
    and ``AbCdEf123456`` are kept. Everywhere: hex digests, UUIDs, integrity strings, paths,
    identifiers (snake, dotted, CamelCase of words: ``CamelCaseIdentifierName123``), model and
    package names and masks are kept.
    """

    LONG = 32
    """From this length on, the classic rule (entropy >= 4.0) applies alone."""

    SEGMENT = 16
    """The shortest path segment a run inside a URL is narrowed to (``_url_segments``)."""

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: Any = None,
        regex_flags: int | None = None,
    ) -> list[RecognizerResult]:
        """The random runs, each inside a URL narrowed to its random path segments."""
        results = super().analyze(text, entities, nlp_artifacts, regex_flags)
        if "://" not in text:
            return results
        return [piece for result in results for piece in self._url_segments(text, result)]

    def _url_segments(self, text: str, result: RecognizerResult) -> list[RecognizerResult]:
        """``result`` narrowed to the path segments that make it random, when it lies in a URL.

        The pattern's class is base64's, ``/`` included, so after a URL's ``scheme:`` (or a
        host's ``:`` before its port) the whole authority and path read as one run:
        ``rtmp://localhost/live/<stream key>`` became ``rtmp:<fixture>``, the host and the
        application's name gone with the key (since 1.116.0, stop 58; batch 159's helper found
        it). A URL's segments are its own values: the run's findings are its segments of
        ``SEGMENT`` characters or more that mix like a random token with a random token's
        entropy (as a dotted token's segments are judged); a run none of whose segments is
        such keeps its whole span, as before, so nothing found before is lost."""
        run = text[result.start : result.end]
        if "/" not in run or not _in_url(text, result.start):
            return [result]
        pieces: list[RecognizerResult] = []
        offset = result.start
        for segment in run.split("/"):
            if _random_segment(segment, self.SEGMENT):
                meta = dict(result.recognition_metadata or {})
                end = offset + len(segment)
                pieces.append(
                    RecognizerResult(
                        result.entity_type, offset, end, result.score, recognition_metadata=meta
                    )
                )
            offset += len(segment) + 1
        return pieces or [result]

    def invalidate_result(self, pattern_text: str) -> bool | None:
        """Keep git SHAs, checksums, UUIDs, integrity strings, paths and identifiers."""
        value = pattern_text
        head = value.split("=", 1)[0]
        if head != value.rstrip("=") and not mixes_like_random(head):
            return True  # NAME=value (a name before "="), which the value's own match judges
        if _HEX.match(value) or _UUIDISH.match(value) or _named_digest(value):
            return True
        if _INTEGRITY.match(value):
            return True
        if not (_UPPER.search(value) and _LOWER.search(value) and _DIGIT.search(value)):
            return True
        core = value.rstrip("=")
        if len(core) < self.LONG:
            if len(core) < self.MIN_LENGTH or not mixes_like_random(core):
                return True
            if shannon_entropy(value) < math.log2(len(core)) - 0.5:
                return True
        elif shannon_entropy(value) < self.MIN_ENTROPY:
            return True
        if value.endswith("/aws4_request"):
            return True  # a SigV4 credential scope: its key id is found on its own (issue 35)
        if (
            _SYSTEM_PATH.match(value)
            or _DBUS_OBJECT_PATH.match(value)
            or _home_path(value)
            or (
                "/" in value
                and all(len(p) < 20 or _path_word(p) for p in _r_temp(value).split("/"))
            )
        ):
            # a path: it starts at a system root (/tmp/_cacache/_logs/<date>-debug-0) or in a
            # home with no random folder (_home_path), or its long segments are names
            # (stats_derniere_labellisation)
            return True
        if _word_like_identifier(value) or _name_like(value) or _path_word(value):
            return True  # since 1.29.0 also a build folder's name (_versioned_words)
        # What the base check adds here: the pattern's character class has no quotes to strip,
        # it guarantees MIN_LENGTH, and the entropy was just checked (computing it twice was
        # a tenth of the scrubber's time on transcripts).
        return looks_like_placeholder(value)


_URL_WORD_EDGE = regex.compile(r"(?r)[\s\"'`<>()\[\]{}]")


def _in_url(text: str, start: int) -> bool:
    """Whether ``text[start:]`` starts inside a URL: a ``scheme://`` earlier in the same word
    (``rtmp:|//host/…``, ``https://host:|443/…``)."""
    edge = _URL_WORD_EDGE.search(text, 0, start)
    return "://" in text[edge.end() if edge else 0 : start + 2]


def _token_like(segment: str, shortest: int) -> bool:
    """A piece of a longer run (a dotted token's, a URL path's) that reads as a random token by
    itself: ``shortest`` characters or more, mixed like one (``mixes_like_random``), with its
    entropy, and no CamelCase of words."""
    return (
        len(segment) >= shortest
        and mixes_like_random(segment)
        and shannon_entropy(segment) >= math.log2(len(segment)) - 1.0
        and not _camel_words(segment)
    )


def _random_segment(segment: str, shortest: int) -> bool:
    """A URL path segment that reads as a random token (``_token_like``) and that no path
    word, placeholder or mask explains."""
    return (
        _token_like(segment, shortest)
        and not _path_word(segment)
        and not looks_like_placeholder(segment)
    )


_R_TEMPFILE = regex.compile(r"(?<=/Rtmp[A-Za-z0-9]{4,16}/)[A-Za-z]{1,32}?[0-9a-f]{4,24}+(?=/|$)")
"""A name R's ``tempfile()`` makes inside its session folder (``Rtmp<random>``, ``tempdir()``):
the pattern, ``file`` or a caller's (devtools' ``devtools``), then the process id and a random
number in hex (R's ``src/main/sysutils.c``, ``R_tmpnam2``: ``"%s%s%s%x%x%s"``)."""


def _r_temp(value: str) -> str:
    """``value`` with R's temporary names under ``Rtmp…`` cut to their pattern (since 1.30.0,
    stop 50): ``…/Temp/RtmpQx3kLm/devtools1c0c75c81609/…`` is a path, not a token."""
    return str(_R_TEMPFILE.sub("file", value))


_SYSTEM_PATH = regex.compile(r"/(?:tmp|var|private|usr|opt|etc|proc|sys|dev|run)/[^/]++/")
"""A run that starts at a system root and goes two folders down is a path (a base64 token
starts with ``/`` once in 64, and then with ``tmp/`` or ``var/`` almost never)."""

_DBUS_OBJECT_PATH = regex.compile(r"/(?:org|com)(?:/[A-Za-z0-9_]++){2,}+$")
"""A D-Bus object path (since 1.67.0, stop 55): the D-Bus Specification's "Valid Object Paths"
(elements of ``[A-Za-z0-9_]`` only, joined by ``/``; its examples and the services' own
``/org/freedesktop/NetworkManager/Devices/2``, ``/com/example/MusicPlayer1``), two elements or
more under ``/org`` or ``/com``, as a ``key=`` argument gives one: PulseAudio's
``module-bluez5-device`` ``path=/org/bluez/hci0/dev_04_52_C7_11_22_33`` (BlueZ's device object
path, ``[variable prefix]/{hci0,hci1,...}/dev_XX_XX_XX_XX_XX_XX``, doc/org.bluez.Device.rst,
the address's ``:`` made ``_``) names a device, no secret (batch 116's tune damage). A token
holds ``+``, ``-`` or ``=`` and starts with ``/org/`` or ``/com/`` almost never."""

_HOME_PATH = regex.compile(r"/(?:Users|home)/[^/]++/")


def _home_path(value: str) -> bool:
    """A run from a home root into a folder below the user's, none of its folders mixed like a
    random token: a path whose cases and digits are its folders' (``C:/Users/user1/AppData/…/
    RtmpyASPgj/devtools1c0c75c81609/…``, R's temporary folder; a home fixture's digit, or a
    login's, made such a path a secret, on a file's re-scan or on the first pass: issue 35,
    batch 66)."""
    return bool(_HOME_PATH.match(value)) and not any(mixes_like_random(p) for p in value.split("/"))


class IntakeDottedTokenRecognizer(CodeBackedRecognizer):
    """Tokens of base64url segments joined by dots, with no name before them.

    Discord's bot tokens (``MTAy….GSwJyi.sbaw…``, whatever their first letter), signed cookies
    and macaroons, a JWT whose header does not start ``eyJ``. The unnamed-secret rule reads
    one run between dots at a time and skips a run that follows a dot (a file name's or a
    host's), so such a token's tail was left. Here the whole dotted run is the finding when
    two or more of its segments are 16+ characters that mix like a random token
    (``mixes_like_random``) with the entropy of one: a package name, a host or a version has
    no such segment, and a host with one random label (``d3f8….cloudfront.net``) has one.
    """

    ENTITY = "HIGH_ENTROPY_SECRET"
    PATTERNS = (
        (
            "dotted_token",
            # starts at the first dot, the first segment a look-behind (the regex engine skips
            # from one dot to the next); analyze() reads that segment back
            r"\.(?<=(?<![A-Za-z0-9+/=_.-])[A-Za-z0-9_-]{2,}\.)[A-Za-z0-9_-]{2,}+"
            r"(?:\.[A-Za-z0-9_-]{2,}+){0,5}+(?![A-Za-z0-9+/=_.-])",
            0.4,
        ),
    )
    MIN_SEGMENT = 16
    MIN_RANDOM_SEGMENTS = 2

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: Any = None,
        regex_flags: int | None = None,
    ) -> list[RecognizerResult]:
        """Whole dotted runs (the first segment read back) with two or more random segments."""
        kept = []
        for result in super().analyze(text, entities, nlp_artifacts, regex_flags):
            first = _SEGMENT_BACK.match(text, 0, result.start)
            if first is None:
                continue
            result.start = first.start()
            if self.random_segments(text[result.start : result.end]) >= self.MIN_RANDOM_SEGMENTS:
                kept.append(result)
        return kept

    def random_segments(self, run: str) -> int:
        """How many of the run's segments are 16+ characters mixed like a random token."""
        if looks_like_placeholder(run):
            return 0
        return sum(1 for segment in run.split(".") if _token_like(segment, self.MIN_SEGMENT))


_SEGMENT_BACK = regex.compile(r"(?r)[A-Za-z0-9_-]++")
"""A dotted token's first segment, read backwards from its first dot."""


_CAMEL_PIECE = regex.compile(r"[A-Z]?[a-z]++|[A-Z]++(?![a-z])|[0-9]++")
_CAMEL_WORD = regex.compile(r"^[A-Z]?(?=[a-z]*[aeiouy])[a-z]{2,}+$")
_LETTER_DIGIT = regex.compile(r"(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])")


_SNAKE_WORDS = regex.compile(r"^[a-z]{2,}+(?:[_-][a-z0-9]{1,}+)++$")


def _path_word(segment: str) -> bool:
    """A long path segment that is a name: lower-case words joined by ``_`` or ``-``, or
    CamelCase words, a hex digest (a git object's folder), or a name with a digest
    (``_named_digest``). No random segment is any of these (base64 mixes cases and digits
    within; twenty characters of it are all hex digits once in 2^40)."""
    return (
        bool(_SNAKE_WORDS.match(segment) or _HEX.match(segment))
        or _camel_words(segment)
        or _named_digest(segment)
        or _versioned_words(segment)
        or _STAMPED_NAME.match(segment) is not None
    )


_STAMPED_NAME = regex.compile(
    r"^(?:(?:[A-Za-z0-9]{1,16}+[_-])*?[A-Za-z]++[_-])?(?:19|20)[0-9]{2}[_-][01][0-9][_-][0-3][0-9]"
    r"(?:[_T-][0-2][0-9][_-]?+[0-5][0-9](?:[_-]?+[0-5][0-9])?+(?:[_-][0-9]{1,7}+)?+)?+"
    r"(?:[_-][A-Za-z]++[0-9]{0,4}+)*+$"
)
"""A file's name of a date and time and words (since 1.40.0, stop 52): imapsync's log file
``LOG_imapsync/<YYYY>_<MM>_<DD>_<hh>_<mm>_<ss>[_<pid>]_<user>.txt`` (its ``--logdir`` default),
``nightly_2023-01-15_02-00-00_full``; a word may end in a number (an address's fixture,
``user1``, in the rescrub). A random token has no date in it, in this order. Since 1.126.0
(stop 59, batch 169's tune damage) the words before the date may carry digits when the last
of them is letters only (a Mac's computer name or asset tag first, ``<NAME>-Volume-Usage-<date>``),
and the time may be written without separators (``-081911``)."""


_VERSIONED_WORDS = regex.compile(
    r"^(?:[A-Za-z]++[0-9]{0,4}+[a-z]?+|[0-9]{1,3}+[A-Za-z]*+)"
    r"(?:[_-](?:[A-Za-z]++[0-9]{0,4}+[a-z]?+|[0-9]{1,3}+[A-Za-z]*+))++$"
)


def _versioned_words(segment: str) -> bool:
    """A folder name of words and version numbers joined by ``_`` and ``-`` (since 1.29.0,
    stop 50): Qt Creator's build folder ``build-<project>-Desktop_Qt_6_8_1_MinGW_64_bit-Debug``,
    its kit's name with ``.`` and spaces made ``_``. Each piece is a word with at most a number
    after it (``MSVC2019``, ``arm64``, ``v8a``) or a number of one to three digits with at most
    a word after it (``64bit``), two or more pieces are words of two letters or more; a random
    token changes between letters and digits within its pieces (base64url's ``_`` and ``-``
    fall anywhere)."""
    if not _VERSIONED_WORDS.match(segment):
        return False
    return sum(1 for p in regex.split(r"[_-]", segment) if len(p) >= 2 and p.isalpha()) >= 2


_NAMED_DIGEST = regex.compile(
    r"^(?P<name>[A-Za-z]{3,}+(?:[._-]?+[A-Za-z][A-Za-z0-9]*+)*?)[_-]"
    r"(?:[0-9a-f]{7,}+|[0-9A-F]{7,}+)$"
)
_TOKEN_WORD = regex.compile(
    r"(?i)(?:key|token|secret|pass|pwd|auth|api|cred|bearer|session|cookie|sig)"
)


def _named_digest(value: str) -> bool:
    """A name joined to a hex digest by ``_`` or ``-`` (``PortableGit_<40 hex>``, GitHub
    Desktop's bundled git; ``build-<sha>``, ``cache_<sha256>``): a build's or a cache's
    folder, whose digest is public (a git SHA, a content hash). The name is words (letters
    first, three or more), and none of them a credential's word (``key-<32 hex>`` is Mailgun's
    key shape, ``api_<hex>``, ``token-<hex>``): those stay secrets."""
    found = _NAMED_DIGEST.match(value)
    return found is not None and _TOKEN_WORD.search(found["name"]) is None


def _camel_words(value: str) -> bool:
    """An identifier made of words (``CamelCaseIdentifierNameForTesting123``), not a token.

    Its letter pieces (split at case changes) that read as words (a capital or none, then 2+
    lowercase letters with a vowel: ``Camel``, ``for``) cover 80 % of the letters, with at most
    two runs of digits; a random token has short, vowel-less and all-capital pieces. Pieces may
    be joined by ``-``, ``_`` or ``.`` (``desktop-rhf_SponsoredProductsRemoteSearch``).
    """
    if not _NAME_PART.sub("", value).isalnum():
        return False
    pieces = _CAMEL_PIECE.findall(value)
    letters = [p for p in pieces if p.isalpha()]
    digit_runs = len(pieces) - len(letters)
    total = sum(len(p) for p in letters)
    wordy = sum(len(p) for p in letters if _CAMEL_WORD.match(p))
    return digit_runs <= 2 and len(letters) >= 3 and wordy >= 0.8 * total


def mixes_like_random(value: str) -> bool:
    """Whether ``value`` mixes like a random token: two or more each of capitals, small
    letters and digits, with letters and digits interleaved (2+ changes between them). The
    unnamed-secret rule asks it of 24–31 character runs; ``Release2024Notes``,
    ``userPassword123`` and ``AbCdEf123456`` do not mix so."""
    upper = sum(1 for c in value if c.isupper())
    lower = sum(1 for c in value if c.islower())
    digits = sum(1 for c in value if c.isdigit())
    if upper < 2 or lower < 2 or digits < 2:
        return False
    return len(_LETTER_DIGIT.findall(value)) >= 2


_NAME_PART = regex.compile(r"[-_.]")
_WORD = regex.compile(r"^[A-Za-z]{3,}+$|^[A-Za-z]++[0-9.]++[A-Za-z]?$|^[0-9.]++[A-Za-z]{1,2}+$")


def _name_like(value: str) -> bool:
    """Model and package names (``Qwen3-Coder-30B-A3B-Instruct-GGUF``, ``unsloth/Llama-3.1-…``).

    Every ``/`` part is short or made of 3+ short pieces joined by ``-``/``_``/``.``, and at
    least half the pieces read as words or sizes (``Coder``, ``Qwen3``, ``30B``); a random
    token has long or mixed pieces.
    """
    for part in value.split("/"):
        if len(part) < 20:
            continue
        pieces = [p for p in _NAME_PART.split(part) if p]
        if len(pieces) < 3 or max(len(p) for p in pieces) > 12:
            return False
        if 2 * sum(1 for p in pieces if _WORD.match(p)) < len(pieces):
            return False
    return True


_SAS_SIGNATURE = regex.compile(r"^[A-Za-z0-9+/]{43}=$")


class IntakeAzureSasSignatureRecognizer(IntakeCheckedRecognizer):
    """The ``sig=`` of an Azure shared access signature (SAS URL or connection string).

    The value is URL-encoded base64 (``%2B``, ``%2F``, ``%3D``) or plain base64. It is an
    HMAC-SHA256, so once decoded it is exactly 43 base64 characters and ``=``; anything else
    after ``sig=`` (``sig=abc123``, a word) is kept. The query-string separator before ``sig``
    is required (``?``, ``&``, ``;`` as in ``&amp;``), so ``signature=`` or ``xsig=`` are not read.
    """

    def invalidate_result(self, pattern_text: str) -> bool | None:
        """True drops values that are not a URL-encoded 32-byte base64 signature."""
        from urllib.parse import unquote

        return _SAS_SIGNATURE.match(unquote(pattern_text)) is None


class IntakeWrappedTokenRecognizer(CodeBackedRecognizer):
    """A provider token cut in two by terminal wrapping: ``ghp_hbMK…2N2R⏎lgC7xW…``.

    Only prefixes whose body has one exact length qualify; each is a rule in
    ``scrubbers/recognizers.yaml`` (``token``: its entity, prefix, the body's character class
    and its length). The match is the prefix, part of the body, ONE line break (``\n`` or
    ``\r\n``, then optional indentation) and the rest; it is kept only when the two parts
    joined are exactly ``length`` characters with a letter and a digit, so a prefix at the end
    of a line followed by ordinary words is left alone. A whole token ends before the break (the
    first part is at most ``length - 1`` long), so it is not matched twice. ``intake.scrub``
    replaces the span with the joined token's fixture (one line), shared with the unwrapped
    form of the same token.
    """

    def __init__(self, *, entity: str, prefix: str, body: str, length: int, **kwargs: Any) -> None:
        wrap = r"\r?\n[ \t]*+(?:>[ \t]?+)*+"  # a line break, indentation, quote marks
        pattern = rf"\b{prefix}{body}{{0,{length - 1}}}+{wrap}{body}{{1,{length}}}+(?!{body})"
        self.ENTITY = entity
        self.PATTERNS = (("wrapped", pattern, 0.9),)
        super().__init__(**kwargs)
        self._prefix = regex.compile(prefix)
        self._length = length

    def invalidate_result(self, pattern_text: str) -> bool | None:
        """True drops the match unless the joined body has the exact length, a letter, a digit."""
        joined = WRAP_BREAK.sub("", pattern_text, count=1)
        m = self._prefix.match(joined)
        body = joined[m.end() :] if m else ""
        if len(body) != self._length:
            return True
        return not (any(c.isdigit() for c in body) and any(c.isalpha() for c in body))


def registrable_name(host: str) -> tuple[str, str] | None:
    """``(subdomain, registrable label)`` of a DNS host name under a public suffix of the
    Public Suffix List's ICANN section (the snapshot in the ``tldextract`` wheel):
    ``packagemanager.rstudio.com`` gives ``("packagemanager", "rstudio")``,
    ``<u>.github.io`` gives ``("<u>", "github")``; None without a public suffix. Since 1.111.0
    (stop 58): a learned login that is a public host's registrable label stays
    (``engine.public_host_label``)."""
    parts = _tld_extractor()(host.lower())
    if not parts.suffix or not parts.domain:
        return None
    return str(parts.subdomain), str(parts.domain)
