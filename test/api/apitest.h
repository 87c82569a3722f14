/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * apitest.h - helpers shared by the black-box façade tests (test/api/).
 *
 * These tests link only libtypeshim.la and libtypeshim-serial.la and use
 * nothing but the MPI API and the public include/typeshim.h.
 */
#ifndef APITEST_H
#define APITEST_H

#include <check.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "typeshim.h"

#define AT_UNUSED __attribute__((unused))

/* Text of an MPI error code, for failure messages (not reentrant). */
static AT_UNUSED const char *at_errstr(int rc)
{
    static char buf[MPI_MAX_ERROR_STRING + 32];
    int len = 0;

    if (rc == MPI_SUCCESS)
        return "MPI_SUCCESS";
    if (MPI_Error_string(rc, buf, &len) != MPI_SUCCESS)
        snprintf(buf, sizeof buf, "(error code %d, no message)", rc);
    return buf;
}

/* Asserts that an MPI call succeeded, naming it and its message otherwise. */
#define AT_OK(call)                                                                                \
    do {                                                                                           \
        int at_rc_ = (call);                                                                       \
        ck_assert_msg(at_rc_ == MPI_SUCCESS, "%s returned %d: %s", #call, at_rc_,                  \
                      at_errstr(at_rc_));                                                          \
    } while (0)

/* Error class of an error code (-1 if MPI_Error_class itself fails). */
static AT_UNUSED int at_class(int rc)
{
    int cls = -1;

    if (MPI_Error_class(rc, &cls) != MPI_SUCCESS)
        return -1;
    return cls;
}

static AT_UNUSED MPI_Aint at_size(MPI_Datatype t)
{
    int sz = -1;

    AT_OK(MPI_Type_size(t, &sz));
    return sz;
}

static AT_UNUSED void at_extent(MPI_Datatype t, MPI_Aint *lb, MPI_Aint *extent)
{
    AT_OK(MPI_Type_get_extent(t, lb, extent));
}

static AT_UNUSED void at_true_extent(MPI_Datatype t, MPI_Aint *lb, MPI_Aint *extent)
{
    AT_OK(MPI_Type_get_true_extent(t, lb, extent));
}

/* Runs every suite of a test program between MPI_Init and MPI_Finalize;
 * the exit status is EXIT_FAILURE if any test failed.  The error handler
 * of MPI_COMM_WORLD is left alone (default: fatal) unless errors_return. */
/* Checked fixtures: errors return codes inside a test, fatal after it. */
static AT_UNUSED void at_errors_return(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

static AT_UNUSED void at_errors_fatal(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

/* rc is an error of class cls whose message (MPI_Error_string, of a
 * consistent length) names fn, and arg unless arg is NULL. */
static AT_UNUSED void at_expect_error(int rc, int cls, const char *fn, const char *arg,
                                      const char *call)
{
    char msg[MPI_MAX_ERROR_STRING + 1];
    int len = -1;
    int got;

    ck_assert_msg(rc != MPI_SUCCESS, "%s succeeded, expected class %d", call, cls);
    got = at_class(rc);
    ck_assert_msg(got == cls, "%s: error class %d, expected %d (%s)", call, got, cls,
                  at_errstr(rc));
    memset(msg, 0, sizeof msg);
    ck_assert_int_eq(MPI_Error_string(rc, msg, &len), MPI_SUCCESS);
    ck_assert_msg(len >= 0 && len < MPI_MAX_ERROR_STRING && (size_t)len == strlen(msg),
                  "%s: MPI_Error_string length %d for '%s'", call, len, msg);
    ck_assert_msg(strstr(msg, fn) != NULL, "%s: message does not name %s: '%s'", call, fn, msg);
    ck_assert_msg(!arg || strstr(msg, arg) != NULL, "%s: message does not name argument '%s': '%s'",
                  call, arg, msg);
}

/* Every one of n bytes still holds the poison value. */
static AT_UNUSED int at_all_poison(const void *p, size_t n, unsigned char poison)
{
    for (size_t i = 0; i < n; i++)
        if (((const unsigned char *)p)[i] != poison)
            return 0;
    return 1;
}

/* A status with known public fields, and the check that a call that only
 * sets the byte count left them alone. */
static AT_UNUSED void at_status_init(MPI_Status *s)
{
    memset(s, 0, sizeof *s);
    s->MPI_SOURCE = 3;
    s->MPI_TAG = 77;
    s->MPI_ERROR = MPI_ERR_PENDING;
}

static AT_UNUSED void at_status_fields_kept(const MPI_Status *s)
{
    ck_assert_int_eq(s->MPI_SOURCE, 3);
    ck_assert_int_eq(s->MPI_TAG, 77);
    ck_assert_int_eq(s->MPI_ERROR, MPI_ERR_PENDING);
}

static AT_UNUSED int at_run(Suite *const *suites, int nsuites, int errors_return)
{
    SRunner *sr;
    int nfailed;
    int i;

    if (MPI_Init(NULL, NULL) != MPI_SUCCESS) {
        fprintf(stderr, "MPI_Init failed\n");
        return EXIT_FAILURE;
    }
    if (errors_return)
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    sr = srunner_create(suites[0]);
    for (i = 1; i < nsuites; i++)
        srunner_add_suite(sr, suites[i]);
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    MPI_Finalize();
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#endif /* APITEST_H */
