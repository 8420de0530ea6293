"""The catalogue version row and the triggers that change its token on every catalogue write.

PostgreSQL: one statement-level trigger per table (insert, update, delete, truncate).
SQLite: row-level triggers (SQLite has no statement-level ones), three per table.
"""

from django.db import migrations, models

TABLES = [
    "cardbase_game",
    "cardbase_release",
    "cardbase_card",
    "cardbase_race",
    "cardbase_tech",
    "cardbase_sector",
    "cardbase_advisor",
    "cardbase_component",
    "cardbase_statedcount",
]
VERSION_TABLE = "cardbase_catalogueversion"
PG_FUNCTION = "cardbase_catalogue_changed"
SQLITE_EVENTS = ("insert", "update", "delete")


def create_version_and_triggers(apps, schema_editor) -> None:
    apps.get_model("cardbase", "CatalogueVersion").objects.create(pk=1, token="initial")
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(
            f"CREATE OR REPLACE FUNCTION {PG_FUNCTION}() RETURNS trigger AS $$ BEGIN "
            f"UPDATE {VERSION_TABLE} SET token = md5(random()::text || clock_timestamp()::text); "
            "RETURN NULL; END $$ LANGUAGE plpgsql"
        )
        for table in TABLES:
            schema_editor.execute(
                f"CREATE TRIGGER {table}_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE "
                f"ON {table} FOR EACH STATEMENT EXECUTE FUNCTION {PG_FUNCTION}()"
            )
    elif vendor == "sqlite":
        for table in TABLES:
            for event in SQLITE_EVENTS:
                schema_editor.execute(
                    f"CREATE TRIGGER {table}_{event}_changed AFTER {event.upper()} ON {table} "
                    f"BEGIN UPDATE {VERSION_TABLE} SET token = lower(hex(randomblob(16))); END"
                )


def drop_triggers(apps, schema_editor) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        for table in TABLES:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_changed ON {table}")
        schema_editor.execute(f"DROP FUNCTION IF EXISTS {PG_FUNCTION}()")
    elif vendor == "sqlite":
        for table in TABLES:
            for event in SQLITE_EVENTS:
                schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_{event}_changed")


class Migration(migrations.Migration):
    dependencies = [("cardbase", "0002_card_search_indexes")]

    operations = [
        migrations.CreateModel(
            name="CatalogueVersion",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("token", models.CharField(max_length=64)),
            ],
            options={"verbose_name": "catalogue version"},
        ),
        migrations.RunPython(create_version_and_triggers, drop_triggers, elidable=False),
    ]
