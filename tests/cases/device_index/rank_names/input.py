import torch


class Trainer:
    def __init__(self, model, args):
        self.gpu_id = args.gpu
        self.args = args
        self.model = model.to(self.gpu_id)

    def step(self, images, labels):
        images = images.to(self.args.gpu, non_blocking=True)
        labels = labels.to(self.args.local_rank)
        return self.model(images), labels


def worker(local_rank, rank, device_id, model):
    a = model.to(local_rank)
    b = torch.ones(1).to(rank)
    c = torch.ones(1).to(device_id)
    return a, b, c


def more(t, cfg, gpu, gpu_idx, gpu_index, device_idx, dev_id):
    return [
        t.to(gpu),
        t.to(gpu_idx),
        t.to(gpu_index),
        t.to(device_idx),
        t.to(dev_id),
        t.to(cfg.local_device_id),
    ]


def accelerate_ranks(t, accelerator):
    # Accelerate's process indices
    return t.to(accelerator.local_process_index), torch.zeros(1, device=accelerator.process_index)
