from django.urls import path

from sheets import spreadsheet

app_name = "sheets"
urlpatterns = [
    path("games/<code:code>/export.csv", spreadsheet.export_csv, name="spreadsheet"),
]
