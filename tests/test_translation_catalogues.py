"""Issue 36: one text, one Russian. The apps keep catalogues of their own (locale/, config/,
cardbase/, content/, decks/, matches/ and the builder's djangojs), and Django merges them, the
first one found winning: a text translated two ways showed the wrong one (a tournament's
"public" read «открытая», a deck's word). A text that means different things carries a
context (pgettext), and every (context, text) has one translation across all catalogues."""

import gettext
from collections import defaultdict
from pathlib import Path

from django.utils import translation

from scripts import catalogues

ROOT = Path(__file__).resolve().parents[1]


def _catalogues() -> dict[str, dict]:
    found = {}
    for mo in sorted(ROOT.glob("**/locale/ru/LC_MESSAGES/*.mo")):
        if ".venv" in mo.parts:
            continue
        with mo.open("rb") as handle:
            found[str(mo.relative_to(ROOT))] = gettext.GNUTranslations(handle)._catalog
    return found


def test_every_text_has_one_translation_across_the_catalogues():
    catalogues = _catalogues()
    assert len(catalogues) >= 7
    translations: dict[object, dict[str, str]] = defaultdict(dict)
    for name, catalogue in catalogues.items():
        for key, text in catalogue.items():
            if key:  # the header
                translations[key][name] = text
    twofold = {key: where for key, where in translations.items() if len(set(where.values())) > 1}
    assert not twofold, twofold


def test_the_words_each_model_means_read_as_it_means_them():
    from cardbase.models import Game
    from decks.models import Deck, Visibility
    from matches.models import Tournament

    with translation.override("ru"):
        assert str(Visibility.PUBLIC.label) == "открытая"
        assert str(Tournament._meta.get_field("is_public").verbose_name) == "открытый"
        assert str(Deck._meta.get_field("created_at").verbose_name) == "создана"
        assert str(Tournament._meta.get_field("created_at").verbose_name) == "создан"
        assert str(Game._meta.verbose_name_plural) == "игры"
        assert translation.pgettext("button", "Search") == "Искать"
        assert translation.gettext("Search") == "Поиск"
        assert translation.pgettext("button", "Import") == "Импортировать"
        assert translation.gettext("Import") == "Импорт"
        assert translation.pgettext("import row", "created") == "будет создана"
        assert translation.gettext("Cost") == "Стоимость"


def test_makemessages_finds_every_catalogue_complete_and_nothing_dead():
    """Issue 29: `makemessages -l ru` on a copy of the tree adds nothing to any catalogue and
    leaves nothing obsolete: every (context, text) an app's code and templates use is in that
    app's catalogue, translated and not fuzzy, and no catalogue keeps what its app no longer
    uses. Each problem names the catalogue and the text; `scripts/catalogues.py --update` prunes
    and adds, then the new entries want their Russian (docs/TESTING.md)."""
    problems = catalogues.problems()
    assert not problems, "\n".join(problems)


def test_the_check_names_the_catalogue_and_the_text_of_each_problem(tmp_path):
    po = tmp_path / "app/locale/ru/LC_MESSAGES/django.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: ru\\n"\n\n'
        'msgid "Kept"\nmsgstr "Оставлено"\n'
        "# a comment between entries, no blank line before the next one\n"
        'msgctxt "button"\nmsgid "Search"\nmsgstr "Искать"\n\n'
        'msgid "Gone"\nmsgstr "Ушло"\n\n'
        '#, fuzzy\nmsgid "Guessed"\nmsgstr "Угадано"\n\n'
        'msgid "Empty"\nmsgstr ""\n\n'
        'msgid "%(n)s card"\nmsgid_plural "%(n)s cards"\nmsgstr[0] "%(n)s карта"\n'
        'msgstr[1] ""\nmsgstr[2] ""\nmsgstr[3] ""\n\n'
        '#~ msgid "Old"\n#~ msgstr "Старое"\n',
        encoding="utf-8",
    )
    used = {
        (None, "Kept", None),
        ("button", "Search", None),
        (None, "Guessed", None),
        (None, "Empty", None),
        (None, "%(n)s card", "%(n)s cards"),
        ("verb", "New", None),
    }
    catalogue = catalogues.Catalogue(Path("app/locale/ru/LC_MESSAGES/django.po"), used, tmp_path)
    where = "app/locale/ru/LC_MESSAGES/django.po: "
    assert sorted(catalogue.problems()) == sorted(
        [
            where + "missing context 'verb': 'New'",
            where + "dead 'Gone' (no code of this app uses it)",
            where + "dead 'Old' (kept as obsolete)",
            where + "fuzzy 'Guessed'",
            where + "untranslated 'Empty'",
            where + "untranslated '%(n)s card' (plural '%(n)s cards')",
        ]
    )


def test_a_catalogue_edited_and_not_compiled_is_named(tmp_path):
    """The pages read the compiled ``.mo``: a translation written into the ``.po`` but not
    compiled would be served in English, so the check compares the two."""
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "standard"\nmsgstr "стандарт"\n',
        encoding="utf-8",
    )
    assert not catalogues.compiled_from(po)  # no .mo at all
    catalogues.subprocess.run(["msgfmt", "-o", str(po.with_suffix(".mo")), str(po)], check=True)
    assert catalogues.compiled_from(po)
    po.write_text(po.read_text(encoding="utf-8").replace("стандарт", "обычный"), encoding="utf-8")
    assert not catalogues.compiled_from(po)
