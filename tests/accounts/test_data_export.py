"""“Download my data”: a ZIP with every version of every deck the user owns (text and deck
file, each importing back as that version), the collection (importing back), his games and
tournaments; nobody else's."""

import csv
import io
import json
import zipfile

import pytest

from decks import collection
from decks.comparison import snapshot_content
from decks.models import Deck, Visibility
from decks.services import content_from_source, deck_update
from matches.play.services import human_match_start
from matches.tournaments.services import TournamentRequest, tournament_create
from tests.decks.factories import UserFactory
from tests.matches.decks import playable_deck

pytestmark = pytest.mark.django_db


def _archive(client) -> zipfile.ZipFile:
    answer = client.get("/accounts/export/")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/zip"
    assert "attachment" in answer["Content-Disposition"]
    return zipfile.ZipFile(io.BytesIO(answer.content))


def test_the_zip_holds_every_version_of_every_deck_and_each_imports_back(client, pilot):
    first = playable_deck(pilot, "Баланс", visibility=Visibility.PRIVATE, title="Рой")
    second = playable_deck(pilot, "Торговцы", title="Купцы")
    content = snapshot_content(first.versions.get().snapshot)
    fewer = content.entries[0].__class__(card_id=content.entries[0].card_id, count=1)
    deck_update(deck=first, content=content.__class__(
        commander_id=content.commander_id, entries=(fewer, *content.entries[1:])
    ))  # fmt: skip
    deck_update(deck=first, name="Рой 2", tags=["агро"])
    playable_deck(UserFactory(username="other"), "Станции", title="Чужая")
    client.force_login(pilot)
    archive = _archive(client)
    names = set(archive.namelist())
    for deck in Deck.objects.filter(owner=pilot):
        for version in deck.versions.all():
            expected = snapshot_content(version.snapshot)
            text = archive.read(f"decks/{deck.pk}/v{version.number}.txt").decode()
            deck_file = json.loads(archive.read(f"decks/{deck.pk}/v{version.number}.json"))
            assert content_from_source(source=text) == expected
            assert content_from_source(source=deck_file) == expected
    assert first.versions.count() == 3 and second.versions.count() == 1
    assert not any("Чужая" in archive.read(name).decode() for name in names)
    summary = list(csv.DictReader(io.StringIO(archive.read("decks.csv").decode())))
    assert {(row["name"], row["versions"], row["tags"]) for row in summary} == {
        ("Рой 2", "3", "агро"),
        ("Купцы", "1", ""),
    }
    meta = json.loads(archive.read(f"decks/{first.pk}/deck.json"))
    assert meta["visibility"] == "private" and [v["number"] for v in meta["versions"]] == [1, 2, 3]
    assert "README.txt" in names and "account.json" in names


def test_the_zip_holds_the_collection_games_and_tournaments(client, pilot):
    mine = playable_deck(pilot, "Баланс", title="Рой")
    theirs = playable_deck(pilot, "Торговцы", title="Купцы")
    collection.collection_set_counts(user=pilot, counts={mine.commander_id: 3})
    versions = [mine.versions.get(), theirs.versions.get()]
    human_match_start(owner=pilot, deck=versions[0], opponent=versions[1], agent="random")
    request = TournamentRequest(
        name="Кубок", format="round_robin", versions=versions, games_per_pairing=2
    )
    tournament = tournament_create(owner=pilot, request=request, dispatch=False)
    client.force_login(pilot)
    archive = _archive(client)
    reader = UserFactory(username="reader")
    read = collection.collection_import(user=reader, source=archive.read("collection.csv").decode())
    assert read.problems == () and collection.owned_counts(user=reader) == {mine.commander_id: 3}
    [game] = json.loads(archive.read("games.json"))
    assert game["status"] == "in_progress" and game.get("seed") is None  # not while played
    saved = json.loads(archive.read(f"tournaments/{tournament.pk}.json"))
    assert saved["name"] == "Кубок" and len(saved["standings"]) == 2
    assert "Кубок" in archive.read("tournaments.csv").decode()


def test_only_the_signed_in_user_downloads(client):
    assert client.get("/accounts/export/").status_code == 302
