"""The Pairing mode: the screen (`screen.py`) and the solve it runs off the UI thread (`solving.py`)."""
