"""Random strings that a regular expression matches (for generated test values).

``sample(pattern, seed)`` walks the pattern as Python's own parser reads it (``re._parser``)
and draws characters from its classes. It is used by ``tests/test_providers.py`` (a value per
provider pattern) and by ``tests/outside_corpus/build_outside_corpus.py`` (the values a public
scanner's rule generates from its own regular expressions). Patterns written for the ``regex``
module or Go's RE2 are first brought to the common subset by ``portable_pattern``.
"""

from __future__ import annotations

import random
import re._constants as sre_c
import re._parser as sre_parse
import string
from typing import Any

__all__ = ["Sampler", "portable_pattern", "sample"]

_PRINTABLE = string.ascii_letters + string.digits + "+/=_-.~"

_POSIX = {
    "[:alnum:]": "A-Za-z0-9",
    "[:alpha:]": "A-Za-z",
    "[:digit:]": "0-9",
    "[:upper:]": "A-Z",
    "[:lower:]": "a-z",
    "[:xdigit:]": "0-9A-Fa-f",
    "[:word:]": "A-Za-z0-9_",
    "[:space:]": r"\s",
}


def portable_pattern(pattern: str) -> str:
    """``pattern`` in the syntax both ``re`` and ``regex`` read (Go and ``regex`` forms mapped)."""
    for posix, plain in _POSIX.items():
        pattern = pattern.replace(posix, plain)
    pattern = pattern.replace(r"\z", r"\Z").replace("(?-i:", "(?:")
    # an inline flag group after the start (RE2 allows it anywhere): drop it
    head, rest = pattern[:4], pattern[4:]
    for flag in ("(?i)", "(?s)", "(?m)", "(?is)", "(?si)"):
        rest = rest.replace(flag, "")
    return head + rest


class Sampler:
    """A random string the parsed pattern matches: (text before, the value, text after).

    Text produced inside a positive look-around, or before ``\\K``, is context, not value.
    ``mask`` draws ``x``/``X`` (or ``*``) from every class that holds one, else fails.
    """

    def __init__(self, seed: int, mask: str | None = None) -> None:
        self.rng = random.Random(seed)
        self.mask = mask

    def choose(self, chars: list[str]) -> str:
        if self.mask is not None:
            for m in (self.mask, self.mask.upper(), "*"):
                if m in chars:
                    return m
            raise LookupError("no mask character in this class")
        return self.rng.choice(chars)

    def chars_of(self, items: Any) -> list[str]:
        out: set[str] = set()
        negate = False
        for op, av in items:
            if op is sre_c.NEGATE:
                negate = True
            elif op is sre_c.LITERAL:
                out.add(chr(av))
            elif op is sre_c.RANGE:
                out.update(chr(c) for c in range(av[0], av[1] + 1))
            elif op is sre_c.CATEGORY:
                if av is sre_c.CATEGORY_DIGIT:
                    out.update(string.digits)
                elif av is sre_c.CATEGORY_WORD:
                    out.update(string.ascii_letters + string.digits + "_")
                elif av is sre_c.CATEGORY_SPACE:
                    out.add(" ")
                elif av is sre_c.CATEGORY_NOT_SPACE:
                    out.update(_PRINTABLE)
                else:
                    raise NotImplementedError(av)
            else:
                raise NotImplementedError(op)
        if negate:
            return sorted(c for c in _PRINTABLE if c not in out)
        return sorted(out)

    def gen(self, parsed: Any) -> str:
        out = []
        for op, av in parsed:
            out.append(self.item(op, av))
        return "".join(out)

    def item(self, op: Any, av: Any) -> str:
        if op is sre_c.LITERAL:
            return chr(av)
        if op is sre_c.ANY:
            return self.choose(list(string.ascii_letters))
        if op is sre_c.IN:
            return self.choose(self.chars_of(av))
        if op in (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT, sre_c.POSSESSIVE_REPEAT):
            lo, hi, sub = av
            hi = lo + 12 if hi is sre_c.MAXREPEAT else hi
            n = lo if self.mask is not None else self.rng.randint(lo, min(hi, lo + 12))
            return "".join(self.gen(sub) for _ in range(n))
        if op is sre_c.SUBPATTERN:
            return self.gen(av[-1])
        if op is sre_c.ATOMIC_GROUP:
            return self.gen(av)
        if op is sre_c.BRANCH:
            return self.gen(self.rng.choice(av[1]))
        if op is sre_c.AT:
            return ""
        if op in (sre_c.ASSERT, sre_c.ASSERT_NOT):
            direction, sub = av
            if op is sre_c.ASSERT_NOT:
                return ""
            text = self.gen(sub)
            # marks that the caller cuts out as context
            return f"\0{text}\0" if direction > 0 else f"\1{text}\1"
        raise NotImplementedError(op)


def sample(pattern: str, seed: int, mask: str | None = None) -> tuple[str, str, str]:
    """(before, value, after) for ``pattern``; raises LookupError when no mask fits.

    Text before ``\\K`` or inside a positive look-around is context (before, after).
    """
    head, _, tail = pattern.rpartition(r"\K")
    sampler = Sampler(seed, mask)
    before = Sampler(seed + 1).gen(sre_parse.parse(head)) if head else ""
    body = sampler.gen(sre_parse.parse(tail))
    after = ""
    if "\0" in body:
        body, after, _ = body.split("\0", 2)
    if "\1" in body:
        _, ahead, body = body.split("\1", 2)
        before = ahead
    return before, body, after
