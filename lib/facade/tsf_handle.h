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

/* Standalone: MPICH-shaped indirect handles (0xcc...), a slot index and
 * a 4-bit generation. */
#define TSF_KIND_MASK  0xfc000000u
#define TSF_KIND_DERIV 0xcc000000u
/* A runtime's hold (tsf_handle_hold): the same slots and generations
 * under another kind, which MPICH reads as a group's handle: it can never
 * pass for one of MPICH's datatypes, nor for the program's. */
#define TSF_KIND_HOLD  0xc8000000u
#define TSF_GEN_SHIFT  22
#define TSF_GEN_MASK   0xfu
#define TSF_SLOT_MASK  0x3fffffu
#define TSF_CHUNK_BITS 10 /* 24 KiB zeroed at once: the first handle stays cheap */
#define TSF_CHUNK_SIZE (1u << TSF_CHUNK_BITS)
#define TSF_NCHUNKS    ((TSF_SLOT_MASK + 1) / TSF_CHUNK_SIZE)

typedef struct tsf_slot {
    _Atomic(tsf_dtype *) obj;
    /* handles issued here: the generation is its low 4 bits, and a handle
     * of a generation not yet reached was never issued */
    uint32_t gen;
    int32_t next_free; /* the slot freed after this one */
    /* where the last type issued here was made, for the message about
     * its handle once freed (tsf_handle_fate) */
    const void *site;
} tsf_slot;

/* Layered: MPICH's datatype handles are kind (2 bits: direct 10, indirect
 * 11), object type 0x3 (4 bits), index (26 bits); the table is indexed by
 * kind and index. */
#define TSF_MPICH_TYPE_MASK  0x3c000000u
#define TSF_MPICH_DATATYPE   0x0c000000u
#define TSF_LKEY_BITS        27
#define TSF_MPICH_DIRECT_MAX 8u
#define TSF_NLCHUNKS         ((1u << TSF_LKEY_BITS) / TSF_CHUNK_SIZE)

typedef struct tsf_lslot {
    _Atomic(tsf_dtype *) obj;
    _Atomic uint32_t freed; /* the last handle released here */
    /* where the type bound here was made (tsf_handle_fate) */
    _Atomic(const void *) site;
} tsf_lslot;

/* Chunks are made once and never moved or freed: read with acquire. */
TSU_HIDDEN extern _Atomic(tsf_slot *) tsf_chunks[TSF_NCHUNKS];
TSU_HIDDEN extern _Atomic(tsf_lslot *) tsf_lchunks[TSF_NLCHUNKS];
/* Builtin handles 0x4c0000xx and 0x4c00xxxx, by low byte (set at load). */
TSU_HIDDEN extern tsf_dtype *tsf_builtin_by_low[256];

/* The slot of standalone index idx; NULL while its chunk is not made. */
static inline tsf_slot *tsf_slot_at(uint32_t idx)
{
    tsf_slot *c = atomic_load_explicit(&tsf_chunks[idx >> TSF_CHUNK_BITS], memory_order_acquire);
    return c ? &c[idx & (TSF_CHUNK_SIZE - 1)] : NULL;
}

/* The key of u in the layered table: its kind bit and index; -1 when u
 * cannot be an MPICH derived-type handle.  MPICH's direct pool holds
 * MPIR_DATATYPE_PREALLOC (8) datatypes: a direct handle beyond it is
 * forged, and asking MPICH would read past its array. */
static inline int64_t tsf_lkey(uint32_t u)
{
    uint32_t kind_type = u & 0xfc000000u, index = u & 0x03ffffffu;

    /* indirect first: a derived type's handle is one (the direct pool is
     * MPICH's first eight types); this is every layered query's path */
    if (TSU_LIKELY(kind_type == (0xc0000000u | TSF_MPICH_DATATYPE)))
        return (int64_t)(1u << 26 | index);
    if (kind_type == (0x80000000u | TSF_MPICH_DATATYPE) && index < TSF_MPICH_DIRECT_MAX)
        return (int64_t)index;
    return -1;
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
    uint32_t u = (uint32_t)h;
    tsf_dtype *o = NULL;

    if ((u & 0xffff0000u) == 0x4c000000u) {
        o = tsf_builtin_by_low[u & 0xff];
    } else if (tsf_active_hooks()->bound_handles) {
        int64_t key = tsf_lkey(u);
        tsf_lslot *c = key < 0 ? NULL
                               : atomic_load_explicit(&tsf_lchunks[key >> TSF_CHUNK_BITS],
                                                      memory_order_acquire);
        if (c)
            o = atomic_load_explicit(&c[key & (TSF_CHUNK_SIZE - 1)].obj, memory_order_acquire);
    } else if ((u & TSF_KIND_MASK) == TSF_KIND_DERIV) {
        tsf_slot *s = tsf_slot_at(u & TSF_SLOT_MASK);
        if (s)
            o = atomic_load_explicit(&s->obj, memory_order_acquire);
    }
    return TSU_LIKELY(tsf_handle_valid(o, h)) ? o : tsf_lookup_slow(h);
}

#endif /* TSF_HANDLE_H */
