//! Theorems about values, each stated once: periodicity and its certificates ([`period`]),
//! misère play of heap games (`misere`, and `misere_search` where no theorem applies), loopy games ([`loopy`]). The wordings that `explain`, `period` and the
//! heap method print are built from here.

pub mod loopy;
pub(crate) mod misere;
pub(crate) mod misere_search;
pub mod period;
