"""Consistent fixture values: one ``FixtureMap`` per draft, the fixture formats, path shapes.

Fixtures are numbered per kind in document order, so the same original gets the same fixture
in every field of a draft, and every fixture is visibly fake and keeps the original's shape.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import regex

from intake.errors import ConfigError
from intake.scrub.definitions import SECRET_PRIORITY, configured, load_scrubber_yaml

_SEP = r"(?:\\\\|\\|/)"


@dataclass(frozen=True)
class FixtureSpec:
    style: str = "token"
    template: str = ""
    keep_prefix: regex.Pattern[str] | None = None
    keep_suffix: regex.Pattern[str] | None = None
    url_encoded: bool = False
    directory: str = "project{n}"
    file: str = "file{n}"

    @classmethod
    def of(cls, raw: object) -> FixtureSpec:
        """A spec as ``fixtures.yaml`` gives it (a key it leaves out keeps its default)."""
        return configured(cls, raw, keep_prefix=_pattern, keep_suffix=_pattern, url_encoded=bool)


def _pattern(value: object) -> regex.Pattern[str] | None:
    return regex.compile(value) if value else None


@dataclass(frozen=True)
class _FixtureConfig:
    marker: str = "FAKE"
    default: FixtureSpec = FixtureSpec()
    entities: dict[str, FixtureSpec] = field(default_factory=dict)
    priority: dict[str, int] = field(default_factory=dict)

    def spec(self, entity_type: str) -> FixtureSpec:
        return self.entities.get(entity_type, self.default)

    def rank(self, entity_type: str) -> int:
        return self.priority.get(entity_type, SECRET_PRIORITY)


def load_fixture_config(path: Path) -> _FixtureConfig:
    try:
        return configured(
            _FixtureConfig,
            load_scrubber_yaml(path) or {},
            default=FixtureSpec.of,
            entities=lambda v: {str(k): FixtureSpec.of(s) for k, s in (v or {}).items()},
            priority=lambda v: {str(k): int(n) for k, n in (v or {}).items()},
        )
    except (TypeError, ValueError, AttributeError, regex.error) as exc:
        raise ConfigError(f"fixture formats are invalid: {exc}", where=str(path)) from exc


_PATH_ROOT = regex.compile(
    rf"""^(?P<scheme>file://(?:localhost)?)?(?:
        (?P<posix>/(?:home|Users|var/home|export/home|(?:mnt/|cygdrive/)?[a-z]/Users|[A-Z]/Users|Volumes/[^/\\]++/Users)/[^/\\]++|/root)
      | (?P<tmp>/(?:private/)?var/folders/[^/]++/[^/]++)
      | (?P<win>[A-Za-z]:{_SEP}(?:(?i:users|documents\ and\ settings){_SEP}[^\\/]++)?)
      | (?P<unc>\\\\(?:\\\\)?[^\\/]++(?:\\\\|\\)[^\\/]++)
      | (?P<tilde>~[^/\\]*+)
      | (?P<var>\$HOME|\$\{{HOME\}}|%[A-Za-z_]++%)
    )""",
    regex.X,
)


ENCODED_PLUS = regex.compile(r"%2[Bb]")

_SEP_RX = regex.compile(_SEP)
_SEP_SPLIT = regex.compile(rf"({_SEP})")

_FIXTURE_NUMBER = regex.compile(r"(FAKE|user|project|file)0*+([0-9]{1,9})(?![0-9])")


def _fixture_numbers(text: str) -> set[tuple[str, int]]:
    """Numbered fixture stems present in ``text`` (``user3`` → ``("user", 3)``)."""
    return {(m.group(1), int(m.group(2))) for m in _FIXTURE_NUMBER.finditer(text)}


class FixtureMap:
    """Original value → fixture, shared by every field of one draft.

    Fixtures are numbered per kind in the order values are first seen, so the result is
    deterministic for the same input. ``reserved`` texts (the draft being scrubbed) are
    checked so a new fixture never collides with one that is already there.
    """

    def __init__(self) -> None:
        self._values: dict[str, str] = {}
        self._folders: dict[tuple[str, str], str] = {}
        self._counters: dict[str, int] = {}
        self._reserved: set[tuple[str, int]] = set()
        self._issued: set[str] = set()
        self._lock = threading.RLock()  # re-entered: a home path asks for its user name's fixture

    def reserve(self, texts: Sequence[str]) -> None:
        """Texts whose existing fixture-like strings must not be reused."""
        for text in texts:
            self._reserved.update(_fixture_numbers(text))

    def originals(self) -> list[str]:
        """Every original value given a fixture so far (for checks that must not carry one,
        such as an id built from a title; never for output)."""
        with self._lock:
            return list(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def _taken(self, candidate: str) -> bool:
        return bool(_fixture_numbers(candidate) & self._reserved)

    def number(self, kind: str, render: Callable[[int], str]) -> str:
        """A fresh numbered fixture of ``kind`` (call only from inside ``make``)."""
        n = self._counters.get(kind, 0)
        while True:
            n += 1
            value = render(n)
            if not self._taken(value) and value not in self._issued:
                self._counters[kind] = n
                self._issued.add(value)
                return value

    def get(self, original: str, make: Callable[[FixtureMap], str]) -> str:
        """The fixture for ``original``, made once with ``make`` and then reused."""
        with self._lock:
            found = self._values.get(original)
            if found is None:
                found = make(self)
                self._values[original] = found
            return found

    def folder(self, kind: str, folder: str, render: Callable[[int], str]) -> str:
        """The same numbered fixture of ``kind`` for every mention of one folder: ``__dir__``
        the folder of a path's file, ``__home__`` a user folder named on its own
        (``/home/alice`` and ``/home/bob`` alone must not both become ``/home/user``; deeper
        paths keep ``/home/user/projectN/…``: the folder number tells them apart)."""
        key = (kind, _folder_key(folder))
        if key not in self._folders:
            self._folders[key] = self.number(kind, render)
        return self._folders[key]


def _folder_key(folder: str) -> str:
    """One key for one folder however it was escaped: ``C:\\\\Users\\\\a`` (a JSON or Python repr),
    ``C:\\Users\\a`` and ``/home\\/a`` (JSON's ``\\/``) are the same folder, so one fixture."""
    return str(regex.sub(r"\\+", "\\\\", folder)).replace("\\/", "/")


def fill_token(marker: str, n: int, length: int) -> str:
    """``<marker>n`` padded with zeros after the marker to ``length`` characters."""
    tail = f"{marker}{n}"
    if length <= len(tail):
        return tail
    return f"{marker}{'0' * (length - len(tail))}{n}"


def split_path(text: str) -> tuple[str, str, str]:
    """(root prefix, middle, basename) of a detected path; separators kept in place."""
    m = _PATH_ROOT.match(text)
    root = m.group(0) if m else ""
    rest = text[len(root) :]
    parts = _SEP_SPLIT.split(rest)
    base = parts[-1] if parts else ""
    middle = rest[: len(rest) - len(base)]
    return root, middle, base


def fixture_root(root: str) -> str:
    m = _PATH_ROOT.match(root)
    if not m:
        return "/home/user"
    scheme = m.group("scheme") or ""
    if m.group("posix"):
        p = m.group("posix")
        if p.startswith(("/Users/", "/Volumes/")):
            return scheme + "/Users/user"
        wsl = regex.match(r"/mnt/([a-z])/Users/", p)
        if wsl:
            return f"{scheme}/mnt/{wsl.group(1)}/Users/user"
        return scheme + "/home/user"
    if m.group("tmp"):
        return scheme + "/home/user"
    if m.group("win"):
        w = m.group("win")
        sep_m = _SEP_RX.search(w)
        sep = sep_m.group(0) if sep_m else "\\"
        return f"{w[0].upper()}:{sep}Users{sep}user"
    if m.group("unc"):
        u = m.group("unc")
        double = u.startswith("\\\\\\\\")
        return "\\\\\\\\fileserver\\\\share" if double else "\\\\fileserver\\share"
    if m.group("tilde"):
        return "~"
    var = m.group("var")
    if var.startswith("%"):
        return "%USERPROFILE%"
    return str(var)


def path_separator(text: str) -> str:
    m = _SEP_RX.search(text)
    return m.group(0) if m else ""
