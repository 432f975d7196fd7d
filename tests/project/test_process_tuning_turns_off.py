"""Each of the server process's tunings (core/process_tuning.py) is on by default and its
setting (docs/settings.md) turns it off, leaving the interpreter as Python starts it."""

import gc
import sys

import pytest
from django.test import override_settings

from core import process_tuning

pytestmark = pytest.mark.project  # the process, not the database


@pytest.fixture
def untuned():
    """The interpreter as the test found it, afterwards."""
    interval = sys.getswitchinterval()
    gc.unfreeze()
    yield
    sys.setswitchinterval(interval)
    gc.unfreeze()


def test_the_switch_interval_is_1_ms_unless_turned_off(untuned):
    sys.setswitchinterval(0.005)
    with override_settings(SWITCH_INTERVAL_SECONDS=0):
        process_tuning.set_switch_interval()
    assert sys.getswitchinterval() == pytest.approx(0.005)

    process_tuning.set_switch_interval()
    assert sys.getswitchinterval() == pytest.approx(0.001)


def test_what_start_up_made_is_frozen_unless_turned_off(untuned):
    with override_settings(GC_FREEZE_AT_START=False):
        process_tuning.freeze_start_up()
    assert gc.get_freeze_count() == 0

    process_tuning.freeze_start_up()
    assert gc.get_freeze_count() > 0


def test_request_threads_are_kept_unless_turned_off():
    assert process_tuning.request_threads_kept() == 8
    with override_settings(REQUEST_THREADS_KEPT=0):
        assert process_tuning.request_threads_kept() == 0
