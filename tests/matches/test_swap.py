"""The swap test: its pairing (both versions meet the same opponents on the same seeds and
seats), the changed copy, the verdict and its stopping rule, the command and the API."""

import json

import pytest
from django.core.management import call_command

from cardbase.models import Card
from matches.lab.swap_tests import field_test_create, field_versions, swap_summary, swap_test_create
from matches.models import Match, Pairing, Status
from matches.tournaments import swap
from matches.tournaments.errors import TournamentError
from matches.tournaments.formats import SeriesResult, normalized_options
from matches.tournaments.services import tournament_play_inline
from tests.matches.decks import four_decks

pytestmark = pytest.mark.django_db


def card(name):
    return Card.objects.get(name_ru=name)


def started(owner, **options):
    hero, *others = four_decks(owner)
    tournament = swap_test_create(
        owner=owner,
        version=hero.versions.get(),
        remove=card("Тестовый бомбардировщик"),
        add=card("Тестовая станция"),
        copies=1,
        field=[deck.versions.get() for deck in others],
        agents="random",
        seed=4,
        options={"max_games": 48, "block": 2, "delta": 0.2, **options},
        dispatch=False,
    )
    return hero, others, tournament


def test_both_versions_meet_the_same_opponents_with_the_same_seeds_and_seats(owner):
    hero, others, tournament = started(owner)
    tournament = tournament_play_inline(tournament=tournament)
    assert tournament.status == Status.FINISHED and tournament.done == 48
    entries = {e.rank: e.deck_version for e in tournament.entries.all()}
    assert entries[0] == hero.versions.get() and entries[1].deck.name.startswith(hero.name)
    assert [entries[r].deck for r in (2, 3, 4)] == others
    pairings = list(Pairing.objects.filter(tournament=tournament).select_related("a", "b"))
    assert len(pairings) == 24  # 3 opponents × 2 seeds × 2 versions, two rounds
    by_slot = {(p.round, p.slot): p for p in pairings}
    for (number, slot), pairing in by_slot.items():
        if slot % 2:
            continue
        twin = by_slot[(number, slot + 1)]
        assert (pairing.a.rank, twin.a.rank) == (0, 1)
        assert pairing.b_id == twin.b_id  # the same opponent
        games = {m.game: m for m in Match.objects.filter(pairing=pairing)}
        twins = {m.game: m for m in Match.objects.filter(pairing=twin)}
        assert set(games) == set(twins) == {0, 1}
        for game, match in games.items():
            other = twins[game]
            assert (match.seed, match.a_seat, match.agents) == (
                other.seed,
                other.a_seat,
                other.agents,
            )
            assert match.seat1_id == (other.seat1_id if match.a_seat == 0 else match.seat1_id)
            opponent = pairing.b.deck_version_id
            assert opponent in (match.seat0_id, match.seat1_id)
            assert opponent in (other.seat0_id, other.seat1_id)
            seat_of_opponent = 1 - match.a_seat
            assert [match.seat0_id, match.seat1_id][seat_of_opponent] == opponent
            assert [other.seat0_id, other.seat1_id][seat_of_opponent] == opponent
    # Seeds differ between deals: each unit is a new deal.
    seeds = {m.seed for m in Match.objects.filter(tournament=tournament)}
    assert len(seeds) == 12
    verdict = swap_summary(tournament=tournament)
    assert verdict["games"] == 48 and verdict["units"] == 12
    assert verdict["better"] + verdict["worse"] + verdict["level"] == 12
    assert tournament.decision == verdict["verdict"]


def test_the_changed_copy_is_a_private_deck_with_the_swap(owner):
    hero, _, tournament = started(owner)
    changed = tournament.entries.get(rank=1).deck_version
    counts = {e["name"]: e["count"] for e in changed.snapshot["entries"]}
    before = {e["name"]: e["count"] for e in hero.versions.get().snapshot["entries"]}
    assert counts["Тестовый бомбардировщик"] == before["Тестовый бомбардировщик"] - 1
    assert counts["Тестовая станция"] == before["Тестовая станция"] + 1
    assert changed.deck.owner == owner and changed.deck.visibility == "private"
    assert changed.is_valid
    assert not tournament.is_public  # it holds a private deck: the owner's alone


def test_a_wrong_change_saves_nothing(owner):
    hero, others, _ = started(owner)
    decks_before = hero.__class__.objects.count()
    with pytest.raises(TournamentError) as error:
        swap_test_create(
            owner=owner,
            version=hero.versions.get(),
            remove=card("Тестовая станция"),
            add=card("Тестовый рынок"),
            copies=3,
            field=[d.versions.get() for d in others],
            dispatch=False,
        )
    assert "remove" in error.value.fields
    with pytest.raises(TournamentError) as error:  # 5 copies of one name: not legal
        swap_test_create(
            owner=owner,
            version=hero.versions.get(),
            remove=card("Тестовая станция"),
            add=card("Тестовый транспорт"),
            copies=2,
            field=[d.versions.get() for d in others],
            dispatch=False,
        )
    assert "add" in error.value.fields
    assert hero.__class__.objects.count() == decks_before


def result(number, a, b, a_score):
    """One two-game pairing scoring ``a_score`` (0, 0.5, 1, 1.5, 2) for its side a."""
    wins, draws = int(a_score), int(2 * (a_score % 1))
    return SeriesResult(number, a, b, wins, 2 - wins - draws, draws)


OPTIONS = {"delta": 0.2, "alpha": 0.05, "beta": 0.05, "max_games": 400, "block": 2}


def test_units_pair_each_seed_of_a_with_the_same_seed_of_b():
    history = [
        result(1, 0, 2, 2),
        result(1, 1, 2, 1),
        result(1, 0, 2, 0),
        result(1, 1, 2, 2),
        result(1, 0, 3, 1),
        result(1, 1, 3, 1),
    ]
    assert swap.units(history) == [(2, 1), (0, 2), (1, 1)]
    verdict = swap.verdict(OPTIONS, history)
    assert (verdict.better, verdict.worse, verdict.level) == (1, 1, 1)
    assert verdict.difference == pytest.approx(((1 - 2) + (2 - 0) + 0) / 2 / 3)


def test_the_verdict_stops_the_test_once_the_change_wins_or_loses_clearly():
    better = [x for i in range(40) for x in (result(1, 0, 2, 0), result(1, 1, 2, 2))]
    verdict = swap.verdict(OPTIONS, better)
    assert verdict.code == "swap_better" and verdict.games_needed == 0
    assert verdict.ci95[0] > 0
    assert swap.next_round(3, OPTIONS, better) is None
    worse = [x for i in range(40) for x in (result(1, 0, 2, 2), result(1, 1, 2, 0))]
    assert swap.verdict(OPTIONS, worse).code == "swap_worse"
    level = [x for i in range(200) for x in (result(1, 0, 2, 1), result(1, 1, 2, 1))]
    assert swap.verdict(OPTIONS, level).code == "swap_same"
    few = better[:4]
    assert swap.verdict(OPTIONS, few).code == "swap_undecided"
    assert swap.next_round(4, OPTIONS, few) == swap.round_pairs(4, 2)
    # The cap: no room left for one seed against every opponent.
    assert swap.next_round(4, {**OPTIONS, "max_games": 12}, few) is None
    assert swap.next_round(4, {**OPTIONS, "max_games": 16}, few) == swap.round_pairs(4, 1)


def test_swap_options_are_checked():
    assert normalized_options(format="swap", count=3, games=2, options={})["block"] == 2
    with pytest.raises(ValueError, match="decks"):
        normalized_options(format="swap", count=2, games=2, options={})
    with pytest.raises(ValueError, match="block"):
        normalized_options(format="swap", count=3, games=2, options={"block": 0})


def test_the_field_is_precons_public_decks_and_mine_without_the_deck_itself(owner, stranger):
    mine = four_decks(owner)
    theirs = four_decks(stranger)
    versions = field_versions(user=owner, groups=["mine"], exclude=[mine[0].pk])
    assert [v.deck for v in versions] == mine[:0:-1]  # the most recently changed first
    versions = field_versions(user=owner, groups=["public"], exclude=[])
    assert [v.deck for v in versions] == theirs[::-1]
    assert field_versions(user=owner, groups=["precons"]) == []


def test_field_test_is_a_gauntlet_with_the_deck_as_hero(owner, stranger):
    from decks.models import Deck

    decks = four_decks(stranger)
    for deck in decks[1:]:
        Deck.objects.filter(pk=deck.pk).update(
            owner=None, is_preconstructed=True, precon_key=f"test-{deck.pk}"
        )
    tournament = field_test_create(owner=owner, version=decks[0].versions.get(), dispatch=False)
    assert tournament.format == "gauntlet" and tournament.is_public  # as visible as the deck
    assert tournament.entries.get(rank=0).deck_version.deck == decks[0]
    assert tournament.entries.count() == 4
    pairings = tournament.pairings.select_related("a")
    assert {p.a.rank for p in pairings} == {0}


def test_the_command_runs_a_swap_test_and_writes_its_verdict(owner, tmp_path, capsys):
    hero, _, _ = started(owner)
    out = tmp_path / "verdict.json"
    call_command(
        "swap_test",
        "--owner",
        owner.username,
        "--deck",
        str(hero.pk),
        "--remove",
        str(card("Тестовый бомбардировщик").pk),
        "--add",
        str(card("Тестовая станция").pk),
        "--field",
        "mine",
        "--max-games",
        "40",
        "--block",
        "1",
        "--json",
        str(out),
    )
    body = json.loads(out.read_text(encoding="utf-8"))
    # Three opponents of mine (not the earlier swap's copy: the lab's copies are not among his
    # decks), one seed each per round: 12 games a round, so the cap of 40 leaves room for three.
    assert body["games"] == 36 and body["verdict"].startswith("swap_")
    assert "after 36 games" in capsys.readouterr().out


def test_a_swap_test_stopped_undecided_at_its_cap_goes_on_with_a_higher_cap(owner):
    from matches.tournaments.extend import can_extend, tournament_more

    _, _, tournament = started(owner, max_games=12, block=1, delta=0.05)
    tournament = tournament_play_inline(tournament=tournament)
    assert (tournament.status, tournament.done, tournament.decision) == (
        Status.FINISHED,
        12,
        "swap_undecided",
    )
    first_seeds = set(Match.objects.filter(tournament=tournament).values_list("seed", flat=True))
    assert can_extend(tournament)
    tournament = tournament_more(tournament=tournament, games=12, dispatch=False)
    assert (tournament.status, tournament.total, tournament.options["max_games"]) == (
        Status.RUNNING,
        24,
        24,
    )
    tournament = tournament_play_inline(tournament=tournament)
    assert (tournament.status, tournament.done) == (Status.FINISHED, 24)
    seeds = set(Match.objects.filter(tournament=tournament).values_list("seed", flat=True))
    assert first_seeds < seeds  # the first deals kept, new ones added
    assert swap_summary(tournament=tournament)["units"] == 6
    decided = tournament.decision != "swap_undecided"
    assert can_extend(tournament) is not decided
