"""How far the catalogue is from the totals the rule books state ("90 building cards").

A ``StatedCount.counts`` spec names the rows it counts::

    {"model": "card", "filter": {"card_type": "building"}}           # count rows
    {"model": "card", "filter": {"card_type": "ship"}, "sum": "copies"}  # add up Card.copies

Rows are always those of the stated count's own game. The filter keys are Django lookups on
that model (``attributes__colour`` reaches into the structured fields).
"""

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import FieldError, ValidationError
from django.db.models import Count, Model, Q, Sum
from django.db.models.functions import Coalesce

from cardbase.models import Advisor, Card, Component, Race, Release, Sector, StatedCount, Tech

COUNTED_MODELS: dict[str, type[Model]] = {
    "card": Card,
    "race": Race,
    "tech": Tech,
    "sector": Sector,
    "advisor": Advisor,
    "component": Component,
    "release": Release,
}
SUMMABLE_FIELDS: dict[str, frozenset[str]] = {"card": frozenset({"copies"})}


@dataclass(frozen=True, slots=True)
class Progress:
    stated: int
    entered: int
    missing: int  # never below zero: more rows than the book states is a content error, not "-3"


class StatedCountSpecError(ValueError):
    """A ``counts`` spec that cannot be evaluated; the message names the bad part."""


@dataclass(frozen=True, slots=True)
class CountSpec:
    model: type[Model]
    condition: Q
    sum_field: str | None


def count_spec_from_dict(counts: Mapping[str, Any], *, game_id: int) -> CountSpec:
    """Check a ``counts`` spec and return it ready to query, or raise StatedCountSpecError."""
    if not isinstance(counts, Mapping):
        raise StatedCountSpecError("counts: must be an object with 'model' and 'filter'")
    model_name = counts.get("model")
    model = COUNTED_MODELS.get(model_name) if isinstance(model_name, str) else None
    if model is None:
        known = ", ".join(COUNTED_MODELS)
        raise StatedCountSpecError(f"counts.model: {model_name!r} is not one of {known}")
    filters = counts.get("filter") or {}
    if not isinstance(filters, Mapping):
        raise StatedCountSpecError("counts.filter: must be an object of field lookups")
    sum_field = counts.get("sum")
    if sum_field is not None and sum_field not in SUMMABLE_FIELDS.get(str(model_name), ()):
        raise StatedCountSpecError(f"counts.sum: cannot add up {sum_field!r} of {model_name}")
    condition = Q(game_id=game_id, **filters)
    try:
        # Building the query resolves every lookup, so a misspelt field fails here, not later.
        str(model._default_manager.filter(condition).query)
    except (FieldError, ValidationError, ValueError, TypeError) as error:
        raise StatedCountSpecError(f"counts.filter: {error}") from error
    return CountSpec(model=model, condition=condition, sum_field=sum_field)


def _progress(stated: int, entered: int) -> Progress:
    return Progress(stated=stated, entered=entered, missing=max(stated - entered, 0))


def _aggregate(spec: CountSpec) -> Count | Coalesce:
    if spec.sum_field:
        return Coalesce(Sum(spec.sum_field, filter=spec.condition), 0)
    return Count("pk", filter=spec.condition)


def stated_count_progress(stated: StatedCount) -> Progress:
    """Stated, entered and missing numbers for one stated count (one query)."""
    spec = count_spec_from_dict(stated.counts, game_id=stated.game_id)
    entered = spec.model._default_manager.aggregate(entered=_aggregate(spec))["entered"]
    return _progress(stated.count, entered)


def stated_counts_progress(
    stated_counts: Iterable[StatedCount],
) -> dict[int, Progress | StatedCountSpecError]:
    """Progress of many stated counts, keyed by id: one query per counted model, not per row.

    A row whose spec is broken maps to its StatedCountSpecError, so one bad row cannot hide the
    rest of the list.
    """
    results: dict[int, Progress | StatedCountSpecError] = {}
    by_model: dict[type[Model], list[tuple[StatedCount, CountSpec]]] = defaultdict(list)
    for stated in stated_counts:
        try:
            spec = count_spec_from_dict(stated.counts, game_id=stated.game_id)
        except StatedCountSpecError as error:
            results[stated.pk] = error
            continue
        by_model[spec.model].append((stated, spec))
    for model, group in by_model.items():
        totals = model._default_manager.aggregate(
            **{f"c{stated.pk}": _aggregate(spec) for stated, spec in group}
        )
        for stated, _spec in group:
            results[stated.pk] = _progress(stated.count, totals[f"c{stated.pk}"])
    return results
