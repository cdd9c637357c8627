"""The launch loads only what its first frame needs (issue 12: launch to first frame <= 0.3 s, kept).

Each probe runs the app's `main` in a fresh interpreter, as `unwind ...` does,
and lists the modules loaded by the time it returns.  Time itself is measured
in bench/ (bench_player.py --only launch, bench_import.py --launch), never here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solvers import i18n

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import json, sys
from visualizer.__main__ import main
try:
    code = main({argv!r})
except SystemExit as leaving:
    code = leaving.code
print(json.dumps({{"code": code, "modules": sorted(sys.modules)}}))
"""

NOT_FOR_THE_FIRST_FRAME = (
    "fontTools",  # glyph coverage is read from assets/fonts/coverage.json
    "pygame_gui",  # the file dialog
    "numpy",
    "babel",  # English needs no catalog and no number formats
    "concurrent.futures",  # the file loader's worker
    "logging",  # the fault log
    "secrets",
    "hashlib",
    "solvers.tracing",  # `unwind trace FILE.py FUNC`
)


def launch_modules(*argv: str) -> tuple[int, list[str]]:
    """The exit code of `unwind ARGV...` run headless in a fresh process, and the modules it loaded."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(argv=list(argv))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return result["code"], result["modules"]


def loaded(modules: list[str], package: str) -> bool:
    """True when `package` or any module inside it was loaded."""
    return any(name == package or name.startswith(package + ".") for name in modules)


def test_the_first_frame_loads_its_own_demo_and_nothing_it_does_not_draw() -> None:
    """`unwind recursion --frames 1`: the recursion demo and pygame, no other demo, no heavy extras."""
    code, modules = launch_modules("recursion", "--frames", "1")
    assert code == 0
    assert loaded(modules, "visualizer.scenes.recursion") and loaded(modules, "pygame")
    others = {name.split(".")[2] for name in modules if name.startswith("visualizer.scenes.")} - {"recursion"}
    assert others == {"base"}, f"other demos loaded at launch: {sorted(others)}"
    assert [package for package in NOT_FOR_THE_FIRST_FRAME if loaded(modules, package)] == []


@pytest.mark.parametrize("language", ["ko", "zh_CN"])
def test_a_korean_or_chinese_first_frame_needs_no_babel_once_its_catalog_is_compiled(language: str) -> None:
    """The first run compiles the catalog (Babel); the next launch reads it from the cache alone."""
    launch_modules("recursion", "--frames", "1", "--lang", language)
    code, modules = launch_modules("recursion", "--frames", "1", "--lang", language)
    assert code == 0 and loaded(modules, "visualizer.scenes.recursion")
    unneeded = ("babel", "fontTools", "numpy", "pygame_gui")
    assert [package for package in unneeded if loaded(modules, package)] == []


@pytest.mark.parametrize("language", sorted(i18n.COMMA_GROUPED))
def test_whole_numbers_are_written_as_babel_writes_them(language: str) -> None:
    """The languages that skip Babel for whole numbers get what Babel would write, sign and grouping."""
    from babel.numbers import format_decimal

    values = [0, 7, -7, 999, 1000, -1234, 65536, 1234567, -(10**12), 2**64, *range(-3000, 3000, 37)]
    i18n.use(language)
    assert [i18n.format_number(value) for value in values] == [
        format_decimal(value, locale=language) for value in values
    ]


@pytest.mark.parametrize(("argv", "exit_code"), [(("--help",), 0), (("recursion", "--size", "1x1"), 2)])
def test_help_and_argument_errors_answer_without_pygame(argv: tuple[str, ...], exit_code: int) -> None:
    """`unwind --help` and a wrong argument answer before pygame or any demo is loaded."""
    code, modules = launch_modules(*argv)
    assert code == exit_code
    assert not loaded(modules, "pygame") and not loaded(modules, "visualizer.scenes")


def test_help_in_korean_on_an_ascii_terminal_is_no_traceback() -> None:
    """`PYTHONIOENCODING=ascii unwind --lang ko --help`: the help prints (Hangul as '?'), exit 0."""
    done = subprocess.run(
        [sys.executable, "-m", "visualizer", "--lang", "ko", "--help"],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert b"--screenshot" in done.stdout and b"?" in done.stdout
