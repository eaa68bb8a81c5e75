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
  return (
    <div className="rich-text">
      {blocks.map((block, i) => {
        if (/^#{1,3}\s/.test(block)) return <h2 key={i}>{block.replace(/^#{1,3}\s+/, '')}</h2>;
        const lines = block.split('\n');
        if (lines.every((l) => /^[-*]\s/.test(l))) {
          return (
            <ul key={i}>
              {lines.map((l, j) => (
                <li key={j}><Inline text={l.replace(/^[-*]\s+/, '')} /></li>
              ))}
            </ul>
          );
        }
        return (
          <p key={i}>
            {lines.map((l, j) => (
              <span key={j}>
                {j > 0 && <br />}
                <Inline text={l} />
              </span>
            ))}
          </p>
        );
      })}
    </div>
  );
}
