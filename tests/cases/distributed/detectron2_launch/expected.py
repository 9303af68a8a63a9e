import torch
import torch_npu
from detectron2.checkpoint import DetectionCheckpointer
from detectron2.engine import DefaultTrainer, default_argument_parser, launch


def main(args):
    if args.eval_only:
        model = DefaultTrainer.build_model(args.cfg)
        DetectionCheckpointer(model).load(args.weights)
        return DefaultTrainer.test(args.cfg, model)
    trainer = DefaultTrainer(args.cfg)
    return trainer.train()


if __name__ == "__main__":
    args = default_argument_parser().parse_args()
    launch(main, args.num_gpus, num_machines=args.num_machines, dist_url=args.dist_url, args=(args,))
