# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Remote IDEs' and cloud development environments' logs as people paste them, read by their
documented formats (stop 54, scrubber 1.62.0; issue 35).

The tune misses of batch 109 (``tests/outside_corpus/SOURCE.md``, "The stop-109 collection"),
each found by a general rule:

* ``vscode_server_token`` (``scrubbers/recognizers.yaml``): the value after VS Code's server
  flags ``--require-token <token>`` (the VS Code CLI's ``command-shell``, as Remote-SSH starts
  it) and ``--connection-token <token>`` (VS Code's remote server ``--help``:
  ``--connection-token <token>``; openvscode-server's the same), read by the flag, not by the
  value's hex shape (``--connection-token=<token>`` was already read as an assignment);
* ``codespaces_prompt`` (``scrubbers/user_names.yaml``): the Codespaces and dev containers'
  bash prompt ``@<login> ➜ <dir> (<branch>) $`` (devcontainers/features, common-utils'
  ``bash_theme_snippet.sh``: ``@${GITHUB_USER}`` when set): a login, learned, so that every other
  place the text names it goes too, the owner of a repository a creation log clones among them
  (``clone … https://github.com/<u>/<repo>``). Nothing in a clone URL tells a person's account
  from an organisation's, so the owner goes only on that evidence: ``actions/…``,
  ``microsoft/…`` and ``github/…`` stay;
* a codespace's address ``https://<login>-<owner>-<repo>-<id>.github.dev/`` (and a forwarded
  port's ``…-<port>.app.github.dev``) loses the login when the text shows it elsewhere (that
  prompt, a home): no new rule, the learned name is replaced everywhere. A generated name
  (``fluffy-space-waffle-<id>``) and GitHub's own addresses stay; the first word alone is no
  evidence (the older naming is ``<login>-<owner>-<repo>-<id>``, the newer generated words).

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nothing (the same log's 12-hex script id, commit ids, placeholders,
variables, masks; container users, npm scopes, organisations' clones), which must stay as they are. ``STILL_GO`` holds what is private in the same
shapes and must be replaced.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

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

_CLONE = '2022-11-12 14:17:15.177Z: $ git -C "/var/lib/docker/codespacemount/workspace" clone --branch main --depth 1 https://github.com/{o}/{r} "/var/lib/docker/codespacemount/workspace/{r}"\n'

CODESPACES_PROMPT_NOBODY = [
    "vscode ➜ /workspaces/app (main) $ ls\n",
    "node ➜ /workspaces/site (main ✗) $ npm i\n",
    "root ➜ /workspaces/x $ apt update\n",
    "codespace ➜ /workspaces/x (main) $ ls\n",
    "@username ➜ /workspaces/repo (main) $ npm i\n",
    "@user ➜ /workspaces/repo $ ls\n",
    "@<username> ➜ /workspaces/repo (main) $ ls\n",
    "@your-username ➜ /workspaces/repo (main) $ ls\n",
    "@types/node ➜ 18.0.0\n",
    "@angular/cli ➜ /usr/lib/node_modules\n",
    _CLONE.format(o="actions", r="javascript-action"),
    _CLONE.format(o="microsoft", r="vscode-remote-try-python"),
    "2022-11-12 14:17:15.225Z: Cloning into '/var/lib/docker/codespacemount/workspace/fastapi-flutter'...\n",
    "2024-03-01 11:22:49.180Z: Image details: https://github.com/github/codespaces-host-images/blob/main/README.md\n",
    "@vscode ➜ /workspaces/x $ ls\n",
]

CODESPACE_ADDRESS_NOBODY = [
    "1. Open codespaces https://fluffy-space-waffle-5g4xq7w9rj6h7vr.github.dev/ in the web browser.\n",
    "Forwarded port: https://laughing-robot-9x7wq4jv5rp3f6g-3000.app.github.dev/\n",
    "Open https://github.dev/microsoft/vscode in the web browser.\n",
    "(Invalid script url: https://vscodeweb.azureedge.net/stable/dfd34e8260c270da74b5c2d86d61aee4b6d56977/node_modules/xterm/lib/xterm.js)\n",
    "Open https://username-owner-repo-abc123.github.dev/\n",
]

STILL_GO = [
    (
        "@qendrivo ➜ /workspaces/site (main) $ gh codespace list\nqendrivo-acme-site-7v9qwj4x5h6  acme/site  main  Available\nOpen https://qendrivo-acme-site-7v9qwj4x5h6.github.dev/\n",
        "qendrivo",
    ),
    (
        "@qendrivo ➜ /workspaces/site (main) $ curl https://qendrivo-acme-site-7v9qwj4x5h6-3000.app.github.dev/\n",
        "qendrivo",
    ),
    ("$ ls /home/tbrannoc\nOpen https://tbrannoc-acme-site-xxr4gprc69vg.github.dev/\n", "tbrannoc"),
    (
        _CLONE.format(o="qendrivo", r="fastapi-flutter")
        + "@qendrivo ➜ /workspaces/fastapi-flutter (main) $ ls\n",
        "qendrivo",
    ),
    (
        "@Tarvolin-Dev ➜ /workspaces/site (main ✗) $ git push\nremote: https://github.com/Tarvolin-Dev/site\n",
        "Tarvolin-Dev",
    ),
    (
        "@mbrakstad ➜ /workspaces/app (main) \n$ git remote -v\norigin\thttps://github.com/mbrakstad/app (fetch)\n",
        "mbrakstad",
    ),
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


@pytest.mark.parametrize(
    "text", VSCODE_TOKEN_NOBODY + CODESPACES_PROMPT_NOBODY + CODESPACE_ADDRESS_NOBODY
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_the_secrets_of_the_same_shapes_go(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value not in out


def test_a_generated_codespace_address_stays_beside_a_learned_login(engine: Scrubber) -> None:
    address = "https://fluffy-space-waffle-5g4xq7w9rj6h7vr.github.dev/"
    gone_and_kept(
        engine, f"@qendrivo ➜ /workspaces/site (main) $ ls\nOpen {address}\n", "qendrivo", address
    )
