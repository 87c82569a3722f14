/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tsf: the MPI façade.  Validates arguments, maps handles to objects, calls
 * the engine, records constructor arguments for decoding.  Every tsf_api_
 * function returns an error code it has not raised: the binding raises it.
 * The mode (lib/layer) changes what the façade does only through the hooks
 * it installs (tsf_hooks); the façade knows nothing of MPICH.
 *
 * Ownership of a tsf_dtype: the user count (tsf_urefs) is the handle
 * references the program holds (1 from the constructor, +1 per handle
 * returned by get_contents); the internal count (tsf_irefs) is the
 * constructor records of other types that name it.  The object (and its
 * engine type, contents, attributes, handle) is destroyed when both reach
 * zero.  A handle whose user count is zero is invalid to the program
 * (MPI_ERR_TYPE), even while parents keep the object alive.
 *
 * A runtime's holds (typeshim_type_hold: a pending request, a queued
 * message) keep the object's memory, not its place among the program's
 * types: when both counts reach zero the object is retired (attribute
 * delete callbacks, the handle released, the children let go as the
 * program sees them), and freed, without any callback, when the last
 * hold goes (tsf_hold).  So the program's MPI_Type_free runs the delete
 * callbacks and stales its handle, whatever the runtime still holds.
 */
#ifndef TSF_H
#define TSF_H

#include <stdatomic.h>
#include <stdint.h>

/* The MPI declarations are the exported interface: default visibility. */
#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "engine/tsd.h"
#include "facade/tsf_api.h"

#define TSF_MAGIC 0x74736664u /* "tsfd" */

enum tsf_kind {
    TSF_NAMED = 1,   /* predefined named: static, immortal */
    TSF_UNNAMED = 2, /* predefined unnamed (f90 types): cached, immortal */
    TSF_DERIVED = 3,
};

struct tsf_dtype;
struct tsf_keyval;

typedef struct tsf_contents {
    int combiner;
    int64_t ni, na, nc, nd;
    int *ints;
    MPI_Aint *addrs;
    MPI_Count *counts;
    struct tsf_dtype **types; /* each holds an internal reference */
} tsf_contents;

typedef struct tsf_dtype {
    uint32_t magic;
    int kind;
    MPI_Datatype handle;
    /* Both counts in one word, user count << 32 | internal count: the one
     * decrement that leaves the word zero is seen by exactly one thread.
     * With two words, a user free racing the last parent's free could each
     * read the other count as zero and both destroy the object. */
    _Atomic uint64_t refs;
    tsd_type *eng;          /* owned unless predefined */
    tsf_contents *contents; /* NULL for named types */
    struct tso_attr *attrs;
    int eps_class;  /* MPICH's struct padding identity for named types */
    int destroying; /* delete callbacks may still query the type */
    /* The runtime's holds (tsf_hold), plus 1 until the object is retired:
     * the decrement that leaves it zero frees the object. */
    _Atomic uint32_t holds;
    /* Retired while held: only the holds' handles reach it (tsf_retired). */
    _Atomic int retired;
    /* The handle was made by the next layer, which counts the program's
     * references to it: valid while the object lives, and MPI_Type_free
     * goes to the hooks (free_foreign). */
    int foreign;
    /* The mode's per-type state, zero at creation: a struct the mode
     * declares and keeps here (it checks that it fits). */
    uint64_t mode_state[3];
} tsf_dtype;

#define TSF_UREF ((uint64_t)1 << 32) /* one user reference in refs */
#define TSF_IREF ((uint64_t)1)       /* one internal reference */

static inline uint32_t tsf_urefs(const tsf_dtype *o)
{
    return (uint32_t)(atomic_load_explicit(&o->refs, memory_order_relaxed) >> 32);
}

static inline uint32_t tsf_irefs(const tsf_dtype *o)
{
    return (uint32_t)atomic_load_explicit(&o->refs, memory_order_relaxed);
}

/* A constructor record as the caller has it (copied by tsf_publish). */
typedef struct tsf_record {
    int combiner;
    int64_t ni, na, nc, nd;
    const int *ints;
    const MPI_Aint *addrs;
    const MPI_Count *counts;
    tsf_dtype *const *types;
    /* The caller's own arrays as further pieces of ints and counts (ni and
     * nc count them too), copied straight into the contents: a million
     * blocks are not assembled into one array first. */
    const int *ints_more[2];
    int64_t ni_more[2];
    const MPI_Count *counts_more[2];
    int64_t nc_more[2];
} tsf_record;

/* ---- hooks (tsf_hooks.c) ----
 * What a mode adds to the façade, installed when the mode is decided (and
 * again if a provisional decision changes before the first handle is
 * issued).  A NULL member: the standalone behaviour. */
typedef struct tsf_hooks {
    /* Gives derived o (built, with its contents) its handle and enters it
     * in the table (tsf_handle_alloc without the hook).  Returns an
     * unraised error code, or -1 when there is no handle to give. */
    int (*publish)(tsf_dtype *o, const tsf_record *rec, const char *fn);
    /* Handles are the next layer's (tsf_handle_bind), not typeshim's. */
    int bound_handles;
    /* Under o's lock, before the engine commits derived o (done: it has
     * already); an error leaves o uncommitted.  Returns an unraised code. */
    int (*commit)(tsf_dtype *o, int done, const char *fn);
    /* After derived o's handle left the table, before o is freed. */
    void (*destroy)(tsf_dtype *o);
    /* MPI_Type_free of foreign o: what the program's reference means. */
    void (*free_foreign)(tsf_dtype *o);
    /* The object of a handle the table does not know, or NULL (invalid). */
    tsf_dtype *(*unknown)(MPI_Datatype h);
    /* This process's rank, for dumps (NULL: a single process). */
    int (*rank)(void);
} tsf_hooks;

TSU_HIDDEN extern _Atomic(const tsf_hooks *) tsf_hooks_now;
TSU_HIDDEN void tsf_hooks_install(const tsf_hooks *h);
static inline const tsf_hooks *tsf_active_hooks(void)
{
    return atomic_load_explicit(&tsf_hooks_now, memory_order_acquire);
}

/* ---- function tables (tsf_contents.c) ----
 * The MPI functions of libtypeshim as pointers: the next layer's, or the
 * façade's own (tsf_self). */
typedef struct tsf_fn_table {
#define TSF_FN(n) __typeof__(PMPI_##n) *n;
#include "facade/tsf_fns.def"
#undef TSF_FN
} tsf_fn_table;
TSU_HIDDEN extern const tsf_fn_table tsf_self;

/* ---- handles (tsf_handle.c, tsf_builtin.c) ---- */
TSU_HIDDEN tsf_dtype *tsf_builtin_lookup(MPI_Datatype h);
/* The first named type of basic id `id` in MPICH's order ("MPI_INT" for
 * the id MPI_INT32_T and MPI_INTEGER share), for messages. */
TSU_HIDDEN const char *tsf_builtin_id_name(int id);
/* The member types of a pair type (MPI_2INT, MPI_FLOAT_INT...): 1 and
 * *a, *b set, or 0 when o is none. */
TSU_HIDDEN int tsf_builtin_pair(const tsf_dtype *o, const tsf_dtype **a, const tsf_dtype **b);
/* names[id] (TSD_ID_MAX entries, NULL on entry): the named type of basic
 * id `id` among those o was built from, for messages and the dump, at
 * most `budget` types read (a member repeated at once is read once).
 * With shared NULL the first name read stays; else a second, different
 * name for one id (MPI_CHAR and MPI_INT8_T are both int8) sets it to
 * shared.  Returns the budget left: negative when the walk stopped short. */
TSU_HIDDEN int tsf_named_kinds(const tsf_dtype *o, const char **names, int budget,
                               const char *shared);
/* Layered mode: the object bound to h, without adopting (NULL if none). */
TSU_HIDDEN tsf_dtype *tsf_lookup_known(MPI_Datatype h);
TSU_HIDDEN int tsf_handle_alloc(tsf_dtype *o);
/* Bound handles: enters o under o->handle (made by the next layer);
 * fails when that handle is already taken. */
TSU_HIDDEN int tsf_handle_bind(tsf_dtype *o);
/* Bound handles: moves o to handle h (made by the next layer), which
 * makes it foreign; its former handle is remembered as freed.  Fails, with
 * nothing changed, when h is taken. */
TSU_HIDDEN int tsf_handle_rebind(tsf_dtype *o, MPI_Datatype h);
/* Bound handles: takes o out of the table, its handle being no longer
 * its own (the next layer freed it and issued it again); o stays valid
 * for those that hold it, and its release later leaves the table alone.
 * Fails when o is not bound. */
TSU_HIDDEN int tsf_handle_unbind(tsf_dtype *o);
TSU_HIDDEN void tsf_handle_release(tsf_dtype *o);
/* Standalone: a second handle for o (a hold, *h), in a slot of its own:
 * not counted live, never reported, o->handle unchanged.  -1 when out of
 * memory or of slots. */
TSU_HIDDEN int tsf_handle_hold(tsf_dtype *o, MPI_Datatype *h);
/* The object of hold handle h, taken out of the table (NULL if h is no
 * live hold). */
TSU_HIDDEN tsf_dtype *tsf_handle_unhold(MPI_Datatype h);
/* Whether h has the shape of a hold handle (TSO_DATATYPE_HOLD). */
TSU_HIDDEN int tsf_handle_is_hold(MPI_Datatype h);
/* What the table can tell of a handle it does not find valid. */
enum tsf_fate {
    TSF_FATE_UNKNOWN, /* freed, or never issued: cannot tell */
    TSF_FATE_FREED,   /* issued, and freed by the program */
    TSF_FATE_NEVER,   /* never issued */
};
/* h's fate; *site gets the call site of its constructor when the table
 * still knows it (standalone, the slot not issued again), else NULL. */
TSU_HIDDEN enum tsf_fate tsf_handle_fate(MPI_Datatype h, const void **site);
TSU_HIDDEN long tsf_handle_live(void);
/* Calls fn on every derived object in the table (the program's handles
 * and the children they keep) with the call site of its constructor
 * (NULL when none of the program's); for reports at the end of a run.
 * Holds the handle lock: fn may not make or free a type. */
TSU_HIDDEN void tsf_handle_each(void (*fn)(tsf_dtype *o, const void *site, void *arg), void *arg);
TSU_HIDDEN void tsf_builtin_init(void);
TSU_HIDDEN long tsf_f90_cached(void); /* immortal f90 handles (tsf_f90.c) */
/* immortal unnamed value-index pairs (tsf_value_index.c) */
TSU_HIDDEN long tsf_value_index_cached(void);
/* Where the index of a value-index pair of these two predefined types
 * sits: the offset of the second member of struct { value; index; }
 * (tsf_value_index.c). */
TSU_HIDDEN void tsf_value_index_layout(const tsd_type *value, const tsd_type *index,
                                       int64_t *disp_index);

/* ---- constructor records (tsf_contents.c) ---- */
/* A copy of r in one allocation (tsu_free), NULL when memory ran out. */
/* The bytes of the copy of r (the record and its arrays in one block),
 * and the copy made in mem, which has that many. */
TSU_HIDDEN size_t tsf_contents_size(const tsf_record *r);
TSU_HIDDEN tsf_contents *tsf_contents_init(void *mem, const tsf_record *r);
/* Replays the constructor call c records through table fns (the next
 * layer's or tsf_self) over the child handles kids; returns fns' error
 * code (MPI_ERR_INTERN for a combiner fns cannot make). */
TSU_HIDDEN int tsf_contents_replay(const tsf_fn_table *fns, const tsf_contents *c,
                                   const MPI_Datatype *kids, MPI_Datatype *out);

/* ---- objects (tsf_object.c) ---- */
/* Steals eng (freed on failure); on success *newtype is the new handle. */
TSU_HIDDEN int tsf_publish(const char *fn, tsd_type *eng, const tsf_record *rec,
                           MPI_Datatype *newtype);
TSU_HIDDEN void tsf_ref_user(tsf_dtype *o);
/* The program's references to o end without destroying it: its parent
 * (about to be made) will hold it, or a ref/unref pair destroys it. */
TSU_HIDDEN void tsf_disown_user(tsf_dtype *o);
/* With TYPESHIM_DEBUG_CHECK set (make check sets it), aborts with a dump
 * when an engine type breaks its invariants (tsd_check). */
TSU_HIDDEN void tsf_debug_check(const tsd_type *t, const char *fn);
TSU_HIDDEN void tsf_unref_user(tsf_dtype *o);
/* One more (one less) hold of derived o's memory, which a valid reference
 * or hold keeps meanwhile; the last one frees a retired object.  No
 * callback runs, no lock is taken: a runtime may call them under its own. */
TSU_HIDDEN void tsf_hold(tsf_dtype *o);
TSU_HIDDEN void tsf_unhold(tsf_dtype *o);
/* Whether o is retired: the program's references and its parents are
 * gone, only holds keep it.  It may be read (sizes, packing, matching,
 * messages) but makes no new type, gives no handles and takes no
 * attribute. */
static inline int tsf_retired(const tsf_dtype *o)
{
    return atomic_load_explicit(&o->retired, memory_order_acquire);
}
/* Commits o's engine type (nothing else: no hook, no TYPESHIM_DUMP) unless
 * it is committed; returns an unraised error code. */
TSU_HIDDEN int tsf_commit_engine(tsf_dtype *o, const char *fn);
/* Serialises writers of one object (name, commit, cached signature) under
 * MPI_THREAD_MULTIPLE: one of 64 locks, by address, never a global one.
 * Size, extent and decoding queries take none. */
TSU_HIDDEN void tsf_obj_lock(const tsf_dtype *o);
TSU_HIDDEN void tsf_obj_unlock(const tsf_dtype *o);
/* tsd_signature(o->eng) under o's lock (computed once, then cached). */
TSU_HIDDEN uint64_t tsf_signature(const tsf_dtype *o);

/* ---- errors (tsf_error.c) ---- */
/* tsf_mpi1.c calls the modern tsf_api_ function under the MPI-1 name: while set
 * (per thread), messages name `alias` instead of the modern function. */
TSU_HIDDEN const char *tsf_call_as(const char *alias);
/* Records a message "fn: ..." and returns a new error code of class cls. */
TSU_HIDDEN int tsf_err(int cls, const char *fn, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Whether an MPI runtime's error handlers are linked in (standalone:
 * libtypeshim-serial). */
TSU_HIDDEN int tsf_runtime_present(void);
/* An MPI_ERR_TYPE code for valid datatype argument `arg` = h (object o)
 * that the call refuses: "fn: argument arg=0x... (label) why", the label
 * (tsf_label) cut so that the whole message, why included, is kept. */
TSU_HIDDEN int tsf_err_type(const char *fn, const char *arg, MPI_Datatype h, const tsf_dtype *o,
                            const char *why);
/* Maps an engine status to an MPI error code. */
TSU_HIDDEN int tsf_err_engine(int tsd_rc, const char *fn);

/* tsf_get's failure: sets *rc to an MPI_ERR_TYPE code naming fn and arg
 * (h is MPI_DATATYPE_NULL, or nothing valid: freed, or never issued, as
 * far as tsf_handle_fate can tell) and returns NULL. */
TSU_HIDDEN tsf_dtype *tsf_get_failed(MPI_Datatype h, const char *fn, const char *arg, int *rc);
/* Looks up an input datatype argument; on failure returns NULL and sets
 * *rc to an MPI_ERR_TYPE code naming fn and arg.  Inline: every call with
 * a datatype argument passes here, the message only on failure. */
#include "facade/tsf_handle.h" /* tsf_lookup */

static inline tsf_dtype *tsf_get(MPI_Datatype h, const char *fn, const char *arg, int *rc)
{
    tsf_dtype *o = h != MPI_DATATYPE_NULL ? tsf_lookup(h) : NULL;

    return TSU_LIKELY(o != NULL) ? o : tsf_get_failed(h, fn, arg, rc);
}
/* The same, for a datatype describing a buffer: it must be committed. */
TSU_HIDDEN tsf_dtype *tsf_get_committed(MPI_Datatype h, const char *fn, const char *arg, int *rc);
TSU_HIDDEN const char *tsf_name_of(MPI_Datatype h, char *buf, size_t len);

#define TSF_FAIL(cls, ...)                                                                         \
    do {                                                                                           \
        rc = tsf_err(cls, fn, __VA_ARGS__);                                                        \
        goto fn_fail;                                                                              \
    } while (0)
#define TSF_CHECK(cond, cls, ...)                                                                  \
    do {                                                                                           \
        if (TSU_UNLIKELY(!(cond)))                                                                 \
            TSF_FAIL(cls, __VA_ARGS__);                                                            \
    } while (0)
#define TSF_CHECK_PTR(p, argname)                                                                  \
    TSF_CHECK((p) != NULL, MPI_ERR_ARG, "argument %s must not be NULL", argname)
/* A status to read or write: MPI_STATUS_IGNORE ((MPI_Status *)1 in MPICH)
 * is not one, and MPICH crashes on it; here it is MPI_ERR_ARG. */
#define TSF_CHECK_STATUS(p)                                                                        \
    do {                                                                                           \
        TSF_CHECK_PTR(p, "status");                                                                \
        TSF_CHECK((p) != MPI_STATUS_IGNORE, MPI_ERR_ARG,                                           \
                  "argument status=MPI_STATUS_IGNORE holds no status");                            \
    } while (0)
#define TSF_GET_COMMITTED(var, h, argname)                                                         \
    do {                                                                                           \
        if (!((var) = tsf_get_committed((h), fn, (argname), &rc)))                                 \
            goto fn_fail;                                                                          \
    } while (0)
#define TSF_GET(var, h, argname)                                                                   \
    do {                                                                                           \
        if (!((var) = tsf_get((h), fn, (argname), &rc)))                                           \
            goto fn_fail;                                                                          \
    } while (0)
/* The bodies of typeshim_error_make, typeshim_error_class and
 * typeshim_error_message (typeshim.h; the binding exports them). */
TSU_HIDDEN int tsf_error_make(int errclass, const char *message);
TSU_HIDDEN int tsf_error_class(int code);
TSU_HIDDEN int tsf_error_message(int code, char *buf, int *len);
/* The runtime's raise function (typeshim_runtime_attach): calls comm's
 * error handler with code, returns when the handler does.  NULL
 * detaches; tsf_runtime_raise gives the attached one, or NULL. */
typedef int tsf_raise_fn(MPI_Comm comm, int code);
TSU_HIDDEN void tsf_runtime_attach(tsf_raise_fn *raise);
TSU_HIDDEN tsf_raise_fn *tsf_runtime_raise(void);

/* A count result into an int (narrow: MPI_UNDEFINED when it does not fit,
 * MPI-4.0 §4.1.11) or an MPI_Count. */
static inline void tsf_put_count(void *out, int narrow, int64_t v)
{
    if (narrow)
        *(int *)out = v > INT32_MAX ? MPI_UNDEFINED : (int)v;
    else
        *(MPI_Count *)out = v;
}

/* ---- packed buffers (tsf_pack.c) ----
 * bytes at `position` of a `bufsize`-byte packed buffer: position is not
 * negative, they fit (MPI_ERR_TRUNCATE otherwise: nothing is written), the
 * buffer is not NULL when bytes > 0; *end gets position + bytes.  Returns
 * an unraised error code.  form: "" or "external32 ", for the messages.
 * Inline: it is on the path of every MPI_Pack call. */
static inline int tsf_buffer_room(const char *fn, int unpack, const char *form, int64_t count,
                                  int64_t bytes, int64_t bufsize, int64_t position,
                                  const void *buffer, int64_t *end)
{
    int rc;

    TSF_CHECK(position >= 0, MPI_ERR_ARG, "*position=%lld must be non-negative",
              (long long)position);
    if (tsu_add(position, bytes, end) || *end > bufsize) {
        if (unpack)
            TSF_FAIL(MPI_ERR_TRUNCATE,
                     "%lld %sbytes at position %lld do not fit in the %lld-byte input buffer "
                     "(insize): the packed data is shorter than outcount=%lld of the datatype",
                     (long long)bytes, form, (long long)position, (long long)bufsize,
                     (long long)count);
        TSF_FAIL(MPI_ERR_TRUNCATE,
                 "%lld %sbytes at position %lld do not fit in the %lld-byte output buffer "
                 "(outsize); nothing was written",
                 (long long)bytes, form, (long long)position, (long long)bufsize);
    }
    TSF_CHECK(buffer != NULL || bytes == 0, MPI_ERR_BUFFER, "argument %s is NULL",
              unpack ? "inbuf" : "outbuf");
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

/* Sets to 0xff each byte of mask (the image of user memory from byte lo
 * on) that count elements of committed o occupy; 0, or -1 when o is not
 * committed or memory ran out. */
TSU_HIDDEN int tsf_typemap_mask(const tsf_dtype *o, int64_t count, int64_t lo, unsigned char *mask);

/* ---- construction, for messages (tsf_describe.c) ---- */
/* "vector", "struct"...: the name of an MPI_COMBINER_ value. */
TSU_HIDDEN const char *tsf_combiner_name(int combiner);
/* o's construction on one line into buf, each constructor call with its
 * arguments as the program passed them ("vector(2, 1, 4, MPI_INT)");
 * cut to len with "..." at the end; returns buf. */
TSU_HIDDEN const char *tsf_describe(const tsf_dtype *o, char *buf, size_t len);
/* What messages call o: a predefined type's name; a derived type's
 * construction, after its name in quotes when it has one
 * ("\"halo\", vector(2, 1, 4, MPI_INT)"); cut as tsf_describe. */
TSU_HIDDEN const char *tsf_label(const tsf_dtype *o, char *buf, size_t len);
/* o's bytes over [min(lb, true_lb), max(ub, true_ub)) on one line: data
 * U+25A0, gap U+25A1 (# and . unless the locale is UTF-8), the middle of a
 * span over 128 bytes elided with its length, then the counts. */
TSU_HIDDEN const char *tsf_layout_map(const tsf_dtype *o, char *buf, size_t len);

/* ---- datatype arguments of communication calls (tsf_buffers.c) ----
 * What a call needs of a datatype argument, beyond a valid handle. */
enum tsf_arg_need {
    TSF_ARG_COMMITTED = 1u << 0, /* it describes a buffer: committed */
    /* a receive buffer: no overlapping type map, nor count copies that
     * overlap each other (the map of contiguous(count, type)) */
    TSF_ARG_RECV = 1u << 1,
};
/* Checks datatype argument `arg` = h of call fn and its count (countname
 * NULL: none): an unraised error code naming both, or MPI_SUCCESS. */
TSU_HIDDEN int tsf_check_type(const char *fn, const char *arg, MPI_Datatype h,
                              const char *countname, int64_t count, unsigned need);
/* The same for arrays of n types and n counts (int or MPI_Count, by
 * count_size); n < 0: unknown, nothing is checked. */
TSU_HIDDEN int tsf_check_types(const char *fn, const char *arg, const MPI_Datatype *h,
                               const char *countname, const void *counts, size_t count_size, int n,
                               unsigned need);
/* One type h for n counts (the receive side of MPI_Gatherv, Allgatherv,
 * Alltoallv: blocks of counts[i] elements): tsf_check_type without a
 * count, then, for a receive, the copies of the largest count (n < 0 or
 * counts NULL: not known, not checked). */
TSU_HIDDEN int tsf_check_type_counts(const char *fn, const char *arg, MPI_Datatype h,
                                     const char *countname, const void *counts, size_t count_size,
                                     int n, unsigned need);

/* Attribute teardown on destruction (tsf_attr.c). */
TSU_HIDDEN void tsf_attrs_destroy(tsf_dtype *o);
/* Copies from's attributes to `to` through their copy callbacks; an error
 * code when one failed (*refused = 1) or memory ran out. */
TSU_HIDDEN int tsf_attrs_copy(tsf_dtype *from, tsf_dtype *to, const char *fn, int *refused);

/* TYPESHIM_DUMP at commit (tsf_dump.c). */
TSU_HIDDEN void tsf_dump_on_commit(tsf_dtype *o);
/* The bodies of typeshim_version, typeshim_live_types (tsf_dump.c) and
 * typeshim_leak_report (tsf_leaks.c): typeshim.h. */
TSU_HIDDEN const char *tsf_version(void);
TSU_HIDDEN long tsf_live_types(void);
TSU_HIDDEN long tsf_leak_report(FILE *out, int rank);
/* The bodies of typeshim_buffer_bytes and typeshim_type_move
 * (tsf_buffers.c): a runtime's fast path, never raised. */
TSU_HIDDEN int tsf_buffer_bytes(MPI_Datatype datatype, MPI_Count count, int receive,
                                MPI_Count *bytes);
TSU_HIDDEN int tsf_type_move(const void *src, MPI_Count scount, MPI_Datatype stype, void *dst,
                             MPI_Count rcount, MPI_Datatype rtype, MPI_Count *nbytes);

/* ---- shared by the indexed family (tsf_indexed.c) ----
 * The caller's blocks as they are (disps in bytes when in_bytes, else in
 * extents of oldtype: the scale is set here) and its record, whose arrays
 * are the caller's too.  Validates, builds, publishes. */
TSU_HIDDEN int tsf_indexed_common(const char *fn, tsd_blocks *blocks, int in_bytes,
                                  MPI_Datatype oldtype, MPI_Datatype *newtype, tsf_record *r);
/* n entries of an int array, written as int64 (NULL-safe). */
TSU_HIDDEN int64_t *tsf_i64_from_int(const int *a, int64_t n);

/* ---- what the layer reads of a type (tsf_peek.c) ----
 * The layer asks the façade, never the engine: these answer from the
 * engine type o keeps. */
typedef struct tsf_bounds {
    int64_t size, lb, extent, true_lb, true_extent;
} tsf_bounds;
TSU_HIDDEN void tsf_bounds_of(const tsf_dtype *o, tsf_bounds *b);
TSU_HIDDEN int64_t tsf_size(const tsf_dtype *o);
TSU_HIDDEN int64_t tsf_extent(const tsf_dtype *o);
/* Bytes [*first, *last), relative to the buffer, that count > 0 elements
 * of o can touch (true bounds, replicated by the extent). */
TSU_HIDDEN void tsf_span(const tsf_dtype *o, int64_t count, int64_t *first, int64_t *last);
/* The name MPI_Type_set_name gave o, "" when none. */
TSU_HIDDEN const char *tsf_type_name(const tsf_dtype *o);
TSU_HIDDEN int tsf_committed(const tsf_dtype *o);
/* Which bounds of o a marker set (MPI_LB, MPI_UB) or resized fixed. */
#define TSF_MARK_LB 1u
#define TSF_MARK_UB 2u
TSU_HIDDEN unsigned tsf_markers(const tsf_dtype *o);
/* tsf_value_index_layout of two predefined types' objects. */
TSU_HIDDEN void tsf_value_index_disp(const tsf_dtype *value, const tsf_dtype *index,
                                     int64_t *disp_index);

#endif /* TSF_H */
