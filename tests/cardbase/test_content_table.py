"""Bulk import and export of cards: a dry-run preview per row (created, changed, unchanged,
rejected with its field error) that writes nothing, a confirm that writes the good rows;
CSV/XLSX with stats as columns and JSON/YAML with nested stats; and the content/data export
that load_content reads back without a change."""

import io
import json
import zipfile

import pytest
import yaml
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from cardbase.editorial.card_table import CardResource, dataset_read
from cardbase.editorial.history import entry_history
from cardbase.editorial.roles import EDITORS
from cardbase.models import Card, Draft
from content.loader import content_load
from tests.cardbase.admin_data import admin_catalogue, role_user

HEADER = (
    "game,key,card_type,name_ru,cost,rarity,source_book,source_section,attributes.size,"
    "attributes.strength,attributes.critical,attributes.armor,attributes.speed,"
    "attributes.shield.type,attributes.shield.power,attributes.weapons.plasma.power"
)
GOOD = "komandor,exorcist,ship,Экзорцист,5,common,b,s,SK,8,5,3,6,C,3,5"
CHANGED = (
    "komandor,chimera,ship,Линкор класса «Химера»,10,rare,komandor.ru.txt,Пример,TK,12,8,6,4,B,4,10"
)
BAD = "komandor,bad,ship,Плохой,5,common,b,s,SK,8,9,3,6,C,3,5"
CSV = "\n".join([HEADER, GOOD, CHANGED, BAD]) + "\n"


@pytest.fixture
def catalogue(db):
    return admin_catalogue()


def upload(client: Client, text: str, file_format: str = "csv"):
    data = text.encode() if isinstance(text, str) else text
    return client.post(
        reverse("admin:cardbase_card_import"),
        {"file": SimpleUploadedFile(f"cards.{file_format}", data), "file_format": file_format},
    )


def superuser_client() -> Client:
    client = Client()
    client.force_login(role_user("root", role=None, superuser=True))
    return client


def test_the_preview_shows_each_row_and_writes_nothing_then_confirm_writes_the_good_two(
    catalogue,
):
    client = superuser_client()
    before = Card.objects.get(key="chimera").attributes
    response = upload(client, CSV)
    preview = response.context["preview"]
    assert [row.kind for row in preview] == ["new", "update", "invalid"]
    assert ("attributes.speed", "3", "4") in [(c.name, c.old, c.new) for c in preview[1].changes]
    (field, messages), *_ = preview[2].errors
    assert field == "attributes.strength" and "less than strength" in " ".join(messages)
    assert "must be less than strength" in response.content.decode()
    assert not Card.objects.filter(key__in=["exorcist", "bad"]).exists()
    assert Card.objects.get(key="chimera").attributes == before

    confirmed = client.post(
        reverse("admin:cardbase_card_import"), {"payload": response.context["payload"]}
    )
    assert confirmed.status_code == 302
    assert Card.objects.get(key="exorcist").attributes["speed"] == 6
    assert Card.objects.get(key="chimera").attributes["speed"] == 4
    assert not Card.objects.filter(key="bad").exists()
    latest = entry_history(row=Card.objects.get(key="chimera"))[0]
    assert (latest.kind, latest.author, latest.reason) == (
        "import",
        "root",
        "Импорт файла cards.csv",
    )


def test_an_altered_preview_is_refused(catalogue):
    client = superuser_client()
    response = client.post(reverse("admin:cardbase_card_import"), {"payload": "x:y"})
    assert response.status_code == 302
    assert not Card.objects.filter(key="exorcist").exists()


def test_an_editors_import_becomes_drafts(catalogue):
    client = Client()
    client.force_login(role_user("editor", role=EDITORS))
    preview = upload(client, CSV)
    client.post(reverse("admin:cardbase_card_import"), {"payload": preview.context["payload"]})
    assert not Card.objects.filter(key="exorcist").exists()
    assert Card.objects.get(key="chimera").attributes["speed"] == 3
    assert Draft.objects.filter(status="pending").count() == 2


@pytest.mark.parametrize("text", ["\xff\xfe not a table", 'game,key\n"unclosed'])
def test_an_unreadable_file_is_a_form_error(catalogue, text):
    response = upload(superuser_client(), text.encode("latin-1"), "xlsx")
    assert response.status_code == 200
    assert response.context["form"].errors["file"]


@pytest.mark.parametrize("file_format", ["csv", "xlsx", "json", "yaml"])
def test_export_then_import_of_the_same_file_changes_nothing(catalogue, file_format):
    client = superuser_client()
    exported = client.get(
        reverse("admin:cardbase_card_export"), {"format": file_format, "game": "komandor"}
    )
    assert exported.status_code == 200
    body = exported.content
    if file_format == "csv":
        assert "attributes.weapons.plasma.power" in body.decode().splitlines()[0]
    if file_format == "json":
        assert json.loads(body)[0]["attributes"]["speed"] == 3  # nested
    preview = upload(client, body, file_format).context["preview"]
    assert [row.kind for row in preview] == ["skip"]


def test_json_rows_may_carry_nested_stats(catalogue):
    rows = [
        {
            "game": "komandor",
            "key": "exorcist",
            "card_type": "ship",
            "name_ru": "Экзорцист",
            "cost": 5,
            "source_book": "b",
            "source_section": "s",
            "attributes": {
                "size": "SK",
                "strength": 8,
                "critical": 5,
                "armor": 3,
                "speed": 6,
                "weapons": {"plasma": {"power": 5}},
            },
        }
    ]
    dataset = dataset_read(data=json.dumps(rows).encode(), file_format="json")
    result = CardResource().import_recorded(dataset, dry_run=False, reason="json")
    assert not result.has_validation_errors(), [r.validation_error for r in result.rows]
    assert Card.objects.get(key="exorcist").attributes["weapons"] == {"plasma": {"power": 5}}


def test_the_content_export_loads_back_without_a_change(shipped_content, tmp_path):
    client = superuser_client()
    response = client.get(reverse("admin:cardbase_card_export"), {"format": "content"})
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        archive.extractall(tmp_path)
        names = archive.namelist()
    assert "games.yaml" in names and "komandor/ships.yaml" in names
    ships = yaml.safe_load((tmp_path / "komandor" / "ships.yaml").read_text(encoding="utf-8"))
    assert ships["model"] == "card" and ships["entries"][0]["source_section"]
    report = content_load(data_dir=tmp_path)
    assert not report.changed, report.summary()
    assert not report.conflicts


def _exported_as_new(client: Client, *, key: str, file_format: str = "csv") -> bytes:
    """The komandor export with ``key``'s row given a new key: a copy to import as a new card."""
    body = client.get(
        reverse("admin:cardbase_card_export"), {"format": file_format, "game": "komandor"}
    ).content.decode()
    lines = [line for line in body.splitlines() if line.split(",")[1:2] in (["key"], [key])]
    return "\n".join(lines).replace(f",{key},", f",{key}-copy,", 1).encode()


def test_an_exported_project_card_imports_back_as_a_new_card(catalogue):
    """The editor's complaint: a starter-set card exported to CSV and re-imported under a new
    key was refused (the export had no origin column, so the copy read as a book row without
    its source)."""
    Card.objects.create(
        game=catalogue["chimera"].game,
        key="kst-gnat",
        name_ru="Мошка",
        card_type="ship",
        cost=2,
        rarity="common",
        origin="project",
        attributes=dict(catalogue["chimera"].attributes, name="Мошка", cost=2, size="LK"),
    )
    client = superuser_client()
    body = _exported_as_new(client, key="kst-gnat")
    assert "origin" in body.decode().splitlines()[0].split(",")
    (row,) = upload(client, body).context["preview"]
    assert (row.kind, row.errors) == ("new", [])


@pytest.mark.parametrize("cell", ["5", "5.0", " 5 "])
def test_a_stat_column_equal_to_the_cards_own_column_is_no_conflict(catalogue, cell):
    """The editor's complaint: a row got "attributes say cost = 5, but the card's cost is 5":
    the stat cell as a spreadsheet wrote it is text, the column a number."""
    csv = HEADER + ",attributes.cost\n" + GOOD + f",{cell}\n"
    (row,) = upload(superuser_client(), csv).context["preview"]
    assert (row.kind, row.errors) == ("new", [])
    rows = [{**json.loads(json.dumps(dict(zip(HEADER.split(","), GOOD.split(","), strict=True))))}]
    rows[0]["attributes"] = {"cost": cell, "size": "SK", "strength": 8, "critical": 5}
    rows[0] = {k: v for k, v in rows[0].items() if not k.startswith("attributes.")}
    dataset = dataset_read(data=json.dumps(rows).encode(), file_format="json")
    result = CardResource().import_recorded(dataset, dry_run=True, reason="")
    errors = result.rows[0].validation_error
    assert "cost" not in (errors.message_dict if errors else {})


def test_a_stat_column_that_differs_from_the_cards_own_column_is_a_conflict(catalogue):
    csv = HEADER + ",attributes.cost\n" + GOOD + ",6\n"
    (row,) = upload(superuser_client(), csv).context["preview"]
    assert row.kind == "invalid" and [field for field, _ in row.errors] == ["cost"]
