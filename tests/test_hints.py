"""Every command intake suggests exists: each `intake …` in a hint, a next step or a message.

``init`` once told its user to run ``intake from-session --list``, an option that never existed.
The class: any text in ``intake/`` that names an intake command line, in backticks
(`` `intake run DRAFT --tier strong` ``) or in a ``hint=`` (``intake adopt PATH --source``),
must name a real command (and sub-command) and only options that command has. Placeholders
(``DRAFT``, ``{where}``) are arguments and are not checked.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Any

import pytest
import typer

from intake.cli import app
from tests.support.env import REPO

IN_BACKTICKS = re.compile(r"`(intake [^`]+)`")
"""A command line quoted in backticks, anywhere in a string."""
IN_HINT = re.compile(r"(?<![\w./`-])intake [a-z][a-z-]*(?=$|[);,]| --| [A-Z\x00])")
"""In a ``hint=``, unquoted: ``intake`` and a word that is followed by an argument, an option
or the end (``intake adopt PATH``, ``(intake rename)``); prose (``intake never downloads``)
has a lowercase word next and is not a command line."""
HINT_END = re.compile(r"[);,]| or | then ")
PLACEHOLDER = "\x00"


@dataclass(frozen=True)
class Suggestion:
    where: str
    line: str


def _string_of(node: ast.AST) -> str | None:
    """A string constant's text, or an f-string's with each placeholder as ``PLACEHOLDER``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            part.value
            if isinstance(part, ast.Constant) and isinstance(part.value, str)
            else PLACEHOLDER
            for part in node.values
        )
    return None


def _hint_text(node: ast.AST) -> str:
    """The text a ``hint=`` value can take: its strings joined (concatenations, f-strings)."""
    parts: list[str] = []
    for child in ast.walk(node):
        text = _string_of(child)
        if text is not None:
            parts.append(text)
    return "".join(parts)


def suggestions(source: str, where: str) -> list[Suggestion]:
    """Every intake command line ``source`` (a Python module) suggests."""
    found: list[Suggestion] = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        text = _string_of(node)
        if text is not None and isinstance(node, ast.Constant | ast.JoinedStr):
            found += [
                Suggestion(f"{where}:{node.lineno}", m[1]) for m in IN_BACKTICKS.finditer(text)
            ]
        if isinstance(node, ast.keyword) and node.arg == "hint":
            hint = _hint_text(node.value)
            plain = IN_BACKTICKS.sub("", hint)
            for match in IN_HINT.finditer(plain):
                rest = plain[match.start() :]
                end = HINT_END.search(rest)
                found.append(
                    Suggestion(
                        f"{where}:{node.value.lineno}", rest[: end.start() if end else None].strip()
                    )
                )
    return found


def problem(command: Any, line: str) -> str | None:
    """What is wrong with the command line ``line`` (``intake …``), if anything."""
    words = line.split()[1:]
    path = ["intake"]
    current = command
    if words and not re.fullmatch(r"[a-z][a-z-]*", words[0]) and not words[0].startswith("-"):
        return None  # ``intake ARGS``, ``intake … | head``: a placeholder for any command
    while words and hasattr(current, "commands"):
        name = words[0]
        if name.startswith("-"):
            break
        sub = current.commands.get(name)
        if sub is None:
            if len(path) == 1:
                return f"no command {name!r}"
            break  # an argument of the group's command (``intake runs DRAFT``)
        path.append(name)
        current = sub
        words = words[1:]
    options = {opt for param in current.params for opt in (*param.opts, *param.secondary_opts)}
    options |= {"-h", "--help"}
    for word in words:
        for option in re.split(r"\\?\|", word.strip("[]()").split("=", 1)[0]):
            stdin = option == "-"  # a lone dash is standard input, not an option
            if (
                option.startswith("-")
                and not stdin
                and PLACEHOLDER not in option
                and option not in options
            ):
                return f"{' '.join(path)} has no option {option}"
    return None


def _all_suggestions() -> list[Suggestion]:
    found: list[Suggestion] = []
    for path in sorted((REPO / "intake").rglob("*.py")):
        rel = path.relative_to(REPO).as_posix()
        found += suggestions(path.read_text(encoding="utf-8"), rel)
    return found


@pytest.mark.slow
def test_every_suggested_command_line_exists() -> None:
    command = typer.main.get_command(app)
    found = _all_suggestions()
    assert len(found) > 100, "the scan reads intake's hints and next steps"
    bad = [
        f"{s.where}: `{s.line}`: {why}"
        for s in found
        if (why := problem(command, s.line)) is not None
    ]
    assert bad == [], "hints that name a command line intake does not have:\n" + "\n".join(bad)


def test_init_suggests_real_commands() -> None:
    from intake.lifecycle.init import _next_step

    command = typer.main.get_command(app)
    for tiers in (([], []), (["claude-opus-4"], []), ([], ["Gemma"])):
        step = _next_step(*tiers)
        lines = [m[1] for m in IN_BACKTICKS.finditer(step)]
        assert lines and all(problem(command, line) is None for line in lines), step


def test_the_scan_finds_a_wrong_command_and_a_wrong_option() -> None:
    source = (
        "raise UsageError('x', hint='run `intake from-session --list` first')\n"
        "raise UsageError('y', hint='intake adopt PATH --sauce TYPE')\n"
        "raise UsageError('z', hint='intake never downloads models')\n"
        "raise UsageError('w', hint='or rename it (intake rename), then retry')\n"
        "message = f'then `intake frobnicate {name}`'\n"
        "fine = 'then `intake run DRAFT --tier strong` and `intake ledger rebuild`'\n"
    )
    command = typer.main.get_command(app)
    found = suggestions(source, "x.py")
    verdicts = {s.line: problem(command, s.line) for s in found}
    assert verdicts == {
        "intake from-session --list": "intake from-session has no option --list",
        "intake adopt PATH --sauce TYPE": "intake adopt has no option --sauce",
        f"intake frobnicate {PLACEHOLDER}": "no command 'frobnicate'",
        "intake rename": None,
        "intake run DRAFT --tier strong": None,
        "intake ledger rebuild": None,
    }


def test_docs_pages_name_real_commands() -> None:
    """The same rule over the docs: a fenced or quoted `intake …` line is a real command."""
    command = typer.main.get_command(app)
    bad: list[str] = []
    for page in sorted((REPO / "docs").glob("*.md")) + [REPO / "README.md"]:
        text = page.read_text(encoding="utf-8")
        for match in IN_BACKTICKS.finditer(text):
            line = match[1].split(" | ")[0].split(" > ")[0].split(" && ")[0]
            why = problem(command, line.replace("…", "X"))
            if why is not None:
                bad.append(f"{page.relative_to(REPO).as_posix()}: `{line}`: {why}")
    assert bad == [], "\n".join(bad)
