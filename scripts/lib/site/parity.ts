// The parity report on the reference site: beside each operation, whether an answer recorded
// from the platform confirmed the mock's (with the recording's date), differs, or was never
// seen, and how many of the operation's assumptions (`x-assumed`) the platform confirmed.
import { escapePointerToken, HTTP_METHODS, type Json } from '../openapi.ts';
import { type ParityReport, paritySentence } from '../parity/report.ts';

/** The operation's own assumptions in the report: those under its path and method. */
function assumptionsOf(report: ParityReport, area: string, urlPath: string, method: string) {
  const prefix = `paths/${escapePointerToken(urlPath)}/${method}`;
  return report.assumptions.filter((a) => a.area === area && (a.pointer === prefix || a.pointer.startsWith(`${prefix}/`)));
}

/** The note for one operation, as the site shows it. */
export function parityNote(report: ParityReport, area: string, urlPath: string, method: string, operationId: string): string {
  const entry = report.operations.find((o) => o.operationId === operationId);
  const sentence = entry ? paritySentence(entry) : paritySentence({ status: 'unverified' });
  const assumed = assumptionsOf(report, area, urlPath, method);
  const confirmed = assumed.filter((a) => a.status === 'verified').length;
  const differ = assumed.filter((a) => a.status === 'differs').length;
  const facts =
    assumed.length === 0
      ? ''
      : ` Of its ${assumed.length} assumption${assumed.length === 1 ? '' : 's'}, ${confirmed} confirmed by the platform${differ ? `, ${differ} contradicted` : ''}.`;
  return `<span class="parity-badge">Parity</span> ${sentence}${facts}`;
}

/** Adds the parity note to every operation of the merged document (each carries its `x-area`). */
export function showParity(document: Json, report: ParityReport): void {
  for (const [urlPath, pathItem] of Object.entries<Json>(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem?.[method];
      if (!operation?.operationId) continue;
      const note = parityNote(report, operation['x-area'], urlPath, method, operation.operationId);
      operation.description = operation.description ? `${operation.description}\n\n${note}` : note;
    }
  }
}
