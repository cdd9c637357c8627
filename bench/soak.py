"""Soak run (not a test): a seeded class of students let loose on every demo for N minutes.

    python bench/soak.py --minutes 30 [--seed 1]

It opens the demos in turn and feeds the app random input: keys, clicks,
drags, the wheel; window resizes from 120x90 to 3840x2160; bursts of
presenter-scale changes; leaving a demo mid-solve; bad files handed to the
file dialog.  Every minute it prints the faults the app caught (must stay 0)
and the process's memory now and at peak (must level off),
and at the end the source lines whose live memory grew most since minute 2, then a JSON summary.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sys
import time
import tracemalloc
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
from ui import random_event  # noqa: E402

from visualizer.app import App, Options  # noqa: E402
from visualizer.demos import DEMOS  # noqa: E402

SIZES = ((120, 90), (640, 400), (800, 500), (1024, 640), (1280, 800), (1920, 1080), (3840, 2160))
BAD_FILES = {
    "empty.txt": b"",
    "binary.txt": bytes(range(256)) * 64,
    "huge-number.txt": b"9" * 200_000,
    "bom.txt": "\ufeff+--+\n|SG|\n+--+\n".encode(),
    "infinity.json": b'{"start": [Infinity, 0], "goal": [1e400, 0]}',
    "latin1.txt": "caf\xe9".encode("latin-1"),
}


def peak_rss_mb() -> float:
    """The process's peak resident memory so far, in MB (never falls)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def rss_mb() -> float:
    """The process's resident memory now, in MB (Linux /proc; the peak elsewhere)."""
    try:
        resident_pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return peak_rss_mb()
    return resident_pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def growth(first: tracemalloc.Snapshot, last: tracemalloc.Snapshot, top: int = 8) -> list[str]:
    """The source lines whose live allocations grew most between two snapshots."""
    return [str(stat) for stat in last.compare_to(first, "lineno")[:top]]


def bad_files(folder: Path) -> list[Path]:
    """Write the malformed files the soak hands to the file dialog."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, data in BAD_FILES.items():
        path = folder / name
        path.write_bytes(data)
        paths.append(path)
    return paths


def disturb(app: App, rng: random.Random, files: list[Path]) -> None:
    """One of the rarer things a class does: resize, zoom in bursts, leave mid-solve, open a bad file."""
    roll = rng.random()
    if roll < 0.3:
        size = rng.choice(SIZES)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    elif roll < 0.5:
        for _ in range(rng.randint(1, 6)):
            (app.larger if rng.random() < 0.5 else app.smaller)()
    elif roll < 0.7:
        app.go_home()
        app.open(rng.choice(DEMOS).name, autoplay=True)
    elif app.chooser is not None:
        event = pygame.event.Event(
            pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(rng.choice(files)), ui_element=app.chooser.dialog
        )
        pygame.event.post(event)
    else:  # ask a demo for a file: Ctrl+O opens a maze, L a sudoku
        key, mod, char = rng.choice([(pygame.K_o, pygame.KMOD_CTRL, ""), (pygame.K_l, 0, "l")])
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0))


def soak(minutes: float, seed: int) -> dict[str, object]:
    """Run the soak; returns the summary."""
    rng = random.Random(seed)
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"unwind-soak-{seed}"
    for kind in ("DATA", "CONFIG", "STATE", "CACHE"):  # autosaves and settings stay out of the user's own
        os.environ[f"XDG_{kind}_HOME"] = str(folder / kind.lower())
    files = bad_files(folder / "bad")
    app = App(Options(out_dir=folder))
    tracemalloc.start()
    started = time.monotonic()
    next_report, frames, minute = started + 60, 0, 0
    report: list[dict[str, float]] = []
    baseline: tracemalloc.Snapshot | None = None
    while time.monotonic() - started < minutes * 60:
        if not hasattr(app.screen, "demo"):
            app.open(rng.choice(DEMOS).name, autoplay=rng.random() < 0.5)
        if rng.random() < 0.01:
            disturb(app, rng, files)
        pygame.event.post(random_event(rng, app.surface.get_size()))
        app.frame(1 / 60)
        app.running = True  # Esc on the home screen quits: the soak goes on
        frames += 1
        if time.monotonic() >= next_report:
            minute += 1
            traced = tracemalloc.get_traced_memory()[0] / 2**20
            row = {
                "minute": minute,
                "frames": frames,
                "faults": len(app.faults),
                "rss_mb": round(rss_mb(), 1),
                "peak_rss_mb": round(peak_rss_mb(), 1),
            }
            row["traced_mb"] = round(traced, 1)
            report.append(row)
            print(json.dumps(row), flush=True)
            next_report += 60
            if minute == 2:
                baseline = tracemalloc.take_snapshot()
    grew = growth(baseline, tracemalloc.take_snapshot()) if baseline is not None else []
    app.finish()
    summary = {"minutes": minutes, "seed": seed, "frames": frames, "faults": app.faults}
    return summary | {"grew_since_minute_2": grew, "per_minute": report}


def main() -> None:
    """Parse the options, soak, print the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    summary = soak(args.minutes, args.seed)
    print(json.dumps({k: v for k, v in summary.items() if k != "per_minute"}))


if __name__ == "__main__":
    main()
