/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss: handle tables of the runtime's objects (tss_handle.c): slots,
 * generations, freed slots resting before reuse.
 * Included by tss.h, after its common part; include tss.h, not this.
 */
#ifndef TSS_HANDLE_H
#define TSS_HANDLE_H

/* ---- handles of the runtime's objects (tss_handle.c) ---- */

/* A table of handles of one kind: kind (under kind_mask) is MPICH's kind
 * bits, then gen_bits of the slot's generation, then idx_bits of the
 * slot.  A freed slot rests until delay others were freed after it.
 * Used under its owner's lock; TSS_HANDLES gives an empty one. */
typedef struct tss_handles {
    uint32_t kind, kind_mask;
    unsigned gen_bits, idx_bits, delay;
    unsigned cap, fresh, nfree; /* slots allocated, ever taken, resting */
    int32_t head, tail;         /* the resting slots, oldest first */
    int32_t spare;              /* resting slots keeping an object (tss_handle.c) */
    struct tss_hslot *s;
} tss_handles;
#define TSS_HANDLES(kind, kind_mask, gen_bits, idx_bits, delay)                                    \
    {                                                                                              \
        (kind), (kind_mask), (gen_bits), (idx_bits), (delay), 0, 0, 0, -1, -1, -1, NULL            \
    }
enum { TSS_HANDLE_LIVE, TSS_HANDLE_FREED, TSS_HANDLE_NEVER };

/* A slot for a new object into *idx: MPI_SUCCESS, MPI_ERR_NO_MEM, or
 * MPI_ERR_OTHER when every slot is live.  The slot's object pointer (tss_handle_obj) is an object a
 * released slot kept (NULL when none is spare), for the caller to reuse. */
TSS_HIDDEN int tss_handle_take(tss_handles *t, unsigned *idx);
/* tss_handle_take for a kind whose objects are records of size bytes,
 * reused: *rec is the record a released slot kept (as it was left) or a
 * new one, zeroed; on failure (the class) no slot is taken. */
TSS_HIDDEN int tss_handle_take_rec(tss_handles *t, size_t size, unsigned *idx, void **rec);
/* The handle of live slot idx. */
TSS_HIDDEN uint32_t tss_handle_of(const tss_handles *t, unsigned idx);
/* Where slot idx keeps its object. */
TSS_HIDDEN void **tss_handle_obj(tss_handles *t, unsigned idx);
/* TSS_HANDLE_LIVE (*idx: its slot), TSS_HANDLE_FREED (a handle of this
 * table whose object was freed) or TSS_HANDLE_NEVER. */
TSS_HIDDEN int tss_handle_find(const tss_handles *t, uint32_t h, unsigned *idx);
/* "freed" or "never made", for the message refusing h. */
TSS_HIDDEN const char *tss_handle_why(const tss_handles *t, uint32_t h);
/* Releases slot idx (its object pointer stays, for reuse). */
TSS_HIDDEN void tss_handle_put(tss_handles *t, unsigned idx);
/* Forgets every slot (MPI_Finalize; the caller freed the objects). */
TSS_HIDDEN void tss_handle_reset(tss_handles *t);

#endif /* TSS_HANDLE_H */
