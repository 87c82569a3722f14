/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The handle tables (tsf_handle.c, tsf_builtin.c), private to the façade:
 * their layout, and tsf_lookup's hit paths inline.  A query such as
 * MPI_Type_size is a few loads; through three calls across files it cost
 * twice what MPICH's own does.  Anything but a hit goes out of line
 * (tsf_lookup_slow), with the same answer.
 */
#ifndef TSF_HANDLE_H
#define TSF_HANDLE_H

#include "object/tso_map.h"
#include "object/tso_table.h"

/* Standalone: the handles typeshim issues (tso_abi.h: TSO_DATATYPE, and
 * TSO_DATATYPE_HOLD on the same slots).  Layered: the next layer's
 * handles, keyed by tso_abi_foreign_key. */
TSU_HIDDEN extern tso_table tsf_types;
TSU_HIDDEN extern tso_map tsf_bound;
/* The predefined types' first guesses (tsf_builtin.c): MPICH's builtin
 * handles 0x4c0000xx and 0x4c00xxxx by low byte; in Open MPI's ABI every
 * predefined handle, by a hash of its address. */
#if TS_ABI_OMPI
#define TSF_BUILTIN_SLOTS 512
static inline uint32_t tsf_builtin_slot(MPI_Datatype h)
{
    return (uint32_t)(((uintptr_t)h >> 3) * 0x9e3779b97f4a7c15u >> 55);
}
#else
#define TSF_BUILTIN_SLOTS 256
#endif
TSU_HIDDEN extern tsf_dtype *tsf_builtin_at[TSF_BUILTIN_SLOTS];

static inline tsf_dtype *tsf_builtin_guess(MPI_Datatype h)
{
#if TS_ABI_OMPI
    return tsf_builtin_at[tsf_builtin_slot(h)];
#else
    uint32_t u = TSO_WORD(h);
    return (u & 0xffff0000u) == 0x4c000000u ? tsf_builtin_at[u & 0xff] : NULL;
#endif
}

/* Every lookup that is not a hit below. */
TSU_HIDDEN tsf_dtype *tsf_lookup_slow(MPI_Datatype h);

/* o, found under h, still names a type the program may use: a handle the
 * program freed is invalid even while parents keep the object; a foreign
 * one is the program's business with the next layer. */
static inline int tsf_handle_valid(const tsf_dtype *o, MPI_Datatype h)
{
    if (!o || o->handle != h || o->magic != TSF_MAGIC)
        return 0;
    /* a live derived type (the common case) answers at the first test */
    return tsf_urefs(o) > 0 || o->kind != TSF_DERIVED || o->destroying || o->foreign;
}

/* The object of h; NULL if h is invalid or freed. */
static TSU_ALWAYS_INLINE tsf_dtype *tsf_lookup(MPI_Datatype h)
{
    uint32_t u = TSO_WORD(h);
    tsf_dtype *o = tsf_builtin_guess(h);

    if (o && o->handle == h) {
        /* a predefined type */
    } else if (tsf_active_hooks()->bound_handles) {
        o = tso_map_peek(&tsf_bound, tso_abi_foreign_key(TSO_FOREIGN(h)));
    } else if ((u & tso_layouts[TSO_DATATYPE].mask) == tso_layouts[TSO_DATATYPE].bits) {
        o = tso_peek_as(&tsf_types, TSO_DATATYPE, u);
    }
    return TSU_LIKELY(tsf_handle_valid(o, h)) ? o : tsf_lookup_slow(h);
}

#endif /* TSF_HANDLE_H */
