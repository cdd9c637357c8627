"""The user's files: the file dialog, recent files, bundled files kept read-only, atomic settings."""

from __future__ import annotations

import concurrent.futures
import os
from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui import pick_file

from visualizer import files


def test_the_dialog_answers_remembers_and_starts_in_the_documents_folder(app, own_user_folders: Path) -> None:
    chosen: list[Path] = []
    app.choose_file("maze", save=False, suggested="", done=chosen.append)
    assert app.chooser is not None and not app.at_rest()
    target = own_user_folders / "Documents" / "Unwind" / "maze"
    assert target.is_dir()  # the platform's documents folder, made on first use
    maze = target / "mine.txt"
    maze.write_text("+--+\n|SG|\n+--+\n")
    pick_file(app, maze)
    assert chosen == [maze] and app.chooser is None
    assert files.recent_files("maze") == [maze.resolve()]


def test_esc_closes_the_dialog_without_an_answer(app) -> None:
    chosen: list[Path] = []
    app.choose_file("sudoku", save=False, suggested="", done=chosen.append)
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)
    )
    app.frame(1 / 60)
    assert app.chooser is None and chosen == [] and app.running


def test_return_answers_the_dialog_as_ok_does(app, own_user_folders: Path) -> None:
    """A file picked in the list, then Return: the dialog answers with it (it used to do nothing)."""
    chosen: list[Path] = []
    folder = own_user_folders / "Documents" / "Unwind" / "maze"
    folder.mkdir(parents=True)
    maze = folder / "mine.txt"
    maze.write_text("+--+\n|SG|\n+--+\n")
    app.choose_file("maze", save=False, suggested="", done=chosen.append)
    dialog = app.chooser.dialog
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, text="mine.txt", ui_element=dialog.file_selection_list
        )
    )
    app.frame(1 / 60)
    assert chosen == [] and dialog.ok_button.is_enabled
    for _ in range(2):  # the key, then the answer OK posts
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        )
        app.frame(1 / 60)
    assert chosen == [maze.resolve()] and app.chooser is None


def test_a_name_that_is_not_utf8_is_left_out_and_the_dialog_opens(app, own_user_folders: Path) -> None:
    """`caf\\xe9.txt` (a zip from a Korean or Chinese Windows) beside a maze: the list has the maze."""
    folder = own_user_folders / "Documents" / "Unwind" / "maze"
    folder.mkdir(parents=True)
    (folder / "mine.txt").write_text("+--+\n|SG|\n+--+\n")
    try:
        Path(os.fsdecode(os.fsencode(folder) + b"/caf\xe9.txt")).write_text("x")
    except (OSError, UnicodeError):
        pytest.skip("this file system takes UTF-8 names only")
    app.choose_file("maze", save=False, suggested="", done=lambda path: None)
    app.frame(1 / 60)
    assert app.faults == [] and app.chooser is not None
    listed = [item.get("text") for item in app.chooser.dialog.file_selection_list.item_list]
    assert listed == ["mine.txt"] and "not UTF-8" in app.message


def test_saving_over_a_file_asks_first(app, tmp_path: Path) -> None:
    chosen: list[Path] = []
    old = tmp_path / "old.txt"
    old.write_text("keep me")
    app.choose_file("maze", save=True, suggested="old.txt", done=chosen.append)
    pick_file(app, old)
    assert chosen == [] and app.chooser is not None and app.chooser.confirm is not None
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=app.chooser.confirm)
    )
    app.frame(1 / 60)
    assert chosen == [old]


def test_a_bundled_puzzle_is_never_the_save_target(app, own_user_folders: Path) -> None:
    chosen: list[Path] = []
    bundled = next((files.assets_folder() / "puzzles" / "mazes").glob("*.txt"))
    app.choose_file("maze", save=True, suggested=bundled.name, done=chosen.append)
    pick_file(app, bundled)
    if app.chooser is not None and app.chooser.confirm is not None:  # the copy exists from an earlier save
        pygame.event.post(
            pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=app.chooser.confirm)
        )
        app.frame(1 / 60)
    assert chosen == [own_user_folders / "Documents" / "Unwind" / "maze" / bundled.name]
    assert "ships with Unwind" in app.message


def test_settings_survive_a_broken_file_and_are_written_whole(own_user_folders: Path) -> None:
    path = files.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json")
    assert files.load_settings() == {}
    files.remember("maze", own_user_folders)
    assert files.load_settings()["recent"]["maze"] == [str(own_user_folders.resolve())]
    names = sorted(p.name for p in path.parent.iterdir())
    assert names == ["settings.json", "settings.json.bad"]  # the broken one set aside; no temporary left


@pytest.mark.parametrize("name", ["README.md", "nested/x.txt"])
def test_only_files_inside_the_assets_are_bundled(name: str, tmp_path: Path) -> None:
    assert files.is_bundled(files.assets_folder() / "fonts" / "DejaVuSans.ttf")
    assert not files.is_bundled(tmp_path / name)


def test_a_file_is_read_off_the_frame_and_answered_on_it(app, tmp_path: Path) -> None:
    from visualizer.loading import FileTooLarge, read_capped

    good = tmp_path / "good.txt"
    good.write_bytes("\ufeffhello".encode())
    results: list[str] = []
    app.load_file(good, str.upper, results.append)
    app.loading[0].future.result(timeout=10)
    assert results == []  # nothing happens off the frame
    app.frame(1 / 60)
    assert results == ["HELLO"] and "opened" in app.message and not app.loading
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"9" * 64)
    with pytest.raises(FileTooLarge, match=r"huge\.txt is"):
        read_capped(huge, limit=32)
    garbage = tmp_path / "garbage.txt"
    garbage.write_bytes(bytes(range(128, 256)) * 1000)
    app.load_file(garbage, str.upper, results.append)
    concurrent.futures.wait([app.loading[0].future], timeout=10)
    app.frame(1 / 60)
    assert results == ["HELLO"] and app.message.startswith("could not open garbage.txt: ")
    assert len(app.message) < 200 and app.faults == []


def test_a_window_too_small_for_the_dialog_says_so(app) -> None:
    """Below the dialog's least size (pygame_gui would recurse without end) the app says why in one line."""
    pygame.display.set_mode((240, 200))
    chosen: list[Path] = []
    app.choose_file("sudoku", save=False, suggested="", done=chosen.append)
    app.frame(1 / 60)
    assert app.chooser is None and "too small for the file dialog" in app.message and app.faults == []


def test_a_lost_text_selection_in_the_dialog_drops_the_keystroke_not_the_dialog(app, monkeypatch) -> None:
    chosen: list[Path] = []
    app.choose_file("maze", save=False, suggested="", done=chosen.append)
    entry = app.chooser.dialog.file_path_text_line
    entry.set_text("/tmp/half-typed.txt")

    def lose_the_selection(event: pygame.event.Event) -> bool:
        raise IndexError("No selected rows.")  # what pygame_gui's text layout raises (its issues #705, #717)

    monkeypatch.setattr(app.chooser.manager, "process_events", lose_the_selection)
    backspace = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0)
    pygame.event.post(backspace)
    app.frame(1 / 60)
    assert app.faults == [] and app.chooser is not None and app.chooser.open
    assert entry.get_text() == "/tmp/half-typed.txt" and chosen == []


def test_file_names_in_three_scripts_draw_in_the_dialog(app) -> None:
    """The dialog's labels, buttons and list draw in the app's face, which has Latin, Hangul and Chinese."""
    from visualizer import dialogs
    from visualizer.assets import asset
    from visualizer.glyphs import coverage
    from visualizer.theme import FALLBACK_FILES

    manager = dialogs.shared_manager((640, 480))
    label = pygame_gui.elements.UILabel(pygame.Rect(0, 0, 300, 30), "퍼즐_题目 maze.txt", manager=manager)
    face = coverage(str(asset("fonts", FALLBACK_FILES["sans"][0])))
    assert label.font is manager.get_theme().get_font_dictionary().find_font(14, dialogs.DIALOG_FONT)
    assert set(map(ord, "퍼즐_题目 maze.txt")) <= face
    label.kill()
