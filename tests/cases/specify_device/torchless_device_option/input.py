import argparse
from segment_anything import sam_model_registry

p = argparse.ArgumentParser()
p.add_argument("--device", type=str, default="cuda")
args = p.parse_args()
sam = sam_model_registry["vit_h"](checkpoint="x").to(device=args.device)
