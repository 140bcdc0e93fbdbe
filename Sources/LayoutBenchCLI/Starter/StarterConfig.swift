import LayoutBenchKit

/// The `layoutbench.yml` that `layoutbench init --config-only` writes: it runs as written
/// (`layoutbench run` in its folder), over the folder's Interface Builder documents when it
/// holds any, else over the built-in scenarios.
enum StarterConfig {
    /// The file's text; `hasDocuments` says whether the folder holds `.xib` or `.storyboard` files.
    static func text(hasDocuments: Bool) -> String {
        let layouts =
            hasDocuments
            ? """
            layouts:
              - .
            # Which kinds of scenario to run: \(ImportedScenarios.kinds.joined(separator: ", ")).
            kinds: [\(ImportedScenarios.kinds.joined(separator: ", "))]
            """
            : """
            # No .xib or .storyboard file was found here, so this runs the built-in scenarios.
            # Name your documents (or their folders) to measure them instead:
            # layouts:
            #   - Main.storyboard
            #   - Cells/
            # kinds: [\(ImportedScenarios.kinds.joined(separator: ", "))]
            """
        return """
            # layoutbench.yml: what `layoutbench run` and `layoutbench check` measure here.
            # docs/your-layouts.md ("Without Swift: layoutbench.yml") lists every key. Paths are
            # relative to this file; an option on the command line wins over the file.

            # Interface Builder files (.xib, .storyboard) or folders to import; each layout becomes
            # scenarios named <file>/<layout>/<kind>.
            \(layouts)

            # The quick suite: small sizes, 3 to 5 timed repetitions, a 30-second budget.
            quick: true
            # sizes: [1, 2, 4]
            # tags: [scene]
            # scenarios: ["Main.storyboard/*"]
            # repetitions: 3
            # thresholds: thresholds.json
            # baselines: Reports/baselines
            # output: Reports

            """
    }
}
