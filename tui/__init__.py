"""The shells over the evening layer: the Textual app (`tui/app`), the command line (`tui/cli`) and
publishing (`tui/publish`), with how numbers, names and tables look to a person (`format`, `legend`,
`visible`)."""
