import Foundation

/// The most recent values of a measurement, oldest first, in storage allocated once:
/// the performance overlay records one per frame without allocating.
struct RecentValues {
    let capacity: Int
    private var storage: [Double]
    private var next = 0
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        storage = [Double](repeating: 0, count: capacity)
    }

    mutating func append(_ value: Double) {
        storage[next] = value
        next = (next + 1) % capacity
        count = min(count + 1, capacity)
    }

    /// The value `offset` places after the oldest kept.
    subscript(offset: Int) -> Double {
        storage[(next - count + offset + capacity) % capacity]
    }

    var last: Double? {
        count == 0 ? nil : self[count - 1]
    }

    /// The largest kept value, or nil.
    var maximum: Double? {
        count == 0 ? nil : (0..<count).reduce(-Double.infinity) { max($0, self[$1]) }
    }

    /// The nearest-rank percentile (0…1) of the kept values, or nil.
    func percentile(_ fraction: Double) -> Double? {
        guard count > 0 else { return nil }
        let sorted = (0..<count).map { self[$0] }.sorted()
        let rank = Int((fraction * Double(count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), count - 1)]
    }
}
