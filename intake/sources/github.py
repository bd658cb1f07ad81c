"""The GitHub client (PyGithub): one place for base URL, token, retries and error translation.

* Base URL from ``INTAKE_GITHUB_API_URL`` (via settings; GitHub Enterprise and local test
  servers work), the token only from ``GITHUB_TOKEN`` and never echoed.
* Bounded retries with backoff on 5xx and connection errors; a request timeout.
* A rate limit is reported at once with its reset time: never a silent hour-long sleep.
* Every failure becomes one line (``NetworkError``/``SourceError``, exit 3) that names what
  was asked for, never the token or the response body.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

from intake.errors import NetworkError, SourceError

T = TypeVar("T")

TIMEOUT_S = 15
RETRIES = 3
BACKOFF_S = 0.5


def token() -> str | None:
    """``GITHUB_TOKEN`` from the environment, or None (public repositories need none)."""
    value = os.environ.get("GITHUB_TOKEN", "").strip()
    return value or None


def client(base_url: str, *, retries: int = RETRIES, backoff: float = BACKOFF_S) -> Any:
    """A PyGithub client with bounded retries, a timeout and no client-side throttling."""
    from github import Auth, Github
    from urllib3.util.retry import Retry

    retry = Retry(
        total=retries,
        connect=retries,
        read=retries,
        status=retries,
        backoff_factor=backoff,
        status_forcelist=(500, 502, 503, 504),
        allowed_methods=frozenset({"GET"}),
        respect_retry_after_header=False,
        raise_on_status=False,
    )
    secret = token()
    return Github(
        auth=Auth.Token(secret) if secret else None,
        base_url=base_url.rstrip("/"),
        timeout=TIMEOUT_S,
        retry=retry,
        per_page=100,
        seconds_between_requests=None,
        seconds_between_writes=None,
    )


def _reset_time(headers: dict[str, str] | None) -> str:
    raw = (headers or {}).get("x-ratelimit-reset") or (headers or {}).get("X-RateLimit-Reset")
    if raw and raw.isdigit():
        return datetime.fromtimestamp(int(raw), UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    return "unknown"


def call(what: str, fn: Callable[[], T]) -> T:
    """Run one PyGithub call, translating every failure into one clear, token-free line."""
    import requests
    from github import GithubException, RateLimitExceededException

    try:
        return fn()
    except RateLimitExceededException as exc:
        raise NetworkError(
            f"GitHub rate limit exceeded; resets at {_reset_time(exc.headers)}",
            where=what,
            hint="set GITHUB_TOKEN for a higher limit, or wait for the reset",
        ) from None
    except GithubException as exc:
        status = exc.status
        headers = {k.lower(): v for k, v in (exc.headers or {}).items()}
        if status == 404:
            raise SourceError(
                "not found on GitHub (or not visible with this token)", where=what
            ) from None
        if status == 401:
            raise NetworkError(
                "GitHub refused the credentials (401)", where=what, hint="check GITHUB_TOKEN"
            ) from None
        if status in (403, 429) and headers.get("x-ratelimit-remaining") == "0":
            raise NetworkError(
                f"GitHub rate limit exceeded; resets at {_reset_time(headers)}", where=what
            ) from None
        if status == 403:
            raise NetworkError(
                "GitHub refused access (403)", where=what, hint="check GITHUB_TOKEN"
            ) from None
        raise NetworkError(f"GitHub answered HTTP {status}", where=what) from None
    except requests.exceptions.Timeout:
        raise NetworkError(f"GitHub did not answer within {TIMEOUT_S} s", where=what) from None
    except requests.exceptions.RequestException as exc:
        kind = type(exc).__name__
        raise NetworkError(f"cannot reach GitHub ({kind})", where=what) from None
