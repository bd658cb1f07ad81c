# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Crypto nodes' and RPC providers' formats (stop 55, scrubber 1.66.0; issue 35).

The tune misses and damage of batch 115 (``tests/outside_corpus/SOURCE.md``, "The stop-115
collection"), fixed by general rules:

* ``intake_provider_rpc_url_key`` (``scrubbers/providers.yaml``): the key an Ethereum RPC
  provider puts in its endpoint's path, Infura's ``https://<net>.infura.io/v3/<key>`` and
  ``wss://<net>.infura.io/ws/v3/<key>`` (32 hex) and Alchemy's
  ``https://<net>.g.alchemy.com/v2/<key>`` and ``https://eth-<net>.alchemyapi.io/v2/<key>``
  (32 of ``[A-Za-z0-9_-]``), in any quoting, escaped JSON too.
* ``bitcoin_conf_rpcuser`` (``scrubbers/user_names.yaml``): Bitcoin Core's ``rpcuser=`` (and
  lnd's ``bitcoind.rpcuser=``, btcd's ``rpcuser=``) alone on its line is a login, learned.
* ``posix_home_in_a_server_url`` (``scrubbers/recognizers.yaml``): a home as a local
  server's URL path after its host and port, a home's own dot-folder or conda tree right under
  the user's folder (a Jupyter traceback's frame link ``http://localhost:8888/home/<u>/.pyenv/…``).
* ``ftuser`` (``scrubbers/words.yaml``'s ``not_user_names``): freqtrade's Docker image's
  account (its Dockerfile's ``useradd … ftuser``), an image's as ``jovyan`` is.
* ``illustrative._REDACTED``: the capital word ``REDACTED`` glued inside a secret's shape
  (``12345678:AXXXREDACTED``) says it was typed over, as ``ghp_REDACTED`` did.

``*_NOBODY`` are the harm hunt the rules were attacked with before they were kept: texts of the
same shape that name nobody, which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

RPC_KEY_NOBODY = [
    'const provider = new ethers.providers.JsonRpcProvider("https://mainnet.infura.io/v3/");\n',
    "url: https://mainnet.infura.io/v3/${INFURA_PROJECT_ID}\n",
    "INFURA_URL=https://goerli.infura.io/v3/${INFURA_API_KEY}\n",
    'rpc = f"https://eth-mainnet.g.alchemy.com/v2/{alchemy_api_key}"\n',
    "https://mainnet.infura.io/v3/<project_id>\n",
    "https://mainnet.infura.io/v3/<my key>\n",
    "https://eth-mainnet.g.alchemy.com/v2/<API_KEY>\n",
    "https://mainnet.infura.io/v3/YOUR_INFURA_PROJECT_ID\n",
    'Error: could not detect network (event="noNetwork", code=NETWORK_ERROR, url="https://rinkeby.infura.io/v3/undefined")\n',
    "https://mainnet.infura.io/v3/cccccccccccccccccccccccccccccccc\n",
    "https://mainnet.infura.io/v3/REMOVED_PII_API_KEY_FOR_GITHUB\n",
    "https://eth-mainnet.alchemyapi.io/v2/demo\n",
    "https://eth-mainnet.g.alchemy.com/v2/demo\n",
    "https://mainnet.infura.io/v3/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n",
    "https://mainnet.infura.io/v3/********************************\n",
    "https://eth-mainnet.g.alchemy.com/v2/XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\n",
    "https://eth-mainnet.g.alchemy.com/v2/YOUR_ALCHEMY_KEY_GOES_HERE_NOW_\n",
    "https://mainnet.infura.io/v3/84842078b09946638c03157f83405213\n",
    "https://eth-mainnet.alchemyapi.io/v2/_gg7wSSi0KMBsdKnGVfHDueq6xMB9EkC\n",
    "See https://docs.infura.io/api/networks/ethereum/how-to/secure-a-project/project-id and https://docs.alchemy.com/reference/api-overview\n",
    "https://ipfs.infura.io:5001/api/v0/add?pin=true\n",
    "https://mainnet.infura.io/v3/0123456789\n",
]

RPC_KEY_GO = [
    (
        "https://mainnet.infura.io/v3/7d0d81d0919f4f05b9ab6634be01ee73\n",
        "7d0d81d0919f4f05b9ab6634be01ee73",
        "https://mainnet.infura.io/v3/",
    ),
    (
        "Could not connect to RPCEndpoint(chain_id=4, network='rinkeby', provider='Infura', url='wss://mainnet.infura.io/ws/v3/a1b2c3d4e5f60718293a4b5c6d7e8f90', explorer='https://rinkeby.etherscan.io')\n",
        "a1b2c3d4e5f60718293a4b5c6d7e8f90",
        "url='wss://mainnet.infura.io/ws/v3/",
    ),
    (
        'info={ "requestUrl": "https://eth-mainnet.alchemyapi.io/v2/Qh7T-2kLm9PzX_wq4RtYb8NcVd3EfG1u", "responseStatus": "410 " }\n',
        "Qh7T-2kLm9PzX_wq4RtYb8NcVd3EfG1u",
        '"requestUrl": "https://eth-mainnet.alchemyapi.io/v2/',
    ),
    (
        'body="{\\"_links\\":{\\"self\\":{\\"href\\":\\"/v2/https://eth-rinkeby.alchemyapi.io/v2/mN3-pQ7rS_tU1vW5xY9zA2bC4dE6fG8h\\",\\"templated\\":false}}}"\n',
        "mN3-pQ7rS_tU1vW5xY9zA2bC4dE6fG8h",
        "alchemyapi.io/v2/",
    ),
    (
        "ALCHEMY_URL=https://polygon-mumbai.g.alchemy.com/v2/Zx81kPq_Lw2NvBr7Ys4Tu9Ma3Hc6Jd0e\n",
        "Zx81kPq_Lw2NvBr7Ys4Tu9Ma3Hc6Jd0e",
        "ALCHEMY_URL=https://polygon-mumbai.g.alchemy.com/v2/",
    ),
]

RPCUSER_NOBODY = [
    "rpcuser=bitcoinrpc\nrpcpassword=\n",
    "rpcuser=user\nrpcpassword=pass\n",
    "rpcuser=admin\n",
    "rpcuser=bitcoin\nrpcallowip=127.0.0.1\n",
    'rpcuser=someusername\nrpcpassword=somepassword\ncurl --user someusername:somepassword --data-binary \'{"jsonrpc": "1.0", "method": "getblockcount"}\' http://127.0.0.1:8332/\n',
    "[Bitcoind]\nbitcoind.rpcuser=kek\nbitcoind.rpcpass=kek\nbitcoind.zmqpubrawblock=tcp://127.0.0.1:28332\n",
    "rpcuser=<your-rpc-user-here>\nrpcpassword=<your-rpc-password-here>\n",
    "rpcuser=\nrpcpassword=\n",
    "2021-06-01T12:00:00Z Config file arg: [main] rpcuser=****\n2021-06-01T12:00:00Z Config file arg: [main] rpcpassword=****\n",
    "rpcuser=${BTC_RPC_USER}\n",
    "  -rpcuser=<user>\n       Username for JSON-RPC connections\n",
    "rpcuser=rpc\n",
    "The rpcuser option is deprecated in favour of rpcauth.\n",
]

RPCUSER_GO = [
    ("rpcuser=nodekeeper\nrpcpassword=Rain4821\ndaemon=1\nserver=1\n", "nodekeeper", "rpcuser="),
    ("[main]\nrpcuser=satoshi_node\nrpcpassword=hunter22\n", "satoshi_node", "[main]\nrpcuser="),
    (
        "[Bitcoind]\nbitcoind.rpcuser=mrossi\nbitcoind.rpchost=localhost\n",
        "mrossi",
        "bitcoind.rpcuser=",
    ),
    ("rpcuser = pvandam\r\nrpcport=8332\r\n", "pvandam", "rpcuser = "),
]

REDACTED_NOBODY = [
    '"telegram": {\n        "enabled": true,\n        "token": "12345678:AXXXREDACTED",\n        "chat_id": "my_redacted_bot"\n    }\n',
    '"token": "your_telegram_token",\n"chat_id": ""\n',
    "https://api.telegram.org/bot<YOUR_TOKEN>/getUpdates\n",
    'GITHUB_TOKEN="ghp_REDACTED"\n',
]

NOTEBOOK_URL_NOBODY = [
    "File [~/.local/lib/python3.11/site-packages/ib_async/ib.py:12](http://127.0.0.1:8889/home/jovyan/.local/lib/python3.11/site-packages/ib_async/ib.py#line=11), in connect\n",
    "GET http://localhost:3000/home/settings 404\n",
    "Navigated to http://localhost:8080/home/dashboard/stats\n",
    "[I 12:00:00.123 NotebookApp] 302 GET /tree/home/notebooks (127.0.0.1) 1.2ms\n",
    "http://localhost:8888/tree/home/notebooks/analysis.ipynb\n",
    "http://localhost:8888/lab/tree/work/.ipynb_checkpoints/x.ipynb\n",
    "https://example.com:443/home/.config/x\n",
    "ftuser@09ac19bef6a9:/freqtrade/user_data$ freqtrade show-trades --db-url sqlite:///tradesv3.sqlite\n",
    '  File "/home/ftuser/.local/lib/python3.11/site-packages/freqtrade/main.py", line 44, in main\n',
]

NOTEBOOK_URL_GO = [
    (
        "File [~/.pyenv/versions/3.11.0rc1/lib/python3.11/asyncio/tasks.py:495](http://localhost:8888/home/dk/.pyenv/versions/3.11.0rc1/lib/python3.11/asyncio/tasks.py#line=494), in wait_for(fut, timeout)\n",
        "/home/dk/",
        "/.pyenv/versions/3.11.0rc1/lib/python3.11/asyncio/tasks.py#line=494), in wait_for",
    ),
    (
        "File [~/miniconda3/lib/python3.10/site-packages/pandas/core/frame.py:3761](http://localhost:8888/home/pkumar/miniconda3/lib/python3.10/site-packages/pandas/core/frame.py#line=3760), in DataFrame.__getitem__(self, key)\n",
        "pkumar",
        "/miniconda3/lib/python3.10/site-packages/pandas/core/frame.py#line=3760)",
    ),
    ("http://localhost:8888/Users/mchen/.cache/x.json\n", "mchen", "http://localhost:8888/Users/"),
    ("alice_w@3f2a1c9e7b3d:/workspace$ ls\n", "alice_w", "@3f2a1c9e7b3d:/workspace$ ls"),
]

REDACTED_GO = [
    (
        '"token": "1234567890:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",\n',
        "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
    ),
    ('"token": "Predacted9x8Yq2Lm",\n', "Predacted9x8Yq2Lm"),
]


@pytest.mark.parametrize(
    "text", RPC_KEY_NOBODY + RPCUSER_NOBODY + REDACTED_NOBODY + NOTEBOOK_URL_NOBODY
)
def test_crypto_texts_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), RPC_KEY_GO + RPCUSER_GO + NOTEBOOK_URL_GO)
def test_rpc_keys_and_logins_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


@pytest.mark.parametrize(("text", "value"), REDACTED_GO)
def test_tokens_not_typed_over_go(engine: Scrubber, text: str, value: str) -> None:
    assert value not in scrubbed(engine, text)
