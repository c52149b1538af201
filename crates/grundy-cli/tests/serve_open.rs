//! `grundy serve --open`: the page's address goes to the desktop's opener (`xdg-open`), and a
//! missing opener is said on stderr without stopping the server. The opener is a stand-in
//! script on `PATH` that records its argument, so no browser is needed.
#![cfg(target_os = "linux")]

use std::io::{BufRead, BufReader};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-serve-open-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the scratch directory is created");
    dir
}

/// `grundy serve --port 0 --open` with `PATH` set to `path` only; stdout and stderr piped.
fn serve_open(path: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--port", "0", "--open"])
        .env("PATH", path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs")
}

fn first_line(stream: impl std::io::Read) -> String {
    let mut line = String::new();
    BufReader::new(stream)
        .read_line(&mut line)
        .expect("a line is printed");
    line
}

fn address(line: &str) -> String {
    line.split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no address in `{line}`"))
        .to_string()
}

#[test]
fn open_hands_the_address_to_the_desktop_opener() {
    let dir = scratch("opener");
    let record = dir.join("opened");
    let opener = dir.join("xdg-open");
    std::fs::write(
        &opener,
        format!(
            "#!/bin/sh\nprintf '%s' \"$1\" > '{}.part'\nmv '{0}.part' '{0}'\n",
            record.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755)).unwrap();
    // `sh`, `printf` and `mv` for the stand-in come from the usual places.
    let path = format!("{}:/usr/bin:/bin", dir.display());
    let mut server = serve_open(Path::new(&path));
    let url = address(&first_line(server.stdout.take().unwrap()));
    let deadline = Instant::now() + Duration::from_secs(60);
    while !record.exists() {
        assert!(Instant::now() < deadline, "the opener was not called");
        std::thread::sleep(Duration::from_millis(20));
    }
    let opened = std::fs::read_to_string(&record).unwrap();
    let alive = server.try_wait().unwrap().is_none();
    let _ = server.kill();
    let _ = server.wait();
    assert_eq!(opened, url, "the opener gets the address the server prints");
    assert!(alive, "the server keeps running after opening the page");
}

#[test]
fn a_missing_opener_is_said_and_the_server_keeps_running() {
    let empty = scratch("no-opener");
    let mut server = serve_open(&empty);
    let url = address(&first_line(server.stdout.take().unwrap()));
    let said = first_line(server.stderr.take().unwrap());
    // The page is still served.
    let page = ureq::get(&url).call().map(|r| r.status());
    let alive = server.try_wait().unwrap().is_none();
    let _ = server.kill();
    let _ = server.wait();
    assert!(
        said.contains("could not open a browser (xdg-open")
            && said.contains(&format!("open {url} yourself")),
        "{said}"
    );
    assert_eq!(page.ok(), Some(200));
    assert!(alive, "a missing opener is not fatal");
}
