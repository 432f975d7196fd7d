"""TrainScore settings: every value comes from the environment.

With nothing set, it runs on one machine: SQLite in the data folder (a checkout's
data/, an installed app's user data folder: trainscore/data_folder.py), the in-memory
channel layer, DEBUG off, a secret key generated once and kept there
(trainscore/secret_key.py). `DEBUG=1` for development. The scaled deployment sets
SECRET_KEY, ALLOWED_HOSTS, SITE_URL, DATABASE_URL (PostgreSQL) and REDIS_URL
(channels_redis, and the cache that counts wrong scorekeeper keys).
"""

import os
import warnings
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from core import database_probe, outages
from trainscore import data_folder
from trainscore.secret_key import secret_key

# The checkout, or site-packages for an installed app: nothing is kept here at run time.
BASE_DIR = data_folder.SOURCE_ROOT
# The site's templates/ and static/: at the top of a checkout, inside the package once
# installed (the wheel maps them there: pyproject.toml's force-include).
SITE_FILES = BASE_DIR if data_folder.running_from_checkout() else Path(__file__).resolve().parent


def envbool(name: str, default: str) -> bool:
    return os.environ.get(name, default).strip().lower() in ("1", "true", "yes", "on")


def envint(name: str, default: str) -> int:
    return int(os.environ.get(name, default))


def envfloat(name: str, default: str) -> float:
    return float(os.environ.get(name, default))


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = envbool("DEBUG", "0")
DATA_DIR = data_folder.data_dir()
SECRET_KEY = secret_key(DATA_DIR)

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")
# Where people reach the site: the links and QR codes the app shows are built on it
# (core/site.py). `manage.py serve` sets it to this machine's network address.
SITE_URL = os.environ.get("SITE_URL", "")
# The club's name, at the top of every result picture (pictures/drawing.py); by default
# the site's title, as templates/base.html writes it.
CLUB_NAME = os.environ.get("CLUB_NAME", "").strip() or "TrainScore"

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "ninja",  # serves the API docs' scripts from static/, not a CDN
    "trainscore",
    "players",
    "rules",
    "games",
    "live",
    "sheets",
    "seasons",
    "ratings",
    "nights",
    "records",
    "tournaments",
    "pictures",
]

MIDDLEWARE = [
    "trainscore.content_security.content_security_policy",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before anything that may answer: every answer, a refusal too, is in the reader's language.
    "django.middleware.locale.LocaleMiddleware",
    "trainscore.body_limit.refuse_oversized_bodies",
    "trainscore.refusals.refusals_with_sentences",
    # A database that does not answer: 503 and a sentence, logged once per outage.
    "trainscore.database_away.DatabaseAway",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "trainscore.urls"
CSRF_FAILURE_VIEW = "trainscore.refusals.csrf_failure"
ASGI_APPLICATION = "trainscore.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # Before the apps' own, so that ours override the admin's and ninja's of the same name.
        "DIRS": [SITE_FILES / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "trainscore.languages.context",
            ],
        },
    },
]


def sqlite_database(path: Path) -> dict:
    # WAL lets viewers read while a save writes; IMMEDIATE takes the write lock at
    # BEGIN so two concurrent saves queue up instead of failing: a process's own writers
    # in Python (trainscore/sqlite/base.py), other processes' at SQLite's busy timeout.
    return {
        "ENGINE": "trainscore.sqlite",
        "NAME": path,
        # Kept open: opening one costs a save ~1 ms, and SQLite, with no connection
        # left, folds the write-ahead log away for the next one to build up again.
        # The server keeps its request threads, and so these
        # (trainscore/one_thread_per_request.py).
        "CONN_MAX_AGE": None,
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
        # A file (not :memory:) so a daphne process started by a test can share it;
        # one per test run so parallel runs on one machine do not collide.
        "TEST": {"NAME": DATA_DIR / f"test-db-{os.getpid()}.sqlite3"},
    }


if os.environ.get("DATABASE_URL", "").startswith("sqlite:///"):
    DATABASES = {"default": sqlite_database(Path(os.environ["DATABASE_URL"][len("sqlite:///") :]))}
elif os.environ.get("DATABASE_URL"):
    # A small pool per process instead of persistent connections: under ASGI each
    # worker thread would keep its own, and a few busy daphne processes would exhaust
    # PostgreSQL's connection limit. Requests wait for a free connection instead, up to
    # DATABASE_POOL_TIMEOUT seconds; past that they answer 503 (trainscore/database_away.py).
    # Each connection is checked as the pool hands it out (trainscore/postgresql/base.py,
    # instead of the pool's own check, CONN_HEALTH_CHECKS): those a PostgreSQL restart
    # ended are replaced at once instead of failing, or holding up, the request that got one.
    DATABASES = {
        "default": dj_database_url.parse(
            os.environ["DATABASE_URL"], conn_max_age=0, conn_health_checks=False
        )
    }
    DATABASES["default"]["ENGINE"] = "trainscore.postgresql"
    # A connection the pool cannot open within a moment is left to core/database_probe.py,
    # which says at once that PostgreSQL is away and has the pool connect again as soon as
    # it answers, instead of the pool's own retries backing off to seconds apart.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": envint("DATABASE_POOL_SIZE", "8"),
        "timeout": envfloat("DATABASE_POOL_TIMEOUT", "20"),
        "reconnect_timeout": database_probe.RECONNECT_TIMEOUT,
        "reconnect_failed": outages.pool_gave_up,
    }
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}_{os.getpid()}"}
else:
    DATABASES = {"default": sqlite_database(DATA_DIR / "trainscore.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

if os.environ.get("REDIS_URL"):
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # redis-py 8 times socket reads out after 5 s by default, exactly as long as
            # channels_redis blocks waiting for a message: every quiet websocket would
            # crash. Allow a little longer (a dead Redis is still noticed).
            "CONFIG": {"hosts": [{"address": os.environ["REDIS_URL"], "socket_timeout": 15}]},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Live updates go out as one frame written straight to each daphne connection
# (live/frames.py), where the installed daphne, autobahn and Twisted take them as checked
# at start (else ordinary sends, said once). 0 sends through ASGI as usual (bench
# --plain-sends).
RAW_FRAMES = envbool("RAW_FRAMES", "1")

# The server process's tuning, each with its figures in core/process_tuning.py; each
# turned off with 0.
# Seconds a thread keeps Python's lock while another waits; 0: Python's own (5 ms).
SWITCH_INTERVAL_SECONDS = envfloat("SWITCH_INTERVAL_SECONDS", "0.001")
# What start-up imported kept out of the garbage collector's full passes.
GC_FREEZE_AT_START = envbool("GC_FREEZE_AT_START", "1")
# Seconds of no screen coming or going before the process collects its garbage once and
# keeps the screens' objects out of later full collections; 0: never.
GC_SETTLE_SECONDS = envfloat("GC_SETTLE_SECONDS", "0.3")
# Request threads kept, each with its database connection, for the next requests.
REQUEST_THREADS_KEPT = envint("REQUEST_THREADS_KEPT", "8")

# The cache counts wrong scorekeeper keys (games/keys.py). With several processes it must
# be shared, or each process would grant its own tries: Redis, when there is one.
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": "trainscore",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Every page speaks the browser's language when it is one of these (Accept-Language), or
# the one chosen with the switch at the foot of each page (a cookie); else the club's own.
LANGUAGES = [("en", "English"), ("es", "Español"), ("fr", "Français")]
LANGUAGE_CODE = os.environ.get("LANGUAGE_CODE", "en")
if LANGUAGE_CODE not in dict(LANGUAGES):
    raise ImproperlyConfigured(
        f"LANGUAGE_CODE={LANGUAGE_CODE!r}: the club's language must be one of "
        + ", ".join(code for code, _ in LANGUAGES)
    )
# Each app's catalogue is in its locale/ folder; these two packages are not apps.
LOCALE_PATHS = [BASE_DIR / "core" / "locale", BASE_DIR / "charts" / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
# The site's templates/ and static/ belong to no app: their sentences are in the project's
# catalogue, which `make messages` fills by running makemessages at the top of the checkout.
LOCALE_PATHS = [Path(__file__).resolve().parent / "locale"]
USE_TZ = True

STATIC_URL = "/static/"
# The site's own files; the admin's and ninja's come from their apps (AppDirectoriesFinder).
STATICFILES_DIRS = [SITE_FILES / "static"]
# Only `collectstatic` (the scaled deployment) writes here: never into site-packages.
_COLLECTED = BASE_DIR if data_folder.running_from_checkout() else DATA_DIR
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", _COLLECTED / "staticfiles"))
# Manifest storage needs collectstatic; the default deployment serves from the
# source folders through WhiteNoise, so DEBUG-free runs still work without it.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG
# Without collectstatic (as under `make run`) STATIC_ROOT does not exist; the finders
# serve everything, so WhiteNoise's warning about the missing folder is noise.
warnings.filterwarnings("ignore", message="No directory at: ", category=UserWarning)

# https-only cookies, redirects and HSTS only where the site is reached over https:
# `make run` on a venue's network is plain http.
if SITE_URL.startswith("https://"):
    SESSION_COOKIE_SECURE = envbool("SECURE_COOKIES", "1")
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", "1")
    SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", "31536000")
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", "1")
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_CONTENT_TYPE_NOSNIFF = True
    # A probe on a daphne port (systemd, a monitor) speaks plain HTTP: answer it there.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    # stdout: systemd's journal (or the terminal) keeps it; no log files to rotate.
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "plain",
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.channels.server": {"level": "WARNING"},
        # The pool warns at every attempt to reconnect while PostgreSQL is away, several
        # lines each; core/outages.py says it once when it goes and once when it is back.
        "psycopg.pool": {"level": "ERROR"},
    },
}

DATA_DIR.mkdir(parents=True, exist_ok=True)
