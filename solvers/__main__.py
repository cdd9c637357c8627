"""`python -m solvers DEMO ...`: run any solver headless at full speed."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from solvers.cli import ArgumentParser, UsageError, output_failed, printable_streams
from solvers.i18n import _, choose, language_argument, requested_language, use
from solvers.messages import one_line

COMMANDS = {
    "factorial": "solvers.commands.recursion",
    "maxtree": "solvers.commands.recursion",
    "maze": "solvers.commands.maze",
    "sudoku": "solvers.commands.sudoku",
    "queens": "solvers.commands.queens",
    "pentomino": "solvers.commands.pentomino",
    "exact-cover": "solvers.commands.exact_cover",
    "tictactoe": "solvers.commands.tictactoe",
    "gametree": "solvers.commands.gametree",
    "frogs": "solvers.commands.frogs",
    "hanoi": "solvers.commands.hanoi",
    "trace": "solvers.tracing.cli",
    "mnk": "solvers.commands.games",
    "connect4": "solvers.commands.games",
    "exercise": "solvers.exercise.cli",
    "lesson": "solvers.commands.lesson",
    "class": "solvers.commands.classroom",
}
"""Which module registers each command, so a command imports only its own module.

Importing every module costs a quarter of a second, nearly all of it numpy
(for mazes); a queens or sudoku run needs none of it.  A command missing here
still works: it falls back to the full parser (a test checks the table).
"""
CLI_MODULES = tuple(dict.fromkeys(COMMANDS.values()))
"""Every module with commands; each registers them through `add_cli(subparsers)`."""


def build_parser(modules: Sequence[str] = CLI_MODULES) -> ArgumentParser:
    """The top-level parser with the subcommands of `modules` (default: every module)."""
    parser = ArgumentParser(
        prog="python -m solvers",
        description=_("Run Unwind's solvers headless. Add --json for one JSON object."),
    )
    parser.add_argument(
        "--lang",
        type=language_argument,
        metavar="LANG",
        help=_("language of the text for people: en, ko or zh_CN (default: the system's)"),
    )
    sub = parser.add_subparsers(dest="command", metavar="DEMO", parser_class=ArgumentParser)
    for name in modules:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise
            continue
        register = getattr(module, "add_cli", None)
        if register is not None:
            register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments, run the chosen solver, return the exit code."""
    sys.set_int_max_str_digits(0)  # factorials of big N print in full
    printable_streams()
    words = list(sys.argv[1:] if argv is None else argv)
    use(choose(requested_language(words)))
    command = next((w for i, w in enumerate(words) if w[:1] != "-" and words[i - 1 : i] != ["--lang"]), "")
    parser = build_parser((COMMANDS[command],) if command in COMMANDS else CLI_MODULES)
    try:
        args = parser.parse_args(words)
        if not getattr(args, "run", None):
            parser.print_help()
            return 2
        code = int(args.run(args))
        sys.stdout.flush()  # a full disk shows here, not in Python's flush at exit
        return code
    except UsageError as error:
        print(one_line(str(error)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(_("{program}: interrupted").format(program=parser.prog), file=sys.stderr)
        return 130
    except MemoryError:
        print(
            _("{program}: out of memory: ask for a smaller size").format(program=parser.prog), file=sys.stderr
        )
        return 1
    except OSError as error:
        if error.filename is not None:  # a file the solver itself opened, not its output
            print(one_line(f"{parser.prog}: {error.filename}: {error.strerror or error}"), file=sys.stderr)
            return 1
        return output_failed(parser.prog, error)


if __name__ == "__main__":
    sys.exit(main())
