from django.apps import AppConfig
from django.db.backends.signals import connection_created


class TrainScoreConfig(AppConfig):
    name = "trainscore"
    verbose_name = "TrainScore"

    def ready(self) -> None:
        from trainscore import sqlite_log

        connection_created.connect(sqlite_log.hold_open, dispatch_uid="sqlite_log")
