import random

import numpy as np
import torch


def seed_all(seed):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)


def get_rng_snapshot():
    return {
        "python": random.getstate(),
        "numpy": np.random.get_state(),
        "cpu": torch.get_rng_state(),
        "cuda": torch.cuda.get_rng_state_all(),
        "current": torch.cuda.get_rng_state(),
    }


def restore_rng_snapshot(snapshot):
    random.setstate(snapshot["python"])
    np.random.set_state(snapshot["numpy"])
    torch.set_rng_state(snapshot["cpu"])
    torch.cuda.set_rng_state_all(snapshot["cuda"])
    torch.cuda.set_rng_state(snapshot["current"])


def reseed():
    torch.cuda.seed()
    torch.cuda.seed_all()
    return torch.cuda.initial_seed()
