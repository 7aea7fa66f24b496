"""Breakbox: five tabletop games in one desktop client."""

__version__ = "0.1.0"
