"""The Pairing mode: the screen (`screen.py`) and the solve it runs off the UI thread (`solving.py`)."""

from tui.app.screens.pairing.screen import SHOWN, PairingScreen
from tui.app.screens.pairing.solving import PairingProgressed, PairingSolved

__all__ = ["SHOWN", "PairingProgressed", "PairingScreen", "PairingSolved"]
