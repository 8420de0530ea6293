"""A small catalogue for the admin tests, and helpers to post admin forms."""

from django.urls import reverse

from cardbase.models import Advisor, Card, Component, Game, Race, Release, Sector, StatedCount, Tech
from tests.factories import CardFactory, GameFactory

SOURCE = {"source_book": "komandor.ru.txt", "source_section": "Пример"}


def admin_url(model, view: str, *args) -> str:
    return reverse(f"admin:cardbase_{model._meta.model_name}_{view}", args=args)


def admin_catalogue() -> dict:
    komandor = GameFactory(slug="komandor", name_ru="Путь Командора")
    orion = GameFactory(slug="master-of-orion", name_ru="Master of Orion")
    release = Release.objects.create(game=komandor, code="base", name_ru="Базовый", **SOURCE)
    chimera = CardFactory(
        game=komandor,
        key="chimera",
        name_ru="Линкор класса «Химера»",
        card_type="ship",
        rarity="rare",
        cost=10,
        release=release,
        content_file="komandor/ships.yaml",
        **SOURCE,
        attributes={
            "kind": "ship",
            "name": "Линкор класса «Химера»",
            "cost": 10,
            "size": "TK",
            "strength": 12,
            "critical": 8,
            "shield": {"type": "B", "power": 4},
            "armor": 6,
            "speed": 3,
            "weapons": {"plasma": {"power": 10}},
        },
    )
    CardFactory(game=orion, key="ёжик", name_ru="Ёжик", card_type="building", cost=3)
    for model in (Race, Tech, Sector, Advisor):
        model.objects.create(game=orion, key="entry", name_ru=f"Запись {model.__name__}", **SOURCE)
    Component.objects.create(game=komandor, kind="weapon", key="plasma", name_ru="ПО", **SOURCE)
    Component.objects.create(game=komandor, kind="zone", key="deck", name_ru="Колода", **SOURCE)
    StatedCount.objects.create(
        game=komandor,
        key="ships",
        label_ru="Корабли",
        count=3,
        counts={"model": "card", "filter": {"card_type": "ship"}},
        **SOURCE,
    )
    return {"komandor": komandor, "orion": orion, "chimera": chimera, "release": release}


def ship_post(game: Game, **stats) -> dict:
    data = {
        "key": "exorcist",
        "name_ru": "Крейсер класса «Экзорцист»",
        "cost": "5",
        "stat__size": "SK",
        "stat__ship_class": "крейсер",
        "stat__strength": "8",
        "stat__critical": "5",
        "stat__shield__type": "C",
        "stat__shield__power": "3",
        "stat__armor": "3",
        "stat__speed": "6",
        "stat__weapons__plasma__power": "5",
        "stat__weapons__maser__power": "8",
        "stat__weapons__lasers__targets": "1",
        "stat__weapons__lasers__power": "4",
        "stat__properties__escort": "on",
        **SOURCE,
    }
    data.update(stats)
    return data


def add_ship_url(game: Game) -> str:
    return f"{admin_url(Card, 'add')}?game={game.pk}&card_type=ship"


def role_user(
    username: str,
    *,
    role: str | None,
    staff: bool = True,
    superuser: bool = False,
    password: str | None = None,
):
    """A user in one content role (``editors``/``publishers``) or none; groups are synced
    first, since a flushed (transactional) test database has lost the migration's groups.
    Without ``password`` the user can only be force-logged-in (hashing one is slow)."""
    from django.contrib.auth.models import Group, Permission, User

    from cardbase.editorial.roles import roles_sync

    roles_sync(group_model=Group, permission_model=Permission)
    user = User.objects.create_user(
        username, password=password, is_staff=staff, is_superuser=superuser
    )
    if role:
        user.groups.add(Group.objects.get(name=role))
    return user
