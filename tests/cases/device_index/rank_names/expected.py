import torch
import torch_npu


class Trainer:
    def __init__(self, model, args):
        self.gpu_id = args.gpu
        self.args = args
        self.model = model.to(f'npu:{self.gpu_id}')

    def step(self, images, labels):
        images = images.to(f'npu:{self.args.gpu}', non_blocking=True)
        labels = labels.to(f'npu:{self.args.local_rank}')
        return self.model(images), labels


def worker(local_rank, rank, device_id, model):
    a = model.to(f'npu:{local_rank}')
    b = torch.ones(1).to(f'npu:{rank}')
    c = torch.ones(1).to(f'npu:{device_id}')
    return a, b, c


def more(t, cfg, gpu, gpu_idx, gpu_index, device_idx, dev_id):
    return [
        t.to(f'npu:{gpu}'),
        t.to(f'npu:{gpu_idx}'),
        t.to(f'npu:{gpu_index}'),
        t.to(f'npu:{device_idx}'),
        t.to(f'npu:{dev_id}'),
        t.to(f'npu:{cfg.local_device_id}'),
    ]


def accelerate_ranks(t, accelerator):
    # Accelerate's process indices
    return t.to(f'npu:{accelerator.local_process_index}'), torch.zeros(1, device=f'npu:{accelerator.process_index}')
