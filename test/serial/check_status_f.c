/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_status_f: MPI_Status_c2f and MPI_Status_f2c of libtypeshim-serial
 * (MPI-4.1 section 19.3.5).  A Fortran status is the C status as
 * integers: the fields at MPI_F_SOURCE, MPI_F_TAG and MPI_F_ERROR, the
 * count and the cancelled flag survive the round trip; the sentinels and
 * NULL are refused with the class MPICH gives (MPI_ERR_OTHER) or
 * MPI_ERR_ARG (where MPICH 4.0.2 crashes), nothing written.
 */
#include "serialtest.h"

static void ok(int rc)
{
    ck_assert_int_eq(rc, MPI_SUCCESS);
}

static MPI_Status sample(void)
{
    MPI_Status s;

    memset(&s, 0, sizeof s);
    s.MPI_SOURCE = 3;
    s.MPI_TAG = 7;
    s.MPI_ERROR = 12;
    ok(MPI_Status_set_elements(&s, MPI_INT, 5));
    ok(MPI_Status_set_cancelled(&s, 1));
    return s;
}

START_TEST(test_round_trip)
{
    MPI_Status s = sample(), t;
    MPI_Fint f[MPI_F_STATUS_SIZE + 1];
    int count = -1, cancelled = -1;

    ck_assert_int_eq((int)(sizeof(MPI_Status) / sizeof(MPI_Fint)), MPI_F_STATUS_SIZE);
    f[MPI_F_STATUS_SIZE] = -99;
    ok(MPI_Status_c2f(&s, f));
    ck_assert_int_eq(f[MPI_F_SOURCE], 3);
    ck_assert_int_eq(f[MPI_F_TAG], 7);
    ck_assert_int_eq(f[MPI_F_ERROR], 12);
    ck_assert_int_eq(f[0], 20);                  /* the count in bytes: 5 MPI_INT */
    ck_assert_int_eq(f[MPI_F_STATUS_SIZE], -99); /* nothing past the status */
    memset(&t, 0xab, sizeof t);
    ok(MPI_Status_f2c(f, &t));
    ck_assert_int_eq(t.MPI_SOURCE, 3);
    ck_assert_int_eq(t.MPI_TAG, 7);
    ck_assert_int_eq(t.MPI_ERROR, 12);
    ok(MPI_Get_count(&t, MPI_INT, &count));
    ck_assert_int_eq(count, 5);
    ok(MPI_Test_cancelled(&t, &cancelled));
    ck_assert_int_eq(cancelled, 1);
}
END_TEST

/* rc is of class cls and its message names fn and says what. */
static void says(int rc, int cls, const char *fn, const char *what)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len;

    ck_assert_int_eq(class_of(rc), cls);
    ok(MPI_Error_string(rc, msg, &len));
    ck_assert_msg(strstr(msg, fn) && strstr(msg, what), "'%s' should name %s and say %s", msg, fn,
                  what);
}

START_TEST(test_refusals)
{
    MPI_Status s = sample(), t, before;
    MPI_Fint f[MPI_F_STATUS_SIZE], fbefore[MPI_F_STATUS_SIZE];

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    memset(f, 0x5a, sizeof f);
    memcpy(fbefore, f, sizeof f);
    memset(&t, 0x5a, sizeof t);
    before = t;
    says(MPI_Status_c2f(MPI_STATUS_IGNORE, f), MPI_ERR_OTHER, "MPI_Status_c2f",
         "c_status=MPI_STATUS_IGNORE");
    says(MPI_Status_c2f(NULL, f), MPI_ERR_ARG, "MPI_Status_c2f", "c_status=NULL");
    says(MPI_Status_c2f(&s, NULL), MPI_ERR_ARG, "MPI_Status_c2f", "f_status=NULL");
    says(MPI_Status_c2f(&s, MPI_F_STATUS_IGNORE), MPI_ERR_OTHER, "MPI_Status_c2f",
         "f_status=MPI_F_STATUS_IGNORE");
    says(MPI_Status_f2c(MPI_F_STATUS_IGNORE, &t), MPI_ERR_OTHER, "MPI_Status_f2c",
         "f_status=MPI_F_STATUS_IGNORE");
    says(MPI_Status_f2c(MPI_F_STATUSES_IGNORE, &t), MPI_ERR_OTHER, "MPI_Status_f2c",
         "f_status=MPI_F_STATUS_IGNORE");
    says(MPI_Status_f2c(f, MPI_STATUS_IGNORE), MPI_ERR_OTHER, "MPI_Status_f2c",
         "c_status=MPI_STATUS_IGNORE");
    says(MPI_Status_f2c(f, NULL), MPI_ERR_ARG, "MPI_Status_f2c", "c_status=NULL");
    ck_assert_int_eq(memcmp(f, fbefore, sizeof f), 0);
    ck_assert_int_eq(memcmp(&t, &before, sizeof t), 0);
    ck_assert_ptr_ne(MPI_F_STATUS_IGNORE, MPI_F_STATUSES_IGNORE);
    ck_assert_ptr_nonnull(MPI_F_STATUS_IGNORE);
}
END_TEST

static Suite *status_f_suite(void)
{
    Suite *s = suite_create("status_f");
    TCase *tc = tcase_create("one process");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_round_trip);
    tcase_add_test(tc, test_refusals);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(status_f_suite());
}
