"""The Textual shell over the evening layer: the app, its screens, widgets and dialogs (the only Textual user)."""

from tui.app.app import KeizerApp, make_app

__all__ = ["KeizerApp", "make_app"]
