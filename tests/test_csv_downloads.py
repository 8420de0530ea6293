"""Issue 36, hole 6: every CSV download is UTF-8 that Excel reads as such — ``charset=utf-8``
and a byte-order mark — formula-safe as before, and our own imports take it back. (The
tournament CSVs: tests/matches/test_csv_export.py.)"""

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from cardbase.models import Card
from config.spreadsheet import UTF8_BOM
from decks import collection
from decks.models import OwnedCard
from tests.cardbase.admin_data import admin_catalogue
from tests.cardbase.test_content_table import superuser_client, upload
from tests.decks.factories import UserFactory, komandor_card

pytestmark = pytest.mark.django_db
BOM = UTF8_BOM.encode("utf-8")


def _is_excel_utf8(answer) -> str:
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    assert answer.content.startswith(BOM)
    assert not answer.content[len(BOM) :].startswith(BOM)
    return answer.content.decode("utf-8-sig")


def test_the_card_export_is_excel_utf8_with_every_row_and_imports_back():
    admin_catalogue()
    chimera = Card.objects.get(key="chimera")
    second = Card.objects.create(
        game=chimera.game,
        key="argus",
        card_type=chimera.card_type,
        name_ru="=Крейсер «Аргус»",
        cost=3,
        attributes=chimera.attributes,
        source_book=chimera.source_book,
        source_section=chimera.source_section,
    )
    client = superuser_client()
    exported = client.get(
        reverse("admin:cardbase_card_export"), {"format": "csv", "game": "komandor"}
    )
    rows = list(csv.DictReader(io.StringIO(_is_excel_utf8(exported))))
    assert sorted(row["key"] for row in rows) == ["argus", "chimera"]  # every card, not the last
    assert {row["name_ru"] for row in rows} == {chimera.name_ru, "'" + second.name_ru}
    preview = upload(client, exported.content).context["preview"]
    assert [row.kind for row in preview] == ["skip", "skip"]


def test_the_collection_csv_is_excel_utf8_and_pastes_back():
    owner = UserFactory(username="owner")
    argus = komandor_card("ship", name_ru="Крейсер Аргус", cost=3)
    OwnedCard.objects.create(owner=owner, card=argus, count=2)
    client = Client()
    client.force_login(owner)
    text = _is_excel_utf8(client.get(reverse("decks:collection-csv")))
    assert "2,Крейсер Аргус,," in text
    pasted = client.get(reverse("decks:collection-csv")).content.decode("utf-8")
    assert pasted.startswith(UTF8_BOM)  # as an editor shows it when the file is pasted whole
    read = collection.collection_import(user=owner, source=pasted, replace=True)
    assert (read.copies, read.problems) == (2, ())
    assert OwnedCard.objects.get(owner=owner).count == 2
