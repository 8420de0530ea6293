"""Card kind and rarity are choices, not free text: the admin offers a list, a value outside
it is a field error on save and on import, and the migration that made them choices rewrote
the spellings editors had typed to the codes they meant, keeping every row."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from cardbase.models import Card, CardRarity, CardType
from komandor.rules.cards import CardKind, Rarity
from tests.cardbase.admin_data import admin_catalogue, admin_url, role_user
from tests.cardbase.test_content_table import HEADER, upload

BEFORE = [("cardbase", "0010_search_text_with_stat_names")]
AFTER = [("cardbase", "0011_card_type_and_rarity_choices")]


def test_komandors_kinds_and_rarities_are_the_engines():
    assert {kind.value for kind in CardKind} <= set(CardType.values)
    assert set(CardRarity.values) == {rarity.value for rarity in Rarity}


@pytest.fixture
def root_client(db) -> Client:
    admin_catalogue()
    client = Client()
    client.force_login(role_user("root", role=None, superuser=True))
    return client


def test_the_admin_offers_kinds_and_rarities_as_lists(root_client):
    orion_card = Card.objects.get(key="ёжик")
    url = admin_url(Card, "change", orion_card.pk)
    form = root_client.get(url).context["adminform"].form
    assert {value for value, _label in form.fields["card_type"].choices} >= {"building", "ship"}
    assert {value for value, _label in form.fields["rarity"].choices} == {"", *CardRarity.values}
    page = root_client.get(url).content.decode()
    assert '<select name="card_type"' in page and '<select name="rarity"' in page


def test_an_import_row_with_an_unknown_kind_or_rarity_is_refused(root_client):
    row = "komandor,gnat,starship,Мошка,5,epic,b,s,SK,8,5,3,6,C,3,5"
    (preview,) = upload(root_client, f"{HEADER}\n{row}\n").context["preview"]
    assert preview.kind == "invalid"
    assert {"card_type", "rarity"} <= {field for field, _messages in preview.errors}


@pytest.mark.django_db(transaction=True)
def test_the_migration_rewrites_typed_spellings_to_codes_and_keeps_every_row():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    Game = apps.get_model("cardbase", "Game")
    OldCard = apps.get_model("cardbase", "Card")
    game = Game._base_manager.create(slug="komandor", name_ru="Путь Командора", rule_book="k.txt")
    typed = {
        "a": ("Ship", "Очень редкая"),
        "b": (" military building ", "very rare"),
        "c": ("Корабль", "RARE"),
        "d": ("starship", "epic"),  # means no known kind: kept as typed
        "e": ("ability", ""),
    }
    for key, (card_type, rarity) in typed.items():
        OldCard._base_manager.create(
            game=game, key=key, name_ru=key, card_type=card_type, rarity=rarity, attributes={}
        )
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    stored = dict(
        (key, (card_type, rarity))
        for key, card_type, rarity in apps.get_model("cardbase", "Card")._base_manager.values_list(
            "key", "card_type", "rarity"
        )
    )
    assert stored == {
        "a": ("ship", "very_rare"),
        "b": ("military_building", "very_rare"),
        "c": ("ship", "rare"),
        "d": ("starship", "epic"),
        "e": ("ability", ""),
    }
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
