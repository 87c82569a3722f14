/* SPDX-License-Identifier: BSD-3-Clause */
/* typeshim_leak_report: the derived datatypes the program made and never
 * freed, one line each with its handle, name, call site and construction,
 * then their number; nothing when there is none.  One implementation for
 * both modes: the layer writes it at MPI_Finalize under TYPESHIM_LEAKS (or
 * TYPESHIM_CHECK), and so does the single-process runtime through this
 * exported function. */
#include "typeshim_config.h"

#include <stdio.h>

#include "facade/tsf.h"

#define SHOWN 100 /* lines before "... and N more" */

typedef struct leaks {
    FILE *out;
    int rank;
    long n;
} leaks;

static void leak_one(tsf_dtype *o, const void *site, void *arg)
{
    leaks *l = arg;
    char what[1024], where[512];

    /* the program's handles only: a child kept by its parent is not lost,
     * nor is a type the program freed that a runtime's hold keeps
     * (typeshim_type_hold); a type MPICH made is MPICH's to report */
    if (tsf_urefs(o) == 0 || o->foreign)
        return;
    if (++l->n > SHOWN)
        return;
    tsu_site_name(site, where, sizeof(where));
    fprintf(l->out, "typeshim: rank %d: leak: datatype " TSO_HFMT "%s%s%s, made at %s: %s\n",
            l->rank, TSO_HARG(o->handle), o->eng->name[0] ? " (" : "", o->eng->name,
            o->eng->name[0] ? ")" : "", where, tsf_describe(o, what, sizeof(what)));
}

long tsf_leak_report(FILE *out, int rank)
{
    leaks l = {out, rank, 0};

    if (!out)
        return -1;
    tsf_handle_each(leak_one, &l);
    if (l.n == 0) /* a clean run says nothing */
        return 0;
    if (l.n > SHOWN)
        fprintf(out, "typeshim: rank %d: leak: ... and %ld more\n", rank, l.n - SHOWN);
    fprintf(out, "typeshim: rank %d: %ld derived datatype%s never freed\n", rank, l.n,
            l.n == 1 ? "" : "s");
    fflush(out);
    return l.n;
}
