import random

import numpy as np
import torch
import torch_npu


def seed_all(seed):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.npu.manual_seed(seed)
    torch.npu.manual_seed_all(seed)


def get_rng_snapshot():
    return {
        "python": random.getstate(),
        "numpy": np.random.get_state(),
        "cpu": torch.get_rng_state(),
        "npu": torch.npu.get_rng_state_all(),
        "current": torch.npu.get_rng_state(),
    }


def restore_rng_snapshot(snapshot):
    random.setstate(snapshot["python"])
    np.random.set_state(snapshot["numpy"])
    torch.set_rng_state(snapshot["cpu"])
    torch.npu.set_rng_state_all(snapshot["npu"])
    torch.npu.set_rng_state(snapshot["current"])


def reseed():
    torch.npu.seed()
    torch.npu.seed_all()
    return torch.npu.initial_seed()
