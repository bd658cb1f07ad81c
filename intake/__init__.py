"""intake: real agent failures in, reviewed eval scenarios with provenance out."""

__version__ = "0.1.0"
"""The single source of the version (``pyproject.toml`` reads it from here)."""
