"""“Download my data”: everything a user owns as one ZIP of JSON and CSV files.

Every deck with every saved version (text and deck file, each importable again: the deck
import takes either), the collection (CSV and text, the collection import takes either), the
games against the AI, the single matches and the tournaments he owns with their results.
``README.txt`` in the archive says what each file is and how to import it back.
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone

from decks import collection, services
from decks.models import Deck
from matches.models import HumanMatch, HumanMatchStatus, Match, Tournament
from matches.play.selectors import human_match_summary
from matches.tournaments.selectors import tournament_results

README = """Komandor Cardbase: the data of the account “{username}”, exported {when}.

account.json            the account: name, date joined
decks.csv               every deck: id, name, visibility, tags, versions, cards
decks/<id>/deck.json    the deck as it is now: name, description, visibility, tags
decks/<id>/vN.txt       version N in the deck text format
decks/<id>/vN.json      version N as a deck file (each card's full spec, as saved)
collection.csv          the cards owned: count,name,release,number
collection.txt          the same in the deck text format
games.json              games against the AI (seed and moves once a game is over)
matches.json            single matches played by the engine
tournaments.csv         the tournaments, one a line
tournaments/<id>.json   a tournament with its standings and pairings

Importing back: a version's .txt or .json makes a deck again (the site's “Import a deck”, or
POST /api/decks/import/ with "text" or "deck"); collection.csv or collection.txt fills a
collection (the collection page, or POST /api/collection/import/ with "text").
"""


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, cls=DjangoJSONEncoder) + "\n"


def _csv(header: list[str], rows: list[list[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def account_data_zip(*, user) -> bytes:
    """The ZIP's bytes (the whole of one user's data is small: decks of at most 100 cards)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in account_data_files(user=user):
            archive.writestr(name, text)
    return buffer.getvalue()


def account_data_files(*, user):
    """(path in the archive, text) of every file, in order."""
    yield "README.txt", README.format(username=user.get_username(), when=timezone.now())
    yield "account.json", _json({"username": user.get_username(), "date_joined": user.date_joined})
    yield from _decks(user)
    yield "collection.csv", collection.collection_export_csv(user=user)
    yield "collection.txt", collection.collection_export_text(user=user)
    yield from _games(user)
    yield from _tournaments(user)


def _decks(user):
    decks = Deck.objects.filter(owner=user).prefetch_related("tags", "versions").order_by("id")
    rows = []
    for deck in decks:
        tags = [tag.name for tag in deck.tags.all()]
        versions = sorted(deck.versions.all(), key=lambda version: version.number)
        yield (
            f"decks/{deck.pk}/deck.json",
            _json(
                {
                    "id": deck.pk,
                    "name": deck.name,
                    "description": deck.description,
                    "visibility": deck.visibility,
                    "tags": tags,
                    "created_at": deck.created_at,
                    "updated_at": deck.updated_at,
                    "versions": [
                        {"number": v.number, "saved": v.created_at, "legal": v.is_valid}
                        for v in versions
                    ],
                }
            ),
        )
        for version in versions:
            yield (
                f"decks/{deck.pk}/v{version.number}.txt",
                services.version_export_text(version=version),
            )
            yield (
                f"decks/{deck.pk}/v{version.number}.json",
                _json(services.version_export_json(version=version)),
            )
        latest = versions[-1].card_count if versions else 0
        rows.append([deck.pk, deck.name, deck.visibility, ", ".join(tags), len(versions), latest])
    yield "decks.csv", _csv(["id", "name", "visibility", "tags", "versions", "cards"], rows)


def _games(user):
    games = []
    for game in HumanMatch.objects.filter(owner=user).select_related(
        "deck__deck", "opponent__deck"
    ):
        summary = human_match_summary(game)
        if game.status == HumanMatchStatus.FINISHED:
            # Only once it is over: the seed gives away the AI's hand and every die.
            summary |= {"seed": game.seed, "turn_cap": game.turn_cap}
        games.append(summary)
    yield "games.json", _json(games)
    matches = Match.objects.filter(owner=user, tournament__isnull=True).select_related(
        "seat0__deck", "seat1__deck"
    )
    yield (
        "matches.json",
        _json(
            [
                {
                    "id": match.pk,
                    "seats": [
                        {"deck": seat.deck.name, "deck_id": seat.deck_id, "version": seat.number}
                        for seat in (match.seat0, match.seat1)
                    ],
                    "agents": match.agents,
                    "seed": match.seed,
                    "turn_cap": match.turn_cap,
                    "winner_seat": match.winner_seat,
                    "termination": match.termination,
                    "turns": match.turns,
                    "created_at": match.created_at,
                }
                for match in matches
            ]
        ),
    )


def _tournaments(user):
    rows = []
    for tournament in Tournament.objects.filter(owner=user).order_by("id"):
        results = tournament_results(tournament=tournament)
        yield (
            f"tournaments/{tournament.pk}.json",
            _json(
                {
                    "id": tournament.pk,
                    "name": tournament.name,
                    "format": tournament.format,
                    "options": tournament.options,
                    "agents": tournament.agents,
                    "games_per_pairing": tournament.games_per_pairing,
                    "seed": tournament.seed,
                    "turn_cap": tournament.turn_cap,
                    "public": tournament.is_public,
                    "status": tournament.status,
                    "games_played": tournament.done,
                    "games_planned": tournament.total,
                    "created_at": tournament.created_at,
                    "finished_at": tournament.finished_at,
                    "standings": results["standings"],
                    "pairings": results["pairings"],
                }
            ),
        )
        rows.append(
            [
                tournament.pk,
                tournament.name,
                tournament.format,
                tournament.status,
                tournament.is_public,
                tournament.done,
                tournament.total,
                tournament.created_at.isoformat(),
            ]
        )
    header = ["id", "name", "format", "status", "public", "games_played", "games_planned"]
    yield "tournaments.csv", _csv([*header, "created_at"], rows)
