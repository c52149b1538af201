//! Partizan games (placeholder wiring until the value engine of branch `partizan` is merged).

pub mod games;
