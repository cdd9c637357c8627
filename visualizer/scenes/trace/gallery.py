"""The gallery of classics the "Your code" screen offers: which file, function and arguments.

The files are in `assets/gallery/`, readable and editable; an example with a
`twin` runs it side by side with the first (naive beside memoized,
recursion beside its loop), with the same arguments.  No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from solvers.i18n import N_
from visualizer.assets import asset


@dataclass(frozen=True, slots=True)
class Example:
    """One gallery item: a title, a file of assets/gallery, the function, its arguments (literals)."""

    title: str  # marked with N_, translated where shown
    file: str
    func: str
    args: tuple[str, ...]
    twin: str | None = None
    depth: int | None = None  # a depth cap of its own (Ackermann meets it)
    grid: str | None = None  # the file's grid the student paints (the arguments come from it)

    @property
    def path(self) -> Path:
        """Where the example's file is."""
        return gallery_dir() / self.file


def gallery_dir() -> Path:
    """assets/gallery: installed, else beside this checkout (an install of an older checkout lacks it)."""
    installed = asset("gallery")
    return installed if installed.is_dir() else Path(__file__).resolve().parents[3] / "assets" / "gallery"


EXAMPLES: tuple[Example, ...] = (
    Example(N_("fibonacci: naive beside memoized"), "fibonacci.py", "fib", ("7",), twin="fib_memo"),
    Example(N_("permutations"), "permutations.py", "permutations", ("[1, 2, 3]",)),
    Example(N_("subsets"), "subsets.py", "subsets", ("['a', 'b', 'c']",)),
    Example(N_("merge sort"), "merge_sort.py", "merge_sort", ("[5, 2, 8, 1, 9, 3, 7, 4]",)),
    Example(
        N_("binary search beside its loop"),
        "binary_search.py",
        "binary_search",
        ("[1, 3, 4, 6, 8, 9, 11, 14, 17]", "11"),
        twin="binary_search_loop",
    ),
    Example(N_("flood fill on a grid you paint"), "flood_fill.py", "flood_fill", (), grid="GRID"),
    Example(N_("Ackermann: the depth explodes"), "ackermann.py", "ackermann", ("3", "5"), depth=120),
    Example(
        N_("sum of a list beside its loop"), "sum_list.py", "sum_list", ("[3, 1, 4, 1, 5]",), twin="sum_loop"
    ),
    Example(
        N_("palindrome beside its loop"),
        "palindrome.py",
        "is_palindrome",
        ("'racecar'",),
        twin="is_palindrome_loop",
    ),
    Example(N_("Towers of Hanoi, moves recorded"), "hanoi.py", "hanoi", ("3",)),
    Example(N_("a nested list walked by a generator"), "generators.py", "leaves", ("[1, [2, [3, 4]], 5]",)),
)
