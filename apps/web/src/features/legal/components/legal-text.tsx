/**
 * An operator's plain text as headings and paragraphs (issue 35). Text only, never HTML: whatever the
 * file holds, React escapes it.
 */
export function LegalText({ text }: { text: string }) {
  const blocks = text
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return (
    <div className="flex flex-col gap-3 text-sm leading-relaxed text-slate-700">
      {blocks.map((block, i) => {
        const [first = '', ...rest] = block.split(/\r?\n/);
        if (!first.startsWith('# ')) {
          return (
            <p key={i} className="whitespace-pre-line">
              {block}
            </p>
          );
        }
        return (
          <div key={i} className="flex flex-col gap-1">
            <h2 className="mt-2 text-base font-semibold text-slate-900">{first.slice(2).trim()}</h2>
            {rest.length > 0 && <p className="whitespace-pre-line">{rest.join('\n')}</p>}
          </div>
        );
      })}
    </div>
  );
}
