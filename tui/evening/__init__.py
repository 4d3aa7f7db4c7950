"""The parts of the director's evening that `tui.director` puts together (no Textual here either)."""
