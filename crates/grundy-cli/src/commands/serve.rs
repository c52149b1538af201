//! `grundy serve [--port P] [--bind ADDR] [--open]`: the web explorer (see `crate::serve`).

use grundy::GameError;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// The arguments of `grundy serve`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy serve                 then open http://127.0.0.1:8421/
  grundy serve --port 0        any free port (printed on the first line)
  grundy serve --open          and open the page in the desktop's browser

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
}

/// Serves until Ctrl-C.
pub fn run(args: Args) -> Result<(), GameError> {
    crate::serve::run(SocketAddr::new(args.bind, args.port), args.open)
}
