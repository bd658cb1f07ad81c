"""A labelled corpus for the scrubber: planted private values of every kind, and decoys.

``build_corpus(target_chars, seed)`` returns transcript-like text (chat turns, tool output,
code, logs) with the exact span of every planted value and every decoy, so tests can require
100 % recall per kind and no decoy touched, and the benchmark can compare tools on the same text.
All values are generated (random, seeded); none is a real credential.
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
URLSAFE = ALNUM + "_-"
WORD_PASSWORDS = ["sunflower", "sunshine", "dragon", "monkey", "qwerty", "trustno", "Football"]
FULL_NAMES = ["John Smith", "Mary Ann Lee", "Wei Chen"]
USERS = ["alice", "bob.smith", "jdoe", "maria", "wei_chen", "olu", "k.nakamura"]
DIRS = ["proj", "work", "src", "Documents", "code/gaia", "repos/agent", "Desktop/tmp"]
DOMAINS = ["acme.io", "corp.example.co.uk", "gmail.com", "uni-x.edu"]
FILES = ["a.py", "notes.md", "config.yaml", "data.csv", "report final.pdf", "run.sh", ".env"]


def _r(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _mixed(rng: random.Random, alphabet: str, n: int) -> str:
    """Random string that surely has upper, lower and digit (like real tokens)."""
    while True:
        s = _r(rng, alphabet, n)
        if (
            any(c.isupper() for c in s)
            and any(c.islower() for c in s)
            and any(c.isdigit() for c in s)
        ):
            return s


@dataclass
class Planted:
    """A planted value: its kind and where it is in the corpus text."""

    kind: str
    start: int
    end: int


@dataclass
class Corpus:
    """The text, its planted values and its decoys."""

    text: str
    planted: list[Planted] = field(default_factory=list)
    decoys: list[Planted] = field(default_factory=list)


# Each generator returns (prefix, value, suffix): the value is what must be replaced.
Gen = Callable[[random.Random], tuple[str, str, str]]


def _file(rng: random.Random) -> str:
    return rng.choice(FILES).replace(" ", "_")


def _aws_body(rng: random.Random) -> str:
    """16 base32 characters with at least one digit (a wrapped key id must have one)."""
    while True:
        s = _r(rng, string.ascii_uppercase + "234567", 16)
        if any(c.isdigit() for c in s):
            return s


def _wrapped(rng: random.Random, prefix: str, body: str) -> tuple[str, str, str]:
    """A token cut by terminal wrapping: one line break (maybe indented) inside its body."""
    cut = rng.randint(1, len(body) - 1)
    joint = rng.choice(["\n", "\r\n", "\n  "])
    return ("$ cat token.txt\n", prefix + body[:cut] + joint + body[cut:], "\n")


KINDS: dict[str, Gen] = {
    "path_posix_home": lambda r: (
        "see ",
        f"/home/{r.choice(USERS)}/{r.choice(DIRS)}/{_file(r)}",
        " for details",
    ),
    "path_macos": lambda r: (
        "open ",
        f"/Users/{r.choice(USERS)}/{r.choice(DIRS)}/{_file(r)}",
        "\n",
    ),
    "path_windows": lambda r: (
        "at ",
        f"C:\\Users\\{r.choice(USERS)}\\{r.choice(DIRS).replace('/', chr(92))}\\{_file(r)}",
        " failed",
    ),
    "path_windows_json": lambda r: (
        '{"file": "',
        f"D:\\\\Users\\\\{r.choice(USERS)}\\\\proj\\\\{_file(r)}",
        '"}',
    ),
    "path_windows_space": lambda r: (
        "saved ",
        f"C:\\Users\\{r.choice(FULL_NAMES)}\\Documents\\plan.docx",
        " ok",
    ),
    "path_windows_space_json": lambda r: (
        '{"path": "',
        f"C:\\\\Users\\\\{r.choice(FULL_NAMES)}\\\\My Projects\\\\{_file(r)}",
        '"}',
    ),
    "path_macos_space": lambda r: (
        "open ",
        f"/Users/{r.choice(FULL_NAMES)}/{r.choice(DIRS)}/{_file(r)}",
        "\n",
    ),
    "path_unc": lambda r: (
        "copy ",
        f"\\\\fs-{_r(r, string.ascii_lowercase, 4)}\\team\\{r.choice(USERS)}\\{_file(r)}",
        " now",
    ),
    "path_bare_home": lambda r: (
        "cp -r ",
        f"/home/{r.choice(USERS)}",
        " backup/\n",
    ),
    # A home folder named by a variable or ~ holds no user (issue 29: kept, see DECOYS); the
    # user-bearing forms beside them are planted.
    "path_tilde": lambda r: ("cat ", f"~{r.choice(USERS)}/{r.choice(DIRS)}/{_file(r)}", "\n"),
    "path_home_var": lambda r: (
        "cd ",
        f"/var/home/{r.choice(USERS)}/{r.choice(DIRS)}/{_file(r)}",
        " && ls",
    ),
    "path_userprofile": lambda r: (
        "dir ",
        f"C:/Users/{r.choice(USERS)}/{r.choice(['Desktop', 'Downloads'])}/{_file(r)}",
        "\n",
    ),
    "path_file_url": lambda r: (
        "link file://",
        f"/home/{r.choice(USERS)}/{r.choice(DIRS)}/{_file(r)}",
        " in browser",
    ),
    "email": lambda r: (
        "mail ",
        f"{r.choice(USERS)}{r.randint(1, 99)}@{r.choice(DOMAINS)}",
        " today",
    ),
    "email_in_file_name": lambda r: (
        "attached statement_",
        f"{r.choice(USERS)}@{r.choice(DOMAINS)}",
        r.choice([".pdf", ".docx", "_notes.txt", ".io.bak"]) + " here",
    ),
    "email_percent_encoded": lambda r: (
        "GET /api/users?email=",
        f"{r.choice(USERS)}{r.choice(['', '%2Bnews'])}%40{r.choice(DOMAINS)}",
        "&page=2",
    ),
    "email_mailto_encoded": lambda r: (
        '<a href="mailto:',
        f"{r.choice(USERS)}%40{r.choice(DOMAINS)}",
        '?subject=hi">',
    ),
    "github_token": lambda r: (
        "token ",
        r.choice(["ghp_", "gho_", "ghu_", "ghs_", "ghr_"]) + _mixed(r, ALNUM, 36),
        " used",
    ),
    "github_token_wrapped": lambda r: _wrapped(r, "ghp_", _mixed(r, ALNUM, 36)),
    "aws_access_key_id_wrapped": lambda r: _wrapped(r, "AKIA", _aws_body(r)),
    "github_pat": lambda r: (
        "pat ",
        "github_pat_" + _mixed(r, ALNUM, 22) + "_" + _mixed(r, ALNUM, 59),
        "\n",
    ),
    "openai_key": lambda r: (
        "OPENAI ",
        "sk-proj-" + _mixed(r, URLSAFE, 60) + "T3BlbkFJ" + _mixed(r, URLSAFE, 20),
        "\n",
    ),
    "anthropic_key": lambda r: (
        "key ",
        "sk-ant-api03-" + _mixed(r, URLSAFE, 86) + "-" + _r(r, ALNUM, 6) + "AA",
        " ok",
    ),
    "aws_access_key_id": lambda r: (
        "id ",
        r.choice(["AKIA", "ASIA"]) + _r(r, string.ascii_uppercase + "234567", 16),
        " set",
    ),
    "aws_secret_key": lambda r: ("aws_secret_access_key = ", _mixed(r, B64, 40), "\n"),
    "slack_token": lambda r: (
        "slack ",
        "xoxb-" + "".join(r.choice(string.digits) for _ in range(12)) + "-" + _mixed(r, ALNUM, 24),
        "\n",
    ),
    "slack_webhook": lambda r: (
        "hook https://hooks.slack.com/services/",
        "T"
        + _r(r, string.ascii_uppercase + string.digits, 8)
        + "/B"
        + _r(r, string.ascii_uppercase + string.digits, 8)
        + "/"
        + _mixed(r, ALNUM, 24),
        "\n",
    ),
    "google_api_key": lambda r: ("maps ", "AIza" + _mixed(r, URLSAFE, 35), " ok"),
    "google_oauth_secret": lambda r: ("client_secret ", "GOCSPX-" + _mixed(r, URLSAFE, 28), "\n"),
    "huggingface_token": lambda r: ("HF ", "hf_" + _mixed(r, ALNUM, 34), "\n"),
    "stripe_key": lambda r: ("stripe ", "sk_live_" + _mixed(r, ALNUM, 24), "\n"),
    "npm_token": lambda r: ("npm ", "npm_" + _mixed(r, ALNUM, 36), "\n"),
    "pypi_token": lambda r: ("pypi ", "pypi-AgEIcHlwaS5vcmc" + _mixed(r, URLSAFE, 70), "\n"),
    "telegram_bot_token": lambda r: (
        "bot ",
        str(r.randint(100000000, 999999999)) + ":AA" + _mixed(r, URLSAFE, 33),
        "\n",
    ),
    "azure_storage_key": lambda r: (
        "DefaultEndpointsProtocol=https;AccountName=st"
        + _r(r, string.ascii_lowercase, 8)
        + ";AccountKey=",
        base64.b64encode(bytes(r.randrange(256) for _ in range(64))).decode(),
        ";EndpointSuffix=core.windows.net\n",
    ),
    "azure_sas_signature": lambda r: (
        "GET https://st.blob.core.windows.net/logs/a.txt?sv=2022-11-02&sr=b&sp=r&sig=",
        quote(base64.b64encode(bytes(r.randrange(256) for _ in range(32))).decode(), safe=""),
        "&se=2025-01-01T00%3A00%3A00Z\n",
    ),
    "jwt": lambda r: (
        "jwt ",
        "eyJhbGciOiJIUzI1NiJ9."
        + base64.urlsafe_b64encode(json.dumps({"sub": _r(r, ALNUM, 12)}).encode())
        .decode()
        .rstrip("=")
        + "."
        + _mixed(r, URLSAFE, 43),
        "\n",
    ),
    "bearer": lambda r: ("Authorization: Bearer ", _mixed(r, ALNUM + "._-", 40), "\n"),
    "basic_auth": lambda r: (
        "Authorization: Basic ",
        base64.b64encode(f"{r.choice(USERS)}:{_mixed(r, ALNUM, 14)}".encode()).decode(),
        "\n",
    ),
    "private_key_pem": lambda r: (
        "key:\n",
        "-----BEGIN RSA PRIVATE KEY-----\n"
        + "\n".join(_mixed(r, B64, 64) for _ in range(6))
        + "\n"
        + _mixed(r, B64, 20)
        + "==\n-----END RSA PRIVATE KEY-----",
        "\n",
    ),
    "private_key_openssh": lambda r: (
        "",
        "-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + "\n".join(_mixed(r, B64, 70) for _ in range(4))
        + "\n-----END OPENSSH PRIVATE KEY-----",
        "\n",
    ),
    "private_key_pgp": lambda r: (
        "",
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\n"
        + "\n".join(_mixed(r, B64, 64) for _ in range(5))
        + "\n="
        + _r(r, B64, 4)
        + "\n-----END PGP PRIVATE KEY BLOCK-----",
        "\n",
    ),
    "private_key_json": lambda r: (
        '{"private_key": "',
        "-----BEGIN PRIVATE KEY-----\\n"
        + "\\n".join(_mixed(r, B64, 64) for _ in range(4))
        + "\\n-----END PRIVATE KEY-----",
        '\\n"}',
    ),
    "url_password": lambda r: ("db postgres://app:", _mixed(r, ALNUM, 14), "@db.internal:5432/x"),
    "mysql_p_flag": lambda r: ("$ mysql -u root -p", _mixed(r, ALNUM, 12), " shop\n"),
    "password_assignment": lambda r: ('password = "', _mixed(r, ALNUM + "!#%", 16), '"\n'),
    "password_placeholder_word_inside": lambda r: (
        "password=",
        _mixed(r, ALNUM, 6) + r.choice(["example", "dummy", "your_"]) + str(r.randint(10, 99)),
        "\n",
    ),
    "path_fixture_word_inside": lambda r: (
        "see ",
        f"/home/{r.choice(USERS)}/FAKE{r.randint(1, 9)}/{_file(r)}",
        " now",
    ),
    "password_word": lambda r: (
        r.choice(["password: ", "DB_PASSWORD=", '{"password": "', "pwd = "]),
        r.choice(WORD_PASSWORDS),
        "\n",
    ),
    "password_word_prose": lambda r: (
        r.choice(["my password is: ", "the wifi password is "]),
        r.choice(WORD_PASSWORDS),
        " thanks\n",
    ),
    "token_assignment": lambda r: ("API_TOKEN=", _mixed(r, ALNUM, 28), "\n"),
    "api_key_json": lambda r: ('{"api_key": "', _mixed(r, ALNUM, 32), '"}'),
    "high_entropy": lambda r: ("blob ", _mixed(r, ALNUM, 44), " end"),
}

_H = string.hexdigits.lower()[:16]
DECOYS: dict[str, Callable[[random.Random], str]] = {
    "git_sha": lambda r: _r(r, _H, 40),
    "short_sha": lambda r: _r(r, _H, 7),
    "uuid": lambda r: "-".join(_r(r, _H, n) for n in (8, 4, 4, 4, 12)),
    "sha256": lambda r: _r(r, _H, 64),
    "integrity": lambda r: (
        "sha512-" + base64.b64encode(bytes(r.randrange(256) for _ in range(64))).decode()
    ),
    "version": lambda r: f"v{r.randint(0, 9)}.{r.randint(0, 30)}.{r.randint(0, 99)}",
    "npm_version": lambda r: f"lodash@{r.randint(1, 5)}.{r.randint(0, 20)}.{r.randint(0, 30)}",
    "path_no_user": lambda r: r.choice(
        [
            f"~/{r.choice(DIRS)}/{_file(r)}",
            f"$HOME/{r.choice(DIRS)}/{_file(r)}",
            f"%USERPROFILE%\\{r.choice(['Desktop', 'Downloads'])}\\{_file(r)}",
            f"%LOCALAPPDATA%\\lemonade\\{_file(r)}",
            f"C:/projects/{r.choice(DIRS)}/{_file(r)}",
        ]
    ),
    "placeholder_key": lambda r: "<YOUR_API_KEY>",
    "placeholder_sk": lambda r: "OPENAI_API_KEY=sk-...",
    "placeholder_gha": lambda r: "token: ${{ secrets.GITHUB_TOKEN }}",
    "placeholder_env": lambda r: "password=$DB_PASSWORD",
    "placeholder_words": lambda r: r.choice(
        ["token=example_token", "api_key: YOUR_API_KEY", "secret: paste_secret_here"]
    ),
    "password_code": lambda r: r.choice(
        [
            "password: str",
            "password = settings.password",
            "password=None",
            'password: "<YOUR_PASSWORD>"',
            "password: Optional[str]",
            "password = getpass()",
            "the password is incorrect",
            "password is required",
        ]
    ),
    "env_lookup": lambda r: 'api_key = os.environ["OPENAI_API_KEY"]',
    "relative_path": lambda r: (
        f"src/{r.choice(['intake', 'agent', 'gaia'])}/{r.choice(['scrub', 'cli', 'models'])}.py"
    ),
    "usr_bin_env": lambda r: "#!/usr/bin/env python3",
    "system_lib": lambda r: f"/usr/lib/python3.11/{r.choice(['json', 'os', 're'])}/__init__.py",
    "windows_system": lambda r: "C:\\Windows\\System32\\cmd.exe",
    "windows_program_files": lambda r: "C:\\Program Files\\Common Files\\x.dll",
    "json_relative_path": lambda r: '{"file": "src\\\\intake\\\\scrub.py"}',
    "git_remote": lambda r: "git@github.com:amd/gaia.git",
    "hf_function": lambda r: "hf_hub_download(repo_id)",
    "masked_token": lambda r: "gho_************************************",
    "bearer_placeholder": lambda r: "Authorization: Bearer <token>",
    "max_tokens": lambda r: f"max_tokens={r.choice([256, 4096, 100000])}",
    "identifier": lambda r: "test_scrub_tree_keeps_comments_on_ruamel_maps",
    "api_route": lambda r: "/api/v1/sessions/{id}/messages",
    "mime": lambda r: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "blob_url": lambda r: f"https://github.com/amd/gaia/blob/{_r(r, _H, 40)}/src/app.py",
    "example_email": lambda r: "user@example.com",
    "retina_image": lambda r: f"logo@{r.randint(2, 3)}x.png",
    "encoded_example_email": lambda r: "GET /u?email=user%40example.com&x=1",
    "encoded_npm_version": lambda r: f"npm i lodash%40{r.randint(1, 5)}.{r.randint(0, 20)}.1",
    "encoded_git_remote": lambda r: "clone=git%40github.com%3Aamd%2Fgaia.git",
    "azure_key_placeholder": lambda r: "AccountName=devstore;AccountKey=<your-account-key>;",
    "sas_without_sig": lambda r: "?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2025-01-01T00%3A00%3A00Z",
    "wrapped_prefix_words": lambda r: r.choice(
        ["use the ghp_\nprefix for classic tokens", "AKIA\nIMPORTANTNOTEXYZ", "hf_hub\ndownload"]
    ),
    "wrapped_wrong_length": lambda r: "ghp_" + _r(r, ALNUM, 10) + "\n" + _r(r, ALNUM, 20) + "!",
    "sig_word": lambda r: r.choice(["&sig=notasignature&v=2", "?sig=abc123", "sig=%3D"]),
}

_SENTENCE = (
    "the agent tried to open file but tool returned error so I retried with a different "
    "query and it worked after three attempts please check why the search step took long"
)
_WORDS = _SENTENCE.split()


def _filler(rng: random.Random) -> str:
    kind = rng.randrange(5)
    if kind == 0:
        return "User: " + " ".join(rng.choice(_WORDS) for _ in range(rng.randint(6, 20))) + ".\n"
    if kind == 1:
        return (
            "Assistant: I ran `"
            + rng.choice(["ls -la", "pytest -q", "git status", "python run.py"])
            + "` and got:\n"
        )
    if kind == 2:
        where = rng.choice(["app.py", "lib/util.py"])
        return f'  File "{where}", line {rng.randint(1, 900)}, in main\n'
    if kind == 3:
        return (
            "```json\n"
            + json.dumps({"step": rng.randint(1, 9), "ok": rng.random() > 0.5})
            + "\n```\n"
        )
    return f"commit {_r(rng, _H, 40)}\nDate: 2025-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}\n"


def build_corpus(target_chars: int = 60_000, seed: int = 7) -> Corpus:
    """Transcript-like text with every kind planted at least once, plus decoys."""
    rng = random.Random(seed)
    parts: list[str] = []
    planted: list[Planted] = []
    decoys: list[Planted] = []
    pos = 0

    def add(text: str) -> None:
        nonlocal pos
        parts.append(text)
        pos += len(text)

    kinds = list(KINDS)
    decoy_kinds = list(DECOYS)
    i = 0
    while pos < target_chars or i < max(len(kinds), len(decoy_kinds)):
        add(_filler(rng))
        kind = kinds[i % len(kinds)] if i < len(kinds) else rng.choice(kinds)
        prefix, value, suffix = KINDS[kind](rng)
        add(prefix)
        planted.append(Planted(kind, pos, pos + len(value)))
        add(value)
        add(suffix + "\n")
        dkind = (
            decoy_kinds[i % len(decoy_kinds)] if i < len(decoy_kinds) else rng.choice(decoy_kinds)
        )
        add("note: ")
        dvalue = DECOYS[dkind](rng)
        decoys.append(Planted(dkind, pos, pos + len(dvalue)))
        add(dvalue)
        add(" \n")
        i += 1
    return Corpus("".join(parts), planted, decoys)


def kind_values(seed: int = 1) -> dict[str, str]:
    """One planted value per kind with its context, for small example-based tests."""
    rng = random.Random(seed)
    return {k: "".join(gen(rng)) for k, gen in KINDS.items()}
