/// One decoded event line.
enum TraceEvent {
    case factory(FactoryRecord)
    case container(ContainerRecord)
    case containerEnded(id: Int, time: UInt64)
    case registration(RegistrationRecord)
    case resolution(ResolutionRecord)
    case issue(IssueRecord)
    case end(time: UInt64)
    case unknown(String)
}
