"""The class page in a real browser: headless Chromium (Debian's chromium and chromium-driver, via selenium)
joins, answers in each language, and sees the reveal. Skipped with the reason when Chromium is absent, except
under CI (CI set), where it must run. One browser for the module; all traffic is to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solvers import i18n
from solvers.classroom import read_table
from solvers.exercise.cli import DEMOS
from solvers.exercise.engine import Exercise, Step
from visualizer.classmode import exercise_question
from visualizer.classroom.server import ClassServer
from visualizer.classroom.session import NONE, Question, Target
from visualizer.classroom.words import page_words

WAIT = 20.0
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


def browser() -> Any:
    """Headless Chromium at a phone's size, or a skip that says why (a failure under CI)."""
    missing = "chromium" if CHROMIUM is None else "chromedriver" if DRIVER is None else None
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        missing = missing or "selenium"
    if missing is not None:
        reason = f"the browser tests need {missing} (apt install install chromium chromium-driver; selenium))"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=375,812"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(str(DRIVER)), options=options)


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    """One browser for every test here."""
    started = browser()
    yield started
    started.quit()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClassServer]:
    """A class session on 127.0.0.1."""
    started = ClassServer("127.0.0.1", 0, record_to=tmp_path / "class.csv")
    started.start()
    assert started.wait_ready(WAIT), started.error
    yield started
    started.stop()


def wait_for(driver: Any, check: Any) -> Any:
    """Wait until `check(driver)` is truthy (a ceiling, never a pause)."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, WAIT, poll_frequency=0.05).until(check)


def tapped(driver: Any, selector: str) -> bool:
    """Tap the element `selector` names, if it is there now (False when it is being replaced)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.common.by import By

    try:
        driver.find_element(By.CSS_SELECTOR, selector).click()
    except (NoSuchElementException, StaleElementReferenceException):
        return False
    return True


def text_of(driver: Any, element_id: str) -> str:
    """The visible text of an element."""
    from selenium.webdriver.common.by import By

    return str(driver.find_element(By.ID, element_id).text)


def join(driver: Any, server: ClassServer, lang: str, name: str) -> None:
    """A fresh student opens the page, picks `lang`, types `name` and joins."""
    from selenium.webdriver.common.by import By

    driver.get("about:blank")
    driver.get(server.url)
    driver.execute_script("sessionStorage.clear(); localStorage.clear();")
    driver.get(server.url)
    words = page_words(lang)
    driver.find_element(By.ID, f"lang-{lang}").click()
    wait_for(driver, lambda d: text_of(d, "join") == words["join"])
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "join").click()


@pytest.mark.parametrize(("lang", "name"), [("ko", "김민수"), ("zh_CN", "王小明"), ("en", "Ann")])
def test_a_student_joins_answers_and_sees_the_reveal_in_each_language(
    driver: Any, server: ClassServer, lang: str, name: str
) -> None:
    from selenium.webdriver.common.by import By

    words = page_words(lang)
    question = Question(
        1,
        {"en": "Which move comes next?", "ko": "다음 수는?", "zh_CN": "下一步是哪一步？"},
        (("1", "A→B"), ("2", "A→C")),
        "2",
    )
    server.ask(question)
    join(driver, server, lang, name)
    wait_for(driver, lambda d: text_of(d, "question-text") == question.text(lang))
    driver.find_element(By.CSS_SELECTOR, '.choice[data-key="1"]').click()
    wait_for(driver, lambda d: text_of(d, "status") == words["sent"])
    driver.find_element(By.CSS_SELECTOR, '.choice[data-key="2"]').click()  # changed before the reveal
    chosen = "return document.querySelector('.choice[data-key=\"2\"]').classList.contains('on')"
    wait_for(driver, lambda d: d.execute_script(chosen))
    assert server.snapshot.answered == 1 and server.snapshot.records == 2
    server.reveal()
    right = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".bar.right"))
    assert right[0].get_attribute("data-key") == "2"
    assert words["right"] in right[0].text and words["you"] in right[0].text
    assert [bar.text.splitlines()[-1] for bar in driver.find_elements(By.CSS_SELECTOR, ".bar")] == ["0", "1"]
    assert text_of(driver, "reveal-title") == words["revealed"]
    rows = (server.record_to or Path()).read_text(encoding="utf-8")
    assert rows.count(name) == 2


def test_a_picture_question_is_answered_by_tapping_its_candidate(driver: Any, server: ClassServer) -> None:

    from visualizer.classroom.server import Still

    still = Still(0, (40, 20), bytes([200, 100, 50]) * 800)
    targets = (Target("1", 0.0, 0.0, 0.5, 1.0), Target("2", 0.5, 0.0, 0.5, 1.0))
    server.ask(
        Question(1, {"en": "Which cell?"}, (("1", "left"), ("2", "right")), "1", targets=targets), still
    )
    join(driver, server, "en", "Bo")
    wait_for(driver, lambda d: d.execute_script("return document.getElementById('still').naturalWidth") == 40)
    wait_for(driver, lambda d: tapped(d, '.spot[data-key="1"]'))  # the page lays its spots out again as the
    # still loads and fits: a spot found a moment before can be gone, so find and tap in one go
    wait_for(driver, lambda d: text_of(d, "status") == page_words("en")["sent"])
    assert server.snapshot.answered == 1


KNOCKOUT = "cover.knockout"
"""Algorithm X's 'which rows does choosing this row knock out?': several answers (multiple=True)."""


def knockout_step(lang: str = i18n.SOURCE_LANGUAGE) -> Step:
    """The first knockout step on Knuth's example with a real choice of several, posed with `lang` in force;
    its words in every language."""
    i18n.use(lang)
    try:
        built = DEMOS["dlx"].build(argparse.Namespace(file=None))  # Knuth's example
        exercise = Exercise(built.events, built.rules)
        while (step := exercise.next_step()) is not None:
            if step.kind == KNOCKOUT and step.multiple and len(step.choices) >= 3 and step.expected:
                said = exercise.open_in_every_language()
                assert said is not None
                return said
            exercise.grade(step.expected)
    finally:
        i18n.use(i18n.SOURCE_LANGUAGE)
    raise AssertionError("Knuth's example has no knockout step of several answers")


def shown_choices(driver: Any) -> list[str]:
    """The words of the choices the page lists."""
    from selenium.webdriver.common.by import By

    return [str(element.text) for element in driver.find_elements(By.CSS_SELECTOR, ".choice span:last-child")]


def test_a_korean_and_a_chinese_student_read_the_same_step_each_in_their_own_language(
    driver: Any, server: ClassServer
) -> None:
    step = knockout_step()
    server.ask(exercise_question(step, 1))
    first = driver.current_window_handle
    tabs = {}
    try:
        for lang, name in (("ko", "김민수"), ("zh_CN", "王小明")):
            driver.switch_to.new_window("tab")
            tabs[lang] = driver.current_window_handle
            join(driver, server, lang, name)
            posed = knockout_step(lang)  # the same step posed in that language: the catalog's words
            assert posed.question != step.question and posed.question == i18n.in_language(step.question, lang)
            wait_for(driver, lambda d, posed=posed: text_of(d, "question-text") == posed.question)
            assert shown_choices(driver) == [choice.label for choice in posed.choices]
        driver.switch_to.window(tabs["ko"])  # the first page kept its student's language
        assert text_of(driver, "question-text") == knockout_step("ko").question
        server.reveal()
        for lang, tab in tabs.items():
            driver.switch_to.window(tab)
            why = knockout_step(lang).explanation
            wait_for(driver, lambda d, why=why: text_of(d, "explanation") == why)
            assert text_of(driver, "reveal-title") == page_words(lang)["revealed"]
    finally:
        for tab in tabs.values():
            driver.switch_to.window(tab)
            driver.close()
        driver.switch_to.window(first)


def test_a_question_of_several_answers_is_changed_before_the_reveal_and_kept_once(
    driver: Any, server: ClassServer
) -> None:
    from selenium.webdriver.common.by import By

    question = exercise_question(knockout_step(), 1)
    keys = [key for key, _label in question.choices]
    right = (question.expected or "").split(",")
    wrong = [key for key in keys if key not in right]
    first = [right[0], wrong[0]]  # one right row and one wrong one
    server.ask(question)
    join(driver, server, "en", "Ann")
    words = page_words("en")
    wait_for(driver, lambda d: text_of(d, "status") == words["several"])
    for key in first:
        driver.find_element(By.CSS_SELECTOR, f'.choice[data-key="{key}"]').click()
    driver.find_element(By.ID, "send").click()
    wait_for(driver, lambda d: text_of(d, "status") == words["sent"])
    assert server.session.answers == {
        next(iter(server.session.students)): ",".join(k for k in keys if k in first)
    }
    for key in {*first, *right} - ({*first} & {*right}):  # unmark the wrong row, mark the rest of the right
        driver.find_element(By.CSS_SELECTOR, f'.choice[data-key="{key}"]').click()
    marked = "return [...document.querySelectorAll('.choice.on')].map((b) => b.dataset.key).join(',')"
    assert driver.execute_script(marked) == question.expected
    assert text_of(driver, "status") == words["several"]  # the change is not sent yet, and the page says so
    driver.find_element(By.ID, "send").click()
    wait_for(driver, lambda d: server.snapshot.records == 2)
    wait_for(driver, lambda d: text_of(d, "status") == words["sent"])
    assert server.snapshot.answered == 1
    server.reveal()
    bars = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".bar"))
    assert [
        bar.get_attribute("data-key") for bar in driver.find_elements(By.CSS_SELECTOR, ".bar.right")
    ] == right
    counts = {bar.get_attribute("data-key"): int(bar.text.splitlines()[-1]) for bar in bars}
    assert counts == {**{key: int(key in right) for key in keys}, NONE: 0}  # only the final answer counts
    mine = [bar.get_attribute("data-key") for bar in bars if words["you"] in bar.text]
    assert mine == right
    table = read_table(server.record_to or Path())
    assert table.cells == {(1, 1): (question.label(question.expected or ""), "true")}  # the final answer


def test_none_of_them_is_an_answer_and_the_reveal_shows_it_right(driver: Any, server: ClassServer) -> None:
    from selenium.webdriver.common.by import By

    question = exercise_question(knockout_step(), 1)
    server.ask(Question(1, question.texts, question.choices, NONE, multiple=True))  # right: none of them
    join(driver, server, "zh_CN", "王小明")
    words = page_words("zh_CN")
    wait_for(driver, lambda d: text_of(d, "status") == words["several"])
    driver.find_element(By.ID, "send").click()  # nothing marked: none of them
    wait_for(driver, lambda d: text_of(d, "status") == words["sent"])
    server.reveal()
    right = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".bar.right"))
    assert [bar.get_attribute("data-key") for bar in right] == [NONE]
    assert right[0].text.splitlines() == [f"{words['none']} · {words['right']} · {words['you']}", "1"]
    assert read_table(server.record_to or Path()).cells[(1, 1)][1] == "true"


def test_a_page_on_a_machine_without_a_korean_font_gets_the_apps_own(
    driver: Any, server: ClassServer
) -> None:
    """The page names the app's CJK font last in its list and Unwind serves it (with the room code), so a lab
    PC whose browser has no Hangul or Chinese font draws the words, not boxes."""
    join(driver, server, "ko", "김민수")
    loading = """
        const done = arguments[arguments.length - 1];
        document.fonts.load('20px "Unwind CJK"', '한국어 中文').then(
            faces => done(faces.map(face => [face.family, face.status])), error => done(String(error)));
    """
    assert driver.execute_async_script(loading) == [["Unwind CJK", "loaded"]]
    family = driver.execute_script("return getComputedStyle(document.body).fontFamily")
    assert family.split(",")[-2].strip() == '"Unwind CJK"'
