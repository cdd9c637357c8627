"""Build a folder of wheels that installs Unwind in a school lab with no internet and no admin rights.

    python tools/offline_kit.py OUT                              # this machine's platform, Python 3.11-3.13
    python tools/offline_kit.py OUT --platform win_amd64 --platform macosx_11_0_arm64
    python tools/offline_kit.py OUT --platform all --python 3.12 # every platform, one Python
    python tools/offline_kit.py OUT --extras video               # with MP4 export (Dask: --extras dask)
    python tools/offline_kit.py --check OUT/win_amd64            # is the kit complete? (no network)

Each platform gets its own folder, OUT/<platform>/, to copy to a USB stick: Unwind's own wheel, the wheels
of every dependency for each chosen Python (pip download, binary only), install.bat and install.sh (a user
install from that folder alone, then a shortcut where the platform expects one), README.txt in English,
Korean and Chinese, and kit.json (what it holds). Building needs the package registry; installing, nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHONS = ("3.11", "3.12", "3.13")
"""The Pythons Unwind supports, and so the ones a kit carries by default."""
EXTRAS = ("video", "dask")
"""Optional extras a kit can carry; left out unless asked for."""
KIT_README_PARTS = (
    ("README.md", "## Installing in a school lab"),
    ("docs/school-lab.ko.md", None),
    ("docs/school-lab.zh_CN.md", None),
)
"""Where the kit's README.txt comes from: README's own section in English, the Korean and Chinese in docs/."""


@dataclass(frozen=True)
class Platform:
    """A platform a kit is built for: its folder name and the wheel tags pip accepts there."""

    name: str
    tags: tuple[str, ...]


def manylinux_tags(glibc_minor: int, arch: str) -> tuple[str, ...]:
    """Every manylinux tag a glibc 2.`glibc_minor` machine accepts, newest first, with the legacy aliases."""
    aliases = {17: "manylinux2014", 12: "manylinux2010", 5: "manylinux1"}
    tags: list[str] = []
    for minor in range(glibc_minor, 4, -1):
        tags.append(f"manylinux_2_{minor}_{arch}")
        if minor in aliases:
            tags.append(f"{aliases[minor]}_{arch}")
    return tuple(tags)


NAMED_PLATFORMS = {
    "win_amd64": Platform("win_amd64", ("win_amd64",)),
    "macosx_11_0_arm64": Platform("macosx_11_0_arm64", ("macosx_11_0_arm64",)),
    "macosx_10_13_x86_64": Platform("macosx_10_13_x86_64", ("macosx_10_13_x86_64",)),
    "manylinux_2_28_x86_64": Platform("manylinux_2_28_x86_64", manylinux_tags(28, "x86_64")),
    "manylinux_2_28_aarch64": Platform("manylinux_2_28_aarch64", manylinux_tags(28, "aarch64")),
}
"""The platforms a school lab is likely to have; pip widens a macOS tag to older releases by itself."""


def this_platform() -> Platform:
    """The platform of the machine running this, with every wheel tag it accepts."""
    from packaging.tags import platform_tags

    name = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return Platform(f"this_{name}", tuple(platform_tags()))


def chosen_platforms(names: Sequence[str]) -> list[Platform]:
    """The platforms named on the command line ('this' and 'all' included), in order, without repeats."""
    chosen: dict[str, Platform] = {}
    for name in names or ["this"]:
        if name == "all":
            chosen.update(NAMED_PLATFORMS)
        elif name == "this":
            platform = this_platform()
            chosen[platform.name] = platform
        else:
            chosen[name] = NAMED_PLATFORMS[name]
    return list(chosen.values())


def requirement(wheel: Path, extras: Sequence[str]) -> str:
    """The requirement that names Unwind's own wheel, with the extras asked for."""
    suffix = f"[{','.join(extras)}]" if extras else ""
    return f"unwind{suffix} @ {wheel.resolve().as_uri()}"


def pip_platform_options(platform: Platform, python: str) -> list[str]:
    """pip's options that pick binary wheels for `platform` and CPython `python`."""
    options = ["--only-binary=:all:", "--implementation", "cp", "--python-version", python]
    for tag in platform.tags:
        options += ["--platform", tag]
    return options


def run_pip(arguments: Sequence[str], *, isolated: bool = False) -> None:
    """Run this Python's pip; `isolated` ignores pip's configuration (files and variables): the kit alone."""
    environment = dict(os.environ)
    if isolated:
        environment = {name: value for name, value in environment.items() if not name.startswith("PIP_")}
        environment["PIP_CONFIG_FILE"] = os.devnull
    command = [sys.executable, "-m", "pip", "--disable-pip-version-check", *arguments]
    subprocess.run(command, check=True, env=environment)


def build_unwind_wheel(destination: Path) -> Path:
    """Build Unwind's own wheel from this checkout into `destination` and return its path."""
    with tempfile.TemporaryDirectory() as scratch:
        run_pip(["wheel", "--quiet", "--no-deps", "--wheel-dir", scratch, str(ROOT)])
        (built,) = Path(scratch).glob("unwind-*.whl")
        destination.mkdir(parents=True, exist_ok=True)
        return Path(shutil.copy2(built, destination / built.name))


def download(kit: Path, platform: Platform, pythons: Sequence[str], wanted: str) -> None:
    """Download the binary wheels of `wanted` and all it needs into `kit`, for every Python."""
    for python in pythons:
        run_pip(["download", "--quiet", "--dest", str(kit), *pip_platform_options(platform, python), wanted])


def unresolved(kit: Path, platform: Platform, python: str, extras: Sequence[str]) -> list[str]:
    """What installing from `kit` alone lacks for `platform` and `python` (empty when nothing is missing).

    pip resolves the install from the kit's folder with no index and no configuration, into the kit itself,
    so it finds every wheel already there; pip 23's `install --dry-run` would judge Requires-Python by the
    running interpreter instead of `python`.
    """
    wanted = f"unwind[{','.join(extras)}]" if extras else "unwind"
    before = sorted(kit.iterdir())
    options = ["download", "--quiet", "--no-index", "--find-links", str(kit), "--dest", str(kit)]
    try:
        run_pip([*options, *pip_platform_options(platform, python), wanted], isolated=True)
    except subprocess.CalledProcessError:
        return [f"{platform.name}, Python {python}: pip cannot install {wanted} from the kit alone"]
    added = sorted(set(kit.iterdir()) - set(before))
    return [f"{platform.name}, Python {python}: {path.name} was not in the kit" for path in added]


def installer_messages() -> dict[str, str]:
    """What the installers say, in English, Korean and Chinese (one line per language)."""
    return {
        "start": (
            "Installing Unwind from this folder... / "
            "이 폴더에서 Unwind를 설치합니다... / 正在从本文件夹安装 Unwind..."
        ),
        "no_python": (
            "Python 3.11, 3.12 or 3.13 is needed first (see README.txt). / "
            "먼저 Python 3.11, 3.12, 3.13 중 하나가 필요합니다 (README.txt 참고). / "
            "请先安装 Python 3.11、3.12 或 3.13（见 README.txt）。"
        ),
        "failed": (
            "The installation failed; the lines above say why. / "
            "설치하지 못했습니다. 위의 내용에 이유가 있습니다. / 安装失败，原因见上面的输出。"
        ),
        "done": (
            "Unwind is installed: open it from the Unwind shortcut. / "
            "Unwind를 설치했습니다. Unwind 바로 가기로 여세요. / Unwind 已安装：请从 Unwind 快捷方式打开。"
        ),
    }


def install_sh() -> str:
    """The installer for Linux and macOS: a user install from the kit's folder, then a menu entry or app."""
    says = installer_messages()
    return f"""#!/bin/sh
# Unwind offline installer for Linux and macOS: installs from this folder only, for this user (no admin).
# Another Python: PYTHON=/path/to/python3 sh install.sh. Inside a virtual environment it installs there.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
say() {{ printf '%s\\n' "$1"; }}
find_python() {{
  for candidate in ${{PYTHON:-}} python3.13 python3.12 python3.11 python3 python; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c \\
      'import sys; sys.exit(0 if (3, 11) <= sys.version_info[:2] <= (3, 13) else 1)' 2>/dev/null; then
      command -v "$candidate"; return 0
    fi
  done
  return 1
}}
PY=$(find_python) || {{ say "{says["no_python"]}"; exit 1; }}
say "{says["start"]}"
USER_FLAG=--user
if "$PY" -c 'import sys; sys.exit(0 if sys.prefix != sys.base_prefix else 1)'; then USER_FLAG=; fi
"$PY" -m pip install $USER_FLAG --no-index --find-links "$HERE" unwind ||
  {{ say "{says["failed"]}"; exit 1; }}
PY=$("$PY" -c 'import sys; print(sys.executable)')
if [ "$(uname -s)" = Darwin ]; then
  APP="$HOME/Applications/Unwind.app/Contents"
  mkdir -p "$APP/MacOS"
  printf '#!/bin/sh\\nexec "%s" -m visualizer "$@"\\n' "$PY" > "$APP/MacOS/Unwind"
  chmod +x "$APP/MacOS/Unwind"
  printf '%s\\n' '<?xml version="1.0" encoding="UTF-8"?>' \\
    '<plist version="1.0"><dict><key>CFBundleName</key><string>Unwind</string>' \\
    '<key>CFBundleExecutable</key><string>Unwind</string>' \\
    '<key>CFBundleIdentifier</key><string>org.unwind.app</string></dict></plist>' > "$APP/Info.plist"
else
  MENU="${{XDG_DATA_HOME:-$HOME/.local/share}}/applications"
  mkdir -p "$MENU"
  printf '%s\\n' '[Desktop Entry]' 'Type=Application' 'Name=Unwind' \\
    'Comment=Recursion and backtracking, step by step' "Exec=\\"$PY\\" -m visualizer" \\
    'Categories=Education;' 'Terminal=false' > "$MENU/unwind.desktop"
fi
say "{says["done"]}"
"""


def install_bat() -> str:
    """The installer for Windows: a user install from the kit's folder, then Desktop and Start shortcuts."""
    says = installer_messages()
    shortcut = (
        "$w = New-Object -ComObject WScript.Shell; "
        "foreach ($f in @([Environment]::GetFolderPath('Desktop'), "
        "[Environment]::GetFolderPath('Programs'))) "
        "{ $s = $w.CreateShortcut((Join-Path $f 'Unwind.lnk')); $s.TargetPath = $env:PYW; "
        "$s.Arguments = '-m visualizer'; $s.Save() }"
    )
    lines = [
        "@echo off",
        "rem Unwind offline installer for Windows: from this folder only, for this user (no admin rights).",
        "chcp 65001 >nul",
        "setlocal",
        'set "PY="',
        'for %%v in (3.13 3.12 3.11) do if not defined PY py -%%v -c "" >nul 2>nul && set "PY=py -%%v"',
        'if not defined PY python -c "import sys; sys.exit(0 if (3, 11) <= sys.version_info[:2] <= (3, 13) '
        'else 1)" >nul 2>nul && set "PY=python"',
        f"if not defined PY (echo {says['no_python']}& pause & exit /b 1)",
        f"echo {says['start']}",
        '%PY% -m pip install --user --no-index --find-links "%~dp0." unwind',
        f"if errorlevel 1 (echo {says['failed']}& pause & exit /b 1)",
        'for /f "delims=" %%i in (\'%PY% -c "import sys, pathlib; '
        "print(pathlib.Path(sys.executable).with_name('pythonw.exe'))\"') do set \"PYW=%%i\"",
        f'powershell -NoProfile -ExecutionPolicy Bypass -Command "{shortcut}"',
        f"echo {says['done']}",
        "pause",
    ]
    return "\r\n".join(lines) + "\r\n"


def markdown_section(text: str, heading: str | None) -> str:
    """The part of a Markdown text from `heading` to the next heading of its level (all of it for None)."""
    if heading is None:
        return text.strip()
    level = heading.split(" ", 1)[0]
    start = text.index(heading)
    rest = text[start + len(heading) :]
    following = re.search(rf"^{re.escape(level)} ", rest, flags=re.MULTILINE)
    return (heading + rest[: following.start() if following else None]).strip()


def kit_readme() -> str:
    """README.txt of a kit: the school-lab instructions in English, Korean and Chinese."""
    parts = [
        markdown_section((ROOT / path).read_text(encoding="utf-8"), heading)
        for path, heading in KIT_README_PARTS
    ]
    return ("\n\n" + "-" * 72 + "\n\n").join(parts) + "\n"


def write_text(path: Path, text: str, *, executable: bool = False) -> None:
    """Write a kit file as UTF-8 bytes exactly as given (CRLF kept for Windows)."""
    path.write_bytes(text.encode("utf-8"))
    if executable:
        path.chmod(0o755)


def manifest(
    kit: Path, platform: Platform, pythons: Sequence[str], extras: Sequence[str]
) -> dict[str, object]:
    """kit.json: what the kit is for and every wheel in it with its size and SHA-256."""
    wheels = sorted(kit.glob("*.whl"))
    return {
        "platform": platform.name,
        "platform_tags": list(platform.tags),
        "pythons": list(pythons),
        "extras": list(extras),
        "wheels": [
            {"file": wheel.name, "bytes": wheel.stat().st_size, "sha256": sha256(wheel)} for wheel in wheels
        ],
        "bytes": sum(wheel.stat().st_size for wheel in wheels),
    }


def sha256(path: Path) -> str:
    """The file's SHA-256 in hex."""
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def build_kit(
    out: Path, platform: Platform, pythons: Sequence[str], extras: Sequence[str], unwind_wheel: Path
) -> Path:
    """Fill OUT/<platform>/ with the wheels, installers, README and manifest; return that folder."""
    kit = out / platform.name
    kit.mkdir(parents=True, exist_ok=True)
    shutil.copy2(unwind_wheel, kit / unwind_wheel.name)
    download(kit, platform, pythons, requirement(kit / unwind_wheel.name, extras))
    write_text(kit / "install.sh", install_sh(), executable=True)
    write_text(kit / "install.bat", install_bat())
    write_text(kit / "README.txt", kit_readme())
    facts = manifest(kit, platform, pythons, extras)
    write_text(kit / "kit.json", json.dumps(facts, indent=2) + "\n")
    return kit


def check_kit(kit: Path) -> list[str]:
    """Every gap of a built kit, checked offline against its own kit.json (empty when complete)."""
    facts = json.loads((kit / "kit.json").read_text(encoding="utf-8"))
    platform = Platform(facts["platform"], tuple(facts["platform_tags"]))
    problems: list[str] = []
    for python in facts["pythons"]:
        problems += unresolved(kit, platform, python, facts["extras"])
    return problems


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line; a bad platform, Python or extra is one line and exit 2."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("out", type=Path, help="the folder to build the kits in (or, with --check, a kit)")
    choices = ["this", "all", *NAMED_PLATFORMS]
    parser.add_argument("--platform", action="append", choices=choices, default=[], help="default: this")
    parser.add_argument("--python", action="append", choices=PYTHONS, default=[], help="default: all three")
    parser.add_argument("--extras", default="", help="comma-separated: video, dask (default: none)")
    parser.add_argument("--check", action="store_true", help="only check that a built kit is complete")
    args = parser.parse_args(argv)
    args.extras = [extra for extra in args.extras.split(",") if extra]
    if unknown := sorted(set(args.extras) - set(EXTRAS)):
        parser.error(f"unknown extras: {', '.join(unknown)} (choose from {', '.join(EXTRAS)})")
    return args


def size_line(kit: Path) -> str:
    """One line of a built kit: its folder, wheel count and size."""
    facts = json.loads((kit / "kit.json").read_text(encoding="utf-8"))
    return f"{kit}: {len(facts['wheels'])} wheels, {facts['bytes'] / 1e6:.0f} MB"


def report(problems: Iterable[str]) -> int:
    """Print the problems of the checked kits; 0 when there are none, else 1."""
    problems = list(problems)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Build (or only check) the kits the command line asks for."""
    args = parse_arguments(argv)
    if args.check:
        return report(check_kit(args.out))
    pythons = args.python or list(PYTHONS)
    built: list[Path] = []
    with tempfile.TemporaryDirectory() as scratch:
        unwind_wheel = build_unwind_wheel(Path(scratch))
        for platform in chosen_platforms(args.platform):
            built.append(build_kit(args.out, platform, pythons, args.extras, unwind_wheel))
    problems = [problem for kit in built for problem in check_kit(kit)]
    for kit in built:
        print(size_line(kit))
    return report(problems)


if __name__ == "__main__":
    sys.exit(main())
