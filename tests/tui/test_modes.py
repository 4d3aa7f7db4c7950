"""The app's modes are said once: each screen names its mode, the mode bar, the F-keys and the help follow; a
mode's screen is imported when it is first shown."""

import subprocess
import sys

from keizer.tui.app.app import KeizerApp, mode_screen
from keizer.tui.app.modes import MODE_KEYS, MODE_SCREENS


def test_every_mode_has_its_screen_and_every_screen_its_key() -> None:
    assert list(KeizerApp.MODES) == [mode for mode, _, _ in MODE_KEYS] == list(MODE_SCREENS)
    for mode, _, _ in MODE_KEYS:
        screen = mode_screen(mode)()  # the screen of that mode, or an AssertionError
        assert type(screen).MODE == mode


def test_the_app_starts_without_the_other_screens() -> None:
    probe = ("import sys, keizer.tui.app.app\n"
             "print(sorted(m for m in sys.modules if m.startswith('keizer.tui.app.screens.')))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['keizer.tui.app.screens.base']"
