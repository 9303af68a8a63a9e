"""How the runtime words its findings: tripwire hits, warnings and the ranks' sync verdict (no torch needed)."""
import os


def display_path(filename, cwd=None):
    """A path as the user would type it: relative when under the working directory, else absolute."""
    cwd = os.path.abspath(cwd or os.getcwd())
    absolute = os.path.abspath(filename)
    if absolute.startswith(cwd + os.sep):
        return os.path.relpath(absolute, cwd)
    return absolute


def by_location(findings):
    """Tripwire hits or warnings in file and line order."""
    return sorted(findings, key=lambda finding: (finding["file"], finding["line"]))


def format_hit(hit, cwd=None):
    return f"unconverted CUDA use at {display_path(hit['file'], cwd)}:{hit['line']}: {hit['what']}"


def format_warning(warning, cwd=None):
    return f"warning: {warning['what']} at {display_path(warning['file'], cwd)}:{warning['line']}"


def format_sync(result):
    if result["in_sync"] and not result["parameters"]:
        return ("ranks not compared: no parameter was trained (no optimizer was given any, and none got a "
                "gradient)")
    if result["in_sync"]:
        return f"ranks in sync: {result['parameters']} parameters identical on {result['ranks']} ranks"
    mismatch = result["mismatch"]
    if mismatch.get("at") == "first step":
        return (f"ranks OUT OF SYNC after the first optimizer step: parameter {mismatch['parameter']} differs on "
                f"rank {mismatch['rank']}; they end in sync as when DistributedDataParallel is built after that "
                "step and copies rank 0's parameters over: wrap the model before it trains")
    if mismatch.get("at") == "step":
        return (f"ranks OUT OF SYNC after optimizer step {mismatch['step']}: the trained parameters differ on rank "
                f"{mismatch['rank']}; they end in sync as when every rank loads rank 0's checkpoint at the end, "
                "which hides that the ranks trained apart")
    return f"ranks OUT OF SYNC: parameter {mismatch['parameter']} differs on rank {mismatch['rank']}"
