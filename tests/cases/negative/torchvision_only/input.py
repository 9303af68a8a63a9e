"""Export torchvision weights to a flat npz: no torch import in this file."""
import numpy as np
import torchvision


def export(arch="resnet18", path="weights.npz"):
    model = getattr(torchvision.models, arch)(weights=None)
    arrays = {k: v.numpy() for k, v in model.state_dict().items()}
    np.savez(path, **arrays)
    return len(arrays)
