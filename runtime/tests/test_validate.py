"""`validate` runs a pair on the two shims and prints EQUAL, the first divergence, tripwire hits or a crash."""
from helpers import cli, data, linreg_reference

ORIGINAL = data("linreg.py")
CONVERTED = data("linreg_npu.py")


def _converted_copy(tmp_path, old, new):
    """A copy of the converted script with `old` replaced by `new`; returns (path, line of the change)."""
    text = open(CONVERTED, encoding="utf-8").read()
    assert old in text
    path = tmp_path / "converted.py"
    path.write_text(text.replace(old, new, 1))
    line = text[:text.index(old)].count("\n") + 1
    return str(path), line


def test_equal_pair(tmp_path):
    result = cli("validate", ORIGINAL, CONVERTED, cwd=str(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "EQUAL: 8 losses, 8 optimizer steps, 2 parameter checksums match\n" in result.stdout
    assert list(tmp_path.iterdir()) == []


def test_script_arguments_and_max_steps_reach_both_runs():
    result = cli("validate", "--max-steps", "3", ORIGINAL, CONVERTED, "--", "--epochs", "5")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "EQUAL: 3 losses, 3 optimizer steps, 2 parameter checksums match" in result.stdout
    assert "20 optimizer steps" not in result.stdout


def test_numeric_change_reports_the_diverging_backward(tmp_path):
    converted, _ = _converted_copy(tmp_path, "default=0.1)", "default=0.2)")
    result = cli("validate", ORIGINAL, converted)
    assert result.returncode == 1
    original_loss, changed_loss = linreg_reference(1)[0][1], linreg_reference(1, lr=0.2)[0][1]
    assert f"DIFFER at backward #2: original {original_loss:.8g} vs converted {changed_loss:.8g}\n" in result.stdout
    assert "DIFFER: parameter Linear#0.weight checksum" in result.stdout
    assert "EQUAL" not in result.stdout


def test_rtol_loosens_the_comparison(tmp_path):
    converted, _ = _converted_copy(tmp_path, "default=0.1)", "default=0.1001)")
    exact = cli("validate", ORIGINAL, converted)
    assert exact.returncode == 1
    assert "DIFFER at backward #2" in exact.stdout
    loose = cli("validate", "--rtol", "0.01", ORIGINAL, converted)
    assert loose.returncode == 0, loose.stdout
    assert "EQUAL: 8 losses, 8 optimizer steps, 2 parameter checksums match within rtol 0.01" in loose.stdout


def test_put_back_cuda_synchronize_is_caught_with_file_and_line(tmp_path):
    converted, line = _converted_copy(tmp_path, "torch.npu.synchronize()", "torch.cuda.synchronize()")
    result = cli("validate", ORIGINAL, converted)
    assert result.returncode == 1
    assert f"unconverted CUDA use at {converted}:{line}: torch.cuda.synchronize\n" in result.stdout
    assert "FAILED: the converted script still uses CUDA in 1 place(s)" in result.stdout


def test_different_step_counts(tmp_path):
    converted, _ = _converted_copy(tmp_path, "default=2)", "default=3)")
    result = cli("validate", ORIGINAL, converted)
    assert result.returncode == 1
    assert "DIFFER: original called backward 8 times, converted 12" in result.stdout
    assert "DIFFER: original made 8 optimizer steps, converted 12" in result.stdout
    assert "DIFFER at backward" not in result.stdout


def test_crash_shows_the_stderr_tail(tmp_path):
    converted, _ = _converted_copy(tmp_path, "    for epoch in range(args.epochs):",
                                   "    raise RuntimeError('boom')\n    for epoch in range(args.epochs):")
    result = cli("validate", ORIGINAL, converted)
    assert result.returncode == 1
    assert f"converted script {converted} failed on the npu shim (exit 1):" in result.stdout
    assert "RuntimeError: boom" in result.stdout


def test_each_run_gets_a_fresh_empty_working_directory(tmp_path):
    script = tmp_path / "cwd_check.py"
    script.write_text("import os, sys\nif os.listdir('.'):\n    sys.exit(5)\nopen('left.txt', 'w').close()\n")
    result = cli("validate", str(script), str(script), cwd=str(tmp_path))
    assert result.returncode == 0, result.stdout
    assert "EQUAL: 0 losses, 0 optimizer steps, 0 parameter checksums match" in result.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cwd_check.py"]


def test_usage_errors_exit_2(tmp_path):
    assert cli("validate", ORIGINAL).returncode == 2
    missing = cli("validate", ORIGINAL, str(tmp_path / "missing.py"))
    assert missing.returncode == 2
    assert "missing.py: no such file" in missing.stderr
    assert cli("validate", "--rtol", "x", ORIGINAL, CONVERTED).returncode == 2


def test_help_exits_0():
    result = cli("validate", "--help")
    assert result.returncode == 0
    assert "ORIGINAL.py CONVERTED.py" in result.stdout
