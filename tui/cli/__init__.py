"""The `keizer` command line: one module per group of commands, all sharing `main`."""
