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

#endif /* TSS_HANDLE_H */
