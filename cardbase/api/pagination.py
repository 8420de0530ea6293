"""Page-number pagination: 50 rows a page, ``page_size`` up to 200, bad numbers are a 400."""

from rest_framework.pagination import PageNumberPagination

from cardbase.api.errors import bad_parameter
from cardbase.search.language import in_active_language

MAX_PAGE_SIZE = 200


def _positive_int(request, name: str) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    if not raw.isdigit() or int(raw) < 1:
        raise bad_parameter(
            name,
            in_active_language(
                f"{name}: нужно целое число больше нуля, а не «{raw}»",
                f"{name}: expected a whole number above zero, not {raw!r}",
            ),
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
                in_active_language(
                    f"page_size: не больше {MAX_PAGE_SIZE}", f"page_size: at most {MAX_PAGE_SIZE}"
                ),
            )
        return size

    def get_page_number(self, request, paginator):
        raw = request.query_params.get(self.page_query_param)
        if raw in self.last_page_strings:
            return paginator.num_pages
        return _positive_int(request, self.page_query_param) or 1
