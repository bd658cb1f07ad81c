"""A corpus of the formats intake receives, with planted values and decoys (issue 29 item 7).

``build_documents(seed)`` writes documents of every format intake scrubs: Agent UI session
exports (JSON), Claude Code transcripts (JSONL), GitHub issues with logs (Markdown), shell
sessions, ``.env`` files, Compose and Kubernetes YAML, and code in six languages (Python,
TypeScript, Go, Java, Ruby, C#). Each document lists

* ``planted``: in-spec values (provider tokens of their families, values under secret names in
  the grammar of issue 29 item 2, user-bearing paths, e-mail addresses), each of which must be
  gone from the scrubbed text;
* ``decoys``: non-secrets by any definition (masks and placeholders, commit SHAs, UUIDs,
  integrity hashes, public URLs, code identifiers, language literals, base64 of public text,
  paths that name no user), each of which must still be in the scrubbed text, byte for byte;
* ``policy``: secret-shaped by policy (a provider prefix at the wrong length, a word-like value
  under a secret name): replaced or not, reported, never counted as damage.

The documents are split into a **tune** part and a **held-out** part by a hash of their name
(70/30): the rules were tuned looking at the tune part only; the held-out part measures them
(``tests/benchmarks/bench_scrub_damage.py --formats``; ``tests/test_scrub_noharm.py`` holds the
held-out figures as a floor). All values are generated (seeded); none is a real credential.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
from collections.abc import Callable
from dataclasses import dataclass, field

ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
USERS = ["alice", "bjorn", "k.nakamura", "maria_l", "wchen", "olu", "priya"]
DOMAINS = ["acme.io", "kestrel-mail.com", "uni-x.edu", "corp.example.co.uk"]


def _r(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _mixed(rng: random.Random, n: int, alphabet: str = ALNUM) -> str:
    """A random token that surely mixes capitals, small letters and digits."""
    while True:
        s = _r(rng, alphabet, n)
        if (
            sum(c.isupper() for c in s) >= 3
            and sum(c.islower() for c in s) >= 3
            and sum(c.isdigit() for c in s) >= 3
        ):
            return s


def _uuid(rng: random.Random) -> str:
    return "-".join(_r(rng, HEX, n) for n in (8, 4, 4, 4, 12))


@dataclass
class Document:
    """One document: its name, format (file suffix), text, and the values in it."""

    name: str
    suffix: str
    text: str
    planted: list[tuple[str, str]] = field(default_factory=list)
    decoys: list[tuple[str, str]] = field(default_factory=list)
    policy: list[tuple[str, str]] = field(default_factory=list)

    @property
    def part(self) -> str:
        """``tune`` or ``held-out`` (70/30 by the first byte of the name's SHA-256)."""
        return "tune" if hashlib.sha256(self.name.encode()).digest()[0] < 179 else "held-out"


# ------------------------------------------------------------------ planted values (in spec)


def _secrets(rng: random.Random) -> dict[str, str]:
    """One value of each in-spec kind (the kind's name is its key)."""
    user = rng.choice(USERS)
    atl_body = _mixed(rng, 170, ALNUM + "_-")  # 192 characters in all, as issued
    return {
        "github_pat": "ghp_" + _mixed(rng, 36),
        "anthropic_key": "sk-ant-api03-" + _mixed(rng, 93, ALNUM + "_-") + "AA",
        "aws_key_id": "AKIA" + _r(rng, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 16),
        "slack_bot": f"xoxb-{_r(rng, string.digits, 12)}-{_r(rng, string.digits, 13)}-"
        + _mixed(rng, 24),
        "hf_token": "hf_" + _mixed(rng, 34),
        "google_key": "AIza" + _mixed(rng, 35, ALNUM + "_-"),
        "atlassian_token": "ATATT3xFfGF0" + atl_body + "=" + _r(rng, HEX.upper(), 8),
        "jenkins_secret": "AQAAABAAAAAQ" + _mixed(rng, 40, ALNUM + "+/") + "=",
        "slack_webhook_path": f"T{_r(rng, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 8)}/"
        f"B{_r(rng, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 10)}/{_mixed(rng, 24)}",
        "discord_webhook_path": f"{_r(rng, string.digits, 18)}/{_mixed(rng, 68, ALNUM + '_-')}",
        "teams_legacy_path": f"{_uuid(rng)}@{_uuid(rng)}/IncomingWebhook/"
        f"{_r(rng, HEX, 32)}/{_uuid(rng)}",
        "vendor_key": _mixed(rng, 32),
        "query_key": _mixed(rng, 39, ALNUM + "_-"),
        "secret_id": _uuid(rng),
        "db_password": rng.choice(
            ["Tr0ub4dor&3", "correct.horse-9", "Winter2026!x", "p@ss-W0rd-77"]
        ),
        "bearer": _mixed(rng, 40, ALNUM + "._-"),
        "unnamed_random": _mixed(rng, 40),
        "user_path_posix": f"/home/{user}/work/{rng.choice(['app', 'eval'])}/run.log",
        "user_path_windows": f"C:\\Users\\{user}\\Documents\\notes.txt",
        "email": f"{user.replace('.', '')}@{rng.choice(DOMAINS)}",
    }


# ------------------------------------------------------------------------------- decoys


_PUBLIC_PROSE = [
    "The quick brown fox jumps over the lazy dog again and again.",
    "Agent Eval measures what an agent does with the tools it is given.",
]


def _decoys(rng: random.Random) -> dict[str, str]:
    """One value of each non-secret class (kept by any definition)."""
    return {
        "commit_sha": _r(rng, HEX, 40),
        "uuid_session": _uuid(rng),
        "integrity": "sha512-" + base64.b64encode(rng.randbytes(64)).decode(),
        "public_url": "https://github.com/amd/gaia/blob/main/docs/eval.md",
        "b64_public_text": base64.b64encode(rng.choice(_PUBLIC_PROSE).encode()).decode(),
        "placeholder_ellipsis": rng.choice(["sk-ant-...", "ghp_...", "sk-proj-…"]),
        "placeholder_html": "Bearer &lt;token&gt;",
        "placeholder_angle": "<YOUR_API_KEY>",
        "path_tilde": "~/.gaia/agents/" + rng.choice(["chat", "code", "docs"]),
        "path_localappdata": "%LOCALAPPDATA%\\lemonade\\server.log",
        "path_projects": "C:/projects/gaia/src/app.py",
        "path_home_user": "/home/user/.cache/gaia",
        "version_range": rng.choice(["^3.0.0", "~1.0.6", ">=2.1.0"]),
    }


# ------------------------------------------------------------------------------ formats


def _session_json(rng: random.Random, s: dict[str, str], d: dict[str, str]) -> Document:
    body = {
        "session_id": d["uuid_session"],
        "title": "Summarise the handbook",
        "messages": [
            {"role": "user", "content": f"Read {s['user_path_windows']} please"},
            {
                "role": "assistant",
                "content": f"I used the key {s['github_pat']} and wrote to {d['path_tilde']}",
                "tool_calls": [
                    {
                        "name": "run",
                        "arguments": {
                            "env": {"HF_TOKEN": s["hf_token"]},
                            "cwd": d["path_projects"],
                        },
                    }
                ],
            },
        ],
        "commit": d["commit_sha"],
        "docs": d["public_url"],
        "contact": s["email"],
    }
    text = json.dumps(body, indent=2, ensure_ascii=False) + "\n"
    return Document(
        "",
        ".json",
        text,
        planted=[(k, s[k]) for k in ("github_pat", "hf_token", "email")]
        + [("user_path_windows", s["user_path_windows"].split("\\")[2])],
        decoys=[
            (k, d[k])
            for k in ("uuid_session", "path_tilde", "path_projects", "commit_sha", "public_url")
        ],
    )


def _transcript_jsonl(rng: random.Random, s: dict[str, str], d: dict[str, str]) -> Document:
    sid = d["uuid_session"]
    lines = [
        {
            "type": "user",
            "sessionId": sid,
            "cwd": s["user_path_posix"].rsplit("/", 1)[0],
            "message": {"role": "user", "content": "Set up the Slack hook"},
        },
        {
            "type": "assistant",
            "sessionId": sid,
            "message": {
                "role": "assistant",
                "content": [
                    {
                        "type": "text",
                        "text": "Posting to\nhttps://hooks.slack.com/services/"
                        + s["slack_webhook_path"]
                        + "\tdone",
                    },
                ],
            },
        },
        {
            "type": "tool_result",
            "sessionId": sid,
            "content": "export ANTHROPIC_API_KEY="
            + s["anthropic_key"]
            + "\n# use sk-ant-... in docs",
        },
        {
            "type": "assistant",
            "sessionId": sid,
            "message": {
                "role": "assistant",
                "content": "The integrity is " + d["integrity"] + " and the SHA " + d["commit_sha"],
            },
        },
    ]
    text = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines)
    return Document(
        "",
        ".jsonl",
        text,
        planted=[
            ("slack_webhook_path", s["slack_webhook_path"]),
            ("anthropic_key", s["anthropic_key"]),
            ("user_path_posix", s["user_path_posix"].split("/")[2]),
        ],
        decoys=[
            ("uuid_session", sid),
            ("integrity", d["integrity"]),
            ("commit_sha", d["commit_sha"]),
            ("placeholder_ellipsis", "sk-ant-..."),
        ],
    )


def _issue_md(rng: random.Random, s: dict[str, str], d: dict[str, str]) -> Document:
    text = (
        "### What happened\n\nThe agent failed to read the file. Logs:\n\n```\n"
        f"2026-11-30 12:00:01 INFO GET https://api.search.example/v1/q?key={s['query_key']}&q=gaia\n"
        f"2026-11-30 12:00:02 ERROR open {s['user_path_posix']}: permission denied\n"
        f"2026-11-30 12:00:03 DEBUG Authorization: Bearer {s['bearer']}\n"
        "```\n\n"
        f"Token format in our docs: `{d['placeholder_html']}` and `{d['placeholder_ellipsis']}`.\n"
        f"See {d['public_url']} (commit {d['commit_sha']}).\n"
        f"Config lives in `{d['path_localappdata']}`; models in `{d['path_home_user']}`.\n"
        f"Jira token that leaked: {s['atlassian_token']}\n"
        f"- Basic microphone test passes; reported by {s['email']}\n"
    )
    return Document(
        "",
        ".md",
        text,
        planted=[(k, s[k]) for k in ("query_key", "bearer", "atlassian_token", "email")]
        + [("user_path_posix", s["user_path_posix"].split("/")[2])],
        decoys=[
            (k, d[k])
            for k in (
                "placeholder_html",
                "placeholder_ellipsis",
                "public_url",
                "commit_sha",
                "path_localappdata",
                "path_home_user",
            )
        ]
        + [("prose_after_scheme", "Basic microphone test")],
    )


def _shell_txt(rng: random.Random, s: dict[str, str], d: dict[str, str]) -> Document:
    user = s["user_path_posix"].split("/")[2]
    text = (
        f"{user}@devbox:~/work$ export DATADOG_KEY={s['vendor_key']}\n"
        f"{user}@devbox:~/work$ curl -H 'X-Api-Key: {s['google_key']}' https://example.org/api\n"
        '{"ok": true}\n'
        f"{user}@devbox:~/work$ cat ~/.gaia/agents/chat/config.yaml\n"
        f"{user}@devbox:~/work$ aws configure set aws_access_key_id {s['aws_key_id']}\n"
        f"{user}@devbox:~/work$ echo {d['b64_public_text']} | base64 -d\n"
        f"{user}@devbox:~/work$ npm install left-pad@{d['version_range'].lstrip('^~>=')}\n"
    )
    return Document(
        "",
        ".txt",
        text,
        planted=[(k, s[k]) for k in ("vendor_key", "google_key", "aws_key_id")]
        + [("user_name", user + "@devbox")],
        decoys=[
            ("path_tilde", "~/.gaia/agents/chat/config.yaml"),
            ("b64_public_text", d["b64_public_text"]),
        ],
    )


def _dotenv(rng: random.Random, s: dict[str, str], d: dict[str, str]) -> Document:
    text = (
        "# service settings\n"
        f"MAILGUN_KEY={s['vendor_key']}\n"
        f"DB_PASSWORD={s['db_password']}\n"
        f"VAULT_SECRET_ID={s['secret_id']}\n"
        "OPENAI_API_KEY=sk-...\n"
        "LOG_LEVEL=info\n"
        f"CACHE_DIR={d['path_tilde']}\n"
        f"SESSION_ID={d['uuid_session']}\n"
    )
    return Document(
        "",
        ".env",
        text,
        planted=[(k, s[k]) for k in ("vendor_key", "db_password", "secret_id")],
        decoys=[
            ("placeholder_ellipsis", "OPENAI_API_KEY=sk-..."),
            ("path_tilde", d["path_tilde"]),
            ("uuid_session", d["uuid_session"]),
        ],
    )


def _compose(rng: random.Random, s: dict[str, str], d: dict[str, str]) -> Document:
    text = (
        "services:\n  app:\n    image: ghcr.io/amd/gaia:1.2.3\n    environment:\n"
        f"      - SLACK_BOT_TOKEN={s['slack_bot']}\n"
        f"      - POSTGRES_PASSWORD={s['db_password']}\n"
        "      - HOME_DIR=/home/user\n"
        "    volumes:\n"
        f"      - {d['path_tilde']}:/root/.gaia/agents\n"
        "permissions:\n  id-token: write\n  contents: read\n"
    )
    return Document(
        "",
        ".yaml",
        text,
        planted=[(k, s[k]) for k in ("slack_bot", "db_password")],
        decoys=[
            ("path_tilde", d["path_tilde"]),
            ("permission_key", "id-token: write"),
            ("path_home_user", "HOME_DIR=/home/user"),
        ],
    )


def _kubernetes(rng: random.Random, s: dict[str, str], d: dict[str, str]) -> Document:
    b64 = base64.b64encode(s["db_password"].encode()).decode()
    text = (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n"
        f"  password: {b64}\n---\n"
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n"
        "    spec:\n      containers:\n        - name: web\n          env:\n"
        f"            - name: HF_TOKEN\n              value: {s['hf_token']}\n"
        "            - name: SESSION_ID\n"
        f"              value: {d['uuid_session']}\n"
        f"          image: registry.example/web@sha256:{_r(rng, HEX, 64)}\n"
    )
    return Document(
        "",
        ".yaml",
        text,
        planted=[("db_password_b64", b64), ("hf_token", s["hf_token"])],
        decoys=[("uuid_session", d["uuid_session"])],
    )


def _python(rng: random.Random, s: dict[str, str], d: dict[str, str]) -> Document:
    text = (
        'import os\n\nAUTH_HEADER = "X-Api-Key"\nSIGNATURE_FILE = "SIGNATURE.json"\n\n'
        'def connect(auth_token: str | None = None, session_id: str = "") -> None:\n'
        "    client = Client(\n        auth_token=auth_token,\n        session_id=session_id,\n"
        "        refresh_token=None,\n    )\n"
        f'    client.api_key = "{s["vendor_key"]}"\n'
        f'    blob = "{d["b64_public_text"]}"\n'
        f'    path = os.path.expanduser("{d["path_tilde"]}")\n'
        f'    webhook = "https://discord.com/api/webhooks/{s["discord_webhook_path"]}"\n'
    )
    return Document(
        "",
        ".py",
        text,
        planted=[
            ("vendor_key", s["vendor_key"]),
            ("discord_webhook_path", s["discord_webhook_path"]),
        ],
        decoys=[
            ("header_constant", 'AUTH_HEADER = "X-Api-Key"'),
            ("file_constant", '"SIGNATURE.json"'),
            ("self_assigned", "auth_token=auth_token,"),
            ("self_assigned", "session_id=session_id,"),
            ("language_literal", "refresh_token=None,"),
            ("annotation", "auth_token: str | None"),
            ("b64_public_text", d["b64_public_text"]),
            ("path_tilde", d["path_tilde"]),
        ],
    )


def _typescript(rng: random.Random, s: dict[str, str], d: dict[str, str]) -> Document:
    text = (
        "interface Props {\n  sessionId: string;\n  authToken?: string;\n}\n\n"
        "export function make(props: Props) {\n"
        "  const headers = { Authorization: `Bearer ${process.env.API_TOKEN}` };\n"
        f'  const googleKey = "{s["google_key"]}";\n'
        "  return fetch(url, { headers, session_id: props.sessionId,"
        " token: props.authToken });\n}\n"
        f'// lockfile: "minipass": "{d["version_range"]}"\n'
    )
    return Document(
        "",
        ".ts",
        text,
        planted=[("google_key", s["google_key"])],
        decoys=[
            ("annotation", "sessionId: string;"),
            ("code_identifier", "session_id: props.sessionId,"),
            ("reference", "`Bearer ${process.env.API_TOKEN}`"),
            ("version_range", d["version_range"]),
        ],
    )


def _go(rng: random.Random, s: dict[str, str], d: dict[str, str]) -> Document:
    text = (
        'package main\n\nconst tokenHeader = "Authorization"\n\n'
        "func main() {\n"
        f'\tvar apiToken string = "{s["github_pat"]}"\n'
        "\tsessionID := uuid.New()\n"
        f'\tlog.Printf("built from %s", "{d["commit_sha"]}")\n'
        f'\tos.Setenv("AWS_SECRET_ACCESS_KEY", "{_mixed(rng, 40, ALNUM + "+/")}")\n'
        "}\n"
    )
    aws = text.split('"AWS_SECRET_ACCESS_KEY", "')[1].split('"')[0]
    return Document(
        "",
        ".go",
        text,
        planted=[("github_pat", s["github_pat"]), ("aws_secret", aws)],
        decoys=[
            ("header_constant", 'tokenHeader = "Authorization"'),
            ("commit_sha", d["commit_sha"]),
        ],
    )


def _java(rng: random.Random, s: dict[str, str], d: dict[str, str]) -> Document:
    text = (
        "public class Config {\n"
        '    private static final String TOKEN_FILE = "token.txt";\n'
        f'    private String jenkinsPassword = "{{{s["jenkins_secret"]}}}";\n'
        f"    // <secret>{{{_jenkins2(rng)}}}</secret>\n"
        "    public String token = null;\n"
        f'    String teams = "https://outlook.office.com/webhook/{s["teams_legacy_path"]}";\n'
        "}\n"
    )
    j2 = text.split("<secret>{")[1].split("}")[0]
    return Document(
        "",
        ".java",
        text,
        planted=[
            ("jenkins_secret", s["jenkins_secret"]),
            ("jenkins_secret", j2),
            ("teams_legacy_path", s["teams_legacy_path"].split("/IncomingWebhook/")[1]),
        ],
        decoys=[("file_constant", '"token.txt"'), ("language_literal", "token = null;")],
    )


def _jenkins2(rng: random.Random) -> str:
    return (
        "AQAAABAAAAAw" + _mixed(rng, 28, ALNUM + "+/") + "/" + _mixed(rng, 20, ALNUM + "+/") + "="
    )


def _ruby(rng: random.Random, s: dict[str, str], d: dict[str, str]) -> Document:
    text = (
        "Rails.application.configure do\n"
        f'  config.stripe_key = ENV.fetch("STRIPE_KEY") {{ "{s["vendor_key"]}" }}\n'
        '  config.session_store :cookie_store, key: "_app_session"\n'
        f'  config.x.public = "{d["public_url"]}"\n'
        "end\n"
    )
    return Document(
        "",
        ".rb",
        text,
        planted=[("vendor_key", s["vendor_key"])],
        decoys=[("public_url", d["public_url"]), ("code_identifier", 'key: "_app_session"')],
    )


def _csharp(rng: random.Random, s: dict[str, str], d: dict[str, str]) -> Document:
    text = (
        "public static class Secrets\n{\n"
        '    public const string ApiKeyHeader = "X-Api-Key";\n'
        "    public const string ConnectionString = "
        f'"Server=db;User Id=sa;Password={s["db_password"]};";\n'
        "    public static string? SessionId { get; set; } = null;\n"
        f"    // unnamed: {s['unnamed_random']}\n"
        "}\n"
    )
    return Document(
        "",
        ".cs",
        text,
        planted=[("db_password", s["db_password"]), ("unnamed_random", s["unnamed_random"])],
        decoys=[("header_constant", 'ApiKeyHeader = "X-Api-Key"')],
    )


FORMATS: dict[str, Callable[[random.Random, dict[str, str], dict[str, str]], Document]] = {
    "session": _session_json,
    "transcript": _transcript_jsonl,
    "issue": _issue_md,
    "shell": _shell_txt,
    "dotenv": _dotenv,
    "compose": _compose,
    "kubernetes": _kubernetes,
    "python": _python,
    "typescript": _typescript,
    "go": _go,
    "java": _java,
    "ruby": _ruby,
    "csharp": _csharp,
}


def build_documents(seed: int = 29, per_format: int = 12) -> list[Document]:
    """``per_format`` documents of every format, each with its own values."""
    out = []
    for fmt, make in FORMATS.items():
        for i in range(per_format):
            rng = random.Random(f"{seed}-{fmt}-{i}")
            doc = make(rng, _secrets(rng), _decoys(rng))
            doc.name = f"{fmt}-{i:02d}{doc.suffix}"
            out.append(doc)
    return out


@dataclass
class Score:
    """What the scrubber did with one part of the corpus."""

    planted: int = 0
    replaced: int = 0
    decoys: int = 0
    kept: int = 0
    documents: int = 0
    idempotent: int = 0
    failed_closed: int = 0
    misses: list[tuple[str, str, str]] = field(default_factory=list)
    """(document, "leak" or "damage", kind): never the value."""


def score(documents: list[Document], scrub: Callable[[Document], str]) -> dict[str, Score]:
    """Score ``scrub`` (a document to its scrubbed text; raising is failing closed) per part."""
    out = {"tune": Score(), "held-out": Score()}
    for doc in documents:
        sc = out[doc.part]
        sc.documents += 1
        try:
            result = scrub(doc)
        except Exception:  # noqa: BLE001 - a document that fails closed is counted, not raised
            sc.failed_closed += 1
            continue
        for kind, value in doc.planted:
            sc.planted += 1
            if value in result:
                sc.misses.append((doc.name, "leak", kind))
            else:
                sc.replaced += 1
        for kind, value in doc.decoys:
            sc.decoys += 1
            if value in result:
                sc.kept += 1
            else:
                sc.misses.append((doc.name, "damage", kind))
        again = Document(doc.name, doc.suffix, result)
        try:
            if scrub(again) == result:
                sc.idempotent += 1
        except Exception:  # noqa: BLE001, S110 - not idempotent
            pass
    return out
