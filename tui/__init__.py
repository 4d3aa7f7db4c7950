"""The user's shells: the command line and the Textual app (the only user of Textual)."""
