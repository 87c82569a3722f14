/* SPDX-License-Identifier: BSD-3-Clause */
/* The datatype arguments of communication calls (the wrapped functions of
 * the binding): a datatype that describes a buffer must be a valid handle
 * (not freed) and committed (MPI-4.1 §5.1.9); a receive buffer's type
 * map must not overlap itself (MPI-4.1 §5.1: such a datatype may be
 * used for sending, not for receiving), and neither may the map of its
 * count copies (the map of contiguous(count, type), whose bytes the
 * receive writes); a count is not negative, and a
 * datatype with a count of 0 is not looked at.  One
 * handle lookup, two flag tests and, for a receive of more than one
 * element, three compares per argument: this runs on every MPI_Send and
 * MPI_Recv. */
#include "typeshim_config.h"

#include <stdio.h>

#include "facade/tsf.h"

/* Messages are built only on failure: the name and construction are
 * what a programmer needs to find which type it was (tsf_err_type). */
static int refuse(const char *fn, const char *arg, MPI_Datatype h, const tsf_dtype *o,
                  const char *why)
{
    return tsf_err_type(fn, arg, h, o, why);
}

/* Whether o's type map overlaps itself.  Commit leaves the question open
 * for unordered descriptions (an indexed type with shuffled blocks): the
 * first receive decides it, once, under o's lock. */
static TSU_ALWAYS_INLINE int overlaps(tsf_dtype *o)
{
    int ov;

    if (TSU_LIKELY(!atomic_load_explicit(&o->eng->overlap_pending, memory_order_acquire)))
        return (o->eng->flags & TSD_FLAG_OVERLAP) != 0;
    tsf_obj_lock(o);
    ov = tsd_overlap_settle(o->eng);
    tsf_obj_unlock(o);
    return ov == 1; /* out of memory: not known to overlap, not refused */
}

/* Why o cannot serve as an argument that needs `need`, or NULL. */
static TSU_ALWAYS_INLINE const char *refusal(tsf_dtype *o, unsigned need)
{
    if ((need & TSF_ARG_COMMITTED) && !(o->eng->flags & TSD_FLAG_COMMITTED))
        return "is not committed (MPI_Type_commit)";
    if ((need & TSF_ARG_RECV) && overlaps(o))
        return "describes a receive buffer but its type map overlaps itself, which MPI forbids "
               "for receiving";
    return NULL;
}

/* Whether a receive of count elements of o may write a byte twice
 * although o's own map does not: the map of contiguous(count, o)
 * overlaps.  The inline test (three compares) clears almost every type;
 * the rest is decided once per type. */
static inline int copies_may_overlap(const tsf_dtype *o, int64_t count, unsigned need)
{
    return (need & TSF_ARG_RECV) && tsd_copies_may_overlap(o->eng, count);
}

/* The smallest count whose copies of o overlap, when count reaches it,
 * else 0 (out of memory: not known, not refused). */
static int64_t copies_overlap(tsf_dtype *o, int64_t count)
{
    int64_t first = tsd_copies_overlap(o->eng);

    return first > 0 && count >= first ? first : 0;
}

/* Out of line, with its message buffer: reached only by a type whose
 * data span passes its extent. */
static __attribute__((noinline)) int check_copies(const char *fn, const char *arg, MPI_Datatype h,
                                                  tsf_dtype *o, const char *countname,
                                                  int64_t count)
{
    char why[256];
    int64_t first = copies_overlap(o, count);

    if (!first)
        return MPI_SUCCESS;
    snprintf(why, sizeof(why),
             "describes a receive buffer (%s=%lld) but copies 0 and %lld of the type overlap "
             "(extent %lld < true extent %lld), which MPI forbids for receiving",
             countname, (long long)count, (long long)(first - 1), (long long)tsd_extent(o->eng),
             (long long)(o->eng->true_ub - o->eng->true_lb));
    return refuse(fn, arg, h, o, why);
}

int tsf_check_type(const char *fn, const char *arg, MPI_Datatype h, const char *countname,
                   int64_t count, unsigned need)
{
    const char *why;
    tsf_dtype *o;
    int rc;

    if (TSU_UNLIKELY(countname && count < 0))
        return tsf_err(MPI_ERR_COUNT, fn, "argument %s=%lld must be non-negative", countname,
                       (long long)count);
    /* no element: the datatype describes nothing (programs pass
     * MPI_DATATYPE_NULL there, and MPICH accepts it) */
    if (countname && count == 0)
        return MPI_SUCCESS;
    if (TSU_UNLIKELY(!(o = tsf_get(h, fn, arg, &rc))))
        return rc;
    if (TSU_UNLIKELY((why = refusal(o, need))))
        return refuse(fn, arg, h, o, why);
    if (TSU_UNLIKELY(countname && copies_may_overlap(o, count, need)))
        return check_copies(fn, arg, h, o, countname, count);
    return MPI_SUCCESS;
}

/* The same checks, without a message (the arrays' loop). */
static int usable(MPI_Datatype h, int64_t count, unsigned need)
{
    tsf_dtype *o;

    if (count == 0)
        return 1; /* describes nothing (tsf_check_type) */
    return count > 0 && h != MPI_DATATYPE_NULL && (o = tsf_lookup(h)) && !refusal(o, need) &&
           !(copies_may_overlap(o, count, need) && copies_overlap(o, count));
}

int tsf_check_types(const char *fn, const char *arg, const MPI_Datatype *h, const char *countname,
                    const void *counts, size_t count_size, int n, unsigned need)
{
    char name[64], cname[64];

    if (n <= 0 || !h)
        return MPI_SUCCESS;
    for (int i = 0; i < n; i++) {
        int64_t c = 0;
        if (counts)
            c = count_size == sizeof(int) ? ((const int *)counts)[i]
                                          : (int64_t)((const MPI_Count *)counts)[i];
        if (TSU_LIKELY(usable(h[i], c, need)))
            continue;
        /* the element's names are written only for its message */
        snprintf(name, sizeof(name), "%s[%d]", arg, i);
        snprintf(cname, sizeof(cname), "%s[%d]", countname, i);
        return tsf_check_type(fn, name, h[i], counts ? cname : NULL, c, need);
    }
    return MPI_SUCCESS;
}

int tsf_check_type_counts(const char *fn, const char *arg, MPI_Datatype h, const char *countname,
                          const void *counts, size_t count_size, int n, unsigned need)
{
    char cname[64];
    int64_t most = 0;
    int rc = tsf_check_type(fn, arg, h, NULL, 0, need), at = -1;
    tsf_dtype *o;

    if (rc != MPI_SUCCESS || !(need & TSF_ARG_RECV) || !counts || n <= 0 || !(o = tsf_lookup(h)))
        return rc;
    /* the loop over the group only for a type whose copies can meet */
    if (TSU_LIKELY(!copies_may_overlap(o, 2, need)))
        return MPI_SUCCESS;
    for (int i = 0; i < n; i++) {
        int64_t c = count_size == sizeof(int) ? ((const int *)counts)[i]
                                              : (int64_t)((const MPI_Count *)counts)[i];
        if (c > most) {
            most = c;
            at = i;
        }
    }
    if (at < 0)
        return MPI_SUCCESS;
    snprintf(cname, sizeof(cname), "%s[%d]", countname, at);
    return tsf_check_type(fn, arg, h, cname, most, need);
}

int tsf_api_check_buffer(const char *fn, const char *arg, MPI_Datatype datatype, MPI_Count count,
                         int receive)
{
    return tsf_check_type(fn ? fn : "typeshim_check_buffer", arg ? arg : "datatype", datatype,
                          "count", count, TSF_ARG_COMMITTED | (receive ? TSF_ARG_RECV : 0));
}

/* ------------------------------------------------- a runtime's fast path */

/* What a runtime asks on every message, answered in one lookup a side
 * and never raised: a runtime first asks here and, on 0, takes its
 * general path, whose checks (tsf_check_type, packing, type matching)
 * say why.  So 1 must mean exactly that the general path would have
 * succeeded with the same result. */
static TSU_ALWAYS_INLINE tsf_dtype *fast_usable(MPI_Datatype h, int64_t count, unsigned need)
{
    tsf_dtype *o;

    if (count < 0 || !(o = tsf_lookup(h)) || refusal(o, need) ||
        (copies_may_overlap(o, count, need) && copies_overlap(o, count)))
        return NULL;
    return o;
}

int tsf_buffer_bytes(MPI_Datatype datatype, MPI_Count count, int receive, MPI_Count *bytes)
{
    unsigned need = TSF_ARG_COMMITTED | (receive ? TSF_ARG_RECV : 0);
    tsf_dtype *o = fast_usable(datatype, count, need);
    int64_t b;

    if (!o || !bytes || tsu_mul(count, o->eng->size, &b))
        return 0;
    *bytes = b;
    return 1;
}

/* Whether scount elements of s begin the signature of rcount elements of
 * d, told without walking either: the same type, or equal signatures of
 * one element (hash, size and element count) and no more elements sent
 * than received.  Anything else (prefixes of other shapes, MPI_PACKED,
 * MPI_BYTE against typed data) is the general path's. */
static int plainly_matches(tsf_dtype *s, int64_t scount, tsf_dtype *d, int64_t rcount)
{
    if (s->eng->size == 0 || scount == 0)
        return 1; /* the empty signature begins every other */
    if (scount > rcount)
        return 0;
    return s == d || (s->eng->size == d->eng->size && s->eng->nbElems == d->eng->nbElems &&
                      tsf_signature(s) == tsf_signature(d));
}

int tsf_type_move(const void *src, MPI_Count scount, MPI_Datatype stype, void *dst,
                  MPI_Count rcount, MPI_Datatype rtype, MPI_Count *nbytes)
{
    tsf_dtype *d = fast_usable(rtype, rcount, TSF_ARG_COMMITTED | TSF_ARG_RECV), *s;
    int64_t sent, room;

    /* one datatype on both sides (the usual case): the receive's checks
     * include the send's */
    if (!d)
        return 0;
    s = stype == rtype && scount >= 0 ? d : fast_usable(stype, scount, TSF_ARG_COMMITTED);
    if (!s || !nbytes || tsu_mul(scount, s->eng->size, &sent) ||
        tsu_mul(rcount, d->eng->size, &room) || sent > room ||
        !plainly_matches(s, scount, d, rcount))
        return 0;
    /* as if packed and unpacked; a copy that would need memory of its own
     * (overlapping buffers) is the general path's, which reports its
     * lack: this one never fails for want of it */
    if (sent > 0 && tsd_copy_quick(s->eng, src, d->eng, dst, scount) != TSD_OK)
        return 0;
    *nbytes = sent;
    return 1;
}
