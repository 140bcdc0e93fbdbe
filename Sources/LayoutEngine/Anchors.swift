/// One attribute of a layout item, as UIKit's `NSLayoutAnchor<AnchorType>`: the factory of
/// constraints that relate it to another anchor of the same `Kind`. The kinds keep axes
/// apart: an x-axis anchor relates only to x-axis anchors, and mixing them does not
/// type-check.
///
/// Use it through its three kinds: ``XAxisAnchor``, ``YAxisAnchor`` and ``DimensionAnchor``.
public struct LayoutAnchor<Kind: LayoutAnchorKind> {
    public unowned let item: LayoutItem
    public let attribute: LayoutAttribute

    /// `item.attribute relation anchor × multiplier + constant`; with no `anchor`, a
    /// constraint to the constant alone.
    @inlinable
    func constraint(_ relation: LayoutRelation, _ anchor: LayoutAnchor?, multiplier: Double = 1, constant: Double) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: relation, toItem: anchor?.item, attribute: anchor?.attribute ?? .notAnAttribute,
            multiplier: multiplier, constant: constant)
    }
}

/// What kind of attribute a ``LayoutAnchor`` stands for.
public protocol LayoutAnchorKind {}

/// A kind of position along one axis (``XAxis``, ``YAxis``): positions relate to positions
/// with an offset, not a multiplier.
public protocol LayoutAxisKind: LayoutAnchorKind {}

/// Positions along the x axis: leading, trailing, left, right, centerX.
public enum XAxis: LayoutAxisKind {}
/// Positions along the y axis: top, bottom, centerY.
public enum YAxis: LayoutAxisKind {}
/// Sizes: width, height.
public enum LayoutDimension: LayoutAnchorKind {}

/// An x-axis anchor (leading, trailing, left, right, centerX).
public typealias XAxisAnchor = LayoutAnchor<XAxis>
/// A y-axis anchor (top, bottom, centerY).
public typealias YAxisAnchor = LayoutAnchor<YAxis>
/// A dimension anchor (width, height). Dimensions relate to dimensions (with a multiplier)
/// or to constants.
public typealias DimensionAnchor = LayoutAnchor<LayoutDimension>

extension LayoutAnchor where Kind: LayoutAxisKind {
    @inlinable
    public func constraint(equalTo anchor: Self, constant: Double = 0) -> LayoutConstraint {
        constraint(.equal, anchor, constant: constant)
    }

    @inlinable
    public func constraint(greaterThanOrEqualTo anchor: Self, constant: Double = 0) -> LayoutConstraint {
        constraint(.greaterThanOrEqual, anchor, constant: constant)
    }

    @inlinable
    public func constraint(lessThanOrEqualTo anchor: Self, constant: Double = 0) -> LayoutConstraint {
        constraint(.lessThanOrEqual, anchor, constant: constant)
    }
}

extension LayoutAnchor where Kind == LayoutDimension {
    @inlinable
    public func constraint(equalTo anchor: Self, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        constraint(.equal, anchor, multiplier: multiplier, constant: constant)
    }

    @inlinable
    public func constraint(greaterThanOrEqualTo anchor: Self, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        constraint(.greaterThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }

    @inlinable
    public func constraint(lessThanOrEqualTo anchor: Self, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        constraint(.lessThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }

    @inlinable
    public func constraint(equalToConstant constant: Double) -> LayoutConstraint {
        constraint(.equal, nil, constant: constant)
    }

    @inlinable
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        constraint(.greaterThanOrEqual, nil, constant: constant)
    }

    @inlinable
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        constraint(.lessThanOrEqual, nil, constant: constant)
    }
}
