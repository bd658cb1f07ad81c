"""Formats as formats, measured: ``python tests/benchmarks/bench_scrub_formats.py [--base REV]``.

Builds a set of JSON, JSONL and YAML documents in the shapes intake receives (issue 29):
Claude Code-style transcripts (``.jsonl``, one event per line, tool output with ``\\n`` and
``\\t`` escapes), Agent UI exports (``.json``, ``ensure_ascii``, so ``\\uXXXX`` escapes, and
``\\/`` in some), multi-document Kubernetes YAML (Secrets, Deployments with ``env``,
ConfigMaps with block scalars) and Compose files (anchors, aliases, ``environment``). Values
are planted after escapes, in quoted and block scalars and under secret-bearing keys.

For each scrub (this checkout's ``scrub_file_text``, and with ``--base REV`` the
``intake/scrub/files.py`` of that commit, run on the same engine), it prints: files, planted
values, values left, files that still parse (every JSONL line, every YAML document), files
whose bytes outside the replaced string tokens are unchanged (no re-layout), files failing
closed, and files a second scrub changes.

Not collected by pytest (file name ``bench_*.py``).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import string
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

ALNUM = string.ascii_letters + string.digits


def _r(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _plant(rng: random.Random, planted: list[str]) -> str:
    kind = rng.randrange(5)
    if kind == 0:
        value = "ghp_" + _r(rng, ALNUM, 36)
    elif kind == 1:
        value = "sk-ant-api03-" + _r(rng, ALNUM + "-_", 93) + "AA"
    elif kind == 2:
        value = "AKIA" + _r(rng, string.ascii_uppercase + "234567", 16)
    elif kind == 3:
        value = _r(rng, string.ascii_lowercase, 6) + "@kestrel-mail.com"
    else:
        value = (
            "xoxb-"
            + _r(rng, string.digits, 11)
            + "-"
            + _r(rng, string.digits, 12)
            + "-"
            + (_r(rng, ALNUM, 24))
        )
    planted.append(value)
    return value


def _output(rng: random.Random, planted: list[str]) -> str:
    user = _r(rng, string.ascii_lowercase, 6)
    planted.append(f"/home/{user}")
    return (
        f"$ env | grep TOKEN\nGITHUB_TOKEN={_plant(rng, planted)}\n\tcwd=/home/{user}/proj\n"
        f"{_plant(rng, planted)}\n\t{_plant(rng, planted)}\t{_plant(rng, planted)}\n"
        f'Author: {_plant(rng, planted)}\n"quoted {_plant(rng, planted)}"\n'
    )


def transcript(rng: random.Random) -> tuple[str, list[str]]:
    planted: list[str] = []
    lines = []
    sid = f"{_r(rng, '0123456789abcdef', 8)}-1111-2222-3333-{_r(rng, '0123456789abcdef', 12)}"
    for i in range(rng.randint(20, 40)):
        if i % 3 == 0:
            event = {
                "type": "user",
                "sessionId": sid,
                "message": {
                    "role": "user",
                    "content": f"please fix it\n\nmy key is {_plant(rng, planted)}",
                },
            }
        elif i % 3 == 1:
            event = {
                "type": "assistant",
                "sessionId": sid,
                "message": {
                    "content": [
                        {
                            "type": "tool_use",
                            "name": "Bash",
                            "input": {"command": "env | grep TOKEN"},
                        }
                    ]
                },
            }
        else:
            event = {
                "type": "user",
                "sessionId": sid,
                "toolUseResult": {
                    "stdout": _output(rng, planted),
                    "stderr": "",
                    "interrupted": False,
                },
            }
        lines.append(json.dumps(event, ensure_ascii=False, separators=(",", ":")))
    return "\n".join(lines) + "\n", planted


def export(rng: random.Random) -> tuple[str, list[str]]:
    planted: list[str] = []
    messages = []
    for i in range(rng.randint(6, 14)):
        messages.append(
            {
                "role": "user" if i % 2 == 0 else "assistant",
                "content": f"Résumé café —{_plant(rng, planted)}\u00a0{_output(rng, planted)}",
                "agent_steps": [
                    {
                        "tool": "run_shell",
                        "args": {"path": f"/home/{_r(rng, string.ascii_lowercase, 5)}/x"},
                    }
                ],
            }
        )
    planted.extend(m["agent_steps"][0]["args"]["path"].rsplit("/", 1)[0] for m in messages)
    doc = {"session": {"id": "s1", "title": "débogage", "messages": messages}}
    text = json.dumps(doc, indent=2, ensure_ascii=True)
    if rng.random() < 0.5:
        text = text.replace("/", "\\/")
    return text + "\n", planted


def kubernetes(rng: random.Random) -> tuple[str, list[str]]:
    planted: list[str] = []
    pw = _r(rng, ALNUM, 20)
    planted.append(pw)
    docs = [
        f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\nstringData:\n"
        f'  password: {pw}\n  token: "{_plant(rng, planted)}"\n',
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web  # owner: "
        f"{_plant(rng, planted)}\nspec:\n  template:\n    spec:\n      containers:\n"
        f"      - name: web\n        env:\n        - name: GITHUB_TOKEN\n"
        f"          value: {_plant(rng, planted)}\n        - name: SLACK\n"
        f"          value: '{_plant(rng, planted)}'\n",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  run.sh: |\n"
        f"    #!/bin/sh\n    export AWS_ACCESS_KEY_ID={_plant(rng, planted)}\n    exec app\n"
        f'  note: "multi\\nline\\t{_plant(rng, planted)}"\n',
    ]
    return "---\n" + "---\n".join(docs), planted


def compose(rng: random.Random) -> tuple[str, list[str]]:
    planted: list[str] = []
    pw = _r(rng, ALNUM, 18)
    planted.append(pw)
    user = _r(rng, string.ascii_lowercase, 6)
    planted.append(f"/home/{user}")
    text = (
        "x-common: &common\n  restart: unless-stopped\n  environment: &env\n"
        f"    POSTGRES_PASSWORD: {pw}\n    GITHUB_TOKEN: {_plant(rng, planted)}\n"
        "services:\n  db:\n    <<: *common\n    image: postgres:16\n"
        f"    volumes:\n      - /home/{user}/pg:/var/lib/postgresql/data\n"
        "  web:\n    <<: *common\n    image: nginx:1.25\n"
        f'    command: ["serve", "--token", "{_plant(rng, planted)}"]\n'
    )
    return text, planted


KINDS: list[tuple[str, str, Callable[[random.Random], tuple[str, list[str]]], int]] = [
    ("Claude Code transcripts", ".jsonl", transcript, 24),
    ("Agent UI exports", ".json", export, 22),
    ("Kubernetes multi-doc", ".yaml", kubernetes, 12),
    ("Compose", ".yaml", compose, 12),
]


def parses(suffix: str, text: str) -> bool:
    import yaml

    try:
        if suffix == ".jsonl":
            for line in text.splitlines():
                if line.strip():
                    json.loads(line)
        elif suffix == ".json":
            json.loads(text)
        else:
            list(yaml.safe_load_all(text))
    except Exception:
        return False
    return True


def outside_kept(suffix: str, before: str, after: str) -> bool:
    """Bytes outside the string tokens unchanged, and unchanged tokens byte-identical."""
    from intake.scrub.formats import NotStructured, tokens_for

    fmt = {".json": "json", ".jsonl": "jsonl"}.get(suffix, "yaml")
    try:
        old, new = tokens_for(fmt, before), tokens_for(fmt, after)
    except NotStructured:
        return False
    if len(old) != len(new):
        return False
    pos_o = pos_n = 0
    for a, b in zip(old, new, strict=True):
        gap_o, gap_n = before[pos_o : a.start], after[pos_n : b.start]
        if gap_o != gap_n and "#" not in gap_o:
            return False
        if a.value == b.value and before[a.start : a.end] != after[b.start : b.end]:
            return False
        pos_o, pos_n = a.end, b.end
    return before[pos_o:] == after[pos_n:] or "#" in before[pos_o:]


def load_base(rev: str) -> Callable[..., object]:
    source = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{rev}:intake/scrub/files.py"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    folder = Path(tempfile.mkdtemp())
    (folder / "base_files.py").write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("base_files", folder / "base_files.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["base_files"] = module
    spec.loader.exec_module(module)
    return module.scrub_file_text  # type: ignore[no-any-return]


def measure(
    name: str, scrub: Callable[..., object], corpus: list[tuple[str, str, str, list[str]]]
) -> None:
    from intake.errors import ScrubError
    from intake.scrub import get_scrubber
    from intake.scrub.formats import NotStructured, tokens_for

    scrubber = get_scrubber()
    rows: dict[str, list[int]] = {}
    started = time.perf_counter()
    for kind, suffix, text, planted in corpus:
        row = rows.setdefault(kind, [0] * 7)
        row[0] += 1
        row[1] += len(planted)
        path = Path("doc" + suffix)
        try:
            out = scrub(path, text, scrubber=scrubber).text  # type: ignore[attr-defined]
        except ScrubError:
            row[5] += 1
            row[2] += len(planted)
            continue
        fmt = {".json": "json", ".jsonl": "jsonl"}.get(suffix, "yaml")
        try:
            decoded = "\n".join(t.value for t in tokens_for(fmt, out))
        except NotStructured:
            decoded = out
        row[2] += sum(1 for p in planted if p in decoded or p in out)
        row[3] += parses(suffix, out)
        row[4] += outside_kept(suffix, text, out)
        try:
            again = scrub(path, out, scrubber=scrubber).text  # type: ignore[attr-defined]
        except ScrubError:
            again = None
        row[6] += again != out
    took = time.perf_counter() - started
    print(f"\n{name} ({took:.1f} s)\n")
    print(
        "| documents | files | planted | left | parse after | unchanged outside values "
        "| failing closed | changed by a second scrub |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    total = [0] * 7
    for kind, row in rows.items():
        total = [a + b for a, b in zip(total, row, strict=True)]
        print(f"| {kind} | " + " | ".join(str(v) for v in row) + " |")
    print("| **all** | " + " | ".join(f"**{v}**" for v in total) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="also run intake/scrub/files.py of this commit")
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    corpus = []
    for kind, suffix, make, n in KINDS:
        for _ in range(n):
            text, planted = make(rng)
            corpus.append((kind, suffix, text, planted))
    from intake.scrub import scrub_file_text

    measure("this checkout", scrub_file_text, corpus)
    if args.base:
        measure(f"files.py of {args.base}", load_base(args.base), corpus)


if __name__ == "__main__":
    main()
