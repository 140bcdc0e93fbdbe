import Foundation

/// Writing text to a file descriptor (standard output or error) without trapping: Foundation's
/// `FileHandle.write(_:)` traps when the descriptor is closed or the disk is full.
public enum StandardStreams {
    /// Writes every byte of `text` to `descriptor`, retrying after a signal; the system's reason
    /// when it cannot (`nil` when all was written).
    public static func writeAll(_ text: String, to descriptor: Int32) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
    }
}
