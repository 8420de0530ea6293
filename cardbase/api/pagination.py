"""Page-number pagination for the whole API: a page number that is not a whole number above
zero is a 400 naming ``page`` (DRF's default answers 404), a page past the last is DRF's 404,
``last`` is the last page. The catalogue also takes ``page_size`` up to 200."""

import re
from typing import Any

from django.core.paginator import Paginator
from django.db.models import F, OrderBy, QuerySet
from django.utils.translation import gettext as _
from rest_framework.pagination import PageNumberPagination

from cardbase.api.errors import bad_parameter
from config.numbers import whole_number

MAX_PAGE_SIZE = 200
_LONG_NUMBER = re.compile(r"[0-9]{19,}")


def _positive_int(request, name: str) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    # Any run of digits is a number the schema allows (no maximum): past 18 digits it is past
    # every page and page size there is, without int() reading thousands of digits.
    value = whole_number(raw) if not _LONG_NUMBER.fullmatch(raw) else 10**18
    if value is None or value < 1:
        raise bad_parameter(
            name,
            _("%(name)s: expected a whole number above zero, not '%(raw)s'")
            % {"name": name, "raw": raw[:40]},
        )
    return value


def _ends_with_id(queryset: QuerySet) -> bool:
    """Whether the queryset's order ends with the primary key, so it is total and reversing it
    gives exactly the same rows backwards."""
    order = queryset.query.order_by
    if not order:
        return False
    last = order[-1]
    if isinstance(last, str):
        return last.lstrip("-") in {"id", "pk"}
    return (
        isinstance(last, OrderBy)
        and isinstance(last.expression, F)
        and last.expression.name in {"id", "pk"}  # type: ignore[attr-defined]  # F has .name
    )


class MirroredPaginator(Paginator):
    """Reads a page in the back half of an ordered queryset from the end: the same rows,
    fetched in reverse order and turned round. An ``OFFSET`` makes the database step over
    every row before the page (at 50,000 cards the last page walked them all); from the end
    the last page costs what the first does."""

    def page(self, number):
        number = self.validate_number(number)
        bottom = (number - 1) * self.per_page
        top = bottom + self.per_page
        if top + self.orphans >= self.count:
            top = self.count
        rows = self.object_list
        if isinstance(rows, QuerySet) and bottom > self.count // 2 and _ends_with_id(rows):
            backwards = list(rows.reverse()[self.count - top : self.count - bottom])
            # The stubs lack Paginator._get_page (Django's page factory, which page() calls).
            return self._get_page(backwards[::-1], number, self)  # type: ignore[attr-defined]
        return self._get_page(rows[bottom:top], number, self)  # type: ignore[attr-defined]


class PageNumbers(PageNumberPagination):
    """The project's default (``REST_FRAMEWORK["DEFAULT_PAGINATION_CLASS"]``)."""

    def get_page_number(self, request, paginator):
        raw = request.query_params.get(self.page_query_param)
        if raw in self.last_page_strings:
            return paginator.num_pages
        return _positive_int(request, self.page_query_param) or 1

    def get_schema_operation_parameters(self, view) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_query_param:
                parameter["description"] = (
                    "Page number from 1, or 'last'; past the last: 404; empty: the first."
                )
                parameter["allowEmptyValue"] = True
                parameter["schema"] = {
                    "oneOf": [
                        {"type": "integer", "minimum": 1},
                        {"type": "string", "enum": list(self.last_page_strings)},
                    ]
                }
        return parameters


class CataloguePagination(PageNumbers):
    django_paginator_class = MirroredPaginator
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def get_page_size(self, request) -> int:
        size = _positive_int(request, self.page_size_query_param)
        if size is None:
            return self.page_size
        if size > MAX_PAGE_SIZE:
            raise bad_parameter(
                self.page_size_query_param,
                _("page_size: at most %(maximum)s") % {"maximum": MAX_PAGE_SIZE},
            )
        return size

    def get_schema_operation_parameters(self, view) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"] = {"type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE}
                parameter["allowEmptyValue"] = True
        return parameters
