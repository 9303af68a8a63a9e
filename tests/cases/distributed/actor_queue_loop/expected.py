# torchbeast: an actor loop that stops on the queue's None trains nothing (its
# forward runs under no_grad): its break gets no WARNING, unlike an epoch loop
import queue
import torch
import torch_npu


def act(q, model, buffers):
    while True:
        index = q.get()
        if index is None:
            break
        for t in range(2):
            with torch.no_grad():
                out = model(buffers[index])
            buffers[index] += out.sum()


def main():
    model = torch.nn.Linear(2, 1).npu()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    q = queue.Queue()
    buffers = [torch.zeros(2) for _ in range(3)]
    for i in range(3):
        q.put(i)
    q.put(None)
    actor = torch.nn.Linear(2, 1)
    act(q, actor, buffers)
    for step in range(2):
        loss = model(torch.stack(buffers).npu()).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


if __name__ == "__main__":
    import os

    # Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
    # Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
    npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
    npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
    npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
    torch.npu.set_device(npu_local_rank)
    torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)
    main()
