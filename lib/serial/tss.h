/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss: libtypeshim-serial internals, the single-process MPI runtime that
 * standalone programs link beside libtypeshim (typeshim(7), USES).
 *
 * Files:
 *   tss_init.c         init/finalize state, rank/size, versions, clocks, abort
 *   tss_errhandler.c   error handlers of the two communicators, raising errors,
 *                      the fatal path
 *   tss_error_string.c error classes and their messages
 *   tss_p2p.c          self-communication: MPI_Sendrecv
 *
 * Policy for calls made outside MPI_Init..MPI_Finalize (MPICH aborts):
 *   - MPI_Initialized, MPI_Finalized, MPI_Get_version, MPI_Get_library_version,
 *     MPI_Error_class, MPI_Error_string, MPI_Wtime, MPI_Wtick and MPI_Abort
 *     work at any time (MPI-4 allows the first four, the others cannot hurt).
 *   - Every other function raises MPI_ERR_OTHER ("... called before MPI_Init"
 *     / "after MPI_Finalize") on MPI_COMM_WORLD's handler.  Before MPI_Init
 *     no handler can have been set, and MPI_Finalize puts MPI_ERRORS_ARE_FATAL
 *     back on both communicators, so in practice the program stops with that
 *     message, as with MPICH.
 *   - MPI_Comm_call_errhandler is the exception: libtypeshim raises datatype
 *     errors through it at any time, so it simply calls the communicator's
 *     current handler (fatal outside the init window, by the rule above).
 *
 * Error codes raised by this runtime are plain error classes (valid codes
 * by definition); the fatal message carries the function and argument.
 */
#ifndef TSS_H
#define TSS_H

#include <stdarg.h>

#include "util/tsu.h" /* TSU_WEAK_ALIAS */

/* Exported functions are defined from the mpi.h prototypes, which every .c
 * includes inside "visibility push(default)"; everything declared here is
 * internal and stays hidden even without -fvisibility=hidden. */
#define TSS_HIDDEN __attribute__((visibility("hidden")))

/* Static links: libtypeshim-serial uses libtypeshim (tss_p2p.c moves
 * MPI_Sendrecv's data with it), so the archives go in the order
 * `-ltypeshim-serial -ltypeshim`, which `pkg-config --libs typeshim-serial`
 * gives.  The three entry points below are referenced weakly so that the
 * order of typeshim 0.1's first drafts, `-ltypeshim -ltypeshim-serial`,
 * still links every program that does not call MPI_Sendrecv: there they
 * stay NULL when the program made no datatype call, which is right, since
 * no typeshim error code can exist then.  Shared libraries always resolve
 * them (libtypeshim-serial.so needs libtypeshim.so). */
#pragma weak typeshim_error_class
#pragma weak typeshim_error_message
#pragma weak typeshim_version

/* Life cycle of the runtime; only ever moves forward. */
enum tss_state { TSS_PRE_INIT = 0, TSS_INITIALIZED = 1, TSS_FINALIZED = 2 };

TSS_HIDDEN enum tss_state tss_state_get(void);

/* ---- tss_errhandler.c --------------------------------------------------- */

/* Lock serialising the runtime state and the error handler table (the
 * runtime grants MPI_THREAD_MULTIPLE).  Never held while a user handler
 * runs. */
TSS_HIDDEN void tss_lock(void);
TSS_HIDDEN void tss_unlock(void);

/* 1 for MPI_COMM_WORLD and MPI_COMM_SELF, the only communicators. */
TSS_HIDDEN int tss_comm_valid(MPI_Comm comm);

/* Raises code on comm's error handler (MPI_COMM_WORLD if comm is not
 * valid) and returns code when the handler returns.  fmt/... describe the
 * failing call ("MPI_Comm_rank(rank=NULL): Invalid argument"); the text is
 * printed on the fatal path only.  Must be called without the lock. */
TSS_HIDDEN int tss_raise(MPI_Comm comm, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* MPI_SUCCESS inside the init window, else the code raised (see above).
 * fn is the MPI function name used in the message. */
TSS_HIDDEN int tss_check_init(const char *fn);

/* Between these two calls, errors libtypeshim raises from this thread
 * (through PMPI_Comm_call_errhandler) reach no handler: the runtime calls
 * libtypeshim on the program's behalf and raises them again under the
 * name of the function the program called.  Not nested. */
TSS_HIDDEN void tss_quiet_begin(void);
TSS_HIDDEN void tss_quiet_end(void);

/* Called by MPI_Finalize with the lock held: puts MPI_ERRORS_ARE_FATAL back
 * on both communicators and releases every user error handler. */
TSS_HIDDEN void tss_errhandler_finalize(void);

/* Flushes every stdio output stream and ends the process at once (no
 * atexit handlers, like MPI_Abort).  status 0 becomes 1: an aborted
 * program never reports success. */
TSS_HIDDEN void tss_terminate(int status) __attribute__((noreturn));

/* ---- tss_error_string.c ------------------------------------------------- */

/* The class of an error code (typeshim's codes through libtypeshim, plain
 * classes as themselves), or -1 if code is not a valid error code. */
TSS_HIDDEN int tss_error_class(int code);

/* Writes the message of code into buf (MPI_MAX_ERROR_STRING bytes), sets
 * *len to its length and returns 1; returns 0 for an unknown code. */
TSS_HIDDEN int tss_error_text(int code, char *buf, int *len);

#endif /* TSS_H */
