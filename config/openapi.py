"""Error answers every API operation can give, added to the OpenAPI schema in one place.

Views document the errors of their own logic (a 400 for bad fields, a 404 for a missing deck);
some answers come from the stack around every view instead, and so are added here to each
operation: 401 (a wrong, revoked or expired token, on any endpoint), 403 (a token without the
scope the operation needs: ``missing_scope`` with the ``scope``), 429 (throttles and the login
lockout), 503 with ``Retry-After`` (the database cannot be reached, ``config/outage.py``), 400
and 413 for a request body (unreadable or too deep JSON, too large), 400 and 414
for operations taking query parameters (filters; a query string past the limit), 404 for those
with path parameters or a page number (a page past the last). A text query parameter never takes
a NUL character (the forms and serializers reading them refuse it with a 400; PostgreSQL could
not store or compare it), so one without a pattern or list of values gets the pattern saying so.
A ``game`` query parameter takes the slug of one of the catalogue's games (read when the schema
is served), or nothing.
"""

from __future__ import annotations

from typing import Any

ERROR = "ApiError"
_ERROR_SCHEMA = {
    "type": "object",
    "description": "The API's error envelope (cardbase/api/errors.py).",
    "properties": {
        "code": {"type": "string"},
        "message": {"type": "string"},
        "fields": {
            "type": "object",
            "additionalProperties": {"type": "array", "items": {"type": "string"}},
        },
        "position": {"type": "integer"},
        "term": {"type": "string"},
        "scope": {"type": "string", "description": "missing_scope: the scope the token lacks."},
    },
    "required": ["code", "message"],
}
_DESCRIPTIONS = {
    "400": "Bad input: the error envelope names the problem.",
    "401": "Missing, wrong, revoked or expired credentials (WWW-Authenticate: Bearer).",
    "403": "Not allowed; a token without the scope this needs: missing_scope, naming it.",
    "404": "Nothing at this address (or no such page).",
    "413": "The request body is larger than the limit.",
    "414": "The query string is longer than the limit (API_MAX_QUERY_BYTES).",
    "429": "Too many requests (throttled) or too many failed logins (locked_out).",
    "503": "The database cannot be reached (database_unavailable); try again after "
    "Retry-After seconds.",
}
# Answers that tell the client when to come back.
_RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait before trying again.",
        "schema": {"type": "integer", "minimum": 1},
    }
}
_METHODS = {"get", "post", "put", "patch", "delete"}
NO_NUL = "^[^\\x00]*$"


def _answer(status: str) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "description": _DESCRIPTIONS[status],
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{ERROR}"}}},
    }
    if status == "503":
        answer["headers"] = _RETRY_AFTER
    return answer


def error_responses(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    """drf-spectacular postprocessing hook (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``)."""
    # The served schema lists the games the catalogue holds; one written by `manage.py
    # spectacular` (no request, maybe no database) leaves `game` a plain string.
    slugs = _game_slugs() if request is not None else []
    result.setdefault("components", {}).setdefault("schemas", {})[ERROR] = _ERROR_SCHEMA
    for path_item in result.get("paths", {}).values():
        for method, operation in path_item.items():
            if method not in _METHODS:
                continue
            responses = operation.setdefault("responses", {})
            wanted = ["401", "403", "429", "503"]
            if "requestBody" in operation:
                wanted += ["400", "413"]
            parameters = operation.get("parameters", [])
            locations = {p.get("in") for p in parameters}
            if "query" in locations:
                wanted += ["400", "414"]
            if "path" in locations or any(p.get("name") == "page" for p in parameters):
                wanted.append("404")  # nothing at that address, or a page past the last
            for status in wanted:
                responses.setdefault(status, _answer(status))
            for parameter in parameters:
                if parameter.get("in") == "query" and parameter.get("name") == "game":
                    _game_slug(parameter, slugs)
                _refuse_nul(parameter)
    return result


def _game_slugs() -> list[str]:
    from cardbase.api.filter_schema import game_slugs

    return game_slugs()


def _game_slug(parameter: dict[str, Any], slugs: list[str]) -> None:
    parameter["allowEmptyValue"] = True
    if slugs:
        parameter["schema"] = {"type": "string", "enum": slugs}


def _refuse_nul(parameter: dict[str, Any]) -> None:
    schema = parameter.get("schema", {})
    text = parameter.get("in") == "query" and schema.get("type") == "string"
    if text and "enum" not in schema and "pattern" not in schema:
        schema["pattern"] = NO_NUL
