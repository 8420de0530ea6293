"""The Russian catalogues against the texts the code and templates use (issue 29, item 5).

    .venv/bin/python scripts/catalogues.py            # report what is wrong (exit 1 if any)
    .venv/bin/python scripts/catalogues.py --update   # prune dead, add missing, compile

Each app keeps a catalogue of its own (``<app>/locale/ru/LC_MESSAGES/django.po``) and the
project's templates (``templates/``) have the project-wide ``locale/``: Django's
``makemessages`` decides which catalogue a text belongs to (the nearest ``locale/`` folder above
the file that uses it). The check runs ``manage.py makemessages -l ru`` on a copy of the tree
in a temporary folder, so the checkout is never written, and compares what it made with the
catalogues as they are: every (context, text) the code uses must be in its app's catalogue,
translated and not fuzzy, and every entry of a catalogue must be used by that app (no dead
entries). The deck builder's script (``static/decks/builder.js``) calls its gettext ``t`` and
``nt``, which ``makemessages`` does not look for: its texts are read by ``xgettext`` with those
keywords and compared with ``decks/locale/ru/LC_MESSAGES/djangojs.po``.

The engine's tables of words (``komandor/words/terms.py``: card kinds, rarities, phases, ranges,
weapons) are the cardbase catalogue's too: each term's (context, English) is used there and its
Russian must be the table's; ``--update`` writes the table's Russian in, so a word is changed in
the table and nowhere else.

``--update`` writes the checkout's catalogues with the smallest change: dead entries removed,
missing ones appended at the end (translated already when another catalogue has the same
(context, text), else with an empty translation to fill in), then compiles every catalogue with
``msgfmt --check``. ``tests/test_translation_catalogues.py`` runs the check.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = ("accounts", "cardbase", "config", "content", "decks", "matches", "proposals")
# What makemessages reads: the apps, the project's templates and the settings that name the
# catalogues (the engine has no interface texts).
COPIED = (*APPS, "templates", "locale", "manage.py")
BUILDER_SCRIPT = Path("static/decks/builder.js")
BUILDER_CATALOGUE = Path("decks/locale/ru/LC_MESSAGES/djangojs.po")
TERMS_CATALOGUE = Path("cardbase/locale/ru/LC_MESSAGES/django.po")

Key = tuple[str | None, str, str | None]  # (context, text, plural text)


@dataclass
class Entry:
    key: Key
    translations: list[str]
    fuzzy: bool = False
    obsolete: bool = False
    block: list[str] = field(default_factory=list)  # the entry's lines as written

    @property
    def translated(self) -> bool:
        return bool(self.translations) and all(self.translations) and not self.fuzzy


def _unquote(text: str) -> str:
    body = text.strip()[1:-1]
    out = []
    index = 0
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
    while index < len(body):
        char = body[index]
        if char == "\\" and index + 1 < len(body):
            out.append(escapes.get(body[index + 1], body[index + 1]))
            index += 2
        else:
            out.append(char)
            index += 1
    return "".join(out)


def _blocks(text: str) -> list[list[str]]:
    """The lines of each entry: an entry ends at a blank line or where the next one's comment,
    context or text begins after its translation."""
    blocks: list[list[str]] = []
    block: list[str] = []
    translated = False
    for line in text.replace("\r\n", "\n").split("\n"):
        bare = line[2:].lstrip() if line.startswith("#~") else line
        starts = (line.startswith("#") and not line.startswith("#~")) or bare.startswith(
            ("msgctxt ", "msgid ")
        )
        if not line.strip() or (translated and starts):
            if block:
                blocks.append(block)
            block, translated = [], False
            if not line.strip():
                continue
        block.append(line)
        if bare.startswith("msgstr"):
            translated = True
    if block:
        blocks.append(block)
    return blocks


def parse_po(text: str) -> list[Entry]:
    """The entries of a catalogue, the header (text "") included, each with its lines."""
    entries: list[Entry] = []
    for block in _blocks(text):
        fields: dict[str, str] = {}
        current: str | None = None
        fuzzy = False
        obsolete = False
        for line in block:
            if line.startswith("#~"):
                obsolete = True
                line = line[2:].strip()
                if not line or line.startswith("|"):
                    continue
            elif line.startswith("#"):
                if line.startswith("#,") and "fuzzy" in line:
                    fuzzy = True
                continue
            if line.startswith('"'):
                if current is not None:
                    fields[current] += _unquote(line)
                continue
            name, _, rest = line.partition(" ")
            current = name
            fields[name] = _unquote(rest)
        if "msgid" not in fields:  # a comment of its own: kept in place by --update
            entries.append(Entry((None, "", None), [], block=block))
            continue
        if "msgstr" in fields:
            translations = [fields["msgstr"]]
        else:
            translations = [fields[name] for name in sorted(fields) if name.startswith("msgstr[")]
        key = (fields.get("msgctxt"), fields["msgid"], fields.get("msgid_plural"))
        entries.append(Entry(key, translations, fuzzy, obsolete, block))
    return entries


def _describe(key: Key) -> str:
    context, text, plural = key
    described = repr(text)
    if plural is not None:
        described += f" (plural {plural!r})"
    if context is not None:
        described = f"context {context!r}: " + described
    return described


def _copy_tree(target: Path) -> None:
    def ignore(_folder: str, names: list[str]) -> set[str]:
        return {name for name in names if name == "__pycache__" or name.endswith((".mo", ".pyc"))}

    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=ignore)
        elif source.exists():
            shutil.copy2(source, target / name)


def _makemessages(copy: Path) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": f"{copy}{os.pathsep}{ROOT}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    made = subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "ru", "--no-location", "--verbosity=0"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
    )
    if made.returncode:
        raise RuntimeError(f"makemessages failed:\n{made.stdout}{made.stderr}")


def _builder_texts() -> set[Key]:
    """The (context, text, plural) the deck builder's script passes to ``t`` and ``nt``."""
    made = subprocess.run(
        [
            "xgettext",
            "--language=JavaScript",
            "--from-code=UTF-8",
            "--output=-",
            "--keyword=t",
            "--keyword=nt:1,2",
            str(ROOT / BUILDER_SCRIPT),
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return {entry.key for entry in parse_po(made) if entry.key[1]}


def engine_terms() -> dict[Key, str]:
    """(context, English, no plural) → Russian of every table in ``komandor.words.terms``."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from komandor.words.terms import catalogue_entries

    return {(context, en, None): ru for (context, en), ru in catalogue_entries().items()}


@dataclass
class Catalogue:
    path: Path  # relative to root
    used: set[Key]  # what the code and templates of its app use
    root: Path = ROOT
    terms: dict[Key, str] = field(default_factory=dict)  # the engine's words this one holds

    def problems(self) -> list[str]:
        entries = [entry for entry in self.entries() if entry.key[1]]
        present = {entry.key: entry for entry in entries if not entry.obsolete}
        found = [
            f"{self.path}: dead {_describe(entry.key)} (kept as obsolete)"
            for entry in entries
            if entry.obsolete
        ]
        for key in sorted(self.used - present.keys(), key=str):
            found.append(f"{self.path}: missing {_describe(key)}")
        for key, entry in sorted(present.items(), key=lambda item: str(item[0])):
            if key not in self.used:
                found.append(f"{self.path}: dead {_describe(key)} (no code of this app uses it)")
            elif entry.fuzzy:
                found.append(f"{self.path}: fuzzy {_describe(key)}")
            elif not entry.translated:
                found.append(f"{self.path}: untranslated {_describe(key)}")
            elif key in self.terms and entry.translations != [self.terms[key]]:
                found.append(
                    f"{self.path}: {_describe(key)} reads {entry.translations[0]!r}, the "
                    f"engine's table (komandor/words/terms.py) {self.terms[key]!r}"
                )
        return found

    def entries(self) -> list[Entry]:
        full = self.root / self.path
        return parse_po(full.read_text(encoding="utf-8")) if full.exists() else []


def catalogues() -> list[Catalogue]:
    """Every catalogue with the texts its app uses, as makemessages sees them."""
    found = []
    with tempfile.TemporaryDirectory(prefix="catalogues-") as folder:
        copy = Path(folder)
        _copy_tree(copy)
        _makemessages(copy)
        for made in sorted(copy.glob("**/locale/ru/LC_MESSAGES/django.po")):
            path = made.relative_to(copy)
            entries = parse_po(made.read_text(encoding="utf-8"))
            used = {entry.key for entry in entries if entry.key[1] and not entry.obsolete}
            terms = engine_terms() if path == TERMS_CATALOGUE else {}
            found.append(Catalogue(path, used | terms.keys(), terms=terms))
    made_paths = {catalogue.path for catalogue in found}
    for existing in sorted(ROOT.glob("*/locale/ru/LC_MESSAGES/django.po")) + sorted(
        ROOT.glob("locale/ru/LC_MESSAGES/django.po")
    ):
        path = existing.relative_to(ROOT)
        if path not in made_paths:  # a catalogue no code uses any more: all of it is dead
            found.append(Catalogue(path, set()))
    found.append(Catalogue(BUILDER_CATALOGUE, _builder_texts()))
    return found


def compiled_from(po: Path) -> bool:
    """Whether the ``.mo`` beside ``po`` is what ``msgfmt`` makes of it now (a ``.po`` edited
    by hand and not compiled would serve the old translations)."""
    mo = po.with_suffix(".mo")
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "fresh.mo"
        subprocess.run(["msgfmt", "-o", str(fresh), str(po)], check=True)
        return mo.exists() and mo.read_bytes() == fresh.read_bytes()


def problems() -> list[str]:
    found = []
    for catalogue in catalogues():
        found.extend(catalogue.problems())
        full = ROOT / catalogue.path
        if catalogue.used and full.exists() and not compiled_from(full):
            mo = catalogue.path.with_suffix(".mo")
            found.append(f"{mo}: not compiled from this .po (--update compiles it)")
    return found


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = escaped.split("\n")
    if len(lines) == 1:
        return f'"{escaped}"'
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{part}"' for part in parts)


def _entry_lines(key: Key, translations: list[str]) -> str:
    """A new entry as makemessages writes it (without its flags)."""
    context, text, plural = key
    lines = []
    if context is not None:
        lines.append(f"msgctxt {_quote(context)}")
    lines.append(f"msgid {_quote(text)}")
    if plural is None:
        lines.append(f"msgstr {_quote(translations[0] if translations else '')}")
    else:
        lines.append(f"msgid_plural {_quote(plural)}")
        forms = translations if len(translations) == 4 else [""] * 4
        lines.extend(f"msgstr[{index}] {_quote(form)}" for index, form in enumerate(forms))
    return "\n".join(lines)


def update() -> list[str]:
    """Rewrite the catalogues (dead entries out, missing ones in) and compile them; returns the
    texts still to translate."""
    all_catalogues = catalogues()
    known: dict[Key, list[str]] = {}  # the entry's lines in a catalogue that translates it
    for catalogue in all_catalogues:
        for entry in catalogue.entries():
            if entry.key[1] and entry.translated and not entry.obsolete:
                # its flags and text; not its comments, which speak of the other app's files
                lines = [line for line in entry.block if line.startswith("#,") or line[:1] != "#"]
                known.setdefault(entry.key, lines)
    to_translate = []
    for catalogue in all_catalogues:
        full = ROOT / catalogue.path
        entries = catalogue.entries()
        if not catalogue.used:
            if full.exists():
                full.unlink()
                full.with_suffix(".mo").unlink(missing_ok=True)
            continue
        kept = [
            entry
            for entry in entries
            if not entry.obsolete
            and (not entry.key[1] or entry.key in catalogue.used)
            and (
                entry.key not in catalogue.terms
                or entry.translations == [catalogue.terms[entry.key]]
            )
        ]
        present = {entry.key for entry in kept}
        blocks = ["\n".join(entry.block) for entry in kept]
        for key in sorted(catalogue.used - present, key=str):
            if key in catalogue.terms:  # the engine's table gives the word
                blocks.append(_entry_lines(key, [catalogue.terms[key]]))
            elif key in known:
                blocks.append("\n".join(known[key]))
            else:
                to_translate.append(f"{catalogue.path}: {_describe(key)}")
                blocks.append(_entry_lines(key, []))
        full.parent.mkdir(parents=True, exist_ok=True)
        full.write_text("\n\n".join(blocks) + "\n", encoding="utf-8")
        subprocess.run(
            ["msgfmt", "--check", "-o", str(full.with_suffix(".mo")), str(full)], check=True
        )
    return to_translate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="rewrite and compile the catalogues")
    arguments = parser.parse_args()
    if arguments.update:
        left = update()
        print("\n".join(["To translate:", *left]) if left else "Every catalogue is complete.")
    found = problems()
    print("\n".join(found) if found else "Every catalogue matches its app's texts.")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
