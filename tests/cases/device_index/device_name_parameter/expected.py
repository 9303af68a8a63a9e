import torch
import torch_npu


def evaluate(model, xs, gpu):
    # the file gives gpu a device below: the parameter holds one
    return [model(x.to(gpu)) for x in xs]


def shard(x, rank):
    # no rank is a device here: an index
    return x.to(f'npu:{rank}')


def first(x):
    gpu = 0
    return x.to(f'npu:{gpu}')


gpu = torch.device("npu" if torch.npu.is_available() else "cpu")
model = torch.nn.Linear(2, 1).to(gpu)
print(evaluate(model, [torch.zeros(2)], gpu))


def on_card(gpu: int, x):
    return x.to(f'npu:{gpu}')  # annotated an index: converts
