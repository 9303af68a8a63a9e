"""Entry point of `python3 -m transplt_runtime`."""
import sys

from .cli import main

sys.exit(main())
