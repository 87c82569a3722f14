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

#endif /* TSS_REQ_PRIV_H */
