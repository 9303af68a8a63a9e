"""Command line of the reference runtime: `exec`, `validate` and `run`, as `transplt validate|run` exec them."""
import argparse
import os
import sys

from . import opsupport

USAGE_ERROR = 2


def _positive(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _parser():
    parser = argparse.ArgumentParser(
        prog=os.environ.get("TRANSPLT_PROG", "python3 -m transplt_runtime"),
        description="Run CUDA and converted NPU PyTorch scripts on a CPU-only torch and compare them. "
                    "Arguments after -- go to the script.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    run_one = commands.add_parser("exec", help="run one script on the cuda or npu shim")
    run_one.add_argument("--device", choices=("cuda", "npu"), required=True)
    run_one.add_argument("--record", metavar="FILE", help="write the run's record (JSON) here")

    validate = commands.add_parser("validate", help="run ORIGINAL on the cuda shim and CONVERTED on the "
                                                     "npu shim and compare losses, steps and parameters")
    validate.add_argument("--rtol", type=float, default=0.0,
                          help="relative tolerance for losses and parameter sums (default 0: bit-identical)")

    run_many = commands.add_parser("run", help="run a converted script on the npu shim, on N ranks")
    run_many.add_argument("--nproc", type=_positive, default=1, help="number of ranks (gloo), default 1")
    run_many.add_argument("--record", metavar="FILE",
                          help="write each rank's record here (FILE.rankR.json when --nproc > 1)")
    run_many.add_argument("--hang-after", type=float, default=60.0, metavar="S",
                          help="stop the ranks still running S seconds after one finished: they hang in a "
                               "collective (default 60)")

    for command in (run_one, validate, run_many):
        command.add_argument("--max-steps", type=_positive, metavar="N", help="stop after N optimizer steps")
        command.add_argument("--seed", type=int, default=0, help="seed of random, numpy and torch (default 0)")
        command.add_argument("--op-version", metavar="V", help="torch_npu op-support list version "
                                                               "(default: the newest)")
    validate.add_argument("original", metavar="ORIGINAL.py")
    validate.add_argument("converted", metavar="CONVERTED.py")
    for command in (run_one, run_many):
        command.add_argument("script", metavar="SCRIPT.py")
    return parser


def _usage_error(parser, message):
    parser.print_usage(sys.stderr)
    print(f"{parser.prog}: error: {message}", file=sys.stderr)
    return USAGE_ERROR


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    own, script_args = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv else (argv, [])
    parser = _parser()
    args = parser.parse_args(own)

    scripts = [args.original, args.converted] if args.command == "validate" else [args.script]
    for script in scripts:
        if not os.path.isfile(script):
            return _usage_error(parser, f"{script}: no such file")
    if args.op_version is not None:
        try:
            versions = opsupport.load_support()["versions"]
        except (OSError, ValueError) as e:
            return _usage_error(parser, f"--op-version needs the op-support data: {e}")
        if args.op_version not in versions:
            return _usage_error(parser, f"--op-version {args.op_version}: not one of {', '.join(versions)}")

    if args.command == "exec":
        from . import runner
        code = runner.execute(args.device, args.script, script_args, record_path=args.record,
                              max_steps=args.max_steps, seed=args.seed, op_version=args.op_version)
        if code == 0:
            # A rank that finished ends here, its record written: the interpreter's teardown would
            # destroy a process group the script left while gloo's threads still run, which can
            # abort the process ("terminate called without an active exception"). A failed rank
            # ends as before, so that `run` stops the others before they see its sockets close.
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(0)
        return code
    if args.command == "validate":
        from . import validate
        return validate.validate(args.original, args.converted, script_args, max_steps=args.max_steps,
                                 rtol=args.rtol, seed=args.seed, op_version=args.op_version)
    from . import launch
    return launch.run(args.script, script_args, nproc=args.nproc, max_steps=args.max_steps,
                      record=args.record, seed=args.seed, op_version=args.op_version, hang_after=args.hang_after)
