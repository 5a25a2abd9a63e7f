"""Bringing material in: transcripts, signals, encoding, importing notes and other tools' memories."""
