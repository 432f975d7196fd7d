"""nginx serves collected static files itself, and passes the rest to the app."""

import shutil
import urllib.request

from tests.servers import ROOT, Daphne


def get(url: str):
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, dict(response.headers), response.read()


def test_it_serves_collected_files_from_disk_and_passes_the_rest_to_the_app(
    nginx, transactional_db, tmp_path
):
    collected = tmp_path / "staticfiles"
    # What collectstatic leaves for our files.
    shutil.copytree(ROOT / "static", collected)
    app = Daphne().start()
    try:
        proxy = nginx([app.port], static_root=collected)

        status, headers, body = get(proxy.url + "/static/css/base.css")
        assert status == 200
        assert body == (ROOT / "static" / "css" / "base.css").read_bytes()
        assert headers["Content-Type"].startswith("text/css")
        assert headers["Cache-Control"] == "no-cache"

        # Not collected here: the admin's files, which WhiteNoise still finds.
        status, _, body = get(proxy.url + "/static/admin/css/base.css")
        assert status == 200
        assert body

        assert proxy.served_by("/static/admin/") == {f"127.0.0.1:{app.port}"}
        # Logged in order, so by now a proxied request for our files would show too.
        assert proxy.served_by("/static/css/", wait=0) == set()
    finally:
        app.stop()
