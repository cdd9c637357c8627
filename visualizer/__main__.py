"""`unwind [DEMO]` and `python -m visualizer [DEMO]`: open the app."""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from solvers import textio
from solvers.cli import output_failed, printable_streams
from solvers.i18n import N_, _, choose, language_argument, requested_language, use
from visualizer import MAX_WINDOW, MIN_WINDOW, files
from visualizer.demos import DEMOS
from visualizer.faults import crash_log
from visualizer.options import Options

MAX_SEED = 2**32 - 1
"""Seeds are 0 to 2^32 - 1 everywhere (the CLI's rule too)."""
MAX_SPEED = 10_000_000
MIN_SCALE, MAX_SCALE = 0.5, 4.0


def ascii_digits(text: str) -> str:
    """`text` if it is ASCII; ValueError if not (int() and float() read other scripts' digits too)."""
    if not text.isascii():
        raise ValueError(text)
    return text


def window_size(text: str) -> tuple[int, int]:
    """argparse type: 'WxH' with sensible bounds."""
    try:
        width, height = (int(ascii_digits(part)) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("size must look like 1280x800, not {text}").format(text=repr(text))
        ) from None
    (low_w, low_h), (high_w, high_h) = MIN_WINDOW, MAX_WINDOW
    if not (low_w <= width <= high_w and low_h <= height <= high_h):
        raise argparse.ArgumentTypeError(
            _("size {text} is out of range ({low} to {high})").format(
                text=text, low=f"{low_w}x{low_h}", high=f"{high_w}x{high_h}"
            )
        )
    return width, height


def bounded_number(low: float, high: float, what: str) -> Callable[[str], float]:
    """An argparse type: a finite number from `low` to `high` (nan, inf and 1e308 are refused)."""

    def parse(text: str) -> float:
        """`text` as a number in range, or one clear line."""
        try:
            value = float(ascii_digits(text))
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("{what} must be a number, not {text}").format(what=_(what), text=repr(text))
            ) from None
        if not math.isfinite(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                _("{what} must be from {low} to {high}, not {text}").format(
                    what=_(what), low=plain(low), high=plain(high), text=text
                )
            )
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
            value = int(ascii_digits(text))
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("{what} must be a whole number, not {text}").format(what=_(what), text=repr(text))
            ) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                _("{what} must be from {low} to {high}, not {text}").format(
                    what=_(what), low=f"{low:,}", high=f"{high:,}", text=f"{value:,}"
                )
            )
        return value

    return parse


def ip_address(text: str) -> str:
    """An argparse type: an IP address this machine may listen on (127.0.0.1, 192.168.0.10, ::1)."""
    import ipaddress

    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not an IP address (such as 192.168.0.10)").format(text=repr(text))
        ) from None


def writable_path(text: str) -> Path:
    """An argparse type: where a file can be written (its folder exists and is writable)."""
    path = Path(text).expanduser()
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(_("the folder {name} does not exist").format(name=repr(str(folder))))
    if not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError(
            _("the folder {name} cannot be written to").format(name=repr(str(folder)))
        )
    if path.is_dir():
        raise argparse.ArgumentTypeError(_("{name} is a folder, not a file name").format(name=repr(text)))
    return path


def png_path(text: str) -> Path:
    """An argparse type: a .png file in a writable folder (or a device or pipe such as /dev/stdout)."""
    path = writable_path(text)
    try:
        special = textio.writes_through(path)
    except OSError as error:
        raise argparse.ArgumentTypeError(f"{text}: {error.strerror or error}") from None
    if path.suffix.lower() != ".png" and not special:
        raise argparse.ArgumentTypeError(_("screenshots are .png files, not {name}").format(name=repr(text)))
    return path


def export_path(text: str) -> Path:
    """An argparse type: a .gif or .mp4 file in a writable folder."""
    path = writable_path(text)
    if path.suffix.lower() not in (".gif", ".mp4"):
        raise argparse.ArgumentTypeError(
            _("exports are .gif or .mp4 files, not {name}").format(name=repr(text))
        )
    return path


def pdf_path(text: str) -> Path:
    """An argparse type: a .pdf file in a writable folder."""
    path = writable_path(text)
    if path.suffix.lower() != ".pdf":
        raise argparse.ArgumentTypeError(_("handouts are .pdf files, not {name}").format(name=repr(text)))
    return path


def out_folder(text: str) -> Path:
    """An argparse type: an existing, writable folder for pictures."""
    path = Path(text).expanduser()
    if not path.is_dir():
        raise argparse.ArgumentTypeError(_("the folder {name} does not exist").format(name=repr(text)))
    if not os.access(path, os.W_OK):
        raise argparse.ArgumentTypeError(_("the folder {name} cannot be written to").format(name=repr(text)))
    return path


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        """Say what is wrong in one line and exit with code 2."""
        self.exit(2, f"{self.prog}: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The command line of the app."""
    names = [entry.name for entry in DEMOS]
    parser = OneLineParser(
        prog="unwind", description=_("Watch recursion and backtracking think, step by step.")
    )
    parser.add_argument(
        "demo",
        nargs="?",
        choices=names,
        metavar="DEMO",
        help=_("open this demo directly: {names}").format(names=", ".join(names)),
    )
    parser.add_argument("words", nargs="*", metavar="FILE.py FUNC ARG", help=_("for trace: what to call"))
    parser.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED, N_("the seed")),
        default=1,
        help=_("seed for random mazes and trees"),
    )
    parser.add_argument(
        "--autoplay",
        action="store_true",
        help=_("start the demo's run at once; with --lesson, play the lesson through and quit"),
    )
    parser.add_argument(
        "--exercise",
        action="store_true",
        help=_("open DEMO in exercise mode: you make each step (I in the app)"),
    )
    parser.add_argument(
        "--speed",
        type=bounded_number(1, MAX_SPEED, N_("the speed")),
        help=_("events per second (1 to 10,000,000)"),
    )
    parser.add_argument(
        "--frames", type=whole_number(1, 10**9, N_("the frame count")), help=_("quit after this many frames")
    )
    parser.add_argument("--screenshot", type=png_path, help=_("save the last frame as this PNG"))
    parser.add_argument(
        "--export",
        type=export_path,
        metavar="FILE",
        help=_("play DEMO's whole run (or --frames N) into FILE.gif or FILE.mp4, then quit"),
    )
    parser.add_argument("--size", type=window_size, default=(1280, 800), help=_("window size WxH"))
    parser.add_argument(
        "--scale",
        type=bounded_number(MIN_SCALE, MAX_SCALE, N_("the scale")),
        default=1.0,
        help=_("presenter scale ({low} to {high})").format(low=f"{MIN_SCALE:g}", high=f"{MAX_SCALE:g}"),
    )
    parser.add_argument(
        "--out-dir",
        type=out_folder,
        help=_("where P and G save pictures and videos (default: your Pictures and Videos folders)"),
    )
    parser.add_argument(
        "--lesson", type=Path, metavar="FILE", help=_("present this lesson file (see docs/lessons.md)")
    )
    parser.add_argument(
        "--step",
        type=whole_number(1, 10_000, N_("the step")),
        default=1,
        help=_("the lesson's step to open at"),
    )
    parser.add_argument(
        "--class",
        dest="class_session",
        action="store_true",
        help=_("start a class session: students answer from a browser (Ctrl+K in the app)"),
    )
    parser.add_argument(
        "--bind",
        type=ip_address,
        metavar="ADDR",
        help=_("the class session's address (default: this machine's address on the network)"),
    )
    parser.add_argument(
        "--port",
        type=whole_number(1, 65_535, N_("the port")),
        default=0,
        help=_("the class session's port (default: a free one)"),
    )
    parser.add_argument(
        "--handout",
        type=pdf_path,
        metavar="FILE",
        help=_("with --lesson: print its steps, pictures and captions, into FILE.pdf, then quit"),
    )
    parser.add_argument(
        "--lang",
        type=language_argument,
        metavar="LANG",
        help=_("language: en, ko or zh_CN (default: the home screen's choice, else the system's)"),
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments and run the app; a missing display is one clear line."""
    words = list(sys.argv[1:] if argv is None else argv)
    printable_streams()
    use(choose(requested_language(words)))  # a bad settings file is then reported in that language
    use(choose(requested_language(words), files.load_settings().get("language")))
    parser = build_parser()
    try:
        args = parser.parse_args(words)
        sys.stdout.flush()  # --help onto a full disk fails here, not in Python's flush at exit
    except OSError as error:
        return output_failed(parser.prog, error)
    if args.words:
        from visualizer.scenes.trace.launch import accept  # the tracer (ast, inspect, ...) only for trace

        if problem := accept(args.demo, args.words):
            parser.error(problem)
    if args.export is not None and args.demo is None:
        parser.error(_("--export needs a DEMO to play"))
    if args.exercise and args.demo is None:
        parser.error(_("--exercise needs a DEMO"))
    if args.class_session and args.demo is None and args.lesson is None:
        parser.error(_("--class needs a DEMO or a --lesson"))
    if (args.bind is not None or args.port) and not args.class_session:
        parser.error(_("--bind and --port are for --class"))
    if args.handout is not None and args.lesson is None:
        parser.error(_("--handout needs --lesson FILE"))
    lesson = None
    if args.lesson is not None:
        from solvers.lessons import LessonError, load_lesson

        try:
            lesson = load_lesson(args.lesson)
        except LessonError as error:
            parser.error(str(error))
        if args.step > len(lesson.steps):
            parser.error(_("--step: the lesson has {count} steps").format(count=len(lesson.steps)))
    if args.handout is not None:
        os.environ["SDL_VIDEODRIVER"] = "dummy"  # the steps are drawn off screen, with or without a display
    from visualizer.record import video_available  # pygame loads only past the arguments

    if args.export is not None and args.export.suffix.lower() == ".mp4" and not video_available():
        parser.error(_('--export to MP4 needs the video extra: pip install "unwind[video]"'))
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
        lang=args.lang,
        exercise=args.exercise,
        lesson=lesson,
        step=args.step,
        class_session=args.class_session,
        bind=args.bind,
        port=args.port,
        handout=args.handout,
    )
    with crash_log():
        return run_app(options)


def run_app(options: Options) -> int:
    """Open the window and run the app; a missing display or demo is one clear line (exit 1)."""
    from visualizer.app import App, DemoUnavailable  # pygame loads only past the arguments
    from visualizer.window import NoDisplay

    try:
        app = App(options)
    except NoDisplay as error:
        print(
            _(
                "unwind: no display available ({reason}). Run it on a desktop, or set "
                "SDL_VIDEODRIVER=dummy for a headless run."
            ).format(reason=error),
            file=sys.stderr,
        )
        return 1
    except DemoUnavailable as error:
        print(_("unwind: {reason}").format(reason=error), file=sys.stderr)
        return 1
    try:
        return app.run()
    except KeyboardInterrupt:
        app.finish()
        return 130


if __name__ == "__main__":
    sys.exit(main())
