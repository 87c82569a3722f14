/* SPDX-License-Identifier: BSD-3-Clause */
/* typeshim_type_dump, TYPESHIM_DUMP, version and live-type queries. */
#include "typeshim_config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facade/tsf.h"

const char *tsf_version(void)
{
    return TYPESHIM_VERSION;
}

long tsf_live_types(void)
{
    /* the f90 and value-index caches hold predefined (unnamed) types, not
     * leaks */
    return tsf_handle_live() - tsf_f90_cached() - tsf_value_index_cached();
}

/* Types of a construction read for the dump's MPI names: a struct of a
 * million members is dumped without a walk over them. */
#define NAME_BUDGET 4096

/* Two named types of one kind in the construction: no name for it. */
static const char shared_kind[] = "";

/* The MPI name of each kind in o, for the engine's dump: all NULL when
 * the construction is too big to read whole (a name is given only when
 * it is the only one of its kind). */
static void mpi_names(const tsf_dtype *o, const char **names)
{
    int budget;

    memset(names, 0, TSD_ID_MAX * sizeof(*names));
    budget = tsf_named_kinds(o, names, NAME_BUDGET, shared_kind);
    for (int id = 0; id < TSD_ID_MAX; id++)
        if (budget < 0 || names[id] == shared_kind)
            names[id] = NULL;
}

/* The engine's dump, between the process's rank (of several) and the
 * layout of the type's bytes. */
static void dump(const tsf_dtype *o, FILE *out)
{
    const tsf_hooks *hooks = tsf_active_hooks();
    const char *names[TSD_ID_MAX];
    char map[1024];

    if (hooks->rank)
        fprintf(out, "rank=%d\n", hooks->rank());
    mpi_names(o, names);
    tsd_dump(o->eng, names, out);
    fprintf(out, "layout=%s\n", tsf_layout_map(o, map, sizeof(map)));
}

int tsf_api_type_dump(MPI_Datatype datatype, FILE *out)
{
    const char *fn = "typeshim_type_dump";
    tsf_dtype *o;
    int rc;

    TSF_GET(o, datatype, "datatype");
    TSF_CHECK_PTR(out, "out");
    dump(o, out);
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

/* Out of line and cold: its stack frame was set up on every commit, dump
 * or not (a sixtieth of a small type's create+commit+free). */
__attribute__((noinline, cold)) static void dump_committed(tsf_dtype *o)
{
    /* the whole dump in one write: ranks sharing a terminal or a pipe
     * (mpiexec) then interleave whole dumps, not characters */
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        out = stderr; /* out of memory: line by line */
    fprintf(out, "typeshim: ");
    if (tsf_active_hooks()->rank)
        fprintf(out, "rank %d: ", tsf_active_hooks()->rank());
    fprintf(out, "committed datatype " TSO_HFMT "%s%s%s\n", TSO_HARG(o->handle),
            o->eng->name[0] ? " (" : "", o->eng->name, o->eng->name[0] ? ")" : "");
    dump(o, out);
    if (out != stderr) {
        fclose(out);
        if (text)
            fwrite(text, 1, len, stderr);
        free(text); /* open_memstream's buffer: libc's malloc, not tsu_ */
    }
}

void tsf_dump_on_commit(tsf_dtype *o)
{
    static _Atomic int enabled = -1;

    if (tsu_env_switch(&enabled, "TYPESHIM_DUMP"))
        dump_committed(o);
}
