import '../content.css';

const LINK = /\[([^\]\n]+)\]\(((?:\/(?!\/)|https:\/\/)[^)\s]*)\)/g;

/** A line with its `[label](/path)` or `[label](https://…)` links as anchors; any other text stays text. */
function Inline({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    const href = m[2]!;
    parts.push(
      <a key={m.index} href={href} className="rich-text__link" {...(href.startsWith('https://') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {m[1]}
      </a>,
    );
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/**
 * Operator text rendered without HTML: blank lines split paragraphs, "# " starts a heading,
 * "- " a list item, `[label](/path)` a link (site paths and https only). Nothing from the server
 * reaches the DOM as markup.
 */
export function RichText({ text }: { text: string }) {
  const blocks = text.replace(/\r\n/g, '\n').split(/\n{2,}/).map((b) => b.trim()).filter(Boolean);
  return <div className="rich-text">{blocks.flatMap((block, i) => renderBlock(block, `b${i}`))}</div>;
}

/** A block's lines: a "# " line is a heading, a run of "- " lines a list, other runs a paragraph. */
function renderBlock(block: string, key: string): React.ReactNode[] {
  const out: React.ReactNode[] = [];
  let run: { kind: 'list' | 'para'; lines: string[] } | null = null;
  const flush = () => {
    if (!run) return;
    const k = `${key}-${out.length}`;
    if (run.kind === 'list') {
      out.push(
        <ul key={k}>
          {run.lines.map((l, j) => (
            <li key={j}><Inline text={l.replace(/^[-*]\s+/, '')} /></li>
          ))}
        </ul>,
      );
    } else {
      out.push(
        <p key={k}>
          {run.lines.map((l, j) => (
            <span key={j}>
              {j > 0 && <br />}
              <Inline text={l} />
            </span>
          ))}
        </p>,
      );
    }
    run = null;
  };
  for (const line of block.split('\n')) {
    if (/^#{1,3}\s/.test(line)) {
      flush();
      out.push(<h2 key={`${key}-${out.length}`}>{line.replace(/^#{1,3}\s+/, '')}</h2>);
      continue;
    }
    const kind = /^[-*]\s/.test(line) ? 'list' : 'para';
    if (run && run.kind !== kind) flush();
    run ??= { kind, lines: [] };
    run.lines.push(line);
  }
  flush();
  return out;
}
