import TouchDynamics

// Each reference scene's tunables read from the catalogue, so that a `--set` reaches the
// scene through its context and the defaults stay where the catalogue states them.

extension ScrollScene.Parameters {
    /// The scroll view's tunables from `values`.
    public init(_ values: ParameterValues) {
        typealias C = ParameterCatalog
        self.init(hysteresis: values[C.panHysteresis], decelerationRate: DecelerationRate(rawValue: values[C.scrollDeceleration]) ?? .normal,
                  catchesMovingContent: values[C.scrollCatches] != 0,
                  bounceDampingRatio: values[C.scrollBounceDamping], bounceResponse: values[C.scrollBounceResponse],
                  bounceKeepsVelocity: values[C.scrollBounceKeeps] != 0)
    }
}

extension PipScene.Parameters {
    /// The window's tunables from `values`.
    public init(_ values: ParameterValues) {
        typealias C = ParameterCatalog
        self.init(dampingRatio: values[C.pipDamping], response: values[C.pipResponse],
                  cornerPolicy: values[C.pipCorner] == 0 ? .projection : .nearestCorner,
                  carriesReleaseVelocity: values[C.pipCarries] != 0, hysteresis: values[C.panHysteresis])
    }
}

extension HomeScene.Parameters {
    /// The home gesture's tunables from `values`.
    public init(_ values: ParameterValues) {
        typealias C = ParameterCatalog
        self.init(pauseDetector: values[C.homePause] == 0 ? .deceleration : .timer,
                  destinationRule: values[C.homeRule] == 0 ? .projection : values[C.homeRule] == 1 ? .furthestReach : .position,
                  hysteresis: values[C.panHysteresis], edge: values[C.homeEdge],
                  minimumDeceleration: values[C.pauseDeceleration], speedFraction: values[C.pauseSpeedFraction],
                  timerDuration: Int64((values[C.timerDuration] * 1e6).rounded()), timerSpeedThreshold: values[C.timerSpeed])
    }
}

extension ButtonScene.Parameters {
    /// The button's tunables from `values`.
    public init(_ values: ParameterValues) {
        typealias C = ParameterCatalog
        self.init(highlightOnTouchDown: values[C.buttonHighlight] != 0,
                  doubleTapTimeout: Int64((values[C.buttonTimeout] * 1e6).rounded()), hitSlop: values[C.buttonSlop])
    }
}

extension SheetScene.Parameters {
    /// The sheet's tunables from `values`.
    public init(_ values: ParameterValues) {
        typealias C = ParameterCatalog
        self.init(openDampingRatio: values[C.sheetOpenDamping], openResponse: values[C.sheetOpenResponse],
                  dismissDampingRatio: values[C.sheetDismissDamping], dismissResponse: values[C.sheetDismissResponse],
                  hysteresis: values[C.panHysteresis], retargetKeepsVelocity: values[C.sheetRetargetKeeps] != 0)
    }
}

extension PinchScene.Parameters {
    /// The photo's tunables from `values`.
    public init(_ values: ParameterValues) {
        typealias C = ParameterCatalog
        self.init(hysteresis: values[C.pinchHysteresis], snapDampingRatio: values[C.pinchSnapDamping],
                  snapResponse: values[C.pinchSnapResponse])
    }
}

extension PointerScene.Parameters {
    /// The pointer's tunables from `values`.
    public init(_ values: ParameterValues) {
        typealias C = ParameterCatalog
        self.init(magnetism: values[C.pointerMagnetism], captureResponse: values[C.pointerCaptureResponse],
                  barHitRegions: values[C.pointerBarHitRegions] == 0 ? .contiguous : .frames,
                  magnetizesHoverEffects: values[C.pointerMagnetizesHoverEffects] != 0)
    }
}

extension SidebarScene.Parameters {
    /// The sidebar's tunables from `values` (the pan's hysteresis, whether it can be caught).
    public init(_ values: ParameterValues) {
        self.init(hysteresis: values[ParameterCatalog.panHysteresis],
                  respondsWhileAnimating: values[ParameterCatalog.sidebarResponds] != 0)
    }
}

extension MenuScene.Parameters {
    /// The menu's tunables from `values` (the pan's hysteresis for a scroll started outside,
    /// whether input acts while it opens).
    public init(_ values: ParameterValues) {
        self.init(hysteresis: values[ParameterCatalog.panHysteresis],
                  respondsWhileAnimating: values[ParameterCatalog.menuResponds] != 0)
    }
}

extension BoardScene.Parameters {
    /// The board's tunables from `values` (the pan's hysteresis for drags and pans).
    public init(_ values: ParameterValues) {
        self.init(hysteresis: values[ParameterCatalog.panHysteresis])
    }
}

extension CanvasScene.Parameters {
    /// The canvas's tunables from `values` (the pan's hysteresis for the fingers).
    public init(_ values: ParameterValues) {
        typealias C = ParameterCatalog
        self.init(hysteresis: values[C.panHysteresis], sharedRoles: values[C.canvasSharedRoles] != 0,
                  inkSlop: values[C.canvasInkSlop], simultaneous: values[C.canvasSimultaneous] != 0,
                  scrubsWhileDrawing: values[C.canvasScrubsWhileDrawing] != 0)
    }
}

extension PressScene.Parameters {
    /// The force-press switch's tunables from `values`.
    public init(_ values: ParameterValues) {
        typealias C = ParameterCatalog
        self.init(commitForce: values[C.pressCommitForce], hysteresis: values[C.pressHysteresis],
                  followsForce: values[C.pressFollowsForce] != 0)
    }
}
