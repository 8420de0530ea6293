"""The loader beside the editors: conflicts with editors' changes are reported and left (or
taken from the file when asked), a card decks use is retired rather than deleted, the whole
load is recorded, and malformed files get an error naming file and line."""

from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from cardbase.editorial.drafts import draft_save, drafts_publish
from cardbase.editorial.history import entry_history
from cardbase.models import Card
from content.loader import ContentError, content_load
from decks.models import Deck, DeckEntry
from tests.content.test_loader import CARDS, write_data


@pytest.fixture
def loaded(db, tmp_path):
    data = write_data(tmp_path)
    content_load(data_dir=data)
    return data


def publish_cost(cost: int) -> None:
    alpha = Card.objects.get(key="alpha")
    alpha.cost = cost
    editor = User.objects.create_user("ed")
    drafts_publish(drafts=[draft_save(row=alpha, user=editor, reason="errata")], user=editor)


def test_the_load_is_recorded_in_the_history(loaded):
    (latest,) = entry_history(row=Card.objects.get(key="alpha"))
    assert (latest.kind, latest.reason, latest.author) == ("load", "load_content", "")


def test_an_editors_change_is_kept_and_the_conflict_reported(loaded):
    publish_cost(7)
    write_data(loaded, CARDS.replace("cost: 3", "cost: 4"))
    report = content_load(data_dir=loaded)
    assert Card.objects.get(key="alpha").cost == 7
    (conflict,) = report.conflicts
    assert "testgame/cards.yaml: card 'alpha'" in conflict
    assert "ed, " in conflict and "cost 7 → 4" in conflict and "--take-file" in conflict
    assert not report.changed


def test_a_file_that_did_not_change_leaves_the_editors_row_alone_too(loaded):
    publish_cost(7)
    report = content_load(data_dir=loaded)
    assert Card.objects.get(key="alpha").cost == 7
    assert report.conflicts  # the file still says 3: reported, never silently overwritten


def test_take_file_takes_the_files_side_and_the_next_load_is_quiet(loaded):
    publish_cost(7)
    write_data(loaded, CARDS.replace("cost: 3", "cost: 4"))
    output = StringIO()
    call_command("load_content", data_dir=loaded, take_file=True, stdout=output)
    assert Card.objects.get(key="alpha").cost == 4
    assert "editor" not in output.getvalue()
    assert not content_load(data_dir=loaded).conflicts


def test_a_card_a_deck_uses_is_retired_with_the_deck_named(loaded):
    owner = User.objects.create_user("pilot")
    deck = Deck.objects.create(owner=owner, name="Флот Химеры")
    DeckEntry.objects.create(deck=deck, card=Card.objects.get(key="beta"), count=2)
    write_data(loaded, CARDS.split("  - key: beta")[0])
    report = content_load(data_dir=loaded)
    (message,) = report.retired
    assert "«Бета» (beta)" in message and "«Флот Химеры»" in message and "retired" in message
    assert not Card.objects.filter(key="beta").exists()  # gone for players
    beta = Card.all_objects.get(key="beta")
    assert beta.retired
    assert deck.entries.get().card == beta  # the deck still holds it
    client = Client()
    client.force_login(owner)
    page = client.get(reverse("decks:detail", args=[deck.pk]))
    assert page.status_code == 200 and "Бета" in page.content.decode()
    exported = client.get(reverse("decks:export-json", args=[deck.pk]))
    assert exported.status_code == 200 and "Бета" in exported.content.decode()
    assert not content_load(data_dir=loaded).retired  # said once
    write_data(loaded)  # back in the file: a live card again
    content_load(data_dir=loaded)
    assert Card.objects.filter(key="beta").exists()


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("- model: card\n", "testgame/cards.yaml, line 1: the top of the file must be a mapping"),
        (
            "model: card\nentries:\n  - key: a\n    name_ru: A\n    key: b\n",
            "testgame/cards.yaml, line 5: key 'key' given twice in one mapping (first on line 3)",
        ),
        ("model: card\nentries: [\n", "testgame/cards.yaml, line 3: not valid YAML"),
        ("model: card\nentries: 3\n", "'entries' a list"),
    ],
)
def test_malformed_files_are_reported_with_file_and_line(db, tmp_path, content, words):
    write_data(tmp_path, content)
    with pytest.raises(ContentError) as error:
        content_load(data_dir=tmp_path)
    assert words in str(error.value)


def test_a_file_that_is_not_utf8_is_named_with_its_line(db, tmp_path):
    write_data(tmp_path)
    (tmp_path / "testgame" / "cards.yaml").write_bytes("model: card\n# Б\n".encode("cp1251"))
    with pytest.raises(ContentError) as error:
        content_load(data_dir=tmp_path)
    assert "testgame/cards.yaml, line 2: not UTF-8 text (byte 0xc1)" in str(error.value)


def test_the_command_reports_a_malformed_file_without_a_traceback(db, tmp_path):
    write_data(tmp_path, "- 1\n")
    with pytest.raises(CommandError) as error:
        call_command("load_content", data_dir=tmp_path)
    assert "cards.yaml, line 1" in str(error.value)


def test_the_shipped_files_use_merge_keys_which_are_not_duplicates():
    from content.loader import DATA_DIR
    from content.yaml_files import yaml_file_read

    sectors = yaml_file_read(DATA_DIR / "eclipse" / "sectors.yaml", name="sectors", top=dict)
    assert sectors["entries"]
