extension AppTraceModel {
    /// Picks `wanted` distinct edges between live factories, each into a deeper layer: 60% one layer
    /// down, 25% two to four layers down, 15% to a core hub (the deepest factories); half of the first
    /// two kinds stay in their module when it has a factory on that layer.
    mutating func chooseEdges(_ wanted: Int, random: inout SplitMix64) {
        var byLayer = [[Int]](repeating: [], count: Self.layerCount)
        for id in live { byLayer[factories[id - 1].layer].append(id) }
        let deepest = byLayer.lastIndex { !$0.isEmpty } ?? 0
        let sources = live.filter { factories[$0 - 1].layer < deepest }
        guard !sources.isEmpty else { return }
        let possible = sources.reduce(0) { total, id in
            total + byLayer[(factories[id - 1].layer + 1)...].reduce(0) { $0 + $1.count }
        }
        let target = min(max(0, wanted), possible)
        let hubs = Array(byLayer[deepest].prefix(max(1, live.count / 40)))
        var chosen = Set<Int>()
        func add(_ from: Int, _ to: Int) {
            guard factories[from - 1].layer < factories[to - 1].layer,
                chosen.insert(from * (factories.count + 1) + to).inserted
            else { return }
            dependencies[from - 1].append(to)
        }
        func pick(_ ids: [Int]) -> Int { ids[Int(random.next() % UInt64(ids.count))] }

        var attempts = 0
        while chosen.count < target && attempts < target * 40 {
            attempts += 1
            let from = pick(sources)
            let layer = factories[from - 1].layer
            let roll = random.next() % 100
            if roll < 15 {
                add(from, pick(hubs))
                continue
            }
            let drop = roll < 75 ? 1 : 2 + Int(random.next() % 3)
            guard layer + drop <= deepest, let candidates = byLayer[(layer + drop)...].first(where: { !$0.isEmpty })
            else { continue }
            let sameModule = candidates.filter { factories[$0 - 1].module == factories[from - 1].module }
            add(from, random.next() % 2 == 0 && !sameModule.isEmpty ? pick(sameModule) : pick(candidates))
        }
        // Near the maximum the random picks mostly collide; fill up in order.
        outer: for from in sources where chosen.count < target {
            for layer in (factories[from - 1].layer + 1)...deepest {
                for to in byLayer[layer] {
                    if chosen.count >= target { break outer }
                    add(from, to)
                }
            }
        }
        for index in dependencies.indices { dependencies[index].sort() }
    }
}
