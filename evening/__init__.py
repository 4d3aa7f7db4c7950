"""The club evening's operations over a season store, headless (no Textual): the layer both shells use."""
