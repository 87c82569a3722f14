/* SPDX-License-Identifier: BSD-3-Clause */
/* A type on one line, for messages and reports: its construction, each
 * constructor call as it was made (its combiner and the arguments its
 * record keeps, MPI-4.1 §5.1.13) down to the predefined types; and a
 * picture of its bytes, data and gaps, over its bounds. */
#include "typeshim_config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facade/tsf.h"

static void put(char *buf, size_t len, size_t *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t len, size_t *n, const char *fmt, ...)
{
    va_list ap;

    if (*n >= len)
        return;
    va_start(ap, fmt);
    *n += (size_t)vsnprintf(buf + *n, len - *n, fmt, ap);
    va_end(ap);
}

const char *tsf_combiner_name(int c)
{
    static const char *const names[] = {
        [MPI_COMBINER_NAMED] = "named",
        [MPI_COMBINER_DUP] = "dup",
        [MPI_COMBINER_CONTIGUOUS] = "contiguous",
        [MPI_COMBINER_VECTOR] = "vector",
        [MPI_COMBINER_HVECTOR] = "hvector",
        [MPI_COMBINER_INDEXED] = "indexed",
        [MPI_COMBINER_HINDEXED] = "hindexed",
        [MPI_COMBINER_INDEXED_BLOCK] = "indexed_block",
        [MPI_COMBINER_HINDEXED_BLOCK] = "hindexed_block",
        [MPI_COMBINER_STRUCT] = "struct",
        [MPI_COMBINER_SUBARRAY] = "subarray",
        [MPI_COMBINER_DARRAY] = "darray",
        [MPI_COMBINER_F90_REAL] = "f90_real",
        [MPI_COMBINER_F90_COMPLEX] = "f90_complex",
        [MPI_COMBINER_F90_INTEGER] = "f90_integer",
        [MPI_COMBINER_RESIZED] = "resized",
        [MPI_COMBINER_VALUE_INDEX] = "value_index",
    };
    if (c >= 0 && c < (int)(sizeof(names) / sizeof(names[0])) && names[c])
        return names[c];
    return "?";
}

static void history(const tsf_dtype *o, char *buf, size_t len, size_t *n, int depth)
{
    const tsf_contents *c = o->contents;

    if (!c) {
        put(buf, len, n, "%s", o->eng->name[0] ? o->eng->name : "(unnamed)");
        return;
    }
    if (depth > 8) {
        put(buf, len, n, "...");
        return;
    }
    put(buf, len, n, "%s(", tsf_combiner_name(c->combiner));
    if (c->ni) {
        put(buf, len, n, "ints={");
        for (int64_t i = 0; i < c->ni; i++)
            put(buf, len, n, "%s%d", i ? "," : "", c->ints[i]);
        put(buf, len, n, "} ");
    }
    if (c->na) {
        put(buf, len, n, "addrs={");
        for (int64_t i = 0; i < c->na; i++)
            put(buf, len, n, "%s%lld", i ? "," : "", (long long)c->addrs[i]);
        put(buf, len, n, "} ");
    }
    if (c->nc) {
        put(buf, len, n, "counts={");
        for (int64_t i = 0; i < c->nc; i++)
            put(buf, len, n, "%s%lld", i ? "," : "", (long long)c->counts[i]);
        put(buf, len, n, "} ");
    }
    for (int64_t i = 0; i < c->nd; i++) {
        put(buf, len, n, "%s", i ? ", " : "");
        history(c->types[i], buf, len, n, depth + 1);
    }
    put(buf, len, n, ")");
}

const char *tsf_describe(const tsf_dtype *o, char *buf, size_t len)
{
    size_t n = 0;

    if (len)
        buf[0] = '\0';
    history(o, buf, len, &n, 0);
    return buf;
}

/* Whether the user's locale writes UTF-8 (the first of LC_ALL, LC_CTYPE,
 * LANG that is set, as setlocale would choose; programs rarely call it). */
static int utf8_locale(void)
{
    const char *v = getenv("LC_ALL");

    if (!v || !*v)
        v = getenv("LC_CTYPE");
    if (!v || !*v)
        v = getenv("LANG");
    return v &&
           (strstr(v, "UTF-8") || strstr(v, "utf8") || strstr(v, "UTF8") || strstr(v, "utf-8"));
}

/* Largest true extent drawn: the mask is one byte per byte. */
#define MAP_MAX_SPAN ((int64_t)1 << 20)
/* Bytes drawn at each end of a longer span. */
#define MAP_END 64

const char *tsf_layout_map(const tsf_dtype *o, char *buf, size_t len)
{
    const tsd_type *t = o->eng;
    int utf8 = utf8_locale();
    const char *full = utf8 ? "\xe2\x96\xa0" : "#"; /* U+25A0 */
    const char *none = utf8 ? "\xe2\x96\xa1" : "."; /* U+25A1 */
    int64_t lo = tsu_min(t->lb, t->true_lb), hi = tsu_max(t->ub, t->true_ub), span = hi - lo;
    int64_t tspan = t->true_ub - t->true_lb, data = 0;
    unsigned char *mask = NULL;
    size_t n = 0;

    if (len)
        buf[0] = '\0';
    if (span <= 0 || t->size == 0) {
        put(buf, len, &n, "(no bytes)");
        return buf;
    }
    if (!(t->flags & TSD_FLAG_COMMITTED)) {
        put(buf, len, &n, "(drawn once committed)");
        return buf;
    }
    if (tspan > MAP_MAX_SPAN || !(mask = tsu_calloc(1, (size_t)tspan + 1)) ||
        (tspan > 0 && tsf_typemap_mask(o, 1, t->true_lb, mask))) {
        tsu_free(mask);
        put(buf, len, &n, "(%lld bytes: not drawn)", (long long)span);
        return buf;
    }
    for (int64_t i = 0; i < tspan; i++)
        data += mask[i] != 0;
    put(buf, len, &n, "[%lld, %lld) ", (long long)lo, (long long)hi);
    for (int64_t a = lo; a < hi; a++) {
        int64_t in = a - t->true_lb;
        if (span > 2 * MAP_END && a == lo + MAP_END) {
            put(buf, len, &n, " ...%lld bytes... ", (long long)(span - 2 * MAP_END));
            a = hi - MAP_END - 1;
            continue;
        }
        put(buf, len, &n, "%s", in >= 0 && in < tspan && mask[in] ? full : none);
    }
    put(buf, len, &n, " (%lld data, %lld gap)", (long long)data, (long long)(span - data));
    tsu_free(mask);
    return buf;
}
