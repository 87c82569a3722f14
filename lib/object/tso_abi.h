/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The one place that knows how the ABI spells a handle.  Every object
 * kind typeshim issues handles for (both libraries) is listed here with
 * the handle's layout; the handle tables (tso_table.c) read nothing
 * else.  MPICH's ABI: a handle is a 32-bit integer, bits 30..31 its
 * storage kind (01 builtin, 10 direct, 11 indirect), bits 26..29 the
 * object type, the rest an index.  typeshim keeps MPICH's kind and
 * object-type bits (so MPICH's own checks read a typeshim handle as one
 * of the right kind) and splits the index into a slot and the slot's
 * generation.
 *
 * A freed slot rests until `rest` other slots of its kind were freed
 * after it, and comes back with its next generation: a stale handle
 * names nothing for at least 2^gen_bits * (rest + 1) create/free cycles
 * of its kind, while fewer than 2^idx_bits - rest objects of the kind are
 * live (past that, the oldest resting slot comes back sooner rather than
 * the creation failing).  Every kind below but the runtime's holds on
 * datatypes (65552 cycles) holds at least 2^20.
 */
#ifndef TSO_ABI_H
#define TSO_ABI_H

#include <stdint.h>

enum tso_kind {
    TSO_DATATYPE,      /* derived datatypes, standalone */
    TSO_DATATYPE_HOLD, /* a runtime's hold on a datatype (same slots) */
    TSO_COMM,          /* communicators */
    TSO_GROUP,         /* groups */
    TSO_ERRHANDLER,    /* user error handlers */
    TSO_OP,            /* user reduction operations */
    TSO_INFO,          /* info objects */
    TSO_KEYVAL_COMM,   /* keyvals of communicators */
    TSO_KEYVAL_TYPE,   /* keyvals of datatypes */
    TSO_REQUEST,       /* requests */
    TSO_MESSAGE,       /* matched-probe messages */
    TSO_WIN,           /* windows (one-sided communication) */
    TSO_KEYVAL_WIN,    /* keyvals of windows */
    TSO_FILE,          /* files (MPI-IO) */
    TSO_SESSION,       /* sessions (MPI-4 Sessions model) */
    TSO_NKINDS
};

typedef struct tso_layout {
    uint32_t bits, mask; /* the kind's fixed bits, and which bits they are */
    unsigned gen_bits;   /* generation bits, just above the slot bits */
    unsigned idx_bits;   /* slot bits, at the bottom */
    unsigned rest;       /* slots freed after a freed one before it returns */
} tso_layout;

/* Indexed by enum tso_kind. */
static const tso_layout tso_layouts[TSO_NKINDS] = {
    [TSO_DATATYPE] = {0xcc000000u, 0xfc000000u, 4, 22, 1u << 18},
    /* 0xc8: MPICH reads it as a group's handle, never as a datatype's;
     * 16 * 4097 cycles: holds are made and released per message */
    [TSO_DATATYPE_HOLD] = {0xc8000000u, 0xfc000000u, 4, 22, 4096},
    [TSO_COMM] = {0x84000000u, 0xfc000000u, 10, 16, 1024},
    [TSO_GROUP] = {0x88000000u, 0xfc000000u, 10, 16, 1024},
    [TSO_ERRHANDLER] = {0x94000000u, 0xfc000000u, 10, 16, 1024},
    [TSO_OP] = {0x98000000u, 0xfc000000u, 10, 16, 1024},
    [TSO_INFO] = {0x9c000000u, 0xfc000000u, 10, 16, 4096},
    /* keyvals: MPICH's indirect keyval kind (0xa4) and, in bits 22..25,
     * the kind of object they attach to (communicator 1, datatype 3,
     * window 8) */
    [TSO_KEYVAL_COMM] = {0xa4400000u, 0xffc00000u, 10, 12, 1024},
    [TSO_KEYVAL_TYPE] = {0xa4c00000u, 0xffc00000u, 10, 12, 1024},
    [TSO_KEYVAL_WIN] = {0xa6000000u, 0xffc00000u, 10, 12, 1024},
    [TSO_REQUEST] = {0xac000000u, 0xfc000000u, 8, 18, 4096},
    [TSO_MESSAGE] = {0xec000000u, 0xfc000000u, 8, 18, 4096},
    [TSO_WIN] = {0xa0000000u, 0xfc000000u, 10, 16, 1024},
    /* MPICH's MPI_File is a pointer (ROMIO's record), which the program
     * never reads: the word in the low half of a pointer-sized handle,
     * with an object type MPICH gives no integer handle */
    [TSO_FILE] = {0xb4000000u, 0xfc000000u, 10, 16, 1024},
    /* MPICH's direct session (MPI_SESSION_NULL is 0x38000000) */
    [TSO_SESSION] = {0xb8000000u, 0xfc000000u, 10, 16, 1024},
};

/* A handle of kind k for slot idx at generation gen. */
static inline uint32_t tso_abi_handle(enum tso_kind k, uint32_t gen, uint32_t idx)
{
    const tso_layout *l = &tso_layouts[k];
    return l->bits | (gen & ((1u << l->gen_bits) - 1)) << l->idx_bits | idx;
}

/* Whether h has kind k's bits and nothing above its generation. */
static inline int tso_abi_is(enum tso_kind k, uint32_t h)
{
    const tso_layout *l = &tso_layouts[k];
    return (h & l->mask) == l->bits && !((h & ~l->mask) >> (l->idx_bits + l->gen_bits));
}

static inline uint32_t tso_abi_slot(enum tso_kind k, uint32_t h)
{
    return h & ((1u << tso_layouts[k].idx_bits) - 1);
}

static inline uint32_t tso_abi_gen(enum tso_kind k, uint32_t h)
{
    const tso_layout *l = &tso_layouts[k];
    return (h >> l->idx_bits) & ((1u << l->gen_bits) - 1);
}

/* A handle's word: the 32 bits the layouts above describe.  Every handle
 * type of the ABI converts through TSO_WORD and back through TSO_HANDLE. */
#if TS_ABI_OMPI
/* Open MPI's ABI: a handle is a pointer, and a predefined one the address
 * of an object libmpi (or typeshim's runtime) defines.  A handle typeshim
 * issues is its word in the low half of a non-canonical address (high
 * half TSO_ABI_TAG): no object can live there, so it never equals a
 * pointer the MPI made, and dereferencing it faults rather than reading
 * another object.  Any other value has word 0, which no kind above has. */
#define TSO_ABI_TAG 0x7a5a0000u
static inline uint32_t tso_abi_word(uintptr_t p)
{
    return (uint32_t)(p >> 32) == TSO_ABI_TAG ? (uint32_t)p : 0;
}
static inline uintptr_t tso_abi_bits(uint32_t w)
{
    return (uintptr_t)TSO_ABI_TAG << 32 | w;
}

/* Builtin handles are found by address (tsf_builtin.c), not by bits. */
static inline int tso_abi_builtin(uint32_t w)
{
    (void)w;
    return 0;
}
#else
/* MPICH's ABI: the handle is the word.  (uintptr_t)(int) sign-extends a
 * handle with bit 31 set; the word is its low half again. */
static inline uint32_t tso_abi_word(uintptr_t h)
{
    return (uint32_t)h;
}
static inline uint32_t tso_abi_bits(uint32_t w)
{
    return w;
}

/* MPICH's builtin handles (predefined datatypes, MPI_COMM_WORLD, the
 * predefined operations...): storage kind 01. */
static inline int tso_abi_builtin(uint32_t h)
{
    return (h >> 30) == 1;
}
#endif
#define TSO_WORD(h) tso_abi_word((uintptr_t)(h))
/* through uintptr_t: MPICH's MPI_File is a pointer holding a word */
#define TSO_HANDLE(type, w) ((type)(uintptr_t)tso_abi_bits(w))

/* How messages print a handle, and name the MPI whose ABI this is and
 * the library built for it. */
#if TS_ABI_OMPI
#define TSO_HFMT    "%p"
#define TSO_HARG(h) ((void *)(h))
#define TSO_ABI_MPI "Open MPI"
#define TSO_ABI_LIB "libtypeshim-ompi"
#else
#define TSO_HFMT    "0x%08x"
#define TSO_HARG(h) ((unsigned)(h))
#define TSO_ABI_MPI "MPICH"
#define TSO_ABI_LIB "libtypeshim"
#endif

/* Layered mode: handles the MPI under typeshim made, as bits
 * (TSO_FOREIGN), and the key of such a bits in the table of them
 * (tso_map), or -1 when it cannot be a derived datatype's. */
#define TSO_FOREIGN(h) tso_abi_foreign((uintptr_t)(h))
#if TS_ABI_OMPI
/* A pointer to an object libmpi allocated: 8-byte aligned, and below the
 * top of user space (x86-64 and AArch64: 2^47).  The map hashes it. */
#define TSO_ABI_FOREIGN_KEY_BITS 47
static inline uintptr_t tso_abi_foreign(uintptr_t p)
{
    return p;
}
static inline int64_t tso_abi_foreign_key(uintptr_t p)
{
    return p && !(p & 7) && p < (uintptr_t)1 << TSO_ABI_FOREIGN_KEY_BITS ? (int64_t)p : -1;
}
/* Predefined handles are addresses like any other. */
static inline int tso_abi_maybe_predefined(uintptr_t p)
{
    (void)p;
    return 1;
}
#else
static inline uintptr_t tso_abi_foreign(uintptr_t h)
{
    return (uint32_t)h;
}
/* The storage kind bit and 26-bit index of an MPICH derived datatype's
 * handle.  MPICH's direct pool holds its first eight datatypes
 * (MPIR_DATATYPE_PREALLOC): a direct handle beyond them is forged, and
 * asking MPICH about it would read past its array. */
#define TSO_ABI_FOREIGN_KEY_BITS 27
static inline int64_t tso_abi_foreign_key(uintptr_t h)
{
    uint32_t u = (uint32_t)h, kind_type = u & 0xfc000000u, index = u & 0x03ffffffu;

    /* indirect first: a derived type's handle is one */
    if (__builtin_expect(kind_type == 0xcc000000u, 1))
        return (int64_t)(1u << 26 | index);
    if (kind_type == 0x8c000000u && index < 8)
        return (int64_t)index;
    return -1;
}
/* Builtin (01), or one of MPICH's first direct pair types. */
static inline int tso_abi_maybe_predefined(uintptr_t h)
{
    uint32_t u = (uint32_t)h;
    return (u >> 30) == 1 || (u & 0xfffffff8u) == 0x8c000000u;
}
#endif

#endif /* TSO_ABI_H */
