/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_info: info objects and communicator hints of libtypeshim-serial
 * (black box): values, order and limits, MPI_Info_get_string's buffer
 * rules, freed and foreign handles refused everywhere an info is taken,
 * MPI_INFO_ENV's values (true of this process) and its protection, the
 * info functions before MPI_Init and after MPI_Finalize, the fatal path,
 * the hints of communicators, and threads sharing info objects.
 * test/xcheck/xc_info.c compares the rest with MPICH.
 */
#include <pthread.h>
#include <sys/utsname.h>

#include "serialtest.h"

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

/* The value of key in info ("" when it has none). */
static const char *value_of(MPI_Info info, const char *key)
{
    static char v[MPI_MAX_INFO_VAL + 1];
    int len = sizeof v, flag = -1;

    ck_assert_int_eq(MPI_Info_get_string(info, key, &len, v, &flag), MPI_SUCCESS);
    if (!flag)
        v[0] = '\0';
    return v;
}

/* The keys of info in order, "a,b". */
static const char *keys_of(MPI_Info info)
{
    static char out[1024];
    char k[MPI_MAX_INFO_KEY + 1];
    int n = -1;

    out[0] = '\0';
    ck_assert_int_eq(MPI_Info_get_nkeys(info, &n), MPI_SUCCESS);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(MPI_Info_get_nthkey(info, i, k), MPI_SUCCESS);
        snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s", i ? "," : "", k);
    }
    return out;
}

START_TEST(test_pairs)
{
    MPI_Info i, d;
    int len = -1, flag = -1;

    ck_assert_int_eq(MPI_Info_create(&i), MPI_SUCCESS);
    ck_assert_str_eq(keys_of(i), "");
    MPI_Info_set(i, "b", "2");
    MPI_Info_set(i, "a", "1");
    MPI_Info_set(i, "c", "3");
    MPI_Info_set(i, "b", "two"); /* in place */
    ck_assert_str_eq(keys_of(i), "b,a,c");
    ck_assert_str_eq(value_of(i, "b"), "two");
    ck_assert_int_eq(MPI_Info_delete(i, "a"), MPI_SUCCESS);
    MPI_Info_set(i, "a", "again"); /* a new key goes last */
    ck_assert_str_eq(keys_of(i), "b,c,a");
    ck_assert_int_eq(MPI_Info_get_valuelen(i, "a", &len, &flag), MPI_SUCCESS);
    ck_assert_int_eq(len, 5);
    ck_assert_int_eq(flag, 1);
    MPI_Info_set(i, "Case", "x"); /* keys are case sensitive */
    ck_assert_str_eq(value_of(i, "case"), "");
    ck_assert_int_eq(MPI_Info_dup(i, &d), MPI_SUCCESS);
    ck_assert_str_eq(keys_of(d), "b,c,a,Case");
    MPI_Info_set(d, "b", "changed");
    MPI_Info_delete(d, "c");
    ck_assert_str_eq(value_of(i, "b"), "two");
    ck_assert_str_eq(keys_of(i), "b,c,a,Case");
    ck_assert_int_eq(MPI_Info_free(&d), MPI_SUCCESS);
    ck_assert_int_eq(d, MPI_INFO_NULL);
    ck_assert_int_eq(MPI_Info_free(&i), MPI_SUCCESS);
}
END_TEST

/* "replaced" read into buffers of every size: MPI-4.0's rules. */
START_TEST(test_get_string)
{
    MPI_Info i;
    char v[16];
    int len, flag;

    MPI_Info_create(&i);
    MPI_Info_set(i, "k", "replaced");
    for (int b = 0; b <= 12; b++) {
        memset(v, '#', sizeof v);
        len = b;
        flag = -1;
        ck_assert_int_eq(MPI_Info_get_string(i, "k", &len, v, &flag), MPI_SUCCESS);
        ck_assert_int_eq(flag, 1);
        ck_assert_int_eq(len, 9); /* the size the value needs, '\0' included */
        if (b == 0)
            ck_assert_int_eq(v[0], '#'); /* untouched */
        else {
            int n = b - 1 < 8 ? b - 1 : 8;
            ck_assert_int_eq(memcmp(v, "replaced", (size_t)n), 0);
            ck_assert_int_eq(v[n], '\0');
            ck_assert_int_eq(v[n + 1], '#');
        }
    }
    memset(v, '#', sizeof v);
    len = 4;
    flag = -1;
    ck_assert_int_eq(MPI_Info_get_string(i, "missing", &len, v, &flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    ck_assert_int_eq(len, 4);
    ck_assert_int_eq(v[0], '#');
    /* MPI_Info_get: valuelen characters and '\0', a longer value cut short */
    memset(v, '#', sizeof v);
    ck_assert_int_eq(MPI_Info_get(i, "k", 3, v, &flag), MPI_SUCCESS);
    ck_assert_str_eq(v, "rep");
    ck_assert_int_eq(MPI_Info_get(i, "k", 0, v, &flag), MPI_SUCCESS);
    ck_assert_str_eq(v, "");
    ck_assert_int_eq(MPI_Info_get(i, "k", 15, v, &flag), MPI_SUCCESS);
    ck_assert_str_eq(v, "replaced");
    MPI_Info_free(&i);
}
END_TEST

START_TEST(test_limits)
{
    char key[MPI_MAX_INFO_KEY + 2], val[MPI_MAX_INFO_VAL + 2], out[MPI_MAX_INFO_KEY + 1];
    MPI_Info i;
    int n = -7, len = 5, flag = -7;

    returning();
    MPI_Info_create(&i);
    memset(key, 'k', sizeof key);
    key[MPI_MAX_INFO_KEY] = '\0';
    memset(val, 'v', sizeof val);
    val[MPI_MAX_INFO_VAL] = '\0';
    ck_assert_int_eq(MPI_Info_set(i, key, val), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Info_get_nthkey(i, 0, out), MPI_SUCCESS);
    ck_assert_str_eq(out, key);
    ck_assert_int_eq(MPI_Info_get_valuelen(i, key, &len, &flag), MPI_SUCCESS);
    ck_assert_int_eq(len, MPI_MAX_INFO_VAL);
    key[MPI_MAX_INFO_KEY] = 'k';
    key[MPI_MAX_INFO_KEY + 1] = '\0';
    val[MPI_MAX_INFO_VAL] = 'v';
    val[MPI_MAX_INFO_VAL + 1] = '\0';
    ck_assert_int_eq(class_of(MPI_Info_set(i, key, "v")), MPI_ERR_INFO_KEY);
    ck_assert_int_eq(class_of(MPI_Info_set(i, "k", val)), MPI_ERR_INFO_VALUE);
    ck_assert_int_eq(class_of(MPI_Info_set(i, "", "v")), MPI_ERR_INFO_KEY);
    ck_assert_int_eq(class_of(MPI_Info_set(i, NULL, "v")), MPI_ERR_INFO_KEY);
    ck_assert_int_eq(class_of(MPI_Info_set(i, "k", NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Info_get(i, key, 5, out, &flag)), MPI_ERR_INFO_KEY);
    ck_assert_int_eq(class_of(MPI_Info_get_valuelen(i, "", &len, &flag)), MPI_ERR_INFO_KEY);
    ck_assert_int_eq(class_of(MPI_Info_get_string(i, key, &len, out, &flag)), MPI_ERR_INFO_KEY);
    ck_assert_int_eq(class_of(MPI_Info_delete(i, key)), MPI_ERR_INFO_KEY);
    ck_assert_int_eq(class_of(MPI_Info_delete(i, "missing")), MPI_ERR_INFO_NOKEY);
    ck_assert_int_eq(class_of(MPI_Info_get_nthkey(i, 1, out)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Info_get_nthkey(i, -1, out)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Info_get(i, "k", -1, out, &flag)), MPI_ERR_ARG);
    len = -1;
    ck_assert_int_eq(class_of(MPI_Info_get_string(i, "k", &len, out, &flag)), MPI_ERR_ARG);
    len = 5;
    ck_assert_int_eq(class_of(MPI_Info_get_string(i, "k", &len, NULL, &flag)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Info_get_string(i, "k", NULL, out, &flag)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Info_get_valuelen(i, "k", NULL, &flag)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Info_get_nkeys(i, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Info_dup(i, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Info_create(NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Info_free(NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Info_create_env(0, NULL, NULL)), MPI_ERR_ARG);
    /* the null handle names no object (MPICH's class: MPI_ERR_ARG) */
    ck_assert_int_eq(class_of(MPI_Info_get_nkeys(MPI_INFO_NULL, &n)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Info_free(&(MPI_Info){MPI_INFO_NULL})), MPI_ERR_ARG);
    ck_assert_int_eq(n, -7); /* nothing written on error */
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(MPI_Info_get_nkeys(i, &n), MPI_SUCCESS);
    ck_assert_int_eq(n, 1); /* the key of MPI_MAX_INFO_KEY characters */
    MPI_Info_free(&i);
}
END_TEST

/* A freed handle is refused by every function taking an info. */
START_TEST(test_freed)
{
    MPI_Info i, old, stale, d = MPI_INFO_NULL;
    MPI_Comm c = MPI_COMM_NULL;
    char v[8];
    int n = -7, len = 4, flag = -7;
    void *mem = NULL;

    returning();
    MPI_Info_create(&i);
    MPI_Info_set(i, "k", "v");
    old = stale = i;
    MPI_Info_free(&i);
    ck_assert_int_eq(MPI_Info_create(&i), MPI_SUCCESS); /* may take the slot */
    ck_assert_int_ne(i, old);
    ck_assert_int_eq(class_of(MPI_Info_set(old, "k", "w")), MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Info_delete(old, "k")), MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Info_get(old, "k", 4, v, &flag)), MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Info_get_string(old, "k", &len, v, &flag)), MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Info_get_valuelen(old, "k", &len, &flag)), MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Info_get_nkeys(old, &n)), MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Info_get_nthkey(old, 0, v)), MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Info_dup(old, &d)), MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Info_free(&old)), MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Comm_set_info(MPI_COMM_WORLD, old)), MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Comm_dup_with_info(MPI_COMM_WORLD, old, &c)), MPI_ERR_INFO);
    ck_assert_int_eq(
        class_of(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, old, &c)),
        MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Alloc_mem(8, old, &mem)), MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Comm_dup_with_info(MPI_COMM_WORLD, (MPI_Info)0x9c00ffff, &c)),
                     MPI_ERR_INFO);
    /* nothing written */
    ck_assert_int_eq(n, -7);
    ck_assert_int_eq(flag, -7);
    ck_assert_int_eq(len, 4);
    ck_assert_int_eq(d, MPI_INFO_NULL);
    ck_assert_int_eq(c, MPI_COMM_NULL);
    ck_assert_ptr_null(mem);
    ck_assert_int_eq(old, stale);
    /* a live info (and MPI_INFO_ENV) is taken where MPI_INFO_NULL is */
    ck_assert_int_eq(MPI_Alloc_mem(8, i, &mem), MPI_SUCCESS);
    MPI_Free_mem(mem);
    ck_assert_int_eq(MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_ENV, &c), MPI_SUCCESS);
    MPI_Comm_free(&c);
    MPI_Info_free(&i);
}
END_TEST

/* MPI_Init got {"./prog", "x", "y z"}: MPI_INFO_ENV says so, and the rest
 * is true of this process. */
START_TEST(test_env)
{
    char *args[] = {"./prog", "x", "y z", NULL}, **argv = args, host[256], cwd[4096];
    int argc = 3;
    struct utsname u;
    MPI_Info e = MPI_INFO_ENV, d;

    ck_assert_int_eq(MPI_Init(&argc, &argv), MPI_SUCCESS);
    returning();
    ck_assert_int_eq(gethostname(host, sizeof host), 0);
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    ck_assert_int_eq(uname(&u), 0);
    ck_assert_str_eq(keys_of(MPI_INFO_ENV), "command,argv,maxprocs,host,arch,wdir");
    ck_assert_str_eq(value_of(MPI_INFO_ENV, "command"), "./prog");
    ck_assert_str_eq(value_of(MPI_INFO_ENV, "argv"), "x y z");
    ck_assert_str_eq(value_of(MPI_INFO_ENV, "maxprocs"), "1");
    ck_assert_str_eq(value_of(MPI_INFO_ENV, "host"), host);
    ck_assert_str_eq(value_of(MPI_INFO_ENV, "arch"), u.machine);
    ck_assert_str_eq(value_of(MPI_INFO_ENV, "wdir"), cwd);
    ck_assert_int_eq(argc, 3); /* MPI_Init leaves its arguments alone */
    ck_assert_ptr_eq(argv, args);
    /* read only, never freed */
    ck_assert_int_eq(class_of(MPI_Info_set(MPI_INFO_ENV, "x", "y")), MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Info_delete(MPI_INFO_ENV, "host")), MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Info_free(&e)), MPI_ERR_INFO);
    ck_assert_int_eq(e, MPI_INFO_ENV);
    ck_assert_str_eq(value_of(MPI_INFO_ENV, "host"), host);
    /* MPI_Info_create_env builds it the same way from its arguments */
    ck_assert_int_eq(MPI_Info_create_env(2, (char *[]){"cmd", "arg", NULL}, &d), MPI_SUCCESS);
    ck_assert_str_eq(keys_of(d), "command,argv,maxprocs,host,arch,wdir");
    ck_assert_str_eq(value_of(d, "command"), "cmd");
    ck_assert_str_eq(value_of(d, "argv"), "arg");
    MPI_Info_set(d, "mine", "1"); /* an object of the program's */
    MPI_Info_free(&d);
    ck_assert_int_eq(MPI_Info_create_env(0, NULL, &d), MPI_SUCCESS);
    ck_assert_str_eq(keys_of(d), "maxprocs,host,arch,wdir");
    MPI_Info_free(&d);
    ck_assert_int_eq(MPI_Info_dup(MPI_INFO_ENV, &d), MPI_SUCCESS);
    ck_assert_str_eq(value_of(d, "argv"), "x y z");
    MPI_Info_free(&d);
    ck_assert_int_eq(MPI_Finalize(), MPI_SUCCESS);
}
END_TEST

/* MPI-4.1 section 11.4.1: the info functions work before MPI_Init and
 * after MPI_Finalize; objects live across both. */
START_TEST(test_any_time)
{
    MPI_Info i, d;

    ck_assert_int_eq(MPI_Info_create(&i), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Info_set(i, "k", "v"), MPI_SUCCESS);
    ck_assert_str_eq(keys_of(MPI_INFO_ENV), "maxprocs,host,arch,wdir"); /* no arguments yet */
    ck_assert_int_eq(MPI_Init(NULL, NULL), MPI_SUCCESS);
    ck_assert_str_eq(value_of(i, "k"), "v");
    ck_assert_str_eq(keys_of(MPI_INFO_ENV), "maxprocs,host,arch,wdir"); /* MPI_Init(NULL, NULL) */
    ck_assert_int_eq(MPI_Finalize(), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Info_dup(i, &d), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Info_delete(d, "k"), MPI_SUCCESS);
    ck_assert_str_eq(value_of(i, "k"), "v");
    ck_assert_str_eq(value_of(MPI_INFO_ENV, "maxprocs"), "1");
    ck_assert_int_eq(MPI_Info_free(&d), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Info_free(&i), MPI_SUCCESS);
}
END_TEST

static void body_before_init(void)
{
    MPI_Info i;

    MPI_Info_create(&i);
    MPI_Info_delete(i, "missing");
}

/* Before MPI_Init an error goes to MPI_ERRORS_ARE_FATAL. */
START_TEST(test_fatal_before_init)
{
    struct child c;

    run_child(body_before_init, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_INFO_NOKEY);
    ck_assert_str_eq(c.err, "typeshim: rank 0: fatal error on MPI_COMM_WORLD: "
                            "MPI_Info_delete(key=\"missing\"): No such key\n");
}
END_TEST

static void body_freed(void)
{
    MPI_Info i;
    int n;

    MPI_Init(NULL, NULL);
    MPI_Info_create(&i);
    MPI_Info_free(&(MPI_Info){i});
    MPI_Info_get_nkeys(i, &n);
}

START_TEST(test_fatal_freed)
{
    struct child c;

    run_child(body_freed, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_INFO);
    ck_assert_msg(
        strstr(c.err, "typeshim: rank 0: fatal error on MPI_COMM_WORLD: MPI_Info_get_nkeys(info=0x"
                      "9c") == c.err &&
            strstr(c.err, "): Invalid info (freed)\n"),
        "stderr: %s", c.err);
}
END_TEST

/* ------------------------------------------------- communicator hints */

static const char *const assertions = "mpi_assert_no_any_tag,mpi_assert_no_any_source,"
                                      "mpi_assert_exact_length,mpi_assert_allow_overtaking";

/* comm's hints as "key=value,...", in MPI_Comm_get_info's order. */
static const char *hints_of(MPI_Comm comm)
{
    static char out[1024];
    char k[MPI_MAX_INFO_KEY + 1];
    MPI_Info info;
    int n = -1;

    out[0] = '\0';
    ck_assert_int_eq(MPI_Comm_get_info(comm, &info), MPI_SUCCESS);
    MPI_Info_get_nkeys(info, &n);
    for (int i = 0; i < n; i++) {
        MPI_Info_get_nthkey(info, i, k);
        snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s=%s", i ? "," : "", k,
                 value_of(info, k));
    }
    ck_assert_int_eq(MPI_Info_free(&info), MPI_SUCCESS);
    return out;
}

START_TEST(test_hints)
{
    const char *defaults = "mpi_assert_no_any_tag=false,mpi_assert_no_any_source=false,"
                           "mpi_assert_exact_length=false,mpi_assert_allow_overtaking=false";
    MPI_Comm d, s;
    MPI_Info i, got;
    MPI_Request r;

    returning();
    ck_assert_str_eq(hints_of(MPI_COMM_WORLD), defaults);
    ck_assert_int_eq(MPI_Comm_get_info(MPI_COMM_SELF, &got), MPI_SUCCESS);
    ck_assert_str_eq(keys_of(got), assertions);
    MPI_Info_set(got, "scribble", "1"); /* the program's own copy */
    MPI_Info_free(&got);
    ck_assert_str_eq(hints_of(MPI_COMM_SELF), defaults);

    MPI_Info_create(&i);
    MPI_Info_set(i, "my_hint", "42");
    MPI_Info_set(i, "mpi_assert_exact_length", "true");
    MPI_Info_set(i, "mpi_assert_no_any_tag", "TRUE"); /* not a boolean value: ignored */
    ck_assert_int_eq(MPI_Comm_set_info(MPI_COMM_WORLD, i), MPI_SUCCESS);
    MPI_Info_free(&i); /* the communicator keeps its own copy */
    ck_assert_str_eq(hints_of(MPI_COMM_WORLD),
                     "mpi_assert_no_any_tag=false,mpi_assert_no_any_source=false,"
                     "mpi_assert_exact_length=true,mpi_assert_allow_overtaking=false,my_hint=42");
    MPI_Info_create(&i);
    MPI_Info_set(i, "other", "x");
    MPI_Info_set(i, "my_hint", "43");
    MPI_Comm_set_info(MPI_COMM_WORLD, i); /* joins, leaving the rest */
    ck_assert_str_eq(hints_of(MPI_COMM_WORLD),
                     "mpi_assert_no_any_tag=false,mpi_assert_no_any_source=false,"
                     "mpi_assert_exact_length=true,mpi_assert_allow_overtaking=false,"
                     "my_hint=43,other=x");
    /* MPI_Comm_dup and MPI_Comm_idup take the parent's hints */
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    ck_assert_str_eq(hints_of(d), hints_of(MPI_COMM_WORLD));
    MPI_Comm_set_info(d, i); /* apart from the parent's from now on */
    MPI_Comm_free(&d);
    MPI_Comm_idup(MPI_COMM_WORLD, &d, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    ck_assert_str_eq(hints_of(d), hints_of(MPI_COMM_WORLD));
    MPI_Comm_free(&d);
    /* dup_with_info and split_type take those of info only */
    ck_assert_int_eq(MPI_Comm_dup_with_info(MPI_COMM_WORLD, i, &d), MPI_SUCCESS);
    ck_assert_str_eq(hints_of(d), "mpi_assert_no_any_tag=false,mpi_assert_no_any_source=false,"
                                  "mpi_assert_exact_length=false,"
                                  "mpi_assert_allow_overtaking=false,other=x,my_hint=43");
    MPI_Comm_free(&d);
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &d);
    ck_assert_str_eq(hints_of(d), defaults);
    MPI_Comm_free(&d);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, i, &s);
    ck_assert_ptr_nonnull(strstr(hints_of(s), ",other=x,my_hint=43"));
    MPI_Comm_free(&s);
    MPI_Comm_split(MPI_COMM_WORLD, 1, 0, &s);
    ck_assert_str_eq(hints_of(s), defaults);
    MPI_Comm_free(&s);

    /* refusals, nothing written */
    got = MPI_INFO_NULL;
    ck_assert_int_eq(class_of(MPI_Comm_set_info(MPI_COMM_WORLD, MPI_INFO_NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_set_info((MPI_Comm)0x84000777, i)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_get_info(MPI_COMM_WORLD, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_get_info(MPI_COMM_NULL, &got)), MPI_ERR_COMM);
    ck_assert_int_eq(got, MPI_INFO_NULL);
    MPI_Info_free(&i);
}
END_TEST

/* Threads share info objects and communicator hints (TSan looks on). */
#define NTHREADS 4
static MPI_Info shared;
static int worker_errors;

static void *info_worker(void *arg)
{
    char key[16], v[16];
    long t = (long)arg;
    int len, flag;

    for (int n = 0; n < 200; n++) {
        MPI_Info mine, got;
        snprintf(key, sizeof key, "t%ld", t);
        snprintf(v, sizeof v, "%d", n);
        MPI_Info_set(shared, key, v);
        len = sizeof v;
        MPI_Info_get_string(shared, key, &len, v, &flag);
        if (!flag || atoi(v) != n) /* only this thread sets its key */
            __atomic_add_fetch(&worker_errors, 1, __ATOMIC_RELAXED);
        MPI_Info_dup(shared, &mine);
        MPI_Info_set(mine, "my", key);
        MPI_Comm_set_info(MPI_COMM_WORLD, mine);
        MPI_Comm_get_info(MPI_COMM_WORLD, &got);
        MPI_Info_free(&got);
        MPI_Info_free(&mine);
    }
    return NULL;
}

START_TEST(test_threads)
{
    pthread_t th[NTHREADS];
    int provided, n = -1;

    MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided);
    MPI_Info_create(&shared);
    for (long t = 0; t < NTHREADS; t++)
        pthread_create(&th[t], NULL, info_worker, (void *)t);
    for (int t = 0; t < NTHREADS; t++)
        pthread_join(th[t], NULL);
    ck_assert_int_eq(worker_errors, 0);
    ck_assert_int_eq(MPI_Info_get_nkeys(shared, &n), MPI_SUCCESS);
    ck_assert_int_eq(n, NTHREADS); /* in the order the threads came */
    for (int t = 0; t < NTHREADS; t++) {
        char key[8];
        snprintf(key, sizeof key, "t%d", t);
        ck_assert_str_eq(value_of(shared, key), "199");
    }
    MPI_Info_free(&shared);
    MPI_Finalize();
}
END_TEST

static Suite *info_suite(void)
{
    Suite *s = suite_create("info");
    TCase *tc = tcase_create("objects");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_pairs);
    tcase_add_test(tc, test_get_string);
    tcase_add_test(tc, test_limits);
    tcase_add_test(tc, test_freed);
    tcase_add_test(tc, test_hints);
    suite_add_tcase(s, tc);
    tc = tcase_create("any time"); /* no fixture: these call MPI_Init */
    tcase_add_test(tc, test_env);
    tcase_add_test(tc, test_any_time);
    tcase_add_test(tc, test_fatal_before_init);
    tcase_add_test(tc, test_fatal_freed);
    tcase_add_test(tc, test_threads);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(info_suite());
}
