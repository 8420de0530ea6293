"""The deck doctor (Django side): the candidate swaps of a deck, the run that screens and
confirms them (a ``doctor`` tournament: ``matches.tournaments.doctor``), its report with the
cards' names, and "apply as a new version".

The candidates are the deck with one swap each, −k of a card it holds and +k of another card
the player may use (the whole pool, or the cards he owns), k as large as the copies allow;
each is checked by the deck validator (``komandor.rules.deck_rules.validate_deck``) and only
legal ones are tried. They are saved as versions of one private deck of the player («…: deck
doctor»), which the run's entries point at like any other deck version; it is a lab copy
(``Deck.lab_copy``), so it is not listed among his decks nor offered to play. Which swaps are
tried, when there are more than the run can hold: every card of the deck once (all its copies
out) with the card most played by the field, then again with the next, and so on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.translation import gettext as _

from cardbase.display_names import shown_name
from cardbase.models import Card
from decks.comparison import snapshot_content
from decks.models import Deck, DeckVersion, OwnedCard, Visibility
from decks.selectors import current_version, deck_draft
from decks.services import deck_create, deck_update
from decks.values import DeckContent, EntryContent
from komandor.rules import rules
from komandor.rules.deck_rules import validate_deck
from matches.lab.swap_tests import changed_content, field_versions, lab_copy_refuse
from matches.models import Status, Tournament
from matches.tournaments import doctor, formats
from matches.tournaments.errors import TournamentError
from matches.tournaments.pairing_results import series_history
from matches.tournaments.selectors import enterable_decks, latest_version, tournaments_visible
from matches.tournaments.services import MAX_DECKS, TournamentRequest, tournament_create

CARDS = ("pool", "owned")
DEFAULT_BUDGET = 800
MOST_BUDGET = 20000
FIELD_MOST = 8  # opponents: every one costs a pairing per entry per round


@dataclass(frozen=True, slots=True)
class Swap:
    remove: int  # card ids
    add: int
    copies: int


def _counts(content: DeckContent) -> Counter[int]:
    counts: Counter[int] = Counter()
    for entry in content.entries:
        counts[entry.card_id] += entry.count
    return counts


def _swapped(content: DeckContent, swap: Swap) -> DeckContent:
    """``content`` with ``swap``'s copies out (the first entries holding the card) and in."""
    left = swap.copies
    entries: list[EntryContent] = []
    for entry in content.entries:
        if entry.card_id == swap.remove and left:
            taken = min(left, entry.count)
            left -= taken
            if entry.count > taken:
                entries.append(EntryContent(entry.card_id, entry.count - taken, entry.own_name))
            continue
        entries.append(entry)
    for index, entry in enumerate(entries):
        if entry.card_id == swap.add and not entry.own_name:
            entries[index] = EntryContent(entry.card_id, entry.count + swap.copies)
            break
    else:
        entries.append(EntryContent(swap.add, swap.copies))
    return DeckContent(
        commander_id=content.commander_id,
        entries=tuple(entries),
        setup_abilities=content.setup_abilities,
    )


def usable_cards(*, user: User, cards: str, field: Sequence[DeckVersion]) -> list[tuple[int, int]]:
    """(card id, most copies he may put in) of the cards the player may add, the field's most
    played first (in how many of its decks, then copies, then id): the whole pool, or only
    what he owns."""
    played: Counter[int] = Counter()
    decks_with: Counter[int] = Counter()
    for version in field:
        seen = set()
        for item in version.snapshot.get("entries", []):
            played[item["card_id"]] += item["count"]
            seen.add(item["card_id"])
        decks_with.update(seen)
    pool = Card.objects.filter(game__slug="komandor").exclude(card_type="commander")
    if cards == "owned":
        owned = dict(
            OwnedCard.objects.filter(owner=user, card__in=pool).values_list("card_id", "count")
        )
    else:
        owned = {pk: rules.MAX_COPIES_PER_NAME for pk in pool.values_list("pk", flat=True)}
    return sorted(
        ((pk, min(count, rules.MAX_COPIES_PER_NAME)) for pk, count in owned.items()),
        key=lambda item: (-decks_with[item[0]], -played[item[0]], item[0]),
    )


def _swaps_of(
    remove: int, counts: Counter[int], usable: Sequence[tuple[int, int]]
) -> Iterator[Swap]:
    """One removal's swaps in the order tried: every copy of the card out for as many of a
    usable card (in the usable order), then, where fewer fit, as many as fit."""
    room = [(add, allowed - counts.get(add, 0)) for add, allowed in usable if add != remove]
    for add, free in room:
        if free >= counts[remove]:
            yield Swap(remove, add, counts[remove])
    for add, free in room:
        if 1 <= free < counts[remove]:
            yield Swap(remove, add, free)


def candidate_swaps(
    *, content: DeckContent, usable: Sequence[tuple[int, int]], most: int
) -> list[tuple[Swap, DeckContent]]:
    """Up to ``most`` legal swaps: each card of the deck once (``_swaps_of``'s first that
    keeps the deck legal), then each once more, and so on."""
    counts = _counts(content)
    pending = {remove: _swaps_of(remove, counts, usable) for remove in sorted(counts)}
    found: list[tuple[Swap, DeckContent]] = []
    while pending and len(found) < most:
        for remove in list(pending):
            if len(found) >= most:
                break
            for swap in pending[remove]:
                changed = _swapped(content, swap)
                if validate_deck(deck_draft(content=changed)).is_valid:
                    found.append((swap, changed))
                    break
            else:
                del pending[remove]
    return found


def doctor_field(*, user: User | AnonymousUser, deck: Deck, field: Any) -> list[DeckVersion]:
    """The opponents: ``"precons"``, ``{"tournament": id}`` (that tournament's decks) or a list
    of deck ids the player may enter; the deck itself left out."""
    if field == "precons":
        versions = field_versions(user=user, groups=["precons"], exclude=[deck.pk])
    elif isinstance(field, dict) and isinstance(field.get("tournament"), int):
        tournament = tournaments_visible(user=user).filter(pk=field["tournament"]).first()
        if tournament is None:
            raise TournamentError(
                "invalid", "field", {"field": [_("no such tournament you can see")]}
            )
        versions = [
            entry.deck_version
            for entry in tournament.entries.select_related("deck_version__deck").order_by("rank")
            if entry.deck_version.deck_id != deck.pk
        ]
    elif isinstance(field, list) and field and all(isinstance(pk, int) for pk in field):
        decks = {d.pk: d for d in enterable_decks(user=user).filter(pk__in=field)}
        missing = [pk for pk in field if pk not in decks]
        if missing:
            raise TournamentError(
                "invalid",
                "field",
                {"field": [_("decks you cannot enter: %(ids)s") % {"ids": missing}]},
            )
        found = [latest_version(deck=decks[pk]) for pk in dict.fromkeys(field) if pk != deck.pk]
        versions = [v for v in found if v is not None]
    else:
        raise TournamentError(
            "invalid",
            "field",
            {"field": [_('"precons", {"tournament": id} or a list of deck ids')]},
        )
    versions = list({v.pk: v for v in versions}.values())[:FIELD_MOST]
    if not versions:
        raise TournamentError("invalid", "field", {"field": [_("at least one opponent")]})
    return versions


def doctor_create(
    *,
    owner: User,
    deck: Deck,
    field: Any = "precons",
    cards: str = "pool",
    budget_games: int = DEFAULT_BUDGET,
    delta: float = doctor.DEFAULTS["delta"],
    seed: int = 0,
    dispatch: bool = True,
) -> Tournament:
    """Find the candidates, save them and start the run; raises ``TournamentError`` (bad
    input, no candidate fits) or ``LimitExceeded`` (the player's limits), saving nothing."""
    lab_copy_refuse(deck)
    if cards not in CARDS:
        raise TournamentError("invalid", "cards", {"cards": [_('"pool" or "owned"')]})
    if not isinstance(budget_games, int) or not 1 <= budget_games <= MOST_BUDGET:
        raise TournamentError(
            "invalid",
            "budget_games",
            {"budget_games": [_("a whole number from 1 to %(most)s") % {"most": MOST_BUDGET}]},
        )
    version = latest_version(deck=deck)
    if version is None or not version.is_valid:
        raise TournamentError("invalid", "deck", {"deck": [_("the deck is not legal")]})
    opponents = doctor_field(user=owner, deck=deck, field=field)
    finalists = doctor.DEFAULTS["finalists"]
    room = doctor.most_candidates(
        budget=budget_games,
        finalists=finalists,
        field=len(opponents),
        most=MAX_DECKS - 1 - len(opponents),
    )
    if not room:
        least = doctor.least_games(candidates=1, finalists=finalists, field=len(opponents))
        raise TournamentError(
            "invalid",
            "budget_games",
            {
                "budget_games": [
                    _("too few games for %(field)s opponents: at least %(least)s")
                    % {"field": len(opponents), "least": 2 * least}
                ]
            },
        )
    content = snapshot_content(version.snapshot)
    usable = usable_cards(user=owner, cards=cards, field=opponents)
    found = candidate_swaps(content=content, usable=usable, most=room)
    if not found:
        raise TournamentError("invalid", "cards", {"cards": [_("no legal swap with these cards")]})
    with transaction.atomic():
        scratch = deck_create(
            owner=owner,
            name=_("%(deck)s: deck doctor") % {"deck": deck.name[:170]},
            description=f"deck doctor candidates of {deck.name} v{version.number}",
            content=found[0][1],
            visibility=Visibility.PRIVATE,
            lab_copy=True,  # not one of his decks: only the run shows it
        )
        for _swap, changed in found[1:]:
            deck_update(deck=scratch, content=changed)
        candidates = list(scratch.versions.order_by("number"))
        return tournament_create(
            owner=owner,
            request=TournamentRequest(
                name=_("%(deck)s: deck doctor") % {"deck": f"{deck.name[:170]} v{version.number}"},
                format=formats.DOCTOR,
                versions=[version, *candidates, *opponents],
                games_per_pairing=2,
                seed=seed,
                options={
                    "max_games": budget_games,
                    "candidates": len(found),
                    "delta": delta,
                    "swaps": [[s.remove, s.add, s.copies] for s, _content in found],
                },
                is_public=False,
            ),
            dispatch=dispatch,
        )


def _swap_words(swap: Sequence[int], names: dict[int, str]) -> str:
    remove, add, copies = swap
    return f"−{copies} {names.get(remove, remove)}, +{copies} {names.get(add, add)}"


def doctor_report(*, tournament: Tournament) -> dict[str, Any] | None:
    """The run's report (``doctor.report``) with each candidate's swap in words, the deck,
    the agent and the field; None for other formats."""
    if tournament.format != formats.DOCTOR:
        return None
    options = tournament.options
    entries = list(tournament.entries.select_related("deck_version__deck").order_by("rank"))
    history = series_history(tournament=tournament)
    report = doctor.report(options, len(entries), history)
    ids = {card for swap in options["swaps"] for card in swap[:2]}
    names = {
        card.pk: shown_name(card.name_ru, card.name_en)
        for card in Card.all_objects.filter(pk__in=ids)
    }

    def swap_of(entry: int) -> dict[str, Any]:
        remove, add, copies = options["swaps"][entry - 1]
        return {
            "entry": entry,
            "remove": remove,
            "add": add,
            "copies": copies,
            "text": _swap_words(options["swaps"][entry - 1], names),
        }

    finalists = {f["entry"]: f for f in report["finalists"]}
    base = entries[0].deck_version
    return {
        "decision": report["decision"],
        "running": tournament.status == Status.RUNNING,
        "deck": base.deck_id,
        "version": base.number,
        "agent": tournament.agents[0],
        "field": [e.deck_version.deck.name for e in entries[1 + options["candidates"] :]],
        "delta": options["delta"],
        "alpha": options["alpha"],
        "alpha_per_finalist": report["alpha_per_finalist"],
        "budget_games": options["max_games"],
        "games": report["games"],
        "screening": [{**swap_of(row["entry"]), **row} for row in report["screening"]],
        "finalists": [{**swap_of(e), **finalists[e]} for e in finalists],
        "suggestions": [{**swap_of(e), **finalists[e]} for e in report["suggestions"]],
    }


def doctor_apply(*, tournament: Tournament, entry: int, user: User) -> DeckVersion:
    """Apply a confirmed suggestion to the deck as a new version (its current cards with the
    swap); raises ``TournamentError`` when it is not a confirmed suggestion or no longer fits
    the deck."""
    report = doctor_report(tournament=tournament)
    if report is None or entry not in {s["entry"] for s in report["suggestions"]}:
        raise TournamentError(
            "invalid", "entry", {"entry": [_("not a confirmed suggestion of this run")]}
        )
    deck = Deck.objects.filter(pk=report["deck"], owner=user).first()
    if deck is None:
        raise TournamentError("invalid", "deck", {"deck": [_("only the deck's owner")]})
    remove, add, copies = tournament.options["swaps"][entry - 1]
    current = current_version(deck=deck)
    content = changed_content(
        current,
        remove=Card.all_objects.get(pk=remove),
        add=Card.all_objects.get(pk=add),
        copies=copies,
    )
    deck_update(deck=deck, content=content)
    return current_version(deck=deck)
