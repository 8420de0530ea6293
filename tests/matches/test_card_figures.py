"""Card figures: the engine's end-state tally, and every figure of one deck recomputed by hand
from the stored games of a small tournament (Wilson intervals from their defining inequality,
not from the code's closed form)."""

import math

import numpy as np
import pytest

from komandor.agents.registry import HeuristicAgent, RandomAgent
from komandor.rules.decks import deck_from_dict
from komandor.rules.match import run_match
from matches.games.card_tally import card_tally
from matches.models import Match
from matches.tournaments.card_figures import sorted_figures
from matches.tournaments.card_tallies import card_figures
from matches.tournaments.services import (
    TournamentRequest,
    tournament_create,
    tournament_play_inline,
)
from tests.engine.deck_data import standard_deck
from tests.matches.decks import four_decks

Z = 1.959963984540054


def test_the_tally_counts_each_players_cards_from_the_end_state():
    decks = [deck_from_dict(standard_deck("a", initiative=5)), deck_from_dict(standard_deck("b"))]
    result = run_match(decks=decks, agents=[HeuristicAgent(), RandomAgent(2)], seed=7, log=True)
    tallies = card_tally(result.state)
    built = {}
    for event in result.log.of_type("built"):
        built.setdefault(event["player"], set()).add(event["card"])
    for player, tally in enumerate(tallies):
        assert sum(row[0] for row in tally.values()) + len(result.state.players[player].deck) == 40
        for name, (drawn, played, at_end) in tally.items():
            assert drawn >= played >= at_end >= 0, name
        # Every card the log says was built counts as played, under its name.
        names = {}
        for uid in built.get(player, ()):
            card = result.state.cards[uid]
            names[card.spec.name] = names.get(card.spec.name, 0) + 1
        assert names and all(tally[name][1] >= count for name, count in names.items())
        # In play at the end: exactly the player's own cards now in play or its zones.
        in_play = {}
        for card in result.state.cards.values():
            if card.owner == player and card.zone.value in ("play", "situations", "attached"):
                in_play[card.spec.name] = in_play.get(card.spec.name, 0) + 1
        assert {n: row[2] for n, row in tally.items() if row[2]} == in_play


def wilson_by_roots(score, games):
    """The Wilson interval as the roots of (p̂ − p)² = z² p (1 − p) / n in p."""
    p_hat = score / games
    k = Z * Z / games
    low, high = sorted(np.roots([1 + k, -(2 * p_hat + k), p_hat * p_hat]).real)
    return max(0.0, low), min(1.0, high)


@pytest.mark.django_db
def test_every_figure_of_one_deck_recomputed_by_hand(owner):
    decks = four_decks(owner)[:3]
    tournament = tournament_create(
        owner=owner,
        request=TournamentRequest(
            name="Счёт вручную",
            format="round_robin",
            versions=[deck.versions.get() for deck in decks],
            games_per_pairing=6,
            agents="random",
            seed=3,
        ),
        dispatch=False,
    )
    tournament = tournament_play_inline(tournament=tournament)
    version = decks[0].versions.get()
    # By hand: the deck's seat in each game, its score, its tally.
    games = []
    for match in Match.objects.filter(tournament=tournament):
        for seat, seat_version in ((0, match.seat0_id), (1, match.seat1_id)):
            if seat_version == version.pk:
                score = (
                    0.5
                    if match.winner_seat is None
                    else (1.0 if match.winner_seat == seat else 0.0)
                )
                games.append((score, match.summary["cards"][seat]))
    assert len(games) == 12
    figures = {f.name: f for f in card_figures(tournament=tournament) if f.rank == 0}
    names = {name for _, tally in games for name in tally}
    assert set(figures) == names and len(names) > 5
    some_drawn_and_not = 0
    for name in names:
        figure = figures[name]
        drawn = [score for score, tally in games if tally[name][0] > 0]
        played = [score for score, tally in games if tally[name][1] > 0]
        never = [score for score, tally in games if tally[name][0] == 0]
        assert figure.games == 12
        assert figure.drawn_games == figure.drawn.games == len(drawn)
        assert figure.played.games == len(played)
        assert figure.not_drawn.games == len(never)
        assert figure.copies_drawn == sum(tally[name][0] for _, tally in games)
        assert figure.copies_played == sum(tally[name][1] for _, tally in games)
        assert figure.copies_at_end == sum(tally[name][2] for _, tally in games)
        for rate, scores in (
            (figure.drawn, drawn),
            (figure.played, played),
            (figure.not_drawn, never),
        ):
            if not scores:
                assert rate.rate is None and rate.ci95 is None
                continue
            assert rate.rate == pytest.approx(sum(scores) / len(scores))
            assert rate.ci95 == pytest.approx(wilson_by_roots(sum(scores), len(scores)), abs=1e-9)
        if drawn and never:
            some_drawn_and_not += 1
            p1, p2 = sum(drawn) / len(drawn), sum(never) / len(never)
            (l1, u1), (l2, u2) = (
                wilson_by_roots(sum(drawn), len(drawn)),
                wilson_by_roots(sum(never), len(never)),
            )
            assert figure.improvement == pytest.approx(p1 - p2)
            assert figure.improvement_ci95 == pytest.approx(
                (p1 - p2 - math.hypot(p1 - l1, u2 - p2), p1 - p2 + math.hypot(u1 - p1, p2 - l2))
            )
        else:
            assert figure.improvement is None and figure.improvement_ci95 is None
    assert some_drawn_and_not >= 1


def test_sorting_puts_missing_values_last_and_ignores_unknown_keys(owner, db):
    decks = four_decks(owner)[:2]
    tournament = tournament_play_inline(
        tournament=tournament_create(
            owner=owner,
            request=TournamentRequest(
                name="Сортировка",
                format="round_robin",
                versions=[deck.versions.get() for deck in decks],
                games_per_pairing=4,
                agents="random",
            ),
            dispatch=False,
        )
    )
    figures = card_figures(tournament=tournament)
    by_improvement = sorted_figures(figures, "-improvement")
    values = [f.improvement for f in by_improvement]
    present = [v for v in values if v is not None]
    assert present == sorted(present, reverse=True)
    assert values[len(present) :] == [None] * (len(values) - len(present))
    assert [f.drawn_games for f in sorted_figures(figures, "bogus")] == sorted(
        (f.drawn_games for f in figures), reverse=True
    )


def test_the_page_shows_the_asked_deck_else_the_hero_or_the_leader():
    from types import SimpleNamespace

    from matches.tournaments.card_figures import card_figures_deck
    from matches.tournaments.views import _next_sort

    results = {"labels": {0: "a", 1: "b", 2: "c"}, "standings": [{"entry": 2}, {"entry": 0}]}
    round_robin, gauntlet = (
        SimpleNamespace(format="round_robin"),
        SimpleNamespace(format="gauntlet"),
    )
    assert card_figures_deck(tournament=round_robin, results=results, asked="1") == 1
    assert card_figures_deck(tournament=round_robin, results=results, asked="") == 2
    assert card_figures_deck(tournament=round_robin, results=results, asked="7") == 2
    assert card_figures_deck(tournament=round_robin, results=results, asked="-1") == 2
    assert card_figures_deck(tournament=gauntlet, results=results, asked="x") == 0
    # Sort links: names A→Z first, figures highest first; clicked again, the other way.
    assert _next_sort("name", "-drawn_games") == "name"
    assert _next_sort("name", "name") == "-name"
    assert _next_sort("improvement", "name") == "-improvement"
    assert _next_sort("improvement", "-improvement") == "improvement"
