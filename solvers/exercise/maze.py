"""Mazes performed (maze, mazes of every shape, rooms): where carving goes, where it backs up to, which
corridor the solver takes, Prim's frontier and Kruskal's walls.

The rules follow the run event by event (the cells visited, the stack or path, Prim's frontier, Kruskal's
sets) and read every answer from the events ahead. Cells are whatever the run names them by (flat ids, (row,
col) pairs, room names); `label` turns one into the words the demo's log uses: '(2,3)', 'ring 2 #5', 'room 4'.

Example, a 3 x 3 backtracker from (1,1): before `Carve((1,1), (0,1))` the step asks which of (1,1)'s
neighbours can be carved next; all four can (none is visited yet). The seed drew the order in which a cell
tries its neighbours, so the rule the student practises is *which* cells are candidates, and the explanation
names the order the run then takes. When (0,0) is stuck, the step asks from which cell on the stack carving
goes on: the nearest one that still has an unvisited neighbour.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from itertools import islice
from typing import Any

from solvers.events import Carve, DeadEnd, Note, Pop, Push, Visit
from solvers.exercise.cover import END  # 'none: the run is over', as a cover search's last backtrack
from solvers.exercise.engine import BACKTRACK, DECISION, Ahead, Choice, Step, worded
from solvers.i18n import N_, _

Cell = Any
"""A cell as the run names it: a flat id, a (row, col) pair, a room's name (hashable, and sortable among its
own kind)."""
Label = Callable[[Any], str]
KNOCK, KEEP = "knock", "keep"
"""The keys of Kruskal's two answers: the wall goes, or it stays."""
MOST_PLACES = 7
"""Cells offered for where a retreat goes back to: the nearest on the stack and the answer."""


def listing(cells: Iterable[Cell], label: Label, most: int = 12) -> str:
    """'(0,1), (1,2)', or 'none'; a long list ends with '…' after `most` cells."""
    words = [label(cell) for cell in islice(cells, most + 1)]
    if len(words) > most:
        words[most:] = ["…"]
    return ", ".join(words) if words else _("none")


def places(stack: Sequence[Cell], expected: Cell, label: Label, end_words: str) -> tuple[Choice, ...]:
    """The cells a retreat may go back to, nearest first (the answer among them), then 'none'."""
    deepest = len(stack) - 2
    offered = [stack[place] for place in range(deepest, max(-1, deepest - MOST_PLACES + 1), -1)]
    if expected != END and expected not in offered:
        offered.append(expected)
    choices = [Choice(cell, label(cell)) for cell in offered]
    return (*choices, Choice(END, end_words))


class CarveRules:
    """Carving by a generator that grows from a cell into a random unvisited neighbour.

    The backtracker (the square maze's and every shape's), growing tree and hunt-and-kill's walk carve
    this way; `stacked` adds the backtracker's retreat: a Pop pops its stack, and the step asks where
    carving goes on. `knock_lines` are the pseudocode lines of such a Carve (a join or a hunt is not one).
    """

    def __init__(
        self,
        neighbours: Callable[[Any], Sequence[Cell]],
        label: Label,
        knock_lines: Collection[int],
        *,
        stacked: bool = True,
        visited: Iterable[Cell] = (),
    ) -> None:
        self.neighbours = neighbours
        self.label = label
        self.knock_lines = frozenset(knock_lines)
        self.stacked = stacked
        self.visited: set[Cell] = set(visited)
        self.stack: list[Cell] = []
        self.popping = False  # the last event was a Pop: a retreat already asked about

    def apply(self, event: Any) -> None:
        """Follow the visited cells and the stack."""
        kind = type(event)
        self.popping = kind is Pop
        if kind is Push:
            self.visited.add(event.what)
            if self.stacked:
                self.stack.append(event.what)
        elif kind is Visit:
            self.visited.add(event.where)
        elif kind is Carve:
            self.visited.add(event.other)
            if self.stacked and event.line in self.knock_lines:
                self.stack.append(event.other)
        elif kind is Pop and self.stack and self.stack[-1] == event.node:
            self.stack.pop()

    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """Before a carve from a cell, and (backtracker) before the first Pop of a retreat."""
        event = ahead[0]
        kind = type(event)
        if kind is Carve and event.line in self.knock_lines:
            return self._carve_step(ahead, event, index)
        if kind is Pop and self.stacked and not self.popping and self.stack:
            return self._back_step(ahead, index)
        return None

    @worded
    def _carve_step(self, ahead: Ahead, event: Any, index: int) -> Step:
        """Which neighbours of the cell can be carved? Those not yet visited; the seed's order picks one."""
        cell = event.cell
        near = list(dict.fromkeys(self.neighbours(cell)))
        free = [other for other in near if other not in self.visited]
        taken = [other for other in near if other in self.visited]
        order = [event.other, *self._later_carves(ahead, cell)]
        if len(order) > 1:
            words = _(
                "Carving goes from {cell} into a neighbour not yet visited: {free} (already visited: "
                "{taken}). The seed drew the order {cell} tries them in: it carves {order}, in that order."
            )
        else:
            words = _(
                "Carving goes from {cell} into a neighbour not yet visited: {free} (already visited: "
                "{taken}). The seed drew the order {cell} tries them in: it carves {order}."
            )
        explanation = words.format(
            cell=self.label(cell),
            free=listing(free, self.label),
            taken=listing(taken, self.label),
            order=" → ".join(self.label(other) for other in order),
        )
        return Step(
            index,
            "carve.next",
            DECISION,
            _("Which cells can be carved next from {cell}?").format(cell=self.label(cell)),
            tuple(Choice(other, self.label(other)) for other in near),
            frozenset(free),
            explanation,
            hints=(_("Carving never enters a cell twice."), _("A visited cell is part of the maze already.")),
            multiple=True,
        )

    def _later_carves(self, ahead: Ahead, cell: Cell, limit: int = 600) -> list[Cell]:
        """The cells `cell` carves into after this one, until it leaves the stack (read from the events)."""
        later = []
        for offset in range(1, limit):
            event = ahead[offset]
            if event is None or (type(event) is Pop and event.node == cell):
                break
            if type(event) is Carve and event.cell == cell and event.line in self.knock_lines:
                later.append(event.other)
        return later

    @worded
    def _back_step(self, ahead: Ahead, index: int) -> Step:
        """The top cell is stuck: from which cell on the stack does carving go on (or does it stop)?"""
        span = 0
        while type(ahead[span]) is Pop:
            span += 1
        after = ahead[span]
        going_on = type(after) is Carve and after.line in self.knock_lines
        expected = after.cell if going_on else END
        stuck = self.stack[-1]
        if going_on:
            free = [c for c in self.neighbours(expected) if c not in self.visited]
            why = _(
                "The backtracker pops the stack until the cell on top has an unvisited neighbour: {cell} "
                "(beside {free})."
            ).format(cell=self.label(expected), free=listing(free, self.label))
        else:
            why = _("No cell on the stack has an unvisited neighbour: the stack empties and carving stops.")
        return Step(
            index,
            "carve.back",
            BACKTRACK,
            _("{cell} has no unvisited neighbour. From which cell does carving go on?").format(
                cell=self.label(stuck)
            ),
            places(self.stack, expected, self.label, _("none: the stack empties")),
            expected,
            why,
            span=span,
            hints=(_("Backing up pops the stack one cell at a time."),),
        )


class PrimRules:
    """Prim's algorithm, simplified: a random frontier cell joins the maze through a neighbour inside it."""

    def __init__(self, neighbours: Callable[[Any], Sequence[Cell]], label: Label) -> None:
        self.neighbours = neighbours
        self.label = label
        self.inside: set[Cell] = set()
        self.frontier: dict[
            Cell, None
        ] = {}  # in the order cells joined it (a dict: found and removed at once)

    def apply(self, event: Any) -> None:
        """A Visit starts the maze, a Carve brings a frontier cell in; their neighbours join the frontier."""
        kind = type(event)
        if kind is Visit:
            self._bring_in(event.where)
        elif kind is Carve:
            self._bring_in(event.other)

    def _bring_in(self, cell: Cell) -> None:
        """`cell` is in the maze; its neighbours outside join the frontier."""
        self.inside.add(cell)
        self.frontier.pop(cell, None)
        for other in self.neighbours(cell):
            if other not in self.inside:
                self.frontier.setdefault(other)

    @worded
    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """Before every Carve: the seed picked a frontier cell; which of its neighbours join the frontier?

        Not 'which cell joins', a draw of the seed, nor 'which cells are on the frontier', which the
        picture draws: the step is the rule that grows the frontier.
        """
        event = ahead[0]
        if type(event) is not Carve:
            return None
        cell = event.other
        near = list(dict.fromkeys(self.neighbours(cell)))
        joining = [other for other in near if other not in self.inside and other not in self.frontier]
        inside = [other for other in near if other in self.inside]
        waiting = [other for other in near if other in self.frontier]
        explanation = _(
            "{cell} joins the maze through {through}. Its neighbours not in the maze and not on the "
            "frontier join the frontier: {joining}. Already in the maze: {inside}; already on the "
            "frontier: {waiting}."
        ).format(
            cell=self.label(cell),
            through=self.label(event.cell),
            joining=listing(joining, self.label),
            inside=listing(inside, self.label),
            waiting=listing(waiting, self.label),
        )
        return Step(
            index,
            "prim.frontier",
            DECISION,
            _("The seed picks {cell} from the frontier. Which cells join the frontier with it?").format(
                cell=self.label(cell)
            ),
            tuple(Choice(other, self.label(other)) for other in near),
            frozenset(joining),
            explanation,
            hints=(_("The frontier is every cell beside the maze that is not in it yet."),),
            multiple=True,
        )


class KruskalRules:
    """Randomised Kruskal: the walls come up in a shuffled order; each one goes only if it joins two sets."""

    def __init__(self, label: Label) -> None:
        self.label = label
        self.parent: dict[Cell, Cell] = {}
        self.size: dict[Cell, int] = {}

    def root(self, cell: Cell) -> Cell:
        """The set `cell` belongs to, named by one of its cells."""
        while self.parent.get(cell, cell) != cell:
            cell = self.parent[cell]
        return cell

    def set_size(self, cell: Cell) -> int:
        """How many cells the set of `cell` holds."""
        return self.size.get(self.root(cell), 1)

    def apply(self, event: Any) -> None:
        """A knocked-down wall merges two sets."""
        if type(event) is Carve:
            a, b = self.root(event.cell), self.root(event.other)
            if a != b:
                self.parent[a] = b
                self.size[b] = self.size.get(b, 1) + self.size.get(a, 1)

    @worded
    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """Before each wall the shuffled order brings up: knock it down, or keep it?"""
        event = ahead[0]
        if type(event) is Carve:
            a, b = event.cell, event.other
        elif type(event) is Note and isinstance(event.what, tuple) and len(event.what) == 2:
            a, b = event.what
        else:
            return None
        knocked = type(event) is Carve
        words = {"a": self.label(a), "b": self.label(b)}
        if knocked:
            why = _(
                "{a} and {b} are in different sets ({left} and {right} cells): no passage joins them yet, so "
                "the wall goes and the two sets merge."
            ).format(left=self.set_size(a), right=self.set_size(b), **words)
        else:
            why = _(
                "{a} and {b} are in the same set of {count} cells: passages already join them, and knocking "
                "the wall down would make a loop."
            ).format(count=self.set_size(a), **words)
        return Step(
            index,
            "kruskal.wall",
            DECISION,
            _("The next wall in the shuffled order is {a} | {b}. What does Kruskal do?").format(**words),
            (
                Choice(KNOCK, _("knock it down: it joins two sets")),
                Choice(KEEP, _("keep it: a loop would form")),
            ),
            KNOCK if knocked else KEEP,
            why,
            hints=(_("Follow the passages carved so far: can you walk from one cell to the other?"),),
        )


class WalkRules:
    """A backtracking walk (the maze solver on any shape, the rooms' CheckRoom): the corridor it takes
    next, and where it backs up to from a dead end.

    `open_near(cell)` lists a cell's corridors in the order the walk tries them; `try_line` is the
    pseudocode line of the Note that tries a corridor ((cell, next)); `rule` says that order in words (a
    message marked with N_, translated where it is shown).
    """

    def __init__(
        self,
        open_near: Callable[[Any], Sequence[Cell]],
        label: Label,
        try_line: int,
        rule: str,
        *,
        rooms: bool = False,
    ) -> None:
        self.open_near = open_near
        self.rooms = rooms
        self.label = label
        self.try_line = try_line
        self.rule = rule
        self.visited: set[Cell] = set()
        self.path: list[Cell] = []
        self.last: type | None = None  # the kind of the last event

    def apply(self, event: Any) -> None:
        """Follow the path and the visited cells."""
        kind = type(event)
        if kind is Push:
            self.visited.add(event.what)
            self.path.append(event.what)
        elif kind is Visit:
            self.visited.add(event.where)
        elif kind is Pop and self.path:
            self.path.pop()
        self.last = kind

    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """Before a cell's first try of a corridor, and before the first dead end of a retreat."""
        event = ahead[0]
        kind = type(event)
        if not self.path:
            return None
        if kind is Note and isinstance(event.what, tuple) and self.last in (Push, Visit, Pop):
            return self._next_step(ahead, index)
        if kind is DeadEnd and self.last is not Pop:
            return self._back_step(ahead, index)
        return None

    def _forward(self, ahead: Ahead) -> int | None:
        """The offset of the next try that leads to an unvisited cell: the walk moves on there."""

        def moves_on(event: Any) -> bool:
            return type(event) is Note and event.line == self.try_line and event.what[1] not in self.visited

        return ahead.find(moves_on)

    @worded
    def _next_step(self, ahead: Ahead, index: int) -> Step | None:
        """Which cell does the walk enter next from the cell it is in?"""
        offset = self._forward(ahead)
        if offset is None or ahead[offset].what[0] != self.path[-1]:
            return None
        here, there = ahead[offset].what
        corridors = list(self.open_near(here))
        free = [cell for cell in corridors if cell not in self.visited]
        tried = ", ".join(
            _("{cell} (visited)").format(cell=self.label(cell)) if cell in self.visited else self.label(cell)
            for cell in corridors
        )
        detail = _("From {cell}: {tried}; the first not yet visited is {next}.").format(
            cell=self.label(here), tried=tried, next=self.label(there)
        )
        return Step(
            index,
            "walk.next",
            DECISION,
            self._question(here),
            tuple(Choice(cell, self.label(cell)) for cell in free),
            there,
            f"{_(self.rule)} {detail}",
            span=offset + 1,
            hints=(_(self.rule), _("A visited cell is never entered twice.")),
        )

    def _question(self, here: Cell) -> str:
        """Which cell (or room) comes next?"""
        if self.rooms:
            return _("From {cell}, which room does the walk enter next?").format(cell=self.label(here))
        return _("From {cell}, which cell does the walk enter next?").format(cell=self.label(here))

    @worded
    def _back_step(self, ahead: Ahead, index: int) -> Step:
        """A dead end: back to which cell on the path does the walk go to try another corridor?"""
        offset = self._forward(ahead)
        last_pop, probe = 0, 0
        while (event := ahead[probe]) is not None and (offset is None or probe < offset):
            if type(event) is Pop:
                last_pop = probe
            probe += 1
        expected = END if offset is None else ahead[offset].what[0]
        dead = self.path[-1]
        if offset is None:
            why = _(
                "Dead end at {cell}, and no place on the path has a corridor left to try: the goal cannot "
                "be reached."
            ).format(cell=self.label(dead))
        else:
            why = _(
                "Dead end at {cell}: the walk backs up its path to the nearest place with a corridor not "
                "yet tried: {back} (to {next})."
            ).format(cell=self.label(dead), back=self.label(expected), next=self.label(ahead[offset].what[1]))
        if self.rooms:
            question = _("Dead end in {cell}. Back to which room does the walk go?")
        else:
            question = _("Dead end at {cell}. Back to which cell does the walk go?")
        return Step(
            index,
            "walk.back",
            BACKTRACK,
            question.format(cell=self.label(dead)),
            places(self.path, expected, self.label, _("none: there is no way to the goal")),
            expected,
            why,
            span=last_pop + 1,
            hints=(_("Backing up retraces the path, one cell at a time."),),
        )


class HuntRules(CarveRules):
    """Hunt-and-kill: its walk carves like the backtracker; when stuck, the hunt scans for the first new
    cell beside the maze."""

    def __init__(
        self, neighbours: Callable[[Any], Sequence[Cell]], label: Label, cells: int, knock: int, hunt: int
    ) -> None:
        super().__init__(neighbours, label, (knock,), stacked=False)
        self.cells = cells
        self.hunt_line = hunt

    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """Before a carve of the walk, and before the hunt's find."""
        event = ahead[0]
        found = ahead[1]
        if getattr(event, "line", None) == self.hunt_line and type(found) is Carve:
            return self._hunt_step(found.other, index)
        return super().pose(ahead, index)

    def _beside(self, cell: int) -> bool:
        """A new cell with a neighbour in the maze: the hunt could join it."""
        return cell not in self.visited and any(other in self.visited for other in self.neighbours(cell))

    @worded
    def _hunt_step(self, found: int, index: int) -> Step:
        """Which cell does the hunt find? The first, in the scan's order, that is new and beside the maze."""
        earlier = islice((cell for cell in range(found - 1, -1, -1) if cell in self.visited), 2)
        later = islice((cell for cell in range(found + 1, self.cells) if self._beside(cell)), MOST_PLACES - 3)
        offered = sorted({found, *earlier, *later})
        return Step(
            index,
            "hunt.found",
            DECISION,
            _("The walk is stuck. Which cell does the hunt find?"),
            tuple(Choice(cell, self.label(cell)) for cell in offered),
            found,
            _(
                "The hunt scans the cells in order from the first one: the first cell not in the maze "
                "with a neighbour in it is {cell}."
            ).format(cell=self.label(found)),
            span=2,
            hints=(_("The hunt always scans the cells in the same order, from the first one."),),
        )


def shape_carve_rules(graph: Any, name: str) -> CarveRules | PrimRules | KruskalRules | None:
    """The rules of generator `name` on a cell graph; None for one whose every choice is a fresh random draw
    (Wilson, Aldous-Broder, Eller) or that is not a maze generator (the shared-state bug)."""
    from solvers.mazes import generators as gen

    near, label = graph.adjacency.__getitem__, graph.label
    if name == "backtracker":
        return CarveRules(near, label, (gen.BT_KNOCK,))
    if name == "growing-tree":
        return CarveRules(near, label, (gen.GT_KNOCK,), stacked=False)
    if name == "hunt-and-kill":
        return HuntRules(near, label, graph.size, gen.HK_KNOCK, gen.HK_HUNT)
    if name == "prim":
        return PrimRules(near, label)
    if name == "kruskal":
        return KruskalRules(label)
    return None


def shape_walk_rules(graph: Any, open_near: Sequence[Sequence[int]]) -> WalkRules:
    """The solver on a cell graph's corridors (each cell's, in the graph's order of sides)."""
    from solvers.mazes.walk import LINE_SOLVE_TRY

    rule = N_("The solver tries a cell's corridors in one fixed order, the order of its sides.")
    return WalkRules(open_near.__getitem__, graph.label, LINE_SOLVE_TRY, rule)


def square_carve_rules(maze: Any) -> CarveRules:
    """The square maze's backtracker (`solvers.maze.carve_rest`): cells are flat ids row * width + col, and
    the cells already open when it starts count as visited.

    A cell's neighbours are worked out when a step asks (`graph.square_near`), not read from a `square`
    cell graph: that graph holds a tuple of Python ints per cell, 244 MB for 1000 x 1000 built in one
    frame (bench/soak.py saw a frame raise the app's peak by 839 MB when exercise mode renewed on a new
    run of that size).
    """
    from solvers.mazes.carving import LINE_CARVE_KNOCK
    from solvers.mazes.graph import square_near

    width, height = maze.width, maze.height
    opened = maze.opened().ravel().nonzero()[0].tolist()

    def near(cell: int) -> tuple[int, ...]:
        return square_near(width, height, cell)

    return CarveRules(near, square_label(width), (LINE_CARVE_KNOCK,), visited=opened)


def square_label(width: int) -> Label:
    """How the log names a W-wide square maze's flat cell ids: row * width + col as '(row,col)'."""

    def label(cell: int) -> str:
        return "({},{})".format(*divmod(cell, width))

    return label


def square_walk_rules(maze: Any) -> WalkRules:
    """The square maze's solver (`solvers.maze.solve`): cells are flat ids row * width + col."""
    from solvers.maze import corridors
    from solvers.mazes.walk import LINE_SOLVE_TRY

    rule = N_("The solver tries a cell's corridors in the order right, down, left, up.")
    return WalkRules(corridors(maze), square_label(maze.width), LINE_SOLVE_TRY, rule)


def rooms_rules(corridors: Sequence[tuple[str, str]]) -> WalkRules:
    """The text's CheckRoom on the rooms maze: rooms named as the text names them."""
    from solvers.maze import LINE_ROOMS_TRY, room_corridors

    links = room_corridors(corridors)

    def label(room: str) -> str:
        return _("room {room}").format(room=room)

    rule = N_("Each room tries its corridors in the order the text lists them.")
    return WalkRules(lambda room: links.get(room, ()), label, LINE_ROOMS_TRY, rule, rooms=True)
