/* SPDX-License-Identifier: BSD-3-Clause */
/* A type's construction on one line, for messages and reports: each
 * constructor call as it was made (its combiner and the arguments its
 * record keeps, MPI-4.1 §5.1.13), down to the predefined types. */
#include "typeshim_config.h"

#include <stdarg.h>
#include <stdio.h>

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
