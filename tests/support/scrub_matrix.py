"""The scrubber's test matrix: every secret kind written into every context, with the spans.

``build_matrix(seed)`` returns ``Cell``s. A cell is one small document (a line of a dotenv
file, a kubectl dump, an escaped JSON bundle…) holding one planted value of one *kind* in one
*context*, with the exact spans that must be replaced (``spans``) and the spans that must stay
byte-identical (``keep``: decoys, and the text around a value). Kinds and contexts are crossed,
not listed: a new context is tried with every kind, and a new kind in every context. Decoy
cells (``decoy=True``) put placeholders, variable references, code, model names and the like
into the same contexts; nothing in them may be replaced.

All values are generated from a seeded ``random.Random``; none is a real credential.
The benchmark (``tests/benchmarks/bench_scrub.py``) and the tests (``tests/test_scrub_matrix.py``)
both read this matrix, so the recall table in ``docs/scrubber.md`` is what the tests require.
"""

from __future__ import annotations

import base64
import json
import random
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import quote

ALNUM = string.ascii_letters + string.digits
B64 = ALNUM + "+/"
HEX = "0123456789abcdef"


@dataclass(frozen=True)
class Cell:
    """One document of the matrix: ``text`` with the spans to replace and the spans to keep."""

    kind: str
    context: str
    text: str
    spans: tuple[tuple[int, int], ...] = ()
    keep: tuple[tuple[int, int], ...] = ()
    decoy: bool = False
    family: str = "secret"

    @property
    def planted(self) -> list[str]:
        """The planted values as written (for leak checks)."""
        return [self.text[s:e] for s, e in self.spans]


# ----------------------------------------------------------------------------- builders


class _Doc:
    """Builds a text piece by piece, recording the spans of marked pieces."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.n = 0
        self.spans: list[tuple[int, int]] = []
        self.keep: list[tuple[int, int]] = []

    def t(self, s: str) -> _Doc:
        self.parts.append(s)
        self.n += len(s)
        return self

    def v(self, s: str) -> _Doc:
        self.spans.append((self.n, self.n + len(s)))
        return self.t(s)

    def k(self, s: str) -> _Doc:
        self.keep.append((self.n, self.n + len(s)))
        return self.t(s)

    def text(self) -> str:
        return "".join(self.parts)


def _mixed_token(rng: random.Random, n: int) -> str:
    """``3 * n`` characters of a random token that mixes cases and digits throughout (a lower,
    a digit and an upper letter, ``n`` times): one no word, path word or mask explains."""
    pieces = (
        rng.choice(string.ascii_lowercase)
        + rng.choice(string.digits)
        + rng.choice(string.ascii_uppercase)
        for _ in range(n)
    )
    return "".join(pieces)


def _r(rng: random.Random, alphabet: str, n: int) -> str:
    """Random string with every character class its alphabet offers (like real tokens)."""
    classes = [
        c
        for c in (string.ascii_uppercase, string.ascii_lowercase, string.digits)
        if set(c) & set(alphabet)
    ]
    while True:
        s = "".join(rng.choice(alphabet) for _ in range(n))
        if n < 8 or alphabet == HEX or all(set(s) & set(c) for c in classes):
            return s


# Secret values: kind -> generator. ``shape`` kinds are found by their look today; ``plain``
# kinds (words, dots, symbols, hex, uuids) only by where they sit.
SECRET_VALUES: dict[str, Callable[[random.Random], str]] = {
    "github_token": lambda r: "ghp_" + _r(r, ALNUM, 36),
    "openai_key": lambda r: "sk-proj-" + _r(r, ALNUM, 48),
    "anthropic_key": lambda r: "sk-ant-api03-" + _r(r, ALNUM, 93) + "AA",
    "aws_key_id": lambda r: "AKIA" + _r(r, string.ascii_uppercase + "234567", 16),
    "aws_secret": lambda r: _r(r, B64, 40),
    # 1 in 64 base64 secrets starts with "/": never to be taken for a path (scrubber 1.3.2)
    "slash_b64": lambda r: "/" + _r(r, B64, 39),
    "slack_token": lambda r: f"xoxb-{r.randint(10**10, 10**11)}-{_r(r, ALNUM, 24)}",
    "google_api_key": lambda r: "AIza" + _r(r, ALNUM, 35),
    "stripe_key": lambda r: "sk_live_" + _r(r, ALNUM, 24),
    "hf_token": lambda r: "hf_" + _r(r, ALNUM, 34),
    "npm_token": lambda r: "npm_" + _r(r, ALNUM, 36),
    "jwt": lambda r: "eyJhbGciOiJIUzI1NiJ9.eyJ" + _r(r, ALNUM, 30) + "." + _r(r, ALNUM, 43),
    "hex_secret": lambda r: _r(r, HEX, 40),
    "hex32": lambda r: _r(r, HEX, 32),
    "uuid_key": lambda r: "-".join(_r(r, HEX, n) for n in (8, 4, 4, 4, 12)),
    "random_b64": lambda r: _r(r, ALNUM, 24),
    "word_dotted": lambda r: r.choice(["correct.horse_battery", "blue.monday_42", "tr.ou_bad.or"]),
    "word_letters": lambda r: r.choice(["sunshinedragon", "Hunterhunter", "letmeinplease"]),
    "symbols": lambda r: r.choice(["P@ss!w0rd#2024*", "q%W^e&R*t(y", "x!7~Gq@#k^9"]),
    "short": lambda r: r.choice(["hunter2", "s3cr3t", "Tr0ub4"]),
    "spaced": lambda r: r.choice(["correct horse battery staple", "my secret phrase 9"]),
    # scrubber 1.6: base64url segments joined by dots (Discord bot tokens, signed cookies),
    # and a random value someone put in braces (a value, not a {name} template field)
    "dotted_token": lambda r: ".".join((_r(r, ALNUM, 26), _r(r, ALNUM, 6), _r(r, ALNUM, 38))),
    "braced_random": lambda r: (
        "{"
        + _r(r, string.ascii_uppercase, 2)
        + _r(r, string.digits, 1)
        + _r(r, string.ascii_lowercase, 2)
        + _r(r, string.digits, 1)
        + _r(r, ALNUM, 8)
        + "}"
    ),
}
"""Values that need quotes (spaces) are planted only in contexts that quote."""

NEEDS_QUOTES = {"spaced"}
HAS_SYMBOLS = {"symbols"}

# Secret-bearing names, varied so parts of longer names are exercised.
NAMES = [
    "PASSWORD",
    "DB_PASSWORD",
    "SMTP_PASS",
    "JWT_SIGNING_KEY",
    "API_KEY",
    "client_secret",
    "auth_token",
    "GITHUB_OAUTH_CLIENT_SECRET",
    "passphrase",
    "pwd",
    "x-api-key",
    "HMAC_KEY",
    "private_key",
    "credential",
    # not sessionId: a session id is a tool's provenance (Claude Code writes its UUID on every
    # line), judged by its value's shape since issue 29; a session's token is a secret
    "sessionToken",
    "REDIS_PASSWD",
    "accessToken",
]


def _kebab(name: str) -> str:
    return name.lower().replace("_", "-")


def _lower(name: str) -> str:
    return name.lower()


def _camel(name: str) -> str:
    parts = name.lower().replace("-", "_").split("_")
    return parts[0] + "".join(p.title() for p in parts[1:])


# A context writes (name, value) into a document. ``quotes``: it quotes the value (so values
# with spaces and symbols are fine); ``symbols``: an unquoted value may carry symbols.
@dataclass(frozen=True)
class Context:
    name: str
    write: Callable[[_Doc, str, str], None]
    quotes: bool = False
    symbols: bool = True
    shaped: bool = False
    """The name is too weak alone (``sig``): only token-shaped values are secrets there."""


def _q(v: str) -> str:
    """Percent-encode a planted value for a URL; a placeholder or reference is written as is."""
    if v[:1] in "$<{%" or "xxxx" in v or "****" in v:
        return v
    return quote(v, safe="")


def _c_dotenv(d: _Doc, n: str, v: str) -> None:
    d.k("LOG_LEVEL=debug\n").t(f"{n.upper().replace('-', '_')}=").v(v).k("\nPORT=8080\n")


def _c_dotenv_quoted(d: _Doc, n: str, v: str) -> None:
    d.t(f'{n.upper().replace("-", "_")}="').v(v).k('"\n')


def _c_export(d: _Doc, n: str, v: str) -> None:
    d.k("$ ").t(f"export {n.upper().replace('-', '_')}='").v(v).k("'\n$ make run\n")


def _c_docker_e(d: _Doc, n: str, v: str) -> None:
    d.k("docker run --rm ").t(f"-e {n.upper().replace('-', '_')}=").v(v).k(
        " -p 8000:8000 ghcr.io/acme/api:1.4\n"
    )


def _c_env_flag(d: _Doc, n: str, v: str) -> None:
    d.k("podman run ").t(f"--env {n.upper().replace('-', '_')}=").v(v).k(" app\n")


def _c_cli_space(d: _Doc, n: str, v: str) -> None:
    d.k("$ ./deploy ").t(f"--{_kebab(n)} ").v(v).k(" --region eu-west-1\n")


def _c_cli_eq(d: _Doc, n: str, v: str) -> None:
    d.k("$ ./deploy ").t(f"--{_kebab(n)}=").v(v).k(" --dry-run\n")


def _c_curl_u(d: _Doc, n: str, v: str) -> None:
    d.k("$ curl -s ").t("-u admin:").v(v).k(" https://ci.internal.example/api/json\n")


def _c_ini(d: _Doc, n: str, v: str) -> None:
    d.k("[database]\nhost = db.internal\n").t(f"{_lower(n)} = ").v(v).k("\nport = 5432\n")


def _c_toml(d: _Doc, n: str, v: str) -> None:
    d.k("[tool.app]\n").t(f'{_lower(n).replace("-", "_")} = "').v(v).k('"\nretries = 3\n')


def _c_yaml(d: _Doc, n: str, v: str) -> None:
    d.k("services:\n  api:\n    environment:\n").t(f"      {n}: ").v(v).k(
        "\n      DEBUG: 'false'\n"
    )


def _c_yaml_quoted(d: _Doc, n: str, v: str) -> None:
    d.k("config:\n").t(f'  {_lower(n)}: "').v(v).k('"\n  timeout: 30\n')


def _c_json(d: _Doc, n: str, v: str) -> None:
    d.k('{"user": "svc-ci", ').t(f'"{n}": "').v(v).k('", "retries": 3}\n')


def _c_json_escaped(d: _Doc, n: str, v: str) -> None:
    d.k('{"event": "config", "body": "{').t(f'\\"{n}\\": \\"').v(v).k(
        '\\", \\"region\\": \\"eu\\"}"}\n'
    )


def _c_python(d: _Doc, n: str, v: str) -> None:
    d.k("import os\n\n").t(f'{n.upper().replace("-", "_")} = "').v(v).k('"\nclient = Client()\n')


def _c_python_kwarg(d: _Doc, n: str, v: str) -> None:
    d.k("conn = connect(host='db', ").t(f"{_lower(n).replace('-', '_')}='").v(v).k("')\n")


def _c_js(d: _Doc, n: str, v: str) -> None:
    d.k("// config.js\n").t(f"const {_camel(n)} = '").v(v).k("';\nexport default {};\n")


def _c_js_object(d: _Doc, n: str, v: str) -> None:
    d.k("module.exports = {\n  port: 3000,\n").t(f"  {_camel(n)}: `").v(v).k("`,\n};\n")


def _c_powershell(d: _Doc, n: str, v: str) -> None:
    d.k("PS C:\\> ").t(f'$env:{n.upper().replace("-", "_")} = "').v(v).k('"\n')


def _c_header_x(d: _Doc, n: str, v: str) -> None:
    d.k("> GET /v1/models HTTP/1.1\n> Host: api.internal\n").t("> X-Api-Key: ").v(v).k(
        "\n> Accept: */*\n"
    )


def _c_header_auth(d: _Doc, n: str, v: str) -> None:
    d.k("GET /user HTTP/1.1\n").t("Authorization: token ").v(v).k("\nAccept: application/json\n")


def _c_header_cookie(d: _Doc, n: str, v: str) -> None:
    d.k("Cookie: theme=dark; ").t("sessionid=").v(v).k("; lang=en\n")


def _c_header_set_cookie(d: _Doc, n: str, v: str) -> None:
    d.t("< Set-Cookie: __Secure-session=").v(v).k("; Path=/; HttpOnly; SameSite=Lax\n")


def _c_har(d: _Doc, n: str, v: str) -> None:
    d.k('{"headers": [{"name": "accept", "value": "application/json"}, ').t(
        f'{{"name": "{_kebab(n)}", "value": "'
    ).v(v).k('"}]}\n')


def _c_k8s_env(d: _Doc, n: str, v: str) -> None:
    d.k("    env:\n      - name: LOG_LEVEL\n        value: info\n").t(
        f'      - name: {n.upper().replace("-", "_")}\n        value: "'
    ).v(v).k('"\n')


def _c_k8s_env_plain(d: _Doc, n: str, v: str) -> None:
    d.t(f"      - name: {n.upper().replace('-', '_')}\n        value: ").v(v).k(
        "\n      - name: PORT\n"
    )


def _c_kubectl_literal(d: _Doc, n: str, v: str) -> None:
    d.k("$ kubectl create secret generic app-secrets ").t(f"--from-literal={_lower(n)}=").v(v).k(
        " -n prod\n"
    )


def _c_last_applied(d: _Doc, n: str, v: str) -> None:
    d.k("metadata:\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: |\n").t(
        '      {"apiVersion":"v1","kind":"Secret","stringData":{' + f'"{_lower(n)}":"'
    ).v(v).k('"},"type":"Opaque"}\n')


def _c_query(d: _Doc, n: str, v: str) -> None:
    d.k("GET ").t("https://api.example.net/v2/items?page=2&access_token=").v(_q(v)).k(
        "&sort=asc HTTP/1.1\n"
    )


def _c_query_sig(d: _Doc, n: str, v: str) -> None:
    d.t("https://cdn.example.net/f/report.pdf?expires=1767225600&sig=").v(_q(v)).k(" (link)\n")


def _c_url_empty_user(d: _Doc, n: str, v: str) -> None:
    d.k("REDIS_URL=").t("redis://:").v(_q(v)).k("@cache.internal:6379/0\n")


def _c_url_user(d: _Doc, n: str, v: str) -> None:
    d.k("DATABASE_URL=").t("postgres://app:").v(_q(v)).k("@db.internal:5432/app\n")


def _c_npmrc(d: _Doc, n: str, v: str) -> None:
    d.k("registry=https://registry.npmjs.org/\n").t("//registry.npmjs.org/:_authToken=").v(v).k(
        "\n"
    )


def _c_azure_sql(d: _Doc, n: str, v: str) -> None:
    d.k("Server=tcp:acme.database.windows.net,1433;Initial Catalog=app;").t(
        "User ID=app;Password="
    ).v(v).k(";Encrypt=True;\n")


def _c_azure_servicebus(d: _Doc, n: str, v: str) -> None:
    d.k(
        "Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;"
    ).t("SharedAccessKey=").v(v).k("\n")


def _c_azure_storage(d: _Doc, n: str, v: str) -> None:
    d.k("DefaultEndpointsProtocol=https;AccountName=acmestore;").t("AccountKey=").v(v).k(
        ";EndpointSuffix=core.windows.net\n"
    )


def _c_xml(d: _Doc, n: str, v: str) -> None:
    d.k("<settings>\n").t(f"  <{_camel(n)}>").v(v).k(f"</{_camel(n)}>\n</settings>\n")


# --- the assignment grammar of scrubber 1.4: every language's operators, typed declarations,
# call arguments, XML forms, curl -u in any quoting, value-first pairs (issue 21, class 1)


def _upper(name: str) -> str:
    return name.upper().replace("-", "_")


def _pascal(name: str) -> str:
    camel = _camel(name)
    return camel[:1].upper() + camel[1:]


def _c_js_or_fallback(d: _Doc, n: str, v: str) -> None:
    d.k("module.exports = {\n").t(f"  {_camel(n)}: process.env.{_upper(n)} || '").v(v).k("',\n};\n")


def _c_python_or_fallback(d: _Doc, n: str, v: str) -> None:
    d.k("import os\n\n").t(f'{_upper(n)} = os.environ.get("{_upper(n)}") or "').v(v).k('"\n')


def _c_shell_default(d: _Doc, n: str, v: str) -> None:
    d.k("services:\n  api:\n    environment:\n").t(f"      {_upper(n)}: ${{{_upper(n)}:-").v(v).k(
        "}\n"
    )


def _c_java_setproperty(d: _Doc, n: str, v: str) -> None:
    d.k("public static void main(String[] a) {\n").t(f'  System.setProperty("{_upper(n)}", "').v(
        v
    ).k('");\n}\n')


def _c_php_concat(d: _Doc, n: str, v: str) -> None:
    d.k("<?php\n").t(f"${_camel(n)} .= '").v(v).k("';\n")


def _c_go_var(d: _Doc, n: str, v: str) -> None:
    d.k("package main\n\n").t(f'var {_camel(n)} string = "').v(v).k('"\n')


def _c_kotlin_val(d: _Doc, n: str, v: str) -> None:
    d.k("object Config {\n").t(f'    val {_camel(n)}: String = "').v(v).k('"\n}\n')


def _c_python_typed(d: _Doc, n: str, v: str) -> None:
    d.k("class Settings(BaseSettings):\n").t(f'    {_lower(n).replace("-", "_")}: str = "').v(v).k(
        '"\n'
    )


def _c_csharp_const(d: _Doc, n: str, v: str) -> None:
    d.k("class Keys {\n").t(f'    private const string {_pascal(n)} = "').v(v).k('";\n}\n')


def _c_make(op: str) -> Callable[[_Doc, str, str], None]:
    def write(d: _Doc, n: str, v: str) -> None:
        d.k("CC ?= gcc\n").t(f"{_upper(n)} {op} ").v(v).k("\nall:\n\t$(CC) main.c\n")

    return write


def _c_logstash(d: _Doc, n: str, v: str) -> None:
    d.k('output {\n  elasticsearch {\n    hosts => ["es:9200"]\n').t(
        f'    {_lower(n).replace("-", "_")} => "'
    ).v(v).k('"\n  }\n}\n')


def _c_r_assign(d: _Doc, n: str, v: str) -> None:
    d.k("library(httr)\n").t(f'{_lower(n).replace("-", "_")} <- "').v(v).k('"\n')


def _c_c_define(d: _Doc, n: str, v: str) -> None:
    d.k("#include <stdio.h>\n").t(f'#define {_upper(n)} "').v(v).k('"\n')


def _c_environ_item(d: _Doc, n: str, v: str) -> None:
    d.k("import os\n").t(f'os.environ["{_upper(n)}"] = "').v(v).k('"\n')


def _c_tuple(d: _Doc, n: str, v: str) -> None:
    d.k("headers = [\n    ('accept', 'text/plain'),\n").t(f"    ('{_kebab(n)}', '").v(v).k(
        "'),\n]\n"
    )


def _c_xml_own_line(d: _Doc, n: str, v: str) -> None:
    d.k("<settings>\n").t(f"  <{_camel(n)}>\n    ").v(v).k(f"\n  </{_camel(n)}>\n</settings>\n")


def _c_xml_add_key(d: _Doc, n: str, v: str) -> None:
    d.k('<appSettings>\n  <add key="Region" value="eu" />\n').t(
        f'  <add key="{_pascal(n)}" value="'
    ).v(v).k('" />\n</appSettings>\n')


def _c_curl_u_quoted(d: _Doc, n: str, v: str) -> None:
    d.k("$ curl -s ").t("-u admin:'").v(v).k("' https://ci.internal.example/api/json\n")


def _c_curl_u_empty_user(d: _Doc, n: str, v: str) -> None:
    d.k("$ curl -s ").t('-u ":').v(v).k('" https://ci.internal.example/api/json\n')


def _c_curl_u_empty_password(d: _Doc, n: str, v: str) -> None:
    d.k("$ curl -s ").t('--user "').v(v).k(':" https://api.payments.example/v1/charges\n')


def _c_k8s_value_first(d: _Doc, n: str, v: str) -> None:
    d.k("    env:\n").t('      - value: "').v(v).k(f'"\n        name: {_upper(n)}\n')


CONTEXTS: list[Context] = [
    Context("dotenv", _c_dotenv, symbols=False),
    Context("dotenv_quoted", _c_dotenv_quoted, quotes=True),
    Context("export", _c_export, quotes=True),
    Context("docker_e", _c_docker_e, symbols=False),
    Context("env_flag", _c_env_flag, symbols=False),
    Context("cli_flag_space", _c_cli_space, symbols=False),
    Context("cli_flag_eq", _c_cli_eq, symbols=False),
    Context("curl_u", _c_curl_u, symbols=False),
    Context("ini", _c_ini),
    Context("toml", _c_toml, quotes=True),
    Context("yaml", _c_yaml, symbols=False),
    Context("yaml_quoted", _c_yaml_quoted, quotes=True),
    Context("json", _c_json, quotes=True),
    Context("json_escaped", _c_json_escaped, quotes=True),
    Context("python", _c_python, quotes=True),
    Context("python_kwarg", _c_python_kwarg, quotes=True),
    Context("js", _c_js, quotes=True),
    Context("js_object", _c_js_object, quotes=True),
    Context("powershell", _c_powershell, quotes=True),
    Context("header_x_api_key", _c_header_x, symbols=False),
    Context("header_authorization", _c_header_auth, symbols=False),
    Context("header_cookie", _c_header_cookie, symbols=False),
    Context("header_set_cookie", _c_header_set_cookie, symbols=False, shaped=True),
    Context("har", _c_har, quotes=True),
    Context("k8s_env", _c_k8s_env, quotes=True),
    Context("k8s_env_plain", _c_k8s_env_plain, symbols=False),
    Context("kubectl_from_literal", _c_kubectl_literal, symbols=False),
    Context("last_applied", _c_last_applied, quotes=True),
    Context("query_access_token", _c_query, symbols=True),
    Context("query_sig", _c_query_sig, symbols=True, shaped=True),
    Context("url_empty_user", _c_url_empty_user, symbols=True),
    Context("url_user", _c_url_user, symbols=True),
    Context("npmrc_authtoken", _c_npmrc, symbols=False),
    Context("azure_sql", _c_azure_sql, symbols=False),
    Context("azure_servicebus", _c_azure_servicebus, symbols=False),
    Context("azure_storage", _c_azure_storage, symbols=False),
    Context("xml", _c_xml, symbols=False),
    Context("java_setproperty", _c_java_setproperty, quotes=True),
    Context("php_concat", _c_php_concat, quotes=True),
    Context("go_var", _c_go_var, quotes=True),
    Context("kotlin_val", _c_kotlin_val, quotes=True),
    Context("python_typed", _c_python_typed, quotes=True),
    Context("csharp_const", _c_csharp_const, quotes=True),
    Context("make_immediate", _c_make("::="), symbols=False),
    Context("make_posix_immediate", _c_make(":::="), symbols=False),
    Context("make_conditional", _c_make("?="), symbols=False),
    Context("make_append", _c_make("+="), symbols=False),
    Context("logstash", _c_logstash, quotes=True),
    Context("r_assign", _c_r_assign, quotes=True),
    Context("c_define", _c_c_define, quotes=True),
    Context("environ_item", _c_environ_item, quotes=True),
    Context("call_tuple", _c_tuple, quotes=True),
    Context("xml_own_line", _c_xml_own_line, symbols=False),
    Context("xml_add_key", _c_xml_add_key, quotes=True),
    Context("curl_u_quoted", _c_curl_u_quoted, quotes=True),
    Context("curl_u_empty_user", _c_curl_u_empty_user, quotes=True),
    Context("curl_u_empty_password", _c_curl_u_empty_password, quotes=True, shaped=True),
    Context("k8s_value_first", _c_k8s_value_first, quotes=True),
    # scrubber 1.5: the literal an expression falls back to, and a parameter's default
    Context("js_or_fallback", _c_js_or_fallback, quotes=True),
    Context("python_or_fallback", _c_python_or_fallback, quotes=True),
    Context("shell_default", _c_shell_default, symbols=False),
]


SHAPED_KINDS = {
    "github_token",
    "openai_key",
    "anthropic_key",
    "aws_secret",
    "slack_token",
    "google_api_key",
    "stripe_key",
    "hf_token",
    "npm_token",
    "jwt",
    "hex_secret",
    "hex32",
    "uuid_key",
    "random_b64",
    "dotted_token",
}
"""Kinds whose value looks like a token (16+ characters with a digit)."""


def _fits(kind: str, ctx: Context) -> bool:
    if ctx.shaped and kind not in SHAPED_KINDS:
        return False
    if kind in NEEDS_QUOTES and not ctx.quotes:
        return False
    return not (kind in HAS_SYMBOLS and not ctx.symbols and not ctx.quotes)


# ----------------------------------------------------------------------------- decoys

DECOY_VALUES: dict[str, Callable[[random.Random], str]] = {
    "placeholder_github": lambda r: "ghp_" + "x" * 36,
    "placeholder_angle": lambda r: "<YOUR_API_KEY>",
    "placeholder_words": lambda r: "your-password-here",
    "placeholder_stars": lambda r: "********",
    "placeholder_changeme": lambda r: "changeme",
    "var_dollar": lambda r: "$DB_PASSWORD",
    "var_braces": lambda r: "${API_TOKEN}",
    "var_percent": lambda r: "%SMTP_PASS%",
    "var_template": lambda r: "{{ .Values.password }}",
    "var_actions": lambda r: "${{ secrets.NPM_TOKEN }}",
    # scrubber 1.6: a value that says it is redacted, and mask runs around placeholder words
    "redacted_inside": lambda r: "AKIA2REDACTED7Q",
    "masked_phrase": lambda r: "sha256~XXXXXXXXXX_PUT_YOUR_TOKEN_HERE_XXXXXXXXXXXX",
}
"""Values that are no secret even after a secret-bearing name (placed in the same contexts)."""

CODE_DECOYS: dict[str, str] = {
    "code_environ": 'PASSWORD = os.environ["DB_PASSWORD"]\n',
    "code_getenv": "api_key = os.getenv('API_KEY')\n",
    "code_process_env": "const apiKey = process.env.API_KEY;\n",
    "code_attribute": "token = settings.github_token\n",
    "code_call": "password = getpass.getpass()\n",
    "code_type": "    password: SecretStr\n",
    "code_optional": "    api_key: Optional[str] = None\n",
    "code_compare": "if password == confirm_password:\n",
    "k8s_secret_ref": "        valueFrom:\n          secretKeyRef:\n            name: db\n            key: password\n",  # noqa: E501
    "max_tokens": '{"model": "gpt-4o", "max_tokens": 4096, "temperature": 0.2}\n',
    "tokenizers_env": "TOKENIZERS_PARALLELISM=false\n",
    "password_policy": "password_min_length = 12\nPASSWORD_HASHERS = ['argon2']\n",
    "token_count": "prompt tokens: 1532, completion_tokens: 211\n",
    "auth_type": "auth_type: oauth2\nauth: true\n",
    "prose_password": "Password: incorrect, please try again.\n",
    "prose_token": "The token is required for private repositories.\n",
    "bypass_word": "--bypass-cache --passthrough=yes --compass-dir=maps\n",
    "secret_name_k8s": "  secretName: tls-cert\n  tokenUrl: https://auth.example.net/token\n",
    "password_file": "password_file = /run/secrets/db_password\n",
    "empty_values": 'PASSWORD=\nAPI_KEY=""\ntoken: null\n',
    # found on GAIA's own eval files (scorecards, captured scenarios): metrics and provenance
    "metric_names": '{"time_to_first_token": 28.349, "avg_time_to_first_token": 3.02}\n',
    "gaia_session_id": "captured_from:\n  session_id: 7855ef89-1804-493f-a125-e405aa8ff59a\n",
}
"""Whole documents where a secret-bearing name is followed by something that is not a secret."""

KEPT_TEXT: dict[str, str] = {
    "model_qwen_prose": "I ran Qwen3-Coder-30B-A3B-Instruct-GGUF with a 32k context and it looped.\n",  # noqa: E501
    "model_llama_prose": "Switching to Llama-3.1-8B-Instruct-Q4_K_M fixed the tool calls.\n",
    "model_hub_url": "https://huggingface.co/unsloth/Qwen3-Coder-30B-A3B-Instruct-GGUF/resolve/main/Qwen3-Coder-30B-A3B-Instruct-Q4_K_M.gguf\n",  # noqa: E501
    "model_assign": "MODEL=Llama-3.1-8B-Instruct-Q4_K_M\n--model Qwen3-Coder-30B-A3B-Instruct-GGUF\n",  # noqa: E501
    "model_json": '{"model": "Qwen3-Coder-30B-A3B-Instruct-GGUF", "n_ctx": 32768}\n',
    "data_uri": "![plot](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==)\n",  # noqa: E501
    "public_cert": "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQk9x3mZ7Yf2VqSx7ZbK1c0dJ7wQwCgYIKoZIzj0EAwIw\nEjEQMA4GA1UEAwwHdGVzdC1jYTAeFw0yNDAxMDEwMDAwMDBaFw0zNDAxMDEwMDAw\n-----END CERTIFICATE-----\n",  # noqa: E501
    "public_key": "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEq8bXk2nT7ZQ0Vb3p4Q9mJmE6wX1z\n-----END PUBLIC KEY-----\n",  # noqa: E501
    "ssh_public_key": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB3xQ8mYJq7vF2k9pLwR4tZs6nHcE1uVbXo0aDg5fT2s deploy-key\n",  # noqa: E501
    "docker_mount": "docker run -v /srv/models:/models -v /var/lib/app/data:/data -v ./cache:/root/.cache app\n",  # noqa: E501
    "git_sha": "commit 3f9c2a1b7e4d5f60718293a4b5c6d7e8f9012345\n",
    "sha256_digest": "image@sha256:9b2c1f7e0d4a3b5c6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5\n",  # noqa: E501
    "uuid_request": "request_id=7c9e6679-7425-40de-944b-e07fc1f90ae7 status=500\n",
    "version_strings": "torch==2.4.1+cu121 transformers>=4.44.0 python 3.11.7\n",
    "relative_paths": "src/intake/scrub.py:42 and ./tests/test_scrub.py\n",
    "system_paths": "/usr/lib/python3.11/site-packages/x.py /etc/hosts C:\\Windows\\System32\\drivers\n",  # noqa: E501
    "api_route": "POST /api/v1/sessions/{session_id}/messages\n",
}
"""Whole documents that contain no private value at all: every byte must stay."""


# ----------------------------------------------------------------------------- key blocks


def _pem(rng: random.Random, label: str, lines: int = 6) -> list[str]:
    body = [_r(rng, B64, 64) for _ in range(lines - 1)] + [_r(rng, B64, 28) + "=="]
    return [f"-----BEGIN {label}-----", *body, f"-----END {label}-----"]


def _ppk(rng: random.Random) -> list[str]:
    return [
        "PuTTY-User-Key-File-3: ssh-ed25519",
        "Encryption: none",
        "Comment: ed25519-key-20240101",
        "Public-Lines: 2",
        _r(rng, B64, 64),
        _r(rng, B64, 12),
        "Private-Lines: 1",
        _r(rng, B64, 44),
        "Private-MAC: " + _r(rng, HEX, 64),
    ]


KEY_BLOCKS: dict[str, Callable[[random.Random], list[str]]] = {
    "rsa_private_key": lambda r: _pem(r, "RSA PRIVATE KEY"),
    "pkcs8_private_key": lambda r: _pem(r, "PRIVATE KEY"),
    "ec_private_key": lambda r: _pem(r, "EC PRIVATE KEY", 3),
    "openssh_private_key": lambda r: _pem(r, "OPENSSH PRIVATE KEY", 5),
    "encrypted_private_key": lambda r: _pem(r, "ENCRYPTED PRIVATE KEY"),
    "pgp_private_key": lambda r: _pem(r, "PGP PRIVATE KEY BLOCK", 4),
    "putty_ppk": _ppk,
}


def _key_cells(rng: random.Random) -> list[Cell]:
    cells = []
    for kind, make in KEY_BLOCKS.items():
        lines = make(rng)
        layouts: dict[str, Callable[[_Doc], None]] = {
            "raw": lambda d, ls=lines: d.k("$ cat id\n").v("\n".join(ls)).k("\n$ ls\n"),
            "indented_yaml": lambda d, ls=lines: (
                d.k("key: |\n").t("  ").v("\n  ".join(ls)).k("\nother: 1\n")
            ),
            "json_escaped": lambda d, ls=lines: (
                d.k('{"key": "').v("\\n".join(ls)).k('\\n", "n": 1}\n')
            ),
            "json_double_escaped": lambda d, ls=lines: (
                d.k('{"body": "{\\"key\\": \\"').v("\\\\n".join(ls)).k('\\\\n\\"}"}\n')
            ),
            "crlf": lambda d, ls=lines: d.k("key:\r\n").v("\r\n".join(ls)).k("\r\nend\r\n"),
        }
        for layout, write in layouts.items():
            d = _Doc()
            write(d)
            cells.append(Cell(kind, layout, d.text(), tuple(d.spans), tuple(d.keep), family="key"))
    return cells


# ----------------------------------------------------------------------------- encoded


def _b64(s: str) -> str:
    return base64.b64encode(s.encode()).decode()


def _encoded_cells(rng: random.Random) -> list[Cell]:
    cells: list[Cell] = []
    pw = "correct.horse_battery"
    token = "ghp_" + _r(rng, ALNUM, 36)
    d = _Doc()
    d.k("apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n  username: ")
    d.k(_b64("app")).t("\n  password: ").v(_b64(pw)).k("\n")
    cells.append(
        Cell(
            "k8s_data_password",
            "k8s_secret_data",
            d.text(),
            tuple(d.spans),
            tuple(d.keep),
            family="encoded",
        )
    )
    d = _Doc()
    conf = json.dumps({"auths": {"ghcr.io": {"auth": _b64("bot:" + token)}}})
    d.k("kind: Secret\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: ").v(
        _b64(conf)
    ).k("\n")
    cells.append(
        Cell(
            "k8s_data_dockerconfig",
            "k8s_secret_data",
            d.text(),
            tuple(d.spans),
            tuple(d.keep),
            family="encoded",
        )
    )
    d = _Doc()
    d.k("kind: Secret\ndata:\n  config.yaml: ").v(_b64(f"db:\n  host: x\n  password: {pw}\n")).k(
        "\n"
    )
    cells.append(
        Cell(
            "k8s_data_config_file",
            "k8s_secret_data",
            d.text(),
            tuple(d.spans),
            tuple(d.keep),
            family="encoded",
        )
    )
    d = _Doc()
    d.k("registry=https://npm.internal/\n").t("_auth=").v(_b64("ci:" + pw)).k(
        "\nalways-auth=true\n"
    )
    cells.append(
        Cell("npmrc_auth", "npmrc", d.text(), tuple(d.spans), tuple(d.keep), family="encoded")
    )
    d = _Doc()
    d.k("> GET / HTTP/1.1\n").t("> Authorization: Basic ").v(_b64("admin:" + pw)).k(
        "\n> Accept: */*\n"
    )
    cells.append(
        Cell("basic_auth", "http_header", d.text(), tuple(d.spans), tuple(d.keep), family="encoded")
    )
    return cells


# ----------------------------------------------------------------------------- paths, users, e-mails  # noqa: E501

USERS = ["alice", "jdoe", "k.nakamura", "maria"]
SPACED_USERS = ["John Smith", "Mary Ann Lee"]


def _path_cells(rng: random.Random) -> list[Cell]:
    cells: list[Cell] = []

    def add(kind: str, ctx: str, d: _Doc) -> None:
        cells.append(Cell(kind, ctx, d.text(), tuple(d.spans), tuple(d.keep), family="path"))

    for i, u in enumerate(USERS):
        sp = SPACED_USERS[i % 2]
        path_forms: dict[str, Callable[[_Doc], None]] = {
            "posix_home": lambda d, u=u: d.k("open ").v(f"/home/{u}/proj/app.py").k(" failed\n"),
            "macos_users": lambda d, u=u: d.k("at ").v(f"/Users/{u}/code/gaia/run.sh").k("\n"),
            "macos_volume": lambda d, u=u: (
                d.k("cd ").v(f"/Volumes/Data/Users/{u}/Projects/x").k("\n")
            ),
            "windows": lambda d, u=u: d.k("at ").v(f"C:\\Users\\{u}\\proj\\a.py").k(" line 3\n"),
            "windows_json": lambda d, u=u: (
                d.k('{"f": "').v(f"C:\\\\Users\\\\{u}\\\\proj\\\\a.py").k('"}\n')
            ),
            "windows_double_escaped": lambda d, u=u: (
                d.k('{"m": "{\\"f\\": \\"')
                .v(f"C:\\\\\\\\Users\\\\\\\\{u}\\\\\\\\proj\\\\\\\\a.py")
                .k('\\"}"}\n')
            ),
            "file_url_localhost": lambda d, u=u: (
                d.k("see file://localhost").v(f"/Users/{u}/proj/a.md").k("\n")
            ),
            "vscode_url": lambda d, u=u: (
                d.k("[open](vscode://file").v(f"/Users/{u}/proj/a.py:12:3").k(")\n")
            ),
            "percent_encoded": lambda d, u=u: (
                d.k("GET /open?path=").v(f"%2FUsers%2F{u}%2Fproj%2Fa.py").k(" 200\n")
            ),
            "percent_space": lambda d, sp=sp: (
                d.k("file://").v(f"/Users/{quote(sp)}/proj/a.py").k("\n")
            ),
            "slash_escaped": lambda d, u=u: (
                d.k('{"path":"').v(f"\\/home\\/{u}\\/proj\\/a.py").k('"}\n')
            ),
            "shell_escaped_space": lambda d, sp=sp: (
                d.k("$ cd ").v(f"/Users/{sp.replace(' ', chr(92) + ' ')}/proj").k("\n")
            ),
            "path_list": lambda d, u=u: (
                d.k("PATH=")
                .v(f"/home/{u}/.local/bin")
                .k(":/usr/local/bin:")
                .v(f"/home/{u}/go/bin")
                .k(":/usr/bin\n")
            ),
            "unc_backtick": lambda d, u=u: (
                d.k("copy `").v(f"\\\\fs01\\home$\\{u}\\a.txt").k("` done\n")
            ),
            "unc_paren": lambda d, u=u: d.k("(see ").v(f"\\\\fs01\\users\\{u}\\b.txt").k(")\n"),
            "path_before_escaped_newline": lambda d, u=u: (
                d.k('{"log": "opened ').v(f"/home/{u}/proj/a.py").k('\\nnext line"}\n')
            ),
            "windows_before_escaped_newline": lambda d, u=u: (
                d.k('{"log": "at ').v(f"C:\\\\Users\\\\{u}\\\\proj\\\\a.py").k('\\nnext"}\n')
            ),
            # scrubber 1.8 (issue 35): homes by shape and names with spaces (that only the
            # user's segment is replaced: test_scrub_pasted.py's
            # test_home_path_keeps_all_but_the_user)
            "media_mount": lambda d, u=u: d.k("open ").v(f"/media/{u}/data/x.py").k(" failed\n"),
            "home_users_share": lambda d, u=u: (
                d.k("cache: ").v(f"/home/users/{u}/.cache/pip").k("\n")
            ),
            "windows_spaced_at_line_end": lambda d, sp=sp: (
                d.k("could not write to ").v(f"C:\\Users\\{sp}").k("\n")
            ),
        }
        for ctx, write in path_forms.items():
            d = _Doc()
            write(d)
            add(f"path_{ctx}", f"user{i}", d)
    return cells


def _user_cells(rng: random.Random) -> list[Cell]:
    """A user name learned from a home path (or USER=, a prompt) must go everywhere."""
    cells: list[Cell] = []
    for u in ["alice", "jdoe", "maria"]:
        forms: dict[str, Callable[[_Doc], None]] = {
            "from_home_in_filename": lambda d, u=u: (
                d.k("cd ").v(f"/home/{u}/proj").k("\nsaved notes_").v(u).k(".txt\n")
            ),
            "from_home_in_title": lambda d, u=u: (
                d.k("title: ").v(u).k("'s laptop crashes\nlog: ").v(f"/Users/{u}/x/a.log").k("\n")
            ),
            "from_env_user": lambda d, u=u: (
                d.t("USER=").v(u).k("\nSHELL=/bin/bash\nowner: ").v(u).k("\n")
            ),
            "from_logname": lambda d, u=u: d.t("LOGNAME=").v(u).k("\nbuilt by ").v(u).k(" on ci\n"),
            "from_prompt": lambda d, u=u: (
                d.v(u).k("@devbox:/srv/app$ ls\nreport-").v(u).k(".pdf\n")
            ),
        }
        for ctx, write in forms.items():
            d = _Doc()
            write(d)
            cells.append(
                Cell(f"user_name_{ctx}", u, d.text(), tuple(d.spans), tuple(d.keep), family="user")
            )
    return cells


def login(rng: random.Random) -> str:
    """An invented login: letters of alternating consonants and vowels (no dictionary word
    in practice), digits after half of them (``kotaru``, ``bemiso42``)."""
    consonants, vowels = "bdfgkmnprstvz", "aeiou"
    letters = "".join(
        rng.choice(consonants if i % 2 == 0 else vowels) for i in range(rng.randint(5, 8))
    )
    return letters + (str(rng.randint(1, 999)) if rng.random() < 0.5 else "")


def full_name(rng: random.Random) -> str:
    """An invented ``First Last`` name (capitalised logins without digits)."""
    return " ".join(login(rng).rstrip("0123456789").capitalize() for _ in range(2))


def pasted_forms(rng: random.Random) -> dict[str, Callable[[_Doc], None]]:
    """The classes of what people paste (issue 35, batches 40-50), each with an invented
    value: logins from every prompt and address form, names in job names and in a home path's
    file name, homes under cluster shares, token lists in plain text, key ids at any boundary,
    SigV4 scopes, git's signing key id, URL userinfo. ``v`` marks what must go, ``k`` what
    must stay byte for byte (library tails, the rest of a URL or a scope)."""
    u, w, name = login(rng), login(rng), full_name(rng)
    hex40 = [_r(rng, HEX, 40) for _ in range(2)]
    key_id = "AKIA" + _r(rng, string.ascii_uppercase + "234567", 16)
    gpg = _r(rng, "0123456789ABCDEF", 16)
    first, last = name.split()
    initial = (first[0] + last).lower()  # a login people make of a name (``dkirby``)
    cut = _r(rng, ALNUM, 10)  # a password's first characters, its line cut after them
    digits = str(rng.randrange(10**8, 10**10))  # a login of digits only (a QQ number)
    h = _r(rng, "0123456789abcdef", 32)
    uuid = f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"  # a random UUID (an API key's)
    allinkl = "w0" + _r(rng, HEX, 6)  # an All-Inkl account id
    two = rng.choice("jkqz") + rng.choice("jkqvwxz")  # a two-letter login (no word, role, mask)
    squashed = u.rstrip("0123456789")  # a hyphenated login without its hyphen (ubiquity's host)
    at = 2 if squashed.startswith("bot") else 3  # not a robot's ``bot-<x>`` (role_login)
    hyphened = f"{squashed[:at]}-{squashed[at:]}"
    surname = "Z" + last[1:]  # a surname no room's or role's word is (none starts with z)
    return {
        "prompt_bash": lambda d: d.v(u).k("@devbox:~/proj$ ls\n"),
        "prompt_venv": lambda d: d.k("(venv) ").v(u).k("@gpu-01:~/x$ python a.py\n"),
        "prompt_brackets": lambda d: d.k("[").v(u).k("@node7 src]$ make\n"),
        "prompt_macos": lambda d: d.k("Mac-Mini:proj ").v(u).k("$ brew list\n"),
        "prompt_zsh": lambda d: d.v(u).k("@host ~ % ls\n"),
        "prompt_powershell": lambda d: (
            d.k("PS C:\\Users\\").v(u).k("\\source\\repos> dotnet build\n")
        ),
        "ssh_target": lambda d: d.k("$ ssh ").v(u).k("@10.0.0.5 -p 2222\n"),
        "scp_target": lambda d: d.k("$ scp a.txt ").v(u).k("@build01:/srv/x/\n"),
        "git_config_name": lambda d: d.k('$ git config --global user.name "').v(name).k('"\n'),
        "git_config_list": lambda d: d.k("user.name=").v(u).k("\ncore.editor=vim\n"),
        "url_userinfo": lambda d: d.k("remote: https://").v(u).k("@github.com/org/repo.git\n"),
        "job_name": lambda d: (
            d.k("User      : ").v(u).k("\nName      : train-").v(u).k("-123\nState : R\n")
        ),
        "home_holding_a_login": lambda d: (
            d.k("ssh ")
            .v(w)
            .k("@gle-3159-ws29\ntype C:\\Users\\")
            .v(u)
            .k("\\AppData\\Local\\Temp\\vscode-linux-multi-line-command-")
            .v(w)
            .k("-gle-3159-ws29-488652610.sh\n")
        ),
        "share_cache": lambda d: d.k("cache: /scratch/").v(u).k("/.cache/pip/wheels/x.whl\n"),
        "share_git": lambda d: d.k("File /proj/").v(u).k("/git/tool/src/tool/cli.py, line 3\n"),
        "share_conda_env": lambda d: (
            d.k("default environment : /projects/").v(u).k("/Analysis/envs/default\n")
        ),
        "share_miniconda": lambda d: (
            d.k("  File /gpfs/").v(u).k("/miniconda3/lib/python3.9/site-packages/torch/a.py\n")
        ),
        "token_list_text": lambda d: (
            d.k("github_access_tokens:\n  - ").v(hex40[0]).k("\n  - ").v(hex40[1]).k("\nother: 1\n")
        ),
        "token_list_inline": lambda d: (
            d.k("github_tokens = ['").v(hex40[0]).k("', '").v(hex40[1]).k("']\n")
        ),
        "key_id_glued": lambda d: d.k("signing method.").v(key_id).k("AWS4-HMAC-SHA256 failed\n"),
        "sigv4_scope": lambda d: (
            d.k("Authorization: AWS4-HMAC-SHA256 Credential=")
            .v(key_id)
            .k("/20170424/us-east-1/s3/aws4_request, SignedHeaders=host\n")
        ),
        "signing_key_id": lambda d: d.k("[user]\n\tsigningkey = ").v(gpg).k("\n"),
        "credential_helper_list": lambda d: d.k('{"https://index.docker.io/v1/":"').v(u).k('"}\n'),
        "wsl_unc_home": lambda d: (
            d.k("\\\\wsl.localhost\\Ubuntu\\home\\").v(u).k("\\.cache\\pip\\x.whl\n")
        ),
        "twine_username": lambda d: d.k("Enter your username: ").v(u).k("\n"),
        "home_glued_to_cargo": lambda d: (
            d.k('open("/home/').v(u).k('.cargo/registry/index/config.json")\n')
        ),
        "who_am_i": lambda d: d.k("- Who am I ?: ").v(u).k("\n- Platform: Linux\n"),
        "git_log_author": lambda d: (
            d.k("commit 1a2b3c\nAuthor: ").v(name).k(" <").v(f"{u}@kestrel-mail.com").k(">\n")
        ),
        "minikube_share": lambda d: (
            d.k("NewFileAsset: /scratch/").v(u).k("/.minikube/cache/linux/kubectl\n")
        ),
        "jenkins_started_by": lambda d: d.k("Started by user ").v(name).k("\nRunning as SYSTEM\n"),
        "login_of_a_name": lambda d: (
            d.k("Started by user ").v(name).k("\nusing credential ").v(initial).k("-gitlab\n")
        ),
        "jupyter_job_name": lambda d: d.k("Name                : jptr_").v(u).k("_1579249988\n"),
        "powerline_prompt": lambda d: d.v(u).k(" \ue0b0 ~/src/app \ue0b0 git status\n"),
        "folder_cut_by_dots": lambda d: d.k("at /home/").v(u).k("\u2026/site-packages/x.py\n"),
        "fetch_banner": lambda d: d.v(u).k("@vf2\n-----------\nOS: Ubuntu 24.10 riscv64\n"),
        "gh_auth_status": lambda d: (
            d.k("  \u2713 Logged in to github.com as ").v(u).k(" (oauth_token)\n")
        ),
        "whoami_all_sid": lambda d: (
            d.k("ws-10\\").v(u).k(" S-1-5-21-2844616881-3790560454-3287765183-1002\n")
        ),
        "event_viewer_user": lambda d: (
            d.k("Keywords:\nUser:          PEPDOWN\\").v(u).k("\nComputer:      Pepdown\n")
        ),
        "git_config_show_origin": lambda d: (
            d.k("file:/home/").v(u).k("/.gitconfig     user.name=").v(name).k("\n")
        ),
        "listing_owner": lambda d: (
            d.k("-rw-r--r--   1 ").v(u).k("  staff   117 Dec 30 13:46 README.md\n")
        ),
        "process_table_user": lambda d: (
            d.k("USER       PID  %CPU %MEM  VSZ RSS     TTY   STAT START   TIME COMMAND\n")
            .v(u)
            .k("  29217  0.0  0.0 11916 4560 pts/21   S+   08:15   0:00 pine\n")
        ),
        "sshd_title": lambda d: d.k("0:00 sshd: ").v(u).k("@pts/0\n"),
        "az_account_user": lambda d: (
            d.k('"user": {\n    "name": "').v(u).k('@mydomain",\n    "type": "user"\n  }\n')
        ),
        "kube_up_cluster": lambda d: (
            d.k("current-context: kubernetes-").v(u).k("_e2e-test-").v(u).k("\n")
        ),
        "login_record": lambda d: (
            d.k("USER     TTY      FROM    LOGIN@   IDLE   JCPU   PCPU WHAT\n")
            .v(u)
            .k("   pts/1    dev-db  23:01    2:53   0.01s  0.01s -bash\n")
        ),
        "last_row": lambda d: d.v(u).k(
            "   pts/0    10.9.5.80   Fri Aug 14 15:43 - crash  (00:08)\n"
        ),
        "no_crontab": lambda d: d.k("$ crontab -l\nno crontab for ").v(u).k("\n"),
        "pam_session": lambda d: (
            d.k("pam_unix(sshd:session): session opened for user ")
            .v(u)
            .k("(uid=1000) by (uid=0)\n")
        ),
        "sudo_log": lambda d: (
            d.k("Mar  3 09:12:01 box sudo:   ")
            .v(u)
            .k(" : TTY=pts/0 ; PWD=/srv ; USER=root ; COMMAND=/usr/bin/id\n")
        ),
        "aws_iam_arn": lambda d: d.k('    "Arn": "arn:aws:iam::518273640192:user/').v(u).k('"\n'),
        "address_as_user_folder": lambda d: (
            d.k("args: C:\\Users\\").v(f"{u}@kestrel-mail.com").k("\\.azure\\azureProfile.json\n")
        ),
        "wsl_rootfs_home": lambda d: (
            d.k("C:\\Users\\")
            .v(w)
            .k("\\AppData\\Local\\Packages\\Ubuntu_79rhkp1fndgsc\\LocalState\\rootfs\\home\\")
            .v(u)
            .k("\\.bashrc\n")
        ),
        "record_user_field": lambda d: d.k('  0: user name="').v(u).k('" uid=501 gid=20\n'),
        "pretty_log_author": lambda d: (
            d.k("95722ed ").v(name).k("  7 days ago   Merge pull request #86 from acme/fix\n")
        ),
        "whoami_answer": lambda d: d.k("PS C:\\> whoami\ndesktop-7q2\\").v(u).k("\n"),
        "net_user": lambda d: (
            d.k("User name                    ")
            .v(u)
            .k("\nFull Name                    ")
            .v(name)
            .k("\nComment\n")
        ),
        "users_directory_listing": lambda d: (
            d.k("    Directory: C:\\Users\n\nMode        LastWriteTime    Length Name\n")
            .k("d-----        12/3/2021   9:05 AM                ")
            .v(u)
            .k("\nd-r---        12/3/2021   9:05 AM                Public\n")
        ),
        "fork_in_merge_log": lambda d: (
            d.k("Merge pull request #86 from acme/a\nMerge pull request #75 from acme/b\n")
            .k("Merge pull request #34 from ")
            .v(u)
            .k("/further_fixes\n")
        ),
        "listing_with_inode": lambda d: (
            d.k("39372773 -rw-rw-r-- 1 ").v(u).k(" staff 285 dic 24 15:33 lefthook.yml\n")
        ),
        "sudoers_refusal": lambda d: (
            d.k("error : ").v(u).k(" is not in the sudoers file. This incident will be reported.\n")
        ),
        "sudo_password_prompt": lambda d: d.k("[sudo] password for ").v(u).k(": \n"),
        "passwd_line": lambda d: (
            d.k("$ getent passwd\n")
            .v(u)
            .k(":x:1000:1000:")
            .v(name)
            .k(",,,:/var/home/")
            .v(u)
            .k(":/bin/bash\n")
        ),
        "system_profiler_user": lambda d: (
            d.k("      User Name: ").v(name).k(" (").v(u).k(")\n      Secure Virtual Memory\n")
        ),
        "status_prefixed_prompt": lambda d: d.k("0 \u2713 ").v(u).k("@box ~/proj/tmp $ ls\n"),
        "login_as_lookup_argument": lambda d: d.k("$ npx github-email ").v(u).k("\n"),
        "home_glued_to_dot_folder": lambda d: (
            d.k("load: C:\\Users\\")
            .v(u)
            .k(".copaw\\models\\q.gguf (C:\\Users\\")
            .v(u)
            .k("\\AppData\\Local\\Temp\\e.json)\n")
        ),
        # stop 51: a user's folder under a disk's own users folder (a Claude Code report)
        "home_under_a_mounts_users": lambda d: (
            d.k("- Working Directory: `/hdd1/users/").v(u).k("/CLionProjects/OpenROAD/`\n")
        ),
        # stop 52: a PowerShell transcript header's account (scrubber 1.18.0)
        "powershell_transcript_account": lambda d: (
            d.k("**********************\nWindows PowerShell transcript start\nUsername: CONTOSO\\")
            .v(u)
            .k("\nRunAs User: CONTOSO\\")
            .v(u)
            .k("\n")
        ),
        # stop 53: curl's account and a login prompt's offered default (scrubber 1.19.0)
        "curl_user_without_password": lambda d: (
            d.k("$ curl -u ")
            .v(u)
            .k(" https://api.example.com/v1/items\nEnter host password for user '")
            .v(u)
            .k("':\n")
        ),
        "curl_verbose_auth_user": lambda d: (
            d.k("* Server auth using Basic with user '").v(u).k("'\n")
        ),
        "prompt_offered_default": lambda d: d.k("Enter your npm username [").v(u).k("]: \n"),
        "django_blank_default": lambda d: d.k("Username (leave blank to use '").v(u).k("'): \n"),
        # stop 54: what chsh and passwd print for the account they change, and a capitalised
        # account name at macOS's default bash prompt on a Mac's default host (scrubber 1.20.0)
        "chsh_changing_shell": lambda d: (
            d.k("Changing shell for ").v(u).k(".\nPassword for ").v(u).k(": \n")
        ),
        "passwd_changing_password": lambda d: (
            d.k("Changing password for user ").v(u).k(".\nCurrent password: \n")
        ),
        "mac_prompt_capitalised_login": lambda d: (
            d.k("MacBook-Pro-2:~ ").v(u.capitalize()).k("$ brew doctor\n")
        ),
        "home_under_users_data": lambda d: (
            d.k('File "D:\\users-data\\')
            .v(u)
            .k('\\venv\\Lib\\site-packages\\requests\\api.py", line 59\n')
        ),
        # stop 48 (scrubber 1.21.0): GitHub Desktop's bundled git, a digest-named folder, in
        # a JSON-escaped home path: the user goes, every folder after it stays
        "home_with_a_digest_named_folder": lambda d: (
            d.k('file:"C:\\\\Users\\\\')
            .v(u)
            .k(
                "\\\\AppData\\\\Local\\\\GitHub\\\\PortableGit_f02737a78695063deace08e96d5042710d3e32db"
                '\\\\mingw32/etc/gitconfig"   alias.co=checkout\n'
            )
        ),
        # stop 55 (scrubber 1.22.0): a URL's login before a placeholder password, and the
        # account an application's log says it signed in with (login and display name)
        "url_login_placeholder_password": lambda d: (
            d.k("extra-index-url = https://").v(u).k(":<secret>@repos.example.com/simple/\n")
        ),
        "app_log_found_account": lambda d: (
            d.k("info: [ui] [AppStore] found account: ").v(u).k(" (").v(name).k(")\n")
        ),
        # stop 56 (scrubber 1.23.0): the login git names when it refuses a push, and a
        # password's value that a log cut at its line's end
        "push_denied_login": lambda d: (
            d.k("remote: Permission to jlord/patchwork.git denied to ")
            .v(u)
            .k(".\nfatal: unable to access 'https://github.com/jlord/patchwork.git/': 403\n")
        ),
        "password_cut_at_line_end": lambda d: (
            d.k("Starting new stdio process with command: npx -y srv --db-password=")
            .v(cut)
            .k("...\n")
        ),
        # stop 57 (scrubber 1.24.0): a user folder under a drive's singular User root, a
        # profile's shell folder after it
        "user_root_profile": lambda d: (
            d.k("     | Could not find a part of the path 'C:\\USER\\")
            .v(u)
            .k("\\Documents\\PowerShell\\LastExecutionTime.txt'.\n")
        ),
        # stop 49 (scrubber 1.25.0): macOS's id answer, a person's uid from 501 in group staff
        "macos_id_answer": lambda d: (
            d.k("mbp% id ").v(u).k("\nuid=502(").v(u).k(") gid=20(staff) groups=20(staff)\n")
        ),
        # the id answer pasted alone, read whole: a person's uid teaches its login
        "id_answer_alone": lambda d: (
            d.k("uid=1000(").v(u).k(") gid=1000(").v(u).k(") groups=1000(").v(u).k("),4(adm)\n")
        ),
        # stop 50 (scrubber 1.27.0): names a tool prints, read by its own format
        "fish_prompt": lambda d: d.v(u).k("@myarch ~/s/intake (main)> git status\n"),
        "git_shortlog": lambda d: d.k("$ git shortlog -sn\n  3802\t").v(name).k("\n"),
        "git_blame": lambda d: (
            d.k("^b60c88a (").v(name).k(" 2021-01-01 10:00:00 +0100  12) return 1\n")
        ),
        "ansible_connection": lambda d: (
            d.k("<web01> ESTABLISH SSH CONNECTION FOR USER: ").v(u).k("\n")
        ),
        "ssh_authenticating": lambda d: (
            d.k("debug1: Authenticating to example.org:22 as '").v(u).k("'\n")
        ),
        "home_under_usr_home": lambda d: d.k('File "/usr/home/').v(u).k('/dev/x.py", line 3\n'),
        "home_in_webview_url": lambda d: (
            d.k("[main.py:12](https://file+.vscode-resource.vscode-cdn.net/Users/")
            .v(u)
            .k("/Code/x/main.py:12)\n")
        ),
        # stop 50 (scrubber 1.28.0): a format's escaping, automation's typing, prompts with no
        # folder or no host, sudo's refusal in its translations
        "home_in_properties": lambda d: (
            d.k("sdk.dir=C\\:\\\\Users\\\\").v(u).k("\\\\AppData\\\\Local\\\\Android\\\\Sdk\n")
        ),
        "home_in_percent_encoded_url": lambda d: (
            d.k("file:///c%3A/Users/").v(u).k("/project/src/main.py\n")
        ),
        "selenium_typed_login": lambda d: (
            d.k("driver.find_element(By.ID, 'username').send_keys('").v(u).k("')\n")
        ),
        "selenium_typed_password": lambda d: (
            d.k("driver.find_element(By.ID, 'password').send_keys('").v(cut).k("')\n")
        ),
        "prompt_without_folder": lambda d: d.v(u).k("@hammer $ git push\n"),
        "fish_prompt_without_host": lambda d: d.v(u).k("@:~\n$ ls\n"),
        "sudo_refusal_translated": lambda d: d.v(u).k(" 不在 sudoers 文件中。此事将被报告。\n"),
        # stop 50 (scrubber 1.29.0): a home glued to its dot-folder or to its computer's name,
        # ssh_config's User, sshd's log lines, a .pgpass line, a digits-only credential login
        "home_glued_to_home_dot_folder": lambda d: (
            d.k("C:\\Users\\").v(u).k(".pydio_data\\pydio.log\n")
        ),
        "profile_folder_with_computer": lambda d: (
            d.k("C:\\Users\\").v(u).k(".DESKTOP-4F2K9QX\\AppData\\Roaming\\PRemoteM\n")
        ),
        "ssh_config_user": lambda d: (
            d.k("Host build\n  HostName build.example.org\n  User ").v(u).k("\n")
        ),
        "sshd_log_lines": lambda d: (
            d.k('debug1: PAM: initializing for "')
            .v(u)
            .k('"\ndebug1: userauth-request for user ')
            .v(u)
            .k(" service ssh-connection method publickey [preauth]\n")
        ),
        "pgpass_line": lambda d: d.k("localhost:5432:shop:").v(u).k(":").v(cut).k("\n"),
        "digits_login_in_credential_url": lambda d: (
            d.k("https://").v(digits).k(":").v(cut).k("@github.com\n")
        ),
        # stop 50 (scrubber 1.30.0): a home before a prompt's sign, a token between Remote-SSH's
        # == separators, R's temporary names under a home, .netrc, .hgrc, a public key's
        # comment, Minecraft's account line
        "home_before_prompt_sign": lambda d: d.v(u).k(":/home/").v(u).k("$ whereis code\n"),
        "wrapped_connection_token": lambda d: d.k("connectionToken==").v(uuid).k("==\n"),
        "r_tempfile_under_home": lambda d: (
            d.k('"C:/Users/')
            .v(u)
            .k('/AppData/Local/Temp/RtmpQx3kLm/devtools1c0c75c81609/r-lib-xml2-bb6efb2"\n')
        ),
        "netrc_entry": lambda d: (
            d.k("machine api.heroku.com\n  login ").v(u).k("\n  password ").v(uuid).k("\n")
        ),
        "netrc_digits_login": lambda d: (
            d.k("machine github.com login ").v(digits).k(" password ").v(cut).k("\n")
        ),
        "hgrc_username": lambda d: (
            d.k("[ui]\nusername = ").v(name).k(" <").v(f"{u}@mailbox.org").k(">\n")
        ),
        "ssh_key_comment": lambda d: (
            d.k("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq3bJvK8sY2x4mN6pQ9rT1u ").v(u).k("@shiny\n")
        ),
        "minecraft_setting_user": lambda d: (
            d.k("[12:00:01] [main/INFO]: Setting user: ").v(u).k("\n")
        ),
        # stop 50 (scrubber 1.31.0): loginctl's USER column, a lastlog row (the port at the 18th
        # column: the login padded to 16), the uid= of slapd's BIND dn under a users branch
        "loginctl_session_row": lambda d: (
            d.k("SESSION  UID USER SEAT  LEADER CLASS TTY  IDLE SINCE\n6 1004 ")
            .v(u)
            .k("  seat0 7943   user  tty8 no   -\n")
        ),
        "lastlog_row": lambda d: (
            d.k("Username         Port     From             Latest\n")
            .v(u)
            .k(" " * (17 - len(u)) + "tty1                      Sat Apr 20 22:31:44 +0800 2019\n")
        ),
        "slapd_bind_dn": lambda d: (
            d.k('slapd[31387]: conn=923847 op=0 BIND dn="uid=')
            .v(u)
            .k(',ou=users,dc=datac,dc=com" method=128\n')
        ),
        # stop 50 (scrubber 1.32.0): an OpenSSH public key blob without its type word, kept
        "ssh_key_blob_in_a_log": lambda d: (
            d.k("debug1: Offering public key: /home/")
            .v(u)
            .k("/.ssh/id_rsa rsa-sha2-512 AAAAB3NzaC1yc2EAAAADAQABAAABAQC7vXq2Lr9mT4kPz8wJ3n\n")
        ),
        # stop 51 (scrubber 1.33.0): logins by their tool's format: a process table's account
        # column after a Windows domain, sudo's prompt for a domain account, a CIFS mount's
        # user=, smbclient -U, a pg_hba.conf record's user column, gh's hosts.yml user:
        "domain_login_ps_row": lambda d: (
            d.k(" 1184  952   conhost.exe   x64   1        EN2012\\")
            .v(u)
            .k("               C:\\Windows\\system32\\conhost.exe\n")
        ),
        "sudo_domain_prompt": lambda d: d.k("[sudo] password for DEV\\").v(u).k(":\n"),
        "cifs_mount_user": lambda d: (
            d.k("$ sudo mount -t cifs -o user=").v(u).k(",domain=dev.local //nas/share /mnt\n")
        ),
        "smbclient_user": lambda d: d.k('smbclient //server/share -U "').v(u).k('%XXXXX" -c ls\n'),
        "pg_hba_user": lambda d: (
            d.k("host all city-ad/").v(u).k(" 127.0.0.1/32 sspi include_realm=0\n")
        ),
        "gh_hosts_user": lambda d: (
            d.k("github.com:\n    user: ").v(u).k("\n    git_protocol: https\n")
        ),
        # stop 51 (scrubber 1.34.0): logins by a tool's documented layout: Bazel's output
        # root, a MySQL option file's user =, GitHub's noreply address, Oracle's ORACLE_BASE
        "bazel_output_root": lambda d: (
            d.k("/private/var/tmp/_bazel_")
            .v(u)
            .k("/048dc339e919adf019cd498aa08795ff/execroot/__main__\n")
        ),
        "option_file_user": lambda d: (
            d.k("[client]\nuser = ").v(u).k("\nhost = localhost\nport = 3306\n")
        ),
        "github_noreply_login": lambda d: (
            d.k("Reviewed-by: ")
            .v(u)
            .k("\nemail: <")
            .v(f"4417209+{u}@users.noreply.github.com")
            .k(">\n")
        ),
        "oracle_base_login": lambda d: (
            d.k("ORACLE_HOME=D:\\app\\").v(u).k("\\product\\19.0.0\\dbhome_1\n")
        ),
        "cluster_group_home": lambda d: (
            d.k('model_path="/dssg/home/acct-grpq/').v(f"grpq-{u}").k('/chatGLM3/chatglm3-6b"\n')
        ),
        # stop 51 (scrubber 1.35.0): Xcode's -showBuildSettings owner, coredumpctl's account
        # lines, systemd-homed's AVC name= (and its work folder .#<login><hex>), a mail
        # header's display name cut from its address by Outlook's comma
        "xcode_build_owner": lambda d: (
            d.k('Build settings for action build and target "App":\n    ALTERNATE_OWNER = ')
            .v(u)
            .k("\n    ALTERNATE_GROUP = staff\n")
        ),
        "coredump_account": lambda d: (
            d.k("           UID: 1000 (").v(u).k(")\n     Owner UID: 1000 (").v(u).k(")\n")
        ),
        "homed_avc_name": lambda d: (
            d.k('AVC avc:  denied  { add_name } for  pid=911 comm="systemd-homed" name="')
            .v(u)
            .k('" tclass=dir permissive=1\n')
            .k('AVC avc:  denied  { add_name } for  pid=3061 comm="systemd-homewor" name=".#')
            .v(u)
            .k(f'{h[:16]}" tclass=dir permissive=1\n')
        ),
        "mail_comma_name": lambda d: (
            d.k("Sent: 11 May 2020 16:50\nCc: ")
            .v(name)
            .k(", FCMI <")
            .v(f"{u}@vxo.fr")
            .k(">; Author <author@noreply.github.com>\n")
        ),
        # stop 51 (scrubber 1.36.0): HDFS's permission error (user= and the inode's owner),
        # HDFS's /user/<login> in Hadoop's shell errors, Spark's SecurityManager acls, the
        # Snowflake connector's LOGIN_NAME, gcloud's account = <login>@<domain>
        "hdfs_access_denied": lambda d: (
            d.k("org.apache.hadoop.security.AccessControlException: Permission denied: user=")
            .v(u)
            .k(', access=WRITE, inode="/data":')
            .v(u)
            .k(":supergroup:drwxr-xr-x\n")
        ),
        "hdfs_user_home": lambda d: d.k("mkdir: `/user/").v(u).k("/apps': File exists\n"),
        "spark_acls": lambda d: (
            d.k("INFO SecurityManager: Changing view acls to: ")
            .v(u)
            .k("\nINFO SecurityManager: users with view permissions: Set(hdfs, ")
            .v(u)
            .k("); groups with view permissions: Set()\n")
        ),
        "snowflake_login_name": lambda d: (
            d.k("DEBUG - body['data']: {'ACCOUNT_NAME': 'myaccount', 'LOGIN_NAME': '")
            .v(u)
            .k("', 'AUTHENTICATOR': 'SNOWFLAKE'}\n")
        ),
        "gcloud_account": lambda d: (
            d.k("[core]\naccount = ").v(f"{u}@gmail.com").k("\nproject = demo-").v(u).k("\n")
        ),
        # stop 51 (scrubber 1.36.0): homes and prompts by shape: /C/Users/<u> (the drive in
        # capitals as the first folder), a home under a cluster mount's home folder with a
        # dot-folder, a bracketed prompt with two @s, a login glued to a macOS host name
        "drive_root_home": lambda d: (
            d.k("packages path: /C/Users/").v(u).k("/AppData/Roaming/Sublime Text 3/Packages\n")
        ),
        "cluster_mount_home": lambda d: (
            d.k("  >> 242    /mnt/beegfs/home/").v(u).k("/.spack/stage/x/main.c:32:10: fatal\n")
        ),
        "bracketed_two_at_prompt": lambda d: d.k("[").v(u).k("@headnode@tools]$ stack build\n"),
        "mac_host_login": lambda d: (
            d.k("\n").v(u.capitalize()).k("uoMBP329:~ ").v(u).k("$ ps aux | grep x\n")
        ),
        # stop 51 (scrubber 1.37.0): tailscale status's owner column, openfortivpn's Config
        # username (a full name in capitals), Unreal's Content/Developers/<login>/
        "tailscale_status_owner": lambda d: (
            d.k("100.77.140.60    laptop-9     ").v(u).k("@        macOS    -\n")
        ),
        "openfortivpn_config_username": lambda d: (
            d.k('DEBUG:  Config username = "').v(name.upper()).k('"\nDEBUG:  Config realm = ""\n')
        ),
        "unreal_developers_folder": lambda d: (
            d.k("LogFileCache: Scanning file cache for directory 'E:/Unreal Projects/OSC/Content")
            .k("/Developers/")
            .v(u.capitalize())
            .k("/Collections/'\n")
        ),
        # stop 52 (scrubber 1.38.0): a login glued to its own prompt's host, a person's own
        # domain in a checkout <host>/<owner>/<repo> under a home
        "glued_host_prompt": lambda d: d.v(u).k("@").v(u).k("LT:~$ signal-desktop\n"),
        "checkout_owner": lambda d: (
            d.k("/home/").v(u).k("/src/git.").v(f"{u}lab").k(".com/").v(f"{u}lab").k("/site/x.js\n")
        ),
        # stop 52 (scrubber 1.40.0): mail tools' formats: msmtprc's password line, msmtp's log
        # user=, Dovecot's auth request prefix, himalaya's name, a percent-encoded IMAP login
        "msmtprc_password": lambda d: (
            d.k("account work\nhost mail.example.org\nauth on\npassword ").v(cut).k("\n")
        ),
        "msmtp_log_user": lambda d: (
            d.k("Mar 01 10:00:00 host=smtp.example.org tls=on auth=on user=")
            .v(u)
            .k(" from=a@example.org recipients=b@example.org exitcode=EX_OK\n")
        ),
        "dovecot_auth_request": lambda d: (
            d.k("dovecot: auth: Debug: passwd-file(")
            .v(u)
            .k(",::1,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>): Finished userdb lookup\n")
        ),
        "himalaya_display_name": lambda d: (
            d.k('name = "')
            .v(name)
            .k('"\ndownloads-dir = "/tmp"\n\n[gmail]\nimap-host = "imap.gmail.com"\n')
        ),
        "imap_url_encoded_login": lambda d: (
            d.k("ProcessCurrentURL:imap://").v(u).k("%40example%2Ecom@mail.example.com:993/INBOX\n")
        ),
        # stop 52 (scrubber 1.39.0): occ user:list's rows, the OCS API's user answer, Gitea's
        # failed sign-in line
        "occ_user_list_row": lambda d: (
            d.k("$ sudo -u www-data php occ user:list\n  - admin: admin\n  - ")
            .v(u)
            .k(": ")
            .v(name)
            .k("\n")
        ),
        "ocs_user_answer": lambda d: (
            d.k("<ocs>\n <data>\n  <id>")
            .v(u)
            .k("</id>\n  <display-name>")
            .v(name)
            .k("</display-name>\n  <email>no-response@domain.tld</email>\n </data>\n</ocs>\n")
        ),
        "gitea_failed_authentication": lambda d: (
            d.k("routers/web/auth/auth.go:206:SignInPost() [I] Failed authentication attempt for ")
            .v(u)
            .k(" from 10.0.0.5:57086: user's password is invalid\n")
        ),
        # stop 52 (scrubber 1.39.0): Pi-hole's debug token (a secret by its place)
        "pihole_debug_token": lambda d: (
            d.k("[i] Your debug token is: https://tricorder.pi-hole.net/")
            .v(hex40[1][-10:])
            .k("/\n")
        ),
        # stop 52 (scrubber 1.41.0): a home ending a NAME=value before the next variable,
        # ModLauncher's --username, old FML's Setting user: <name>, , a crash report's player
        "home_before_variable": lambda d: (
            d.k("PROTON_LOG_DIR=/home/")
            .v(u)
            .k(" LEGENDARY_CONFIG_PATH=/home/")
            .v(u)
            .k("/.config/heroic/legendaryConfig/legendary\n")
        ),
        "modlauncher_username": lambda d: (
            d.k("[main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher running: args")
            .k(" [--username, ")
            .v(u.capitalize())
            .k(", --version, 1.20.1, --accessToken, ????????, --userType, msa]\n")
        ),
        "fml_setting_user_comma": lambda d: (
            d.k("2012-11-17 23:24:37 [INFO] [STDOUT] Setting user: ").v(f"Xx{u}xX").k(", \n")
        ),
        "crash_report_player": lambda d: (
            d.k("\tAll players: 1 total; [class_746['")
            .v(f"{u.capitalize()}_Owl")
            .k("'/91, l='ClientLevel', x=-380.50, y=64.00, z=-210.50]]\n")
        ),
        # stop 52 (scrubber 1.43.0): an sftp or borg repository target's login (never an
        # e-mail), Nextcloud's WebDAV path, nextcloud.log's user, the desktop client's account
        # and a homes share's folder
        "restic_sftp_target": lambda d: (
            d.k('export RESTIC_REPOSITORY="sftp:').v(u).k('@backup.example.org:/srv/restic-repo"\n')
        ),
        "borg_ssh_target": lambda d: d.k("$ borg list ").v(u).k("@backup.example.org:repo\n"),
        "nextcloud_dav_path": lambda d: (
            d.k('2 "" "https://192.168.1.7/nextcloud/remote.php/dav/avatars/')
            .v(u)
            .k('/128.png" has X-Request-ID "589204a6-f81e-48f9-8c82-7c0421dca482"\n')
        ),
        "nextcloud_log_user": lambda d: (
            d.k("$ tail -n 1 data/nextcloud.log\n")
            .k('{"reqId":"Yb3kQzR1vTnL8aWcPd2eFgAAAAk","level":0,"remoteAddr":"10.0.0.3","user":"')
            .v(u)
            .k(
                '","app":"webdav","method":"PROPFIND","url":"/index.php/apps/files/","message":"m"}\n'
            )
        ),
        "nextcloud_desktop_account": lambda d: (
            d.k("<========== Sync finished for folder [Q:\\nc] of account [")
            .v(u)
            .k("@192.168.1.7]\n")
        ),
        "homes_share_folder": lambda d: (
            d.k("ERROR : Local file system at /mnt/data/homes/")
            .v(u)
            .k("/Cloud/One Drive: not deleting directories\n")
        ),
        # stop 52 (scrubber 1.42.0): SSHFS-Win's UNC target and net use's /user:, FTP's USER
        # command, vsftpd's [login], a BSD ftp client's Name (…):, JupyterHub's hub user (also
        # URL-encoded), RStudio's [rsession-<u>], WinSCP's Local account (a machine named after it)
        "sshfs_win_unc": lambda d: (
            d.k("net use X: \\\\sshfs\\").v(u).k("@10.0.0.5\\..\\..\\opt\\app /user:").v(u).k("\n")
        ),
        "ftp_user_command": lambda d: (
            d.k("Command:\tUSER ").v(u).k("\nResponse:\t331 Password required\n")
        ),
        "vsftpd_login": lambda d: (
            d.k("Fri Dec 14 09:38:37 2018 [pid 16248] [").v(u).k('] OK LOGIN: Client "10.0.0.9"\n')
        ),
        "bsd_ftp_name": lambda d: d.k("Name (10.0.2.2:ftp): ").v(u).k("\n331 Password required\n"),
        "jupyterhub_spawn_pending": lambda d: (
            d.k("[I 2021-02-12 11:28:49.966 JupyterHub log:181] 302 GET /hub/spawn-pending/")
            .v(u)
            .k(" -> /hub/login?next=%2Fhub%2Fspawn-pending%2F")
            .v(u)
            .k(" (@10.0.0.1) 2.91ms\n")
        ),
        "rstudio_rsession_tag": lambda d: (
            d.k("04 Sep 2020 12:28:52 [rsession-").v(u).k("] ERROR Parent terminated\n")
        ),
        "winscp_local_account": lambda d: (
            d.k(". 2023-10-23 14:17:54.343 Local account: ").v(u.upper()).k("LAPTOP\\").v(u).k("\n")
        ),
        # stop 52 (scrubber 1.44.0): SASL responses in an SMTP or IMAP transcript (RFC 4954,
        # RFC 4616): PLAIN's initial response, LOGIN's answer after the server's 334 Password:
        "sasl_plain_response": lambda d: (
            d.k("C: AUTH PLAIN ").v(base64.b64encode(f"\0{u}\0{cut}".encode()).decode()).k("\n")
        ),
        "sasl_login_answer": lambda d: (
            d.k("S: 334 UGFzc3dvcmQ6\nC: ").v(base64.b64encode(cut.encode()).decode()).k("\n")
        ),
        # the base64 of a CRAM-MD5 answer (RFC 2195: the user's address, a space, the digest in
        # hex): re-encoded with the address's fixture, and the re-encoded answer re-scans clean
        "cram_md5_answer": lambda d: (
            d.k("C: ").v(base64.b64encode(f"{u}@kestrel-mail.com {h}".encode()).decode()).k("\n")
        ),
        # stop 53 (scrubber 1.48.0): an OpenPGP user id's name where gpg, gopass and git print
        # one, and a Vault token after `vault login` and in the `token` row of Vault's table
        "gpg_uid_list_keys": lambda d: (
            d.k("uid           [ unknown] ")
            .v(name)
            .k(" <")
            .v(f"{u}@kestrel-mail.com")
            .k(">\nsub   rsa4096 2019-03-01 [E]\n")
        ),
        "gpg_edit_key_uid": lambda d: (
            d.k("[ultimate] (1). ").v(name).k(" <").v(f"{u}@kestrel-mail.com").k(">\n")
        ),
        "gpg_encrypted_with_uid": lambda d: (
            d.k("gpg: encrypted with rsa4096 key, ID 0x3B7E19C4A2D05F68, created 2018-05-22\n")
            .k('      "')
            .v(name)
            .k(" <")
            .v(f"{u}@kestrel-mail.com")
            .k('>"\n')
        ),
        "gopass_key_menu_uid": lambda d: (
            d.k("[0] 0x5A2F90C3C51E07B9 - ").v(name).k(" <").v(f"{u}@kestrel-mail.com").k(">\n")
        ),
        "git_gpg_signing_trace": lambda d: (
            d.k("trace: run_command: gpg --status-fd=2 -bsau '")
            .v(name)
            .k(" <")
            .v(f"{u}@kestrel-mail.com")
            .k(">'\n")
        ),
        "vault_login_token": lambda d: d.k("$ vault login ").v(uuid).k("\n"),
        "vault_token_row": lambda d: (
            d.k("Key                Value\n---                -----\ntoken              ")
            .v(uuid)
            .k("\ntoken_accessor     7e19b4c0-44d2-a8f3-0c6b-d35a91e2f7b8\n")
            .k("token_duration     768h\n")
        ),
        # stop 53 (scrubber 1.47.0): Subversion's and Mercurial's committer fields, oh-my-zsh's
        # two-line prompt and a prompt indented as a Markdown code block
        "svn_log_author": lambda d: (
            d.k("-" * 72 + "\nr6231 | ")
            .v(u)
            .k(
                " | 2015-05-15 11:57:39 +0100 (Fri, 15 May 2015) | 1 line\n\nfix\n"
                + "-" * 72
                + "\n"
            )
        ),
        "svn_info_author": lambda d: (
            d.k("Last Changed Author: ").v(u).k("\nLast Changed Rev: 40618\n")
        ),
        "svn_xml_author": lambda d: (
            d.k('<commit\n   revision="1773274">\n<author>')
            .v(u)
            .k("</author>\n<date>2017-11-22T15:32:24.937674Z</date>\n</commit>\n")
        ),
        "hg_log_user": lambda d: (
            d.k("changeset:   2:603762342801\ntag:         tip\nuser:        '")
            .v(u)
            .k("'\ndate:        Mon Jul 01 12:26:20 2019 +0530\n")
        ),
        "box_prompt": lambda d: (
            d.k("\u256d\u2500")
            .v(u)
            .k("@buildhost ~/tmp \u20392.5.3\u203a\n\u2570\u2500\u27a4  hg log\n")
        ),
        "desktop_account_store": lambda d: (
            d.k("2023-01-11T14:40:53.110Z - info: [ui] [AppStore] adding account ")
            .v(u)
            .k(" (")
            .v(u)
            .k(") to store\n2023-01-11T14:40:53.120Z - error: [ui] Error adding account '")
            .v(u)
            .k("'\n")
        ),
        "indented_prompt": lambda d: (
            d.k("    [").v(u).k("@stg-node1 ~]$ curl https://stg-node1:8200/v1/sys/health\n")
        ),
        # stop 53 (scrubber 1.45.0): ssh's destination at a host with a public suffix, a login
        # (never an e-mail): the host stays
        "ssh_destination_public_host": lambda d: d.k("$ ssh -v ").v(u).k("@router.asus.com\n"),
        # MySQL's ER_ACCESS_DENIED_ERROR (after PDO's SQLSTATE prefix) and the user argument of
        # mysqli_connect and PDO::__construct in a PHP stack frame
        "mysql_access_denied": lambda d: (
            d.k("SQLSTATE[HY000] [1045] Access denied for user '")
            .v(u)
            .k("'@'localhost' (using password: YES)\n")
        ),
        "mysqli_connect_user": lambda d: (
            d.k("#0 C:\\xampp\\htdocs\\db.php(3): mysqli_connect('localhost', '")
            .v(u)
            .k("', Object(SensitiveParameterValue), 'shop')\n")
        ),
        "pdo_construct_user": lambda d: (
            d.k("#1 /srv/app/Connector.php(65): PDO->__construct('mysql:host=db;dbname=app', '")
            .v(u)
            .k("', Object(SensitiveParameterValue), Array)\n")
        ),
        # All-Inkl's account folder under its web root (w0 and six hex digits), repeated by
        # open_basedir's allowed paths
        "allinkl_account_folder": lambda d: (
            d.k("open_basedir restriction in effect. File(/www/htdocs/")
            .v(allinkl)
            .k("/www.example.de/x.php) is not within the allowed path(s): (/www/htdocs/")
            .v(allinkl)
            .k(":/tmp)\n")
        ),
        # stop 53 (scrubber 1.46.0): the HPC schedulers' user fields: PBS's Job_Owner (a login
        # at the submit host, never an e-mail), squeue's USER column, -u of sacct, scontrol's
        # UserId=<u>(<uid>), a First.Last folder under a cluster share
        "pbs_job_owner": lambda d: (
            d.k("    Job_Owner = ")
            .v(u)
            .k("@login2.hpc.example.edu\n    Error_Path = login2.hpc.example.edu:/home/")
            .v(u)
            .k("/run.e42\n")
        ),
        "squeue_user_column": lambda d: (
            d.k("    JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n")
            .k("           1872107     batch   run_01 ")
            .v(u)
            .k(" PD       0:00      1 (Priority)\n")
        ),
        "sacct_user_option": lambda d: d.k("$ sacct -u ").v(u).k(" --format=JobID,State\n"),
        "scontrol_user_id": lambda d: (
            d.k("   UserId=").v(u).k("(177478) GroupId=pcsl(10532) MCS_label=N/A\n")
        ),
        # a prompt after a stray quote, its host named after the login in Open MPI's prefix
        "quoted_prompt_glued_host": lambda d: (
            d.k("'[")
            .v(u)
            .k("@")
            .v(u)
            .k("1700 ~]$ mpirun -np 16 ./a.out\n[")
            .v(u)
            .k("1700:01167] mca: base: components_register: registering framework plm\n")
        ),
        "cluster_share_person": lambda d: (
            d.k("/gpfs/dell1/ptmp/").v(f"{first}.{last}").k("/ROTDIRS/v16/gfs.20240101\n")
        ),
        # stop 53 (scrubber 1.51.0): knife.rb's Chef server account (node_name and the key
        # named after it under a .chef folder) and Chef's UserIDNotFound login
        "knife_node_name": lambda d: (
            d.k("log_level :info\nnode_name '")
            .v(w)
            .k("'\nclient_key '/Users/")
            .v(u)
            .k("/.chef/")
            .v(w)
            .k(".pem'\nvalidation_client_name 'chef-validator'\n")
        ),
        "chef_user_id_not_found": lambda d: (
            d.k("      Chef::Exceptions::UserIDNotFound\n      cannot determine user id for '")
            .v(w)
            .k("', does the user exist on this system?\n")
        ),
        # stop 53 (scrubber 1.50.0): CUPS's error_log (IPP's requesting-user-name, a job's
        # owner), lpstat -o's owner column, utmpdump's USER_PROCESS record, pactl info's user
        "cups_error_log_user": lambda d: (
            d.k("D [25/Apr/2014:10:01:02 +0200] check_quotas: requesting-user-name = '")
            .v(u)
            .k("'\nI [25/Apr/2014:10:01:02 +0200] Job 1 queued on 'laser' by '")
            .v(u)
            .k("'.\n")
        ),
        "lpstat_job_owner": lambda d: (
            d.k("laser-17746           ").v(u).k("         1557504   Fri Apr 25 10:01:02 2014\n")
        ),
        "utmpdump_user": lambda d: (
            d.k("[7] [20804] [ts/1] [")
            .v(u)
            .k(
                "] [pts/1       ] [192.0.2.7           ] [192.0.2.7      ]"
                " [2023-08-20T09:13:00,000000+00:00]\n"
            )
        ),
        "pactl_user_name": lambda d: (
            d.k("Server String: unix:/run/user/1000/pulse/native\nUser Name: ")
            .v(u)
            .k("\nHost Name: studio\n")
        ),
        # top's process table, its USER column under a PID-first header
        "top_user_column": lambda d: (
            d.k("    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n")
            .k("   4242 ")
            .v(u)
            .k("   20   0 4123456 301234  98765 S   3.0   1.9   1:02.33 firefox\n")
        ),
        # stop 53 (scrubber 1.49.0): a person's folder by its 8.3 short name (%TEMP% keeps it)
        "short_name_of_a_person": lambda d: (
            d.k("    java.io.tmpdir = C:\\Users\\")
            .v(initial[:6].upper() + "~1")
            .k("\\AppData\\Local\\Temp\\\n")
        ),
        # stop 53 (scrubber 1.52.0): an IRC client's rendered whois and /who row (the nick and
        # the ident at a host, never an e-mail)
        "irc_rendered_whois": lambda d: (
            d.v(u)
            .k(" is ~")
            .v(w)
            .k("@gateway/web/cloak * realname\n")
            .v(u)
            .k(" End of /WHOIS list.\n")
        ),
        "irc_raw_registration": lambda d: (
            d.k("1433026617.23\tNICK ")
            .v(u)
            .k("\n1433026617.23\tUSER ")
            .v(u)
            .k(" +iw ")
            .v(u)
            .k(" :a bot\n1433026627.27\t:orwell.freenode.net 904 ")
            .v(u)
            .k(" :SASL authentication failed\n")
        ),
        # stop 53 (scrubber 1.52.0): a Matrix user id's localpart in Synapse's access log and
        # register_new_matrix_user's answered localpart
        "synapse_access_requester": lambda d: (
            d.k("2024-11-14 08:51:02,738 - synapse.access.http.8008 - 473 - INFO - GET-1925- ")
            .k("127.0.0.1 - 8008 - {@")
            .v(u)
            .k(':matrix.example.org} Processed request: 0.017sec 412B 200 "GET /sync HTTP/1.0"\n')
        ),
        "matrix_new_user_localpart": lambda d: (
            d.k("New user localpart [root]: ").v(u).k("\nPassword: \nMake admin [no]: yes\n")
        ),
        "telegram_update_user": lambda d: (
            d.k('"from":{"id":412345678,"is_bot":false,"first_name":"')
            .v(first)
            .k('","last_name":"')
            .v(last)
            .k('","username":"')
            .v(u)
            .k('","language_code":"en"}\n')
        ),
        "irc_who_row": lambda d: (
            d.k("* ").v(u).k("  H  0  ").v(w).k("@i.love.plan9.bell-labs.com [EC2 Default User]\n")
        ),
        # the rules of 1.46.0 and 1.52.0 no cell above reaches: a scheduler tool's default user
        # in its --help, IRC's CAP reply target, 433's nick, RPL_WELCOME's closing nick, /who's
        # argument, register_new_matrix_user's -u
        "scheduler_user_default": lambda d: (
            d.k("  -u USER, --user USER  Get data for the specified user.\n")
            .k("                        [default: ")
            .v(u)
            .k("] (default: None)\n")
        ),
        "irc_cap_target": lambda d: (
            d.k(":orwell.freenode.net CAP ").v(u).k(" ACK :multi-prefix sasl\n")
        ),
        "irc_nick_in_use": lambda d: (
            d.k(":irc.libera.chat 433 * ").v(u).k(" :Nickname is already in use\n")
        ),
        "irc_welcome": lambda d: (
            d.k("08:48 <freenode> Welcome to the freenode Internet Relay Chat Network ")
            .v(u)
            .k("\n")
        ),
        "irc_who_command": lambda d: d.k("/whois ").v(u).k("\n"),
        "matrix_register_user_option": lambda d: (
            d.k("register_new_matrix_user -c homeserver.yaml -u ")
            .v(u)
            .k(" --no-admin http://localhost:8008\n")
        ),
        # stop 54 (scrubber 1.57.0): a ZFS home dataset, zsys's user dataset, an illumos prompt
        # with its history number, a Proxmox VE API token (its user and its UUID, nothing else)
        "zfs_home_dataset": lambda d: d.k("rpool/home/").v(u).k("/.cache  logicalused  1.2M  -\n"),
        "zsys_user_dataset": lambda d: d.k("rpool/USERDATA/").v(u).k("_8juuya  used  1.2G  -\n"),
        "illumos_history_prompt": lambda d: d.v(u).k("@fs2 ~ [504] ; zpool status pool0\n"),
        "proxmox_api_token": lambda d: (
            d.k("export PROXMOX_VE_APITOKEN='").v(u).k("@pam!ci=").v(uuid).k("'\n")
        ),
        # stop 54 (scrubber 1.55.0): Cisco's type 5 and type 9 secrets (a crypt hash's digest),
        # a clear-text IOS password, a web console's login log (the UniFi API browser's, pfSense's)
        "ios_type5_secret": lambda d: (
            d.k("!\nenable secret 5 $1$Rf/K$").v(_r(rng, "./" + ALNUM, 22)).k("\n!\n")
        ),
        "ios_type9_secret": lambda d: (
            d.k("username admin privilege 15 secret 9 $9$")
            .k(_r(rng, "./" + ALNUM, 14))
            .k("$")
            .v(_r(rng, "./" + ALNUM, 43))
            .k("\n")
        ),
        "ios_clear_password": lambda d: (
            d.k("username netops privilege 15 password 0 ").v(_r(rng, ALNUM, 12)).k("\n")
        ),
        "unifi_login_log": lambda d: (
            d.k("[Tue Feb 25 06:46:01 2020] failed login attempt for user ").v(u).k("\n")
        ),
        "pfsense_login_log": lambda d: (
            d.k("/index.php: webConfigurator authentication error for user '")
            .v(u)
            .k("' from: 10.0.0.7\n")
        ),
        "connect_call_password": lambda d: (
            d.k("#0 C:\\wamp64\\www\\t.php(9): PEAR2\\Net\\RouterOS\\Client->__construct(")
            .k("'192.168.88.1', 'admin', '")
            .v(_r(rng, ALNUM, 12))
            .k("')\n")
        ),
        # stop 54 (scrubber 1.56.0): the mongo shell's glued -p, SQL*Plus's logon password in
        # double quotes, SQL Server's 18456 Windows login after a domain (ODBC's doubled \\)
        "mongo_shell_password": lambda d: (
            d.k("++ /usr/bin/mongo -u root -p").v(cut).k(" --authenticationDatabase admin\n")
        ),
        "sqlplus_logon_password": lambda d: (
            d.k("$ sqlplus 'ADMIN/\"").v(cut).k("\"@localhost:1521/ORCLPDB1'\n")
        ),
        "sqlserver_login_failed": lambda d: (
            d.k("[28000] [Microsoft][ODBC Driver 17 for SQL Server][SQL Server]Login failed for")
            .k(" user 'CORP\\\\")
            .v(u)
            .k("'. (18456) (SQLDriverConnect)\n")
        ),
        # stop 54 (scrubber 1.54.0): a prompt in markdown emphasis
        "prompt_markdown_emphasis": lambda d: d.k("_").v(u).k("@acp-box16:~# id domain\\user_\n"),
        # stop 54 (scrubber 1.54.0): LDAP DNs, an LDIF person entry, a search filter, memberUid
        "ldap_unique_member": lambda d: (
            d.k("uniqueMember: uid=").v(u).k(",ou=users,dc=ldap,dc=example,dc=com\n")
        ),
        "ldif_person_entry": lambda d: (
            d.k("dn: uid=")
            .v(w)
            .k(",ou=people,dc=corp,dc=lan\nobjectClass: inetOrgPerson\ncn: ")
            .v(name)
            .k("\n")
        ),
        "ldap_filter_account": lambda d: d.k("# filter: (&(class=account)(name=").v(u).k("))\n"),
        "ldif_member_uid": lambda d: d.k("memberUid: ").v(u).k("\n"),
        # stop 54 (scrubber 1.54.0): id's answer for a directory user (an id-mapped uid, SSSD's
        # qualified name, a group with a space, a translated groups=)
        "id_directory_user": lambda d: (
            d.k("root@bcm-01:/var/log/sssd# id ")
            .v(u)
            .k("\nuid=851707146(")
            .v(u)
            .k(") gid=1543400513(domain users) groups=1543400513(domain users)\n")
        ),
        "id_qualified_name": lambda d: (
            d.k("uid=33123(")
            .v(u)
            .k("@domain1) gid=30000(domain users@domain1) grupos=30000(domain users@domain1)\n")
        ),
        # stop 54 (scrubber 1.54.0): a directory user's passwd line, a GECOS name with an initial
        "passwd_gecos_initial": lambda d: (
            d.v(u)
            .k(":*:1101106:1100513:")
            .v(f"{first} R. {last}")
            .k(":/home/")
            .v(u)
            .k(":/bin/bash\n")
        ),
        # stop 54 (scrubber 1.54.0): identity servers' log fields, nginx-auth-ldap's bind password
        "keycloak_event_username": lambda d: (
            d.k("WARN  [org.keycloak.events] (default task-83) type=LOGIN_ERROR, realmId=nwse,")
            .k(" clientId=nexus, userId=null, error=invalid_user_credentials, username=")
            .v(u)
            .k("\n")
        ),
        "lldap_user_id": lambda d: (
            d.k('UserAndGroups { user: User { user_id: "').v(u).k('", email: "" } }\n')
        ),
        "ldap_authentication_for": lambda d: d.k("LDAP authentication for ").v(u).k("\n"),
        "nginx_binddn_passwd": lambda d: d.k("        binddn_passwd ").v(cut).k(";\n"),
        # stop 54 (scrubber 1.59.0): webui.sh's banner, wandb's login line, a W&B personal
        # entity, a Databricks workspace folder named by its user's e-mail
        "webui_running_on_user": lambda d: (
            d.k("################################################################\nRunning on ")
            .v(u)
            .k(" user\n################################################################\n")
        ),
        "wandb_login": lambda d: (
            d.k("wandb: Currently logged in as: ")
            .v(u)
            .k(" (use `wandb login --relogin` to force relogin)\n")
        ),
        "wandb_self_entity": lambda d: (
            d.k("python train.py --wandb-project=proj --wandb-entity=")
            .v(f"{first.lower()}-{last.lower()}-self")
            .k(" --lr 1e-4\n")
        ),
        "databricks_workspace_email": lambda d: (
            d.k("--mlflow_experiment_name /Users/")
            .v(f"{first.lower()}.{last.lower()}@kestrel-mail.com")
            .k("/deepseek_pretrain \\\n")
        ),
        # stop 54 (scrubber 1.58.0): a user name under an auth block is a login, not a secret
        "alertmanager_auth_username": lambda d: (
            d.k("global:\n  smtp_auth_username: '").v(u).k("'\n  smtp_require_tls: false\n")
        ),
        # a home under a share's per-group users folder, the login under it twice
        "share_group_home": lambda d: (
            d.k("data = /users/is/")
            .v(u)
            .k("/grafana/var\nlogs = /users/is/")
            .v(u)
            .k("/grafana/logs\n")
        ),
        # InfluxDB 2's authorization user and a cloud organisation named after its owner
        "influx_auth_user_name": lambda d: (
            d.k('{"id": "06137745ff60a000", "token": "redacted", "userName": "')
            .v(u)
            .k('", "userID": "06137745e7903000"}\n')
        ),
        # (a one-word description: ruamel.yaml's dump of a tab escape before a fold, "\\t ci",
        # reads back with a space, so the YAML wrapping of a two-word one is lossy by itself)
        "influx_auth_table_user": lambda d: (
            d.k("ID\tDescription\tToken\tUser Name\tUser ID\tPermissions\n")
            .k("0b52dbdc8c4ab000\tci-token\tredacted\t")
            .v(u)
            .k("\t0b52dbdc6a4ab000\t[read:/buckets]\n")
        ),
        "influx_cloud_org_owner": lambda d: (
            d.k(
                "Active\tName\tURL\tOrg\n*\tuswest\thttps://us-west-2-1.aws.cloud2.influxdata.com\t"
            )
            .v(u)
            .k("+cloud2's organization\n")
        ),
        # Netdata's installer run as the developer (a non-root install)
        "netdata_installer_user": lambda d: (
            d.k("Netdata user and group is finally set to: ").v(u).k("/").v(u).k("\n")
        ),
        # stop 54 (scrubber 1.60.0): a two-letter login a process manager runs a program as,
        # beside its home (supervisord's [program:x] user=, supervisorctl's group:name_NN)
        "supervisord_two_letter_login": lambda d: (
            d.k("[program:")
            .v(two)
            .k("]\ncommand=php /home/")
            .v(two)
            .k("/")
            .v(two)
            .k("/artisan queue:work\nuser=")
            .v(two)
            .k("\n")
            .v(two)
            .k(":")
            .v(two)
            .k("_00: ERROR (abnormal termination)\n")
        ),
        "systemd_user_two_letter_login": lambda d: (
            d.k("[Service]\nUser=").v(two).k("\nWorkingDirectory=/home/").v(two).k("/app\n")
        ),
        # stop 54 (scrubber 1.62.0): VS Code's server token after its flag (the CLI's
        # command-shell --require-token, the server's --connection-token <token>)
        "vscode_require_token": lambda d: (
            d.k("> command-shell --on-port --require-token ")
            .v(h[:12])
            .k(" --parent-process-id 20449\n")
        ),
        # stop 54 (scrubber 1.62.0): the Codespaces prompt's login, then the owner of a clone
        "codespaces_prompt_clone": lambda d: (
            d.k("@")
            .v(u)
            .k(" ➜ /workspaces/app (main) $ git remote -v\norigin\thttps://github.com/")
            .v(u)
            .k("/app (fetch)\n")
        ),
        # stop 54 (scrubber 1.63.0): Windows Installer's LogonUser property in a /l*v log
        "msi_logon_user": lambda d: (
            d.k("Property(S): LogonUser = ")
            .v(u)
            .k("\nProperty(S): UserSID = S-1-5-21-1-2-3-1001\n")
            .k("MSI (s) (A4:B8) [12:00:01:234]: PROPERTY CHANGE: Adding LogonUser property.")
            .k(" Its value is '")
            .v(u)
            .k("'.\n")
        ),
        # stop 54 (scrubber 1.63.0): a roaming profile's folder on a profiles share, learned
        "roaming_profile_folder": lambda d: (
            d.k("Property(S): StartMenuFolder = ")
            .v("\\\\192.168.200.6\\profiles\\" + u)
            .k("\\Startmenu\\\nProperty(S): ComputerName = ")
            .v(u.upper())
            .k("-VM\n")
        ),
        # stop 54 (scrubber 1.61.0): CloudFlare's client API v1 key in a curl form field
        "cloudflare_tkn_key": lambda d: (
            d.k("actionban = curl https://www.cloudflare.com/api_json.html -d 'a=ban' -d 'tkn=")
            .v(h)
            .k("' -d 'email=sample@example.com' -d 'key=<ip>'\n")
        ),
        # stop 54 (scrubber 1.61.0): Debian's default prompt with a capitalised login
        "prompt_capitalised_login": lambda d: d.v(u.capitalize()).k(
            "@packetpig:~/Documents/packetpig$ sudo snort -V\n"
        ),
        # stop 54 (scrubber 1.61.0): a Thunderbird profile folder named after its person
        "thunderbird_profile_named": lambda d: (
            d.k("/home/").v(u).k("/.thunderbird/").v(first).k("/extensions/: OK\n")
        ),
        # stop 55 (scrubber 1.65.0): a site's home below its share root, GATK's running login,
        # a group folder under /home/users/, Imperial's RDS
        "cluster_site_homes": lambda d: (
            d.k("Loading libgkl_compression.so from jar:file:/share/home/")
            .v(u)
            .k("/biosoft/gatk-4.0.10.1/gatk-package-4.0.10.1-local.jar!/libgkl_compression.so\n")
            .k("INFO  HaplotypeCaller - Executing as ")
            .v(u)
            .k("@localhost.localdomain on Linux v3.10.0 amd64\n")
            .k("at /mnt/storage/home/")
            .v(u)
            .k("/software/bcftools/misc/vcfutils.pl line 566.\n")
            .k("Found config home: /home/users/allstaff/")
            .v(u)
            .k("/.nextflow/config\n--outFileNamePrefix /rds/general/user/")
            .v(u)
            .k("/projects/cohesin/live/mapped \\\n")
        ),
        # stop 55 (scrubber 1.68.0): bash's `\u@\h \W \$` prompt (a bare folder) and a
        # database URL's role, replaced where it stands, not spread to the application's file
        "bare_folder_prompt_database_role": lambda d: (
            d.v(u)
            .k("@pooh T $ osm2pgsql --database=postgresql://")
            .v(w)
            .k("@localhost/places --style=/opt/app/data/app.style x.osm\n")
        ),
        # stop 55 (scrubber 1.67.0): a person's PulseAudio cookie beside xpra's own lines
        "pulse_cookie_beside_xpra": lambda d: (
            d.k("2021-09-17 14:33:42,316  '/run/user/1000/xpra/pulse-80/pulse/native'\n")
            .k("W: [pulseaudio] authkey.c: Failed to open cookie file '/home/")
            .v(u)
            .k("/.config/pulse/cookie': No such file or directory\n")
        ),
        # stop 55 (scrubber 1.66.0): Infura's and Alchemy's keys in their URLs' paths, a
        # bitcoin.conf's rpcuser, a home in a notebook server's file link
        "crypto_node_rpc": lambda d: (
            d.k("url='wss://mainnet.infura.io/ws/v3/")
            .v(h)
            .k("', explorer='https://etherscan.io')\n")
            .k('"requestUrl": "https://eth-mainnet.g.alchemy.com/v2/')
            .v(h[:8].upper() + "_" + h[8:31])
            .k('"\nrpcuser=')
            .v(u)
            .k("\nserver=1\nFile [~/.pyenv/lib/tasks.py:495](http://localhost:8888/home/")
            .v(u)
            .k("/.pyenv/lib/tasks.py#line=494)\n")
        ),
        # stop 55 (scrubber 1.69.0): a player's name in a game server's own log lines, a
        # capitalised two-letter login at macOS's zsh prompt beside its home
        "game_server_player": lambda d: (
            d.k("[19:31:48 INFO]: > ")
            .v(u)
            .k(" issued server command: /op @p\n03/12/2021 13:43:17: Got character ZDOID from ")
            .v(u)
            .k(" : 1245460760:1\n")
            .v(two.capitalize())
            .k("@192 ~ % /Users/")
            .v(two.capitalize())
            .k("/Desktop/mcrcon.command ; exit;\n")
        ),
        # stop 55 (scrubber 1.71.0): a Mac named after its owner, shortened (<First>s-MBP), and
        # a zsh prompt showing the first part of a home's first.last login
        "browser_test_owner_names": lambda d: (
            d.v(u)
            .k("@")
            .v(first)
            .k("s-MBP app % python3 -m playwright install\n")
            .k("    await page.goto('file:///Users/")
            .v(f"{w.rstrip(string.digits)}.{last.lower()}")
            .k("/app/main.html');\n")
            .v(w.rstrip(string.digits))
            .k(" app % node main.js\n")
        ),
        # stop 55 (scrubber 1.72.0): a SIP URI's user part in From/To, followed into Contact
        "sip_uri_login": lambda d: (
            d.k("From: <sip:")
            .v(u)
            .k("@sip.example-voip.net>;tag=a1\nContact: <sip:")
            .v(u)
            .k("@192.168.1.124:38091;transport=udp>\nMESSAGE Auth info found for [")
            .v(u)
            .k("] realm [sip.example-voip.net]\n")
        ),
        # stop 55 (scrubber 1.70.0): PHPMailer's AUTH LOGIN answers, Swift Mailer's and
        # smtp-cli's SMTP login
        "smtp_client_logins": lambda d: (
            d.k("2020-05-02 09:11:04 SERVER -> CLIENT: 334 VXNlcm5hbWU6\n")
            .k("2020-05-02 09:11:04 CLIENT -> SERVER: ")
            .v(base64.b64encode(f"{u}.mail@gmail.com".encode()).decode())
            .k("\n2020-05-02 09:11:04 SERVER -> CLIENT: 334 UGFzc3dvcmQ6\n")
            .k("2020-05-02 09:11:04 CLIENT -> SERVER: ")
            .v(base64.b64encode(cut.encode()).decode())
            .k('\nFailed to authenticate on SMTP server with username "')
            .v(w)
            .k('" using 2 possible authenticators\n./smtp-cli --enable-auth --user ')
            .v(w)
            .k(" --host=smtp.example.org\n")
        ),
        # stop 55 (scrubber 1.73.0): a git service's SSH greeting and redmine_git_hosting's log
        "git_service_greeting_login": lambda d: (
            d.k("Hi there, ")
            .v(u)
            .k("! You've successfully authenticated with the key named laptop, but Gitea does")
            .k(" not provide shell access.\n2015-10-22 03:12:07 +0200 [INFO] User '")
            .v(u)
            .k("' created a new repository 'testtest'\n")
        ),
        # stop 55 (scrubber 1.74.0): Mosquitto's u'<login>' followed into a topic, mosquitto_pub's
        # -P, Tasmota's CMD: mqttpassword and deCONZ's API keys (stale-key warning, whitelist)
        "home_automation_secrets": lambda d: (
            d.k("1475682229: New client connected from 10.0.0.9:50000 as dev-1 (p2, c1, k60, u'")
            .v(u)
            .k("').\n1475682229: Received SUBSCRIBE from dev-1\n1475682229:  rpc/")
            .v(u)
            .k("/dev-1/com (QoS 1)\nmosquitto_pub -t a/b -m 1 -u u1 -P ")
            .v(cut)
            .k("\n21:44:01 CMD: mqttpassword ")
            .v(cut)
            .k("\nPhoscon-GW: warning: ")
            .v(gpg[:10])
            .k(': potentially stale api key: {"create date":"2022-04-04T16:42:23"}\n')
            .k('"whitelist": {\n    "')
            .v(gpg[6:])
            .k('": {\n        "create date": "2020-01-26T12:19:44",\n')
            .k('        "name": "Phoscon#B1280x731"\n    }\n}\n')
        ),
        # stop 55 (scrubber 1.75.0): docker login's -u/--username, followed into the pushed
        # image's namespace
        "docker_login_username": lambda d: (
            d.k("root@pre-prod:~# docker login -u ")
            .v(u)
            .k(" 192.0.2.90:5000\nPassword: \nLogin Succeeded\n")
            .k("root@pre-prod:~# docker push 192.0.2.90:5000/")
            .v(u)
            .k("/nginx:latest\nThe push refers to repository [192.0.2.90:5000/")
            .v(u)
            .k("/nginx]\n$ podman login --username=")
            .v(u)
            .k(" quay.io\n")
        ),
        # stop 55 (scrubber 1.77.0): a registry login's password after -p
        "registry_login_p_flag": lambda d: (
            d.k("docker login -u admin -p ").v(h).k(" registry.example.org\n")
        ),
        # stop 56 (scrubber 1.83.0): Postfix smtpd's sasl_username= on the client= line, followed
        # into a rejected command's sasl_username=<u> and a failed authentication's
        "postfix_sasl_username": lambda d: (
            d.k("Feb 14 11:17:20 mx1 postfix/smtpd[1648]: E50437E242: client=unknown[192.0.2.10],")
            .k(" sasl_method=PLAIN, sasl_username=")
            .v(u)
            .k("\nNOQUEUE: reject: RCPT from unknown[192.0.2.10]: 554 5.7.1 <b@example.net>: Relay")
            .k(" access denied; from=<a@example.org> to=<b@example.net> proto=ESMTP helo=<pc>")
            .k(" sasl_username=<")
            .v(u)
            .k(">\nwarning: unknown[192.0.2.10]: SASL LOGIN authentication failed: UGFzc3dvcmQ6,")
            .k(" sasl_username=")
            .v(u)
            .k("\n")
        ),
        # stop 56 (scrubber 1.86.0): the Google account's name in microG's logged login response,
        # beside the token cache's key, Android's Account {…} and the token microG logs
        "microg_response_name": lambda d: (
            d.k("D/GmsHttpFormClient( 3023): -- Response --\n")
            .k("D/GmsHttpFormClient( 3023): Token=redacted\n")
            .k("D/GmsHttpFormClient( 3023): firstName=")
            .v(first)
            .k("\nD/GmsHttpFormClient( 3023): lastName=")
            .v(last)
            .k("\nD/GmsAuthenticator( 1964): getAuthToken: Account {name=ACCOUNT_1,")
            .k(" type=com.google}, mail\n")
            .k("D/GmsAuthManager( 1964): peekAuthToken: com.google.android.gm:")
            .k("38918a453d07199354f8b19af05ec6562ced5788:mail\n")
            .k("D/GmsAuthenticator( 1964): getAuthToken: ")
            .v(hex40[0] + cut)
            .k(".\n")
        ),
        # stop 56 (scrubber 1.82.0): a person's home beside Caddy's data folder and a chosen
        # PfxPass, among the ACME clients' documented defaults (kept)
        "acme_client_person_beside_defaults": lambda d: (
            d.k("$ ls /home/")
            .v(u)
            .k("/.local/share/caddy/\nacme  certificates  locks  ocsp\n")
            .k("[Thu Mar 23 20:32:08 UTC 2017] _saved_account_key_hash=")
            .k("'DLddRT10t+oxC/cFlbVkircPyZGP3OoTv+vpNZJiWsY='\n")
            .k('DEBUG: New order params: \n{\n    "PfxPass":  "')
            .v(h)
            .k('",\n}\nlego --dns cloudflare --domains www.example.com --email me@bar.com run\n')
        ),
        # stop 56 (scrubber 1.80.0): rocminfo's group-membership line, also under strace (the
        # quoted write and the line glued after its byte count)
        "rocminfo_group_member": lambda d: (
            d.k("ROCk module is loaded\nUnable to open /dev/kfd read-write: Cannot allocate")
            .k(" memory\n")
            .v(u)
            .k(' is member of render group\nstrace /opt/rocm/bin/rocminfo\nwrite(1, "\\33[37m')
            .v(u)
            .k(' is member of video g"..., 41')
            .v(u)
            .k(" is member of video group\n) = 41\n")
        ),
        # stop 56 (scrubber 1.79.0): a two-letter login as a listing's owner and its private
        # group, and a prompt's host made of a hyphenated login by Ubuntu's installer
        "listing_private_group_and_installer_host": lambda d: (
            d.k("ls -ld / /data2\ndrwxr-xr-x 26 root root 4096 maj 26 07:25 /\ndrwx------  4 ")
            .v(two)
            .k("   ")
            .v(two)
            .k("   4096 lis 12 18:57 /data2\ndrwx------ 4 ollama ollama 4096 lis 12 18:57 /data2\n")
            .k("(textgen) ")
            .v(hyphened)
            .k("@")
            .v(squashed)
            .k("-desktop:/media/")
            .v(hyphened)
            .k("/DATA/text-generation-webui$ python server.py\n")
        ),
        # stop 56 (scrubber 1.81.0): youtube-dl's typed --username (a name in quotes), its
        # --password in typographic quotes, yt-dlp's -u/-p and gallery-dl's Logging in as <u>
        "media_downloader_logins": lambda d: (
            d.k("youtube-dl -v --username '")
            .v(name)
            .k("' --password \u2018")
            .v(cut)
            .k("\u2019 https://www.youtube.com/watch?v=BaW_jenozKc\n$ yt-dlp -u ")
            .v(u)
            .k(" -p ")
            .v(h)
            .k(" https://vimeo.com/76979871\n[pixiv][info] Logging in as ")
            .v(w)
            .k("\n[pixiv][error] AuthenticationError: Invalid or missing login credentials\n")
        ),
        # stop 56 (scrubber 1.84.0): a host named after a learned login's name part (an
        # sfdx.log record's "hostname"), and a Mac's host of a login with an underscore
        "saas_cli_named_hosts": lambda d: (
            d.k("PS C:\\Users\\")
            .v(surname.lower() + first[0].lower())
            .k("\\dev> sfdx force:source:deploy -p force-app\n")
            .k('{"name":"sfdx","hostname":"')
            .v(surname)
            .k('-Desktop","pid":5576,"log":"Deploy","level":50,"msg":"No source-backed components"')
            .k(',"v":0}\n')
            .v(f"{u}-{w}")
            .k("s-MBP:eleventy-site ")
            .v(f"{u}_{w}")
            .k("$ wrangler whoami\n")
        ),
        # stop 56 (scrubber 1.85.0): a Coveralls job payload's git head, as JSON and as
        # node-coveralls' --verbose prints it
        "coveralls_git_head": lambda d: (
            d.k('INFO:coveralls:422\n{\n  "git": {\n    "head": {\n      "author_email": "",\n')
            .k('      "author_name": "')
            .v(name)
            .k('",\n      "committer_name": "')
            .v(u)
            .k('",\n      "message": "Update ref"\n    }\n  },\n  "repo_token": "***"\n}\n')
            .k("{ git:\n   { head:\n      { committer_name: '")
            .v(u)
            .k("',\n        committer_email: '',\n        message: 'coverage' } } }\n")
        ),
        # stop 56 (scrubber 1.85.0): two addresses run together, their separator lost
        "run_together_addresses": lambda d: (
            d.k("[Pipeline] emailext\nFailed to create e-mail address for ")
            .v(f"{first}.{last}@kestrel-mail.com")
            .v(f"{last}.{first}@kestrel-mail.com")
            .k("\nAn attempt to send an e-mail to empty list of recipients, ignored.\n")
        ),
        # stop 56 (scrubber 1.87.0): a person committing in a workflow step where GitHub
        # Actions' bot identity is set too
        "workflow_committer_beside_the_bot": lambda d: (
            d.k('git config --local user.email "action@github.com"\n')
            .k('git config --local user.name "GitHub Action"\n')
            .k('git config --global user.name "')
            .v(name)
            .k('"\ngit config --global user.email "')
            .v(f"{u}@github.com")
            .k('"\nAction required: approve the deployment\n')
        ),
        # stop 56 (scrubber 1.89.0): tcsh's bracketed prompt [%n@%m] %~%# on a Mac's host
        # made of the login, and on one made of the owner's first name
        "tcsh_prompt": lambda d: (
            d.k("[")
            .v(squashed)
            .k("@")
            .v(squashed)
            .k("s-MacBook-Pro] ~/Downloads>bluemix plugin install sdk-gen\nFAILED\n\n[")
            .v(u)
            .k("@")
            .v(first)
            .k("s-MacBook-Pro] ~>\n")
        ),
        # stop 56 (scrubber 1.90.0): a Pages deploy action's git run by its absolute path, and
        # a Pages site named after its owner's login with digits
        "static_site_deploy": lambda d: (
            d.k("Configuring git…\n/usr/bin/git config user.name ")
            .v(u)
            .k("\n/usr/bin/git remote add origin ***github.com/")
            .v(u)
            .k("/")
            .v(u)
            .k(".github.io.git\nhexo-site@0.0.0 /Users/")
            .v(w)
            .k("/")
            .v(f"{w}1990")
            .k(".github.io\n")
        ),
        # stop 56 (scrubber 1.92.0): a dotted login in a URL's userinfo at a reserved host,
        # beside an IP-pinning URL whose userinfo is a host name
        "dotted_login_beside_host_userinfo": lambda d: (
            d.k("git clone https://")
            .v(f"{first.lower()}.{last.lower()}")
            .k("@gitlab.example.com/grp/repo.git\n")
            .k('url = "https://example.com@93.184.216.34:443/path"\n')
            .k('assert hostname == "example.com"\nAuthor: ')
            .v(f"{first.lower()}.{last.lower()}")
            .k("\n")
        ),
        # stop 56 (scrubber 1.88.0): REALNAME in a tmux server log's pane environment (the
        # value's leading name and another <First> <SURNAME> in its free text), and oh-my-zsh's
        # agnoster prompt pasted without its Powerline glyphs
        "tmux_pane_realname": lambda d: (
            d.k("1552914150.271463 window_pane_spawn: environment REALNAME=")
            .v(f"Z{first[1:]} {surname.upper()}")
            .k(" + S/T operation requested by ")
            .v(f"{surname} DE-Z{last[1:].upper()}")
            .k("\n1552914150.271469 window_pane_spawn: environment SHELL=/bin/ksh\n")
        ),
        "agnoster_prompt_without_glyphs": lambda d: (
            d.k("Hooray! Oh My Zsh has been updated and/or is at the current version.\n ")
            .v(u)
            .k("@TR ~\n")
        ),
        # stop 56 (scrubber 1.93.0): a stand-in word inside a key's random body, and a random
        # value unpacked beside a tuple's target list, in a test's code
        "stand_in_word_in_a_random_body": lambda d: (
            d.k('    provider = OpenAIProvider(api_key="')
            .v("sk-test-" + _r(rng, ALNUM, 40))
            .k('")\n    json={"access_token": "')
            .v("STUB-ACCESS-" + _r(rng, HEX, 12))
            .k('", "expires_in": 3600}\n    client, secret_b = ')
            .v("Zq8v" + _r(rng, ALNUM, 12) + "K7")
            .k("\n")
        ),
        # stop 56 (scrubber 1.91.0): a RetroAchievements account and API token in the connect
        # API's dorequest.php requests and the login answer
        # (the token, letters of both cases and digits, drawn when the cell is written)
        "retroachievements_dorequest": lambda d: (
            lambda token: (
                d.k("$ curl -X POST 'https://retroachievements.org/dorequest.php?r=login&u=")
                .v(u)
                .k("&p=CENSORED_PASSWORD'\n")
                .k('{"Success":true,"User":"')
                .v(u)
                .k('","Token":"')
                .v(token)
                .k('","Score":0,"Messages":0}\n')
                .k("$ curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=")
                .v(u)
                .k("&t=")
                .v(token)
                .k("&g=11283'\n")
            )
        )(_r(rng, ALNUM, 16)),
        # stop 56 (scrubber 1.94.0): role and automation senders beside people's addresses
        "role_senders_beside_people": lambda d: (
            d.k("From: Nightly Builds <nightly-builds@kestrel-lab.org>\nReply-To: ")
            .k("kestrel-ci@kestrel-lab.org\nCc: newsletter@kestrel-news.com\nTo: <")
            .v(f"{u}@kestrel-mail.com")
            .k(">, <")
            .v(f"{w}.bot@kestrel-mail.com")
            .k(">\n")
        ),
        # stop 57 (scrubber 1.97.0): an OIDC ID token's standard claims and an Authelia
        # users_database.yml entry
        "oidc_claims_and_authelia_user": lambda d: (
            d.k('{\n  "iss": "https://sso.example.com/oauth2/openid/opkssh",\n  "aud": "opkssh",\n')
            .k('  "name": "')
            .v(name)
            .k('",\n  "preferred_username": "')
            .v(u)
            .k('",\n  "email_verified": true\n}\nusers:\n  ')
            .v(w)
            .k(':\n    displayname: "')
            .v(name)
            .k('"\n    password: "$argon2id$v=...."\n    groups:\n      - admins\n')
        ),
        # stop 57 (scrubber 1.98.0): the account a self-hosted server's admin CLI names
        # (tootctl, pleroma_ctl, yunohost user) and YunoHost's plain output of a user's keys
        "server_admin_cli_account": lambda d: (
            d.k("RAILS_ENV=production bin/tootctl accounts modify ")
            .v(u)
            .k(" --role Admin\nOK\n$ ./bin/pleroma_ctl user reset_password ")
            .v(w)
            .k("\n$ sudo yunohost user info ")
            .v(u)
            .k(" --output-as plain\n#username\n")
            .v(u)
            .k("\n#firstname\n")
            .v(first)
            .k("\n#mail\n")
            .v(f"{u}@kestrel-mail.com")
            .k("\n")
        ),
        # stop 57 (scrubber 1.99.0): macOS bash's default prompt on a nickname host with a
        # capitalised login, beside a poster's masked Apple ID (no address)
        "mac_bash_prompt_any_host": lambda d: (
            d.k("MBPro:skeleton ")
            .v(u.capitalize())
            .k("$ bundle exec fastlane pilot upload\n- apple_id: 'pi...ki@gmail.com'\n")
            .k("Loading session from '/Users/")
            .v(u)
            .k("/.fastlane/spaceship/pio...ski@gmail.com/cookie'\n")
        ),
        # stop 57 (scrubber 1.95.0): Stack's template params, gpg's passphrase prompt, a Mac's
        # host made of a camel-cased handle, a web home ``~<surname>`` beside ``/Users/p<surname>``
        "functional_toolchain_people": (
            lambda signer, handle, word: (
                lambda d: (
                    d.k("templates:\n  params:\n    author-email: ")
                    .v(f"{u}@kestrel-mail.com")
                    .k("\n    author-name: ")
                    .v(name)
                    .k("\n    copyright: 2015 ")
                    .v(name)
                    .k("\n    github-username: ")
                    .v(w)
                    .k("\n    category: Development\n")
                    .k('You need a passphrase to unlock the secret key for\nuser: "')
                    .v(signer)
                    .k(" <")
                    .v(f"{two}@rowboats.org")
                    .k('>"\n')
                    .k("Protocol 'inet_tcp': the name foo@")
                    .v(handle)
                    .k("s-MacBook-Air seems to be in use by another Erlang node\n")
                    .k("$ opam publish http://cloud.example.fr/~")
                    .v(word)
                    .k("/rfsm/dist/x.tar.gz .\n  - opam file at /Users/")
                    .v("p" + word)
                    .k("/Dev/x.opam\n")
                )
            )
        )(
            full_name(rng),
            login(rng).rstrip("0123456789") + login(rng).rstrip("0123456789").capitalize(),
            login(rng).rstrip("0123456789"),
        ),
        # stop 57 (scrubber 1.96.0): a person's home beside images' and boards' accounts, and a
        # broker's secret beside its stand-ins
        "image_accounts_beside_a_person": lambda d: (
            d.k("Creating ActiveMQ Artemis instance at: /home/jboss/broker\n")
            .k("mks@mkspi:~ $ ls /home/")
            .v(u)
            .k("/klipper\nbiqu@BTT-CB1:~ $ cp -r /home/")
            .v(u)
            .k('/printer_data .\nexport HOME="/home/yoctouser"\n')
            .k('ssl.truststore.password = blablabla\nsasl.jaas.config = "')
            .k("org.apache.kafka.common.security.scram.ScramLoginModule required username = ")
            .k("divolte password = ")
            .v("Zq8v" + _r(rng, ALNUM, 12) + "K7")
            .k(';"\n')
        ),
        # stop 57 (scrubber 1.100.0): a Liquibase changeset's author (file::id::author), macOS
        # bash's prompt with its host cut, and a whole token beside one typed over with stars
        "liquibase_author_hostless_prompt": lambda d: (
            d.k("     1 changesets check sum\n          db/changelog/init.xml::000000019::")
            .v(f"{first.lower()}.{last.lower()}")
            .k(" was: 9:d41d8cd98f00b204e9800998ecf8427e but is now: 9:")
            .k("af7cbc3f01f74e15e79bb5f115733834\nflywayMigrations ")
            .v(u)
            .k('$ gradle flywayMigrate\n  token = "ECE*****C-6**3-4**2-A**3-A8********B7"\n')
            .k('  backup_token = "')
            .v(uuid.upper())
            .k('"\n')
        ),
        # stop 57 (scrubber 1.101.0): a self-hosted application's own account (its install
        # guide's, or a package run from /home/<name>/<name>) kept beside a person's home
        "app_account_beside_a_person": lambda d: (
            d.k("> misskey@2023.9.0-beta.4 migrate /home/misskey/misskey\n[")
            .v(u)
            .k("@opencue tmp]$ sudo -u opencue flyway migrate\n> mastodon@4.2.0 migrate /home/")
            .v(u)
            .k("/live\n> firefish@1.0.4-beta migrate /home/firefish/firefish\n")
        ),
        # stop 57 (scrubber 1.102.0): VPN account fields, an OpenVPN auth plugin's username,
        # NetworkManager's connection permissions and openvpn3's configs-list owner
        "vpn_account_fields": lambda d: (
            d.k("OTP-AUTH: trying to authenticate username '")
            .v(u)
            .k("'\nconnection.permissions:                 user:")
            .v(w)
            .k("\n/net/openvpn/v3/configuration/2984ca8fxda0ax416ax997exc50ee5cad031\n")
            .k("Tue Sep 15 13:33:59 2020        Tue Sep 15 13:34:28 2020  1\n")
            .k("openvpn-in                                                ")
            .v(squashed)
            .k("\n")
        ),
        # stop 57 (scrubber 1.105.0): home-manager's per-user unit and journal tag, and a home
        # by Spack's user scope under a site's root
        "home_manager_unit_spack_user_scope": lambda d: (
            d.k("× home-manager-")
            .v(u)
            .k(".service - Home Manager environment for ")
            .v(u)
            .k("\nJun 10 09:25:28 nixos hm-activate-")
            .v(u)
            .k("[50907]: Please do one of the following:\n==> READ LOCK: /local/")
            .v(w)
            .k("/.spack/cache/providers/.builtin-index.yaml.lock[0:0]\n")
        ),
        # stop 57 (scrubber 1.104.0): a Secret's password decoded at the prompt, a personal
        # flux bootstrap owner and the URL Flux prints for it, a one-letter stand-in kept
        "kubectl_decoded_secret_flux_personal_owner": lambda d: (
            d.k("$ kubectl get secret my-release-postgresql -o jsonpath=")
            .k('"{.data.postgres-password}" | base64 --decode\n')
            .v("Zq8v" + _r(rng, ALNUM, 8) + "K7")
            .k("\n$ flux bootstrap github --owner=")
            .v(u)
            .k(" --repository=fleet-infra --personal\n")
            .k('\u25ba cloning branch "main" from Git repository "https://github.com/')
            .v(u)
            .k('/fleet-infra.git"\n  username="qqqqqqq"\n  password="qqqqqqq";\n')
        ),
        # stop 57 (scrubber 1.103.0): a Mac's local host name with a word its owner added or
        # without hyphens, and Neovim's ``Compiled by <user>@<host>``
        "mac_host_forms_compiled_by": lambda d: (
            d.k("sudo darwin-rebuild switch --flake .#")
            .v(first)
            .k("s-Work-MacBook-Pro\nssh: connect to host ")
            .v(first)
            .k("sMacBookPro.local port 22: Connection refused\nNVIM v0.3.0\nCompiled by ")
            .v(u)
            .k("@dev-os.local\n")
        ),
        # stop 57 (scrubber 1.106.0): a Windows account name where Windows documents one (a
        # LocalAccounts -Member, klist's Client:), a Microsoft Graph user's names, a role's
        # Kerberos principal (its account stays, its realm goes)
        "windows_account_name_graph_user": lambda d: (
            d.k("DEBU Running 'Get-LocalGroupMember -Name crc-users -Member 'DESKTOP-J8H86J0\\")
            .v(u)
            .k("''\n#0>     Client: ")
            .v(u)
            .k(" @ CORP.LOCAL\n        Server: krbtgt/CORP.LOCAL @ CORP.LOCAL\n")
            .k('{"@odata.type": "#microsoft.graph.user", "displayName": "')
            .v(f"{first} {surname}")
            .k('", "givenName": "')
            .v(first)
            .k('", "surname": "')
            .v(surname)
            .k('"}\nwith client principal administrator@')
            .v(f"AD.{surname.upper()}.NET")
            .k("\n")
        ),
        # stop 58 (scrubber 1.107.0): an error tracker's credential by its tool's wording
        # (Fabric/Crashlytics' upload-symbols -a, Rollbar's `access token not found:`), under a
        # person's home before a CI workspace
        "error_tracker_key_by_wording": lambda d: (
            d.k("[17:02:11]: upload_dsym using command: /Users/")
            .v(u)
            .k("/jenkins/workspace/App/Pods/Fabric/upload-symbols -a ")
            .v(hex40[0].lower())
            .k(" -p ios /Users/")
            .v(u)
            .k('/jenkins/workspace/App/App.app.dSYM.zip\n    string(56) "access token not found: ')
            .v(h)
            .k('"\n')
        ),
        # stop 58 (scrubber 1.110.0): a tool's group advice names the invoking login (MicroK8s'
        # wrapper, Docker's install script), a macOS listing's owner beside ``staff`` in a row
        # cut before its date; a poster's dotted profile mask stays
        "group_advice_staff_owner": lambda d: (
            d.k("Insufficient permissions to access MicroK8s.\n")
            .k("You can either try again with sudo or add the user ")
            .v(u)
            .k(" to the 'microk8s' group:\n\n    sudo usermod -a -G microk8s ")
            .v(u)
            .k('\n\nadding your user to the "docker" group with something like:\n\n')
            .k("  sudo usermod -aG docker ")
            .v(w)
            .k("\n\nlrwxr-xr-x  1 ")
            .v(initial)
            .k("  staff  76 Fe\nconfig -> /mnt/c/Users/user.name/.kube/config\n")
        ),
        # stop 58 (scrubber 1.108.0): Toolbx's sub-ID check naming a two-letter login beside its
        # prompt, and an AFS cell's home under the login's initial
        "toolbox_user_afs_home": lambda d: (
            d.k("[")
            .v(two)
            .k("@puff-lan ~]$ toolbox --verbose enter\n")
            .k("toolbox: checking if /etc/subgid and /etc/subuid have entries for user ")
            .v(two)
            .k("\nFATAL:   mount /afs/cern.ch/user/")
            .k(u[0])
            .k("/")
            .v(u)
            .k("/a/d error\n")
        ),
        # stop 58 (scrubber 1.109.0): a Windows home through a drive's folder: a prompt's working
        # folder trimmed to its trailing folders (zsh %3~, starship, bash's PROMPT_DIRTRIM), the
        # lower-case users folder under /mnt and /cygdrive; WSL's distribution roots stay
        "windows_home_by_drive_folder": lambda d: (
            d.k("<3>init: (747) ERROR: UtilConnectToInteropServer:300: connect failed 2\nc/Users/")
            .v(first)
            .k("\n\u279c echo $WSL_INTEROP\n/run/WSL/1587_interop\n\u279c  c/Users/")
            .v(first)
            .k(" git:(main) ls\nu@h:.../c/Users/")
            .v(first)
            .k("$ cd /mnt/c/users/")
            .v(u)
            .k("/Documents\n$ wslpath -w /\n\\\\wsl\\Ubuntu-18.04\\\n")
        ),
        # stop 58 (scrubber 1.111.0): a login learned from an R library's home, beside public
        # hosts that stay and a user's own Pages site that goes
        "r_library_home_public_hosts": lambda d: (
            d.k("Installing package into \u2018/home/")
            .v(u)
            .k("/R/x86_64-pc-linux-gnu-library/4.2\u2019\n(as \u2018lib\u2019 is unspecified)\n")
            .k("trying URL 'https://packagemanager.rstudio.com/all/latest/src/contrib/")
            .k("x_0.4.1.tar.gz'")
            .k("\nSee https://")
            .v(u)
            .k(".github.io/notes/ and https://cran.rstudio.com/\n")
        ),
        # stop 58 (scrubber 1.114.0): a person's login in a Node environment dump's PWD, LOGNAME
        # and HOME beside the accounts home-automation and media servers' installers create
        "app_daemon_accounts_env_login": lambda d: (
            d.k("{\n  NODE_EXTRA_CA_CERTS: '/usr/local/share/ca-certificates/SSL_CA.crt',\n")
            .k("  PWD: '/home/")
            .v(u)
            .k("',\n  LOGNAME: '")
            .v(u)
            .k("',\n  HOME: '/home/")
            .v(u)
            .k("',\n}\nsudo -H -u iobroker npm install iobroker.zigbee --production\n")
            .k("sudo -u jellyfin ls /home/")
            .v(u)
            .k("/Videos\n")
        ),
        # stop 58 (scrubber 1.113.0): Git for Windows' and MSYS2's prompt without the MSYSTEM
        # word (two spaces, the ``$`` on the next line) with a host made of the login, and an
        # RTMP URL's stream key (ffmpeg publishing to nginx-rtmp's ``rtmp://<server>/<app>/<key>``)
        "msys_prompt_rtmp_stream_key": lambda d: (
            d.v(u)
            .k("@")
            .v(u)
            .k("0-w  /c/work/stream\n$ ffmpeg -re -i in.mp4 -c copy -f flv ")
            .k('"rtmp://media.example.net:1935/live/')
            .v(rng.choice(string.ascii_lowercase) + rng.choice(string.digits) + _r(rng, ALNUM, 10))
            .k('"\n')
        ),
        # stop 58 (scrubber 1.112.0): a person's login in a registry's index URL where the
        # registries fix a token user name, a Terraform Cloud token of the real shape, a
        # password that is no demonstration word on a documentation host
        "registry_login_atlas_token_example_host": lambda d: (
            d.k("Looking in indexes: https://")
            .v(u)
            .k(":****@pkgs.dev.azure.com/org/_packaging/feed/pypi/simple/\n")
            .k('credentials "app.terraform.io" {\n  token = "')
            .v(_r(rng, ALNUM, 14) + ".atlasv1." + _r(rng, ALNUM, 67))
            .k('"\n}\nIgnoring indexes: https://user:')
            .v("Q" + _r(rng, ALNUM, 11))
            .k("@pypi.example.com/root/ci/+simple/\n")
        ),
        # stop 58 (scrubber 1.116.0): a random run read inside a URL whose host has no dot, after
        # its scheme's ``:`` or its host's ``:port``: only the random path segment goes, the
        # host, port and the path's words stay (and ``curl -v URL`` is no docker mount)
        "url_path_random_segment": lambda d: (
            d.k("ffmpeg -re -i in.mp4 -f flv rtmp://localhost:1935/live/")
            .v(_mixed_token(rng, 7))
            .k(" -loglevel debug\n$ curl -v http://localhost/api/")
            .v(_mixed_token(rng, 8))
            .k("/items/42\n")
        ),
        # stop 59 (scrubber 1.117.0): a session or login daemon's log line naming its account
        # (xrdp-sesman, NoMachine's nxserver, systemd-logind, login(1)) and a per-user socket
        # name (Chrome Remote Desktop's ssh-agent socket)
        "session_daemon_login_socket": lambda d: (
            d.k("[20220506-18:17:46] [DEBUG] session_get_bydata: search policy 0 U ")
            .v(u)
            .k(" W 1792 H 1120 bpp 32 T 2 IP ::ffff:10.1.2.3:58301 - socket: 12\n")
            .k("[20220506-18:17:46] [INFO ] ++ created session (access granted): username ")
            .v(u)
            .k(", ip ::ffff:10.1.2.3:58301 - socket: 12\n")
            .k("2022-03-19 08:35:54 406.534 NXSERVER User '")
            .v(w)
            .k("' logged in from '192.168.1.11' using authentication method NX-password.\n")
            .k("Mar 01 10:00:00 host systemd-logind[500]: New session 3 of user ")
            .v(w)
            .k(".\nMar  1 10:00:00 host login[999]: LOGIN ON tty1 BY ")
            .v(w)
            .k("\n'--ssh-auth-sockname=/tmp/chromoting.")
            .v(u)
            .k(".ssh_auth_sock', '--signal-parent']\n")
        ),
        # stop 59 (scrubber 1.121.0): an OpenPGP card's holder, login data and key user id as
        # ``gpg --card-status`` prints them, a PKCS#11 token labelled with its holder's name
        # (``pkcs11-tool -L``) and its URI (``token=<First>%20<Last>``, RFC 7512), and a
        # Python repr of a Windows path with doubled backslashes under a masked home
        "smart_card_holder": lambda d: (
            d.k("Name of cardholder: ")
            .v(name)
            .k("\nLogin data .......: ")
            .v(u)
            .k(f"\nGeneral key info..: pub  rsa4096/0x{gpg} 2020-02-02 ")
            .v(name)
            .k("\n  token label        : ")
            .v(name)
            .k("\n  uri                : pkcs11:model=PKCS%2315%20emulated;")
            .k("serial=7430010015656659;token=")
            .v(first)
            .k("%20")
            .v(last)
            .k("\nPermissionError: [Errno 13] Permission denied: ")
            .k("'C:\\\\Users\\\\****\\\\AppData\\\\Local\\\\Temp\\\\app.log'\n")
        ),
        # stop 59 (scrubber 1.119.0): Nextcloud's occ user argument and its scan line, a
        # php-fpm pool's run-as account, a password in an argv a log joined with commas
        "occ_user_fpm_pool_comma_argv": lambda d: (
            d.k("$ sudo -u www-data php occ files:scan ")
            .v(u)
            .k("\nStarting scan for user 1 out of 1 (")
            .v(u)
            .k(")\n[client_web]\nuser = ")
            .v(w)
            .k("\nlisten = 127.0.0.1:9001\npm = dynamic\n")
            .k("php     TRACE [runProgram] Executing: /opt/bitnami/php/bin/php magento,")
            .k("setup:install,--db-user,bn_magento,--db-password,")
            .v("Q" + _r(rng, ALNUM, 11))
            .k(",--language,en_US\n")
        ),
        # stop 59 (scrubber 1.120.0): a database URL and a git remote whose password is the
        # login itself (the login goes and the password with it: one fixture, final), a
        # password of its own beside an image's default account, a user record's names
        "url_password_equal_to_login_user_record": lambda d: (
            d.k("AIRFLOW__CORE__SQL_ALCHEMY_CONN=postgresql+psycopg2://")
            .v(u)
            .k(":")
            .v(u)
            .k("@db.corp-dev.io:5432/airflow\nremote: https://")
            .v(w)
            .k(":")
            .v(w)
            .k("@git.corp-dev.io/org/repo.git\nmongodb://")
            .v(initial)
            .k(":")
            .v(initial)
            .k("@mongo.corp-dev.io/events\npostgresql://airflow:")
            .v("Q" + _r(rng, ALNUM, 11))
            .k("@postgres/airflow\n{'email': '")
            .v(f"{initial}@acme-bank.com")
            .k("',\n 'first_name': '")
            .v(first)
            .k("',\n 'last_name': '")
            .v(surname)
            .k("',\n 'last_login': None}\n")
        ),
        # stop 59 (scrubber 1.118.0): a password after `-p` right after `-u <user>`, a login at
        # a NAS's home root with no tail, an OpenMediaVault user object's login and full name
        "user_password_flag_nas_home_omv_user": lambda d: (
            d.k("$ cot deploy -s vc/DC/host/esx1 -u administrator@vsphere.local -p ")
            .v("Q" + _r(rng, ALNUM, 7) + "_" + _r(rng, string.digits, 3))
            .k(" esxi x.ova\nCould not chdir to home directory /var/services/homes/")
            .v(u)
            .k(": No such file or directory\n")
            .k('Executing RPC (service=UserMgmt, method=setUser, params={"name":"')
            .v(w)
            .k('","comment":"')
            .v(name)
            .k('","email":""}, context={"username":"admin","role":1}) ...\n')
        ),
        # stop 59 (scrubber 1.122.0): the login a PAM line names, and the password after the
        # same service's name once it is no group of Linux-PAM's prefix
        "pam_prefix_login_password": lambda d: (
            d.k("gdm-password]: pam_unix(gdm-password:session): session opened for user ")
            .v(u)
            .k("(uid=1000) by (uid=0)\npam_ecryptfs(gdm-password:setcred): for user ")
            .v(u)
            .k("\ngdm-password:")
            .v("Q" + _r(rng, ALNUM, 11))
            .k("\n")
        ),
        # stop 59 (scrubber 1.123.0): the logins pam_unix, pam_sss and pam_faillock name after
        # the prefix in their fixed wordings
        "pam_module_login": lambda d: (
            d.k("sshd[9]: pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 ")
            .k("tty=ssh ruser= rhost=203.0.113.5  user=")
            .v(u)
            .k("\npasswd[12]: pam_unix(passwd:chauthtok): password changed for ")
            .v(w)
            .k("\nsudo[3]: pam_unix(sudo:session): session opened for user root(uid=0) by ")
            .v(initial)
            .k("(uid=1000)\npam_faillock(sshd:auth): Consecutive login failures for user ")
            .v(initial)
            .k(" account temporarily locked\n")
        ),
        # stop 59 (scrubber 1.127.0): FlexNet's lmstat -a user lines below Users of <feature>:,
        # the host column repeating the login, and Reprise's rlmstat user@host line
        "license_manager_user": lambda d: (
            d.k("Users of MATLAB:  (Total of 424 licenses issued;  Total of 2 licenses in use)\n\n")
            .k('  "MATLAB" v55, vendor: MLM, expiry: 01-jan-2099\n  floating license\n\n    ')
            .v(u)
            .k(" ")
            .v(u)
            .k(" (v55) (flexlm01/1713 9323), start Wed 10/6 9:50\n    ")
            .v(w)
            .k(" /dev/pts/1 (v48) (flexlm01/1713 4335), start Mon 10/8 17:24\n\n")
            .k("demo license usage status on lic1 (port 27001)\n\n\tfloatserver v21.0: ")
            .v(initial)
            .k("@lab-ws4 1/0 at 05/20 13:41 (handle: 41)\n")
        ),
        # stop 59 (scrubber 1.124.0): a Duck DNS account's subname in its update URL, a macOS
        # prompt whose folder holds blanks (the login also in the host made of it), and a
        # WireGuard peer's public key after ``peer`` (kept)
        "router_ddns_mac_prompt_wireguard_peer": lambda d: (
            d.k("#> /usr/bin/curl -RsS --insecure 'https://www.duckdns.org/update?domains=")
            .v("z" + u)
            .k(".duckdns.org&token=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx&ip='\n> ")
            .v(w)
            .k("s-mbp:new gold dream ")
            .v(w)
            .k("$ ssh root@192.168.1.1\nset interfaces wireguard wg0 peer ")
            .k(_r(rng, string.ascii_letters + string.digits + "+/", 43) + "=")
            .k(" description 'Phone'\n")
        ),
        # stop 59 (scrubber 1.125.0): a TSIG/rndc key clause's secret whatever its entropy
        # (HMAC-MD5's 24 characters), and the builder's login in PowerDNS's banner
        "tsig_key_secret_and_built_by": lambda d: (
            d.k('key "rndc-key" {\n\talgorithm hmac-md5;\n\tsecret "')
            .v(_r(rng, ALNUM, 22) + "==")
            .k('";\n};\nUsing 64-bits mode. Built using gcc 12.1.0 on Jul 26 2022 20:54:03 by ')
            .v(u)
            .k("@axon.\n")
        ),
        # stop 59 (scrubber 1.126.0): Apple fleet management's logins (the jamf binary's policy
        # check and the host made of the login, Munki's _metadata created_by, osquery's --line
        # users row) and a signed download URL's token before the jamf binary's ellipsis
        "apple_fleet_login_token": lambda d: (
            d.k("Tue Jul 04 11:04:03 ")
            .v(u)
            .k("’s MacBook Pro jamf[14319]: Checking for policies triggered by ")
            .k('"recurring check-in" for user "')
            .v(u)
            .k('"...\nDownloading https://euc1-jcds.services.jamfcloud.com//download/')
            .k(h)
            .k("/CME_logos.pkg?token=")
            .v(h + _r(rng, "abcdefghijklmnopqrstuvwxyz0123456789", 31) + "q")
            .k("...\n'munki_info': {'_metadata': {'created_by': '")
            .v(w)
            .k("',\n               'munki_version': '5.3.0.4335'},\n")
            .k("                   uid = 502\n                   gid = 20\n")
            .k("              username = ")
            .v(initial)
        ),
        # stop 59 (scrubber 1.128.0): the logins SSSD's debug lines, su's `by <u>@<domain>`,
        # nslcd's request context and smbd's auth lines name, and an ipauser task's person
        "directory_server_logins": lambda d: (
            d.k("[pam] [cache_req_process_input] (0x0400): CR #1: Parsing input name [")
            .v(u)
            .k(
                "@ad.corp.example]\nsu: pam_unix(su:session): session opened for user root"
                "(uid=0) by "
            )
            .v(w)
            .k('@corp.example(uid=0)\nnslcd: [3c9869] <shadow="')
            .v(initial)
            .k('"> DEBUG: ldap_start_tls_s()\n  Invalid username/password for [')
            .v(initial)
            .k("]\n    freeipa.ansible_freeipa.ipauser:\n      users:\n        - name: ")
            .v(squashed)
            .k("\n          first: ")
            .v(first)
            .k("\n          last: ")
            .v(surname)
            .k("\n")
        ),
        # stop 60 (scrubber 1.131.0): a token a CI server or build agent announces in its log in
        # quotes after its kind (TeamCity's `New agent authorization token "<32 hex>"`)
        "ci_issued_token": lambda d: (
            d.k("[2020-05-11 10:12:33,456]   INFO -   jetbrains.buildServer.AGENT - New agent ")
            .k('authorization token "')
            .v(h)
            .k('" was generated for agent "ip-10-0-1-23" {id=12}\nlevel=error msg="invalid ')
            .k('registration token \\"')
            .v("GR1348941" + h[7:27].upper())
            .k('\\""\n')
        ),
        # stop 60 (scrubber 1.133.0): an OpenPGP user id whose comment is the owner's nickname,
        # a short form of the given name, where gpg's passphrase prompt and a listing print it
        # (the given name's first three letters and "ky": its first four letters were now and
        # then a placeholder word, "Namep"'s "Name")
        "openpgp_uid_nickname": lambda d: (
            d.k('You need a passphrase to unlock the secret key for\nuser: "')
            .v(name)
            .k(" (")
            .v(first[:3] + "ky")
            .k(") <")
            .v(f"{u}@kestrel-mail.com")
            .k('>"\n4096-bit RSA key, ID 065C5B7A, created 2015-04-20\nuid           [ultimate] ')
            .v(name)
            .k(" (")
            .v(first[:3] + "ky")
            .k(") <")
            .v(f"{u}@kestrel-mail.com")
            .k(">\n")
        ),
        # stop 60 (scrubber 1.134.0): WinSCP's session log header, ssh -v's offered key comment,
        # the ftp client's default login and rclone's remote control login and password
        "file_transfer_client_logins": lambda d: (
            d.k(". 2023-03-26 22:09:44.152 Session name: ")
            .v(u)
            .k("@127.0.0.1 (Site)\n. 2023-03-26 22:09:44.152 User name: ")
            .v(u)
            .k(" (Password: No, Key file: No, Passphrase: No)\ndebug1: Offering RSA public key: ")
            .v(two)
            .k("@DELTA\nName (localhost:")
            .v(w)
            .k("): ftptest\n331 User ftptest OK. Password required\n")
            .k("rclone mount gdrive: X: --rc --rc-user=")
            .v(initial)
            .k(" --rc-pass=")
            .v(cut)
            .k(" --rc-serve\n")
        ),
        # stop 60 (scrubber 1.132.0): shared hosts' account homes outside /home (Hetzner's
        # /usr/www/users/<u>/, cPanel's /home3/<u>/), a Cloudways application folder, Dolibarr's
        # session login and YunoHost's administrator choice
        "business_web_app_logins": lambda d: (
            d.k("Warning: fwrite() expects parameter 1 to be resource, boolean given in ")
            .k("/usr/www/users/")
            .v(u)
            .k("/system/library/log.php on line 31\ndefine('DIR_ROOT'           , '/home3/")
            .v(w)
            .k("/public_html/');\n#0 /home/39552-42818.cloudwaysapps.com/")
            .v(initial)
            .k("/public_html/vendor/magento/framework/App/Http.php(1): launch()\n")
            .k("- This is an already logged session. _SESSION['dol_login']=")
            .v(first + " " + surname)
            .k(" _SESSION['dol_entity']=1\nChoose an administrator user for this app [")
            .v(squashed)
            .k(" | ")
            .v(hyphened)
            .k("] (default: ")
            .v(squashed)
            .k("):\n")
        ),
        # stop 60 (scrubber 1.130.0): the logins msmtp's `user`, fetchmail's `poll … user` and
        # OfflineIMAP's `remoteuser` name, and imapsync's log file name of two addresses
        "mail_client_logins": lambda d: (
            d.k("account work\nhost smtp.kestrel-mail.com\nauth on\nuser ")
            .v(u)
            .k('\npasswordeval pass mail\n\npoll imap.kestrel-mail.com proto imap user "')
            .v(w)
            .k('" there with password "x" is root here\n[Repository Remote]\nremoteuser = ')
            .v(initial)
            .k("\nLog file is LOG_imapsync/2019_06_04_11_03_47_855_")
            .v(f"{squashed}@kestrel-mail.com")
            .k("_")
            .v(f"{squashed}@kestrel-mail.com")
            .k(".txt\n")
        ),
        # stop 60 (scrubber 1.135.0): a BaaS server's OpenSSL key in its `vars` listing, and a
        # mail job's recipient name beside its address (Appwrite's mails worker)
        "baas_openssl_key_and_mail_recipient": lambda d: (
            d.k("- _APP_OPENSSL_KEY_V1=")
            .v(f"{u}@{digits[:4]}")
            .k('\n[critical] (Job{v1-mails} | MailsV1 | [{"payload":[],"recipient":"')
            .v(f"{w}@gmail.com")
            .k('","locale":"en","type":"recovery","name":"')
            .v(first)
            .k('","team":null}]) has failed\n')
        ),
        # stop 60 (scrubber 1.137.0): CI services' predefined variables naming the build's
        # trigger or author in an env dump (GitLab, GitHub Actions, Azure Pipelines, Drone)
        "ci_actor_variables": lambda d: (
            d.k("GITLAB_USER_LOGIN=")
            .v(u)
            .k("\nGITLAB_USER_NAME=")
            .v(name)
            .k("\nCI_PROJECT_PATH=")
            .v(u)
            .k("/widgets\nexport GITHUB_ACTOR='")
            .v(w)
            .k("'\nBUILD_REQUESTEDFOR=")
            .v(name)
            .k("\nDRONE_COMMIT_AUTHOR=")
            .v(initial)
            .k("\n")
        ),
        # stop 60 (scrubber 1.138.0): sshd's login lists (AllowUsers/DenyUsers, sshd -T's
        # allowusers, Match User), auth.c's refusal naming the account, and a prompt with a
        # clock before it
        "sshd_lists_and_clock_prompt_logins": lambda d: (
            d.k("AllowUsers root ")
            .v(u)
            .k("@10.0.0.* git*\nallowusers ")
            .v(initial)
            .k("\nMatch User git,")
            .v(w)
            .k(" Address 10.0.0.0/8\n    ForceCommand internal-sftp\nsshd[811]: User ")
            .v(squashed)
            .k(" from 192.0.2.7 not allowed because listed in DenyUsers\n[01:44:57]:~> ")
            .v(u)
            .k("@Rocket$ ls -l /dev/fuse\n")
        ),
        # stop 60 (scrubber 1.142.0): account database lines, a person's passwd line with its
        # home under no home root, a group's members, a shadow and a subuid line, pwd's repr
        "passwd_group_shadow_subuid_lines": lambda d: (
            d.v(u)
            .k(":x:1000:1000:")
            .v(name)
            .k(",,,:/srv/data:/bin/bash\ndocker:x:998:ubuntu,")
            .v(w)
            .k("\n")
            .v(initial)
            .k(":$6$Xq3bT9vLmR2wZk8p$")
            .v(_r(rng, ALNUM, 86))
            .k(":19876:0:99999:7:::\n")
            .v(squashed)
            .k(":165536:65536\npwd.struct_passwd(pw_name='")
            .v(u)
            .k("', pw_passwd='x', pw_uid=1000, pw_gid=1000, pw_gecos='', pw_dir='/data/x',")
            .k(" pw_shell='/bin/zsh')\n")
        ),
        # stop 60 (scrubber 1.141.0): the login argument of account and process commands at a
        # prompt or after a script's sudo (usermod, gpasswd, passwd, chsh, loginctl, pgrep)
        "account_command_logins": lambda d: (
            d.k("$ sudo usermod -aG docker ")
            .v(u)
            .k("\nsudo gpasswd -a ")
            .v(w)
            .k(" dialout\n$ sudo chsh -s /bin/zsh ")
            .v(initial)
            .k("\n$ sudo loginctl enable-linger ")
            .v(squashed)
            .k("\n$ pgrep -u ")
            .v(u)
            .k(" python\n")
        ),
        # stop 60 (scrubber 1.140.0): who-is-logged-in messages of CLIs and servers (gh auth
        # status, npm login, oc login, GitLab's and GitHub's SSH greetings, kubectl auth whoami)
        "login_messages": lambda d: (
            d.k("github.com\n  \u2713 Logged in to github.com account ")
            .v(u)
            .k(" (keyring)\nLogged in as ")
            .v(w)
            .k(" on https://registry.npmjs.org/.\n")
            .k('Logged into "https://api.ocp.example.com:6443" as "')
            .v(initial)
            .k('" using the token provided.\nWelcome to GitLab, @')
            .v(squashed)
            .k("!\nATTRIBUTE   VALUE\nUsername    ")
            .v(u)
            .k("\nGroups      [system:authenticated]\n")
        ),
        # stop 61 (scrubber 1.145.0): the account that owns a file or runs a task in
        # operating-system listings (getfacl, stat, macOS ls -le, icacls, Get-Acl, schtasks,
        # quser, tasklist /v)
        "owner_listings": lambda d: (
            d.k("# file: srv/data\n# owner: ")
            .v(u)
            .k("\nuser::rwx\nuser:")
            .v(w)
            .k(":r-x\nAccess: (0644/-rw-r--r--)  Uid: ( 1000/  ")
            .v(initial)
            .k(")   Gid: (  100/   users)\n 0: user:")
            .v(squashed)
            .k(" allow read,write\nC:\\Data DESKTOP-AB12CD\\")
            .v(u)
            .k(":(OI)(CI)(F)\n        NT AUTHORITY\\SYSTEM:(OI)(CI)(F)\nOwner  : CONTOSO\\")
            .v(w)
            .k("\nRun As User:                          ")
            .v(initial)
            .k("\nUser Name:    DESKTOP-AB12CD\\")
            .v(squashed)
        ),
        # stop 61 (scrubber 1.144.0): logins and secrets in tools' own configuration files, by
        # their documented keys (a MySQL option file's user beside its password, an htpasswd
        # line, a wpa_supplicant EAP identity and psk, a Maven server's username, a
        # gradle.properties repository's Username)
        "tool_config_credentials": lambda d: (
            d.k("[client]\nuser = ")
            .v(u)
            .k("\npassword = ")
            .v(cut)
            .k("\n\n")
            .v(w)
            .k(":$apr1$Xq3z9Lk1$")
            .v(_r(rng, ALNUM, 22))
            .k('\nnetwork={\n\tssid="eduroam"\n\tkey_mgmt=WPA-EAP\n\teap=PEAP\n\tidentity="')
            .v(initial)
            .k('"\n\tpsk="')
            .v(_r(rng, ALNUM, 20))
            .k('"\n\tphase2="auth=MSCHAPV2"\n}\n<server>\n  <id>nexus-releases</id>\n  <username>')
            .v(squashed)
            .k("</username>\n</server>\nossrhUsername=")
            .v(hyphened)
            .k("\n")
        ),
        # stop 61 (scrubber 1.150.0): backup tools' logins and credentials: a domain account's
        # home (winbind's /home/%D/%U, SSSD's /home/%d/%u), Duplicati's backend URL authid, a
        # Compose file's environment USER
        "backup_tool_forms": lambda d: (
            d.k("Failed to process path: /home/CAMPUS2/")
            .v(u)
            .k("/.config/Duplicati/UWVLTBPPDV.sqlite\nusing cache at /home/ad.example.com/")
            .v(w)
            .k('/.cache/rustic\nbackup "googledrive://Backup?authid=')
            .v(hex40[0][:17] + ":" + cut)
            .k('" /data\nservices:\n  kopia:\n    environment:\n      USER: "')
            .v(initial)
            .k('"\n')
        ),
        # stop 61 (scrubber 1.146.0): a person's name as an Apple code-signing identity's
        # common name (security find-identity, electron-builder's allIdentities=, pkgutil
        # --check-signature, codesign -dvvv's Authority=, tauri.conf.json's signingIdentity) and
        # the self-signed identity named by the same person's address
        "codesign_identities": lambda d: (
            d.k("  1) ")
            .k(hex40[0].upper())
            .k(' "')
            .v(name.lower().replace(" ", "."))
            .k('@mycompany.com" (CSSMERR_TP_NOT_TRUSTED)\n  2) ')
            .k(hex40[1].upper())
            .k(' "Developer ID Application: ')
            .v(name)
            .k(' (FR57J8KL90)"\n    1. Developer ID Installer: ')
            .v(name)
            .k(" (UBF8T346G9)\nAuthority=Apple Development: ")
            .v(name)
            .k(' (ABCDE12345)\n"signingIdentity": "Developer ID Application: ')
            .v(name)
            .k(' (HN6T5KD4ND)",\n')
        ),
        # stop 61 (scrubber 1.147.0): mod loaders' and launchers' headers with a real login
        # beside a stand-in phrase, a tool's refusal word where its key goes and a Skyrim save
        # file's name (all kept)
        "mod_manager_headers": lambda d: (
            d.k("Minecraft folder is:\nC:/Users/")
            .v(u)
            .k("/Downloads/MultiMC/instances/1.8.9/.minecraft\nJava path is:\nC:/Users/")
            .k("notmyrealname/Downloads/MultiMC/java/bin/javaw.exe\n")
            .k("[Info   :   Console] Logs at C:/Users/")
            .v(w)
            .k("/AppData/LocalLow/Studio/Game/Player.log\nHeaders:\n{\n  apikey: NOPE\n}\n")
            .k("save name is Quicksave0_497A45B9_1_4C697A_WhiterunBreezehome_000448_")
            .k("20180513145834_13_1\n")
        ),
        # stop 61 (scrubber 1.149.0): a person's home beside the media apps' own folders, a
        # download client's real daemon password beside Deluge's localclient, a session
        # password qBittorrent announces
        "media_server_homes": lambda d: (
            d.k("data source=/home/")
            .v(u)
            .k('/.config/NzbDrone/nzbdrone.db\nFile "/home/')
            .v(w)
            .k('/.config/deluge/plugins/Label.egg"\n  username: localclient\n  password: ')
            .v(hex40[0])
            .k("\nA temporary password is provided for this session: ")
            .v(cut)
            .k("\n")
        ),
        # stop 61 (scrubber 1.151.0): a prompt's host made of the owner's name beside a login
        # made of it another way (Calamares' ``<first><initials>@<first>-<product>``, a Mac named
        # ``<First><Last>`` beside ``<f><last>``)
        "named_hosts": lambda d: (
            d.k("[")
            .v(first.lower() + last[0].lower())
            .k("@")
            .v(first.lower())
            .k("-dellg155530 ~]$ yabridgectl list\n/home/")
            .v(first.lower() + last[0].lower())
            .k("/.wine/drive_c/vst\n")
            .v(first + last)
            .k(":myapp ")
            .v(initial)
            .k("$ ls\n/Users/")
            .v(initial)
            .k("/Documents/myapp\n")
        ),
        # stop 62 (scrubber 1.166.0): a login above a home's per-user folders deep down a
        # site's share, Micro-Manager's CoreLog header's ``User:``
        "lab_share_logins": lambda d: (
            d.k("Requirement already satisfied: numpy in /endosome/archive/MIL/")
            .v(initial)
            .k("/.conda/envs/napari-env/lib/python3.9/site-packages (1.22.3)\n/nfs2/lab/team/")
            .v(initial)
            .k("/.config/napari/settings.yaml\n2022-04-11T17:18:09.043385 tid8436 [IFO,App] User: ")
            .v(first)
            .k("\n2022-04-11T17:18:09.043385 tid8436 [IFO,App] Host: DESKTOP-LD09UV5\n")
        ),
        # stop 61 (scrubber 1.152.0): a person's name and login in identity services' user
        # objects (SCIM 2.0 User, Keycloak UserRepresentation, Okta, GitLab, GitHub, Graph)
        "identity_user_objects": lambda d: (
            d.k('{"schemas":["urn:ietf:params:scim:schemas:core:2.0:User"],"userName":"')
            .v(u)
            .k('","name":{"givenName":"')
            .v(first)
            .k('","familyName":"')
            .v(surname)
            .k('"},"active":true}\n{"id":"b2d5c1f4","username":"')
            .v(w)
            .k('","enabled":true,"firstName":"')
            .v(first)
            .k('","lastName":"')
            .v(surname)
            .k('","access":{"view":true}}\n{"login":"')
            .v(initial)
            .k('","id":5811234,"type":"User","name":"')
            .v(f"{first} {surname}")
            .k('","company":null}\n{"displayName":"')
            .v(f"{first} {surname}")
            .k('","id":"5a6b7c8d","userPrincipalName":"')
            .v(f"{squashed}@fabrikamtoys.onmicrosoft.com")
            .k('"}\n')
        ),
        # stop 61 (scrubber 1.148.0): database client shells: a database URL's login in the
        # per-user database named after it (``<u>088``), sqlcmd's ``-P`` password
        "database_shells": lambda d: (
            d.k("PS C:\\WINDOWS\\system32> mongo mongodb://")
            .v(squashed)
            .k(":<???>@10.1.2.3:27017/")
            .v(squashed)
            .k("088\nconnecting to: mongodb://10.1.2.3:27017/")
            .v(squashed)
            .k("088?gssapiServiceName=mongodb\n> show dbs\nadmin    0.000GB\n")
            .v(squashed)
            .k('088  0.000GB\nsqlcmd -S 127.0.0.1,1433 -U SA -P "')
            .v(cut + "7q")
            .k("\"\nSqlcmd: Error: Login failed for user 'SA'..\n")
        ),
        # stop 61 (scrubber 1.153.0): database servers' accounts in their documented messages,
        # statements and listings (PostgreSQL's refusals and psql's \du rows, MySQL's account
        # names, MongoDB's user documents, SQL Server's 18456, SQL*Plus's CONNECT)
        "db_server_accounts": lambda d: (
            d.k(" Role name | Attributes\n-----------+-----------\n ")
            .v(w)
            .k(" | Create DB\n postgres | Superuser\nGRANT ALL PRIVILEGES ON shop.* TO '")
            .v(initial)
            .k("'@'%';\n")
            .k('\t\t"_id" : "admin.')
            .v(squashed)
            .k('",\n\t\t"userId" : UUID("6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f"),\n\t\t"user" : "')
            .v(squashed)
            .k('",\n\t\t"db" : "admin",\n')
        ),
        # stop 61 (scrubber 1.154.0): a login a tool prints in a documented field of its own
        # output (p4 info's User name:, ssh-keygen -l's user@host comment, crontab's MAILTO=,
        # Grafana's uname=, Vault's display_name <mount>-<user>, a Windows shell's %USERNAME%)
        "tool_field_logins": lambda d: (
            d.k("User name: ")
            .v(u)
            .k("\nClient host: build-07\n256 SHA256:Wf1e0mKk9kW2v6bJv0zQ2XxZb3aQf+5g1cYlq8mG0ks ")
            .v(w)
            .k("@workstation (ED25519)\nMAILTO=")
            .v(initial)
            .k("\nlogger=context userId=3 orgId=1 uname=")
            .v(squashed)
            .k(" method=GET\ndisplay_name        ldap-")
            .v(hyphened)
            .k("\nC:\\> echo %USERNAME%\n")
            .v(initial)
            .k("\n")
        ),
        # stop 61 (scrubber 1.156.0): a person's Kubernetes user (a kubeconfig's users entry and
        # context, an RBAC subject, a client certificate's CN beside its O groups) and a person's
        # name in a certificate's subject beside its emailAddress
        "kubernetes_user_identities": lambda d: (
            d.k("users:\n- name: ")
            .v(u)
            .k("\n  user:\n    client-certificate-data: DATA+OMITTED\ncontexts:\n- context:\n")
            .k("    cluster: prod\n    user: ")
            .v(u)
            .k("\n  name: prod\nsubjects:\n- kind: User\n  name: ")
            .v(w)
            .k("\n  apiGroup: rbac.authorization.k8s.io\nsubject=CN = ")
            .v(initial)
            .k(", O = system:masters\n        Subject: C=US, O=Kestrel Labs, CN=")
            .v(name)
            .k("/emailAddress=")
            .v(f"{initial}@kestrel-mail.com")
            .k("\n")
        ),
        # stop 61 (scrubber 1.157.0): the account in session, event and open-file listings
        # (a Windows Security event's Account Name:, TargetUserName, smbstatus's, lsof's and
        # fuser -v's rows, net session's and openfiles /query's rows)
        "session_listing_logins": lambda d: (
            d.k("New Logon:\n\tSecurity ID:\t\tS-1-5-21-1-2-3-1001\n\tAccount Name:\t\t")
            .v(u)
            .k('\n\tAccount Domain:\t\tCORP\n<Data Name="TargetUserName">')
            .v(initial)
            .k("</Data>\n12345   ")
            .v(squashed)
            .k("   users   192.168.1.20 (ipv4:192.168.1.20:51234)   SMB3_11   -   -\n")
            .k("python3   12345 ")
            .v(initial)
            .k("  cwd    DIR  253,1     4096 1234567 /srv/app\n/srv/data:           ")
            .v(squashed)
            .k("   1234 ..c.. bash\n12       ")
            .v(initial)
            .k("   Windows    C:\\Shares\\Reports\\\n")
        ),
        # stop 61 (scrubber 1.158.0): a person's handle and name in chat platforms' user
        # objects (Slack, Discord, Matrix) and npm's owner listing
        "chat_user_objects": lambda d: (
            d.k('{"id":"W07QCRPA4","team_id":"T0G9PQBBK","name":"')
            .v(initial)
            .k('","deleted":false,"real_name":"')
            .v(f"{first} {surname}")
            .k('","is_bot":false}\n{"id":"80351110224678912","username":"')
            .v(w)
            .k('","global_name":"')
            .v(f"{first} {surname}")
            .k('","bot":false}\n{"display_name":"')
            .v(f"{first} {surname}")
            .k('","user_id":"@')
            .v(squashed)
            .k(':matrix.example.org"}\n$ npm owner ls left-pad-extra\n')
            .v(u)
            .k(" <")
            .v(f"{squashed}@fastmail.com")
            .k(">\n")
        ),
        # stop 62 (scrubber 1.160.0): a person named in document and media metadata tools'
        # output (exiftool's Author and Last Modified By, pdfinfo's Author:, core.xml's
        # cp:lastModifiedBy, mdls's kMDItemAuthors)
        "document_metadata_people": lambda d: (
            d.k("Author                          : ")
            .v(f"{first} {surname}")
            .k("\nLast Modified By                : ")
            .v(initial)
            .k("\nTitle:           Report\nAuthor:          ")
            .v(squashed)
            .k("\nCreator:         Writer\nProducer:        LibreOffice 7.6\n<cp:lastModifiedBy>")
            .v(u)
            .k('</cp:lastModifiedBy>\nkMDItemAuthors                 = (\n    "')
            .v(f"{first} {surname}")
            .k('"\n)\n')
        ),
        # stop 62 (scrubber 1.164.0): a prompt's login and a home inside a Gecko stack frame's
        # file:// URL beside word frames (``load@chrome://…:<line>:<col>``), which stay
        "gecko_frame_logins": lambda d: (
            d.v(u)
            .k("@devbox:~$ zotero -ZoteroDebugText\nload@chrome://zotero/content/a.js:88:1\n")
            .k("trace@file:///home/")
            .v(initial)
            .k("/example.html:9:17\n")
        ),
        # stop 62 (scrubber 1.162.0): the login in account and accounting commands' output
        # (sudo -l, passwd -S, quota -u, loginctl show-user, logind's session scope, finger's
        # Login: and Name:, Get-LocalUser's and net localgroup's rows)
        "account_output_logins": lambda d: (
            d.k("User ")
            .v(u)
            .k(" may run the following commands on myhost:\n    (ALL : ALL) ALL\n")
            .v(initial)
            .k(" P 12/06/2026 0 99999 7 -1\nDisk quotas for user ")
            .v(squashed)
            .k(" (uid 1001): none\nUID=1002\nGID=1002\nName=")
            .v(u)
            .k("\nStarted Session 3 of User ")
            .v(initial)
            .k(".\nLogin: ")
            .v(squashed)
            .k("        \t\t\tName: ")
            .v(f"{first} {surname}")
            .k("\nName               Enabled Description\n----               ------- -----------\n")
            .v(initial)
            .k("            True\n\nMembers\n\n" + "-" * 79 + "\nAdministrator\n")
            .v(u)
            .k("\nThe command completed successfully.\n")
        ),
        # stop 62 (scrubber 1.163.0): a login in Linux desktop sessions' own lines (GDM's debug
        # lines, IBus's socket folder also broken after /tmp/ibus-, ps's column cut to seven
        # characters and +)
        "desktop_session_logins": lambda d: (
            d.k("GdmSession: Set up service gdm-password for username ")
            .v(u)
            .k(" on session (0x55d1c8a0e0a0)\nGdmSessionWorker: authenticating user ")
            .v(u)
            .k("\nConnect to unix:path=/tmp/ibus-\n")
            .v(w)
            .k("/ibus-unix-0 failed\n% ps -ef | grep ibus\n")
            .v((initial + squashed)[:7])
            .k("+  7252  4622  0 09:27 pts/3    00:00:00 ibus-daemon --verbose\n")
        ),
        # stop 62 (scrubber 1.165.0): Active Directory tools' credentials: bloodhound-python's
        # -p, impacket's domain/user:password@host target, an NT hash after -H, NetExec's echo
        "ad_tool_credentials": lambda d: (
            d.k("$ bloodhound-python -u admin -p ")
            .v(_r(rng, ALNUM, 12))
            .k(" -d corp.local -ns 10.0.0.1 -c All\n$ GetUserSPNs.py corp.local/admin:")
            .v(_r(rng, ALNUM, 12))
            .k(" -dc-ip 10.0.0.1 -request\n$ nxc smb 10.0.0.1 -u admin -H ")
            .v(h)
            .k("\nSMB         10.0.0.1        445    DC01             [+] CORP\\admin:")
            .v(_r(rng, ALNUM, 12))
            .k(" (Pwn3d!)\n")
        ),
        # stop 62 (scrubber 1.161.0): people in issue trackers' and project tools' output (gh's
        # and glab's piped view, go-jira's view, Jira's, Azure DevOps', Redmine's, Trello's and
        # Phabricator's user objects)
        "tracker_people": lambda d: (
            d.k("title:\tCrash on start\nstate:\tOPEN\nauthor:\t")
            .v(u)
            .k("\nlabels:\tbug\ncomments:\t0\nassignees:\t")
            .v(w)
            .k("\nprojects:\t\nmilestone:\t\nnumber:\t412\n--\nissue: PROJ-7\nstatus: Open\n")
            .k("summary: Crash\nproject: PROJ\nassignee: ")
            .v(initial)
            .k('\n{"assignee": {"accountId": "5b10a2844c20165700ede21g", "displayName": "')
            .v(f"{first} {surname}")
            .k('", "accountType": "atlassian"}, "System.CreatedBy": {"displayName": "')
            .v(f"{first} {surname}")
            .k('", "uniqueName": "ACME\\\\')
            .v(squashed)
            .k('"}, "author": {"id": 5, "name": "')
            .v(f"{first} {surname}")
            .k('"}}\n')
        ),
    }


PASTED_PLACEHOLDERS = {
    # stop 53 (scrubber 1.47.0): version control's example, service and placeholder committers
    # and role prompts
    "version_control_placeholders": "-" * 72 + "\nr1 | (no author) | 2002-08-01 12:00:00"
    " -0500 (Thu, 01 Aug 2002) | 1 line\n" + "-" * 72 + "\n"
    "Last Changed Author: harry\n"
    '<logentry\n   revision="40">\n<author>sally</author>\n</logentry>\n'
    "changeset:   3:b608b9236435\nuser:        convert-repo\n"
    "\u256d\u2500root@localhost ~ \u2039system\u203a\n\u2570\u2500\u27a4  id\n"
    "    [vagrant@centos7 ~]$ vagrant up\n"
    "[AppStore] adding account USERNAME (USERNAME) to store\nError adding account 'ghost'\n",
    "signing_key_placeholder": "[user]\n\tsigningkey = ASD123A\n\tgpgsign = true\n",
    "placeholder_home": "package cache : C:\\Users\\xxx\\AppData\\Local\\conda\\pkgs\n",
    "placeholder_address": "git config --global user.email your.name@company.org\n",
    "role_address": "From: GitHub <notifications@github.com>\n",
    "documented_token": 'Slack.Bot.start_link(SlackRtm, [], "xoxb-some-token")\n',
    "documented_key_pair": "Credential=AKIAIOSFODNN7EXAMPLE/20170424/us-east-1/s3/aws4_request\n",
    "oem_home": "C:\\Users\\LENOVO\\AppData\\Local\\Programs\\Python\\Python311\\python.exe\n",
    "default_account": "ubuntu@ip-10-2-1-11:~$ docker info\n",
    "share_without_home": "/scratch/myproject/envs/dev/bin/python\n",
    "npm_log_path": "A complete log of this run can be found in: "
    "/tmp/_cacache/_logs/2025-09-29T10_22_38_654Z-debug-0.log\n",
    "placeholder_person": 'git config --global user.name "John Doe"\n',
    "word_placeholder_home": "debug1: Reading configuration data /home/MyLaptopUser/.ssh/config\n",
    "container_account": "[I 10:01] Serving notebooks from local directory: /home/jovyan/work\n",
    "macos_temp_folder": "-trimpath=/var/folders/x1/y2z3/T/go-build123=/tmp/go-build\n",
    "braced_password_field": "url = https://{user}:{password}@pypi.example.org/simple\n",
    "url_ended_before_at": '"https://url:8000";@something else\nhttps://url:8000 @something else\n',
    "jenkins_system_starter": "Started by user SYSTEM\nRunning as SYSTEM\n",
    "windows_system_account": "User:          NT AUTHORITY\\SYSTEM\nComputer:      Pepdown\n",
    "url_password_variable": "git clone https://oauth2:${CI_JOB_TOKEN}@gitlab.example.com/p/x\n",
    "basic_repeated_letters": "authorization: Basic YmJiYmI6YmJiYmI=\n",
    "slack_webhook_placeholder": "https://hooks.slack.com/services/T00000000/B00000000/"
    "XXXXXXXXXXXXXXXXXXXXXXXX\n",
    "system_account_listing": "-rw-r--r--   1 root  wheel   117 Dec 30 13:46 hosts\n",
    "service_process_row": "www-data  1204  0.0  0.1 11916 4560 ?  S  08:15  0:00 nginx\n",
    "system_login_record": "reboot   system boot  6.11.10-amd64    Fri Dec 13 20:02 - running\n",
    "no_crontab_for_root": "no crontab for root\n",
    "prose_terminal_time": "The console output at 14:02 showed nothing unusual.\n"
    "Restart the server and check the logs.\n",
    "test_account_login_record": "testuser   pts/0    00:00   Nov 15 11:35:30\n",
    "placeholder_addresses": "        foo@bar.com\n*       some.user@gmail.com\n",
    "numbered_placeholder_login": "ssh-copy-id user01@www.servidor.com\n",
    "typed_over_password": '{"username":"Test1","password":"adada"}\n',
    "easybuild_prefix": "root environment : /scratch/gencore/.local/easybuild/software/x/4.2\n",
    "metasyntactic_home": "USERPROFILE=C:\\Users\\Foo\nC:\\Users\\Foo\\Documents\n",
    "dot_folder_under_home_root": "/boot/home/.local\n",
    "service_home_under_var_lib": "cat /var/lib/elkarbackup/.ssh/id_rsa.pub\n",
    "alphabet_token": "//npm.xyzcom/:_authToken=ABCDEF\n    token: 12345678ABCDEFG\n",
    "default_word_counted": '{"email": "---------", "password": "password123"}\n',
    "record_system_account": 'user="root" host=db1 login="true"\n',
    "whoami_in_a_script": "#!/bin/sh\nwhoami\nhostname\n",
    "windows_profile_folders": (
        "    Directory: C:\\Users\n\nMode                 LastWriteTime         Length Name\n"
        "d-----        1/14/2022  10:11 AM                defaultuser0\n"
        "d-r---        12/3/2021   9:05 AM                Public\n"
    ),
    "merges_from_two_sources": (
        "Merge pull request #1 from acme/a\nMerge pull request #2 from umbra/b\n"
    ),
    "sudo_role_account": "[sudo] password for admin: \nadmin is not in the sudoers file.\n",
    "passwd_system_accounts": "root:x:0:0:root:/root:/bin/bash\n"
    "nobody:x:65534:65534:Kernel Overflow User:/:/sbin/nologin\n",
    "ci_runner_account": "tar.exe: Couldn't open C:/Users/runneradmin/.gradle/x.lock\n",
    "placeholder_person_address": "Contact: john@smith.com\n",
    "passwd_default_account": "ec2-user:x:1000:1000:EC2 Default User:/home/ec2-user:/bin/bash\n"
    "Use EC2 here.\n",
    "two_letters_also_a_word": "rb@ATMS-DEV MINGW64 /c/x\n$ python -c \"open(f, 'rb')\"\n",
    # stop 46 (S): the stop-50 account rules on services', defaults' and roles' accounts
    "service_account_by_evidence": "$ id ollamad\nuid=996(ollamad) gid=996(ollamad)\n"
    "-rw-r--r-- 1 vectord vectord 4096 Okt 24 15:33 db\nsee /var/lib/vectord/db\n",
    "switch_to_a_service": "$ su - airflow\n$ sudo -u zabbix\n",
    "passwd_service_numbered_like_a_person": "ollama:x:1001:1001:Ollama:/usr/share/ollama:"
    "/bin/false\nOllama runs\n",
    "passwd_role_comment": "node:x:1000:1000:Linux User,,,:/home/node:/bin/sh\nLinux User here\n",
    "user_name_in_a_form": "User Name: Your Name (required)\n",
    "two_letters_of_a_linux_prompt": "db@host:~$ ls\n",
    "shared_profile_with_a_suffix": "C:\\Users\\Public.Documents\\x\nC:\\Users\\Public\\x\n",
    # stops 52-53: built-in and role accounts, a tool's own prefix, vendors' role addresses
    "windows_builtin_accounts": (
        "Username: WIN-1\\DefaultAccount\nRunAs User: WIN-1\\WDAGUtilityAccount\n"
    ),
    "data_store_builtin_user": "$ curl -u elastic https://localhost:9200/_cat/indices\n",
    "tool_prefix_home": "/home/linuxbrew/.linuxbrew/bin/brew install jq\n",
    "vendor_role_addresses": "Questions? Write to hello@fig.io or team@notion.so\n",
    # stop 54: chsh's and a Mac prompt's role, system and placeholder accounts
    "chsh_system_and_placeholder": "Changing shell for root.\nChanging password for user.\n",
    "mac_prompt_role_login": "MacBook-Pro-15:~ Admin$ which git\nMacBook-Air:~ Demo$ ls\n",
    # stop 48: a name joined to a digest is a build's or a cache's folder, public
    "named_digest_folders": "C:\\Tools\\PortableGit_f02737a78695063deace08e96d5042710d3e32db"
    "\\cmd\\git.exe\nLayerCache_F02737A78695063DEACE08E96D5042710D3E32DB ok\n",
    # stop 51: an API route and a data set's users table, shaped like a mount's users folder
    "users_route_or_table": "GET /api/users/alice/repos\n"
    "pd.read_parquet('/data/users/train/part-0.parquet')\n",
    # stop 55: placeholder passwords beside role logins, a service named like its host, role
    # and product display names in an account log, an encoder's call over placeholder words
    "url_role_login_placeholder_password": "https://oauth2:<token>@gitlab.com/g/p.git\n"
    "mongodb://mongo:${MONGO_PASSWORD}@mongo:27017\n",
    "app_log_role_accounts": "found account: default (Default Account)\n"
    "Selected account: enterprise (GitHub Enterprise)\n",
    "encoded_placeholder_auth": '{"auths": {"REGISTRY": {"auth": "base64(USERNAME:PASSWORD)"}}}\n',
    # stop 56: a bot or a placeholder git names, an ellipsis in a placeholder's place, an OEM's
    # role folder, placeholder-word passwords, a product's own default address
    "push_denied_bot_or_placeholder": "remote: Permission to o/r.git denied to "
    "github-actions[bot].\nERROR: Permission to o/r.git denied to deploy key\n",
    "password_ellipsis_placeholder": "DB_PASSWORD=your_password...\nmysql --password=...\n",
    "oem_role_acronym_home": "C:\\Users\\IBM_ADMIN\\AppData\\Local\\GitHubDesktop\\x.js\n",
    "placeholder_word_password": "docker run -e POSTGRES_PASSWORD=mysecretpassword -d postgres\n",
    "versioned_product_address": "PGADMIN_DEFAULT_EMAIL: pgadmin4@pgadmin.org\n",
    # stop 57: a PC maker's account as a user folder in any case, a drive's User root with no
    # profile folder after it, the home row typed over and the alphabet's count as credentials
    "oem_maker_home": "C:\\Users\\fUJITSU\\AppData\\Local\\Packages\\x\\aider.exe\n"
    "C:\\Users\\TOSHIBA\\Desktop\\a.txt\n",
    "user_root_without_profile": "D:\\user\\project\\src\\main.py\n",
    "home_row_token": '{"auth": {"token": "asdasdasdasd"}}\n',
    "alphabet_count_password": "      POSTGRESQL_password: abc123!\n",
    # stop 49: macOS's id answer for a role word or a service in its own group
    "macos_id_role_or_service": "mbp% id developer\nuid=501(developer) gid=20(staff)\n"
    "$ id jenkins\nuid=502(jenkins) gid=502(jenkins)\n",
    "id_answer_image_account": "uid=1000(coder) gid=1000(coder) groups=1000(coder),27(sudo)\n"
    "uid=1000(jovyan) gid=100(users) groups=100(users)\n",
    # stop 58: a numbered account named after a protocol (a test suite's), a provider prefix
    # before a counted run (LiteLLM's documented master key) or before words saying it is fake
    "protocol_account_home": "$ sudo chown net_ssh_1 /home/net_ssh_1/.ssh/authorized_keys\n"
    "/home/sftp-upload-3/incoming/x.csv\n",
    "counted_provider_key": "curl -H 'Authorization: Bearer sk-1234' http://localhost:4000/v1\n",
    "key_that_says_fake": '{"api_key": "sk-upstream-invalid-for-langfuse-e2e-only"}\n',
    # stop 50: the same tools' lines that name nobody (git's name for uncommitted lines, a bot,
    # ansible's unset user, an image's account, an Azure Pipelines agent's home)
    "tool_forms_of_nobody": "$ git shortlog -sn\n   120\tdependabot[bot]\n"
    "00000000 (Not Committed Yet 2026-12-04 23:00:00 +0000 12) code\n"
    "<10.0.0.1> ESTABLISH SSH CONNECTION FOR USER: None\n"
    "vagrant@ubuntu-focal ~> sudo apt update\n"
    "/home/AzDevOps/.npm/_logs/2026-09-04T12_39_31_440Z-debug-0.log\n",
    # stop 50 (1.28.0): the same forms naming nobody, an IDE's public id, a documented default
    "escaped_and_typed_of_nobody": "sdk.dir=C\\:\\\\Users\\\\user\\\\AppData\\\\Local\n"
    "file:///c%3A/Program%20Files/nodejs/node.exe\n"
    "driver.find_element(By.ID, 'password').send_keys(password)\n"
    "root@hammer $ git push\n"
    "admin 不在 sudoers 文件中。此事将被报告。\n"
    '  <component name="ProjectId" id="2Nq8fXkPbXJ4sYc0VYqvLz1pQ3a" />\n'
    "mysql -u root --port=3344 --password=drowssap\n",
    # stop 50 (1.29.0): the same forms naming nobody, public digests and a build folder
    "profiles_ssh_and_pgpass_of_nobody": "C:\\Users\\Admin.DESKTOP-4F2K9QX\\AppData\n"
    "PS C:\\Users\\Convidado> dir\n"
    "C:\\Users\\Public.pydio_data\\pydio.log\n"
    "Host github.com\n  User git\n"
    'debug1: PAM: initializing for "root"\n'
    "*:*:*:postgres:postgres\n"
    "https://x-access-token:${GITHUB_TOKEN}@github.com/o/r\n"
    "debug1: acceptable for RSA SHA256:Zx8bJ0pQv2kLmN4rT6yW9cD3fH5jK7sU1eG2iO4aB6c\n"
    '  "crashReporterKey" : "5D2B6E9A-1C3F-4A7B-9E2D-8F6C4B1A3E5D",\n'
    "D:/src/app/build-app-Desktop_Qt_6_8_1_MinGW_64_bit-Debug\n",
    "prompts_masks_and_temp_names_of_nobody": "ubuntu:/home/ubuntu$ ls\n"
    "connectionToken==1a1aa111-1a11-1a11-a11a-1a1aaa11111a==\n"
    '{"connectionToken":"00000000-0000-0000-0000-000000000000"}\n'
    '"C:/Users/Public/AppData/Local/Temp/RtmpQx3kLm/devtools1c0c75c81609/r-lib-xml2-bb6efb2"\n'
    "[nixos@nixos:~]$ ls /home/nixos\n",
    "netrc_hgrc_keys_and_minecraft_of_nobody": "machine ftp.example.org login anonymous\n"
    "  password guest\n"
    "[ui]\nusername = John Doe <john@example.com>\n"
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7vbqajDhA root@localhost\n"
    "[12:00:01] [main/INFO]: Setting user: Player726\n",
    "session_tables_and_git_identity_of_nobody": "Author: A U Thor <author@example.com>\n"
    "SESSION  UID USER SEAT  LEADER CLASS TTY  IDLE SINCE\n"
    "c1 120 gdm seat0 1021 greeter tty1 no -\n"
    "Username         Port     From             Latest\n"
    "root             pts/0    10.0.2.2         Mon Jan  6 10:12:01 +0000 2020\n"
    "daemon                                     **Never logged in**\n"
    'slapd[31387]: conn=1000 op=0 BIND dn="cn=Manager,dc=my-domain,dc=com" method=128\n',
    "format_logins_of_nobody": " 972   464   svchost.exe   x64   0        NT AUTHORITY\\SYSTEM"
    "           C:\\Windows\\system32\\svchost.exe\n"
    "[sudo] password for DOMAIN\\user:\n"
    "$ sudo mount -t cifs -o user=guest //server/share /mnt\n"
    "Password for guest@//server/share:\n"
    'smbclient -U "$SMB_USER%$SMB_PASS" //server/share\n'
    "host all all 0.0.0.0/0 md5\nhost replication replicator 10.0.0.0/8 md5\n"
    "github.com:\n    user: octocat\n    git_protocol: https\n"
    "git config user.name 'Foo Bar'\n"
    'password: "$123456789"\n'
    "Postponed publickey for myname@mydomain.net from 10.0.0.2 port 50522 ssh2 [preauth]\n",
    "layout_logins_of_nobody": "/private/var/tmp/_bazel_root/048dc339e919adf019cd498aa08795ff/b\n"
    "[client]\nuser = root\nhost = localhost\n"
    "dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>\n"
    "C:\\app\\oracle\\product\\11.2.0\\dbhome_1\\network\\admin\n",
    "share_homes_of_nobody": "/dssg/home/acct-grpq/share/envs/glm/bin/python\n"
    'model_path="/data/home/models/chatglm3-6b"\n'
    "/mnt/home/datasets/coco/train2017\n",
    "public_ids_of_nobody": 'Build settings for action build and target "App":\n'
    "    ALTERNATE_OWNER = runner\n           UID: 0 (root)\n     Owner UID: 1000 (deck)\n"
    'AVC avc:  denied  { write } for  pid=911 comm="systemd-homed" name="home" tclass=dir\n'
    "JS ERROR: x@/usr/share/gnome-shell/extensions/ubuntu-dock@ubuntu.com/appIcons.js:42:21\n"
    "$ gnome-extensions enable dash-to-dock@micxgx.gmail.com\n"
    "To: microsoft/terminal <terminal@noreply.github.com>\n"
    "Cc: Support, ACME <support@example.com>\n"
    "    User: PersonalAccessToken\n"
    "OK           J:        \\\\192.168.68.110\\Desenvolvimento\n",
    # stop 51 (scrubber 1.36.0): Hadoop's and CI images' accounts, a kubeconfig role
    "accounts_of_nobody": "org.apache.hadoop.security.AccessControlException: Permission denied: "
    'user=root, access=WRITE, inode="/user":hdfs:supergroup:drwxr-xr-x\n'
    "INFO SecurityManager: Changing view acls to: spark,*\n"
    "[core]\naccount = 1234-compute@developer.gserviceaccount.com\n"
    "  /usr/bin/tar xz -C /Users/anka/actions-runner/_work/_temp/x\n"
    "  warning: /Users/brew/Library/Caches/org.swift.swiftpm is not accessible\n"
    "[root@headnode@tools]$ ls\n"
    "clusters:\n- cluster:\n    server: https://k8s-api.v.k8s.work:6443\n  name: prd\n"
    "users:\n- name: qa@k8s.work\n  user:\n    token: <redacted>\n",
    # stop 51 (scrubber 1.37.0): WireGuard's and Tailscale's public keys, upper-case
    # placeholders at a Username: prompt, owner columns and config values of nobody
    "vpn_public_material": "[Peer]\nPublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=\n"
    '  "PublicKey": "L+V9o0fNYkMVKNxxxxxxSvxM/C7ZCZX1jLO3Q=",\n'
    "Username: VPN_USERNAME\nuser=USER_NAME\n"
    "100.108.1.2  machinename  tagged-devices  linux  offline\n"
    "100.64.0.4  gateway  root@  linux  -\n"
    'DEBUG:  Config username = "notused"\n'
    "E:/Unreal Projects/OSC/Content/Developers/\n",
    # stop 52 (scrubber 1.38.0): redaction placeholders, forges' organisations in checkouts
    "redaction_placeholders": "     Owner UID: 1000 (USERNAME-CENSORED)\n"
    "VBOX_USER_HOME=C:\\Users\\User Name\\.VirtualBox\n"
    "root@rootLT:~# ls\n/srv/src/salsa.debian.org/debian/devscripts/debian/control\n",
    # stop 52 (scrubber 1.40.0): mail tools' placeholders, log levels and signatures
    "mail_placeholders": "dovecot: auth: Debug: Loading modules\n"
    'signature = "Regards,"\n'
    'set imap_pass = "asdfghjkl"\nremotepass = blablabla\n'
    "User something@disroot.org\n"
    "logfile : LOG_imapsync/2016_03_07_08_00_03_user@my-domain.com.txt\n"
    "account default\nhost smtp.example.org\npassword ****\n"
    "auth: Master user logging in as root\n",
    # stop 52 (scrubber 1.39.0): Nextcloud's own mask, placeholder passwords and addresses
    "self_hosted_placeholders": '        "dbpassword": "***REMOVED SENSITIVE VALUE***",\n'
    "{'password': 'clear_text_pwd', 'username': 'clear_text_userid'}\n"
    "Processing mail account johndoe@gmail.com\nUser name: xxx.xxx@gmail.com\n"
    "from = myemail@gmail.com\nremoteuser = something@disroot.org\n"
    "**Debug token provided by [uploading `pihole -d` log](https://discourse.pi-hole.net/t/"
    "the-pihole-command-with-examples/738#debug):**\n\n`N/A`\n",
    # stop 52 (scrubber 1.41.0): game launchers' and maker tools' public material
    "game_and_maker_tool_public_material": "PROTON_LOG_DIR=/home/deck LEGENDARY_CONFIG_PATH=/home"
    "/deck/.config/heroic/legendaryConfig/legendary\n"
    '[INFO] [Config]: Loading config: "/home/ark/.config/retroarch/retroarch.cfg".\n'
    "esptool v0.4.9 - (c) 2014 Ch. Klippel <ck@atelier-klippel.de>\n"
    "[main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher running: args [--username, Dev,"
    " --version, MOD_DEV, --accessToken, ????????]\n"
    "[17:50:13] [Client thread/INFO]: Setting user: Player419\n"
    "\tForced entities: 1 total; [class_1531['Armor Stand'/87, l='ClientLevel', x=1.50,"
    " y=64.00, z=2.50]]\n",
    # stop 52 (scrubber 1.43.0): sync and backup tools' defaults, service accounts and examples
    "sync_and_backup_placeholders": 'export RESTIC_REPOSITORY="sftp:admin@mynas.synology.me:/"\n'
    "$ restic -r sftp:rsync@192.168.1.20:/Backup/restic snapshots\n"
    "export BORG_REPO=ssh://borg@backup.example.com:2222/./repo\n"
    "rclone config create cpp webdav user=k pass=reallyreallylongpasswordof32chrs\n"
    "https://cloud.example.com/remote.php/dav/files/USERNAME/\n"
    '{"reqId":"X2z5JPXayFutojffS-xGWAAAAJg","level":3,"user":"--","app":"cron","method":"",'
    '"url":"--","message":"m"}\n'
    "of account [admin@cloud.example.com]\nls /mnt/data/media/Cloud/One Drive\n",
    # stop 52 (scrubber 1.42.0): masks, placeholders and default accounts of the transfer and
    # notebook formats
    "transfer_and_notebook_placeholders": "net use U: \\\\sshfs\\root@10.66.124.129"
    "\\..\\..\\opt\\IBM /user:root\n"
    '  File "/home/userX/.anaconda3/lib/python3.7/site.py"\n'
    'curlftpfs "ftp://myUsername:myPassword@h2980c01.myFTPServer.com" /mnt/ftp\n'
    "Command:\tUSER anonymous\n"
    'Fri Dec 14 09:38:37 2018 [pid 16248] [ftp] OK LOGIN: Client "X.X.X.X"\n'
    "[I 2021-02-12 11:29:00.068 JupyterHub base:757] User logged in: admin\n"
    "[rsession-rstudio] ERROR session hadabend\n"
    ". 2023-10-23 14:17:54.343 Local account: DESKTOP-4F2K9QJ\\Administrator\n",
    # stop 52 (scrubber 1.44.0): SASL capability lines, words, placeholders' base64, RFC 4954's
    # example
    "sasl_placeholders": "250-AUTH PLAIN LOGIN CRAM-MD5\nC: AUTH PLAIN dGVzdAB0ZXN0AHRlc3Q=\n"
    "AUTH LOGIN failed\n334 VXNlcm5hbWU6\ndXNlcm5hbWU=\n",
    # stop 53 (scrubber 1.48.0): placeholder, masked and role user ids; Vault's dev root token,
    # masks and accessor; Go's path error after `token:`
    "signing_and_secret_store_placeholders": "uid           [ultimate] John Doe"
    " <john.doe@example.com>\n"
    "uid           [ unknown] ____ <_____>\n"
    "uid           [ unknown] GitHub (web-flow commit signing) <noreply@github.com>\n"
    "uid           [ unknown] Debian Archive Automatic Signing Key (12/bookworm)"
    " <ftpmaster@debian.org>\n"
    "$ vault login root\ntoken              s.XXXXXXXXXXXXXXXXXXXXXXXX\n"
    "token_accessor     7e19b4c0-44d2-a8f3-0c6b-d35a91e2f7b8\n"
    "Error storing token: open //.vault-token: permission denied\n",
    # stop 53 (scrubber 1.45.0): LNMP's web stack folders under /home, a device's service login
    # in an ssh target, a default at a public host, a placeholder Windows login and its address
    "web_stack_and_service_placeholders": "at /home/wwwroot/default/vendor/laravel/x.php:12\n"
    "tail -f /home/wwwlogs/access.log\n"
    "BELC02XK7PQH3RM:~ user$ ssh -vvvv syslocal@securenet-rtr\n"
    "ssh -v root@router.asus.com\n"
    "C:\\Users\\some_user\\AppData\\Local\\gpg.exe -bsau <some_user@mail.org>\n",
    # stop 53 (scrubber 1.45.0): MySQL's refusal and PHP's connections for defaults and
    # placeholders
    "php_database_defaults": "ERROR 1045 (28000): Access denied for user 'root'@'localhost'"
    " (using password: YES)\n#1045 - Access denied for user 'pma'@'localhost' (using password:"
    " NO)\nmysqli_connect('127.0.0.1', 'db_user', Object(SensitiveParameterValue), 'app')\n"
    "PDO->__construct('mysql:host=127....', 'forge', Object(SensitiveParameterValue), Array)\n",
    # stop 53 (scrubber 1.46.0): the schedulers' own and placeholder accounts, their variables
    "scheduler_placeholders": "    Job_Owner = root@pbs-server\n"
    "   UserId=slurm(64030) GroupId=slurm(64030) MCS_label=N/A\n"
    "squeue -u $USER --noheader\n$ bjobs -u all\n"
    "/gpfs/dell1/ptmp/emc.glopara/ROTDIRS/v16\n"
    "'[root@node1700 ~]$ mpirun -np 16 ./a.out\n[node1700:01167] mca: base\n",
    # stop 53 (scrubber 1.51.0): a service account made by useradd -r and Puppet's module's own
    # User[<module>], Capistrano's deploy login, a masked JWT, knife.rb's defaults and
    # interpolated key paths, Chef's UserIDNotFound for a service account
    "deployment_placeholders": "Error: /Stage[main]/Puppetboard/User[puppetboard]/ensure:"
    " change from absent to present failed: Could not create user puppetboard: Execution of"
    " '/usr/sbin/useradd -g puppetboard -s /bin/bash -m -r puppetboard' returned 12: useradd:"
    " cannot create directory /home/puppetboard\npuppetboard::apache::vhost::port: '80'\n"
    "Running [ -L /home/deploy/apps/myapp/releases/20240101 ] as deploy@192.168.2.100\n"
    '{"level":"trace","token":"eyJh...VCJ9.eyJp...1MH0.DHYi...3VIc"}\n'
    "node_name 'admin'\nclient_key \"#{current_dir}/admin.pem\"\n"
    "client_key \"#{ENV['HOME']}/.chef/#{ENV['USER']}.pem\"\n"
    "cannot determine user id for 'nginx', does the user exist on this system?\n",
    # stop 53 (scrubber 1.50.0): printing's, utmp's and the sound server's own and placeholder
    # accounts
    "session_and_printing_placeholders": "D [25/Apr/2014:10:01:02 +0200] print_job:"
    " requesting-user-name = 'anonymous'\n"
    'I [05/Dec/2020:10:01:02 +0000] [Job 39] Queued on "lpd" by "support".\n'
    "laser-12                root         1024   Fri Apr 25 10:01:02 2014\n"
    "[1] [00000] [~~  ] [runlevel] [~           ] [5.15.0-89-generic   ] [0.0.0.0        ]"
    " [2023-08-20T09:01:04,000000+00:00]\n"
    "[7] [01234] [ts/0] [root    ] [pts/0       ] [192.0.2.4           ] [192.0.2.4      ]"
    " [2023-08-20T09:10:00,000000+00:00]\n"
    "User Name: pulse\nHost Name: server\n"
    "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"
    "    790 avahi     20   0    8652   3968   3584 S   0.0   0.0   0:00.40 avahi-daemon\n"
    "   3002 tlog      20   0  245000  13000  10000 S   0.0   0.1   0:00.05 tlog-rec-session\n",
    # stop 53 (scrubber 1.49.0): test and example accounts, a role's 8.3 short name, a daemon's
    # own account in ps's USER column
    "test_accounts_and_role_short_names": "newuser:x:1001:1001::/home/newuser:/bin/bash\n"
    "XAUTHORITY=/home/vncuser1/.Xauthority\n"
    '  "java.home" : "/home/auser/src/git/jdk/build/linux-x64/images/jdk",\n'
    "    java.io.tmpdir = C:\\Users\\ADMINI~1\\AppData\\Local\\Temp\\\n"
    "tlog      9357  0.0  0.1 123456  7890 pts/0    S    10:00   0:00  \\_ -tlog-rec-session\n",
    # stop 53 (scrubber 1.52.0): chat networks' service accounts and addresses, a library tail
    # named as its service's home
    "chat_service_accounts": "NickServ is NickServ@services.libera.chat * Nickname Services\n"
    "* bot  H  0  ec2-user@i.love.plan9.bell-labs.com [EC2 Default User]\n"
    '  File "/home/synapse/env/lib/python3.8/site-packages/synapse/app/homeserver.py", line 4\n'
    "/home/mautrix/mautrix-telegram/mautrix_telegram/__main__.py\n"
    "[2020-05-05 23:18:30,891] [DEBUG@mau.as.api] Request PUT /profile"
    " user_id=@telegrambot:example.com\n"
    "{@admin:localhost} Processed request\nNew user localpart [root]: \n"
    '"from":{"id":777000,"is_bot":false,"first_name":"Telegram"}\n'
    '"via_bot":{"id":6077343007,"is_bot":true,"first_name":"Shop","username":"shop_bot"}\n',
    # stop 54 (scrubber 1.53.0): documented example tokens, self-declared fakes, a mask home,
    # a placeholder person at a reserved domain, documented default accounts
    "documented_placeholders": '{"data": {"authToken":'
    ' "9HqLlyZOugoStsXCUfD_0YdwnNnunAJF8V47U3QHXSq", "userId": "aobEdbYhXfu5hkeqG"}}\n'
    "      client-secret: supersecret\n"
    "  'secret' => 'fakesecretfdse3456789IOKJNBGT%67890OPOLKJHZGT&7ztgfds',\n"
    "[/home/x/.local/share/gnome-shell/extensions/laine@knasher.gmail.com/extension.js 374]\n"
    "Author:     On behalf of A. Colleague <colleague@example.org>\n"
    "core@ip-10-74-185-13 ~ $ sudo -i\n"
    "--from-file=.dockerconfigjson=/home/sammy/.docker/config.json\n",
    # stop 54 (scrubber 1.57.0): a Proxmox token id with a placeholder secret, Incus's trust
    # state, ZFS datasets that name no one, root's illumos prompt
    "storage_host_placeholders": "export PROXMOX_VE_APITOKEN="
    "'dev@pve!TOKENID=mytokenicreatedusingthegui'\n"
    "Authorization: PVEAPIToken=root@pam!monitoring=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx\n"
    "pveum user token list terraform-prov@pve\nauth: trusted\nauth_user_method: tls\n"
    "rpool/home/root/.cache  used  12K  -\nrpool/USERDATA/root_8juuya  mountpoint  /root\n"
    "root@fs2 ~ [504] ; zpool status pool0\n",
    # stop 54 (scrubber 1.55.0): network vendors' default credentials and accounts, masked and
    # placeholder IOS secrets, a web console's login log for default accounts
    "network_device_defaults": "device = {'device_type': 'cisco_ios', 'host': '10.10.20.48',"
    " 'username': 'cisco', 'password': 'cisco', 'secret': 'cisco'}\n"
    "    'username': 'ubnt',\n    'password': 'ubnt',\n"
    "enable secret 5 $1$xxxx$xxxxxxxxxxxxxxxxxxxxxx\nenable secret 5 $1$<salt>$<hash>\n"
    "username admin password 5 <secret hidden>  role network-admin\nenable secret class\n"
    "[Tue Feb 25 06:46:01 2020] failed login attempt for user ubnt\n"
    "[Wed Oct 14 17:14:23 2020] successful login for user admin\n"
    "/index.php: Successful login for user 'admin' from: 192.168.1.10 (Local Database)\n",
    # stop 54 (scrubber 1.56.0): database clients' prompted, variable and default passwords,
    # built-in SQL Server principals, an application's database user declared beside its URL
    "database_client_placeholders": "mongo -u root -p --authenticationDatabase admin\n"
    "mongo -u mongo -p $MONGOPASSWORD\ndocker run -d --name mongo -u 999 -p 27017:27017 mongo\n"
    "sqlplus / as sysdba\nsqlplus scott/tiger@orcl\nSQL> conn sys/change_on_install as sysdba\n"
    "Login failed for user 'NT AUTHORITY\\\\ANONYMOUS LOGON'. (18456)\n"
    "Login failed for user 'BUILTIN\\Administrators'.\n"
    "  users:\n    - name: orders\n      db: shop\n"
    "mongodb://orders:<password>@mongodb-0.mongodb-svc/shop?replicaSet=mongodb\n",
    # stop 54 (scrubber 1.54.0): a role's prompt in markdown emphasis, AD's KDC account and
    # addresses that only spell what goes there
    "directory_service_accounts": "_root@acp-box16:~#  id domain\\user_\n"
    "krbtgt:*:1100502:1100513::/home/krbtgt:/bin/bash\n"
    "mail: mail@domain.com\n"
    'email: "E@mail.com"\n',
    "directory_placeholders": "dn: uid=valid_uid,ou=people,dc=domain,dc=com\n"
    "objectclass: inetOrgPerson\nuid: valid_uid\ngivenname: name\nsn: sname\ncn: cname\n\n"
    "dn: cn=Name Surname,ou=users,ou=SAMBA,dc=company\n"
    "uniqueMember: uid=USERNAME,ou=users,dc=example,dc=com\n"
    "# filter: (&(class=account)(name=admin))\nmemberUid: john.doe\n"
    '{"bindDN":"cn=akadmin,ou=users,dc=ldap,dc=example,dc=com"}\n',
    "sso_placeholders": "WARN [org.keycloak.events] type=LOGIN_ERROR, realmId=master,"
    " clientId=nexus, userId=null, error=user_not_found, username=admin\n"
    'User { user_id: "admin", email: "", display_name: Some("Administrator") }\n'
    "LDAP authentication for admin\nbinddn_passwd XXXX;\nbinddn_passwd ********;\n",
    # stop 54 (scrubber 1.59.0): the /path/to/ convention, webui.sh's and wandb's accounts that
    # name nobody, a team's W&B entity, a workspace folder at a reserved domain
    "ml_tool_placeholders": '  File "/path/to/anaconda3/lib/python3.7/site-packages/x.py", line 1\n'
    "export HF_HOME=/path/to/.cache/huggingface\n"
    "/path/to/your/anaconda3/bin/python\n"
    "Running on root user\nRunning on local URL:  http://127.0.0.1:7860\n"
    "wandb: Currently logged in as: [me]. Use `wandb login --relogin` to force relogin\n"
    "--wandb-entity=my-team wandb_entity='your-entity-self' WANDB_ENTITY=my-org\n"
    "--mlflow_experiment_name /Users/someone@example.com/deepseek_pretrain\n",
    # stop 54 (scrubber 1.58.0): a role sender at a masked domain, the tool's own SMTP login
    "alertmanager_role_sender": "global:\n  smtp_smarthost: 'x.xx.xx.xxx:25'\n"
    "  smtp_from: 'alertmanager@xx.com'\n  smtp_auth_username: 'alertmanager'\n",
    # stop 54 (scrubber 1.58.0): InfluxDB's service and generated accounts, a default org
    "influx_accounts": '{"userName": "telegraf", "userID": "06137745e7903000"}\n'
    "0b52dbdc8c4ab000\tadmin's Token\tredacted\tadmin\t0b52dbdc6a4ab000\t[read:/buckets]\n"
    "*\tdefault\thttp://localhost:8086\tmy-org\n",
    "netdata_accounts": "Netdata user and group is finally set to: netdata/netdata\n"
    "Netdata user and group is finally set to: nobody/nogroup\n",
    # stop 54 (scrubber 1.60.0): a database URL's role and spelt-out password, run-together
    # your/my/our placeholders, run-as keys of system and two-letter role accounts with no home
    "app_server_placeholders": "pm2 start postgraphql -- postgres://pool_user:PA$$WORD@localhost"
    ":5432/dbname --route=/graphql --secret=$ECRET\n"
    "CELERY_BROKER_URL=redis://:yourrediskey@localhost:6379/1\nREDIS_PASSWORD=yourrediskey\n"
    "DATABASE_URL=postgres://app_user:P@$$W0RD@db:5432/app\n"
    "[program:db]\ncommand=/usr/bin/redis-server\nuser=db\n"
    "[program:laravel-worker]\nuser=forge\n"
    "laravel-worker:laravel-worker_00: ERROR (abnormal termination)\n",
    # stop 54 (scrubber 1.62.0): a VS Code exec server's script id and commit, the token's
    # placeholder, variable and mask
    "vscode_server_placeholders": "[10:36:05.774] > 5ec4cfce9118: running\n> 5ec4cfce9118%%1%%\n"
    "> command-shell --on-port --require-token <token> --parent-process-id 20449\n"
    "> command-shell --on-port --require-token $VSCODE_TOKEN --parent-process-id 20449\n"
    "> command-shell --on-port --require-token *** --parent-process-id 20449\n",
    # stop 54 (scrubber 1.62.0): a dev container's own user in the Codespaces prompt, an
    # organisation's repository cloned into a codespace
    "codespaces_placeholders": "vscode ➜ /workspaces/app (main) $ ls\n"
    "@username ➜ /workspaces/repo $ ls\n"
    '$ git -C "/var/lib/docker/codespacemount/workspace" clone --branch main --depth 1 '
    'https://github.com/actions/javascript-action "/var/lib/docker/codespacemount/workspace/x"\n',
    # stop 54 (scrubber 1.63.0): LogonUser naming a system, built-in or setup account
    "msi_logon_user_accounts": "Property(S): LogonUser = SYSTEM\nProperty(S): UserSID = S-1-5-18\n"
    "Property(C): LogonUser = Administrator\nProperty(S): ComputerName = ADMIN-VM\n"
    "MSI (s) (A4:B8) [12:00:01:234]: PROPERTY CHANGE: Adding LogonUser property. Its value is"
    " 'defaultuser0'.\n",
    # stop 54 (scrubber 1.61.0): spelt-out placeholder addresses, a vendor's example subdomain
    "wazuh_placeholder_addresses": "  <global>\n    <email_to>realemailhere1@gmail.com</email_to>\n"
    "    <email_to>realmailhere2@gmail.com</email_to>\n"
    "    <email_from>ossecm@example.wazuh.com</email_from>\n  </global>\n",
    # stop 55 (scrubber 1.64.0): a word where a machine's value goes (a test's stand-in token)
    "machine_value_words": 'access_token="fresh"\nexport LLM_API_KEY="ollama"\n'
    'token: "daemon-tok"\nsession_key: custody_client\n'
    'api_key = os.environ.get("API_KEY") or "lemonade"\n',
    # stop 55 (scrubber 1.65.0): a site's own folders under its home root, system accounts
    # running GATK, a shared folder under /home/users/, Imperial's RDS variables and projects
    "cluster_site_homes_nobody": "jar:file:/share/home/software/gatk/gatk.jar\n"
    "Executing as root@localhost.localdomain on Linux v3.10.0 amd64\n"
    "at /mnt/storage/home/shared/software/vcfutils.pl line 566.\n"
    "Found config home: /home/users/shared/.nextflow/config\n"
    "--genomeDir $RDS/home/genomeDir/Index_Genome \\\n"
    "--outFileNamePrefix /rds/general/project/cohesin/live/mapped \\\n"
    "--readFilesIn /rds/general/user/$USER/home/reads.fq.gz\n",
    # stop 55 (scrubber 1.68.0): role accounts at a bare-folder prompt, a maker's default
    # administrator's short name, an application's database role in place
    "bare_folder_prompt_default_accounts": "root@pooh T # echo $?\nuser@pooh T $ soffice"
    " --headless --convert-to pdf report.docx\nrunner@fv-az123-456 T $ quarto check\n"
    "visiting repository C:\\Users\\IBM_AD~1\\AppData\\Local\\Temp\\mik40008...\n"
    "visiting repository C:\\Users\\ADMIN~1\\AppData\\Local\\Temp\\mik40008...\n"
    "--database=postgresql://postgres@localhost/places --style=/opt/app/data/matcher.style\n",
    # stop 55 (scrubber 1.67.0): xpra's own account and a BlueZ D-Bus object path after path=
    "xpra_account_and_bluez_path": "W: [pulseaudio] authkey.c: Failed to open cookie file"
    " '/home/xpra/.config/pulse/cookie': No such file or directory\n"
    "root@xpra-server-s1:/home/xpra# ls -la .config/pulse/cookie\n"
    "-rw------- 1 xpra xpra 256 Sep 17 14:33 .config/pulse/cookie\n"
    "root@xpra-server-s1:/home/xpra# xpra --version\nxpra v4.2.2-r0\n"
    "        Argument: path=/org/bluez/hci0/dev_04_52_C7_11_22_33 autodetect_mtu=0\n",
    # stop 55 (scrubber 1.66.0): RPC URLs with no key, bitcoin.conf's documented logins, an
    # image's account in a notebook link, a web app's route, a typed-over telegram token
    "crypto_node_rpc_public": "url: https://mainnet.infura.io/v3/${INFURA_PROJECT_ID}\n"
    "https://eth-mainnet.g.alchemy.com/v2/demo\nhttps://rinkeby.infura.io/v3/undefined\n"
    "rpcuser=bitcoinrpc\nbitcoind.rpcuser=kek\nConfig file arg: [main] rpcuser=****\n"
    "File [~/.local/x.py:1](http://localhost:8888/home/jovyan/.local/x.py#line=0)\n"
    "GET http://localhost:3000/home/settings 404\n"
    'ftuser@09ac19bef6a9:/freqtrade/user_data$ ls\n"token": "12345678:AXXXREDACTED",\n',
    # stop 55 (scrubber 1.69.0): a game server's console and RCON, its managers' accounts
    "game_server_accounts": "[19:31:48 INFO]: CONSOLE issued server command: /op @a\n"
    "[2024-04-21 15:53:45] [LOG] RCON executed the command. ShowPlayers\n"
    "* /home/csgoserver/serverfiles/srcds_run\n"
    "container@pterodactyl~ Server marked as starting...\n"
    ":/home/container$ ./start.sh\nadmin@192 ~ % mcrcon -H localhost -p password list\n",
    # stop 55 (scrubber 1.71.0): the browser test tools' images' accounts, role hosts and
    # prompts
    "browser_test_image_accounts": "person@0bab1ba8abcc:~$ $(npm bin)/cypress verify\n"
    "npm WARN person No description\n"
    "pwuser@3f2a1b4c5d6e:~$ ls /home/pwuser/.cache/ms-playwright\n"
    "(which is: /home/pptruser/.cache/puppeteer)\n"
    "admin@Admins-MBP app % npx playwright test\nadmin e2e % node /Users/Shared/app/main.js\n",
    # stop 55 (scrubber 1.72.0): SIP URIs naming an extension, a number, a mask, a test user
    "sip_uri_nobody": "Registration from '<sip:7000@xxx.duckdns.org>' failed for '10.8.0.6:5060'"
    " - Wrong password\nFrom: <sip:00339XXXXXXX@sbc6.fr.sip.ovh>;tag=DgJYrsq4i\n"
    "To: <sip:bob@biloxi.com>\nFrom: <sip:+552125874331@voip.hosted.embratel.net.br>;tag=x\n"
    'Contact: "Reception" sip:200@10.10.10.20:5060;transport=udp\n'
    "MESSAGE Auth info found for [1001] realm [asterisk]\nroot@pbx.example.net:~# asterisk -r\n",
    # stop 55 (scrubber 1.70.0): SMTP transcripts and mailer settings naming nobody
    "smtp_client_placeholders": "2021-03-01 10:00:00 SERVER -> CLIENT: 334 VXNlcm5hbWU6\n"
    "2021-03-01 10:00:00 CLIENT -> SERVER: [credentials hidden]\n"
    "2021-03-01 10:00:00 SERVER -> CLIENT: 334 UGFzc3dvcmQ6\n"
    "2021-03-01 10:00:00 CLIENT -> SERVER: cGFzc3dvcmQ=\n"
    "CLIENT -> SERVER: AUTH LOGIN 2019-04-16 16:47:54 SERVER -> CLIENT: 334 VXNlcm5hbWU6\n"
    'Failed to authenticate on SMTP server with username "apikey" using 2 possible'
    ' authenticators\nsmtp-cli --user=USERNAME --pass=PASSWORD --subject="hello from smtp-cli"\n'
    "[email]\nHOST    = mail.internal:587\nFROM    = gogs <gitlab@domainname.tld>\n"
    "USER    = gitlab\nPASSWD  = foobar\n",
    # stop 55 (scrubber 1.73.0): git services' placeholders, roles and a placeholder token start
    "git_service_placeholders": "gitea admin user change-password --username myusername"
    " --password asecurenewpassword\ngitea admin user create --name newuser --password newpw\n"
    "[mailer]\nFROM = gitea@dummydomain.com\nUSER = me@myowndomain.com\n"
    "Hi there, gitea! You've successfully authenticated with the key named ci-bot, but Gitea"
    " does not provide shell access.\nUser 'admin' created a new repository 'testtest'\n"
    "Registering runner... succeeded                     runner=registra\n",
    # stop 55 (scrubber 1.74.0): home-automation accounts, placeholders, a gateway id, a role's
    # home
    "home_automation_nobody": "1651691010: New client connected from 172.30.32.1:40012 as"
    " mqttjs_79b7efb1 (p2, c1, k60, u'homeassistant').\n1530826287: New client connected"
    " from 192.168.1.11 as ESP8266Client-8f66 (c1, k15, u'esp').\n"
    "mosquitto_sub -u username -P password -t '#'\n"
    "Backlog mqtthost <yourhost>; mqttuser <user>; mqttpassword <password>;\n"
    '{"bridgeid": "00212EFFFF04835C", "name": "Phoscon-GW"}\n'
    "5 Feb 09:43:31 - [info] User directory : /home/superuser/.node-red\n",
    # stop 55 (scrubber 1.75.0): registries' fixed logins, placeholder homes, drive labels under
    # /media, a credential's name spelt in capitals
    "registry_login_placeholders": "$ docker login -u AWS --password-stdin $ECR_REGISTRY\n"
    "$ docker login -u _json_key --password-stdin https://gcr.io\n"
    "$ docker login -u 00000000-0000-0000-0000-000000000000 myregistry.azurecr.io\n"
    "$ docker login -u iamapikey us.icr.io\n$ docker login -u gitlab-ci-token -p $CI_JOB_TOKEN\n"
    "7 silly cache add   spec: '/media/ext/mnt/home/mylocaluser/dev/code/js/clidom',\n"
    "10 verbose tarball /home/mylocaluser/.npm/clidom/0.1.3/package.tgz\n"
    ':rubygems_api_key: ! \'{"rubygems_api_key":"API KEY"}\'\n',
    # stop 55 (scrubber 1.76.0): a flag that reads the password from standard input takes no value
    "password_stdin_registry": "aws ecr get-login-password | docker login --username AWS"
    " --password-stdin 123456789012.dkr.ecr.us-east-1.amazonaws.com\n"
    "cat pw.txt | docker login --password-stdin registry.fly.io -u x\n",
    # stop 55 (scrubber 1.77.0): -p after docker run and compose is a port and a project
    "registry_login_p_nobody": "docker run -p 8080:80 nginx\ndocker compose -p myproj up -d\n"
    "docker login -u $USER -p $TOKEN ghcr.io\n",
    # stop 56 (scrubber 1.83.0): Postfix's SASL logins naming no one (roles, its own words,
    # "(unavailable)") and mailcow's documented default password
    "postfix_sasl_nobody": "postfix/smtpd[1648]: E50437E242: client=localhost[127.0.0.1],"
    " sasl_method=PLAIN, sasl_username=relay\npostfix/smtp[1650]: E50437E242: to=<a@example.net>,"
    " relay=mx.example.net[198.51.100.4]:25, status=sent (250 OK)\npostfix/smtpd[2134]: warning:"
    " unknown[192.0.2.7]: SASL LOGIN authentication failed: UGFzc3dvcmQ6,"
    " sasl_username=(unavailable)\nclient=localhost[127.0.0.1], sasl_method=LOGIN,"
    " sasl_username=postmaster\n"
    '# Default admin user is "admin"\n# Default password is "moohoo"\n',
    # stop 56 (scrubber 1.86.0): microG's response with masked and placeholder names, the token
    # cache's key, Google's public signing digest, Android's Account {…}, a stand-in address
    "microg_nobody": "D/GmsHttpFormClient( 3023): firstName=redacted\n"
    "D/GmsHttpFormClient( 3023): lastName=[redacted]\n"
    "D GmsHttpFormClient: firstName=John\nD GmsHttpFormClient: lastName=Doe\n"
    "D/GmsHttpFormClient( 3023): firstName=Android\nD/GmsHttpFormClient( 3023): lastName=Device\n"
    "D/GmsAuthManager( 1964): peekAuthToken: com.google.android.gm:"
    "38918a453d07199354f8b19af05ec6562ced5788:mail\n"
    "D/GmsAuthenticator( 1964): getAuthToken: Account {name=ACCOUNT_1, type=com.google}, mail\n"
    "D/GmsHttpFormClient( 3023): app=com.google.android.gms"
    "&client_sig=38918a453d07199354f8b19af05ec6562ced5788&service=ac2dm\n"
    "E/HttpTransaction(24718): java.lang.IllegalArgumentException: Non existing account a@b.com\n",
    # stop 56 (scrubber 1.82.0): the ACME clients' and servers' documented defaults: lego's
    # example address, Caddy's and Traefik's service accounts, Posh-ACME's PfxPass, acme.sh's
    # account key hash
    "acme_client_documented_defaults": "$ ls /home/caddy/.local/share/caddy/\n"
    "ExecStart=/usr/bin/traefik --configFile=/home/traefik/traefik.toml\n"
    "2019/02/06 02:39:58 Saved key to ~/.lego/accounts/acme-v02.api.letsencrypt.org/me@bar.com"
    "/keys/me@bar.com.key\n"
    '    "PfxPass":  "poshacme",\n'
    "[Thu Mar 23 20:32:08 UTC 2017] _saved_account_key_hash="
    "'DLddRT10t+oxC/cFlbVkircPyZGP3OoTv+vpNZJiWsY='\n",
    # stop 56 (scrubber 1.80.0): rocminfo's line naming root, an image's account or a variable,
    # its failure form, ROCm's image account at its prompt, PyTorch's source trees under /home
    "rocminfo_accounts_and_source_trees": "root is member of render group\n"
    "rocm-user is member of video group\n$USER is member of render group\n"
    'write(1, "\\33[37mroot is member of video g"..., 39root is member of video group\n'
    "Failed to get user name to check for video group membership\n"
    "rocm-user@1ddd69214eda:~$ sudo /opt/rocm/bin/rocminfo\n"
    "root@mainPC:/home/pytorch# pip list | grep torch\n"
    "torchvision              0.17.0a0+4433680   /home/vision\n",
    # stop 56 (scrubber 1.79.0): text-generation-webui's own --gradio-auth placeholder and its
    # quoted flag in prose, a masked home, listings of system and default accounts, a host made
    # of an account that names nobody
    "local_llm_server_nobody": 'You can create one with the "--gradio-auth" flag like this:\n\n'
    "--gradio-auth username:password\n\nMake sure to replace username:password with your own.\n"
    "PS C:\\Users\\unnamed> lms server start\n"
    "drwxr-xr-x  2 lp lp 4096 Jan  1 00:00 /var/spool/cups\n"
    "drwxr-xr-x 18 pi pi 4096 Feb  3 09:12 /home/pi/llama.cpp\n"
    "drwxrwxr-x  4 1000   1000   4096 lis 12 18:58 /data2/models\n"
    "(textgen) cloud-user@clouduser-desktop:~$ ls\n",
    # stop 56 (scrubber 1.81.0): media downloaders' masks, placeholders and documented special
    # logins, typographic quotes around placeholders, my<site>username
    "media_downloader_placeholders": "youtube-dl -v --username 'First Last' --password"
    " \u2018password\u2019 https://www.youtube.com/watch?v=BaW_jenozKc\n"
    "[debug] Command-line args: [u'-v', u'--username', u'PRIVATE', u'--password', u'PRIVATE']\n"
    "yt-dlp --username oauth2 --password '' https://www.youtube.com/watch?v=BaW_jenozKc\n"
    "yt-dlp -u USERNAME -p PASSWORD https://vimeo.com/76979871\n"
    "[pixiv][info] Logging in as your-username\n[gallery-dl][info] Logging in as anonymous\n"
    '"username": "myinstagramusername",\n"password": "myinstagrampassword"\n',
    # stop 56 (scrubber 1.84.0): posters' masked addresses, a room's host beside a built-in
    # account, a CI account's Mac
    "saas_cli_masks": "heroku: Enter your login credentials\nEmail [ah******kr@yahoo.com]: \n"
    "Logged in as ah******kr@yahoo.com\nLogged in as ******kr@yahoo.com\n"
    "👋 You are logged in with an OAuth Token, associated with the email 'xxxxxxxx+cf@gmail.com'!\n"
    "│ xxxxxxxx+cf@gmail.com's Account   │ xxx                              │\n"
    '{"name":"sfdx","hostname":"Home-Desktop","pid":5576,"msg":"C:\\\\Users\\\\Administrator"}\n'
    "ci-runners-MBP:eleventy-site ci_runner$ wrangler whoami\n",
    # stop 56 (scrubber 1.85.0): Coveralls' default and web-flow committers, placeholder
    # addresses run together, token prefixes masked with `#`
    "code_scanner_nobody": "{ head:\n   { committer_name: 'Unknown Committer',\n"
    "     author_name: 'Unknown Author',\n     author_email: '' } }\n"
    '"committer_name": "GitHub",\n"committer_email": "noreply@github.com",\n'
    '"author_name": "dependabot[bot]",\n"committer_name": "${GIT_COMMITTER_NAME}",\n'
    "Failed to create e-mail address for noreply@example.comDevops@example.com\n"
    "Failed to create e-mail address for $DEFAULT_RECIPIENTS\n"
    "  'sonar.login': 'sqa_###',\n  'sonar.token': 'squ_•••',\nSONAR_TOKEN=sqp_###\n",
    # stop 56 (scrubber 1.87.0): GitHub Actions' bot identity as workflows set it
    "github_actions_bot_identity": 'git config --local user.email "action@github.com"\n'
    'git config --local user.name "GitHub Action"\n'
    "git config user.name github-actions\ngit config user.email github-actions@github.com\n"
    'git config user.name "github-actions[bot]"\n'
    'git config user.email "41898282+github-actions[bot]@users.noreply.github.com"\n'
    "Action required: approve the deployment\nActions run the release job\n",
    # stop 56 (scrubber 1.89.0): tcsh's bracketed prompt of root, role, image and placeholder
    # logins, hosts made of them, and brackets that are no prompt
    "tcsh_prompt_accounts": "[root@localhost] ~/Downloads>bluemix plugin install sdk-gen\n"
    "[admin@admins-MacBook-Pro] ~>\n[ec2-user@ip-10-0-0-12] ~>ibmcloud login\n"
    "[user@users-MacBook-Pro] ~/Downloads>\n[root@db01] /etc# vi hosts\n"
    "[vagrant@localhost] ~> cd /vagrant\n[info@server] started at ~/logs>10 files\n",
    # stop 56 (scrubber 1.90.0): a deploy action's bot identities, organisations' Pages sites,
    # a poster's masked git log
    "static_site_nobody": "/usr/bin/git config user.name github-actions[bot]\n"
    "/usr/bin/git config user.name GitHub Pages Deploy Action\n"
    "/usr/bin/git config user.name ${GITHUB_ACTOR}\n/usr/bin/git config user.email XXXXXX\n"
    "Reinitialized existing Git repository in /home/runner/work/containers.github.io/"
    "containers.github.io/.git/\nhexo-site@0.0.0 /opt/blog/octocat.github.io\n"
    "Author: gxxxxxg <sxxxxxn@outlook.com>\n\n    upxxxxxxxxcy\n",
    # stop 56 (scrubber 1.92.0): host names in a URL's userinfo (IP pinning, phishing) and
    # names reserved for documentation (RFC 2606, RFC 6761)
    "url_userinfo_host_names": 'url = "https://example.com@93.184.216.34:443/path?q=1"\n'
    'assert hostname == "example.com"\nresults["alpha.example.com"] == "alpha.example.com"\n'
    'requests.get("http://shop.test@127.0.0.1:3000/")\nALLOWED_HOSTS = ["shop.test"]\n'
    "https://github.com@198.51.100.23/login names github.com only as userinfo\n"
    "http://www.bbc.co.uk@203.0.113.50/ and www.bbc.co.uk\n"
    "curl http://localhost@127.0.0.1:8080/health\n",
    # stop 56 (scrubber 1.88.0): REALNAME naming a placeholder, a robot or a role, sigil-less
    # prompt lines of role accounts, addresses and packages, a site's software tree under /home
    "terminal_shell_nobody": "1552914150.271463 window_pane_spawn: environment REALNAME=John Doe\n"
    "1552914150.271463 window_pane_spawn: environment REALNAME=Build Robot + ci + S/T"
    " operation requested by Release Manager\n"
    "1552914150.271140 window_pane_spawn: environment"
    " LD_LIBRARY_PATH=/usr/local/lib::/home/OPENSOURCE/Linux/RHEL7/64b/lib\n"
    " root@TR ~\n user@hostname ~\ngit@github.com ~\n typescript@next ~\n"
    " getty@tty1 /dev/tty1\nmy-app@0.1.0 /srv/app\n",
    # stop 56 (scrubber 1.93.0): a test's stand-in credentials and variables in a secret's place
    "test_fixture_stand_ins": '    p = OpenAIProvider(api_key="sk-test")\n'
    '    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-api03-unit-test")\n'
    '    json={"access_token": "STUB-ACCESS", "expires_in": 3600}\n'
    '    assert token == "ACCESS-1"\n    refresh_token="rt-1",\n'
    "    client, secret_a, secret_b = custody_client\n"
    '    headers["Authorization"] = raw_header\n',
    # stop 56 (scrubber 1.91.0): RetroAchievements' requests and login answers naming nobody
    "retroachievements_placeholders": "curl -X POST 'https://retroachievements.org/dorequest.php"
    "?r=login&u=username&p=password'\n"
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=login&u=YOUR_USERNAME&p=xxx'\n"
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=xxx&t=CENSORED_TOKEN"
    "&g=11283'\n"
    "https://retroachievements.org/dorequest.php?r=unlocks&u=<username>&t=<token>&g=1&h=0\n"
    "https://retroachievements.org/dorequest.php?r=gameid&m=0123456789abcdef0123456789abcdef\n"
    '{"Success":true,"User":"[redacted]","Token":"[redacted]","Score":0,"Messages":0}\n'
    '{"Success":true,"User":"Guest","Token":"","Score":0,"Messages":0}\n'
    '{"Success":true,"User":"test","Token":"test","Score":0}\n',
    # stop 56 (scrubber 1.94.0): role and automation mailboxes (mail streams, team lists, CI)
    "role_and_automation_senders": "From: Jenkins <jenkins-ci@builds.kestrel-lab.org>\n"
    "From:   pr-tracker-bot@kernel.org\nFrom: Statuspage <alerts@statuspage.io>\n"
    '"low_priority_senders": ["newsletter@lwn.net", "deals@bestbuy.com", "news@bbc.co.uk"]\n'
    "From: Accounts <security-noreply@accounts.kestrel-lab.org>\n"
    "alert_to: admin_alerts@kestrel-shop.io\nTo: build-notifications@lists.kestrel-lab.org\n",
    # stop 57 (scrubber 1.97.0): ID token claims and an Authelia users file naming accounts and
    # placeholders, an eduPerson scoped affiliation, typed cookie secrets, oauth2-proxy's session
    "identity_provider_placeholders": '{"iss": "https://sso.example.com/oauth2/openid/opkssh",'
    ' "name": "Administrator", "preferred_username": "akadmin", "given_name": "Test",'
    ' "family_name": "User"}\n'
    '{"iss": "https://server.example.com", "name": "Jane Doe", "preferred_username": "j.doe"}\n'
    'users:\n  admin:\n    displayname: "Admin"\n    password: "$argon2id$v=...."\n'
    '  username:\n    displayname: "User Name"\n    password: "<hash>"\n'
    "affiliation: member@wm.edu;staff@wm.edu\n"
    'cookie_secret = "secretsecret"\n--cookie-secret=abc123456def1111\n'
    "[AuthSuccess] Authenticated via OAuth2: Session{email:admin@example.com user:admin}\n",
    # stop 57 (scrubber 1.98.0): admin CLIs naming a role, a placeholder, a service account, the
    # docs' sample or a stand-in, and a stand-in address of one letter repeated
    "server_admin_cli_nobody": "tootctl accounts modify admin --role Owner\n"
    "RAILS_ENV=production bin/tootctl accounts create alice --email alice@example.com\n"
    "tootctl accounts create aaaa --email aaa@gmail.com\nOK\nNew password: ********\n"
    "tootctl accounts modify mastodon --role Admin\ntootctl accounts approve --all\n"
    "./bin/pleroma_ctl user new <nickname> <email>\n./bin/pleroma_ctl user activate NICKNAME\n"
    "sudo yunohost user info $admin --output-as plain\nyunohost user info admin\n"
    "# example: ynh_user_exists 'toto' || exit 1\n--email zzz@gmail.com\n",
    # stop 57 (scrubber 1.99.0): macOS bash prompts of role and system accounts, masked
    # addresses, a minisign public key (public by design)
    "mac_prompt_accounts_masks_minisign_public_key": "MBPro:skeleton Root$ bundle exec fastlane"
    " match\nmini-ci:project Runner$ fastlane beta\nlocalhost:ios _xcsbuildd$ xcodebuild\n"
    "- apple_id: 'pi...ki@gmail.com'\nApple ID: j\u2022\u2022\u2022\u2022\u2022e@icloud.com\n"
    "untrusted comment: minisign public key 922D79C89407C784\n"
    "RWSExweUyHktkrJ2AOxEpo8Dr/rmV2k9RINZnr170IsvKLtYXJE5m7+K\n",
    # stop 57 (scrubber 1.95.0): Stack's params, gpg's prompt, Mac hosts and web homes of nobody
    "functional_toolchain_placeholders": "templates:\n  params:\n    author-name: Your Name\n"
    "    author-email: you@example.com\n    copyright: 2024 Your Name\n"
    "    github-username: yourusername\n"
    "    author-name: Commercial Haskell\n    github-username: commercialhaskell\n"
    'You need a passphrase to unlock the secret key for\nuser: "Test Key <test@example.com>"\n'
    'Please enter the passphrase to unlock the OpenPGP secret key:\n"John Doe <john@example.com>"\n'
    "Protocol 'inet_tcp': the name foo@admins-MacBook-Air seems to be in use\n"
    "iex(one@MacBook-Pro)1> Node.connect :two@localhost\n"
    "$ opam publish http://www.example.org/~user/pkg/pkg-1.0.tar.gz .\n"
    "http://cloud.example.fr/~admin/dist/x.tar.gz\n",
    # stop 57 (scrubber 1.96.0): images' and boards' accounts, brokers' stand-ins and examples
    "image_accounts_and_broker_stand_ins": "Creating ActiveMQ Artemis instance at: "
    '/home/jboss/broker\n   "/home/artemis/broker/bin/artemis" run\n'
    "activemq@5b6c7d8e9f0a:/opt/activemq$ bin/activemq console\n"
    "mks@mkspi:~/klipper $ make menuconfig\nbiqu@BTT-CB1:~ $ sudo service klipper restart\n"
    'export HOME="/home/yoctouser"\npokyuser@9a8b7c6d5e4f:/workdir$ bitbake core-image-minimal\n'
    "  authorization {\n    user: ruser\n    password: T0pS3cr3t\n    timeout: 2\n  }\n"
    'ssl.truststore.password = blablabla\nsasl.jaas.config = "org.apache.kafka.common.security'
    '.scram.ScramLoginModule required username = divolte password = blablabla2;"\n'
    "2019-08-26 06:41:44.538 [info] <0.20017.0> Changing password for 'problem_user@domain.com'\n",
    # stop 57 (scrubber 1.100.0): Liquibase authors that are roles, tools or several words,
    # shells' and root's prompts, tokens typed over with stars, x runs or an ellipsis
    "liquibase_roles_prompts_masked_tokens": "Running Changeset: changelog.xml::1::liquibase\n"
    "config/liquibase/changelog/00000000000000_initial_schema.xml::00000000000001::jhipster\n"
    "changelog.xml::createPrimaryTable::Liquibase Pro User\n"
    "flywayMigrations admin$ gradle flywayMigrate\nbash-3.2$ fluent-bit -c flb.conf\n"
    "sh-4.2$ vector --config vector.toml\nroot$ fluent-bit -c td-agent-bit.conf\n"
    '  token = "ECE*****C-6**3-4**2-A**3-A8********B7" # required\n'
    '  token = "ECExxxxxC-6xx3-4xx2-Axx3-A8xxxxxxxxB7" # required\n'
    "export GITHUB_TOKEN=ghp_aB3dE5...x9Z1\n",
    # stop 57 (scrubber 1.101.0): self-hosted applications' own accounts
    "app_service_accounts": "> misskey@2023.9.0-beta.4 migrate /home/misskey/misskey\n"
    "> backend@ migrate /home/misskey/misskey/packages/backend\n"
    "> sharkey@2024.3.1 build /home/sharkey/sharkey\n"
    "mastodon@social:~/live$ RAILS_ENV=production bundle exec rake db:migrate\n"
    "/home/mastodon/live/vendor/bundle/ruby/3.2.0/gems/rake-13.0.6/lib/rake/task_manager.rb:59\n"
    "[opencue@opencue tmp]$ flyway migrate\nFATAL: Ident authentication failed for user "
    '"opencue"\npleroma@fedi:/opt/pleroma$ ./bin/pleroma_ctl migrate\n'
    "peertube@video:/var/www/peertube$ npm run reset-password -- -u root\n",
    # stop 57 (scrubber 1.102.0): VPN account fields naming nobody: masks, empty values,
    # placeholders, root and the service's own account
    "vpn_account_fields_of_nobody": "OTP-AUTH: trying to authenticate username 'xxxxxxx'\n"
    "OTP-AUTH: trying to authenticate username ''\n"
    "AUTH-PAM: BACKGROUND: user 'USERNAME' failed to authenticate: Authentication failure\n"
    "TLS: Username/Password authentication deferred for username '' \n"
    "connection.permissions:                 --\n"
    "connection.permissions:                 user:root\n"
    'permissions=user:USERNAME:;\n\tuser-name : NULL (sd)\n\tuser-name : "vpnuser" (s)\n'
    "/net/openvpn/v3/configuration/05793ae5xde06x54a5xa226x3e77b6e21e45\n"
    "Tue Sep 15 13:33:59 2020        Tue Sep 15 13:34:28 2020  1\n"
    "client.ovpn                                               openvpn\n",
    # stop 57 (scrubber 1.105.0): home-manager's own units and root's, Spack's shared and
    # prefix .spack folders, EasyBuild's image account and IT role accounts
    "home_manager_own_units_spack_prefixes_role_homes": "× home-manager-root.service - Home "
    "Manager environment for root\nwarning: the following units failed: home-manager-$USER"
    ".service\n● home-manager-auto-upgrade.service - Home Manager upgrade\n"
    "Jun 10 09:25:28 nixos hm-activate-root[50907]: Please do one of the following:\n"
    "==> READ LOCK: /local/scratch/.spack/cache/providers/.builtin-index.yaml.lock[0:0]\n"
    "  /sw/openmpi-4.1.5/.spack/spack-build-out.txt\n"
    "--prefix=/home/itsupport/.local/easybuild/build/GCCcore/10.2.0\n"
    "== found valid index for /home/easybuild/.local/easybuild/easyconfigs\n",
    # stop 57 (scrubber 1.104.0): a Secret's key that is no password, an error, the chart's
    # NOTES; flux bootstrap owners that are variables, organisations or Flux's own; one letter
    # repeated as a SCRAM and JAAS stand-in
    "kubectl_secret_keys_flux_owners_stand_ins": "$ kubectl get secret my-release-postgresql -o"
    ' jsonpath="{.data.username}" | base64 --decode\npostgres\n'
    '$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath="{.data.password}"'
    ' | base64 -d\nError from server (NotFound): secrets "argocd-initial-admin-secret" not found\n'
    "export POSTGRES_PASSWORD=$(kubectl get secret --namespace default postgresql -o"
    ' jsonpath="{.data.postgres-password}" | base64 --decode)\n'
    "flux bootstrap github --owner=$GITHUB_USER --repository=fleet-infra --personal\n"
    "flux bootstrap gitea --owner my-org --repository fleet-infra\n"
    "flux bootstrap gitlab --owner=fluxcd --repository=flux2-e2e --path=clusters/test\n"
    "./kafka-configs.sh --zookeeper localhost:21810 --alter --add-config"
    " 'SCRAM-SHA-512=[password=qqqqqqq]' --entity-type users --entity-name qqqqqqq\n"
    '  username="zzzzzzz"\n  password="aaaaaaa";\n',
    # stop 57 (scrubber 1.103.0): Mac hosts named after no one, and build accounts' Neovim
    "mac_hosts_of_nobody_build_accounts": "admin@MacBookPro:~$ gopls version\n"
    "dev@WorkMacBookPro:~$ go env\nuser@StudioMacBookPro:~$ ls\n"
    "sudo darwin-rebuild switch --flake .#Work-MacBook-Pro\n"
    "nix run nix-darwin -- switch --flake .#mbp\nNVIM v0.10.0\n"
    "Compiled by runner@fv-az1234-567\nCompiled by root@buildkitsandbox\n"
    "Compiled by nixbld@localhost\nCompiled by buildd@lcy02-amd64-080\n",
    # stop 57 (scrubber 1.106.0): built-in, machine and service accounts where Windows names an
    # account, a room's Graph account, an example realm
    "windows_account_name_builtins": "Add-LocalGroupMember -Group 'Users' -Member "
    "'WIN-3K2J1\\Guest'\n"
    "Get-LocalGroupMember : Principal BUILTIN\\Administrators was not found.\n"
    "#0>     Client: Administrator @ CONTOSO.COM\n#1>     Client: WIN10$ @ CORP.LOCAL\n"
    "#2>     Client: @\nName SID\nGuest S-1-5-21-1-2-3-501\n'502':\n  username: krbtgt\n"
    '  name: (null)\n{"tty":"Console","type":"active","user":"SYSTEM"}\n'
    '{"@odata.type": "#microsoft.graph.user", "displayName": "Conference Room A",'
    ' "givenName": null}\n'
    "Default principal: admin@EXAMPLE.COM\n",
    # stop 58 (scrubber 1.107.0): CI and team build accounts, placeholders and masks after an
    # error tracker's wording, ids and hashes of the same lengths beside it
    "error_tracker_build_accounts": "/Users/iosteam/jenkins/workspace/App/Pods/Fabric/"
    "upload-symbols -a $FABRIC_API_KEY -p ios App.dSYM\n"
    "/Users/distiller/project/ios/Pods/Fabric/upload-symbols -a <api_key> -p ios App.dSYM\n"
    "/Users/teamcity/buildAgent/work/8a3b2c1d/build.log\n/Users/qateam/jenkins/workspace/a.log\n"
    "Successfully uploaded dSYM with UUID 3F2504E04F8941D39A0C0305E82C3301 (App.dSYM)\n"
    "Commit 7c31e9a04f2d86b5e1c0a93f7d4b28e6105fa9c3\n"
    "access token not found: <access token>\naccess token not found: ******\n",
    # stop 58 (scrubber 1.110.0): group advice for image, runner and variable accounts, macOS
    # role and service owners beside ``staff``, dotted profile masks
    "group_advice_of_nobody_staff_roles_masks": "Insufficient permissions to access MicroK8s.\n"
    "You can either try again with sudo or add the user ubuntu to the 'microk8s' group:\n\n"
    "    sudo usermod -a -G microk8s ubuntu\n    sudo chown -f -R ubuntu ~/.kube\n\n"
    "add the user runner to the 'microk8s' group:\n    sudo usermod -a -G microk8s runner\n"
    'adding your user to the "docker" group with something like:\n\n'
    "  sudo usermod -aG docker your-user\n  sudo usermod -aG docker $USER\n"
    "Add the current user to the dialout group:\n  sudo gpasswd -a ${USER} dialout\n"
    "  sudo adduser vagrant libvirt\n$ sudo usermod -aG render jellyfin\n"
    "drwxrwxr-x  3 admin  staff  96 Jan  1 12:00 Shared\nlrwxr-xr-x  1 root  staff  76 Fe\n"
    "drwxr-xr-x  3 _spotlight  staff  96 Jan  1 12:00 s\n"
    "config -> /mnt/c/Users/user.name/.kube/config\nC:\\Users\\firstname.lastname\\.kube\n"
    "/Users/your.name/.kube\n/home/first.last/x\n",
    # stop 58 (scrubber 1.108.0): rootless container images' and installers' accounts, the
    # engine's command after them, Toolbx naming a default account, an AFS cell's public trees
    "rootless_service_accounts_afs_trees": "[podman@e0a8e0e6a81a /]$ podman info\n"
    "  graphRoot: /home/podman/.local/share/containers/storage\n"
    "dockeruser@server:~$ /home/dockeruser/bin/dockerd-rootless.sh --iptables=true\n"
    "[moby@eci-dev bin]$ /home/moby/bin/dockerd-rootless.sh --experimental\n"
    "rootless@5c7b2d1e9f00:~$ docker info\nrootless:100000:65536\n"
    "toolbox: checking if /etc/subgid and /etc/subuid have entries for user core\n"
    '"/var/home/myself/.config/containers/storage.conf"\n'
    "source /afs/cern.ch/sw/lcg/releases/LCG_88/setup.sh\n/afs/cern.ch/work/public/x.root\n",
    # stop 58 (scrubber 1.109.0): system profiles and placeholders in a trimmed prompt folder,
    # project folders named Users, WSL's own distribution roots
    "windows_home_by_drive_folder_nobody": "c/Users/Public\n\u279c ls\nc/Users/Default\n"
    "\u279c ls\n\u279c  c/Users/Administrator git:(main)\nc/Users/$USER\n\u279c ls\n"
    "src/Users/UserList.tsx\napp/Users/Index.cshtml\n.../c/Users/WDAGUtilityAccount\n"
    "/mnt/c/users/public/Documents\n\\\\wsl$\\Ubuntu\\\n\\\\wsl.localhost\\Ubuntu\\\n"
    "\\\\wsl\\docker-desktop-data\\\n",
    # stop 58 (scrubber 1.111.0): the rocker image's account beside RStudio's public hosts, a
    # poster's capitalised masks of a department's home
    "r_rocker_account_department_masks": "Installing package into \u2018/home/rstudio/R/"
    "x86_64-pc-linux-gnu-library/4.2\u2019\ntrying URL 'https://packagemanager.rstudio.com/all/"
    "latest/src/contrib/triebeard_0.4.1.tar.gz'\nrstudio@3f2a9c1d7e55:~$ R\n"
    "See https://rstudio.github.io/renv/ and https://cran.rstudio.com/\n"
    "Oct 15 09:21:13 vsci01-dev rsession-USER[262260]: ERROR [lock-file: "
    "/export/home/DEPARTMENT/USER/.local/share/rstudio/sources/s-5f8fc5f7/lock_file]\n"
    "/export/home/GROUP/USER/R/x86_64-pc-linux-gnu-library/4.3\n",
    # stop 58 (scrubber 1.114.0): the accounts home-automation, DNS, media and printer servers'
    # installers and packages create for their daemon, as homes, logins and owners
    "app_daemon_accounts_nobody": "{\n  PWD: '/home/iobroker',\n  LOGNAME: 'iobroker',\n"
    "  HOME: '/home/iobroker',\n}\niobroker@raspberrypi:/opt/iobroker $ iob diag\n"
    "HOME=/home/pihole\nUSER=pihole\n"
    "-rw-rw-r-- 1 pihole pihole 1048576 Jan  5 10:11 /etc/pihole/pihole-FTL.db\n"
    "openhabian@openhabian:~ $ sudo openhab-cli info\nLOGNAME=openhab\nHOME=/var/lib/openhab\n"
    "[ERR] Access to the path '/home/jellyfin/.local/share/jellyfin' is denied.\n"
    "octoprint@octopi:~ $ ~/oprint/bin/octoprint serve\nUSER=octoprint\n",
    # stop 58 (scrubber 1.113.0): MSYS and Git Bash prompts of built-in, CI, container and role
    # accounts (also with a host made of the account), RTMP URLs whose last segment is a stream
    # name of words, a placeholder, a template variable or a mask
    "msys_prompt_roles_rtmp_stream_names": "Administrator@Administrator0-w  /c/work/bazel\n"
    "$ bazel info\nrunneradmin@fv-az123-456  /d/a/project/project\n$ bazel version\n"
    "ContainerAdministrator@3f2a1b4c5d6e MINGW64 /c/src\n$ make\njenkins@jenkins0-w  /c/j\n$ ls\n"
    "ffmpeg -re -i in.mp4 -f flv rtmp://localhost/live/MyLiveStream\n"
    "ffmpeg -i rtmp://localhost:1935/live/test1 -f flv rtmp://localhost/hls/cam01_HD\n"
    "rtmp://localhost/live/STREAM_KEY_HERE\nrtmp://live.twitch.tv/app/{stream_key}\n"
    "rtmp://a.rtmp.youtube.com/live2/xxxx-xxxx-xxxx-xxxx-xxxx\nrtmp://localhost/live/${STREAM_KEY}\n",
    # stop 58 (scrubber 1.112.0): registries' fixed token user names in index URLs, Terraform
    # automation runners' accounts, placeholder Terraform Cloud tokens, a demonstration
    # password on a documentation host
    "registry_logins_runner_accounts_demo_credentials": "export UV_PIP_EXTRA_INDEX_URL="
    "https://oauth2accesstoken:my_secret_token@europe-python.pkg.dev/my-project/my-repo/simple/\n"
    "Looking in indexes: https://aws:****@my-domain-111122223333.d.codeartifact.us-east-1"
    ".amazonaws.com/pypi/my-repo/simple/\n"
    "Looking in indexes: https://VssSessionToken:****@pkgs.dev.azure.com/org/_packaging/feed/\n"
    "Attempting to open CLI config file: /home/atlantis/.terraformrc\n"
    "spacelift@4b2d9c0e1f3a:/mnt/workspace/source$ terraform init\n"
    'credentials "app.terraform.io" {\n  token = "xxx.atlasv1.yyy"\n}\n'
    "export TF_TOKEN_app_terraform_io=abc.atlasv1.def\n"
    "Ignoring indexes: https://user:supers3cret@pypi.example.com/root/ci/+simple/\n",
    # stop 58 (scrubber 1.116.0): URLs whose host has no dot and whose path holds no random
    # segment, after a scheme and a port, with curl's -v before one: nothing in them goes
    "url_paths_of_words": "ffmpeg -re -i in.mp4 -f flv rtmp://localhost:1935/live/camera_front\n"
    "$ curl -v http://localhost/api/v1/items/42\nproxy_pass http://backend:8080/hooks/deploy/run;\n"
    "docker run -v /srv/data:/var/lib/data app\n",
    # stop 59 (scrubber 1.117.0): session daemons' lines naming system, image, placeholder and
    # the tools' own accounts, per-user sockets of root and of a variable, a one-letter mask home
    "session_daemon_accounts_one_letter_mask": "[20200501-19:24:37] [INFO ] ++ created session"
    " (access granted): username xrdp, ip ::ffff:10.0.0.2:58711 - socket: 12\n"
    "NXSERVER User 'nx' from '192.168.1.11' logged out.\n"
    "NXSERVER User 'nxuser' logged in from '10.0.0.9' using authentication method NX-password.\n"
    "systemd-logind[500]: New session c1 of user lightdm.\nlogin[999]: LOGIN ON tty1 BY root\n"
    "[+0.52s] DEBUG: Session pid=1234: Started with service 'lightdm-autologin', username 'pi'\n"
    "--ssh-auth-sockname=/tmp/chromoting.root.ssh_auth_sock\n"
    "SSH_AUTH_SOCK=/tmp/chromoting.${USER}.ssh_auth_sock\n"
    "QStandardPaths: XDG_RUNTIME_DIR not set, defaulting to '/tmp/runtime-root'\n"
    "SessionManager: Log file is /home/Y/.vnc/X-pi1:2.log\n",
    # stop 59 (scrubber 1.121.0): card statuses and token lists naming nobody, PKCS#11 URIs'
    # public labels, escaped Windows paths after a masked or punctuated folder
    "smart_card_nobody": "Name of cardholder: [not set]\nLogin data .......: [not set]\n"
    "General key info..: [none]\nName of cardholder: Max Mustermann\nS LOGIN-DATA %00\n"
    "General key info..: pub  rsa4096/0xFF3E7D88647EBCDB 2017-10-09 YubiKey User"
    " <yubikey@example.com>\n  token label        : YubiKey PIV #4942750\n"
    "  token label        : My Token\n  uri                : pkcs11:model=SoftHSM%20v2;"
    "manufacturer=SoftHSM%20project;token=SoftHSM%20Token\npkcs11:token=PIV_II;id=%01\n"
    "PermissionError: [Errno 13] Permission denied: "
    "'C:\\\\Users\\\\***\\\\AppData\\\\Local\\\\Temp\\\\x.log'\n"
    "OSError: 'D:\\\\work\\\\c++\\\\build\\\\Release\\\\app.exe'\n",
    # stop 59 (scrubber 1.119.0): occ run for the admin and all users, php-fpm pools run as the
    # web server's account or as their own name, masked comma-joined passwords, web apps'
    # own service accounts at a prompt
    "occ_admin_fpm_service_pools_masked_argv": "$ sudo -u www-data php occ files:scan --all\n"
    "Starting scan for user 1 out of 2 (admin)\nStarting scan for user 2 out of 2 (Test1)\n"
    "admin`s last login: 09.01.2015 18:46\n[www]\nuser = www-data\nlisten = /run/php/fpm.sock\n"
    "[client_acme]\nuser = client_acme\npm = dynamic\n"
    "ERROR: [pool client_acme] cannot get uid for user 'client_acme'\n"
    "php     TRACE [runProgram] Executing: /opt/bitnami/php/bin/php magento,setup:install,"
    "--db-password,******,--admin-password,<admin-password>,--admin-user,user\n"
    "owncloud@zentyal:~/owncloud$ php occ ldap:show-config\n"
    "matomo@analytics:/var/www/matomo$ ./console core:archive\n",
    # stop 59 (scrubber 1.120.0): orchestration images' default accounts and passwords (Apache
    # Airflow's docker-compose.yaml, puckel/docker-airflow, apache/superset), puckel's published
    # Fernet key, a stand-in organisation's addresses, a user record of roles and placeholders
    "orchestration_image_defaults_nobody": "AIRFLOW__CORE__SQL_ALCHEMY_CONN=postgresql+psycopg2"
    "://airflow:airflow@postgres:5432/airflow\nPOSTGRES_USER=airflow\nPOSTGRES_PASSWORD=airflow\n"
    "POSTGRES_DB=airflow\nFERNET_KEY=46BKJoQYlPPOexq0OhDZnIlNepKFf87WFwLbfzqDDho=\n"
    "airflow@7c2b8e1f0a9d:/opt/airflow$ airflow db check\n"
    "SQLALCHEMY_DATABASE_URI = 'postgresql+psycopg2://superset:superset@db:5432/superset'\n"
    "snowsql -a XXX.eu-west-1 -u jamie@myorg.com\n"
    "jamie@myorg.com#MY_DB@(no database).(no schema)>\n"
    "user: jsmith@mycompany.com\n{'first_name': 'Admin', 'last_name': 'User', 'username': 'admin',"
    " 'roles': [{'name': 'Admin'}]}\n{'first_name': 'YourFirstName', 'last_name': None, 'username':"
    " 'string'}\n",
    # stop 59 (scrubber 1.118.0): `-p` after `-u` holding a mask, a variable, a port or the
    # account's own name, and mysql's database; NAS home roots naming built-in accounts;
    # OpenMediaVault's own and group objects; Home Assistant's account
    "user_password_flag_nas_home_omv_placeholders": "$ cot deploy -s vc/DC/host/esx1 -u "
    "administrator@vsphere.local -p ******** esxi x.ova\noc login -u developer -p developer\n"
    'twine upload -u __token__ -p "$PYPI_TOKEN" dist/*\ndocker run -u 1000:1000 -p 8080:80 nginx\n'
    "mysql -u root -p wordpress < dump.sql\n"
    "Could not chdir to home directory /var/services/homes/admin: No such file or directory\n"
    "su: warning: cannot change directory to /share/homes/<user>: No such file or directory\n"
    'RPC response (service=UserMgmt, method=setGroup): {"response":{"name":"users",'
    '"comment":"","members":["admin"]},"error":null}\n'
    'RPC response (service=UserMgmt, method=setUser): {"response":{"name":"openmediavault-webgui",'
    '"comment":"openmediavault WebGUI"},"error":null}\n'
    "Args=[USER=hass,TYPE=passwd,IS_KNOWN_DEVICE=no]\nhass@raspberrypi:~ $ hass --open-ui\n",
    # stop 59 (scrubber 1.122.0): Linux-PAM's prefix of each group, under services whose names
    # end in password, in a log line and the journal's JSON
    "pam_prefix_groups": "gdm-password]: pam_unix(gdm-password:session): session opened for user"
    " root(uid=0) by (uid=0)\npam_ecryptfs(gdm-password:setcred): Error getting passwd info\n"
    "passwd[1234]: pam_unix(passwd:chauthtok): password changed for root\n"
    "sudo-password[77]: pam_unix(sudo-password:account): account has expired\n"
    '{"MESSAGE":"pam_unix(gdm-password:auth): authentication failure; user=gdm"}\n'
    # stop 59 (scrubber 1.123.0): the same modules' lines naming system and image accounts,
    # placeholders and nobody
    "sshd[9]: pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser="
    " rhost=203.0.113.5  user=root\npam_unix(sshd:auth): check pass; user unknown\n"
    "pam_unix(sudo:session): session opened for user root(uid=0) by ubuntu(uid=1000)\n"
    "pam_unix(sudo:auth): auth could not identify password for [<user>]\n",
    # stop 59 (scrubber 1.127.0): license managers' user lines naming system, CI and machine
    # accounts, placeholders and masks, and the report's other lines
    "license_manager_accounts": "Users of MATLAB:  (Total of 424 licenses issued;  Total of 5"
    ' licenses in use)\n\n  "MATLAB" v40, vendor: MLM, expiry: 01-jan-2099\n'
    "  vendor_string: vi=0:at=276:ae=1:lu=300:lo=NNU:ei=XXXXXX:lr=1:ep=15:\n"
    '  nodelocked license, locked to "ID=YYYY"\n\n'
    "        1 RESERVATION for GROUP DED (HOSTNAME/1713)\n"
    "    root buildhost /dev/pts/0 (v40) (flexlm01/27000 101), start Mon 3/4 9:12\n"
    "    jenkins ci-agent-3 ci-agent-3 (v40) (flexlm01/27000 1702), start Wed 3/6 11:30\n"
    "    license-server002$ LICENSE-SERVER002 LICENSE-SERVER002 (v40) (flexlm01/27000 3208),"
    " start Sat 3/9 7:45\n    USER1 HOST1 HOST1 (v40) (SERVER1/27000 101), start Mon 1/1 10:00\n"
    "    xxxxx xxxxx (v40) (HOSTNAME/1713 9323), start Wed 10/6 9:50\n"
    "demo license usage status on ci (port 27001)\n\n\tfloatserver v21.0: user@host 1/0 at"
    " 05/20 13:41 (handle: 41)\n",
    # stop 59 (scrubber 1.124.0): dynamic-DNS update URLs with the docs' stand-ins, macOS
    # prompts of default and role accounts in folders with blanks, prose labels before a `$`
    "router_ddns_mac_prompt_placeholders": "'https://www.duckdns.org/update?domains=[DOMAIN]"
    "&token=[PASSWORD]&ip=[IP]'\nhttps://www.duckdns.org/update?domains=mydomain.duckdns.org"
    "&token=***PW***\nGET /nic/update?hostname=myhost.ddns.net&myip=192.0.2.25 HTTP/1.1\n"
    "MacBook-Pro:new folder admin$ ls\n> iMac:My Documents user$ ls -la\n"
    "Note:see the docs Price$ list\n",
    # stop 59 (scrubber 1.125.0): key clauses holding placeholders, the OPNsense BIND plugin's
    # published default key, and PowerDNS's banners of build farms' accounts
    "tsig_key_placeholders_and_build_accounts": 'key "rndc-key" { algorithm hmac-sha256; '
    'secret "<base64-secret>"; };\nkey "tsig" { algorithm hmac-md5; secret "********"; };\n'
    'key "rndc-key" { algorithm hmac-sha256; '
    'secret "VxtIzJevSQXqnr7h2qerrcwjnZlMWSGGFBndKeNIDfw="; };\n'
    "Using 64-bits mode. Built using gcc 12.1.0 on Jul 26 2022 20:54:03 by root@localhost.\n"
    "Using 64-bits mode. Built using gcc 8.5.0 on Feb 14 2024 by mockbuild@buildhost.\n",
    # stop 59 (scrubber 1.126.0): Apple fleet management's output naming nobody: system, setup
    # and role accounts, macOS's own folders under /Users, a property list's keys, placeholders
    # before the jamf binary's ellipsis, a file named by a computer name and a date
    "apple_fleet_nobody": 'Checking for policies triggered by "recurring check-in" for user'
    ' "_mbsetupuser"...\nChecking for policies triggered by "depnotify" for user "toadmin"...\n'
    "Downloading https://euc1-jcds.services.jamfcloud.com//download/31b7f1de8e854985af9094f0e8"
    "ce0e51/CME_logos.pkg?token=<token>...\n<key>_metadata</key>\n<dict>\n<key>created_by</key>"
    "\n<string>root</string>\n</dict>\n             uid = 201\n        username = Guest\n"
    "[file:///Users/Deleted%20Users/, file:///Users/_mbsetupuser/, file:///Users/Shared/]\n"
    "/Users/Deleted Users/Library/Preferences\n/Users/admin_1/Desktop/report.txt\n"
    "Report Location: /Users/Shared/LHP937D7F4-Volume-Usage-2024-09-10-081911.txt\n",
    # stop 59 (scrubber 1.128.0): the same directory tools' lines naming system, built-in and
    # service accounts, the function name and option values that are no secrets, root prompts
    "directory_server_placeholders": "[pam] [cache_req_process_input] (0x0400): CR #1: Parsing"
    " input name [admin@ipa.test]\nsu: pam_unix(su:session): session opened for user root(uid=0)"
    ' by (uid=0)\nnslcd: [3c9869] <passwd="nobody"> DEBUG: ldap_initialize(ldap://ldap/)\n'
    "  check_ntlm_password:  Authentication for user [nobody] -> [nobody] FAILED\n"
    "        update_password: on_create\n"
    "ipa: ERROR: Could not create log_dir u'/home/ldap-passwd-reset/.ipa/log'\n"
    "dcontrol:~ # hostname\n",
    # stop 60 (scrubber 1.131.0): the same lines with TeamCity's empty token, masks,
    # placeholders, variables, a file and a run of words where the token stands
    "ci_issued_token_placeholders": "[2020-05-11 10:12:33,456]   INFO -   jetbrains.buildServer"
    ".AGENT - Removing authorization token '' from agent with no name\nNew agent authorization"
    ' token "***" was generated for agent "build-01" {id=12}\nWARNING: Registration token'
    ' "${REGISTRATION_TOKEN}" was empty\nlevel=error msg="invalid registration token \\"<TOKEN>'
    '\\""\nError: the access token "%AZP_TOKEN%" is not valid\nagent token'
    ' "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"\nusing access token "runner-token-file-2023"\n'
    'reading runner token from "/data/.runner"\n',
    # stop 60 (scrubber 1.133.0): user ids whose comment says what the key is for or when, a
    # placeholder person's nickname, a product's word after its name; sign-in prompts with a
    # stand-in address that spells whose mailbox and what of it goes there
    "openpgp_comment_and_stand_in_address_placeholders": 'user: "John Doe (Johnny)'
    ' <johnny@example.com>"\nuid           [ultimate] Test User (Test) <test@example.com>\n'
    "uid           [ultimate] Release Signing Key (2024) <security@example.org>\n"
    'gpg: Good signature from "Build Server (Build) <noreply@example.com>" [unknown]\n'
    "? Email address: my_gmail_id@gmail.com\n? Master password: [hidden]\n"
    "$ bw login your_email_id@outlook.com\n$ lpass login --trust my_yahoo_address@yahoo.com\n"
    "$ op account add --address my.1password.com --email your-work-email@company.com\n",
    # stop 60 (scrubber 1.134.0): the same file-transfer lines naming role, image and test
    # accounts, placeholders, flags that take no value and pure-ftpd's virtual users' root
    "file_transfer_client_accounts": ". 2023-03-26 22:09:44.152 Session name: root@192.168.1.10"
    " (Site)\n. 2023-03-26 22:09:44.152 User name: root (Password: Yes, Key file: No)\n"
    "debug1: Offering RSA public key: vagrant@localhost\nName (localhost:root): anonymous\n"
    "rclone rcd --rc-user=admin --rc-pass=YOUR_PASSWORD\nansible-playbook --ask-pass site.yml\n"
    "pure-pw useradd ftptest -u ftpuser -d /home/ftpusers/ftptest\n",
    # stop 60 (scrubber 1.132.0): the same business web apps' lines naming nobody: shared hosts'
    # placeholder accounts and web roots, Cloudways' placeholder folder, Dolibarr's and
    # YunoHost's role logins and the domain question's choices
    "business_web_app_placeholders": "Warning: fopen(/storage/logs/error.log): failed to open"
    " stream in /usr/www/users/USERNAME/system/library/log.php on line 22\n"
    "define('DIR_ROOT'           , '/home3/username/public_html/');\n"
    "PHP Warning:  include(/home2/public_html/config.php): failed to open stream\n"
    "cd /home/master/applications/xxxxxxxxxx/public_html/\n"
    "- This is an already logged session. _SESSION['dol_login']=admin _SESSION['dol_entity']=1\n"
    "Choose the domain where this app should be installed [this-is-my-domain.nohost.me]"
    " (default: this-is-my-domain.nohost.me):\n"
    "Choose an administrator user for this app [admin] (default: admin):\n",
    # stop 60 (scrubber 1.130.0): the same mail configs and logs with placeholders, documented
    # logins, stand-in addresses and mail daemons' accounts
    "mail_client_placeholders": "account gmail\nhost smtp.gmail.com\nfrom XXX\nuser XXX\n"
    "account sendgrid\nhost smtp.sendgrid.net\nuser apikey\n"
    'poll imap.gmail.com protocol imap username "xxx@gmail.com" password "xxxpw" is xxx here\n'
    "[Repository Remote]\nremoteuser = account@account.com\n"
    "Log file is LOG_imapsync/2019_06_04_11_03_47_855_user1@example.com_user2@example.com.txt\n"
    "-rwx------   1 fetchmail        fetchmail            155 Sep 12 17:04 fetchmailrc\n",
    # stop 60 (scrubber 1.135.0): Ghost-CLI's own account at its prompt, Appwrite's documented
    # defaults, and a poster's withheld address
    "baas_defaults_and_stand_ins": "ghost@VM-1-2-ubuntu:/var/www/ghost$ ghost install\n"
    "Some features of Ghost-CLI may not work without additional configuration.\n"
    "- _APP_OPENSSL_KEY_V1=your-secret-key\n- _APP_DB_PASS=password\n- _APP_REDIS_PASS=\n"
    '[{"project":{"name":"Appwrite"},"recipient":"team@appwrite.io","name":"","team":null}]\n'
    '{"traits":{"user_email":"personal@email.com"},"remote_addr":"178.143.xx.xx"}\n',
    # stop 60 (scrubber 1.137.0): the same CI variables naming nobody: bots, service
    # identities, build-user-vars' stand-ins, templates, GitLab's root and empty values
    "ci_actor_nobody": "GITHUB_ACTOR=github-actions[bot]\nGITHUB_TRIGGERING_ACTOR=dependabot[bot]\n"
    "GITLAB_USER_LOGIN=root\nGITLAB_USER_NAME=Administrator\nCI_PROJECT_PATH=root/demo\n"
    "BUILD_USER=Timer Trigger\nBUILD_USER_ID=timer\n"
    "BUILD_REQUESTEDFOR=Project Collection Build Service (contoso)\n"
    "BUILD_QUEUEDBY=Microsoft.VisualStudio.Services.TFS\n"
    "  env:\n    GITHUB_ACTOR: ${{ github.actor }}\nCIRCLE_USERNAME=\nBUILD_USER=%BUILD_USER%\n",
    # stop 60 (scrubber 1.138.0): the same sshd lists and clock prompts naming nobody: patterns,
    # role and image accounts, placeholders, groups, prose about the keywords, a log line with a
    # time and an address
    "sshd_lists_and_clock_prompt_placeholders": "AllowUsers root git* !guest youruser@10.0.0.*\n"
    "DenyUsers sftp backup deploy\nallowusers ubuntu\nAllowGroups ssh-users\n"
    "Match Group sftponly\nMatch User *,!root\n"
    "AllowUsers and DenyUsers are processed in this order.\n"
    "sshd[811]: User pi from 192.0.2.7 not allowed because not listed in AllowUsers\n"
    "[01:45:02]:~> root@Rocket$ ls -l /dev/fuse\n(12:01) user@host ~ % ls\n"
    "[14:02:11] connecting to git@github.com:org/repo\n",
    # stop 60 (scrubber 1.142.0): account database lines naming nobody: system, service, image
    # and placeholder accounts, role full names, members that are roles, locked services
    "account_lines_nobody": "root:x:0:0:root:/root:/bin/bash\n"
    "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"
    "odoo:x:1001:1001:Odoo,,,:/opt/odoo:/bin/bash\n"
    "user:x:1000:1000:Linux User,,,:/srv/user:/bin/bash\n"
    "docker:x:998:\nsudo:x:27:ubuntu\nadm:x:4:syslog,ubuntu\n"
    "www-data:*:19876:0:99999:7:::\nusername:100000:65536\n1000:100000:65536\n"
    "pwd.struct_passwd(pw_name='root', pw_passwd='x', pw_uid=0, pw_gid=0, pw_gecos='root',"
    " pw_dir='/root', pw_shell='/bin/bash')\n",
    # stop 60 (scrubber 1.141.0): the same account and process commands naming nobody: system
    # and service accounts, variables, placeholders, uids, an option's argument, prose
    "account_command_placeholders": "$ sudo usermod -aG docker $USER\n"
    "$ sudo usermod -aG docker ${USER}\n$ sudo gpasswd -a www-data nginx\n"
    "$ sudo usermod -aG render jellyfin\n$ sudo passwd root\n$ pgrep -u root sshd\n"
    "$ ps -u postgres\n$ top -u www-data\n$ sudo loginctl enable-linger $(whoami)\n"
    "$ sudo usermod -aG docker <user>\n$ sudo usermod -aG docker youruser\n"
    "$ sudo chown -R 1000:1000 /srv/app\n$ sudo usermod -aG libvirt\n$ sudo -u postgres psql\n"
    "$ su - postgres\nUse su to switch users, or usermod to change a user.\n",
    # stop 60 (scrubber 1.140.0): the same who-is-logged-in messages naming nobody: role and
    # bot accounts, placeholders, the clusters' default users, prose, a login with no name
    "login_message_placeholders": "\u2713 Logged in to github.com account octocat (keyring)\n"
    "Logged in as root\nYou are logged in as admin.\nCurrent user: $USER\n"
    "Logged in as expected, then the page froze\nLogged in on https://registry.npmjs.org/.\n"
    'Logged into "https://api.crc.testing:6443" as "kubeadmin" using the token provided.\n'
    "Welcome to GitLab, @username!\nATTRIBUTE   VALUE\nUsername    kubernetes-admin\n"
    "Groups      [system:masters]\nLogin Succeeded\n"
    "Hi USERNAME! You've successfully authenticated, but GitHub does not provide shell access.\n",
    # stop 61 (scrubber 1.145.0): the same owner listings naming only system, service and
    # built-in accounts
    "owner_listings_nobody": "# file: etc/shadow\n# owner: root\n# group: shadow\n"
    "user::rw-\nuser:www-data:r--\n"
    "Access: (0644/-rw-r--r--)  Uid: (    0/    root)   Gid: (    0/    root)\n"
    " 0: user:_www allow list,search\n"
    "C:\\Windows NT SERVICE\\TrustedInstaller:(F)\n          BUILTIN\\Users:(RX)\n"
    "Owner  : NT AUTHORITY\\SYSTEM\nAccess : DESKTOP-AB12CD\\Administrators Allow  FullControl\n"
    "Run As User:                          INTERACTIVE\n"
    "User Name:    Window Manager\\DWM-1\n",
    # stop 61 (scrubber 1.144.0): the same configuration files naming nobody: the tools'
    # documented examples, placeholders, masks, templates, service accounts, EAP methods
    "tool_config_placeholders": "[client]\nuser=root\npassword=changeme\n"
    "[mysqld]\nuser=mysql\nadmin:{SHA}<base64 digest>\n"
    'network={\n\teap=PEAP\n\tidentity="user@example.com"\n\tanonymous_identity="anonymous"\n'
    '\tpsk="very secret passphrase"\n\tphase2="auth=MSCHAPV2"\n}\n'
    "[wifi-security]\nkey-mgmt=wpa-psk\npsk-flags=1\n[802-1x]\nphase2-auth=mschapv2\n"
    "<server>\n  <id>server001</id>\n  <username>my_login</username>\n</server>\n"
    "<username>${env.MAVEN_USERNAME}</username>\n"
    "ossrhUsername=your-jira-id\nmavenCentralUsername=username\n",
    # stop 61 (scrubber 1.150.0): the same backup tools' lines naming nobody: a domain's
    # template homes, a built-in account under a domain, Duplicati's authid placeholders, the
    # service's own USER, a Time Machine image's documented account
    "backup_tool_placeholders": "template homedir = /home/%D/%U\nfallback_homedir = /home/%d/%u\n"
    "Failed to process path: /home/AD/administrator/.config/Duplicati/X.sqlite\n"
    'backup "googledrive://Backup?authid=AUTHID" /data\n'
    'backup "hubic://BACKUP?authid=xxx-any token-xxx" /data\n--authid=YOUR_AUTHID\n'
    "services:\n  kopia:\n    image: kopia/kopia:latest\n    environment:\n"
    '      USER: "kopia"\n      LOGNAME: "${USER}"\n'
    "Attempting to mount 'smb://timemachine@192.168.1.60/TimeMachine'\n",
    # stop 61 (scrubber 1.146.0): the same signing identities and notarization lines naming
    # nobody: companies, Apple's CAs, placeholders, masks and altool's credential references
    "codesign_identities_nobody": '  1) 3F60B8D9578EAEF1E13A7EEC1394D4CE34139555 "Developer ID '
    'Application: Google LLC (EQHXZ8M8AV)"\n'
    "Authority=Developer ID Application: Brave Software, Inc. (KL8N8XSYF4)\n"
    "Authority=Developer ID Certification Authority\nAuthority=Apple Root CA\n"
    "    1. Developer ID Installer: Microsoft Corporation (UBF8T346G9)\n"
    '"signingIdentity": "Developer ID Application: Company Name (TEAMID)",\n'
    "Developer ID Application: Your Name (XXXXXXXXXX)\n"
    '"--apple-id" "redacted" "--password" "re-da-ct-ed" "--team-id" "REDACTED"\n'
    '--username "AC_USERNAME" --password "@keychain:AC_PASSWORD"\n'
    "Failed to get authorization for username 'developer@alephium.org' and password.\n",
    # stop 61 (scrubber 1.147.0): the same headers naming nobody: posters' stand-in phrases
    # for a name, refusal and mask words where a key goes, game save files' names
    "mod_manager_placeholders": "Minecraft folder is:\n"
    "C:/Users/notmyrealname/Downloads/MultiMC/instances/1.8.9/.minecraft\n"
    "Java path is:\nC:/Users/notmyname/Downloads/PrismLauncher/java/bin/javaw.exe\n"
    "data path: C:/Users/fake_user/AppData/Local/ModOrganizer/SkyrimSE\n"
    "Headers:\n{\n  User-Agent: Wabbajack/0.9.18.0\n  apikey: NOPE\n}\n"
    "CURSEFORGE_API_KEY=NOT_SET\n"
    "save name is Quicksave0_497A45B9_1_4C697A_WhiterunBreezehome_000448_20180513145834_13_1\n"
    "loading save Save3_0C2D58E2_0_507269736F6E6572_Tamriel_000002_20180503063315_4_1\n",
    # stop 61 (scrubber 1.149.0): the media apps' service accounts' homes, Deluge's
    # localclient and the download clients' documented default passwords, masked session
    # passwords
    "media_server_accounts": "su nzbdrone -c 'mono /opt/NzbDrone/NzbDrone.exe'\n"
    "data source=/home/nzbdrone/.config/NzbDrone/nzbdrone.db\n"
    "/home/sonarr/.config/NzbDrone/config.xml\n/home/radarr/.config/Radarr/radarr.db\n"
    "/home/debian-transmission/.config/transmission-daemon/settings.json\n"
    "/home/qbittorrent-nox/.config/qBittorrent/qBittorrent.conf\n"
    "/home/deluge/.config/deluge/core.conf\n  username: localclient\n  password: deluge\n"
    "WebUI\\Password=adminadmin\nControlUsername=nzbget\nControlPassword=tegbzn6789\n"
    "A temporary password is provided for this session: ********\n",
    # stop 61 (scrubber 1.151.0): prompts whose host only begins like a role or image account
    "named_hosts_nobody": "[user@user-dellg155530 ~]$ yabridgectl list\n"
    "/home/user/.wine/drive_c/vst\n[liveuser@live-dellg155530 ~]$ ls\n"
    "[builder@build-server ~]$ make\n[jenkins@jenkins-agent-3 ~]$ make\n"
    "[root@audio-dellg155530 ~]$ ls\nMacBook-Pro:myapp dev$ ls\n"
    "Users-MacBook-Pro:app user$ ls\n",
    # stop 62 (scrubber 1.166.0): shared, software and CI folders above per-user folders, a
    # CoreLog header's built-in account, OMERO's server account beside OMERO's output
    "lab_share_logins_nobody": "/endosome/archive/MIL/shared/.conda/envs/napari-env/lib\n"
    "/project/software/.conda/envs/x/lib\n/builds/group/sub/project/.cache/pip/x\n"
    "/srv/www/site/node_modules/.cache/babel-loader/x.json\n"
    "2022-04-11T17:18:09.043385 tid8436 [IFO,App] User: Administrator\n"
    "$ omero db script\nSaving to /home/omero-server/OMERO5.4__0.sql\n$ omero admin start\n",
    # stop 61 (scrubber 1.152.0): identity services' objects naming nobody: groups, roles,
    # apps, bots, organisations, a subscription, placeholder users
    "identity_objects_nobody": '{"schemas":["urn:ietf:params:scim:schemas:core:2.0:Group"],'
    '"displayName":"Tour Guides"}\n'
    '[{"id":"g1","name":"Field Operations","path":"/Field Operations"}]\n'
    '{"login":"dependabot[bot]","type":"Bot","name":"Dependabot Preview"}\n'
    '{"login":"github","type":"Organization","name":"Octo Org","email":null}\n'
    '{"id":42,"username":"support-bot","name":"Release Pipeline","bot":true}\n'
    '{"displayName":"Marketing Leads","mail":null,"mailNickname":"marketingleads"}\n'
    '{"name":"Pay As You Go","tenantDisplayName":"Default Directory",'
    '"user":{"name":"admin@example.com","type":"user"}}\n'
    '{"username":"admin","firstName":"Admin","lastName":"User","email":"admin@example.com"}\n'
    '{"userName":"jdoe","name":{"givenName":"John","familyName":"Doe"},"displayName":"John Doe"}\n',
    # stop 61 (scrubber 1.148.0): the same database shells naming nobody: role and example
    # logins in URLs, databases of a word and a number, documented sqlcmd placeholders, the
    # mysql synopsis' bracketed placeholders, Cassandra's documented default
    "database_shell_placeholders": "mongo mongodb://test:<???>@10.0.0.5:27017/test001\n"
    "> show dbs\nadmin    0.000GB\nconfig   0.000GB\ntest001  0.000GB\n"
    "mongosh mongodb://myUserAdmin:abc123@localhost/test\n"
    "mysql://root:<password>@127.0.0.1:3306/shop001\n"
    'sqlcmd -S localhost -U SA -P "<YourStrong@Passw0rd>"\n'
    'sqlcmd -S localhost -U SA -P "yourStrong(!)Password"\n'
    'sqlcmd -S localhost -U sa -P "$SA_PASSWORD"\n'
    "mysql -h[SERVER] -u[USER] -p[PASSWORD]\n> cqlsh -u cassandra -p cassandra\n"
    "WARN  ==> You set the environment variable CASSANDRA_PASSWORD=cassandra. This is the"
    " default value when bootstrapping Cassandra.\n",
    # stop 61 (scrubber 1.153.0): the same messages, statements and listings naming the
    # servers' own, built-in, sample and placeholder accounts
    "db_server_accounts_builtin": 'FATAL:  password authentication failed for user "postgres"\n'
    'FATAL:  role "pg_monitor" does not exist\n'
    'FATAL:  no pg_hba.conf entry for replication connection from host "10.0.0.2",'
    ' user "replicator"\n'
    " Role name | Attributes\n-----------+-----------\n rdsadmin | Superuser, Create role\n"
    "GRANT USAGE ON *.* TO `mysql.sys`@`localhost`\nCREATE USER 'myuser'@'localhost';\n"
    "/*!50013 DEFINER=`root`@`localhost` SQL SECURITY DEFINER */\n"
    '\t\t"user" : "admin",\n\t\t"db" : "admin",\n'
    "Login failed for user 'sa'.\nSQL> CONNECT scott/tiger@orcl\nsqlplus / as sysdba\n",
    # stop 61 (scrubber 1.154.0): the same tools' fields naming nobody: Perforce's super user,
    # a key's PuTTY and Ansible default comments and root's, cron's empty and root MAILTO,
    # Grafana's admin and anonymous uname, Vault's root, token and approle display names, a
    # Windows shell's Administrator
    "tool_field_logins_nobody": "User name: super\nUser super logged in.\n"
    "2048 SHA256:Wf1e0mKk9kW2v6bJv0zQ2XxZb3aQf+5g1cYlq8mG0ks rsa-key-20240101 (RSA)\n"
    "256 SHA256:Wf1e0mKk9kW2v6bJv0zQ2XxZb3aQf+5g1cYlq8mG0ks root@buildhost (ED25519)\n"
    'MAILTO=""\nMAILTO=root\nlogger=context userId=1 orgId=1 uname=admin method=GET\n'
    "logger=context userId=0 orgId=0 uname= method=GET\ndisplay_name        root\n"
    "display_name        token\ndisplay_name        approle\n"
    "PS C:\\> $env:USERNAME\nAdministrator\n",
    # stop 61 (scrubber 1.156.0): kubeadm's, minikube's, kind's and AKS's default users, system
    # users, ServiceAccount and Group subjects, CAs' and hosts' CNs, a placeholder's certificate
    "kubernetes_user_identities_nobody": "users:\n- name: kubernetes-admin\n  user:\n"
    "    client-certificate-data: DATA+OMITTED\n- name: minikube\n  user:\n    token: REDACTED\n"
    "- name: clusterUser_myrg_myaks\n  user:\n    token: REDACTED\ncontexts:\n- context:\n"
    "    cluster: kind-dev\n    user: kind-dev\n  name: kind-dev\nsubjects:\n"
    "- kind: ServiceAccount\n  name: default\n  namespace: kube-system\n- kind: Group\n"
    "  name: system:masters\n- kind: User\n  name: system:kube-scheduler\n"
    "subject=CN = kubernetes-admin, O = system:masters\n"
    "subject=C = US, O = Let's Encrypt, CN = R3\nsubject=CN = etcd-ca\n"
    "Subject: C=US, O=Example Inc, CN=John Doe/emailAddress=john@example.com\n",
    # stop 61 (scrubber 1.157.0): the same listings naming nobody: SYSTEM, a machine account,
    # DWM-1, ANONYMOUS LOGON, smbstatus's nobody, lsof's root, www-data and a uid number,
    # fuser's root, openfiles' Administrator
    "session_listing_logins_nobody": "New Logon:\n\tSecurity ID:\t\tSYSTEM\n"
    "\tAccount Name:\t\tSYSTEM\n"
    "Subject:\n\tSecurity ID:\t\tSYSTEM\n\tAccount Name:\t\tDESKTOP-ABC$\n"
    '<Data Name="TargetUserName">DWM-1</Data>\n'
    '<Data Name="TargetUserName">ANONYMOUS LOGON</Data>\n'
    "12345   nobody   nogroup   192.168.1.20 (ipv4:192.168.1.20:51234)   SMB3_11   -   -\n"
    "nginx      1235 www-data    6u  IPv4  23456      0t0     TCP *:80 (LISTEN)\n"
    "python3   12345     1000  cwd    DIR  253,1     4096 1234567 /srv/app\n"
    "/srv/data:           root       1234 ..c.. bash\n"
    "12       ADMINISTRATOR        Windows    C:\\Shares\\Reports\\\n",
    # stop 62 (scrubber 1.162.0): the same output naming nobody: root's sudo -l, a locked
    # service account's passwd -S, root's quota, gdm's greeter session, root's finger entry,
    # Windows' built-in accounts in Get-LocalUser and net localgroup
    "account_output_logins_nobody": "User root may run the following commands on myhost:\n"
    "    (ALL : ALL) ALL\nnagios L 11/02/2025 0 99999 7 -1\n"
    "Disk quotas for user root (uid 0): none\nUID=120\nGID=125\nName=gdm\n"
    "Started Session c1 of User gdm.\n"
    "Login: root           \t\t\tName: root\n"
    "Name               Enabled Description\n----               ------- -----------\n"
    "Administrator      False   Built-in account for administering the computer/domain\n"
    "Guest              False   Built-in account for guest access to the computer/domain\n\n"
    "Members\n\n" + "-" * 79 + "\nAdministrator\nThe command completed successfully.\n",
    # stop 61 (scrubber 1.158.0): the same platforms' objects naming nobody: Slackbot, a bot
    # user, a channel, a Discord bot, a Matrix bridge bot, Rocket.Chat's rocket.cat, npm's teams
    # and an organisation's packages
    "chat_objects_nobody": '{"id":"USLACKBOT","name":"slackbot","real_name":"Slackbot",'
    '"is_bot":false}\n'
    '{"id":"B07ABCDE1","name":"deploy-helper","real_name":"Deploy Helper","is_bot":true}\n'
    '{"id":"C012AB3CD","name":"general","is_channel":true,"is_general":true}\n'
    '{"id":"1234567890","username":"Deploy Notifier","global_name":null,"bot":true}\n'
    '{"display_name":"Telegram Bridge","user_id":"@telegrambot:matrix.example.org"}\n'
    '{"user":{"_id":"rocket.cat","type":"bot","name":"Rocket Cat","username":"rocket.cat"}}\n'
    "$ npm team ls @acme\n@acme:developers\n"
    "$ npm access list packages @acme\n@acme/widgets: read-write\n"
    "$ npm owner ls left-pad\nnpm ERR! code E404\n"
    "$ npm access list collaborators @acme/widgets\nnpm ERR! code E403\n",
    # stop 62 (scrubber 1.160.0): the same fields naming nobody: Office's default user, a
    # built-in account, software, a company's copyright, pdfinfo's (anonymous), a library's
    # default creator, mdls's Unknown
    "document_metadata_nobody": "Author                          : Microsoft Office User\n"
    "Last Modified By                : Administrator\n"
    "Creator                         : Microsoft® Word 2016\n"
    "Copyright                       : Copyright (c) 2024 Acme Inc.\n"
    "Title:           Report\nAuthor:          (anonymous)\n"
    "Creator:         LaTeX with hyperref\nProducer:        pdfTeX-1.40.25\n"
    "<cp:coreProperties><dc:creator>python-docx</dc:creator></cp:coreProperties>\n"
    "kMDItemAuthors                 = (\n    Unknown\n)\n",
    # stop 62 (scrubber 1.164.0): Gecko stack frames whose function is a word, at chrome://,
    # resource://, moz-extension://, file:// and jar:file:// scripts, and the word elsewhere
    "gecko_frames_nobody": "(3)(+0000000): {better-bibtex} FileStore.load cache.json\n"
    "load@chrome://zotero-better-bibtex/content/BetterBibTeX.js:2521:20\n"
    "dir@chrome://zotero/content/xpcom/dataDirectory.js:33:10\n"
    "notify@resource://gre/modules/AsyncShutdown.jsm:123:5\n"
    "onload@moz-extension://5f4b2c1e-9a6d-4b0e-8a51-2c3d4e5f6a7b/background.js:42:7\n"
    "trace@file:///C:/example.html:9:17\n"
    "handle@jar:file:///usr/lib/firefox/omni.ja!/components/nsBrowserGlue.js:88:9\n",
    # stop 62 (scrubber 1.163.0): the same lines naming nobody: GDM's own accounts, root and a
    # placeholder, IBus's root and $USER folders, system accounts whole and cut by ps, SDDM's
    # helper after Auth:
    "desktop_session_logins_nobody": "GdmSession: selecting user 'gdm-greeter'\n"
    "GdmSessionWorker: initializing PAM; service=gdm-launch-environment username=gdm seat=seat0\n"
    "GdmSessionWorker: authenticating user root\n"
    "GdmSession: Set up service gdm-password for username <user>\n"
    "Connect to unix:path=/tmp/ibus-root/ibus-unix-0 failed\n"
    "Connect to unix:path=/tmp/ibus-\n$USER/ibus-unix-0 failed\n"
    "systemd+     712       1  0 09:20 ?        00:00:00 /lib/systemd/systemd-resolved\n"
    "message+     905       1  0 09:20 ?        00:00:01 /usr/bin/dbus-daemon --system\n"
    "avahi-a+     911       1  0 09:20 ?        00:00:00 avahi-autoipd: [wlp2s0] sleeping\n"
    "polkitd      988       1  0 09:20 ?        00:00:00 /usr/lib/polkit-1/polkitd --no-debug\n"
    "sddm[798]: Auth: sddm-helper (--socket /tmp/sddm-auth-0f3c --id 2 --user sddm --greeter)"
    " crashed (exit code 1)\n",
    # stop 62 (scrubber 1.165.0): the same tools' placeholders, wordlists, ports, usage text
    # and Responder's banner with its author's published address
    "ad_tool_credentials_nobody": "$ bloodhound-python -u USERNAME -p PASSWORD -d example.local\n"
    "nxc smb 10.0.0.1 -u users.txt -p passwords.txt --continue-on-success\n"
    "psexec.py [[domain/]username[:password]@]<targetName or address>\n"
    'GetUserSPNs.py "$DOMAIN"/"$USER":"$PASSWORD" -dc-ip "$DC_IP"\n'
    "secretsdump.py -hashes LMHASH:NTHASH corp/Administrator@10.0.0.1\n"
    "nmap -p 445 10.0.0.1\nssh -p 2222 kali@10.0.0.1\n"
    "           NBT-NS, LLMNR & MDNS Responder 3.1.4.0\n\n"
    "  Author: Laurent Gaffie (laurent.gaffie@gmail.com)\n"
    "  To kill this script hit CTRL-C\n",
    # stop 62 (scrubber 1.161.0): the same tools' output naming nobody: a bot's and an app's
    # pull request with a team as reviewer, go-jira's Unassigned and jira-system, Automation for
    # Jira, an Azure DevOps group and build service, Redmine's admin and a group
    "tracker_people_nobody": "title:\tBump lodash\nstate:\tOPEN\nauthor:\tapp/dependabot\n"
    "labels:\t\nassignees:\t\nreviewers:\tacme/core (Requested), ghost (Approved)\n"
    "projects:\t\nmilestone:\t\nnumber:\t77\n--\n"
    "issue: PROJ-9\nstatus: Open\nsummary: Crash\nassignee: Unassigned\nreporter: jira-system\n"
    '{"creator": {"accountId": "557058:f58131cb-b67d-43c7-b30d-6b58d40bd077", '
    '"displayName": "Automation for Jira", "accountType": "app"}}\n'
    '{"System.AssignedTo": {"displayName": "[Fabrikam]\\\\Fabrikam Team", '
    '"uniqueName": "vstfs:///Classification/TeamProject/0d1b", "isContainer": true}}\n'
    '{"System.CreatedBy": {"displayName": "Project Collection Build Service (acme)", '
    '"uniqueName": "Build\\\\1f0a8c2e-0c3d-4b0b-9a44-7c1f35e1d6b0"}}\n'
    '{"author": {"id": 1, "name": "Redmine Admin"}, '
    '"assigned_to": {"id": 9, "name": "Core Team"}}\n',
}
"""Placeholders and public material of the same classes: nothing in them may change."""


def pasted_cells(rng: random.Random) -> list[Cell]:
    """The pasted classes as cells (family ``pasted``): one per form, then the placeholders."""
    cells = []
    for kind, write in pasted_forms(rng).items():
        d = _Doc()
        write(d)
        cells.append(Cell(kind, "pasted", d.text(), tuple(d.spans), tuple(d.keep), family="pasted"))
    for kind, text in PASTED_PLACEHOLDERS.items():
        cells.append(Cell(kind, "pasted", text, (), ((0, len(text)),), decoy=True, family="pasted"))
    return cells


def _email_cells(rng: random.Random) -> list[Cell]:
    cells = []
    for kind, addr in [
        ("email_ascii", "zelda.k@kestrel-mail.com"),
        ("email_idn_unicode", "jürgen@bücher-müller.de"),
        ("email_idn_punycode", "jonas@xn--bcher-kva.de"),
        ("email_idn_cjk", "taro@例え.jp"),
        ("email_role_word_person", "support.jane@kestrel-mail.com"),
    ]:
        for ctx, pre, post in [
            ("prose", "mail ", " today\n"),
            ("json", '{"to": "', '"}\n'),
            ("header", "From: <", ">\n"),
        ]:
            d = _Doc()
            d.k(pre).v(addr).k(post)
            cells.append(Cell(kind, ctx, d.text(), tuple(d.spans), tuple(d.keep), family="email"))
    for ctx, pre, post in [  # a vendor's role address (issue 35 item 4) in the same contexts
        ("prose", "mail ", " today\n"),
        ("json", '{"to": "', '"}\n'),
        ("header", "From: <", ">\n"),
    ]:
        text = f"{pre}hello@fig.io{post}"
        cells.append(
            Cell("role_address", ctx, text, (), ((0, len(text)),), decoy=True, family="email")
        )
    return cells


def _webhook_cells(rng: random.Random) -> list[Cell]:
    cells = []
    hooks = [
        (
            "slack_webhook",
            "https://",
            "hooks.slack.com",
            "/services/",
            f"T{_r(rng, string.ascii_uppercase + '0123456789', 8)}/B{_r(rng, string.ascii_uppercase + '0123456789', 8)}/{_r(rng, ALNUM, 24)}",  # noqa: E501
        ),
        (
            "discord_webhook",
            "https://",
            "discord.com",
            "/api/webhooks/",
            f"{rng.randint(10**17, 10**18)}/{_r(rng, ALNUM + '_-', 68)}",
        ),
        (
            "teams_webhook",
            "https://",
            "acme.webhook.office.com",
            "/webhookb2/",
            f"{'-'.join(_r(rng, HEX, n) for n in (8, 4, 4, 4, 12))}@{'-'.join(_r(rng, HEX, n) for n in (8, 4, 4, 4, 12))}/IncomingWebhook/{_r(rng, HEX, 32)}",  # noqa: E501
        ),
    ]
    uuid = "-".join(_r(rng, HEX, n) for n in (8, 4, 4, 4, 12))
    slack = f"T{_r(rng, string.ascii_uppercase + '0123456789', 8)}"
    hooks += [  # scrubber 1.7: the families of docs/providers.md, each in its own shape
        (
            "slack_workflow_webhook",
            "https://",
            "hooks.slack.com",
            "/workflows/",
            f"{slack}/A{_r(rng, string.ascii_uppercase + '0123456789', 8)}/"
            f"{rng.randint(10**17, 10**18)}/{_r(rng, ALNUM, 24)}",
        ),
        (
            "slack_trigger_webhook",
            "https://",
            "hooks.slack.com",
            "/triggers/",
            f"{slack}/{rng.randint(10**12, 10**13)}/{_r(rng, HEX, 32)}",
        ),
        (
            "slack_gov_webhook",
            "https://",
            "hooks.slack-gov.com",
            "/services/",
            f"{slack}/B{_r(rng, string.ascii_uppercase + '0123456789', 8)}/{_r(rng, ALNUM, 24)}",
        ),
        (
            "discordapp_webhook",
            "https://",
            "discordapp.com",
            "/api/webhooks/",
            f"{rng.randint(10**17, 10**18)}/{_r(rng, ALNUM + '_-', 68)}",
        ),
        (
            "discord_canary_webhook",
            "https://",
            "canary.discord.com",
            "/api/v10/webhooks/",
            f"{rng.randint(10**17, 10**18)}/{_r(rng, ALNUM + '_-', 68)}",
        ),
        (
            "teams_legacy_webhook",
            "https://",
            "outlook.office.com",
            "/webhook/",
            f"{uuid}@{uuid}/IncomingWebhook/{_r(rng, HEX, 32)}/{uuid}",
        ),
        (
            "mattermost_webhook",
            "https://",
            "chat.example.org",
            "/hooks/",
            _r(rng, string.ascii_lowercase + string.digits, 26),
        ),
        (
            "ifttt_webhook",
            "https://",
            "maker.ifttt.com",
            "/trigger/door/with/key/",
            _r(rng, ALNUM, 22),
        ),
    ]
    for kind, scheme, host, route, secret in hooks:
        d = _Doc()
        d.k("WEBHOOK_URL=" + scheme).k(host).k(route).v(secret).k("\n")
        cells.append(
            Cell(kind, "webhook_url", d.text(), tuple(d.spans), tuple(d.keep), family="webhook")
        )
    return cells


# ----------------------------------------------------------------------------- the matrix


def build_matrix(seed: int = 11) -> list[Cell]:
    """Every secret kind in every context, decoys in the same contexts, and the special families."""
    rng = random.Random(seed)
    cells: list[Cell] = []
    for ci, ctx in enumerate(CONTEXTS):
        for ki, (kind, make) in enumerate(SECRET_VALUES.items()):
            if not _fits(kind, ctx):
                continue
            name = NAMES[(ci + ki) % len(NAMES)]
            d = _Doc()
            ctx.write(d, name, make(rng))
            cells.append(Cell(kind, ctx.name, d.text(), tuple(d.spans), tuple(d.keep)))
        for kind, make in DECOY_VALUES.items():
            name = NAMES[ci % len(NAMES)]
            d = _Doc()
            ctx.write(d, name, make(rng))
            # the decoy value takes the place of the planted value: it must be kept
            cells.append(
                Cell(kind, ctx.name, d.text(), (), tuple(d.keep) + tuple(d.spans), decoy=True)
            )
    for kind, text in {**CODE_DECOYS, **KEPT_TEXT}.items():
        cells.append(
            Cell(kind, "document", text, (), ((0, len(text)),), decoy=True, family="decoy")
        )
    cells += _key_cells(rng)
    cells += _encoded_cells(rng)
    cells += _path_cells(rng)
    cells += _user_cells(rng)
    cells += _email_cells(rng)
    cells += _webhook_cells(rng)
    cells += pasted_cells(rng)
    return cells


def in_context(context: Context, name: str, value: str) -> str:
    """``value`` under ``name`` as ``context`` writes it (one cell's text, outside the matrix)."""
    doc = _Doc()
    context.write(doc, name, value)
    return doc.text()


@dataclass
class Score:
    """Recall per (kind, context) and the decoys kept."""

    cells: int = 0
    found: dict[tuple[str, str], list[bool]] = field(default_factory=dict)
    decoys_kept: int = 0
    decoys: int = 0
    failed_decoys: list[tuple[str, str]] = field(default_factory=list)
    missed: list[tuple[str, str]] = field(default_factory=list)


def covered(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether ``[start, end)`` is wholly inside the union of ``spans``."""
    pos = start
    for s, e in sorted(spans):
        if s <= pos < e:
            pos = e
            if pos >= end:
                return True
    return pos >= end


def touched(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether any of ``spans`` overlaps ``[start, end)``."""
    return any(s < end and start < e for s, e in spans)


def score(cells: list[Cell], detect: Callable[[Cell], list[tuple[int, int]]]) -> Score:
    """Run ``detect`` on every cell: a planted value counts when all its spans are covered."""
    out = Score()
    for cell in cells:
        spans = detect(cell)
        out.cells += 1
        if cell.spans:
            ok = all(covered(spans, s, e) for s, e in cell.spans)
            out.found.setdefault((cell.kind, cell.context), []).append(ok)
            if not ok:
                out.missed.append((cell.kind, cell.context))
        if cell.decoy or cell.keep:
            bad = any(touched(spans, s, e) for s, e in cell.keep)
            if cell.decoy:
                out.decoys += 1
                out.decoys_kept += not bad
            if bad:
                out.failed_decoys.append((cell.kind, cell.context))
    return out
