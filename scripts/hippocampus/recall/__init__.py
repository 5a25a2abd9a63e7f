"""Reading for an agent: search and its ranking, related words, answer kinds, context text, reports."""
