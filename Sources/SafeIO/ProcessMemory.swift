/// The process's own memory, as the system sees it.
public enum ProcessMemory {
    /// Gives the heap's freed pages back to the system (glibc keeps what a large request freed, so a server that
    /// once rendered a 33 MB route would otherwise stay at its peak resident size).
    public static func giveBackFreed() {
        _ = glibcMallocTrim(0)
    }
}

/// glibc's `int malloc_trim(size_t pad)`, which `<malloc.h>` declares and the Glibc module does not export.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
