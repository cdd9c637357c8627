"""The house rules that keep the flow one way: solvers and models know nothing of pixels."""

from __future__ import annotations

import ast
import graphlib
import importlib.metadata
import importlib.util
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCENES = ROOT / "visualizer" / "scenes"
DEMO_PACKAGES = sorted(p.name for p in SCENES.iterdir() if (p / "__init__.py").exists())
PENDING: set[str] = set()
"""Demos whose package is being split into model, views and controller (strict: passing fails)."""


def demo_params(pending_here: set[str] = PENDING) -> list[object]:
    """Every demo package, the pending ones expected to fail."""
    pending = pytest.mark.xfail(reason="package split in progress", strict=True)
    return [pytest.param(name, marks=pending) if name in pending_here else name for name in DEMO_PACKAGES]


def loads_pygame(*modules: str) -> bool:
    """Import `modules` in a fresh interpreter; True if pygame got loaded."""
    code = "import importlib, sys\n"
    code += "".join(f"importlib.import_module({m!r})\n" for m in modules)
    code += "print('pygame' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120, check=True
    )
    return done.stdout.strip() == "True"


def test_solvers_player_and_every_model_are_free_of_pygame() -> None:
    """`solvers`, the player, the history, the tree and every scene model import without pygame."""
    models = [
        f"visualizer.scenes.{name}.model" for name in DEMO_PACKAGES if (SCENES / name / "model.py").exists()
    ]
    shared = [
        "solvers",
        "solvers.__main__",
        "visualizer.player",
        "visualizer.history",
        "visualizer.tree",
        "visualizer.calltree",
        "visualizer.searchtree",
        "visualizer.classroom.server",
        "solvers.classroom",
    ]
    assert not loads_pygame(*shared, *models)


@pytest.mark.parametrize("name", demo_params())
def test_every_demo_package_has_a_model_and_a_controller(name: str) -> None:
    """One shape for every demo: model.py (no pygame) and demo.py (the controller)."""
    folder = SCENES / name
    assert (folder / "model.py").is_file() and (folder / "demo.py").is_file()


def test_every_package_is_installed() -> None:
    """pyproject lists every package under solvers/ and visualizer/ (else `pip install .` leaves one out)."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("solvers", "visualizer")
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert found <= listed, f"not in pyproject's packages: {sorted(found - listed)}"


EXTRAS_ONLY = {"imageio_ffmpeg": "video"}
"""Modules the app imports only when asked (MP4 recording), from an optional extra."""


def imported_modules(*tops: str) -> set[str]:
    """The top-level names every module under `tops` imports (absolute imports only)."""
    found = set()
    for top in tops:
        for file in (ROOT / top).rglob("*.py"):
            for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    found |= {alias.name.partition(".")[0] for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    found.add(node.module.partition(".")[0])
    return found


def test_every_third_party_import_is_a_dependency() -> None:
    """`pip install .` brings everything the app and the command line import (PDF worksheets included)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    required = {re.split(r"[<>=\[ ;]", spec, maxsplit=1)[0].lower() for spec in project["dependencies"]}
    owners = importlib.metadata.packages_distributions()
    ours = {"solvers", "visualizer", "unwind_assets"}
    third_party = imported_modules("solvers", "visualizer") - set(sys.stdlib_module_names) - ours
    missing = {
        name: owners.get(name, [name])
        for name in third_party - set(EXTRAS_ONLY)
        if not {dist.lower() for dist in owners.get(name, [name])} & required
    }
    assert not missing, f"imported but not in pyproject's dependencies: {missing}"
    assert all(extra in project["optional-dependencies"] for extra in EXTRAS_ONLY.values())


@pytest.mark.parametrize("name", demo_params(set()))
def test_scenes_do_not_import_the_app_or_benchmarks(name: str) -> None:
    """A scene never reaches up into the app window or into bench/ helpers."""
    offenders = [
        path.name
        for path in (SCENES / name).rglob("*.py")
        if "visualizer.app" in path.read_text() or "import bench" in path.read_text()
    ]
    assert offenders == []


def imports_of(path: Path) -> set[str]:
    """Every module `path` imports, written out in full (`from x import y` gives x and x.y), at any depth."""
    found: set[str] = set()
    for module, names in HOUSE.import_statements(path):
        found |= {module} | {f"{module}.{name}" for name in names}
    return found


@pytest.mark.parametrize("name", demo_params(set()))
def test_only_the_controller_imports_the_controller(name: str) -> None:
    """Views, layouts and helpers of a scene never import its demo.py, not even for types (TYPE_CHECKING).

    A view draws from frozen data the controller builds each frame (a "look"), the model, the
    layout and the theme; a helper that calls the controller takes a small protocol.
    """
    controller = f"visualizer.scenes.{name}.demo"
    offenders = [
        path.name
        for path in sorted((SCENES / name).rglob("*.py"))
        if path.name != "demo.py" and controller in imports_of(path)
    ]
    assert offenders == []


CLI_SIDE = {"__main__.py"}
"""Modules of `solvers/` that may use the command line's plumbing besides `solvers/commands/` and the
packages' `cli.py`: the entry point (`--jobs`/`--scheduler` are `commands/jobs.py`, the counting they
run is `parallel.py`, which knows nothing of the command line)."""


COMMAND_LINE = (["solvers", "cli"], ["solvers", "commands"])


def test_algorithm_modules_import_nothing_of_the_command_line() -> None:
    """`solvers.cli` is for `solvers/commands/` and the packages' `cli.py`, never for an algorithm."""
    solvers = ROOT / "solvers"
    algorithms = [
        path
        for path in solvers.rglob("*.py")
        if path.name != "cli.py"
        and "commands" not in path.relative_to(solvers).parts
        and str(path.relative_to(solvers)) not in CLI_SIDE
    ]
    leaning = [
        str(path.relative_to(ROOT))
        for path in algorithms
        if any(name.split(".")[:2] in COMMAND_LINE for name in imports_of(path))
    ]
    assert leaning == []


def load_house() -> Any:
    """tools/house.py as a module (tools/ is not a package): the import graph and the floors."""
    spec = importlib.util.spec_from_file_location("house", ROOT / "tools" / "house.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HOUSE = load_house()
module_name = HOUSE.module_name


def test_no_import_circle_at_run_time_or_for_types() -> None:
    """No module of solvers/ or visualizer/ reaches itself through its imports, types-only ones included.

    The house has floors: a screen or layer is handed what it needs of the app (visualizer/screens.py),
    a demo what it needs of its shell (`scenes.base.DemoHost`), a view its frozen look; nothing reaches up.
    """
    try:
        graphlib.TopologicalSorter(HOUSE.import_graph()).prepare()
    except graphlib.CycleError as error:
        pytest.fail("import circle: " + " -> ".join(error.args[1]))


def test_no_module_imports_from_a_floor_above_its_own() -> None:
    """The floors of tools/house.py (algorithms, exercises, command line; parts, demos, screens, app): an
    import goes down or along, so an algorithm never needs the command line nor a demo a screen."""
    assert HOUSE.upward(HOUSE.import_graph()) == []


def test_the_house_finds_a_circle_and_an_upward_import_when_there_is_one() -> None:
    """The checks above can fail: a graph with a circle and a part that imports a screen."""
    graph = {"visualizer.player": {"visualizer.shell"}, "visualizer.shell": {"visualizer.player"}}
    assert HOUSE.upward(graph) == [("visualizer.player", "visualizer.shell")]
    assert [sorted(cycle) for cycle in HOUSE.circles(graph)] == [
        ["visualizer.player", "visualizer.player", "visualizer.shell"]
    ]


def importers_of(module: str, top: str = "visualizer") -> list[str]:
    """The modules under `top` that import `module`, at any depth, TYPE_CHECKING included."""
    return sorted(module_name(path) for path in (ROOT / top).rglob("*.py") if module in imports_of(path))


def test_nothing_below_the_app_imports_it_and_no_scene_imports_the_shell() -> None:
    """Only the entry point imports the app, and no demo imports the shell, not even for types.

    A screen is handed its host as a small protocol of what it asks of it (visualizer/screens.py), and a
    demo its shell as a `scenes.base.DemoHost`: requests go up as calls, imports only go down.
    """
    assert importers_of("visualizer.app") == ["visualizer.__main__"]
    assert [name for name in importers_of("visualizer.shell") if name.startswith("visualizer.scenes")] == []
