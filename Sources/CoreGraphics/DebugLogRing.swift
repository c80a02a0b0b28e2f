/// The most recent `capacity` elements, oldest first, in fixed storage: appending is
/// O(1) whether or not the ring is full (the newest overwrites the oldest in place),
/// where an array trimmed with `removeFirst` moves every element it keeps.
///
/// Reading `elements` is O(1) until the ring first wraps (the storage is then already in
/// order); after that the first read following an append puts them in order once and
/// keeps the result, so repeated reads between appends (an overlay drawing a frame, a
/// test walking the trace) cost nothing more.
struct DebugLogRing<Element> {
    /// How many elements are kept; never negative.
    private(set) var capacity: Int
    /// Up to `capacity` elements; once full, `storage[head]` is the oldest.
    private var storage: [Element] = []
    private var head = 0
    /// `elements` as last put in order, or nil when an append has changed them since.
    private var ordered: [Element]? = []

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        storage.reserveCapacity(min(self.capacity, 4_096))
    }

    var count: Int { storage.count }

    /// The elements, oldest first.
    var elements: [Element] {
        mutating get {
            if head == 0 { return storage }
            if let ordered { return ordered }
            let result = Array(storage[head...] + storage[..<head])
            ordered = result
            return result
        }
    }

    /// Keeps `element`, dropping the oldest when the ring is full.
    mutating func append(_ element: Element) {
        guard capacity > 0 else { return }
        if storage.count < capacity {
            storage.append(element)
        } else {
            storage[head] = element
            head += 1
            if head == capacity { head = 0 }
        }
        ordered = nil
    }

    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        head = 0
        ordered = []
    }

    /// Keeps the most recent `newCapacity` elements, in order (O(n), once per change).
    mutating func setCapacity(_ newCapacity: Int) {
        let newCapacity = max(0, newCapacity)
        guard newCapacity != capacity else { return }
        let kept = elements.suffix(newCapacity)
        capacity = newCapacity
        storage = Array(kept)
        head = 0
        ordered = nil
    }
}
