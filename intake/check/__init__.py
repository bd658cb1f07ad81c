"""The pull-request gate (``intake check``): the suite read once into a context (``context``),
a list of named checks over it (``checks``, ``leftovers``; run in order by ``gate``), the
report (``result``), the accepted findings (``baseline``) and the job summary (``summary``)."""
