/* SPDX-License-Identifier: BSD-3-Clause */
/* typeshim_type_dump, TYPESHIM_DUMP, version and live-type queries. */
#include "typeshim_config.h"

#include <stdlib.h>

#include "facade/tsf.h"

const char *typeshim_version(void)
{
    return TYPESHIM_VERSION;
}

long typeshim_live_types(void)
{
    /* the f90 cache holds predefined (unnamed) types, not leaks */
    return tsf_handle_live() - tsf_f90_cached();
}

int tsf_api_type_dump(MPI_Datatype datatype, FILE *out)
{
    const char *fn = "typeshim_type_dump";
    tsf_dtype *o;
    int rc;

    TSF_GET(o, datatype, "datatype");
    TSF_CHECK_PTR(out, "out");
    tsd_dump(o->eng, out);
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

void tsf_dump_on_commit(tsf_dtype *o)
{
    static int enabled = -1;

    if (enabled < 0) {
        const char *v = getenv("TYPESHIM_DUMP");
        enabled = v && *v && *v != '0';
    }
    if (!enabled)
        return;
    fprintf(stderr, "typeshim: committed datatype 0x%08x\n", (unsigned)o->handle);
    tsd_dump(o->eng, stderr);
}
