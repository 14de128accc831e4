#include "match/game_pool.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "match/engine_hub.h"
#include "pdn/pdn_write.h"
#include "util/fdio.h"
#include "util/proc.h"
#include "util/sys.h"

enum { BLOB_TERMINATION, BLOB_LOG, BLOB_PDN, BLOB_TIMES, BLOB_COUNT };

/* What a worker needs besides the pool: today's date for the PDN. */
typedef struct {
    const GamePool *pool;
    char date[16];
} PoolPlan;

typedef struct {
    ProcId pid;
    int cmd_fd, res_fd;
    GamePoolJob job;
    bool busy;
} Worker;

/* Reads a short line byte by byte (so nothing after it is consumed); false at EOF. */
static bool read_header(int fd, char *buf, size_t size)
{
    size_t n = 0;
    for (;;) {
        char c;
        if (!fdio_read_all(fd, &c, 1))
            return false;
        if (c == '\n')
            break;
        if (n < size - 1)
            buf[n++] = c;
    }
    buf[n] = '\0';
    return true;
}

void game_pool_names(const EngineConfig *cfg[2], const TimeControl *tc[2], const char *id[2],
                     char names[2][GAME_POOL_NAME_MAX])
{
    for (int k = 0; k < 2; k++) {
        const char *base = cfg[k]->name ? cfg[k]->name : id[k][0] ? id[k] : cfg[k]->cmd;
        snprintf(names[k], GAME_POOL_NAME_MAX, "%.*s", ENGINE_NAME_MAX, base);
    }
    if (strcmp(names[0], names[1]) != 0)
        return;
    char level[2][64];
    for (int k = 0; k < 2; k++)
        engine_hub_level_command(tc[k], tc[k]->time, level[k], sizeof level[k]);
    bool by_tc = strcmp(level[0], level[1]) != 0;
    for (int k = 0; k < 2; k++) {
        size_t n = strlen(names[k]);
        if (by_tc)
            snprintf(names[k] + n, GAME_POOL_NAME_MAX - n, " (%s)", level[k] + strlen("level "));
        else
            snprintf(names[k] + n, GAME_POOL_NAME_MAX - n, " #%d", k + 1);
    }
}

/* Makes seat k's driver the job's engine: a driver that ran another engine is stopped first. */
static void seat_engines(EngineDriver eng[2], int running[2], const GamePoolJob *job)
{
    for (int k = 0; k < 2; k++)
        if (running[k] != job->engine[k]) {
            engine_driver_stop(&eng[k], 1.0);
            engine_driver_init(&eng[k]);
            running[k] = job->engine[k];
        }
}

/* The game as PDN text (caller frees; NULL when out of memory), through memory where the system
 * has memory streams, else through a scratch file (Windows). */
static char *pdn_text(const PdnHeader *h, const Game *game, const GameOutcome *out, size_t *len)
{
    char *text = NULL;
    FILE *mem = sys_memstream(&text, len);
    if (mem) {
        pdn_write_game(mem, h, game, out->white_points, out->log);
        fclose(mem);
        return text;
    }
    FILE *f = sys_tmpfile();
    if (!f)
        return NULL;
    pdn_write_game(f, h, game, out->white_points, out->log);
    long n = ftell(f);
    text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    rewind(f);
    if (text && fread(text, 1, (size_t)n, f) == (size_t)n) {
        text[n] = '\0';
        *len = (size_t)n;
    } else {
        free(text);
        text = NULL;
    }
    fclose(f);
    return text;
}

/* Plays the job's game and writes its result record to res_fd. */
static void worker_play(const PoolPlan *plan, EngineDriver eng[2], int running[2], Game *game,
                        const GamePoolJob *job, int res_fd)
{
    const GamePool *p = plan->pool;
    seat_engines(eng, running, job);
    const EngineConfig *cfg[2] = {&p->engines[job->engine[0]], &p->engines[job->engine[1]]};
    const TimeControl *tc[2] = {&p->tc[job->engine[0]], &p->tc[job->engine[1]]};
    EngineConfig seat_cfg[2] = {*cfg[0], *cfg[1]};
    RefereeConfig rc = p->referee;
    rc.tc[0] = *tc[0], rc.tc[1] = *tc[1];
    game_reset(game, &job->start);
    GameOutcome out;
    referee_play(eng, seat_cfg, game, job->white, &rc, &out);
    const char *id[2] = {engine_driver_name(&eng[0]), engine_driver_name(&eng[1])};
    char names[2][GAME_POOL_NAME_MAX];
    game_pool_names(cfg, tc, id, names);
    int w = job->white;
    PdnHeader h = {p->event, "?", plan->date, names[w], names[!w], out.termination, job->game + 1};
    size_t pdn_len = 0;
    char *pdn = pdn_text(&h, game, &out, &pdn_len);
    const char *blob[BLOB_COUNT] = {out.termination, out.log, pdn ? pdn : "", (const char *)out.times};
    size_t len[BLOB_COUNT] = {strlen(out.termination), strlen(out.log), pdn ? pdn_len : 0,
                              (size_t)out.move_count * sizeof out.times[0]};
    char header[128];
    int n = snprintf(header, sizeof header, "R %d %d %zu %zu %zu %zu\n", job->game, out.white_points, len[0], len[1],
                     len[2], len[3]);
    bool ok = fdio_write_all(res_fd, header, (size_t)n);
    for (int b = 0; ok && b < BLOB_COUNT; b++)
        ok = fdio_write_all(res_fd, blob[b], len[b]);
    free(pdn);
}

/* A worker process: plays the jobs the parent sends ("G\n" and the job's bytes) until told to
 * quit ("Q\n") or its pipe closes. */
static void worker_main(void *ctx, int cmd_fd, int res_fd)
{
    const PoolPlan *plan = ctx;
    proc_ignore_interrupt();   /* the parent decides what a Ctrl-C means */
    proc_adopt_orphans();
    EngineDriver *eng = malloc(2 * sizeof *eng);
    int running[2] = {-1, -1};
    if (eng) {
        engine_driver_init(&eng[0]);
        engine_driver_init(&eng[1]);
    }
    Game *game = malloc(sizeof *game);
    char line[16];
    GamePoolJob job;
    while (game && eng && read_header(cmd_fd, line, sizeof line) && line[0] == 'G' &&
           fdio_read_all(cmd_fd, &job, sizeof job))
        worker_play(plan, eng, running, game, &job, res_fd);
    if (eng) {
        engine_driver_stop(&eng[0], 1.0);
        engine_driver_stop(&eng[1], 1.0);
    }
    free(eng);
    free(game);
}

/* Forks a worker with its command and result pipes (the child does not inherit the count workers'
 * before it); false (errno set) when the system refuses. */
static bool spawn_worker(const PoolPlan *plan, Worker *w, const Worker *all, int count)
{
    int inherited[2 * GAME_POOL_MAX_WORKERS], n = 0;
    for (int i = 0; i < count; i++)
        if (all[i].pid > 0) {
            inherited[n++] = all[i].cmd_fd;
            inherited[n++] = all[i].res_fd;
        }
    if (!proc_fork(worker_main, (void *)plan, inherited, n, &w->pid, &w->cmd_fd, &w->res_fd))
        return false;
    w->busy = false;
    return true;
}

/* Asks the pool for the next game and hands it to the idle worker w; false when there is none or
 * the worker cannot be told. */
static bool assign(const GamePool *p, Worker *w)
{
    if (proc_interrupted() || !p->next(p->ctx, &w->job))
        return false;
    w->busy = fdio_write_all(w->cmd_fd, "G\n", 2) && fdio_write_all(w->cmd_fd, &w->job, sizeof w->job);
    return w->busy;
}

/* Tells a worker to quit (it stops its engines), closes its pipes and reaps it. */
static void retire(Worker *w)
{
    fdio_write_all(w->cmd_fd, "Q\n", 2);
    proc_close(w->cmd_fd);
    proc_close(w->res_fd);
    proc_wait(w->pid);
    w->pid = 0;
}

/* Reads a worker's result record and hands it to the pool's done; false when the worker is gone. */
static bool collect(const GamePool *p, Worker *w)
{
    char header[128];
    int g, white_points;
    size_t len[BLOB_COUNT];
    if (!read_header(w->res_fd, header, sizeof header) ||
        sscanf(header, "R %d %d %zu %zu %zu %zu", &g, &white_points, &len[0], &len[1], &len[2], &len[3]) != 6 ||
        g != w->job.game || len[BLOB_TIMES] % sizeof(MoveTime) != 0)
        return false;
    char *blob[BLOB_COUNT];
    bool ok = true;
    for (int b = 0; b < BLOB_COUNT; b++) {
        blob[b] = malloc(len[b] + 1);
        ok = ok && blob[b] && fdio_read_all(w->res_fd, blob[b], len[b]);
        if (blob[b])
            blob[b][ok ? len[b] : 0] = '\0';
    }
    if (ok) {
        w->busy = false;
        GamePoolResult r = {&w->job, white_points, blob[BLOB_TERMINATION], blob[BLOB_LOG], blob[BLOB_PDN],
                            (const MoveTime *)(void *)blob[BLOB_TIMES], (int)(len[BLOB_TIMES] / sizeof(MoveTime))};
        p->done(p->ctx, &r);
    }
    for (int b = 0; b < BLOB_COUNT; b++)
        free(blob[b]);
    return ok;
}

bool game_pool_run(const GamePool *p, FILE *log, bool *interrupted)
{
    PoolPlan plan = {p, ""};
    time_t now = time(NULL);
    const struct tm *tm = localtime(&now);   /* no worker runs yet: no other thread shares its buffer */
    if (tm)
        strftime(plan.date, sizeof plan.date, "%Y.%m.%d", tm);
    int k = p->workers < GAME_POOL_MAX_WORKERS ? p->workers : GAME_POOL_MAX_WORKERS;
    Worker workers[GAME_POOL_MAX_WORKERS] = {{0}};
    bool ok = true, more = true;
    int busy = 0, started = 0;
    proc_signals_catch();   /* the first Ctrl-C: no new games start, running ones finish */
    while (more && started < k) {   /* a worker for each game there is, up to k */
        if (!spawn_worker(&plan, &workers[started], workers, started)) {
            fprintf(log, "%s: cannot start a worker process: %s\n", p->who, strerror(errno));
            ok = false;
            break;
        }
        more = assign(p, &workers[started]);
        busy += more;
        started++;
    }
    while (busy > 0) {
        int fds[GAME_POOL_MAX_WORKERS];
        bool ready[GAME_POOL_MAX_WORKERS];
        for (int i = 0; i < started; i++)
            fds[i] = workers[i].busy ? workers[i].res_fd : -1;
        int r = proc_wait_readable(fds, started, ready, -1);
        if (r < 0) {
            if (r == -1 && proc_interrupted() && !*interrupted) {
                *interrupted = true;
                fprintf(log, "%s: interrupted, finishing the %d running game(s); Ctrl-C again to quit now\n", p->who,
                        busy);
            }
            if (r == -1 && proc_report_wanted() && p->report)
                p->report(p->ctx);
            if (r == -1)
                continue;
            ok = false;
            break;
        }
        for (int i = 0; i < started; i++) {
            Worker *w = &workers[i];
            if (!w->busy || !ready[i])
                continue;
            busy--;
            if (!collect(p, w)) {
                fprintf(log, "%s: worker for game %d failed\n", p->who, w->job.game + 1);
                w->busy = false;
                ok = false;
                continue;
            }
            if (ok && more && assign(p, w))
                busy++;
            else
                more = false;
        }
    }
    for (int i = 0; i < started; i++)
        if (workers[i].pid > 0)
            retire(&workers[i]);
    proc_signals_restore();
    *interrupted = *interrupted || proc_interrupted();
    return ok;
}
