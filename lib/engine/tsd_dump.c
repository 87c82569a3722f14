/* SPDX-License-Identifier: BSD-3-Clause */
/* Text dump of a type, in the line format of typeshim(7), DUMP FORMAT. */
#include "typeshim_config.h"

#include <inttypes.h>
#include <string.h>

#include "engine/tsd.h"

/* TSD_FLAG_CONTIGUOUS (OPAL's name) is set by commit when opt_desc is one
 * run: one copy's data bytes are one block, though gaps may follow it up
 * to the extent (resized(MPI_INT, 0, 8)) or precede it within the true
 * bounds (a member without data); NO_GAPS adds extent == size, so that
 * copies abut.  Printed as DATA_CONTIGUOUS: "contiguous" alone read as
 * "no gap anywhere". */
static const struct {
    unsigned flag;
    const char *name;
} flag_names[] = {
    {TSD_FLAG_PREDEFINED, "PREDEFINED"},   {TSD_FLAG_COMMITTED, "COMMITTED"},
    {TSD_FLAG_OVERLAP, "OVERLAP"},         {TSD_FLAG_CONTIGUOUS, "DATA_CONTIGUOUS"},
    {TSD_FLAG_NO_GAPS, "NO_GAPS"},         {TSD_FLAG_USER_LB, "USER_LB"},
    {TSD_FLAG_USER_UB, "USER_UB"},         {TSD_FLAG_DATA, "DATA"},
    {TSD_FLAG_UNAVAILABLE, "UNAVAILABLE"},
};

void tsd_flags_str(unsigned flags, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (size_t i = 0; i < sizeof(flag_names) / sizeof(flag_names[0]); i++) {
        if (!(flags & flag_names[i].flag))
            continue;
        int n = snprintf(buf + used, len - used, "%s%s", used ? "|" : "", flag_names[i].name);
        if (n < 0 || (size_t)n >= len - used)
            break;
        used += (size_t)n;
    }
    if (used == 0)
        snprintf(buf, len, "NONE");
}

/* A record's basic type: the MPI name and the kind, or the kind alone. */
static void put_type(int id, const char *const *mpi, FILE *out)
{
    if (mpi && mpi[id])
        fprintf(out, "%s(%s)", mpi[id], tsd_id_name(id));
    else
        fputs(tsd_id_name(id), out);
}

/* stride: the distance between blocks of an elem, or between iterations
 * of a loop (the records' `extent` field, which is not MPI's extent). */
static void dump_rec(const tsd_rec *r, const char *const *mpi, FILE *out)
{
    switch (r->common.type) {
    case TSD_LOOP:
        fprintf(out, "loop    loops=%" PRId64 " items=%" PRId64 " stride=%" PRId64 "\n",
                r->loop.loops, r->loop.items, r->loop.extent);
        break;
    case TSD_END_LOOP:
        fprintf(out, "endloop items=%" PRId64 " size=%" PRId64 " first_elem_disp=%" PRId64 "\n",
                r->end_loop.items, r->end_loop.size, r->end_loop.first_elem_disp);
        break;
    default:
        fputs("elem    type=", out);
        put_type(r->common.type, mpi, out);
        fprintf(out,
                " count=%" PRId64 " blocklen=%" PRId64 " stride=%" PRId64 " disp=%" PRId64 "\n",
                r->elem.count, r->elem.blocklen, r->elem.extent, r->elem.disp);
    }
}

static void dump_desc(const char *label, const tsd_desc *d, int committed, const char *const *mpi,
                      FILE *out)
{
    fprintf(out, "%s:\n", label);
    for (int64_t i = 0; i < d->used + (committed ? 1 : 0); i++)
        dump_rec(&d->rec[i], mpi, out);
}

/* The type map, when it has at most `max` entries. */
static int typemap(const tsd_rec *rec, int64_t n, int64_t shift, int64_t *left,
                   const char *const *mpi, FILE *out)
{
    for (int64_t i = 0; i < n; i++) {
        const tsd_rec *r = &rec[i];
        if (r->common.type == TSD_LOOP) {
            for (int64_t k = 0; k < r->loop.loops; k++)
                if (typemap(r + 1, r->loop.items - 1, shift + k * r->loop.extent, left, mpi, out))
                    return -1;
            i += r->loop.items;
        } else if (r->common.type != TSD_END_LOOP) {
            int id = r->elem.type;
            int64_t sz = tsd_id_size(id);
            const char *name = mpi && mpi[id] ? mpi[id] : tsd_id_name(id);
            for (int64_t k = 0; k < r->elem.count; k++)
                for (int64_t j = 0; j < r->elem.blocklen; j++) {
                    if (--*left < 0)
                        return -1;
                    if (out)
                        fprintf(out, " (%s,%" PRId64 ")", name,
                                shift + r->elem.disp + k * r->elem.extent + j * sz);
                }
        }
    }
    return 0;
}

void tsd_dump(const tsd_type *t, const char *const *mpi, FILE *out)
{
    const tsd_desc *desc;
    char flags[160];
    int committed = (t->flags & TSD_FLAG_COMMITTED) != 0;
    int64_t left = 32;

    tsd_flags_str(tsd_flags(t), flags, sizeof(flags));
    fprintf(out, "name=%s\n", t->name);
    /* MPI's bounds (MPI-4.1 sections 5.1.7 and 5.1.8): extent = ub - lb,
     * true_extent = true_ub - true_lb */
    fprintf(out, "size=%" PRId64 "\nlb=%" PRId64 "\nub=%" PRId64 "\nextent=%" PRId64 "\n", t->size,
            t->lb, t->ub, tsd_extent(t));
    fprintf(out, "true_lb=%" PRId64 "\ntrue_extent=%" PRId64 "\n", t->true_lb,
            t->true_ub - t->true_lb);
    fprintf(out, "basic_elements=%" PRId64 "\nalign=%" PRId64 "\nflags=%s\n", t->nbElems, t->align,
            flags);
    if (!(desc = tsd_desc_of(t))) {
        fprintf(out, "desc: (out of memory)\n");
        return;
    }
    dump_desc("desc", desc, committed, mpi, out);
    /* opt_desc is the engine's own form: merged runs of several types are
     * bytes, so its records name kinds only */
    if (committed)
        dump_desc("opt_desc", tsd_opt_of(t), 1, NULL, out);
    else
        fprintf(out, "opt_desc: (not committed)\n");
    if (typemap(desc->rec, desc->used, 0, &left, mpi, NULL) == 0) {
        fprintf(out, "typemap:");
        typemap(desc->rec, desc->used, 0, &(int64_t){32}, mpi, out);
        fprintf(out, "\n");
    }
}
