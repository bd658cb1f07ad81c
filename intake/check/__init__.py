"""The pull-request gate (``intake check``)."""
