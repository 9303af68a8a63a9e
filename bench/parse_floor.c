/* parse_floor: the floor that transplt's end-to-end time is compared with.
 *
 * It walks DIR for *.py files, then N threads (one TSParser each) claim files
 * through an atomic counter, read each file whole and parse it with
 * tree-sitter-python. Nothing is resolved, matched or written.
 *
 *   parse_floor [-j N] DIR
 *
 * Prints one line: files, bytes, and how many trees hold a syntax error.
 * Built by bench/run.sh against the grammar sources the project's CMake unpacks. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tree_sitter/api.h>

const TSLanguage *tree_sitter_python(void);

static char **paths;
static size_t npaths, cap;
static atomic_size_t next_file, total_bytes, with_errors;

static void die(const char *what, const char *path)
{
	fprintf(stderr, "parse_floor: %s%s%s: %s\n", what, path ? " " : "", path ? path : "", strerror(errno));
	exit(1);
}

static int collect(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	size_t len = strlen(path);
	if (type != FTW_F || len < 3 || strcmp(path + len - 3, ".py") != 0)
		return 0;
	if (npaths == cap) {
		cap = cap ? cap * 2 : 1024;
		paths = realloc(paths, cap * sizeof *paths);
		if (!paths)
			die("out of memory", NULL);
	}
	paths[npaths] = strdup(path);
	if (!paths[npaths++])
		die("out of memory", NULL);
	return 0;
}

static void *worker(void *arg)
{
	(void)arg;
	TSParser *parser = ts_parser_new();
	if (!parser || !ts_parser_set_language(parser, tree_sitter_python())) {
		fprintf(stderr, "parse_floor: cannot set up the python grammar\n");
		exit(1);
	}
	char *buf = NULL;
	size_t bufcap = 0;
	for (;;) {
		size_t i = atomic_fetch_add(&next_file, 1);
		if (i >= npaths)
			break;
		int fd = open(paths[i], O_RDONLY);
		struct stat st;
		if (fd < 0 || fstat(fd, &st) != 0)
			die("cannot read", paths[i]);
		size_t size = (size_t)st.st_size;
		if (size + 1 > bufcap) {
			bufcap = size + 1;
			free(buf);
			buf = malloc(bufcap);
			if (!buf)
				die("out of memory", NULL);
		}
		size_t got = 0;
		while (got < size) {
			ssize_t n = read(fd, buf + got, size - got);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				die("cannot read", paths[i]);
			got += (size_t)n;
		}
		close(fd);
		TSTree *tree = ts_parser_parse_string(parser, NULL, buf, (uint32_t)size);
		if (!tree) {
			fprintf(stderr, "parse_floor: parse failed: %s\n", paths[i]);
			exit(1);
		}
		if (ts_node_has_error(ts_tree_root_node(tree)))
			atomic_fetch_add(&with_errors, 1);
		ts_tree_delete(tree);
		atomic_fetch_add(&total_bytes, size);
	}
	free(buf);
	ts_parser_delete(parser);
	return NULL;
}

int main(int argc, char **argv)
{
	int jobs = 1, opt;
	while ((opt = getopt(argc, argv, "j:")) != -1) {
		if (opt == 'j' && atoi(optarg) > 0) {
			jobs = atoi(optarg);
		} else {
			fprintf(stderr, "usage: parse_floor [-j N] DIR\n");
			return 2;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: parse_floor [-j N] DIR\n");
		return 2;
	}
	if (nftw(argv[optind], collect, 64, FTW_PHYS) != 0)
		die("cannot walk", argv[optind]);
	pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
	if (!threads)
		die("out of memory", NULL);
	for (int t = 0; t < jobs; t++)
		if ((errno = pthread_create(&threads[t], NULL, worker, NULL)) != 0)
			die("cannot start a thread", NULL);
	for (int t = 0; t < jobs; t++)
		pthread_join(threads[t], NULL);
	printf("%zu files, %zu bytes, %zu with syntax errors\n", npaths, (size_t)total_bytes, (size_t)with_errors);
	for (size_t i = 0; i < npaths; i++)
		free(paths[i]);
	free(paths);
	free(threads);
	return 0;
}
