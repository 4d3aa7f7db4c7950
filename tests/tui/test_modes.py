"""The app's modes are said once: each screen names its mode, the mode bar, the F-keys and the help follow."""

from keizer.tui.app.app import KeizerApp
from keizer.tui.app.modes import MODE_KEYS


def test_every_mode_has_its_screen_and_every_screen_its_key() -> None:
    assert list(KeizerApp.MODES) == [mode for mode, _, _ in MODE_KEYS]
    assert all(screen.MODE == mode for mode, screen in KeizerApp.MODES.items())
