"""All of intake's on-disk state: records, the journal, the ledger, drafts and scenarios.

Every writing command is one transaction (``edit``): lock the draft, finish (or refuse) a
journal left by a crash, re-read, journal the change, place it, log it. Only state intake
wrote itself is trusted (``intake.store.trust``).
"""
