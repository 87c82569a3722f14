/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_serial: black-box tests of libtypeshim-serial, the single-process
 * runtime, through the MPI API only (linked against the installed .la
 * files, so a hidden symbol cannot be reached).
 *
 * Every test runs in its own process (CK_FORK, forced in main): the runtime
 * can be initialised once per process.  The fixture of the "initialized"
 * cases calls MPI_Init/MPI_Finalize inside that process.  Fatal paths run
 * in a further child (run_child) whose exit status, stdout and stderr are
 * captured.
 */
#include <pthread.h>

#include "serialtest.h"
#include "typeshim.h"

static void other_handler(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    (void)code;
}

/* ------------------------------------------------------- life cycle */

START_TEST(test_init_flags)
{
    int flag = -1;

    ck_assert_int_eq(MPI_Initialized(&flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    ck_assert_int_eq(MPI_Finalized(&flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);

    ck_assert_int_eq(MPI_Init(NULL, NULL), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Initialized(&flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(MPI_Finalized(&flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);

    ck_assert_int_eq(MPI_Finalize(), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Initialized(&flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1); /* MPI: stays true after MPI_Finalize */
    ck_assert_int_eq(MPI_Finalized(&flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1);
}
END_TEST

START_TEST(test_init_argv)
{
    char arg0[] = "prog", arg1[] = "-x";
    char *args[] = {arg0, arg1, NULL};
    char **argv = args;
    int argc = 2;

    /* argc/argv are left alone. */
    ck_assert_int_eq(MPI_Init(&argc, &argv), MPI_SUCCESS);
    ck_assert_int_eq(argc, 2);
    ck_assert_ptr_eq(argv, args);
    ck_assert_int_eq(MPI_Finalize(), MPI_SUCCESS);
}
END_TEST

/* required -> provided: what is asked, capped at MPI_THREAD_MULTIPLE. */
/* clang-format off */
static const int thread_cases[][2] = {
    {MPI_THREAD_SINGLE, MPI_THREAD_SINGLE},
    {MPI_THREAD_FUNNELED, MPI_THREAD_FUNNELED},
    {MPI_THREAD_SERIALIZED, MPI_THREAD_SERIALIZED},
    {MPI_THREAD_MULTIPLE, MPI_THREAD_MULTIPLE},
    {MPI_THREAD_MULTIPLE + 5, MPI_THREAD_MULTIPLE},
    {-1, MPI_THREAD_SINGLE},
};
/* clang-format on */

START_TEST(test_init_thread)
{
    int provided = -7, flag = 0;

    ck_assert_int_eq(MPI_Init_thread(NULL, NULL, thread_cases[_i][0], &provided), MPI_SUCCESS);
    ck_assert_int_eq(provided, thread_cases[_i][1]);
    ck_assert_int_eq(MPI_Initialized(&flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(MPI_Finalize(), MPI_SUCCESS);
}
END_TEST

START_TEST(test_init_twice)
{
    int rc, provided;

    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN), MPI_SUCCESS);
    rc = MPI_Init(NULL, NULL);
    ck_assert_int_ne(rc, MPI_SUCCESS);
    ck_assert_int_eq(class_of(rc), MPI_ERR_OTHER);
    rc = MPI_Init_thread(NULL, NULL, MPI_THREAD_SINGLE, &provided);
    ck_assert_int_eq(class_of(rc), MPI_ERR_OTHER);
}
END_TEST

/* ------------------------------------------------ process queries */

START_TEST(test_rank_size)
{
    int rank = -1, size = -1;

    ck_assert_int_eq(MPI_Comm_rank(MPI_COMM_WORLD, &rank), MPI_SUCCESS);
    ck_assert_int_eq(rank, 0);
    ck_assert_int_eq(MPI_Comm_size(MPI_COMM_WORLD, &size), MPI_SUCCESS);
    ck_assert_int_eq(size, 1);
    rank = size = -1;
    ck_assert_int_eq(MPI_Comm_rank(MPI_COMM_SELF, &rank), MPI_SUCCESS);
    ck_assert_int_eq(rank, 0);
    ck_assert_int_eq(MPI_Comm_size(MPI_COMM_SELF, &size), MPI_SUCCESS);
    ck_assert_int_eq(size, 1);
}
END_TEST

START_TEST(test_bad_comm)
{
    int v = -1;

    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Comm_rank(BOGUS_COMM, &v)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_size(MPI_COMM_NULL, &v)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_call_errhandler(BOGUS_COMM, MPI_ERR_TYPE)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_set_errhandler(BOGUS_COMM, MPI_ERRORS_RETURN)),
                     MPI_ERR_COMM);
    ck_assert_int_eq(v, -1);
}
END_TEST

START_TEST(test_null_args)
{
    MPI_Errhandler eh;

    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Initialized(NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Finalized(NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_rank(MPI_COMM_WORLD, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_size(MPI_COMM_SELF, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_get_errhandler(MPI_COMM_WORLD, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_create_errhandler(NULL, &eh)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_create_errhandler(counting_handler, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Errhandler_free(NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Get_version(NULL, &(int){0})), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Get_version(&(int){0}, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Get_library_version(NULL, &(int){0})), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Error_class(MPI_ERR_TYPE, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Error_string(MPI_ERR_TYPE, NULL, &(int){0})), MPI_ERR_ARG);
    ck_assert_int_eq(
        class_of(MPI_Error_string(MPI_ERR_TYPE, (char[MPI_MAX_ERROR_STRING]){0}, NULL)),
        MPI_ERR_ARG);
}
END_TEST

START_TEST(test_version)
{
    char lib[MPI_MAX_LIBRARY_VERSION_STRING];
    int v = -1, sv = -1, len = -1;

    ck_assert_int_eq(MPI_Get_version(&v, &sv), MPI_SUCCESS);
    ck_assert_int_eq(v, 4);
    ck_assert_int_eq(sv, 0);
    ck_assert_int_eq(MPI_Get_library_version(lib, &len), MPI_SUCCESS);
    ck_assert_int_eq(len, (int)strlen(lib));
    ck_assert_ptr_nonnull(strstr(lib, "typeshim"));
    ck_assert_ptr_nonnull(strstr(lib, typeshim_version()));
    /* the runtime names itself: no MPICH moves these messages */
    ck_assert_ptr_nonnull(strstr(lib, "single-process runtime"));
    ck_assert_ptr_null(strstr(lib, "(layered)"));
}
END_TEST

/* Allowed before MPI_Init (MPI-4). */
START_TEST(test_version_before_init)
{
    char lib[MPI_MAX_LIBRARY_VERSION_STRING], msg[MPI_MAX_ERROR_STRING];
    int v = -1, sv = -1, len = -1, cls = -1;

    ck_assert_int_eq(MPI_Get_version(&v, &sv), MPI_SUCCESS);
    ck_assert_int_eq(v, 4);
    ck_assert_int_eq(MPI_Get_library_version(lib, &len), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Error_class(MPI_ERR_COUNT, &cls), MPI_SUCCESS);
    ck_assert_int_eq(cls, MPI_ERR_COUNT);
    ck_assert_int_eq(MPI_Error_string(MPI_ERR_COUNT, msg, &len), MPI_SUCCESS);
    ck_assert_double_gt(MPI_Wtick(), 0.0);
}
END_TEST

START_TEST(test_wtime)
{
    double t0 = MPI_Wtime(), t1, tick = MPI_Wtick();

    ck_assert_double_gt(tick, 0.0);
    ck_assert_double_le(tick, 0.01);
    usleep(20000);
    t1 = MPI_Wtime();
    ck_assert_double_ge(t1 - t0, 0.015);
    ck_assert_double_lt(t1 - t0, 10.0);
}
END_TEST

/* ------------------------------------------------------ error handlers */

START_TEST(test_errhandler_default)
{
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL;

    ck_assert_int_eq(MPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh), MPI_SUCCESS);
    ck_assert_int_eq(eh, MPI_ERRORS_ARE_FATAL);
    ck_assert_int_eq(MPI_Errhandler_free(&eh), MPI_SUCCESS); /* a predefined one: allowed */
    ck_assert_int_eq(eh, MPI_ERRHANDLER_NULL);
    ck_assert_int_eq(MPI_Comm_get_errhandler(MPI_COMM_SELF, &eh), MPI_SUCCESS);
    ck_assert_int_eq(eh, MPI_ERRORS_ARE_FATAL);
}
END_TEST

START_TEST(test_errhandler_return)
{
    MPI_Errhandler eh;

    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh), MPI_SUCCESS);
    ck_assert_int_eq(eh, MPI_ERRORS_RETURN);
    /* The handler returned: MPI_SUCCESS (MPI-4, as MPICH). */
    ck_assert_int_eq(MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_TYPE), MPI_SUCCESS);
    /* MPI_COMM_SELF keeps its own (fatal) handler; MPI-1 name works too. */
    ck_assert_int_eq(MPI_Errhandler_set(MPI_COMM_SELF, MPI_ERRORS_RETURN), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Comm_get_errhandler(MPI_COMM_SELF, &eh), MPI_SUCCESS);
    ck_assert_int_eq(eh, MPI_ERRORS_RETURN);
    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_ABORT), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Comm_get_errhandler(MPI_COMM_SELF, &eh), MPI_SUCCESS);
    ck_assert_int_eq(eh, MPI_ERRORS_ABORT);
}
END_TEST

START_TEST(test_errhandler_user)
{
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL, got = MPI_ERRHANDLER_NULL;
    int v, rc;

    handler_calls = 0;
    ck_assert_int_eq(MPI_Comm_create_errhandler(counting_handler, &eh), MPI_SUCCESS);
    ck_assert_int_ne(eh, MPI_ERRHANDLER_NULL);
    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_SELF, eh), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Comm_get_errhandler(MPI_COMM_SELF, &got), MPI_SUCCESS);
    ck_assert_int_eq(got, eh);

    /* Explicit call: any code is passed through verbatim. */
    ck_assert_int_eq(MPI_Comm_call_errhandler(MPI_COMM_SELF, 12345), MPI_SUCCESS);
    ck_assert_int_eq(handler_calls, 1);
    ck_assert_int_eq(handler_comm, MPI_COMM_SELF);
    ck_assert_int_eq(handler_code, 12345);

    /* An error raised by the runtime itself goes through it too, and the
     * function still returns the code the handler got. */
    rc = MPI_Comm_rank(MPI_COMM_SELF, NULL);
    ck_assert_int_eq(class_of(rc), MPI_ERR_ARG);
    ck_assert_int_eq(handler_calls, 2);
    ck_assert_int_eq(handler_code, rc);

    /* Releasing both user references keeps it alive on the communicator. */
    ck_assert_int_eq(MPI_Errhandler_free(&got), MPI_SUCCESS);
    ck_assert_int_eq(got, MPI_ERRHANDLER_NULL);
    v = eh;
    ck_assert_int_eq(MPI_Errhandler_free(&eh), MPI_SUCCESS);
    ck_assert_int_eq(eh, MPI_ERRHANDLER_NULL);
    ck_assert_int_eq(MPI_Comm_call_errhandler(MPI_COMM_SELF, MPI_ERR_COUNT), MPI_SUCCESS);
    ck_assert_int_eq(handler_calls, 3);
    ck_assert_int_eq(handler_code, MPI_ERR_COUNT);

    /* Replaced: the last reference goes and the old handle is dead. */
    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Comm_set_errhandler(MPI_COMM_SELF, (MPI_Errhandler)v)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(handler_calls, 3);
}
END_TEST

START_TEST(test_errhandler_on_world)
{
    MPI_Errhandler eh;

    handler_calls = 0;
    ck_assert_int_eq(MPI_Comm_create_errhandler(counting_handler, &eh), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Errhandler_free(&eh), MPI_SUCCESS);
    /* A bad communicator's error is raised on MPI_COMM_WORLD. */
    ck_assert_int_eq(class_of(MPI_Comm_size(BOGUS_COMM, &(int){0})), MPI_ERR_COMM);
    ck_assert_int_eq(handler_calls, 1);
    ck_assert_int_eq(handler_comm, MPI_COMM_WORLD);
    ck_assert_int_eq(class_of(handler_code), MPI_ERR_COMM);
}
END_TEST

START_TEST(test_errhandler_invalid)
{
    MPI_Errhandler eh = (MPI_Errhandler)0x12345678;

    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRHANDLER_NULL)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Errhandler_set(MPI_COMM_WORLD, (MPI_Errhandler)0x94000000)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Errhandler_free(&eh)), MPI_ERR_ARG);
    ck_assert_int_eq(eh, (MPI_Errhandler)0x12345678); /* untouched on error */
    eh = MPI_ERRHANDLER_NULL;
    ck_assert_int_eq(class_of(MPI_Errhandler_free(&eh)), MPI_ERR_ARG);
    /* Still MPI_ERRORS_RETURN after the failed calls. */
    ck_assert_int_eq(MPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh), MPI_SUCCESS);
    ck_assert_int_eq(eh, MPI_ERRORS_RETURN);
}
END_TEST

/* A freed slot is reused, but the old handle stays invalid. */
START_TEST(test_errhandler_stale)
{
    MPI_Errhandler a, b, old;

    /* A bad handler is reported on the communicator it was meant for. */
    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Comm_create_errhandler(counting_handler, &a), MPI_SUCCESS);
    old = a;
    ck_assert_int_eq(MPI_Errhandler_free(&a), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Comm_create_errhandler(other_handler, &b), MPI_SUCCESS);
    ck_assert_int_ne(b, old);
    ck_assert_int_eq(class_of(MPI_Comm_set_errhandler(MPI_COMM_SELF, old)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Errhandler_free(&old)), MPI_ERR_ARG);
    ck_assert_int_eq(MPI_Errhandler_free(&b), MPI_SUCCESS);
}
END_TEST

/* The table is bounded; running out is an error, not a crash. */
START_TEST(test_errhandler_many)
{
    enum { MANY = 70000 }; /* more than the 65536 slots of the table */
    static MPI_Errhandler eh[MANY];
    int i, n, rc = MPI_SUCCESS;

    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN), MPI_SUCCESS);
    for (n = 0; n < MANY; n++) {
        rc = MPI_Comm_create_errhandler(counting_handler, &eh[n]);
        if (rc != MPI_SUCCESS)
            break;
    }
    ck_assert_int_ge(n, 1000);
    ck_assert_int_lt(n, MANY);
    ck_assert_int_eq(class_of(rc), MPI_ERR_OTHER);
    for (i = 0; i < n; i++)
        ck_assert_int_eq(MPI_Errhandler_free(&eh[i]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Comm_create_errhandler(counting_handler, &eh[0]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Errhandler_free(&eh[0]), MPI_SUCCESS);
}
END_TEST

/* MPI_THREAD_MULTIPLE is granted: handlers are created, set, read, called
 * and freed from several threads at once. */
static int thread_calls[4];

static void thread_handler(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    __atomic_add_fetch(&thread_calls[*code & 3], 1, __ATOMIC_RELAXED);
}

static void *thread_body(void *arg)
{
    int id = (int)(long)arg, i, bad = 0;
    MPI_Errhandler eh, got;

    for (i = 0; i < 2000; i++) {
        bad |= MPI_Comm_create_errhandler(thread_handler, &eh);
        bad |= MPI_Comm_set_errhandler(MPI_COMM_SELF, eh);
        bad |= MPI_Errhandler_free(&eh);
        bad |= MPI_Comm_call_errhandler(MPI_COMM_SELF, id);
        bad |= MPI_Comm_get_errhandler(MPI_COMM_SELF, &got);
        bad |= MPI_Errhandler_free(&got);
    }
    return (void *)(long)bad;
}

START_TEST(test_errhandler_threads)
{
    pthread_t t[4];
    void *bad;
    int i, total = 0;

    for (i = 0; i < 4; i++)
        ck_assert_int_eq(pthread_create(&t[i], NULL, thread_body, (void *)(long)i), 0);
    for (i = 0; i < 4; i++) {
        ck_assert_int_eq(pthread_join(t[i], &bad), 0);
        ck_assert_ptr_null(bad);
    }
    for (i = 0; i < 4; i++)
        total += thread_calls[i];
    /* Every call found a user handler (set by some thread) on SELF. */
    ck_assert_int_eq(total, 4 * 2000);
}
END_TEST

/* --------------------------------------------------- classes, strings */

/* Every error class of MPICH 4.0.2's mpi.h. */
/* clang-format off */
static const int all_classes[] = {
    MPI_SUCCESS, MPI_ERR_BUFFER, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_TAG, MPI_ERR_COMM,
    MPI_ERR_RANK, MPI_ERR_ROOT, MPI_ERR_TRUNCATE, MPI_ERR_GROUP, MPI_ERR_OP, MPI_ERR_REQUEST,
    MPI_ERR_TOPOLOGY, MPI_ERR_DIMS, MPI_ERR_ARG, MPI_ERR_OTHER, MPI_ERR_UNKNOWN,
    MPI_ERR_INTERN, MPI_ERR_IN_STATUS, MPI_ERR_PENDING, MPI_ERR_ACCESS, MPI_ERR_AMODE,
    MPI_ERR_BAD_FILE, MPI_ERR_CONVERSION, MPI_ERR_DUP_DATAREP, MPI_ERR_FILE_EXISTS,
    MPI_ERR_FILE_IN_USE, MPI_ERR_FILE, MPI_ERR_IO, MPI_ERR_NO_SPACE, MPI_ERR_NO_SUCH_FILE,
    MPI_ERR_READ_ONLY, MPI_ERR_UNSUPPORTED_DATAREP, MPI_ERR_INFO, MPI_ERR_INFO_KEY,
    MPI_ERR_INFO_VALUE, MPI_ERR_INFO_NOKEY, MPI_ERR_NAME, MPI_ERR_NO_MEM, MPI_ERR_NOT_SAME,
    MPI_ERR_PORT, MPI_ERR_QUOTA, MPI_ERR_SERVICE, MPI_ERR_SPAWN, MPI_ERR_UNSUPPORTED_OPERATION,
    MPI_ERR_WIN, MPI_ERR_BASE, MPI_ERR_LOCKTYPE, MPI_ERR_KEYVAL, MPI_ERR_RMA_CONFLICT,
    MPI_ERR_RMA_SYNC, MPI_ERR_SIZE, MPI_ERR_DISP, MPI_ERR_ASSERT, MPI_ERR_RMA_RANGE,
    MPI_ERR_RMA_ATTACH, MPI_ERR_RMA_SHARED, MPI_ERR_RMA_FLAVOR, MPI_T_ERR_MEMORY,
    MPI_T_ERR_NOT_INITIALIZED, MPI_T_ERR_CANNOT_INIT, MPI_T_ERR_INVALID_INDEX,
    MPI_T_ERR_INVALID_ITEM, MPI_T_ERR_INVALID_HANDLE, MPI_T_ERR_OUT_OF_HANDLES,
    MPI_T_ERR_OUT_OF_SESSIONS, MPI_T_ERR_INVALID_SESSION, MPI_T_ERR_CVAR_SET_NOT_NOW,
    MPI_T_ERR_CVAR_SET_NEVER, MPI_T_ERR_PVAR_NO_STARTSTOP, MPI_T_ERR_PVAR_NO_WRITE,
    MPI_T_ERR_PVAR_NO_ATOMIC, MPI_T_ERR_INVALID_NAME, MPI_T_ERR_INVALID, MPI_ERR_SESSION,
    MPI_ERR_PROC_ABORTED, MPI_ERR_VALUE_TOO_LARGE, MPI_T_ERR_NOT_SUPPORTED,
    MPIX_ERR_PROC_FAILED, MPIX_ERR_PROC_FAILED_PENDING, MPIX_ERR_REVOKED, MPIX_ERR_EAGAIN,
    MPIX_ERR_NOREQ,
};
/* clang-format on */
#define NCLASSES ((int)(sizeof all_classes / sizeof all_classes[0]))

START_TEST(test_error_class_plain)
{
    int cls = -1;

    ck_assert_int_eq(MPI_Error_class(all_classes[_i], &cls), MPI_SUCCESS);
    ck_assert_int_eq(cls, all_classes[_i]);
}
END_TEST

START_TEST(test_error_string_plain)
{
    char msg[MPI_MAX_ERROR_STRING], other[MPI_MAX_ERROR_STRING];
    int len = -1, olen, j;

    ck_assert_int_eq(MPI_Error_string(all_classes[_i], msg, &len), MPI_SUCCESS);
    ck_assert_int_gt(len, 0);
    ck_assert_int_eq(len, (int)strlen(msg));
    ck_assert_int_lt(len, MPI_MAX_ERROR_STRING);
    /* Each class has its own sentence. */
    for (j = 0; j < NCLASSES; j++) {
        if (j == _i)
            continue;
        ck_assert_int_eq(MPI_Error_string(all_classes[j], other, &olen), MPI_SUCCESS);
        ck_assert_str_ne(msg, other);
    }
}
END_TEST

START_TEST(test_error_string_samples)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len;

    ck_assert_int_eq(MPI_Error_string(MPI_SUCCESS, msg, &len), MPI_SUCCESS);
    ck_assert_str_eq(msg, "No MPI error");
    ck_assert_int_eq(MPI_Error_string(MPI_ERR_TYPE, msg, &len), MPI_SUCCESS);
    ck_assert_str_eq(msg, "Invalid datatype");
    ck_assert_int_eq(MPI_Error_string(MPI_ERR_COMM, msg, &len), MPI_SUCCESS);
    ck_assert_str_eq(msg, "Invalid communicator");
}
END_TEST

/* Not classes (and not typeshim codes in a fresh process). */
static const int bad_codes[] = {-1, -5, 54, 79, 100, 106, MPI_ERR_LASTCODE + 1, 0x7fffffff};

START_TEST(test_error_bad_code)
{
    char msg[MPI_MAX_ERROR_STRING] = "untouched";
    int cls = -7, len = -7;

    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Error_class(bad_codes[_i], &cls)), MPI_ERR_ARG);
    ck_assert_int_eq(cls, -7);
    ck_assert_int_eq(class_of(MPI_Error_string(bad_codes[_i], msg, &len)), MPI_ERR_ARG);
    ck_assert_str_eq(msg, "untouched");
    ck_assert_int_eq(len, -7);
}
END_TEST

/* ------------------------------------------ datatype errors (libtypeshim) */

START_TEST(test_datatype_error_return)
{
    MPI_Datatype t = MPI_DATATYPE_NULL;
    char msg[MPI_MAX_ERROR_STRING];
    int rc, len = 0;

    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN), MPI_SUCCESS);
    rc = MPI_Type_contiguous(-1, MPI_INT, &t);
    ck_assert_int_ne(rc, MPI_SUCCESS);
    ck_assert_int_eq(class_of(rc), MPI_ERR_COUNT);
    ck_assert_int_eq(MPI_Error_string(rc, msg, &len), MPI_SUCCESS);
    ck_assert_int_eq(len, (int)strlen(msg));
    ck_assert_ptr_nonnull(strstr(msg, "MPI_Type_contiguous"));
}
END_TEST

START_TEST(test_datatype_error_user)
{
    MPI_Datatype t = MPI_DATATYPE_NULL;
    MPI_Errhandler eh;
    int rc;

    handler_calls = 0;
    ck_assert_int_eq(MPI_Comm_create_errhandler(counting_handler, &eh), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Errhandler_free(&eh), MPI_SUCCESS);
    rc = MPI_Type_contiguous(-1, MPI_INT, &t);
    ck_assert_int_eq(handler_calls, 1);
    ck_assert_int_eq(handler_comm, MPI_COMM_WORLD);
    ck_assert_int_eq(handler_code, rc);
    ck_assert_int_eq(class_of(rc), MPI_ERR_COUNT);
}
END_TEST

/* ------------------------------------------------------- fatal paths */

static void body_fatal_bad_comm(void)
{
    int r;

    MPI_Init(NULL, NULL);
    MPI_Comm_rank(BOGUS_COMM, &r);
}

START_TEST(test_fatal_default)
{
    static const char head[] = "typeshim: rank 0: fatal error on MPI_COMM_WORLD: ";
    struct child c;

    run_child(body_fatal_bad_comm, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_COMM); /* exit status = the class */
    ck_assert_int_eq(strncmp(c.err, head, strlen(head)), 0);
    ck_assert_ptr_nonnull(strstr(c.err, "MPI_Comm_rank"));
    ck_assert_ptr_nonnull(strstr(c.err, "Invalid communicator"));
    /* Exactly one line. */
    ck_assert_ptr_eq(strchr(c.err, '\n'), c.err + strlen(c.err) - 1);
}
END_TEST

static void body_fatal_call_self(void)
{
    MPI_Init(NULL, NULL);
    printf("before");
    MPI_Comm_call_errhandler(MPI_COMM_SELF, MPI_ERR_TRUNCATE);
}

START_TEST(test_fatal_call_errhandler)
{
    struct child c;

    run_child(body_fatal_call_self, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_TRUNCATE);
    ck_assert_str_eq(c.err, "typeshim: rank 0: fatal error on MPI_COMM_SELF: Message truncated\n");
    ck_assert_str_eq(c.out, "before"); /* stdio flushed */
}
END_TEST

static void body_errors_abort(void)
{
    MPI_Init(NULL, NULL);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ABORT);
    MPI_Comm_size(MPI_COMM_WORLD, NULL);
}

START_TEST(test_fatal_errors_abort)
{
    struct child c;

    run_child(body_errors_abort, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_ARG);
    ck_assert_str_eq(c.err, "typeshim: rank 0: fatal error on MPI_COMM_WORLD: "
                            "MPI_Comm_size(size=NULL): Invalid argument\n");
}
END_TEST

/* Class MPI_SUCCESS cannot be an exit status of a failure: 1. */
static void body_fatal_success(void)
{
    MPI_Init(NULL, NULL);
    MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_SUCCESS);
}

START_TEST(test_fatal_success_code)
{
    struct child c;

    run_child(body_fatal_success, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, 1);
    ck_assert_str_eq(c.err, "typeshim: rank 0: fatal error on MPI_COMM_WORLD: No MPI error\n");
}
END_TEST

static void body_before_init(void)
{
    int r;

    MPI_Comm_rank(MPI_COMM_WORLD, &r);
}

START_TEST(test_fatal_before_init)
{
    struct child c;

    run_child(body_before_init, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_OTHER);
    ck_assert_str_eq(c.err, "typeshim: rank 0: fatal error on MPI_COMM_WORLD: "
                            "MPI_Comm_rank called before MPI_Init\n");
}
END_TEST

/* MPI_Finalize puts MPI_ERRORS_ARE_FATAL back, even over MPI_ERRORS_RETURN. */
static void body_after_finalize(void)
{
    int r;

    MPI_Init(NULL, NULL);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Finalize();
    MPI_Comm_size(MPI_COMM_WORLD, &r);
}

START_TEST(test_fatal_after_finalize)
{
    struct child c;

    run_child(body_after_finalize, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_OTHER);
    ck_assert_str_eq(c.err, "typeshim: rank 0: fatal error on MPI_COMM_WORLD: "
                            "MPI_Comm_size called after MPI_Finalize\n");
}
END_TEST

static void body_init_after_finalize(void)
{
    MPI_Init(NULL, NULL);
    MPI_Finalize();
    MPI_Init(NULL, NULL);
}

START_TEST(test_fatal_init_after_finalize)
{
    struct child c;

    run_child(body_init_after_finalize, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_OTHER);
    ck_assert_ptr_nonnull(strstr(c.err, "after MPI_Finalize"));
}
END_TEST

static void body_datatype_fatal(void)
{
    MPI_Datatype t;

    MPI_Init(NULL, NULL);
    MPI_Type_contiguous(-1, MPI_INT, &t);
}

START_TEST(test_fatal_datatype)
{
    static const char head[] = "typeshim: rank 0: fatal error on MPI_COMM_WORLD: ";
    struct child c;

    run_child(body_datatype_fatal, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_COUNT);
    ck_assert_int_eq(strncmp(c.err, head, strlen(head)), 0);
    ck_assert_ptr_nonnull(strstr(c.err, "MPI_Type_contiguous"));
}
END_TEST

static void body_send_uncommitted(void)
{
    MPI_Datatype v;
    int buf[8] = {0};

    MPI_Init(NULL, NULL);
    MPI_Type_vector(2, 1, 4, MPI_INT, &v);
    MPI_Type_set_name(v, "halo_column");
    MPI_Send(buf, 1, v, 0, 0, MPI_COMM_WORLD);
}

/* The datatype's name and construction, with the rank as layered mode
 * prints it (rank 0: one process). */
START_TEST(test_fatal_send_uncommitted)
{
    static const char head[] =
        "typeshim: rank 0: fatal error on MPI_COMM_WORLD: MPI_Send: argument datatype=0x";
    static const char tail[] =
        " (\"halo_column\", vector(2, 1, 4, MPI_INT)) is not committed (MPI_Type_commit)\n";
    struct child c;
    size_t n;

    run_child(body_send_uncommitted, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_TYPE);
    n = strlen(c.err);
    ck_assert_msg(strncmp(c.err, head, strlen(head)) == 0, "'%s'", c.err);
    ck_assert_msg(n == strlen(head) + 8 + strlen(tail) &&
                      strcmp(c.err + n - strlen(tail), tail) == 0,
                  "'%s'", c.err);
}
END_TEST

static void body_size_freed(void)
{
    MPI_Datatype t, copy;
    int size;

    MPI_Init(NULL, NULL);
    MPI_Type_contiguous(2, MPI_INT, &t);
    copy = t;
    MPI_Type_free(&t);
    MPI_Type_size(copy, &size);
}

/* libtypeshim's own call: the same prefix, and the handle's fate. */
START_TEST(test_fatal_size_freed)
{
    static const char head[] =
        "typeshim: rank 0: fatal error on MPI_COMM_WORLD: MPI_Type_size: argument datatype=0x";
    struct child c;

    run_child(body_size_freed, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_TYPE);
    ck_assert_msg(strncmp(c.err, head, strlen(head)) == 0, "'%s'", c.err);
    ck_assert_msg(strncmp(c.err + strlen(head) + 8, " was freed (made at ", 20) == 0, "'%s'",
                  c.err);
    ck_assert_ptr_nonnull(strstr(c.err, "check_serial"));
}
END_TEST

/* errorcode -> exit status: errorcode & 255, 1 if that is 0. */
static const int abort_cases[][2] = {{3, 3}, {0, 1}, {255, 255}, {256, 1}, {257, 1}, {-1, 255}};
static int abort_code;

static void body_abort(void)
{
    printf("partial line");
    MPI_Abort(MPI_COMM_WORLD, abort_code);
}

START_TEST(test_abort)
{
    char want[128];
    struct child c;

    abort_code = abort_cases[_i][0];
    run_child(body_abort, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, abort_cases[_i][1]);
    snprintf(want, sizeof want, "typeshim: MPI_Abort(errorcode=%d) called\n", abort_code);
    ck_assert_str_eq(c.err, want);
    ck_assert_str_eq(c.out, "partial line");
}
END_TEST

/* --------------------------------------------------------------- suite */

static Suite *serial_suite(void)
{
    Suite *s = suite_create("serial");
    TCase *tc;

    tc = tcase_create("lifecycle"); /* no fixture: these call MPI_Init */
    tcase_add_test(tc, test_init_flags);
    tcase_add_test(tc, test_init_argv);
    tcase_add_loop_test(tc, test_init_thread, 0,
                        (int)(sizeof thread_cases / sizeof thread_cases[0]));
    tcase_add_test(tc, test_version_before_init);
    suite_add_tcase(s, tc);

    tc = tcase_create("initialized");
    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_init_twice);
    tcase_add_test(tc, test_rank_size);
    tcase_add_test(tc, test_bad_comm);
    tcase_add_test(tc, test_null_args);
    tcase_add_test(tc, test_version);
    tcase_add_test(tc, test_wtime);
    suite_add_tcase(s, tc);

    tc = tcase_create("errhandler");
    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_errhandler_default);
    tcase_add_test(tc, test_errhandler_return);
    tcase_add_test(tc, test_errhandler_user);
    tcase_add_test(tc, test_errhandler_on_world);
    tcase_add_test(tc, test_errhandler_invalid);
    tcase_add_test(tc, test_errhandler_stale);
    tcase_add_test(tc, test_errhandler_many);
    tcase_add_test(tc, test_errhandler_threads);
    suite_add_tcase(s, tc);

    tc = tcase_create("errors");
    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_loop_test(tc, test_error_class_plain, 0, NCLASSES);
    tcase_add_loop_test(tc, test_error_string_plain, 0, NCLASSES);
    tcase_add_test(tc, test_error_string_samples);
    tcase_add_loop_test(tc, test_error_bad_code, 0, (int)(sizeof bad_codes / sizeof bad_codes[0]));
    tcase_add_test(tc, test_datatype_error_return);
    tcase_add_test(tc, test_datatype_error_user);
    suite_add_tcase(s, tc);

    tc = tcase_create("fatal"); /* each body runs in its own child */
    tcase_add_test(tc, test_fatal_default);
    tcase_add_test(tc, test_fatal_call_errhandler);
    tcase_add_test(tc, test_fatal_errors_abort);
    tcase_add_test(tc, test_fatal_success_code);
    tcase_add_test(tc, test_fatal_before_init);
    tcase_add_test(tc, test_fatal_after_finalize);
    tcase_add_test(tc, test_fatal_init_after_finalize);
    tcase_add_test(tc, test_fatal_datatype);
    tcase_add_test(tc, test_fatal_send_uncommitted);
    tcase_add_test(tc, test_fatal_size_freed);
    tcase_add_loop_test(tc, test_abort, 0, (int)(sizeof abort_cases / sizeof abort_cases[0]));
    suite_add_tcase(s, tc);

    return s;
}

int main(void)
{
    return st_run(serial_suite());
}
