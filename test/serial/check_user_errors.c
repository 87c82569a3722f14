/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_user_errors: error classes, codes and strings a program adds and
 * removes (MPI-4.1 section 9.5) in libtypeshim-serial, and the two
 * intercommunicator constructors, which one process cannot satisfy
 * (section 7.6.2).  Values are literal: classes are numbered from
 * 0x40000001 (as MPICH numbers them), codes from 0x41000001;
 * MPI_LASTUSEDCODE is the largest class; every erroneous use is
 * MPI_ERR_ARG with a message and changes nothing.
 */
#include "serialtest.h"

#include "typeshim.h" /* MPI_Remove_error_* for MPICH 4.0.2's mpi.h */

#define FIRST      0x40000001
#define CODE_FIRST 0x41000001

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
}

static void ok(int rc)
{
    ck_assert_int_eq(rc, MPI_SUCCESS);
}

/* code is of class cls, and its message names fn and says what. */
static void says(int code, int cls, const char *fn, const char *what)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len = -1;

    ck_assert_msg(class_of(code) == cls, "%s: class %d, want %d", fn, class_of(code), cls);
    ck_assert_int_eq(MPI_Error_string(code, msg, &len), MPI_SUCCESS);
    ck_assert_int_eq(len, (int)strlen(msg));
    ck_assert_msg(strstr(msg, fn) && strstr(msg, what), "'%s' should name %s and say '%s'", msg, fn,
                  what);
}

static int lastused(void)
{
    int *v = NULL, flag = 0;

    ok(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &v, &flag));
    ck_assert_int_eq(flag, 1);
    return *v;
}

static void string_is(int code, const char *want)
{
    char msg[MPI_MAX_ERROR_STRING] = "unwritten";
    int len = -1;

    ok(MPI_Error_string(code, msg, &len));
    ck_assert_str_eq(msg, want);
    ck_assert_int_eq(len, (int)strlen(want));
}

START_TEST(test_add_and_query)
{
    int cls = 0, cls2 = 0, code = 0, code2 = 0, *live = NULL, flag = 0;

    returning();
    ck_assert_int_eq(lastused(), MPI_ERR_LASTCODE);
    ok(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &live, &flag));
    ok(MPI_Add_error_class(&cls));
    ck_assert_int_eq(cls, FIRST);
    ck_assert_int_eq(lastused(), FIRST);
    ck_assert_int_eq(*live, FIRST); /* the attribute's pointer follows */
    ok(MPI_Add_error_code(cls, &code));
    ck_assert_int_eq(code, CODE_FIRST);
    ck_assert_int_eq(lastused(), FIRST); /* classes only */
    ok(MPI_Add_error_class(&cls2));
    ck_assert_int_eq(cls2, FIRST + 1);
    ok(MPI_Add_error_code(MPI_ERR_TYPE, &code2)); /* a class of MPI's takes codes */
    ck_assert_int_eq(code2, CODE_FIRST + 1);
    ck_assert_int_eq(lastused(), FIRST + 1);

    ck_assert_int_eq(class_of(cls), cls);
    ck_assert_int_eq(class_of(code), cls);
    ck_assert_int_eq(class_of(cls2), cls2);
    ck_assert_int_eq(class_of(code2), MPI_ERR_TYPE);
    string_is(code, ""); /* empty until a string is added */
    string_is(cls, "");
    ok(MPI_Add_error_string(code, "my code"));
    ok(MPI_Add_error_string(cls, "my class"));
    string_is(code, "my code");
    string_is(cls, "my class");
    ok(MPI_Add_error_string(code, "again")); /* replaces */
    string_is(code, "again");
    string_is(MPI_ERR_TYPE, "Invalid datatype"); /* untouched */
}
END_TEST

/* A user code passes through a handler unchanged, and the handler's
 * MPI_Error_string reads the program's string. */
static int seen_code;
static char seen_text[MPI_MAX_ERROR_STRING];

static void recording(MPI_Comm *comm, int *code, ...)
{
    int len;

    (void)comm;
    seen_code = *code;
    MPI_Error_string(*code, seen_text, &len);
}

START_TEST(test_call_errhandler)
{
    MPI_Errhandler eh;
    int cls, code;

    ok(MPI_Add_error_class(&cls));
    ok(MPI_Add_error_code(cls, &code));
    ok(MPI_Add_error_string(code, "raised by the program"));
    ok(MPI_Comm_create_errhandler(recording, &eh));
    ok(MPI_Comm_set_errhandler(MPI_COMM_SELF, eh));
    ok(MPI_Comm_call_errhandler(MPI_COMM_SELF, code));
    ck_assert_int_eq(seen_code, code);
    ck_assert_str_eq(seen_text, "raised by the program");
    ok(MPI_Errhandler_free(&eh));
}
END_TEST

START_TEST(test_remove)
{
    int cls, code, code2, got = -7;
    char msg[MPI_MAX_ERROR_STRING];
    int len;

    returning();
    ok(MPI_Add_error_class(&cls));
    ok(MPI_Add_error_code(cls, &code));
    ok(MPI_Add_error_code(cls, &code2));
    ok(MPI_Add_error_string(code, "text"));
    says(MPI_Remove_error_class(cls), MPI_ERR_ARG, "MPI_Remove_error_class", "2 error codes");
    says(MPI_Remove_error_code(code), MPI_ERR_ARG, "MPI_Remove_error_code",
         "string is not removed");
    ok(MPI_Remove_error_code(code2));
    says(MPI_Remove_error_class(cls), MPI_ERR_ARG, "MPI_Remove_error_class", "1 error code of");
    ok(MPI_Remove_error_string(code));
    string_is(code, "");
    says(MPI_Remove_error_string(code), MPI_ERR_ARG, "MPI_Remove_error_string", "no string");
    ok(MPI_Remove_error_code(code));
    ok(MPI_Add_error_string(cls, "the class's")); /* removed first, as a code's */
    says(MPI_Remove_error_class(cls), MPI_ERR_ARG, "MPI_Remove_error_class",
         "string is not removed");
    ok(MPI_Remove_error_string(cls));
    ok(MPI_Remove_error_class(cls));
    /* gone, and not issued again */
    ck_assert_int_eq(class_of(MPI_Error_class(code, &got)), MPI_ERR_ARG);
    ck_assert_int_eq(got, -7);
    ck_assert_int_eq(class_of(MPI_Error_string(cls, msg, &len)), MPI_ERR_ARG);
    says(MPI_Add_error_code(cls, &got), MPI_ERR_ARG, "MPI_Add_error_code", "or it was removed");
    says(MPI_Remove_error_class(cls), MPI_ERR_ARG, "MPI_Remove_error_class", "errorclass=");
    ok(MPI_Add_error_class(&got));
    ck_assert_int_eq(got, FIRST + 1);
    ok(MPI_Add_error_code(got, &got));
    ck_assert_int_eq(got, CODE_FIRST + 2);
}
END_TEST

START_TEST(test_refusals)
{
    int cls, code, out = -7, before;
    char big[MPI_MAX_ERROR_STRING + 1];

    returning();
    ok(MPI_Add_error_class(&cls));
    ok(MPI_Add_error_code(cls, &code));
    before = lastused();
    says(MPI_Add_error_class(NULL), MPI_ERR_ARG, "MPI_Add_error_class", "errorclass=NULL");
    says(MPI_Add_error_code(cls, NULL), MPI_ERR_ARG, "MPI_Add_error_code", "errorcode=NULL");
    says(MPI_Add_error_code(code, &out), MPI_ERR_ARG, "MPI_Add_error_code", "not an error class");
    says(MPI_Add_error_code(987654, &out), MPI_ERR_ARG, "MPI_Add_error_code", "errorclass=987654");
    says(MPI_Add_error_code(-1, &out), MPI_ERR_ARG, "MPI_Add_error_code", "errorclass=-1");
    says(MPI_Add_error_code(MPI_SUCCESS, &out), MPI_ERR_ARG, "MPI_Add_error_code",
         "MPI_SUCCESS is no error");
    ck_assert_int_eq(out, -7);
    says(MPI_Add_error_string(code, NULL), MPI_ERR_ARG, "MPI_Add_error_string", "string=NULL");
    says(MPI_Add_error_string(MPI_ERR_TYPE, "no"), MPI_ERR_ARG, "MPI_Add_error_string",
         "of MPI itself");
    says(MPI_Add_error_string(123456, "no"), MPI_ERR_ARG, "MPI_Add_error_string",
         "errorcode=123456");
    memset(big, 'x', MPI_MAX_ERROR_STRING);
    big[MPI_MAX_ERROR_STRING] = '\0';
    says(MPI_Add_error_string(code, big), MPI_ERR_ARG, "MPI_Add_error_string",
         "more than MPI_MAX_ERROR_STRING - 1");
    big[MPI_MAX_ERROR_STRING - 1] = '\0'; /* the longest allowed */
    ok(MPI_Add_error_string(code, big));
    string_is(code, big);
    says(MPI_Remove_error_class(code), MPI_ERR_ARG, "MPI_Remove_error_class", "not an error class");
    says(MPI_Remove_error_code(cls), MPI_ERR_ARG, "MPI_Remove_error_code", "not an error code");
    says(MPI_Remove_error_class(MPI_ERR_TYPE), MPI_ERR_ARG, "MPI_Remove_error_class",
         "of MPI itself");
    says(MPI_Remove_error_string(MPI_ERR_OTHER), MPI_ERR_ARG, "MPI_Remove_error_string",
         "of MPI itself");
    says(MPI_Remove_error_class(MPI_SUCCESS), MPI_ERR_ARG, "MPI_Remove_error_class",
         "of MPI itself");
    says(MPI_Remove_error_code(MPI_SUCCESS), MPI_ERR_ARG, "MPI_Remove_error_code", "of MPI itself");
    says(MPI_Remove_error_string(MPI_SUCCESS), MPI_ERR_ARG, "MPI_Remove_error_string",
         "of MPI itself");
    /* a refused call issues nothing */
    ck_assert_int_eq(lastused(), before);
    ok(MPI_Add_error_class(&out));
    ck_assert_int_eq(out, cls + 1);
}
END_TEST

START_TEST(test_refusal_reaches_handler)
{
    MPI_Errhandler eh;

    ok(MPI_Comm_create_errhandler(counting_handler, &eh));
    ok(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh));
    handler_calls = 0;
    ck_assert_int_eq(class_of(MPI_Remove_error_code(CODE_FIRST)), MPI_ERR_ARG);
    ck_assert_int_eq(handler_calls, 1);
    ck_assert_int_eq(class_of(handler_code), MPI_ERR_ARG);
    ck_assert_ptr_eq((void *)(uintptr_t)handler_comm, (void *)(uintptr_t)MPI_COMM_WORLD);
    ok(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    ok(MPI_Errhandler_free(&eh));
}
END_TEST

START_TEST(test_intercomm)
{
    MPI_Comm ic = MPI_COMM_SELF, dup;

    returning();
    says(MPI_Intercomm_merge(MPI_COMM_WORLD, 0, &ic), MPI_ERR_COMM, "MPI_Intercomm_merge",
         "not an intercommunicator");
    says(MPI_Intercomm_merge(MPI_COMM_NULL, 1, &ic), MPI_ERR_COMM, "MPI_Intercomm_merge", "");
    says(MPI_Intercomm_merge(MPI_COMM_WORLD, 0, NULL), MPI_ERR_ARG, "MPI_Intercomm_merge",
         "newintracomm=NULL");
    says(MPI_Intercomm_create(MPI_COMM_NULL, 0, MPI_COMM_WORLD, 0, 5, &ic), MPI_ERR_COMM,
         "MPI_Intercomm_create", "");
    says(MPI_Intercomm_create(MPI_COMM_SELF, 0, MPI_COMM_WORLD, 0, -5, &ic), MPI_ERR_TAG,
         "MPI_Intercomm_create", "tag=-5");
    says(MPI_Intercomm_create(MPI_COMM_SELF, 0, MPI_COMM_WORLD, 0, 5, NULL), MPI_ERR_ARG,
         "MPI_Intercomm_create", "newintercomm=NULL");
    says(MPI_Intercomm_create(MPI_COMM_SELF, 1, MPI_COMM_WORLD, 0, 5, &ic), MPI_ERR_RANK,
         "MPI_Intercomm_create", "local_leader=1");
    says(MPI_Intercomm_create(MPI_COMM_SELF, 0, BOGUS_COMM, 0, 5, &ic), MPI_ERR_COMM,
         "MPI_Intercomm_create", "");
    says(MPI_Intercomm_create(MPI_COMM_SELF, 0, MPI_COMM_WORLD, 1, 5, &ic), MPI_ERR_RANK,
         "MPI_Intercomm_create", "remote_leader=1");
    ok(MPI_Comm_dup(MPI_COMM_WORLD, &dup));
    says(MPI_Intercomm_create(dup, 0, MPI_COMM_WORLD, 0, 5, &ic), MPI_ERR_RANK,
         "MPI_Intercomm_create", "not disjoint");
    ck_assert_ptr_eq((void *)(uintptr_t)ic, (void *)(uintptr_t)MPI_COMM_SELF); /* unwritten */
    ok(MPI_Comm_free(&dup));
}
END_TEST

/* Before MPI_Init and after MPI_Finalize: MPI_ERR_OTHER, raised on
 * MPI_COMM_WORLD's default handler, which ends the process. */
static void before_init(void)
{
    int cls = -7;

    MPI_Add_error_class(&cls);
}

static void after_finalize(void)
{
    int cls, code;

    if (MPI_Init(NULL, NULL) || MPI_Add_error_class(&cls) || MPI_Add_error_code(cls, &code) ||
        MPI_Add_error_string(code, "freed by MPI_Finalize") || MPI_Finalize())
        return;
    MPI_Add_error_code(cls, &code);
}

START_TEST(test_outside_init)
{
    struct child c;

    run_child(before_init, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_OTHER);
    ck_assert_msg(strstr(c.err, "MPI_Add_error_class"), "stderr: %s", c.err);
    run_child(after_finalize, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_OTHER);
    ck_assert_msg(strstr(c.err, "MPI_Add_error_code"), "stderr: %s", c.err);
}
END_TEST

static Suite *user_errors_suite(void)
{
    Suite *s = suite_create("user_errors");
    TCase *tc = tcase_create("one process");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_add_and_query);
    tcase_add_test(tc, test_call_errhandler);
    tcase_add_test(tc, test_remove);
    tcase_add_test(tc, test_refusals);
    tcase_add_test(tc, test_refusal_reaches_handler);
    tcase_add_test(tc, test_intercomm);
    suite_add_tcase(s, tc);

    tc = tcase_create("init window");
    tcase_add_test(tc, test_outside_init);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(user_errors_suite());
}
