/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_errors.c - error paths of the façade, black-box.
 *
 * Suites: fatal (the default error handler of MPI_COMM_WORLD, checked in a
 * forked child), errors (bad arguments with MPI_ERRORS_RETURN: error class,
 * message, untouched output, no half-built handle).  Allocation failures
 * are check_alloc.c's.
 *
 * The fatal suite runs first so that, with CK_FORK=no too, it sees the
 * default handler; the other suites set MPI_ERRORS_RETURN in a checked
 * fixture and put MPI_ERRORS_ARE_FATAL back in its teardown.
 */
#include <stdint.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "apitest.h"

/* A value no constructor returns; outputs are preset to it. */
#define SENTINEL ((MPI_Datatype)0x5a5a5a5a)
#define GARBAGE  ((MPI_Datatype)0x12345678)

#define EXPECT_ERROR(call, cls, fn, arg) at_expect_error((call), (cls), (fn), (arg), #call)

/* ------------------------------------------------------------------
 * Default handler: fatal, with a message naming the function
 * ---------------------------------------------------------------- */

enum { BAD_COUNT, BAD_HANDLE };

static void run_fatal_child(int which, const char *fn)
{
    int pfd[2];
    pid_t pid;
    char buf[16384];
    size_t n = 0;
    ssize_t r;
    int status = 0;

    ck_assert_int_eq(pipe(pfd), 0);
    fflush(stdout);
    fflush(stderr);
    pid = fork();
    ck_assert_int_ne(pid, -1);
    if (pid == 0) {
        MPI_Datatype nt = SENTINEL;
        int size;

        close(pfd[0]);
        dup2(pfd[1], 2);
        close(pfd[1]);
        if (which == BAD_COUNT)
            MPI_Type_contiguous(-1, MPI_INT, &nt);
        else
            MPI_Type_size(GARBAGE, &size);
        _exit(0); /* the default handler must not return */
    }
    close(pfd[1]);
    while (n < sizeof buf - 1 && (r = read(pfd[0], buf + n, sizeof buf - 1 - n)) != 0) {
        if (r < 0)
            break;
        n += (size_t)r;
    }
    buf[n] = '\0';
    close(pfd[0]);
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(!(WIFEXITED(status) && WEXITSTATUS(status) == 0),
                  "%s with a bad argument returned under the default error handler "
                  "(child exited 0); stderr: '%s'",
                  fn, buf);
    ck_assert_msg(strstr(buf, fn) != NULL, "fatal error message does not name %s: '%s'", fn, buf);
}

START_TEST(test_fatal_negative_count)
{
    run_fatal_child(BAD_COUNT, "MPI_Type_contiguous");
}
END_TEST

START_TEST(test_fatal_bad_handle)
{
    run_fatal_child(BAD_HANDLE, "MPI_Type_size");
}
END_TEST

/* ------------------------------------------------------------------
 * Bad arguments under MPI_ERRORS_RETURN
 * ---------------------------------------------------------------- */

START_TEST(test_errors_negative_count)
{
    long live0 = typeshim_live_types();
    MPI_Datatype nt = SENTINEL;
    int bl[1] = {1}, idisp[1] = {0};
    MPI_Aint disp[1] = {0};
    MPI_Datatype ty[1] = {MPI_INT};

    EXPECT_ERROR(MPI_Type_contiguous(-1, MPI_INT, &nt), MPI_ERR_COUNT, "MPI_Type_contiguous",
                 "count");
    ck_assert_int_eq(nt, SENTINEL);
    EXPECT_ERROR(MPI_Type_vector(-2, 1, 1, MPI_INT, &nt), MPI_ERR_COUNT, "MPI_Type_vector",
                 "count");
    ck_assert_int_eq(nt, SENTINEL);
    EXPECT_ERROR(MPI_Type_indexed(-1, bl, idisp, MPI_INT, &nt), MPI_ERR_COUNT, "MPI_Type_indexed",
                 "count");
    ck_assert_int_eq(nt, SENTINEL);
    EXPECT_ERROR(MPI_Type_create_struct(-1, bl, disp, ty, &nt), MPI_ERR_COUNT,
                 "MPI_Type_create_struct", "count");
    ck_assert_int_eq(nt, SENTINEL);
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

/* an MPI-1 function runs the modern one; the message must still name the
 * MPI-1 function the program called, and only for that call. */
START_TEST(test_errors_compat_names)
{
    MPI_Datatype nt = SENTINEL;
    int bl[1] = {1};
    MPI_Aint disp[1] = {0}, a;
    MPI_Datatype ty[1] = {MPI_INT};

    EXPECT_ERROR(MPI_Type_struct(-1, bl, disp, ty, &nt), MPI_ERR_COUNT,
                 "MPI_Type_struct:", "count");
    EXPECT_ERROR(MPI_Type_hvector(-1, 1, 8, MPI_INT, &nt), MPI_ERR_COUNT,
                 "MPI_Type_hvector:", "count");
    EXPECT_ERROR(MPI_Type_hindexed(-1, bl, disp, MPI_INT, &nt), MPI_ERR_COUNT,
                 "MPI_Type_hindexed:", "count");
    ck_assert_int_eq(nt, SENTINEL);
    EXPECT_ERROR(MPI_Type_extent((MPI_Datatype)0x12345, &a), MPI_ERR_TYPE,
                 "MPI_Type_extent:", "datatype");
    EXPECT_ERROR(MPI_Type_lb(MPI_INT, NULL), MPI_ERR_ARG, "MPI_Type_lb:", "NULL");
    EXPECT_ERROR(MPI_Type_ub(MPI_INT, NULL), MPI_ERR_ARG, "MPI_Type_ub:", "NULL");
    EXPECT_ERROR(MPI_Address(NULL, NULL), MPI_ERR_ARG, "MPI_Address:", "address");
    /* the alias ends with the compat call */
    EXPECT_ERROR(MPI_Type_create_hvector(-1, 1, 8, MPI_INT, &nt), MPI_ERR_COUNT,
                 "MPI_Type_create_hvector:", "count");
}
END_TEST

START_TEST(test_errors_null_newtype)
{
    long live0 = typeshim_live_types();
    MPI_Datatype t;

    EXPECT_ERROR(MPI_Type_contiguous(1, MPI_INT, NULL), MPI_ERR_ARG, "MPI_Type_contiguous",
                 "newtype");
    EXPECT_ERROR(MPI_Type_dup(MPI_INT, NULL), MPI_ERR_ARG, "MPI_Type_dup", "newtype");
    EXPECT_ERROR(MPI_Type_create_resized(MPI_INT, 0, 8, NULL), MPI_ERR_ARG,
                 "MPI_Type_create_resized", "newtype");
    ck_assert_int_eq(typeshim_live_types(), live0);

    /* with a derived input: the input is still fine, and nothing leaked */
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &t));
    EXPECT_ERROR(MPI_Type_vector(2, 1, 2, t, NULL), MPI_ERR_ARG, "MPI_Type_vector", "newtype");
    ck_assert_int_eq(at_size(t), 8);
    AT_OK(MPI_Type_free(&t));
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

START_TEST(test_errors_free_predefined)
{
    MPI_Datatype t = MPI_INT;

    EXPECT_ERROR(MPI_Type_free(&t), MPI_ERR_TYPE, "MPI_Type_free", "datatype");
    ck_assert_int_eq(t, MPI_INT);
    ck_assert_int_eq(at_size(MPI_INT), 4);
    t = MPI_DOUBLE_INT; /* predefined, not basic */
    EXPECT_ERROR(MPI_Type_free(&t), MPI_ERR_TYPE, "MPI_Type_free", "datatype");
    ck_assert_int_eq(t, MPI_DOUBLE_INT);
}
END_TEST

START_TEST(test_errors_garbage_handle)
{
    long live0 = typeshim_live_types();
    MPI_Datatype nt = SENTINEL, g = GARBAGE;
    MPI_Aint lb, ext;
    int size = -7;

    EXPECT_ERROR(MPI_Type_size(GARBAGE, &size), MPI_ERR_TYPE, "MPI_Type_size", "datatype");
    ck_assert_int_eq(size, -7);
    EXPECT_ERROR(MPI_Type_get_extent(GARBAGE, &lb, &ext), MPI_ERR_TYPE, "MPI_Type_get_extent",
                 "datatype");
    EXPECT_ERROR(MPI_Type_contiguous(1, GARBAGE, &nt), MPI_ERR_TYPE, "MPI_Type_contiguous",
                 "oldtype");
    ck_assert_int_eq(nt, SENTINEL);
    EXPECT_ERROR(MPI_Type_commit(&g), MPI_ERR_TYPE, "MPI_Type_commit", "datatype");
    ck_assert_int_eq(g, GARBAGE);
    EXPECT_ERROR(MPI_Type_free(&g), MPI_ERR_TYPE, "MPI_Type_free", "datatype");
    ck_assert_int_eq(g, GARBAGE);
    EXPECT_ERROR(MPI_Type_size(MPI_DATATYPE_NULL, &size), MPI_ERR_TYPE, "MPI_Type_size",
                 "datatype");
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

START_TEST(test_errors_freed_handle)
{
    long live0 = typeshim_live_types();
    MPI_Datatype t, copy, nt = SENTINEL;
    int size = -7;

    AT_OK(MPI_Type_contiguous(3, MPI_INT, &t));
    AT_OK(MPI_Type_commit(&t));
    copy = t;
    AT_OK(MPI_Type_free(&t));
    ck_assert_int_eq(t, MPI_DATATYPE_NULL);
    ck_assert_int_eq(typeshim_live_types(), live0);

    EXPECT_ERROR(MPI_Type_size(copy, &size), MPI_ERR_TYPE, "MPI_Type_size", "datatype");
    ck_assert_int_eq(size, -7);
    EXPECT_ERROR(MPI_Type_contiguous(2, copy, &nt), MPI_ERR_TYPE, "MPI_Type_contiguous", "oldtype");
    ck_assert_int_eq(nt, SENTINEL);
    t = copy;
    EXPECT_ERROR(MPI_Type_free(&t), MPI_ERR_TYPE, "MPI_Type_free", "datatype");
    ck_assert_int_eq(t, copy);
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

/* An empty block (vector, blocklength 0) of a type whose bounds sit at
 * the bottom of MPI_Aint: true_ub = lb + (true_ub - ub) fits although
 * true_ub - ub does not (the sanitizer build aborted on it). */
START_TEST(test_errors_empty_block_near_min)
{
    MPI_Datatype r, v;
    MPI_Count lb, ext, tlb, text;

    AT_OK(MPI_Type_create_resized(MPI_INT, INT64_MIN, 1, &r));
    AT_OK(MPI_Type_vector(2, 0, 8, r, &v));
    AT_OK(MPI_Type_get_extent_x(v, &lb, &ext));
    ck_assert_int_eq(lb, INT64_MIN);
    ck_assert_int_eq(ext, 8); /* blocks at lb and lb + 8 (MPICH 4.0.2: the same) */
    AT_OK(MPI_Type_get_true_extent_x(v, &tlb, &text));
    ck_assert_int_eq(tlb, 0);
    ck_assert_int_eq(text, 11); /* true bounds 0..3, then 8..11 */
    AT_OK(MPI_Type_free(&v));
    AT_OK(MPI_Type_free(&r));
}
END_TEST

START_TEST(test_errors_contents_of_named)
{
    int ni = -1, na = -1, nd = -1, comb = -1;
    int ints[4];
    MPI_Aint addrs[4];
    MPI_Datatype types[4] = {SENTINEL, SENTINEL, SENTINEL, SENTINEL};

    AT_OK(MPI_Type_get_envelope(MPI_INT, &ni, &na, &nd, &comb));
    ck_assert_int_eq(comb, MPI_COMBINER_NAMED);
    EXPECT_ERROR(MPI_Type_get_contents(MPI_INT, 4, 4, 4, ints, addrs, types), MPI_ERR_TYPE,
                 "MPI_Type_get_contents", "datatype");
    ck_assert_int_eq(types[0], SENTINEL);
}
END_TEST

/* ------------------------------------------------------------------ */

/* typeshim_check_buffer: the layered mode's checks, for runtimes. */
START_TEST(test_errors_check_buffer)
{
    MPI_Datatype ov, raw;

    AT_OK(MPI_Type_vector(3, 2, 1, MPI_INT, &ov));
    AT_OK(MPI_Type_commit(&ov));
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &raw));
    AT_OK(typeshim_check_buffer("my_send", "sendtype", ov, 4, 0));
    AT_OK(typeshim_check_buffer(NULL, NULL, MPI_DATATYPE_NULL, 0, 1)); /* describes nothing */
    at_expect_error(typeshim_check_buffer("my_recv", "recvtype", ov, 1, 1), MPI_ERR_TYPE, "my_recv",
                    "recvtype", "overlapping receive");
    at_expect_error(typeshim_check_buffer("my_recv", "recvtype", raw, 1, 0), MPI_ERR_TYPE,
                    "my_recv", "not committed", "uncommitted");
    at_expect_error(typeshim_check_buffer(NULL, NULL, MPI_INT, -1, 0), MPI_ERR_COUNT,
                    "typeshim_check_buffer", "count", "negative count");
    at_expect_error(typeshim_check_buffer(NULL, NULL, MPI_DATATYPE_NULL, 1, 0), MPI_ERR_TYPE,
                    "typeshim_check_buffer", "datatype", "null datatype");
    AT_OK(MPI_Type_free(&ov));
    AT_OK(MPI_Type_free(&raw));
}
END_TEST

/* ------------------------------------------------------------------
 * What the messages say about a datatype argument
 * ---------------------------------------------------------------- */

/* MPI_Error_string of rc, which must be of class MPI_ERR_TYPE. */
static const char *type_message(int rc, char *msg)
{
    int len = -1;

    ck_assert_int_ne(rc, MPI_SUCCESS);
    ck_assert_int_eq(at_class(rc), MPI_ERR_TYPE);
    ck_assert_int_eq(MPI_Error_string(rc, msg, &len), MPI_SUCCESS);
    ck_assert_int_eq(len, (int)strlen(msg));
    ck_assert_int_lt(len, MPI_MAX_ERROR_STRING);
    return msg;
}

/* A refused valid handle: its name in quotes, then its construction. */
START_TEST(test_message_named_not_committed)
{
    char msg[MPI_MAX_ERROR_STRING], want[MPI_MAX_ERROR_STRING];
    MPI_Datatype v;
    int buf[8], pos = 0;
    char out[64];

    AT_OK(MPI_Type_vector(2, 1, 4, MPI_INT, &v));
    AT_OK(MPI_Type_set_name(v, "halo_column"));
    snprintf(want, sizeof want,
             "MPI_Send: argument datatype=0x%08x (\"halo_column\", vector(2, 1, 4, MPI_INT)) is "
             "not committed (MPI_Type_commit)",
             (unsigned)v);
    ck_assert_str_eq(type_message(typeshim_check_buffer("MPI_Send", "datatype", v, 1, 0), msg),
                     want);
    /* the façade's own calls say the same */
    snprintf(want, sizeof want,
             "MPI_Pack: argument datatype=0x%08x (\"halo_column\", vector(2, 1, 4, MPI_INT)) is "
             "not committed (MPI_Type_commit)",
             (unsigned)v);
    ck_assert_str_eq(type_message(MPI_Pack(buf, 1, v, out, sizeof out, &pos, MPI_COMM_WORLD), msg),
                     want);
    ck_assert_int_eq(pos, 0);
    AT_OK(MPI_Type_free(&v));
}
END_TEST

START_TEST(test_message_unnamed_constructions)
{
    char msg[MPI_MAX_ERROR_STRING], want[MPI_MAX_ERROR_STRING];
    MPI_Datatype v, st, sub, hic, rs, ov;
    int bl[2] = {1, 2}, sizes[2] = {4, 5}, subs[2] = {2, 3}, starts[2] = {1, 0};
    MPI_Aint disp[2] = {0, 16};
    MPI_Count cbl[2] = {1, 2}, cdisp[2] = {0, 8};
    MPI_Datatype types[2];

    AT_OK(MPI_Type_vector(2, 1, 4, MPI_INT, &v));
    snprintf(want, sizeof want,
             "MPI_Recv: argument datatype=0x%08x (vector(2, 1, 4, MPI_INT)) is not committed "
             "(MPI_Type_commit)",
             (unsigned)v);
    ck_assert_str_eq(type_message(typeshim_check_buffer("MPI_Recv", "datatype", v, 1, 1), msg),
                     want);
    types[0] = MPI_INT;
    types[1] = v;
    AT_OK(MPI_Type_create_struct(2, bl, disp, types, &st));
    snprintf(want, sizeof want,
             "f: argument t=0x%08x (struct(2, {1, 2}, {0, 16}, {MPI_INT, vector(2, 1, 4, "
             "MPI_INT)})) is not committed (MPI_Type_commit)",
             (unsigned)st);
    ck_assert_str_eq(type_message(typeshim_check_buffer("f", "t", st, 1, 0), msg), want);
    AT_OK(MPI_Type_create_subarray(2, sizes, subs, starts, MPI_ORDER_C, MPI_DOUBLE, &sub));
    snprintf(want, sizeof want,
             "f: argument t=0x%08x (subarray(2, {4, 5}, {2, 3}, {1, 0}, MPI_ORDER_C, "
             "MPI_DOUBLE)) is not committed (MPI_Type_commit)",
             (unsigned)sub);
    ck_assert_str_eq(type_message(typeshim_check_buffer("f", "t", sub, 1, 0), msg), want);
    /* large counts: the record keeps them apart (MPI-4.1 §5.1.13), the
     * message in the call's order */
    AT_OK(MPI_Type_create_hindexed_c(2, cbl, cdisp, MPI_SHORT, &hic));
    AT_OK(MPI_Type_create_resized(hic, -4, 32, &rs));
    snprintf(want, sizeof want,
             "f: argument t=0x%08x (resized(-4, 32, hindexed(2, {1, 2}, {0, 8}, MPI_SHORT))) "
             "is not committed (MPI_Type_commit)",
             (unsigned)rs);
    ck_assert_str_eq(type_message(typeshim_check_buffer("f", "t", rs, 1, 0), msg), want);
    /* another refusal of a valid handle: the same label */
    AT_OK(MPI_Type_vector(3, 2, 1, MPI_INT, &ov));
    AT_OK(MPI_Type_commit(&ov));
    AT_OK(MPI_Type_set_name(ov, "ov"));
    snprintf(want, sizeof want,
             "MPI_Recv: argument datatype=0x%08x (\"ov\", vector(3, 2, 1, MPI_INT)) describes a "
             "receive buffer but its type map overlaps itself, which MPI forbids for receiving",
             (unsigned)ov);
    ck_assert_str_eq(type_message(typeshim_check_buffer("MPI_Recv", "datatype", ov, 1, 1), msg),
                     want);
    AT_OK(MPI_Type_free(&ov));
    AT_OK(MPI_Type_free(&rs));
    AT_OK(MPI_Type_free(&hic));
    AT_OK(MPI_Type_free(&sub));
    AT_OK(MPI_Type_free(&st));
    AT_OK(MPI_Type_free(&v));
}
END_TEST

/* A construction too long for MPI_MAX_ERROR_STRING is cut with "...";
 * the reason after it is kept whole. */
START_TEST(test_message_huge_construction)
{
    enum { N = 1000 };
    static int bl[N], disp[N];
    static char name[MPI_MAX_OBJECT_NAME];
    char msg[MPI_MAX_ERROR_STRING], want[MPI_MAX_ERROR_STRING];
    const char *tail = "...) is not committed (MPI_Type_commit)";
    MPI_Datatype big;
    size_t len;

    for (int i = 0; i < N; i++) {
        bl[i] = 1;
        disp[i] = 3 * i;
    }
    AT_OK(MPI_Type_indexed(N, bl, disp, MPI_INT, &big));
    AT_OK(MPI_Type_set_name(big, "big"));
    type_message(typeshim_check_buffer("MPI_Send", "datatype", big, 1, 0), msg);
    len = strlen(msg);
    ck_assert_uint_eq(len, MPI_MAX_ERROR_STRING - 1);
    snprintf(want, sizeof want,
             "MPI_Send: argument datatype=0x%08x (\"big\", indexed(1000, {1, 1, 1, ",
             (unsigned)big);
    ck_assert_msg(strncmp(msg, want, strlen(want)) == 0, "'%s'", msg);
    ck_assert_msg(strcmp(msg + len - strlen(tail), tail) == 0, "'%s'", msg);
    /* a name of the longest kind too */
    memset(name, 'n', sizeof name - 1);
    AT_OK(MPI_Type_set_name(big, name));
    type_message(typeshim_check_buffer("MPI_Send", "datatype", big, 1, 0), msg);
    ck_assert_uint_eq(strlen(msg), MPI_MAX_ERROR_STRING - 1);
    ck_assert_msg(strstr(msg, name) != NULL, "'%s'", msg);
    ck_assert_msg(strcmp(msg + strlen(msg) - strlen(tail), tail) == 0, "'%s'", msg);
    AT_OK(MPI_Type_free(&big));
}
END_TEST

/* Freed: said so, with where the type was made (this program). */
START_TEST(test_message_freed)
{
    char msg[MPI_MAX_ERROR_STRING], want[MPI_MAX_ERROR_STRING];
    MPI_Datatype t, copy, parent, child;
    int size = -7;

    AT_OK(MPI_Type_contiguous(3, MPI_INT, &t));
    copy = t;
    AT_OK(MPI_Type_free(&t));
    snprintf(want, sizeof want, "MPI_Type_size: argument datatype=0x%08x was freed (made at ",
             (unsigned)copy);
    type_message(MPI_Type_size(copy, &size), msg);
    ck_assert_msg(strncmp(msg, want, strlen(want)) == 0, "'%s'", msg);
    ck_assert_msg(strstr(msg, "check_errors") != NULL, "site not this program: '%s'", msg);
    ck_assert_int_eq(size, -7);
    /* freed by the program while a parent keeps the object */
    AT_OK(MPI_Type_vector(2, 1, 2, MPI_INT, &child));
    AT_OK(MPI_Type_contiguous(2, child, &parent));
    copy = child;
    AT_OK(MPI_Type_free(&child));
    snprintf(want, sizeof want, "MPI_Send: argument sendtype=0x%08x was freed (made at ",
             (unsigned)copy);
    type_message(typeshim_check_buffer("MPI_Send", "sendtype", copy, 1, 0), msg);
    ck_assert_msg(strncmp(msg, want, strlen(want)) == 0, "'%s'", msg);
    AT_OK(MPI_Type_free(&parent));
}
END_TEST

/* Never created: a handle of no kind typeshim issues, a slot never
 * reached, and a generation of a slot not yet reached. */
START_TEST(test_message_never_created)
{
    char msg[MPI_MAX_ERROR_STRING], want[MPI_MAX_ERROR_STRING];
    MPI_Datatype t, later, far = (MPI_Datatype)0xcc3fffffu;
    int size = -7;

    ck_assert_str_eq(type_message(MPI_Type_size(GARBAGE, &size), msg),
                     "MPI_Type_size: argument datatype=0x12345678 is not a datatype typeshim or "
                     "MPICH issued (never created)");
    ck_assert_str_eq(type_message(MPI_Type_size(far, &size), msg),
                     "MPI_Type_size: argument datatype=0xcc3fffff is not a datatype typeshim or "
                     "MPICH issued (never created)");
    AT_OK(MPI_Type_contiguous(3, MPI_INT, &t));
    /* the same slot, a generation 8 later (the slot issued 1 or 2) */
    later = (MPI_Datatype)(((unsigned)t & ~(0xfu << 22)) | ((((unsigned)t >> 22) + 8) & 0xf) << 22);
    snprintf(want, sizeof want,
             "MPI_Type_size: argument datatype=0x%08x is not a datatype typeshim or MPICH issued "
             "(never created)",
             (unsigned)later);
    ck_assert_str_eq(type_message(MPI_Type_size(later, &size), msg), want);
    ck_assert_int_eq(size, -7);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* A receive of count elements of t is refused exactly when the map of
 * contiguous(count, t) overlaps itself: the same answer as for that
 * type with a count of 1.  Returns whether it was refused. */
static int copies_refused(MPI_Datatype t, int count)
{
    MPI_Datatype c;
    int rc = typeshim_check_buffer("my_recv", "recvtype", t, count, 1), rc1;

    AT_OK(MPI_Type_contiguous(count, t, &c));
    AT_OK(MPI_Type_commit(&c));
    rc1 = typeshim_check_buffer("my_recv", "recvtype", c, 1, 1);
    ck_assert_msg((rc == MPI_SUCCESS) == (rc1 == MPI_SUCCESS),
                  "count %d: %s, but contiguous(%d, t) %s", count, rc ? "refused" : "accepted",
                  count, rc1 ? "refused" : "accepted");
    if (rc != MPI_SUCCESS)
        ck_assert_int_eq(at_class(rc), MPI_ERR_TYPE);
    AT_OK(MPI_Type_free(&c));
    return rc != MPI_SUCCESS;
}

/* The smallest count refused for t over 1..max (0: none), every count
 * checked against contiguous(count, t); a send is never refused. */
static int first_refused(MPI_Datatype t, int max)
{
    int first = 0;

    AT_OK(MPI_Type_commit(&t));
    for (int n = 1; n <= max; n++) {
        int refused = copies_refused(t, n);
        AT_OK(typeshim_check_buffer("my_send", "sendtype", t, n, 0));
        ck_assert_msg(!first || refused, "count %d accepted after %d was refused", n, first);
        if (refused && !first)
            first = n;
    }
    AT_OK(typeshim_check_buffer("my_recv", "recvtype", t, 0, 1)); /* describes nothing */
    AT_OK(MPI_Type_free(&t));
    return first;
}

static MPI_Datatype resized(MPI_Datatype old, MPI_Aint lb, MPI_Aint extent)
{
    MPI_Datatype t;

    AT_OK(MPI_Type_create_resized(old, lb, extent, &t));
    return t;
}

static MPI_Datatype vector_resized(int count, int stride, MPI_Aint extent)
{
    MPI_Datatype v, t;

    AT_OK(MPI_Type_vector(count, 1, stride, MPI_INT, &v));
    t = resized(v, 0, extent);
    AT_OK(MPI_Type_free(&v));
    return t;
}

static MPI_Datatype indexed_resized(int n, const int *displs, MPI_Aint extent)
{
    MPI_Datatype x, t;

    AT_OK(MPI_Type_create_indexed_block(n, 1, displs, MPI_INT, &x));
    t = resized(x, 0, extent);
    AT_OK(MPI_Type_free(&x));
    return t;
}

/* Copies of a receive type that overlap across the count (the type map of
 * count repetitions writes a byte twice) are refused; copies that
 * interleave without sharing a byte are not. */
START_TEST(test_errors_check_buffer_copies)
{
    char msg[MPI_MAX_ERROR_STRING];
    MPI_Datatype t, e;
    int len, rc;
    static const int gap[] = {0, 3}, shuffled[] = {6, 0, 3}, spread[] = {0, 2, 4, 6, 8, 10, 12, 14};

    /* bytes 2-3 written by copies 0 and 1 */
    ck_assert_int_eq(first_refused(resized(MPI_INT, 0, 2), 6), 2);
    ck_assert_int_eq(first_refused(resized(MPI_INT, -2, 2), 6), 2);
    /* every copy at one place */
    ck_assert_int_eq(first_refused(resized(MPI_INT, 0, 0), 6), 2);
    /* negative extents: copies downwards */
    ck_assert_int_eq(first_refused(resized(MPI_INT, 0, -4), 6), 0);
    ck_assert_int_eq(first_refused(resized(MPI_INT, 0, -2), 6), 2);
    /* ints 0, 3, 6 with extent one int: copies 1 and 2 fill the holes,
     * copy 3 meets copy 0's second int */
    ck_assert_int_eq(first_refused(vector_resized(3, 3, 4), 8), 4);
    ck_assert_int_eq(first_refused(vector_resized(3, 3, -4), 8), 4);
    ck_assert_int_eq(first_refused(vector_resized(3, 3, 8), 8), 4);
    ck_assert_int_eq(first_refused(vector_resized(3, 3, 12), 8), 2);
    /* ints 0 and 3 every 2 ints: interleaved, true extent 16 > extent 8,
     * and no byte is ever written twice */
    ck_assert_int_eq(first_refused(indexed_resized(2, gap, 8), 8), 0);
    /* as a runs-form type whose blocks are not in order */
    ck_assert_int_eq(first_refused(indexed_resized(3, shuffled, 8), 8), 4);
    ck_assert_int_eq(first_refused(indexed_resized(8, spread, 4), 8), 3);
    /* the extent covers the data: never */
    ck_assert_int_eq(first_refused(vector_resized(3, 3, 36), 8), 0);
    AT_OK(MPI_Type_contiguous(0, MPI_INT, &e));
    ck_assert_int_eq(first_refused(resized(e, 0, 0), 4), 0); /* no data */
    {
        /* one int, and a member without data 40 bytes on: a true extent of
         * 40 over one run of 4 bytes, which the next copy does not meet */
        int bl[2] = {1, 1};
        MPI_Aint at[2] = {40, 0};
        MPI_Datatype ty[2] = {e, MPI_INT}, s;
        AT_OK(MPI_Type_create_struct(2, bl, at, ty, &s));
        ck_assert_int_eq(first_refused(resized(s, 0, 4), 8), 0);
        ck_assert_int_eq(first_refused(resized(s, 0, 2), 8), 2);
        AT_OK(MPI_Type_free(&s));
    }
    AT_OK(MPI_Type_free(&e));
    AT_OK(typeshim_check_buffer("my_recv", "recvtype", MPI_INT, 1000, 1));

    /* the message names the call, the argument and the copies */
    t = vector_resized(3, 3, 4);
    AT_OK(MPI_Type_commit(&t));
    rc = typeshim_check_buffer("my_recv", "recvtype", t, 5, 1);
    ck_assert_int_eq(at_class(rc), MPI_ERR_TYPE);
    AT_OK(MPI_Error_string(rc, msg, &len));
    ck_assert_msg(strstr(msg, "my_recv") && strstr(msg, "recvtype") &&
                      strstr(msg, "receive buffer (count=5)") &&
                      strstr(msg, "copies 0 and 3 of the type overlap (extent 4 < true extent 28)"),
                  "message: %s", msg);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* Random small receive types against contiguous(count, type): indexed
 * ints at random places (some overlapping themselves), resized to random
 * bounds and extents (negative and zero included), over counts 1 to 7. */
START_TEST(test_errors_check_buffer_copies_random)
{
    unsigned x = 12345;

    for (int round = 0; round < 400; round++) {
        int n, bl[4], disp[4];
        MPI_Aint lb, extent;
        MPI_Datatype ix, t;

        x = x * 1103515245u + 12345u;
        n = 1 + (int)((x >> 16) % 4);
        for (int i = 0; i < n; i++) {
            x = x * 1103515245u + 12345u;
            bl[i] = 1 + (int)((x >> 16) % 2);
            disp[i] = (int)((x >> 20) % 12);
        }
        x = x * 1103515245u + 12345u;
        lb = (MPI_Aint)((x >> 16) % 17) - 8;
        extent = (MPI_Aint)((x >> 8) % 57) - 24;
        AT_OK(MPI_Type_indexed(n, bl, disp, MPI_INT, &ix));
        t = resized(ix, lb, extent);
        AT_OK(MPI_Type_free(&ix));
        (void)first_refused(t, 7);
    }
}
END_TEST

static Suite *fatal_suite(void)
{
    Suite *s = suite_create("fatal");
    TCase *tc = tcase_create("default_handler");

    tcase_add_test(tc, test_fatal_negative_count);
    tcase_add_test(tc, test_fatal_bad_handle);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *errors_suite(void)
{
    Suite *s = suite_create("errors");
    TCase *tc = tcase_create("arguments");

    tcase_add_checked_fixture(tc, at_errors_return, at_errors_fatal);
    tcase_add_test(tc, test_errors_negative_count);
    tcase_add_test(tc, test_errors_null_newtype);
    tcase_add_test(tc, test_errors_compat_names);
    tcase_add_test(tc, test_errors_free_predefined);
    tcase_add_test(tc, test_errors_garbage_handle);
    tcase_add_test(tc, test_errors_freed_handle);
    tcase_add_test(tc, test_errors_contents_of_named);
    tcase_add_test(tc, test_errors_empty_block_near_min);
    tcase_add_test(tc, test_errors_check_buffer);
    tcase_add_test(tc, test_message_named_not_committed);
    tcase_add_test(tc, test_message_unnamed_constructions);
    tcase_add_test(tc, test_message_huge_construction);
    tcase_add_test(tc, test_message_freed);
    tcase_add_test(tc, test_message_never_created);
    tcase_add_test(tc, test_errors_check_buffer_copies);
    tcase_add_test(tc, test_errors_check_buffer_copies_random);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *suites[2];

    suites[0] = fatal_suite();
    suites[1] = errors_suite();
    return at_run(suites, 2, 0);
}
