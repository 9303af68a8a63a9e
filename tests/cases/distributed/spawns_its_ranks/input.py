# Depth-Anything train_mono.py: mp.spawn starts a worker per card, and the
# workers do not run the block under if __name__ == "__main__":, so setup
# inserted there would leave npu_local_rank undefined in them.
import torch
import torch.multiprocessing as mp
def main_worker(gpu, ngpus):
    model = torch.nn.Linear(4, 2).cuda(gpu)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(8, 4)), batch_size=2)
    for epoch in range(2):
        for (x,) in loader:
            loss = model(x.cuda(gpu)).sum(); opt.zero_grad(); loss.backward(); opt.step()
if __name__ == "__main__":
    ngpus = torch.cuda.device_count()
    mp.spawn(main_worker, nprocs=ngpus, args=(ngpus,))
