"""The proposals tests' people: the game, a player and a publisher."""

import pytest
from django.contrib.auth.models import Group

from cardbase.editorial.roles import PUBLISHERS
from tests.factories import GameFactory


@pytest.fixture
def komandor():
    return GameFactory(slug="komandor", name_ru="Путь Командора")


@pytest.fixture
def player(django_user_model):
    return django_user_model.objects.create_user("pilot", password="pw-123-xyz")


@pytest.fixture
def publisher(django_user_model):
    user = django_user_model.objects.create_user("boss", password="pw-123-xyz", is_staff=True)
    user.groups.add(Group.objects.get(name=PUBLISHERS))
    return user
