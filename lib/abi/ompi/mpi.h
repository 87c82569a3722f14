/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * typeshim's sources built for Open MPI's ABI include this mpi.h (its
 * directory comes first on the include path): Open MPI 4.1's own, then
 * what typeshim defines that it lacks.  Open MPI's header hides the
 * MPI-1 functions, MPI_LB and MPI_UB, and their combiners unless it is
 * building itself (OMPI_BUILDING); libmpi still has them (its ABI), so
 * typeshim asks for them the same way.  Nothing here is seen by a program:
 * it includes Open MPI's mpi.h.
 */
#ifndef TSA_OMPI_MPI_H
#define TSA_OMPI_MPI_H

#define OMPI_BUILDING 1
#include_next <mpi.h>
#undef OMPI_BUILDING

/* MPI-3.1 functions Open MPI defines as macros (MPI-4.1 section 5.1.5):
 * typeshim defines them as functions too, as MPICH does. */
#undef MPI_Aint_add
#undef MPI_Aint_diff
#undef PMPI_Aint_add
#undef PMPI_Aint_diff

/* Types of MPI-4.0 (large counts) and of ROMIO that Open MPI 4.1 lacks. */
typedef void(MPI_User_function_c)(void *, void *, MPI_Count *, MPI_Datatype *);
typedef int(MPI_Datarep_conversion_function_c)(void *, MPI_Datatype, MPI_Count, void *, MPI_Offset,
                                               void *);
/* MPI-4.0's sessions (section 11.3), which Open MPI 4.1 lacks: a
 * pointer-sized handle like every other of this ABI, spelled as Open MPI
 * 5 spells it, and the constants MPICH gives (no class: see below). */
typedef struct ompi_instance_t *MPI_Session;
#define MPI_SESSION_NULL ((MPI_Session)0)
typedef void(MPI_Session_errhandler_function)(MPI_Session *, int *, ...);
#define MPI_MAX_STRINGTAG_LEN 256
#define MPI_MAX_PSET_NAME_LEN 256
#ifndef MPIO_Request
#define MPIO_Request MPI_Request
#endif

/* Constants Open MPI 4.1 lacks.  MPI_ERR_VALUE_TOO_LARGE is MPI-4.0's
 * (section 9.4): Open MPI 4.1 has no class for it, so typeshim raises
 * MPI_ERR_ARG, the class Open MPI uses for the same mistakes.  A
 * predefined type Open MPI does not define has no handle (0: no row of
 * the predefined table is made for it). */
#define MPI_ERR_VALUE_TOO_LARGE MPI_ERR_ARG
#define MPI_ERRORS_ABORT        MPI_ERRORS_ARE_FATAL
#define MPIX_C_FLOAT16          ((MPI_Datatype)0)
#define MPIX_BFLOAT16           ((MPI_Datatype)0)
#define MPI_LOGICAL16           ((MPI_Datatype)0)
#define MPI_REAL2               ((MPI_Datatype)0)
#define MPI_COMPLEX4            ((MPI_Datatype)0)
#ifndef MPI_INTEGER16
#define MPI_INTEGER16 ((MPI_Datatype)0)
#endif

#include "abi/ompi/tsa_proto.h"

#endif /* TSA_OMPI_MPI_H */
