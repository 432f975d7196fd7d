from django.urls import path

from games import export

app_name = "games"
urlpatterns: list = []

urlpatterns += [path("<str:code>/export.csv", export.export_csv, name="export_csv")]
