"""One clock for leases and the sweep: the database's.

A batch's lease is written by the worker that plays it and judged by whichever worker
sweeps; on several machines their clocks differ, and a sweeper whose clock ran a minute ahead
took every live lease for run out (issue 36). Every time a lease or a send is stamped with or
compared against is read from the database server instead (PostgreSQL's
``statement_timestamp()``). SQLite runs inside the process, on the one machine every worker
shares with it, so there this machine's clock is the database's.
"""

from __future__ import annotations

from datetime import datetime

from django.db import connection
from django.utils import timezone


def db_now() -> datetime:
    if connection.vendor != "postgresql":
        return timezone.now()
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement_timestamp()")
        return cursor.fetchone()[0]
