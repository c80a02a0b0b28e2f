import UIKit

/// Collapses a backlog of moves in one batch so that dispatch cost follows the number of
/// fingers, not the number of samples the server queued.
///
/// A touchscreen that reports faster than frames can be drawn (or a client that fell
/// behind) leaves many `moved` samples per finger in one read of the X connection.
/// Dispatched as they are, a batch in which a touch id repeats splits into one
/// `sendEvent` per repetition, so the backlog costs as many events as samples and the
/// delay grows while the flood lasts. Only the newest position matters to what is drawn
/// next, so the backlog is collapsed before dispatch; the rest of it is kept inside the
/// survivor for the code that wants every sample (`UIEvent.coalescedTouches(for:)`).
///
/// Contract, for one batch:
/// - A run of `moved` samples of one touch, with no other phase of that touch between
///   them (other touches' samples may be interleaved), becomes its last sample: its
///   sub-pixel location and its timestamp, the newest of the run. It takes the place of
///   that last sample, so the batch's timestamps keep their order.
/// - The survivor's `coalescedSamples` are the run's earlier samples, oldest first, each
///   as it was read (location, time, force, contact size); nothing the server reported
///   is lost. A sample that already stood for earlier ones brings them along, flattened.
/// - `began`, `ended` and `cancelled` samples are never dropped, changed or reordered.
/// - Every touch's own samples keep their order, and samples of different touches keep
///   their relative order except where a collapsed move's earlier copies were removed.
/// - A batch with no touch moved twice in a row comes back unchanged.
///
/// So a batch of only moves becomes one sample per finger, one `sendEvent`; a finger's
/// whole life read at once (began, moves, ended) becomes at most three samples.
enum MoveCoalescer {
    /// The batch with each run of one touch's moves collapsed to its last sample.
    static func coalesce(_ batch: [TouchSample]) -> [TouchSample] {
        // Most batches (a frame of a touchscreen that is keeping up) hold one sample per
        // finger: a scan without allocating finds that, and the array goes back as is.
        if batch.count <= linearScanLimit, !hasSupersededMove(batch) { return batch }
        var output: [TouchSample?] = []
        output.reserveCapacity(batch.count)
        // Where in `output` each touch's last sample is, while that sample is a move.
        var pendingMove: [TouchSample.ID: Int] = [:]
        var collapsed = 0
        for var sample in batch {
            if sample.phase == .moved {
                if let earlier = pendingMove[sample.id], var superseded = output[earlier] {
                    output[earlier] = nil
                    collapsed += 1
                    // The superseded sample's list is taken over, not copied: a run of n
                    // moves costs O(n), not O(n²).
                    var samples = superseded.coalescedSamples
                    superseded.coalescedSamples = []
                    samples.append(superseded)
                    samples += sample.coalescedSamples
                    sample.coalescedSamples = samples
                }
                pendingMove[sample.id] = output.count
            } else {
                pendingMove[sample.id] = nil
            }
            output.append(sample)
        }
        return collapsed == 0 ? batch : output.compactMap { $0 }
    }

    /// Up to this many samples the quadratic scan is cheaper than a dictionary.
    static let linearScanLimit = 32

    /// Whether some `moved` sample follows a `moved` sample of the same touch with no
    /// other sample of that touch between them.
    private static func hasSupersededMove(_ batch: [TouchSample]) -> Bool {
        for index in batch.indices.dropFirst() where batch[index].phase == .moved {
            let id = batch[index].id
            if let previous = batch[..<index].lastIndex(where: { $0.id == id }), batch[previous].phase == .moved {
                return true
            }
        }
        return false
    }
}
