//! `grundy thermograph EXPR -o FILE.svg|FILE.png [--time SECONDS]`: the thermograph picture, both walls and
//! the mast labelled. The walls are computed by the library; drawing lives in `crate::plot`.

use crate::commands::TimeArgs;
use crate::plot;
use crate::progress::{within, Output};
use grundy::partizan::Game;
use grundy::GameError;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// A game in CGSuite notation.
    #[arg(allow_hyphen_values = true)]
    expr: String,
    /// The picture to write: `*.svg` or `*.png`.
    #[arg(short = 'o', long = "output")]
    output: PathBuf,
    #[command(flatten)]
    time: TimeArgs,
}

/// `POST /api/thermograph`: the canonical form, temperature and mean, and the picture as SVG.
pub fn answer(expr: &str) -> Result<serde_json::Value, GameError> {
    let game: Game = expr.parse()?;
    let thermograph = game.thermograph()?;
    Ok(serde_json::json!({
        "canonical": game.to_string(),
        "temperature": thermograph.temperature.to_string(),
        "mean": thermograph.mast.to_string(),
        "svg": plot::thermograph_svg(&format!("thermograph of {game}"), &thermograph)?,
    }))
}

pub fn run(args: Args) -> Result<(), GameError> {
    // The picture is opened only after the work, so a stop at `--time` leaves no file.
    let (game, thermograph) = within(Output::AtTheEnd, args.time.limit("thermograph"), || {
        let game: Game = args.expr.parse()?;
        let thermograph = game.thermograph()?;
        Ok::<_, GameError>((game, thermograph))
    })?;
    let (format, file) = plot::create(&args.output)?;
    let title = format!("thermograph of {game}");
    // Written beside the path and renamed into place: an error leaves no partial picture.
    plot::write_thermograph(&title, &thermograph, format, file, &args.output)
}
