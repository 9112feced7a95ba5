import TraceVocabulary

/// Which resolutions `di-inspect trace` prints.
///
/// All filters are optional and combine with "and".
///
/// ```swift
/// let filter = ResolutionTreeFilter(test: "placesOrder")
/// ```
public struct ResolutionTreeFilter: Sendable, Equatable {
    /// Only this container's resolutions.
    public var container: Int?
    /// Only trees that contain a resolution of a factory with this name or type (see ``FactoryMatcher``).
    public var factory: String?
    /// Only containers whose test name contains this text.
    public var test: String?

    /// Creates a filter; with no arguments, everything is printed.
    ///
    /// Mirrors `--container`, `--factory` and `--test`.
    ///
    /// ```swift
    /// ResolutionTreeFilter(container: 2)
    /// ```
    public init(container: Int? = nil, factory: String? = nil, test: String? = nil) {
        self.container = container
        self.factory = factory
        self.test = test
    }
}

/// Renders the resolution tree of a trace, for people.
///
/// Output is grouped per container (with its test name when known); each top-level resolution
/// is followed by its children, indented, with outcome, source and duration on every line. Below 32 levels
/// the indentation stops growing and each line says its depth instead (`…(depth 1,234) └─ …`). Names from the
/// trace go through ``TerminalEscaping``:
///
/// ```text
/// container 2 · test "OrderTests/placesOrder()" · AppTests/OrderTests.swift:10
///   any OrderPlacing  created · override · 1.20 ms
///   ├─ any CalendarServicing  created · production · 300 µs
///   └─ any Clock  cacheHit · production · 850 ns
/// ```
///
/// The test-integration library prints the same format for one test's events by building a
/// ``Trace`` from them and calling this function.
///
/// ```swift
/// print(renderResolutionTree(trace, filter: ResolutionTreeFilter(test: "placesOrder")))
/// ```
public func renderResolutionTree(_ trace: Trace, filter: ResolutionTreeFilter = ResolutionTreeFilter()) -> String {
    renderResolutionTree(TraceAnalysis(trace: trace), filter: filter)
}

/// Renders the resolution tree of an already analysed trace.
///
/// Same output as ``renderResolutionTree(_:filter:)-(Trace,_)``, without analysing again; `style` colours failures
/// and late resolutions on a terminal.
///
/// ```swift
/// print(renderResolutionTree(analysis))
/// ```
public func renderResolutionTree(
    _ analysis: TraceAnalysis, filter: ResolutionTreeFilter = ResolutionTreeFilter(), style: TextStyle = .plain
) -> String {
    ResolutionTreeRenderer(analysis: analysis, filter: filter, style: style).render()
}

/// The implementation of ``renderResolutionTree(_:filter:style:)``: iterative, so deep trees cannot
/// overflow the stack, with indentation bounded (``maximumDrawnDepth``) so output stays linear in the trace.
struct ResolutionTreeRenderer {
    let analysis: TraceAnalysis
    let filter: ResolutionTreeFilter
    var style = TextStyle.plain

    func render() -> String {
        let trace = analysis.trace
        let resolutions = trace.resolutions
        // Which resolutions to show when filtering by factory: matches, their ancestors and descendants.
        var visible: [Bool]?
        if let query = filter.factory {
            let matchingFactories = Set(trace.factories.filter { FactoryMatcher.matches(query, $0) }.map(\.id))
            var flags = [Bool](repeating: false, count: resolutions.count)
            for index in resolutions.indices where matchingFactories.contains(resolutions[index].factory) {
                var current = index
                var steps = 0
                while current >= 0, !flags[current] || current == index, steps <= resolutions.count {
                    flags[current] = true
                    current = Int(analysis.parentIndex[current])
                    steps += 1
                }
                var stack = Array(analysis.children(of: index))
                while let child = stack.popLast() {
                    if flags[Int(child)] { continue }
                    flags[Int(child)] = true
                    stack.append(contentsOf: analysis.children(of: Int(child)))
                }
            }
            visible = flags
        }

        var rootsByContainer: [Int: [Int32]] = [:]
        for root in analysis.rootIndices where visible?[Int(root)] ?? true {
            rootsByContainer[resolutions[Int(root)].container, default: []].append(root)
        }
        var output = ""
        for containerID in rootsByContainer.keys.sorted() {
            let container = trace.container(id: containerID)
            if let wanted = filter.container, wanted != containerID { continue }
            if let test = filter.test {
                guard let name = container?.test, name.lowercased().contains(test.lowercased()) else { continue }
            }
            if !output.isEmpty { output += "\n" }
            output += Self.heading(containerID, container) + "\n"
            for root in rootsByContainer[containerID]! {
                renderTree(root: Int(root), visible: visible, into: &output)
            }
        }
        if output.isEmpty { return "No resolutions match.\n" }
        return output
    }

    static func heading(_ id: Int, _ container: ContainerRecord?) -> String {
        guard let container else { return "container \(id)" }
        var parts = ["container \(id)"]
        if let test = container.test {
            parts.append("test \"\(TerminalEscaping.escape(test))\"")
        } else {
            parts.append(container.kind.rawValue)
        }
        parts.append("\(TerminalEscaping.escape(container.site)) in \(TerminalEscaping.escape(container.function))")
        if let parent = container.parent { parts.append("parent \(parent)") }
        return parts.joined(separator: " · ")
    }

    /// Levels drawn with tree lines. Deeper resolutions keep the indentation of this level and print their depth,
    /// so every line is short and the output grows linearly with the trace, however deep it nests.
    static let maximumDrawnDepth = 32

    private func renderTree(root: Int, visible: [Bool]?, into output: inout String) {
        // (resolution index, depth below the root, whether it is the last shown child of its parent)
        var stack: [(index: Int, depth: Int, isLast: Bool)] = [(root, 0, true)]
        // Whether the ancestor at each drawn level (1, 2, …) of the line being written was a last child.
        var lastAtLevel: [Bool] = []
        while let (index, depth, isLast) = stack.popLast() {
            var prefix = "  "
            if depth > 0 {
                let drawn = min(depth, Self.maximumDrawnDepth)
                if lastAtLevel.count > drawn - 1 { lastAtLevel.removeLast(lastAtLevel.count - (drawn - 1)) }
                for level in 0..<(drawn - 1) { prefix += lastAtLevel[level] ? "   " : "│  " }
                if depth > Self.maximumDrawnDepth { prefix += "…(depth \(Self.grouped(depth))) " }
                prefix += isLast ? "└─ " : "├─ "
                if depth <= Self.maximumDrawnDepth { lastAtLevel.append(isLast) }
            }
            output += prefix + line(for: analysis.trace.resolutions[index]) + "\n"
            let children = analysis.children(of: index).filter { visible?[Int($0)] ?? true }
            for (position, child) in children.enumerated().reversed() {
                stack.append((Int(child), depth + 1, position == children.count - 1))
            }
        }
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    private func line(for resolution: ResolutionRecord) -> String {
        let factory = analysis.trace.factory(id: resolution.factory)
        var text = "\(TerminalEscaping.escape(factory.displayName))  \(resolution.outcome.rawValue) · "
            + "\(resolution.source.rawValue) · " + Duration.format(resolution.nanoseconds)
        if resolution.outcome == .failed { text += "  " + style.error("✗ failed") }
        if let ended = analysis.trace.container(id: resolution.container)?.endTime, resolution.start > ended {
            text += "  " + style.warning("⚠ after container \(resolution.container) ended")
        }
        return text
    }
}
