/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss_req_priv.h: what tss_request.c (handles, free, cancel, start) and
 * tss_request_completion.c (the Wait and Test families) share.
 */
#ifndef TSS_REQ_PRIV_H
#define TSS_REQ_PRIV_H

/* Lock held.  Why handle names no request ("freed", "never made"). */
TSS_HIDDEN const char *tss_req_why(MPI_Request handle);
/* Whether r's operation is active and not complete. */
TSS_HIDDEN int tss_req_pending(const tss_req *r);
/* Lock held.  The requests of handles hs[0..n-1] (NULL for
 * MPI_REQUEST_NULL) into rs; an invalid or repeated handle fails with e. */
TSS_HIDDEN int tss_req_lookup_all(const char *fn, int n, const MPI_Request *hs, tss_req **rs,
                                  tss_error *e);
/* The communicator to raise a request's error on. */
TSS_HIDDEN MPI_Comm tss_req_comm_of(const tss_req *r);
/* Common argument checks of the array calls. */
TSS_HIDDEN int tss_req_array_args(const char *fn, int count, const MPI_Request *hs, const void *out,
                                  const char *outname);
/* The requests of an array call, in a buffer the caller frees. */
TSS_HIDDEN tss_req **tss_req_reqs_alloc(int count);

/* ---- generalized requests (tss_grequest.c) ---- */

/* Lock held.  A completion call takes complete generalized request r (its
 * handle already MPI_REQUEST_NULL): its query writes st
 * (MPI_STATUS_IGNORE: a status of the runtime's) once the lock is
 * released, in tss_greq_finish. */
TSS_HIDDEN void tss_greq_take(tss_req *r, MPI_Status *st);
/* Lock not held.  Runs the callbacks of the requests taken among
 * rs[0..n-1] (NULL entries skipped), the query then the free callback
 * (MPI-4.1 section 13.2: they may call MPI), and releases them under the
 * lock.  The code a callback returned (free_fn's, the last, when it
 * fails) goes into the MPI_ERROR field of its status when set_error; the
 * first such code is returned, with e filled (fn: the completing call),
 * else MPI_SUCCESS. */
TSS_HIDDEN int tss_greq_finish(const char *fn, tss_req **rs, int n, int set_error, tss_error *e);
/* Lock held, released.  MPI_Request_free, MPI_Request_get_status and
 * MPI_Cancel of generalized request r: the callbacks run without the
 * lock; a code one returns is raised on MPI_COMM_WORLD's handler as it
 * is, and returned. */
TSS_HIDDEN int tss_greq_free(tss_req *r, MPI_Request *h);
TSS_HIDDEN int tss_greq_status(tss_req *r, int *flag, MPI_Status *st);
TSS_HIDDEN int tss_greq_cancel(tss_req *r);
/* Raises code, an error code a callback returned, on comm's handler as
 * it is (no message of the runtime's replaces it); returns it. */
TSS_HIDDEN int tss_raise_as_is(MPI_Comm comm, int code);

#endif /* TSS_REQ_PRIV_H */
