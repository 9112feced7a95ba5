// InspectorKit is the whole of di-inspect: TraceInspection (reading, model, checks, text and JSON reports,
// no Graphviz) plus graph building and rendering through libgvc.
@_exported public import TraceInspection
