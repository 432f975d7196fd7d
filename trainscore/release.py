"""Which release of TrainScore this is, from the installed package's metadata."""

from importlib import metadata


def version() -> str:
    try:
        return metadata.version("trainscore")
    except metadata.PackageNotFoundError:
        # A checkout run without `pip install -e .` has no metadata to read.
        return "unknown (not installed)"
