import { alertKindLabels, formatAmount, formatPrice, formatUsd, type AlertKind } from '@tokendesk/contract';
import { escapeHtml, truncate, type EmailContent } from '../domain/outbox';
import type { FiredAlert, PoolWeekFigures, WeeklyFigures } from './weekly-report-figures';

/*
 * The weekly report as plain text and simple HTML (docs/decisions/0040). Every figure is written
 * as the screens format it (product §6: prices, amounts, USD) and carries the block it was read at
 * and that block's time; a figure that is not known says 'not available' and why, never 0.
 */

export const NOT_AVAILABLE = 'not available';

/** '24 Nov 2026 08:00 UTC': one unambiguous form for every reader's time zone. */
export function utcTime(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  const month = d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()} ${hh}:${mm} UTC`;
}

const utcDay = (day: string) => utcTime(`${day}T00:00:00Z`).replace(/ 00:00 UTC$/, '');

/** '+1.25%', '-0.40%', '0.00%' (as the screens show a change). */
export function changeText(value: string | null): string | null {
  if (value === null) return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  const text = `${Math.abs(n).toFixed(2)}%`;
  return n > 0 ? `+${text}` : n < 0 ? `-${text}` : text;
}

const count = (n: number) => n.toLocaleString('en-US');
const signed = (n: number) => (n > 0 ? `+${count(n)}` : n < 0 ? `-${count(-n)}` : '±0');

/** One line of the report: a label and its value (already worded). */
type Line = [label: string, value: string];

function poolLines(f: PoolWeekFigures): Line[] {
  const p = f.pool;
  const pair = p.token.symbol;
  const symbol = p.project.token_symbol;
  const funds = p.pool_funds;
  const at =
    funds?.block_number && funds.updated_at ? `block ${funds.block_number}, ${utcTime(funds.updated_at)}` : null;
  const lines: Line[] = [];
  if (p.price !== null && at) {
    const usd = p.price_usd !== null ? ` (${formatUsd(p.price_usd)})` : '';
    lines.push([
      'Price',
      `${formatPrice(p.price)} ${pair} per ${symbol}${usd} at ${at}${funds?.stale ? ' (stale)' : ''}`,
    ]);
  } else {
    lines.push(['Price', `${NOT_AVAILABLE}: the pool could not be read from the chain when this report was written`]);
  }
  const day = changeText(p.change_24h);
  lines.push(['24 h change', day ?? `${NOT_AVAILABLE}: there is no stored price from 24 hours ago`]);
  const week = changeText(f.change7d);
  lines.push([
    '7-day change',
    week && f.weekBase
      ? `${week} (from ${formatPrice(f.weekBase.price)} ${pair} at block ${f.weekBase.blockNumber}, ${utcTime(f.weekBase.time)})`
      : `${NOT_AVAILABLE}: there is no stored price from 7 days ago`,
  ]);
  if (funds?.amount_token != null && funds.amount_project_token != null && at) {
    let usd = '';
    if (p.liquidity_usd !== null && p.usd)
      usd = `; ${formatUsd(p.liquidity_usd)} via ${p.usd.route} at block ${p.usd.block_number}`;
    else if (p.usd_unavailable_reason) usd = `; in USD ${NOT_AVAILABLE}: ${p.usd_unavailable_reason}`;
    lines.push([
      'Liquidity',
      `${formatAmount(funds.amount_token)} ${pair} and ${formatAmount(funds.amount_project_token)} ${symbol} at ${at}${usd}`,
    ]);
  } else {
    lines.push(['Liquidity', `${NOT_AVAILABLE}: the reserves could not be read from the chain`]);
  }
  lines.push([
    'Volume 24 h',
    p.volume_24h !== null
      ? `${formatAmount(p.volume_24h)} ${pair}${p.volume_24h_usd !== null ? ` (${formatUsd(p.volume_24h_usd)})` : ''}`
      : `${NOT_AVAILABLE}: the pool's history is not indexed yet`,
  ]);
  let volume7d = `${NOT_AVAILABLE}: the pool's history is not indexed yet`;
  if (f.volume7d !== null)
    volume7d = f.volumeSince
      ? `${formatAmount(f.volume7d)} ${pair} (stored history starts ${utcTime(f.volumeSince)}, inside the week)`
      : `${formatAmount(f.volume7d)} ${pair}`;
  lines.push(['Volume 7 days', volume7d]);
  return lines;
}

function alertLine(a: FiredAlert): string {
  const kind = alertKindLabels[a.kind as AlertKind] ?? a.kind;
  return `${utcTime(a.firedAt)}: ${kind} on ${a.label}: ${a.message}${a.blockNumber ? ` (block ${a.blockNumber})` : ''}`;
}

export function composeWeeklyReport(f: WeeklyFigures, links: { projectUrl: string }): EmailContent {
  const title = `Weekly report: ${f.project.name} (${f.project.symbol})`;
  const period = `${utcTime(f.from)} to ${utcTime(f.to)}`;
  const head: Line[] = [];
  head.push([
    'Price (USD)',
    'value' in f.priceUsd
      ? `${formatUsd(f.priceUsd.value)} via ${f.priceUsd.route} at block ${f.priceUsd.blockNumber}, ${utcTime(f.priceUsd.time)}${f.priceUsd.stale ? ' (stale)' : ''}`
      : `${NOT_AVAILABLE}: ${f.priceUsd.reason}`,
  ]);
  const h = f.holders;
  if (h.count === null) head.push(['Holders', `${NOT_AVAILABLE}: ${h.reason ?? 'unknown'}`]);
  else {
    const change =
      h.before !== null && h.beforeDay
        ? `, ${signed(h.count - h.before)} since the end of ${utcDay(h.beforeDay)} (${count(h.before)})`
        : `; the count a week ago is ${NOT_AVAILABLE}`;
    head.push(['Holders', `${count(h.count)} at block ${h.blockNumber}${change}`]);
  }
  const poolBlocks = f.pools.map((p) => ({
    name: `${p.pool.project.token_symbol}/${p.pool.token.symbol} on ${p.pool.dex.name}`,
    lines: poolLines(p),
  }));
  const alertLines = f.alerts.map(alertLine);
  const more =
    f.alertsTotal > f.alerts.length ? `and ${count(f.alertsTotal - f.alerts.length)} more on the Alerts page.` : null;
  const footer = `You receive this because the weekly report is on for ${f.project.name}. Turn it off on the project's page: ${links.projectUrl}`;

  const text: string[] = [title, period, ''];
  for (const [k, v] of head) text.push(`${k}: ${v}`);
  text.push('', f.pools.length ? 'Pools' : 'Pools: none attached.');
  for (const block of poolBlocks) {
    text.push('', block.name);
    for (const [k, v] of block.lines) text.push(`  ${k}: ${v}`);
  }
  text.push('', f.alertsTotal ? `Alerts that fired this week (${count(f.alertsTotal)})` : 'No alert fired this week.');
  for (const line of alertLines) text.push(`  ${line}`);
  if (more) text.push(`  ${more}`);
  text.push('', `Open the project: ${links.projectUrl}`, '', footer);

  const row = ([k, v]: Line) =>
    `<tr><td style="padding:2px 12px 2px 0;color:#555;vertical-align:top;white-space:nowrap">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`;
  const table = (lines: Line[]) =>
    `<table style="border-collapse:collapse;margin:4px 0 12px">${lines.map(row).join('')}</table>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;color:#111;line-height:1.5">',
    `<h2 style="font-size:18px;margin:0 0 4px">${escapeHtml(title)}</h2>`,
    `<p style="margin:0 0 12px;color:#555">${escapeHtml(period)}</p>`,
    table(head),
    `<h3 style="font-size:16px;margin:16px 0 4px">${f.pools.length ? 'Pools' : 'Pools: none attached.'}</h3>`,
    ...poolBlocks.map((b) => `<p style="margin:8px 0 0;font-weight:bold">${escapeHtml(b.name)}</p>${table(b.lines)}`),
    `<h3 style="font-size:16px;margin:16px 0 4px">${escapeHtml(f.alertsTotal ? `Alerts that fired this week (${count(f.alertsTotal)})` : 'No alert fired this week.')}</h3>`,
    alertLines.length
      ? `<ul style="margin:4px 0 12px;padding-left:20px">${alertLines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}${more ? `<li>${escapeHtml(more)}</li>` : ''}</ul>`
      : '',
    `<p><a href="${escapeHtml(links.projectUrl)}">Open the project in TokenDesk</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: truncate(`TokenDesk: ${title}`.replace(/[\r\n]+/g, ' '), 200), text: text.join('\n'), html };
}
