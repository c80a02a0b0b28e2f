#!/usr/bin/env bash
# Builds the Debian package of touch-sandbox, offline, into a folder (default
# .build/deb): a self-contained binary (the Swift runtime linked in), its man page, its
# assets, and the kiosk's and show-touches' systemd user units and autostart entries.
#
#   packaging/debian/build-deb.sh [output-folder]
#
# Needs the Swift toolchain, dpkg-dev and, to check the result, lintian (skipped with a
# line when absent). See packaging/debian/README.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
here="$root/packaging/debian"
out=$(mkdir -p "${1:-$root/.build/deb}" && cd "${1:-$root/.build/deb}" && pwd)

# The version: CHANGELOG.md's latest release, with +git<date>.<sha> unless HEAD is tagged.
release=$(sed -n 's/^## \[\([0-9][0-9.]*\)\].*/\1/p' CHANGELOG.md | head -n 1)
commit_date=$(git log -1 --format=%cd --date=format:%Y%m%d)
if git describe --exact-match --tags HEAD >/dev/null 2>&1; then
  version="$release"
else
  version="$release+git$commit_date.$(git rev-parse --short=7 HEAD)"
fi
arch=$(dpkg --print-architecture)
echo "packaging touch-sandbox $version for $arch"

# 1. The man page, from the command's own help, by swift-argument-parser's
#    generate-manual tool (what its `generate-manual` plugin runs). The plugin itself
#    cannot be pointed at one product: it builds every product and asks each one that
#    links ArgumentParser for its help (touch-sandbox-tours would take the flag for the
#    folder to write its tours in). So its tool is built and run on the debug build of
#    touch-sandbox: first, so no debug build can overwrite the static one that follows.
#    The date is the commit's, so a rebuild makes the same page.
swift build --product generate-manual
swift build --product touch-sandbox
manual_folder=$(mktemp -d)
"$(swift build --show-bin-path)/generate-manual" "$(swift build --show-bin-path)/touch-sandbox" \
  --date "$(git log -1 --format=%cd --date=format:%Y-%m-%d)" --section 1 --output-directory "$manual_folder"
manual="$manual_folder/touch-sandbox.1"
[ -s "$manual" ] || { echo "error: the man page was not generated" >&2; exit 1; }

# 2. The binary, with the Swift runtime and Foundation linked in.
swift build -c release --static-swift-stdlib --product touch-sandbox
binary=.build/release/touch-sandbox
if ldd "$binary" | grep -i swift; then
  echo "error: $binary still needs a Swift library (above)" >&2
  exit 1
fi

# 3. The tree.
stage=$(mktemp -d)
trap 'rm -rf "$stage" "$manual_folder"' EXIT
package="$stage/touch-sandbox_${version}_$arch"
install -d "$package/DEBIAN" "$package/usr/bin" "$package/usr/share/man/man1" \
  "$package/usr/share/doc/touch-sandbox" "$package/usr/share/touch-sandbox/assets" \
  "$package/usr/share/touch-sandbox/autostart" "$package/usr/lib/systemd/user"
install -m 0755 "$binary" "$package/usr/bin/touch-sandbox"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$package/usr/bin/touch-sandbox"
# A blank line in the help (between paragraphs) is a paragraph break in the page: mdoc
# wants the macro, and groff warns of each blank line otherwise.
sed 's/^$/.Pp/' "$manual" | gzip -9n > "$package/usr/share/man/man1/touch-sandbox.1.gz"
chmod 0644 "$package/usr/share/man/man1/touch-sandbox.1.gz"
cp assets/drag-tile-*.png "$package/usr/share/touch-sandbox/assets/"
cp -R assets/tours "$package/usr/share/touch-sandbox/assets/tours"
install -m 0644 "$here"/files/*.service "$package/usr/lib/systemd/user/"
install -m 0644 "$here"/files/*.desktop "$package/usr/share/touch-sandbox/autostart/"
install -m 0644 "$here/copyright" "$package/usr/share/doc/touch-sandbox/copyright"
# A native package's changelog, in Debian's format, from CHANGELOG.md's latest release.
{
  echo "touch-sandbox ($version) unstable; urgency=medium"
  echo
  echo "  * Release $release, built from commit $(git rev-parse --short=7 HEAD)."
  echo "    What changed: the project's CHANGELOG.md. What the binary embeds:"
  echo "    /usr/share/doc/touch-sandbox/copyright."
  echo
  echo " -- Touch Sandbox developers <touch-sandbox@users.noreply.github.com>  $(git log -1 --format=%cD)"
} | gzip -9n > "$package/usr/share/doc/touch-sandbox/changelog.gz"
find "$package/usr" -type d -exec chmod 0755 {} +
find "$package/usr/share" -type f -exec chmod 0644 {} +

# 4. Depends: what the binary links (dpkg-shlibdeps), and what it loads or uses at run
#    time that no link shows: libXdamage (dlopen, for frame counting), DejaVu (fontconfig).
shlibs=$(cd "$stage" && mkdir -p debian && printf 'Source: touch-sandbox\n\nPackage: touch-sandbox\nArchitecture: any\n' > debian/control \
  && dpkg-shlibdeps -O "$package/usr/bin/touch-sandbox" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
depends="$shlibs, libxdamage1, fonts-dejavu-core"
size=$(du -sk "$package/usr" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@DEPENDS@/$depends/" -e "s/@SIZE@/$size/" \
  "$here/control.in" > "$package/DEBIAN/control"

# 5. The package, owned by root whoever builds it.
deb="$out/touch-sandbox_${version}_$arch.deb"
dpkg-deb --root-owner-group -Zxz --build "$package" "$deb" >/dev/null
echo "built $deb ($(du -h "$deb" | cut -f1); the binary $(du -h "$package/usr/bin/touch-sandbox" | cut -f1))"

# 6. Debian's checks: no error allowed; the warnings left are explained in README.md here.
if command -v lintian >/dev/null; then
  lintian --fail-on error "$deb"
  echo "lintian: no error"
else
  echo "lintian is not installed: the package was not checked (apt-get install lintian)"
fi
