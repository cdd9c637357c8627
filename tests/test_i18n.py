"""Korean and Chinese: complete catalogs, no English left outside gettext, every glyph drawn, headless runs.

The catalogs are checked against a fresh Babel extraction of the code (tools/catalogs.py),
so a newly marked string fails here until both languages translate it.
"""

from __future__ import annotations

import ast
import re
import string
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_runner import run as run_cli
from cli_runner import run_process

from solvers import i18n

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import catalogs  # noqa: E402  (tools/ is not a package)

LANGUAGES = ("ko", "zh_CN")


@pytest.fixture(autouse=True)
def back_to_english() -> Iterator[None]:
    """Every test leaves the process speaking English, as the others expect."""
    yield
    i18n.use("en")


@pytest.fixture(scope="module")
def template() -> catalogs.Catalog:
    """Every string the code marks today."""
    return catalogs.extract()


def translations(language: str) -> list[tuple[str, str]]:
    """(English, translation) for every message and plural form of `language`'s catalog."""
    pairs = []
    for message in catalogs.load(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        pairs += [(ids[-1] if len(ids) > 1 else ids[0], text) for text in strings]
    return pairs


# --- (a) complete catalogs ----------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_string_is_translated(language: str, template: catalogs.Catalog) -> None:
    """Extract, then diff against the catalog: nothing the code marks is missing, empty or fuzzy."""
    missing = catalogs.untranslated(catalogs.load(language), template)
    assert missing == [], f"{len(missing)} untranslated in {language} (run tools/catalogs.py): {missing[:10]}"


def test_chinese_holds_no_korean() -> None:
    """No zh_CN message is Korean: a fill that shared one message object between languages once did that."""
    korean = [english for english, text in translations("zh_CN") if re.search("[\uac00-\ud7a3]", text)]
    assert korean == []


def test_the_diff_catches_a_new_string(template: catalogs.Catalog) -> None:
    """The check itself: a message the catalog has never seen is reported."""
    template.add("a sentence nobody translated yet")
    assert catalogs.untranslated(catalogs.load("ko"), template) == ["a sentence nobody translated yet"]


def fields(text: str) -> set[str]:
    """The named placeholders of a format string."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_their_placeholders(language: str) -> None:
    """Each translation uses exactly the English placeholders: `.format` neither fails nor drops a value."""
    wrong = [(english, text) for english, text in translations(language) if fields(english) != fields(text)]
    assert wrong == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_language_is_used(language: str) -> None:
    """After `use`, gettext, plurals and comments in pseudocode come out translated."""
    assert i18n.use(language) == language
    assert i18n._("call stack") != "call stack"
    assert i18n.ngettext("{count} event", "{count} events", 2) != "{count} events"
    assert i18n.translate_pseudocode("    // the base case is missing!").startswith("    // ")
    assert "base case" not in i18n.translate_pseudocode("    // the base case is missing!")


@pytest.mark.parametrize(("language", "maximum"), [("ko", "최댓"), ("zh_CN", "最大")])
def test_a_min_nodes_best_so_far_is_not_called_a_maximum(language: str, maximum: str) -> None:
    """Game trees tag an open node 'best v', a MIN node's lowest; the recursion demo's 'best' is a maximum."""
    from visualizer.searchtree import best_so_far_text

    i18n.use(language)
    label = best_so_far_text(-3.0)
    assert "−3" in label and maximum not in label and "best" not in label
    assert maximum in i18n._("best {value}")


def test_the_games_card_says_whose_mark_is_whose_in_korean() -> None:
    """Korean calls the person 나 ("I"); under "what the computer thinks" a bare 나 reads as the computer."""
    i18n.use("ko")
    for msgid, mine, theirs in (("you play x (disc).", "x", "o"), ("you play o (ring).", "o", "x")):
        text = i18n._(msgid)
        assert f"나: {mine}" in text and f"컴퓨터: {theirs}" in text, text


def test_the_choice_of_language() -> None:
    """--lang, then the saved choice, then the system's locale, then English."""
    assert i18n.choose("ko", "zh_CN") == "ko"
    assert i18n.choose(None, "zh_CN") == "zh_CN"
    assert i18n.system_language({"LANG": "ko_KR.UTF-8"}) == "ko"
    assert i18n.system_language({"LC_ALL": "zh_CN.UTF-8", "LANG": "ko_KR.UTF-8"}) == "zh_CN"
    assert i18n.system_language({"LC_ALL": "C", "LANG": "ko_KR.UTF-8"}) is None
    assert i18n.system_language({"LANG": "fr_FR.UTF-8"}) is None
    assert i18n.normalise("zh-Hans") == "zh_CN" and i18n.normalise("ko-KR") == "ko"


def test_catalogs_compile_once_into_the_cache() -> None:
    """The first use compiles the .po into the cache; the file is reused while the catalog is unchanged."""
    i18n.use("ko")
    cached = list(i18n._cache_folder().glob("ko-*.mo"))
    assert len(cached) == 1
    stamp = cached[0].stat().st_mtime_ns
    i18n.use("ko")
    assert cached[0].stat().st_mtime_ns == stamp


def test_numbers_follow_the_language() -> None:
    """Babel groups the digits."""
    i18n.use("ko")
    assert i18n.format_number(1234567) == "1,234,567"


# --- (b) nothing user-visible bypasses gettext ----------------------------------------

CONVERTED = sorted(
    path.relative_to(ROOT).as_posix()
    for folder in ("solvers", "visualizer")
    for path in (ROOT / folder).rglob("*.py")
)
"""Every module of the app and the CLI: all their user-visible text is translated (the list once grew
demo by demo; now none is left out, and a new module is scanned from its first line)."""

SINKS: dict[str, tuple[int, ...]] = {
    "text": (0,),
    "fit_text": (1,),
    "wrap": (1,),
    "notify": (0,),
    "card": (3,),
    "card_content": (2,),
    "banner": (3, 4),
    "Button": (0,),
    "Label": (0,),
    "Stepper": (0,),
    "Choice": (0,),
    "FrameView": (0, 2),
    "Tag": (0,),
    "TraceInputError": (0,),
    "ask": (0,),
    "Binding": (2,),
    "Gesture": (0, 1),
    "ArgumentTypeError": (0,),
    "UsageError": (0,),
    "ValueError": (0,),
    "error": (0,),
    "fail": (0,),
    "emit": (1,),
    "print": (0,),
    "say": (0,),
    "Offer": (0, 1),
    "Finale": (0,),
    "draw_card": (3,),
    "draw_message": (3,),
    "tag": (2,),
    "tell": (0,),
    "UIWindow": (2,),
    "UIConfirmationDialog": (1,),
    "FileTooLarge": (0,),
    "NothingRecorded": (0,),
    "draw_title": (3,),
    "draw_words": (3,),
    "status_line": (3,),
    "draw_stack": (4,),
}
"""Calls whose string arguments reach people, and which arguments those are."""
TEXT_KEYWORDS = {"hint", "help", "title", "description"}
MARKERS = {"_", "N_", "ngettext", "pgettext"}
NOT_WORDS = {
    "End",
    "Home",
    "Space",
    "Unwind",
    "unwind",
    "max_of",
    "retval",
    "best",
    "infinity",
    "fact",
    "fact_loop",
    "store_true",
}
"""Code, key names and names that stay as they are in every language."""
FOR_DEVELOPERS = (
    "unknown key name",
    "column names must be distinct",
    "names a column twice",
    "column number is out of range",
    "strategy must be one of",
    "limit must be at least 1",
    "is not the newest open node",
    "only the newest node, still open",
    "bitsets count a matrix as its rows give it",
)
"""Messages only a programmer's mistake can raise (a typo in a key table, a tree edited out of turn,
a `dlx.Matrix` built wrongly in code: the text format and the CLI check the same first): English on
purpose."""


def words_in(node: ast.expr) -> list[str]:
    """The English words of a literal or f-string's fixed parts (code like `fact(` excluded)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        parts = [node.value]
    elif isinstance(node, ast.JoinedStr):
        parts = [v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    else:
        return []
    text = " ".join(parts)
    found = re.findall(r"[A-Za-z_]{3,}(?!\w*\()", text)
    return [w for w in found if w not in NOT_WORDS and not w.isupper() and not w.startswith("--")]


def bare_strings(path: Path) -> list[str]:
    """User-visible literals in `path` that are not inside a gettext call."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    problems = []
    for call in ast.walk(tree):
        if not isinstance(call, ast.Call):
            continue
        name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
        arguments = []
        if name in SINKS:
            arguments += [call.args[i] for i in SINKS[name] if i < len(call.args)]
        arguments += [k.value for k in call.keywords if k.arg in TEXT_KEYWORDS]
        for argument in arguments:
            if isinstance(argument, ast.List | ast.Tuple):  # Choice's (label, value) pairs
                arguments += [e.elts[0] for e in argument.elts if isinstance(e, ast.Tuple) and e.elts]
            elif words_in(argument) and not any(m in ast.unparse(argument) for m in FOR_DEVELOPERS):
                problems.append(f"{path.name}:{argument.lineno}: {ast.unparse(argument)[:60]}")
    return problems


def test_no_visible_string_bypasses_gettext() -> None:
    """In the converted modules, every literal handed to text drawing, messages or help is marked."""
    problems = [problem for module in CONVERTED for problem in bare_strings(ROOT / module)]
    assert problems == []


def test_the_scan_finds_a_bare_string(tmp_path: Path) -> None:
    """The check itself: English drawn without gettext, or in an f-string, is found."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        'theme.text("hello there", "small")\n'
        'app.notify(f"saved {path}")\n'
        'theme.text(_("fine"))\n'
        'theme.text(f"fact({n})")\n'
    )
    assert [p.split(": ", 1)[1] for p in bare_strings(sample)] == ["'hello there'", "f'saved {path}'"]


# --- (c) every glyph is drawn ------------------------------------------------------------


def missing_glyphs(theme: object, text: str, face: str) -> set[str]:
    """Characters of `text` that the font chain of `face` draws as a box."""
    from visualizer.assets import asset
    from visualizer.glyphs import coverage
    from visualizer.theme import FALLBACK_FILES, FONT_FILES

    chain = [coverage(str(asset("fonts", FONT_FILES[face])))]
    chain += [coverage(str(asset("fonts", name))) for name in FALLBACK_FILES[face]]
    font = theme.font("small", face)  # type: ignore[attr-defined]
    missing = set()
    for index, run in font.runs(text):
        missing |= {ch for ch in run if ord(ch) not in chain[index]}
    font.render(text, True, (0, 0, 0))  # and it renders
    return missing


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalog_string_has_its_glyphs(language: str) -> None:
    """Every translation, in every face, finds a glyph for each character in the shipped fonts."""
    import pygame

    from visualizer.theme import Theme

    pygame.font.init()
    theme = Theme()
    problems = {
        (text, face, "".join(sorted(gone)))
        for _, text in translations(language)
        for face in ("sans", "bold", "mono")
        if (gone := missing_glyphs(theme, text, face))
    }
    assert problems == set()


def test_user_text_in_three_scripts_is_drawn() -> None:
    """File names and typed text in Latin, Hangul and Chinese draw; a character no font has is caught."""
    import pygame

    from visualizer.theme import Theme

    pygame.font.init()
    theme = Theme()
    assert missing_glyphs(theme, "미로_迷宫_maze 한글 파일.txt", "sans") == set()
    assert missing_glyphs(theme, "\ue000", "sans") == {"\ue000"}
    wide = theme.font("body").size("재귀")[0]
    assert wide > theme.font("body").size("ab")[0]  # measured with the Hangul font, not as two boxes


def test_latin_inside_korean_keeps_the_first_font() -> None:
    """Letters and '_' among Hangul are drawn by the Latin font, inside its line box, not cut off."""
    from visualizer.glyphs import splits_into_runs

    latin, hangul = frozenset(map(ord, "LR_ ")), frozenset(map(ord, "LR_ 위치"))
    assert splits_into_runs("위치 LLL_RRR", [latin, hangul]) == [(1, "위치 "), (0, "LLL_RRR")]
    assert splits_into_runs("LL 위치", [latin, hangul]) == [(0, "LL "), (1, "위치")]


def test_chinese_wraps_between_characters() -> None:
    """Chinese has no spaces: a long sentence still breaks into lines that fit, closing marks kept."""
    import pygame

    from visualizer.panels import breakable_pieces, wrap
    from visualizer.theme import Theme

    pygame.font.init()
    theme = Theme()
    text = "循环始终只用一个栈帧，递归现在用了五个栈帧，所以递归更占内存。"
    lines = wrap(theme, text, 120)
    assert len(lines) > 2 and "".join(lines) == text
    assert all(theme.font("small").size(line)[0] <= 120 for line in lines)
    assert not any(line.startswith(("，", "。")) for line in lines)
    assert breakable_pieces("递归：回溯") == ["递", "归：", "回", "溯"]


# --- (e) headless, from the command line ---------------------------------------------------


def test_the_app_runs_headless_in_korean(tmp_path: Path) -> None:
    """`unwind recursion --lang ko --autoplay --frames 120 --screenshot ko.png` writes the picture."""
    shot = tmp_path / "ko.png"
    command = [sys.executable, "-m", "visualizer", "recursion", "--lang", "ko", "--autoplay"]
    done = subprocess.run(
        [*command, "--frames", "120", "--screenshot", str(shot)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )
    assert done.returncode == 0, done.stderr
    assert shot.stat().st_size > 10_000


def test_the_cli_speaks_korean_and_keeps_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m solvers --lang ko` translates the text for people and never a JSON key."""
    text = run_process("--lang", "ko", "factorial", "5")
    assert text.returncode == 0, text.stderr
    assert "120" in text.stdout and "재귀" in text.stdout
    data = run_process("--lang", "ko", "factorial", "5", "--json")
    assert data.returncode == 0, data.stderr
    assert '"value": 120' in data.stdout and '"recursive"' in data.stdout
    assert run_cli(capsys, "--lang", "xx", "factorial", "5")[0] == 2


SCOPES = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.Lambda,
    ast.GeneratorExp,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
)


def own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of one scope, not those of the functions and comprehensions inside it."""
    for child in ast.iter_child_nodes(scope):
        yield child
        if not isinstance(child, SCOPES):
            yield from own_nodes(child)


def shadowing_functions(path: Path) -> list[str]:
    """Functions in `path` that call `_()` and also bind `_` as a local name (then `_()` fails)."""
    found = []
    for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        mine = list(own_nodes(function))
        calls = any(isinstance(n, ast.Call) and getattr(n.func, "id", "") == "_" for n in mine)
        binds = any(isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store) for n in mine)
        if calls and binds:
            found.append(f"{path.name}:{function.lineno}")
    return found


def test_no_function_hides_gettext_behind_a_throwaway_name() -> None:
    """`for _ in ...` or `a, _ = ...` in a function that translates would make `_()` call the throwaway."""
    sources = [*ROOT.glob("solvers/*.py"), *ROOT.glob("visualizer/**/*.py")]
    assert [f for path in sources for f in shadowing_functions(path)] == []


def test_the_shadow_check_finds_one(tmp_path: Path) -> None:
    """The check itself: a throwaway `_` beside `_()` is found; one inside a generator is not."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        'def bad(pair):\n    a, _ = pair\n    return _("hi")\n\n'
        'def fine(items):\n    return _("{n} items").format(n=sum(1 for _ in items))\n'
    )
    assert shadowing_functions(sample) == ["sample.py:1"]
