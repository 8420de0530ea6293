"""Issue 18: the admin's card import is bounded — rows, what an XLSX expands to, cell size,
nesting, YAML aliases ("billion laughs") and time — each refused at once with a form error
that says which bound, nothing written; and exports a spreadsheet will not run as formulas."""

import csv
import io
import json
from unittest import mock

import openpyxl
import pytest
from django.urls import reverse

from cardbase.editorial import card_table
from cardbase.editorial.card_table import MAX_IMPORT_ROWS, CardResource
from cardbase.models import Card
from tests.cardbase.admin_data import admin_catalogue
from tests.cardbase.test_content_table import CSV, HEADER, superuser_client, upload

BILLION_LAUGHS = """\
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
"""


@pytest.fixture
def catalogue(db):
    return admin_catalogue()


@pytest.fixture
def nothing_imported():
    """Fails the test if any row reaches the importer."""
    with mock.patch.object(CardResource, "import_data") as imported:
        yield
        assert imported.call_count == 0


def refused(response, words: str) -> None:
    assert response.status_code == 200
    (error,) = response.context["form"].errors["file"]
    assert words in error, error


def many_rows(count: int) -> str:
    rows = [f"komandor,k{n},ship,Корабль {n},5,common,b,s,SK,8,5,3,6,C,3,5" for n in range(count)]
    return "\n".join([HEADER, *rows]) + "\n"


def test_a_csv_of_too_many_rows_is_refused_before_any_row_is_checked(catalogue, nothing_imported):
    refused(
        upload(superuser_client(), many_rows(MAX_IMPORT_ROWS + 1)), f"at most {MAX_IMPORT_ROWS}"
    )


def test_an_xlsx_of_too_many_rows_is_refused(catalogue, nothing_imported):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(HEADER.split(","))
    for n in range(MAX_IMPORT_ROWS + 1):
        sheet.append(["komandor", f"k{n}", "ship"])
    out = io.BytesIO()
    book.save(out)
    refused(upload(superuser_client(), out.getvalue(), "xlsx"), "rows")


def test_an_xlsx_that_expands_past_the_bound_is_refused_before_it_is_read(
    catalogue, nothing_imported, monkeypatch
):
    book = openpyxl.Workbook()
    book.active.append(["game", "key", "text"])
    book.active.append(["komandor", "x", "ы" * 20_000])  # compresses to almost nothing
    out = io.BytesIO()
    book.save(out)
    monkeypatch.setattr(card_table, "MAX_EXPANDED_BYTES", 30_000)
    with mock.patch("openpyxl.load_workbook") as read:
        refused(upload(superuser_client(), out.getvalue(), "xlsx"), "expands")
    assert read.call_count == 0


def test_a_yaml_billion_laughs_is_refused_at_the_first_alias(catalogue, nothing_imported):
    refused(upload(superuser_client(), BILLION_LAUGHS, "yaml"), "aliases")


def test_yaml_that_is_not_a_list_of_rows_is_refused(catalogue, nothing_imported):
    refused(upload(superuser_client(), "a: 1\n", "yaml"), "list of rows")


def test_json_rows_nested_past_the_bound_are_refused(catalogue, nothing_imported):
    deep = [{"game": "komandor", "key": "x", "attributes": json.loads("[" * 30 + "]" * 30)}]
    refused(upload(superuser_client(), json.dumps(deep), "json"), "levels deep")


def test_a_huge_cell_is_refused(catalogue, nothing_imported):
    text = HEADER.replace("source_book", "text") + "\n" + "komandor,x,ship,Ы,5,common,"
    text += "ы" * 30_000 + ",s,SK,8,5,3,6,C,3,5\n"
    refused(upload(superuser_client(), text), "longer than")


def test_an_import_past_its_time_writes_nothing(catalogue, monkeypatch):
    client = superuser_client()
    preview = upload(client, CSV)
    before = Card.objects.get(key="chimera").attributes
    monkeypatch.setattr(card_table, "IMPORT_SECONDS", -1)
    refused(upload(client, CSV), "longer than")
    confirmed = client.post(
        reverse("admin:cardbase_card_import"), {"payload": preview.context["payload"]}, follow=True
    )
    assert "longer than" in confirmed.content.decode()
    assert not Card.objects.filter(key="exorcist").exists()
    assert Card.objects.get(key="chimera").attributes == before


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)", "\tx"])
def test_the_card_export_writes_no_formula_and_imports_back_unchanged(catalogue, name):
    Card.objects.filter(key="chimera").update(name_ru=name)
    client = superuser_client()
    exported = client.get(
        reverse("admin:cardbase_card_export"), {"format": "csv", "game": "komandor"}
    )
    assert exported["Content-Type"] == "text/csv; charset=utf-8"
    (row,) = csv.DictReader(io.StringIO(exported.content.decode()))
    assert row["name_ru"] == "'" + name
    assert row["cost"] == "10"  # numbers stay numbers
    preview = upload(client, exported.content).context["preview"]
    assert [r.kind for r in preview] == ["skip"]


def test_the_xlsx_export_writes_no_formula(catalogue):
    Card.objects.filter(key="chimera").update(name_ru="=1+1")
    exported = superuser_client().get(
        reverse("admin:cardbase_card_export"), {"format": "xlsx", "game": "komandor"}
    )
    sheet = openpyxl.load_workbook(io.BytesIO(exported.content)).active
    header = [cell.value for cell in sheet[1]]
    column = header.index("name_ru")
    names = [row[column].value for row in sheet.iter_rows(min_row=2)]
    assert names == ["'=1+1"]
    assert sheet.cell(row=2, column=column + 1).data_type == "s"
