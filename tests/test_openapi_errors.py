"""Issue 12: the OpenAPI schema documents the error answers the stack gives on every
operation (401, 429; 400 and 413 for bodies; 400 for query parameters; 404 for path ones)."""

import pytest
from drf_spectacular.generators import SchemaGenerator

METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield f"{method.upper()} {path}", operation


def test_every_operation_documents_401_and_429(schema):
    for name, operation in operations(schema):
        assert {"401", "429"} <= set(operation["responses"]), name


def test_every_body_documents_400_and_413(schema):
    bodies = [(name, op) for name, op in operations(schema) if "requestBody" in op]
    assert bodies
    for name, operation in bodies:
        assert {"400", "413"} <= set(operation["responses"]), name


def test_path_parameters_document_404_and_query_parameters_400(schema):
    for name, operation in operations(schema):
        where = {p["in"] for p in operation.get("parameters", [])}
        if "path" in where:
            assert "404" in operation["responses"], name
        if "query" in where:
            assert "400" in operation["responses"], name


def test_the_added_answers_use_the_error_envelope(schema):
    envelope = schema["components"]["schemas"]["ApiError"]
    assert envelope["required"] == ["code", "message"]
    answer = schema["paths"]["/api/cards/"]["get"]["responses"]["429"]
    assert answer["content"]["application/json"]["schema"]["$ref"].endswith("/ApiError")
