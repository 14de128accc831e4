/* The process's network (see net_weights.h). */
#include "eval/net_weights.h"

#include "eval/net_file.h"

static NetModel loaded;
static bool have;

bool net_weights_use_file(const char *path, char *why, size_t why_size)
{
    NetModel m;
    if (!net_file_load(path, &m, why, why_size))
        return false;
    if (have)
        net_free(&loaded);
    loaded = m;
    have = true;
    return true;
}

const NetModel *net_weights(void) { return have ? &loaded : NULL; }
