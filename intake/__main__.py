"""``python -m intake``."""

from intake.cli import main

main()
