import ArgumentParser
import LayoutImporter

/// `layoutbench import PATH...`: imports Interface Builder documents, lays every scene and
/// cell out at the document's device size and compares with the frames Xcode stored.
struct ImportCommand: ParsableCommand {
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

            Exit codes:
              0   every file imported with no warning
              1   every file imported, with warnings (something skipped or approximated)
              64  invalid arguments
              65  a file is malformed XML or not an Interface Builder document \
            (file:line:col on stderr; the other files are still reported)
              66  a path does not exist, a folder holds no document, or a file is unreadable
            """)

    @Argument(help: ArgumentHelp("Files or folders (searched recursively for .xib and .storyboard).", valueName: "path"))
    var paths: [String]

    @Option(help: "Output format: text or json.")
    var format: Format = .text

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

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func validate() throws {
        if let device, DeviceProfile(id: device) == nil {
            throw ValidationError("Unknown device '\(device)'; the devices are \(DeviceProfile.knownIDs.joined(separator: ", ")).")
        }
    }

    func run() throws {
        let options = ImportOptions(textSizing: textSizing, deviceID: device, landscape: landscape ? true : nil)
        let report: ImportReport
        do {
            report = try ImportReport.make(paths: paths, options: options, includingFrames: frames)
        } catch {
            CommandLineOutput.writeError("error: \(error.description)\n")
            throw ExitCode(error.code.exitStatus)
        }
        switch format {
        case .text: CommandLineOutput.writeOutput(report.text(verbose: verbose))
        case .json: CommandLineOutput.writeOutput(try report.json())
        }
        if let failure = report.failures.first {
            for failure in report.failures {
                var location = failure.path
                if let line = failure.line { location += ":\(line)" }
                if let column = failure.column { location += ":\(column)" }
                CommandLineOutput.writeError("error: \(location): \(failure.message)\n")
            }
            let codes = report.failures.compactMap { ImportError.Code(rawValue: $0.code) }
            throw ExitCode(
                codes.contains(.malformedXML) || codes.contains(.notInterfaceBuilder) ? 65 : ImportError.Code(rawValue: failure.code)?.exitStatus ?? 1
            )
        }
        if report.totals.warnings > 0 { throw ExitCode(1) }
    }
}

extension ImportOptions.TextSizing: ExpressibleByArgument {}
