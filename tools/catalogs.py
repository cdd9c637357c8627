"""Extract the marked strings with Babel and merge them into every language's catalog.

    python tools/catalogs.py            # assets/locale/unwind.pot, then update ko and zh_CN
    python tools/catalogs.py --check    # exit 1 and list what is untranslated or obsolete
    python tools/catalogs.py --todo T.json   # also write {"ko": {msgid: ""}, "zh_CN": {...}} of the gaps
    python tools/catalogs.py --fill T.json   # also fill the gaps from such a file (plurals: every form)

New strings arrive untranslated; strings gone from the code are dropped.
tests/test_i18n.py runs the same extraction and fails on anything untranslated.
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "assets" / "locale"
TRANSLATED = ("ko", "zh_CN")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
SOURCES = ("solvers", "visualizer")
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""The catalogs' creation date, fixed: a date that changed on every run made parallel branches conflict."""


def extract() -> Catalog:
    """Every string the code marks, as a template catalog."""
    template = Catalog(project="unwind", version="0.1.0", charset="utf-8", creation_date=FIXED_DATE)
    for folder in SOURCES:
        found = extract_from_dir(ROOT / folder, method_map=[("**.py", "python")], keywords=KEYWORDS)
        for filename, lineno, message, comments, context in found:
            location = (f"{folder}/{filename}", lineno)
            template.add(message, locations=[location], auto_comments=comments, context=context)
    return template


def po_path(language: str) -> Path:
    """The catalog file of `language`."""
    return LOCALE / language / "LC_MESSAGES" / "unwind.po"


def load(language: str) -> Catalog:
    """The catalog of `language`, or a new empty one."""
    path = po_path(language)
    if path.is_file():
        with path.open("rb") as handle:
            return read_po(handle, locale=language)
    return Catalog(locale=language, project="unwind", version="0.1.0", charset="utf-8")


def untranslated(catalog: Catalog, template: Catalog) -> list[str]:
    """The template's messages that `catalog` lacks or leaves empty or fuzzy."""
    missing = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        strings = found.string if found is not None else None
        texts = strings if isinstance(strings, tuple) else (strings,)
        if found is None or found.fuzzy or not all(texts):
            missing.append(str(message.id))
    return missing


def write(catalog: Catalog, path: Path) -> None:
    """Write `catalog` as a .po file (sorted by message, no line numbers: small diffs)."""
    out = io.BytesIO()
    write_po(out, catalog, width=0, sort_output=True, include_lineno=False, omit_header=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def fill(catalog: Catalog, translations: dict[str, str]) -> int:
    """Give each untranslated message of `catalog` its text from `translations`; return how many."""
    filled = 0
    for message in catalog:
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        text = translations.get(key) if key else None
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not text or (all(strings) and not message.fuzzy):
            continue
        message.string = tuple([text] * catalog.num_plurals) if isinstance(message.id, tuple) else text
        message.flags.discard("fuzzy")
        filled += 1
    return filled


def main() -> int:
    """Extract, then update or check each language."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report; exit 1 on any gap")
    parser.add_argument("--todo", type=Path, help="write the untranslated messages to this JSON file")
    parser.add_argument("--fill", type=Path, help="fill untranslated messages from this JSON file")
    args = parser.parse_args()
    template = extract()
    given = json.loads(args.fill.read_text(encoding="utf-8")) if args.fill else {}
    todo: dict[str, dict[str, str]] = {}
    gaps = 0
    for language in TRANSLATED:
        catalog = load(language)
        if not args.check:
            catalog.update(copy.deepcopy(template), no_fuzzy_matching=True)  # update shares new messages
            catalog.obsolete.clear()
            fill(catalog, given.get(language, {}))
            write(catalog, po_path(language))
        missing = untranslated(catalog, template)
        todo[language] = dict.fromkeys(missing, "")
        gaps += len(missing)
        print(f"{language}: {len(template)} messages, {len(missing)} untranslated")
        for message in missing[:20] if args.check else []:
            print(f"  {message!r}")
    if not args.check:
        write(template, LOCALE / "unwind.pot")
    if args.todo:
        args.todo.write_text(json.dumps(todo, ensure_ascii=False, indent=1), encoding="utf-8")
    return 1 if args.check and gaps else 0


if __name__ == "__main__":
    sys.exit(main())
