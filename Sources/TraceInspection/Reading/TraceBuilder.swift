/// Collects the events ``TraceReader`` decodes, in file order, with the lines needed to name repeats in warnings:
/// repeated factory, container and resolution ids, a second `end`, and loops of parents.
///
/// ```swift
/// var builder = TraceBuilder()
/// builder.add(event, line: 7)
/// ```
struct TraceBuilder {
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
        case .container(let container):
            if let first = containerLines[container.id] {
                repeats.append(("container", container.id, line, first))
            } else {
                containerLines[container.id] = line
            }
            containers.append(container)
        case .containerEnded(let id, let time): containerEnds[id] = time
        case .registration(let registration): registrations.append(registration)
        case .resolution(let resolution):
            resolutions.append(resolution)
            resolutionLines.append(Int32(clamping: line))
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

    func build(header: TraceHeader) -> Trace {
        Trace(
            header: header, factories: factories, containers: containers, containerEnds: containerEnds,
            registrations: registrations, resolutions: resolutions, issues: issues, endTime: endTime)
    }

    /// One warning per kind of repeat (the first, with how many more), a second `end`, and parent loops.
    func warnings(path: String, links: ResolutionLinks) -> [TraceWarning] {
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
        if let first = links.duplicates.first {
            warnings.append(
                .duplicateID(
                    path: path, kind: "resolution", id: resolutions[Int(first.repeated)].id,
                    line: Int(resolutionLines[Int(first.repeated)]), firstLine: Int(resolutionLines[Int(first.first)]),
                    more: links.duplicates.count - 1))
        }
        if let secondEnd {
            warnings.append(.secondEnd(path: path, line: secondEnd.line, firstLine: secondEnd.firstLine))
        }
        if let cut = links.cycleCuts.first {
            warnings.append(
                .parentCycle(
                    path: path, line: Int(resolutionLines[Int(cut)]), resolution: resolutions[Int(cut)].id,
                    more: links.cycleCuts.count - 1))
        }
        return warnings
    }
}
