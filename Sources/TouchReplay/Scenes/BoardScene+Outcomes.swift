import TouchDynamics
import TouchInput

// What the board does when a contact lifts, a click is committed, a scroll step arrives, and
// what each frame shows.
extension BoardScene {
    /// The modifiers that decide a lifted drag: the landing's, or (the regressed variant)
    /// whatever the lift sample and the keys say then.
    private func decidingModifiers(at sample: InputSample) -> ModifierFlags {
        parameters.readsModifiersAtLift ? sample.modifiers.union(heldKeys) : landingModifiers
    }

    mutating func endDrag(_ sample: InputSample) {
        pressed = nil
        let modifiers = decidingModifiers(at: sample)
        switch drag {
        case .move(let index):
            // Read at the lift, Option now held makes it a copy: the original goes back.
            if modifiers.contains(.option), objects.count < Self.capacity {
                objects.append(objects[index])
                objects[index] = objectHold
                focus = .object(objects.count - 1)
                state.destination = .copied(index)
            }
        case .copy(let source, let copy):
            // Read at the lift, Option let go makes it a move: the copy was the original.
            if !modifiers.contains(.option), copy == objects.count - 1 {
                objects[source] = objects[copy]
                objects.removeLast()
                focus = .object(source)
                state.destination = .moved(source)
            }
        case .marquee(let x, let y):
            guard modifiers.contains(.shift), case .corner(let cornerX, let cornerY) = focus else { break }
            let left = min(x, cornerX), right = max(x, cornerX), top = min(y, cornerY), bottom = max(y, cornerY)
            for (index, origin) in objects.enumerated()
            where origin.x <= right && origin.x + BoardLayout.side >= left && origin.y <= bottom && origin.y + BoardLayout.side >= top {
                selection.insert(index)
            }
            state.destination = .selected(selection.count)
        case .pan:
            release(velocity: sample.phase == .ended ? pan.velocity.y : 0, at: sample.time.seconds)
        case .none:
            break
        }
        drag = .none
    }

    /// A contact lifted before its drag began: a click or tap, unless it was cancelled or a
    /// second finger joined it.
    mutating func click(_ sample: InputSample) {
        pressed = nil
        guard pan.isTap(sample) else { return }
        guard let index = landedOn else {
            // A click on the empty board clears the selection.
            selection.removeAll()
            state.destination = .selected(0)
            return
        }
        if landingModifiers.contains(.command) && !parameters.commandWaitsForDoubleTap {
            commit(activating: true, index, delay: 0)
        } else if landingModifiers.contains(.shift) {
            selection.insert(index)
            state.destination = .selected(selection.count)
            signals.append(.tapCommitted(delay: 0))
        } else if let last = lastClick, last.index == index, sample.time - last.lift <= Self.doubleTapGap {
            // The second click of a double click acts at once.
            waiting = nil
            lastClick = nil
            commit(activating: true, index, delay: 0)
        } else {
            waiting = (index, sample.time, sample.time + Self.doubleTapGap, landingModifiers.contains(.command))
            lastClick = (index, sample.time)
        }
    }

    /// Commits the click waiting for a double tap, if any, at `time`.
    mutating func commitWaitingClick(at time: Int64) {
        guard let click = waiting else { return }
        waiting = nil
        commit(activating: click.activates, click.index, delay: time - click.lift)
    }

    /// Commits a click on object `index`: acting on it, or selecting it alone.
    private mutating func commit(activating: Bool, _ index: Int, delay: Int64) {
        if activating {
            state.destination = .activated(index)
        } else {
            selection = [index]
            state.destination = .selected(1)
        }
        signals.append(.tapCommitted(delay: delay))
    }

    /// Scroll steps move the board as a finger pan would, by their delta times the gain
    /// (positive `dy` scrolls down: the board moves up); the step that starts a scroll
    /// catches a coasting board.
    mutating func scroll(_ sample: InputSample) {
        let delta = sample.scrollDelta ?? (0, 0)
        if steps.step(sample.phase, at: sample.time) {
            scrolled.start(&offset, in: band)
            focus = .board
        }
        scrolled.move(&offset, by: delta.dy * parameters.scrollGain, in: band)
        if sample.phase.isTerminal { endScroll(at: sample.time) }
    }

    mutating func endScroll(at time: Int64) {
        steps.end()
        release(velocity: 0, at: time.seconds)
    }

    /// The landing caught the board where it was (``land(_:)``): a lift that did not throw it
    /// lets it go on, so a board caught past an edge springs back instead of staying there
    /// (unless a scroll holds it: the scroll's end lets it go).
    mutating func letGoOfBoard(at time: Int64) {
        if !offset.isAnimating && !steps.isActive { release(velocity: 0, at: time.seconds) }
    }

    private mutating func release(velocity: Double, at time: Double) {
        offset.release(in: band, velocity: velocity, at: time, bounce: Self.bounce)
    }

    public mutating func advance(to time: Int64) {
        if let deadline = steps.deadline(passedBy: time) { endScroll(at: deadline) }
        if let click = waiting, time >= click.deadline { commitWaitingClick(at: time) }
        offset.update(at: time.seconds)
        show()
    }

    mutating func show() {
        let board = offset.value, target = offset.target
        switch focus {
        case .board:
            state.x = 0
            state.y = board
            state.targetX = 0
            state.targetY = target
        case .object(let index):
            let origin = objects[index]
            state.x = origin.x
            state.y = origin.y + board
            state.targetX = origin.x
            state.targetY = origin.y + target
        case .corner(let x, let y):
            state.x = x
            state.y = y + board
            state.targetX = x
            state.targetY = y + target
        }
        state.scale = pressed != nil && focus.objectIndex == pressed ? Self.pressedScale : 1
        // Kept rendering while a click waits for its double tap, and while a scroll without
        // phases waits for its deadline.
        state.isAnimating = offset.isAnimating || steps.awaitsDeadline || waiting != nil
        let inRange = band.range.contains(board)
        state.tracking = drag != .none && (drag != .pan || inRange) ? pan.trackedContact : nil
    }
}
