from django.apps import AppConfig


class TrainScoreConfig(AppConfig):
    name = "trainscore"
    verbose_name = "TrainScore"
