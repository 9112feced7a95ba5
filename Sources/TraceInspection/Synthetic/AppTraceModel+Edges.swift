extension AppTraceModel {
    /// The modules each module imports, as real app targets do: the app imports the feature modules; every
    /// other module imports the first three modules of the next layer band, two deeper ones at random, and
    /// the last two (the core). Imports always go to a deeper band, so module chains stay as short as the
    /// layers. Factories only depend on factories of their own module or of the modules it imports.
    static func imports(moduleCount: Int, random: inout SplitMix64) -> [[Int]] {
        (0..<moduleCount).map { module in
            if module == 0 { return Array(1..<max(1, min(moduleCount, 1 + max(1, moduleCount / 3)))) }
            let base = baseLayer(module, of: moduleCount)
            let deeper = ((module + 1)..<moduleCount).filter { baseLayer($0, of: moduleCount) > base }
            var chosen = Set(deeper.prefix(3))
            if deeper.count > 3 {
                for _ in 0..<2 { chosen.insert(deeper[3 + Int(random.next() % UInt64(deeper.count - 3))]) }
            }
            for core in [moduleCount - 2, moduleCount - 1] where core > module && baseLayer(core, of: moduleCount) > base {
                chosen.insert(core)
            }
            return chosen.sorted()
        }
    }

    /// Picks `wanted` distinct edges between live factories, each into a deeper layer of the same module
    /// (40%) or of an imported one (45%), or to one of the core hubs (15%): the first factories of the
    /// deepest layer of the last module.
    mutating func chooseEdges(_ wanted: Int, imports: [[Int]], random: inout SplitMix64) {
        // Live factories of each module, shallowest layer first.
        var byModule = [[Int]](repeating: [], count: moduleNames.count)
        for id in live { byModule[factories[id - 1].module].append(id) }
        for module in byModule.indices { byModule[module].sort { factories[$0 - 1].layer < factories[$1 - 1].layer } }
        func deeper(than layer: Int, in module: Int) -> ArraySlice<Int> {
            let ids = byModule[module]
            let start = ids.firstIndex { factories[$0 - 1].layer > layer } ?? ids.endIndex
            return ids[start...]
        }
        func reachable(from id: Int) -> [Int] {
            let factory = factories[id - 1]
            return ([factory.module] + imports[factory.module]).flatMap { deeper(than: factory.layer, in: $0) }
        }
        let sources = live.filter { !reachable(from: $0).isEmpty }
        guard !sources.isEmpty else { return }
        let target = min(max(0, wanted), sources.reduce(0) { $0 + reachable(from: $1).count })
        let core = byModule.last { !$0.isEmpty } ?? []
        let deepestCore = core.last.map { factories[$0 - 1].layer } ?? 0
        let hubs = Array(core.filter { factories[$0 - 1].layer == deepestCore }.prefix(max(1, live.count / 40)))

        var chosen = Set<Int>()
        func add(_ from: Int, _ to: Int) {
            guard factories[from - 1].layer < factories[to - 1].layer,
                chosen.insert(from * (factories.count + 1) + to).inserted
            else { return }
            dependencies[from - 1].append(to)
        }
        func pick<C: Collection<Int>>(_ ids: C) -> Int? {
            ids.isEmpty ? nil : ids[ids.index(ids.startIndex, offsetBy: Int(random.next() % UInt64(ids.count)))]
        }
        var attempts = 0
        while chosen.count < target && attempts < target * 40 {
            attempts += 1
            guard let from = pick(sources) else { break }
            let factory = factories[from - 1]
            let roll = random.next() % 100
            let module = roll < 55 ? factory.module : pick(imports[factory.module]) ?? factory.module
            let candidates = roll < 15 ? hubs[...] : deeper(than: factory.layer, in: module)
            // Mostly the nearest layers: the first third of what is deeper.
            let near = random.next() % 3 == 0 ? candidates : candidates.prefix(max(1, candidates.count / 3))
            if let to = pick(near) { add(from, to) }
        }
        // Near the maximum the random picks mostly collide; fill up in order.
        outer: for from in sources where chosen.count < target {
            for to in reachable(from: from) {
                if chosen.count >= target { break outer }
                add(from, to)
            }
        }
        for index in dependencies.indices { dependencies[index].sort() }
    }
}
