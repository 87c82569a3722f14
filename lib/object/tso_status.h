/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The hidden fields of MPI_Status, the one place that knows each ABI's
 * layout: the byte count a receive delivered and the cancelled flag.
 * MPICH: count_lo holds the low 32 bits of the count, and
 * count_hi_and_cancelled the bits above (shifted left one) and the flag
 * in bit 0.  Open MPI: _ucount, a size_t, and _cancelled, an int.
 */
#ifndef TSO_STATUS_H
#define TSO_STATUS_H

#include <stdint.h>

#include <mpi.h>

static inline int64_t tso_status_bytes(const MPI_Status *s)
{
#if TS_ABI_OMPI
    return (int64_t)s->_ucount;
#else
    uint64_t hi = (uint32_t)s->count_hi_and_cancelled >> 1;
    return (int64_t)((hi << 32) | (uint32_t)s->count_lo);
#endif
}

static inline void tso_status_set_bytes(MPI_Status *s, int64_t bytes)
{
#if TS_ABI_OMPI
    s->_ucount = (size_t)bytes;
#else
    s->count_lo = (int)(uint32_t)bytes;
    s->count_hi_and_cancelled =
        (s->count_hi_and_cancelled & 1) | (int)(uint32_t)(((uint64_t)bytes >> 32) << 1);
#endif
}

static inline int tso_status_cancelled(const MPI_Status *s)
{
#if TS_ABI_OMPI
    return s->_cancelled != 0;
#else
    return s->count_hi_and_cancelled & 1;
#endif
}

static inline void tso_status_set_cancelled(MPI_Status *s, int flag)
{
#if TS_ABI_OMPI
    s->_cancelled = flag ? 1 : 0;
#else
    s->count_hi_and_cancelled = (s->count_hi_and_cancelled & ~1) | (flag ? 1 : 0);
#endif
}

#endif /* TSO_STATUS_H */
