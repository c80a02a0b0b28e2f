import XCTest

extension SmallDisk {
    /// A small disk, or a skip that says why none can be mounted here.
    public static func mountedOrSkipped(kilobytes: Int) throws -> SmallDisk {
        do {
            return try SmallDisk(kilobytes: kilobytes)
        } catch {
            throw XCTSkip("\(error)")
        }
    }
}
