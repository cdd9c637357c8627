"""The school-lab kit: installers and README offline; with UNWIND_KIT_E2E=1, a real kit installed offline."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
E2E = os.environ.get("UNWIND_KIT_E2E") == "1"
e2e = pytest.mark.skipif(
    not E2E, reason="builds kits from the package registry: set UNWIND_KIT_E2E=1 (CI does)"
)


NO_NETWORK = (
    "import pathlib, sys; lines = pathlib.Path('/proc/self/net/dev').read_text().splitlines()[2:]; "
    "sys.exit(sorted(line.split(':')[0].strip() for line in lines) != ['lo'])"
)
"""Exits 0 only in a network namespace whose one interface is loopback: the network is cut off."""


def load_tool() -> ModuleType:
    """tools/offline_kit.py as a module (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("offline_kit", ROOT / "tools" / "offline_kit.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["offline_kit"] = module
    spec.loader.exec_module(module)
    return module


kit_tool = load_tool()


def no_pip_settings() -> dict[str, str]:
    """This environment without pip's variables or configuration files: only the kit may be read."""
    environment = {name: value for name, value in os.environ.items() if not name.startswith("PIP_")}
    environment["PIP_CONFIG_FILE"] = os.devnull
    return environment


def plain_python() -> Path:
    """A Python outside any virtual environment (the one this test's environment was made from)."""
    return Path(sys.base_prefix) / "bin" / "python3"


def fake_python(folder: Path, log: Path) -> Path:
    """A `python` that records a `-m pip` call in `log` and runs everything else with a plain Python."""
    script = folder / "python-for-test"
    script.write_text(
        "#!/bin/sh\n"
        f'if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then echo "$@" > "{log}"; exit 0; fi\n'
        f'exec "{plain_python()}" "$@"\n'
    )
    script.chmod(0o755)
    return script


def test_a_manylinux_kit_takes_wheels_for_every_older_glibc_and_no_newer() -> None:
    tags = kit_tool.manylinux_tags(28, "x86_64")
    assert tags[0] == "manylinux_2_28_x86_64"
    assert {
        "manylinux_2_17_x86_64",
        "manylinux2014_x86_64",
        "manylinux2010_x86_64",
        "manylinux1_x86_64",
    } <= set(tags)
    assert "manylinux_2_29_x86_64" not in tags and all("aarch64" not in tag for tag in tags)


def test_install_sh_installs_from_the_kit_alone_for_this_user_and_adds_a_menu_entry(tmp_path: Path) -> None:
    kit = tmp_path / "kit"
    kit.mkdir()
    kit_tool.write_text(kit / "install.sh", kit_tool.install_sh(), executable=True)
    log = tmp_path / "pip.log"
    environment = {**no_pip_settings(), "PYTHON": str(fake_python(tmp_path, log))}
    environment.update(HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "data"))
    done = subprocess.run(["sh", str(kit / "install.sh")], env=environment, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert log.read_text().split() == [
        "-m",
        "pip",
        "install",
        "--user",
        "--no-index",
        "--find-links",
        str(kit),
        "unwind",
    ]
    entry = (tmp_path / "data" / "applications" / "unwind.desktop").read_text()
    assert f'Exec="{plain_python()}" -m visualizer' in entry
    assert "Unwind를 설치했습니다" in done.stdout and "Unwind 已安装" in done.stdout


def test_install_sh_inside_a_virtual_environment_installs_there_not_for_the_user(tmp_path: Path) -> None:
    kit = tmp_path / "kit"
    kit.mkdir()
    kit_tool.write_text(kit / "install.sh", kit_tool.install_sh(), executable=True)
    venv = tmp_path / "venv"
    subprocess.run([str(plain_python()), "-m", "venv", "--without-pip", str(venv)], check=True)
    log = tmp_path / "pip.log"
    script = tmp_path / "venv-python"
    script.write_text(
        "#!/bin/sh\n"
        f'if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then echo "$@" > "{log}"; exit 0; fi\n'
        f'exec "{venv / "bin" / "python"}" "$@"\n'
    )
    script.chmod(0o755)
    environment = {**no_pip_settings(), "PYTHON": str(script), "HOME": str(tmp_path / "home")}
    environment["XDG_DATA_HOME"] = str(tmp_path / "data")
    done = subprocess.run(["sh", str(kit / "install.sh")], env=environment, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "--user" not in log.read_text().split()
    assert (
        f'Exec="{venv / "bin" / "python"}" -m visualizer'
        in (tmp_path / "data/applications/unwind.desktop").read_text()
    )


def test_install_sh_without_a_suitable_python_says_so_in_three_languages_and_exits_1(tmp_path: Path) -> None:
    kit = tmp_path / "kit"
    kit.mkdir()
    kit_tool.write_text(kit / "install.sh", kit_tool.install_sh(), executable=True)
    tools = tmp_path / "bin"
    tools.mkdir()
    for name in ("dirname",):
        (tools / name).symlink_to(shutil.which(name) or f"/usr/bin/{name}")
    environment = {"PATH": str(tools), "PYTHON": str(tmp_path / "no-such-python"), "HOME": str(tmp_path)}
    done = subprocess.run(
        ["/bin/sh", str(kit / "install.sh")], env=environment, capture_output=True, text=True
    )
    assert done.returncode == 1
    assert "Python 3.11, 3.12 or 3.13" in done.stdout
    assert "먼저 Python" in done.stdout and "请先安装 Python" in done.stdout


def test_install_bat_is_crlf_and_runs_a_user_install_from_its_own_folder_only() -> None:
    text = kit_tool.install_bat()
    assert "\n" not in text.replace("\r\n", "")
    assert '-m pip install --user --no-index --find-links "%~dp0." unwind' in text
    assert "for %%v in (3.13 3.12 3.11)" in text
    assert "CreateShortcut" in text and "'-m visualizer'" in text
    assert "chcp 65001" in text


def test_the_kit_readme_is_the_school_lab_section_in_english_korean_and_chinese() -> None:
    text = kit_tool.kit_readme()
    english, korean, chinese = text.split("-" * 72)
    assert (
        english.strip().startswith("## Installing in a school lab") and "## The command line" not in english
    )
    assert "컴퓨터실에 설치하기" in korean and "관리자 권한" in korean
    assert "在机房安装" in chinese and "管理员权限" in chinese
    for part in (english, korean, chinese):
        assert "--user --no-index --find-links . unwind" in part


def test_an_unknown_extra_or_platform_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for words in (["out", "--extras", "bench"], ["out", "--platform", "amiga"], ["out", "--python", "3.10"]):
        with pytest.raises(SystemExit) as stop:
            kit_tool.parse_arguments(words)
        assert stop.value.code == 2
    assert "unknown extras: bench" in capsys.readouterr().err


def supported_pythons() -> list[Path]:
    """Plain interpreters of Python 3.11, 3.12 and 3.13 on this machine: this one's base and pyenv's."""
    found = [plain_python()]
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    for version in ("3.11", "3.12", "3.13"):
        if version != f"{sys.version_info.major}.{sys.version_info.minor}":
            found += sorted(pyenv.glob(f"{version}.*/bin/python3"))[-1:]
    return found


@e2e
@pytest.mark.parametrize("python", supported_pythons(), ids=lambda path: path.parent.parent.name)
def test_this_machines_kit_installs_with_the_network_cut_off_and_runs(tmp_path: Path, python: Path) -> None:
    if shutil.which("unshare") is None:
        pytest.fail("unshare (util-linux) is needed to cut the network off")
    version = subprocess.run(
        [str(python), "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert kit_tool.main([str(tmp_path / "kits"), "--platform", "this", "--python", version]) == 0
    (kit,) = (tmp_path / "kits").iterdir()
    venv, shot = tmp_path / "venv", tmp_path / "queens.png"
    steps = [
        f"{python} -c {NO_NETWORK!r}",
        f"{python} -m venv {venv}",
        f"PYTHON={venv}/bin/python sh {kit}/install.sh",
        f"{venv}/bin/unwind --help",
        f"SDL_VIDEODRIVER=dummy {venv}/bin/unwind queens --frames 5 --screenshot {shot}",
        f"{venv}/bin/python -m solvers queens 6 --count",
    ]
    environment = {
        **no_pip_settings(),
        "HOME": str(tmp_path / "home"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    done = subprocess.run(
        ["unshare", "-n", "sh", "-ec", " && ".join(steps)], env=environment, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "usage: unwind" in done.stdout and done.stdout.strip().endswith("4")
    assert shot.stat().st_size > 1000 and shot.read_bytes()[:4] == b"\x89PNG"
    installed = subprocess.run([str(venv / "bin" / "python"), "-c", "import pygame, numpy, unwind_assets"])
    assert installed.returncode == 0


@e2e
def test_the_windows_and_macos_kits_have_a_wheel_of_everything_for_every_python(tmp_path: Path) -> None:
    platforms = ["win_amd64", "macosx_11_0_arm64", "macosx_10_13_x86_64"]
    words = [str(tmp_path), *(word for name in platforms for word in ("--platform", name))]
    assert kit_tool.main(words) == 0
    for name in platforms:
        kit = tmp_path / name
        assert kit_tool.check_kit(kit) == []
        wheels = [path.name for path in kit.glob("*.whl")]
        for python in ("311", "312", "313"):
            for compiled in ("pygame_ce", "numpy", "pillow"):
                assert any(wheel.startswith(compiled) and f"cp{python}" in wheel for wheel in wheels), (
                    name,
                    compiled,
                )
    (gap,) = (tmp_path / "win_amd64").glob("numpy-*-cp313-*.whl")
    gap.unlink()
    assert kit_tool.check_kit(tmp_path / "win_amd64") == [
        "win_amd64, Python 3.13: pip cannot install unwind from the kit alone"
    ]
