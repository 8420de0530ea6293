"""What the apps built on the catalogue lend back to it.

``decks`` and ``content`` import ``cardbase``, so ``cardbase`` never imports them: the app
graph has no cycle (tests/test_import_cycles.py). Where a catalogue page needs one of their
parts, the app lends it in its ``AppConfig.ready()`` with :func:`lend`:

* ``name_suggestions(text=…)`` — the names nearest a search that found nothing (``decks``: the
  deck import's matcher and its per-process name index);
* ``precon_card_ids()`` — the cards some precon uses (``decks``; the content manager's
  completeness report);
* ``catalogue_files(game=…)`` — a game's content files (``content``; the admin's export).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ImproperlyConfigured


@dataclass
class _Lent:
    name_suggestions: Callable[..., Sequence[Any]] | None = None
    precon_card_ids: Callable[[], set[int]] | None = None
    catalogue_files: Callable[..., dict[str, str]] | None = None


_lent = _Lent()


def lend(
    *,
    name_suggestions: Callable[..., Sequence[Any]] | None = None,
    precon_card_ids: Callable[[], set[int]] | None = None,
    catalogue_files: Callable[..., dict[str, str]] | None = None,
) -> None:
    """Called by an app's ``ready()`` with the parts it lends (the others stay as they are)."""
    if name_suggestions is not None:
        _lent.name_suggestions = name_suggestions
    if precon_card_ids is not None:
        _lent.precon_card_ids = precon_card_ids
    if catalogue_files is not None:
        _lent.catalogue_files = catalogue_files


def _needed(part: Callable[..., Any] | None, name: str, app: str) -> Callable[..., Any]:
    if part is None:
        raise ImproperlyConfigured(f"the catalogue's {name} comes from the {app!r} app: install it")
    return part


def name_suggestions(*, text: str) -> Sequence[Any]:
    return _needed(_lent.name_suggestions, "name suggestions", "decks")(text=text)


def precon_card_ids() -> set[int]:
    return _needed(_lent.precon_card_ids, "precon cards", "decks")()


def catalogue_files(*, game: Any = None) -> dict[str, str]:
    return _needed(_lent.catalogue_files, "content files", "content")(game=game)
