"""MONAI's 3d_segmentation unet_training_dict.py: main writes its synthetic
images with nibabel (a library's save, not a checkpoint) into the temporary
directory that its caller made, so each rank writes and reads its own files:
no save moves to rank 0."""
import os
import tempfile
from glob import glob

import nibabel as nib
import numpy as np
import torch
from torch.utils.data import DataLoader


def main(tempdir):
    for i in range(4):
        n = nib.Nifti1Image(np.random.rand(8, 8, 8), np.eye(4))
        nib.save(n, os.path.join(tempdir, f"img{i:d}.nii.gz"))
    torch.save(torch.randn(4), os.path.join(tempdir, "stats.pt"))
    stats = torch.load(os.path.join(tempdir, "stats.pt"))
    images = sorted(glob(os.path.join(tempdir, "img*.nii.gz")))
    loader = DataLoader(images, batch_size=2, shuffle=True)
    model = torch.nn.Linear(4, 1).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(2):
        for batch in loader:
            opt.zero_grad()
            model(stats.cuda()).sum().backward()
            opt.step()
    torch.save(model.state_dict(), "best_metric_model.pth")


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tempdir:
        main(tempdir)
