#!/usr/bin/env bash
# Distributed mode end to end: a single-GPU training fixture with an epoch
# loop is converted with `distributed -m`, then trains on 2 CPU processes under
# the reference runtime. The ranks must end in sync, each rank must read half
# of the batches that one process reads, and the generated launcher must parse.
# usage: distributed.sh TRANSPLT_BIN   (run from the repository root)
set -euo pipefail
bin=$1
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/proj" "$tmp/out"
cp fixtures/train/cnn_amp.py "$tmp/proj/train.py"
"$bin" -q -i "$tmp/proj" -o "$tmp/out" distributed -m train.py -t model
res="$tmp/out/proj_msft_multi"
fail() { echo "FAIL: $*"; exit 1; }
# in_sync NAME DIR FILE: FILE (in DIR) trains on 2 processes and its ranks end in sync.
in_sync() {
	(cd "$2" && "$bin" run --nproc 2 "$3") >"$tmp/$1.log" 2>&1 || { cat "$tmp/$1.log"; fail "2-process run of $1 failed"; }
	grep -q "ranks in sync: .* on 2 ranks" "$tmp/$1.log" || { cat "$tmp/$1.log"; fail "$1: ranks not in sync"; }
}

[ -x "$res/run_distributed_npu.sh" ] || fail "run_distributed_npu.sh missing or not executable"
bash -n "$res/run_distributed_npu.sh" || fail "run_distributed_npu.sh does not parse"
grep -q 'output_npu_${rank}.log' "$res/run_distributed_npu.sh" || fail "launcher does not log per rank"

"$bin" run --nproc 2 "$res/train.py" -- --epochs 2 >"$tmp/two.log" 2>&1 || { cat "$tmp/two.log"; fail "2-process run failed"; }
"$bin" run --nproc 1 "$res/train.py" -- --epochs 2 >"$tmp/one.log" 2>&1 || { cat "$tmp/one.log"; fail "1-process run failed"; }
grep -q "ranks in sync: .* on 2 ranks" "$tmp/two.log" || { cat "$tmp/two.log"; fail "ranks not reported in sync"; }
batches() { sed -n "s/^rank $2: .*DataLoader#0 batches per epoch: \([0-9]*\).*/\1/p" "$1"; }
one=$(batches "$tmp/one.log" 0)
r0=$(batches "$tmp/two.log" 0)
r1=$(batches "$tmp/two.log" 1)
[ -n "$one" ] && [ -n "$r0" ] && [ -n "$r1" ] || { cat "$tmp/one.log" "$tmp/two.log"; fail "batch counts not reported"; }
[ $((r0 * 2)) = "$one" ] && [ $((r1 * 2)) = "$one" ] || fail "each rank should read half of $one batches, read $r0 and $r1"
echo "distributed ok: one process $one batches per epoch, ranks $r0 + $r1, in sync"

# Training that calls the model's own methods (agent.get_value(x)) or its
# layers (model[0](x)) runs around DDP's forward: the gradient averaging after
# backward keeps the ranks in sync.
for c in method_bypass layer_bypass; do
	in_sync "$c" "$tmp" "$root/tests/cases/distributed/$c/expected.py"
done
echo "distributed ok: training through the model's methods or layers stays in sync"

# Rank 0 alone saves the best weights that every rank then reloads (itself,
# or through MAIN's saver function): the barrier before the load keeps the
# other ranks from reading a file half written.
for c in load_after_save load_after_saver_call; do
	in_sync "$c" "$tmp" "$root/tests/cases/distributed/$c/expected.py"
done
echo "distributed ok: every rank reloads rank 0's checkpoint after the barrier"

# MAIN puts the network in DataParallel and another file's function trains
# it (BigGAN): DDP takes DataParallel's place, so the ranks stay in sync.
mkdir -p "$tmp/dp/src" "$tmp/dp/out"
cat >"$tmp/dp/src/trainer.py" <<'PY'
import torch


def fit(net):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(3):
        loss = net(torch.randn(8, 4).cuda()).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
PY
cp "$root/tests/cases/distributed/dataparallel_trained_elsewhere/input.py" "$tmp/dp/src/main.py"
"$bin" -q -i "$tmp/dp/src" -o "$tmp/dp/out" distributed -m main.py
in_sync dp "$tmp/dp/out/src_msft_multi" main.py
echo "distributed ok: the network MAIN put in DataParallel trains in sync under DDP"

# A loss function of another file that runs the model on clean and perturbed
# inputs before one backward (TRADES): with BatchNorm, DDP's buffer broadcast
# at the second forward changes what the first one's backward saved, so the
# wrap gets broadcast_buffers=False and the step runs.
mkdir -p "$tmp/adv/src" "$tmp/adv/out"
cat >"$tmp/adv/src/lossfn.py" <<'PY'
import torch
import torch.nn.functional as F


def robust_loss(model, x, y):
    x_adv = x.detach() + 0.001 * torch.randn(x.shape).cuda().detach()
    logits = model(x)
    return F.cross_entropy(logits, y) + F.kl_div(F.log_softmax(model(x_adv), dim=1), F.softmax(logits, dim=1), reduction="sum")
PY
cat >"$tmp/adv/src/main.py" <<'PY'
import torch
from torch.utils.data import DataLoader, TensorDataset

from lossfn import robust_loss

model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8), torch.nn.Linear(8, 2)).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader(TensorDataset(torch.randn(16, 4), torch.randint(0, 2, (16,))), batch_size=4, shuffle=True)
for epoch in range(2):
    model.train()
    for x, y in loader:
        x, y = x.cuda(), y.cuda()
        optimizer.zero_grad()
        loss = robust_loss(model, x, y)
        loss.backward()
        optimizer.step()
PY
"$bin" -q -i "$tmp/adv/src" -o "$tmp/adv/out" distributed -m main.py
grep -q "broadcast_buffers=False" "$tmp/adv/out/src_msft_multi/main.py" || fail "a model that another file's loss runs twice: no broadcast_buffers=False"
in_sync adv "$tmp/adv/out/src_msft_multi" main.py
echo "distributed ok: a model that another file's loss runs twice trains with broadcast_buffers=False"

# Training calls a method of a class of another file, named like evaluation
# (a2c-ppo's evaluate_actions), that runs the model's layers: the gradients
# are averaged after backward, so the ranks stay in sync.
mkdir -p "$tmp/pol/src" "$tmp/pol/out"
cat >"$tmp/pol/src/model.py" <<'PY'
import torch.nn as nn


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def evaluate_actions(self, x):
        return self.fc(x).sum()
PY
cat >"$tmp/pol/src/main.py" <<'PY'
import torch

from model import Policy

model = Policy().cuda()
optimizer = torch.optim.Adam(model.parameters())
for step in range(5):
    loss = model.evaluate_actions(torch.randn(8, 4).cuda())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
PY
"$bin" -q -i "$tmp/pol/src" -o "$tmp/pol/out" distributed -m main.py
grep -q "torch.distributed.all_reduce(npu_param.grad)" "$tmp/pol/out/src_msft_multi/main.py" || fail "another file's computing method: no gradient averaging"
in_sync pol "$tmp/pol/out/src_msft_multi" main.py
echo "distributed ok: a method of another file's class that runs the layers gets its gradients averaged"

# MAIN hands its main to a function of another file that starts the ranks,
# and each rank reaches init_process_group through that file's functions
# (fairseq's distributed_utils.call_main): MAIN is distributed already, so
# nothing is added (the spawned workers would not run a setup under
# `if __name__ == "__main__":`).
mkdir -p "$tmp/cm/src/pkg" "$tmp/cm/out"
touch "$tmp/cm/src/pkg/__init__.py"
cat >"$tmp/cm/src/pkg/dist_utils.py" <<'PY'
import torch
import torch.distributed as dist


def distributed_init(cfg):
    dist.init_process_group(backend="nccl", init_method=cfg.init_method, world_size=cfg.world_size, rank=cfg.rank)


def distributed_main(i, main, cfg):
    torch.cuda.set_device(i)
    cfg.rank = i
    distributed_init(cfg)
    main(cfg)


def call_main(cfg, main):
    torch.multiprocessing.spawn(fn=distributed_main, args=(main, cfg), nprocs=torch.cuda.device_count())
PY
cat >"$tmp/cm/src/train.py" <<'PY'
import argparse

import torch

from pkg import dist_utils


def main(cfg):
    model = torch.nn.Linear(4, 2).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(10):
        loss = model(torch.randn(8, 4).cuda()).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


if __name__ == "__main__":
    dist_utils.call_main(argparse.Namespace(init_method="tcp://127.0.0.1:23456", world_size=2, rank=0), main)
PY
"$bin" -q -i "$tmp/cm/src" -o "$tmp/cm/out" distributed -m train.py
! grep -q "DistributedDataParallel\|npu_local_rank" "$tmp/cm/out/src_msft_multi/train.py" || fail "call_main: distributed mode set up a MAIN whose helper starts the ranks"
grep -q "train.py,.*MAIN sets up distributed training itself (pkg.dist_utils.call_main" "$tmp/cm/out/src_msft_multi/transplant_result_file/change_list.csv" ||
	fail "call_main: no row says MAIN sets up distributed training itself"
echo "distributed ok: a MAIN whose helper in another file starts the ranks gets nothing added"

# MAIN's options parser, a method of another file's class, calls
# torch.cuda.set_device after the setup (pix2pixHD's, CycleGAN's
# TrainOptions().parse()): a WARNING at the call, as every rank would use that
# card; a parse() of MAIN's own object gets none.
mkdir -p "$tmp/sd/src/options" "$tmp/sd/out"
touch "$tmp/sd/src/options/__init__.py"
cat >"$tmp/sd/src/options/base_options.py" <<'PY'
import torch


class BaseOptions:
    def parse(self):
        self.gpu_ids = [0]
        torch.cuda.set_device(self.gpu_ids[0])
        return self
PY
printf 'from .base_options import BaseOptions\n\n\nclass TrainOptions(BaseOptions):\n    pass\n' >"$tmp/sd/src/options/train_options.py"
cat >"$tmp/sd/src/train.py" <<'PY'
import torch

from options.train_options import TrainOptions


class Local:
    def parse(self):
        return self


opt = TrainOptions().parse()
local = Local().parse()
model = torch.nn.Linear(4, 2).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(3):
    loss = model(torch.randn(2, 4).cuda()).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
PY
"$bin" -q -i "$tmp/sd/src" -o "$tmp/sd/out" distributed -m train.py
rows=$(grep -c "runs torch.cuda.set_device in a file of the tree" "$tmp/sd/out/src_msft_multi/transplant_result_file/change_list.csv")
grep -q '^train.py,11,11,WARNING,"TrainOptions().parse runs torch.cuda.set_device' "$tmp/sd/out/src_msft_multi/transplant_result_file/change_list.csv" && [ "$rows" = 1 ] ||
	fail "set_device in another file's method: expected one WARNING at line 11, got $rows"
echo "distributed ok: a set_device in another file's method that MAIN calls after the setup gets a WARNING"
