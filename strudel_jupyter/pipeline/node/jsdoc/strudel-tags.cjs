// strudel-jupyter's jsdoc plugin for the two custom block tags Strudel's sources use.
//
// Strudel's reference tab reads `synonyms`, `synonyms_text` and string `tags` from
// doc.json, so both tags must land on the doclet as plain fields, not in jsdoc's
// generic `tags` list of unknown-tag objects:
//   @synonyms a, b c  -> synonyms_text: "a, b c", synonyms: ["a", "b", "c"]
//   @tags x, y        -> tags: ["x", "y"]
// Commas and spaces both separate values. `@tags` replaces any tags gathered so far;
// unknown tags that come after it (e.g. @superdirtOnly) are appended by jsdoc as
// objects, which is the mixed shape Strudel's own doc.json has.
'use strict';

const SEPARATORS = /[ ,]+/;

function defineTags(dictionary) {
  dictionary.defineTag('synonyms', {
    mustHaveValue: true,
    onTagged(doclet, tag) {
      doclet.synonyms_text = tag.value;
      doclet.synonyms = tag.value.split(SEPARATORS);
    },
  });
  dictionary.defineTag('tags', {
    mustHaveValue: true,
    onTagged(doclet, tag) {
      doclet.tags = tag.value.split(SEPARATORS);
    },
  });
}

module.exports = { defineTags };
