"""The user's side: the evening layer (`tui/evening`, headless) and its two shells, `tui/cli` and `tui/app`."""
