"""The typer app: the only place that prints or exits.

Every command parses its arguments, loads ``Settings``, calls one library function and renders
its result. Errors are translated in one place (``IntakeGroup.invoke``), so ``CliRunner`` tests
see exactly what the installed command does: a known error is one line on stderr with its exit
code; anything else is exit 4 and one line naming a crash log (the traceback only with
``--debug`` or ``INTAKE_DEBUG=1``); Ctrl-C is 130.

Command modules import heavy libraries (presidio, PyGithub, sqlite-utils) inside the command
functions, so ``intake --help`` and ``intake validate`` stay fast. ``main`` (the installed
command) imports and registers only the command that argv names (``commands_for``); ``app``,
what ``CliRunner`` tests and scripts import, is built on first use with every command.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, get_args, get_origin

import typer
from typer._click.exceptions import (
    BadParameter,
    ClickException,  # typer ≥ 0.29 vendors click
    MissingParameter,
    NoArgsIsHelpError,
    NoSuchOption,
)
from typer._click.exceptions import UsageError as ClickUsageError
from typer.core import TyperGroup

from intake import __version__
from intake.cli.console import Globals, err
from intake.errors import EXIT_INTERNAL, EXIT_INTERRUPTED, IntakeError, environment_failure
from intake.userconfig import Environ

COMMAND_MODULES = (
    "validate",
    "scrub",
    "sessions",
    "from_session",
    "demo",
    "from_issue",
    "review",
    "run_record",
    "run",
    "runs",
    "health",
    "quarantine",
    "retire",
    "split",
    "bugs",
    "control",
    "controls",
    "promote",
    "reject",
    "check",
    "show",
    "report",
    "ledger",
    "log",
    "config",
    "init",
    "adopt",
    "revise",
    "rename",
)
"""One module per command under ``intake.cli``, named after it (``_`` for ``-``), in ``--help``
order; each exposes ``register(app)``."""

COMMANDS = {module.replace("_", "-"): module for module in COMMAND_MODULES}
"""Each top-level command's name and the module that registers it."""


def _debug_requested(ctx: Any, *, internal: bool = False) -> bool:
    """``--debug``: tracebacks for every error; ``INTAKE_DEBUG=1``: for internal errors (bugs)."""
    if Globals.of(ctx).debug:
        return True
    return internal and (Environ.of().INTAKE_DEBUG or "") not in ("", "0")


def write_crash_log(exc: BaseException) -> Path:
    """The traceback to a private temporary file; the user is told its path, not its content."""
    import tempfile
    import traceback

    fd, name = tempfile.mkstemp(prefix="intake-crash-", suffix=".log")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(f"intake {__version__}\npython {sys.version}\nargv {sys.argv[1:2]}\n\n")
        handle.write("".join(traceback.format_exception(exc)))
    return Path(name)


def _quiet_stdout() -> None:
    """The reader of our output went away (``intake … | head``): stop writing, quietly.

    Python would otherwise complain again when it flushes stdout at exit.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _print_traceback(exc: BaseException) -> None:
    import traceback

    traceback.print_exception(exc, file=sys.stderr)


def _accepts(param: Any) -> str | None:
    """What an option accepts, from its choices (``--format``'s metavar, an enum's values)."""
    import enum

    meta = getattr(param, "metavar", None)
    if isinstance(meta, str) and meta.startswith("[") and "|" in meta:
        return ", ".join(meta.strip("[]").split("|"))
    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return ", ".join(str(member.value) for member in annotation)
    return None


_TYPED_NAME = re.compile(r"-{0,2}[a-z][a-z0-9]{0,15}(?:-[a-z0-9]{1,15}){0,3}")
"""What a typed option or command name may look like to be shown back: short lowercase words.
Anything else (a token pasted after ``--``, a long hex string) is never echoed."""
_NO_SUCH_COMMAND = re.compile(r"No such command '(?P<name>.*?)'")


def _shown(typed: str | None) -> str | None:
    """``typed`` when it is safe to repeat in an error line (``_TYPED_NAME``), else ``None``."""
    if typed and len(typed) <= 40 and _TYPED_NAME.fullmatch(typed):
        return typed
    return None


def _closest(typed: str | None, known: list[str]) -> str | None:
    """The known name closest to what was typed (``difflib``), if any is close enough."""
    if not typed:
        return None
    import difflib  # only when a name is mistyped

    matches = difflib.get_close_matches(typed, sorted(set(known)), n=1, cutoff=0.6)
    return matches[0] if matches else None


def _option_names(ctx: Any) -> list[str]:
    command = getattr(ctx, "command", None)
    names: list[str] = []
    for param in getattr(command, "params", []) if command is not None else []:
        if getattr(param, "param_type_name", "") == "option" and not getattr(
            param, "hidden", False
        ):
            names += [*param.opts, *param.secondary_opts]
    if ctx is not None:
        names += list(ctx.help_option_names)
    return [n for n in names if n.startswith("--")] or names


def _command_names(ctx: Any) -> list[str]:
    command = getattr(ctx, "command", None)
    lister = getattr(command, "list_commands", None)
    return list(lister(ctx)) if lister is not None else []


def _unknown(kind: str, typed: str | None, known: list[str]) -> tuple[str, str]:
    """``no such option: --dry-rn`` and ``; did you mean --dry-run?`` (either may be bare)."""
    shown = _shown(typed)
    what = f"no such {kind}: {shown}" if shown else f"no such {kind}"
    closest = _closest(typed, known)
    return what, f"; did you mean {closest}?" if closest else ""


def usage_line(exc: ClickUsageError) -> tuple[str, str]:
    """A command-line usage error as ``error: …`` and ``hint: …``, never echoing a value.

    Click's own messages quote the given value (``'ghp_…' is not one of …``), an unknown
    option's name or extra arguments; a secret typed there would land in a CI log. These name
    the option and what it accepts instead. An unknown option or command is repeated only when
    it looks like one (short lowercase words, ``_TYPED_NAME``), with the closest known one.
    """
    where = exc.ctx.command_path if exc.ctx is not None else "intake"
    param = getattr(exc, "param", None)
    opts = getattr(param, "opts", None)
    name = opts[0] if opts else getattr(param, "name", None)
    suggestion = ""
    command_typo = _NO_SUCH_COMMAND.search(exc.message)
    if isinstance(exc, MissingParameter):
        what = exc.format_message().rstrip(".")
    elif isinstance(exc, BadParameter):
        accepts = _accepts(param) if param is not None else None
        what = f"invalid value for {name or 'an argument'}"
        if accepts:
            what += f": it accepts {accepts}"
    elif isinstance(exc, NoSuchOption):
        what, suggestion = _unknown("option", exc.option_name, _option_names(exc.ctx))
    elif "extra argument" in exc.message:
        what = "unexpected extra argument"
    elif command_typo is not None:
        what, suggestion = _unknown("command", command_typo["name"], _command_names(exc.ctx))
    elif "requires an argument" in exc.message and exc.message.startswith("Option '--"):
        what = exc.message.rstrip(".").replace("Option", "option", 1)
    else:
        what = "invalid command line"
    return f"error: {what} ({where}){suggestion}", f"hint: see `{where} --help`"


def _usage_exit(exc: ClickUsageError) -> typer.Exit:
    line, hint = usage_line(exc)
    err(line)
    err(hint)
    return typer.Exit(exc.exit_code)


def _hide_root(ctx: Any, line: str) -> str:
    """``line`` with the ``--root`` value (or ``INTAKE_ROOT``) replaced by the option's name."""
    given = Globals.of(ctx).root
    if not given:
        return line
    for form in sorted({str(given), str(Path(given).resolve())}, key=len, reverse=True):
        if form not in ("", ".", "/"):
            line = line.replace(form, "--root")
    return line


class IntakeGroup(TyperGroup):
    """Translates exceptions into one line and an exit code (the exit-code table in docs/cli.md).

    It is also the one output point: before any command runs, stdout and stderr are made to
    write UTF-8 (``intake.portable.utf8_output``), so a card, a report or an error line piped or
    redirected on Windows (cp1252) is the same text as on a terminal, never a crash or ``?``.
    """

    def main(self, *args: Any, **kwargs: Any) -> Any:
        from intake.portable import utf8_output

        utf8_output()
        return super().main(*args, **kwargs)

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except NoArgsIsHelpError:
            raise
        except ClickUsageError as exc:
            raise _usage_exit(exc) from None

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except NoArgsIsHelpError:
            raise
        except ClickUsageError as exc:
            raise _usage_exit(exc) from None
        except IntakeError as exc:
            err(_hide_root(ctx, f"error: {exc.one_line()}"))
            if exc.hint:
                err(_hide_root(ctx, f"hint: {' '.join(exc.hint.split())}"))
            if _debug_requested(ctx):
                _print_traceback(exc)
            raise typer.Exit(exc.exit_code) from None
        except (typer.Exit, typer.Abort, ClickException):
            raise
        except KeyboardInterrupt:
            err("interrupted")
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except BrokenPipeError:
            _quiet_stdout()
            raise typer.Exit(0) from None
        except Exception as exc:
            failure = environment_failure(exc, Globals.of(ctx).root)
            if failure is not None:
                err(_hide_root(ctx, f"error: {failure.one_line()}"))
                if _debug_requested(ctx):
                    _print_traceback(exc)
                raise typer.Exit(failure.exit_code) from None
            if _debug_requested(ctx, internal=True):
                _print_traceback(exc)
                raise typer.Exit(EXIT_INTERNAL) from None
            log = write_crash_log(exc)
            err(f"internal error: {type(exc).__name__}; details in {log} (rerun with --debug)")
            raise typer.Exit(EXIT_INTERNAL) from None


def _arguments_by_name() -> None:
    """Help names each argument as a person types it: ``DRAFT`` (required), ``[PATHS]...``
    (optional), ``PATH...`` in the Arguments list, with no ``<list[Path]>`` type beside it;
    typer 0.29 writes ``{draft}`` and ``paths... <list[Path]>``. A ``metavar`` set on the
    argument is used as it is."""
    from typer.core import TyperArgument

    def shown(arg: TyperArgument) -> str:
        return arg.metavar if arg.metavar is not None else (arg.name or "").upper()

    def usage(arg: TyperArgument) -> str:
        name = shown(arg)
        if arg.metavar is None:
            name = name if arg.required else f"[{name}]"
        return name + ("..." if arg.nargs != 1 and not name.endswith("...") else "")

    def listed(arg: TyperArgument) -> str:
        name = shown(arg)
        return name + ("..." if arg.nargs != 1 and not name.endswith("...") else "")

    def no_type(arg: TyperArgument, ctx: Any) -> str | None:
        return None

    TyperArgument._usage_display_name = usage  # type: ignore[method-assign,assignment]
    TyperArgument._rich_display_name = listed  # type: ignore[method-assign,assignment]
    TyperArgument.display_type_rich = no_type  # type: ignore[method-assign,assignment]


_arguments_by_name()


_NOT_PLAIN: Any = object()


def _plain_leaf(annotation: Any, info: Any, value: Any, param: Any, ctx: Any) -> Any:
    """``value`` coerced as typer's adapter for ``annotation`` would, or ``_NOT_PLAIN``."""
    from typer._param_types import choice_coercion_annotation, coerce_cli_choice, coerce_cli_path

    if annotation is str and isinstance(value, str):
        return str(value)
    choice = choice_coercion_annotation(annotation, info)
    if choice is not None and isinstance(value, str):
        return coerce_cli_choice(value, choices=choice[0], case_sensitive=choice[1], ctx=ctx)
    if annotation is Path and info.path_type is None and isinstance(value, str | Path):
        path = Path(value)
        return coerce_cli_path(path, info, path_type=Path, param=param, ctx=ctx)
    return _NOT_PLAIN


def _plain(param: Any, value: Any, ctx: Any) -> Any:
    """A parameter's value coerced without pydantic where typer's rule is plain: a string, a
    path with no checks asked, an enum's choice, a list of those; else ``_NOT_PLAIN``."""
    descriptor = param.type_descriptor
    annotation, info = descriptor.annotation, descriptor.parameter_info
    if info.parser is not None or descriptor.file_annotation is not None:
        return _NOT_PLAIN
    if get_origin(annotation) is list and isinstance(value, list | tuple):
        (item,) = get_args(annotation)
        items = [_plain_leaf(item, info, one, param, ctx) for one in value]
        return _NOT_PLAIN if any(one is _NOT_PLAIN for one in items) else items
    return _plain_leaf(annotation, info, value, param, ctx)


class _Coercion:
    """One parameter's coercion (typer's ``RuntimeParam`` contract): plain values without
    pydantic (``_plain``), anything else, and every value ``_plain`` refuses or fails on, by
    typer's own adapter, built only then, so every error is typer's own."""

    def __init__(self, param: Any) -> None:
        self.param = param
        self.typer: Any = None

    def _typer(self) -> Any:
        if self.typer is None:
            from typer._coercion import build_runtime_param

            self.typer = build_runtime_param(self.param.type_descriptor)
        return self.typer

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if value is None:
            return () if param.multiple or param.nargs == -1 else None
        try:
            done = _plain(param, value, ctx)
        except Exception:  # typer's adapter raises its own error for it
            done = _NOT_PLAIN
        return self._typer().coerce(value, param, ctx) if done is _NOT_PLAIN else done


def _light_coercion() -> None:
    """typer 0.29 coerces each parameter's value through a pydantic ``TypeAdapter`` it builds
    on first use, so any command paid pydantic's import (about as much CPU as ``import
    typer``) even for ``--root DIR``. A string, a path with no checks asked, an enum's choice
    and a list of those are coerced here by the same rules (``_plain``); every other value,
    and every value these refuse, goes to typer's adapter. A missing value is ``None`` (or
    ``()`` for a list) without coercion, as in typer.

    This replaces a private method of typer's: a typer whose internals differ (another minor
    version) keeps its own coercion, slower but the same."""
    try:
        from typer.core import _TyperParameter
    except ImportError:  # pragma: no cover - another typer
        return
    if not hasattr(_TyperParameter, "get_runtime_param"):  # pragma: no cover - another typer
        return

    def runtime(self: Any) -> Any:
        if self._runtime_param is None:
            self._runtime_param = _Coercion(self)
        return self._runtime_param

    _TyperParameter.get_runtime_param = runtime  # type: ignore[method-assign]


_light_coercion()


def build_app(modules: tuple[str, ...] = COMMAND_MODULES) -> typer.Typer:
    """The typer app with the commands of ``modules`` registered (default: every command)."""
    built = typer.Typer(
        cls=IntakeGroup,
        name="intake",
        help="Turn real agent failures into reviewed eval scenarios with provenance.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        pretty_exceptions_show_locals=False,
        add_completion=True,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    built.callback()(_root)
    for name in modules:
        importlib.import_module(f"intake.cli.{name}").register(built)
    return built


def _version(value: bool) -> None:
    if value:
        typer.echo(f"intake {__version__}")
        raise typer.Exit(0)


def _root(
    ctx: typer.Context,
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks for errors."),
    root: Path | None = typer.Option(
        None,
        "--root",
        help="The suite's folder (default: the nearest with [tool.intake] in pyproject.toml).",
        envvar="INTAKE_ROOT",
    ),
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version."
    ),
) -> None:
    """Turn real agent failures into reviewed eval scenarios with provenance.

    Exit codes: 0 ok, 1 findings, 2 usage or configuration error, 3 source, network or
    ledger failure, 4 internal error, 130 interrupted.
    """
    ctx.obj = Globals(debug, root)


_ROOT_FLAGS = frozenset({"--debug"})
_ROOT_VALUED = frozenset({"--root"})


def commands_for(args: list[str]) -> tuple[str, ...]:
    """The command modules ``intake ARGS`` needs: the named command's alone, when the first
    word after the root's own options is a known command; none for ``--version``; else every
    one (no command, ``--help``, completion, an unknown or misspelt word, whose "did you mean"
    reads the full list), so those behave exactly as with every command registered."""
    if Environ.of().completing:
        return COMMAND_MODULES
    words = iter(args)
    for word in words:
        if word in _ROOT_FLAGS or (word.startswith("--root=") and len(word) > 7):
            continue
        if word in _ROOT_VALUED:
            if next(words, None) is None:
                break
            continue
        if word == "--version":  # eager: it prints and exits before any command is read
            return ()
        module = COMMANDS.get(word)
        return (module,) if module is not None else COMMAND_MODULES
    return COMMAND_MODULES


if TYPE_CHECKING:
    app: typer.Typer


def __getattr__(name: str) -> Any:
    """``app``, with every command, built on first use (PEP 562)."""
    if name == "app":
        built = build_app()
        globals()["app"] = built
        return built
    raise AttributeError(f"module 'intake.cli' has no attribute {name!r}")


def main() -> None:
    """Console-script entry point: the app with the command argv names (``commands_for``)."""
    build_app(commands_for(sys.argv[1:]))()
