// The coverage report as one HTML page, in the reference site's style (its colors, method badges
// and type), that works offline: no script, no font or style from elsewhere, everything inline.
// Each area lists its operations as the contract has them, with what the suite reached: calls,
// each documented status (reached or not), undocumented statuses, faults, parameters and body
// fields sent.
import type { CoverageReport, CoverageTotal, OperationCoverage } from './coverage-report.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
:root { color-scheme: light dark; --text: #1c1e21; --muted: #57606a; --bg: #fff; --bg2: #f6f8fa; --border: #e1e4e8; --accent: #0969da;
  --ok: #1a7f37; --ok-bg: #dafbe1; --miss: #57606a; --miss-bg: #f6f8fa; --bad: #cf222e; --bad-bg: #ffebe9;
  --get: #0969da; --post: #1a7f37; --put: #9a6700; --patch: #8250df; --delete: #cf222e; }
@media (prefers-color-scheme: dark) { :root { --text: #e6edf3; --muted: #8d96a0; --bg: #0d1117; --bg2: #161b22; --border: #30363d; --accent: #4493f8;
  --ok: #3fb950; --ok-bg: #12261e; --miss: #8d96a0; --miss-bg: #161b22; --bad: #f85149; --bad-bg: #25171c;
  --get: #4493f8; --post: #3fb950; --put: #d29922; --patch: #a371f7; --delete: #f85149; } }
body { margin: 0; font: 14px/1.5 "Inter", ui-sans-serif, system-ui, sans-serif; color: var(--text); background: var(--bg); }
header { position: sticky; top: 0; padding: 10px 24px; background: var(--bg); border-bottom: 1px solid var(--border); }
header strong { font-size: 15px; }
main { padding: 8px 24px 48px; max-width: 1200px; }
h2 { margin: 28px 0 8px; font-size: 18px; text-transform: capitalize; }
.totals { color: var(--muted); }
.bar { display: inline-block; width: 120px; height: 8px; margin: 0 6px; vertical-align: middle; background: var(--miss-bg); border: 1px solid var(--border); border-radius: 4px; overflow: hidden; }
.bar > span { display: block; height: 100%; background: var(--ok); }
table { width: 100%; border-collapse: collapse; }
th, td { padding: 6px 8px; text-align: left; vertical-align: top; border-bottom: 1px solid var(--border); }
th { font-size: 12px; font-weight: 600; color: var(--muted); }
tr.uncovered td { background: var(--bad-bg); }
code { font: 13px/1.4 "JetBrains Mono", ui-monospace, SFMono-Regular, Menlo, monospace; }
.method { display: inline-block; min-width: 52px; font: 600 11px/18px ui-monospace, monospace; text-transform: uppercase; }
.method.get { color: var(--get); } .method.post { color: var(--post); } .method.put { color: var(--put); } .method.patch { color: var(--patch); } .method.delete { color: var(--delete); }
.chip { display: inline-block; margin: 0 4px 4px 0; padding: 0 6px; border-radius: 9px; font-size: 11px; font-weight: 600; line-height: 18px; border: 1px solid; }
.chip.ok { color: var(--ok); background: var(--ok-bg); } .chip.miss { color: var(--miss); background: var(--miss-bg); } .chip.bad { color: var(--bad); background: var(--bad-bg); }
.muted { color: var(--muted); }
`;

const bar = (total: CoverageTotal) => `<span class="bar" aria-hidden="true"><span style="width:${total.percent}%"></span></span>`;
const totalText = (label: string, total: CoverageTotal) => `${label} ${bar(total)}${total.covered}/${total.total} (${total.percent}%)`;
const chip = (kind: 'ok' | 'miss' | 'bad', text: string, title: string) => `<span class="chip ${kind}" title="${escapeHtml(title)}">${escapeHtml(text)}</span>`;

function row(operation: OperationCoverage): string {
  const statuses = operation.statuses.map((s) =>
    chip(s.count > 0 ? 'ok' : 'miss', s.count > 0 ? `${s.status} ×${s.count}` : s.status, s.count > 0 ? `answered ${s.count} times` : 'never answered'),
  );
  const undocumented = operation.undocumentedStatuses.map((s) => chip('bad', `${s.status} ×${s.count}`, 'answered, not documented'));
  const faults = operation.faults.map((f) => chip('ok', `${f.fault} ×${f.count}`, 'fault injected'));
  const parameters = operation.parameters.map((p) =>
    chip(p.sent > 0 ? 'ok' : 'miss', `${p.in} ${p.name}`, `${p.required ? 'required; ' : ''}sent ${p.sent} times`),
  );
  const fields = operation.bodyFields.map((f) => chip(f.sent > 0 ? 'ok' : 'miss', f.name, `${f.required ? 'required; ' : ''}sent ${f.sent} times`));
  const none = '<span class="muted">none</span>';
  return `<tr class="${operation.calls === 0 ? 'uncovered' : ''}">
<td><span class="method ${operation.method.toLowerCase()}">${escapeHtml(operation.method)}</span><code>${escapeHtml(operation.path)}</code><br><span class="muted">${escapeHtml(operation.operationId)}</span></td>
<td>${operation.calls}</td>
<td>${[...statuses, ...undocumented].join('')}</td>
<td>${faults.join('') || none}</td>
<td>${parameters.join('') || none}</td>
<td>${fields.join('') || none}</td>
</tr>`;
}

export function coverageHtml(report: CoverageReport): string {
  const sections = report.areas.map((area) => {
    const rows = report.operations.filter((operation) => operation.area === area.area).map(row);
    return `<section id="${escapeHtml(area.area)}">
<h2>${escapeHtml(area.area)}</h2>
<p class="totals">${totalText('Operations called', area.operations)} &nbsp; ${totalText('Documented statuses answered', area.statuses)}</p>
<table>
<thead><tr><th>Operation</th><th>Calls</th><th>Statuses</th><th>Faults</th><th>Parameters sent</th><th>Body fields sent</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</section>`;
  });
  const unmatched = report.totals.unmatchedRequests > 0 ? ` &nbsp; ${report.totals.unmatchedRequests} request(s) matched no operation` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Platform API contract coverage</title>
<style>${STYLE}</style>
</head>
<body>
<header><strong>Platform API contract coverage</strong> <span class="totals">&nbsp; ${totalText('Operations', report.totals.operations)} &nbsp; ${totalText('Statuses', report.totals.statuses)}${unmatched} &nbsp; ${escapeHtml(report.generatedAt)}</span></header>
<main>
${sections.join('\n')}
</main>
</body>
</html>
`;
}
