"""Tiny CLI that reports accelerator status without importing torch at module load."""
import argparse
import sys


def report():
    import torch

    if torch.cuda.is_available():
        print("devices:", torch.cuda.device_count())
    else:
        print("no accelerator", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--verbose", action="store_true")
    parser.parse_args()
    report()


if __name__ == "__main__":
    main()
