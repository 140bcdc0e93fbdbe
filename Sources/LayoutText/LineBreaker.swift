import LayoutEngine

/// Greedy line breaking, fed one shaped cluster at a time in logical order, as Core Text's
/// word wrapping (`NSLineBreakByWordWrapping`, UILabel's default) breaks: each line takes as
/// many clusters as fit in the width, and breaks at the last opportunity before the first
/// cluster that does not fit.
///
/// - Opportunities are after a space (which hangs past the width: a line's width leaves out
///   the spaces it ends with at a break) and after a hyphen or dash (which counts).
/// - A line with no opportunity before the cluster that overflows breaks before that cluster,
///   so a word wider than the line is broken between clusters (HarfBuzz's clusters, which at
///   its default cluster level keep a grapheme cluster together).
/// - A line always takes its first cluster, however wide, so every cluster is placed.
/// - The last line of a paragraph counts its spaces.
///
/// Widths are in FreeType's 26.6 fixed point (1/64 point). The breaker keeps no array: three
/// widths of the line being filled, so a paragraph of any length is broken in constant memory.
///
/// - Complexity: O(1) per cluster.
struct LineBreaker {
    /// What a cluster allows after it.
    enum ClusterKind {
        /// No break after it.
        case normal
        /// A space: a break after it, and its width hangs at a break.
        case space
        /// A hyphen or dash: a break after it; its width counts.
        case breakAfter
    }

    /// The widest line, in 26.6; `Int.max` means no limit (lines end at paragraph ends only).
    let maxWidth: Int
    /// The most lines laid out; 0 means no limit.
    let maxLines: Int

    /// Lines produced so far.
    private(set) var lineCount = 0
    /// The widest line produced so far, in 26.6.
    private(set) var widest = 0

    /// The line's width up to its last break opportunity, without the spaces before it.
    private var committed = 0
    /// The spaces after `committed`.
    private var pendingSpaces = 0
    /// The clusters after the last opportunity (the word being filled).
    private var word = 0
    /// Whether `word` holds a cluster (a cluster may be 0 wide).
    private var wordHasClusters = false
    /// Whether the line has an opportunity to break at.
    private var lineHasBreak = false
    /// Whether the line holds any cluster.
    private var lineHasClusters = false

    init(maxWidth: Int, maxLines: Int) {
        self.maxWidth = maxWidth
        self.maxLines = maxLines
    }

    /// Whether the line limit is reached: nothing more is laid out.
    @inline(__always)
    var isFull: Bool { maxLines > 0 && lineCount >= maxLines }

    /// Places the next cluster of the paragraph.
    ///
    /// - Parameters:
    ///   - advance: The cluster's advance, in 26.6.
    ///   - kind: What it allows after it.
    mutating func add(_ advance: Int, _ kind: ClusterKind) {
        guard !isFull else { return }
        if kind == .space {
            // A space never overflows the line: it hangs past the width if the line breaks here.
            commitWord()
            pendingSpaces += advance
            lineHasBreak = true
            lineHasClusters = true
            return
        }
        if lineHasClusters && committed + pendingSpaces + word + advance > maxWidth {
            if lineHasBreak {
                // Break at the last opportunity; the word being filled starts the next line.
                emit(committed)
                if isFull { return }
                committed = 0
                pendingSpaces = 0
                lineHasBreak = false
                lineHasClusters = wordHasClusters
                if wordHasClusters && word + advance > maxWidth {
                    // The word alone does not fit with this cluster either: break inside it.
                    emit(word)
                    if isFull { return }
                    word = 0
                    wordHasClusters = false
                    lineHasClusters = false
                }
            } else {
                // No opportunity on the line: break between clusters, before this one.
                emit(word)
                if isFull { return }
                word = 0
                wordHasClusters = false
                lineHasClusters = false
            }
        }
        word += advance
        wordHasClusters = true
        lineHasClusters = true
        if kind == .breakAfter {
            commitWord()
            lineHasBreak = true
        }
    }

    /// Ends the paragraph: its last line, with its spaces, is produced (an empty paragraph is
    /// one empty line), and the next cluster starts a new line.
    mutating func endParagraph() {
        guard !isFull else { return }
        emit(committed + pendingSpaces + word)
        committed = 0
        pendingSpaces = 0
        word = 0
        wordHasClusters = false
        lineHasBreak = false
        lineHasClusters = false
    }

    /// Moves the word being filled, and the spaces before it, into the committed width.
    @inline(__always)
    private mutating func commitWord() {
        guard wordHasClusters else { return }
        committed += pendingSpaces + word
        pendingSpaces = 0
        word = 0
        wordHasClusters = false
    }

    @inline(__always)
    private mutating func emit(_ width: Int) {
        lineCount += 1
        if width > widest { widest = width }
    }
}
