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
import torch_npu
from torch.utils.data import DataLoader


def main(tempdir):
    for i in range(4):
        n = nib.Nifti1Image(np.random.rand(8, 8, 8), np.eye(4))
        nib.save(n, os.path.join(tempdir, f"img{i:d}.nii.gz"))
    torch.save(torch.randn(4), os.path.join(tempdir, "stats.pt"))
    stats = torch.load(os.path.join(tempdir, "stats.pt"))
    images = sorted(glob(os.path.join(tempdir, "img*.nii.gz")))
    loader = DataLoader(images, batch_size=2, sampler=torch.utils.data.distributed.DistributedSampler(images))
    model = torch.nn.Linear(4, 1).npu()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(2):
        loader.sampler.set_epoch(epoch)
        for batch in loader:
            opt.zero_grad()
            model(stats.npu()).sum().backward()
            opt.step()
    if npu_rank == 0: torch.save(model.module.state_dict(), "best_metric_model.pth")


if __name__ == "__main__":

    # Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
    # Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
    npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
    npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
    npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
    torch.npu.set_device(npu_local_rank)
    torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)
    with tempfile.TemporaryDirectory() as tempdir:
        main(tempdir)
