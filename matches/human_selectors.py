"""Reads for games against the AI: a person sees only his own games."""

from __future__ import annotations

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from matches.models import HumanMatch


def human_matches_of(user) -> QuerySet[HumanMatch]:
    """The user's games, last played first (none for an anonymous visitor)."""
    if not getattr(user, "is_authenticated", False):
        return HumanMatch.objects.none()
    return HumanMatch.objects.filter(owner=user).select_related("deck__deck", "opponent__deck")


def human_match_for(user, pk: int) -> HumanMatch:
    """The user's game ``pk``; Http404 for an unknown one or someone else's."""
    return get_object_or_404(human_matches_of(user), pk=pk)
