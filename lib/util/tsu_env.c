/* SPDX-License-Identifier: BSD-3-Clause */
/* Environment switches read once (tsu.h). */
#include "typeshim_config.h"

#include <stdlib.h>

#include "util/tsu.h"

int tsu_env_read(_Atomic int *cached, const char *name)
{
    const char *v = getenv(name);
    int on = v && *v && *v != '0';

    /* threads asking at once may all get here: they store the same value */
    atomic_store_explicit(cached, on, memory_order_relaxed);
    return on;
}
