"""`python -m solvers exercise DEMO ...`: perform an algorithm step by step in a terminal, graded by events.

Each step prints its question and numbered choices as plain text (a screen reader reads it), takes the answer
from standard input (a number or a choice's words; several numbers for a question with several answers),
says right or wrong with the reason, and the run goes on from the right step. `h` gives a hint, `s` shows the
step, `q` stops. The score ends the run and is appended to the student's results file.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from solvers.cli import ArgumentParser, UsageError, read_input, seed_number, whole_number
from solvers.exercise.engine import KINDS, Exercise, Graded, Rules, Step
from solvers.exercise.results import (
    Setup,
    clean_name,
    record_step,
    remember_name,
    remembered_name,
    save_result,
)
from solvers.i18n import N_, _


@dataclass(frozen=True)
class Built:
    """What an exercise runs: the solver's events, the demo's rules, the setup in words, and what the
    student must see before the first step (a board, a tree's leaves), if the questions do not say it."""

    events: Iterable[Any]
    rules: Rules
    setup: str
    intro: str = ""


@dataclass(frozen=True)
class ExerciseDemo:
    """One demo's exercise on the command line: its words, its arguments, and how to build its run."""

    name: str
    help: str
    add_arguments: Callable[[ArgumentParser], None]
    build: Callable[[argparse.Namespace], Built]


def hanoi_arguments(parser: ArgumentParser) -> None:
    """hanoi N."""
    parser.add_argument("n", nargs="?", default=3, type=whole_number(2, N_("N"), 8), metavar="N")


def build_hanoi(args: argparse.Namespace) -> Built:
    """Hanoi's run for N disks, and its rules."""
    from solvers.exercise.hanoi import HanoiRules
    from solvers.hanoi import hanoi_events

    return Built(hanoi_events(args.n), HanoiRules(args.n), _("{n} disks").format(n=args.n))


def recursion_arguments(parser: ArgumentParser) -> None:
    """recursion [N] [--limit L] [--variant factorial|endless|maxtree]."""
    parser.add_argument("n", nargs="?", default=5, type=whole_number(0, N_("N"), 40), metavar="N")
    parser.add_argument("--limit", type=whole_number(2, N_("the stack limit"), 40), default=10)
    parser.add_argument("--variant", choices=("factorial", "endless", "maxtree"), default="factorial")


def build_recursion(args: argparse.Namespace) -> Built:
    """fact(N) with its loop twin (or without a base case), or the maximum of a seeded tree."""
    from solvers import recursion
    from solvers.exercise.recursion import FactorialRules, TreeMaxRules

    if args.variant == "maxtree":
        seed = 0 if args.seed is None else args.seed
        tree = recursion.random_tree(seed)
        return Built(
            recursion.tree_max_events(tree), TreeMaxRules(), _("the maximum of tree {seed}").format(seed=seed)
        )
    base_case = args.variant == "factorial"
    events = recursion.factorial_events(args.n, args.limit, base_case)
    setup = _("fact({n}), stack limit {limit}").format(n=args.n, limit=args.limit)
    return Built(events, FactorialRules(args.limit, base_case=base_case), setup)


def queens_arguments(parser: ArgumentParser) -> None:
    """queens N."""
    parser.add_argument("n", nargs="?", default=8, type=whole_number(4, N_("N"), 12), metavar="N")


def build_queens(args: argparse.Namespace) -> Built:
    """N queens by dancing links, a square named by its rank and file as the matrix's columns are (r2f5)."""
    from solvers import queens
    from solvers.exercise.cover import CoverRules

    encoding = queens.encode(args.n)

    def square(row: int) -> str:
        rank, file = encoding.squares[row]
        return f"r{rank + 1}f{file + 1}"

    rules = CoverRules(encoding.matrix, square)
    return Built(encoding.search(), rules, _("{n} queens").format(n=args.n))


def sudoku_arguments(parser: ArgumentParser) -> None:
    """sudoku [FILE]."""
    parser.add_argument(
        "file", nargs="?", default=None, metavar="FILE", help=_("a puzzle (default: a 4x4 one)")
    )


def build_sudoku(args: argparse.Namespace) -> Built:
    """A sudoku by dancing links, digits named by cell ('r1c2=5')."""
    from solvers import sudoku, textio
    from solvers.exercise.cover import CoverRules, sudoku_digit
    from solvers.i18n import assets_folder

    path = args.file or str(assets_folder() / "puzzles" / "sudoku" / "4x4.txt")
    try:
        text, source = textio.read_text(path)
        puzzle = sudoku.parse_puzzles(text, source)[0]
    except (textio.InputError, ValueError) as error:
        raise UsageError(str(error)) from None
    encoding = sudoku.encode(puzzle)
    return Built(encoding.search(), CoverRules(encoding.matrix, sudoku_digit(encoding)), source)


def pentomino_arguments(parser: ArgumentParser) -> None:
    """pentomino [WxH]."""
    parser.add_argument("size", nargs="?", default="6x10", metavar="WxH", help=_("6x10, 5x12, 4x15 or 3x20"))


def build_pentomino(args: argparse.Namespace) -> Built:
    """Pentominoes on a rectangle: a row is a piece placed with its top-left cell named."""
    from solvers import pentomino
    from solvers.exercise.cover import CoverRules, pentomino_placement

    try:
        width, height = pentomino.parse_size(args.size)
    except ValueError as error:
        raise UsageError(str(error)) from None
    encoding = pentomino.encode(width, height)
    rules = CoverRules(encoding.matrix, pentomino_placement(encoding))
    return Built(encoding.search(limit=1), rules, f"{width}x{height}")


def dlx_arguments(parser: ArgumentParser) -> None:
    """dlx [FILE]."""
    parser.add_argument(
        "file", nargs="?", default=None, metavar="FILE", help=_("an exact-cover matrix (default: Knuth's)")
    )


KNUTH = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
"""Knuth's example matrix from 'Dancing Links' (columns A..G)."""


def build_dlx(args: argparse.Namespace) -> Built:
    """Algorithm X on a matrix file (Knuth's example by default), rows named by their columns."""
    from solvers import dlx
    from solvers.exercise.cover import CoverRules

    text, source = (KNUTH, "Knuth") if args.file is None else read_input(args.file)
    try:
        parsed = dlx.parse_matrix(text, source)
    except ValueError as error:
        raise UsageError(str(error)) from None
    matrix = parsed.matrix

    def row_words(row: int) -> str:
        return " ".join(matrix.names[column] for column in matrix.rows[row])

    return Built(dlx.search(matrix), CoverRules(matrix, row_words), source)


TICTACTOE_BOARD = "oo....x.x"
"""The default position: x to move with 5 empty cells, each side one move from a line (cuts come early)."""


def tictactoe_arguments(parser: ArgumentParser) -> None:
    """tictactoe [--board B] [--minimax] [--shortcut] [--ordered]."""
    parser.add_argument("--board", default=TICTACTOE_BOARD, help=_("9 characters of x, o and ."))
    parser.add_argument("--minimax", action="store_true", help=_("plain minimax (default: alpha-beta)"))
    parser.add_argument("--shortcut", action="store_true", help=_("take an immediate win at once"))
    parser.add_argument("--ordered", action="store_true", help=_("try centre, corners, edges first"))


def build_tictactoe(args: argparse.Namespace) -> Built:
    """The computer's search on a tic-tac-toe board, cells named 1-9 as the keys play them."""
    from solvers import minimax, tictactoe
    from solvers.exercise.minimax import tictactoe_rules

    try:
        board = tictactoe.parse_board(args.board)
    except tictactoe.BadBoard as error:
        raise UsageError(_("tictactoe: impossible board: {problem}").format(problem=error)) from None
    if tictactoe.GAME.terminal(board):
        raise UsageError(_("tictactoe: the game is over on this board: there is nothing to search"))
    search = minimax.minimax_events if args.minimax else minimax.alphabeta_events
    order = tictactoe.TicTacToe.centre_first if args.ordered else None
    events = search(tictactoe.GAME, board, shortcut=args.shortcut, order=order)
    intro = _(
        "x is MAX, o is MIN; {mark} to move. A win on move n is worth 10 − n to x, o's win −(10 − n), "
        "a draw 0."
    ).format(mark=tictactoe.player_to_move(board))
    intro = tictactoe.show_board(board) + "\n" + intro
    return Built(events, tictactoe_rules(board, alphabeta=not args.minimax), board, intro)


def gametree_arguments(parser: ArgumentParser) -> None:
    """gametree [--depth D] [--branching B] [--alphabeta] [--order O]; --seed picks the leaves."""
    from solvers.minimax import BRANCHINGS, DEPTHS, ORDER_NAMES

    depth = whole_number(DEPTHS.start, N_("the depth"), DEPTHS.stop - 1)
    parser.add_argument("--depth", type=depth, default=3, help=_("levels of moves, 2..6 (default 3)"))
    branching = whole_number(BRANCHINGS.start, N_("the branching"), BRANCHINGS.stop - 1)
    parser.add_argument("--branching", type=branching, default=2, help=_("moves per node, 2..4 (default 2)"))
    parser.add_argument("--alphabeta", action="store_true", help=_("search with alpha-beta"))
    parser.add_argument(
        "--order",
        choices=tuple(ORDER_NAMES),
        default="none",
        help=_("move ordering: as generated, best first (oracle), worst first"),
    )


def build_gametree(args: argparse.Namespace) -> Built:
    """Minimax (or alpha-beta) on the seeded random MAX/MIN tree."""
    from solvers import minimax
    from solvers.exercise.minimax import GameTreeRules, tree_move_words

    seed = 0 if args.seed is None else args.seed
    tree = minimax.RandomTree(args.depth, args.branching, seed)
    search = minimax.alphabeta_events if args.alphabeta else minimax.minimax_events
    events = search(tree, tree.ROOT, order=tree.order(args.order))
    rules = GameTreeRules(tree, tree.ROOT, alphabeta=args.alphabeta, move_words=tree_move_words)
    setup = _("random tree: depth {depth}, branching {branching}, seed {seed}").format(
        depth=args.depth, branching=args.branching, seed=seed
    )
    intro = _(
        "MAX moves at the root, MIN one level down, and so on. The leaves, left to right: {values}"
    ).format(values=" ".join(str(value) for value in tree.leaves))
    return Built(events, rules, setup, intro)


def games_arguments(parser: ArgumentParser) -> None:
    """games [--moves 4453 | --mnk M N K --board FILE] [--depth D]."""
    parser.add_argument("--moves", default="4435", help=_("Connect Four columns played (default 4435)"))
    parser.add_argument(
        "--mnk",
        nargs=3,
        type=whole_number(2, N_("a side"), 15),
        default=None,
        metavar=("M", "N", "K"),
        help=_("an m,n,k game instead: rows, columns, stones in a row that win"),
    )
    parser.add_argument("--board", default=None, help=_("an m,n,k board file, or - for standard input"))
    depth = whole_number(1, N_("the depth"), 4)
    parser.add_argument("--depth", type=depth, default=2, help=_("plies to search, 1..4 (default 2)"))


def engine_position(args: argparse.Namespace) -> tuple[Any, Any]:
    """The game and the position an engine exercise searches (bad input: one clear line)."""
    from solvers import textio
    from solvers.grids import MNK, BadPosition, ConnectFour

    try:
        if args.mnk is None:
            four = ConnectFour()
            return four, four.play(args.moves)
        m, n, k = args.mnk
        if k > max(m, n):
            raise UsageError(
                _("mnk: k must be at most the longer side ({side}), not {k}").format(side=max(m, n), k=k)
            )
        game = MNK(m, n, k)
        text = "\n".join(["." * n] * m) if args.board is None else textio.read_text(args.board)[0]
        return game, game.parse(text)
    except (textio.InputError, BadPosition) as error:
        raise UsageError(_("games: bad position: {problem}").format(problem=error)) from None


def build_games(args: argparse.Namespace) -> Built:
    """The games engine's search (iterative deepening alpha-beta) of one position, to --depth plies."""
    from solvers.engine import Engine, Limits
    from solvers.exercise.minimax import engine_rules
    from solvers.grids import MARKS

    game, pos = engine_position(args)
    if game.terminal(pos):
        raise UsageError(_("games: the game is over in this position: there is nothing to search"))
    events = Engine(game, Limits(depth=args.depth)).events(pos)
    rules = engine_rules(game, pos)
    intro = _("x is MAX, o is MIN; {mark} to move. Positions at the depth limit are scored for x.").format(
        mark=MARKS[pos.mover]
    )
    intro = game.show(pos) + "\n" + intro
    if args.mnk is None:
        setup = _("Connect Four after {moves}, depth {depth}").format(
            moves=args.moves or "-", depth=args.depth
        )
    else:
        m, n, k = args.mnk
        setup = _("{m},{n},{k} game, depth {depth}").format(m=m, n=n, k=k, depth=args.depth)
    return Built(events, rules, setup, intro)


def frogs_arguments(parser: ArgumentParser) -> None:
    """frogs [N] [M] [--from STATE], as `python -m solvers frogs` takes them."""
    parser.add_argument("n", nargs="?", metavar="N", help=_("frogs on the left, 1 to 8 (default 3)"))
    parser.add_argument("m", nargs="?", metavar="M", help=_("frogs on the right, 1 to 8 (default N)"))
    parser.add_argument("--from", dest="start", metavar="STATE", help=_("start from STATE, e.g. LL_LRRR"))


def build_frogs(args: argparse.Namespace) -> Built:
    """The frogs' backtracking run from the start (or STATE), and its rules."""
    from solvers import frogs
    from solvers.commands.frogs import cli_start
    from solvers.exercise.frogs import FrogsRules

    start = cli_start(args)
    return Built(frogs.solve(start), FrogsRules(start), start)


def trace_arguments(parser: ArgumentParser) -> None:
    """trace [FILE.py FUNC ARG...] (default: fib(4) from the gallery)."""
    parser.add_argument(
        "file", nargs="?", default=None, metavar="FILE.py", help=_("default: the gallery's fibonacci.py")
    )
    parser.add_argument("func", nargs="?", default=None, metavar="FUNC", help=_("default: fib"))
    parser.add_argument("args", nargs="*", metavar="ARG", help=_("each a Python literal (default: 4)"))


def build_trace(args: argparse.Namespace) -> Built:
    """The student's function traced once in a child process; the exercise follows its recorded events."""
    from solvers.exercise.trace import TraceRules
    from solvers.i18n import assets_folder
    from solvers.tracing.runner import TraceInputError, TraceJob, load_source, make_request, syntax_problem

    if args.file is None:
        path, func, words = assets_folder() / "gallery" / "fibonacci.py", "fib", ["4"]
    elif args.func is None:
        raise UsageError(_("exercise trace: name the function to call after {file}").format(file=args.file))
    else:
        path, func, words = Path(args.file), args.func, list(args.args)
    try:
        problem = syntax_problem(load_source(path.expanduser()), path)
        if problem is not None:
            where = _("trace: {file} line {line}: {message}")
            raise UsageError(where.format(file=path.name, line=problem[0], message=problem[1]))
        request = make_request(path, func, words)
    except TraceInputError as error:
        raise UsageError(_("trace: {error}").format(error=error)) from None
    result = TraceJob(request).run()
    return Built(iter(result.events), TraceRules([result.source]), request.call_text())


def maze_arguments(parser: ArgumentParser) -> None:
    """maze [W H] [--action carve|solve]."""
    add_size_arguments(parser)
    parser.add_argument("--action", choices=("carve", "solve"), default="carve", help=_("carve or solve"))


def add_size_arguments(parser: ArgumentParser) -> None:
    """W H, small by default (5 x 5)."""
    side = whole_number(2, N_("the size"), 30)
    parser.add_argument("width", nargs="?", default=5, type=side, metavar="W")
    parser.add_argument("height", nargs="?", default=5, type=side, metavar="H")


def build_maze(args: argparse.Namespace) -> Built:
    """The square maze's backtracker from a full grid, or its solver on the maze the seed carves."""
    from solvers import maze
    from solvers.exercise import maze as rules

    seed = 0 if args.seed is None else args.seed
    size = f"{args.width} x {args.height}"
    if args.action == "solve":
        carved = maze.generate(args.width, args.height, seed)
        setup = _("solving a {size} maze, seed {seed}").format(size=size, seed=seed)
        return Built(maze.solve(carved), rules.square_walk_rules(carved), setup)
    full = maze.Maze.full(args.width, args.height)
    setup = _("carving a {size} maze, seed {seed}").format(size=size, seed=seed)
    return Built(maze.carve_rest(full, seed), rules.square_carve_rules(full), setup)


def mazes_arguments(parser: ArgumentParser) -> None:
    """mazes [W H] [--shape S] [--levels L] [--algorithm A] [--action carve|solve]."""
    from solvers.mazes.generators import ALGORITHMS
    from solvers.mazes.graph import SHAPES

    add_size_arguments(parser)
    parser.add_argument(
        "--shape", choices=SHAPES, default="square", help=_("the cells' shape (polar: H rings)")
    )
    parser.add_argument("--levels", type=whole_number(2, N_("the levels"), 4), help=_("floors of a 3d maze"))
    parser.add_argument(
        "--algorithm", choices=list(ALGORITHMS), default="backtracker", help=_("the generator")
    )
    parser.add_argument("--action", choices=("carve", "solve"), default="carve", help=_("carve or solve"))


def build_mazes(args: argparse.Namespace) -> Built:
    """A generator on a shape's cell graph, or the solver on the maze it carves."""
    from solvers.exercise import maze as rules
    from solvers.mazes import generators, graph, walk

    seed = 0 if args.seed is None else args.seed
    try:
        cells = graph.build(args.shape, args.width, args.height, args.levels)
    except graph.MazeError as error:
        raise UsageError(str(error)) from None
    which = generators.algorithm(args.algorithm)
    setup = _("{algorithm} on a {shape} maze, seed {seed}").format(
        algorithm=_(which.title), shape=args.shape, seed=seed
    )
    if args.action == "solve":
        corridors = walk.corridors(cells, generators.generate(cells, args.algorithm, seed))
        events = walk.solve(corridors, cells.start, cells.goal)
        return Built(events, rules.shape_walk_rules(cells, corridors), setup)
    carving = rules.shape_carve_rules(cells, args.algorithm)
    if carving is None:
        raise UsageError(
            _(
                "{algorithm} has no step to make: each of its choices is a fresh random draw "
                "(try backtracker, growing-tree, hunt-and-kill, prim or kruskal, or --action solve)"
            ).format(algorithm=args.algorithm)
        )
    return Built(which.run(cells, seed), carving, setup)


def rooms_arguments(parser: ArgumentParser) -> None:
    """rooms [--map text|loop|no-way-out]."""
    parser.add_argument(
        "--map", choices=("text", "loop", "no-way-out"), default="text", help=_("which rooms maze")
    )


def build_rooms(args: argparse.Namespace) -> Built:
    """The text's CheckRoom on the rooms maze (or its loop or no-way-out variant)."""
    from solvers import maze
    from solvers.exercise.maze import rooms_rules

    corridors = maze.ROOM_MAPS[args.map.replace("-", " ")]
    return Built(
        maze.check_room(corridors), rooms_rules(corridors), _("the rooms maze ({map})").format(map=args.map)
    )


DEMOS = {
    demo.name: demo
    for demo in (
        ExerciseDemo(
            "recursion",
            N_("recursion: what fact(k) does next, what it returns; the maximum of a tree"),
            recursion_arguments,
            build_recursion,
        ),
        ExerciseDemo(
            "hanoi",
            N_("Towers of Hanoi: the next move and the call that makes it"),
            hanoi_arguments,
            build_hanoi,
        ),
        ExerciseDemo(
            "queens",
            N_("N queens: S's column, the row tried, what it knocks out, backtracks"),
            queens_arguments,
            build_queens,
        ),
        ExerciseDemo(
            "sudoku", N_("sudoku by Algorithm X: the same steps on a sudoku"), sudoku_arguments, build_sudoku
        ),
        ExerciseDemo(
            "pentomino",
            N_("pentominoes by Algorithm X: the same steps on a board"),
            pentomino_arguments,
            build_pentomino,
        ),
        ExerciseDemo(
            "tictactoe",
            N_("tic-tac-toe: each node's value, α and β, the cuts, the computer's move"),
            tictactoe_arguments,
            build_tictactoe,
        ),
        ExerciseDemo(
            "gametree",
            N_("a random MAX/MIN tree: node values, α and β, the cuts, the move at the root"),
            gametree_arguments,
            build_gametree,
        ),
        ExerciseDemo(
            "games",
            N_("the games engine (Connect Four, m,n,k): values, α and β, the cuts, each iteration's move"),
            games_arguments,
            build_games,
        ),
        ExerciseDemo(
            "dlx",
            N_("Algorithm X on a 0-1 matrix: the same steps on the matrix itself"),
            dlx_arguments,
            build_dlx,
        ),
        ExerciseDemo(
            "frogs",
            N_("frogs: the frog the solver moves next, and where a dead end sends it back"),
            frogs_arguments,
            build_frogs,
        ),
        ExerciseDemo(
            "trace",
            N_("your code: what the running call does next, and what each call returns"),
            trace_arguments,
            build_trace,
        ),
        ExerciseDemo(
            "maze",
            N_("the square maze: the cells carving can go to, where it backs up to, the solver's next cell"),
            maze_arguments,
            build_maze,
        ),
        ExerciseDemo(
            "mazes",
            N_("mazes of every shape: the same steps, Prim's frontier, Kruskal's walls, the hunt"),
            mazes_arguments,
            build_mazes,
        ),
        ExerciseDemo(
            "rooms",
            N_("the rooms maze: the next room, and where a dead end sends the walk back to"),
            rooms_arguments,
            build_rooms,
        ),
    )
}
"""Every demo with exercises in the terminal."""


def add_cli(sub: Any) -> None:
    """Register `exercise DEMO ...`."""
    parser = sub.add_parser("exercise", help=_("perform an algorithm step by step and be graded"))
    demos = parser.add_subparsers(dest="demo", metavar="DEMO", parser_class=ArgumentParser)
    for demo in DEMOS.values():
        one = demos.add_parser(demo.name, help=_(demo.help))
        demo.add_arguments(one)
        add_common_arguments(one)
        one.set_defaults(run=run_exercise)
    parser.set_defaults(run=lambda args: (parser.print_help(), 2)[1])


def add_common_arguments(parser: ArgumentParser) -> None:
    """The options every exercise takes: seed, steps, kind, record, name."""
    parser.add_argument("--seed", type=seed_number(), default=None, help=_("seed for a random run"))
    steps = whole_number(1, N_("steps"), 10_000)
    parser.add_argument("--steps", type=steps, default=None, help=_("stop after N steps"))
    parser.add_argument("--kind", choices=sorted(KINDS), default="every", help=_("which steps to make"))
    parser.add_argument(
        "--record",
        type=Path,
        default=None,
        metavar="FILE",
        help=_("append each graded step to FILE as a JSON line"),
    )
    parser.add_argument("--name", default=None, help=_("the student's name (remembered for next time)"))


def run_exercise(args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Pose every step, read the answers, grade them, keep the result; 0 when the run is done."""
    import sys

    reader, writer = stdin or sys.stdin, stdout or sys.stdout
    built = DEMOS[args.demo].build(args)
    student = student_name(args.name, reader, writer)
    if built.intro:
        print(built.intro, file=writer)
    exercise = Exercise(built.events, built.rules, kind=args.kind, limit=args.steps)
    setup = Setup(args.demo, built.setup, args.seed, args.kind)
    finished = play(exercise, setup, args.record, reader, writer)
    path = save_result(student, setup, exercise.score, finished)
    print(_("Score: {score}.").format(score=exercise.score.text()), file=writer)
    print(_("Kept in {path}").format(path=path), file=writer)
    return 0


def student_name(given: str | None, reader: TextIO, writer: TextIO) -> str:
    """The name given, else the one remembered, else asked once (anonymous when nobody answers)."""
    if given is not None:
        remember_name(given)
        return clean_name(given)
    if (known := remembered_name()) is not None:
        return known
    print(_("Your name (Enter for anonymous):"), file=writer, end=" ", flush=True)
    name = clean_name(reader.readline())
    remember_name(name)
    return name


def play(exercise: Exercise, setup: Setup, record: Path | None, reader: TextIO, writer: TextIO) -> bool:
    """Ask every step until the run ends (True) or the student stops (False)."""
    number = 0
    while (step := exercise.next_step()) is not None:
        number += 1
        graded = ask(step, number, exercise, reader, writer)
        if graded is None:
            exercise.finish()
            return False
        print(graded.verdict(), file=writer)
        if not graded.correct:
            print(step.explanation, file=writer)
        if record is not None:
            record_step(record, setup, number, graded)
    return True


def ask(step: Step, number: int, exercise: Exercise, reader: TextIO, writer: TextIO) -> Graded | None:
    """Print one step, read answers until one is given; None when the student stops."""
    print(file=writer)
    print(_("Step {number}: {question}").format(number=number, question=step.question), file=writer)
    for place, choice in enumerate(step.choices, 1):
        print(f"  {place}) {choice.label}", file=writer)
    hints = 0
    started = time.monotonic()
    while True:
        print(prompt(step), file=writer, end=" ", flush=True)
        line = reader.readline()
        word = line.strip()
        if not line or word.lower() == "q":
            return None
        if word.lower() == "h":
            print(next_hint(step, hints), file=writer)
            hints = min(hints + 1, len(step.hints))
            continue
        seconds = time.monotonic() - started
        if word.lower() == "s":
            return exercise.grade(step.expected, hints=hints, shown=True, seconds=seconds)
        answer = parse_answer(step, word)
        if answer is None:
            print(
                _("Answer with a number from 1 to {high} or a choice's words.").format(
                    high=len(step.choices)
                ),
                file=writer,
            )
            continue
        return exercise.grade(answer, hints=hints, seconds=seconds)


def prompt(step: Step) -> str:
    """The line that asks for an answer."""
    if step.multiple:
        return _("Your answer (numbers such as 1 3 4, or 0 for none; h hint, s show, q stop):")
    return _("Your answer (number or words; h hint, s show, q stop):")


def next_hint(step: Step, used: int) -> str:
    """The next hint, one level at a time."""
    if not step.hints:
        return _("No hint for this step.")
    return step.hints[min(used, len(step.hints) - 1)]


def parse_answer(step: Step, word: str) -> Hashable | None:
    """A choice's key from its number or its words; a set of keys for a question with several answers."""
    if step.multiple:
        parts = word.replace(",", " ").split()
        if parts == ["0"]:
            return frozenset()
        if not parts or not all(part.isascii() and part.isdigit() for part in parts):
            return None
        places = {int(part) for part in parts}
        if not all(1 <= place <= len(step.choices) for place in places):
            return None
        return frozenset(step.choices[place - 1].key for place in places)
    if word.isascii() and word.isdigit() and 1 <= int(word) <= len(step.choices):
        return step.choices[int(word) - 1].key
    folded = word.casefold()
    return next((choice.key for choice in step.choices if choice.label.casefold() == folded), None)
