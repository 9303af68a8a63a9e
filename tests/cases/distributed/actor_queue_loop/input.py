# torchbeast: an actor loop that stops on the queue's None trains nothing (its
# forward runs under no_grad): its break gets no WARNING, unlike an epoch loop
import queue
import torch


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
    model = torch.nn.Linear(2, 1).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    q = queue.Queue()
    buffers = [torch.zeros(2) for _ in range(3)]
    for i in range(3):
        q.put(i)
    q.put(None)
    actor = torch.nn.Linear(2, 1)
    act(q, actor, buffers)
    for step in range(2):
        loss = model(torch.stack(buffers).cuda()).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


if __name__ == "__main__":
    main()
