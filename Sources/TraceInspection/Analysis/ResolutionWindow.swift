/// Links resolutions to their parents as they are read, keeping only the most recent ones, and hands each
/// finished family (a resolution with its children) to ``ResolutionFacts``.
///
/// A resolution is written when it ends, so its children usually come before it: they wait, by parent id, until
/// it arrives. Threads write in chunks, so a child can also come after its parent; the last ``capacity``
/// resolutions stay linkable for that. A resolution's family is finished when it leaves the window (or at the
/// end), and the factories on the way up to it, which problems name, are collected as its ancestors arrive.
/// Memory is bounded by the window, the children still waiting for their parent and the problems found; with a
/// capacity of the whole trace (``TraceAnalysis`` of a trace in memory) every link is made, as
/// ``ResolutionLinks`` makes them.
///
/// Ids used twice (the first counts) and loops of parents (cut where they close) are noted for warnings.
///
/// ```swift
/// var window = ResolutionWindow(capacity: ResolutionWindow.streamingCapacity, facts: ResolutionFacts())
/// window.add(resolution, line: 12)
/// let facts = window.finish()
/// ```
package struct ResolutionWindow: Sendable {
    /// How many recent resolutions a streaming read keeps linkable (about 12 MB).
    package static let streamingCapacity = 1 << 17

    private struct Entry {
        var record: ResolutionRecord
        var line: Int32
        /// The factory's place in the facts' folds.
        var factoryIndex: Int32
        /// The first node of the children list (in no order: families sort their children), or -1.
        var firstChild: Int32 = -1
    }

    private struct Node {
        var child: ResolutionFacts.Child
        var next: Int32
    }

    /// The factories from a resolution up towards the outermost one, innermost first, while it is collected.
    private struct PathTrack {
        var factories: [Int]
        var seen: Set<Int>
    }

    let capacity: Int
    private var ring: [Entry] = []
    private var oldest = 0
    private var slotByID = IDTable()
    private var nodes: [Node] = []
    private var freeNode: Int32 = -1
    /// Children whose parent has not arrived yet: parent id to the first node of the list.
    private var waitingChildren = IDTable()
    private var facts: ResolutionFacts
    private var nextToken = 0
    private var tracks: [Int: PathTrack] = [:]
    /// Path tokens waiting for the resolution with this id.
    private var waitingPaths: [Int: [Int]] = [:]
    private var scratch: [ResolutionFacts.Child] = []

    /// The first repeated id (id, line, first line) and how many more there were.
    package private(set) var firstDuplicate: (id: Int, line: Int, firstLine: Int)?
    package private(set) var moreDuplicates = 0
    /// The first loop of parents cut (line, resolution id) and how many more there were.
    package private(set) var firstCycle: (line: Int, id: Int)?
    package private(set) var moreCycles = 0

    /// How many resolutions and children the window holds now: never more than ``capacity`` plus the children
    /// still waiting for their parent.
    package var heldCount: Int { ring.count + nodes.count + waitingPaths.count }

    package init(capacity: Int, facts: ResolutionFacts) {
        self.capacity = max(1, capacity)
        self.facts = facts
    }

    /// Notes a factory declaration for the folds (see ``ResolutionFacts/declare(_:)``).
    mutating func declare(_ factory: FactoryRecord) { facts.declare(factory) }

    /// Adds the resolution read on `line`.
    package mutating func add(_ record: ResolutionRecord, line: Int) {
        let factoryIndex = facts.arrive(record)
        if !waitingPaths.isEmpty, waitingPaths[record.id] != nil { extendPaths(through: record) }

        if let parent = record.parent, parent != record.id {
            let child = ResolutionFacts.Child(
                factory: record.factory, factoryIndex: factoryIndex, container: record.container, start: record.start,
                nanoseconds: record.nanoseconds, outcome: record.outcome)
            if let slot = slotByID[parent] {
                if closesLoop(child: record.id, parent: parent) {
                    if firstCycle == nil { firstCycle = (line, record.id) } else { moreCycles += 1 }
                } else {
                    ring[Int(slot)].firstChild = prepending(child, to: ring[Int(slot)].firstChild)
                }
            } else {
                let node = prepending(child, to: -1)
                if let rest = waitingChildren.updateValue(node, forKey: parent) { nodes[Int(node)].next = rest }
            }
        }

        var entry = Entry(record: record, line: Int32(clamping: line), factoryIndex: factoryIndex)
        let full = ring.count == capacity
        let slot = full ? oldest : ring.count
        if let first = slotByID.updateValue(Int32(slot), forKey: record.id) {
            // A repeated id: the first keeps it, and this one is a family of its own with no children.
            slotByID.updateValue(first, forKey: record.id)
            if firstDuplicate == nil {
                firstDuplicate = (record.id, line, Int(ring[Int(first)].line))
            } else {
                moreDuplicates += 1
            }
            finishFamily(entry)
            return
        }
        if let children = waitingChildren.removeValue(forKey: record.id) { entry.firstChild = children }
        if full {
            let leaving = ring[slot]
            slotByID.removeValue(forKey: leaving.record.id)
            finishFamily(leaving)
            ring[slot] = entry
            oldest = (oldest + 1) % capacity
        } else {
            ring.append(entry)
        }
    }

    /// Finishes every family still in the window, oldest first, and returns the facts with their paths.
    package mutating func finish() -> ResolutionFacts {
        // Entries stay linkable until all are finished, so paths climb through the newer ones.
        for offset in 0..<ring.count { finishFamily(ring[(oldest + offset) % ring.count]) }
        var paths: [Int: [Int]] = [:]
        for (token, track) in tracks { paths[token] = track.factories.reversed() }
        var result = facts
        result.fillPaths(paths)
        return result
    }

    // MARK: Families

    /// A new node holding `child` in front of the list starting at `first` (-1: empty); returns the node.
    private mutating func prepending(_ child: ResolutionFacts.Child, to first: Int32) -> Int32 {
        if freeNode >= 0 {
            let node = freeNode
            freeNode = nodes[Int(node)].next
            nodes[Int(node)] = Node(child: child, next: first)
            return node
        }
        nodes.append(Node(child: child, next: first))
        return Int32(nodes.count - 1)
    }

    private mutating func finishFamily(_ entry: Entry) {
        scratch.removeAll(keepingCapacity: true)
        var node = entry.firstChild
        while node >= 0 {
            scratch.append(nodes[Int(node)].child)
            let next = nodes[Int(node)].next
            nodes[Int(node)].next = freeNode
            freeNode = node
            node = next
        }
        if scratch.count > 1 { scratch.sort { $0.start < $1.start } }
        let tokens = facts.finish(
            entry.record, factoryIndex: entry.factoryIndex, children: scratch, nextToken: &nextToken)
        for token in tokens {
            var track = PathTrack(factories: [entry.record.factory], seen: [entry.record.id])
            climb(&track, token: token, from: entry.record.parent)
            tracks[token] = track
        }
    }

    /// Whether linking `child` under `parent` would make the parents of `parent` lead back to `child`.
    private func closesLoop(child: Int, parent: Int) -> Bool {
        var id = parent
        for _ in 0...capacity {
            if id == child { return true }
            guard let slot = slotByID[id], let up = ring[Int(slot)].record.parent, up != id else { return false }
            id = up
        }
        return true
    }

    // MARK: Paths

    /// Climbs from `parent` through the resolutions in the window; stops at the top or waits for one not read yet.
    private mutating func climb(_ track: inout PathTrack, token: Int, from parent: Int?) {
        var next = parent
        while let id = next, track.seen.insert(id).inserted {
            guard let slot = slotByID[id] else {
                waitingPaths[id, default: []].append(token)
                return
            }
            let record = ring[Int(slot)].record
            track.factories.append(record.factory)
            next = record.parent
        }
    }

    private mutating func extendPaths(through record: ResolutionRecord) {
        for token in waitingPaths.removeValue(forKey: record.id) ?? [] {
            guard var track = tracks[token] else { continue }
            track.factories.append(record.factory)
            climb(&track, token: token, from: record.parent)
            tracks[token] = track
        }
    }
}
