"""What a scenario's judged runs say about its pass rates: Jeffreys posteriors, intervals and
the decisions of ``intake health`` (docs/health.md "Decisions").

Each model tier's pass rate *p* gets the Jeffreys posterior Beta(k + 1/2, n - k + 1/2) from
*k* passes in *n* judged runs (the Bayesian posterior under the Jeffreys prior; its
equal-tailed interval has close to nominal coverage even at a handful of runs and at 0 or n
passes, Brown, Cai and DasGupta 2001, where the Wald interval collapses). ``decide`` says
a class when the posterior mass of its region of the rates is at least ``confidence``; the
regions are taken in this order, a point in the first whose condition holds (the thresholds
are settings, ``Bars``):

* ``always-fail``  p(strongest tier present) <= ``fail_bar``;
* ``inverted``     p(local) > p(strong) + ``inverted_margin`` (both tiers ran);
* ``saturated``    every tier >= ``saturation_bar`` (both tiers ran);
* ``flaky``        some tier inside the coin-flip band [``flaky_low``, ``flaky_high``];
* ``healthy``      anywhere else.

Each region's mass is summed over a grid of 0.01-wide bins, each bin's mass exact
from the Beta CDF. No SciPy: the regularised incomplete beta function is the continued
fraction of Numerical Recipes (section 6.4), cached per (k, n) because suites repeat counts.

The answers of ``decide``, ``more_runs`` and ``jeffreys`` depend only on their arguments, and a
suite's distinct counts recur night after night, so ``health`` keeps them between calls
(``remembered``, ``seed``, ``learned``: the run index's ``memo`` table, under ``VERSION``,
checksums of this file, so that a change of the rules never reads an old answer).
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache, wraps
from pathlib import Path
from typing import Any, NamedTuple, TypeVar, cast

BINS = 100
DECIDED = ("always-fail", "inverted", "saturated", "flaky", "healthy")


class Bars(NamedTuple):
    """The thresholds of the decisions (``[tool.intake]`` ``health_*`` settings)."""

    confidence: float = 0.9
    saturation_bar: float = 0.9
    fail_bar: float = 0.1
    flaky_low: float = 0.3
    flaky_high: float = 0.7
    inverted_margin: float = 0.2
    min_runs: int = 5


def checksums(*paths: Path) -> str:
    """Two checksums (CRC-32, Adler-32: ``zlib`` is imported already, ``hashlib`` is not) of
    the files ``paths``: the version what is kept between calls is kept under, so that what
    other code kept is never read."""
    source = b"".join(path.read_bytes() for path in paths)
    return f"{zlib.crc32(source):08x}{zlib.adler32(source):08x}"


VERSION = checksums(Path(__file__))
"""The rules' version (this file's checksums): answers remembered under another are never
read."""
_MEMO: dict[str, dict[tuple[Any, ...], Any]] = {}
_LEARNED: dict[str, list[tuple[Any, ...]]] = {}
_KEPT: dict[str, dict[str, str]] = {}
"""Answers ``seed`` was given (function → arguments' text → answer's text), each parsed
the first time it is asked for (a report asks for a fraction of those kept)."""
F = TypeVar("F", bound=Callable[..., Any])


def remembered(fn: F) -> F:
    """``fn``'s answers cached per arguments (as ``lru_cache``), and listed for ``learned`` so
    that they can be kept between processes (and found among those ``seed`` was given)."""
    name = fn.__name__
    cache = _MEMO.setdefault(name, {})
    new = _LEARNED.setdefault(name, [])
    kept = _KEPT.setdefault(name, {})

    @wraps(fn)
    def wrapper(*args: Any) -> Any:
        try:
            return cache[args]
        except KeyError:
            pass
        found = kept.get(args_text(args)) if kept else None
        if found is not None:
            value = cache[args] = _value(name, found)
            return value
        value = cache[args] = fn(*args)
        new.append(args)
        return value

    return cast(F, wrapper)


_BARS_TEXT: dict[Bars, str] = {}


def args_text(args: tuple[Any, ...]) -> str:
    """The arguments as the memo keeps them: each one's ``repr`` (ints, floats that keep every
    bit, None and tuples of them), ``Bars`` as its values (faster than their JSON)."""
    parts = []
    for arg in args:
        if type(arg) is Bars:
            text = _BARS_TEXT.get(arg)
            if text is None:
                text = _BARS_TEXT[arg] = f"Bars{tuple(arg)!r}"
            parts.append(text)
        else:
            parts.append(repr(arg))
    return ", ".join(parts)


def _text(value: Any) -> str:
    """An answer as the memo keeps it: its words and numbers apart by spaces (floats as
    ``repr``, which keeps every bit); ``_value`` reads it back several times faster than JSON."""
    if isinstance(value, tuple):
        return " ".join(_text(v) for v in value)
    return repr(value) if isinstance(value, float) else str(value)


def _value(name: str, text: str) -> Any:
    """An answer ``_text`` wrote, by the function that gave it."""
    words = text.split()
    if name == "jeffreys":
        return (float(words[0]), float(words[1]))
    if name == "decide":
        probs = tuple((words[i], float(words[i + 1])) for i in range(2, len(words), 2))
        return (words[0], float(words[1]), probs)
    return None if text == "None" else int(text)


def learned() -> list[tuple[str, str, str]]:
    """(function, arguments as ``args_text``, answer as ``_text``) for each answer computed in
    this process and not seeded; floats keep every bit (``repr``)."""
    rows = [
        (name, args_text(args), _text(_MEMO[name][args]))
        for name, new in _LEARNED.items()
        for args in new
        if args in _MEMO[name]
    ]
    for new in _LEARNED.values():
        new.clear()
    return rows


def seed(rows: Iterable[tuple[str, str, str]]) -> None:
    """Answers kept from earlier processes (``learned``'s rows, of this ``VERSION``): each is
    read when first asked for (its arguments' text is ``learned``'s, ``args_text``)."""
    for name, args, value in rows:
        kept = _KEPT.get(name)
        if kept is not None:
            kept.setdefault(args, value)


def _betacf(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        step = d * c
        h *= step
        if abs(step - 1.0) < 1e-12:
            break
    return h


def beta_cdf(x: float, a: float, b: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


@lru_cache(maxsize=65536)
def masses(passes: int, n: int) -> tuple[float, ...]:
    """The Jeffreys posterior's mass in each of the ``BINS`` bins of [0, 1]."""
    a, b = passes + 0.5, n - passes + 0.5
    edges = [beta_cdf(i / BINS, a, b) for i in range(BINS + 1)]
    return tuple(max(0.0, edges[i + 1] - edges[i]) for i in range(BINS))


@remembered
def jeffreys(passes: int, n: int, level: float) -> tuple[float, float]:
    """The equal-tailed Jeffreys interval at ``level`` (``(0, 1)`` without runs); the lower
    bound is 0 at 0 passes and the upper 1 at n (Brown, Cai and DasGupta 2001), so without
    runs it is ``(0, 1)``."""
    a, b = passes + 0.5, n - passes + 0.5
    tail = (1.0 - level) / 2.0

    def quantile(q: float) -> float:
        lo, hi = 0.0, 1.0
        for _ in range(40):
            mid = (lo + hi) / 2.0
            if beta_cdf(mid, a, b) < q:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2.0

    low = 0.0 if passes == 0 else quantile(tail)
    high = 1.0 if passes == n else quantile(1.0 - tail)
    return (low, high)


def region(strong: float | None, local: float | None, bars: Bars) -> str:
    """The class of a point of rates (None: that tier did not run)."""
    top = strong if strong is not None else local
    assert top is not None
    if top <= bars.fail_bar:
        return "always-fail"
    if strong is not None and local is not None:
        if local > strong + bars.inverted_margin:
            return "inverted"
        if strong >= bars.saturation_bar and local >= bars.saturation_bar:
            return "saturated"
    if any(p is not None and bars.flaky_low <= p <= bars.flaky_high for p in (strong, local)):
        return "flaky"
    return "healthy"


def _mid(i: int) -> float:
    return (i + 0.5) / BINS


@lru_cache(maxsize=16)
def _grid(bars: Bars, both: bool) -> tuple[tuple[tuple[str, int, int], ...], ...]:
    """Per strong bin, the runs of local bins of one class: (class, first, end)."""
    rows: list[tuple[tuple[str, int, int], ...]] = []
    for i in range(BINS):
        if not both:
            rows.append(((region(_mid(i), None, bars), 0, 1),))
            continue
        row: list[tuple[str, int, int]] = []
        for j in range(BINS):
            klass = region(_mid(i), _mid(j), bars)
            if row and row[-1][0] == klass:
                row[-1] = (klass, row[-1][1], j + 1)
            else:
                row.append((klass, j, j + 1))
        rows.append(tuple(row))
    return tuple(rows)


@lru_cache(maxsize=65536)
def posterior(
    strong: tuple[int, int] | None, local: tuple[int, int] | None, bars: Bars
) -> tuple[tuple[str, float], ...]:
    """Each class's posterior probability from (passes, judged) of the strong and the local
    tier (None: did not run), highest first."""
    first = strong if strong is not None else local
    assert first is not None
    both = strong is not None and local is not None
    wx = masses(*first)
    grid = _grid(bars, both)
    totals = dict.fromkeys(DECIDED, 0.0)
    if both:
        assert local is not None
        wy = masses(*local)
        cum = [0.0]
        for w in wy:
            cum.append(cum[-1] + w)
        for i, row in enumerate(grid):
            if wx[i] < 1e-12:
                continue
            for klass, start, end in row:
                totals[klass] += wx[i] * (cum[end] - cum[start])
    else:
        for i, row in enumerate(grid):
            totals[row[0][0]] += wx[i]
    return tuple(sorted(totals.items(), key=lambda kv: -kv[1]))


@remembered
def decide(
    strong: tuple[int, int] | None, local: tuple[int, int] | None, bars: Bars
) -> tuple[str, float, tuple[tuple[str, float], ...]]:
    """(class or ``undecided``, the probability it rests on, each class's probability).

    A class is said when the posterior mass of its own region of the rates (``region``: the
    first class whose condition holds, in ``DECIDED``'s order) is at least ``confidence``. The
    regions do not overlap, so a call at 0.90 is right nine times in ten when the rates are
    drawn from the prior; judged one condition at a time, strong 1/26 with local 26/33 was
    "inverted" at 0.99 though 0.86 of the mass lies in ``always-fail``, which comes first.
    Otherwise ``undecided``, leaning to the likeliest class."""
    tiers = [t for t in (strong, local) if t is not None]
    if any(n < bars.min_runs for _, n in tiers):
        return "undecided", 0.0, ()
    region = dict(posterior(strong, local, bars))
    probs = tuple((klass, region[klass]) for klass in DECIDED[:-1])
    for klass in DECIDED:
        if region[klass] >= bars.confidence:
            return klass, region[klass], probs
    leaning = max(probs, key=lambda kv: kv[1])
    return "undecided", leaning[1], probs


@remembered
def more_runs(
    strong: tuple[int, int] | None,
    local: tuple[int, int] | None,
    bars: Bars,
    factors: Sequence[float] = (1.5, 2, 3, 4, 6, 8, 12, 16),
) -> int | None:
    """About how many more judged runs per tier that ran would decide the case, if its pass
    rates held; None when even 16 times as many would not (a rate near a bar)."""
    for factor in factors:
        grown: list[tuple[int, int] | None] = []
        for tier in (strong, local):
            if tier is None:
                grown.append(None)
                continue
            k, n = tier
            m = max(math.ceil(n * factor), bars.min_runs)
            grown.append((round(k * m / n) if n else 0, m))
        klass, _, _ = decide(grown[0], grown[1], bars)
        if klass != "undecided":
            ran = [t for t in (strong, local) if t is not None]
            return max(g[1] - t[1] for g, t in zip([g for g in grown if g], ran, strict=True))
    return None
