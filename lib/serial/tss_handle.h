/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss: the runtime's handle tables are the object layer's
 * (object/tso_table.h: slots, generations, freed slots resting before
 * reuse), allocating through the runtime's allocator.
 * Included by tss.h, after its common part; include tss.h, not this.
 */
#ifndef TSS_HANDLE_H
#define TSS_HANDLE_H

#include "object/tso_table.h"

/* The runtime's allocator (tss_alloc.c), for its handle tables. */
TSS_HIDDEN extern const tso_alloc tss_tso_alloc;

/* A handle goes to a table as its word (TSO_WORD) and comes back from one
 * through TSO_HANDLE: in MPICH's ABI a handle is its word, in Open MPI's
 * a pointer holding it (object/tso_abi.h), so the layouts the files give
 * for their handles are their words'.  Messages print a handle with
 * TSS_HFMT and TSS_HARG: tso_abi.h's "%p" under Open MPI's ABI; under
 * MPICH's the "0x%x" the runtime's messages always had (MPI_COMM_NULL
 * reads 0x4000000, not tso_abi.h's 0x04000000), so they stay the same. */
#if TS_ABI_OMPI
#define TSS_HFMT    TSO_HFMT
#define TSS_HARG(h) TSO_HARG(h)
#else
#define TSS_HFMT    "0x%x"
#define TSS_HARG(h) ((unsigned)(uintptr_t)(h))
#endif

#endif /* TSS_HANDLE_H */
