// Conformances are as visible as the types, so the import must be public.
public import ArgumentParser
public import InspectorKit

extension CheckReport.Format: ExpressibleByArgument {}
extension GraphOptions.Format: ExpressibleByArgument {}
extension GraphOptions.Layout: ExpressibleByArgument {}
extension GraphOptions.Clustering: ExpressibleByArgument {}
extension DiffReport.Format: ExpressibleByArgument {}
extension HTMLReport.Options.View: ExpressibleByArgument {}
extension GraphOptions.Collapse: ExpressibleByArgument {}
