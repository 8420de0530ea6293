"""Deleting an account: what goes, what stays, and who the kept results then belong to.

Everything of the user goes (decks, collection, games, tournaments, tokens, the card proposals
not published with their photos, the account), except results other people can see: his
public tournaments stay, and so does every deck a kept result played (his public
tournaments, other players' tournaments, matches and games against his public decks). Those
rows move to one owner, "deleted player" (a user that cannot sign in and whose name no one can
register), and keep the visibility they had, so a private deck stays unreadable. All in one
transaction: effective at once, or not at all. The players' cards he entered that were
published stay in the catalogue too, entered by "deleted player" instead of his name.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q, Sum
from django.utils.translation import gettext_lazy as _

from decks.models import Deck, DeckVersion
from matches.models import Entry, HumanMatch, Match, Tournament
from proposals.services import (
    proposals_cards_disown,
    proposals_delete_of,
    proposals_deleted_with,
)

# A space: Django's username validator refuses it, so no one can sign up as this player.
DELETED_PLAYER = "deleted player"
DELETED_PLAYER_LABEL = _("deleted player")


def deleted_player():
    """The one owner of every result a deleted account leaves behind."""
    user, created = get_user_model().objects.get_or_create(
        username=DELETED_PLAYER, defaults={"is_active": False}
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def is_deleted_player(user) -> bool:
    return getattr(user, "username", None) == DELETED_PLAYER


@dataclass(frozen=True, slots=True)
class DeletionPlan:
    """What deleting the account does, counted, for the page that asks first."""

    decks_deleted: int
    decks_kept: int
    tournaments_deleted: int
    tournaments_kept: int
    games_deleted: int
    matches_deleted: int
    cards_owned: int
    tokens: int
    proposals_deleted: int = 0


def _kept_tournaments(user):
    return Tournament.objects.filter(owner=user, is_public=True)


def _versions_in_kept_results(user) -> set[int]:
    """Versions of the user's decks that a result which stays has played."""
    mine = DeckVersion.objects.filter(deck__owner=user).values("pk")
    kept_tournaments = ~Q(tournament__owner=user) | Q(tournament__is_public=True)
    entered = Entry.objects.filter(kept_tournaments, deck_version__in=mine)
    played = Match.objects.filter(
        (Q(tournament__isnull=True) & ~Q(owner=user))
        | (Q(tournament__isnull=False) & kept_tournaments),
    )
    versions = set(entered.values_list("deck_version_id", flat=True))
    for seat in ("seat0_id", "seat1_id"):
        versions.update(played.filter(**{f"{seat[:-3]}__in": mine}).values_list(seat, flat=True))
    others_games = HumanMatch.objects.exclude(owner=user)
    for field in ("deck_id", "opponent_id"):
        versions.update(
            others_games.filter(**{f"{field[:-3]}__in": mine}).values_list(field, flat=True)
        )
    return versions


def _kept_decks(user):
    versions = _versions_in_kept_results(user)
    return Deck.objects.filter(owner=user, versions__in=versions).distinct()


def account_deletion_plan(*, user) -> DeletionPlan:
    kept_decks = _kept_decks(user).count()
    decks = Deck.objects.filter(owner=user).count()
    tournaments = Tournament.objects.filter(owner=user)
    kept_tournaments = _kept_tournaments(user).count()
    return DeletionPlan(
        decks_deleted=decks - kept_decks,
        decks_kept=kept_decks,
        tournaments_deleted=tournaments.count() - kept_tournaments,
        tournaments_kept=kept_tournaments,
        games_deleted=HumanMatch.objects.filter(owner=user).count(),
        matches_deleted=Match.objects.filter(owner=user, tournament__isnull=True).count(),
        cards_owned=user.owned_cards.aggregate(total=Sum("count", default=0))["total"],
        tokens=user.access_tokens.count(),
        proposals_deleted=proposals_deleted_with(user=user).count(),
    )


def account_delete(*, user) -> None:
    """Delete ``user`` and everything of his but the results that stay (module docstring)."""
    with transaction.atomic():
        # His row first: a change he starts meanwhile waits, then finds him gone.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        heir = deleted_player()
        kept_decks = list(_kept_decks(user).values_list("pk", flat=True))
        kept_tournaments = _kept_tournaments(user)
        Match.objects.filter(tournament__in=kept_tournaments, owner=user).update(owner=heir)
        kept_tournaments.update(owner=heir)
        # What goes: his games and matches, his other tournaments, his other decks.
        HumanMatch.objects.filter(owner=user).delete()
        Match.objects.filter(owner=user).delete()
        Tournament.objects.filter(owner=user).delete()
        Deck.objects.filter(owner=user).exclude(pk__in=kept_decks).delete()
        kept = Deck.objects.filter(pk__in=kept_decks)
        for deck in kept:
            deck.tags.all().delete()  # his filing, not part of any result
        kept.update(owner=heir)
        # His card proposals not published, with their photos (after the commit).
        proposals_delete_of(user=user)
        # His published players' cards stay, entered by the deleted player, not his name.
        proposals_cards_disown(user=user, heir=heir.get_username())
        # The rest (collection, tokens) goes with the row.
        user.delete()
