"""Concurrency on PostgreSQL with real threads, each with its own connection and transaction:
per-user limits hold when one user's creates arrive at once (issue 18: eight parallel creates
with nothing running made 5 tournaments and 75,000 queued games against limits of 3 and
20,000), and a round is paired without holding the tournament's row lock."""

import threading

import pytest
from django.db import connection

from matches.models import Status, Tournament
from matches.tournaments.errors import LimitExceeded
from matches.tournaments.services import TournamentRequest, tournament_create
from tests.matches.decks import four_decks

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgresql(reason="concurrent transactions with row locks"),
]


def _create_at_once(owner, versions, count: int, games: int) -> list[str]:
    start = threading.Barrier(count)
    outcomes: list[str] = []

    def create() -> None:
        try:
            start.wait()
            request = TournamentRequest(
                name="наперегонки",
                format="round_robin",
                versions=versions,
                games_per_pairing=games,
                agents="random",
            )
            tournament_create(owner=owner, request=request, dispatch=False)
            outcomes.append("created")
        except LimitExceeded as error:
            outcomes.append(error.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=create) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_parallel_creates_respect_the_running_limit(owner, settings):
    settings.TOURNAMENTS_RUNNING_PER_USER = 3
    versions = [deck.versions.get() for deck in four_decks(owner)]
    outcomes = _create_at_once(owner, versions, 8, games=2)
    assert sorted(outcomes) == ["created"] * 3 + ["too_many_tournaments"] * 5
    assert Tournament.objects.filter(owner=owner, status=Status.RUNNING).count() == 3


def test_parallel_creates_respect_the_queued_games_and_cpu_limits(owner, settings):
    settings.TOURNAMENTS_RUNNING_PER_USER = 8
    settings.MATCHES_QUEUED_PER_USER = 300  # room for two of 120 games
    versions = [deck.versions.get() for deck in four_decks(owner)]
    outcomes = _create_at_once(owner, versions, 6, games=20)
    assert sorted(outcomes) == ["created"] * 2 + ["too_many_matches"] * 4
    settings.MATCHES_QUEUED_PER_USER = 100_000
    settings.MATCH_EXPECTED_GAME_CPU_SECONDS = 1.0
    settings.CPU_SECONDS_QUEUED_PER_USER = 400  # 240 s queued: room for one more of 120
    outcomes = _create_at_once(owner, versions, 4, games=20)
    assert sorted(outcomes) == ["created"] + ["too_much_cpu"] * 3


def test_the_next_round_is_paired_outside_the_tournaments_row_lock(owner, monkeypatch):
    """While a Swiss round is being paired, another connection can lock the tournament's row
    at once (``NOWAIT``): a cancel never waits on the pairing (issue 18's 500 after 5 s)."""
    from matches.tournaments import formats, progress
    from matches.tournaments.batches import batch_play
    from matches.tournaments.services import pending_batches, tournament_cancel

    versions = [deck.versions.get() for deck in four_decks(owner)]
    request = TournamentRequest(
        name="без блокировки",
        format="swiss",
        versions=versions,
        games_per_pairing=2,
        agents="random",
        options={"rounds": 2},
    )
    tournament = tournament_create(owner=owner, request=request, dispatch=False)
    for batch_id in pending_batches(tournament=tournament):
        batch_play(batch_id=batch_id, owner="w")
    answers: list[str] = []
    pair = formats.next_round

    def pairing_while_another_cancels(**kwargs):
        def cancel() -> None:
            try:
                from django.db import transaction

                with transaction.atomic():
                    Tournament.objects.select_for_update(nowait=True).get(pk=tournament.pk)
                    answers.append("locked at once")
            finally:
                connection.close()

        thread = threading.Thread(target=cancel)
        thread.start()
        thread.join()
        return pair(**kwargs)

    monkeypatch.setattr(progress.formats, "next_round", pairing_while_another_cancels)
    progress.tournament_advance(tournament_id=tournament.pk)
    assert answers == ["locked at once"]
    tournament.refresh_from_db()
    assert tournament.round == 2
    assert tournament_cancel(tournament=tournament).status == Status.CANCELLED
