"""The Textual shell over the evening layer: the app, its screens, widgets and dialogs (the only Textual user)."""
