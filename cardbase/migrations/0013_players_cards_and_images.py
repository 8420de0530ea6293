"""Printed cards entered by players (issue 35): the third origin, a card's image (a digest of
a kept photo), who entered it and what of its text the effect language cannot write; drafts
gain a kind (an editor's change or a player's proposal: only editors' drafts are one per row),
the "changes asked for" status and the publisher's reason."""

import cardbase.card_images
from django.conf import settings
from django.db import migrations, models


SOURCED_TABLES = [
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
    """Adding columns makes SQLite rebuild the card table, which drops the catalogue version
    triggers of migration 0003; put them back (PostgreSQL keeps them)."""
    if schema_editor.connection.vendor != "sqlite":
        return
    for model in SOURCED_TABLES:
        table = f"cardbase_{model}"
        for event in ("insert", "update", "delete"):
            schema_editor.execute(
                f"CREATE TRIGGER IF NOT EXISTS {table}_{event}_changed AFTER {event.upper()} "
                f"ON {table} BEGIN UPDATE cardbase_catalogueversion "
                "SET token = lower(hex(randomblob(16))); END"
            )


class Migration(migrations.Migration):

    dependencies = [
        ('cardbase', '0012_game_description_en'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='draft',
            name='draft_one_pending_per_row',
        ),
        migrations.AddField(
            model_name='card',
            name='effects_gap',
            field=models.TextField(blank=True, help_text='The part of the printed text no effect expresses yet; that part is not played.', verbose_name='text the effect language cannot write'),
        ),
        migrations.AddField(
            model_name='card',
            name='entered_by',
            field=models.CharField(blank=True, help_text='A printed card entered by players: who proposed it.', max_length=150, verbose_name='entered by'),
        ),
        migrations.AddField(
            model_name='card',
            name='image',
            field=models.CharField(blank=True, db_index=True, help_text="The card's image, by its digest (set by uploading a photo).", max_length=64, validators=[cardbase.card_images.card_image_validator], verbose_name='image'),
        ),
        migrations.AddField(
            model_name='draft',
            name='decision_note',
            field=models.TextField(blank=True, help_text='Why it was rejected, or what to change; shown to its author.', verbose_name="publisher's reason"),
        ),
        migrations.AddField(
            model_name='draft',
            name='kind',
            field=models.CharField(choices=[('editor', "an editor's change"), ('proposal', "a player's card proposal")], default='editor', max_length=10, verbose_name='kind'),
        ),
        migrations.AlterField(
            model_name='advisor',
            name='origin',
            field=models.CharField(choices=[('book', 'from the rule book'), ('project', "this project's design, not from the rule book"), ('players', 'printed card, entered by players')], db_index=True, default='book', max_length=10, verbose_name='origin'),
        ),
        migrations.AlterField(
            model_name='card',
            name='origin',
            field=models.CharField(choices=[('book', 'from the rule book'), ('project', "this project's design, not from the rule book"), ('players', 'printed card, entered by players')], db_index=True, default='book', max_length=10, verbose_name='origin'),
        ),
        migrations.AlterField(
            model_name='component',
            name='origin',
            field=models.CharField(choices=[('book', 'from the rule book'), ('project', "this project's design, not from the rule book"), ('players', 'printed card, entered by players')], db_index=True, default='book', max_length=10, verbose_name='origin'),
        ),
        migrations.AlterField(
            model_name='draft',
            name='status',
            field=models.CharField(choices=[('pending', 'waiting for a publisher'), ('changes_requested', 'changes asked for'), ('published', 'published'), ('rejected', 'rejected')], default='pending', max_length=20, verbose_name='status'),
        ),
        migrations.AlterField(
            model_name='race',
            name='origin',
            field=models.CharField(choices=[('book', 'from the rule book'), ('project', "this project's design, not from the rule book"), ('players', 'printed card, entered by players')], db_index=True, default='book', max_length=10, verbose_name='origin'),
        ),
        migrations.AlterField(
            model_name='release',
            name='origin',
            field=models.CharField(choices=[('book', 'from the rule book'), ('project', "this project's design, not from the rule book"), ('players', 'printed card, entered by players')], db_index=True, default='book', max_length=10, verbose_name='origin'),
        ),
        migrations.AlterField(
            model_name='sector',
            name='origin',
            field=models.CharField(choices=[('book', 'from the rule book'), ('project', "this project's design, not from the rule book"), ('players', 'printed card, entered by players')], db_index=True, default='book', max_length=10, verbose_name='origin'),
        ),
        migrations.AlterField(
            model_name='statedcount',
            name='origin',
            field=models.CharField(choices=[('book', 'from the rule book'), ('project', "this project's design, not from the rule book"), ('players', 'printed card, entered by players')], db_index=True, default='book', max_length=10, verbose_name='origin'),
        ),
        migrations.AlterField(
            model_name='tech',
            name='origin',
            field=models.CharField(choices=[('book', 'from the rule book'), ('project', "this project's design, not from the rule book"), ('players', 'printed card, entered by players')], db_index=True, default='book', max_length=10, verbose_name='origin'),
        ),
        migrations.AddConstraint(
            model_name='draft',
            constraint=models.UniqueConstraint(condition=models.Q(('kind', 'editor'), ('object_id__isnull', False), ('status', 'pending')), fields=('content_type', 'object_id'), name='draft_one_pending_per_row'),
        ),
        migrations.RunPython(restore_sqlite_triggers, migrations.RunPython.noop, elidable=False),
    ]
