/* runtime: locates the reference runtime and the interpreter, then runs it. */
#include "runtime.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

#ifndef TRANSPLT_SOURCE_DIR
#define TRANSPLT_SOURCE_DIR "."
#endif

static int is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* TRANSPLT_HOME, then <bindir>/../share/transplt, then the source tree.
 * Returns the folder holding runtime/ and rules/ (owned), or NULL. */
static char *find_home(void)
{
	const char *env = getenv("TRANSPLT_HOME");
	if (env)
		return tp_xstrdup(env);
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = 0;
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = 0;
			char *home = tp_xprintf("%s/../share/transplt", exe);
			char *rt = tp_xprintf("%s/runtime/transplt_runtime", home);
			int ok = is_dir(rt);
			free(rt);
			if (ok)
				return home;
			free(home);
		}
	}
	char *rt = tp_xprintf("%s/runtime/transplt_runtime", TRANSPLT_SOURCE_DIR);
	int ok = is_dir(rt);
	free(rt);
	return ok ? tp_xstrdup(TRANSPLT_SOURCE_DIR) : NULL;
}

int tp_runtime_main(const char *cmd, int argc, char **argv)
{
	char *home = find_home();
	if (!home) {
		fprintf(stderr, "transplt: error: the reference runtime (runtime/transplt_runtime) was not found next to the binary "
				"or in the source tree: set TRANSPLT_HOME to the folder that holds runtime/ and rules/\n");
		return 4;
	}
	const char *python = getenv("TRANSPLT_PYTHON") ? getenv("TRANSPLT_PYTHON") : "/usr/bin/python3";
	char *pythonpath = tp_xprintf("%s/runtime", home);
	const char *old = getenv("PYTHONPATH");
	char *full = old && *old ? tp_xprintf("%s:%s", pythonpath, old) : tp_xstrdup(pythonpath);
	char *ops = tp_xprintf("%s/rules/op_support.json", home);
	setenv("PYTHONPATH", full, 1);
	setenv("TRANSPLT_PROG", "transplt", 1); /* usage lines name the C tool */
	if (!getenv("TRANSPLT_OP_SUPPORT"))
		setenv("TRANSPLT_OP_SUPPORT", ops, 1);
	char **args = tp_xcalloc((size_t)argc + 5, sizeof *args);
	int k = 0;
	args[k++] = (char *)python;
	args[k++] = "-m";
	args[k++] = "transplt_runtime";
	args[k++] = (char *)cmd;
	for (int i = 0; i < argc; i++)
		args[k++] = argv[i];
	fflush(NULL);
	pid_t pid = fork();
	int status = 4;
	if (pid == 0) {
		execv(python, args);
		fprintf(stderr, "transplt: error: cannot run %s: %s (set TRANSPLT_PYTHON to a Python with torch)\n", python, strerror(errno));
		_exit(4);
	} else if (pid > 0) {
		int ws;
		while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
			;
		status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
	} else {
		fprintf(stderr, "transplt: error: cannot start %s: %s\n", python, strerror(errno));
	}
	free(args);
	free(ops);
	free(full);
	free(pythonpath);
	free(home);
	return status;
}
