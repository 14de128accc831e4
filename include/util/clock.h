#pragma once
/* Wall-clock time for searches, benchmarks and the match referee. */

/* Seconds on a monotonic clock (never jumps with the time of day); only differences matter. */
double clock_now(void);
