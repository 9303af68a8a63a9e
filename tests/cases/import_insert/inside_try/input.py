import logging

try:
    import torch
    HAS_TORCH = True
except ImportError:  # pragma: no cover
    HAS_TORCH = False

logger = logging.getLogger(__name__)


def device_count():
    if not HAS_TORCH:
        logger.warning("torch is not installed")
        return 0
    return torch.cuda.device_count()
