import os


def _worker_seed():
    from torch.utils.data import get_worker_info

    info = get_worker_info()
    return 0 if info is None else info.seed % 2**32


import torch  # noqa: E402  (after the helper on purpose)
import torch_npu

torch.npu.manual_seed(_worker_seed() + int(os.environ.get("SEED", 0)))
