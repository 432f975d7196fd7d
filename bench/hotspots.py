"""Where a server spent its time: the top functions in a py-spy collapsed-stack file.

    .venv/bin/python bench/fanout.py --viewers 1000 --profile /tmp/prof
    .venv/bin/python bench/hotspots.py /tmp/prof/ours-1000-0.txt [--top 30] [--under NAME]

"self" is time in the function itself; "total" includes what it called. Line numbers
are dropped so one function is one row.
"""

import argparse
import re
from collections import Counter
from pathlib import Path

LINE = re.compile(r"^(.*) (\d+)$")
FRAME = re.compile(r"^(?P<name>.*?) \((?P<file>.*?)(?::\d+)?\)$")


def frame_name(frame: str) -> str:
    found = FRAME.match(frame)
    if not found:
        return frame
    file = found["file"]
    for marker in ("site-packages/", "lib/python3.11/", "/work/main/"):
        if marker in file:
            file = file.split(marker, 1)[1]
    return f"{found['name']} ({file})"


def read(path: Path) -> list[tuple[list[str], int]]:
    stacks = []
    for line in path.read_text().splitlines():
        found = LINE.match(line)
        if found:
            stacks.append(([frame_name(f) for f in found[1].split(";")], int(found[2])))
    return stacks


def hotspots(stacks, under: str | None = None) -> tuple[Counter, Counter, int]:
    own, total = Counter(), Counter()
    samples = 0
    for frames, count in stacks:
        if under:
            at = next((i for i, f in enumerate(frames) if under in f), None)
            if at is None:
                continue
            frames = frames[at:]
        samples += count
        own[frames[-1]] += count
        for name in set(frames):
            total[name] += count
    return own, total, samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--under", help="only stacks through a frame containing this")
    args = parser.parse_args()
    for path in args.files:
        own, total, samples = hotspots(read(path), args.under)
        print(f"== {path} ({samples} samples)")
        for title, counter in (("self", own), ("total", total)):
            print(f"-- {title}")
            for name, count in counter.most_common(args.top):
                print(f"{100 * count / max(samples, 1):5.1f}%  {name}")


if __name__ == "__main__":
    main()
