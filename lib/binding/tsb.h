/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tsb: the binding, the only entry to libtypeshim (the stubs are generated
 * from lib/api.def into tsb_stubs.c).  It stands above the façade and the
 * layer, calls both, and is called by neither.
 */
#ifndef TSB_H
#define TSB_H

/* The MPI declarations are the exported interface: default visibility
 * (this header comes first in the binding's files). */
#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "util/tsu.h"

/* Raises an unraised error code, once, the way the mode does it:
 *   standalone: MPI_COMM_WORLD's handler in libtypeshim-serial, or, with
 *     no MPI runtime linked, typeshim's message and abort();
 *   layered and disabled: MPICH's handler, through a code MPICH can
 *     decode, typeshim's message printed first when that handler is fatal.
 * Returns what the program's call returns when the handler returns. */
TSU_HIDDEN int tsb_raise(int code);

/* What an error of a wrapped call is raised on: its communicator, window
 * or file (MPI-4.1 §9.3), or MPI_COMM_WORLD when it names none. */
enum tsb_on { TSB_ON_WORLD, TSB_ON_COMM, TSB_ON_WIN, TSB_ON_FILE };
/* tsb_raise on *obj (an MPI_Comm, MPI_Win or MPI_File, by on). */
TSU_HIDDEN int tsb_raise_on(enum tsb_on on, const void *obj, int code);
/* A wrapped call (fn) with no next layer to carry it, raised on obj:
 * standalone with libtypeshim-serial, a window call is MPI_ERR_WIN and
 * a file call MPI_ERR_FILE (the runtime has neither yet); with no
 * runtime at all, MPI_ERR_OTHER saying what to link. */
TSU_HIDDEN int tsb_no_next(enum tsb_on on, const void *obj, const char *fn);

#endif /* TSB_H */
