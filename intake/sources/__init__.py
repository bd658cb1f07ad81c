"""One adapter per store: GAIA's Agent UI database, agent memory, session JSON, GitHub."""
