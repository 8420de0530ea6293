"""The API's JSON parser: DRF's, with the body size and nesting bounded (issue 12)."""

from __future__ import annotations

import json

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError
from rest_framework.utils.json import strict_constant

from config.bounded_json import MAX_JSON_DEPTH, JsonTooDeep, loads_bounded
from config.request_limits import BodyTooLarge


class BoundedJSONParser(parsers.JSONParser):
    """Reads at most ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes (a body sent without a length is
    not caught by ``RequestBodyLimitMiddleware``) and refuses JSON nested deeper than
    ``MAX_JSON_DEPTH`` with a 400 ``json_too_deep``."""

    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = b"" if stream is None else stream.read(-1 if limit is None else limit + 1)
        if limit is not None and len(raw) > limit:
            raise BodyTooLarge()
        # The stubs lack parsers.get_encoding (DRF has it: rest_framework/parsers.py).
        encoding = parsers.get_encoding(parser_context or {})  # type: ignore[attr-defined]
        constant = strict_constant if self.strict else None
        try:
            return loads_bounded(raw.decode(encoding), parse_constant=constant)
        except JsonTooDeep as error:
            raise ParseError(
                _("The JSON body is nested more than %(limit)s levels deep.")
                % {"limit": MAX_JSON_DEPTH},
                code="json_too_deep",
            ) from error
        except json.JSONDecodeError as error:
            raise ParseError(
                _("The body is not JSON (line %(line)s, column %(column)s).")
                % {"line": error.lineno, "column": error.colno}
            ) from error
        except UnicodeDecodeError as error:
            raise ParseError(
                _("The body is not text in %(encoding)s.") % {"encoding": encoding}
            ) from error
        except ValueError as error:  # NaN and Infinity, which JSON does not have
            raise ParseError(_("The body is not JSON.")) from error
