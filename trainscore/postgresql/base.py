"""Django's PostgreSQL backend, whose pool gets over a restart at once.

A PostgreSQL restart (or `pg_terminate_backend`) ends every connection the pool holds.
The pool's own check (psycopg_pool's `check`, which Django turns on with
CONN_HEALTH_CHECKS) finds them one at a time, as each is handed out, and sleeps between
two (1 s, then 2, 4, 8 …): with its eight connections ended, the next request waited out
the pool's whole timeout (DATABASE_POOL_TIMEOUT, 20 s) and answered 503. Here each
connection is checked as it is handed out (settings.py turns the pool's own check off),
and the first found ended has the pool check every idle one at once and replace those
ended too: the request takes the next connection, without a sleep.
"""

import psycopg
from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params):
        connection = super().get_new_connection(conn_params)
        pool = self.pool
        if pool is None:
            return connection
        # At most one try per connection the pool may hold; past that the request's first
        # query fails, and it answers 503 (trainscore/database_away.py).
        for _ in range(pool.max_size):
            try:
                ConnectionPool.check_connection(connection)
            except psycopg.Error:
                pool.putconn(connection)  # an ended one is dropped, and a new one opened
                pool.check()  # the idle ones ended with it, all at once
                connection = super().get_new_connection(conn_params)
            else:
                break
        return connection
