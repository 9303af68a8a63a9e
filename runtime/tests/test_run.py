"""`run` launches a converted script on N gloo ranks, records each rank, and checks that the ranks end in sync."""
import json

from helpers import cli, data

DDP = data("ddp_train.py")


def test_two_ranks_end_in_sync_and_each_sees_half_the_batches(tmp_path):
    record = tmp_path / "run.json"
    result = cli("run", "--nproc", "2", "--record", str(record), DDP, "--", "--epochs", "2")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ranks in sync: 4 parameters identical on 2 ranks" in result.stdout
    for rank in (0, 1):
        with open(tmp_path / f"run.rank{rank}.json", encoding="utf-8") as f:
            rank_record = json.load(f)
        assert rank_record["rank"] == rank
        # 64 samples in batches of 8 make 8 batches; DistributedSampler gives each rank half.
        assert rank_record["loader_batches"] == {"DataLoader#0": [4, 4]}
        assert rank_record["steps"] == 8
        assert rank_record["tripwire"] == []
        assert f"rank {rank}: 8 optimizer steps; DataLoader#0 batches per epoch: 4, 4" in result.stdout


def test_ranks_out_of_sync_fail():
    result = cli("run", "--nproc", "2", DDP, "--", "--epochs", "1", "--skew")
    assert result.returncode == 1
    assert "ranks OUT OF SYNC: parameter DistributedDataParallel#0.module.2.bias differs on rank 1" in result.stdout


def test_each_rank_its_own_seed_shows_a_model_left_unwrapped():
    # Trained parameters are compared; the frozen network and the layer no optimizer holds differ
    # per rank and are not.
    result = cli("run", "--nproc", "2", data("two_models.py"), "--", "--wrap-aux")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ranks in sync: 4 parameters identical on 2 ranks" in result.stdout
    result = cli("run", "--nproc", "2", data("two_models.py"))
    assert result.returncode == 1
    assert "ranks OUT OF SYNC: parameter Linear#0.bias differs on rank 1" in result.stdout


def test_a_failing_rank_stops_the_others(tmp_path):
    result = cli("run", "--nproc", "2", data("rank_fail.py"), timeout=60)
    assert result.returncode == 1
    assert "RuntimeError: rank 1 fails" in result.stderr
    assert "rank 1: failed (exit 1)" in result.stderr
    assert "rank 0: stopped after another rank failed" in result.stderr


def test_a_rank_left_waiting_in_a_collective_is_stopped():
    result = cli("run", "--nproc", "2", "--hang-after", "2", data("rank_hang.py"), timeout=60)
    assert result.returncode == 1
    assert "rank 1: still training 2 s after another rank finished, so stopped" in result.stderr
    assert "rank 0: stopped after another rank hung" in result.stderr


def test_single_rank_run_with_max_steps(tmp_path):
    record = tmp_path / "one.json"
    result = cli("run", "--max-steps", "3", "--record", str(record), data("linreg_npu.py"))
    assert result.returncode == 0, result.stderr
    assert "rank 0: 3 optimizer steps; DataLoader#0 batches per epoch: 3" in result.stdout
    assert json.loads(record.read_text())["stopped_early"] is True


def test_a_model_trained_before_its_wrap_is_out_of_sync_after_the_first_step():
    # The late wrap copies rank 0's parameters: the ranks end in sync, but not after the first step.
    result = cli("run", "--nproc", "2", data("late_wrap.py"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ranks in sync: 2 parameters identical on 2 ranks" in result.stdout
    result = cli("run", "--nproc", "2", data("late_wrap.py"), "--", "--late")
    assert result.returncode == 1
    assert ("ranks OUT OF SYNC after the first optimizer step: parameter Linear#0.bias differs on rank 1; they end "
            "in sync as when DistributedDataParallel is built after that step") in result.stdout


def test_ranks_that_trained_apart_and_end_alike_are_out_of_sync_after_a_step():
    # Every rank loads rank 0's checkpoint at the end: the digests after each step tell.
    result = cli("run", "--nproc", "2", data("reload_best.py"), "--", "--wrap")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ranks in sync: 2 parameters identical on 2 ranks" in result.stdout
    result = cli("run", "--nproc", "2", data("reload_best.py"))
    assert result.returncode == 1
    assert ("ranks OUT OF SYNC after optimizer step 2: the trained parameters differ on rank 1; they end in sync as "
            "when every rank loads rank 0's checkpoint at the end") in result.stdout


def test_a_model_frozen_after_its_step_is_still_compared():
    # The generator requires no grad at the end, as after each of its steps: it trained all the same.
    result = cli("run", "--nproc", "2", data("gan_toggle.py"), "--", "--wrap")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ranks in sync: 4 parameters identical on 2 ranks" in result.stdout
    result = cli("run", "--nproc", "2", data("gan_toggle.py"))
    assert result.returncode == 1
    assert "ranks OUT OF SYNC: parameter Linear#0.bias differs on rank 1" in result.stdout


def test_a_hand_written_update_compares_the_parameters_that_got_a_gradient():
    # No torch.optim optimizer: what got a gradient is what trained.
    result = cli("run", "--nproc", "2", data("manual_sgd.py"), "--", "--wrap")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ranks in sync: 2 parameters identical on 2 ranks" in result.stdout
    result = cli("run", "--nproc", "2", data("manual_sgd.py"))
    assert result.returncode == 1
    assert "ranks OUT OF SYNC: parameter Linear#0.bias differs on rank 1" in result.stdout
    result = cli("run", "--nproc", "2", data("manual_sgd.py"), "--", "--no-train")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ranks not compared: no parameter was trained" in result.stdout


def test_a_bool_buffer_is_broadcast_as_hccl_does():
    # gloo has no bool; hccl sends it as bytes: rank 1 gets rank 0's mask, still a bool tensor.
    result = cli("run", "--nproc", "2", data("bool_buffer.py"))
    assert result.returncode == 0, result.stdout + result.stderr
    for rank in (0, 1):
        assert f"rank {rank} mask [True, True, True, True] torch.bool" in result.stdout
    assert "ranks in sync: 2 parameters identical on 2 ranks" in result.stdout
