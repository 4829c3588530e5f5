#!/bin/sh
# The translations after a marked string changed: the template from the sources, each language's
# catalog updated from it (new messages untranslated, none fuzzy), then each checked
# (docs/languages.md). Run from the top of the repository.
set -e
pybabel -q extract -F babel.cfg --no-location --sort-output --add-comments=TRANSLATORS: \
    --project=connect4 --version=0.1.0 --copyright-holder="the Connect Four contributors" \
    -o game/locale/connect4.pot .
pybabel -q update -i game/locale/connect4.pot -d game/locale -D connect4 --no-fuzzy-matching --ignore-pot-creation-date
for lang in de fr es pt_BR; do
    printf '%s: ' "$lang"
    msgfmt --check --statistics -o /dev/null "game/locale/$lang/LC_MESSAGES/connect4.po" 2>&1
done
