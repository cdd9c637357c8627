"""The command line's subcommands, one module each: their options, their checks and their printing.

An algorithm module (`solvers.dlx`, `solvers.sudoku`, ...) knows nothing of
the command line; the module here that runs it imports it, never the other
way round.  `solvers/__main__.py`'s COMMANDS names the module of each command.
"""
