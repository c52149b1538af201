//! Graph algorithms the graph games share: the `@FILE` edge-list parser, maximum matching
//! (Edmonds' blossom), and counting-sort adjacency lists.

pub(crate) mod buckets;
pub mod file;
pub mod matching;
