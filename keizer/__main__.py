"""`python -m keizer`: the same program as the `keizer` command."""

from keizer.tui.cli.main import entry

if __name__ == "__main__":
    entry()
