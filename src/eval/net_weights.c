/* The process's network (see net_weights.h). */
#include "eval/net_weights.h"

#include <stdio.h>
#include <stdlib.h>
#include "blobs.h"
#include "eval/eval.h"
#include "eval/eval_weights.h"
#include "eval/net_file.h"
#include "util/thread.h"

static NetModel loaded;
static bool have_loaded;
static NetModel embedded;

bool net_weights_use_file(const char *path, char *why, size_t why_size)
{
    NetModel m;
    if (!net_file_load(path, &m, why, why_size))
        return false;
    if (have_loaded)
        net_free(&loaded);
    loaded = m;
    have_loaded = true;
    return true;
}

/* The tests decode the blob, so a failure here is a build that shipped a damaged file: stop
 * rather than evaluate with nothing. */
static void decode_embedded(void)
{
    char why[256];
    if (!net_file_decode(net_normal_blob, net_normal_blob_size, &embedded, why, sizeof why)) {
        fprintf(stderr, "engine: the embedded network is damaged: %s\n", why);
        abort();
    }
}

const NetModel *net_weights_embedded(void)
{
    static ThreadOnce once = THREAD_ONCE_INIT;
    thread_once(&once, decode_embedded);
    return &embedded;
}

Score net_weights_base(const NetModel *m, const Position *pos) { return m->residual ? eval_position(pos) : 0; }

bool net_weights_fit(const NetModel *m, char *why, size_t why_size)
{
    uint32_t in_use = eval_weights_crc(VARIANT_NORMAL);
    if (!m->residual || !m->base_crc || !in_use || m->base_crc == in_use)
        return true;
    snprintf(why, why_size, "the network corrects the patterns of weight file %08lx, not those in use (%08lx): "
             "fit it again on these, or play with its own weights (hub --weights)", (unsigned long)m->base_crc,
             (unsigned long)in_use);
    return false;
}

const NetModel *net_weights(void) { return have_loaded ? &loaded : net_weights_embedded(); }
