"""The app shell: home screen, keys every demo shares, pictures, resizing, no display."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pygame
import pytest
from ui import click, press

from visualizer.demos import DEMOS
from visualizer.home import Home
from visualizer.shell import Shell


def test_home_is_keyboard_navigable(app) -> None:
    """Right, Down and Enter open the demo under the focus; Esc goes home."""
    app.frame(1 / 60)
    assert isinstance(app.screen, Home)
    press(app, pygame.K_RIGHT)
    assert app.screen.focus == 1
    press(app, pygame.K_LEFT)
    press(app, pygame.K_RETURN)
    assert isinstance(app.screen, Shell) and app.screen.demo.name == DEMOS[0].name
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, Home)


def test_home_card_click_opens_the_demo(app) -> None:
    """A click on the first card opens the recursion demo."""
    app.frame(1 / 60)
    cards, _ = app.screen.grid(app.surface.get_size())
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=cards[0].center, button=1))
    app.frame(1 / 60)
    assert isinstance(app.screen, Shell) and app.screen.demo.name == "recursion"


def test_help_overlay_toggles(app, open_demo) -> None:
    """? shows the help over the demo; any key closes it."""
    open_demo("recursion")
    press(app, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
    assert app.show_help
    press(app, pygame.K_a, "a")
    assert not app.show_help


def test_p_saves_a_png(app, open_demo, tmp_path: Path) -> None:
    """P writes the window to a PNG in the output folder."""
    open_demo("recursion")
    press(app, pygame.K_p, "p")
    pictures = list(tmp_path.glob("unwind-recursion-*.png"))
    assert len(pictures) == 1
    assert pygame.image.load(str(pictures[0])).get_size() == app.surface.get_size()


def test_a_second_p_keeps_the_first_saved_message_out_of_the_png(app, open_demo, tmp_path: Path) -> None:
    """P twice in a row: the "saved ..." message of the first is on the window, never in the second PNG."""
    open_demo("recursion")
    press(app, pygame.K_p, "p")
    press(app, pygame.K_p, "p")
    first, second = sorted(tmp_path.glob("unwind-recursion-*.png"), key=lambda path: path.stat().st_mtime_ns)
    assert app.message.startswith("saved")
    window = pygame.image.tobytes(app.surface, "RGB")
    pictures = [pygame.image.tobytes(pygame.image.load(str(path)), "RGB") for path in (first, second)]
    assert pictures[1] == pictures[0] != window


def test_g_records_a_gif_without_touching_play(app, open_demo, tmp_path: Path) -> None:
    """G starts recording and leaves play alone; G again stops and writes an animated GIF."""
    from PIL import Image
    from PIL.GifImagePlugin import GifImageFile

    shell = open_demo("recursion", speed=30)
    press(app, pygame.K_g, "g")
    assert app.recording and not shell.run.playing
    press(app, pygame.K_SPACE, " ")
    for _ in range(40):
        app.frame(1 / 10)  # each frame is a GIF frame at 10 per second
    press(app, pygame.K_SPACE, " ")
    assert app.recording  # pausing does not stop it
    press(app, pygame.K_g, "g")
    assert not app.recording
    app.last_recording.writer.join(timeout=60)
    gifs = list(tmp_path.glob("unwind-recursion-*.gif"))
    assert len(gifs) == 1, app.last_recording.result
    with Image.open(gifs[0]) as image:
        assert isinstance(image, GifImageFile) and image.n_frames > 5


def test_recorded_frames_carry_no_overlays(app, open_demo, tmp_path: Path) -> None:
    """A message, the tooltip and the REC badge are on the window but not in the recording."""
    from PIL import Image

    shell = open_demo("recursion")
    app.notify("a message the class should not see in the video")
    app.start_recording(tmp_path / "clean.gif", wait=True)
    app.frame(1 / 60)
    window = pygame.image.tobytes(app.surface, "RGB")
    bare = pygame.Surface(app.surface.get_size())
    shell.draw(bare)
    recorder = app.recorder
    app.stop_recording()
    recorder.writer.join(timeout=60)
    recorder_file = tmp_path / "clean.gif"
    with Image.open(recorder_file) as image:
        recorded = image.convert("RGB")
    expected = Image.frombytes("RGB", bare.get_size(), pygame.image.tobytes(bare, "RGB"))
    expected = expected.resize(recorded.size).quantize(colors=128).convert("RGB")
    assert window != pygame.image.tobytes(bare, "RGB")  # the window does show the overlays
    difference = sum(abs(a - b) for a, b in zip(recorded.tobytes(), expected.tobytes(), strict=True))
    assert difference / len(expected.tobytes()) < 3.0  # the same picture, give or take GIF quantising


def test_a_failed_save_leaves_the_old_file(tmp_path: Path, monkeypatch) -> None:
    """Saves go to a temporary file and replace the old one only when complete."""
    from visualizer import record

    target = tmp_path / "shot.png"
    target.write_bytes(b"the old picture")

    def broken_save(surface: object, sink: object, hint: str = "") -> None:
        raise pygame.error("cannot encode")

    monkeypatch.setattr(record.pygame.image, "save", broken_save)
    with pytest.raises(pygame.error):
        record.save_png(pygame.Surface((4, 4)), target)
    assert target.read_bytes() == b"the old picture"
    assert list(tmp_path.iterdir()) == [target]


def test_export_writes_a_whole_run_headless(tmp_path: Path) -> None:
    """`--export FILE.gif` plays the run into the file and quits, with no window needed."""
    from PIL import Image
    from PIL.GifImagePlugin import GifImageFile

    gif = tmp_path / "run.gif"
    result = run_app("recursion", "--speed", "30", "--export", str(gif))
    assert result.returncode == 0, result.stderr
    assert "saved" in result.stdout and "Traceback" not in result.stderr
    with Image.open(gif) as image:
        assert isinstance(image, GifImageFile) and image.n_frames > 5


def test_a_good_export_exits_0_in_korean_too(tmp_path: Path) -> None:
    """The exit code follows whether the file was written, not the wording of the message."""
    gif = tmp_path / "h.gif"
    result = run_app("hanoi", "--lang", "ko", "--frames", "4", "--export", str(gif))
    assert gif.is_file() and "h.gif" in result.stdout
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_tictactoe_export_shows_the_computers_search_not_one_empty_board(tmp_path: Path) -> None:
    """Nobody plays in an export: the computer moves first and the file shows its search going on."""
    from PIL import Image, ImageChops
    from PIL.GifImagePlugin import GifImageFile

    gif = tmp_path / "x.gif"
    result = run_app("tictactoe", "--frames", "30", "--export", str(gif))
    assert result.returncode == 0, result.stderr
    with Image.open(gif) as image:
        assert isinstance(image, GifImageFile) and image.n_frames >= 20
        first = image.convert("RGB")
        image.seek(image.n_frames - 1)
        last = image.convert("RGB")
    assert ImageChops.difference(first, last).getbbox() is not None


def test_export_to_mp4(tmp_path: Path) -> None:
    """With the video extra, `--export FILE.mp4` writes an H.264 video."""
    pytest.importorskip("imageio_ffmpeg")
    video = tmp_path / "run.mp4"
    result = run_app("queens", "--speed", "200", "--frames", "45", "--export", str(video))
    assert result.returncode == 0, result.stderr
    assert video.stat().st_size > 10_000 and video.read_bytes()[4:8] == b"ftyp"


def test_a_rest_ends_when_the_screen_asks_to_be_drawn_again(app, monkeypatch) -> None:
    """wait_for_input(0.25) naps a quarter of a second, not the usual second (a game clock's next tick)."""
    from visualizer import app as app_module

    now = [0.0]

    def nap(seconds: float) -> None:
        now[0] += seconds

    monkeypatch.setattr(app_module.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(app_module.time, "sleep", nap)
    monkeypatch.setattr(app_module.pygame.event, "peek", lambda: False)
    app.wait_for_input(0.25)
    assert 0.25 <= now[0] < 0.25 + 2 * app_module.REST_NAP_S
    now[0] = 0.0
    app.wait_for_input()
    assert now[0] >= app_module.REST_WAKE_MS / 1000


def test_presenter_scale_enlarges_text(app, open_demo) -> None:
    """Ctrl + makes the title bar taller; Ctrl - brings it back."""
    shell = open_demo("recursion")
    before = shell.layout(app.surface.get_size()).title.h
    press(app, pygame.K_EQUALS, "=", pygame.KMOD_CTRL)
    press(app, pygame.K_EQUALS, "=", pygame.KMOD_CTRL)
    assert shell.layout(app.surface.get_size()).title.h > before
    press(app, pygame.K_MINUS, "-", pygame.KMOD_CTRL)
    press(app, pygame.K_MINUS, "-", pygame.KMOD_CTRL)
    assert shell.layout(app.surface.get_size()).title.h == before


def test_layout_follows_a_resize(app, open_demo) -> None:
    """A smaller window gives a smaller stage, and drawing still works."""
    shell = open_demo("recursion")
    big = shell.layout(app.surface.get_size()).stage
    pygame.display.set_mode((800, 600), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    app.frame(1 / 60)
    small = shell.layout(app.surface.get_size()).stage
    assert small.w < big.w and small.right <= 800


def run_app(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m visualizer ...` in a fresh process."""
    return subprocess.run(
        [sys.executable, "-m", "visualizer", *argv], capture_output=True, text=True, timeout=120, env=env
    )


@pytest.mark.parametrize("name", [entry.name for entry in DEMOS])
def test_every_demo_runs_headless(name: str, tmp_path: Path) -> None:
    """Each demo opens, autoplays 40 frames and leaves a screenshot, without an error."""
    shot = tmp_path / f"{name}.png"
    result = run_app(name, "--autoplay", "--speed", "200", "--frames", "40", "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 800)


def test_no_display_is_one_clear_line() -> None:
    """Without a screen the app says so instead of a traceback."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    result = run_app("--frames", "1", env=env)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1].startswith("unwind: no display available")
    assert "Traceback" not in result.stderr


def test_unknown_demo_is_refused() -> None:
    """A demo name that does not exist: exit 2 and the valid names."""
    result = run_app("nosuchdemo")
    assert result.returncode == 2 and "recursion" in result.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ("--scale", "nan"),
        ("--scale", "inf"),
        ("--scale", "1e308"),
        ("--speed", "nan"),
        ("--speed", "0"),
        ("--seed", "-1"),
        ("--seed", str(2**32)),
        ("--frames", "0"),
        ("--screenshot", "/nonexistent/x.png"),
        ("--out-dir", "/nonexistent"),
        ("--seed", "\u0661"),  # Arabic-Indic digits: int() reads them, the launcher does not
        ("--size", "\u0661\u0660\u0660\u0660x\u0668\u0660\u0660"),
        ("--scale", "\u0662"),
        ("--screenshot", str(Path(tempfile.gettempdir()) / "unwind-test-shot.xyz")),  # was a TGA
    ],
)
def test_bad_launcher_arguments_are_one_line_and_exit_2(argv: tuple[str, str]) -> None:
    """Numbers must be finite and in range, folders must exist: else one line, exit 2, nothing run."""
    result = run_app("maze", *argv, "--frames", "1") if argv[0] != "--frames" else run_app("maze", *argv)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("unwind: argument " + argv[0]), result.stderr


def test_a_failing_handler_is_logged_and_the_app_survives(
    app, open_demo, monkeypatch, tmp_path: Path
) -> None:
    """A fault in a demo's input handling: a message and a log entry; the run and its state are kept."""
    import visualizer.faults as faults

    monkeypatch.setattr(faults, "log_folder", lambda: tmp_path / "logs")
    shell = open_demo("recursion")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    before = shell.run.model.snapshot()

    def broken(*args: object) -> bool:
        raise RuntimeError("a broken handler")

    monkeypatch.setattr(shell.demo, "handle", broken)
    press(app, pygame.K_x, "x")
    assert app.running and app.screen is shell
    assert "a broken handler" in app.message and "Something went wrong" in app.message
    assert shell.run.model.snapshot() == before
    logged = (tmp_path / "logs" / "unwind.log").read_text()
    assert "RuntimeError: a broken handler" in logged and "Traceback" in logged
    monkeypatch.undo()
    press(app, pygame.K_RIGHT)  # the demo still answers once the handler works again
    assert shell.run.cursor == 3
    assert len(app.faults) == 1
    app.faults.clear()


def test_a_failing_draw_keeps_the_window_alive(app, open_demo, monkeypatch, tmp_path: Path) -> None:
    """A fault while drawing: the frame still flips, with the message; Esc still goes home."""
    import visualizer.faults as faults

    monkeypatch.setattr(faults, "log_folder", lambda: tmp_path / "logs")
    shell = open_demo("recursion")

    def broken(*args: object) -> None:
        raise ValueError("cannot draw this")

    monkeypatch.setattr(shell.demo, "draw", broken)
    app.frame(1 / 60)
    assert "cannot draw this" in app.message
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, Home)
    assert app.faults and all("cannot draw this" in fault for fault in app.faults)
    app.faults.clear()


def test_the_app_rests_only_when_nothing_moves(app, open_demo) -> None:
    """Paused and settled: at rest (the loop sleeps until input); playing or showing a message: not."""
    assert app.at_rest()  # the home screen
    shell = open_demo("recursion")
    app.message_until = 0.0
    assert app.at_rest()
    press(app, pygame.K_SPACE, " ")
    assert shell.run.playing and not app.at_rest()
    press(app, pygame.K_SPACE, " ")
    app.message_until = 0.0
    assert app.at_rest()
    app.notify("saved")
    assert not app.at_rest()


def test_waiting_for_input_hands_the_event_to_the_next_frame(app, open_demo) -> None:
    """A key pressed while the app sleeps is handled by the frame after it wakes."""
    shell = open_demo("recursion")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    app.wait_for_input()
    app.frame(1 / 60)
    assert shell.run.cursor == 1


def test_a_rest_with_no_input_ends_by_itself_and_leaves_the_queue_empty(app, monkeypatch) -> None:
    """At rest the loop still wakes now and then (for what changes without input), inventing no event."""
    from visualizer import app as app_module

    monkeypatch.setattr(app_module, "REST_WAKE_MS", 30)
    pygame.event.clear()
    app.wait_for_input()
    assert pygame.event.get() == []


def test_a_stepper_value_can_be_typed_and_owns_the_keyboard(app, open_demo) -> None:
    """Click the number, type 12 and Enter: N is 12; F typed meanwhile is not fullscreen, Esc cancels."""
    from visualizer.widgets import Stepper

    shell = open_demo("recursion")
    app.frame(1 / 60)
    stepper = next(w for w in shell.options if isinstance(w, Stepper) and w.label == "N")
    value_at = (stepper.rect.right - app.theme.px(26) - app.theme.px(22), stepper.rect.centery)
    click(app, value_at)
    assert stepper.editing and app.screen.owns_keyboard()
    for key, char in ((pygame.K_1, "1"), (pygame.K_f, "f"), (pygame.K_2, "2"), (pygame.K_RETURN, "\r")):
        press(app, key, char)
    assert shell.demo.n == 12 and not stepper.editing and isinstance(app.screen, Shell)
    click(app, value_at)
    press(app, pygame.K_9, "9")
    press(app, pygame.K_ESCAPE)
    assert shell.demo.n == 12 and isinstance(app.screen, Shell)  # Esc cancelled the typing only
    click(app, value_at)
    press(app, pygame.K_9, "9")
    press(app, pygame.K_9, "9")
    press(app, pygame.K_RETURN, "\r")
    assert shell.demo.n == 40  # kept within the stepper's bounds


def test_quitting_or_leaving_with_unsaved_work_asks_first(app, open_demo, monkeypatch) -> None:
    """With unsaved work, closing the window or Esc asks; Esc keeps the work, Enter leaves."""
    shell = open_demo("recursion")
    monkeypatch.setattr(shell.demo, "unsaved", lambda: "your drawn maze")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(1 / 60)
    assert app.running and app.prompt is not None
    assert app.prompt.question == "Quit and lose your drawn maze? It is not saved."
    press(app, pygame.K_ESCAPE)
    assert app.running and app.prompt is None and app.screen is shell
    press(app, pygame.K_ESCAPE)  # Esc in the demo: go home? it asks too
    assert app.prompt is not None and app.screen is shell and "home screen" in app.prompt.question
    press(app, pygame.K_RETURN, "\r")
    assert isinstance(app.screen, Home)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(1 / 60)
    assert not app.running  # nothing unsaved on the home screen: it quits at once


def test_resizing_through_many_scales_keeps_the_theme_caches_bounded(app) -> None:
    """A window dragged through a hundred sizes keeps a bounded set of fonts and only this scale's text."""
    from visualizer.theme import FONT_CACHE_SIZE

    theme = app.theme
    theme.fit = True
    for width in range(1024, 3024, 20):
        theme.fit_window((width, width * 5 // 8))
        for size in ("tiny", "small", "body", "large", "title"):
            theme.text("counters", size, face="bold")
    assert len(theme._fonts) <= FONT_CACHE_SIZE
    assert {key[-1] for key in theme._texts} == {theme.scale}


def test_leaving_asks_in_the_app_language(app, open_demo, monkeypatch) -> None:
    """The question about unsaved work is one translated sentence, the demo's words for the work inside it."""
    from solvers import i18n

    shell = open_demo("recursion")
    i18n.use("ko")
    try:
        monkeypatch.setattr(shell.demo, "unsaved", lambda: i18n._("your drawn maze"))
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        app.frame(1 / 60)
        assert app.prompt is not None
        question = app.prompt.question
        assert "직접 그린 미로" in question and question.startswith("저장하지 않은 작업이 있습니다")
    finally:
        i18n.use("en")


class RecordingSurface(pygame.Surface):
    """A surface that notes where each blit lands."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.landed: list[pygame.Rect] = []

    def blit(self, source: pygame.Surface, dest: object, *args: object, **kwargs: object) -> pygame.Rect:  # type: ignore[override]
        """Blit, and keep the rectangle the source covers."""
        corner = dest.topleft if isinstance(dest, pygame.Rect) else tuple(dest)[:2]  # type: ignore[arg-type]
        self.landed.append(source.get_rect(topleft=corner))
        return super().blit(source, dest, *args, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["en", "ko", "zh_CN"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_home_cards_keep_their_text_at_every_presenter_step(app, lang: str, size: tuple[int, int]) -> None:
    """Steps 1 to 5: what is drawn in a card stays in it (a short card drops its blurb, never spills it)."""
    from solvers.i18n import use

    use(lang)
    try:
        for step in range(5):
            app.theme.presenter = app.theme.scale = 1.0
            app.theme.zoom(step)
            app.theme.fit_window(size)
            surface = RecordingSurface(size)
            app.screen.draw(surface)
            cards = app.screen.grid(size)[0]
            spilled = [
                (step + 1, card, landed)
                for landed in surface.landed
                for card in cards
                if card.collidepoint(landed.topleft) and not card.contains(landed)
            ]
            assert spilled == []
    finally:
        use("en")
