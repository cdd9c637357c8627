"""A real file dialog: pygame_gui's file browser, with the recent files beside it.

It is modal: while it is open the app hands it every input event.  A save
that would replace an existing file asks first; a save onto a file that
ships with the app becomes the user's own copy (see `files.own_copy`).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList, UIWindow
from pygame_gui.windows import UIConfirmationDialog, UIFileDialog

from solvers.i18n import N_, _, format_number, language, ngettext
from visualizer import files
from visualizer.assets import asset
from visualizer.files import is_bundled, own_copy
from visualizer.theme import FALLBACK_FILES, Theme

LOG = logging.getLogger(__name__)
DIALOG_SIZE = (640, 480)
RECENT_WIDTH = 300
LEAST_WINDOW = (320, 360)
"""The smallest window the file dialog opens in (pygame_gui's file dialog is at least 260x300)."""
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
"""The keys that press the dialog's OK button once a file is chosen (in a folder, Return opens it)."""
FILE_KINDS = {"maze": N_("maze"), "sudoku": N_("sudoku"), "lesson": N_("lesson")}
"""The kinds of user file in words, for the dialog's title."""


_MANAGERS: list[pygame_gui.UIManager] = []

GUI_LOCALES = {"en": "en", "ko": "ko", "zh_CN": "zh"}
"""pygame_gui's name for each language: its own buttons translate and it picks a font with the script."""


def shared_manager(window: tuple[int, int]) -> pygame_gui.UIManager:
    """The one pygame_gui manager, sized to `window`: each new manager loads its theme's fonts again.

    It uses pygame_gui's own theme, whose rows are sized for it, in the app's language.
    """
    if not _MANAGERS:
        _MANAGERS.append(pygame_gui.UIManager(window))
        use_all_scripts(_MANAGERS[0])
    manager = _MANAGERS[0]
    manager.clear_and_reset()
    manager.set_window_resolution(window)
    gui_locale = GUI_LOCALES.get(language(), "en")
    if manager.get_locale() != gui_locale:
        manager.set_locale(gui_locale)
    return manager


DIALOG_FONT = "unwind_all_scripts"
DIALOG_ELEMENTS = ("label", "button", "text_entry_line", "text_box", "selection_list", "window", "title_bar")
"""The pygame_gui element kinds the file dialog is made of: each is given the app's font."""


def use_all_scripts(manager: pygame_gui.UIManager) -> None:
    """Draw the dialog in the app's Noto CJK subset, which has Latin, Hangul and Chinese alike.

    pygame_gui picks one font per language (its Korean one has no simplified
    Chinese, its Latin one no Hangul), and a font has no fallback there, so a
    file name mixing scripts drew boxes.
    """
    regular, bold = (str(asset("fonts", FALLBACK_FILES[face][0])) for face in ("sans", "bold"))
    manager.add_font_paths(DIALOG_FONT, regular, bold, regular, bold)
    font = {"name": DIALOG_FONT, "size": "14", "regular_path": regular, "bold_path": bold}
    manager.get_theme().load_theme({element: {"font": font} for element in DIALOG_ELEMENTS})


def drawable(name: str) -> bool:
    """True when a file name can be drawn: a name whose bytes are not UTF-8 comes as lone surrogates."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def unlisted_words(count: int) -> str:
    """Says that `count` names in the folder are left out of the list."""
    words = ngettext(
        "{count} file name here is not UTF-8 and is not listed: rename it to open it",
        "{count} file names here are not UTF-8 and are not listed: rename them to open them",
        count,
    )
    return words.format(count=format_number(count))


class ListingDialog(UIFileDialog):
    """pygame_gui's file browser, leaving out the names it cannot draw and saying how many.

    A zip made on a Korean or Chinese Windows names its files in CP949 or GBK;
    pygame_gui raised on such a name and the dialog never opened.
    """

    def __init__(self, *args: Any, unlisted: Callable[[int], None], **kwargs: Any) -> None:
        self.unlisted = unlisted
        super().__init__(*args, **kwargs)

    def _create_list_of_directories_and_files_on_current_path(self) -> None:
        """The folder's entries as pygame_gui lists them, without the undrawable names."""
        super()._create_list_of_directories_and_files_on_current_path()
        listed = self.current_file_list
        self.current_file_list = [
            item for item in listed if drawable(item[0] if isinstance(item, tuple) else item)
        ]
        if len(self.current_file_list) < len(listed):
            self.unlisted(len(listed) - len(self.current_file_list))


class FileChooser:
    """One open or save question, answered by `done(path)` or dropped when cancelled."""

    def __init__(
        self,
        window: tuple[int, int],
        theme: Theme,
        *,
        title: str,
        kind: str,
        save: bool,
        start: Path,
        recent: list[Path],
        done: Callable[[Path], None],
        tell: Callable[[str], None],
    ) -> None:
        self.kind = kind
        self.save = save
        self.done = done
        self.tell = tell
        self.open = True
        self.manager = shared_manager(window)
        self.dialog = ListingDialog(
            dialog_rect(window, theme),
            self.manager,
            window_title=title,
            initial_file_path=str(start),
            allow_existing_files_only=not save,
            unlisted=lambda count: tell(unlisted_words(count)),  # never the chooser: it holds the demo
        )
        self.recent_paths = recent
        self.recent = self._recent_window(window, theme, recent) if recent else None
        self.confirm: UIConfirmationDialog | None = None
        self._pending: Path | None = None

    def _recent_window(
        self, window: tuple[int, int], theme: Theme, recent: list[Path]
    ) -> UISelectionList | None:
        """The recent files, one click each, to the right of the dialog."""
        box = dialog_rect(window, theme)
        width = min(theme.px(RECENT_WIDTH), max(0, window[0] - box.right - theme.px(8)))
        if width < theme.px(160):
            return None  # no room: the browser alone
        place = pygame.Rect(box.right + theme.px(8), box.y, width, box.h)
        frame = UIWindow(place, self.manager, _("Recent files"))
        inside = pygame.Rect((0, 0), frame.get_container().get_size())
        items: list[str | tuple[str, str]] = [recent_label(path) for path in recent]
        return UISelectionList(inside, items, self.manager, container=frame)

    def handle(self, event: pygame.event.Event) -> None:
        """Give the dialog an input event; Esc cancels."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.confirm is None:
            self.close()
            return
        if event.type == pygame.KEYDOWN and event.key in ENTER_KEYS and self._ok_ready():
            ok = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=self.dialog.ok_button)
            self.manager.process_events(ok)
            return
        try:
            self.manager.process_events(event)
        except IndexError:
            self._mend_path_entry()
            return
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element == self.dialog:
            self.picked(Path(event.text))
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and self.recent is not None:
            index = self._recent_index(event.text)
            if index is not None:
                self.picked(self.recent_paths[index])
        elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and self._pending is not None:
            self._finish(self._pending)
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element in (self.dialog, self.confirm):
            if event.ui_element is self.dialog and self._pending is None:
                self.close()
            elif event.ui_element is self.confirm:
                self.confirm, self._pending = None, None

    def _ok_ready(self) -> bool:
        """True when the dialog holds a file its OK button would answer with (Return then presses OK)."""
        dialog = self.dialog
        return self.confirm is None and dialog.ok_button.is_enabled and dialog.current_file_path is not None

    def _mend_path_entry(self) -> None:
        """Rebuild the path line after pygame_gui lost its text selection; the typed path is kept.

        pygame_gui's text layout can delete a selection it no longer has rows for
        ("No selected rows", its issues #705 and #717); the keystroke is dropped.
        """
        entry = self.dialog.file_path_text_line
        entry.set_text(entry.get_text())
        LOG.warning("pygame_gui lost the path line's selection; the keystroke was dropped")

    def _recent_index(self, text: str) -> int | None:
        """Which recent file a list entry names."""
        names = [recent_label(path) for path in self.recent_paths]
        return names.index(text) if text in names else None

    def picked(self, path: Path) -> None:
        """A path was chosen: check it (read-only, replace?) and answer."""
        if self.save and is_bundled(path):
            copy = own_copy(path, self.kind)
            kept = _("{name} ships with Unwind and is kept as it is: saving your copy to {copy}")
            self.tell(kept.format(name=path.name, copy=copy))
            path = copy
        if self.save and path.exists():
            self._pending = path
            rect = pygame.Rect(0, 0, 420, 200)
            rect.center = self.dialog.rect.center
            question = _("{name} exists already. Replace it?").format(name=path.name)
            self.confirm = UIConfirmationDialog(rect, question, self.manager, action_short_name=_("Replace"))
            return
        self._finish(path)

    def _finish(self, path: Path) -> None:
        """Answer with `path` and close."""
        self.close()
        self.done(path)

    def close(self) -> None:
        """Close without (further) answer."""
        self.open = False
        self.manager.clear_and_reset()

    def update(self, dt: float) -> None:
        """Animate the dialog (the text cursor, hover states)."""
        self.manager.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the dialog over the screen."""
        self.manager.draw_ui(surface)


def window_fits(window: tuple[int, int]) -> bool:
    """True when the window can hold the file dialog (smaller, pygame_gui recurses without end)."""
    return window[0] >= LEAST_WINDOW[0] and window[1] >= LEAST_WINDOW[1]


def dialog_rect(window: tuple[int, int], theme: Theme) -> pygame.Rect:
    """The file browser's box: its design size at this scale, within the window, centred left."""
    width = min(theme.px(DIALOG_SIZE[0]), window[0] - theme.px(20))
    height = min(theme.px(DIALOG_SIZE[1]), window[1] - theme.px(20))
    recent = theme.px(RECENT_WIDTH + 8)
    x = max(theme.px(10), (window[0] - width - recent) // 2)
    return pygame.Rect(x, (window[1] - height) // 2, width, height)


def recent_label(path: Path) -> str:
    """How the recent list names a file: its name, then its folder."""
    return f"{path.name}   {path.parent}"


def chooser_for(
    window: tuple[int, int],
    theme: Theme,
    kind: str,
    *,
    save: bool,
    suggested: str,
    done: Callable[[Path], None],
    tell: Callable[[str], None],
) -> FileChooser | None:
    """The dialog for a `kind` of file ('maze', 'sudoku'), or None (told why) in too small a window.

    It starts in the folder last used for that kind (else the platform's
    documents folder) and lists the recent files beside it; the choice is
    remembered as recent before `done` gets it.
    """
    if not window_fits(window):
        least = f"{LEAST_WINDOW[0]}×{LEAST_WINDOW[1]}"
        tell(_("the window is too small for the file dialog: make it at least {size}").format(size=least))
        return None
    recent = files.recent_files(kind)
    folder = recent[0].parent if recent else files.documents_folder(kind)
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)

    def chosen(path: Path) -> None:
        """Remember the file, then answer."""
        files.remember(kind, path)
        done(path)

    kind_words = _(FILE_KINDS.get(kind, kind))
    title = (_("Save the {kind} as") if save else _("Open a {kind}")).format(kind=kind_words)
    start = folder / suggested if save else folder
    return FileChooser(
        window, theme, title=title, kind=kind, save=save, start=start, recent=recent, done=chosen, tell=tell
    )
