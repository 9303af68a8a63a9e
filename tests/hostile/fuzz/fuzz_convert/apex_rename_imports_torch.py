"""Defaults of a package without torch imports."""
DEFICE = "cuda"
from apex.normalization import FusedLayerNorm
