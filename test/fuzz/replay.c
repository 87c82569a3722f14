/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * replay.c - a main for a libFuzzer target, for builds without libFuzzer
 * (any compiler): feeds each file named on the command line, or each file
 * of the directories named, to LLVMFuzzerTestOneInput.  Without
 * arguments it replays the target's committed inputs,
 * $top_srcdir/test/fuzz/corpus/FUZZ_NAME and .../regress/FUZZ_NAME (the
 * inputs that once crashed it), and fails when the first has none.
 * A violated invariant aborts, which fails the test.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Replays one file; returns 1, or 0 when it is not a regular file. */
static int replay_file(const char *path)
{
    struct stat st;
    unsigned char *buf;
    FILE *f;
    size_t n;

    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        exit(99);
    }
    buf = malloc((size_t)st.st_size + 1);
    if (buf == NULL)
        exit(99);
    n = fread(buf, 1, (size_t)st.st_size, f);
    fclose(f);
    if (n != (size_t)st.st_size) {
        fprintf(stderr, "%s: short read\n", path);
        exit(99);
    }
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 1;
}

/* Replays a file, or the files of a directory (names starting with a dot
 * skipped); returns how many, -1 when the path does not exist. */
static long replay_path(const char *path)
{
    struct dirent **names;
    long done = 0;
    int n;

    n = scandir(path, &names, NULL, alphasort);
    if (n < 0)
        return replay_file(path) ? 1 : -1;
    for (int i = 0; i < n; i++) {
        size_t len = strlen(path) + strlen(names[i]->d_name) + 2;
        char *full = malloc(len);

        if (full == NULL)
            exit(99);
        snprintf(full, len, "%s/%s", path, names[i]->d_name);
        if (names[i]->d_name[0] != '.')
            done += replay_file(full);
        free(full);
        free(names[i]);
    }
    free(names);
    return done;
}

int main(int argc, char **argv)
{
    const char *top = getenv("top_srcdir");
    char corpus[4096], regress[4096];
    long n, total = 0;

    if (argc > 1) {
        for (int i = 1; i < argc; i++) {
            n = replay_path(argv[i]);
            if (n < 0) {
                fprintf(stderr, "%s: no such file or directory\n", argv[i]);
                return 1;
            }
            total += n;
        }
        printf("%s: %ld inputs replayed\n", FUZZ_NAME, total);
        return 0;
    }
    if (top == NULL)
        top = ".";
    snprintf(corpus, sizeof corpus, "%s/test/fuzz/corpus/%s", top, FUZZ_NAME);
    snprintf(regress, sizeof regress, "%s/test/fuzz/regress/%s", top, FUZZ_NAME);
    n = replay_path(corpus);
    if (n <= 0) {
        fprintf(stderr, "%s: no inputs in %s\n", FUZZ_NAME, corpus);
        return 1;
    }
    total = replay_path(regress);
    printf("%s: %ld corpus inputs and %ld regression inputs replayed\n", FUZZ_NAME, n,
           total < 0 ? 0 : total);
    return 0;
}
