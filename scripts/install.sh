#!/usr/bin/env bash
# Builds voiceguide in release mode and installs it: the binary to PREFIX/bin and its data (Locales/,
# Phrasebooks/, Examples/Routes/) to PREFIX/share/voiceguide, where the binary finds them from any directory.
# Usage: scripts/install.sh [PREFIX]   (default /usr/local; needs write access to it)
# Needs only the build packages (scripts/setup.sh --build-only), not the test stack.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${1:-/usr/local}"
scripts/setup.sh --build-only
scripts/swift-build.sh -c release --product voiceguide
install -d "$prefix/bin" "$prefix/share/voiceguide/Examples"
install -m 755 .build/release/voiceguide "$prefix/bin/voiceguide"
rm -rf "$prefix/share/voiceguide/Locales" "$prefix/share/voiceguide/Phrasebooks" "$prefix/share/voiceguide/Voices" "$prefix/share/voiceguide/Examples/Routes"
cp -R Locales Phrasebooks Voices "$prefix/share/voiceguide/"
cp -R Examples/Routes "$prefix/share/voiceguide/Examples/"
# Manual pages and shell completions, generated from the help texts by the binary just installed.
bin="$prefix/bin/voiceguide"
install -d "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions" \
  "$prefix/share/fish/vendor_completions.d"
"$bin" help --man > "$prefix/share/man/man1/voiceguide.1"
for command in $("$bin" --help | awk '/^Commands:/ { list = 1; next } list && /^$/ { list = 0 } list && /^  [a-z]/ { print $1 }'); do
  "$bin" help --man "$command" > "$prefix/share/man/man1/voiceguide-$command.1"
done
"$bin" help --completion bash > "$prefix/share/bash-completion/completions/voiceguide"
"$bin" help --completion zsh > "$prefix/share/zsh/site-functions/_voiceguide"
"$bin" help --completion fish > "$prefix/share/fish/vendor_completions.d/voiceguide.fish"
echo "Installed $prefix/bin/voiceguide with data in $prefix/share/voiceguide, manual pages (man voiceguide) and" \
  "bash/zsh/fish completions." >&2
