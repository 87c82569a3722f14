/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The datatype arguments of the runtime's calls, through libtypeshim:
 * their checks (valid, committed, a count it can pack, sizes that fit),
 * the matching of type signatures (MPI-4.1 sections 3.3.1 and 6.1), and
 * the holds that keep a derived datatype alive while an operation is
 * pending.  libtypeshim's errors are caught (tss_quiet_begin) and raised
 * again under the calling function's name, naming the argument.
 * Separate from the point-to-point calls (tss_p2p.c): the collectives,
 * probes and reductions use them too.
 */
#include "typeshim_config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

/* e gets an error libtypeshim returned while errors were quiet, under
 * fn's name: its class, and its message minus the inner function's name
 * ("MPI_Pack_c: argument ..." keeps "argument ...").  A message libtypeshim
 * wrote for fn itself (typeshim_check_buffer) names fn and the argument
 * already, in the form every mode prints: kept whole. */
static int retell(const char *fn, const char *arg, int code, tss_error *e)
{
    char msg[MPI_MAX_ERROR_STRING] = "";
    const char *why = msg;
    int len, cls = tss_error_class(code);
    size_t n = strlen(fn);

    if (typeshim_error_message && typeshim_error_message(code, msg, &len)) {
        const char *colon = strstr(msg, ": ");
        if (strncmp(msg, fn, n) == 0 && msg + n == colon)
            return tss_fail(e, cls > 0 ? cls : MPI_ERR_INTERN, "%s", msg);
        if (colon)
            why = colon + 2;
    } else {
        tss_error_text(code, msg, &len);
    }
    return tss_fail(e, cls > 0 ? cls : MPI_ERR_INTERN, "%s(%s): %s", fn, arg, why);
}

/* The count argument that goes with datatype argument arg: "count" for
 * "datatype", "sendcount" for "sendtype", "recvcounts[2]" for
 * "recvtypes[2]". */
static void count_name(const char *arg, char *name, size_t len)
{
    const char *t = strstr(arg, "type");

    if (strcmp(arg, "datatype") == 0 || !t)
        snprintf(name, len, "count");
    else
        snprintf(name, len, "%.*scount%s", (int)(t - arg), arg, t + 4);
}

int tss_too_big(const char *fn, const char *name, MPI_Count value, int extent, MPI_Datatype type,
                const char *arg, tss_error *e)
{
    char tname[MPI_MAX_OBJECT_NAME] = "";
    MPI_Count lb, size = 0;
    int len = 0;

    tss_quiet_begin();
    if (extent)
        PMPI_Type_get_extent_c(type, &lb, &size);
    else
        PMPI_Type_size_c(type, &size);
    PMPI_Type_get_name(type, tname, &len);
    tss_quiet_end();
    if (!tname[0]) /* a derived type without a name: the argument's */
        snprintf(tname, sizeof tname, "%s", arg);
    return tss_fail(e, MPI_ERR_COUNT, "%s(%s=%lld): %s x %s of %s (%lld bytes) passes 2^63-1 bytes",
                    fn, name, (long long)value, name, extent ? "extent" : "size", tname,
                    (long long)size);
}

int tss_count_check(const char *fn, MPI_Comm comm, const char *name, MPI_Count count)
{
    if (count >= 0)
        return MPI_SUCCESS;
    return tss_raise(comm, MPI_ERR_COUNT, "%s(%s=%lld): Negative count", fn, name,
                     (long long)count);
}

int tss_type_check(const char *fn, const char *arg, const void *buf, MPI_Count count,
                   MPI_Datatype type, int side, MPI_Count *bytes, tss_error *e)
{
    MPI_Count pos = 0;
    int rc, recv = side & TSS_SIDE_RECV;

    /* the common case in one lookup, nothing raised; the checks below
     * tell what is wrong otherwise */
    if (typeshim_buffer_bytes(type, count, recv, bytes))
        return MPI_SUCCESS;
    /* packing or unpacking zero elements makes libtypeshim check commit;
     * a receive type must not overlap itself, nor its count copies each
     * other (MPI-4.1 section 5.1) */
    tss_quiet_begin();
    rc = PMPI_Pack_size_c(count, type, MPI_COMM_SELF, bytes);
    if (rc == MPI_SUCCESS)
        rc = recv ? PMPI_Unpack_c(NULL, 0, &pos, (void *)(uintptr_t)buf, 0, type, MPI_COMM_SELF)
                  : PMPI_Pack_c(buf, 0, type, NULL, 0, &pos, MPI_COMM_SELF);
    if (rc == MPI_SUCCESS && recv)
        rc = typeshim_check_buffer(fn, arg, type, count, 1);
    /* refused: asked again under fn and arg, so that the message is the
     * one every mode prints (asked first, it cost 230 instructions an
     * MPI_Sendrecv of two derived types, 3.5%) */
    if (rc != MPI_SUCCESS && count > 0) {
        int named = typeshim_check_buffer(fn, arg, type, count, recv);
        if (named != MPI_SUCCESS)
            rc = named;
    }
    tss_quiet_end();
    if (rc != MPI_SUCCESS)
        return retell(fn, arg, rc, e);
    /* MPI_Pack_size_c's MPI_UNDEFINED: the size passes MPI_Count.  A
     * receive's size only bounds the message, and this one bounds every
     * message there can be */
    if (*bytes < 0) {
        char cname[64];
        if (!(side & TSS_SIDE_BOUND)) {
            count_name(arg, cname, sizeof cname);
            return tss_too_big(fn, cname, count, 0, type, arg, e);
        }
        *bytes = TSS_COUNT_MAX;
    }
    return MPI_SUCCESS;
}

/* Whether the signature of (count, type) is all MPI_BYTE (libtypeshim's
 * basic type of one byte: MPI_UNSIGNED_CHAR, MPI_UINT8_T are the same). */
static int all_bytes(MPI_Count count, MPI_Datatype type)
{
    MPI_Count n = 0;
    int match = 0;

    if (type == MPI_BYTE)
        return 1;
    tss_quiet_begin();
    if (PMPI_Pack_size_c(count, type, MPI_COMM_SELF, &n) != MPI_SUCCESS || n < 0 ||
        typeshim_type_match(count, type, n, MPI_BYTE, TYPESHIM_MATCH_EQUAL, &match, NULL, NULL,
                            0) != MPI_SUCCESS)
        match = 0;
    tss_quiet_end();
    return match;
}

/* TYPESHIM_CHECK, read at each occurrence (a mismatch is rare, and a
 * program or test may set it once running): unset or "0" accepts an
 * MPI_BYTE side silently, "strict" refuses it, anything else accepts it
 * and says so on stderr. */
enum byte_rule { BYTES_QUIET, BYTES_REPORTED, BYTES_REFUSED };

static enum byte_rule byte_rule(void)
{
    const char *v = getenv("TYPESHIM_CHECK");

    if (!v || !*v || strcmp(v, "0") == 0)
        return BYTES_QUIET;
    return strcmp(v, "strict") == 0 ? BYTES_REFUSED : BYTES_REPORTED;
}

int tss_sig_compare(const char *fn, const char *call, const char *rule, MPI_Count scount,
                    MPI_Datatype stype, MPI_Count rcount, MPI_Datatype rtype, int how, tss_error *e)
{
    char why[MPI_MAX_ERROR_STRING];
    int match, rc;
    enum byte_rule br;

    tss_quiet_begin();
    rc = typeshim_type_match(scount, stype, rcount, rtype, how, &match, NULL, why, sizeof why);
    tss_quiet_end();
    if (rc != MPI_SUCCESS) { /* out of memory: both datatypes were checked */
        int cls = tss_error_class(rc);
        return tss_fail(e, cls > 0 ? cls : MPI_ERR_INTERN,
                        "%s%sthe type signatures could not be compared", fn ? fn : "",
                        fn ? ": " : "");
    }
    if (match)
        return MPI_SUCCESS;
    /* MPI-4.1 section 3.3.1 lets MPI_BYTE match only MPI_BYTE, but MPICH
     * and Open MPI accept it against any signature, and programs rely on
     * it (typed data received as bytes): accepted unless strict; the
     * sizes were compared already */
    if ((br = byte_rule()) != BYTES_REFUSED &&
        (all_bytes(scount, stype) || all_bytes(rcount, rtype))) {
        if (br == BYTES_REPORTED)
            fprintf(stderr,
                    "typeshim: TYPESHIM_CHECK: %s: an MPI_BYTE side accepted against another "
                    "type signature, as MPICH and Open MPI accept it (MPI-4.1 section 3.3.1 "
                    "does not; TYPESHIM_CHECK=strict refuses it): %s\n",
                    call ? call : "a receive", why);
        return MPI_SUCCESS;
    }
    return tss_fail(e, MPI_ERR_TYPE, "%s%s%s: %s", fn ? fn : "", fn ? ": " : "", rule, why);
}

/* Whether a checked datatype may be derived, and so need a hold.  In
 * standalone mode libtypeshim issues every derived datatype's handle: the
 * program's (TSO_DATATYPE) or a hold's (TSO_DATATYPE_HOLD: a persistent
 * send's message is queued with its request's hold), words
 * object/tso_abi.h knows in either ABI.  Any other valid handle is a
 * predefined type, immortal and its own hold (typeshim_type_hold), known
 * without a call: MPICH's builtin and pair handles, Open MPI's addresses. */
static int maybe_derived(MPI_Datatype type)
{
    uint32_t w = TSO_WORD(type);

    return tso_abi_is(TSO_DATATYPE, w) || tso_abi_is(TSO_DATATYPE_HOLD, w);
}

int tss_type_hold(const char *fn, MPI_Datatype type, MPI_Datatype *held, tss_error *e)
{
    int rc;

    *held = 0;
    if (!maybe_derived(type))
        return MPI_SUCCESS;
    tss_quiet_begin();
    rc = typeshim_type_hold(type, held);
    tss_quiet_end();
    if (rc != MPI_SUCCESS) {
        *held = 0;
        return retell(fn, "datatype", rc, e);
    }
    if (*held == type) /* predefined */
        *held = 0;
    return MPI_SUCCESS;
}

void tss_type_unhold(MPI_Datatype held)
{
    /* no callback runs: fine under the lock; a hold the runtime made is
     * released once, so this cannot fail */
    tss_quiet_begin();
    (void)typeshim_type_unhold(held);
    tss_quiet_end();
}

/* Frees t when it is a derived type MPI_Type_get_contents returned (the
 * caller owns those, MPI-4.1 section 5.1.13). */
static void free_if_derived(MPI_Datatype t)
{
    MPI_Count ni, na, nc, nd;
    int combiner = MPI_COMBINER_NAMED;

    if (PMPI_Type_get_envelope_c(t, &ni, &na, &nc, &nd, &combiner) == MPI_SUCCESS &&
        combiner != MPI_COMBINER_NAMED)
        PMPI_Type_free(&t);
}

/* The first predefined type of t's construction (the type itself when it
 * is predefined or has no datatype argument, as the f90 types), into
 * *first; MPI_ERR_NO_MEM without memory for the decoding. */
static int first_leaf(MPI_Datatype t, MPI_Datatype *first)
{
    MPI_Datatype cur = t;
    int rc = MPI_SUCCESS;

    for (;;) {
        MPI_Count ni, na, nc, nd;
        int combiner, *ints = NULL;
        MPI_Aint *aints = NULL;
        MPI_Count *counts = NULL;
        MPI_Datatype *types = NULL, next;

        if ((rc = PMPI_Type_get_envelope_c(cur, &ni, &na, &nc, &nd, &combiner)) != MPI_SUCCESS)
            break;
        if (combiner == MPI_COMBINER_NAMED || nd == 0) {
            *first = cur;
            return MPI_SUCCESS; /* cur is t, or a derived type made of none */
        }
        if (!(ints = tss_calloc((size_t)ni + 1, sizeof *ints)) ||
            !(aints = tss_calloc((size_t)na + 1, sizeof *aints)) ||
            !(counts = tss_calloc((size_t)nc + 1, sizeof *counts)) ||
            !(types = tss_calloc((size_t)nd, sizeof *types)))
            rc = MPI_ERR_NO_MEM;
        else
            rc = PMPI_Type_get_contents_c(cur, ni, na, nc, nd, ints, aints, counts, types);
        /* a struct's first member of some elements: an empty one's type
         * is in no element of the map (its block length: ints[1 + k],
         * or counts[1 + k] when made by MPI_Type_create_struct_c) */
        MPI_Count pick = 0;
        if (rc == MPI_SUCCESS && combiner == MPI_COMBINER_STRUCT)
            for (pick = 0; pick < nd - 1; pick++)
                if ((nc > 0 ? counts[1 + pick] : (MPI_Count)ints[1 + pick]) > 0)
                    break;
        next = rc == MPI_SUCCESS ? types[pick] : MPI_DATATYPE_NULL;
        for (MPI_Count i = 0; rc == MPI_SUCCESS && i < nd; i++)
            if (i != pick)
                free_if_derived(types[i]);
        tss_free(ints);
        tss_free(aints);
        tss_free(counts);
        tss_free(types);
        if (cur != t)
            free_if_derived(cur);
        if (rc != MPI_SUCCESS)
            return rc;
        cur = next;
    }
    if (cur != t)
        free_if_derived(cur);
    return rc;
}

int tss_type_basic(const char *fn, const char *arg, MPI_Count count, MPI_Datatype type,
                   MPI_Count bytes, MPI_Datatype *basic, tss_error *e)
{
    MPI_Datatype leaf = type;
    MPI_Count size = 0;
    int rc = MPI_SUCCESS, match = 1;

    *basic = type;
    if (!maybe_derived(type))
        return MPI_SUCCESS; /* predefined: its own */
    tss_quiet_begin();
    rc = first_leaf(type, &leaf);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Type_size_c(leaf, &size);
    /* every element of the signature must be that type's */
    if (rc == MPI_SUCCESS && size > 0 && bytes > 0)
        rc = typeshim_type_match(count, type, bytes / size, leaf, TYPESHIM_MATCH_EQUAL, &match,
                                 NULL, NULL, 0);
    if (rc == MPI_SUCCESS && leaf != type && maybe_derived(leaf)) {
        /* a derived type made of no other (f90): not predefined */
        free_if_derived(leaf);
        match = 0;
    }
    tss_quiet_end();
    if (rc != MPI_SUCCESS)
        return rc == MPI_ERR_NO_MEM ? tss_fail(e, rc, "%s: out of memory", fn)
                                    : retell(fn, arg, rc, e);
    if (!match || size == 0)
        return tss_fail(e, MPI_ERR_TYPE,
                        "%s(%s): an accumulate's datatype must be predefined or made of one "
                        "predefined type only (MPI-4.1 section 12.3.4)",
                        fn, arg);
    *basic = leaf;
    return MPI_SUCCESS;
}
