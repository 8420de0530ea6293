"""The swap test and "test this deck against the field": services and reads (Django side).

``swap_test_create`` saves the changed copy of a deck version as a private deck of the user
("…: −2 X, +2 Y"), then starts a ``swap`` tournament (``matches.tournaments.swap``): the
version, its copy and the field. ``field_test_create`` starts a gauntlet of a deck against the
precons.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext as _

from cardbase.display_names import shown_name
from cardbase.models import Card
from decks.models import Deck, DeckVersion, Visibility
from decks.services import deck_create
from decks.values import DeckContent, EntryContent
from komandor.agents.registry import DEFAULT_LEVEL
from matches.models import Tournament
from matches.tournaments import formats, swap
from matches.tournaments.errors import TournamentError, lab_copy_message
from matches.tournaments.pairing_results import series_history
from matches.tournaments.selectors import latest_version
from matches.tournaments.services import MAX_DECKS, TournamentRequest, tournament_create

FIELD_GROUPS = ("precons", "public", "mine")
FIELD_GAMES = 10  # games per pairing of "test against the field"


def field_versions(
    *, user: User | AnonymousUser, groups: Iterable[str], exclude: Iterable[int] = ()
) -> list[DeckVersion]:
    """The latest version of every deck in the chosen groups — precons, others' public decks,
    the user's own — leaving out ``exclude`` (deck ids); at most ``MAX_DECKS - 2``, precons
    first, then the most recently changed."""
    groups = set(groups)
    wanted = Q(pk__in=[])
    if "precons" in groups:
        wanted |= Q(owner__isnull=True)
    if "public" in groups:
        wanted |= Q(visibility=Visibility.PUBLIC) & ~Q(owner=user) & Q(owner__isnull=False)
    if "mine" in groups:
        wanted |= Q(owner=user)
    decks = list(Deck.objects.filter(wanted, lab_copy=False).exclude(pk__in=list(exclude)))
    precons = sorted((d for d in decks if d.owner_id is None), key=lambda d: (d.name, d.pk))
    others = sorted(
        (d for d in decks if d.owner_id is not None),
        key=lambda d: (-d.updated_at.timestamp(), d.pk),
    )
    chosen = precons + others
    versions = []
    for deck in chosen:
        version = latest_version(deck=deck)
        if version is not None and version.is_valid:
            versions.append(version)
        if len(versions) == MAX_DECKS - 2:
            break
    return versions


def lab_copy_refuse(deck: Deck) -> None:
    """A copy the lab made for a run (``Deck.lab_copy``) is that run's, not a deck to start
    another lab run on; raises ``TournamentError`` on ``deck`` saying what to do instead."""
    if deck.lab_copy:
        raise TournamentError("lab_copy", "deck", {"deck": [lab_copy_message()]})


def changed_content(version: DeckVersion, *, remove: Card, add: Card, copies: int) -> DeckContent:
    snapshot = version.snapshot
    entries: dict[int, EntryContent] = {}
    for item in snapshot.get("entries", []):
        entries[item["card_id"]] = EntryContent(
            card_id=item["card_id"], count=item["count"], own_name=item.get("own_name", "")
        )
    present = entries.get(remove.pk)
    if present is None or present.count < copies:
        have = present.count if present else 0
        raise TournamentError(
            "invalid",
            "remove",
            {
                "remove": [
                    _("the deck has %(have)s of this card, fewer than %(copies)s")
                    % {"have": have, "copies": copies}
                ]
            },
        )
    if remove.pk == add.pk:
        raise TournamentError("invalid", "add", {"add": [_("the same card as the one removed")]})
    left = present.count - copies
    if left:
        entries[remove.pk] = EntryContent(remove.pk, left, present.own_name)
    else:
        del entries[remove.pk]
    before = entries.get(add.pk)
    entries[add.pk] = EntryContent(add.pk, (before.count if before else 0) + copies)
    commander = snapshot.get("commander") or {}
    return DeckContent(
        commander_id=commander.get("card_id"),
        entries=tuple(entries.values()),
        setup_abilities=tuple(
            (item["card_id"], item["count"]) for item in snapshot.get("setup_abilities", [])
        ),
    )


def _changed_name(deck: str, copies: int, removed: str, added: str) -> str:
    change = f"−{copies} {removed}, +{copies} {added}"
    return f"{deck[: 200 - len(change) - 2]}: {change}"


def _in_language(language: str, words: Callable[[], str]) -> str:
    with translation.override(language):
        return words()


def swap_test_create(
    *,
    owner: User,
    version: DeckVersion,
    remove: Card,
    add: Card,
    copies: int,
    field: Sequence[DeckVersion],
    agents: str | Sequence[str] = DEFAULT_LEVEL,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    dispatch: bool = True,
) -> Tournament:
    """Save the changed copy and start the paired run; raises ``TournamentError`` (the change
    or the field is wrong, the copy is not legal) or ``LimitExceeded``, saving nothing."""
    lab_copy_refuse(version.deck)
    if not 1 <= copies <= 40:
        raise TournamentError("invalid", "copies", {"copies": [_("a whole number from 1 to 40")]})
    field = [v for v in field if v.deck_id != version.deck_id]
    if not field:
        raise TournamentError("invalid", "field", {"field": [_("at least one opponent")]})
    # Named in both languages, each reader sees his (the English: the cards' English names).
    name, name_en = (
        _changed_name(version.deck.localised_name(language), copies, removed, added)
        for language, removed, added in (
            ("ru", remove.name_ru, add.name_ru),
            ("en", shown_name(remove.name_ru, remove.name_en, english=True),
             shown_name(add.name_ru, add.name_en, english=True)),
        )
    )  # fmt: skip
    with transaction.atomic():
        content = changed_content(version, remove=remove, add=add, copies=copies)
        changed = deck_create(
            owner=owner,
            name=name,
            name_en=name_en,
            description=f"swap test of {version.deck.name} v{version.number}",
            content=content,
            visibility=Visibility.PRIVATE,
            lab_copy=True,  # not one of his decks: only the run shows it
        )
        new_version = changed.versions.get()
        if not new_version.is_valid:
            raise TournamentError(
                "invalid", "add", {"add": [_("the deck with this change is not legal")]}
            )
        return tournament_create(
            owner=owner,
            request=TournamentRequest(
                name=name,
                name_en=name_en,
                format=formats.SWAP,
                versions=[version, new_version, *field],
                games_per_pairing=2,
                agents=agents,
                seed=seed,
                options=options or {},
                is_public=False,  # the changed copy is a private deck of the user
            ),
            dispatch=dispatch,
        )


def field_test_create(
    *, owner: User, version: DeckVersion, seed: int = 0, dispatch: bool = True
) -> Tournament:
    """One click: a gauntlet of this deck version (the hero) against every precon."""
    lab_copy_refuse(version.deck)
    field = field_versions(user=owner, groups=["precons"], exclude=[version.deck_id])
    if not field:
        raise TournamentError("invalid", "field", {"field": [_("no precons to play against")]})

    def against_precons(language: str) -> str:
        return _in_language(
            language,
            lambda: (
                _("%(deck)s: against the precons")
                % {"deck": f"{version.deck.localised_name(language)} v{version.number}"}
            ),
        )

    name, name_en = against_precons("ru"), against_precons("en")
    return tournament_create(
        owner=owner,
        request=TournamentRequest(
            name=name[:200],
            name_en=name_en[:200],
            format=formats.GAUNTLET,
            versions=[version, *field],
            games_per_pairing=FIELD_GAMES,
            seed=seed,
            # As visible as the deck: a private deck's test is the owner's alone.
            is_public=version.deck.owner_id is None or version.deck.visibility == Visibility.PUBLIC,
        ),
        dispatch=dispatch,
    )


def swap_summary(*, tournament: Tournament) -> dict[str, Any] | None:
    """The swap test's verdict so far (None for other formats)."""
    if tournament.format != formats.SWAP:
        return None
    result = swap.verdict(tournament.options, series_history(tournament=tournament))
    return result.to_dict()
