"""`python -m solvers DEMO ...`: run any solver headless at full speed."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from solvers.cli import ArgumentParser, UsageError, one_line

COMMANDS = {
    "factorial": "solvers.recursion",
    "maxtree": "solvers.recursion",
    "maze": "solvers.maze",
    "sudoku": "solvers.sudoku",
    "queens": "solvers.queens",
    "pentomino": "solvers.pentomino",
    "exact-cover": "solvers.dlx",
    "tictactoe": "solvers.tictactoe",
    "gametree": "solvers.minimax",
    "frogs": "solvers.frogs",
    "hanoi": "solvers.hanoi",
    "trace": "solvers.tracing",
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
        description="Run Unwind's solvers headless. Add --json for one JSON object.",
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
    _replace_unprintable()
    args_list = sys.argv[1:] if argv is None else list(argv)
    command = args_list[0] if args_list else ""
    parser = build_parser((COMMANDS[command],) if command in COMMANDS else CLI_MODULES)
    try:
        args = parser.parse_args(args_list)
        if not getattr(args, "run", None):
            parser.print_help()
            return 2
        return int(args.run(args))
    except UsageError as error:
        print(one_line(str(error)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{parser.prog}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def _replace_unprintable() -> None:
    """Characters the terminal cannot show (an ASCII stdout) print as '?', never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and stream.errors == "strict":
            reconfigure(errors="replace")


if __name__ == "__main__":
    sys.exit(main())
