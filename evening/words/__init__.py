"""The words both shells share: the clubs' columns and their legends, tables, numbers by locale, a forecast in words, user text made safe to show."""
