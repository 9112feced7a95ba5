/// Collects the events ``TraceReader`` decodes, in file order, with the lines needed to name repeats in warnings:
/// repeated factory, container and resolution ids, a second `end`, and loops of parents.
///
/// ```swift
/// var builder = TraceBuilder()
/// builder.add(event, line: 7)
/// ```
struct TraceBuilder {
    /// When set, resolutions are folded into it instead of kept (see ``TraceReader/analyze(path:options:windowCapacity:)``).
    var window: ResolutionWindow?
    var factories: [FactoryRecord] = []
    var containers: [ContainerRecord] = []
    var containerEnds: [Int: UInt64] = [:]
    var registrations: [RegistrationRecord] = []
    var resolutions: [ResolutionRecord] = []
    /// The line of each resolution, in the same order.
    var resolutionLines: [Int32] = []
    var issues: [IssueRecord] = []
    var endTime: UInt64?
    var endLine = 0
    var secondEnd: (line: Int, firstLine: Int)?
    var factoryLines: [Int: Int] = [:]
    var containerLines: [Int: Int] = [:]
    /// Repeated factory and container declarations: (kind, id, line, first line).
    var repeats: [(kind: String, id: Int, line: Int, firstLine: Int)] = []

    mutating func add(_ event: TraceEvent, line: Int) {
        switch event {
        case .factory(let factory):
            if let first = factoryLines[factory.id] {
                repeats.append(("factory", factory.id, line, first))
            } else {
                factoryLines[factory.id] = line
            }
            factories.append(factory)
            window?.declare(factory)
        case .container(let container):
            if let first = containerLines[container.id] {
                repeats.append(("container", container.id, line, first))
            } else {
                containerLines[container.id] = line
            }
            containers.append(container)
        case .containerEnded(let id, let time): containerEnds[id] = time
        case .registration(let registration): registrations.append(registration)
        case .resolution(let resolution): add(resolution, line: line)
        case .issue(let issue): issues.append(issue)
        case .end(let time):
            if endTime == nil {
                endTime = time
                endLine = line
            } else if secondEnd == nil {
                secondEnd = (line, endLine)
            }
        case .unknown: break
        }
    }

    mutating func add(_ resolution: ResolutionRecord, line: Int) {
        if window != nil {
            window!.add(resolution, line: line)
        } else {
            resolutions.append(resolution)
            resolutionLines.append(Int32(clamping: line))
        }
    }

    func build(header: TraceHeader) -> Trace {
        Trace(
            header: header, factories: factories, containers: containers, containerEnds: containerEnds,
            registrations: registrations, resolutions: resolutions, issues: issues, endTime: endTime)
    }

    /// One warning per kind of repeat (the first, with how many more), a second `end`, and parent loops: of the
    /// resolutions kept (`links`), or of those folded by ``window``.
    func warnings(path: String, links: ResolutionLinks?) -> [TraceWarning] {
        var warnings: [TraceWarning] = []
        for kind in ["factory", "container"] {
            let ofKind = repeats.filter { $0.kind == kind }
            if let first = ofKind.first {
                warnings.append(
                    .duplicateID(
                        path: path, kind: kind, id: first.id, line: first.line, firstLine: first.firstLine,
                        more: ofKind.count - 1))
            }
        }
        if let links, let first = links.duplicates.first {
            warnings.append(
                .duplicateID(
                    path: path, kind: "resolution", id: resolutions[Int(first.repeated)].id,
                    line: Int(resolutionLines[Int(first.repeated)]), firstLine: Int(resolutionLines[Int(first.first)]),
                    more: links.duplicates.count - 1))
        }
        if let window, let first = window.firstDuplicate {
            warnings.append(
                .duplicateID(
                    path: path, kind: "resolution", id: first.id, line: first.line, firstLine: first.firstLine,
                    more: window.moreDuplicates))
        }
        if let secondEnd {
            warnings.append(.secondEnd(path: path, line: secondEnd.line, firstLine: secondEnd.firstLine))
        }
        if let links, let cut = links.cycleCuts.first {
            warnings.append(
                .parentCycle(
                    path: path, line: Int(resolutionLines[Int(cut)]), resolution: resolutions[Int(cut)].id,
                    more: links.cycleCuts.count - 1))
        }
        if let window, let cut = window.firstCycle {
            warnings.append(.parentCycle(path: path, line: cut.line, resolution: cut.id, more: window.moreCycles))
        }
        return warnings
    }
}
