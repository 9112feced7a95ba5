/// The containers of a trace as a tree, numbered in depth-first order, so "is container A inside container B" is
/// two comparisons: B's subtree is the numbers `entry[B]...exit[B]`.
///
/// Built in linear time from the `container` events; containers that only other events name are not in it. A loop
/// of parents is entered at its smallest id, as if that container had no parent.
///
/// ```swift
/// let tree = ContainerTree(trace)
/// let inside = tree.entry[1]! <= tree.entry[2]! && tree.entry[2]! <= tree.exit[1]!   // 2 is 1 or inside it
/// ```
struct ContainerTree {
    /// Depth-first entry number of each container.
    private(set) var entry: [Int: Int] = [:]
    /// The largest entry number in each container's subtree.
    private(set) var exit: [Int: Int] = [:]
    /// Whether the container or one of its ancestors is a test container.
    private(set) var isInTest: [Int: Bool] = [:]

    init(_ trace: Trace) {
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        for container in trace.containers {
            if let parent = container.parent, parent != container.id, trace.container(id: parent) != nil {
                children[parent, default: []].append(container.id)
            } else {
                roots.append(container.id)
            }
        }
        var counter = 0
        for root in roots { visit(root, trace: trace, children: children, counter: &counter) }
        // Containers in a loop of parents, in id order (trace.containers is sorted by id).
        for container in trace.containers where entry[container.id] == nil {
            visit(container.id, trace: trace, children: children, counter: &counter)
        }
    }

    private mutating func visit(_ root: Int, trace: Trace, children: [Int: [Int]], counter: inout Int) {
        // (container, whether its children were pushed)
        var stack: [(id: Int, expanded: Bool)] = [(root, false)]
        while let (id, expanded) = stack.popLast() {
            if expanded {
                exit[id] = counter - 1
                continue
            }
            guard entry[id] == nil else { continue }
            entry[id] = counter
            counter += 1
            let container = trace.container(id: id)
            let parentInTest = container?.parent.flatMap { isInTest[$0] } ?? false
            isInTest[id] = parentInTest || container?.kind == .test
            stack.append((id, true))
            for child in (children[id] ?? []).reversed() where entry[child] == nil { stack.append((child, false)) }
        }
    }
}
