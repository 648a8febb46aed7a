/// Which contact a sample belongs to: its kind and its id together. Ids are numbered per
/// kind, so a pencil and a finger may share one (an evdev round trip gives both id 1, as
/// the kernel's tracking ids are per device): whatever follows a contact keys it by both.
public struct ContactKey: Hashable, Sendable, BitwiseCopyable {
    /// The kind of input (touch, pencil, pointer).
    public var kind: SampleKind
    /// The id, unique among the contacts of `kind` down at once.
    public var id: UInt32

    /// The contact of `kind` numbered `id`.
    @inlinable
    public init(kind: SampleKind, id: UInt32) {
        self.kind = kind
        self.id = id
    }

    /// Kind and id in one integer (the kind above bit 32): the key of the hash tables that
    /// follow many contacts per sample, where one word hashes faster than two.
    @inlinable
    public var packed: UInt64 { UInt64(kind.rawValue) << 32 | UInt64(id) }
}

extension ContactKey: Comparable {
    /// By kind, then id: an order that does not depend on which sample a file lists first.
    @inlinable
    public static func < (lhs: ContactKey, rhs: ContactKey) -> Bool {
        (lhs.kind.rawValue, lhs.id) < (rhs.kind.rawValue, rhs.id)
    }
}

extension InputSample {
    /// The contact this sample belongs to (meaningful for contact kinds).
    @inlinable
    public var contact: ContactKey { ContactKey(kind: kind, id: id) }
}
