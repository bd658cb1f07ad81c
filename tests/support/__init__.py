"""Shared test helpers: fixtures' building blocks, stand-in servers and runners, corpora.

Test modules import from here, never from each other (``tests/test_tests_layout.py``).
"""
