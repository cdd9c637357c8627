"""`unwind [DEMO]` and `python -m visualizer [DEMO]`: open the app."""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from visualizer import MAX_WINDOW, MIN_WINDOW
from visualizer.demos import DEMOS
from visualizer.scenes.trace.launch import accept as accept_trace

MAX_SEED = 2**32 - 1
"""Seeds are 0 to 2^32 - 1 everywhere (the CLI's rule too)."""
MAX_SPEED = 10_000_000
MIN_SCALE, MAX_SCALE = 0.5, 4.0


def window_size(text: str) -> tuple[int, int]:
    """argparse type: 'WxH' with sensible bounds."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    (low_w, low_h), (high_w, high_h) = MIN_WINDOW, MAX_WINDOW
    if not (low_w <= width <= high_w and low_h <= height <= high_h):
        raise argparse.ArgumentTypeError(
            f"size {text} is out of range ({low_w}x{low_h} to {high_w}x{high_h})"
        )
    return width, height


def bounded_number(low: float, high: float, what: str) -> Callable[[str], float]:
    """An argparse type: a finite number from `low` to `high` (nan, inf and 1e308 are refused)."""

    def parse(text: str) -> float:
        """`text` as a number in range, or one clear line."""
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a number, not {text!r}") from None
        if not math.isfinite(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be from {plain(low)} to {plain(high)}, not {text}")
        return value

    return parse


def plain(value: float) -> str:
    """A bound as people write it: 0.5, 4, 10,000,000."""
    return f"{int(value):,}" if value == int(value) else f"{value:g}"


def whole_number(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`."""

    def parse(text: str) -> int:
        """`text` as a whole number in range, or one clear line."""
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be from {low:,} to {high:,}, not {value:,}")
        return value

    return parse


def png_path(text: str) -> Path:
    """An argparse type: where a file can be written (its folder exists and is writable)."""
    path = Path(text).expanduser()
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError(f"the folder {str(folder)!r} cannot be written to")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder, not a file name")
    return path


def export_path(text: str) -> Path:
    """An argparse type: a .gif or .mp4 file in a writable folder."""
    path = png_path(text)
    if path.suffix.lower() not in (".gif", ".mp4"):
        raise argparse.ArgumentTypeError(f"exports are .gif or .mp4 files, not {text!r}")
    return path


def out_folder(text: str) -> Path:
    """An argparse type: an existing, writable folder for pictures."""
    path = Path(text).expanduser()
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {text!r} does not exist")
    if not os.access(path, os.W_OK):
        raise argparse.ArgumentTypeError(f"the folder {text!r} cannot be written to")
    return path


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        """Say what is wrong in one line and exit with code 2."""
        self.exit(2, f"{self.prog}: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The command line of the app."""
    names = [entry.name for entry in DEMOS]
    parser = OneLineParser(prog="unwind", description="Watch recursion and backtracking think, step by step.")
    parser.add_argument(
        "demo", nargs="?", choices=names, metavar="DEMO", help="open this demo directly: " + ", ".join(names)
    )
    parser.add_argument("words", nargs="*", metavar="FILE.py FUNC ARG", help="for trace: what to call")
    parser.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED, "the seed"),
        default=1,
        help="seed for random mazes and trees",
    )
    parser.add_argument("--autoplay", action="store_true", help="start the demo's run at once")
    parser.add_argument(
        "--speed", type=bounded_number(1, MAX_SPEED, "the speed"), help="events per second (1 to 10,000,000)"
    )
    parser.add_argument(
        "--frames", type=whole_number(1, 10**9, "the frame count"), help="quit after this many frames"
    )
    parser.add_argument("--screenshot", type=png_path, help="save the last frame as this PNG")
    parser.add_argument(
        "--export",
        type=export_path,
        metavar="FILE",
        help="play DEMO's whole run (or --frames N) into FILE.gif or FILE.mp4, then quit",
    )
    parser.add_argument("--size", type=window_size, default=(1280, 800), help="window size WxH")
    parser.add_argument(
        "--scale",
        type=bounded_number(MIN_SCALE, MAX_SCALE, "the scale"),
        default=1.0,
        help=f"presenter scale ({MIN_SCALE:g} to {MAX_SCALE:g})",
    )
    parser.add_argument(
        "--out-dir",
        type=out_folder,
        help="where P and G save pictures and videos (default: your Pictures and Videos folders)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments and run the app; a missing display is one clear line."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if problem := accept_trace(args.demo, args.words):
        parser.error(problem)
    if args.export is not None and args.demo is None:
        parser.error("--export needs a DEMO to play")
    from visualizer.record import video_available  # pygame loads only past the arguments

    if args.export is not None and args.export.suffix.lower() == ".mp4" and not video_available():
        parser.error('--export to MP4 needs the video extra: pip install "unwind[video]"')
    from visualizer.app import (  # pygame loads only past the arguments
        App,
        DemoUnavailable,
        NoDisplay,
        Options,
    )

    options = Options(
        demo=args.demo,
        seed=args.seed,
        autoplay=args.autoplay or args.export is not None,
        export=args.export,
        speed=args.speed,
        frames=args.frames,
        screenshot=args.screenshot,
        size=args.size,
        scale=args.scale,
        out_dir=args.out_dir,
    )
    try:
        app = App(options)
    except NoDisplay as error:
        print(
            f"unwind: no display available ({error}). Run it on a desktop, or set "
            "SDL_VIDEODRIVER=dummy for a headless run.",
            file=sys.stderr,
        )
        return 1
    except DemoUnavailable as error:
        print(f"unwind: {error}", file=sys.stderr)
        return 1
    try:
        return app.run()
    except KeyboardInterrupt:
        app.finish()
        return 130


if __name__ == "__main__":
    sys.exit(main())
