//! The memory limit of the process's cgroup, wherever the hierarchy is mounted.
//!
//! A container's memory limit kills a process that passes it (the OOM killer), so the budget
//! must see it to refuse a large table in one line instead. Finding it takes three files,
//! because the layout differs between machines:
//! - `/proc/self/cgroup` names the process's cgroup in each hierarchy: `0::/path` for cgroup
//!   v2, `N:memory:/path` (controllers separated by commas) for the v1 memory controller.
//!   Hybrid hosts have both lines, and there only v1 carries the memory controller.
//! - `/proc/self/mountinfo` says where each hierarchy is mounted (`cgroup2`, or `cgroup` with
//!   `memory` among its options) and which of its directories the mount shows: inside a
//!   container that is often the container's own cgroup, so the path is taken relative to it.
//! - The limit may be set on any ancestor (a systemd slice, the container), so every level
//!   from the process's cgroup up to the mount is read (`memory.max` and `memory.current` in
//!   v2, `memory.limit_in_bytes` and `memory.usage_in_bytes` in v1), and the level with the
//!   least room left wins.
//! - The use counts the page cache, which the kernel gives back before it kills anything: after
//!   a build, a container can show most of its limit as used. So the room is the limit less the
//!   *working set*, the use less the inactive file pages of `memory.stat` (`inactive_file`;
//!   `total_inactive_file` in v1, which counts the descendants too), as `docker stats` counts it.
//!
//! The parsing takes the files' text and a reader, so that the tests can give it every layout
//! without a machine that has it.

/// A cgroup level's limit and where its use is read: what [`super::Budget`] reads again
/// before each large allocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct CgroupLimit {
    max: u64,
    dir: String,
    version: &'static Version,
}

impl CgroupLimit {
    /// The bytes left under the limit now.
    pub(super) fn room(&self) -> u64 {
        let read = |path: &str| std::fs::read_to_string(path).ok();
        self.max
            .saturating_sub(working_set(&read, &self.dir, self.version))
    }
}

/// The limit of this process's cgroup with the least room left, if any level has one.
pub(super) fn cgroup_limit() -> Option<CgroupLimit> {
    let cgroups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mounts = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    cgroup_limit_in(&cgroups, &mounts, |path| std::fs::read_to_string(path).ok())
}

/// The two cgroup versions' file names.
#[derive(Debug, PartialEq, Eq)]
struct Version {
    /// `cgroup2` or `cgroup`, as `mountinfo` names the file system.
    fs_type: &'static str,
    limit: &'static str,
    usage: &'static str,
    /// The `memory.stat` key of the reclaimable page cache.
    inactive_file: &'static str,
}

const V2: Version = Version {
    fs_type: "cgroup2",
    limit: "memory.max",
    usage: "memory.current",
    inactive_file: "inactive_file",
};

const V1: Version = Version {
    fs_type: "cgroup",
    limit: "memory.limit_in_bytes",
    usage: "memory.usage_in_bytes",
    inactive_file: "total_inactive_file",
};

/// The use of the cgroup at `dir` less its inactive page cache (module docs).
fn working_set(read: &impl Fn(&str) -> Option<String>, dir: &str, version: &Version) -> u64 {
    let usage = read_number(read, &format!("{dir}/{}", version.usage)).unwrap_or(0);
    let inactive = read(&format!("{dir}/memory.stat"))
        .and_then(|stat| {
            stat.lines().find_map(|line| {
                let (key, value) = line.split_once(' ')?;
                (key == version.inactive_file).then(|| value.trim().parse::<u64>().ok())?
            })
        })
        .unwrap_or(0);
    usage.saturating_sub(inactive)
}

/// [`cgroup_limit`] from the text of `/proc/self/cgroup` and `/proc/self/mountinfo`, reading
/// the cgroup files through `read`.
fn cgroup_limit_in(
    cgroups: &str,
    mounts: &str,
    read: impl Fn(&str) -> Option<String>,
) -> Option<CgroupLimit> {
    let mut tightest: Option<(u64, CgroupLimit)> = None;
    for line in cgroups.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let version = if controllers.is_empty() {
            &V2
        } else if controllers.split(',').any(|c| c == "memory") {
            &V1
        } else {
            continue;
        };
        for (root, mount_point) in mounts_of(mounts, version) {
            let Some(below) = relative_to(path, root) else {
                continue;
            };
            for dir in levels(mount_point, below) {
                let Some(max) = read_number(&read, &format!("{dir}/{}", version.limit)) else {
                    continue;
                };
                let room = max.saturating_sub(working_set(&read, &dir, version));
                if tightest.as_ref().map_or(true, |(least, _)| room < *least) {
                    tightest = Some((room, CgroupLimit { max, dir, version }));
                }
            }
        }
    }
    tightest.map(|(_, limit)| limit)
}

/// The `(root, mount point)` of every mount of the version's hierarchy (for v1, the ones
/// carrying the memory controller). A `mountinfo` line reads
/// `ID PARENT MAJ:MIN ROOT MOUNT-POINT OPTIONS [OPTIONAL...] - FS-TYPE SOURCE SUPER-OPTIONS`.
fn mounts_of<'a>(
    mounts: &'a str,
    version: &'a Version,
) -> impl Iterator<Item = (&'a str, &'a str)> {
    mounts.lines().filter_map(move |line| {
        let (mount, filesystem) = line.split_once(" - ")?;
        let mut filesystem = filesystem.split_whitespace();
        if filesystem.next()? != version.fs_type {
            return None;
        }
        let super_options = filesystem.nth(1).unwrap_or("");
        if version.fs_type == V1.fs_type && !super_options.split(',').any(|o| o == "memory") {
            return None;
        }
        let mut fields = mount.split_whitespace();
        Some((fields.nth(3)?, fields.next()?))
    })
}

/// The part of the cgroup `path` below the mount's `root` (`""` when they are the same), or
/// `None` when the mount does not show the path.
fn relative_to<'a>(path: &'a str, root: &str) -> Option<&'a str> {
    let root = root.trim_end_matches('/');
    let below = path.strip_prefix(root)?;
    (below.is_empty() || below.starts_with('/')).then(|| below.trim_end_matches('/'))
}

/// The directories from the process's cgroup up to the mount point, the process's first.
fn levels(mount_point: &str, below: &str) -> Vec<String> {
    let mut dirs = vec![format!("{mount_point}{below}")];
    let mut rest = below;
    while let Some(cut) = rest.rfind('/') {
        rest = &rest[..cut];
        dirs.push(format!("{mount_point}{rest}"));
    }
    dirs
}

/// A number from a cgroup file; `None` for `max` (no limit), for v1's "no limit" (a number
/// near 2^63) and for a file that is missing or unreadable.
fn read_number(read: &impl Fn(&str) -> Option<String>, path: &str) -> Option<u64> {
    read(path)?
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|&bytes| bytes < 1 << 60)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn limit_in(cgroups: &str, mounts: &str, files: &[(&str, &str)]) -> Option<CgroupLimit> {
        let files: HashMap<&str, &str> = files.iter().copied().collect();
        cgroup_limit_in(cgroups, mounts, |path| {
            files.get(path).map(|text| text.to_string())
        })
    }

    /// The limit `max` of the cgroup at `dir`, of the version whose limit file is there.
    fn limit(max: u64, dir: &str, version: &'static Version) -> Option<CgroupLimit> {
        Some(CgroupLimit {
            max,
            dir: dir.to_string(),
            version,
        })
    }

    const V2_MOUNT: &str =
        "30 23 0:26 / /sys/fs/cgroup rw,nosuid shared:4 - cgroup2 cgroup2 rw,nsdelegate\n";

    #[test]
    fn a_v2_limit_on_an_ancestor_counts() {
        let cgroups = "0::/user.slice/job.scope\n";
        let files = [
            ("/sys/fs/cgroup/user.slice/job.scope/memory.max", "max\n"),
            (
                "/sys/fs/cgroup/user.slice/job.scope/memory.current",
                "1000\n",
            ),
            ("/sys/fs/cgroup/user.slice/memory.max", "8000\n"),
            ("/sys/fs/cgroup/user.slice/memory.current", "3000\n"),
        ];
        assert_eq!(
            limit_in(cgroups, V2_MOUNT, &files),
            limit(8000, "/sys/fs/cgroup/user.slice", &V2)
        );
        // The own level wins when it leaves less room.
        let mut tighter = files.to_vec();
        tighter[0].1 = "5000\n";
        assert_eq!(
            limit_in(cgroups, V2_MOUNT, &tighter),
            limit(5000, "/sys/fs/cgroup/user.slice/job.scope", &V2)
        );
        // `max` everywhere: no limit.
        assert_eq!(limit_in(cgroups, V2_MOUNT, &files[..2]), None);
    }

    #[test]
    fn inactive_page_cache_is_room() {
        // v1: 900 used, of which 600 inactive page cache (counted over the descendants).
        let files: HashMap<&str, &str> = [
            ("/g/memory.usage_in_bytes", "900\n"),
            (
                "/g/memory.stat",
                "cache 700\ninactive_file 10\ntotal_inactive_file 600\n",
            ),
            ("/h/memory.current", "900\n"),
            ("/h/memory.stat", "anon 100\nfile 800\ninactive_file 500\n"),
        ]
        .into_iter()
        .collect();
        let read = |path: &str| files.get(path).map(|text| text.to_string());
        assert_eq!(working_set(&read, "/g", &V1), 300);
        assert_eq!(working_set(&read, "/h", &V2), 400);
        // No stat file: all of the use counts; no use file: nothing does.
        assert_eq!(working_set(&read, "/none", &V2), 0);
        let no_stat = |path: &str| (path == "/h/memory.current").then(|| "900".to_string());
        assert_eq!(working_set(&no_stat, "/h", &V2), 900);
    }

    #[test]
    fn a_hybrid_host_keeps_memory_in_v1() {
        // The unified hierarchy is mounted but carries no memory controller (no memory.max);
        // the v1 memory hierarchy holds the limit, at the process's own cgroup.
        let cgroups = "4:memory:/process_api/abc\n1:cpu:/\n0::/\n";
        let mounts = "25 24 0:22 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n\
                      26 24 0:23 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n\
                      27 24 0:24 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n";
        let files = [
            (
                "/sys/fs/cgroup/memory/process_api/abc/memory.limit_in_bytes",
                "314572800\n",
            ),
            (
                "/sys/fs/cgroup/memory/process_api/memory.limit_in_bytes",
                "9223372036854771712\n",
            ),
            (
                "/sys/fs/cgroup/memory/memory.limit_in_bytes",
                "9223372036854771712\n",
            ),
        ];
        assert_eq!(
            limit_in(cgroups, mounts, &files),
            limit(314572800, "/sys/fs/cgroup/memory/process_api/abc", &V1)
        );
    }

    #[test]
    fn a_container_mount_shows_its_own_cgroup() {
        // Docker on v1 without a cgroup namespace: the path is the host's, the mount's root
        // is the container's cgroup, mounted at the usual place.
        let cgroups = "9:cpuset:/docker/f00d\n7:memory,hugetlb:/docker/f00d\n";
        let mounts =
            "200 190 0:40 /docker/f00d /sys/fs/cgroup/memory ro - cgroup cgroup rw,memory,hugetlb\n";
        let files = [("/sys/fs/cgroup/memory/memory.limit_in_bytes", "2147483648")];
        assert_eq!(
            limit_in(cgroups, mounts, &files),
            limit(2147483648, "/sys/fs/cgroup/memory", &V1)
        );
        // With a cgroup namespace (v2): the path is `/`, the mount is the container's.
        let files = [("/sys/fs/cgroup/memory.max", "1073741824\n")];
        assert_eq!(
            limit_in("0::/\n", V2_MOUNT, &files),
            limit(1073741824, "/sys/fs/cgroup", &V2)
        );
    }

    #[test]
    fn what_is_not_a_memory_limit_is_ignored() {
        // A v1 hierarchy without the memory controller, a path the mount does not show
        // (`/a` is not below `/ab`), unreadable files and nonsense lines.
        let mounts = "25 24 0:22 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n\
                      26 24 0:23 /ab /mnt rw - cgroup2 cgroup2 rw\n";
        let files = [
            ("/sys/fs/cgroup/cpu/memory.limit_in_bytes", "1000"),
            ("/mnt/memory.max", "1000"),
        ];
        assert_eq!(limit_in("3:cpu:/\n0::/a\nnonsense\n", mounts, &files), None);
        assert_eq!(levels("/m", "/a/b"), ["/m/a/b", "/m/a", "/m"]);
        assert_eq!(relative_to("/ab/c/", "/ab"), Some("/c"));
        assert_eq!(relative_to("/abc", "/ab"), None);
        assert_eq!(relative_to("/", "/"), Some(""));
    }
}
