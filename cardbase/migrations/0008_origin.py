"""``origin`` on every sourced catalogue row: ``book`` (the rule book) or ``project`` (this
project's own design, e.g. the Komandor starter set), so such rows are marked everywhere."""

from django.db import migrations, models

SOURCED_MODELS = [
    "advisor",
    "card",
    "component",
    "race",
    "release",
    "sector",
    "statedcount",
    "tech",
]


def restore_sqlite_triggers(apps, schema_editor) -> None:
    """Adding a column with a default makes SQLite rebuild each table, which drops the catalogue
    version triggers of migration 0003; put them back (PostgreSQL keeps them)."""
    if schema_editor.connection.vendor != "sqlite":
        return
    for model in SOURCED_MODELS:
        table = f"cardbase_{model}"
        for event in ("insert", "update", "delete"):
            schema_editor.execute(
                f"CREATE TRIGGER IF NOT EXISTS {table}_{event}_changed AFTER {event.upper()} "
                f"ON {table} BEGIN UPDATE cardbase_catalogueversion "
                "SET token = lower(hex(randomblob(16))); END"
            )


def origin_field() -> models.CharField:
    return models.CharField(
        choices=[
            ("book", "from the rule book"),
            ("project", "this project's design, not from the rule book"),
        ],
        db_index=True,
        default="book",
        max_length=10,
        verbose_name="origin",
    )


class Migration(migrations.Migration):
    dependencies = [("cardbase", "0007_editor_roles")]

    operations = [
        *(
            migrations.AddField(model_name=model, name="origin", field=origin_field())
            for model in SOURCED_MODELS
        ),
        # A row of this project's own design cites no book: book and section may be empty
        # (``Sourced.clean`` still requires them on rows from the book).
        *(
            migrations.AlterField(
                model_name=model,
                name=name,
                field=models.CharField(blank=True, max_length=length, verbose_name=label),
            )
            for model in SOURCED_MODELS
            for name, length, label in (
                ("source_book", 100, "source rule book"),
                ("source_section", 300, "source section"),
            )
        ),
        migrations.RunPython(restore_sqlite_triggers, migrations.RunPython.noop, elidable=False),
    ]
