public import SwiftDiagnostics

/// Every error the injection macros report, each with a stable id in the `DependencyInjectionMacros` domain.
///
/// The ids (``id``) are part of the public contract: tools and docs refer to them, so never rename one.
public enum InjectionDiagnostic: DiagnosticMessage, Equatable {
    /// The attribute is on something other than a `var` (a function, a type, …). Id `notAProperty`.
    case notAProperty(InjectionStyle)
    /// The attribute has no factory argument, or more than one. Id `invalidFactoryArgument`.
    case invalidFactoryArgument(InjectionStyle)
    /// The property is a `let`; the macro generates a getter, which needs a `var`. Id `letProperty`.
    case letProperty(InjectionStyle)
    /// One declaration binds several names (`var a: A, b: B`). Id `multipleBindings`.
    case multipleBindings(InjectionStyle)
    /// The property has no `: Type`. Id `missingTypeAnnotation`.
    case missingTypeAnnotation(InjectionStyle, FactoryKind)
    /// The property has an `= value`; the factory provides the value. Id `initialValue`.
    case initialValue(InjectionStyle)
    /// The property already has accessors (computed, or `willSet`/`didSet`). Id `computedProperty`.
    case computedProperty(InjectionStyle)
    /// The declared type does not match the factory kind (e.g. a throwing factory with a plain `T`).
    /// Id `wrappedTypeMismatch`.
    case wrappedTypeMismatch(InjectionStyle, FactoryKind, declared: String)
    /// The declared type is opaque (`some P`); the factory's type must be spelled. Id `opaqueType`.
    case opaqueType(InjectionStyle)
    /// An instance property where stored properties are not allowed (extension, enum, protocol).
    /// Id `storedPropertyNotAllowed`.
    case storedPropertyNotAllowed(InjectionStyle, container: String)
    /// A `static` property in a generic type, which cannot have static stored properties.
    /// Id `staticInGenericType`.
    case staticInGenericType(InjectionStyle)

    /// The stable identifier of this diagnostic, without its domain.
    public var id: String {
        switch self {
        case .notAProperty: "notAProperty"
        case .invalidFactoryArgument: "invalidFactoryArgument"
        case .letProperty: "letProperty"
        case .multipleBindings: "multipleBindings"
        case .missingTypeAnnotation: "missingTypeAnnotation"
        case .initialValue: "initialValue"
        case .computedProperty: "computedProperty"
        case .wrappedTypeMismatch: "wrappedTypeMismatch"
        case .opaqueType: "opaqueType"
        case .storedPropertyNotAllowed: "storedPropertyNotAllowed"
        case .staticInGenericType: "staticInGenericType"
        }
    }

    /// The domain all injection macro diagnostics share.
    public static let domain = "DependencyInjectionMacros"

    public var diagnosticID: MessageID { MessageID(domain: Self.domain, id: id) }

    public var severity: DiagnosticSeverity { .error }

    public var message: String {
        "'@\(style.macroName)' " + problem
    }

    private var style: InjectionStyle {
        switch self {
        case .notAProperty(let style), .invalidFactoryArgument(let style), .letProperty(let style),
             .multipleBindings(let style), .missingTypeAnnotation(let style, _), .initialValue(let style),
             .computedProperty(let style), .wrappedTypeMismatch(let style, _, _), .opaqueType(let style),
             .storedPropertyNotAllowed(let style, _), .staticInGenericType(let style):
            style
        }
    }

    /// The message after the macro's name.
    private var problem: String {
        switch self {
        case .notAProperty:
            "can only be applied to a 'var' property"
        case .invalidFactoryArgument(let style):
            "takes exactly one unlabeled factory argument, as in '@\(style.macroName)(Container.logger)'"
        case .letProperty:
            "requires a 'var'; the macro turns the property into a getter"
        case .multipleBindings:
            "can only be applied to a declaration with a single property; declare each property separately"
        case .missingTypeAnnotation(_, let kind):
            "requires an explicit type annotation; with \(kind.displayName) write '\(kind.expectedWrappedType)'"
        case .initialValue:
            "property cannot have an initial value; the factory provides it"
        case .computedProperty:
            "cannot be applied to a property with accessors; the macro generates the getter"
        case .wrappedTypeMismatch(_, let kind, let declared):
            "with \(kind.displayName) needs a property of type '\(kind.expectedWrappedType)', not '\(declared)'"
        case .opaqueType:
            "cannot infer an opaque 'some' type; spell the dependency type (for a protocol, 'any P')"
        case .storedPropertyNotAllowed(_, let container):
            "needs stored storage, which \(container) cannot have; make the property 'static'"
        case .staticInGenericType:
            "cannot be applied to a 'static' property of a generic type, which cannot have static stored properties"
        }
    }
}

/// The Fix-Its the injection macros offer, each with a stable id.
public enum InjectionFixIt: FixItMessage, Equatable {
    /// Replace `let` with `var`. Id `useVar`.
    case useVar
    /// Change the declared type to the one the factory kind needs. Id `useExpectedType`.
    case useExpectedType(String)
    /// Delete `= value`. Id `removeInitialValue`.
    case removeInitialValue
    /// Delete the accessor block. Id `removeAccessors`.
    case removeAccessors
    /// Replace `some` with `any`. Id `useAny`.
    case useAny
    /// Add `static`. Id `makeStatic`.
    case makeStatic

    /// The stable identifier of this Fix-It, without its domain.
    public var id: String {
        switch self {
        case .useVar: "useVar"
        case .useExpectedType: "useExpectedType"
        case .removeInitialValue: "removeInitialValue"
        case .removeAccessors: "removeAccessors"
        case .useAny: "useAny"
        case .makeStatic: "makeStatic"
        }
    }

    public var fixItID: MessageID { MessageID(domain: InjectionDiagnostic.domain, id: id) }

    public var message: String {
        switch self {
        case .useVar: "Replace 'let' with 'var'"
        case .useExpectedType(let type): "Change the type to '\(type)'"
        case .removeInitialValue: "Remove the initial value"
        case .removeAccessors: "Remove the accessors"
        case .useAny: "Replace 'some' with 'any'"
        case .makeStatic: "Make the property 'static'"
        }
    }
}
