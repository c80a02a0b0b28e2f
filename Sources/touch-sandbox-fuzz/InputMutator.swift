import Foundation
import TouchFuzzing

/// Damages real inputs the ways files and environment words get damaged: cut short,
/// bytes flipped, numbers made huge, tiny, negative or not numbers at all, lines
/// duplicated or dropped, line endings changed, other encodings, separators and
/// control characters inserted. A pure function of its seed, so a finding is replayed
/// from the seed alone.
struct InputMutator {
    /// One kind of damage.
    enum Mutation: CaseIterable {
        case truncate, flipByte, hugeNumber, replaceNumber, duplicateLine, dropLine, crlfEndings, crEndings,
             invalidUTF8, utf16, byteOrderMark, separator, controlCharacter, longRun, emptyLines
    }

    /// Numbers that break parsers: the limits of doubles and integers, and non-numbers.
    static let hostileNumbers = ["1e308", "-1e308", "1e400", "-0", "0", "1e-320", "18446744073709551616", "9223372036854775808",
                                 "-9223372036854775809", "4294967296", "NaN", "Infinity", "nan", "0x10", "1_000", "\"1\"",
                                 "null", "true", "[]", "{}", "1e30", "-1", "0.0000001", "65536", "3.4028236e38"]
    /// Separators, and JSON escapes that decode to characters that break a line.
    static let separators = ["=", ",", "==", "\n", "\r\n", "\"", "\\", "{", "}", "[", "]", ":", " ", "\u{0}", "\u{2028}",
                             "\\n", "\\r", "\\u2028", "\\u0000", "\\u001b[2J"]

    /// The seed's damage to one of `corpus`, with the mutations it applied, in order.
    static func mutate(_ corpus: [Data], seed: UInt64) -> (input: Data, mutations: [Mutation]) {
        var random = SplitMix64(seed: seed)
        var bytes = [UInt8](corpus[Int(random.next() % UInt64(corpus.count))])
        var applied: [Mutation] = []
        for _ in 0..<(1 + Int(random.next() % 4)) {
            let mutation = Mutation.allCases[Int(random.next() % UInt64(Mutation.allCases.count))]
            bytes = apply(mutation, to: bytes, using: &random)
            applied.append(mutation)
        }
        return (Data(bytes), applied)
    }

    private static func apply(_ mutation: Mutation, to bytes: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        func position() -> Int { bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1)) }
        func pick<T>(_ list: [T]) -> T { list[Int(random.next() % UInt64(list.count))] }
        var bytes = bytes
        switch mutation {
        case .truncate:
            bytes = Array(bytes.prefix(position()))
        case .flipByte:
            guard !bytes.isEmpty else { break }
            let index = Int(random.next() % UInt64(bytes.count))
            bytes[index] ^= UInt8(1 << (random.next() % 8))
        case .hugeNumber, .replaceNumber:
            // A run of digits (with its sign, point and exponent) becomes another number.
            let numbers = numberRanges(in: bytes)
            let replacement = Array((mutation == .hugeNumber ? pick(hostileNumbers) : String(Int64(bitPattern: random.next()) % 100_000)).utf8)
            if numbers.isEmpty {
                bytes.insert(contentsOf: replacement, at: position())
            } else {
                bytes.replaceSubrange(pick(numbers), with: replacement)
            }
        case .duplicateLine, .dropLine:
            var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
            guard !lines.isEmpty else { break }
            let index = Int(random.next() % UInt64(lines.count))
            if mutation == .duplicateLine { lines.insert(lines[index], at: index) } else { lines.remove(at: index) }
            bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        case .crlfEndings:
            bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)
        case .crEndings:
            bytes = bytes.map { $0 == UInt8(ascii: "\n") ? UInt8(ascii: "\r") : $0 }
        case .invalidUTF8:
            bytes.insert(contentsOf: pick([[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]]), at: position())
        case .utf16:
            bytes = Array(String(decoding: bytes, as: UTF8.self).data(using: .utf16) ?? Data(bytes))
        case .byteOrderMark:
            bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
        case .separator:
            bytes.insert(contentsOf: Array(pick(separators).utf8), at: position())
        case .controlCharacter:
            bytes.insert(pick([0x00, 0x07, 0x08, 0x0B, 0x0C, 0x1B, 0x7F]), at: position())
        case .longRun:
            bytes.insert(contentsOf: [UInt8](repeating: pick(Array("9a,=\"[".utf8)), count: 1 + Int(random.next() % 5000)), at: position())
        case .emptyLines:
            bytes.insert(contentsOf: Array("\n\n".utf8), at: position())
        }
        return bytes
    }

    /// Where numbers are: runs of digits with a leading minus, points and exponents.
    static func numberRanges(in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        for (index, byte) in bytes.enumerated() {
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            let continues = isDigit || (start != nil && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")))
            if continues {
                if start == nil { start = index > 0 && bytes[index - 1] == UInt8(ascii: "-") ? index - 1 : index }
            } else if let begun = start {
                ranges.append(begun..<index)
                start = nil
            }
        }
        if let start { ranges.append(start..<bytes.count) }
        return ranges
    }
}
