import ArgumentParser
import LayoutBenchKit
import LayoutImporter

/// `layoutbench import PATH...`: imports Interface Builder documents, lays every scene and
/// cell out at the document's device size and compares with the frames Xcode stored.
struct ImportCommand: LayoutBenchSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import .xib and .storyboard files, lay them out and compare with Xcode's frames.",
        discussion: """
            Each file's scenes (view controllers' root views), top-level views and table or \
            collection cells become layouts; each is laid out at the document's device size \
            (the root's design frame) and every view's frame is compared with the one Xcode \
            stored (within 1 pt). Anything not understood is a warning naming file and line. \
            docs/importer.md describes what is modelled.

            --format json prints {"schema": "layoutbench.import", "schemaVersion": 1, \
            "files": [{"path", "constraints", "framesCompared", "framesWithin1pt", \
            "unsatisfiable", "ambiguousViews", "warnings", "layouts": [...], ...}], \
            "failures": [...], "totals": {...}}.

            \(exitTable.text)
            """)

    /// The exit codes of `import`.
    static let exitTable = ExitTable([
        .success: "every file imported with no warning",
        .failed: "every file imported, with warnings (something skipped or approximated)",
        .usage: "invalid arguments",
        .badInput: "a file is malformed XML or not an Interface Builder document (file:line:col on stderr; the other files are still reported)",
        .noInput: "a path does not exist, a folder holds no document, or a file is unreadable",
    ])

    @Argument(help: ArgumentHelp("Files or folders (searched recursively for .xib and .storyboard).", valueName: "path"))
    var paths: [String]

    @OptionGroup var output: TextOrJSONOption

    @Option(help: ArgumentHelp("Lay out for this IB device id (retina4_7, ipad12_9, ...) instead of the document's.", valueName: "id"))
    var device: String?

    @Flag(help: "Lay out in landscape.")
    var landscape = false

    @Option(name: .customLong("text-sizing"), help: "How text is measured: canvas (Xcode's design frames) or font-model.")
    var textSizing: ImportOptions.TextSizing = .canvas

    @Flag(help: "Print every view's laid-out frame, per layout (text and JSON).")
    var frames = false

    @Flag(name: .shortAndLong, help: "List the views whose frames differ (text format).")
    var verbose = false

    func validate() throws {
        if let device, DeviceProfile(id: device) == nil {
            throw ValidationError("Unknown device '\(device)'; the devices are \(DeviceProfile.knownIDs.joined(separator: ", ")).")
        }
    }

    func execute() throws {
        let options = ImportOptions(textSizing: textSizing, deviceID: device, landscape: landscape ? true : nil)
        let report = try ImportReport.make(paths: paths, options: options, includingFrames: frames)
        switch output.format {
        case .text: CommandLineOutput.writeOutput(TerminalText.safe(report.text(verbose: verbose)))
        case .json: CommandLineOutput.writeOutput(try report.json())
        }
        if !report.failures.isEmpty {
            for failure in report.failures {
                CommandLineOutput.writeError("error: \(failure)\n")
            }
            // Malformed documents win over unreadable ones: the worst problem is the user's input.
            let statuses = report.failures.map { ImportError.Code(rawValue: $0.code).map { ExitStatus($0) } ?? .failed }
            throw CommandExit(statuses.contains(.badInput) ? .badInput : statuses[0])
        }
        if report.totals.warnings > 0 { throw CommandExit(.failed) }
    }
}

extension ImportOptions.TextSizing: ExpressibleByArgument {}
