/**
 * Operator text rendered without HTML: blank lines split paragraphs, "# " starts a heading,
 * "- " a list item. Nothing from the server reaches the DOM as markup.
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
                <li key={j}>{l.replace(/^[-*]\s+/, '')}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={i}>
            {lines.map((l, j) => (
              <span key={j}>
                {j > 0 && <br />}
                {l}
              </span>
            ))}
          </p>
        );
      })}
    </div>
  );
}
