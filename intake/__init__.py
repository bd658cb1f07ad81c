"""intake: real agent failures in, reviewed eval scenarios with provenance out."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("intake")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.1.0"
