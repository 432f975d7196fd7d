"""`python -m trainscore …` is the `trainscore` command."""

from trainscore.cli import main

if __name__ == "__main__":
    main()
