"""The advance step and the sweep without a worker (matches/tournaments/progress.py and the
sending in tasks.py): what each finds missing and sends, and what a stuck tournament says.
``tournament_advance`` returns the batches due; ``tasks.batches_send`` sends them."""

from datetime import timedelta

import pytest
from django.utils import timezone

from matches.models import Batch, Match, Problem, Status, Tournament
from matches.tournaments.batches import MAX_BATCH_FAILURES, batch_claim, batch_play
from matches.tournaments.progress import batch_failed, tournament_advance
from matches.tournaments.selectors import progress
from matches.tournaments.services import TournamentRequest, pending_batches, tournament_create
from matches.tournaments.tasks import batches_send, tournaments_sweep
from tests.matches.aggregates import assert_aggregates_match_games
from tests.matches.decks import four_decks


def _create(owner, games=4, **fields):
    request = TournamentRequest(
        name="ход",
        format=fields.pop("format", "round_robin"),
        versions=[deck.versions.get() for deck in four_decks(owner)[:2]],
        games_per_pairing=games,
        agents="random",
        **fields,
    )
    return tournament_create(owner=owner, request=request, dispatch=False)


def test_nothing_is_due_while_batches_are_sent_and_workers_busy(owner):
    tournament = _create(owner)
    first, _ = pending_batches(tournament=tournament)
    batch_claim(batch_id=first, owner="busy worker")
    assert tournament_advance(tournament_id=tournament.pk, sweep=True) == []


def test_batches_waiting_behind_a_long_batch_whose_lease_lives_are_not_sent_again(owner):
    """A search batch can outlast the resend interval; its worker renews the lease at every
    decision, so the waiting batches are not taken for lost messages."""
    tournament = _create(owner, games=6)
    first, *waiting = pending_batches(tournament=tournament)
    later = timezone.now() + timedelta(hours=1)
    batch_claim(batch_id=first, owner="busy worker")
    Batch.objects.filter(pk=first).update(
        claimed_at=later - timedelta(hours=1), lease_expires=later + timedelta(seconds=30)
    )
    assert waiting and tournament_advance(tournament_id=tournament.pk, now=later) == []


def test_a_lease_that_ran_out_is_sent_again_and_says_its_worker_was_lost(owner):
    tournament = _create(owner)
    first, second = pending_batches(tournament=tournament)
    batch_claim(batch_id=first, owner="killed worker")
    # Past the lease (60 s) but not the resend interval (90 s): the untaken one waits.
    later = timezone.now() + timedelta(seconds=61)
    assert tournament_advance(tournament_id=tournament.pk, now=later) == [first]
    tournament.refresh_from_db()
    assert tournament.problem == Problem.WORKER_LOST
    assert progress(tournament=tournament)["problem"]["code"] == "worker_lost"
    assert progress(tournament=tournament)["eta_seconds"] is None
    # The killed worker cannot record it any more; the next owner plays and clears it.
    assert batch_play(batch_id=first, owner="killed worker") is True  # free again: re-taken
    assert batch_play(batch_id=second, owner="new worker") is True
    tournament.refresh_from_db()
    assert tournament.problem == ""
    assert_aggregates_match_games(tournament)  # the lost lease's batch counted once


def test_batches_sent_but_never_taken_while_workers_idle_are_sent_again(owner):
    tournament = _create(owner)
    batches = pending_batches(tournament=tournament)
    later = timezone.now() + timedelta(hours=1)
    assert sorted(tournament_advance(tournament_id=tournament.pk, now=later)) == (sorted(batches))
    tournament.refresh_from_db()
    assert tournament.problem == Problem.WAITING_FOR_WORKER


def test_a_broker_that_cannot_be_reached_leaves_the_batches_unsent_and_says_so(owner, monkeypatch):
    from kombu.exceptions import OperationalError

    from matches.tournaments import tasks

    tournament = _create(owner)
    batches = pending_batches(tournament=tournament)

    def refused(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(tasks.play_batch, "apply_async", refused)
    assert batches_send(tournament.pk, batches) is False
    tournament.refresh_from_db()
    assert tournament.problem == Problem.BROKER_UNREACHABLE
    assert "Connection refused" in tournament.problem_detail
    assert not Batch.objects.filter(pk__in=batches, sent_at__isnull=False).exists()
    # Unsent batches are due at once (the next sweep), whatever the workers do.
    assert sorted(tournament_advance(tournament_id=tournament.pk)) == sorted(batches)


def test_a_batch_that_keeps_failing_stops_being_sent_and_says_why(owner):
    tournament = _create(owner)
    first, _ = pending_batches(tournament=tournament)
    for _ in range(MAX_BATCH_FAILURES):
        assert batch_claim(batch_id=first, owner="w")
        batch_failed(batch_id=first, owner="w", error=RuntimeError("engine bug"))
    assert batch_claim(batch_id=first, owner="w") is False
    assert first not in tournament_advance(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.problem == Problem.BATCH_FAILED
    assert "engine bug" in tournament.problem_detail


def test_the_sweep_covers_games_no_batch_holds(owner):
    tournament = _create(owner)
    Batch.objects.filter(tournament=tournament).delete()  # lost, as before batches were rows
    assert len(tournament_advance(tournament_id=tournament.pk, sweep=True)) == 2
    assert Batch.objects.filter(tournament=tournament, done=False).count() == 2


def test_the_sweep_finishes_what_is_complete_and_leaves_others_alone(owner):
    done = _create(owner, seed=1)
    for batch_id in pending_batches(tournament=done):
        batch_play(batch_id=batch_id, owner="w")
    other = _create(owner, seed=2)
    assert tournaments_sweep() == 0  # the other's batches were just sent: none due
    done.refresh_from_db()
    other.refresh_from_db()
    assert (done.status, done.done, done.total) == (Status.FINISHED, 4, 4)
    assert Match.objects.filter(tournament=done).count() == 4
    assert_aggregates_match_games(done)


@pytest.mark.parametrize("format", ["swiss", "single_elimination"])
def test_the_next_round_is_opened_once_however_often_the_advance_runs(owner, format):
    options = {"rounds": 1} if format == "swiss" else {}
    tournament = _create(owner, format=format, options=options)
    for batch_id in pending_batches(tournament=tournament):
        batch_play(batch_id=batch_id, owner="w")
    for _ in range(3):
        tournament_advance(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Status.FINISHED
    assert_aggregates_match_games(tournament)


def test_the_page_and_the_api_say_why_a_tournament_is_not_progressing(owner, client):
    tournament = _create(owner)
    Tournament.objects.filter(pk=tournament.pk).update(problem=Problem.BROKER_UNREACHABLE)
    client.force_login(owner)
    page = client.get(f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="ru")
    assert "Не продвигается: очередь задач недоступна." in page.content.decode()
    answer = client.get(f"/api/tournaments/{tournament.pk}/").json()
    assert answer["progress"]["problem"]["code"] == "broker_unreachable"
    assert answer["progress"]["eta_seconds"] is None


def test_a_message_from_before_batches_were_rows_advances_its_tournament(owner):
    """``play_batch(tournament id, items)`` still queued at an upgrade: its tournament's games
    get batch rows and are played (in-process here)."""
    from config.celery import app
    from matches.tournaments.tasks import play_batch

    tournament = _create(owner)
    Batch.objects.filter(tournament=tournament).delete()
    previous, app.conf.task_always_eager = app.conf.task_always_eager, True
    try:
        play_batch.apply(args=(tournament.pk, [[1, 0], [1, 1]]))
    finally:
        app.conf.task_always_eager = previous
    tournament.refresh_from_db()
    assert (tournament.status, tournament.done) == (Status.FINISHED, 4)
    assert_aggregates_match_games(tournament)


def test_a_lease_no_longer_renewed_says_so_before_it_runs_out(owner):
    """Issue 36: a worker renews its lease every quarter of it; one silent for longer is gone
    or cut off, and the tournament says it waits for that batch at once — not a null problem
    and a rising estimate until the lease runs out."""
    tournament = _create(owner)
    first, second = pending_batches(tournament=tournament)
    batch_claim(batch_id=first, owner="cut-off worker")
    batch_claim(batch_id=second, owner="busy worker")
    claimed = Batch.objects.get(pk=first).lease_expires - timedelta(seconds=60)
    # Renewed on time (every 15 s, a slow decision more): nothing to say.
    assert (
        tournament_advance(tournament_id=tournament.pk, now=claimed + timedelta(seconds=20)) == []
    )
    tournament.refresh_from_db()
    assert tournament.problem == ""
    # The busy worker renews; the other has not been heard from for 26 s of its 60.
    Batch.objects.filter(pk=second).update(lease_expires=claimed + timedelta(seconds=86))
    silent = claimed + timedelta(seconds=26)
    assert tournament_advance(tournament_id=tournament.pk, now=silent) == []  # not yet resent
    tournament.refresh_from_db()
    assert tournament.problem == Problem.WAITING_FOR_LOST_BATCH
    shown = progress(tournament=tournament)
    assert shown["problem"]["code"] == "waiting_for_lost_batch" and shown["eta_seconds"] is None
    # When its lease runs out it is sent again, and says its worker was lost.
    assert tournament_advance(tournament_id=tournament.pk, now=claimed + timedelta(seconds=61)) == [
        first
    ]
    tournament.refresh_from_db()
    assert tournament.problem == Problem.WORKER_LOST


def test_leases_are_stamped_and_judged_by_the_databases_clock(owner, monkeypatch):
    """Issue 36: a worker whose clock runs a minute ahead neither cuts another's lease short
    when it sweeps nor stretches its own: both read the database's clock (``clock.db_now``)."""
    from django.db import connection

    from matches.tournaments import clock

    tournament = _create(owner)
    first, second = pending_batches(tournament=tournament)
    batch_claim(batch_id=first, owner="right clock")
    ahead = timezone.now() + timedelta(minutes=1, seconds=5)
    monkeypatch.setattr(timezone, "now", lambda: ahead)  # this process's clock runs ahead
    if connection.vendor == "postgresql":
        assert abs((clock.db_now() - ahead).total_seconds()) > 60  # the server's clock
        assert tournament_advance(tournament_id=tournament.pk) == []  # the lease is alive
        batch_claim(batch_id=second, owner="fast clock")
        lease = Batch.objects.get(pk=second).lease_expires
        assert lease < ahead  # stamped by the server: 60 s from its now, not from ahead
    else:  # SQLite lives in this process, on this machine: its clock is the database's
        assert clock.db_now() == ahead
