"""The terminal shells over the evening layer: the Textual app (`tui/app`) and the command line (`tui/cli`)."""
