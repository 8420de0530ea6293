"""Tournament services: rounds, batches, idempotent recording, limits, cancel, runaway games."""

import pytest
from django.utils import translation

from decks.models import Visibility
from matches.models import Match, Pairing, Status
from matches.replays.services import match_create
from matches.tournaments.batches import batch_play
from matches.tournaments.errors import LimitExceeded, TournamentError
from matches.tournaments.progress import tournament_advance
from matches.tournaments.services import (
    INLINE_OWNER,
    TournamentRequest,
    pending_batches,
    tournament_cancel,
    tournament_create,
    tournament_play_inline,
)
from tests.matches.decks import four_decks, playable_deck


def versions_of(decks):
    return [deck.versions.get() for deck in decks]


def create(owner, decks, **fields):
    request = TournamentRequest(
        name=fields.pop("name", "Турнир"),
        format=fields.pop("format", "round_robin"),
        versions=versions_of(decks),
        games_per_pairing=fields.pop("games_per_pairing", 2),
        **fields,
    )
    return tournament_create(owner=owner, request=request, dispatch=False)


def results(tournament):
    return list(
        Match.objects.filter(tournament=tournament)
        .order_by("pairing__round", "pairing__slot", "game")
        .values_list(
            "pairing__a__rank",
            "pairing__b__rank",
            "game",
            "seed",
            "a_seat",
            "winner_seat",
            "termination",
            "turns",
        )
    )


def test_a_round_robin_of_four_decks_plays_every_pairing_with_seats_swapped(owner):
    tournament = create(owner, four_decks(owner), games_per_pairing=4, seed=11)
    assert (tournament.total, tournament.done, tournament.status) == (24, 0, Status.RUNNING)
    tournament = tournament_play_inline(tournament=tournament)
    assert (tournament.status, tournament.done, tournament.total) == (Status.FINISHED, 24, 24)
    assert Match.objects.filter(tournament=tournament).count() == 24
    rows = results(tournament)
    assert all(row[4] == row[2] % 2 for row in rows)  # a_seat follows the game's parity
    seeds = {}
    for a, b, game, seed, *_ in rows:
        seeds.setdefault((a, b, game // 2), set()).add(seed)
    assert all(len(s) == 1 for s in seeds.values())  # each seed twice, seats swapped
    assert len({seed for (*_, s) in seeds.items() for seed in s}) == 12


def test_the_same_tournament_and_seed_give_identical_results(owner):
    decks = four_decks(owner)
    first = tournament_play_inline(tournament=create(owner, decks, seed=5))
    second = tournament_play_inline(tournament=create(owner, decks, seed=5))
    other = tournament_play_inline(tournament=create(owner, decks, seed=6))
    assert results(first) == results(second)
    assert [r[3] for r in results(first)] != [r[3] for r in results(other)]


def play(batch_id, owner=INLINE_OWNER, **options):
    return batch_play(batch_id=batch_id, owner=owner, **options)


def test_a_redelivered_batch_is_played_once_and_the_advance_finishes(owner):
    tournament = create(owner, four_decks(owner)[:2], games_per_pairing=4)
    first, last = pending_batches(tournament=tournament)  # two games each
    assert play(first) is True
    assert play(first) is False  # done: a redelivery plays nothing
    assert play(first, owner="another worker") is False
    tournament.refresh_from_db()
    assert tournament.done == 2
    assert play(last, owner="a worker that stops before it advances") is True
    assert play(last) is False
    tournament.refresh_from_db()
    assert (tournament.done, tournament.status) == (4, Status.RUNNING)
    tournament_advance(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert (tournament.done, tournament.status) == (4, Status.FINISHED)
    assert Match.objects.filter(tournament=tournament).count() == 4


def test_swiss_and_elimination_schedule_their_next_rounds_from_results(owner):
    decks = four_decks(owner)
    swiss = tournament_play_inline(
        tournament=create(owner, decks, format="swiss", options={"rounds": 2})
    )
    assert (swiss.status, swiss.done, swiss.round) == (Status.FINISHED, 8, 2)
    assert Pairing.objects.filter(tournament=swiss).count() == 4
    knockout = tournament_play_inline(tournament=create(owner, decks, format="single_elimination"))
    assert (knockout.status, knockout.done, knockout.round) == (Status.FINISHED, 6, 2)
    final = Pairing.objects.get(tournament=knockout, round=2)
    semis = {
        frozenset((p.a.rank, p.b.rank))
        for p in Pairing.objects.filter(tournament=knockout, round=1)
    }
    assert semis == {frozenset((0, 3)), frozenset((1, 2))}
    assert {final.a.rank, final.b.rank} <= {0, 1, 2, 3}


def test_head_to_head_stops_at_its_cap_or_decision_and_records_it(owner):
    a, b = four_decks(owner)[:2]
    h2h = tournament_play_inline(
        tournament=create(
            owner, [a, b], format="head_to_head", options={"block": 4, "max_games": 8}
        )
    )
    assert h2h.status == Status.FINISHED
    assert h2h.done == h2h.total <= 8
    assert h2h.decision in {"better", "not_better", "undecided"}


def test_cancel_drops_batches_not_yet_recorded(owner):
    tournament = create(owner, four_decks(owner)[:2], games_per_pairing=40)
    first, second, *_ = pending_batches(tournament=tournament)
    play(first)
    tournament_cancel(tournament=tournament)
    assert play(second) is False
    tournament.refresh_from_db()
    assert (tournament.status, tournament.done) == (Status.CANCELLED, 6)  # batches of 6


def test_a_runaway_game_is_ended_with_its_reason_and_the_tournament_goes_on(owner, monkeypatch):
    from komandor.agents.registry import RandomAgent
    from matches.games import decks as engine_decks

    class Stuck:
        """A random agent that never answers the re-deal (the compiled engine's agents take
        no Python subclass, so it wraps one)."""

        def __init__(self, seed):
            self.random = RandomAgent(seed)
            self.name = self.random.name

        def choose(self, decision, observation=None):
            if decision.kind == "setup.redeal":
                while True:  # a game that never ends
                    pass
            return self.random.choose(decision, observation)

    original = engine_decks.make_agent
    monkeypatch.setattr(
        engine_decks,
        "make_agent",
        lambda name, seed: Stuck(seed) if seed == 2 else original(name, seed=seed),
    )
    tournament = create(owner, four_decks(owner)[:2], games_per_pairing=2, agents="random", seed=1)
    [batch] = pending_batches(tournament=tournament)
    from matches.games import playing

    monkeypatch.setattr(playing, "derive_seed", lambda *parts: 1)
    play(batch, cpu_limit=0.3)
    tournament_advance(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert (tournament.status, tournament.done) == (Status.FINISHED, 2)
    stuck = Match.objects.filter(tournament=tournament, termination="game_limit")
    assert stuck.count() == 2
    assert "0.3 s CPU" in stuck.first().reason
    assert stuck.first().winner_seat is None


def test_private_decks_of_others_and_illegal_versions_are_refused(owner, stranger):
    mine = playable_deck(owner, visibility=Visibility.PRIVATE)
    theirs = playable_deck(stranger, "Торговцы", visibility=Visibility.PRIVATE)
    with pytest.raises(TournamentError) as error, translation.override("en"):
        create(owner, [mine, theirs])
    assert error.value.code == "deck_not_playable"
    assert "only by its owner" in error.value.fields["decks"][0]


def test_per_user_limits(owner, settings):
    settings.TOURNAMENTS_RUNNING_PER_USER = 1
    decks = four_decks(owner)[:2]
    create(owner, decks)
    with pytest.raises(LimitExceeded) as error:
        create(owner, decks)
    assert error.value.code == "too_many_tournaments"
    settings.TOURNAMENTS_RUNNING_PER_USER = 5
    settings.MATCHES_QUEUED_PER_USER = 10
    with pytest.raises(LimitExceeded) as error:
        create(owner, decks, games_per_pairing=10)
    assert error.value.code == "too_many_matches"


def test_a_single_match(owner):
    a, b = four_decks(owner)[:2]
    match = match_create(
        owner=owner, versions=versions_of([a, b]), agents=["heuristic", "random"], seed=4
    )
    assert match.pk and match.tournament is None
    assert match.agents == ["heuristic", "random"]
    assert match.turns >= 1 and match.termination
