"""Columns PostgreSQL keeps beside a catalogue table's model fields, read in queries.

Some columns exist only where the database maintains them (migrations 0005 and 0009): the
generated ``search_vector`` and the trigger-kept ``game_order``. They are not model fields, so
no form, export or history sees them; an expression reads them from the queried table.
"""

from django.db.models import Expression, IntegerField


class TableColumn(Expression):
    """A column of the queried table that is not a model field. Like a column reference, it
    follows its table's alias when the ORM relabels it (a negated term becomes a subquery with
    aliases of its own)."""

    def __init__(self, alias: str | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.alias = alias

    def resolve_expression(self, query=None, *args, **kwargs):
        clone = self.copy()
        clone.alias = query.get_initial_alias()
        return clone

    def relabeled_clone(self, change_map):
        clone = self.copy()
        clone.alias = change_map.get(self.alias, self.alias)
        return clone

    def as_sql(self, compiler, connection):
        return self.column_sql(compiler.quote_name_unless_alias(self.alias), connection.vendor), []

    def column_sql(self, table: str, vendor: str) -> str:
        """The column's SQL on ``table``; each subclass (``GameOrder``, ``search.text``'s
        ``StoredSearchVector``) says which column it reads."""
        raise NotImplementedError


class GameOrder(TableColumn):
    """A card's game's ``sort_order``: on PostgreSQL the card's own ``game_order`` column
    (kept by triggers and indexed with the list's order, migration 0009), elsewhere read from
    the game's row."""

    def __init__(self, alias: str | None = None) -> None:
        super().__init__(alias, output_field=IntegerField())

    def column_sql(self, table: str, vendor: str) -> str:
        if vendor == "postgresql":
            return f"{table}.game_order"
        return f"(SELECT g.sort_order FROM cardbase_game g WHERE g.id = {table}.game_id)"


# The card list's order: by game, then name; the id makes it total, so pages never overlap.
CARD_LIST_ORDER = (GameOrder().asc(), "name_ru", "id")
