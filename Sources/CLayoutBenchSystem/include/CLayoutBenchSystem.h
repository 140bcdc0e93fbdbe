#ifndef CLAYOUTBENCHSYSTEM_H
#define CLAYOUTBENCHSYSTEM_H

/// Linux system calls that Glibc's Swift module does not export, for writing output sets
/// as a unit (LayoutBenchKit's `OutputSet`).

/// Exchanges the paths `from` and `to` atomically (`renameat2` with `RENAME_EXCHANGE`): both
/// must exist. Returns 0, or -1 with `errno` set (`EINVAL` or `ENOSYS` where the file system
/// or kernel does not support it).
int lb_rename_exchange(const char *from, const char *to);

/// Renames `from` to `to` unless `to` exists (`renameat2` with `RENAME_NOREPLACE`). Returns
/// 0, or -1 with `errno` set (`EEXIST` when `to` exists; `EINVAL` or `ENOSYS` when the flag is
/// not supported).
int lb_rename_noreplace(const char *from, const char *to);

#endif
