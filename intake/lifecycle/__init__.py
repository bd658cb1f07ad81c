"""A draft's life after drafting: gates, reviews, runs, controls, promotion, adoption,
revision, renaming and set-up of a suite (``init``)."""
