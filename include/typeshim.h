/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * typeshim.h - the typeshim-specific API.
 *
 * The MPI functions typeshim implements are declared by MPICH's <mpi.h>
 * (typeshim implements the MPICH ABI); this header adds what MPI has no
 * name for (version queries, dumps of the internal description, error
 * message access for runtimes, allocator hooks for testing) and the
 * MPI-4.1 functions that MPICH 4.0.2's <mpi.h> lacks.
 */
#ifndef TYPESHIM_H
#define TYPESHIM_H

#include <stddef.h>
#include <stdio.h>

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define TYPESHIM_API __attribute__((visibility("default")))
#else
#define TYPESHIM_API
#endif

/* ---------------------------------------------------------------------
 * Version
 * ------------------------------------------------------------------- */

/* TYPESHIM_VERSION_MAJOR, _MINOR, _PATCH and TYPESHIM_VERSION ("0.2.0"):
 * generated from configure.ac's version. */
#include "typeshim_version.h"

/** Returns the version string of the library actually loaded.
 *  @since 0.1 */
TYPESHIM_API const char *typeshim_version(void);

/* ---------------------------------------------------------------------
 * Error reporting
 *
 * Every MPI function returns MPI_SUCCESS or an error code whose class
 * (MPI_Error_class) is the one MPICH returns for the same call.  The code
 * also selects a message naming the function and the argument at fault.
 * ------------------------------------------------------------------- */

/** Copies into buf (at most MPI_MAX_ERROR_STRING bytes, NUL included) the
 *  message recorded for an error code returned by typeshim, and its length
 *  into *len.  Returns 1 if the code is typeshim's, 0 otherwise (buf and
 *  *len untouched).  Messages of the last 1024 errors are kept.
 *  @since 0.1 */
TYPESHIM_API int typeshim_error_message(int code, char *buf, int *len);

/** The error class of a code returned by typeshim (MPI_ERR_*), or -1 when
 *  the code is not one of typeshim's.
 *  @since 0.1 */
TYPESHIM_API int typeshim_error_class(int code);

/** A fresh error code of class errclass whose message
 *  (typeshim_error_message) is message, copied (cut to
 *  MPI_MAX_ERROR_STRING - 1 bytes).  Returns errclass itself when it
 *  cannot be a class of such a code (not in 1..127) or message is NULL.
 *  Calls no error handler.  Meant for runtimes, so that the errors they
 *  raise carry their message as typeshim's own do (libtypeshim-serial's
 *  MPI_Error_string answers such codes through typeshim_error_message).
 *  @since 0.2 */
TYPESHIM_API int typeshim_error_make(int errclass, const char *message);

/** Attaches the MPI runtime that owns the error handlers of a process
 *  where libtypeshim stands alone (no MPICH): from then on an error of a
 *  libtypeshim call is raised by raise(MPI_COMM_WORLD or MPI_COMM_SELF,
 *  code), which calls that communicator's handler and returns when the
 *  handler does, as MPI_Comm_call_errhandler (MPI-4.1 section 9.5).
 *  Without a runtime attached, such an error prints typeshim's message
 *  and aborts.  NULL detaches.  libtypeshim-serial attaches itself when
 *  it is loaded (statically linked: with MPI_Init), before main, so that
 *  errors raised before MPI_Init reach its handlers too.  Layered over
 *  MPICH the runtime is MPICH, reached through its own functions: raise
 *  is not called.  Returns MPI_SUCCESS.
 *  @since 0.2 */
TYPESHIM_API int typeshim_runtime_attach(int (*raise)(MPI_Comm comm, int errorcode));

/* ---------------------------------------------------------------------
 * Inspection
 * ------------------------------------------------------------------- */

/** Prints the internal description of a datatype (flags, bounds, desc,
 *  opt_desc, short type maps) to out, in the line format documented in
 *  typeshim(7).  Returns MPI_SUCCESS; errors (a bad handle: class
 *  MPI_ERR_TYPE, a NULL out: MPI_ERR_ARG) are raised on MPI_COMM_WORLD's
 *  error handler like those of MPI functions.
 *  The datatype is borrowed.
 *  @since 0.1 */
TYPESHIM_API int typeshim_type_dump(MPI_Datatype datatype, FILE *out);

/** Number of live derived datatype objects (handles not yet released,
 *  plus objects kept alive by other types).  The immortal types returned by
 *  MPI_Type_create_f90_* and MPI_Type_get_value_index are predefined and
 *  not counted.  For leak checks.
 *  @since 0.1 */
TYPESHIM_API long typeshim_live_types(void);

/** Writes to out, for the process of the given rank, one line per derived
 *  datatype the program made and has not freed (at most 100: handle,
 *  name, where it was made, construction), then one with their number,
 *  which it returns (-1 when out is NULL); nothing when there is none.
 *  A runtime's holds (typeshim_type_hold), children kept only by their
 *  parents and types MPICH made are not the program's.  Both modes call
 *  it at MPI_Finalize under TYPESHIM_LEAKS or TYPESHIM_CHECK.
 *  @since 0.2 */
TYPESHIM_API long typeshim_leak_report(FILE *out, int rank);

/* ---------------------------------------------------------------------
 * Segments and typed copies
 *
 * The packed stream of (buf, count, datatype) is MPI_Pack's output: the
 * bytes of the type map in order, count * size bytes.  A transport can
 * pack or unpack any byte range of it, in any order and from any thread,
 * with no state kept between calls (pipelining, out-of-order fragments).
 * Errors are raised like those of MPI functions (MPI_COMM_WORLD's error
 * handler): MPI_ERR_TYPE for a bad or uncommitted datatype, MPI_ERR_COUNT
 * for a negative count, MPI_ERR_ARG for a range outside [0, count * size]
 * or a NULL buffer with a non-empty range.
 * ------------------------------------------------------------------- */

/** Packs bytes [first, last) of the packed stream of (buf, count,
 *  datatype) into out, which receives last - first bytes.  buf may be
 *  MPI_BOTTOM.  The datatype is borrowed.
 *  @since 0.1 */
TYPESHIM_API int typeshim_pack_segment(const void *buf, MPI_Count count, MPI_Datatype datatype,
                                       MPI_Count first, MPI_Count last, void *out);

/** Unpacks last - first bytes from in as bytes [first, last) of the
 *  packed stream of (buf, count, datatype).  Only the bytes of the type map
 *  in that range are written; the gaps of buf are never touched.
 *  @since 0.1 */
TYPESHIM_API int typeshim_unpack_segment(const void *in, MPI_Count first, MPI_Count last, void *buf,
                                         MPI_Count count, MPI_Datatype datatype);

/** Where bytes [first, last) of the packed stream of (count, datatype)
 *  live: up to max contiguous blocks of memory, in stream order, blocks
 *  that touch joined; block i is lens[i] bytes at displacement disps[i]
 *  from the buffer's origin.  *n gets the number of blocks written and
 *  *next the stream position after the last of them (last once the range
 *  is covered; call again from *next for the rest).  What MPI-IO file
 *  views and scatter/gather I/O need (MPICH's MPIX_Type_iov is the like).
 *  Errors as typeshim_pack_segment's, and MPI_ERR_ARG for max < 1 or a
 *  NULL output.  The datatype is borrowed.
 *  @since 0.3 */
TYPESHIM_API int typeshim_type_iov(MPI_Count count, MPI_Datatype datatype, MPI_Count first,
                                   MPI_Count last, MPI_Aint *disps, MPI_Count *lens, int max,
                                   int *n, MPI_Count *next);

/** Copies (src, count, srctype) into (dst, count, dsttype), element by
 *  basic element: the two type signatures must be equal (MPI_ERR_TYPE
 *  otherwise, found by comparing signature hashes and sizes).  src and dst
 *  may overlap: the result is as if src was first copied aside.
 *  @since 0.1 */
TYPESHIM_API int typeshim_type_copy(const void *src, MPI_Datatype srctype, void *dst,
                                    MPI_Datatype dsttype, MPI_Count count);

/** Checks the datatype argument of a communication call as typeshim
 *  checks those of MPICH's calls in layered mode: count is not negative;
 *  unless count is 0, datatype is valid and committed and, for a receive
 *  buffer (receive != 0), its type map writes no byte twice (MPI-4.1
 *  section 5.1).  The error, raised like those above, names fn and arg
 *  (NULL: "typeshim_check_buffer", "datatype").  Meant for runtimes.
 *  @since 0.2 */
TYPESHIM_API int typeshim_check_buffer(const char *fn, const char *arg, MPI_Datatype datatype,
                                       MPI_Count count, int receive);

/** A runtime's reference to a datatype a pending operation uses (a
 *  request, a queued message), which MPI lets the program free meanwhile:
 *  *held gets a handle of the runtime's own for the same type, usable in
 *  the calls that read a datatype (sizes, bounds, packing, unpacking,
 *  matching) until typeshim_type_unhold(*held).  No attribute is copied,
 *  no callback runs, no type is made (MPI_Type_dup would): the program's
 *  MPI_Type_free still runs the delete callbacks and makes its handle
 *  invalid at once; the type lives on for the hold.  A hold is not a
 *  program's type (typeshim_live_types, leak reports).  A predefined
 *  datatype is its own hold.  Standalone mode only for a derived type
 *  (MPI_ERR_OTHER layered).  Meant for runtimes.
 *  @since 0.2 */
TYPESHIM_API int typeshim_type_hold(MPI_Datatype datatype, MPI_Datatype *held);

/** Releases a hold made by typeshim_type_hold (MPI_ERR_TYPE if held is
 *  none); the type goes if the program freed it.  Runs no callback and
 *  takes no lock a callback could need: a runtime may call it under its
 *  own lock.
 *  @since 0.2 */
TYPESHIM_API int typeshim_type_unhold(MPI_Datatype held);

/** The fast path of a runtime's datatype argument: 1 when (count,
 *  datatype) is usable as typeshim_check_buffer would find it (count not
 *  negative, datatype valid and committed, and for a receive buffer no
 *  byte written twice) and its count * size bytes fit in MPI_Count, which
 *  *bytes gets; else 0, nothing written, and nothing raised: the runtime
 *  then makes its full checks, which say why.  Unlike
 *  typeshim_check_buffer, a count of 0 does not excuse an invalid
 *  datatype here.  Meant for runtimes.
 *  @since 0.3 */
TYPESHIM_API int typeshim_buffer_bytes(MPI_Datatype datatype, MPI_Count count, int receive,
                                       MPI_Count *bytes);

/** The fast path of a message whose receive is known: when both
 *  arguments pass typeshim_buffer_bytes (rtype as a receive buffer), the
 *  scount * size(stype) bytes sent fit in rcount elements of rtype and
 *  the sent signature plainly begins the received one (the same datatype,
 *  or datatypes of equal signatures, and scount <= rcount; or nothing
 *  sent), copies the data from (src, scount, stype) into the first
 *  elements of (dst, rtype) as if packed and unpacked, sets *nbytes to the
 *  bytes moved and returns 1.  Otherwise returns 0 having written
 *  nothing, allocated nothing and raised nothing: the runtime then takes
 *  its general path (truncation, other prefixes, MPI_PACKED, errors, and
 *  copies that would need memory: overlapping buffers of a type with
 *  gaps, elements over 16 KiB, types nested more than 15 loops deep).
 *  Meant for runtimes.
 *  @since 0.3 */
TYPESHIM_API int typeshim_type_move(const void *src, MPI_Count scount, MPI_Datatype stype,
                                    void *dst, MPI_Count rcount, MPI_Datatype rtype,
                                    MPI_Count *nbytes);

/* ---------------------------------------------------------------------
 * Type matching
 * ------------------------------------------------------------------- */

/* What typeshim_type_match asks: that the sent signature begins the
 * received one (a receive, MPI-4.1 section 3.3.1), or equals it (a
 * collective, MPI-4.1 section 6.1). */
#define TYPESHIM_MATCH_PREFIX 0
#define TYPESHIM_MATCH_EQUAL  1

/** Sets *match to 1 when the type signature of (scount, stype), scount
 *  copies of stype's sequence of basic types, begins (how
 *  TYPESHIM_MATCH_PREFIX) or equals (TYPESHIM_MATCH_EQUAL) that of
 *  (rcount, rtype), else to 0.  MPI_PACKED on either side matches
 *  anything.  Basic types are libtypeshim's: one per representation, so
 *  MPI_INT matches MPI_INT32_T, MPI_BYTE matches MPI_UNSIGNED_CHAR, but
 *  MPI_BYTE does not match MPI_INT (typeshim_type_match(3)).  On a
 *  mismatch *position (if not NULL) gets the index, from 0, of the first
 *  basic element that differs (-1 on a match), and why (if not NULL; len
 *  bytes, NUL included) a line naming the two basic types met there and
 *  how each signature begins ("" on a match).  Never linear in the
 *  elements: see the man page.  The datatypes need not be committed and
 *  are borrowed; errors are raised like those of MPI functions.
 *  @since 0.2 */
TYPESHIM_API int typeshim_type_match(MPI_Count scount, MPI_Datatype stype, MPI_Count rcount,
                                     MPI_Datatype rtype, int how, int *match, MPI_Count *position,
                                     char *why, int len);

/* ---------------------------------------------------------------------
 * Layered mode (typeshim(7), USES)
 *
 * When libtypeshim is preloaded into (or linked ahead of) an MPICH
 * program, it answers every datatype call and gives MPICH a shadow of each
 * type it builds, so messages still travel through MPICH.  The mode is
 * chosen at the first call: layered when the next library in the search
 * order, or an MPICH already loaded by a plugin (dlopen RTLD_LOCAL, as
 * Python's mpi4py does), defines PMPI_Type_commit; standalone otherwise,
 * provisionally until the first handle is issued; disabled (every call
 * passed to the next layer) when TYPESHIM_DISABLE is set to anything but
 * "0" in layered conditions.  Environment: typeshim(7).
 * ------------------------------------------------------------------- */

#define TYPESHIM_MODE_STANDALONE 0
#define TYPESHIM_MODE_LAYERED    1
#define TYPESHIM_MODE_DISABLED   2

/** The mode of this process: TYPESHIM_MODE_STANDALONE, _LAYERED or
 *  _DISABLED.  Any thread, any time (it decides the mode if no call has).
 *  @since 0.1 */
TYPESHIM_API int typeshim_mode(void);

/** Counters of layered mode; all zero in standalone mode. */
typedef struct typeshim_layer_stats {
    long shadows;     /**< MPICH datatypes typeshim holds now (shadows, check twins) */
    long adopted;     /**< handles made inside MPICH and adopted on first sight */
    long checks;      /**< comparisons made with MPICH (TYPESHIM_CHECK) */
    long divergences; /**< distinct divergences reported (intended ones included) */
    long intended;    /**< of those, the documented ones (typeshim(7)) */
} typeshim_layer_stats;

/** Fills *stats (MPI_ERR_ARG when NULL).  Any thread, any time.
 *  @since 0.1 */
TYPESHIM_API int typeshim_layer_stats_get(typeshim_layer_stats *stats);

/* ---------------------------------------------------------------------
 * MPI-4.1 functions that MPICH 4.0.2's <mpi.h> does not declare
 *
 * typeshim implements them in every mode (layered over MPICH 4.0.2 too).
 * A value-index pair type (MPI-4.1 section 6.9.4) is predefined: named
 * (MPI_FLOAT_INT...) where MPI names one, else unnamed with combiner
 * MPI_COMBINER_VALUE_INDEX, decoded into its two types; never freed.
 * ------------------------------------------------------------------- */

#if MPI_VERSION < 4 || (MPI_VERSION == 4 && MPI_SUBVERSION < 1)
/* MPICH's value (an enumerator in the mpi.h of releases that have it) */
#define MPI_COMBINER_VALUE_INDEX 20

TYPESHIM_API int MPI_Type_get_value_index(MPI_Datatype value_type, MPI_Datatype index_type,
                                          MPI_Datatype *pair_type);
TYPESHIM_API int PMPI_Type_get_value_index(MPI_Datatype value_type, MPI_Datatype index_type,
                                           MPI_Datatype *pair_type);
TYPESHIM_API int MPI_Status_set_elements_c(MPI_Status *status, MPI_Datatype datatype,
                                           MPI_Count count);
TYPESHIM_API int PMPI_Status_set_elements_c(MPI_Status *status, MPI_Datatype datatype,
                                            MPI_Count count);
TYPESHIM_API int MPI_Status_get_source(const MPI_Status *status, int *source);
TYPESHIM_API int PMPI_Status_get_source(const MPI_Status *status, int *source);
TYPESHIM_API int MPI_Status_set_source(MPI_Status *status, int source);
TYPESHIM_API int PMPI_Status_set_source(MPI_Status *status, int source);
TYPESHIM_API int MPI_Status_get_tag(const MPI_Status *status, int *tag);
TYPESHIM_API int PMPI_Status_get_tag(const MPI_Status *status, int *tag);
TYPESHIM_API int MPI_Status_set_tag(MPI_Status *status, int tag);
TYPESHIM_API int PMPI_Status_set_tag(MPI_Status *status, int tag);
TYPESHIM_API int MPI_Status_get_error(const MPI_Status *status, int *error);
TYPESHIM_API int PMPI_Status_get_error(const MPI_Status *status, int *error);
TYPESHIM_API int MPI_Status_set_error(MPI_Status *status, int error);
TYPESHIM_API int PMPI_Status_set_error(MPI_Status *status, int error);
#endif

/* ---------------------------------------------------------------------
 * MPI-4.1 functions of libtypeshim-serial (the single-process runtime,
 * not the layered mode) that MPICH 4.0.2's <mpi.h> does not declare
 * ------------------------------------------------------------------- */

#if MPI_VERSION < 4 || (MPI_VERSION == 4 && MPI_SUBVERSION < 1)
TYPESHIM_API int MPI_Remove_error_class(int errorclass);
TYPESHIM_API int PMPI_Remove_error_class(int errorclass);
TYPESHIM_API int MPI_Remove_error_code(int errorcode);
TYPESHIM_API int PMPI_Remove_error_code(int errorcode);
TYPESHIM_API int MPI_Remove_error_string(int errorcode);
TYPESHIM_API int PMPI_Remove_error_string(int errorcode);
#endif

/* ---------------------------------------------------------------------
 * Memory
 * ------------------------------------------------------------------- */

typedef void *(*typeshim_malloc_fn)(size_t);
typedef void (*typeshim_free_fn)(void *);

/** Replaces the allocator of the library (NULL restores malloc/free).
 *  Call it before any datatype exists (before MPI_Init with
 *  libtypeshim-serial, which allocates through it too): blocks are freed
 *  with the free function current at that time.  Meant for
 *  allocation-failure tests.
 *  @since 0.1 */
TYPESHIM_API void typeshim_set_alloc_funcs(typeshim_malloc_fn m, typeshim_free_fn f);

/** Allocates n bytes (at least one) with the allocator
 *  typeshim_set_alloc_funcs installed; NULL when it fails.  Meant for
 *  runtimes built over libtypeshim (libtypeshim-serial allocates through
 *  it), so that one allocator sees every block.
 *  @since 0.1 */
TYPESHIM_API void *typeshim_malloc(size_t n);

/** Releases a block of typeshim_malloc (NULL: nothing) with the free
 *  function installed.  Meant for runtimes, as typeshim_malloc.
 *  @since 0.1 */
TYPESHIM_API void typeshim_free(void *p);

#ifdef __cplusplus
}
#endif

#endif /* TYPESHIM_H */
