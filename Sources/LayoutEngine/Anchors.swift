/// An x-axis anchor (leading, trailing, left, right, centerX). Constraints relate it
/// only to other x-axis anchors: mixing axes does not type-check.
public struct XAxisAnchor {
    public unowned let item: LayoutItem
    public let attribute: LayoutAttribute

    public func constraint(equalTo anchor: XAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(item: item, attribute: attribute, relatedBy: .equal, toItem: anchor.item, attribute: anchor.attribute, constant: constant)
    }

    public func constraint(greaterThanOrEqualTo anchor: XAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: .greaterThanOrEqual, toItem: anchor.item, attribute: anchor.attribute, constant: constant)
    }

    public func constraint(lessThanOrEqualTo anchor: XAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: .lessThanOrEqual, toItem: anchor.item, attribute: anchor.attribute, constant: constant)
    }
}

/// A y-axis anchor (top, bottom, centerY).
public struct YAxisAnchor {
    public unowned let item: LayoutItem
    public let attribute: LayoutAttribute

    public func constraint(equalTo anchor: YAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(item: item, attribute: attribute, relatedBy: .equal, toItem: anchor.item, attribute: anchor.attribute, constant: constant)
    }

    public func constraint(greaterThanOrEqualTo anchor: YAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: .greaterThanOrEqual, toItem: anchor.item, attribute: anchor.attribute, constant: constant)
    }

    public func constraint(lessThanOrEqualTo anchor: YAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: .lessThanOrEqual, toItem: anchor.item, attribute: anchor.attribute, constant: constant)
    }
}

/// A dimension anchor (width, height). Dimensions relate to dimensions (with a
/// multiplier) or to constants.
public struct DimensionAnchor {
    public unowned let item: LayoutItem
    public let attribute: LayoutAttribute

    public func constraint(equalTo anchor: DimensionAnchor, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: .equal, toItem: anchor.item, attribute: anchor.attribute, multiplier: multiplier,
            constant: constant)
    }

    public func constraint(greaterThanOrEqualTo anchor: DimensionAnchor, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: .greaterThanOrEqual, toItem: anchor.item, attribute: anchor.attribute,
            multiplier: multiplier, constant: constant)
    }

    public func constraint(lessThanOrEqualTo anchor: DimensionAnchor, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: .lessThanOrEqual, toItem: anchor.item, attribute: anchor.attribute, multiplier: multiplier,
            constant: constant)
    }

    public func constraint(equalToConstant constant: Double) -> LayoutConstraint {
        LayoutConstraint(item: item, attribute: attribute, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, constant: constant)
    }

    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: .greaterThanOrEqual, toItem: nil, attribute: .notAnAttribute, constant: constant)
    }

    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        LayoutConstraint(item: item, attribute: attribute, relatedBy: .lessThanOrEqual, toItem: nil, attribute: .notAnAttribute, constant: constant)
    }
}
