//! `grundy serve [--port P] [--bind ADDR] [--open] [--time SECONDS]`: the web explorer (see `crate::serve`).

use grundy::GameError;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

/// The arguments of `grundy serve`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy serve                 then open http://127.0.0.1:8421/
  grundy serve --port 0        any free port (printed on the first line)
  grundy serve --open          and open the page in the desktop's browser
  grundy serve --time 60       let each request compute for up to a minute (default 15 s)

The page loads nothing from the internet. API: POST /api/<command> with a JSON body naming the
CLI's arguments, answering what `grundy <command> --json` prints; GET /api/games.")]
pub struct Args {
    /// The TCP port (0: any free port).
    #[arg(long, default_value_t = 8421)]
    port: u16,
    /// The address to listen on. The default, 127.0.0.1, lets only this machine in; any other
    /// address exposes the server to the network.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Open the page in the desktop's browser.
    #[arg(long)]
    open: bool,
    /// Seconds one request may compute before it is answered with an error (503). Negative
    /// numbers reach the parser, so `--time -1` is refused by what is wrong with it.
    #[arg(long, value_name = "SECONDS", default_value_t = crate::serve::REQUEST_TIME.as_secs_f64(),
          value_parser = request_seconds, allow_negative_numbers = true)]
    time: f64,
}

/// `--time`: a positive number of seconds, at most a day (a server answers people).
fn request_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err(format!(
            "`{text}` is not a number of seconds above 0 and at most 86400 (one day)"
        )),
    }
}

/// Serves until Ctrl-C.
pub fn run(args: Args) -> Result<(), GameError> {
    crate::serve::run(
        SocketAddr::new(args.bind, args.port),
        args.open,
        Duration::from_secs_f64(args.time),
    )
}
