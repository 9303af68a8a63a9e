import torch


class Engine:
    device = "cuda"

    class Hooks:
        @staticmethod
        def before_step():
            torch.cuda.synchronize()

    def run(self, model, batches):
        def _move(b):
            def _one(t):
                return t.to(self.device, non_blocking=True)

            return [_one(t) for t in b]

        model = model.cuda()
        for b in batches:
            self.Hooks.before_step()
            model(*_move(b))
        return torch.cuda.max_memory_allocated()
