"""`unwind [DEMO]` and `python -m visualizer [DEMO]`: open the app."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from visualizer.demos import DEMOS


def window_size(text: str) -> tuple[int, int]:
    """argparse type: 'WxH' with sensible bounds."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    if not (480 <= width <= 7680 and 360 <= height <= 4320):
        raise argparse.ArgumentTypeError(f"size {text} is out of range (480x360 to 7680x4320)")
    return width, height


def positive_number(text: str) -> float:
    """argparse type: a number > 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a number above 0, not {text}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The command line of the app."""
    names = [entry.name for entry in DEMOS]
    parser = argparse.ArgumentParser(
        prog="unwind", description="Watch recursion and backtracking think, step by step."
    )
    parser.add_argument(
        "demo", nargs="?", choices=names, metavar="DEMO", help="open this demo directly: " + ", ".join(names)
    )
    parser.add_argument("--seed", type=int, default=1, help="seed for random mazes and trees")
    parser.add_argument("--autoplay", action="store_true", help="start the demo's run at once")
    parser.add_argument("--speed", type=positive_number, help="events per second")
    parser.add_argument("--frames", type=int, help="quit after this many frames")
    parser.add_argument("--screenshot", type=Path, help="save the last frame as this PNG")
    parser.add_argument("--size", type=window_size, default=(1280, 800), help="window size WxH")
    parser.add_argument("--scale", type=positive_number, default=1.0, help="presenter scale")
    parser.add_argument(
        "--out-dir", type=Path, default=Path("."), help="where P and G save pictures (default: here)"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments and run the app; a missing display is one clear line."""
    args = build_parser().parse_args(argv)
    from visualizer.app import (  # pygame loads only past the arguments
        App,
        DemoUnavailable,
        NoDisplay,
        Options,
    )

    options = Options(
        demo=args.demo,
        seed=args.seed,
        autoplay=args.autoplay,
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
