"""Stage 4, lookup: reading a request and its intent, ranking names and text, and the answers."""
