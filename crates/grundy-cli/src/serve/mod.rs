//! `grundy serve`: one embedded page and a JSON API over the library, on loopback by default.
//!
//! The HTTP layer (axum on tokio) only moves bytes: every answer is computed by [`api`],
//! which calls the CLI commands' own answer functions. Work runs on tokio's blocking pool
//! behind a semaphore, so a slow request occupies one of [`WORKERS`] slots while the async
//! threads keep answering; each request has a body-size limit, a time limit and a cap on the
//! library's memory budget, and a panic in one request is caught and answered as an error.

pub mod api;

use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use grundy::GameError;
use serde_json::{json, Value};
use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Largest request body: graphs are uploaded as text, so allow a generous 1 MiB.
pub const BODY_LIMIT: usize = 1 << 20;
/// How much of a too-large body is still read (and dropped) before the 413 answer: a client
/// that is still sending then reads the answer instead of a broken pipe.
const DRAIN_LIMIT: usize = 16 * BODY_LIMIT;
/// Requests computed at once; the others wait their turn (at most [`QUEUE_WAIT`]).
pub const WORKERS: usize = 4;
/// How long a request may wait for a worker before it is answered "busy".
pub const QUEUE_WAIT: Duration = Duration::from_secs(10);
/// How long one request may compute before it is answered with an error, unless
/// `grundy serve --time` says otherwise.
pub const REQUEST_TIME: Duration = Duration::from_secs(15);
/// The library's memory budget in the server: a request for more is refused with the figure.
pub const MEMORY_BUDGET: u64 = 1 << 30;

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/style.css");

/// Serves on `addr` until Ctrl-C; prints the address (with the port chosen when `addr` has
/// port 0) on the first line of stdout, and opens it in a browser with `open`. Each request
/// may compute for `request_time`.
pub fn run(addr: SocketAddr, open: bool, request_time: Duration) -> Result<(), GameError> {
    // A panic in a request is a bug, reported on stderr; the server goes on.
    std::panic::set_hook(Box::new(|info| {
        let _ = writeln!(
            std::io::stderr(),
            "grundy serve: internal error in a request (a bug; please report it): {info}"
        );
    }));
    // Requests never touch the server's disk: no persistent table cache.
    grundy::table_cache::configure(None);
    grundy::limits::cap_memory_budget(MEMORY_BUDGET);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        // The same stack as the command line's main thread (not tokio's 2 MiB default), so a
        // request runs as the command does; the partizan search grows its own past it.
        .thread_stack_size(8 << 20)
        .enable_all()
        .build()
        .map_err(|e| GameError::io("starting the server", &e))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| GameError::io(format_args!("cannot listen on {addr}"), &e))?;
        let local = listener
            .local_addr()
            .map_err(|e| GameError::io("reading the address", &e))?;
        let url = format!("http://{local}/");
        println!("grundy serve: {url} (Ctrl-C stops)");
        let _ = std::io::stdout().flush();
        if open {
            open_browser(&url);
        }
        axum::serve(listener, router(request_time))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .map_err(|e| GameError::io("serving", &e))
    })
}

/// Opens `url` with the desktop's opener; a failure is said, not fatal.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("grundy serve: could not open a browser ({opener}: {e}); open {url} yourself");
    }
}

/// The routes: the page, its script and style, and the API.
pub fn router(request_time: Duration) -> Router {
    let limits = Limits {
        workers: Arc::new(Semaphore::new(WORKERS)),
        request_time,
    };
    Router::new()
        .route(
            "/",
            get(|| async { page(INDEX, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { page(SCRIPT, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/style.css",
            get(|| async { page(STYLE, "text/css; charset=utf-8") }),
        )
        .route("/api/games", get(games).post(games))
        .route("/api/{command}", post(command))
        .fallback(|| async {
            error(
                StatusCode::NOT_FOUND,
                "no such page: the page is at / and the API at POST /api/<command>".into(),
            )
        })
        .with_state(limits)
}

fn page(text: &'static str, kind: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], text).into_response()
}

/// `{"error": message}` with `status`.
fn error(status: StatusCode, message: String) -> Response {
    (status, axum::Json(json!({ "error": message }))).into_response()
}

async fn games(State(limits): State<Limits>) -> Response {
    compute(limits, "games".into(), Value::Null).await
}

async fn command(State(limits): State<Limits>, Path(name): Path<String>, body: Body) -> Response {
    let body = match read_body(body).await {
        Ok(body) => body,
        Err(refusal) => return refusal,
    };
    if !api::COMMANDS.contains(&name.as_str()) {
        return error(
            StatusCode::NOT_FOUND,
            format!(
                "there is no command `{name}`: the API has {}",
                api::COMMANDS.join(", ")
            ),
        );
    }
    let body: Value = if body.iter().all(u8::is_ascii_whitespace) {
        json!({})
    } else {
        match serde_json::from_slice(&body) {
            Ok(body) => body,
            Err(e) => {
                return error(
                    StatusCode::BAD_REQUEST,
                    format!("the request body is not JSON: {e}"),
                )
            }
        }
    };
    compute(limits, name, body).await
}

/// The request body, at most [`BODY_LIMIT`] bytes. A longer one is answered 413 after
/// draining up to [`DRAIN_LIMIT`] bytes of it, so that the sender sees the answer.
async fn read_body(body: Body) -> Result<Bytes, Response> {
    use http_body_util::BodyExt;
    let mut body = body;
    let mut kept = Vec::new();
    let mut seen = 0usize;
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| {
            error(
                StatusCode::BAD_REQUEST,
                format!("the request body could not be read: {e}"),
            )
        })?;
        let Ok(data) = frame.into_data() else {
            continue;
        };
        seen += data.len();
        if seen <= BODY_LIMIT {
            kept.extend_from_slice(&data);
        } else if seen > DRAIN_LIMIT {
            break;
        }
    }
    if seen > BODY_LIMIT {
        return Err(error(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is larger than {BODY_LIMIT} bytes"),
        ));
    }
    Ok(Bytes::from(kept))
}

/// What every request shares: the worker slots and the time each request may compute.
#[derive(Clone)]
struct Limits {
    workers: Arc<Semaphore>,
    request_time: Duration,
}

/// Answers `name` with `body` on the blocking pool, within the worker limit and the time
/// limit; a panic is caught and answered 500.
async fn compute(limits: Limits, name: String, body: Value) -> Response {
    let permit = match tokio::time::timeout(QUEUE_WAIT, limits.workers.acquire_owned()).await {
        Ok(Ok(permit)) => permit,
        _ => {
            return error(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server is busy ({WORKERS} requests computing for over {} s); try again",
                    QUEUE_WAIT.as_secs()
                ),
            )
        }
    };
    let task = tokio::task::spawn_blocking(move || {
        // The permit is held until the work really ends, even past the time limit.
        let _permit = permit;
        std::panic::catch_unwind(|| api::answer(&name, body))
    });
    match tokio::time::timeout(limits.request_time, task).await {
        Err(_) => error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the request took longer than {} s, this server's limit; ask for less",
                limits.request_time.as_secs_f64()
            ),
        ),
        Ok(Err(_)) | Ok(Ok(Err(_))) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error (a bug; please report it): the request failed; the server goes on"
                .into(),
        ),
        Ok(Ok(Ok(Err(api::Refusal(message))))) => error(StatusCode::BAD_REQUEST, message),
        Ok(Ok(Ok(Ok(text)))) => {
            ([(header::CONTENT_TYPE, "application/json")], text).into_response()
        }
    }
}
