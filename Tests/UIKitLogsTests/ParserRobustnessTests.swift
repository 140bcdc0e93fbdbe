import Foundation
import Testing

@testable import UIKitLogs

/// Damaged logs never crash the parser or the replay: either a located error, or a replay.
@Suite("Robustness")
struct ParserRobustnessTests {
    /// A small linear congruential generator: the same sequence for the same seed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// The seed: 0x5EED2026, or `LAYOUTBENCH_FUZZ_SEED` (hexadecimal) to explore others.
    static let seed: UInt64 =
        ProcessInfo.processInfo.environment["LAYOUTBENCH_FUZZ_SEED"].flatMap { UInt64($0, radix: 16) }
        ?? 0x5EED_2026

    @Test("Random edits of the fixtures (seed 0x5EED2026 unless LAYOUTBENCH_FUZZ_SEED): a located error or a replay, never a crash")
    func randomEdits() throws {
        var generator = Generator(state: Self.seed)
        let alphabet = Array("<>()[]'\",.:|-=@&*+0123456789abcdefxHV \n\tNSLayoutConstraint")
        var errors = 0
        var replays = 0
        for name in ["modern-cell.log", "legacy-ios8.log", "pasted-markdown.md", "third-party.log", "appkit-and-private.log"] {
            let original = Array(try Fixture.text(name))
            for _ in 0..<40 {
                var text = original
                for _ in 0..<(1 + generator.next(6)) {
                    let position = generator.next(text.count)
                    switch generator.next(3) {
                    case 0: text.remove(at: position)
                    case 1: text.insert(alphabet[generator.next(alphabet.count)], at: position)
                    default: text[position] = alphabet[generator.next(alphabet.count)]
                    }
                }
                do {
                    for conflict in try UIKitLogParser().parse(String(text)) where !conflict.constraints.isEmpty {
                        _ = ConflictExplanation(ConflictReplay(conflict).run())
                        replays += 1
                    }
                } catch {
                    errors += 1
                    #expect(error.line >= 1 && error.column >= 1, "seed \(Self.seed): \(error)")
                }
            }
        }
        #expect(errors + replays >= 200)
    }
}
