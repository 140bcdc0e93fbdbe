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
