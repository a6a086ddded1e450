"""The one output writer (exactcube.output): regular files only, symlinks written through,
modes kept, umask honoured, whole-or-nothing writes, '-' for standard output."""

import os
import stat

import pytest

from exactcube.errors import BadInput
from exactcube.output import check_destination, open_output, output_path, write_json, write_text


def _no_temp_left(folder):
    return not [p for p in os.listdir(folder) if p.startswith(".exactcube-")]


def test_writes_and_replaces_a_regular_file(tmp_path):
    target = tmp_path / "a.txt"
    write_text(str(target), "one")
    assert target.read_text() == "one\n"
    write_json(str(target), {"x": [1, 2]})
    assert target.read_text() == '{\n  "x": [\n    1,\n    2\n  ]\n}\n'
    assert _no_temp_left(tmp_path)


def test_interrupted_write_leaves_the_old_file(tmp_path):
    target = tmp_path / "keep.json"
    target.write_text("old contents\n")
    with pytest.raises(KeyboardInterrupt):
        with open_output(str(target)) as f:
            f.write("half of the new")
            raise KeyboardInterrupt
    assert target.read_text() == "old contents\n"
    assert _no_temp_left(tmp_path)
    with pytest.raises(RuntimeError):
        with output_path(str(target)) as tmp:
            with open(tmp, "w") as g:
                g.write("partial")
            raise RuntimeError("writer failed")
    assert target.read_text() == "old contents\n"
    assert _no_temp_left(tmp_path)


def test_symlink_is_written_through(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_text(str(link), "new")
    assert link.is_symlink(), "the link itself must stay a link"
    assert real.read_text() == "new\n"
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "made-by-writing.txt")
    write_text(str(dangling), "x")
    assert dangling.is_symlink() and (tmp_path / "made-by-writing.txt").read_text() == "x\n"


def test_symlink_loop_refused(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.symlink_to(b)
    b.symlink_to(a)
    with pytest.raises(BadInput, match="loop"):
        check_destination(str(a))


def test_existing_mode_is_kept(tmp_path):
    target = tmp_path / "shared.txt"
    target.write_text("old\n")
    os.chmod(target, 0o664)
    write_text(str(target), "new")
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o664
    os.chmod(target, 0o640)
    write_text(str(target), "newer")
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640


@pytest.mark.parametrize("umask", [0o022, 0o002, 0o077])
def test_new_file_honours_the_umask(tmp_path, umask):
    old = os.umask(umask)
    try:
        target = tmp_path / f"new-{umask:o}.txt"
        write_text(str(target), "x")
        with output_path(str(tmp_path / f"fig-{umask:o}.png"), suffix=".png") as tmp:
            with open(tmp, "wb") as f:
                f.write(b"\x89PNG")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o666 & ~umask
    assert stat.S_IMODE(os.stat(tmp_path / f"fig-{umask:o}.png").st_mode) == 0o666 & ~umask


def test_fifo_refused(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(BadInput, match="FIFO"):
        write_text(str(fifo), "x")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_device_node_refused(tmp_path):
    node = tmp_path / "null-copy"
    dev = os.stat("/dev/null").st_rdev
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, dev)
    except (PermissionError, OSError) as exc:
        pytest.skip(f"cannot make a device node here: {exc}")
    with pytest.raises(BadInput, match="device"):
        write_json(str(node), {"a": 1})
    assert stat.S_ISCHR(os.lstat(node).st_mode), "the node must stay a device"
    link = tmp_path / "to-node"
    link.symlink_to(node)
    with pytest.raises(BadInput, match="device"):
        check_destination(str(link))


@pytest.mark.parametrize("name", ["", ".", "..", "sub/", "sub/.."])
def test_folder_names_refused(tmp_path, name, monkeypatch):
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BadInput):
        write_text(name, "x")
    assert _no_temp_left(tmp_path) and _no_temp_left(tmp_path / "sub")


def test_bad_destinations_refused(tmp_path):
    (tmp_path / "adir").mkdir()
    (tmp_path / "afile").write_text("x")
    cases = {
        str(tmp_path / "adir"): "folder",
        str(tmp_path / "missing" / "x.json"): "does not exist",
        str(tmp_path / "afile" / "x.json"): "not a folder",
        str(tmp_path / ("n" * 300)): "too long",
        str(tmp_path / "nul\0byte"): "NUL",
    }
    for path, why in cases.items():
        with pytest.raises(BadInput, match=why):
            check_destination(path)


def _as_nobody(code):
    """Run python ``code`` as the unprivileged user 65534 (when this test runs as root and setpriv exists)."""
    import shutil
    import subprocess
    import sys

    if os.geteuid() != 0 or not shutil.which("setpriv"):
        return None
    return subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", code],
                          capture_output=True, text=True, timeout=120)


def test_unwritable_folder_and_read_only_file_refused():
    import tempfile

    base = tempfile.mkdtemp(prefix="exactcube-ro-")  # under /tmp, reachable by an unprivileged user
    try:
        os.chmod(base, 0o777)  # writable by the unprivileged user: only ro/ and rofile are not
        ro = os.path.join(base, "ro")
        os.mkdir(ro, 0o555)
        os.chmod(ro, 0o555)
        rofile = os.path.join(base, "rofile")
        open(rofile, "w").close()
        os.chmod(rofile, 0o444)
        if os.geteuid() != 0:
            with pytest.raises(BadInput, match="not writable"):
                check_destination(os.path.join(ro, "x.json"))
            with pytest.raises(BadInput, match="read-only"):
                check_destination(rofile)
            return
        code = ("from exactcube.output import check_destination\n"
                "for p in (%r, %r):\n"
                "    try:\n        check_destination(p)\n    except Exception as e:\n        print(e)\n"
                % (os.path.join(ro, "x.json"), rofile))
        r = _as_nobody(code)
        if r is None:
            pytest.skip("running as root without setpriv: every folder is writable")
        assert r.returncode == 0, r.stderr
        lines = r.stdout.splitlines()
        assert len(lines) == 2 and "is not writable" in lines[0] and "is read-only" in lines[1], r.stdout
    finally:
        os.chmod(os.path.join(base, "ro"), 0o755)
        import shutil

        shutil.rmtree(base)


def test_dash_is_standard_output(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_json("-", {"k": 1})
    assert capsys.readouterr().out == '{\n  "k": 1\n}\n'
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("target", ["/proc/x.json", "/sys/x.json"])
def test_pseudo_file_system_folder_refused_before_the_work(target, cli):
    """/proc and /sys pass os.access(W_OK) for root but refuse new files: the early check must try."""
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        pytest.skip(f"no {folder} here")
    with pytest.raises(BadInput, match="no file can be created|not writable"):
        check_destination(target, "--json")
    code, text = cli(["race", "5", "6", "--json", target])
    assert code == 2 and "chance you win" not in text, text
