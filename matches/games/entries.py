"""Which deck versions a user may put in a game: visible to the user, legal, playable by
the engine."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from decks.messages import deck_error_text
from decks.models import DeckVersion
from decks.selectors import version_visible
from komandor.rules.decks import DeckError
from matches.games.decks import playable_deck_of


def can_enter(*, user, version: DeckVersion) -> bool:
    """Exactly the versions the deck's pages show ``user`` (``decks.selectors.version_visible``):
    the owner's every version, a precon's, and of a public deck those saved while it was not
    private."""
    return version_visible(version=version, user=user)


def entry_problems(*, user, versions: Sequence[DeckVersion]) -> list[str]:
    problems = []
    for version in versions:
        label = f"{version.deck.name} v{version.number}"
        if not can_enter(user=user, version=version):
            problems.append(
                gettext("%(deck)s: a private deck can be entered only by its owner.")
                % {"deck": label}
            )
        elif not version.is_valid:
            problems.append(
                gettext("%(deck)s: this version of the deck is not legal.") % {"deck": label}
            )
        else:
            try:
                playable_deck_of(version=version)
            except DeckError as error:
                problems.append(f"{label}: {deck_error_text(error)}")
    return problems
