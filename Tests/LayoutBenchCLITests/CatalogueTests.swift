import ArgumentParser
import Foundation
import LayoutBenchKit
import LayoutScenarios
import Testing

@testable import LayoutBenchCLI

/// `LayoutBench.main(scenarios:)`: the commands choose from the catalogue it sets (issue 14's
/// entry point), and from the built-in one otherwise.
@Suite("An app's own catalogue")
struct CatalogueTests {
    @Test("run, list, profile and record-trace choose from the catalogue the entry point sets")
    func ownCatalogue() throws {
        let mine = ScenarioCatalog.all.filter { $0.name.hasPrefix("activation/") }
        try #require(!mine.isEmpty && mine.count < ScenarioCatalog.all.count)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lb-catalogue-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayoutBench.$catalog.withValue(mine) {
            #expect(try LayoutsOption.catalog([]).map(\.name) == mine.map(\.name))
            #expect(try RecordTraceCommand.find("activation/batch", in: LayoutBench.catalog).name == "activation/batch")
            #expect(throws: LayoutBenchError.self) {
                try ScenarioProfiling.scenario(named: "cells/stack-scroll", in: LayoutBench.catalog)
            }
            // A built-in scenario the catalogue does not hold is unknown: exit 64, nothing written.
            var command = try LayoutBenchCommand.parseAsRoot([
                "run", "cells/stack-scroll", "--output", folder.path, "--no-history", "--progress", "none",
            ])
            do {
                try command.run()
                Issue.record("run chose a scenario outside the catalogue")
            } catch {
                #expect(LayoutBenchCommand.exitCode(for: error).rawValue == 64, "\(error)")
            }
        }
        #expect(LayoutBench.catalog.map(\.name) == ScenarioCatalog.all.map(\.name))
        #expect(try ScenarioProfiling.scenario(named: "cells/stack-scroll", in: LayoutBench.catalog).name == "cells/stack-scroll")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
