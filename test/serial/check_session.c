/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Sessions on the single-process runtime (MPI-4.1 section 11.3): a
 * program using sessions only (process sets, their groups, communicators
 * made from them carrying derived-datatype messages), sessions beside the
 * World model and outliving MPI_Finalize, the error handlers of sessions
 * and of the calls that make objects from groups, and every error with
 * its class and message.
 */
#include "serialtest.h"

/* A session handler that counts its calls and records its arguments. */
static int session_calls;
static MPI_Session session_seen;
static int session_code;

static void session_handler(MPI_Session *s, int *code, ...)
{
    session_calls++;
    session_seen = *s;
    session_code = *code;
}

static MPI_Session open_session(const char *level)
{
    MPI_Session s = MPI_SESSION_NULL;
    MPI_Info info = MPI_INFO_NULL;

    if (level) {
        ck_assert_int_eq(MPI_Info_create(&info), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Info_set(info, "thread_level", level), MPI_SUCCESS);
    }
    ck_assert_int_eq(MPI_Session_init(info, MPI_ERRORS_RETURN, &s), MPI_SUCCESS);
    if (level)
        ck_assert_int_eq(MPI_Info_free(&info), MPI_SUCCESS);
    ck_assert_int_ne(s, MPI_SESSION_NULL);
    return s;
}

static void check_value(MPI_Info info, const char *key, const char *want)
{
    char val[MPI_MAX_INFO_VAL + 1];
    int flag = 0;

    ck_assert_int_eq(MPI_Info_get(info, key, MPI_MAX_INFO_VAL, val, &flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1);
    ck_assert_str_eq(val, want);
}

/* A communicator of the "mpi://WORLD" set, with MPI_ERRORS_RETURN. */
static MPI_Comm world_of(MPI_Session s)
{
    MPI_Group g = MPI_GROUP_NULL;
    MPI_Comm c = MPI_COMM_NULL;

    ck_assert_int_eq(MPI_Group_from_session_pset(s, "mpi://WORLD", &g), MPI_SUCCESS);
    ck_assert_int_eq(
        MPI_Comm_create_from_group(g, "org.typeshim.check", MPI_INFO_NULL, MPI_ERRORS_RETURN, &c),
        MPI_SUCCESS);
    ck_assert_int_eq(MPI_Group_free(&g), MPI_SUCCESS);
    ck_assert_int_ne(c, MPI_COMM_NULL);
    return c;
}

/* Columns 1 and 3 of a 4x4 matrix sent to self as a vector type, received
 * contiguous: the values by hand. */
static void message_through(MPI_Comm c)
{
    int m[16], got[8] = {0}, want[8] = {1, 5, 9, 13, 3, 7, 11, 15};
    MPI_Datatype col;
    MPI_Request rq;
    MPI_Status st;
    int count = -1;

    for (int i = 0; i < 16; i++)
        m[i] = i;
    ck_assert_int_eq(MPI_Type_vector(4, 1, 4, MPI_INT, &col), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_commit(&col), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Irecv(got, 8, MPI_INT, 0, 7, c, &rq), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Send(m + 1, 1, col, 0, 7, c), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Send(m + 3, 1, col, 0, 8, c), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&rq, &st), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv(got + 4, 4, MPI_INT, 0, 8, c, &st), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Get_count(&st, MPI_INT, &count), MPI_SUCCESS);
    ck_assert_int_eq(count, 4);
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(got[i], want[i]);
    ck_assert_int_eq(MPI_Type_free(&col), MPI_SUCCESS);
}

START_TEST(test_sessions_only)
{
    MPI_Session s = open_session("mpi_thread_funneled");
    char name[MPI_MAX_PSET_NAME_LEN] = "untouched";
    int n = -1, len, flag = -1, rank = -1, size = -1, sum = 0, one = 21;
    MPI_Info info = MPI_INFO_NULL;
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL;
    MPI_Comm c;

    ck_assert_uint_eq((unsigned)s & 0xfc000000u, 0xb8000000u); /* MPICH's session kind */
    ck_assert_int_eq(MPI_Initialized(&flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0); /* the World model is not initialized */
    ck_assert_int_eq(MPI_Query_thread(&n), MPI_SUCCESS);
    ck_assert_int_eq(n, MPI_THREAD_FUNNELED);

    ck_assert_int_eq(MPI_Session_get_num_psets(s, MPI_INFO_NULL, &n), MPI_SUCCESS);
    ck_assert_int_eq(n, 2);
    len = 0; /* asks the length only: name is not written */
    ck_assert_int_eq(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, 0, &len, name), MPI_SUCCESS);
    ck_assert_int_eq(len, 12);
    ck_assert_str_eq(name, "untouched");
    len = (int)sizeof name;
    ck_assert_int_eq(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, 0, &len, name), MPI_SUCCESS);
    ck_assert_str_eq(name, "mpi://WORLD");
    ck_assert_int_eq(len, 12);
    len = (int)sizeof name;
    ck_assert_int_eq(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, 1, &len, name), MPI_SUCCESS);
    ck_assert_str_eq(name, "mpi://SELF");
    ck_assert_int_eq(len, 11);
    len = 4; /* cut, and still terminated */
    ck_assert_int_eq(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, 1, &len, name), MPI_SUCCESS);
    ck_assert_str_eq(name, "mpi");
    ck_assert_int_eq(len, 11);

    ck_assert_int_eq(MPI_Session_get_pset_info(s, "mpi://SELF", &info), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Info_get_nkeys(info, &n), MPI_SUCCESS);
    ck_assert_int_eq(n, 1);
    check_value(info, "mpi_size", "1");
    ck_assert_int_eq(MPI_Info_free(&info), MPI_SUCCESS);

    ck_assert_int_eq(MPI_Session_get_info(s, &info), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Info_get_nkeys(info, &n), MPI_SUCCESS);
    ck_assert_int_eq(n, 1);
    check_value(info, "thread_level", "MPI_THREAD_FUNNELED");
    ck_assert_int_eq(MPI_Info_free(&info), MPI_SUCCESS);

    c = world_of(s);
    ck_assert_int_eq(MPI_Comm_rank(c, &rank), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Comm_size(c, &size), MPI_SUCCESS);
    ck_assert_int_eq(rank, 0);
    ck_assert_int_eq(size, 1);
    ck_assert_int_eq(MPI_Comm_get_errhandler(c, &eh), MPI_SUCCESS);
    ck_assert_int_eq(eh, MPI_ERRORS_RETURN);
    message_through(c);
    ck_assert_int_eq(MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, c), MPI_SUCCESS);
    ck_assert_int_eq(sum, 21);
    /* the groups of a window and a file need no MPI_COMM_SELF */
    {
        char path[64];
        MPI_Win w;
        MPI_File fh;
        MPI_Group wg = MPI_GROUP_NULL, fg = MPI_GROUP_NULL;

        ck_assert_int_eq(MPI_Win_create(&one, sizeof one, 1, MPI_INFO_NULL, c, &w), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Win_get_group(w, &wg), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Group_size(wg, &n), MPI_SUCCESS);
        ck_assert_int_eq(n, 1);
        ck_assert_int_eq(MPI_Win_free(&w), MPI_SUCCESS);
        snprintf(path, sizeof path, "/tmp/check_session.%ld", (long)getpid());
        ck_assert_int_eq(MPI_File_open(c, path,
                                       MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                                       MPI_INFO_NULL, &fh),
                         MPI_SUCCESS);
        ck_assert_int_eq(MPI_File_get_group(fh, &fg), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Group_size(fg, &n), MPI_SUCCESS);
        ck_assert_int_eq(n, 1);
        ck_assert_int_eq(MPI_File_close(&fh), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Group_free(&wg), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Group_free(&fg), MPI_SUCCESS);
    }
    ck_assert_int_eq(MPI_Comm_free(&c), MPI_SUCCESS);

    ck_assert_int_eq(MPI_Session_finalize(&s), MPI_SUCCESS);
    ck_assert_int_eq(s, MPI_SESSION_NULL);
    ck_assert_int_eq(MPI_Finalized(&flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
}
END_TEST

/* The hints given come back after the level granted; an unknown level is
 * MPI_THREAD_SINGLE, as MPI_Init's. */
START_TEST(test_session_info)
{
    MPI_Session s = MPI_SESSION_NULL;
    MPI_Info info, used;
    char key[MPI_MAX_INFO_KEY + 1];
    int n = -1;

    ck_assert_int_eq(MPI_Info_create(&info), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Info_set(info, "org.example.hint", "on"), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Info_set(info, "thread_level", "MPI_THREAD_MOST"), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Session_init(info, MPI_ERRORS_RETURN, &s), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Info_free(&info), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Session_get_info(s, &used), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Info_get_nkeys(used, &n), MPI_SUCCESS);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(MPI_Info_get_nthkey(used, 0, key), MPI_SUCCESS);
    ck_assert_str_eq(key, "org.example.hint");
    check_value(used, "org.example.hint", "on");
    check_value(used, "thread_level", "MPI_THREAD_SINGLE");
    ck_assert_int_eq(MPI_Info_free(&used), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Session_finalize(&s), MPI_SUCCESS);
}
END_TEST

/* Errors of a session's calls go to its handler (MPI_ERRORS_RETURN here),
 * with the classes and messages below. */
START_TEST(test_session_errors)
{
    MPI_Session s = open_session(NULL);
    char name[16], msg[MPI_MAX_ERROR_STRING], tag[300];
    int n = -1, len = 16, mlen;
    MPI_Group g = MPI_GROUP_NULL;
    MPI_Comm c = MPI_COMM_WORLD;
    MPI_Info info = MPI_INFO_NULL;
    int rc;

    rc = MPI_Group_from_session_pset(s, "mpi://NOWHERE", &g);
    ck_assert_int_eq(class_of(rc), MPI_ERR_ARG);
    MPI_Error_string(rc, msg, &mlen);
    ck_assert_ptr_nonnull(strstr(msg, "no process set of that name"));
    ck_assert_int_eq(g, MPI_GROUP_NULL);
    ck_assert_int_eq(class_of(MPI_Group_from_session_pset(s, NULL, &g)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Group_from_session_pset(s, "mpi://SELF", NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, 2, &len, name)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, -1, &len, name)),
                     MPI_ERR_ARG);
    len = -1;
    ck_assert_int_eq(class_of(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, 0, &len, name)),
                     MPI_ERR_ARG);
    len = 16;
    ck_assert_int_eq(class_of(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, 0, &len, NULL)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, 0, NULL, name)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Session_get_num_psets(s, MPI_INFO_NULL, NULL)), MPI_ERR_ARG);
    /* a freed info */
    ck_assert_int_eq(MPI_Info_create(&info), MPI_SUCCESS);
    {
        MPI_Info dead = info;
        ck_assert_int_eq(MPI_Info_free(&info), MPI_SUCCESS);
        ck_assert_int_eq(class_of(MPI_Session_get_num_psets(s, dead, &n)), MPI_ERR_INFO);
    }
    ck_assert_int_eq(class_of(MPI_Session_get_pset_info(s, "mpi://X", &info)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Session_get_pset_info(s, "mpi://WORLD", NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Session_get_info(s, NULL)), MPI_ERR_ARG);

    /* names match whatever their case, as MPICH's */
    ck_assert_int_eq(MPI_Group_from_session_pset(s, "MPI://world", &g), MPI_SUCCESS);
    /* errors of the calls making communicators go to the handler given */
    ck_assert_int_eq(
        class_of(MPI_Comm_create_from_group(g, NULL, MPI_INFO_NULL, MPI_ERRORS_RETURN, &c)),
        MPI_ERR_ARG);
    memset(tag, 'a', sizeof tag - 1);
    tag[sizeof tag - 1] = '\0';
    rc = MPI_Comm_create_from_group(g, tag, MPI_INFO_NULL, MPI_ERRORS_RETURN, &c);
    ck_assert_int_eq(class_of(rc), MPI_ERR_ARG);
    MPI_Error_string(rc, msg, &mlen);
    ck_assert_ptr_nonnull(strstr(msg, "MPI_MAX_STRINGTAG_LEN"));
    ck_assert_int_eq(class_of(MPI_Comm_create_from_group((MPI_Group)0x88000777, "t", MPI_INFO_NULL,
                                                         MPI_ERRORS_RETURN, &c)),
                     MPI_ERR_GROUP);
    ck_assert_int_eq(
        class_of(MPI_Comm_create_from_group(g, "t", MPI_INFO_NULL, MPI_ERRORS_RETURN, NULL)),
        MPI_ERR_ARG);
    ck_assert_int_eq(
        MPI_Comm_create_from_group(MPI_GROUP_EMPTY, "t", MPI_INFO_NULL, MPI_ERRORS_RETURN, &c),
        MPI_SUCCESS);
    ck_assert_int_eq(c, MPI_COMM_NULL);

    /* disjoint groups cannot exist on one process */
    rc = MPI_Intercomm_create_from_groups(g, 0, g, 0, "t", MPI_INFO_NULL, MPI_ERRORS_RETURN, &c);
    ck_assert_int_eq(class_of(rc), MPI_ERR_GROUP);
    MPI_Error_string(rc, msg, &mlen);
    ck_assert_ptr_nonnull(strstr(msg, "must be disjoint"));
    ck_assert_int_eq(class_of(MPI_Intercomm_create_from_groups(g, 0, g, 1, "t", MPI_INFO_NULL,
                                                               MPI_ERRORS_RETURN, &c)),
                     MPI_ERR_RANK);
    ck_assert_int_eq(class_of(MPI_Intercomm_create_from_groups(
                         g, 0, MPI_GROUP_EMPTY, 0, "t", MPI_INFO_NULL, MPI_ERRORS_RETURN, &c)),
                     MPI_ERR_RANK);
    ck_assert_int_eq(MPI_Group_free(&g), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Session_finalize(&s), MPI_SUCCESS);
}
END_TEST

START_TEST(test_session_handlers)
{
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL, got = MPI_ERRHANDLER_NULL, comm_eh;
    MPI_Session s = MPI_SESSION_NULL;
    MPI_Group g = MPI_GROUP_NULL;
    int rc;

    /* made before any session or MPI_Init: MPI_Session_init needs it */
    ck_assert_int_eq(MPI_Session_create_errhandler(session_handler, &eh), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Session_init(MPI_INFO_NULL, eh, &s), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Session_get_errhandler(s, &got), MPI_SUCCESS);
    ck_assert_int_eq(got, eh);
    ck_assert_int_eq(MPI_Errhandler_free(&got), MPI_SUCCESS);

    rc = MPI_Group_from_session_pset(s, "mpi://NOWHERE", &g);
    ck_assert_int_eq(session_calls, 1);
    ck_assert_int_eq(session_seen, s);
    ck_assert_int_eq(session_code, rc);
    ck_assert_int_eq(class_of(rc), MPI_ERR_ARG);

    ck_assert_int_eq(MPI_Session_call_errhandler(s, MPI_ERR_OTHER), MPI_SUCCESS);
    ck_assert_int_eq(session_calls, 2);
    ck_assert_int_eq(session_code, MPI_ERR_OTHER);

    /* a communicator's handler cannot go on a session */
    ck_assert_int_eq(MPI_Comm_create_errhandler(counting_handler, &comm_eh), MPI_SUCCESS);
    rc = MPI_Session_set_errhandler(s, comm_eh);
    ck_assert_int_eq(class_of(rc), MPI_ERR_ARG);
    ck_assert_int_eq(session_calls, 3);
    ck_assert_int_eq(MPI_Session_set_errhandler(s, MPI_ERRORS_RETURN), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Session_get_errhandler(s, &got), MPI_SUCCESS);
    ck_assert_int_eq(got, MPI_ERRORS_RETURN);

    /* nor a session's on a communicator made from a group */
    ck_assert_int_eq(MPI_Group_from_session_pset(s, "mpi://SELF", &g), MPI_SUCCESS);
    {
        MPI_Comm c = MPI_COMM_NULL;
        ck_assert_int_eq(MPI_Comm_create_from_group(g, "h", MPI_INFO_NULL, comm_eh, &c),
                         MPI_SUCCESS);
        ck_assert_int_eq(MPI_Comm_call_errhandler(c, MPI_ERR_TAG), MPI_SUCCESS);
        ck_assert_int_eq(handler_calls, 1);
        ck_assert_int_eq(handler_comm, c);
        ck_assert_int_eq(handler_code, MPI_ERR_TAG);
        /* the errors of the call itself reach the handler given */
        ck_assert_int_eq(class_of(MPI_Comm_create_from_group(g, NULL, MPI_INFO_NULL, comm_eh, &c)),
                         MPI_ERR_ARG);
        ck_assert_int_eq(handler_calls, 2);
        ck_assert_int_eq(handler_comm, MPI_COMM_NULL);
        ck_assert_int_eq(MPI_Comm_free(&c), MPI_SUCCESS);
    }
    ck_assert_int_eq(MPI_Group_free(&g), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Errhandler_free(&comm_eh), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Session_finalize(&s), MPI_SUCCESS);
    /* the handler outlives the session, and serves the next one */
    ck_assert_int_eq(MPI_Session_init(MPI_INFO_NULL, eh, &s), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Session_call_errhandler(s, MPI_ERR_COUNT), MPI_SUCCESS);
    ck_assert_int_eq(session_calls, 4);
    ck_assert_int_eq(session_code, MPI_ERR_COUNT);
    ck_assert_int_eq(MPI_Session_finalize(&s), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Errhandler_free(&eh), MPI_SUCCESS);
}
END_TEST

/* Two sessions at once, each with its handle; then a third. */
START_TEST(test_sessions_at_once)
{
    MPI_Session a = open_session(NULL), b = open_session("MPI_THREAD_MULTIPLE");
    MPI_Session dead;
    MPI_Comm c;
    int level = -1;

    ck_assert_int_ne(a, b);
    ck_assert_int_eq(MPI_Query_thread(&level), MPI_SUCCESS);
    ck_assert_int_eq(level, MPI_THREAD_MULTIPLE); /* the highest any session asked */
    ck_assert_int_eq(MPI_Session_finalize(&a), MPI_SUCCESS);
    c = world_of(b);
    message_through(c);
    ck_assert_int_eq(MPI_Comm_free(&c), MPI_SUCCESS);
    dead = b;
    ck_assert_int_eq(MPI_Session_finalize(&b), MPI_SUCCESS);
    a = open_session(NULL);
    ck_assert_int_ne(a, dead); /* a freed handle names nothing for long */
    ck_assert_int_eq(MPI_Session_finalize(&a), MPI_SUCCESS);
}
END_TEST

/* MPI_Query_thread: the highest level a session asked while only sessions
 * are open, what MPI_Init_thread provided once the World model is
 * (MPI-4.1 section 11.2.4); the thread that started the first session is
 * the main one. */
START_TEST(test_thread_levels)
{
    MPI_Session s = open_session("MPI_THREAD_MULTIPLE");
    int level = -1, provided = -1, main_thread = -1;

    ck_assert_int_eq(MPI_Query_thread(&level), MPI_SUCCESS);
    ck_assert_int_eq(level, MPI_THREAD_MULTIPLE);
    ck_assert_int_eq(MPI_Is_thread_main(&main_thread), MPI_SUCCESS);
    ck_assert_int_eq(main_thread, 1);
    ck_assert_int_eq(MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided), MPI_SUCCESS);
    ck_assert_int_eq(provided, MPI_THREAD_FUNNELED);
    ck_assert_int_eq(MPI_Query_thread(&level), MPI_SUCCESS);
    ck_assert_int_eq(level, MPI_THREAD_FUNNELED);
    ck_assert_int_eq(MPI_Finalize(), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Session_finalize(&s), MPI_SUCCESS);
}
END_TEST

/* MPI_Finalize ends the World model only: a session opened before it,
 * and what it made, live on until the session ends. */
START_TEST(test_session_outlives_world)
{
    MPI_Session s = open_session(NULL);
    int flag = -1, rank = -1;
    MPI_Comm c;

    ck_assert_int_eq(MPI_Init(NULL, NULL), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Initialized(&flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(MPI_Comm_rank(MPI_COMM_WORLD, &rank), MPI_SUCCESS);
    ck_assert_int_eq(rank, 0);
    c = world_of(s);
    ck_assert_int_eq(MPI_Finalize(), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Finalized(&flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1);
    message_through(c);
    ck_assert_int_eq(MPI_Comm_free(&c), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Session_finalize(&s), MPI_SUCCESS);
}
END_TEST

/* A session's handler made before MPI_Init serves a session after
 * MPI_Finalize, and is freed then (MPI-4.1 section 11.4.1). */
START_TEST(test_handler_outlives_world)
{
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL;
    MPI_Session s = MPI_SESSION_NULL;

    ck_assert_int_eq(MPI_Session_create_errhandler(session_handler, &eh), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Init(NULL, NULL), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Finalize(), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Session_init(MPI_INFO_NULL, eh, &s), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Session_call_errhandler(s, MPI_ERR_TAG), MPI_SUCCESS);
    ck_assert_int_eq(session_calls, 1);
    ck_assert_int_eq(session_code, MPI_ERR_TAG);
    ck_assert_int_eq(MPI_Session_finalize(&s), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Errhandler_free(&eh), MPI_SUCCESS);
    ck_assert_int_eq(eh, MPI_ERRHANDLER_NULL);
}
END_TEST

/* ---- errors with no session to take them: the initial handler, fatal */

static void use_world(void)
{
    int rank;

    (void)open_session(NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
}

static void bad_session(void)
{
    int n;

    MPI_Session_get_num_psets((MPI_Session)0xb8000123, MPI_INFO_NULL, &n);
}

static void finalize_twice(void)
{
    MPI_Session s = open_session(NULL), copy = s;

    MPI_Session_finalize(&s);
    MPI_Session_finalize(&copy);
}

static void after_last_session(void)
{
    MPI_Session s = open_session(NULL);
    MPI_Group g;
    MPI_Comm c;

    MPI_Group_from_session_pset(s, "mpi://WORLD", &g);
    MPI_Session_finalize(&s);
    MPI_Comm_create_from_group(g, "late", MPI_INFO_NULL, MPI_ERRORS_RETURN, &c);
}

static void wrong_init_handler(void)
{
    MPI_Errhandler eh;
    MPI_Session s;

    MPI_Init(NULL, NULL);
    MPI_Comm_create_errhandler(counting_handler, &eh);
    MPI_Session_init(MPI_INFO_NULL, eh, &s);
}

static void fatal_case(void (*body)(void), int cls, const char *text)
{
    struct child c;

    run_child(body, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, cls);
    ck_assert_ptr_nonnull(strstr(c.err, text));
}

START_TEST(test_fatal_paths)
{
    fatal_case(use_world, MPI_ERR_COMM,
               "MPI_Comm_rank(comm=0x44000000): Invalid communicator (a communicator of the World "
               "model, which is not initialized: only sessions are open)");
    fatal_case(bad_session, MPI_ERR_SESSION,
               "MPI_Session_get_num_psets(session=0xb8000123): Invalid session (never made)");
    fatal_case(finalize_twice, MPI_ERR_SESSION,
               "MPI_Session_finalize(session=0xb8000000): "
               "Invalid session (freed)");
    fatal_case(after_last_session, MPI_ERR_OTHER,
               "MPI_Comm_create_from_group called before MPI_Init");
    fatal_case(wrong_init_handler, MPI_ERR_ARG,
               "an error handler made for communicators cannot be set on sessions");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("session");
    TCase *tc = tcase_create("session");

    tcase_add_test(tc, test_sessions_only);
    tcase_add_test(tc, test_session_info);
    tcase_add_test(tc, test_session_errors);
    tcase_add_test(tc, test_session_handlers);
    tcase_add_test(tc, test_sessions_at_once);
    tcase_add_test(tc, test_session_outlives_world);
    tcase_add_test(tc, test_thread_levels);
    tcase_add_test(tc, test_handler_outlives_world);
    tcase_add_test(tc, test_fatal_paths);
    suite_add_tcase(s, tc);
    return st_run(s);
}
