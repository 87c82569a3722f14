/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_info: info objects and communicator hints compared with MPICH run as
 * a singleton: key order (nthkey), replacement, the limits of keys and
 * values, MPI_Info_get_string's buflen and truncation, MPI_Info_get and
 * get_valuelen, dup and free, the error classes of bad keys, values and
 * handles, MPI_INFO_ENV (which standard keys are present, and whether each
 * value present is true of this process: no machine-specific value is
 * printed), the info functions before MPI_Init and after MPI_Finalize,
 * and the four assertion hints of communicators through set_info,
 * get_info, dup, dup_with_info, idup, split and split_type. */
#include <sys/utsname.h>
#include <unistd.h>

#include "xc_common.h"

static char buf[4096];

/* The keys of info in order, "a,b,c". */
static const char *keys(MPI_Info info)
{
    char k[MPI_MAX_INFO_KEY + 1];
    int n = -1;

    buf[0] = '\0';
    MPI_Info_get_nkeys(info, &n);
    for (int i = 0; i < n; i++) {
        MPI_Info_get_nthkey(info, i, k);
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", i ? "," : "", k);
    }
    return buf;
}

/* The value of key in info, into v of size bytes: MPI_Info_get_string
 * where the MPI has it (MPI-4.0), else MPI_Info_get. */
static int info_read(MPI_Info info, const char *key, char *v, int size, int *flag)
{
#if XC_MPI4
    return MPI_Info_get_string(info, key, &size, v, flag);
#else
    return MPI_Info_get(info, key, size - 1, v, flag);
#endif
}

#if XC_MPI4
/* MPI_Info_get_string with a buffer of b bytes: rc, flag, buflen, value
 * ('#' marks bytes left alone). */
static void get_string(const char *p, MPI_Info info, const char *key, int b)
{
    char k[64], v[16];
    int len = b, flag = -7, rc;

    memset(v, '#', sizeof v);
    v[sizeof v - 1] = '\0';
    rc = MPI_Info_get_string(info, key, &len, v, &flag);
    v[8] = '\0';
    xc_kv(xc_key(k, p, ".%d", b), "%s flag=%d buflen=%d value='%s'", xc_rc(rc), flag, len, v);
}
#endif

static void info_objects(void)
{
    MPI_Info i, d;
    char k[512], v[2048];
    int rc, n = -7, flag = -7, len = -7;

    MPI_Info_create(&i);
    MPI_Info_set(i, "a", "1");
    MPI_Info_set(i, "zeta", "z");
    MPI_Info_set(i, "alpha", "x");
    rc = MPI_Info_set(i, "a", "replaced");
    MPI_Info_get_nkeys(i, &n);
    xc_kv("order.after_replace", "%s n=%d [%s]", xc_rc(rc), n, keys(i));
    rc = MPI_Info_delete(i, "zeta");
    MPI_Info_set(i, "zeta", "again");
    xc_kv("order.delete_set", "%s [%s]", xc_rc(rc), keys(i));
    xc_kv("nthkey.n", "%s", xc_rc(MPI_Info_get_nthkey(i, 3, k)));
    xc_kv("nthkey.negative", "%s", xc_rc(MPI_Info_get_nthkey(i, -1, k)));
    xc_kv("nthkey.null", "%s", xc_rc(MPI_Info_get_nthkey(i, 0, NULL)));
    xc_kv("nkeys.null", "%s", xc_rc(MPI_Info_get_nkeys(i, NULL)));

    /* the limits */
    memset(k, 'k', sizeof k);
    k[MPI_MAX_INFO_KEY] = '\0';
    xc_kv("key.max", "%s", xc_rc(MPI_Info_set(i, k, "v")));
    rc = MPI_Info_get_valuelen(i, k, &len, &flag);
    xc_kv("key.max.valuelen", "%s flag=%d len=%d", xc_rc(rc), flag, len);
    xc_kv("key.max.delete", "%s", xc_rc(MPI_Info_delete(i, k)));
    k[MPI_MAX_INFO_KEY] = 'k';
    k[MPI_MAX_INFO_KEY + 1] = '\0';
    xc_kv("key.long.set", "%s", xc_rc(MPI_Info_set(i, k, "v")));
    xc_kv("key.long.get", "%s", xc_rc(MPI_Info_get(i, k, 10, v, &flag)));
#if XC_MPI4
    len = 10;
    xc_kv("key.long.get_string", "%s", xc_rc(MPI_Info_get_string(i, k, &len, v, &flag)));
#endif
    xc_kv("key.long.delete", "%s", xc_rc(MPI_Info_delete(i, k)));
    xc_kv("key.empty", "%s", xc_rc(MPI_Info_set(i, "", "v")));
    xc_kv("key.null", "%s", xc_rc(MPI_Info_set(i, NULL, "v")));
    rc = MPI_Info_set(i, " padded ", "p");
    flag = -7;
    MPI_Info_get_valuelen(i, "padded", &len, &flag);
    xc_kv("key.blanks_kept", "%s flag=%d", xc_rc(rc), flag);
    MPI_Info_delete(i, " padded ");
    memset(v, 'v', sizeof v);
    v[MPI_MAX_INFO_VAL] = '\0';
    rc = MPI_Info_set(i, "big", v);
    MPI_Info_get_valuelen(i, "big", &len, &flag);
    xc_kv("value.max", "%s len=%d", xc_rc(rc), len);
    v[MPI_MAX_INFO_VAL] = 'v';
    v[MPI_MAX_INFO_VAL + 1] = '\0';
    xc_kv("value.long", "%s", xc_rc(MPI_Info_set(i, "big", v)));
    xc_kv("value.null", "%s", xc_rc(MPI_Info_set(i, "x", NULL)));
    rc = MPI_Info_set(i, "empty", "");
    MPI_Info_get_valuelen(i, "empty", &len, &flag);
    xc_kv("value.empty", "%s flag=%d len=%d", xc_rc(rc), flag, len);
    MPI_Info_delete(i, "big");
    MPI_Info_delete(i, "empty");
    xc_kv("delete.missing", "%s", xc_rc(MPI_Info_delete(i, "nokey")));

#if XC_MPI4
    /* reading "replaced" (8 characters) into buffers of 0 to 10 bytes */
    for (int b = 0; b <= 10; b++)
        get_string("get_string.buf", i, "a", b);
    get_string("get_string.missing", i, "nokey", 4);
    len = -1;
    xc_kv("get_string.negative", "%s", xc_rc(MPI_Info_get_string(i, "a", &len, v, &flag)));
    xc_kv("get_string.null_buflen", "%s", xc_rc(MPI_Info_get_string(i, "a", NULL, v, &flag)));
    len = 4;
    xc_kv("get_string.null_value", "%s", xc_rc(MPI_Info_get_string(i, "a", &len, NULL, &flag)));
    len = 4;
    xc_kv("get_string.null_flag", "%s", xc_rc(MPI_Info_get_string(i, "a", &len, v, NULL)));
#endif
    memset(v, '#', 16);
    rc = MPI_Info_get(i, "a", 20, v, &flag);
    xc_kv("get.whole", "%s flag=%d '%s'", xc_rc(rc), flag, v);
    memset(v, '#', 16);
    v[15] = '\0';
    rc = MPI_Info_get(i, "a", 3, v, &flag);
    xc_kv("get.truncated", "%s flag=%d '%s'", xc_rc(rc), flag, v);
    memset(v, '#', 16);
    flag = -7;
    rc = MPI_Info_get(i, "nokey", 20, v, &flag);
    v[4] = '\0';
    xc_kv("get.missing", "%s flag=%d '%s'", xc_rc(rc), flag, v);
    xc_kv("get.negative", "%s", xc_rc(MPI_Info_get(i, "a", -1, v, &flag)));
    xc_kv("get.null_value", "%s", xc_rc(MPI_Info_get(i, "a", 3, NULL, &flag)));
    len = -7;
    rc = MPI_Info_get_valuelen(i, "a", &len, &flag);
    xc_kv("valuelen", "%s flag=%d len=%d", xc_rc(rc), flag, len);
    len = -7;
    rc = MPI_Info_get_valuelen(i, "nokey", &len, &flag);
    xc_kv("valuelen.missing", "%s flag=%d len=%d", xc_rc(rc), flag, len);
    xc_kv("valuelen.null", "%s", xc_rc(MPI_Info_get_valuelen(i, "a", NULL, &flag)));

    /* dup: the same pairs in the same order, then apart */
    rc = MPI_Info_dup(i, &d);
    xc_kv("dup", "%s [%s]", xc_rc(rc), keys(d));
    MPI_Info_set(d, "only_in_dup", "1");
    MPI_Info_delete(d, "a");
    xc_kv("dup.apart", "[%s] [%s]", keys(i), keys(d));
    xc_kv("dup.null", "%s", xc_rc(MPI_Info_dup(i, NULL)));
    /* (a freed handle crashes MPICH 4.0.2: check_info tests those) */
    rc = MPI_Info_free(&d);
    xc_kv("free", "%s null=%d", xc_rc(rc), d == MPI_INFO_NULL);
    d = MPI_INFO_NULL;
    xc_kv("free.info_null", "%s", xc_rc(MPI_Info_free(&d)));
    xc_kv("free.null", "%s", xc_rc(MPI_Info_free(NULL)));
    xc_kv("create.null", "%s", xc_rc(MPI_Info_create(NULL)));
    xc_kv("nkeys.info_null", "%s", xc_rc(MPI_Info_get_nkeys(MPI_INFO_NULL, &n)));
#if XC_ROBUST
    xc_kv("nkeys.not_info", "%s", xc_rc(MPI_Info_get_nkeys((MPI_Info)0x12345678, &n)));
    xc_kv("set.not_info", "%s", xc_rc(MPI_Info_set((MPI_Info)0x12345678, "a", "b")));
#endif
    MPI_Info_free(&i);
}

/* Whether the value of key in MPI_INFO_ENV, when it is there, is truth. */
static void env_key(const char *key, const char *truth)
{
    char v[MPI_MAX_INFO_VAL + 1], k[64];
    int len = sizeof v, flag = -7, rc;

    rc = info_read(MPI_INFO_ENV, key, v, len, &flag);
    xc_kv(xc_key(k, "env.has.", "%s", key), "%s %d", xc_rc(rc), flag);
    xc_kv(xc_key(k, "env.true.", "%s", key), "%d", !flag || !truth || strcmp(v, truth) == 0);
}

static void info_env(const char *argv0)
{
    char host[MPI_MAX_PROCESSOR_NAME], cwd[4096];
    struct utsname u;
    MPI_Info d, e = MPI_INFO_ENV;
    int n = -7, n_env = -7, rc, len;

    (void)e; /* (freed only where MPI_Info_free refuses it) */

    MPI_Get_processor_name(host, &len);
    if (!getcwd(cwd, sizeof cwd))
        cwd[0] = '\0';
    uname(&u);
    MPI_Info_get_nkeys(MPI_INFO_ENV, &n_env);
    xc_kv("env.nkeys", "%d", n_env);
    env_key("command", argv0);
    env_key("argv", NULL); /* this program gets no arguments */
    env_key("maxprocs", "1");
    env_key("soft", NULL);
    env_key("host", host);
    env_key("arch", u.machine);
    env_key("wdir", cwd);
    env_key("file", NULL);
    env_key("thread_level", NULL);
    rc = MPI_Info_dup(MPI_INFO_ENV, &d);
    MPI_Info_get_nkeys(d, &n);
    xc_kv("env.dup", "%s same_nkeys=%d", xc_rc(rc), n == n_env);
    MPI_Info_free(&d);
    xc_kv("env.set", "%s", xc_rc(MPI_Info_set(MPI_INFO_ENV, "x", "y")));
    xc_kv("env.delete", "%s", xc_rc(MPI_Info_delete(MPI_INFO_ENV, "maxprocs")));
#if XC_ROBUST
    xc_kv("env.free", "%s", xc_rc(MPI_Info_free(&e)));
#endif
#if XC_MPI4
    rc = MPI_Info_create_env(0, NULL, &d);
    MPI_Info_get_nkeys(d, &n);
    xc_kv("env.create_env.nkeys", "%s %d", xc_rc(rc), n);
    MPI_Info_free(&d);
    xc_kv("env.create_env.null", "%s", xc_rc(MPI_Info_create_env(0, NULL, NULL)));
#endif
}

/* The four assertions MPI defines, as MPI_Comm_get_info reports them. */
static void hints(const char *p, MPI_Comm comm)
{
    static const char *const a[] = {"mpi_assert_no_any_tag", "mpi_assert_no_any_source",
                                    "mpi_assert_exact_length", "mpi_assert_allow_overtaking"};
    char v[64], k[64];
    MPI_Info info;
    int rc = MPI_Comm_get_info(comm, &info), flag;

    buf[0] = '\0';
    for (int i = 0; rc == MPI_SUCCESS && i < 4; i++) {
        flag = 0;
        info_read(info, a[i], v, sizeof v, &flag);
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", i ? "," : "", flag ? v : "-");
    }
    xc_kv(p, "%s %s", xc_rc(rc), buf);
    flag = 0;
    if (rc == MPI_SUCCESS)
        info_read(info, "my_hint", v, sizeof v, &flag);
    xc_kv(xc_key(k, p, ".kept"), "%d", flag);
    MPI_Info_free(&info);
}

static void comm_hints(void)
{
    MPI_Comm d, s;
    MPI_Info i;
    MPI_Request r;
    void *mem;

    hints("hints.world", MPI_COMM_WORLD);
    hints("hints.self", MPI_COMM_SELF);
    MPI_Info_create(&i);
    MPI_Info_set(i, "mpi_assert_no_any_tag", "true");
    MPI_Info_set(i, "mpi_assert_allow_overtaking", "yes"); /* not a boolean: ignored */
    MPI_Info_set(i, "my_hint", "42");
    xc_kv("set_info", "%s", xc_rc(MPI_Comm_set_info(MPI_COMM_WORLD, i)));
    hints("hints.world.set", MPI_COMM_WORLD);
    MPI_Info_free(&i);
    MPI_Info_create(&i);
    MPI_Info_set(i, "mpi_assert_no_any_source", "true");
    MPI_Comm_set_info(MPI_COMM_WORLD, i);
    hints("hints.world.set_again", MPI_COMM_WORLD);
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    hints("hints.dup", d);
    MPI_Comm_free(&d);
    MPI_Comm_idup(MPI_COMM_WORLD, &d, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    hints("hints.idup", d);
    MPI_Comm_free(&d);
    xc_kv("dup_with_info", "%s", xc_rc(MPI_Comm_dup_with_info(MPI_COMM_WORLD, i, &d)));
    hints("hints.dup_with_info", d);
    MPI_Comm_free(&d);
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &d);
    hints("hints.dup_with_info_null", d);
    MPI_Comm_free(&d);
    MPI_Comm_split(MPI_COMM_WORLD, 0, 0, &s);
    hints("hints.split", s);
    MPI_Comm_free(&s);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, i, &s);
    hints("hints.split_type", s);
    MPI_Comm_free(&s);
    xc_kv("set_info.info_null", "%s", xc_rc(MPI_Comm_set_info(MPI_COMM_WORLD, MPI_INFO_NULL)));
#if XC_ROBUST
    xc_kv("set_info.not_info", "%s",
          xc_rc(MPI_Comm_set_info(MPI_COMM_WORLD, (MPI_Info)0x12345678)));
#endif
    xc_kv("set_info.comm_null", "%s", xc_rc(MPI_Comm_set_info(MPI_COMM_NULL, i)));
    xc_kv("get_info.null", "%s", xc_rc(MPI_Comm_get_info(MPI_COMM_WORLD, NULL)));
    xc_kv("get_info.comm_null", "%s", xc_rc(MPI_Comm_get_info(MPI_COMM_NULL, &i)));
    /* an info argument is MPI_INFO_NULL or an info object */
#if XC_ROBUST
    xc_kv("dup_with_info.not_info", "%s",
          xc_rc(MPI_Comm_dup_with_info(MPI_COMM_WORLD, (MPI_Info)0x12345678, &d)));
    xc_kv("split_type.not_info", "%s",
          xc_rc(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, (MPI_Info)0x12345678,
                                    &s)));
    xc_kv("alloc_mem.not_info", "%s", xc_rc(MPI_Alloc_mem(8, (MPI_Info)0x12345678, &mem)));
#endif
    xc_kv("alloc_mem.info", "%s", xc_rc(MPI_Alloc_mem(8, i, &mem)));
    MPI_Free_mem(mem);
    MPI_Info_free(&i);
}

int main(int argc, char **argv)
{
#if XC_MPI4
    MPI_Info early, late;
    char v[8] = "";
    int rc, len = sizeof v, flag = -7, xc_finalize_rc;

    /* MPI-4.1 section 11.4.1: the info functions work before MPI_Init
     * (MPI-3.1 allowed no call before it) */
    rc = MPI_Info_create(&early);
    xc_kv("before_init.create", "%s", xc_rc(rc));
    xc_kv("before_init.set", "%s", xc_rc(MPI_Info_set(early, "k", "v")));
    xc_init(&argc, &argv);
    rc = MPI_Info_get_string(early, "k", &len, v, &flag);
    xc_kv("before_init.kept", "%s flag=%d '%s'", xc_rc(rc), flag, v);
#else
    int xc_finalize_rc;

    xc_init(&argc, &argv);
#endif
    info_objects();
    info_env(argv[0]);
    comm_hints();
    xc_finalize_rc = xc_finalize();
#if XC_MPI4
    /* and after MPI_Finalize */
    xc_kv("after_finalize.free", "%s", xc_rc(MPI_Info_free(&early)));
    xc_kv("after_finalize.create", "%s", xc_rc(MPI_Info_create(&late)));
    xc_kv("after_finalize.set", "%s", xc_rc(MPI_Info_set(late, "k", "w")));
    len = sizeof v;
    rc = MPI_Info_get_string(late, "k", &len, v, &flag);
    xc_kv("after_finalize.get_string", "%s flag=%d '%s'", xc_rc(rc), flag, v);
    MPI_Info_free(&late);
#endif
    return xc_finalize_rc;
}
