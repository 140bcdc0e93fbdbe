import LayoutEngine
import LayoutScenarios

/// Scenarios that are not in the built-in catalogue, as an app's own suite would be.
enum LayoutScenariosFixture {
    /// A scenario named `name`: a window with one 44-point square, resized once per display
    /// frame, N frames. Cheap enough for in-process runs.
    static func tiny(_ name: String) -> Scenario {
        Scenario(
            name: name, summary: "Resize a window holding one square, once per frame.", tags: ["fixture"],
            sizes: [4, 8, 16], quickSizes: [2, 4, 8], sizeUnit: "frames", operationUnit: "frame"
        ) { size in
            let window = Window(width: 320, height: 480)
            let square = View(name: "square")
            square.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(square)
            LayoutConstraint.activate([
                square.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
                square.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -16),
                square.topAnchor.constraint(equalTo: window.topAnchor, constant: 16),
                square.heightAnchor.constraint(equalToConstant: 44),
            ])
            window.layoutIfNeeded()
            return ScenarioInstance(engines: [window.engine], operations: size) {
                for frame in 0..<size {
                    window.performFrame { window.resize(width: 320 + Double(frame % 2) * 40, height: 480) }
                }
            }
        }
    }
}
