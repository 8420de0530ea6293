"""Page-number pagination: 50 rows a page, ``page_size`` up to 200, bad numbers are a 400."""

from django.utils.translation import gettext as _
from rest_framework.pagination import PageNumberPagination

from cardbase.api.errors import bad_parameter

MAX_PAGE_SIZE = 200


def _positive_int(request, name: str) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    if not raw.isdigit() or int(raw) < 1:
        raise bad_parameter(
            name,
            _("%(name)s: expected a whole number above zero, not '%(raw)s'")
            % {"name": name, "raw": raw},
        )
    return int(raw)


class CataloguePagination(PageNumberPagination):
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

    def get_page_number(self, request, paginator):
        raw = request.query_params.get(self.page_query_param)
        if raw in self.last_page_strings:
            return paginator.num_pages
        return _positive_int(request, self.page_query_param) or 1
