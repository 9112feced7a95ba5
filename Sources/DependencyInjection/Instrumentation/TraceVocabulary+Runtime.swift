internal import TraceVocabulary

// The runtime's own types in the trace's vocabulary (TraceVocabulary, which di-inspect reads with). Each mapping is
// an exhaustive switch: a case added on one side does not compile until the other side has it.

extension TraceScope {
    init(_ scope: Scope) {
        switch scope.kind {
        case .unique: self = .unique
        case .cached: self = .cached
        case .shared: self = .shared
        }
    }
}

extension TraceFactoryKind {
    init(_ kind: FactoryKind) {
        switch kind {
        case .sync: self = .sync
        case .syncThrowing: self = .syncThrowing
        case .async: self = .async
        case .asyncThrowing: self = .asyncThrowing
        }
    }
}

extension TraceContainerKind {
    init(_ kind: ContainerInfo.Kind) {
        switch kind {
        case .default: self = .default
        case .nested: self = .nested
        case .test: self = .test
        }
    }
}

extension TraceRegistrationAction {
    init(_ action: RegistrationAction) {
        switch action {
        case .push: self = .push
        case .pop: self = .pop
        case .useProduction: self = .useProduction
        case .testDefault: self = .testDefault
        }
    }
}

extension TraceOutcome {
    init(_ outcome: ResolutionOutcome) {
        switch outcome {
        case .created: self = .created
        case .cacheHit: self = .cacheHit
        case .failed: self = .failed
        }
    }
}

extension TraceSource {
    init(_ source: ResolutionSource) {
        switch source {
        case .production: self = .production
        case .override: self = .override
        case .useProduction: self = .useProduction
        case .leaked: self = .leaked
        case .none: self = .none
        }
    }
}
