/* SPDX-License-Identifier: BSD-3-Clause */
/* Text dump of a type, in the line format of typeshim(7), DUMP FORMAT. */
#include "typeshim_config.h"

#include <inttypes.h>
#include <string.h>

#include "engine/tsd.h"

static const struct {
    unsigned flag;
    const char *name;
} flag_names[] = {
    {TSD_FLAG_PREDEFINED, "PREDEFINED"},   {TSD_FLAG_COMMITTED, "COMMITTED"},
    {TSD_FLAG_OVERLAP, "OVERLAP"},         {TSD_FLAG_CONTIGUOUS, "CONTIGUOUS"},
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

static void dump_rec(const tsd_rec *r, FILE *out)
{
    switch (r->common.type) {
    case TSD_LOOP:
        fprintf(out, "loop    loops=%" PRId64 " items=%" PRId64 " extent=%" PRId64 "\n",
                r->loop.loops, r->loop.items, r->loop.extent);
        break;
    case TSD_END_LOOP:
        fprintf(out, "endloop items=%" PRId64 " size=%" PRId64 " first_elem_disp=%" PRId64 "\n",
                r->end_loop.items, r->end_loop.size, r->end_loop.first_elem_disp);
        break;
    default:
        fprintf(out,
                "elem    type=%s count=%" PRId64 " blocklen=%" PRId64 " extent=%" PRId64
                " disp=%" PRId64 "\n",
                tsd_id_name(r->common.type), r->elem.count, r->elem.blocklen, r->elem.extent,
                r->elem.disp);
    }
}

static void dump_desc(const char *label, const tsd_desc *d, int committed, FILE *out)
{
    fprintf(out, "%s:\n", label);
    for (int64_t i = 0; i < d->used + (committed ? 1 : 0); i++)
        dump_rec(&d->rec[i], out);
}

/* The type map, when it has at most `max` entries. */
static int typemap(const tsd_rec *rec, int64_t n, int64_t shift, int64_t *left, FILE *out)
{
    for (int64_t i = 0; i < n; i++) {
        const tsd_rec *r = &rec[i];
        if (r->common.type == TSD_LOOP) {
            for (int64_t k = 0; k < r->loop.loops; k++)
                if (typemap(r + 1, r->loop.items - 1, shift + k * r->loop.extent, left, out))
                    return -1;
            i += r->loop.items;
        } else if (r->common.type != TSD_END_LOOP) {
            int64_t sz = tsd_id_size(r->elem.type);
            for (int64_t k = 0; k < r->elem.count; k++)
                for (int64_t j = 0; j < r->elem.blocklen; j++) {
                    if (--*left < 0)
                        return -1;
                    if (out)
                        fprintf(out, " (%s,%" PRId64 ")", tsd_id_name(r->elem.type),
                                shift + r->elem.disp + k * r->elem.extent + j * sz);
                }
        }
    }
    return 0;
}

void tsd_dump(const tsd_type *t, FILE *out)
{
    const tsd_desc *desc;
    char flags[160];
    int committed = (t->flags & TSD_FLAG_COMMITTED) != 0;
    int64_t left = 32;

    tsd_flags_str(tsd_flags(t), flags, sizeof(flags));
    fprintf(out, "name=%s\n", t->name);
    fprintf(out, "size=%" PRId64 "\nlb=%" PRId64 "\nub=%" PRId64 "\n", t->size, t->lb, t->ub);
    fprintf(out, "true_lb=%" PRId64 "\ntrue_ub=%" PRId64 "\nextent=%" PRId64 "\n", t->true_lb,
            t->true_ub, tsd_extent(t));
    fprintf(out, "nbElems=%" PRId64 "\nalign=%" PRId64 "\nflags=%s\n", t->nbElems, t->align, flags);
    if (!(desc = tsd_desc_of(t))) {
        fprintf(out, "desc: (out of memory)\n");
        return;
    }
    dump_desc("desc", desc, committed, out);
    if (committed)
        dump_desc("opt_desc", tsd_opt_of(t), 1, out);
    else
        fprintf(out, "opt_desc: (not committed)\n");
    if (typemap(desc->rec, desc->used, 0, &left, NULL) == 0) {
        fprintf(out, "typemap:");
        typemap(desc->rec, desc->used, 0, &(int64_t){32}, out);
        fprintf(out, "\n");
    }
}
