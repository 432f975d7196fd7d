from django.contrib import admin

from players.models import Player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "joined", "active")
    list_filter = ("active", "joined")
    search_fields = ("name",)
