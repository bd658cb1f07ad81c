"""The GitHub client (PyGithub): one place for base URL, token, retries and error translation.

* Base URL from ``INTAKE_GITHUB_API_URL`` (via settings; GitHub Enterprise and local test
  servers work), the token only from ``GITHUB_TOKEN`` and never echoed.
* A request (and so the token) goes only to ``https://api.github.com`` or to a base named at
  user level (``INTAKE_GITHUB_API_URL``, ``github_api_url`` in the user config file:
  ``intake.userconfig``). A base that only the checkout's ``[tool.intake]`` names, ``http://``
  included, is refused in one line (exit 2) before any connection: a pull request must not
  choose where the maintainer's token goes, nor the server whose answers are recorded.
* Bounded retries with backoff on 5xx and connection errors; a request timeout.
* A rate limit is reported at once with its reset time: never a silent hour-long sleep.
* Every failure becomes one line (``NetworkError``/``SourceError``, exit 3) that names what
  was asked for, never the token or the response body.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from intake.config import find_root
from intake.errors import ConfigError, IntakeError, NetworkError, SourceError
from intake.userconfig import Environ, user_config_path, user_setting

T = TypeVar("T")

TIMEOUT_S = 15
RETRIES = 3
BACKOFF_S = 0.5
LIMITS = {"RETRIES": (0, 10), "BACKOFF": (0.0, 10.0), "TIMEOUT": (1, 300)}
WHOLE = frozenset({"RETRIES", "TIMEOUT"})
GITHUB_API = "https://api.github.com"


def token() -> str | None:
    """``GITHUB_TOKEN`` from the environment, or None (public repositories need none)."""
    value = (Environ.of().GITHUB_TOKEN or "").strip()
    return value or None


def trusted_base(base_url: str, root: Path | None = None) -> str:
    """``base_url`` (without a trailing slash) when the user chose it, else ConfigError.

    GitHub's own API over HTTPS is always allowed; any other base must be the one named in
    the environment or the user config file, so a value only the checkout carries is refused.
    ``root``: the suite (default: the one around the working folder); a user config file
    inside it is the checkout's, not the user's.
    """
    wanted = base_url.strip().rstrip("/")
    if wanted == GITHUB_API:
        return wanted
    if root is None:
        root = find_root(Path.cwd()) or Path.cwd()
    named = user_setting("github_api_url", outside=root)
    if named is not None and str(named.value).strip().rstrip("/") == wanted:
        return wanted
    import re
    from urllib.parse import urlsplit

    try:
        host = re.sub(r"[^a-z0-9.:\[\]-]", "?", urlsplit(wanted).hostname or "")[:100] or "?"
    except ValueError:
        host = "?"
    raise ConfigError(
        f"github_api_url names {host!r} but only the checkout's [tool.intake] says so: "
        "intake talks to GitHub (and sends GITHUB_TOKEN) only at https://api.github.com or a "
        "base you name",
        where="[tool.intake] github_api_url",
        hint=f"set INTAKE_GITHUB_API_URL or github_api_url in {user_config_path()}",
    )


def transport_policy() -> tuple[int, float, int]:
    """Retries, backoff and timeout: the defaults unless ``INTAKE_GITHUB_*`` overrides them.

    The overrides exist for slow links and for tests (a tiny backoff); they stay bounded, so
    no setting turns a failure into an unbounded wait. They are read from the environment, not
    ``Settings``: they tune transport, not a suite.
    """
    values: dict[str, float] = {"RETRIES": RETRIES, "BACKOFF": BACKOFF_S, "TIMEOUT": TIMEOUT_S}
    env = Environ.of()
    given = {
        "RETRIES": env.INTAKE_GITHUB_RETRIES,
        "BACKOFF": env.INTAKE_GITHUB_BACKOFF,
        "TIMEOUT": env.INTAKE_GITHUB_TIMEOUT,
    }
    for name, (low, high) in LIMITS.items():
        raw = (given[name] or "").strip()
        if not raw:
            continue
        try:
            value = float(raw)
        except ValueError:
            raise ConfigError(f"INTAKE_GITHUB_{name} must be a number") from None
        if not low <= value <= high or (name in WHOLE and not value.is_integer()):
            raise ConfigError(f"INTAKE_GITHUB_{name} must be between {low:g} and {high:g}")
        values[name] = value
    return int(values["RETRIES"]), values["BACKOFF"], int(values["TIMEOUT"])


def client(base_url: str, *, root: Path | None = None) -> Any:
    """A PyGithub client with bounded retries, a timeout (``transport_policy``) and no
    client-side throttling, for a base the user chose (``trusted_base``)."""
    base_url = trusted_base(base_url, root)
    from github import Auth, Github
    from urllib3.util.retry import Retry

    retries, backoff, timeout = transport_policy()

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
        timeout=timeout,
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
        if status in (403, 429) and headers.get("x-ratelimit-remaining") == "0":
            raise NetworkError(
                f"GitHub rate limit exceeded; resets at {_reset_time(headers)}", where=what
            ) from None
        error, message, hint = _REFUSED.get(status, (NetworkError, None, None))
        raise error(message or f"GitHub answered HTTP {status}", where=what, hint=hint) from None
    except requests.exceptions.RequestException as exc:
        if isinstance(exc, requests.exceptions.Timeout) or _timed_out(exc):
            raise NetworkError(
                "GitHub did not answer in time (request timeout)", where=what
            ) from None
        kind = type(exc).__name__
        raise NetworkError(f"cannot reach GitHub ({kind})", where=what) from None


_REFUSED: dict[int, tuple[type[IntakeError], str, str | None]] = {
    404: (SourceError, "not found on GitHub (or not visible with this token)", None),
    401: (NetworkError, "GitHub refused the credentials (401)", "check GITHUB_TOKEN"),
    403: (NetworkError, "GitHub refused access (403)", "check GITHUB_TOKEN"),
}
"""The error, message and hint of each HTTP status GitHub refuses a request with."""


def _timed_out(exc: BaseException) -> bool:
    """Whether a requests failure is a timeout once retries are spent (urllib3 wraps it)."""
    from urllib3.exceptions import MaxRetryError, NewConnectionError
    from urllib3.exceptions import TimeoutError as Urllib3Timeout

    def is_timeout(error: object) -> bool:
        # urllib3 makes a refused connection a subclass of its connect timeout.
        return isinstance(error, Urllib3Timeout) and not isinstance(error, NewConnectionError)

    for arg in exc.args:
        if is_timeout(arg) or (isinstance(arg, MaxRetryError) and is_timeout(arg.reason)):
            return True
    return False
