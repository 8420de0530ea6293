"""Decks of «Путь Командора»: a player's list, its setup choices and its saved versions.

A deck may be saved while it is still illegal (a builder needs drafts); every version records
whether it passed the validator, so matches and tournaments can insist on a legal version.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cardbase.models import Card
from decks.values import OWN_NAME_MAX_LENGTH, TAG_MAX_LENGTH


def new_share_token() -> str:
    # 128 bits of randomness: an unlisted deck's link cannot be guessed or enumerated.
    return secrets.token_urlsafe(16)


class Visibility(models.TextChoices):
    PRIVATE = "private", _("private")
    UNLISTED = "unlisted", _("by link only")
    PUBLIC = "public", pgettext_lazy("deck visibility", "public")


class Deck(models.Model):
    """A player's deck, or a preconstructed one: shipped as content (``precons.yaml``), owned
    by no player, public, and keyed by ``precon_key`` so the loader finds it again."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="decks",
        null=True,
        blank=True,
    )
    name = models.CharField(_("name"), max_length=200)
    description = models.TextField(_("description"), blank=True)
    # A precon's English name and description (a player's deck has one language: its own).
    name_en = models.CharField(_("name (English)"), max_length=200, blank=True)
    description_en = models.TextField(_("description (English)"), blank=True)
    is_preconstructed = models.BooleanField(_("preconstructed"), default=False)
    precon_key = models.SlugField(_("precon key"), max_length=100, blank=True)
    commander = models.ForeignKey(
        Card,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("Commander"),
    )
    visibility = models.CharField(
        _("visibility"), max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    share_token = models.CharField(
        _("link token"), max_length=32, unique=True, default=new_share_token, editable=False
    )
    # A deck the lab made to test a change (the deck doctor's candidates, a swap test's changed
    # copy): its player's, but not one of "his decks" — not listed, offered to play or entered
    # (its run shows it). matches/lab/doctor.py, matches/lab/swap_tests.py.
    lab_copy = models.BooleanField(
        _("made by the deck lab"),
        default=False,
        help_text=_(
            "A copy the deck lab made to test a change: not listed among its player's decks."
        ),
    )
    # Folded name and description (``fold_text``): SQLite's lower() knows only ASCII.
    search_text = models.TextField(editable=False, blank=True, default="")
    created_at = models.DateTimeField(pgettext_lazy("deck", "created"), auto_now_add=True)
    updated_at = models.DateTimeField(pgettext_lazy("deck", "updated"), auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        verbose_name = _("deck")
        verbose_name_plural = _("decks")
        indexes = [models.Index(fields=["visibility", "-updated_at"])]
        constraints = [
            # A precon belongs to nobody; every other deck to its player.
            models.CheckConstraint(
                condition=Q(is_preconstructed=True, owner__isnull=True)
                | Q(is_preconstructed=False, owner__isnull=False),
                name="deck_precon_has_no_owner",
            ),
            models.UniqueConstraint(
                fields=["precon_key"],
                condition=Q(is_preconstructed=True),
                name="deck_precon_key_unique",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def localised_name(self, language: str) -> str:
        """The name in ``language`` ("en"/"ru"); a precon without one falls back to Russian."""
        return self.name_en if language.startswith("en") and self.name_en else self.name

    def localised_description(self, language: str) -> str:
        if language.startswith("en") and self.description_en:
            return self.description_en
        return self.description


class DeckEntry(models.Model):
    """``count`` copies of one card. ``own_name`` is the player's «собственное наименование»
    for these copies: the same card may appear in several entries under different own names,
    and all of them still count as the one printed name (DECK-4)."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    count = models.PositiveSmallIntegerField(_("copies"))
    own_name = models.CharField(_("own name"), max_length=OWN_NAME_MAX_LENGTH, blank=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("deck entry")
        verbose_name_plural = _("deck entries")
        constraints = [
            models.UniqueConstraint(
                fields=["deck", "card", "own_name"], name="deckentry_unique_card_own_name"
            ),
            models.CheckConstraint(condition=Q(count__gte=1), name="deckentry_count_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.count} {self.card.name_ru}"


class DeckSetupAbility(models.Model):
    """Ability cards picked out of the deck before the game and played at setup (ABIL-5)."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="setup_abilities")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    count = models.PositiveSmallIntegerField(_("copies"), default=1)

    class Meta:
        ordering = ["id"]
        verbose_name = _("pre-chosen ability card")
        verbose_name_plural = _("pre-chosen ability cards")
        constraints = [
            models.UniqueConstraint(fields=["deck", "card"], name="decksetupability_unique_card"),
            models.CheckConstraint(
                condition=Q(count__gte=1), name="decksetupability_count_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.count} {self.card.name_ru}"


class DeckVersion(models.Model):
    """An immutable snapshot of a deck as saved: matches point at the exact list played.

    ``snapshot`` is the deck's JSON export form plus card ids; ``card_specs`` holds each of
    those cards' full engine spec as saved (``decks.card_specs``) and ``catalogue_version`` the
    catalogue's version token then, so a later catalogue edit never changes an old match.
    """

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField(_("version"))
    snapshot = models.JSONField(_("snapshot"))
    card_specs = models.JSONField(_("card specs as saved"), default=dict)
    catalogue_version = models.CharField(_("catalogue version"), max_length=64, blank=True)
    is_valid = models.BooleanField(_("legal when saved"))
    # Who could see the deck when this version was saved: others see only versions saved
    # while the deck was not private (rows older than this field count as private).
    visibility = models.CharField(
        _("visibility when saved"),
        max_length=10,
        choices=Visibility.choices,
        default=Visibility.PRIVATE,
    )
    card_count = models.PositiveIntegerField(_("cards in the deck"))
    created_at = models.DateTimeField(_("saved"), auto_now_add=True)

    class Meta:
        ordering = ["deck", "-number"]
        verbose_name = _("deck version")
        verbose_name_plural = _("deck versions")
        constraints = [
            models.UniqueConstraint(fields=["deck", "number"], name="deckversion_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="deckversion_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.deck.name} v{self.number}"

    def save(self, *args, **kwargs) -> None:
        # A guard, not domain flow: a version a match points at must never change.
        if not self._state.adding:
            raise ValueError("deck versions are immutable")
        super().save(*args, **kwargs)


class DeckTag(models.Model):
    """A word the owner files a deck under («агро», «турнир»); decks list and filter by it."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="tags")
    name = models.CharField(_("tag"), max_length=TAG_MAX_LENGTH)

    class Meta:
        ordering = ["name"]
        verbose_name = _("deck tag")
        verbose_name_plural = _("deck tags")
        constraints = [
            models.UniqueConstraint(fields=["deck", "name"], name="decktag_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name


class OwnedCard(models.Model):
    """How many copies of a card a player owns: their collection, one row per card owned."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_cards"
    )
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="+")
    count = models.PositiveSmallIntegerField(_("copies owned"))

    class Meta:
        ordering = ["card__name_ru", "id"]
        verbose_name = _("owned card")
        verbose_name_plural = _("owned cards")
        constraints = [
            models.UniqueConstraint(fields=["owner", "card"], name="ownedcard_unique_card"),
            models.CheckConstraint(condition=Q(count__gte=1), name="ownedcard_count_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.count} {self.card.name_ru}"
