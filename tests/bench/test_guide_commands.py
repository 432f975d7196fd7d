"""Every bench command the guides show is one the bench takes: its options parse."""

import re
import shlex

import pytest

from bench.fanout import arguments
from tests.guides import every_page

# `make bench BENCH_ARGS="…"` (or BENCH_ARGS=--one), and `bench/fanout.py …` run directly.
SHOWN = re.compile(r'BENCH_ARGS=(?:"([^"]*)"|(\S+?))[`\s]|bench/fanout\.py ([^#`\n]*)')


def shown_options() -> list[str]:
    found = []
    for text in every_page().values():
        for match in SHOWN.finditer(text):
            found.append(next(group for group in match.groups() if group is not None).strip())
    return found


def test_it_finds_the_commands_of_the_performance_guide():
    assert {"--league", "--viewers 1000,2000 --systems floor --runs 3"} <= set(shown_options())


@pytest.mark.parametrize("options", sorted(set(shown_options())))
def test_the_bench_takes_the_options_a_guide_shows(options):
    arguments().parse_args(shlex.split(options))  # argparse exits on an unknown option
