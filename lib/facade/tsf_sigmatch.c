/* SPDX-License-Identifier: BSD-3-Clause */
/* typeshim_type_match: MPI's type matching of two (count, datatype)
 * pairs (MPI-4.1 sections 3.3.1, 5.1.11 and 5.2), and the line that says
 * where they part.  The engine compares the signatures as basic ids
 * (tsd_sigmatch.c); the MPI names in the line are those of the named
 * types each datatype was built from. */
#include "typeshim_config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "facade/tsf.h"

/* Runs of each signature the line shows. */
#define SHOWN_RUNS 4
/* Types of a construction read for names: the line must stay cheap for
 * a struct of a million members. */
#define NAME_BUDGET 64
/* Digits of a 128-bit count, and its NUL. */
#define U128_DIGITS 40

static const char *name_of(const char **names, int id)
{
    return names[id] ? names[id] : tsf_builtin_id_name(id);
}

/* v in decimal, in buf (U128_DIGITS bytes); returns where it starts. */
static const char *u128_str(tsd_u128 v, char *buf)
{
    char *p = buf + U128_DIGITS - 1;

    *p = '\0';
    do {
        *--p = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    return p;
}

/* Appends to buf (len bytes, *used of them taken), truncating. */
static void put(char *buf, size_t len, size_t *used, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (*used + 1 >= len)
        return;
    va_start(ap, fmt);
    n = vsnprintf(buf + *used, len - *used, fmt, ap);
    va_end(ap);
    if (n > 0)
        *used = tsu_min((int64_t)(len - 1), (int64_t)(*used + (size_t)n));
}

/* "MPI_INT x3, MPI_DOUBLE x1, ... (2000 basic elements)": how the
 * signature of (count, o), total elements long, begins ("MPI_INT x3"
 * when that is all of it). */
static void render(const tsf_dtype *o, int64_t count, const char **names, tsd_u128 total, char *buf,
                   size_t len)
{
    tsd_sigrun runs[SHOWN_RUNS];
    char num[U128_DIGITS];
    size_t used = 0;
    int more, n = tsd_sig_runs(o->eng, count, runs, SHOWN_RUNS, &more);

    buf[0] = '\0';
    if (n == 0)
        put(buf, len, &used, "empty");
    for (int i = 0; i < n; i++)
        put(buf, len, &used, "%s%s x%s", i ? ", " : "", name_of(names, runs[i].id),
            u128_str(runs[i].len, num));
    if (n > 0 && more)
        put(buf, len, &used, ", ... (%s basic elements)", u128_str(total, num));
    if (n < 0) /* no memory for the walk of a deeply nested type */
        put(buf, len, &used, "%s basic elements", u128_str(total, num));
}

/* The line of a mismatch. */
static void explain(const tsf_dtype *s, int64_t scount, const tsf_dtype *r, int64_t rcount,
                    const tsd_sigdiff *d, char *why, int len)
{
    const char *sn[TSD_ID_MAX] = {0}, *rn[TSD_ID_MAX] = {0};
    char num[U128_DIGITS], ssig[320], rsig[320];
    const char *at = u128_str(d->at, num);

    tsf_named_kinds(s, sn, NAME_BUDGET, NULL);
    tsf_named_kinds(r, rn, NAME_BUDGET, NULL);
    render(s, scount, sn, d->slen, ssig, sizeof ssig);
    render(r, rcount, rn, d->rlen, rsig, sizeof rsig);
    if (d->sid && d->rid)
        snprintf(why, (size_t)len,
                 "type signatures differ at basic element %s (from 0): %s sent where %s is "
                 "received; send: %s; receive: %s",
                 at, name_of(sn, d->sid), name_of(rn, d->rid), ssig, rsig);
    else if (d->sid)
        snprintf(why, (size_t)len,
                 "the send's type signature is longer than the receive's: basic element %s "
                 "(from 0), %s, is sent where the receive's has ended; send: %s; receive: %s",
                 at, name_of(sn, d->sid), ssig, rsig);
    else
        snprintf(why, (size_t)len,
                 "the send's type signature is shorter than the receive's, which it must "
                 "equal: it ends at basic element %s (from 0), where %s is received; send: %s; "
                 "receive: %s",
                 at, name_of(rn, d->rid), ssig, rsig);
}

/* The engine reads the cached signature hashes of both types: filled
 * here, under the object's lock, where copies of the type read them. */
static void hash_known(const tsf_dtype *o)
{
    if (!__atomic_load_n(&o->eng->sig_hash, __ATOMIC_ACQUIRE))
        (void)tsf_signature(o);
}

int tsf_api_type_match(MPI_Count scount, MPI_Datatype stype, MPI_Count rcount, MPI_Datatype rtype,
                       int how, int *match, MPI_Count *position, char *why, int len)
{
    const char *fn = "typeshim_type_match";
    tsd_sigdiff d = {.match = 1};
    tsf_dtype *s, *r;
    int rc;

    TSF_CHECK(scount >= 0, MPI_ERR_COUNT, "argument scount=%lld must be non-negative",
              (long long)scount);
    TSF_CHECK(rcount >= 0, MPI_ERR_COUNT, "argument rcount=%lld must be non-negative",
              (long long)rcount);
    TSF_GET(s, stype, "stype");
    TSF_GET(r, rtype, "rtype");
    TSF_CHECK(how == TYPESHIM_MATCH_PREFIX || how == TYPESHIM_MATCH_EQUAL, MPI_ERR_ARG,
              "argument how=%d is neither TYPESHIM_MATCH_PREFIX nor TYPESHIM_MATCH_EQUAL", how);
    TSF_CHECK_PTR(match, "match");
    TSF_CHECK(!why || len > 0, MPI_ERR_ARG, "argument len=%d must be positive (why is not NULL)",
              len);
    /* MPI_PACKED matches any type (MPI-4.1 section 3.3.1) */
    if (stype != MPI_PACKED && rtype != MPI_PACKED) {
        hash_known(s);
        hash_known(r);
        if ((rc = tsd_sig_match(s->eng, scount, r->eng, rcount, how == TYPESHIM_MATCH_EQUAL, &d))) {
            rc = tsf_err_engine(rc, fn);
            goto fn_fail;
        }
    }
    if (why && d.match)
        why[0] = '\0';
    else if (why)
        explain(s, scount, r, rcount, &d, why, len);
    if (position) /* past 2^63 - 1 only when both signatures are */
        *position = d.match ? -1 : d.at > INT64_MAX ? INT64_MAX : (MPI_Count)d.at;
    *match = d.match;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}
