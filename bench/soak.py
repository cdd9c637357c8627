"""Soak run (not a test): a seeded class of students let loose on every demo for N minutes.

    python bench/soak.py --minutes 30 [--seed 1] [--trim]
    python bench/soak.py --frames 60000 [--seed 1] [--trim]

It opens the demos in turn and feeds the app random input: keys, clicks,
drags, the wheel; window resizes from 120x90 to 3840x2160; bursts of
presenter-scale changes; leaving a demo mid-solve; bad files handed to the
file dialog. With `--frames N` it runs N frames instead of N minutes and
reads every N/30 frames: the same seed then makes the same run on a busy
machine as on an idle one, so two builds compare reading by reading (the
rows' "minute" and the verdict then count readings). Every minute (or
reading) it prints a JSON row: the faults the app caught (must stay 0), the
resident memory now and at peak, its anonymous part
(/proc/self/smaps_rollup), the Python memory tracemalloc sees and what
tracemalloc itself holds to trace it (the app without the soak does not:
the verdict reads RSS less that), the demos still alive (the one open, plus
any left but not freed) and the text cache; and a line of its own for any
frame that raises the peak by JUMP_MB, naming the demo, its events, exercise
mode, the window and the last disturbance, and how much of the rise was
Python's and numpy's own (traced) memory. The players run
on a clock that ticks per read (tests/ui.TickClock), so a seed replays the
same run whatever the machine's load: a fault found is a fault reproduced.
At the end: the source lines whose live memory grew most since minute 2 (kept
as per-line totals: a whole snapshot of the traces held 50 MB or more of
untraced memory for the rest of the run), the verdict on memory (see
`levels_off`) and a JSON summary.

`--trim` hands freed heap back to the system (glibc's malloc_trim) before
each reading: a diagnostic that tells fragmentation from live memory.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import gc
import json
import os
import random
import resource
import signal
import sys
import time
import tracemalloc
import weakref
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
from ui import TickClock, random_event  # noqa: E402

from visualizer.app import App, Options  # noqa: E402
from visualizer.demos import DEMOS  # noqa: E402
from visualizer.shell import Shell  # noqa: E402

SIZES = ((120, 90), (640, 400), (800, 500), (1024, 640), (1280, 800), (1920, 1080), (3840, 2160))
BAD_FILES = {
    "empty.txt": b"",
    "binary.txt": bytes(range(256)) * 64,
    "huge-number.txt": b"9" * 200_000,
    "bom.txt": "\ufeff+--+\n|SG|\n+--+\n".encode(),
    "infinity.json": b'{"start": [Infinity, 0], "goal": [1e400, 0]}',
    "latin1.txt": "caf\xe9".encode("latin-1"),
}
JUMP_MB = 64.0
"""A frame that raises the peak RSS this much is reported on its own line."""
LEVEL_MB = 48.0
"""Memory levels off when the last third of the run sets no resident high this much above the earlier ones."""
SLOPE_MB_PER_MINUTE = 4.0
"""... and the resident memory's trend over the last third climbs less than this (the leak of
runs never collected climbed 28-66 MB a minute; one 3840x2160 window more or less moves RSS by 30)."""
VERDICT_MINUTES = 9
"""Fewer readings give no verdict: the last third needs three of them for a trend."""


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


def anonymous_mb() -> float | None:
    """The process's anonymous resident memory (heaps, surfaces, arrays) in MB; None off Linux."""
    try:
        for line in Path("/proc/self/smaps_rollup").read_text().splitlines():
            if line.startswith("Anonymous:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def trim_heap() -> None:
    """Hand the heap's free pages back to the system (glibc only; a diagnostic)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def text_cache_mb(app: App) -> float:
    """Pixels held by the theme's cache of rendered text, in MB."""
    surfaces = list(app.theme._texts.values())
    return sum(s.get_width() * s.get_height() * s.get_bytesize() for s in surfaces) / 2**20


def slope(values: list[float]) -> float:
    """The least-squares slope of `values` per step (0 for fewer than two)."""
    count = len(values)
    if count < 2:
        return 0.0
    mean_x, mean_y = (count - 1) / 2, sum(values) / count
    spread = sum((x - mean_x) ** 2 for x in range(count))
    return sum((x - mean_x) * (y - mean_y) for x, y in enumerate(values)) / spread


def levels_off(rss: list[float]) -> dict[str, object]:
    """The verdict on per-minute resident memory (`memory_verdict`): no new highs, no climb in the last third.

    The last third's highest reading may exceed the highest before it by less
    than LEVEL_MB, and the least-squares trend over the last third must climb
    less than SLOPE_MB_PER_MINUTE.  Runs under VERDICT_MINUTES give no verdict.
    """
    if len(rss) < VERDICT_MINUTES:
        return {"levels_off": None, "why": f"fewer than {VERDICT_MINUTES} minutes"}
    cut = len(rss) - len(rss) // 3
    new_high = max(rss[cut:]) - max(rss[:cut])
    trend = slope(rss[cut:])
    return {
        "levels_off": new_high < LEVEL_MB and trend < SLOPE_MB_PER_MINUTE,
        "last_third_from_minute": cut + 1,
        "new_high_mb": round(new_high, 1),
        "trend_mb_per_minute": round(trend, 2),
        "rule": f"last third's RSS peak < {LEVEL_MB:g} MB above the earlier peak"
        f" and its trend < {SLOPE_MB_PER_MINUTE:g} MB/minute",
    }


def line_totals() -> dict[tracemalloc.Traceback, tuple[int, int]]:
    """Live traced bytes and blocks by source line, now (small, where a snapshot holds every trace)."""
    snapshot = tracemalloc.take_snapshot()
    return {stat.traceback: (stat.size, stat.count) for stat in snapshot.statistics("lineno")}


def untraced_rss(row: dict[str, object]) -> float:
    """A reading's resident MB less tracemalloc's own traces: the app's without the soak's tracing."""
    return float(str(row["rss_mb"])) - float(str(row["tracing_mb"]))


def memory_verdict(report: list[dict[str, object]]) -> dict[str, object]:
    """`levels_off` on the readings' resident memory less tracemalloc's own (which comes and goes with the
    number of live Python objects: 311 MB for a million-cell graph of tuples)."""
    return levels_off([untraced_rss(row) for row in report]) | {"reads": "RSS less tracemalloc's own traces"}


def growth(
    first: dict[tracemalloc.Traceback, tuple[int, int]],
    last: dict[tracemalloc.Traceback, tuple[int, int]],
    top: int = 8,
) -> list[str]:
    """The source lines whose live allocations grew most between two readings of `line_totals`."""
    grew = {line: size - first.get(line, (0, 0))[0] for line, (size, _count) in last.items()}
    ranked = sorted(grew, key=lambda line: abs(grew[line]), reverse=True)[:top]
    return [
        f"{line}: size={last[line][0] / 1024:.0f} KiB ({grew[line] / 1024:+.0f} KiB), count={last[line][1]}"
        for line in ranked
    ]


def tracing_mb() -> float:
    """What tracemalloc holds for its own traces, in MB (part of the RSS only because the soak traces)."""
    return tracemalloc.get_tracemalloc_memory() / 2**20


def bad_files(folder: Path) -> list[Path]:
    """Write the malformed files the soak hands to the file dialog."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, data in BAD_FILES.items():
        path = folder / name
        path.write_bytes(data)
        paths.append(path)
    return paths


def disturb(app: App, rng: random.Random, files: list[Path]) -> str:
    """One of the rarer things a class does: resize, zoom in bursts, leave mid-solve, open a bad file.

    Returns what it did, in a few words (a jump in memory names the last one).
    """
    roll = rng.random()
    if roll < 0.3:
        size = rng.choice(SIZES)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        return f"resize to {size[0]}x{size[1]}"
    if roll < 0.5:
        for _ in range(rng.randint(1, 6)):
            (app.larger if rng.random() < 0.5 else app.smaller)()
        return f"presenter burst to {app.theme.presenter}"
    if roll < 0.7:
        app.go_home()
        name = rng.choice(DEMOS).name
        app.open(name, autoplay=True)
        return f"hop to {name}"
    if app.chooser is not None:
        path = rng.choice(files)
        event = pygame.event.Event(
            pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(path), ui_element=app.chooser.dialog
        )
        pygame.event.post(event)
        return f"pick {path.name}"
    key, mod, char = rng.choice([(pygame.K_o, pygame.KMOD_CTRL, ""), (pygame.K_l, 0, "l")])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0))
    return "ask for a file (Ctrl+O or L)"


def jump(app: App, frames: int, before: float, traced_before: int, last: str) -> dict[str, object] | None:
    """A row naming the frame, demo and window when the peak RSS rose JUMP_MB or more in one frame.

    `traced_grew_mb` is how far the traced memory (Python objects, numpy buffers) rose above its level
    before the frame: the rest of the rise is surfaces, fonts, SDL and tracemalloc's own traces.
    """
    peak = peak_rss_mb()
    if peak - before < JUMP_MB:
        return None
    shell = app.screen if isinstance(app.screen, Shell) else None
    demo = None if shell is None else shell.demo
    performance = None if shell is None else shell.exercise.performance
    return {
        "jump_at_frame": frames,
        "peak_rss_mb": round(peak, 1),
        "grew_mb": round(peak - before, 1),
        "traced_grew_mb": round((tracemalloc.get_traced_memory()[1] - traced_before) / 2**20, 1),
        "tracing_mb": round(tracing_mb(), 1),
        "demo": None if demo is None else demo.name,
        "mode": None if demo is None else str(getattr(demo, "mode", getattr(demo, "action", ""))),
        "exercise": None if performance is None else performance.kind,
        "events": None if shell is None else shell.run.cursor,
        "window": "x".join(map(str, app.surface.get_size())),
        "scale": app.theme.scale,
        "last_disturbance": last,
    }


class FaultCount:
    """Counts every fault the app reports (the app itself keeps only its latest FAULTS_KEPT)."""

    def __init__(self, app: App) -> None:
        self.total = 0
        self._report = app.report_fault
        app.report_fault = self  # type: ignore[method-assign]

    def __call__(self, message: str) -> None:
        """Count the fault, then report it as the app does."""
        self.total += 1
        self._report(message)


def reading(
    app: App, minute: int, frames: int, faults: FaultCount, shells: weakref.WeakSet[Shell], trim: bool
) -> dict[str, object]:
    """One minute's row: faults and memory."""
    if trim:
        trim_heap()
    anonymous = anonymous_mb()
    return {
        "minute": minute,
        "frames": frames,
        "faults": faults.total,
        "rss_mb": round(rss_mb(), 1),
        "peak_rss_mb": round(peak_rss_mb(), 1),
        "anon_mb": None if anonymous is None else round(anonymous, 1),
        "traced_mb": round(tracemalloc.get_traced_memory()[0] / 2**20, 1),
        "tracing_mb": round(tracing_mb(), 1),
        "demos_alive": len(shells),
        "text_cache_mb": round(text_cache_mb(app), 1),
        "gc_objects": len(gc.get_objects()),
    }


def soak(minutes: float, seed: int, trim: bool = False, frame_count: int = 0) -> dict[str, object]:
    """Run the soak for `minutes`, or for `frame_count` frames if given; returns the summary."""
    rng = random.Random(seed)
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"unwind-soak-{seed}"
    for kind in ("DATA", "CONFIG", "STATE", "CACHE"):  # autosaves and settings stay out of the user's own
        os.environ[f"XDG_{kind}_HOME"] = str(folder / kind.lower())
    files = bad_files(folder / "bad")
    app = App(Options(out_dir=folder))
    app.player_clock = TickClock(step=5e-4)  # events per frame by clock reads: a seed replays its run
    faults = FaultCount(app)
    tracemalloc.start()
    started = time.monotonic()
    next_report, frames, minute = started + 60, 0, 0
    report: list[dict[str, object]] = []
    shells: weakref.WeakSet[Shell] = weakref.WeakSet()
    baseline: dict[tracemalloc.Traceback, tuple[int, int]] | None = None
    last = "none yet"
    every = max(1, frame_count // 30)

    stopped: list[int] = []
    for number in (signal.SIGINT, signal.SIGTERM):  # over SDL's, which turn them into a quit the soak undoes
        signal.signal(number, lambda number, _frame: stopped.append(number))

    def going() -> bool:
        """Frames left to run (or minutes, without a frame count), and no Ctrl-C or kill asked to stop."""
        if stopped:
            return False
        return frames < frame_count if frame_count else time.monotonic() - started < minutes * 60

    def reading_due() -> bool:
        """A reading every `every` frames with a frame count, else every minute."""
        return not frames % every if frame_count else time.monotonic() >= next_report

    while going():
        if not hasattr(app.screen, "demo"):
            app.open(rng.choice(DEMOS).name, autoplay=rng.random() < 0.5)
        if rng.random() < 0.01:
            last = disturb(app, rng, files)
        pygame.event.post(random_event(rng, app.surface.get_size()))
        before, traced_before = peak_rss_mb(), tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        app.frame(1 / 60)
        jumped = jump(app, frames, before, traced_before, last)
        if jumped is not None:
            print(json.dumps(jumped), flush=True)
        app.running = True  # Esc on the home screen quits: the soak goes on
        if isinstance(app.screen, Shell):
            shells.add(app.screen)
        frames += 1
        if reading_due():
            minute += 1
            row = reading(app, minute, frames, faults, shells, trim)
            report.append(row)
            print(json.dumps(row), flush=True)
            next_report += 60
            if minute == 2:
                baseline = line_totals()
    grew = growth(baseline, line_totals()) if baseline is not None else []
    app.finish()
    verdict = memory_verdict(report)
    spent = round((time.monotonic() - started) / 60, 1)
    summary: dict[str, object] = {"minutes": spent, "seed": seed, "frames": frames, "faults": faults.total}
    summary |= {"latest_faults": app.faults, "memory": verdict}
    return summary | {"grew_since_minute_2": grew, "per_minute": report}


def main() -> None:
    """Parse the options, soak, print the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--frames", type=int, default=0, help="run this many frames instead of minutes")
    parser.add_argument("--trim", action="store_true", help="malloc_trim before each reading (diagnostic)")
    args = parser.parse_args()
    summary = soak(args.minutes, args.seed, args.trim, args.frames)
    grew = summary["grew_since_minute_2"]
    assert isinstance(grew, list)
    print("grew most since minute 2:", *grew, sep="\n  ")
    print(verdict_line(summary))
    print(json.dumps({k: v for k, v in summary.items() if k != "per_minute"}))


def verdict_line(summary: dict[str, object]) -> str:
    """The run's verdict in one line: faults and memory."""
    memory = summary["memory"]
    assert isinstance(memory, dict)
    if memory["levels_off"] is None:
        levels = "no memory verdict (" + str(memory["why"]) + ")"
    else:
        levels = "memory levels off" if memory["levels_off"] else "memory does NOT level off"
        levels += (
            f": from minute {memory['last_third_from_minute']} the RSS peak is {memory['new_high_mb']} MB"
            f" above the earlier one, trend {memory['trend_mb_per_minute']} MB/minute ({memory['rule']})"
        )
    return f"VERDICT: {summary['faults']} faults; {levels}"


if __name__ == "__main__":
    main()
