"""Source → draft: what a session or an issue becomes, and the tail every draft goes through.

``from_session`` maps a session (turns, expected tools, documents, evidence); ``issue_parse``
reads a GitHub issue body (forms and free-form) and ``from_issue`` maps it; ``tail`` is the
shared end: scrub everything with one fixture mapping, validate, refuse to overwrite, write the
draft and its record by rename, and log the events.
"""
