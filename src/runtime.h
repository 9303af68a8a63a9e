/* runtime: `transplt validate` and `transplt run` hand over to the reference
 * runtime (the Python package in runtime/), found next to the installed binary
 * or in the source tree. */
#ifndef TP_RUNTIME_H
#define TP_RUNTIME_H

/* Runs `PYTHON -m transplt_runtime CMD ARGS...` and returns its exit status,
 * or 4 when the runtime or the interpreter cannot be found. */
int tp_runtime_main(const char *cmd, int argc, char **argv);

#endif
