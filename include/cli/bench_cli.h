#pragma once
/* `engine bench [DEPTH]`: the fixed-depth search over the bench positions (search/bench.h) whose
 * node count is the search's signature; DEPTH 1-60, default BENCH_DEFAULT_DEPTH. argv[1] is
 * "bench"; returns the exit code. */
int bench_cli_main(int argc, char **argv);
