# ruff: noqa: E501  (pasted lines are kept as long as they were)
"""The pasted corpus: what people paste into issues, in the shapes of public threads (issue 35).

Each document follows the layout of a public GitHub thread or Q&A page named in its ``source``
(a traceback, ``conda info``, an npm log, a prompt, ``kubectl describe``, a ``.gitconfig``...).
The text is written anew in that shape, not copied; every private value in it is a same-shaped
substitute. Values are labelled inline:

* ``[[user:NAME]]`` a user or login name; ``[[email:ADDR]]``; ``[[secret:VALUE]]`` a credential;
* ``{{keep:TEXT}}`` public text that must come out unchanged (a library tail after a home, a
  documented placeholder, a role address, public base64, a masked address).

``documents()`` strips the marks and returns each document with its labels (class, value,
offsets). A third of the documents, chosen by the hash of their names (``held_out``), was kept
aside while the scrubber was changed and is measured only at the end
(``tests/benchmarks/bench_scrub_pasted.py``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import regex

_MARK = regex.compile(
    r"\[\[(user|email|secret):((?:[^\]]|\](?!\]))++)\]\]|\{\{keep:((?:[^}]|\}(?!\}))++)\}\}"
)


@dataclass(frozen=True)
class Label:
    cls: str  # user, email, secret, keep
    value: str
    start: int
    end: int


@dataclass(frozen=True)
class Document:
    name: str
    source: str
    text: str
    labels: tuple[Label, ...]

    @property
    def held_out(self) -> bool:
        return int(hashlib.sha256(self.name.encode()).hexdigest(), 16) % 3 == 0

    @property
    def private(self) -> tuple[Label, ...]:
        return tuple(lb for lb in self.labels if lb.cls != "keep")


def parse(name: str, source: str, marked: str) -> Document:
    out: list[str] = []
    labels: list[Label] = []
    pos = length = 0
    for m in _MARK.finditer(marked):
        out.append(marked[pos : m.start()])
        length += m.start() - pos
        cls, value = (m.group(1), m.group(2)) if m.group(1) else ("keep", m.group(3))
        labels.append(Label(cls, value, length, length + len(value)))
        out.append(value)
        length += len(value)
        pos = m.end()
    out.append(marked[pos:])
    return Document(name, source, "".join(out), tuple(labels))


_RAW: list[tuple[str, str, str]] = [
    (
        "win-traceback-sqlalchemy",
        "https://github.com/DIGITALCRIMINAL/ArchivedUltimaScraper/issues/225",
        r"""Traceback (most recent call last):
  File "C:\Users\[[user:Kestrel Varga]]{{keep:\AppData\Roaming\Python\Python310\site-packages\sqlalchemy\orm\context.py}}", line 2391, in _compile_state
  File "C:\Users\[[user:Kestrel Varga]]{{keep:\AppData\Roaming\Python\Python310\site-packages\sqlalchemy\engine\base.py}}", line 1965, in _exec_single_context
sqlalchemy.exc.OperationalError: (sqlite3.OperationalError) no such table: profiles
""",
    ),
    (
        "conda-info-linux",
        "https://github.com/conda/conda/issues/9962",
        """     active environment : base
    active env location : /home/[[user:brannoch]]{{keep:/.local/share/conda}}
            shell level : 1
       user config file : /home/[[user:brannoch]]{{keep:/.condarc}}
 populated config files : /home/[[user:brannoch]]{{keep:/.local/share/conda/condarc}}
          conda version : 4.12.0
       virtual packages : __linux=6.0.6=0
                          __glibc=2.36=0
""",
    ),
    (
        "conda-info-macos",
        "https://github.com/conda/conda/issues/7823",
        """       user config file : /Users/[[user:tovrinsk]]{{keep:/.condarc}}
 populated config files : /opt/miniconda/.condarc
          package cache : /opt/miniconda/pkgs
                          /Users/[[user:tovrinsk]]{{keep:/.conda/pkgs}}
       envs directories : /opt/miniconda/envs
                          /Users/[[user:tovrinsk]]{{keep:/.conda/envs}}
               platform : osx-64
""",
    ),
    (
        "npm-log-windows",
        "https://github.com/npm/cli/issues/8857",
        r"""npm error code ERESOLVE
npm error A complete log of this run can be found in: C:\Users\[[user:B7RNQ4D]]{{keep:\AppData\Local\npm-cache\_logs\2025-12-12T19_47_13_560Z-debug-0.log}}
""",
    ),
    (
        "npm-log-oem-user",
        "https://github.com/npm/cli/issues/8686",
        r"""npm error. A complete log of this run can be found in: C:\Users\{{keep:Usuario}}\AppData\Local\npm-cache\_logs\2025-10-20T15_50_07_473Z-debug-0.log
I'm using npm@10.9.3 and node@v22.20.0.
""",
    ),
    (
        "media-mount-traceback",
        "shape of removable-drive tracebacks on Linux desktops (/media/<user>/<label>)",
        """Traceback (most recent call last):
  File "/media/[[user:ollivane]]{{keep:/DATA/envs/tts/lib/python3.10/site-packages/torch/nn/modules/module.py}}", line 1501, in _call_impl
    return forward_call(*args, **kwargs)
RuntimeError: CUDA out of memory.
""",
    ),
    (
        "cluster-home-users",
        "shape of HPC cluster homes (/home/users/<user>, e.g. Stanford Sherlock's layout)",
        """  File "/home/users/[[user:qpradhan]]{{keep:/.conda/envs/llm/lib/python3.11/site-packages/transformers/modeling_utils.py}}", line 3012, in from_pretrained
OSError: Can't load tokenizer
(llm) [[[user:qpradhan]]@sh03-ln02 login ~]$ squeue -u [[user:qpradhan]]
""",
    ),
    (
        "cluster-share",
        "shape of cluster project shares (/<share>/<user>/.cache)",
        """HF_HOME=/scratch/[[user:fmoravek]]{{keep:/.cache/huggingface}}
  File "/scratch/[[user:fmoravek]]{{keep:/.cache/pip/wheels/3f/aa/site-packages/vllm/engine/llm_engine.py}}", line 88, in __init__
""",
    ),
    (
        "macos-prompt",
        "https://github.com/conda/conda/issues/5147 (a session pasted with its prompt)",
        """[[user:Dunmore]]s-MacBook-Pro:~ [[user:dunmore]]$ python3 -m pip install llama-cpp-python
Defaulting to user installation because normal site-packages is not writeable
ERROR: Could not build wheels for llama-cpp-python
[[user:Dunmore]]s-MacBook-Pro:~ [[user:dunmore]]$
""",
    ),
    (
        "venv-prompt-ssh",
        "https://github.com/meta-pytorch/torchx/pull/78 (scp/ssh test plan)",
        """(venv) [[user:halvorsk]]@gpu-node3:~/proj$ scp dist/pkg-0.1.0-py3-none-any.whl [[user:halvorsk]]@10.20.1.7:/srv/wheels
(venv) [[user:halvorsk]]@gpu-node3:~/proj$ ssh [[user:halvorsk]]@10.20.1.7
""",
    ),
    (
        "powershell-prompt",
        "shape of PowerShell sessions pasted in Windows issues",
        r"""PS C:\Users\[[user:marivoss]]{{keep:\source\repos\agent}}> python -m gaia.cli chat
Traceback (most recent call last):
  File "C:\Users\[[user:marivoss]]{{keep:\miniforge3\envs\gaia\Lib\site-packages\httpx\_transports\default.py}}", line 72, in map_httpcore_exceptions
httpx.ConnectError: [WinError 10061] No connection could be made
""",
    ),
    (
        "space-in-name-end-of-line",
        "issue 35 (a Windows home with a space, the path at a line's end)",
        r"""The model cache ended up in C:\Users\[[user:Anwen Gryffe]]
and the log says: saved to "C:\Users\[[user:Anwen Gryffe]]{{keep:\.cache\lemonade\models}}"
""",
    ),
    (
        "gitconfig",
        "shape of a pasted ~/.gitconfig",
        """[user]
	name = [[user:Tamsin Okoro]]
	email = [[email:tamsin.okoro@fernleaf-lab.org]]
[credential]
	helper = store
[url "https://[[user:tokoro]]@github.com/"]
	insteadOf = https://github.com/
""",
    ),
    (
        "git-config-list",
        "shape of `git config --list` pastes",
        """user.name=[[user:brisketh]]
user.email=[[email:brisketh@users.noreply.github.com]]
remote.origin.url=https://[[user:brisketh]]:[[secret:ghp_R8mQ2vLx9TzK4pWn7YbC3dHf6JsA1eGu0NqV]]@github.com/brisketh/notes.git
""",
    ),
    (
        "curl-with-headers",
        "shape of curl -v pastes in API issues",
        """curl -v https://api.example-llm.io/v1/chat -H "Authorization: Bearer [[secret:sk-proj-Zq81mWvT0xKp3RbN6cYd2LhF9sJ4gEaU7oMi5tQw]]" -H "Content-Type: application/json"
> POST /v1/chat HTTP/1.1
> User-Agent: curl/8.4.0
< HTTP/1.1 401 Unauthorized
""",
    ),
    (
        "url-userinfo-token",
        "shape of CI logs cloning with a token in the URL",
        """git clone https://oauth2:[[secret:glpat-7kQmZr2XbN9wVt4LcPy8]]@gitlab.example.com/team/app.git
Cloning into 'app'...
git clone https://[[user:vradomir]]@github.com/vradomir/dotfiles.git
""",
    ),
    (
        "kubectl-describe",
        "shape of `kubectl describe pod` pastes",
        """Name:             agent-7c9d8b5f4-x2k9p
Namespace:        default
Node:             ip-10-0-3-17.ec2.internal/10.0.3.17
Containers:
  agent:
    Image:          ghcr.io/example/agent:1.4.2
    Environment:
      OPENAI_API_KEY:  <set to the key 'openai' in secret 'agent-secrets'>  Optional: false
Events:
  Warning  Failed  3m  kubelet  Failed to pull image
""",
    ),
    (
        "kubeconfig-ca",
        "shape of pasted kubeconfig files",
        """apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: {{keep:LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvakNDQWVhZ0F3SUJBZ0lCQURBTkJna3Foa2lHOXcwQkFRc0ZBREFWTVJNd0VRWURWUVFERXdwcmRXSmwKLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQo=}}
    server: https://10.0.0.1:6443
users:
- name: kubernetes-admin
  user:
    token: [[secret:eyJhbGciOiJSUzI1NiIsImtpZCI6IjhkN2YifQ.eyJzdWIiOiJzeXN0ZW06c2VydmljZWFjY291bnQ6a3ViZS1zeXN0ZW06YWRtaW4ifQ.Tq2vX8mLw9RzN4kP7bYcJ3dH6sF1gEaU0oMi5tQwZr2XbN9wVt4LcPy8KmQ]]
""",
    ),
    (
        "placeholders-docs",
        "shape of README-style configuration examples quoted in issues",
        """# as in the docs
DATABASE_URL=postgresql://{{keep:postgres}}:{{keep:postgres}}@localhost:5432/app
TELEGRAM_TOKEN={{keep:123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11}}
STRIPE_KEY={{keep:sk_test_654321}}
SLACK_BOT_TOKEN={{keep:xoxb-some-token}}
""",
    ),
    (
        "role-addresses",
        "shape of notification e-mails quoted in issues",
        """From: GitHub <{{keep:notifications@github.com}}>
Reply-To: {{keep:noreply@github.com}}
Sent to {{keep:dev...@lists.example.org}} by [[email:pelham.arro@quillmark.net]]
""",
    ),
    (
        "token-list",
        "issue 35 (a token-bearing list name with 40-hex legacy tokens)",
        """github_access_tokens:
  - [[secret:3f9a1c7e5b2d8f4a6c0e9b1d7f3a5c8e2b4d6f10]]
  - [[secret:a8e4c2f0b6d9a1e3c5f7b2d4e6a8c0f1b3d5e7a9]]
""",
    ),
    (
        "aws-glued",
        "issue 35 (a provider key glued to the next word in a SigV4 log)",
        """DEBUG botocore.auth CanonicalRequest: method.[[secret:AKIAZ7QW3ERT5YUI2OPL]]AWS4-HMAC-SHA256
S3 request id: {{keep:4442587FB7D0A2F9}}
""",
    ),
    (
        "clean-pip-log",
        "shape of a pip resolver log",
        """Collecting torch==2.3.0
  Downloading torch-2.3.0-cp311-cp311-manylinux1_x86_64.whl (779.1 MB)
ERROR: pip's dependency resolver does not currently take into account all the packages that are installed.
Successfully installed torch-2.3.0
""",
    ),
    (
        "clean-placeholder-home",
        "https://github.com/conda/conda/issues/10790 (a placeholder home)",
        """       user config file : /home/user/.condarc
 populated config files :
          conda version : 4.9.2
""",
    ),
    (
        "clean-empty-key-block",
        "issue 35 (an empty key block in a config template)",
        """ssh_private_key: |
  -----BEGIN OPENSSH PRIVATE KEY-----
  -----END OPENSSH PRIVATE KEY-----
""",
    ),
    (
        "json-escaped-home",
        "shape of GAIA Agent UI JSON exports of a pasted log",
        r"""{"role": "user", "content": "it fails in C:\\Users\\[[user:Ilse Brandvold]]{{keep:\\AppData\\Local\\Programs\\Python\\Python312\\Lib\\site-packages\\requests\\adapters.py}} line 519"}
""",
    ),
    (
        "wsl-home",
        "shape of WSL tracebacks",
        """  File "/mnt/c/Users/[[user:radekp]]{{keep:/AppData/Local/pypoetry/Cache/virtualenvs/app-py3.11/lib/python3.11/site-packages/uvicorn/main.py}}", line 410, in main
""",
    ),
    (
        "home-cargo",
        "issue 35 (a learned name next to a dot-folder)",
        """error: could not compile `ring` (build script)
  --> /home/[[user:zelmira]]{{keep:/.cargo/registry/src/index.crates.io-6f17d22bba15001f/ring-0.17.8/build.rs}}:12:5
note: run as [[user:zelmira]] with RUST_BACKTRACE=1
""",
    ),
]


def documents() -> list[Document]:
    return [parse(name, source, text) for name, source, text in _RAW]
