# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Remote IDEs' and cloud development environments' logs as people paste them, read by their
documented formats (stop 54, scrubber 1.62.0; issue 35).

The tune misses of batch 109 (``tests/outside_corpus/SOURCE.md``, "The stop-109 collection"),
each found by a general rule:

* ``vscode_server_token`` (``scrubbers/recognizers.yaml``): the value after VS Code's server
  flags ``--require-token <token>`` (the VS Code CLI's ``command-shell``, as Remote-SSH starts
  it) and ``--connection-token <token>`` (VS Code's remote server ``--help``:
  ``--connection-token <token>``; openvscode-server's the same), read by the flag, not by the
  value's hex shape (``--connection-token=<token>`` was already read as an assignment).

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nothing (the same log's 12-hex script id, commit ids, placeholders,
variables, masks), which must stay as they are. ``STILL_GO`` holds what is private in the same
shapes and must be replaced.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

_COMMIT = "8b3775030ed1a69b13e4f4c628c612102e30a681"

VSCODE_TOKEN_NOBODY = [
    "[10:36:05.774] > 5ec4cfce9118: running\n",
    "> 5ec4cfce9118%%1%%\n",
    "[10:36:05.780] > 5ec4cfce9118%%2%%\n",
    f"> Running ssh connection command... /root/.vscode-server/code-{_COMMIT} command-shell --cli-data-dir /root/.vscode-server/cli --on-port --parent-process-id 20449\n",
    f"> Running ssh connection command... /root/.vscode-server/code-{_COMMIT} command-shell --on-port --require-token <token> --parent-process-id 20449\n",
    "> command-shell --cli-data-dir /root/.vscode-server/cli --on-port --require-token $VSCODE_TOKEN --parent-process-id 20449\n",
    "> command-shell --on-port --require-token ${VSCODE_TOKEN} --parent-process-id 20449\n",
    "> command-shell --on-port --require-token *** --parent-process-id 20449\n",
    "> command-shell --on-port --require-token --parent-process-id 20449\n",
    "> command-shell --on-port --require-token xxxxxxxxxxxx --parent-process-id 20449\n",
    f'[10:36:04.783] Using commit id "{_COMMIT}" and quality "stable" for server\n',
    f'> rver/.cli.{_COMMIT}.log" < /dev/null\n',
    "code-server --port 8000 --connection-token <token> --host 0.0.0.0\n",
    "openvscode-server --host 0.0.0.0 --without-connection-token\n",
    "  --connection-token <token>         A secret that must be included with all requests.\n",
    "  --connection-token-file <path>     Path to a file that contains the connection token.\n",
    "code serve-web --host 127.0.0.1 --port 38000 --without-connection-token --accept-server-license-terms\n",
    "openvscode-server --connection-token-file /run/secrets/vscode-token --port 3000\n",
]

STILL_GO = [
    (
        f"> Running ssh connection command... /root/.vscode-server/code-{_COMMIT} command-shell --cli-data-dir /root/.vscode-server/cli --on-\nport --require-token 9d41b07ae2c3 --parent-process-id 20449\n",
        "9d41b07ae2c3",
    ),
    (
        "> command-shell --on-port --require-token 4f1e0c9a77b2 --parent-process-id 301\n",
        "4f1e0c9a77b2",
    ),
    (
        "openvscode-server --host 0.0.0.0 --port 3000 --connection-token 7Hq2vLx9Pz4kWm1N\n",
        "7Hq2vLx9Pz4kWm1N",
    ),
    ("code-server --connection-token 1290-3381-77512-60417 --port 0\n", "1290-3381-77512-60417"),
]


@pytest.mark.parametrize("text", VSCODE_TOKEN_NOBODY)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_the_secrets_of_the_same_shapes_go(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value not in out
