"""Build the outside corpus: public secret scanners' own examples, in their own contexts.

    python tests/outside_corpus/build_outside_corpus.py \\
        --gitleaks /path/to/gitleaks.git --detect-secrets /path/to/detect-secrets.git \\
        [--out tests/outside_corpus/build]

What it reads (from a clone or a bare git directory of each project, at its HEAD; the commit
goes into the manifest and ``SOURCE.md`` says which one the published figures used):

* gitleaks: every rule in ``cmd/generate/config/rules/*.go`` with its true positives (``tps``)
  and false positives (``fps``). The true positives that a rule builds with
  ``utils.GenerateSampleSecrets(identifier, secret)`` are laid out in gitleaks' own context
  templates (``cmd/generate/config/utils/generate.go``: INI, JSON, XML, YAML, C#, Go, Java,
  Kotlin, PHP, Python, Java system properties, logstash, Makefile); the secret values that a rule
  generates with ``secrets.NewSecret(regex)`` are drawn here from the same regular expression
  (``tests/support/regex_sample.py``), so every value is fake, as in gitleaks' own tests. A small
  evaluator reads the Go expressions (string literals, ``+``, ``[]string{...}``, ``append``,
  ``fmt.Sprintf("%s")``, the ``utils`` pattern helpers); an example it cannot evaluate is left
  out and counted. The value of a literal example is what the rule's own regular expression
  (``config/gitleaks.toml``) captures in it.
* detect-secrets: the ``(payload, should_flag)`` lines of ``tests/plugins/*_test.py``; a
  flagged payload's value is what that test's plugin reports (detect-secrets 1.5.0, imported
  from /tmp/benchdeps as the benchmark installs it, or from the environment).

Written to ``--out``: one document per context (``gitleaks-<context>.<ext>``; JSON documents
are JSON arrays, YAML documents YAML lists, so both parse), ``gitleaks-examples.txt`` (the other
true positives), ``gitleaks-false-positives.txt``, ``detect-secrets-plugins.txt`` and
``detect-secrets-false-positives.txt``; and ``manifest.json``: for each document its planted
values (kind = the scanner's rule or plugin, start and end offsets, the value) and its decoys
(false-positive examples, with offsets). Nothing here is committed to intake's repository: the
documents are derived from those projects' files (see ``SOURCE.md``).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib
import inspect
import json
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import regex

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.outside_corpus.whole_scanner import Gitleaks, detect_secrets_flagged_by  # noqa: E402
from tests.support.regex_sample import portable_pattern, sample  # noqa: E402

HERE = Path(__file__).resolve().parent
MANIFEST_FORMAT = 2
"""2: each decoy records ``flagged_by`` (the other rules of its scanner that flag it)."""
BENCH_DEPS = Path("/tmp/benchdeps")

# -- reading a repository ---------------------------------------------------------------------


@dataclass
class Repo:
    git_dir: Path

    def _git(self, *args: str) -> str:
        done = subprocess.run(
            ["git", f"--git-dir={self.git_dir}", *args],
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    @property
    def commit(self) -> str:
        return self._git("rev-parse", "HEAD").strip()

    def ls(self, folder: str) -> list[str]:
        return [p for p in self._git("ls-tree", "--name-only", f"HEAD:{folder}").split() if p]

    def show(self, path: str) -> str:
        return self._git("show", f"HEAD:{path}")


def git_dir(path: Path) -> Path:
    return path / ".git" if (path / ".git").exists() else path


# -- a small evaluator for the Go expressions of gitleaks' rule files --------------------------


@dataclass
class Sample:
    """One true-positive text, with the secret it was built around when that is known."""

    text: str
    secret: str | None = None
    context: str | None = None


class GoError(Exception):
    pass


_TOKEN = regex.compile(
    r"""\s*+(?:
      (?P<raw>`[^`]*+`)
    | (?P<str>"(?:[^"\\\n]|\\.)*+")
    | (?P<chr>'(?:[^'\\\n]|\\.)++')
    | (?P<num>\d++)
    | (?P<ident>[A-Za-z_][A-Za-z0-9_]*+(?:\.[A-Za-z_][A-Za-z0-9_]*+)*+)
    | (?P<op>\.\.\.|:=|\[\]|[-+(){}\[\],:=*&.])
    | (?P<comment>//[^\n]*+|/\*(?s:.*?)\*/)
    )""",
    regex.VERBOSE,
)


def _go_string(token: str) -> str:
    if token.startswith("`"):
        return token[1:-1]
    return str(ast.literal_eval(token))


class GoExpr:
    """Parse and evaluate one Go expression from ``text`` at ``pos``."""

    def __init__(self, text: str, pos: int, env: dict[str, Any], gen: Generator) -> None:
        self.text, self.pos, self.env, self.gen = text, pos, env, gen

    def peek(self) -> tuple[str, str]:
        while True:
            m = _TOKEN.match(self.text, self.pos)
            if m is None:
                return "eof", ""
            kind = m.lastgroup or "eof"
            if kind == "comment":
                self.pos = m.end()
                continue
            return kind, m.group(kind)

    def take(self) -> tuple[str, str]:
        while True:
            m = _TOKEN.match(self.text, self.pos)
            if m is None:
                raise GoError("unexpected input")
            self.pos = m.end()
            kind = m.lastgroup or ""
            if kind != "comment":
                return kind, m.group(kind)

    def expect(self, op: str) -> None:
        kind, val = self.take()
        if val != op:
            raise GoError(f"expected {op}, got {val}")

    def expr(self) -> Any:
        value = self.term()
        while self.peek() == ("op", "+"):
            self.take()
            value = _concat(value, self.term())
        return value

    def args(self) -> list[Any]:
        out: list[Any] = []
        self.expect("(")
        while self.peek() != ("op", ")"):
            item = self.expr()
            if self.peek() == ("op", "..."):
                self.take()
                item = ("spread", item)
            out.append(item)
            if self.peek() == ("op", ","):
                self.take()
        self.expect(")")
        return out

    def composite(self) -> list[Any]:
        self.expect("{")
        out: list[Any] = []
        while self.peek() != ("op", "}"):
            out.append(self.expr())
            if self.peek() == ("op", ","):
                self.take()
        self.expect("}")
        return out

    def term(self) -> Any:
        kind, val = self.take()
        if kind in ("raw", "str"):
            return _go_string(val)
        if kind == "num":
            return int(val)
        if kind == "op" and val == "[]":
            _, typ = self.take()
            if typ != "string":
                raise GoError(f"composite of {typ}")
            return self.composite()
        if kind == "op" and val == "(":
            inner = self.expr()
            self.expect(")")
            return inner
        if kind == "ident":
            if self.peek() == ("op", "("):
                return self.gen.call(val, self.args())
            if val in self.env:
                return self.env[val]
            raise GoError(f"unknown name {val}")
        raise GoError(f"unexpected {val}")


def _concat(a: Any, b: Any) -> Any:
    if isinstance(a, Sample) or isinstance(b, Sample):
        raise GoError("concatenating a sample")
    if isinstance(a, str) and isinstance(b, str):
        return a + b
    raise GoError("concatenating a list")


_HELPERS = {
    "utils.Numeric": "[0-9]{%s}",
    "utils.Hex": "[a-f0-9]{%s}",
    "utils.AlphaNumeric": "[a-z0-9]{%s}",
    "utils.AlphaNumericExtendedShort": "[a-z0-9_-]{%s}",
    "utils.AlphaNumericExtended": "[a-z0-9=_\\-]{%s}",
    "utils.AlphaNumericExtendedLong": "[a-z0-9\\/=_\\+\\-]{%s}",
}


class Generator:
    """The calls the rule files make, with fake values drawn deterministically."""

    def __init__(self, templates: dict[str, str], seed: str) -> None:
        self.templates = templates
        self.seed = seed
        self.count = 0

    def new_secret(self, pattern: str) -> str:
        self.count += 1
        digest = hashlib.sha256(f"{self.seed}:{self.count}".encode()).digest()
        _, value, _ = sample(portable_pattern(pattern), int.from_bytes(digest[:8], "big"))
        return value

    def call(self, name: str, args: list[Any]) -> Any:
        if name in _HELPERS:
            return _HELPERS[name] % args[0]
        if name == "utils.Hex8_4_4_4_12":
            return r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
        if name == "secrets.NewSecret":
            return self.new_secret(_str(args[0]))
        if name == "utils.GenerateSampleSecrets":
            ident, secret = _str(args[0]), _str(args[1])
            return [
                Sample(_fill(t, ident, secret), secret, ctx) for ctx, t in self.templates.items()
            ]
        if name == "utils.GenerateSampleSecret":
            ident, secret = _str(args[0]), _str(args[1])
            return Sample(f'{ident}_api_token = "{secret}"', secret, None)
        if name == "append":
            out = list(_list(args[0]))
            for item in args[1:]:
                out.extend(_list(item[1]) if isinstance(item, tuple) else [item])
            return out
        if name == "fmt.Sprintf":
            fmt = _str(args[0])
            rest = [_str(a) for a in args[1:]]
            if fmt.count("%s") != len(rest) or "%" in fmt.replace("%s", ""):
                raise GoError("Sprintf form")
            return fmt.replace("%s", "{}").format(*rest)
        if name == "strings.Repeat":
            return _str(args[0]) * int(args[1])
        if name in ("strings.ToUpper", "strings.ToLower"):
            s = _str(args[0])
            return s.upper() if name.endswith("Upper") else s.lower()
        raise GoError(f"call {name}")


def _str(value: Any) -> str:
    if isinstance(value, str):
        return value
    raise GoError("not a string")


def _list(value: Any) -> list[Any]:
    if isinstance(value, list):
        return value
    raise GoError("not a list")


def _fill(template: str, ident: str, secret: str) -> str:
    return template.replace("{i}", ident).replace("{I}", ident.upper()).replace("{s}", secret)


def read_templates(source: str) -> dict[str, str]:
    """gitleaks' GenerateSampleSecrets contexts (commented-out TODO lines are not used)."""
    body = source[source.index("func GenerateSampleSecrets") :]
    body = body[body.index("map[string]string{") : body.index("replacer :=")]
    out: dict[str, str] = {}
    line_re = regex.compile(
        r'^\s*+("(?:[^"\\]|\\.)*+")\s*+:\s*+(`[^`]*+`|"(?:[^"\\]|\\.)*+"),', regex.M
    )
    for m in line_re.finditer(body):
        out[_go_string(m.group(1))] = _go_string(m.group(2))
    return out


@dataclass
class RuleExamples:
    rule_id: str
    tps: list[Sample] = field(default_factory=list)
    fps: list[str] = field(default_factory=list)
    skipped: int = 0


_ASSIGN = regex.compile(r"^\s*+([A-Za-z_][A-Za-z0-9_]*+)\s*+(:=|=)\s*+", regex.M)


def read_rule_file(source: str, templates: dict[str, str]) -> Iterator[RuleExamples]:
    for chunk in regex.split(r"\n(?=func )", source):
        rid = regex.search(r'RuleID:\s*+"([^"]++)"', chunk)
        if rid is None:
            continue
        gen = Generator(templates, rid.group(1))
        env: dict[str, Any] = {}
        ex = RuleExamples(rid.group(1))
        for m in _ASSIGN.finditer(chunk):
            name = m.group(1)
            if name == "r":
                continue
            try:
                parser = GoExpr(chunk, m.end(), env, gen)
                env[name] = parser.expr()
            except (GoError, ValueError, SyntaxError, IndexError, KeyError, TypeError):
                if name in ("tps", "fps"):
                    ex.skipped += 1
                continue
        for item in _flat(env.get("tps", [])):
            ex.tps.append(item if isinstance(item, Sample) else Sample(str(item)))
        ex.fps = [str(x) for x in _flat(env.get("fps", [])) if isinstance(x, str)]
        yield ex


def _flat(value: Any) -> list[Any]:
    if isinstance(value, list):
        return [y for x in value for y in _flat(x)]
    return [value]


# -- the values a rule's own expression captures ----------------------------------------------


def gitleaks_rules(source: str) -> dict[str, tuple[regex.Pattern[str], int]]:
    out: dict[str, tuple[regex.Pattern[str], int]] = {}
    for rule in tomllib.loads(source)["rules"]:
        pattern = rule.get("regex")
        if not pattern:
            continue
        try:
            flags = regex.IGNORECASE if "(?i)" in pattern[4:] else 0
            compiled = regex.compile(portable_pattern(pattern), flags | regex.V0)
        except regex.error:
            continue
        out[rule["id"]] = (compiled, int(rule.get("secretGroup", 0)))
    return out


def captured(rule: tuple[regex.Pattern[str], int] | None, text: str) -> list[tuple[int, int]]:
    if rule is None:
        return []
    compiled, group = rule
    spans = []
    for m in compiled.finditer(text, timeout=5):
        if group and m.group(group):
            spans.append(m.span(group))
            continue
        inner = [m.span(i) for i in range(1, (m.re.groups or 0) + 1) if m.group(i)]
        spans.append(inner[0] if inner else m.span())
    return spans


# -- documents --------------------------------------------------------------------------------


@dataclass
class Document:
    name: str
    kind: str  # json, yaml, text
    parts: list[str] = field(default_factory=list)
    planted: list[dict[str, Any]] = field(default_factory=list)
    decoys: list[dict[str, Any]] = field(default_factory=list)
    length: int = 0

    def _sep(self) -> str:
        if self.kind == "json":
            return "[\n" if not self.parts else ",\n"
        return "" if not self.parts else "\n" if self.kind == "yaml" else "\n\n"

    def add(
        self,
        text: str,
        values: list[tuple[str, int, int]],
        decoy: str | None = None,
        flagged_by: list[str] | None = None,
    ) -> None:
        if self.kind == "yaml":
            # one list item per example: "- " before it, continuation lines indented by two
            def moved(i: int, original: str = text) -> int:
                return i + 2 + 2 * original.count("\n", 0, i)

            values = [(k, moved(s), moved(e)) for k, s, e in values]
            text = "- " + text.replace("\n", "\n  ")
        sep = self._sep()
        base = self.length + len(sep)
        for kind, s, e in values:
            self.planted.append({"kind": kind, "start": base + s, "end": base + e})
        if decoy is not None:
            self.decoys.append(
                {
                    "rule": decoy,
                    "start": base,
                    "end": base + len(text),
                    "flagged_by": flagged_by or [],
                }
            )
        self.parts.append(sep + text)
        self.length += len(sep) + len(text)

    def text(self) -> str:
        body = "".join(self.parts)
        return body + ("\n]\n" if self.kind == "json" else "\n")


_EXT = {
    "json": "json",
    "yaml": "yaml",
    "xml": "xml",
    "ini": "ini",
    "go": "go",
    "java": "java",
    "python": "py",
    "php": "php",
    "c#": "cs",
    "kotlin": "kt",
    "make": "mk",
    "logstash": "conf",
    "misc": "java",
}


def _context_doc(ctx: str) -> tuple[str, str]:
    family = ctx.split(" - ")[0].strip().lower()
    slug = regex.sub(r"[^a-z0-9]+", "-", ctx.lower()).strip("-")
    kind = "json" if family == "json" else "yaml" if family == "yaml" else "text"
    return f"gitleaks-{slug}.{_EXT.get(family, 'txt')}", kind


def build(gitleaks: Repo, detect: Repo | None, out: Path) -> dict[str, Any]:
    templates = read_templates(gitleaks.show("cmd/generate/config/utils/generate.go"))
    config = gitleaks.show("config/gitleaks.toml")
    rules = gitleaks_rules(config)
    whole = Gitleaks(config)
    docs: dict[str, Document] = {}

    def doc(name: str, kind: str) -> Document:
        return docs.setdefault(name, Document(name, kind))

    stats = {"gitleaks_rules": 0, "skipped_expressions": 0, "tp_without_value": 0}
    folder = "cmd/generate/config/rules"
    for fname in sorted(gitleaks.ls(folder)):
        if not fname.endswith(".go"):
            continue
        for ex in read_rule_file(gitleaks.show(f"{folder}/{fname}"), templates):
            stats["gitleaks_rules"] += 1
            stats["skipped_expressions"] += ex.skipped
            for tp in ex.tps:
                if tp.secret and tp.secret in tp.text:
                    at = tp.text.index(tp.secret)
                    spans = [(at, at + len(tp.secret))]
                else:
                    spans = captured(rules.get(ex.rule_id), tp.text)
                if not spans:
                    stats["tp_without_value"] += 1
                    continue
                name, kind = (
                    _context_doc(tp.context) if tp.context else ("gitleaks-examples.txt", "text")
                )
                target = doc(name, kind)
                if kind == "json" and tp.context:
                    try:
                        json.loads(tp.text)
                    except ValueError:
                        target = doc("gitleaks-examples.txt", "text")
                        kind = "text"
                target.add(tp.text, [(ex.rule_id, s, e) for s, e in spans])
            for fp in ex.fps:
                doc("gitleaks-false-positives.txt", "text").add(
                    fp, [], decoy=ex.rule_id, flagged_by=whole.flagged_by(fp, besides=ex.rule_id)
                )
    if detect is not None:
        add_detect_secrets(detect, doc, stats)
    out.mkdir(parents=True, exist_ok=True)
    manifest: dict[str, Any] = {
        "format": MANIFEST_FORMAT,
        "sources": {
            "gitleaks": {"repository": "github.com/gitleaks/gitleaks", "commit": gitleaks.commit},
        },
        "stats": stats,
        "documents": [],
    }
    if detect is not None:
        manifest["sources"]["detect-secrets"] = {
            "repository": "github.com/Yelp/detect-secrets",
            "commit": detect.commit,
        }
    for d in sorted(docs.values(), key=lambda d: d.name):
        text = d.text()
        (out / d.name).write_text(text, encoding="utf-8")
        for p in d.planted:
            p["value"] = text[p["start"] : p["end"]]
        manifest["documents"].append(
            {"name": d.name, "format": d.kind, "planted": d.planted, "decoys": d.decoys}
        )
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def _parametrize_cases(source: str) -> Iterator[tuple[str, bool]]:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "parametrize"):
            continue
        if len(node.args) < 2 or not isinstance(node.args[1], ast.List | ast.Tuple):
            continue
        for elt in node.args[1].elts:
            if not isinstance(elt, ast.Tuple) or len(elt.elts) < 2:
                continue
            try:
                payload = ast.literal_eval(elt.elts[0])
                flag = ast.literal_eval(elt.elts[-1])
            except ValueError:
                continue
            if isinstance(payload, str) and isinstance(flag, bool):
                yield payload, flag


def _plugin_of(source: str) -> Any | None:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            "detect_secrets.plugins."
        ):
            module = importlib.import_module(node.module or "")
            for alias in node.names:
                cls = getattr(module, alias.name, None)
                if (
                    isinstance(cls, type)
                    and hasattr(cls, "analyze_line")
                    and not inspect.isabstract(cls)
                ):
                    return cls
    return None


def add_detect_secrets(detect: Repo, doc: Any, stats: dict[str, int]) -> None:
    from detect_secrets.settings import default_settings  # type: ignore[import-not-found]

    stats["detect_secrets_cases"] = 0
    with default_settings():
        for fname in sorted(detect.ls("tests/plugins")):
            if not fname.endswith("_test.py"):
                continue
            source = detect.show(f"tests/plugins/{fname}")
            cls = _plugin_of(source)
            if cls is None:
                continue
            plugin = cls()
            kind = f"detect-secrets:{cls.__name__}"
            for payload, flag in _parametrize_cases(source):
                if "\n" in payload:
                    continue
                stats["detect_secrets_cases"] += 1
                if not flag:
                    doc("detect-secrets-false-positives.txt", "text").add(
                        payload,
                        [],
                        decoy=kind,
                        flagged_by=detect_secrets_flagged_by(payload, besides=plugin.secret_type),
                    )
                    continue
                found = plugin.analyze_line(filename="config.py", line=payload, line_number=1)
                spans = []
                for secret in found:
                    value = secret.secret_value or ""
                    at = payload.find(value) if value else -1
                    if at >= 0:
                        spans.append((kind, at, at + len(value)))
                if spans:
                    doc("detect-secrets-plugins.txt", "text").add(payload, spans)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--gitleaks", type=Path, required=True)
    ap.add_argument("--detect-secrets", type=Path)
    ap.add_argument("--out", type=Path, default=HERE / "build")
    args = ap.parse_args()
    if BENCH_DEPS.is_dir():  # where the benchmark installs detect-secrets (bench_scrub.py)
        sys.path.append(str(BENCH_DEPS))
    detect = Repo(git_dir(args.detect_secrets)) if args.detect_secrets else None
    manifest = build(Repo(git_dir(args.gitleaks)), detect, args.out)
    planted = sum(len(d["planted"]) for d in manifest["documents"])
    decoys = sum(len(d["decoys"]) for d in manifest["documents"])
    kinds = {p["kind"] for d in manifest["documents"] for p in d["planted"]}
    print(
        f"{len(manifest['documents'])} documents, {planted} planted values of {len(kinds)} "
        f"kinds, {decoys} decoys; {manifest['stats']} -> {args.out}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
