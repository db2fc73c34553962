// Shared by the house-rule functions. Spectral lints the bundled documents,
// packages/contracts/bundles/<area>.yaml, so a document's area is its file name.
// (Spectral bundles rulesets to CommonJS, so paths come from the document, not import.meta.)
import path from 'node:path';

export function areaOf(source) {
  return source ? path.basename(source).replace(/\.(ya?ml|json)$/, '') : undefined;
}
