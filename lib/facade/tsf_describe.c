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

/* The integer arguments of the constructor call c records, in the order
 * the call takes them (MPI-4.1 §5.1.13 splits them over ints, addrs and
 * large counts): k-th of ni + na + nc. */
static long long arg_at(const tsf_contents *c, int64_t k)
{
    if (c->nc && c->ni && c->combiner == MPI_COMBINER_SUBARRAY) {
        /* ints {ndims, order}, counts {sizes, subsizes, starts} */
        if (k == 0)
            return c->ints[0];
        return k <= c->nc ? (long long)c->counts[k - 1] : c->ints[1];
    }
    if (c->nc && c->ni && c->combiner == MPI_COMBINER_DARRAY) {
        /* ints {size, rank, ndims, distribs, dargs, psizes, order},
         * counts {gsizes} */
        if (k < 3)
            return c->ints[k];
        return k < 3 + c->nc ? (long long)c->counts[k - 3] : c->ints[k - c->nc];
    }
    if (k < c->ni)
        return c->ints[k];
    if (k < c->ni + c->na)
        return (long long)c->addrs[k - c->ni];
    return (long long)c->counts[k - c->ni - c->na];
}

/* The call's arguments by combiner: s a scalar, n a scalar that is also
 * the length of the arrays after it, a an array of that length, o an
 * array order, T each of the types, L the types as one array. */
static const char *shape_of(int combiner)
{
    switch (combiner) {
    case MPI_COMBINER_DUP:
        return "T";
    case MPI_COMBINER_CONTIGUOUS:
        return "sT";
    case MPI_COMBINER_VECTOR:
    case MPI_COMBINER_HVECTOR:
        return "sssT";
    case MPI_COMBINER_INDEXED:
    case MPI_COMBINER_HINDEXED:
        return "naaT";
    case MPI_COMBINER_INDEXED_BLOCK:
    case MPI_COMBINER_HINDEXED_BLOCK:
        return "nsaT";
    case MPI_COMBINER_STRUCT:
        return "naaL";
    case MPI_COMBINER_SUBARRAY:
        return "naaaoT";
    case MPI_COMBINER_DARRAY:
        return "ssnaaaaoT";
    case MPI_COMBINER_RESIZED:
        return "ssT";
    case MPI_COMBINER_F90_REAL:
    case MPI_COMBINER_F90_COMPLEX:
        return "ss";
    case MPI_COMBINER_F90_INTEGER:
        return "s";
    case MPI_COMBINER_VALUE_INDEX:
        return "TT";
    default:
        return NULL;
    }
}

/* Whether c's record has exactly the arguments shape says. */
static int shape_fits(const tsf_contents *c, const char *shape)
{
    int64_t k = 0, len = 0, total = c->ni + c->na + c->nc, nt = 0;

    for (const char *p = shape; p && *p; p++) {
        switch (*p) {
        case 'n':
            if (k >= total || (len = arg_at(c, k)) < 0)
                return 0;
            k++;
            break;
        case 'a':
            if (len > total - k)
                return 0;
            k += len;
            break;
        case 'T':
            nt++;
            break;
        case 'L':
            nt += len;
            break;
        default: /* s, o */
            k++;
            break;
        }
    }
    return shape && k == total && nt == c->nd;
}

static void history(const tsf_dtype *o, char *buf, size_t len, size_t *n, int depth);

static void args(const tsf_contents *c, const char *shape, char *buf, size_t len, size_t *n,
                 int depth)
{
    int64_t k = 0, alen = 0, t = 0, total = c->ni + c->na + c->nc;
    const char *sep = "";

    if (!shape_fits(c, shape)) {
        /* a record of another form: its integers, then its types */
        for (; k < total && *n < len; k++, sep = ", ")
            put(buf, len, n, "%s%lld", sep, arg_at(c, k));
        for (; t < c->nd && *n < len; t++, sep = ", ") {
            put(buf, len, n, "%s", sep);
            history(c->types[t], buf, len, n, depth + 1);
        }
        return;
    }
    for (const char *p = shape; *p && *n < len; p++, sep = ", ") {
        put(buf, len, n, "%s", sep);
        switch (*p) {
        case 'n':
            alen = arg_at(c, k);
            /* fall through */
        case 's':
            put(buf, len, n, "%lld", arg_at(c, k++));
            break;
        case 'o': {
            long long v = arg_at(c, k++);
            if (v == MPI_ORDER_C || v == MPI_ORDER_FORTRAN)
                put(buf, len, n, "%s", v == MPI_ORDER_C ? "MPI_ORDER_C" : "MPI_ORDER_FORTRAN");
            else
                put(buf, len, n, "%lld", v);
            break;
        }
        case 'a':
            put(buf, len, n, "{");
            /* stops at a full buffer: a million blocks are not walked */
            for (int64_t i = 0; i < alen && *n < len; i++)
                put(buf, len, n, "%s%lld", i ? ", " : "", arg_at(c, k + i));
            put(buf, len, n, "}");
            k += alen;
            break;
        case 'L':
            put(buf, len, n, "{");
            for (int64_t i = 0; i < alen && *n < len; i++) {
                put(buf, len, n, "%s", i ? ", " : "");
                history(c->types[t + i], buf, len, n, depth + 1);
            }
            put(buf, len, n, "}");
            t += alen;
            break;
        default: /* T */
            history(c->types[t++], buf, len, n, depth + 1);
            break;
        }
    }
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
    args(c, shape_of(c->combiner), buf, len, n, depth);
    put(buf, len, n, ")");
}

const char *tsf_describe(const tsf_dtype *o, char *buf, size_t len)
{
    size_t n = 0;

    if (!len)
        return buf;
    buf[0] = '\0';
    history(o, buf, len, &n, 0);
    if (n >= len && len > 3) {
        /* cut: say so, at a character's start (names may be UTF-8) */
        size_t end = len - 4;
        while (end > 0 && ((unsigned char)buf[end] & 0xc0) == 0x80)
            end--;
        memcpy(buf + end, "...", 4);
    }
    return buf;
}

const char *tsf_label(const tsf_dtype *o, char *buf, size_t len)
{
    size_t n = 0;

    if (!len)
        return buf;
    buf[0] = '\0';
    if (!o->contents) {
        put(buf, len, &n, "%s", o->eng->name[0] ? o->eng->name : "(unnamed)");
        return buf;
    }
    if (o->eng->name[0])
        put(buf, len, &n, "\"%s\", ", o->eng->name);
    if (n + 4 < len)
        tsf_describe(o, buf + n, len - n);
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
