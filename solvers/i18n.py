"""Translations for the command line and the app: gettext catalogs, the language choice, numbers.

English is the source language.  Catalogs are `assets/locale/<lang>/LC_MESSAGES/unwind.po`;
the first run in a language compiles its catalog to a `.mo` file in the platform's
cache folder (named by the catalog's hash, written atomically), so an edited
catalog is picked up and a read-only install still works (it then compiles in
memory).  No pygame here: the CLI and the app share this module.

Use `_("...")` for a message, `ngettext` for a count ("{count} solution" /
"{count} solutions", then `.format(count=number(n))`), `pgettext` where one
English word means two things, and `N_` to mark a constant that is translated
where it is shown (module constants are made before the language is chosen).
Korean particles that depend on a substituted value are written as pairs glued to the
placeholder ("{goal}(으)로", "{move}을(를)"); `.format` on a Korean message chooses each one for
the value it is given (solvers/particles.py), so call sites format every language alike.
"""

from __future__ import annotations

import contextlib
import gettext
import io
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from solvers import particles

DOMAIN = "unwind"
SOURCE_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {"en": "English", "ko": "한국어", "zh_CN": "简体中文"}
"""Every language the app speaks, by code, named in itself (for the switch)."""

COMMA_GROUPED = frozenset({"en", "ko", "zh_CN"})
"""Languages whose whole numbers Babel writes as `f"{n:,}"` does (1,234,567): those skip Babel,
whose import and locale data cost ~50 ms of a launch (tests/test_launch.py compares the two)."""

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables that name the system's language, strongest first (POSIX order)."""

_ALIASES = {"zh": "zh_CN", "zh_hans": "zh_CN", "zh_sg": "zh_CN", "ko_kr": "ko", "ko_kp": "ko"}

_state: dict[str, object] = {"language": SOURCE_LANGUAGE, "catalog": gettext.NullTranslations()}
_speaking: ContextVar[tuple[str, gettext.NullTranslations] | None] = ContextVar("speaking", default=None)
"""The language a `speaking` block speaks on this thread, over the one in force."""
_loaded: dict[str, gettext.NullTranslations] = {}
"""Catalogs loaded by `catalog_of`, by code."""


def _catalog() -> gettext.NullTranslations:
    """The catalog in force."""
    spoken = _speaking.get()
    if spoken is not None:
        return spoken[1]
    catalog = _state["catalog"]
    assert isinstance(catalog, gettext.NullTranslations)
    return catalog


def _(message: str) -> str:
    """`message` in the current language."""
    return _with_particles(_catalog().gettext(message))


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for `count` in the current language (fill it with .format)."""
    return _with_particles(_catalog().ngettext(singular, plural, count))


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, where `context` tells two same English words apart."""
    return _with_particles(_catalog().pgettext(context, message))


def _with_particles(text: str) -> str:
    """A Korean message with particle pairs ("{goal}(으)로") as a Template that chooses them on .format."""
    if language() == "ko" and particles.has_pairs(text):
        return particles.Template(text)
    return text


def N_(message: str) -> str:
    """Mark `message` for translation without translating it yet (it is translated where shown)."""
    return message


def language() -> str:
    """The code of the language in force ('en', 'ko', 'zh_CN')."""
    spoken = _speaking.get()
    return spoken[0] if spoken is not None else str(_state["language"])


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Speak language `code` inside the block, on this thread only (the language in force stays)."""
    if code == language():
        yield code
        return
    token = _speaking.set((code, catalog_of(code)))
    try:
        yield code
    finally:
        _speaking.reset(token)


class Said(str):
    """Words made in every language: a str in the language in force, each language's text in `texts`.

    Everything that shows a str shows it as before; the class page reads it in a student's language
    (`in_language`). Example: `Said({"en": "Which move?", "ko": "어느 수?"})` is "어느 수?" while Korean is in
    force, and `in_language(it, "en")` is "Which move?".
    """

    texts: Mapping[str, str]

    def __new__(cls, texts: Mapping[str, str]) -> Said:
        """The words in the language in force (else in the first language given)."""
        said = super().__new__(cls, texts.get(language()) or next(iter(texts.values()), ""))
        said.texts = dict(texts)
        return said


def in_language(text: str, code: str) -> str:
    """`text` in language `code` when it was made in every language (a `Said`), else as it is."""
    if isinstance(text, Said):
        return text.texts.get(code) or str(text)
    return str(text)


def normalise(tag: str | None) -> str | None:
    """A supported language code for a locale name ('ko_KR.UTF-8' -> 'ko', 'zh' -> 'zh_CN'), or None."""
    if not tag:
        return None
    base = tag.split(".")[0].split("@")[0].replace("-", "_")
    if base in LANGUAGES:
        return base
    lowered = base.lower()
    for code in LANGUAGES:
        if code.lower() == lowered:
            return code
    if lowered in _ALIASES:
        return _ALIASES[lowered]
    first = lowered.split("_")[0]
    return first if first in LANGUAGES else _ALIASES.get(first) if first in _ALIASES else None


def system_language(environ: dict[str, str] | None = None) -> str | None:
    """The language the system's locale names (LC_ALL, LC_MESSAGES, LANG), if Unwind speaks it."""
    env = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        value = env.get(variable)
        if value:  # the first one set decides, as for every POSIX program
            return None if value in ("C", "POSIX") or value.startswith("C.") else normalise(value)
    return None


def choose(requested: str | None = None, saved: str | None = None) -> str:
    """The language: `requested` (--lang), else `saved` (settings), else the system's, else English."""
    for candidate in (requested, saved):
        code = normalise(candidate)
        if code is not None:
            return code
    return system_language() or SOURCE_LANGUAGE


def assets_folder() -> Path:
    """The assets: beside this source (a checkout), else the installed `unwind_assets` package."""
    checkout = Path(__file__).resolve().parent.parent / "assets"
    if (checkout / "locale").is_dir():
        return checkout
    import unwind_assets

    return Path(unwind_assets.__file__).resolve().parent


def locale_folder() -> Path:
    """The folder of catalogs."""
    return assets_folder() / "locale"


def catalog_source(code: str) -> Path:
    """The .po file of language `code`."""
    return locale_folder() / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def use(code: str) -> str:
    """Speak language `code` from now on (unknown or missing catalogs fall back to English); returns it."""
    chosen = normalise(code) or SOURCE_LANGUAGE
    catalog = catalog_in(chosen)
    if not isinstance(catalog, gettext.GNUTranslations):
        chosen = SOURCE_LANGUAGE
    _state.update(language=chosen, catalog=catalog)
    return chosen


def catalog_in(code: str) -> gettext.NullTranslations:
    """The catalog of language `code` (English's, the identity, when it is English or missing)."""
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    try:
        return gettext.GNUTranslations(io.BytesIO(compiled(catalog_source(code))))
    except OSError:
        return gettext.NullTranslations()


def catalog_of(code: str) -> gettext.NullTranslations:
    """The catalog of language `code`, loaded once a process (for `speaking` and the class page; the class
    server loads them on its thread as it starts, so the frame that first speaks another one does not)."""
    if code not in _loaded:
        _loaded[code] = catalog_in(code)
    return _loaded[code]


def compiled(source: Path) -> bytes:
    """The .mo bytes of catalog `source`: from the cache, else compiled now (and cached when possible)."""
    import hashlib  # only a translated run reaches here: English start-up skips its 4 ms

    data = source.read_bytes()
    cached = _cache_folder() / f"{source.parent.parent.name}-{hashlib.sha256(data).hexdigest()[:16]}.mo"
    try:
        return cached.read_bytes()
    except OSError:
        pass
    binary = compile_catalog(data)
    with contextlib.suppress(OSError):  # a read-only cache: the catalog is compiled again next time
        _keep(cached, binary)
    return binary


def _keep(cached: Path, binary: bytes) -> None:
    """Write a compiled catalog into the cache under a temporary name, then rename it: no reader sees half.

    Not `textio.write_bytes_atomic`, which words its errors through this module: translation stays
    below every module that speaks (no import circle), and the cache is the app's own folder, never
    a user's file, a device or a pipe.
    """
    cached.parent.mkdir(parents=True, exist_ok=True)
    part = cached.with_name(f".{cached.name}.{os.getpid()}.part")
    try:
        part.write_bytes(binary)
        os.replace(part, cached)
    finally:
        part.unlink(missing_ok=True)


def compile_catalog(po_text: bytes) -> bytes:
    """Compile the text of a .po catalog to .mo bytes with Babel (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(po_text))
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _cache_folder() -> Path:
    """Where compiled catalogs go: the platform's cache folder for Unwind."""
    import platformdirs

    return platformdirs.user_cache_path(DOMAIN, appauthor=False) / "locale"


@cache
def _babel_locale(code: str) -> object:
    """Babel's locale for a language code (cached: parsing it costs)."""
    from babel import Locale

    return Locale.parse(code)


def format_number(value: int | float) -> str:
    """`value` written as the current language writes numbers (grouping, decimal sign), by Babel."""
    if type(value) is int and language() in COMMA_GROUPED:
        return f"{value:,}"  # what Babel writes for these languages, without importing it
    from babel.numbers import format_decimal

    return str(format_decimal(value, locale=_babel_locale(language())))  # type: ignore[arg-type]


def requested_language(argv: list[str]) -> str | None:
    """The value of `--lang` in `argv` (read before the parser is built, so its help is translated)."""
    for index, word in enumerate(argv):
        if word == "--":
            break
        if word.startswith("--lang="):
            return word.partition("=")[2]
        if word == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
    return None


def language_argument(text: str) -> str:
    """An argparse type: a language Unwind speaks ('en', 'ko', 'zh_CN'; 'ko_KR' and 'zh' work too)."""
    import argparse

    code = normalise(text)
    if code is None:
        raise argparse.ArgumentTypeError(
            _("no language {name}: choose one of {choices}").format(
                name=repr(text), choices=", ".join(LANGUAGES)
            )
        )
    return code


COMMENT_MARKS = ("// ", "# ")


def translate_pseudocode(line: str) -> str:
    """A pseudocode line in the current language: its words and its comment translated, its indent kept.

    A line written in words is marked whole without its indent (`"    " + N_("mark next visited")`);
    a line of code is no message, so `_` gives it back as it is.  Keywords and names stay in the
    translations, as textbooks keep them.
    """
    code, mark, comment = line, "", ""
    for candidate in COMMENT_MARKS:
        before, found, after = line.partition(candidate)
        if found:
            code, mark, comment = before, candidate, _(after)
            break
    words = code.strip()
    if words:
        start = code.index(words)
        code = code[:start] + _(words) + code[start + len(words) :]
    return f"{code}{mark}{comment}"
