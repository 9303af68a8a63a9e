import ray
import torch
import torch_npu


# Ray schedules Ascend cards as the "NPU" resource: asking for GPUs never runs.
@ray.remote(num_gpus=1)
class Worker:
    def __init__(self):
        self.device = torch.device("npu")


@ray.remote(num_cpus=2, accelerator_type="A100")
def preprocess(batch):
    return batch


@ray.remote(num_gpus=0)
def cpu_only(x):
    return x


@ray.remote(resources={"NPU": 1}, accelerator_type="Ascend910B")
def on_npu(x):
    return torch.as_tensor(x).npu()


# Ray Train: use_gpu asks each worker for an NVIDIA GPU
from ray.train import ScalingConfig
from ray.train.torch import TorchTrainer

trainer = TorchTrainer(on_npu, scaling_config=ScalingConfig(num_workers=2, use_gpu=True))
cpu_trainer = TorchTrainer(on_npu, scaling_config=ScalingConfig(num_workers=2, use_gpu=False))
