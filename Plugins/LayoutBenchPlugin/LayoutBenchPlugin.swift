import Foundation
import PackagePlugin

/// `swift package layoutbench <subcommand> ...`: builds the package's layoutbench executable
/// (the executable product whose targets depend on `LayoutBenchCLI`, the one
/// `LayoutBench.main(scenarios:)` runs in) and runs it with the arguments, in the package's
/// folder, exiting with its status.
///
/// Plugin options, taken before the rest is passed on: `--product NAME` when the package has
/// more than one such executable, `--release` to build and run the release configuration
/// (default debug). The suite writes `Reports/` in the package folder, so SwiftPM asks for
/// `--allow-writing-to-package-directory`.
@main
struct LayoutBenchPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let productName = extractor.extractOption(named: "product").last
        let release = extractor.extractFlag(named: "release") > 0
        let passed = extractor.remainingArguments

        let suites = context.package.products.compactMap { $0 as? ExecutableProduct }.filter { product in
            product.targets.contains { target in
                target.recursiveTargetDependencies.contains { $0.name == "LayoutBenchCLI" }
            }
        }
        let product: ExecutableProduct
        if let productName {
            guard let named = suites.first(where: { $0.name == productName }) else {
                throw PluginFailure(
                    "No executable product '\(productName)' depends on LayoutBenchCLI; the package's are: \(Self.names(suites)).")
            }
            product = named
        } else {
            guard suites.count == 1, let only = suites.first else {
                throw PluginFailure(
                    suites.isEmpty
                        ? "No executable product of this package depends on LayoutBenchCLI (layoutbench init writes one)."
                        : "Several executables depend on LayoutBenchCLI (\(Self.names(suites))): choose one with --product NAME.")
            }
            product = only
        }

        let built = try packageManager.build(
            .product(product.name),
            parameters: .init(configuration: release ? .release : .debug, logging: .concise))
        guard built.succeeded else {
            throw PluginFailure("Building '\(product.name)' failed:\n\(built.logText)")
        }
        guard let executable = built.builtArtifacts.first(where: { $0.kind == .executable }) else {
            throw PluginFailure("Building '\(product.name)' produced no executable.")
        }

        let process = Process()
        process.executableURL = executable.url
        process.arguments = passed
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        // The suite's exit status is the gate's verdict (0, 2, 4, 5...): pass it on as it is.
        exit(process.terminationStatus)
    }

    static func names(_ products: [ExecutableProduct]) -> String {
        products.isEmpty ? "none" : products.map { "'\($0.name)'" }.joined(separator: ", ")
    }
}

/// Why the plugin could not run the suite (SwiftPM prints it and exits 1).
struct PluginFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
