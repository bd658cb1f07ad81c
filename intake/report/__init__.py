"""The provenance report: ``read`` (the suite's files and ledger), ``model`` (the typed report
and its pure assembly), ``render`` (text, JSON, markdown) and ``html`` (one self-contained page).

Callers import the submodule they need, so a command that needs one (``intake health`` needs
``intake.report.health``) does not import the HTML renderer, the gates and the scrubber with
it. The renderer by format name is ``intake.report.html.render_report``.
"""
