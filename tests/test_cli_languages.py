"""The exact-cover commands speak the chosen language to people and the same JSON to programs.

`python -m solvers --lang ko|zh_CN` (or the system's locale) translates help, errors
and text output of `queens`, `sudoku`, `pentomino` and `exact-cover`; `--json` is the same
object in every language, only the run's own time differing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_runner import run, run_process

from solvers import i18n

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "ko", "zh_CN")
KNUTH = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
SUDOKU_4X4 = "2....3..143232..\n"


def without_time(text: str) -> dict[str, object]:
    """A JSON object with the run's duration removed (the one field that varies run to run)."""
    data = json.loads(text)
    assert isinstance(data["seconds"], float)
    del data["seconds"]
    return data


def test_queens_text_is_korean_in_a_real_process() -> None:
    """`python -m solvers --lang ko queens 6 --all` ends with the count in Korean; English without --lang."""
    korean = run_process("--lang", "ko", "queens", "6", "--all")
    assert korean.returncode == 0, korean.stderr
    assert korean.stdout.splitlines()[-1] == "배치 4개"
    assert korean.stdout.count("Q") == 4 * 6  # the boards themselves are the same in every language
    english = run_process("queens", "6", "--all")
    assert english.stdout.splitlines()[-1] == "4 placements"


def test_the_system_locale_chooses_without_lang() -> None:
    """No --lang: LANG=zh_CN.UTF-8 gives Chinese, LC_ALL=C wins over it and gives English."""
    base = {k: v for k, v in os.environ.items() if k not in i18n.LOCALE_VARIABLES}
    chinese = run_process("queens", "6", "--all", env={**base, "LANG": "zh_CN.UTF-8"})
    assert chinese.stdout.splitlines()[-1] == "4 种摆法"
    plain = run_process("queens", "6", "--all", env={**base, "LANG": "zh_CN.UTF-8", "LC_ALL": "C"})
    assert plain.stdout.splitlines()[-1] == "4 placements"


def test_the_suite_speaks_english_whatever_the_machine() -> None:
    """conftest pins the locale: this process and the ones its tests start speak English."""
    assert i18n.language() == "en"
    assert i18n.system_language() is None
    assert run_process("queens", "6", "--all").stdout.splitlines()[-1] == "4 placements"


@pytest.mark.parametrize(
    ("argv", "stdin"),
    [
        (("queens", "6"), None),
        (("queens", "6", "--count"), None),
        (("pentomino", "3x20"), None),
        (("pentomino", "3x20", "--count"), None),
        (("sudoku", "PUZZLE"), SUDOKU_4X4),
        (("sudoku", "PUZZLE", "--count"), SUDOKU_4X4),
        (("exact-cover", "PUZZLE"), KNUTH),
        (("exact-cover", "PUZZLE", "--count"), KNUTH),
    ],
)
def test_json_is_the_same_in_every_language(
    argv: tuple[str, ...], stdin: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--json: the same keys and values in English, Korean and Chinese (the time aside)."""
    if stdin is not None:
        puzzle = tmp_path / "퍼즐_题目.txt"  # a file name in two scripts, as a classroom would save it
        puzzle.write_text(stdin, encoding="utf-8")
        argv = tuple(str(puzzle) if word == "PUZZLE" else word for word in argv)
    outputs = []
    for language in LANGUAGES:
        code, out, _err = run(capsys, "--lang", language, *argv, "--json")
        assert code == 0
        outputs.append(without_time(out))
    assert outputs[0] == outputs[1] == outputs[2]
    assert "solution" in outputs[0] or "count" in outputs[0] or "puzzles" in outputs[0]


@pytest.mark.parametrize(
    ("language", "argv", "expected"),
    [
        ("en", ("queens", "99999"), "queens: N must be between 1 and 100, not 99999"),
        ("ko", ("queens", "99999"), "queens: N은 1부터 100 사이여야 합니다 (99999는 안 됩니다)"),
        ("zh_CN", ("queens", "99999"), "queens：N 必须在 1 到 100 之间，不能是 99999"),
        ("ko", ("pentomino", "5x5"), "pentomino: 펜토미노 12조각은 60칸을 덮습니다. 5x5는 25칸입니다"),
        ("zh_CN", ("pentomino", "6x10", "--raw"), "pentomino：--raw 需要与 --count 一起使用"),
        ("ko", ("queens", "8", "--jobs", "2"), "queens: --jobs와 --scheduler는 --count와 함께 써야 합니다"),
    ],
)
def test_errors_are_one_line_in_the_language(
    language: str, argv: tuple[str, ...], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A refused command line says why in one line, in the chosen language, exit 2."""
    code, out, err = run(capsys, "--lang", language, *argv)
    assert (code, out, err) == (2, "", expected + "\n")


@pytest.mark.parametrize("language", ["ko", "zh_CN"])
def test_file_errors_name_line_and_word_in_the_language(
    language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad matrix or sudoku file is explained with its place, in the language; English is gone."""
    matrix = tmp_path / "m.txt"
    matrix.write_text("A B C\nA Z\n", encoding="utf-8")
    grid = tmp_path / "s.txt"
    grid.write_text("55" + "." * 79 + "\n", encoding="utf-8")
    for argv, words in ((("exact-cover", str(matrix)), ("2", "Z")), (("sudoku", str(grid)), ("5",))):
        code, _out, err = run(capsys, "--lang", language, *argv)
        assert code == 2 and err.count("\n") == 1
        assert all(word in err for word in words)
        assert not {"line", "word", "unknown", "puzzle", "clashing"} & set(err.replace(":", " ").split())


@pytest.mark.parametrize("language", ["ko", "zh_CN"])
def test_help_is_translated(language: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`--help` of each exact-cover command describes its options in the language."""
    for command in ("queens", "sudoku", "pentomino", "exact-cover"):
        with pytest.raises(SystemExit):
            run(capsys, "--lang", language, command, "--help")
        text = capsys.readouterr().out
        i18n.use(language)
        assert i18n._("print one JSON object") in text
        assert "print one JSON object" not in text


def test_fill_gives_each_language_its_own_text(tmp_path: Path) -> None:
    """tools/catalogs.py --fill on a message new to both catalogs: Korean to ko, Chinese to zh_CN.

    (Babel's update shared one message object between the two catalogs, so the Korean text
    landed in the Chinese catalog too, and the Chinese was then skipped as already there.)
    """
    import shutil

    for folder in ("solvers", "visualizer", "tools", "assets/locale"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    module = tmp_path / "solvers" / "textio.py"
    module.write_text(module.read_text(encoding="utf-8") + '\n_("a sentence new to both catalogs")\n')
    words = {
        "ko": {"a sentence new to both catalogs": "새 문장"},
        "zh_CN": {"a sentence new to both catalogs": "新句子"},
    }
    given = tmp_path / "tr.json"
    given.write_text(json.dumps(words, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(tmp_path / "tools" / "catalogs.py"), "--fill", str(given)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    for language, text in (("ko", "새 문장"), ("zh_CN", "新句子")):
        po = (tmp_path / "assets" / "locale" / language / "LC_MESSAGES" / "unwind.po").read_text(
            encoding="utf-8"
        )
        assert f'msgid "a sentence new to both catalogs"\nmsgstr "{text}"' in po


@pytest.mark.parametrize(
    ("language", "usage", "options"), [("ko", "사용법: ", "옵션:"), ("zh_CN", "用法：", "选项:")]
)
def test_help_has_no_english_frame(
    capsys: pytest.CaptureFixture[str], language: str, usage: str, options: str
) -> None:
    """argparse's own words (usage, section titles, the -h line) come in the chosen language."""
    with pytest.raises(SystemExit) as done:
        run(capsys, "--lang", language, "queens", "--help")
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith(usage) and f"\n{options}\n" in text
    assert "usage:" not in text and "options:" not in text and "show this help" not in text


@pytest.mark.parametrize(
    ("argv", "korean", "english"),
    [
        (["queens"], "다음 인자가 꼭 필요합니다: N", "the following arguments are required: N"),
        (["queens", "8", "--bogus"], "알 수 없는 인자입니다: --bogus", "unrecognized arguments: --bogus"),
        (
            ["queens", "8", "--jobs"],
            "인자 --jobs: 값 하나가 필요합니다",
            "argument --jobs: expected one argument",
        ),
    ],
)
def test_argparse_errors_speak_the_language(
    capsys: pytest.CaptureFixture[str], argv: list[str], korean: str, english: str
) -> None:
    """argparse's own error sentences come in Korean with --lang ko, unchanged in English; exit 2."""
    code, _, err = run(capsys, "--lang", "ko", *argv)
    assert code == 2 and korean in err and len(err.strip().splitlines()) == 1
    i18n.use("en")
    code, _, err = run(capsys, *argv)
    assert code == 2 and english in err
