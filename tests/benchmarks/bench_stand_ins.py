"""Benchmark: a request to the tests' stand-in servers, with and without Nagle's algorithm.

Run: python tests/benchmarks/bench_stand_ins.py [--requests N]

``FakeGitHub`` (``tests/support/github_server.py``) and the GAIA backend stand-in
(``tests/support/status_server.py``) answer in two writes, the headers then the body. On a
kept-alive connection (PyGithub's and ``requests``' sessions) Nagle's algorithm holds the body
until the client has acknowledged the headers, and the client delays that ACK: each request
waits. The handlers set ``disable_nagle_algorithm`` (``TCP_NODELAY``); this script times N
requests over one ``requests.Session`` to each stand-in as shipped and with the attribute turned
off again, in one run (medians of 3 rounds, the two alternating), and prints milliseconds a
request and the ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from intake.lifecycle.replay import ReplayServer, ReplayState  # noqa: E402
from tests.support.github_server import FakeGitHub, Reply  # noqa: E402
from tests.support.status_server import StatusServer  # noqa: E402


@contextmanager
def github(nodelay: bool) -> Iterator[str]:
    with FakeGitHub() as server:
        server.httpd.RequestHandlerClass.disable_nagle_algorithm = nodelay  # type: ignore[attr-defined]
        server.add(
            "GET", "/repos/acme/agent/pulls/7", Reply(body={"number": 7, "body": "x" * 2000})
        )
        yield server.url + "/repos/acme/agent/pulls/7"


@contextmanager
def backend(nodelay: bool) -> Iterator[str]:
    server = StatusServer().start()
    try:
        assert server._httpd is not None
        server._httpd.RequestHandlerClass.disable_nagle_algorithm = nodelay  # type: ignore[attr-defined]
        yield server.url + "/api/system/status"
    finally:
        server.stop()


@contextmanager
def replay(nodelay: bool) -> Iterator[str]:
    """intake's own replay (``intake control``), which GAIA's agent calls as its backend."""
    with ReplayServer(ReplayState("case_x", [], set()), 0) as server:
        assert server._httpd is not None
        server._httpd.RequestHandlerClass.disable_nagle_algorithm = nodelay  # type: ignore[attr-defined]
        yield server.url + "/api/system/status"


def per_request(
    serve: Callable[[bool], AbstractContextManager[str]], nodelay: bool, n: int
) -> float:
    """Milliseconds a request, ``n`` GETs over one session (one warm-up request first)."""
    with serve(nodelay) as url, requests.Session() as session:
        session.get(url).raise_for_status()
        start = time.perf_counter()
        for _ in range(n):
            session.get(url).raise_for_status()
        return (time.perf_counter() - start) / n * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=50)
    n = parser.parse_args().requests
    print(f"{n} GET requests over one requests.Session, medians of 3 rounds, ms a request")
    print(f"{'stand-in':<28} {'Nagle on':>9} {'TCP_NODELAY':>12} {'ratio':>7}")
    serves = (
        ("FakeGitHub", github),
        ("GAIA backend (StatusServer)", backend),
        ("intake's replay (control)", replay),
    )
    for name, serve in serves:
        on, off = [], []
        for _ in range(3):
            on.append(per_request(serve, False, n))
            off.append(per_request(serve, True, n))
        slow, fast = statistics.median(on), statistics.median(off)
        print(f"{name:<28} {slow:>9.2f} {fast:>12.2f} {slow / fast:>6.0f}x")


if __name__ == "__main__":
    main()
