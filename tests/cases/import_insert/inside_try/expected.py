import logging

try:
    import torch
    import torch_npu
    HAS_TORCH = True
except ImportError:  # pragma: no cover
    HAS_TORCH = False

logger = logging.getLogger(__name__)


def device_count():
    if not HAS_TORCH:
        logger.warning("torch is not installed")
        return 0
    return torch.npu.device_count()
