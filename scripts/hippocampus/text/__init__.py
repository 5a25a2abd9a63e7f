"""Text and time helpers: pure functions over strings and timestamps, the bottom layer."""
