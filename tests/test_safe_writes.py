"""Writes that go wrong: devices and pipes, full disks, killed saves, bad settings files."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from cli_runner import run

from solvers import textio
from visualizer import files, record

POSIX = pytest.mark.skipif(os.name != "posix", reason="fifos and process ids are POSIX")


# --- devices and pipes are written through, never renamed over --------------------------


def test_the_write_decision_for_each_kind_of_path(tmp_path: Path) -> None:
    """A file or a new name is replaced; a fifo and /dev/null are written through; a folder is refused."""
    regular = tmp_path / "m.txt"
    regular.write_text("old")
    assert textio.writes_through(regular) is False
    assert textio.writes_through(tmp_path / "new.txt") is False
    with pytest.raises(IsADirectoryError):
        textio.writes_through(tmp_path)
    if os.name == "posix":
        fifo = tmp_path / "pipe"
        os.mkfifo(fifo)
        assert textio.writes_through(fifo) is True
        null = Path(os.devnull)
        assert stat.S_ISCHR(null.stat().st_mode)  # only its mode is read: /dev/null is never written here
        assert textio.writes_through(null) is True


def _read_fifo(fifo: Path, into: list[bytes]) -> threading.Thread:
    """A reader thread that keeps everything written to `fifo`."""

    def read() -> None:
        """Read the fifo to its end."""
        with open(fifo, "rb") as handle:
            into.append(handle.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader


@POSIX
@pytest.mark.parametrize("binary", [False, True])
def test_a_fifo_stays_a_fifo_and_gets_the_bytes(tmp_path: Path, binary: bool) -> None:
    """`--out FIFO` (as `--out /dev/null`): the bytes go through the pipe; no rename turns it into a file."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = _read_fifo(fifo, got)
    if binary:
        textio.write_bytes_atomic(fifo, b"\x89PNG")
    else:
        textio.write_atomic(fifo, "+--+\n|SG|\n+--+\n")
    reader.join(timeout=60)
    assert got == [b"\x89PNG" if binary else b"+--+\n|SG|\n+--+\n"]
    assert stat.S_ISFIFO(fifo.stat().st_mode) and os.listdir(tmp_path) == ["pipe"]


@POSIX
def test_maze_generate_out_a_fifo_writes_through(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`maze generate 5 5 --out FIFO` writes the maze into the pipe and leaves it a pipe."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = _read_fifo(fifo, got)
    assert run(capsys, "maze", "generate", "5", "5", "--seed", "3", "--out", str(fifo))[0] == 0
    reader.join(timeout=60)
    assert got[0].decode().startswith("+--+--+") and stat.S_ISFIFO(fifo.stat().st_mode)


# --- full disks ----------------------------------------------------------------------------


@contextlib.contextmanager
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MB tmpfs filled to the brim (root on Linux); the test is skipped where mounting is not allowed."""
    folder = tmp_path / "full"
    folder.mkdir()
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root on Linux")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True, check=False
    )
    if mounted.returncode != 0:
        pytest.skip("mounting a tmpfs is not allowed here")
    try:
        with contextlib.suppress(OSError), open(folder / "filler", "wb") as filler:
            filler.write(bytes(2 * 2**20))
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], capture_output=True, check=False)


def test_a_png_on_a_full_disk_is_an_error_not_an_empty_file(tmp_path: Path) -> None:
    """P or --screenshot onto a full disk raises (the app says so); no 0-byte PNG is left."""
    with full_disk(tmp_path) as folder:
        with pytest.raises(OSError) as raised:
            record.save_png(pygame.Surface((64, 64)), folder / "x.png")
        assert raised.value.errno == errno.ENOSPC
        assert sorted(os.listdir(folder)) == ["filler"]


class FullFile:
    """A file whose writes fail as a full disk's do."""

    def __init__(self, handle: Any) -> None:
        self.handle = handle

    def write(self, data: Any) -> int:
        """Fail: no space left."""
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __enter__(self) -> FullFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.handle.close()


def test_a_png_whose_write_fails_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """ENOSPC injected into the write: save_png raises, the old picture stays, no temporary file."""
    target = tmp_path / "shot.png"
    target.write_bytes(b"the old picture")
    opened = textio._opened
    monkeypatch.setattr(
        textio, "_opened", lambda path, binary, encoding: FullFile(opened(path, binary, encoding))
    )
    with pytest.raises(OSError):
        record.save_png(pygame.Surface((4, 4)), target)
    assert target.read_bytes() == b"the old picture" and os.listdir(tmp_path) == ["shot.png"]


def test_a_gif_that_cannot_be_written_ends_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A GIF encoder that fails after reading every frame (a full disk) ends: the export returns, G says why.

    The encoder used to wait for a 'stop' it had already read, so `--export` never
    returned and quitting waited 120 s.
    """

    def disk_full(frames: Iterator[Any], path: Path, fps: float) -> int:
        """Read every frame, as Pillow does before it writes, then fail."""
        list(frames)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(record, "write_gif", disk_full)
    recorder = record.Recorder(tmp_path / "e.gif", wait=True)
    for tick in range(5):
        recorder.grab(pygame.Surface((32, 24)), tick)
    recorder.stop()
    recorder.writer.join(timeout=60)
    assert not recorder.writer.is_alive()
    assert recorder.result.startswith("could not save") and "No space left" in recorder.result
    assert os.listdir(tmp_path) == []


def test_an_export_to_a_full_disk_returns_with_one_line(tmp_path: Path) -> None:
    """`unwind queens --export FULL/e.gif --frames 40` exits 1 with one line; no file is left."""
    with full_disk(tmp_path) as folder:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "visualizer",
                "queens",
                "--export",
                str(folder / "e.gif"),
                "--frames",
                "40",
            ],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
            check=False,
        )
        assert done.returncode == 1 and "No space left" in done.stdout and "Traceback" not in done.stderr
        assert sorted(os.listdir(folder)) == ["filler"]


# --- temporary files a killed save left behind --------------------------------------------


def _dead_pid() -> int:
    """The id of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@POSIX
def test_a_save_removes_the_temporary_files_killed_saves_left(tmp_path: Path) -> None:
    """Ours whose process is gone, or old-style ones over an hour old, go; live, recent and others' stay."""
    hour_ago = time.time() - 2 * textio.STALE_SECONDS
    stale = [f".maze.{_dead_pid()}-0badf00d.part.txt", ".maze.deadbeef.part.txt", ".m.txt.k2x_9ab1.tmp"]
    kept = [
        f".maze.{os.getppid()}-0badf00d.part.txt",  # a save still going in a live process
        ".maze.cafe0123.part.txt",  # old style, but recent: it may still be written
        ".notes.part.txt",  # not our naming
        "maze.txt",
    ]
    for name in stale + kept:
        (tmp_path / name).write_bytes(b"x" * 100)
    for name in (stale[1], stale[2], ".notes.part.txt"):
        os.utime(tmp_path / name, (hour_ago, hour_ago))
    textio.write_atomic(tmp_path / "maze.txt", "new")
    assert sorted(os.listdir(tmp_path)) == sorted(kept)
    assert (tmp_path / "maze.txt").read_text() == "new"


# --- settings files that are not settings ------------------------------------------------

BAD_SETTINGS = {
    "a number for the language": '{"language": 5}',
    "NaN": '{"language": NaN}',
    "deep nesting": "[" * 100_000 + "]" * 100_000,
    "recent files not a list": '{"recent": {"maze": "m.txt"}}',
    "recent not an object": '{"recent": [1, 2]}',
    "a list": "[1]",
    "not UTF-8": b"\xff\xfe{}",
    "not JSON": "{not json",
}


@pytest.mark.parametrize("content", BAD_SETTINGS.values(), ids=BAD_SETTINGS.keys())
def test_a_bad_settings_file_is_set_aside_with_one_line(
    own_user_folders: Path, content: str | bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    """The launcher starts on defaults, says so once, and keeps the file as settings.json.bad."""
    from visualizer.__main__ import main as launch

    path = files.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    with pytest.raises(SystemExit) as done:
        launch(["--help"])
    assert done.value.code == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "settings.json.bad" in err and "Traceback" not in err
    assert sorted(os.listdir(path.parent)) == ["settings.json.bad"]
    assert files.load_settings() == {} and capsys.readouterr().err == ""  # the next launch: silent
    maze = own_user_folders / "m.txt"
    maze.write_text("+--+\n|SG|\n+--+\n")
    files.remember("maze", maze)
    assert files.recent_files("maze") == [maze.resolve()]
