"""Runs of GAIA's runner: its results read (``results``), a draft's run recorded or dropped
(``record``), the runner driven (``run``), nightly results imported (``nightly``) into the run
store (``store``), which ``health`` reads without the recording machinery (the scrubber)."""
