#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "CLayoutBenchSystem.h"

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

static int lb_renameat2(const char *from, const char *to, unsigned int flags) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
#else
    (void)from;
    (void)to;
    (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}

int lb_rename_exchange(const char *from, const char *to) { return lb_renameat2(from, to, RENAME_EXCHANGE); }

int lb_rename_noreplace(const char *from, const char *to) { return lb_renameat2(from, to, RENAME_NOREPLACE); }

// Callgrind's client requests. The header comes with valgrind (Debian's valgrind package);
// without it the requests are stubs and `lb_callgrind_compiled_in` says so.
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define LB_HAVE_CALLGRIND 1
#endif
#endif

#ifdef LB_HAVE_CALLGRIND
int lb_callgrind_compiled_in(void) { return 1; }

int lb_running_on_valgrind(void) { return (int)RUNNING_ON_VALGRIND; }

void lb_callgrind_begin(void) {
    CALLGRIND_ZERO_STATS;
    CALLGRIND_TOGGLE_COLLECT;
}

void lb_callgrind_end(const char *label) {
    CALLGRIND_TOGGLE_COLLECT;
    CALLGRIND_DUMP_STATS_AT(label);
}
#else
int lb_callgrind_compiled_in(void) { return 0; }

int lb_running_on_valgrind(void) { return 0; }

void lb_callgrind_begin(void) {}

void lb_callgrind_end(const char *label) { (void)label; }
#endif
