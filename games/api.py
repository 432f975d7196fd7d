"""The JSON API (django-ninja): snapshot reads for anyone with the code, writes with the key."""

from ninja import NinjaAPI

api = NinjaAPI(title="TrainScore API", urls_namespace="api", docs_url="/docs")
