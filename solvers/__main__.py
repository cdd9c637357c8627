"""`python -m solvers DEMO ...`: run any solver headless at full speed."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from solvers.cli import ArgumentParser, UsageError, one_line

# Each module registers its own subcommands through `add_cli(subparsers)`.
CLI_MODULES = (
    "solvers.recursion",
    "solvers.maze",
    "solvers.sudoku",
    "solvers.queens",
    "solvers.pentomino",
    "solvers.dlx",
    "solvers.tictactoe",
    "solvers.minimax",
    "solvers.frogs",
    "solvers.hanoi",
    "solvers.games",
)


def build_parser() -> ArgumentParser:
    """The top-level parser with every module's subcommands."""
    parser = ArgumentParser(
        prog="python -m solvers",
        description="Run Unwind's solvers headless. Add --json for one JSON object.",
    )
    sub = parser.add_subparsers(dest="command", metavar="DEMO", parser_class=ArgumentParser)
    for name in CLI_MODULES:
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
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
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
