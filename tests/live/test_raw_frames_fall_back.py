"""pyproject.toml takes the next autobahn and Twisted releases, and one of them may rename
or change a field the raw frame path reads (live/frames.py). The server checks at start,
on a real daphne connection over loopback: where a field is missing or a frame does not
arrive as written, every screen gets ordinary ASGI sends, and the log says so once."""

import logging

import pytest
from django.test import override_settings
from twisted.internet import abstract, tcp

from live import frames

WHY = "Live updates go out as ordinary sends, not raw frames: "


@pytest.fixture
def check_again(monkeypatch):
    """`frames.choose` run again as at a start, its outcome undone after the test."""
    monkeypatch.setattr(frames, "_usable", True)
    return frames.choose


def said(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith(WHY)]


def test_the_installed_releases_take_raw_frames_and_nothing_is_said(check_again, caplog):
    with caplog.at_level(logging.WARNING, logger="live.frames"):
        assert check_again() is True
    assert frames.enabled()
    assert said(caplog) == []


def test_a_missing_field_means_ordinary_sends_said_once(check_again, monkeypatch, caplog):
    # A Twisted release whose transports keep their write offset under another name.
    monkeypatch.delattr(abstract.FileDescriptor, "offset")

    with caplog.at_level(logging.WARNING, logger="live.frames"):
        assert check_again() is False
    assert not frames.enabled()
    assert said(caplog) == [
        WHY + "twisted.internet.tcp.Server has no offset (live/frames.py reads it from this "
        "daphne, autobahn and Twisted)."
    ]
    assert frames.write(object(), frames.text_frame("{}")) is False, "the ASGI send instead"


def test_a_frame_that_does_not_arrive_as_written_means_ordinary_sends(
    check_again, monkeypatch, caplog
):
    # A Twisted release whose writeSomeData only buffers (and says it sent everything).
    monkeypatch.setattr(tcp.Connection, "writeSomeData", lambda self, data: len(data))

    with caplog.at_level(logging.WARNING, logger="live.frames"):
        assert check_again() is False
    assert said(caplog) == [
        WHY + "a frame written straight to the transport did not arrive whole (live/frames.py "
        "reads it from this daphne, autobahn and Twisted)."
    ]


def test_with_raw_frames_off_nothing_is_checked_or_said(check_again, caplog):
    with override_settings(RAW_FRAMES=False), caplog.at_level(logging.WARNING):
        assert check_again() is False
    assert said(caplog) == []
