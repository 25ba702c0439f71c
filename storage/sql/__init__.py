"""SQL that more than one place runs: ``totals.sql`` (the totals' trigger and rebuild), included
by migrations (``-- include: totals.sql``) and read by ``storage.totals``."""
