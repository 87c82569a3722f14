/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Error_class and MPI_Error_string: typeshim's own codes are answered by
 * libtypeshim (message naming function and argument); every other valid
 * code is an error class of the ABI's mpi.h and gets the sentence below.
 */
#include "typeshim_config.h"

#include <stdio.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

/* One sentence per error class of the ABI's mpi.h, indexed by class:
 * MPICH 4.0.2's (holes 54 and 79..100 are not classes), or Open MPI
 * 4.1's, which numbers them otherwise (1..73, no hole) and lacks the
 * MPI-4.0 classes and MPICH's MPIX ones, which a program built against
 * it cannot name either.  Written in MPICH's "Invalid datatype" style so
 * messages read the same under both libraries. */
static const char *const tss_class_text[] = {
    [MPI_SUCCESS] = "No MPI error",
    [MPI_ERR_BUFFER] = "Invalid buffer pointer",
    [MPI_ERR_COUNT] = "Invalid count",
    [MPI_ERR_TYPE] = "Invalid datatype",
    [MPI_ERR_TAG] = "Invalid tag",
    [MPI_ERR_COMM] = "Invalid communicator",
    [MPI_ERR_RANK] = "Invalid rank",
    [MPI_ERR_ROOT] = "Invalid root",
    [MPI_ERR_GROUP] = "Invalid group",
    [MPI_ERR_OP] = "Invalid MPI_Op",
    [MPI_ERR_TOPOLOGY] = "Invalid topology",
    [MPI_ERR_DIMS] = "Invalid dimension argument",
    [MPI_ERR_ARG] = "Invalid argument",
    [MPI_ERR_UNKNOWN] = "Unknown error",
    [MPI_ERR_TRUNCATE] = "Message truncated",
    [MPI_ERR_OTHER] = "Other MPI error",
    [MPI_ERR_INTERN] = "Internal MPI error",
    [MPI_ERR_IN_STATUS] = "Error code is in the MPI_ERROR field of the status",
    [MPI_ERR_PENDING] = "Pending request (no error)",
    [MPI_ERR_REQUEST] = "Invalid MPI_Request",
    [MPI_ERR_ACCESS] = "Permission denied",
    [MPI_ERR_AMODE] = "Invalid file access mode",
    [MPI_ERR_BAD_FILE] = "Invalid file name",
    [MPI_ERR_CONVERSION] = "Error in a user-defined data conversion function",
    [MPI_ERR_DUP_DATAREP] = "Data representation name already registered",
    [MPI_ERR_FILE_EXISTS] = "File exists",
    [MPI_ERR_FILE_IN_USE] = "File in use by some process",
    [MPI_ERR_FILE] = "Invalid MPI_File",
    [MPI_ERR_INFO] = "Invalid MPI_Info",
    [MPI_ERR_INFO_KEY] = "Invalid key for MPI_Info",
    [MPI_ERR_INFO_VALUE] = "Invalid value for MPI_Info",
    [MPI_ERR_INFO_NOKEY] = "MPI_Info key is not defined",
    [MPI_ERR_IO] = "Other I/O error",
    [MPI_ERR_NAME] = "Invalid service name",
    [MPI_ERR_NO_MEM] = "Memory allocation failed",
    [MPI_ERR_NOT_SAME] = "Collective arguments not identical on all processes",
    [MPI_ERR_NO_SPACE] = "Not enough space for file",
    [MPI_ERR_NO_SUCH_FILE] = "File does not exist",
    [MPI_ERR_PORT] = "Invalid port",
    [MPI_ERR_QUOTA] = "Quota exceeded for files",
    [MPI_ERR_READ_ONLY] = "Read-only file or file system",
    [MPI_ERR_SERVICE] = "Unknown service name",
    [MPI_ERR_SPAWN] = "Error in spawn call",
    [MPI_ERR_UNSUPPORTED_DATAREP] = "Unsupported data representation",
    [MPI_ERR_UNSUPPORTED_OPERATION] = "Unsupported operation",
    [MPI_ERR_WIN] = "Invalid MPI_Win",
    [MPI_ERR_BASE] = "Invalid base address",
    [MPI_ERR_LOCKTYPE] = "Invalid lock type",
    [MPI_ERR_KEYVAL] = "Invalid keyval",
    [MPI_ERR_RMA_CONFLICT] = "Conflicting accesses to window",
    [MPI_ERR_RMA_SYNC] = "Wrong synchronization of RMA calls",
    [MPI_ERR_SIZE] = "Invalid size argument",
    [MPI_ERR_DISP] = "Invalid displacement argument",
    [MPI_ERR_ASSERT] = "Invalid assert argument",
    [MPI_ERR_RMA_RANGE] = "Target memory is outside the window",
    [MPI_ERR_RMA_ATTACH] = "Memory cannot be attached to the window",
    [MPI_ERR_RMA_SHARED] = "Memory cannot be shared",
    [MPI_ERR_RMA_FLAVOR] = "Wrong window flavor",
    [MPI_T_ERR_MEMORY] = "Out of memory (MPI_T)",
    [MPI_T_ERR_NOT_INITIALIZED] = "The MPI tool interface is not initialized",
    [MPI_T_ERR_CANNOT_INIT] = "The MPI tool interface cannot be initialized now",
    [MPI_T_ERR_INVALID_INDEX] = "Invalid or deleted MPI_T index",
    [MPI_T_ERR_INVALID_ITEM] = "MPI_T item index out of range",
    [MPI_T_ERR_INVALID_HANDLE] = "Invalid MPI_T handle",
    [MPI_T_ERR_OUT_OF_HANDLES] = "No more MPI_T handles available",
    [MPI_T_ERR_OUT_OF_SESSIONS] = "No more MPI_T sessions available",
    [MPI_T_ERR_INVALID_SESSION] = "Invalid MPI_T session",
    [MPI_T_ERR_CVAR_SET_NOT_NOW] = "Control variable cannot be set at this moment",
    [MPI_T_ERR_CVAR_SET_NEVER] = "Control variable cannot be set until the end of execution",
    [MPI_T_ERR_PVAR_NO_STARTSTOP] = "Performance variable cannot be started or stopped",
    [MPI_T_ERR_PVAR_NO_WRITE] = "Performance variable cannot be written or reset",
    [MPI_T_ERR_PVAR_NO_ATOMIC] = "Performance variable cannot be read and written atomically",
    [MPI_T_ERR_INVALID_NAME] = "No MPI_T variable or category of that name",
    [MPI_T_ERR_INVALID] = "Invalid use of the MPI tool interface",
#ifdef MPI_ERR_SESSION
    [MPI_ERR_SESSION] = "Invalid MPI_Session",
#endif
#ifdef MPI_ERR_PROC_ABORTED
    [MPI_ERR_PROC_ABORTED] = "Communication with an aborted process",
#endif
/* lib/abi/ompi/mpi.h makes it MPI_ERR_ARG, which has its sentence above */
#if MPI_ERR_VALUE_TOO_LARGE != MPI_ERR_ARG
    [MPI_ERR_VALUE_TOO_LARGE] = "Value too large to store",
#endif
#ifdef MPI_T_ERR_NOT_SUPPORTED
    [MPI_T_ERR_NOT_SUPPORTED] = "Functionality not supported by the MPI tool interface",
#endif
#ifdef MPIX_ERR_PROC_FAILED
    [MPIX_ERR_PROC_FAILED] = "Process failure",
#endif
#ifdef MPIX_ERR_PROC_FAILED_PENDING
    [MPIX_ERR_PROC_FAILED_PENDING] = "Request pending because of a process failure",
#endif
#ifdef MPIX_ERR_REVOKED
    [MPIX_ERR_REVOKED] = "Communication object revoked",
#endif
#ifdef MPIX_ERR_EAGAIN
    [MPIX_ERR_EAGAIN] = "Operation could not be issued, try again",
#endif
#ifdef MPIX_ERR_NOREQ
    [MPIX_ERR_NOREQ] = "Cannot allocate a request",
#endif
};

#define TSS_NCLASS ((int)(sizeof tss_class_text / sizeof tss_class_text[0]))

static const char *tss_class_sentence(int code)
{
    if (code < 0 || code >= TSS_NCLASS)
        return NULL;
    return tss_class_text[code];
}

/* The class libtypeshim gives its own code, or -1.  Its answer is only
 * taken if it is a code (<= TSS_LASTCODE) of a real class, so that
 * MPI_Error_class and MPI_Error_string agree on which codes are valid. */
static int tss_typeshim_class(int code)
{
    int cls = typeshim_error_class ? typeshim_error_class(code) : -1;

    if (cls < 0 || code > TSS_LASTCODE || !tss_class_sentence(cls))
        return -1;
    return cls;
}

int tss_error_class(int code)
{
    int cls = tss_error_user_class(code);

    return cls >= 0 ? cls : tss_error_class_builtin(code);
}

int tss_error_class_builtin(int code)
{
    int cls = tss_typeshim_class(code);

    if (cls >= 0)
        return cls;
    /* Not typeshim's: valid only if it is itself a class (TSS_LASTCODE
     * bounds every code; the table bounds the classes). */
    if (code <= TSS_LASTCODE && tss_class_sentence(code))
        return code;
    return -1;
}

int tss_error_text(int code, char *buf, int *len)
{
    const char *s;

    if (tss_error_user_text(code, buf, len))
        return 1;
    if (tss_typeshim_class(code) >= 0 && typeshim_error_message &&
        typeshim_error_message(code, buf, len)) {
        /* Defensive: the contract is < MPI_MAX_ERROR_STRING bytes. */
        if (*len < 0 || *len >= MPI_MAX_ERROR_STRING)
            *len = MPI_MAX_ERROR_STRING - 1;
        buf[*len] = '\0';
        return 1;
    }
    s = tss_class_sentence(code);
    if (!s)
        return 0;
    *len = snprintf(buf, MPI_MAX_ERROR_STRING, "%s", s);
    return 1;
}

TSS_WEAK_ALIAS(MPI_Error_class, PMPI_Error_class)
int PMPI_Error_class(int errorcode, int *errorclass)
{
    int cls;

    if (!errorclass)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Error_class(errorclass=NULL): Invalid argument");
    cls = tss_error_class(errorcode);
    if (cls < 0)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Error_class(errorcode=%d): Invalid error code", errorcode);
    *errorclass = cls;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Error_string, PMPI_Error_string)
int PMPI_Error_string(int errorcode, char *string, int *resultlen)
{
    char buf[MPI_MAX_ERROR_STRING];
    int len = 0;

    if (!string || !resultlen)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Error_string(%s=NULL): Invalid argument",
                         string ? "resultlen" : "string");
    /* Through a local buffer so that string is untouched on error. */
    if (!tss_error_text(errorcode, buf, &len))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Error_string(errorcode=%d): Invalid error code", errorcode);
    memcpy(string, buf, (size_t)len + 1);
    *resultlen = len;
    return MPI_SUCCESS;
}
