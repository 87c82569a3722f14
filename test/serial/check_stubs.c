/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The one-sided and MPI-IO calls (those with datatype arguments, which
 * libtypeshim exports too) given a handle that names no window or file,
 * on the single-process runtime: the one-sided ones are the runtime's,
 * which refuses the handle (MPI_ERR_WIN, on MPI_COMM_WORLD's handler,
 * "never made"); the file calls are the runtime's too, which refuses the
 * handle with MPI_ERR_FILE on MPI_FILE_NULL's handler (MPI_ERRORS_RETURN
 * by default, MPI-4.1 section 14.7).
 */
#include "serialtest.h"

#define SOME_WIN  ((MPI_Win)0xa0000001)
#define SOME_FILE ((MPI_File)(size_t)0x1234)

static void message_has(int code, const char *a, const char *b)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;

    ck_assert_int_eq(MPI_Error_string(code, msg, &len), MPI_SUCCESS);
    ck_assert_msg(strstr(msg, a) && strstr(msg, b), "message: %s", msg);
}

START_TEST(test_window_calls)
{
    int x = 1, y = 0, handler_before = handler_calls;
    MPI_Errhandler eh;

    MPI_Comm_create_errhandler(counting_handler, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    ck_assert_int_eq(class_of(MPI_Put(&x, 1, MPI_INT, 0, 0, 1, MPI_INT, SOME_WIN)), MPI_ERR_WIN);
    ck_assert_int_eq(handler_calls, handler_before + 1);
    ck_assert_int_eq(class_of(handler_code), MPI_ERR_WIN);
    message_has(handler_code, "MPI_Put(win=0xa0000001)", "Invalid window (never made)");
    ck_assert_int_eq(class_of(MPI_Get(&y, 1, MPI_INT, 0, 0, 1, MPI_INT, SOME_WIN)), MPI_ERR_WIN);
    ck_assert_int_eq(y, 0);
    MPI_Errhandler_free(&eh);
}
END_TEST

/* MPI_FILE_NULL's handler returns: the program goes on under the
 * default (fatal) handler of MPI_COMM_WORLD. */
START_TEST(test_file_calls)
{
    int x = 1, rc;

    rc = MPI_File_write(SOME_FILE, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    ck_assert_int_eq(class_of(rc), MPI_ERR_FILE);
    message_has(rc, "MPI_File_write(fh=0x1234)", "Invalid file handle");
    rc = MPI_File_read_at(SOME_FILE, 0, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    ck_assert_int_eq(class_of(rc), MPI_ERR_FILE);
    ck_assert_int_eq(x, 1);
}
END_TEST

static Suite *stubs_suite(void)
{
    Suite *s = suite_create("stubs");
    TCase *tc = tcase_create("one process");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_window_calls);
    tcase_add_test(tc, test_file_calls);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(stubs_suite());
}
