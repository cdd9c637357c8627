"""The house drawn from its imports: floors, the imports between them, and any circle.

    python tools/house.py                 # the floors and what each imports from the floors below
    python tools/house.py --png FILE      # the drawing (README's "How it is built")

The import graph is read from the source (ast), TYPE_CHECKING imports included, so a circle for types
counts as one.  tests/test_architecture.py loads this file to check that the graph has no circle and that
no module imports from a floor above its own.
"""

from __future__ import annotations

import argparse
import ast
import itertools
import os
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
TOPS = ("solvers", "visualizer")


class Floor(NamedTuple):
    """A floor of the house: its name, what lives there, and the modules (glob patterns) that make it."""

    name: str
    role: str
    patterns: tuple[str, ...]


FLOORS = (
    Floor(
        "algorithms",
        "event generators and their rules: no pygame, no command line",
        ("solvers", "solvers.*"),
    ),
    Floor(
        "exercises",
        "the grading engine, each domain's rules read from the events, the results files",
        ("solvers.exercise", "solvers.exercise.*", "solvers.classroom"),
    ),
    Floor(
        "command line",
        "python -m solvers: one module per subcommand",
        (
            "solvers.cli",
            "solvers.*.cli",
            "solvers.commands",
            "solvers.commands.*",
            "solvers.__main__",
        ),
    ),
    Floor(
        "parts",
        "the player, the theme, widgets, trees and cameras every screen shares",
        ("visualizer", "visualizer.*"),
    ),
    Floor(
        "demos",
        "one package per demo: a model, a controller, views drawn from frozen looks",
        ("visualizer.scenes", "visualizer.scenes.*"),
    ),
    Floor(
        "screens",
        "the demo screen (shell), home, lessons, exercise mode, the class session",
        (
            "visualizer.shell",
            "visualizer.appkeys",
            "visualizer.home",
            "visualizer.demos",
            "visualizer.progress",
            "visualizer.lesson",
            "visualizer.lessonrow",
            "visualizer.authoring",
            "visualizer.presenterview",
            "visualizer.handout",
            "visualizer.exercisemode",
            "visualizer.classmode",
            "visualizer.classroom",
            "visualizer.classroom.*",
        ),
    ),
    Floor(
        "app",
        "the window and its loop: builds every screen and hands each what it asks",
        ("visualizer.app", "visualizer.__main__"),
    ),
)
"""Bottom to top.  A module's floor is the highest floor with a pattern naming it: the most specific wins."""


def module_name(path: Path, root: Path = ROOT) -> str:
    """The dotted name `path` is imported by (a package's __init__.py is the package)."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_from(node: ast.ImportFrom, package: str) -> str:
    """The absolute name of the module a `from ... import` reads (a relative one resolved in `package`)."""
    base = package.rsplit(".", node.level - 1)[0] if node.level else ""
    return ".".join(part for part in (base, node.module or "") if part)


def import_statements(path: Path, root: Path = ROOT) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Each import in `path`, at any depth, as (module, names): `import a.b` is (a.b, ()), and
    `from x import y, z` is (x, (y, z)), a relative one resolved."""
    package = ".".join(path.parent.relative_to(root).parts)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from ((alias.name, ()) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            yield imported_from(node, package), tuple(alias.name for alias in node.names)


def imports_among(path: Path, modules: set[str], root: Path = ROOT) -> set[str]:
    """The `modules` that `path` imports, at any depth; `from package import module` names the module only."""
    found: set[str] = set()
    for module, names in import_statements(path, root):
        named = {f"{module}.{name}" if f"{module}.{name}" in modules else module for name in names}
        found |= named or {module}
    return found & modules


def import_graph(tops: Iterable[str] = TOPS, root: Path = ROOT) -> dict[str, set[str]]:
    """Each module under `tops` -> the modules of `tops` it imports, at any depth, TYPE_CHECKING included."""
    paths = {module_name(path, root): path for top in tops for path in (root / top).rglob("*.py")}
    return {name: imports_among(path, set(paths), root) - {name} for name, path in paths.items()}


def floor_of(module: str) -> int:
    """The number of `module`'s floor (0 at the bottom)."""
    matching = [n for n, floor in enumerate(FLOORS) if any(fnmatchcase(module, p) for p in floor.patterns)]
    if not matching:
        raise ValueError(f"{module} is on no floor")
    return max(matching)


def upward(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Imports that reach a floor above the importer's: (importer, imported)."""
    return sorted((a, b) for a, targets in graph.items() for b in targets if floor_of(b) > floor_of(a))


def floor_counts(graph: dict[str, set[str]]) -> tuple[Counter[int], Counter[tuple[int, int]]]:
    """Modules per floor, and imports from floor to floor."""
    modules = Counter(floor_of(module) for module in graph)
    links = Counter((floor_of(a), floor_of(b)) for a, targets in graph.items() for b in targets)
    return modules, links


def describe(graph: dict[str, set[str]]) -> str:
    """The floors as text, top first: modules, role, and the imports to each floor below."""
    modules, links = floor_counts(graph)
    lines = []
    for number in reversed(range(len(FLOORS))):
        floor = FLOORS[number]
        below = ", ".join(
            f"{FLOORS[b].name} {links[number, b]}" for b in reversed(range(number + 1)) if links[number, b]
        )
        lines.append(f"{floor.name:13} {modules[number]:3} modules  {floor.role}")
        lines.append(f"{'':13} imports: {below or 'nothing of the house'}")
    return "\n".join(lines)


def draw(graph: dict[str, set[str]], path: Path) -> None:
    """The house as a building: a band per floor, top floor first, each with what it imports from below."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import pygame

    from visualizer import theme as th
    from visualizer.theme import Theme

    pygame.font.init()
    theme, (width, band, gap) = Theme(), (1180, 96, 14)
    modules, links = floor_counts(graph)
    surface = pygame.Surface((width, 96 + len(FLOORS) * (band + gap)))
    surface.fill(th.BACKGROUND)
    edges = sum(links.values())
    title = f"The house: {len(graph)} modules on {len(FLOORS)} floors, {edges} imports"
    surface.blit(theme.text(title, "title", th.INK, "bold"), (gap * 2, 18))
    rule = f"imports go down or along a floor: {len(upward(graph))} go up, {len(circles(graph))} circles"
    legend = theme.text(rule + "   |   blue: solvers/ (no pygame)   orange: visualizer/", "body", th.MUTED)
    surface.blit(legend, (gap * 2, 54))
    for row, number in enumerate(reversed(range(len(FLOORS)))):
        box = pygame.Rect(gap * 2, 90 + row * (band + gap), width - gap * 4, band)
        draw_floor(surface, theme, box, number, modules[number], links, members(graph, number))
    pygame.image.save(surface, str(path))


def members(graph: dict[str, set[str]], number: int) -> str:
    """A floor's packages and modules by their short names (a scene package once), for the drawing."""
    names = dict.fromkeys(
        module.split(".")[2 if module.startswith("visualizer.scenes.") else 1]
        for module in sorted(graph)
        if floor_of(module) == number and module.count(".") >= 1
    )
    return " ".join(name for name in names if name not in ("base", "scenes", "__main__"))


def draw_floor(
    surface: Any,
    theme: Any,
    box: Any,
    number: int,
    modules: int,
    links: Counter[tuple[int, int]],
    names: str,
) -> None:
    """One floor's band: its name, role and members at the left, the floors it imports from at the right."""
    import pygame

    from visualizer import theme as th

    side = th.SKY if FLOORS[number].patterns[0].startswith("solvers") else th.ORANGE
    pygame.draw.rect(surface, th.PANEL, box, border_radius=8)
    pygame.draw.rect(
        surface, side, (box.x, box.y, 10, box.h), border_top_left_radius=8, border_bottom_left_radius=8
    )
    pygame.draw.rect(surface, th.PANEL_EDGE, box, 1, border_radius=8)
    name = theme.text(f"{FLOORS[number].name} ({modules})", "large", th.INK, "bold")
    surface.blit(name, (box.x + 24, box.y + 14))
    role = theme.text(FLOORS[number].role, "small", th.MUTED)
    surface.blit(role, (box.x + 24, box.y + 20 + name.get_height()))
    room, mono = box.w - 48, theme.text(names, "tiny", th.BLUE, "mono")
    if mono.get_width() > room:
        mono = mono.subsurface((0, 0, room, mono.get_height()))
    surface.blit(mono, (box.x + 24, box.bottom - 24))
    below = [f"{FLOORS[b].name} {links[number, b]}" for b in reversed(range(number)) if links[number, b]]
    words = theme.text("imports from: " + (", ".join(below) or "its own floor only"), "small", th.INK)
    surface.blit(words, (box.right - words.get_width() - 16, box.y + 16))


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles (modules that reach themselves), each as one cycle found; none in a sound house."""
    import graphlib

    found: list[list[str]] = []
    remaining = {module: set(targets) for module, targets in graph.items()}
    while True:
        try:
            graphlib.TopologicalSorter(remaining).prepare()
            return found
        except graphlib.CycleError as error:
            cycle = error.args[1]
            found.append(cycle)
            for a, b in itertools.pairwise(cycle):  # break it where it closes, whichever way it was read
                remaining[a].discard(b)
                remaining[b].discard(a)


def main(argv: list[str] | None = None) -> int:
    """Print the floors (and any circle or upward import); draw them with --png."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--png", type=Path, help="write the drawing to this PNG file")
    args = parser.parse_args(argv)
    graph = import_graph()
    print(describe(graph))
    wrong = upward(graph)
    for importer, imported in wrong:
        print(f"upward: {importer} imports {imported}")
    for cycle in circles(graph):
        print("circle: " + " -> ".join(cycle))
    if args.png:
        draw(graph, args.png)
    return 1 if wrong or circles(graph) else 0


if __name__ == "__main__":
    sys.exit(main())
