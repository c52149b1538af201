//! Progress of long computations, reported to an observer the caller installs.
//!
//! The library never prints: a long loop calls [`report`] now and then, and whoever runs the
//! computation (the CLI's progress bar, a test) decides what to show. The observer is scoped
//! to the current thread by [`observe`], so the many loops that may run long (tables, period
//! searches, the memoised solver) need no extra parameter, and a computation nobody observes
//! pays one thread-local read per report.

use std::cell::RefCell;

/// What a long loop is doing, for the observer to label its display.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// A short lower-case phrase: "heaps", "positions", "sets".
    pub unit: &'static str,
    /// Units finished so far.
    pub done: u64,
    /// Units in all, when known (0 when the loop cannot tell).
    pub total: u64,
}

/// A boxed observer: owned (`'static`), so installing it needs no unsafe lifetime games;
/// callers share state with it through `Rc`/`Arc` handles (a progress bar is one).
pub type Observer = Box<dyn FnMut(Progress)>;

thread_local! {
    static OBSERVER: RefCell<Option<Observer>> = const { RefCell::new(None) };
}

/// Runs `work` with `observer` receiving every [`report`] made on this thread meanwhile;
/// the previous observer (if any) is restored afterwards, even if `work` panics.
pub fn observe<R>(observer: Observer, work: impl FnOnce() -> R) -> R {
    struct Restore(Option<Observer>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            OBSERVER.with(|slot| *slot.borrow_mut() = previous);
        }
    }
    let _restore = Restore(OBSERVER.with(|slot| slot.borrow_mut().replace(observer)));
    work()
}

/// Tells the observer (if one is installed on this thread) that `done` of `total` `unit`s are
/// finished. Call it every few thousand iterations, not on every one.
pub fn report(unit: &'static str, done: u64, total: u64) {
    OBSERVER.with(|slot| {
        // Taken out while it runs, so that a report from inside the observer is ignored
        // rather than re-entering the `RefCell`.
        let taken = slot.borrow_mut().take();
        if let Some(mut observer) = taken {
            observer(Progress { unit, done, total });
            let mut slot = slot.borrow_mut();
            if slot.is_none() {
                *slot = Some(observer);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_reach_the_installed_observer_only_while_it_is_installed() {
        use std::rc::Rc;
        let seen = Rc::new(RefCell::new(Vec::new()));
        let inner = Rc::new(RefCell::new(Vec::new()));
        report("heaps", 1, 2); // nobody listens: nothing happens
        let (outer_log, inner_log) = (seen.clone(), inner.clone());
        let answer = observe(Box::new(move |p| outer_log.borrow_mut().push(p)), || {
            report("heaps", 5, 10);
            observe(
                Box::new(move |p| inner_log.borrow_mut().push(p.done)),
                || report("sets", 7, 0),
            );
            report("heaps", 10, 10);
            42
        });
        report("heaps", 3, 4);
        assert_eq!(answer, 42);
        assert_eq!(*inner.borrow(), [7]);
        let done: Vec<(u64, u64)> = seen.borrow().iter().map(|p| (p.done, p.total)).collect();
        assert_eq!(done, [(5, 10), (10, 10)]);
    }
}
