"""Serializer fields that take JSON's types as the schema states them.

DRF's ``CharField`` takes a number (``0`` → ``"0"``), ``IntegerField`` a string or a float
(``"5"``, ``5.0``) and ``BooleanField`` ``"true"`` or ``1``: convenient for form and query
strings, where every value is text, but a JSON body that sends a number for a name is a client
bug the OpenAPI schema says is refused. These fields refuse the wrong JSON type with DRF's own
``invalid`` message; values read from a form or a query string (a ``QueryDict``) are still
parsed from text as before.
"""

from __future__ import annotations

from typing import Any

from django.core.validators import RegexValidator
from django.http import QueryDict
from rest_framework import serializers


def _from_json(field: serializers.Field) -> bool:
    return not isinstance(getattr(field.root, "initial_data", None), QueryDict)


class StrictCharField(serializers.CharField):
    """A string; one that may not be blank documents ``pattern: \\S`` (spaces alone are
    trimmed to nothing and refused)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if not self.allow_blank and self.trim_whitespace:
            self.validators.append(RegexValidator(r"\S"))

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str) and _from_json(self):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    def to_internal_value(self, data: Any) -> int:
        if (isinstance(data, bool) or not isinstance(data, int)) and _from_json(self):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool) and _from_json(self):
            self.fail("invalid")
        return super().to_internal_value(data)
