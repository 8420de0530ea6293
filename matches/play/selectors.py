"""Reads for games against the AI: a person sees only his own games."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cardbase.display_names import card_names_shown
from komandor.rules.match_state import MatchState
from matches.games.threats import commander_exposure, victory_meters
from matches.models import HumanMatch
from matches.play.services import human_match_events_since_turn, human_match_state
from matches.words.board import card_names, decision_view, narrate
from matches.words.game_log import LogTurn, game_log
from matches.words.labels import result_reason
from matches.words.terms import sector_label


def human_matches_of(user: User | AnonymousUser) -> QuerySet[HumanMatch]:
    """The user's games, last played first (none for an anonymous visitor)."""
    if not getattr(user, "is_authenticated", False):
        return HumanMatch.objects.none()
    owner = cast(User, user)  # signed in, checked above
    return HumanMatch.objects.filter(owner=owner).select_related("deck__deck", "opponent__deck")


def human_match_for(user: User | AnonymousUser, pk: int) -> HumanMatch:
    """The user's game ``pk``; Http404 for an unknown one or someone else's."""
    return get_object_or_404(human_matches_of(user), pk=pk)


def human_match_names(match: HumanMatch, state: MatchState) -> list[str]:
    """How to call each seat's player: the deck's name in the page's language and its
    Commander's as the catalogue shows it («Баланс (Командор «Баланс»)»)."""
    language = get_language() or ""
    seats = [match.opponent, match.opponent]
    seats[match.human_seat] = match.deck
    commanders = [player.commander.name for player in state.state.players]
    shown = card_names_shown(commanders)
    return [
        f"{version.deck.localised_name(language)} ({shown.get(commander, commander)})"
        for version, commander in zip(seats, commanders, strict=True)
    ]


def human_match_result(match: HumanMatch) -> dict[str, Any] | None:
    """How a finished game ended, from the person's side (None while it goes on)."""
    if not match.is_finished:
        return None
    if match.winner is None:
        outcome = "draw"
    else:
        outcome = "win" if match.winner == match.human_seat else "loss"
    decks = {entry["seat"]: entry["name"] for entry in human_match_decks(match)}
    loser = None if match.winner is None else 1 - match.winner
    return {
        "outcome": outcome,
        "winner": match.winner,
        "termination": match.termination,
        "reason": result_reason(
            termination=match.termination,
            winner=decks.get(match.winner, "") if match.winner is not None else "",
            loser=decks.get(loser, "") if loser is not None else "",
            both="both" in match.reason,
        ),
        "turns": match.turns,
    }


def human_match_decks(match: HumanMatch) -> list[dict[str, Any]]:
    """The two deck versions by seat, the person's marked."""
    language = get_language() or ""
    seats = [match.opponent, match.opponent]
    seats[match.human_seat] = match.deck
    return [
        {
            "seat": seat,
            "deck": version.deck_id,
            "version": version.number,
            "name": version.deck.localised_name(language),
            "yours": seat == match.human_seat,
        }
        for seat, version in enumerate(seats)
    ]


def human_match_decision(
    match: HumanMatch, state: MatchState, names: list[str], cards: dict[str, str]
) -> dict[str, Any] | None:
    """The person's pending decision in words (None when it is not his, or the game is over)."""
    decision = state.decision
    if decision is None or decision.player != match.human_seat:
        return None
    view = decision_view(decision, names=names, cards=cards)
    return {
        "kind": decision.kind,
        "prompt": view.prompt,
        "options": [{"key": option.key, "label": option.label} for option in view.options],
    }


def human_match_detail(match: HumanMatch) -> dict[str, Any]:
    """Everything the person may see of his game: his observation, his pending decision and
    what happened since his last one, in words; never the opponent's hand or any deck order
    (the events are told as he may know them, ``board.narrate``)."""
    state = human_match_state(match)
    names = human_match_names(match, state)
    cards = card_names(state)
    events = human_match_events_since_turn(match)
    return {
        **human_match_summary(match),
        "observation": state.observation(match.human_seat).to_dict(),
        "decision": human_match_decision(match, state, names, cards),
        "events": narrate(events, viewer=match.human_seat, names=names, cards=cards),
        **game_threats(state, names=names, cards=cards),
    }


def game_threats(
    state: MatchState, *, names: list[str], cards: dict[str, str]
) -> dict[str, list[dict[str, Any]]]:
    """Both players' extra-victory meters and their Commanders' exposure, with the names a
    page shows (public facts only: ``matches.games.threats``)."""
    victory = [{**meter.to_dict(), "player": names[meter.seat]} for meter in victory_meters(state)]
    commander = []
    for exposure in commander_exposure(state):
        place = exposure.place
        place_name = ""
        if place is not None:
            place_name = (
                _("orbit of «%(name)s»") % {"name": cards[place]}
                if place in cards
                else sector_label(place)
            )
        commander.append(
            {
                **exposure.to_dict(),
                "player": names[exposure.seat],
                "carrier_name": cards.get(exposure.carrier or "", ""),
                "place_name": place_name,
            }
        )
    return {"victory": victory, "commander": commander}


def human_match_log(match: HumanMatch) -> list[LogTurn]:
    """The whole game in words, turn by turn, as the person's seat may know it (never the
    opponent's hand or a deck's order, even once the game is over)."""
    state = human_match_state(match)
    names = human_match_names(match, state)
    return game_log(
        state.log.records, viewer=match.human_seat, names=names, cards=card_names(state)
    )


def human_match_summary(match: HumanMatch) -> dict[str, Any]:
    """What the list of games shows of one (no replay needed)."""
    return {
        "id": match.pk,
        "status": match.status,
        "version": match.version,
        "seat": match.human_seat,
        "agent": match.agent,
        "decks": human_match_decks(match),
        "result": human_match_result(match),
        # Revealed only when it can no longer tell the AI's hand or the dice to come.
        "seed": match.seed if match.is_finished else None,
        "created_at": match.created_at,
        "updated_at": match.updated_at,
    }
