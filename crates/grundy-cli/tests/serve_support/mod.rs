//! A `grundy serve` started for one test binary on an ephemeral loopback port, and a small
//! client for its API.
// Each test binary uses a part of this module.
#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// The server process; killed when dropped.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT/`.
    pub url: String,
}

impl Server {
    /// Starts `grundy serve --port 0` and reads the address from its first line.
    pub fn start() -> Server {
        Server::start_with(&[])
    }

    /// [`Server::start`] with more arguments of `grundy serve`.
    pub fn start_with(arguments: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["serve", "--port", "0"])
            .args(arguments)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the grundy binary runs");
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the server prints its address");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://127.0.0.1:"))
            .unwrap_or_else(|| panic!("no address in `{line}`"))
            .to_string();
        Server { child, url }
    }

    /// `POST /api/<command>` with `body` (any bytes): the status and the JSON answer.
    pub fn post(&self, command: &str, body: &str) -> (u16, Value) {
        let response = ureq::post(&format!("{}api/{command}", self.url))
            .set("Content-Type", "application/json")
            .send_string(body);
        answer(response)
    }

    /// `GET path` (without the leading `/`): the status and the body text.
    pub fn get(&self, path: &str) -> (u16, String) {
        match ureq::get(&format!("{}{path}", self.url)).call() {
            Ok(r) => (r.status(), r.into_string().expect("a text body")),
            Err(ureq::Error::Status(code, r)) => (code, r.into_string().expect("a text body")),
            Err(e) => panic!("GET {path}: {e}"),
        }
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        self.child.try_wait().expect("waiting works").is_none()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn answer(response: Result<ureq::Response, ureq::Error>) -> (u16, Value) {
    let response = match response {
        Ok(r) => r,
        Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("request failed: {e}"),
    };
    let status = response.status();
    let text = response.into_string().expect("a text body");
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    (status, value)
}
