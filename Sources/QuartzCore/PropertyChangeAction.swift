/// A property change as a layer hands it to this package's own actions
/// (`PropertyChangeAction`): the values of the `arguments` of
/// `CAAction.run(forKey:object:arguments:)`, without the dictionary of `AnyHashable`
/// keys, and with the presentation value worked out only when the action asks for it
/// (it costs a presentation copy of the layer when an animation writes the property).
@MainActor
package struct PropertyChange {
    /// The layer whose property changed.
    package let layer: CALayer
    /// The property's key.
    package let key: String
    /// The property's model value before the change (`CAActionArgument.previousValue`);
    /// nil only when a caller of the dictionary form passed none.
    package let previousValue: Any?
    /// Where the previous presentation value comes from.
    private let presentation: Presentation

    private enum Presentation {
        /// Worked out from the layer's animations when asked (a change the layer reports).
        case fromTheLayer
        /// As a caller of the dictionary form passed it.
        case passed(Any?)
    }

    /// A change the layer reports as it happens.
    init(layer: CALayer, key: String, previousValue: Any) {
        self.layer = layer
        self.key = key
        self.previousValue = previousValue
        presentation = .fromTheLayer
    }

    /// A change read from the `arguments` of the dictionary form.
    package init(layer: CALayer, key: String, arguments: [AnyHashable: Any]?) {
        self.layer = layer
        self.key = key
        previousValue = arguments?[CAActionArgument.previousValue]
        presentation = .passed(arguments?[CAActionArgument.previousPresentationValue])
    }

    /// What the property showed just before the change
    /// (`CAActionArgument.previousPresentationValue`): the previous value with the layer's
    /// animations applied now.
    package var previousPresentationValue: Any? {
        switch presentation {
        case .fromTheLayer: previousValue.map { layer.presentationValue(forKey: key, modelValue: $0) }
        case let .passed(value): value
        }
    }

    /// The dictionary form, for actions from outside the package.
    var arguments: [AnyHashable: Any] {
        var arguments: [AnyHashable: Any] = [:]
        arguments[CAActionArgument.previousValue] = previousValue
        arguments[CAActionArgument.previousPresentationValue] = previousPresentationValue
        return arguments
    }
}

/// An action of this package's own (UIKit's block animations, and the recording of
/// changes in keyframe blocks and property animators): a layer hands it its
/// property changes directly (`run(_:)`), which spares building and searching the
/// `arguments` dictionary and any presentation copy the action does not need. Run
/// through `CAAction`'s dictionary form, it reads the change from the dictionary.
@MainActor
package final class PropertyChangeAction: CAAction {
    private let body: @MainActor (PropertyChange) -> Void

    /// An action that runs `body` for each change.
    package init(_ body: @escaping @MainActor (PropertyChange) -> Void) {
        self.body = body
    }

    /// Runs the action for `change`.
    package func run(_ change: PropertyChange) {
        body(change)
    }

    package func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        body(PropertyChange(layer: layer, key: event, arguments: dict))
    }
}
