"""The completeness page: per game the stated totals against what is entered, Komandor cards
the card schema rejects, entries with no source, drafts waiting; linked from the admin index."""

from django.test import Client
from django.urls import reverse

from cardbase.editorial.completeness import catalogue_completeness
from cardbase.editorial.drafts import draft_save
from cardbase.editorial.roles import EDITORS
from cardbase.models import Race
from tests.cardbase.admin_data import admin_catalogue, role_user
from tests.cardbase.pages_data import CHIMERA_ATTRIBUTES
from tests.factories import CardFactory


def test_the_page_lists_what_is_missing_for_each_game(db):
    catalogue = admin_catalogue()
    komandor, orion = catalogue["komandor"], catalogue["orion"]
    CardFactory(game=komandor, key="broken", name_ru="Сломанная", attributes={"kind": "ship"})
    Race.objects.create(game=orion, key="nosource", name_ru="Без источника")
    effects = [
        {
            "when": "battle_end",
            "targets": {"side": "own", "kind": "ship", "in": "battle", "count": "all"},
            "actions": [{"do": "repair", "amount": 1}],
        }
    ]
    CardFactory(
        game=komandor,
        key="fx",
        card_type="other",
        attributes={**CHIMERA_ATTRIBUTES, "effects": effects},
    )
    editor = role_user("editor", role=EDITORS)
    chimera = catalogue["chimera"]
    chimera.name_ru = "Черновик"
    draft_save(row=chimera, user=editor, reason="")

    report = catalogue_completeness()
    by_slug = {item.game.slug: item for item in report.games}
    ships = by_slug["komandor"].stated[0]
    assert (ships.stated.count, ships.progress.entered, ships.progress.missing) == (3, 2, 1)
    (broken,) = by_slug["komandor"].broken_cards
    assert broken.card.key == "broken" and any("strength" in p for p in broken.problems)
    assert by_slug["komandor"].untranslated_cards == []  # its effects render in English
    assert [row.key for row in by_slug["master-of-orion"].unsourced] == ["nosource"]
    assert len(report.drafts) == 1

    client = Client()
    client.force_login(editor)
    index = client.get(reverse("admin:index")).content.decode()
    assert reverse("admin-completeness") in index
    page = client.get(reverse("admin-completeness")).content.decode()
    for words in ("Путь Командора", "Корабли", "Сломанная", "Без источника", "nosource"):
        assert words in page


def test_staff_in_no_role_cannot_open_it(db):
    client = Client()
    client.force_login(role_user("staff", role=None))
    assert client.get(reverse("admin-completeness")).status_code == 403
    assert client.get(reverse("admin:index")).status_code == 200
    assert reverse("admin-completeness") not in client.get(reverse("admin:index")).content.decode()


def test_komandor_cards_no_precon_uses_are_listed(db):
    from decks.models import Deck, DeckEntry

    catalogue = admin_catalogue()
    chimera = catalogue["chimera"]
    spare = CardFactory(game=catalogue["komandor"], key="spare", attributes=CHIMERA_ATTRIBUTES)
    precon = Deck.objects.create(
        owner=None, name="Тест", is_preconstructed=True, precon_key="test-precon"
    )
    DeckEntry.objects.create(deck=precon, card=chimera, count=4)

    (komandor,) = [i for i in catalogue_completeness().games if i.game.slug == "komandor"]
    unused = {card.key for card in komandor.unused_cards}
    assert spare.key in unused and chimera.key not in unused
